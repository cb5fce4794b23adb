"""What every `frog tricks` sub-command shares: the rule options, reading a deal, the
contract's heading line and a solution as JSON.

`cli/tricks.py` (deal, solve, verify), `cli/analyse.py` (analyse, verify --explain)
and `cli/bid.py` (bid, auction) import from here, and never from each other's
helpers, so the modules form no circle.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from cli.errors import UserError
from solver.tricks import (CONTRACTS, INACTIVE, SCORING, TARGETS, Deal, DealError, Rules,
                           deal_from_number, format_cards, format_trick, parse_deal,
                           parse_deal_number)

if TYPE_CHECKING:  # solver.tricks loads the compiled search with these names
    from solver.tricks import Solution


def rule_options(parser: argparse.ArgumentParser) -> None:
    """The table's rule parameters (target, overtrumping, scoring, players) and --json."""
    parser.add_argument("--target", type=int, choices=TARGETS, default=60,
                        help="card points the bidder needs (61: exactly 60 is a standoff)")
    parser.add_argument("--must-overtrump", action="store_true",
                        help="a player who trumps must beat the trumps already played if able")
    parser.add_argument("--scoring", choices=tuple(SCORING), default="foster")
    parser.add_argument("--players", type=int, choices=range(3, 8), default=3, metavar="3-7",
                        help="players at the table (losses are paid to all); at most 5 "
                        "under foster, 7 under the 1922 sets")
    parser.add_argument("--penalty-frog", action="store_true",
                        help="a lost frog pays at the grand (Heart Solo) rate")
    parser.add_argument("--inactive", choices=INACTIVE, default="receive",
                        help="players sitting out: only receive (default), pay and receive, "
                        "or pay and receive for a solo only (1922 sets)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def contract_options(parser: argparse.ArgumentParser, contract_help: str | None = None) -> None:
    """--contract, --trump and --bidder: the contract a question is about."""
    parser.add_argument("--contract", choices=CONTRACTS, help=contract_help)
    parser.add_argument("--trump", help="chico trumps: clubs, diamonds or spades")
    parser.add_argument("--bidder", type=int, choices=(1, 2, 3))


def read_text(path: str) -> str:
    """A deal or line file's text; one-line UserError when it cannot be read as text."""
    try:
        return Path(path).read_text()
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise UserError(f"{path} is not a text file") from None


def load_deal(source: str) -> Deal:
    """A deal file, or a deal number when no file of that name exists."""
    if source.isdigit() and not _is_file(source):
        try:
            return deal_from_number(parse_deal_number(source))
        except ValueError as exc:
            raise UserError(str(exc)) from None
    try:
        return parse_deal(read_text(source))
    except DealError as exc:
        raise UserError(f"{source}: {exc}") from None


def _is_file(path: str) -> bool:
    """Whether `path` names an existing file; False for a name no file can have (too long)."""
    try:
        return Path(path).exists()
    except OSError:
        return False


def contract_line(rules: Rules) -> str:
    """The heading of an answer: contract, trumps, bidder and the table's rules."""
    return (f"contract: {rules.contract}, trumps {rules.trump_name}, bidder seat {rules.bidder}; "
            f"target {rules.target}, must-overtrump {'on' if rules.must_overtrump else 'off'}, "
            f"scoring {rules.scoring}, {rules.players} players")


def solution_json(solution: Solution) -> dict:
    """A solved contract as `frog tricks solve --json` prints it (and `auction --json`)."""
    rules = solution.rules
    return {
        **rules.to_json(), "bidder_points": solution.bidder_points, "made": solution.made,
        "verdict": solution.verdict, "payment": solution.payment,
        "discard": format_cards(solution.discard).split(),
        "line": [[f"{seat}:{card}" for seat, card in
                  (p.split(":") for p in format_trick(t).split())] for t in solution.line],
        "nodes": solution.nodes,
    }
