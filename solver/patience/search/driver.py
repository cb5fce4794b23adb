"""`solve(deal, limits)`: restarts, limits, progress and the answer, around the kernel.

Restarts: the first descent follows the plain move order with a small node budget; each
later one perturbs the pile scores with random noise and has a budget 1% larger (1000 x
1.01^k nodes): many short restarts find more wins than a few long ones (at 1 M nodes per
deal, growth 1.01 decided 6-14 more of 150 deals than 1.05 on frog, pysol-frog, fanny
and sir-tommy with less CPU, and proved small lost games in as many nodes;
benchmarks/results/restarts.txt). The table of lost positions is kept across restarts:
whether a position is lost does not depend on the order its children are tried in. A
restart whose search finishes within its budget has decided the deal: a win, or
"unwinnable" when the root itself was exhausted (no node-limit cut below it, since a cut
abandons the whole restart).
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from solver.patience.deal import Deal
from solver.patience.engine import Move
from solver.patience.search import kernel
from solver.patience.search.decode import decode_win
from solver.patience.search.state import SearchArrays, Table

FIRST_BUDGET = 1000
BUDGET_GROWTH = 1.01
NOISE = 20
CHUNK = 1 << 18
DEFAULT_MEMORY = 1 << 30

STAT_NAMES = {
    kernel.ST_TT_HITS: "table_hits",
    kernel.ST_TT_STORES: "table_stores",
    kernel.ST_REPLACED: "table_replacements",
    kernel.ST_DEAD: "prune_dead_position",
    kernel.ST_AUTO: "safe_autoplays",
    kernel.ST_SYMMETRY: "prune_symmetric_piles",
    kernel.ST_SLEEP: "prune_sleep_set",
}


@dataclass(frozen=True)
class Limits:
    """Search limits: None means no limit. `memory` sizes the transposition table."""

    max_nodes: int | None = None
    timeout: float | None = None
    memory: int = DEFAULT_MEMORY


@dataclass
class Result:
    """A verdict with its evidence and statistics (RULES.md, Machine-readable answers)."""

    verdict: str  # "winnable" | "unwinnable" | "unknown"
    reason: str | None = None  # why unknown: "node limit", "time limit", "interrupted"
    moves: list[Move] | None = None
    nodes: int = 0
    seconds: float = 0.0
    method: str = "search"
    stats: dict[str, float] = field(default_factory=dict)


Progress = Callable[[int, float, int], None]  # (nodes, seconds, restarts)


#: The reductions that can be switched off (for measuring each one and for testing it).
RULE_SWITCHES = {
    "autoplay": kernel.OPT_AUTOPLAY,
    "sleep": kernel.OPT_SLEEP,
    "dead": kernel.OPT_DEAD,
    "same-rank": kernel.OPT_DEAD_SAME,  # terms of the dead test: they act only with "dead"
    "higher-rank": kernel.OPT_DEAD_HIGHER,
    "symmetry": kernel.OPT_SYMMETRY,
    "ordering": kernel.OPT_ORDER,
}


def solve(deal: Deal, limits: Limits = Limits(), progress: Progress | None = None,
          restarts: bool = True, disabled: tuple[str, ...] = (), noise: int = NOISE,
          growth: float = BUDGET_GROWTH) -> Result:
    """Decide the deal. With `restarts=False` the search is one plain depth-first pass;
    `disabled` names reductions of RULE_SWITCHES to switch off; restarts add random noise
    0..noise-1 to the pile scores (10-100) and grow their budgets by the factor `growth`."""
    options = kernel.ALL_OPTIONS
    for name in disabled:
        options &= ~RULE_SWITCHES[name]
    arrays = SearchArrays(deal)
    table = Table(limits.memory)
    start = time.perf_counter()
    nodes_before = 0  # nodes of finished restarts
    restart = 0
    verdict, reason = "unknown", None
    try:  # Ctrl-C, even while the kernel is still being compiled, gives "interrupted"
        warm_up()
        start = time.perf_counter()
        while True:
            budget = int(FIRST_BUDGET * growth ** restart) if restarts else 1 << 62
            if limits.max_nodes is not None:
                budget = min(budget, limits.max_nodes - nodes_before)
            arrays.reset(noise=noise if restart else 0, seed=restart)
            outcome = kernel.PAUSED
            while outcome == kernel.PAUSED:
                outcome = arrays.run(table, budget, CHUNK, options)
                table.grow_if_needed(int(arrays.stats[kernel.ST_TT_STORES]))
                elapsed = time.perf_counter() - start
                if progress:
                    progress(nodes_before + arrays.nodes, elapsed, restart)
                if outcome == kernel.PAUSED and limits.timeout is not None \
                        and elapsed >= limits.timeout:
                    reason = "time limit"
                    break
            if reason:
                break
            if outcome in (kernel.WON, kernel.LOST):
                verdict = "winnable" if outcome == kernel.WON else "unwinnable"
                break
            if limits.max_nodes is not None and \
                    nodes_before + arrays.nodes >= limits.max_nodes:
                reason = "node limit"
                break
            if limits.timeout is not None and time.perf_counter() - start >= limits.timeout:
                reason = "time limit"
                break
            nodes_before += arrays.nodes
            restart += 1
    except KeyboardInterrupt:
        reason = "interrupted"
    nodes = nodes_before + arrays.nodes  # finished restarts plus the one that stopped
    seconds = time.perf_counter() - start
    moves = decode_win(deal, arrays.winning_codes()) if verdict == "winnable" else None
    stats: dict[str, float] = {name: int(arrays.stats[i]) for i, name in STAT_NAMES.items()}
    stats["restarts"] = restart
    stats["nodes_per_second"] = round(nodes / seconds) if seconds > 0 else 0
    stats["table_entries"] = table.entries
    return Result(verdict, reason, moves, nodes, seconds, "search", stats)


_warm = False


def warm_up() -> None:
    """Load (or compile) the kernel once per process, so that timings measure the search."""
    global _warm
    if not _warm:
        from solver.patience.cards import Card
        from solver.patience.rules import Rules

        tiny = Deal(Rules("frog", decks=1, ranks=1, waste_piles=1, reserve_size=0),
                    stock=tuple(Card(1, suit) for suit in "CDH"), waste=((Card(1, "S"),),))
        arrays = SearchArrays(tiny)
        arrays.reset(noise=0, seed=0)
        arrays.run(Table(1 << 16), 10, 10, kernel.ALL_OPTIONS)
        _warm = True
