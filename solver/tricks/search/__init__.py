"""The exact double-dummy search: `solve(deal, rules) -> Solution` (see driver.py and kernel.py)."""
from solver.tricks.search.driver import Solution, solve, solve_all

__all__ = ["Solution", "solve", "solve_all"]
