"""`frog tricks`: deals, double-dummy answers, advice and the table for Frog, the
trick-taking game, one module per sub-command: deal, solve, verify, analyse (analyse and
verify --explain), bid (bid and auction), play (play and selfplay); the helpers they share
are in `cli/tricks/common.py` and `cli/tricks/display.py`.

Argument parsing and printing only; the game lives in `solver.tricks`.
"""
from __future__ import annotations

import argparse

from cli.tricks import analyse, bid, deal, play, solve, verify
from solver.answer import Exit


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add `tricks` and its sub-commands."""
    tricks = subparsers.add_parser(
        "tricks", help="Frog, the trick-taking game: deals, double-dummy solver, line checks",
        description="Double-dummy solver for Frog, the three-handed trick-taking game "
        "(rules: docs/tricks.md).",
        epilog="examples:\n  frog tricks deal 17\n  frog tricks solve 17 --all\n"
        "  frog tricks bid 17 --seat 1")
    commands = tricks.add_subparsers(dest="tricks_command", metavar="SUBCOMMAND")
    tricks.set_defaults(func=lambda args: _usage(tricks))

    deal.register(commands)
    solve.register(commands)
    verify.register(commands)
    analyse.register(commands)
    bid.register(commands)
    play.register(commands)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return Exit.BAD_INPUT
