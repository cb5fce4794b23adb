"""`solve_parallel(deal, limits, jobs=N)`: one deal, N independent restart sequences on N cores.

Why: which restart sequence finds a hard win is largely luck (docs/solver.md, Hard wins: the
same deals fell to other seeds and noise levels), so the strategy searches several restart
sequences (driver.SEQUENCES, seeds `first`, `first` + 1, ...): on one core interleaved in
one process (driver.py), on N cores spread over N workers, worker i interleaving the
sequences i, i + N, ... (`driver.sequence_seeds`; more jobs than sequences add sequences).
Odd sequences run at 3 x `noise` (60 by default), and every sequence but 0 cycles its
level (driver.noise_level): on the deals sequence 0 leaves open, cycling up to 60 won the
most (benchmarks/results/noise_schedule.txt).
Worker 0 runs sequence 0, the one-core search's first sequence, so N jobs never give up the
one-core line of attack: they only add to it. Each sequence runs its own beams beside its
restarts, scored with its own weight (driver.BEAM_UP_WEIGHTS), so the workers' beams differ
too.

With a `Handover` (the portfolio's, solver/patience/portfolio.py: CP-SAT) the last worker
runs its restart sequence for the hand-over's first nodes only (or its share of the time
limit, if that comes first), and then the hand-over's method. That method's unit of work
need not be a node (CP-SAT's is a conflict), so it has no share of `max_nodes`: it runs as
long as the searches beside it (or until the time limit) and is then stopped. This module
knows nothing of CP-SAT: the hand-over names the function it calls.

Soundness: every worker runs complete searches with its own table of lost positions, so a
worker's "unwinnable" is a proof on its own, like its "winnable" (whose line `decide`
replays); a hand-over method must answer "unwinnable" only with a proof too (CP-SAT's is
its model's infeasibility: docs/cpsat.md).
The first decisive answer is the answer; the other workers are then stopped. The
answer is `unknown` only when every worker stopped at a limit.

Cost: most deals are won in milliseconds, far less than starting processes, so a first try
of FIRST_TRY_NODES nodes of sequence 0 runs in this process; workers start only for a deal
it leaves open. That first try is the one-core search's own start, so a deal it decides
gets exactly the one-core answer, node for node.

Limits: `max_nodes` is the total over the first try and all workers' searches (the rest
after the first try is split evenly; a handing-over worker searches at most its share and
the hand-over's nodes, and for at most its share of `timeout`), `timeout` is
wall-clock time for the whole, and `memory` is split
evenly between the workers (search tables, the hand-over method's memory).

Stopping: workers ignore SIGINT (a terminal sends Ctrl-C to the whole process group); this
process catches it, raises a shared stop flag that every worker reads between kernel chunks
(a fraction of a second), collects their statistics, and terminates any worker that has not
answered within STOP_GRACE seconds. A worker also stops when its parent is gone. A worker's
exception, or a worker that dies without answering, is a SolverBug.
"""
from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from solver.answer import Limits, Progress, Result, SolverBug, Verdict
from solver.patience.deal import Deal
from solver.patience.search import NOISE, SEQUENCES
from solver.patience.search.driver import (FIRST_TRY_NODES, LineTable, sequence_noise,
                                          sequence_seeds, solve)

#: How often this process collects the workers' node counts for the progress line (seconds).
POLL_SECONDS = 0.25
#: How long stopped workers get to report their statistics before they are terminated.
STOP_GRACE = 5.0
#: Shared counters per worker: nodes, restarts, and 1 once it has handed over.
NODES, RESTARTS, HANDED_OVER, COUNTERS_PER_WORKER = 0, 1, 2, 3


@dataclass(frozen=True)
class Handover:
    """A second method for the last worker: its restart sequence runs for at most `nodes`
    (or its share of a node limit, if less) and `time_share` of the time limit, then
    `then(deal, limits, stop)` decides the deal within the rest of the time limit, until
    `stop()` says the other workers are done. `method` names it in results ("cpsat") and
    `name` in messages ("CP-SAT"). `then` must be a module's function, so that a plan
    pickles for the worker process."""

    method: str
    name: str
    nodes: int
    time_share: float
    then: Callable[[Deal, Limits, Callable[[], bool]], Result]


@dataclass(frozen=True)
class Plan:
    """What one worker searches: its restart sequence, noise and share of the limits."""

    index: int
    seeds: tuple[int, ...]
    noise: int  # the base noise: sequence s runs at driver.sequence_noise(noise, s)
    limits: Limits
    handover: Handover | None = None  # the sequence up to limits.max_nodes, then this
    search_seconds: float | None = None  # with a hand-over: the sequence's own time limit

    @property
    def method(self) -> str:
        """"search", or the method the worker hands over to."""
        return "search" if self.handover is None else self.handover.method

    @property
    def name(self) -> str:
        """How messages name the worker."""
        search = f"(seeds {', '.join(map(str, self.seeds))})"
        if self.handover is not None:
            return f"search-then-{self.handover.name} worker {self.index} {search}"
        return f"search worker {self.index} {search}"


def worker_plans(jobs: int, noise: int, limits: Limits, nodes_used: int,
                 seconds_used: float, handover: Handover | None = None, first: int = 0,
                 sequences: int = SEQUENCES) -> list[Plan]:
    """The workers' sequences (`sequence_seeds`) and limits, after a first try that used `nodes_used` nodes and
    `seconds_used` seconds. A worker whose share of the node limit would be zero is left out.
    With a `handover` (and `jobs` >= 2) the last worker hands over after its share of the
    nodes or the hand-over's nodes, whichever is less, or after the hand-over's share of the
    time limit (`search_seconds`), if that comes first.

    >>> [(p.seeds, p.limits.max_nodes) for p in worker_plans(
    ...     3, 20, Limits(max_nodes=1000, memory=3 << 20), 200, 0.0, sequences=4)]
    [((0, 3), 267), ((1,), 267), ((2,), 266)]
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if handover is not None and jobs < 2:
        raise ValueError(f"a {handover.name} worker needs jobs >= 2 (one search worker "
                         "beside it)")
    timeout = None if limits.timeout is None else max(limits.timeout - seconds_used, 0.001)
    memory = max(limits.memory // jobs, 1 << 16)
    plans = []
    for index in range(jobs):
        max_nodes = None
        if limits.max_nodes is not None:
            rest = max(limits.max_nodes - nodes_used, 0)
            max_nodes = rest // jobs + (1 if index < rest % jobs else 0)
            if max_nodes == 0:
                continue
        last, search_seconds = handover if index == jobs - 1 else None, None
        if last is not None:
            max_nodes = min(max_nodes or last.nodes, last.nodes)
            if timeout is not None:
                search_seconds = timeout * last.time_share
        plans.append(Plan(index, sequence_seeds(first, sequences, jobs, index), noise,
                          Limits(max_nodes, timeout, memory), last, search_seconds))
    return plans


def solve_parallel(deal: Deal, limits: Limits = Limits(), progress: Progress | None = None,
                   jobs: int = 2, noise: int = NOISE, handover: Handover | None = None,
                   first: int = 0, sequences: int = SEQUENCES,
                   line: LineTable | None = None) -> Result:
    """Decide `deal` with the strategy's `sequences` restart sequences from seed `first` on
    (`sequence_seeds`), spread over `jobs` processes: a first try of sequence `first` here,
    then one worker per job (see the module's docstring), the last of them handing over to
    another method with a `handover`. `jobs=1` is exactly `solve(deal, limits, progress, noise=noise,
    seeds=sequence_seeds(first, sequences))`, in this process. The result's stats add `jobs`
    and, for an answer found by a worker, its `worker` (and, for a search's answer, the
    `seed` and `noise` of the sequence that answered); nodes and the other counts are totals over all workers' searches, and
    `method` names the method that answered ("search" or the hand-over's). `line` (jobs=1
    only: workers have tables of their own) shares the table with other positions of the
    deal the position comes from (driver.LineTable)."""
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if line is not None and jobs != 1:
        raise ValueError("a table shared along a line needs jobs=1")
    if jobs == 1:
        result = solve(deal, limits, progress, noise=noise,
                       seeds=sequence_seeds(first, sequences), line=line)
        result.stats["jobs"] = 1
        return result
    start = time.perf_counter()
    first_nodes = FIRST_TRY_NODES if limits.max_nodes is None \
        else min(FIRST_TRY_NODES, limits.max_nodes)
    tried = solve(deal, Limits(first_nodes, limits.timeout, limits.memory), progress,
                  noise=noise, seeds=(first,))
    out_of_nodes = limits.max_nodes is not None and tried.nodes >= limits.max_nodes
    if tried.verdict is not Verdict.UNKNOWN or tried.reason != "node limit" or out_of_nodes:
        tried.stats["jobs"] = jobs
        return tried
    plans = worker_plans(jobs, noise, limits, tried.nodes, time.perf_counter() - start,
                         handover, first, sequences)
    pool = _Workers(deal, plans)
    try:
        pool.start()
        pool.run(start, limits.timeout, progress, tried)
    except KeyboardInterrupt:
        pool.interrupted = True
    finally:
        pool.stop()
    return pool.result(tried, jobs, time.perf_counter() - start)


def _worker_main(plan: Plan, deal: Deal, counters: Any, answers: Any) -> None:
    """One worker: search the plan's sequence (then the plan's hand-over method, if any)
    and put (index, Result or None, error text) on `answers`. counters[COUNTERS_PER_WORKER x
    index + NODES, RESTARTS, HANDED_OVER] are its own; counters[-1] is the stop flag."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # this process's parent handles Ctrl-C
    _block_sigint(False)  # blocked by the parent while it started this process
    parent = os.getppid()
    slot = COUNTERS_PER_WORKER * plan.index

    def stopped() -> bool:
        """The parent raised the stop flag, or is gone."""
        return bool(counters[-1]) or os.getppid() != parent

    def report(nodes: int, seconds: float, restarts: int) -> None:
        counters[slot + NODES], counters[slot + RESTARTS] = nodes, restarts
        if stopped():
            raise KeyboardInterrupt  # the driver stops with "interrupted" and its statistics

    try:
        started = time.perf_counter()
        limits = plan.limits
        if plan.search_seconds is not None:
            limits = replace(limits, timeout=plan.search_seconds)
        result = solve(deal, limits, report, noise=plan.noise, seeds=plan.seeds)
        if plan.handover is not None and result.reason in ("node limit", "time limit"):
            counters[slot + NODES] = result.nodes
            counters[slot + HANDED_OVER] = 1  # the parent no longer waits for it
            result = _hand_over(plan, deal, result, time.perf_counter() - started, stopped)
    except BaseException:  # noqa: BLE001 - any failure is reported as a solver bug
        answers.put((plan.index, None, traceback.format_exc(limit=-3)))
        return
    answers.put((plan.index, result, None))


def _hand_over(plan: Plan, deal: Deal, searched: Result, seconds: float,
               stop: Callable[[], bool]) -> Result:
    """The plan's hand-over method after the worker's restart sequence ran out of nodes, for
    the rest of the time limit and until `stop()`. Its answer keeps the search stage's node
    count (the method's own counts go to `stats`), so the nodes stay a count of search
    nodes."""
    timeout = plan.limits.timeout
    if timeout is not None:
        timeout = max(timeout - seconds, 0.001)
    result = plan.handover.then(deal, Limits(None, timeout, plan.limits.memory), stop)
    result.nodes = searched.nodes
    result.stats = {**searched.stats, **result.stats}
    return result


def _block_sigint(block: bool) -> None:
    """Block (or unblock) SIGINT in this thread, where the platform can: a Ctrl-C that lands
    while a worker starts is then held until the worker ignores it, and the parent sees it
    once all are started."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK if block else signal.SIG_UNBLOCK,
                               {signal.SIGINT})


def _context() -> multiprocessing.context.BaseContext:
    """Fork where the platform has it: the children inherit the compiled kernel that the
    first try has loaded, so they start searching within milliseconds. Elsewhere spawn, and
    each child loads the kernel from numba's cache."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


class _Workers:
    """The worker processes of one `solve_parallel` call, their answers and counters."""

    def __init__(self, deal: Deal, plans: list[Plan]) -> None:
        context = _context()
        self.plans = {plan.index: plan for plan in plans}
        size = COUNTERS_PER_WORKER * (max(self.plans) + 1) + 1
        self.counters = context.RawArray("q", size)
        self.answers = context.Queue()
        self.results: dict[int, Result] = {}
        self.winner: int | None = None
        self.interrupted = False
        self.deadline_passed = False
        self.processes = {
            plan.index: context.Process(target=_worker_main,
                                        name=f"frog-{plan.method}-{plan.index}",
                                        args=(plan, deal, self.counters, self.answers),
                                        daemon=True)
            for plan in plans}

    def start(self) -> None:
        """Start every worker; a Ctrl-C meanwhile is held until they are all started (then
        `run` sees it), so that no worker starts unprepared for it."""
        _block_sigint(True)
        try:
            for process in self.processes.values():
                process.start()
        finally:
            _block_sigint(False)

    def run(self, start: float, timeout: float | None, progress: Progress | None,
            first: Result) -> None:
        """Collect answers until one is decisive or the workers are done (`_done`); report
        the summed progress meanwhile."""
        while not self._done() and self.winner is None:
            self._collect(POLL_SECONDS)
            elapsed = time.perf_counter() - start
            if progress:
                nodes, restarts = self._counts()
                progress(first.nodes + nodes, elapsed, first.stats["restarts"] + restarts)
            if timeout is not None and elapsed > timeout + STOP_GRACE:
                self.deadline_passed = True  # the workers missed their own time limit
                break

    def _done(self) -> bool:
        """Every worker has answered or handed over: the hand-over method has no node limit
        and runs only as long as the searches do, while every search, the handing-over
        worker's included, uses its whole share of the nodes (the last worker's search, under
        a time limit, at most its share of the time)."""
        return all(index in self.results
                   or self.counters[COUNTERS_PER_WORKER * index + HANDED_OVER]
                   for index in self.processes)

    def _collect(self, wait: float) -> None:
        """Take one answer (waiting at most `wait` seconds); raise SolverBug for a worker that
        failed or died without answering, or for two workers that contradict each other."""
        try:
            index, result, error = self.answers.get(timeout=wait)
        except queue.Empty:
            for index, process in self.processes.items():
                if index not in self.results and process.exitcode is not None:
                    # it may have answered just before exiting: look once more
                    try:
                        index, result, error = self.answers.get(timeout=wait)
                        break
                    except queue.Empty:
                        raise SolverBug(f"{self.plans[index].name} stopped (exit code "
                                        f"{process.exitcode}) without an answer") from None
            else:
                return
        self._record(index, result, error)

    def _record(self, index: int, result: Result | None, error: str | None) -> None:
        """Keep a worker's answer: the first decisive one is the winner; a failure, or a
        decisive answer that contradicts the winner, is a SolverBug."""
        if error is not None:
            raise SolverBug(f"{self.plans[index].name} failed: "
                            f"{error.strip().splitlines()[-1]}")
        assert result is not None
        self.results[index] = result
        if result.verdict is not Verdict.UNKNOWN:
            if self.winner is not None and \
                    result.verdict is not self.results[self.winner].verdict:
                raise SolverBug(f"{self.plans[self.winner].name} and {self.plans[index].name} "
                                f"disagree: {self.results[self.winner].verdict} and "
                                f"{result.verdict}")
            if self.winner is None:
                self.winner = index

    def _counts(self) -> tuple[int, int]:
        """Nodes and restarts over all workers: final figures where answered, else the last
        reported ones."""
        nodes = restarts = 0
        for index in self.processes:
            if index in self.results:
                nodes += self.results[index].nodes
                restarts += int(self.results[index].stats.get("restarts", 0))
            else:
                nodes += self.counters[COUNTERS_PER_WORKER * index + NODES]
                restarts += self.counters[COUNTERS_PER_WORKER * index + RESTARTS]
        return nodes, restarts

    def stop(self) -> None:
        """Ask every worker to stop, collect the statistics of those that answer within
        STOP_GRACE seconds, terminate the rest, and reap them all: no process outlives this."""
        self.counters[-1] = 1
        grace_end = time.monotonic() + STOP_GRACE
        bug: SolverBug | None = None
        try:
            while len(self.results) < len(self.processes) and time.monotonic() < grace_end:
                try:
                    index, result, error = self.answers.get(timeout=POLL_SECONDS)
                except queue.Empty:
                    if all(process.exitcode is not None or not process.pid
                           for index, process in self.processes.items()
                           if index not in self.results):
                        break
                    continue
                try:  # an answer that arrives now still counts (a win found meanwhile)
                    self._record(index, result, error)
                except SolverBug as exc:
                    bug = bug or exc
        except KeyboardInterrupt:  # a second Ctrl-C: stop waiting
            self.interrupted = True
        finally:
            started = [process for process in self.processes.values() if process.pid]
            for process in started:
                if process.is_alive():
                    process.terminate()
            for process in started:
                process.join(timeout=STOP_GRACE)
                if process.is_alive():
                    process.kill()
                    process.join()
            self.answers.close()
            self.answers.cancel_join_thread()
        if bug is not None:
            raise bug

    def result(self, first: Result, jobs: int, seconds: float) -> Result:
        """One Result: the winner's verdict and line, or unknown with the reason; the
        counts summed over the first try and every worker."""
        worker_nodes, worker_restarts = self._counts()
        nodes = first.nodes + worker_nodes
        stats: dict[str, float] = {}
        for part in [first, *self.results.values()]:
            for key, value in part.stats.items():
                if key not in ("seed", "nodes_per_second") and isinstance(value, int):
                    stats[key] = stats.get(key, 0) + value
        stats["restarts"] = first.stats["restarts"] + worker_restarts
        stats["jobs"] = jobs
        stats["nodes_per_second"] = round(nodes / seconds) if seconds > 0 else 0
        if self.winner is not None:
            found = self.results[self.winner]
            plan = self.plans[self.winner]
            stats["worker"] = plan.index
            if found.method == "search":
                seed = int(found.stats.get("seed", plan.seeds[0]))
                stats.update(seed=seed, noise=sequence_noise(plan.noise, seed))
            return Result(found.verdict, None, found.moves, nodes, seconds, found.method, stats)
        # a hand-over method is stopped when the searches end: their reasons are the run's
        reasons = {answer.reason for index, answer in self.results.items()
                   if self.plans[index].method == "search"}
        if self.interrupted:
            reason = "interrupted"
        elif self.deadline_passed or "time limit" in reasons:
            reason = "time limit"
        elif reasons == {"node limit"}:
            reason = "node limit"
        else:
            reason = "interrupted"  # stopped for another reason (a worker was stopped)
        return Result(Verdict.UNKNOWN, reason, None, nodes, seconds, "search", stats)
