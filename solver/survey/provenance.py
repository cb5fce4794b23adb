"""The provenance header of a benchmark result: the command that made it, the commit, the
date and the machine.

Every script of benchmarks/ prints these lines before its figures, so that a result file
(its output, saved under benchmarks/results/) says how to make it again and under which
conditions its times were taken; node counts do not depend on the machine, times do.
"""
from __future__ import annotations

import os
import platform
import shlex
import sys
import time
from pathlib import Path

from solver.survey.runner import solver_version

#: The checkout's root, from which the command is shown (the scripts run from there).
ROOT = Path(__file__).resolve().parent.parent.parent


def provenance(argv: list[str] | None = None) -> list[str]:
    """Two lines: the command (`$ python benchmarks/SCRIPT.py ARGS`, as typed at the root of
    the checkout; `argv` defaults to sys.argv), then the solver version with its commit, the
    date and time (UTC), the cores, the load average (1, 5 and 15 minutes) and Python."""
    argv = sys.argv if argv is None else argv
    script = Path(argv[0]).resolve()
    shown = script.relative_to(ROOT) if script.is_relative_to(ROOT) else script
    command = " ".join(["python", str(shown), *map(shlex.quote, argv[1:])])
    load = " ".join(f"{value:.1f}" for value in os.getloadavg())
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    return [f"$ {command}",
            f"commit {solver_version()}, {when}, {os.cpu_count()} cores, load average {load}, "
            f"Python {platform.python_version()}"]


def print_provenance(argv: list[str] | None = None) -> None:
    """Print `provenance(argv)`, flushed, so that it heads the output even of a run cut short."""
    print("\n".join(provenance(argv)), flush=True)
