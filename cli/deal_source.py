"""Where a deal comes from on the command line: a number, a deal file, stdin, or nothing.

Shared by every patience sub-command so that `frog deal`, `show`, `verify` and `solve` take
the same DEAL argument and the same rule options.
"""
from __future__ import annotations

import argparse
import sys

from cli.errors import UserError
from solver.patience import (ACE_PROCEDURES, STOCK_PLAY, VARIANT_SOURCES, Deal, DealError,
                             DealNumberError, MoveListError, RulesError, deal_after,
                             deal_from_number, parse_deal, parse_deal_number, parse_move_list,
                             replay, variant_rules)

#: The deal used when none is given: Frog deal 3, which the search wins in a blink.
DEFAULT_DEAL = "3"


def add_deal_arguments(parser: argparse.ArgumentParser, deal_optional: bool = True) -> None:
    """DEAL plus --variant and the rule-parameter overrides of docs/rules.md."""
    parser.add_argument(
        "deal", nargs="?" if deal_optional else None,
        default=DEFAULT_DEAL if deal_optional else None,
        metavar="DEAL",
        help="a deal number (PySolFC's shuffle, 1 to 10^20), a deal file (text or JSON), "
             "or - for standard input" + (f"; default {DEFAULT_DEAL}" if deal_optional else ""))
    parser.add_argument("--after", metavar="MOVES",
                        help="first play this move list from the deal: work on the position "
                             "in the middle of a game that it reaches")
    add_rule_arguments(parser)


def add_rule_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "rules", "the variant, and overrides of its parameters (for generic or reduced games)")
    group.add_argument("--variant", "-v", default=None,
                       help="; ".join(f"{name}: {text}" for name, text in VARIANT_SOURCES.items())
                       + " (default frog, or the deal file's variant line)")
    group.add_argument("--decks", type=int, help="copies of each card (one foundation per Ace)")
    group.add_argument("--ranks", type=int, help="highest rank: 5 means A-5 in every suit")
    group.add_argument("--waste-piles", type=int, help="number of waste piles")
    group.add_argument("--reserve-size", type=int,
                       help="reserve size (non-Aces for aces frog/pysol, cards otherwise)")
    group.add_argument("--aces", choices=ACE_PROCEDURES, help="how the deal handles Aces")
    group.add_argument("--stock-play", choices=STOCK_PLAY,
                       help="forced: a turned card that fits must go up; optional: your choice")


def rule_overrides(args: argparse.Namespace) -> dict[str, object]:
    return {"variant": args.variant, "decks": args.decks, "ranks": args.ranks,
            "waste_piles": args.waste_piles, "reserve_size": args.reserve_size,
            "aces": args.aces, "stock_play": args.stock_play}


def load_deal(args: argparse.Namespace) -> tuple[Deal, str]:
    """The deal (or, with --after, the position) named by the arguments, and a title."""
    deal, title = _load_start(args)
    if not getattr(args, "after", None):
        return deal, title
    try:
        numbered = parse_move_list(read_text(args.after), deal.rules.waste_piles)
    except MoveListError as exc:
        raise UserError(f"{args.after}: {exc}") from None
    outcome = replay(deal, [move for _, move in numbered], [line for line, _ in numbered])
    if not outcome.valid:
        raise UserError(f"{args.after}: illegal move on line {outcome.illegal_line}: "
                        f"{outcome.reason}")
    moves = [move for _, move in numbered]
    return deal_after(deal, moves), f"{title} after {len(moves)} moves"


def _load_start(args: argparse.Namespace) -> tuple[Deal, str]:
    source = args.deal
    overrides = rule_overrides(args)
    if source.isascii() and source.isdigit():
        try:
            rules = variant_rules(args.variant or "frog")
            rules = rules.with_overrides(**{k: v for k, v in overrides.items() if k != "variant"})
            number = parse_deal_number(source)
            return deal_from_number(rules, number), f"{rules.variant} deal {source}"
        except (RulesError, DealNumberError) as exc:
            raise UserError(str(exc)) from None
    text = read_text(source)
    try:
        return parse_deal(text, overrides=overrides), source
    except DealError as exc:
        raise UserError(f"{source}: {exc}") from None


def read_text(path: str) -> str:
    """A file's text, or standard input for '-'; UserError when it cannot be read."""
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise UserError(f"{path}: no such file (a DEAL is a number or a deal file)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: cannot read: {exc}") from None
