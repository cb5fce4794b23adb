"""`frog deal`: print a deal as a deal file or JSON, no searching."""
from __future__ import annotations

import argparse
import json

from cli.deal_source import add_deal_arguments, load_deal
from solver.answer import Exit


def register(sub: argparse._SubParsersAction) -> None:
    deal = sub.add_parser(
        "deal", help="print a deal as a deal file (or JSON)",
        description="Print a deal in the deal-file format of docs/rules.md (foundation tops, "
        "reserve bottom to top, stock next card first), or as JSON.",
        epilog="examples:\n  frog deal --variant pysol-frog 1\n  frog deal --variant fly 7 --json")
    add_deal_arguments(deal)
    deal.add_argument("--json", action="store_true", help="print JSON instead of a deal file")
    deal.set_defaults(func=command_deal)


def command_deal(args: argparse.Namespace) -> int:
    deal, title = load_deal(args)
    if args.json:
        print(json.dumps(deal.to_json(), indent=1))
    else:
        print(deal.to_text(title), end="")
    return Exit.YES
