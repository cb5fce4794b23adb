"""The exact search: `solve(deal, limits) -> Result` (see driver.py and kernel.py)."""
from solver.patience.search.driver import Limits, Result, solve

__all__ = ["Limits", "Result", "solve"]
