"""The named blind policies (`--policy NAME`) and which one is `best` (docs/blind.md)."""
from __future__ import annotations

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


def policy_named(name: str) -> Policy:
    """The policy called `name` (`best`: the strongest measured); PolicyError otherwise."""
    key = BEST if name == "best" else name
    try:
        return POLICIES[key]
    except KeyError:
        raise PolicyError(f"unknown policy '{name}' (choose from "
                          f"{', '.join(POLICY_NAMES)})") from None
