"""`frog deal`, `frog show` and `frog verify`: deals and move lists, no searching."""
from __future__ import annotations

import argparse
import json

from cli.deal_source import add_deal_arguments, load_deal, read_text
from cli.errors import UserError
from solver.answer import Exit
from cli.show import render_deal
from solver.patience import MoveListError, parse_move_list, replay



def register(sub: argparse._SubParsersAction) -> None:
    deal = sub.add_parser(
        "deal", help="print a deal as a deal file (or JSON)",
        description="Print a deal in the deal-file format of RULES.md (foundation tops, "
        "reserve bottom to top, stock next card first), or as JSON.",
        epilog="examples: frog deal --variant pysol-frog 1    frog deal --variant fly 7 --json")
    add_deal_arguments(deal)
    deal.add_argument("--json", action="store_true", help="print JSON instead of a deal file")
    deal.set_defaults(func=command_deal)

    show = sub.add_parser(
        "show", help="show a deal's layout, readable in a terminal",
        description="Show the layout: foundations, reserve, waste piles and stock.",
        epilog="examples: frog show 7    frog show my-deal.txt")
    add_deal_arguments(show)
    show.set_defaults(func=command_show)

    verify = sub.add_parser(
        "verify", help="replay a move list: valid and won, or the first illegal move",
        description="Replay a move list (one 'CARD SOURCE TARGET' per line) from a deal. "
        "Exit 0 when it is legal and wins, 1 when a move is illegal or the game is not won, "
        "2 when a file cannot be read.",
        epilog="example: frog solve my-deal.txt --moves-out win.txt && "
        "frog verify my-deal.txt win.txt")
    add_deal_arguments(verify, deal_optional=False)
    verify.add_argument("moves", metavar="MOVES", help="the move list file, or - for stdin")
    verify.add_argument("--json", action="store_true", help="print the outcome as JSON")
    verify.set_defaults(func=command_verify)


def command_deal(args: argparse.Namespace) -> int:
    deal, title = load_deal(args)
    if args.json:
        print(json.dumps(deal.to_json(), indent=1))
    else:
        print(deal.to_text(title), end="")
    return Exit.YES


def command_show(args: argparse.Namespace) -> int:
    deal, title = load_deal(args)
    print(render_deal(deal, title))
    return Exit.YES


def command_verify(args: argparse.Namespace) -> int:
    deal, _ = load_deal(args)
    try:
        numbered = parse_move_list(read_text(args.moves), deal.rules.waste_piles)
    except MoveListError as exc:
        raise UserError(f"{args.moves}: {exc}") from None
    result = replay(deal, [move for _, move in numbered], [line for line, _ in numbered])
    if result.valid and result.won:
        summary = f"valid, won in {result.moves_played} moves"
    elif result.valid:
        summary = (f"valid but not won: {result.moves_played} moves, "
                   f"{result.position.cards_left()} cards left")
    else:
        summary = f"illegal move on line {result.illegal_line}: {result.reason}"
    if args.json:
        print(json.dumps({"valid": result.valid, "won": result.won,
                          "moves": result.moves_played, "illegal_line": result.illegal_line,
                          "reason": result.reason,
                          "cards_left": result.position.cards_left()}))
    else:
        print(summary)
    return Exit.YES if result.valid and result.won else Exit.NO
