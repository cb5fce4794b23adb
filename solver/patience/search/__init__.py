"""The compiled exact search: `solve(deal, limits) -> Result` (see driver.py and kernel.py).

Callers outside the search import from here, never from its modules."""
from solver.patience.search.driver import (NOISE, RULE_SWITCHES, decide_samples, is_dead, solve,
                                          warm_up)
from solver.patience.search.parallel import solve_parallel

__all__ = ["NOISE", "RULE_SWITCHES", "decide_samples", "is_dead", "solve", "solve_parallel", "warm_up"]
