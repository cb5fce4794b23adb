"""Every `frog` sub-command's --help teaches with examples, one a line, whole on any terminal
width, while its prose is wrapped to the terminal."""
from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from cli.main import COMMANDS as TOP_LEVEL, build_parser

#: A narrow terminal: argparse formats to COLUMNS - 2.
COLUMNS = 60

Command = tuple[tuple[str, ...], argparse.ArgumentParser]


def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> Iterator[Command]:
    """Every sub-command (and sub-sub-command) with its parser, as the grammar defines them."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*path, name), sub
                yield from _commands(sub, (*path, name))


COMMANDS = dict(_commands(build_parser()))


def test_the_grammar_has_the_commands_of_frog_help():
    assert {"deal", "show", "verify", "solve", "play", "tricks", "tricks solve",
            "tricks bid"} <= {" ".join(path) for path in COMMANDS}


def test_a_command_builds_its_own_module_s_grammar_only():
    """`frog solve ...` registers only cli.solve; `frog` alone, an option or an unknown name
    get the whole grammar, so --help and the invalid-choice error list every command. A
    command's own grammar is the same either way."""
    def top_level(command):
        return {path[0] for path in dict(_commands(build_parser(command)))}

    assert top_level("solve") == {"solve"}
    assert top_level("deal") == {"deal"}
    assert top_level("verify") == {"verify"}
    assert top_level(None) == top_level("--help") == top_level("nosuch") == set(TOP_LEVEL)
    alone = dict(_commands(build_parser("tricks")))
    assert {path: sub.format_help() for path, sub in alone.items()} == \
        {path: COMMANDS[path].format_help() for path in alone}


@pytest.mark.parametrize("path", sorted(COMMANDS), ids=" ".join)
def test_help_shows_each_example_on_its_own_line(frog, monkeypatch, path):
    monkeypatch.setenv("COLUMNS", str(COLUMNS))
    parser = COMMANDS[path]
    examples = [line for line in (parser.epilog or "").splitlines() if line.startswith("  frog ")]
    assert examples, f"frog {' '.join(path)} --help has no examples"
    code, out, _ = frog(*path, "--help")
    assert code == 0 and out.startswith("usage: frog")
    lines = out.splitlines()
    for example in examples:
        assert example in lines
    # the prose of the description and epilog (written flush left) is wrapped to the terminal
    assert [line for line in lines if len(line) > COLUMNS - 2 and not line[:1].isspace()] == []
