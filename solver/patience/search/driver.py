"""`solve(deal, limits)`: restarts, limits, progress and the answer, around the kernel.

Restarts: the first descent follows the plain move order with a small node budget; each
later one perturbs the pile scores with random noise and has a budget 1% larger (1000 x
1.01^k nodes): many short restarts find more wins than a few long ones (at 1 M nodes per
deal, growth 1.01 decided 6-14 more of 150 deals than 1.05 on frog, pysol-frog, fanny
and sir-tommy with less CPU, and proved small lost games in as many nodes;
benchmarks/results/restarts.txt). Sequence 0 adds the same noise level to every restart;
the other sequences cycle it (`noise_level`), so light perturbations of the plain order
alternate with heavy ones. Cycling is no better on fresh deals (1,000 `frog` and
`pysol-frog` deals at 1M nodes: 6 and 2 more won; the quick benchmark set: 6x the nodes, a
few easy deals lost their early win), but it finds other wins: on deals sequence 0 left
open at 1M it won 12 and 8 more of 78 and 62 at 2M, and 24 of 80 `fanny` deals open at
2M (benchmarks/results/noise_schedule.txt). So it serves the second core and the retries.
The table of lost positions is kept across restarts: whether a position is lost does not
depend on the order its children are tried in. A restart whose search finishes within its
budget has decided the deal: a win, or "unwinnable" when the root itself was exhausted (no
node-limit cut below it, since a cut abandons the whole restart).

Beams beside the restarts: once the restarts have spent BEAM_START_NODES without an answer,
a beam search (solver/patience/search/beam.py) runs whenever the restarts have spent as
many nodes as all beams so far, its width doubling from BEAM_FIRST_WIDTH each time (up to
what BEAM_MEMORY_SHARE of the memory limit holds). The depth-first search explores the last
choices of one line exhaustively; the beam keeps thousands of different early choices
alive, and wins deals the restarts do not reach: of the 25 Sir Tommy deals 1-100 that
sequence 0 leaves open at 13M nodes, one beam 10,000 wide won 21, and with beams two cores
decide every `frog` deal of 1-200 within 15 s, where six had stayed open for 60 s
(benchmarks/results/beam.txt, targets.md). A beam only finds wins: it proves nothing,
changes no table entry, and its line is replayed like every win.

Restart sequences: `seeds` picks them. Sequence 0 is the one above, node for node. Sequence
s > 0 draws its restarts' noise from seeds s x SEED_STRIDE + restart, so no two sequences
share a restart seed, runs at the noise `sequence_noise` gives it (3 x `noise` for odd s),
and perturbs its first descent too (the plain first descent is sequence 0's). Several
sequences are interleaved in one process, restart by restart, on one table: the first
alone for FIRST_TRY_NODES (so a deal decided by then gets the one-sequence answer, node for
node), then always the one that has spent the fewest nodes, each with its own restart
budgets and beams. Sharing the table is sound for the same reason as across restarts: an
entry says a position is lost, which holds whatever order its children are tried in, and
the sequences search the same deal. Which sequence finds a hard win is largely luck, so
several short sequences decide more deals in the same nodes than one long one
(`sequence_seeds` and SEQUENCES: the strategy; benchmarks/results/strategies.txt). The
parallel search (parallel.py) spreads the same sequences over processes.
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from solver.answer import Limits, Progress, Result, Verdict
from solver.patience.deal import Deal
from solver.patience.search import NOISE, SEQUENCES, kernel
from solver.patience.search.beam import UP_WEIGHT, Beam, beam_bytes, beam_search
from solver.patience.search.decode import decode_win
from solver.patience.search.state import SearchArrays, Table

FIRST_BUDGET = 1000
BUDGET_GROWTH = 1.01
CHUNK = 1 << 18
#: Sequence s seeds its restarts from s x SEED_STRIDE on: no sequence runs 2^32 restarts.
SEED_STRIDE = 1 << 32
#: Restart nodes before the first beam: most deals are decided sooner (see parallel.py's
#: FIRST_TRY_NODES), and a lost deal's proof should not pay for beams.
BEAM_START_NODES = 200_000
#: The first beam's width; each later one is twice as wide.
BEAM_FIRST_WIDTH = 1000
#: The beam's arrays may take this share of the memory limit, beside the table (which the
#: limit sizes, as docs/rules.md, Limits, says): table and beam together stay within about
#: 1.25 times it.
BEAM_MEMORY_SHARE = 0.25
#: Sequence s scores its beams with BEAM_UP_WEIGHTS[s % 4] (and, past the fourth sequence,
#: some noise): weights 2-6 win about as many deals, but not the same ones (beam.py).
BEAM_UP_WEIGHTS = (UP_WEIGHT, 6, 2, 3)
#: Nodes the first of interleaved sequences searches alone. About 85% of the `frog` and
#: `pysol-frog` deals 1-200 are won within 200 K nodes (a fifth of a second).
FIRST_TRY_NODES = 200_000
#: Sequence s runs at noise x NOISE_FACTORS[s % len(NOISE_FACTORS)].
NOISE_FACTORS = (1.0, 3.0)

STAT_NAMES = {
    kernel.ST_TT_HITS: "table_hits",
    kernel.ST_TT_STORES: "table_stores",
    kernel.ST_REPLACED: "table_replacements",
    kernel.ST_DEAD: "prune_dead_position",
    kernel.ST_AUTO: "safe_autoplays",
    kernel.ST_SYMMETRY: "prune_symmetric_piles",
    kernel.ST_SLEEP: "prune_sleep_set",
}


#: The reductions that can be switched off (for measuring each one and for testing it).
RULE_SWITCHES = {
    "autoplay": kernel.OPT_AUTOPLAY,
    "sleep": kernel.OPT_SLEEP,
    "dead": kernel.OPT_DEAD,
    "same-rank": kernel.OPT_DEAD_SAME,  # terms of the dead test: they act only with "dead"
    "higher-rank": kernel.OPT_DEAD_HIGHER,
    "symmetry": kernel.OPT_SYMMETRY,
    "ordering": kernel.OPT_ORDER,
    "copies": kernel.OPT_COPIES,
    "hall": kernel.OPT_HALL,  # the copy test with its tight counts' consequences
}

#: The reductions a search leaves off unless told otherwise, except on the positions of a
#: played line (`LineTable`: `frog verify --explain`). The copy test's tight counts ("hall")
#: cost a quarter to a third of the search's speed on the positions of lost blind games
#: that the explanation finds hard, and pay for it there
#: (benchmarks/results/explain_positions.txt); on fresh deals they do not: the 3-pile loss
#: ladder decided 56 deals with them against 57 (benchmarks/results/loss_ladder.txt).
OFF_FOR_DEALS: tuple[str, ...] = ("hall",)


@dataclass(frozen=True)
class Strategy:
    """How the restart loop searches one deal; the defaults are the standard search.

    `restarts=False` makes it one plain depth-first pass; `options` are the kernel's
    reductions (OPT_* bits of kernel.py) left on; `noise` and `growth` set the restarts'
    pile-score noise and budget growth; `seeds` are the restart sequences, interleaved;
    `beams` runs the beam stage beside the restarts (never without them); `first_budget`
    is the first restart's nodes."""

    restarts: bool = True
    options: int = kernel.ALL_OPTIONS
    noise: int = NOISE
    growth: float = BUDGET_GROWTH
    seeds: tuple[int, ...] = (0,)
    beams: bool = True
    first_budget: int = FIRST_BUDGET


def solve(deal: Deal, limits: Limits = Limits(), progress: Progress | None = None,
          restarts: bool = True, disabled: tuple[str, ...] | None = None, noise: int = NOISE,
          growth: float = BUDGET_GROWTH, seeds: Sequence[int] = (0,),
          beams: bool = True, line: LineTable | None = None) -> Result:
    """Decide the deal. With `restarts=False` the search is one plain depth-first pass;
    `disabled` names reductions of RULE_SWITCHES to switch off (by default OFF_FOR_DEALS,
    or none for a position of a played line, `line`); restarts add random noise
    to the pile scores (10-100) at the level `noise_level` gives, and grow their budgets
    by the factor `growth`.
    `seeds` chooses the restart sequences, interleaved (see the module docstring): (0,) is
    the standard one (reproducible node for node); `sequence_seeds` gives the strategy's.
    Sequence s runs at the noise `sequence_noise(noise, s)`. Every sequence is a complete
    search, so any "unwinnable" is a proof.
    `beams` runs the beam stage beside the restarts (see the module docstring); it never
    runs without restarts.
    `line`: a table shared with the searches of other positions of the deal the position
    comes from (see LineTable; its memory, not `limits.memory`, sizes the table).
    ValueError when the position is not one of that deal's."""
    if not seeds or min(seeds) < 0 or len(set(seeds)) != len(seeds):
        raise ValueError(f"seeds must be distinct and at least 0, not {tuple(seeds)}")
    if disabled is None:
        disabled = () if line is not None else OFF_FOR_DEALS
    options = kernel.ALL_OPTIONS
    for name in disabled:
        options &= ~RULE_SWITCHES[name]
    if line is None:
        arrays, table = SearchArrays(deal), Table(limits.memory)
    else:
        arrays, table = SearchArrays(deal, line.turned(deal)), line.table
        table.count_stores_afresh()
    strategy = Strategy(restarts, options, noise, growth, tuple(seeds), beams)
    run = restart_loop(arrays, table, limits, progress, strategy)
    moves = decode_win(deal, arrays.winning_codes()) \
        if run.verdict is Verdict.WINNABLE else None
    stats: dict[str, float] = {name: int(arrays.stats[i]) for i, name in STAT_NAMES.items()}
    stats["restarts"] = run.restarts
    if run.beams:
        stats["beams"] = run.beams
        stats["beam_nodes"] = run.beam_nodes
    if run.won_by_beam:
        stats["won_by_beam_of_width"] = run.won_by_beam
    if tuple(seeds) != (0,):
        stats["seeds"] = ",".join(map(str, seeds))
    if run.verdict is not Verdict.UNKNOWN and len(seeds) > 1:
        stats["seed"] = run.seed  # the sequence that answered
    stats["nodes_per_second"] = round(run.nodes / run.seconds) if run.seconds > 0 else 0
    stats["table_entries"] = table.entries
    return Result(run.verdict, run.reason, moves, run.nodes, run.seconds, "search", stats)


class LineTable:
    """One table of lost positions for the searches of many positions of one deal: the
    positions along a played line, which explaining the line decides one after another
    (solver/patience/explain.py). A position proved lost while one of them is decided is
    then known lost to the searches of all the others.

    Why sharing is sound: an entry says that no winning line from its position respects its
    sleep marks, and it is stored only once the position's subtree was searched to the end
    (kernel.run: a restart cut by its budget or the clock abandons its open nodes without
    storing them), so it is a fact of the position, whichever root the search started from
    and in whatever order it tried the children (the argument that lets restarts and
    interleaved sequences share a table). Within one deal the key names one position: the
    stock index is counted from the deal's first card (kernel.position_key, `turned`), the
    reserve left is a prefix of the deal's and the stock left a tail of it, so the same key
    means the same reserve, the same piles, the same stock order to come and, since the
    foundations follow from the cards left, the same foundations. `turned` refuses a
    position whose reserve or stock is not the deal's, so no entry crosses between deals."""

    def __init__(self, deal: Deal, memory: int) -> None:
        self.deal = deal
        self.table = Table(memory)

    def turned(self, position: Deal) -> int:
        """The stock cards turned before `position`; ValueError when `position` is not a
        position of this deal (other rules, a reserve that is not a prefix of the deal's,
        a stock that is not a tail of the deal's)."""
        deal = self.deal
        turned = len(deal.stock) - len(position.stock)
        if position.rules != deal.rules or turned < 0 \
                or position.stock != deal.stock[turned:] \
                or position.reserve != deal.reserve[:len(position.reserve)]:
            raise ValueError("the position is not one of the deal's: its table cannot be shared")
        return turned


@dataclass
class _Run:
    """What one restart loop found: the verdict, why it stopped, its work, and the seed of
    the sequence that answered."""

    verdict: Verdict
    reason: str | None
    nodes: int
    seconds: float
    restarts: int
    beams: int
    beam_nodes: int
    won_by_beam: int
    seed: int


@dataclass
class _Sequence:
    """One restart sequence's place in the interleaved loop: its seed and noise, its next
    restart, and the nodes of its finished restarts and beams."""

    seed: int
    noise: int
    restart: int = 0
    nodes: int = 0
    beam_nodes: int = 0
    beams: int = 0


def restart_loop(arrays: SearchArrays, table: Table, limits: Limits,
                 progress: Progress | None, strategy: Strategy) -> _Run:
    """The interleaved restarts and beams of `solve` (see the module docstring) on prepared
    arrays and table; the winning line, if any, is left in `arrays`."""
    restarts, beams, growth = strategy.restarts, strategy.beams, strategy.growth
    start = time.perf_counter()
    sequences = [_Sequence(seed, sequence_noise(strategy.noise, seed))
                 for seed in strategy.seeds]
    done = 0  # nodes of all sequences' finished restarts and beams
    won_by_beam = 0  # the width of the beam that found the win, if one did
    verdict, reason = Verdict.UNKNOWN, None
    seq = sequences[0]
    try:  # Ctrl-C, even while the kernel is still being compiled, gives "interrupted"
        warm_up(beam=False)  # the beam loads when the first beam is due (most deals: never)
        start = time.perf_counter()
        while True:
            seq = _next_sequence(sequences)
            if restarts and beams and seq.nodes - seq.beam_nodes >= max(BEAM_START_NODES,
                                                                        seq.beam_nodes):
                left = None if limits.max_nodes is None else limits.max_nodes - done
                width = beam_width(arrays, seq.beams, limits.memory, left)
            else:
                width = 0
            if width:
                start += _warm_up_beam()  # the limits measure the search, not the loading
                beam = Beam(arrays, width, noise=2 * (seq.seed // len(BEAM_UP_WEIGHTS)),
                            seed=seq.seed * SEED_STRIDE + seq.beams,
                            up_weight=BEAM_UP_WEIGHTS[seq.seed % len(BEAM_UP_WEIGHTS)])
                reason = _run_beam(beam, limits, done, start, progress, seq.restart)
                done += beam.nodes
                seq.nodes += beam.nodes
                seq.beam_nodes += beam.nodes
                seq.beams += 1
                if reason:
                    break
                if beam.win():
                    verdict = Verdict.WINNABLE
                    won_by_beam = width
                    break
            budget = int(strategy.first_budget * growth ** seq.restart) if restarts else 1 << 62
            if limits.max_nodes is not None:
                budget = min(budget, limits.max_nodes - done)
            first_plain = seq.restart == 0 and seq.seed == 0  # sequence 0 starts plainly
            level = noise_level(seq.noise, seq.restart, seq.seed)
            arrays.reset(noise=0 if first_plain else level,
                         seed=seq.seed * SEED_STRIDE + seq.restart)
            outcome = kernel.PAUSED
            while outcome == kernel.PAUSED:
                outcome = arrays.run(table, budget, CHUNK, strategy.options)
                table.grow_if_needed(int(arrays.stats[kernel.ST_TT_STORES]))
                elapsed = time.perf_counter() - start
                if progress:
                    progress(done + arrays.nodes, elapsed, _restarts(sequences))
                if outcome == kernel.PAUSED and limits.timeout is not None \
                        and elapsed >= limits.timeout:
                    reason = "time limit"
                    break
            if reason:
                break
            if outcome in (kernel.WON, kernel.LOST):
                verdict = Verdict.WINNABLE if outcome == kernel.WON else Verdict.UNWINNABLE
                break
            if limits.max_nodes is not None and done + arrays.nodes >= limits.max_nodes:
                reason = "node limit"
                break
            if limits.timeout is not None and time.perf_counter() - start >= limits.timeout:
                reason = "time limit"
                break
            done += arrays.nodes
            seq.nodes += arrays.nodes
            seq.restart += 1
    except KeyboardInterrupt:
        reason = "interrupted"
    nodes = done + arrays.nodes  # finished restarts and beams, and the last restart
    return _Run(verdict, reason, nodes, time.perf_counter() - start, _restarts(sequences),
                sum(s.beams for s in sequences), sum(s.beam_nodes for s in sequences),
                won_by_beam, seq.seed)


def _next_sequence(sequences: list[_Sequence]) -> _Sequence:
    """The sequence whose turn it is: the first one alone until it has spent
    FIRST_TRY_NODES (most deals are decided by then, so they get the one-sequence answer,
    node for node), then the one that has spent the fewest nodes (the first of equals)."""
    first = sequences[0]
    if first.nodes < FIRST_TRY_NODES:
        return first
    return min(sequences, key=lambda s: s.nodes)


def _restarts(sequences: list[_Sequence]) -> int:
    return sum(s.restart for s in sequences)


def beam_width(arrays: SearchArrays, index: int, memory: int,
               nodes_left: int | None = None) -> int:
    """The width of the index-th beam: BEAM_FIRST_WIDTH doubled `index` times, halved until
    BEAM_MEMORY_SHARE of the memory limit holds it (down to 1) and until it can finish
    within `nodes_left` (None: no node limit). 0 when no beam of at least BEAM_FIRST_WIDTH
    can finish in the nodes left: a beam cut short by the limit would be wasted."""
    width = BEAM_FIRST_WIDTH << min(index, 40)
    while width > 1 and beam_bytes(arrays, width) > BEAM_MEMORY_SHARE * memory:
        width //= 2
    if nodes_left is None:
        return width
    floor = min(BEAM_FIRST_WIDTH, width)  # a small memory limit may hold less than the first
    while width >= floor and Beam.most_nodes(arrays, width) > nodes_left:
        width //= 2
    return width if width >= floor else 0


def _run_beam(beam: Beam, limits: Limits, nodes_before: int, start: float,
              progress: Progress | None, restart: int) -> str | None:
    """Expand the beam layer by layer until it ends; "time limit" if the clock stops it.
    (No node limit can stop it: `beam_width` only starts a beam whose most nodes fit.)"""
    while not beam.finished:
        beam.step()
        elapsed = time.perf_counter() - start
        if progress:
            progress(nodes_before + beam.nodes, elapsed, restart)
        if limits.timeout is not None and elapsed >= limits.timeout:
            return "time limit"
    return None


def sequence_seeds(first: int = 0, count: int = SEQUENCES, jobs: int = 1,
                   worker: int = 0) -> tuple[int, ...]:
    """The seeds of the restart sequences that process `worker` of `jobs` interleaves when
    the strategy's `count` sequences, seeds `first`, `first` + 1, ..., are spread over `jobs`
    processes (at least one sequence each: more jobs add sequences).

    >>> sequence_seeds(0, 2), sequence_seeds(1, 4), sequence_seeds(0, 4, 2, 1)
    ((0, 1), (1, 2, 3, 4), (1, 3))
    >>> sequence_seeds(0, 2, 3, 2)
    (2,)
    """
    return tuple(first + s for s in range(worker, max(count, jobs), jobs))


def sequence_noise(noise: int, seed: int) -> int:
    """The noise that restart sequence `seed` runs with, given the base `noise`."""
    return max(1, round(noise * NOISE_FACTORS[seed % len(NOISE_FACTORS)]))


def noise_level(noise: int, restart: int, seed: int) -> int:
    """The noise level L of a restart (it adds random 0..L-1 to the pile scores): `noise`
    in every restart of sequence 0; in sequence s > 0, L cycles through 1, 2, ..., `noise`,
    starting s steps on.

    >>> [noise_level(3, k, 0) for k in range(1, 5)], [noise_level(3, k, 1) for k in range(7)]
    ([3, 3, 3, 3], [1, 2, 3, 1, 2, 3, 1])
    """
    return noise if seed == 0 else 1 + (restart - 1 + seed) % noise


def is_dead(deal: Deal, options: int = kernel.ALL_OPTIONS) -> bool:
    """The kernel's tests of a lost position on the deal's own position, with the given
    switches (see RULE_SWITCHES): the dead test when "dead" is on, the copy test when
    "copies" or "hall" is (with "hall", drawing the consequences of its tight counts). True
    means the position is lost, whatever the order of the stock. For benchmarks and tests
    that ask what the tests alone can prove."""
    a = SearchArrays(deal)
    a.reset(noise=0, seed=0)
    return bool(kernel.proved_lost(a.st, a.reserve, a.piles, a.h, a.n, a.stockcnt, a.d4,
                                   a.ranks, a.npiles, a.scratch, options))


_warm = False
_warm_beam = False


#: Loading the compiled code from numba's cache takes about 0.3 CPU seconds; when it takes
#: more than this, it is being compiled (the first run after install, or after an upgrade),
#: and one line is logged at INFO on the "solver" logger (the command line prints it).
#: CPU seconds, not wall-clock ones: on a busy machine a load from the cache can wait.
SLOW_LOAD_CPU_SECONDS = 1.0
_log = logging.getLogger(__name__)


@contextmanager
def _announced_if_slow(what: str, seconds: str) -> Iterator[None]:
    """Log one line once the block has used SLOW_LOAD_CPU_SECONDS of the process's CPU time
    (a watcher thread: numba's compiler is Python code, so the thread gets its turn)."""
    done = threading.Event()
    began = time.process_time()

    def watch() -> None:
        while not done.wait(0.25):
            if time.process_time() - began >= SLOW_LOAD_CPU_SECONDS:
                _log.info(f"compiling {what}, once after install (about {seconds} s)...")
                return

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        yield
    finally:
        done.set()


def warm_up(beam: bool = True) -> None:
    """Load (or compile) the kernel once per process, and with `beam` the beam too, so that
    timings and time limits measure the search. The search itself loads the beam only when
    its first beam is due: a deal decided sooner does not wait for it (start-up,
    benchmarks/results/startup.txt)."""
    global _warm
    if not _warm:
        with _announced_if_slow("the search", "10"):
            arrays = SearchArrays(_tiny_deal())
            arrays.reset(noise=0, seed=0)
            arrays.run(Table(1 << 16), 10, 10, kernel.ALL_OPTIONS)
        _warm = True
    if beam:
        _warm_up_beam()


def _warm_up_beam() -> float:
    """Load (or compile) the beam once per process; the seconds it took."""
    global _warm_beam
    if _warm_beam:
        return 0.0
    began = time.perf_counter()
    with _announced_if_slow("the beam search", "5"):
        beam_search(SearchArrays(_tiny_deal()), 1)  # a whole beam (it wins)
    _warm_beam = True
    return time.perf_counter() - began


def _tiny_deal() -> Deal:
    """A one-rank deal that every part of the search can run on in a few nodes."""
    from solver.patience.cards import Card
    from solver.patience.rules import Rules

    return Deal(Rules("frog", decks=1, ranks=1, waste_piles=1, reserve_size=0),
                stock=tuple(Card(1, suit) for suit in "CDH"), waste=((Card(1, "S"),),))
