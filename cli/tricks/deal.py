"""`frog tricks deal N`: print a deal of the trick-taking game (three hands and the widow)."""
from __future__ import annotations

import argparse

from cli.errors import UserError
from solver.answer import Exit
from solver.tricks import deal_from_number, parse_deal_number


def register(commands: argparse._SubParsersAction) -> None:
    deal = commands.add_parser("deal", help="print deal N: three hands and the widow",
                               epilog="examples:\n  frog tricks deal 17\n"
                               "  frog tricks deal 17 > deal.txt")
    deal.add_argument("number", help="deal number, 1 to 10^20 (PySolFC shuffle)")
    deal.set_defaults(func=run_deal)



def run_deal(args: argparse.Namespace) -> int:
    try:
        print(deal_from_number(parse_deal_number(args.number)).to_text(), end="")
    except ValueError as exc:
        raise UserError(str(exc)) from None
    return Exit.YES
