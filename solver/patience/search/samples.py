"""`decide_samples`: many sampled positions of one blind decision, each within a small node
cap, on one thread or several.

Blind play (solver/patience/blind) asks the open search about the same position with the
unseen cards dealt at random many times: a few thousand nodes a sample, hundreds of
samples a decision. This module runs those searches without the whole deal's machinery:
one set of arrays and one table per thread, restarts sized for the sample (`sample_strategy`),
no decoding of the line (a win here is an estimate's vote, not an answer anyone replays).

A forced turn's value on one sampled stock is its best placement of the card turned
(`decide_any`): once one placement is won, the others are not searched (about a tenth of
a game's searches), which changes no answer.

Threads: the compiled kernel releases the GIL, and a sample's restarts all run in it
(`search_sample`), so two threads decide a batch nearly twice as fast on two cores (a whole
game less so: its Python part does not thread; benchmarks/results/blind-threads.txt). Each
sample's verdict depends on that sample alone (the table is cleared between samples, and
nothing else carries over), so splitting a batch between threads gives exactly the
verdicts of one thread, and a game or hint played with any number of threads is the same
game or hint.
"""
from __future__ import annotations

import functools
import itertools
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from solver.answer import Limits, Verdict
from solver.patience.deal import Deal
from solver.patience.search import kernel
from solver.patience.search.driver import (BEAM_START_NODES, Strategy, restart_loop,
                                           sequence_noise, warm_up)
from solver.patience.search.state import SearchArrays, Table, restart_rng

#: The table of one sampled position's search (one per thread): small, since a sample's
#: budget is small.
SAMPLE_MEMORY = 1 << 21


def line_moves(deal: Deal) -> int:
    """The most moves a line of play from the deal can make: each card not up goes up once,
    and each stock card is first turned and placed (the search's moves are placements and
    foundation moves, so this is also the length of its deepest descent)."""
    return 2 * len(deal.stock) + len(deal.reserve) + sum(len(pile) for pile in deal.waste)


#: The sampled searches of blind play run without the copy test (kernel.copy_test, switches
#: "copies" and "hall"): the blind policies, their time budgets and the calibration of the
#: chances they show were measured with the searches as they were, and the test changes a
#: search's nodes and its time per node. Whether it helps the few-thousand-node searches
#: of samples is not measured yet.
SAMPLE_OPTIONS = kernel.ALL_OPTIONS & ~(kernel.OPT_COPIES | kernel.OPT_HALL)


def sample_strategy(deal: Deal, descents: float | None = None) -> Strategy:
    """The standard search (`descents` None), or one whose first restart spends `descents` x
    `line_moves` nodes instead of FIRST_BUDGET: for a sample's budget of a few thousand
    nodes, about one descent a restart. A restart that cannot reach the end of a line wins
    nothing, and many short perturbed restarts find about 40% more wins than two long ones
    in the same 2,000 nodes (on sampled positions of `frog` games with 20-70 stock cards
    left, 1.0-1.25 descents won the most; 0.75 fewer, since many restarts end before the
    line does; benchmarks/results/sample_restarts.txt). Either runs with SAMPLE_OPTIONS."""
    if descents is None:
        return Strategy(options=SAMPLE_OPTIONS)
    return Strategy(first_budget=max(1, int(descents * line_moves(deal))),
                    options=SAMPLE_OPTIONS)


def decide_samples(deals: Sequence[Deal], max_nodes: int, memory: int = SAMPLE_MEMORY,
                   descents: float | None = None, threads: int = 1) -> list[Verdict]:
    """Decide many positions that differ only in the order of their unseen cards (the
    sampled stocks of one position, for blind play), each within `max_nodes`: `decide_any`
    with one position a group."""
    return decide_any([[deal] for deal in deals], max_nodes, memory, descents, threads)


def decide_any(groups: Sequence[Sequence[Deal]], max_nodes: int, memory: int = SAMPLE_MEMORY,
               descents: float | None = None, threads: int = 1) -> list[Verdict]:
    """For each group of positions (the placements of one turned card on one sampled
    stock, of which the best counts), whether any is won: WINNABLE once a member is won
    within `max_nodes` (the members after it are not searched: the answer is the same),
    UNWINNABLE when every member is proved lost, UNKNOWN otherwise.

    Each position gets the standard search, its restarts `descents` descents long if given
    (`sample_strategy`; beams only past BEAM_START_NODES). `threads` threads share the
    groups, each taking the next group not yet taken (a won sample costs a tenth of one cut
    at the cap, so fixed shares would leave one thread idle), each with its own arrays and a
    table of `memory` bytes; the verdicts are the same for any number of threads (module
    docstring). Ctrl-C raises KeyboardInterrupt, as in any caller's own code, once the
    other threads have stopped at their next position."""
    warm_up(beam=False)  # a sample's budget seldom reaches a beam; the loop loads it if due
    verdicts: list[Verdict] = [Verdict.UNKNOWN] * len(groups)
    claims = itertools.count()  # the next group to take (next() is atomic under the GIL)
    stop = threading.Event()

    def work() -> None:
        _decide_claimed(groups, verdicts, claims, max_nodes, memory, descents, stop)

    threads = max(1, min(threads, len(groups)))
    if threads == 1:
        work()
        return verdicts
    with ThreadPoolExecutor(threads - 1) as pool:
        try:
            others = [pool.submit(work) for _ in range(1, threads)]
            work()
            for other in others:
                other.result()
        except BaseException:
            stop.set()  # Ctrl-C or an error: the other threads stop at their next position
            raise
    return verdicts


def _decide_claimed(groups: Sequence[Sequence[Deal]], verdicts: list[Verdict],
                    claims: Iterator[int], max_nodes: int, memory: int,
                    descents: float | None, stop: threading.Event) -> None:
    """Take the next group from `claims` and put its verdict in `verdicts`, until none is
    left or `stop` is set, on one set of arrays and one table (no per-position
    allocation). The table is cleared between positions: its entries say "lost" for a
    position whose stock is implied by its stock index, so they are only valid for one
    stock order."""
    arrays: SearchArrays | None = None
    table = Table(memory)
    limits = Limits(max_nodes=max_nodes, memory=memory)
    stored = False  # whether the table holds entries of the position before
    for index in claims:
        if index >= len(groups) or stop.is_set():
            return
        found = []
        for deal in groups[index]:
            if arrays is None or not arrays.fits(deal):
                arrays = SearchArrays(deal)
            else:
                arrays.load(deal)
            if stored:  # most samples are won before a subtree is exhausted: nothing to clear
                table.clear()
            verdict = search_sample(arrays, table, limits, sample_strategy(deal, descents))
            stored = arrays.stats[kernel.ST_TT_STORES] > 0
            found.append(verdict)
            if verdict is Verdict.WINNABLE:
                break
        verdicts[index] = _best(found)


def search_sample(arrays: SearchArrays, table: Table, limits: Limits,
                  strategy: Strategy) -> Verdict:
    """The standard search of the position loaded in `arrays` within `limits.max_nodes`:
    `driver.restart_loop`, or the same restarts in compiled code (kernel.run_restarts) when
    nothing needs Python between them: no beam can start (the cap is below
    BEAM_START_NODES), the table cannot grow (it is as large as the memory allows) and one
    restart sequence runs. The two give the same verdict node for node (the tests compare
    them); the compiled one saves the Python work of each restart, about a tenth of a
    sampled decision's time and more of it with threads, which that work holds up."""
    max_nodes = limits.max_nodes
    if max_nodes is None or max_nodes > BEAM_START_NODES or strategy.seeds != (0,) \
            or not strategy.restarts or table.entries < table.max_entries:
        run = restart_loop(arrays, table, limits, None, strategy)
        if run.reason == "interrupted":
            raise KeyboardInterrupt  # the caller stops: a sample cut short is not a vote
        return run.verdict
    budgets, rngs = restart_plan(strategy.first_budget, strategy.growth, max_nodes)
    outcome = arrays.run_restarts(table, budgets, rngs, max_nodes,
                                  sequence_noise(strategy.noise, 0), strategy.options)
    return {kernel.WON: Verdict.WINNABLE, kernel.LOST: Verdict.UNWINNABLE}.get(
        outcome, Verdict.UNKNOWN)


@functools.lru_cache(maxsize=1024)
def restart_plan(first_budget: int, growth: float,
                 max_nodes: int) -> tuple[np.ndarray, np.ndarray]:
    """The node budgets and random states of the restarts `driver.restart_loop` gives
    sequence 0 of a search capped at `max_nodes` (first_budget x growth^k nodes and seed k,
    computed as it computes them), enough of them to spend the cap. Shared between the
    samples with the same sizes; the kernel only reads them."""
    budgets: list[int] = []
    total = 0
    while total < max_nodes:
        budgets.append(int(first_budget * growth ** len(budgets)))
        total += budgets[-1]
    rngs = [restart_rng(seed) for seed in range(len(budgets))]
    return np.array(budgets, dtype=np.int64), np.array(rngs, dtype=np.int64)


def _best(verdicts: list[Verdict]) -> Verdict:
    """The verdict of a group whose best member counts."""
    if Verdict.WINNABLE in verdicts:
        return Verdict.WINNABLE
    if all(verdict is Verdict.UNWINNABLE for verdict in verdicts):
        return Verdict.UNWINNABLE
    return Verdict.UNKNOWN
