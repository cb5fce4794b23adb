"""The exact double-dummy search: `solve(deal, rules) -> Solution` (see driver.py and kernel.py)."""
from solver.tricks.search.driver import (Searcher, Solution, discard_and_play_points,
                                         frog_discards, hand_masks, load_kernel,
                                         scoring_contracts, solve, solve_all)

__all__ = ["Searcher", "Solution", "discard_and_play_points", "frog_discards", "hand_masks",
           "load_kernel", "scoring_contracts", "solve", "solve_all"]
