"""The portfolio method: the restart search and CP-SAT on one deal, and when each runs.

CP-SAT wins deals that no restart sequence finds (every Sir Tommy deal of 1-100 that two
sequences leave open, in 4-40 s), while a second restart sequence wins most of its deals
early (6 of the 9 Sir Tommy deals of 1-100 it adds within 13M nodes of both workers). So:

- on two or more cores, side by side: the parallel search (search/parallel.py), whose last
  worker runs its restart sequence for HANDOVER_NODES (about 7 s of one core) or
  HANDOVER_TIME_SHARE of the time limit, whichever comes first, then hands over to CP-SAT
  (a short time limit would go to the nodes otherwise, hence the share);
- on one core, one after the other: the search; when it stops at a time limit, CP-SAT gets
  a second opinion for as long again (at most PORTFOLIO_CPSAT_SECONDS).

This module is the only one that joins the two (explaining a lost game asks it for CP-SAT's
opinion too): the search knows nothing of CP-SAT, and OR-Tools is loaded only when CP-SAT
runs.
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from solver.answer import Limits, Progress, Result, Verdict
from solver.patience.deal import Deal
from solver.patience.line import Move

#: Nodes of its restart sequence that the last worker searches before CP-SAT.
HANDOVER_NODES = 10_000_000
#: Under a time limit, the share of it after which that worker hands over at the latest.
HANDOVER_TIME_SHARE = 0.25
#: On one core, CP-SAT's second opinion gets as long as the search had, at most this.
PORTFOLIO_CPSAT_SECONDS = 60.0


def portfolio(deal: Deal, limits: Limits, progress: Progress | None, noise: int, jobs: int,
              sequence: int = 0) -> Result:
    """Decide `deal` with the search and CP-SAT (see the module docstring); the result's
    method says which answered: "portfolio/search", "portfolio/cpsat", or "portfolio" for
    unknown."""
    from solver.patience.search import solve_parallel

    if jobs >= 2:
        result = solve_parallel(deal, limits, progress, jobs=jobs, noise=noise,
                                handover=cpsat_handover(), first=sequence)
        decided = result.verdict is not Verdict.UNKNOWN
        result.method = f"portfolio/{result.method}" if decided else "portfolio"
        return result
    result = solve_parallel(deal, limits, progress, jobs=1, noise=noise, first=sequence)
    if result.verdict is not Verdict.UNKNOWN or result.reason != "time limit":
        result.method = "portfolio/search"
        return result
    seconds = min(PORTFOLIO_CPSAT_SECONDS, limits.timeout or PORTFOLIO_CPSAT_SECONDS)
    second = cpsat_opinion(deal, Limits(timeout=seconds, memory=limits.memory))
    if second.verdict is not Verdict.UNKNOWN:
        second.method = "portfolio/cpsat"
        second.nodes = result.nodes
        second.seconds += result.seconds
        return second
    result.method = "portfolio"
    result.seconds += second.seconds
    if second.reason == "interrupted":
        result.reason = "interrupted"
    return result


def cpsat_handover():  # -> parallel.Handover (imported with the search, on first use)
    """The parallel search's last worker's hand-over to CP-SAT."""
    from solver.patience.search.parallel import Handover

    return Handover("cpsat", "CP-SAT", HANDOVER_NODES, HANDOVER_TIME_SHARE, cpsat_opinion)


def cpsat_opinion(deal: Deal, limits: Limits,
                  stop: Callable[[], bool] | None = None,
                  hint: Sequence[Move] | None = None) -> Result:
    """CP-SAT within `limits` (one worker), until `stop()` if given: the portfolio's second
    method, and the second stage of each solve of `frog verify --explain`
    (solver/patience/explain.py), which passes as `hint` the winning line of the latest
    position of the game known winnable (cpsat.cpsat_solve)."""
    from solver.patience.cpsat import cpsat_solve  # OR-Tools loads slowly; only when asked for

    return cpsat_solve(deal, limits, stop=stop, hint=hint)


class CpsatBeside:
    """CP-SAT deciding `deal` in a thread beside the caller's own search, which runs at the
    same time on another core (the compiled kernel lets go of Python's lock while it works,
    solver/compiled.py), with an optional `hint` (cpsat_opinion). Used as a context
    manager: `start(limits)` starts it (at most once), leaving the context stops it if it
    is still working, waits for it and raises any error it met (a SolverBug is never
    lost). `answer()` is its decided Result once there is one, else None; `result()` waits
    for whatever it answers within its limits."""

    def __init__(self, deal: Deal, hint: Sequence[Move] | None = None) -> None:
        self._deal = deal
        self._hint = hint
        self._stopped = threading.Event()
        self._answered: list[Result] = []
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None

    @property
    def started(self) -> bool:
        return self._thread is not None

    def start(self, limits: Limits) -> None:
        """Start CP-SAT within `limits` (nothing if it was started already)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, args=(limits,), daemon=True)
            self._thread.start()

    def _work(self, limits: Limits) -> None:
        try:
            self._answered.append(cpsat_opinion(self._deal, limits, stop=self._stopped.is_set,
                                               hint=self._hint))
        except BaseException as error:  # noqa: BLE001 (raised again in the caller's thread)
            self._error = error

    def __enter__(self) -> CpsatBeside:
        return self

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        self.stop(raise_error=kind is None)

    def stop(self, raise_error: bool = True) -> None:
        """Stop CP-SAT if it is still working and wait for it; raise any error it met
        (unless `raise_error` is False: the caller is already handling one)."""
        self._stopped.set()
        if self._thread is not None:
            self._thread.join()
        if self._error is not None and raise_error:
            raise self._error

    @property
    def working(self) -> bool:
        """Whether CP-SAT was started and has not finished."""
        return self._thread is not None and self._thread.is_alive()

    def answer(self) -> Result | None:
        """CP-SAT's decided answer, if it has one yet."""
        if self._answered and self._answered[0].verdict is not Verdict.UNKNOWN:
            return self._answered[0]
        return None

    def result(self) -> Result | None:
        """Wait for CP-SAT's answer within its limits (None if it was never started; an
        error it met is raised here)."""
        if self._thread is None:
            return None
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._answered[0]
