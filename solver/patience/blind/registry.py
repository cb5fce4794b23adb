"""The named blind policies (`--policy NAME`) and which one is `best` (docs/blind.md)."""
from __future__ import annotations

import dataclasses
import os

from solver.patience.blind.adaptive import AdaptivePolicy
from solver.patience.blind.game import Policy
from solver.patience.blind.policies import PYSOL, TIPS, TUNED
from solver.patience.blind.sampling import SamplePolicy

POLICIES: dict[str, Policy] = {
    "pysol": PYSOL,
    "tips": TIPS,
    "tuned": TUNED,
    "sample": SamplePolicy(TUNED),
    "adaptive": AdaptivePolicy(TUNED),
}
#: `--policy best`, the default: stronger than `sample` on the same deals, and the one that
#: samples every decision and shows calibrated chances
#: (benchmarks/results/blind-adaptive-frog.txt).
BEST = "adaptive"
POLICY_NAMES = (*POLICIES, "best")


class PolicyError(ValueError):
    """A policy name that does not exist."""


#: The most threads a sampling policy uses by default: a decision's batch is a few dozen to a
#: few hundred samples, so more threads add little.
MOST_THREADS = 4


def default_threads() -> int:
    """The threads a sampling policy decides its samples on by default: the cores this
    process may run on, at most MOST_THREADS."""
    return max(1, min(MOST_THREADS, len(os.sched_getaffinity(0))))


def policy_named(name: str, threads: int = 1) -> Policy:
    """The policy called `name` (`best`: the strongest measured); PolicyError otherwise.
    A policy that samples decides its samples on `threads` threads (the same moves for any
    number: solver/patience/search/samples.py); the others play as they are."""
    key = BEST if name == "best" else name
    try:
        policy = POLICIES[key]
    except KeyError:
        raise PolicyError(f"unknown policy '{name}' (choose from "
                          f"{', '.join(POLICY_NAMES)})") from None
    if threads != 1 and hasattr(policy, "threads"):
        return dataclasses.replace(policy, threads=threads)
    return policy
