"""What every solving method answers, for both games: one place for the answer's shape.

The patience methods (search, CP-SAT, brute force, portfolio), the surveys and the `frog`
command all speak these types, so that a verdict means the same thing everywhere:

- `Verdict`: the three words of docs/rules.md. It is a `str`, so it prints, compares and
  serialises (JSON, SQLite) as the bare word.
- `Limits`: what may stop a search early (nodes, seconds, memory for the table).
- `Result`: a verdict with its evidence (the winning line) and statistics.
- `SolverBug`: the one exception for a solver that contradicts the rules engine (a win that
  fails its replay, a value the line does not reach). It is never a verdict: the command
  turns it into exit code 4.
- `Exit`: the exit codes of every `frog` command (docs/rules.md, Exit codes), defined here once.

>>> Verdict("winnable") is Verdict.WINNABLE
True
>>> f"{Verdict.UNKNOWN}", Verdict.UNKNOWN == "unknown"
('unknown', True)
>>> exit_code(Verdict.UNWINNABLE)
<Exit.NO: 1>
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import Any

#: The transposition table's default size (docs/rules.md, Limits: --memory, 1 GiB).
DEFAULT_MEMORY = 1 << 30


class Verdict(str, Enum):
    """Whether a deal can be won under perfect play (docs/rules.md, The question)."""

    WINNABLE = "winnable"
    UNWINNABLE = "unwinnable"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return self.value

    __format__ = str.__format__  # f"{verdict}" gives the bare word on every Python version


class Exit(IntEnum):
    """The exit codes of every `frog` command."""

    YES = 0  # winnable; a move list that is legal and wins; a command that did its job
    NO = 1  # unwinnable; an illegal move list, or a legal one that does not win
    BAD_INPUT = 2  # bad input or usage, with one line naming the problem
    UNKNOWN = 3  # a limit was reached or the user interrupted
    INTERNAL = 4  # a solver bug (SolverBug): a message, no traceback


_EXIT_FOR_VERDICT = {Verdict.WINNABLE: Exit.YES, Verdict.UNWINNABLE: Exit.NO,
                     Verdict.UNKNOWN: Exit.UNKNOWN}


def exit_code(verdict: Verdict | str) -> Exit:
    """The exit code that reports `verdict`."""
    return _EXIT_FOR_VERDICT[Verdict(verdict)]


class SolverBug(RuntimeError):
    """A solver contradicted the rules engine: never expected, reported with exit code 4."""


@dataclass(frozen=True)
class Limits:
    """What may stop a search early; None means no limit. `memory` sizes the table (bytes).

    >>> Limits(max_nodes=10**6).timeout is None
    True
    """

    max_nodes: int | None = None
    timeout: float | None = None
    memory: int = DEFAULT_MEMORY


#: Why a search stopped without a verdict (docs/rules.md, Machine-readable answers).
REASONS = ("node limit", "time limit", "memory limit", "interrupted")


@dataclass
class Result:
    """A verdict with its evidence and statistics (docs/rules.md, Machine-readable answers).

    `moves` is the winning line (the game's move type) for a win, else None; `reason` says
    why the verdict is unknown (one of REASONS), else None. `why` is, for a loss, a short
    proof a person can check when the game has one (the patience's `LossReason`), else None.
    """

    verdict: Verdict
    reason: str | None = None
    moves: list[Any] | None = None
    nodes: int = 0
    seconds: float = 0.0
    method: str = "search"
    stats: dict[str, float] = field(default_factory=dict)
    why: Any = None

    def __post_init__(self) -> None:
        self.verdict = Verdict(self.verdict)
        if self.reason is not None and self.reason not in REASONS:
            raise ValueError(f"unknown reason {self.reason!r}")


#: A progress callback: (nodes so far, seconds so far, restarts so far).
Progress = Callable[[int, float, int], None]
