"""One entry point for every way of deciding a deal: the search, CP-SAT, the brute force.

The command line, the benchmarks and the surveys call `decide`, so that every method gives
the same `Result` (verdict words, limits, statistics) and every win is replayed by the rules
engine before anyone sees it. The compiled search is loaded when a deal is first searched,
not with this module, so that naming a method costs nothing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from solver.answer import Limits, Progress, Result, SolverBug, Verdict
from solver.patience.deal import Deal
from solver.patience.engine import replay
from solver.patience.loss_reason import loss_reason
from solver.patience.portfolio import portfolio
from solver.patience.rules import Rules
from solver.patience.search import NOISE

if TYPE_CHECKING:
    from solver.patience.search.driver import LineTable

METHODS = ("search", "cpsat", "brute", "portfolio")
DEFAULT_METHOD = "search"
#: Variants whose deals the portfolio decides better than the search alone (see
#: `default_method`).
PORTFOLIO_VARIANTS = ("sir-tommy",)


def default_method(rules: Rules) -> str:
    """The method `frog solve` uses when none is named: the portfolio for Sir Tommy, the
    search for the rest.

    Measured (benchmarks/results/cpsat.txt): the 16 Sir Tommy deals of 1-100 that two restart
    sequences leave open after 26M nodes were all won by CP-SAT alone, in 9-87 s, while on
    the two-deck games (`frog` deals open after 60 s on two cores, 4-pile packs) CP-SAT
    decided none in 60 s, and there the second restart sequence is the better use of a core.
    """
    return "portfolio" if rules.variant in PORTFOLIO_VARIANTS else DEFAULT_METHOD


def decide(deal: Deal, method: str = DEFAULT_METHOD, limits: Limits = Limits(),
           progress: Progress | None = None, noise: int = NOISE, jobs: int = 1,
           sequence: int = 0, line: LineTable | None = None) -> Result:
    """Decide `deal` with the named method within `limits`; every method honours all of them
    and Ctrl-C. A win that fails its replay through the rules engine raises SolverBug.
    An unwinnable answer carries the counting argument's proof in words when the position
    has one (`Result.why`, see loss_reason); a win of a position with such a proof is a
    contradiction and raises SolverBug too.
    `noise` is the search's restart noise (see solver.patience.search). `jobs` > 1 runs the
    search (alone or in the portfolio) as that many independent restart sequences in
    parallel processes (solver.patience.search.parallel); `max_nodes` and `memory` are then
    totals over them. The default, 1, is one process and reproducible node for node; the
    surveys keep it, since they already run one deal per core. Either way the search runs
    the strategy's restart sequences (solver.patience.search.SEQUENCES of them, interleaved
    in one process or spread over the jobs); `sequence` is the first one's seed (0, the
    standard one; the surveys retry an unknown deal from a later one, since the first
    sequences are known to fail within the earlier budget). `line` (the search, jobs=1) is a
    table shared with other positions of the deal `deal` comes from (search.LineTable)."""
    if line is not None and (method != "search" or jobs != 1):
        raise ValueError("a table shared along a line is for the search with jobs=1")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if method not in METHODS:
        raise ValueError(f"unknown method '{method}' (choose from {', '.join(METHODS)})")
    try:
        if method == "search":
            result = _search(deal, limits, progress, noise, jobs, sequence, line)
        elif method == "cpsat":
            result = _cpsat(deal, limits)
        elif method == "brute":
            result = _brute(deal, limits)
        else:
            result = portfolio(deal, limits, progress, noise, jobs, sequence)
    except KeyboardInterrupt:
        # Ctrl-C before the method's own handling began (while OR-Tools or the kernel
        # loads): the same answer as an interrupt during the search.
        result = Result(Verdict.UNKNOWN, "interrupted", method=method)
    return checked(deal, result)


def checked(deal: Deal, result: Result) -> Result:
    """`result` for `deal` once its win is replayed through the rules engine (SolverBug if
    it fails) and, for an unwinnable answer, with the counting argument's proof in words when
    the position has one (a win of such a position is a SolverBug too): what `decide` does to
    every method's answer, for callers that run a search of their own."""
    if result.verdict is Verdict.WINNABLE:
        check = replay(deal, result.moves or [])
        if not (check.valid and check.won):
            raise SolverBug(f"the {result.method} method's winning line fails its replay: "
                            f"{check.reason or 'it does not win'}")
    why = loss_reason(deal)
    if why is not None and result.verdict is Verdict.WINNABLE:
        raise SolverBug(f"the {result.method} method won a position the counting argument "
                        f"proves lost: {' '.join(why.lines())}")
    if result.verdict is Verdict.UNWINNABLE:
        result.why = why
    return result


def _search(deal: Deal, limits: Limits, progress: Progress | None, noise: int,
            jobs: int, sequence: int = 0, line: LineTable | None = None) -> Result:
    """The search: the strategy's restart sequences from seed `sequence` on, interleaved in
    this process (jobs=1) or spread over `jobs` processes."""
    from solver.patience.search import solve_parallel

    return solve_parallel(deal, limits, progress, jobs=jobs, noise=noise, first=sequence,
                          line=line)


def _cpsat(deal: Deal, limits: Limits) -> Result:
    from solver.patience.cpsat import cpsat_solve  # OR-Tools loads slowly; only when asked for

    return cpsat_solve(deal, limits)


def _brute(deal: Deal, limits: Limits) -> Result:
    from solver.patience.brute import brute_solve

    return brute_solve(deal, limits)
