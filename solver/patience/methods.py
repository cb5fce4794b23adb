"""One entry point for every way of deciding a deal: the search, CP-SAT, the brute force.

The command line, the benchmarks and the surveys call `decide`, so that every method gives
the same `Result` (verdict words, limits, statistics) and every win is replayed by the rules
engine before anyone sees it.
"""
from __future__ import annotations

import time

from solver.patience.deal import Deal
from solver.patience.engine import replay
from solver.patience.search import Limits, Result, solve
from solver.patience.search.decode import SearchBug
from solver.patience.search.driver import NOISE, Progress

METHODS = ("search", "cpsat", "brute", "portfolio")
DEFAULT_METHOD = "search"
#: The brute force keeps every position in a Python dict; this bounds its memory.
BRUTE_STATES_PER_GIB = 2_000_000


def decide(deal: Deal, method: str = DEFAULT_METHOD, limits: Limits = Limits(),
           progress: Progress | None = None, noise: int = NOISE) -> Result:
    """Decide `deal` with the named method; a win that fails its replay raises SearchBug.
    `noise` is the search's restart noise (see solver.patience.search.driver)."""
    if method == "search":
        result = solve(deal, limits, progress, noise=noise)
    elif method == "cpsat":
        result = _cpsat(deal, limits.timeout)
    elif method == "brute":
        result = _brute(deal, limits)
    elif method == "portfolio":
        result = _portfolio(deal, limits, progress, noise)
    else:
        raise ValueError(f"unknown method '{method}' (choose from {', '.join(METHODS)})")
    if result.verdict == "winnable":
        check = replay(deal, result.moves or [])
        if not (check.valid and check.won):
            raise SearchBug(f"the {result.method} method's winning line fails its replay: "
                            f"{check.reason or 'it does not win'}")
    return result


def _cpsat(deal: Deal, timeout: float | None) -> Result:
    from solver.patience.cpsat import cpsat_solve  # OR-Tools loads slowly; only when asked for

    answer = cpsat_solve(deal, time_limit=timeout)
    reason = "time limit" if answer.verdict == "unknown" else None
    return Result(answer.verdict, reason, answer.moves, 0, answer.seconds, "cpsat",
                  {"status": answer.status})


def _brute(deal: Deal, limits: Limits) -> Result:
    from solver.patience.brute import brute_solve

    start = time.perf_counter()
    cap = max(1000, int(limits.memory / (1 << 30) * BRUTE_STATES_PER_GIB))
    if limits.max_nodes is not None:
        cap = min(cap, limits.max_nodes)
    answer = brute_solve(deal, max_states=cap)
    seconds = time.perf_counter() - start
    reason = None
    if answer.verdict == "unknown":
        reason = "node limit" if limits.max_nodes is not None and cap == limits.max_nodes \
            else "memory limit"
    return Result(answer.verdict, reason, answer.moves, answer.states, seconds, "brute",
                  {"states": answer.states})


def _portfolio(deal: Deal, limits: Limits, progress: Progress | None, noise: int) -> Result:
    """The search first; when it stops at a time limit, CP-SAT gets a second opinion for
    as long again (capped at 60 s)."""
    result = solve(deal, limits, progress, noise=noise)
    if result.verdict != "unknown" or result.reason != "time limit":
        result.method = "portfolio/search"
        return result
    second = _cpsat(deal, min(60.0, limits.timeout or 60.0))
    if second.verdict != "unknown":
        second.method = "portfolio/cpsat"
        second.nodes = result.nodes
        second.seconds += result.seconds
        return second
    result.method = "portfolio"
    result.seconds += second.seconds
    return result
