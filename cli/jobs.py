"""--jobs, shared by the commands that run worker processes: how many, by default every core."""
from __future__ import annotations

import os

from cli.errors import UserError

#: The most --jobs accepted: more processes than this only share the same cores.
MAX_JOBS = 256


def default_jobs() -> int:
    """The cores this process may run on (its CPU affinity where the platform tells)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def jobs_from(text: str | None) -> int:
    """--jobs: a whole number from 1 to MAX_JOBS; absent means every core."""
    if text is None:
        return default_jobs()
    try:
        jobs = int(text)
    except ValueError:
        raise UserError(f"--jobs must be a whole number of processes, not '{text}'") from None
    if not 1 <= jobs <= MAX_JOBS:
        raise UserError(f"--jobs must be from 1 to {MAX_JOBS}, not {jobs}")
    return jobs
