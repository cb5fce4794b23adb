"""The `frog` command: a thin dispatcher over one module per sub-command, named as it is.

Each sub-command module exposes ``register(subparsers)``, which adds its parser and sets
``func`` to a callable taking the parsed arguments and returning the exit code. No game
logic lives here: only argument parsing, printing and exit codes (see README, Exit codes).
"""
from __future__ import annotations

import argparse
import importlib
import logging
import sys
import textwrap
from typing import Any, NoReturn

from cli import errors
from solver.answer import Exit, SolverBug


class _HelpFormatter(argparse.HelpFormatter):
    """Keeps the line breaks of descriptions and epilogs, so that examples stay one a line.

    A line written flush left is prose and is wrapped to the terminal; an indented line (an
    example, or a note under one) is printed as written, so it can be copied whole.
    argparse's default formatter joins every text into one paragraph, and its raw one never
    wraps, which leaves a long description as one line."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line if line[:1].isspace() or not line
                         else textwrap.fill(line, width, initial_indent=indent,
                                            subsequent_indent=indent)
                         for line in text.splitlines())


class _Parser(argparse.ArgumentParser):
    """argparse with the bad-usage answer of every other input error: one line on stderr,
    `frog: error: ...`, naming the problem and where the help is, and exit code 2. Every
    sub-command's parser is one of these (argparse makes sub-parsers of the parent's class),
    so all of them share the line-keeping help formatter."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(Exit.BAD_INPUT, f"frog: error: {message} (see '{self.prog} --help')\n")


#: The sub-commands, in the order `frog --help` lists them; each is registered by the module
#: of its name, `cli/<command>.py` (the card game's, `frog tricks ...`, by the package
#: `cli/tricks/`). The other modules of cli/ are helpers several commands share.
COMMANDS = ("deal", "show", "verify", "solve", "hint", "playout", "play", "tricks", "bench",
            "survey", "report")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command-line grammar, sub-command by sub-command: all of them, or, for a known
    `command`, only its own module (the others' imports, the survey code's
    among them, would only slow its start; benchmarks/results/startup.txt)."""
    names = [command] if command in COMMANDS else COMMANDS
    parser = _Parser(
        prog="frog",
        description="Exact solver for Frog, the two-deck patience (and Fly, Fanny, Dick's Frog, "
        "Sir Tommy), plus a double-dummy solver for Frog, the trick-taking game.",
        epilog="Exit codes: 0 yes/winnable/done, 1 no/unwinnable/invalid move list, "
        "2 bad input, 3 unknown (limit or interrupt), 4 internal error. "
        "Run 'frog COMMAND --help' for each command.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in names:
        importlib.import_module(f"cli.{name}").register(sub)
    return parser


def _print_solver_notices() -> None:
    """The solver's notices (INFO on the "solver" logger: the compiled search being
    compiled on its first run) go to stderr as `frog: ...` lines, once per process."""
    logger = logging.getLogger("solver")
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("frog: %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns (and exits with) the exit code."""
    argv = sys.argv[1:] if argv is None else argv
    _print_solver_notices()
    parser = build_parser(argv[0] if argv else None)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return Exit.BAD_INPUT
    try:
        code = args.func(args)
    except errors.UserError as exc:
        print(f"frog: error: {exc}", file=sys.stderr)
        code = Exit.BAD_INPUT
    except KeyboardInterrupt:
        print("frog: interrupted", file=sys.stderr)
        code = Exit.UNKNOWN
    except SolverBug as exc:
        print(f"frog: internal error: {exc} (a solver bug: please report the input)",
              file=sys.stderr)
        code = Exit.INTERNAL
    except BrokenPipeError:
        code = Exit.YES
    sys.stdout.flush()
    return int(code)


def run() -> None:
    sys.exit(main())
