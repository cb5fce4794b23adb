"""The arrays the compiled search works on, built from a `Deal`.

The kernel keeps its whole stack in these arrays, which makes it resumable (run in chunks,
restart with another move order) and keeps Python objects out of the compiled code.
"""
from __future__ import annotations

import numpy as np

from solver.patience.deal import Deal
from solver.patience.search import kernel

#: The hashes of an empty pile, one per hash family (kernel.pile_hash).
PILE_SEEDS = (np.uint64(0x51ED270B27EA5B1F), np.uint64(0x2F1C3D4B5A697887))
TABLE_ENTRY_BYTES = 17  # two 64-bit key words and one byte of search work
MIN_TABLE_ENTRIES = 1 << 10


def table_entries(memory_bytes: int) -> int:
    """The largest power of two of table entries that fits the memory budget."""
    entries = MIN_TABLE_ENTRIES
    while entries * 2 * TABLE_ENTRY_BYTES <= memory_bytes:
        entries *= 2
    return entries


def restart_rng(seed: int) -> int:
    """The random state a restart with this seed starts from (its move-order noise)."""
    return (seed * 2654435761 + 88172645463325252) & 0x7FFFFFFFFFFFFFFF


class SearchArrays:
    """Position, stack and statistics arrays for one deal; the table lives apart so that
    restarts keep it."""

    def __init__(self, deal: Deal, turned: int = 0) -> None:
        """`turned`: the stock cards turned before this deal's stock, when it is a position in
        play searched on a table shared with other positions of its deal (driver.LineTable);
        the table's keys count the stock index from the deal's first card."""
        self.turned = turned
        rules = deal.rules
        self.ranks = rules.ranks
        self.d4 = rules.foundations
        self.forced = rules.forced
        self.npiles = rules.waste_piles
        total = rules.card_count
        self.total_up = total
        self.reserve = np.array([c.rank for c in deal.reserve], dtype=np.int8)
        self.stock = np.array([c.rank for c in deal.stock], dtype=np.int8)
        depth = 2 * total + 2
        self.piles = np.zeros((self.npiles, total + 1), dtype=np.int8)
        self.h = np.zeros(self.npiles, dtype=np.int64)
        self.ph1 = np.zeros((self.npiles, total + 2), dtype=np.uint64)
        self.ph2 = np.zeros((self.npiles, total + 2), dtype=np.uint64)
        self.n = np.zeros(self.ranks + 2, dtype=np.int64)
        self.stockcnt = np.zeros(self.ranks + 2, dtype=np.int64)
        self.st = np.zeros(16, dtype=np.int64)
        self.path = np.zeros(depth * 2, dtype=np.int64)
        self.moves = np.zeros((depth, 2 * self.npiles + 3), dtype=np.int64)
        self.nmoves = np.zeros(depth, dtype=np.int64)
        self.nfound = np.zeros(depth, dtype=np.int64)
        self.nextmove = np.zeros(depth, dtype=np.int64)
        self.nauto = np.zeros(depth, dtype=np.int64)
        self.fk1 = np.zeros(depth, dtype=np.uint64)
        self.fk2 = np.zeros(depth, dtype=np.uint64)
        self.fstart = np.zeros(depth, dtype=np.int64)
        self.sleep = np.full((depth, self.npiles + 1), kernel.NO_MARK, dtype=np.int64)
        self.stats = np.zeros(kernel.STATS_SIZE, dtype=np.int64)
        # rows 0-4: the dead test's counts and the pile scores; rows 5..5 + npiles: one row
        # per stack (the reserve, then each pile) for the dead test's order bounds
        # (kernel.dead_test); then 2 x (ranks + 1) rows for the copy test's counts and
        # 2 x (npiles + 1) for its bounds of each stacked card (kernel.copy_test)
        self.scratch = np.zeros((6 + self.npiles + 2 * (self.ranks + 1) + 2 * (self.npiles + 1),
                                 max(self.ranks + 2, self.npiles + 1, self.d4 + 2,
                                     self.piles.shape[1], self.reserve.shape[0])),
                                dtype=np.int64)
        # the kernel's named bundles of the arrays above (the same arrays, filled in place)
        self.position = kernel.Position(self.reserve, self.stock, self.piles, self.h, self.ph1,
                                        self.ph2, self.n, self.stockcnt, self.st)
        self.stack = kernel.Stack(self.path, self.moves, self.nmoves, self.nfound,
                                  self.nextmove, self.nauto, self.fk1, self.fk2, self.fstart,
                                  self.sleep)
        self.layout = kernel.Layout(self.d4, self.ranks, self.total_up, self.forced,
                                    self.npiles)
        self._deal = deal
        self._take_root()

    def fits(self, deal: Deal) -> bool:
        """Whether `load` can take the deal: the same rules, reserve and stock lengths."""
        return deal.rules == self._deal.rules and len(deal.reserve) == self.reserve.shape[0] \
            and len(deal.stock) == self.stock.shape[0]

    def load(self, deal: Deal) -> None:
        """Take another deal of the same shape (see `fits`) into these arrays, with fresh
        statistics, without allocating: for deciding many sampled stocks of one position."""
        self.reserve[:] = [c.rank for c in deal.reserve]
        self.stock[:] = [c.rank for c in deal.stock]
        self.stats[:] = 0
        same_piles = deal.waste == self._deal.waste
        self._deal = deal
        self._take_root(same_piles)

    def _take_root(self, same_piles: bool = False) -> None:
        """Compute the root position's piles, pile hashes, foundation and stock counts once
        per deal, so that each restart's `reset` only copies them. With `same_piles` (the
        deal's waste piles are those of the deal loaded before: sampled stocks of one
        position after one move, which `decide_samples` takes in a row) the piles and their
        hashes are kept; computing them was a tenth of a sampled game's time."""
        deal = self._deal
        if not same_piles:
            self._take_piles(deal)
            self._root_piles = [array.copy() for array in
                                (self.piles, self.h, self.ph1, self.ph2)]
        self.n[:] = 0
        self.n[0] = self.d4
        for top in deal.foundations:
            self.n[1:top.rank + 1] += 1
        self.stockcnt[:] = np.bincount(self.stock, minlength=self.stockcnt.shape[0])
        # copies of the root's arrays, as a position bundle for kernel.reset_to_root
        self.root = kernel.Position(self.reserve, self.stock, *self._root_piles,
                                    self.n.copy(), self.stockcnt.copy(), self.st)

    def _take_piles(self, deal: Deal) -> None:
        """The waste piles' ranks, heights and the hashes of every prefix of each pile."""
        self.h[:] = 0
        for p, pile in enumerate(deal.waste):
            self.h[p] = len(pile)
            self.piles[p, :len(pile)] = [card.rank for card in pile]
        for p in range(self.npiles):
            self.ph1[p, 0] = PILE_SEEDS[0]
            self.ph2[p, 0] = PILE_SEEDS[1]
            kernel.hash_pile(p, self.piles, self.h, self.ph1, self.ph2)

    def reset(self, noise: int, seed: int) -> None:
        """Put the stack back at the root position, with a move-order noise and seed."""
        kernel.reset_to_root(self.position, self.stack, self.root, self.layout, noise,
                             restart_rng(seed), self.turned)

    def run(self, table: Table, budget: int, chunk: int, options: int) -> int:
        """Advance the search by at most `chunk` nodes (see kernel.run)."""
        return kernel.run(self.position, self.stack,
                          kernel.TableArrays(table.k1, table.k2, table.work), self.layout,
                          self.stats, self.scratch, budget, chunk, options)

    def run_restarts(self, table: Table, budgets: np.ndarray, rngs: np.ndarray,
                     max_nodes: int, noise: int, options: int) -> int:
        """Every restart of a sampled position in compiled code, from the root (see
        kernel.run_restarts): WON, LOST, or BUDGET once `max_nodes` are spent."""
        return kernel.run_restarts(self.position, self.stack,
                                   kernel.TableArrays(table.k1, table.k2, table.work),
                                   self.layout, self.stats, self.scratch, self.root, budgets,
                                   rngs, max_nodes, noise, self.turned, options)

    @property
    def nodes(self) -> int:
        return int(self.st[kernel.NODES])

    def winning_codes(self) -> list[int]:
        return [int(code) for code in self.path[:self.st[kernel.PLEN]]]


class Table:
    """The transposition table of lost positions (128-bit keys; see kernel.table_store).

    It starts small and grows fourfold whenever it has taken as many entries as half its
    slots, up to the memory budget: a deal won in a few thousand nodes then never pays for
    clearing a gigabyte, and a long search still gets the whole budget.
    """

    START_ENTRIES = 1 << 18

    def __init__(self, memory_bytes: int) -> None:
        self.max_entries = table_entries(memory_bytes)
        self._allocate(min(self.START_ENTRIES, self.max_entries))
        self.stores_at_last_growth = 0

    def _allocate(self, entries: int) -> None:
        self.k1 = np.zeros(entries, dtype=np.uint64)
        self.k2 = np.zeros(entries, dtype=np.uint64)
        self.work = np.zeros(entries, dtype=np.uint8)

    @property
    def entries(self) -> int:
        return int(self.k1.shape[0])

    def count_stores_afresh(self) -> None:
        """Count the next search's stores from 0 (a table shared by several searches: each
        search's statistics start at 0, and the table grows by the stores of the search
        that fills it)."""
        self.stores_at_last_growth = 0

    def clear(self) -> None:
        """Forget every entry (they hold for one stock order only)."""
        self.k1.fill(0)
        self.k2.fill(0)
        self.work.fill(0)
        self.stores_at_last_growth = 0

    def grow_if_needed(self, stores: int) -> None:
        """Grow when the stores since the last growth reach half the slots."""
        if self.entries >= self.max_entries or \
                stores - self.stores_at_last_growth < self.entries // 2:
            return
        old = (self.k1, self.k2, self.work)
        try:
            self._allocate(min(self.entries * 4, self.max_entries))
        except MemoryError:  # less memory than --memory asked for: keep this table's size
            self.k1, self.k2, self.work = old
            self.max_entries = self.entries
            return
        scratch_stats = np.zeros(kernel.STATS_SIZE, dtype=np.int64)
        kernel.rehash(*old, self.k1, self.k2, self.work, scratch_stats)
        self.stores_at_last_growth = stores
