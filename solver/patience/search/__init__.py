"""The compiled exact search: `solve(deal, limits) -> Result` (see driver.py and kernel.py).

Callers outside the search import from here, never from its modules. The names are loaded
with the compiled kernel on first use, so that a caller that only needs `NOISE` (the command
line's help, the surveys' settings) does not pay for numba.
"""
from __future__ import annotations

import importlib
from typing import Any

#: The default restart noise: each restart adds a random 0..NOISE-1 to the pile scores.
NOISE = 20
#: How many restart sequences the search strategy runs on one deal (driver.sequence_seeds):
#: on survey unknowns at 4M nodes a deal on one core, four interleaved decided 19 of 30
#: `frog` deals and 24 of 30 `fanny` deals, two 16 and 19, one 13 and 16; eight decided
#: every deal four did and 16 more, against 2 the other way, on 70 survey unknowns at 8M
#: nodes and 1,000 fresh deals at 2M; sixteen no more than eight
#: (benchmarks/results/strategies.txt).
SEQUENCES = 8

#: Names loaded with the compiled search on first use, by the module that holds them.
_LAZY = {
    "driver": ("LineTable", "RULE_SWITCHES", "is_dead", "solve", "warm_up"),
    "parallel": ("solve_parallel",),
    "samples": ("decide_any", "decide_samples"),
}

__all__ = ["LineTable", "NOISE", "RULE_SWITCHES", "SEQUENCES", "decide_any", "decide_samples",
           "is_dead", "solve", "solve_parallel", "warm_up"]


def __getattr__(name: str) -> Any:
    """The names that need the compiled kernel, loaded on first use."""
    for module, names in _LAZY.items():
        if name in names:
            return getattr(importlib.import_module(f"solver.patience.search.{module}"), name)
    raise AttributeError(f"module 'solver.patience.search' has no attribute {name!r}")
