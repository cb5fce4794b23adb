"""`frog show`: a deal's layout (or the position a move list reaches), for a terminal."""
from __future__ import annotations

import argparse
import sys

from cli.deal_source import add_deal_arguments, load_deal
from cli.render import render_deal, wants_colour
from solver.answer import Exit


def register(sub: argparse._SubParsersAction) -> None:
    show = sub.add_parser(
        "show", help="show a deal's layout, readable in a terminal",
        description="Show the layout: foundations, reserve, waste piles (fanned left to "
        "right, bottom card first) and stock (next card first); with --after, the position "
        "those moves reach. Suits are coloured on a terminal (not with NO_COLOR set).",
        epilog="examples:\n  frog show 7\n  frog show my-deal.txt\n"
        "  frog show 3 --after moves.txt --no-color")
    add_deal_arguments(show)
    colours = show.add_mutually_exclusive_group()
    colours.add_argument("--no-color", action="store_true", help="plain text, no colours")
    colours.add_argument("--color", action="store_true",
                         help="colours even when the output is not a terminal")
    show.set_defaults(func=command_show)


def command_show(args: argparse.Namespace) -> int:
    deal, title = load_deal(args)
    colour = wants_colour(sys.stdout, no_color=args.no_color, force=args.color)
    print(render_deal(deal, title, colour))
    return Exit.YES
