"""`frog tricks analyse` and `frog tricks verify --explain`: what each card is worth.

Argument parsing and printing only; the answers come from `solver.tricks.analysis`.
Registered from `cli/tricks.py`.
"""
from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from cli.errors import UserError
from cli.tricks.common import (contract_line, contract_options, load_deal, read_text,
                               rule_options)
from cli.tricks.display import card_text, cards_text, play_text, trick_rows
from solver.answer import Exit
from solver.tricks import (CardError, Deal, IllegalPlay, Line, LineError, Rules,
                           RulesError, card_name, parse_card, parse_line, parse_suit, points_of)

if TYPE_CHECKING:  # solver.tricks loads the compiled search with these names
    from solver.tricks import Analysis, Explanation


def register(commands: argparse._SubParsersAction) -> None:
    """Add `analyse` (alias `analyze`) to `frog tricks`."""
    parser = commands.add_parser(
        "analyse", aliases=["analyze"],
        help="every legal card now, with the bidder's final points if it is played",
        description="At any position (the start of the hand, between tricks or in the "
        "middle of one), list each legal card of the player to move with the bidder's final "
        "card-point total if that card is played and all three play perfectly after it "
        "(double dummy). The best cards are marked: the highest totals for the bidder, the "
        "lowest for a defender. The position is the deal after the tricks of --after "
        "(a line file, whose last trick may be unfinished).",
        epilog="examples:\n"
        "  frog tricks analyse deal.txt --contract frog --bidder 2 --after line.txt\n"
        "  frog tricks analyse deal.txt --contract frog --bidder 2 --discards 5")
    parser.add_argument("deal", help="deal file (or a deal number)")
    contract_options(parser, "the contract (taken from --after's header when omitted)")
    parser.add_argument("--after", metavar="LINE",
                        help="line file: the tricks played so far (the last may be unfinished)")
    parser.add_argument("--discard", metavar="CARDS",
                        help='frog discards, e.g. "QC 8C 9S" (default: the line\'s, else the best)')
    parser.add_argument("--discards", type=int, nargs="?", const=10, metavar="N",
                        help="frog, before the first card: list the N best discards "
                        "(default 10) with the bidder's exact total, instead of cards")
    parser.add_argument("--ascii", action="store_true", help="card letters instead of suit symbols")
    rule_options(parser)
    parser.set_defaults(func=run_analyse)


def add_explain_option(verify: argparse.ArgumentParser) -> None:
    """`verify --explain` (and `--ascii` for its display)."""
    verify.add_argument("--explain", action="store_true",
                        help="also show, card by card, the points each side gave away "
                        "against perfect play (the swing per trick)")
    verify.add_argument("--ascii", action="store_true",
                        help="card letters instead of suit symbols")


def run_analyse(args: argparse.Namespace) -> int:
    from solver.tricks import analyse, best_discard, position

    deal = load_deal(args.deal)
    line = None
    if args.after:
        try:
            line = parse_line(read_text(args.after))
        except LineError as exc:
            raise UserError(f"{args.after}: {exc}") from None
    rules = _analyse_rules(args, line)
    if args.discards is not None:
        return _print_discards(args, deal, rules, line)
    discard = _discard(args, line, rules) or best_discard(deal, rules)
    try:
        game = position(deal, rules, discard, line.tricks if line else [])
        if game.finished:
            raise UserError(f"{args.after}: the hand is over, no card is left to play")
        result = analyse(game)
    except IllegalPlay as exc:
        where = f"line {line.file_lines[exc.trick - 1]}: " if line and exc.trick else ""
        raise UserError(f"{args.after or 'discard'}: {where}{exc}") from None
    if args.json:
        print(json.dumps(_analysis_json(result, discard)))
    else:
        _print_analysis(result, deal, discard, args.ascii, line)
    return Exit.YES


def _print_discards(args: argparse.Namespace, deal: Deal, rules: Rules,
                    line: Line | None) -> int:
    """`analyse --discards`: the frog's discards ranked by the bidder's exact total."""
    from solver.tricks import discard_values

    if rules.contract != "frog":
        raise UserError(f"there is no discard in {rules.contract}")
    if line is not None and line.tricks:
        raise UserError("--discards is the choice before the first card: give no tricks")
    if args.discards < 1:
        raise UserError("--discards needs a number of discards of at least 1")
    values = discard_values(deal, rules)
    best = values[0][1]
    shown = values[:args.discards]
    if args.json:
        print(json.dumps({"contract": rules.contract, "bidder": rules.bidder,
                          "considered": len(values), "discards": [
                              {"discard": [card_name(c) for c in d], "bidder_points": v,
                               "best": v == best, "verdict": rules.verdict(v),
                               "payment": rules.payment(v)} for d, v in shown]}))
        return Exit.YES
    a = args.ascii
    print(contract_line(rules))
    print(f"widow: {cards_text(deal.widow, a)}; hand with the widow: "
          f"{cards_text(list(deal.hands[rules.bidder - 1]) + list(deal.widow), a)}")
    print(f"{len(values)} discards considered (the others are never better); the best "
          f"{len(shown)}, each with the bidder's total under perfect play:")
    print(f"{'discard':<16}{'bidder ends with':>17}  {'result':<9}{'payment':>8}")
    for d, v in shown:
        mark = "  <- best" if v == best else ""
        print(f"{cards_text(d, a):<16}{v:>17}  {rules.verdict(v):<9}{rules.payment(v):>+8}{mark}")
    return Exit.YES


def _analyse_rules(args: argparse.Namespace, line: Line | None) -> Rules:
    """The contract from the options, or from the line header; they must agree."""
    try:
        trump = parse_suit(args.trump) if args.trump else None
    except CardError as exc:
        raise UserError(str(exc)) from None
    contract, bidder = args.contract, args.bidder
    if line is not None:
        for name, given, read in (("contract", contract, line.contract),
                                  ("bidder", bidder, line.bidder), ("trump", trump, line.trump)):
            if given is not None and given != read:
                raise UserError(f"--{name} disagrees with the header of {args.after}")
        contract, bidder, trump = line.contract, line.bidder, line.trump
    if not contract or not bidder:
        raise UserError("analyse needs --contract and --bidder (or --after with a line file)")
    if contract == "chico" and trump is None:
        raise UserError("a chico needs --trump clubs, diamonds or spades")
    try:
        return Rules(contract, bidder, trump if trump is not None else parse_suit("hearts"),
                     args.target, args.must_overtrump, args.scoring, args.players,
                     args.penalty_frog, args.inactive)
    except RulesError as exc:
        raise UserError(str(exc)) from None


def _discard(args: argparse.Namespace, line: Line | None, rules: Rules) -> list[int]:
    try:
        given = [parse_card(w) for w in args.discard.split()] if args.discard else []
    except CardError as exc:
        raise UserError(f"--discard: {exc}") from None
    if given and rules.contract != "frog":
        raise UserError(f"there is no discard in {rules.contract}")
    if line is not None and line.discard:
        if given and sorted(given) != sorted(line.discard):
            raise UserError(f"--discard disagrees with the header of {args.after}")
        return list(line.discard)
    return given


def _analysis_json(result: Analysis, discard: list[int]) -> dict:
    game, rules = result.game, result.game.rules
    return {
        **rules.to_json(), "discard": [card_name(c) for c in discard],
        "trick": len(game.tricks_played) + 1, "to_play": result.seat,
        "on_trick": [f"{seat}:{card_name(c)}" for seat, c in game.on_trick],
        "bidder_points_so_far": game.points[0], "value": result.value,
        "cards": [{"card": card_name(cv.card), "bidder_points": cv.value, "best": cv.best,
                   "verdict": rules.verdict(cv.value), "payment": rules.payment(cv.value)}
                  for cv in result.cards],
    }


def _print_analysis(result: Analysis, deal: Deal, discard: list[int], ascii_only: bool,
                    line: Line | None) -> None:
    game, rules = result.game, result.game.rules
    print(contract_line(rules))
    if rules.contract == "frog":
        origin = "" if (line and line.discard) else " (the best discard, assumed)"
        print(f"discard: {cards_text(discard, ascii_only)} ({points_of(discard)} points){origin}")
    if game.tricks_played:
        print("played so far:")
        for row in trick_rows(rules, deal.banked(rules.contract, discard), game.tricks_played,
                              ascii_only):
            print("  " + row)
    trick = len(game.tricks_played) + 1
    on = "  ".join(play_text(s, c, ascii_only) for s, c in game.on_trick)
    role = "the bidder" if result.seat == rules.bidder else "a defender"
    print(f"trick {trick}: seat {result.seat} ({role}) to play"
          + (f" after {on}" if on else ", leading") + f"; bidder has {game.points[0]} so far")
    print(f"hand: {cards_text(game.hands[result.seat - 1], ascii_only)}")
    print(f"the position is worth {result.value} to the bidder under perfect play "
          f"({rules.verdict(result.value)}, payment {rules.payment(result.value):+d})")
    print(f"{'card':<6}{'bidder ends with':>17}  {'result':<9}{'payment':>8}")
    for cv in result.cards:
        mark = "  <- best" if cv.best else ""
        print(f"{card_text(cv.card, ascii_only):<6}{cv.value:>17}  {rules.verdict(cv.value):<9}"
              f"{rules.payment(cv.value):>+8}{mark}")


def run_explain(args: argparse.Namespace, deal: Deal, line: Line, rules: Rules) -> int:
    """`verify --explain` once the line is known to be legal and complete."""
    from solver.tricks import explain

    result = explain(deal, rules, line.discard, line.tricks)
    if args.json:
        print(json.dumps(_explanation_json(result)))
        return Exit.YES
    a = args.ascii
    print(contract_line(rules))
    if rules.contract == "frog":
        print(f"discard: {cards_text(result.discard, a)}; best discard "
              f"{cards_text(result.best_discard, a)}: the discard gave away {result.discard_lost}")
    best_total = result.start + result.discard_lost
    after = f"; after this discard {result.start}" if rules.contract == "frog" else ""
    print(f"perfect play from the deal: bidder {best_total}{after}; the line ends with "
          f"{result.final} ({rules.verdict(result.final)}, payment {rules.payment(result.final):+d})")
    rows = trick_rows(rules, deal.banked(rules.contract, result.discard), line.tricks, a)
    print(rows[0] + "   swing: card (points given away)")
    for number, row in enumerate(rows[1:], 1):
        faults = [s for s in result.swings if s.trick == number and s.lost]
        notes = "  ".join(f"{play_text(s.seat, s.card, a)} {'bidder' if s.by_bidder else 'defence'}"
                          f" -{s.lost}" for s in faults)
        print(f"{row}   {notes}" if notes else row)
    print(f"given away: bidder {result.lost_by(True)}, defenders {result.lost_by(False)} "
          f"(perfect play {best_total} - bidder's losses + defenders' losses = {result.final})")
    return Exit.YES


def _explanation_json(result: Explanation) -> dict:
    rules = result.rules
    return {
        "legal": True, **rules.to_json(), "discard": [card_name(c) for c in result.discard],
        "best_discard": [card_name(c) for c in result.best_discard],
        "discard_lost": result.discard_lost, "perfect": result.start + result.discard_lost,
        "bidder_points": result.final, "verdict": rules.verdict(result.final),
        "payment": rules.payment(result.final),
        "lost_by_bidder": result.lost_by(True), "lost_by_defenders": result.lost_by(False),
        "cards": [{"trick": s.trick, "play": f"{s.seat}:{card_name(s.card)}",
                   "before": s.before, "after": s.after, "lost": s.lost,
                   "side": "bidder" if s.by_bidder else "defenders"} for s in result.swings],
    }
