"""A beam search for wins: run beside the restarts (driver.py), it finds wins the
depth-first search misses, and it never proves anything.

The stock fixes the length of every game: each turn consumes one stock card. So the
positions reachable after turning the i-th card form layer i, and the beam keeps the
`width` most promising distinct positions of each layer. A step from a position is: make
the foundation moves of one policy (only the safe ones of the search's autoplay, or every
card that fits, greedily), then turn the next card and place it (on a foundation where the
rules allow, or on any waste pile; piles with the same cards are one choice). Children
that the dead-position test refutes are dropped. After the last card, a small exact
search orders the foundation moves that empty the kept positions (`_empty`); a position
with every card up is a win, rebuilt move by move from the choices that led to it.

Where depth-first search commits early and explores late choices exhaustively, the beam
keeps many different early choices alive and judges them by a score: cards up and empty
waste piles, less a penalty for each card lying under a higher one in the reserve or a pile
(the higher card must go up first: the gap between their ranks, and a little more when
a card of the rank below the buried one is up already), plus a little random
noise. Since the beam keeps only some positions and the policies make only some of the
foundation moves, a failed beam proves nothing; a found line is a real line of play (the
caller replays it through the rules engine like every win).
"""
from __future__ import annotations

import numpy as np
from solver.compiled import allocating_jit, kernel_jit

from solver.patience.search import kernel
from solver.patience.search.kernel import (RD, SI, SRC_STOCK, TGT_FOUNDATION, TGT_PILE0, UP,
                                           move_code)
from solver.patience.search.state import SearchArrays, restart_rng

#: The score's weight of one card up, or one empty waste pile, against one rank of the
#: penalty for buried cards (`_score`). Measured at width 2,000 on 60 unknown `frog` and 60 unknown
#: `sir-tommy` survey deals (benchmarks/results/beam.txt): 2, 3, 4, 6 and 8 won 19, 20, 24,
#: 19 and 8 of the `frog` deals, 2, 4 and 8 won 28, 31 and 32 of the Sir Tommy ones.
#: Without the empty piles in the score, 4 won 17 and 21. With the buried-card penalty of
#: `_score` (commit 86bbd15), 4 and 8 won 35 and 35 `frog`, 50 and 46 Sir Tommy deals.
UP_WEIGHT = 4
#: The extra penalty of a buried card that the foundations could soon take: one whose rank
#: minus one is already up somewhere (`_buried_penalty`). Measured at width 2,000 on the 260
#: survey unknowns of benchmarks/results/beam.txt (commit 9737279): 149 won against 131
#: without it (Sir Tommy set 2: 21 against 9); 1 and 4 instead of 2 won fewer.
NEAR_PENALTY = 2
#: Two policies for the foundation moves before a turn: safe moves only, or every fit.
#: Every child the beam scores (a policy, then a placement) counts as one node.
POLICIES = 2
GREEDY = 1  # the policy number of every fit; policy 0 makes the safe moves only
#: Nodes the exact emptying of the last layer may spend, per kept position (one budget for
#: the layer, spent on its positions best first, after greedy emptying of each). On 20
#: unknown `sir-tommy` survey deals, width 2,000, greedy emptying won 4, the exact search
#: 12, at about 45 nodes a position (benchmarks/results/beam.txt).
EMPTY_NODES = 256
#: Slots of the table of positions the emptying has found lost (kernel.table_store).
EMPTY_TABLE = 1 << 14


def beam_bytes(arrays: SearchArrays, width: int) -> int:
    """The memory a beam of this width takes on the deal (its arrays, about)."""
    cap = arrays.piles.shape[1]
    # a child: 33 bytes of kid arrays, up to 16 of the table of positions, 8 of the ranking
    per_slot = 2 * (arrays.npiles * (cap + 8) + 8 * (arrays.ranks + 2) + 8) \
        + 5 * max(1, len(arrays.stock)) + 60 * POLICIES * (arrays.npiles + 1)
    return width * per_slot


class Beam:
    """One beam of `width` positions a layer over a deal, run layer by layer so that the
    caller can honour limits and Ctrl-C between layers. `noise` adds a random 0..noise-1
    to every score (in the units of one rank of penalty; `seed` fixes the draws)."""

    def __init__(self, arrays: SearchArrays, width: int, noise: int = 0, seed: int = 0,
                 up_weight: int = UP_WEIGHT) -> None:
        self.arrays = a = arrays
        self.width, self.noise, self.up_weight = width, noise, up_weight
        self.layers = len(a.stock)
        cap, npiles, ranks = a.piles.shape[1], a.npiles, a.ranks
        kids = width * POLICIES * (npiles + 1)
        self.slots = [(np.zeros((width, npiles, cap), dtype=np.int8),
                       np.zeros((width, npiles), dtype=np.int64),
                       np.zeros((width, ranks + 2), dtype=np.int64),
                       np.zeros(width, dtype=np.int64)) for _ in range(2)]
        self.parent = np.zeros((max(1, self.layers), width), dtype=np.int32)
        self.choice = np.zeros((max(1, self.layers), width), dtype=np.int8)
        self.kids = (np.zeros(kids, dtype=np.int64), np.zeros(kids, dtype=np.int8),
                     np.zeros(kids, dtype=np.int64), np.zeros(kids, dtype=np.uint64),
                     np.zeros(kids, dtype=np.uint64))
        self.buffer = np.zeros(2 * a.total_up + 2, dtype=np.int64)
        self.ending = np.zeros(a.total_up + 1, dtype=np.int64)  # the win's last moves
        self.nexts = np.zeros(a.total_up + 1, dtype=np.int64)  # the emptying's stack
        self.ending_length = -1  # how many, once a position of the last layer empties
        self.picks = np.zeros(max(1, self.layers), dtype=np.int64)  # the win's layer choices
        self.rng = np.array([restart_rng(seed)], dtype=np.int64)
        a.reset(noise=0, seed=0)
        _save(0, *self.slots[0], a.st, a.piles, a.h, a.n, npiles, ranks)
        self.count = 1
        self.layer = 0
        self.nodes = 0

    def step(self) -> None:
        """Expand the next layer (no position may survive: the beam has then failed); after
        the last one, search for a way to empty one of its positions."""
        a = self.arrays
        if self.layer == self.layers:
            self._empty_last_layer()
            return
        self.count, nodes = _expand(
            self.layer, self.count, a.reserve, a.stock, a.piles, a.h, a.ph1, a.ph2, a.n,
            a.stockcnt, a.st, a.scratch, a.sleep, a.d4, a.ranks, a.forced, a.npiles,
            *self.slots[0], *self.slots[1], self.parent, self.choice, *self.kids,
            self.buffer, self.rng, self.width, self.noise, self.up_weight)
        self.nodes += nodes
        self.slots.reverse()
        self.layer += 1

    def _empty_last_layer(self) -> None:
        """The step after the last layer: look for a kept position that empties (`_finish`),
        within EMPTY_NODES nodes a kept position."""
        a = self.arrays
        seen = (np.zeros(EMPTY_TABLE, dtype=np.uint64), np.zeros(EMPTY_TABLE, dtype=np.uint64),
                np.zeros(EMPTY_TABLE, dtype=np.uint8),
                np.zeros(kernel.STATS_SIZE, dtype=np.int64))  # the table's unread statistics
        self.ending_length, nodes = _finish(
            self.count, self.layers, EMPTY_NODES * self.width, a.reserve, a.stock, a.piles,
            a.h, a.ph1, a.ph2, a.n, a.stockcnt, a.st, a.sleep, a.d4, a.ranks, a.total_up,
            a.forced, a.npiles, *self.slots[0], self.parent, self.choice, *seen, self.ending,
            self.nexts, self.picks)
        self.nodes += nodes
        self.layer += 1

    @staticmethod
    def most_nodes(arrays: SearchArrays, width: int) -> int:
        """The most nodes a beam of this width can spend on the deal: a child per policy
        and placement of each kept position, in every layer (it spends about 60% of it),
        and the emptying's budget."""
        return width * (POLICIES * (arrays.npiles + 1) * len(arrays.stock) + EMPTY_NODES)

    @property
    def finished(self) -> bool:
        return self.layer > self.layers or self.count == 0

    def win(self) -> bool:
        """Whether the finished beam holds a position that empties to a win. If so, the
        arrays' path holds the whole line (`arrays.winning_codes()`)."""
        if self.ending_length < 0:
            return False
        a = self.arrays
        a.reset(noise=0, seed=0)
        _replay(self.picks, self.ending[:self.ending_length], a.reserve, a.stock, a.piles,
                a.h, a.ph1, a.ph2, a.n, a.stockcnt, a.st, a.path, a.d4, a.ranks, a.forced,
                a.npiles)
        return True


def beam_search(arrays: SearchArrays, width: int, noise: int = 0, seed: int = 0,
                up_weight: int = UP_WEIGHT) -> tuple[bool, int]:
    """Run a whole beam (no limits): whether it won, and the nodes it spent."""
    beam = Beam(arrays, width, noise, seed, up_weight)
    while not beam.finished:
        beam.step()
    return beam.win(), beam.nodes


@kernel_jit
def _load(k, bpiles, bh, bn, brd, st, piles, h, ph1, ph2, n, si, npiles, ranks, hashes):
    """Make beam slot k the working position (at stock index si), with its pile hashes if
    `hashes` (the keys need them; rebuilding a child for the dead test and the next layer
    does not, and hashing every stacked card is most of a load). The stock's rank counts
    are the same for every position of a layer: `_count_stock` sets them."""
    st[RD] = brd[k]
    st[SI] = si
    up = 0
    for r in range(ranks + 2):
        n[r] = bn[k, r]
    for r in range(1, ranks + 1):
        up += n[r]
    st[UP] = up
    for p in range(npiles):
        h[p] = bh[k, p]
        for i in range(h[p]):
            piles[p, i] = bpiles[k, p, i]
        if hashes:
            kernel.hash_pile(p, piles, h, ph1, ph2)


@kernel_jit
def _count_stock(stockcnt, stock, si, ranks):
    """The rank counts of the stock from index si on (what `_load` leaves as it is: every
    move a layer plays on a loaded position is taken back or leaves them as they were)."""
    for r in range(ranks + 2):
        stockcnt[r] = 0
    for i in range(si, stock.shape[0]):
        stockcnt[stock[i]] += 1


@kernel_jit
def _save(k, bpiles, bh, bn, brd, st, piles, h, n, npiles, ranks):
    """Store the working position in beam slot k."""
    brd[k] = st[RD]
    for r in range(ranks + 2):
        bn[k, r] = n[r]
    for p in range(npiles):
        bh[k, p] = h[p]
        for i in range(h[p]):
            bpiles[k, p, i] = piles[p, i]


@kernel_jit
def _policy(greedy, st, reserve, stock, piles, h, ph1, ph2, n, stockcnt, path, d4, ranks,
            forced, npiles):
    """Play the policy's foundation moves (all fits if `greedy`, else only safe ones) from
    the reserve and the piles, appending their codes to the path."""
    progress = True
    while progress:
        progress = False
        code = kernel.stacked_to_foundation(st, reserve, piles, h, n, stockcnt, d4, ranks,
                                            forced, npiles, greedy)
        if code >= 0:
            kernel.apply_move(code, st, reserve, stock, piles, h, ph1, ph2, n, stockcnt)
            path[st[kernel.PLEN]] = code
            st[kernel.PLEN] += 1
            progress = True


@kernel_jit
def _placement(option, st, stock, n, forced, npiles, h, piles):
    """The move code of placing the turned card by `option` (0 the foundation, 1 + p pile
    p), or -1 when the rules forbid it or an earlier pile with the same cards stands for
    it."""
    r = stock[st[SI]]
    fits = n[r - 1] > n[r]
    if option == 0:
        return move_code(r, SRC_STOCK, TGT_FOUNDATION) if fits else -1
    if fits and forced:
        return -1
    p = option - 1
    for q in range(p):
        if h[q] == h[p]:
            same = True
            for i in range(h[p]):
                if piles[q, i] != piles[p, i]:
                    same = False
                    break
            if same:
                return -1
    return move_code(r, SRC_STOCK, TGT_PILE0 + p)


@kernel_jit
def _score(st, reserve, piles, h, n, npiles, up_weight):
    """Cards up and empty piles, weighted, less a penalty for every buried card: how many
    ranks the highest card above it in its stack (the reserve or a pile) stands above it,
    since that card must go up first, and NEAR_PENALTY more if the foundations could soon
    take it.

    Counting every buried card, not only the gap at each step up the stack, also weighs
    how deep a low card lies: at width 2,000 on 140 `frog` and 120 `sir-tommy` survey
    unknowns the beam alone won 72 and 59 of them, against 54 and 49 with the step gaps
    (benchmarks/results/beam.txt). A buried card that some foundation could soon take
    (a card of the rank below it is up) costs more than its rank gap says: with that, the
    beam won 79 and 70.
    """
    penalty = _buried_penalty(reserve, st[RD], n)
    empty = 0
    for p in range(npiles):
        if h[p] == 0:
            empty += 1
        penalty += _buried_penalty(piles[p], h[p], n)
    return up_weight * (st[UP] + empty) - penalty


@kernel_jit(inline=True)
def _buried_penalty(stack, height, n):
    """The rank gaps between each card of a stack (bottom first, `height` cards) and the
    highest card above it, plus NEAR_PENALTY for each such buried card of a rank r with a
    rank r-1 card up (n[0] > 0: Aces count)."""
    penalty = 0
    highest = 0
    for i in range(height - 1, -1, -1):
        if stack[i] > highest:
            highest = stack[i]
        else:
            penalty += highest - stack[i]
            if n[stack[i] - 1] > 0:
                penalty += NEAR_PENALTY
    return penalty


@kernel_jit
def _next_random(state):
    """A xorshift step on state[0] (non-negative), for the scores' noise."""
    x = state[0]
    x ^= (x << 13) & 0x7FFFFFFFFFFFFFFF
    x ^= x >> 7
    x ^= (x << 17) & 0x7FFFFFFFFFFFFFFF
    state[0] = x & 0x7FFFFFFFFFFFFFFF
    return state[0]


@allocating_jit
def _expand(si, count, reserve, stock, piles, h, ph1, ph2, n, stockcnt, st, scratch, sleep,
            d4, ranks, forced, npiles, bpiles, bh, bn, brd, npiles2, nh, nn, nrd, parent, choice,
            kid_parent, kid_choice, kid_score, kid_k1, kid_k2, buf, rng, width, noise,
            up_weight):
    """Layer si -> si + 1: score every child of the `count` kept positions, keep the best
    of each distinct position, and store the best `width` that the dead test does not
    refute in the second slot arrays. Returns how many were kept and the nodes (children)
    spent. Positions are told apart by the search's own table key, with the sleep marks of
    row 0 (none, since the beam keeps none: `SearchArrays.reset` clears them).

    The dead test runs only on the children `_keep` reaches, best first, not on every
    child: the same layer is kept as when every child is tested first and the dead ones
    dropped, because the test depends on the position alone, so the children of one key
    are all dead or all live (the best of a key is the same either way), and dropping the
    dead ones leaves the live ones in the same order. A layer has some ten children a kept
    position; the test, the costliest step of a child, now runs on about two.

    Only this function runs with numba's runtime on, for the selection's arrays; the loops
    that make and rebuild the children (`_children`, `_keep`) run with it off, where a call
    of a helper costs no reference counting on its array arguments (kernel.py's docstring)."""
    kids, nodes = _children(si, count, reserve, stock, piles, h, ph1, ph2, n, stockcnt, st,
                            sleep, d4, ranks, forced, npiles, bpiles, bh, bn, brd,
                            kid_parent, kid_choice, kid_score, kid_k1, kid_k2, buf, rng,
                            noise, up_weight)
    # the best child of each distinct position (the key sums the piles' hashes, so piles in
    # another order are the same position), then the best `width` of those
    slots = 2
    while slots < 2 * kids:
        slots *= 2
    best = np.full(slots, -1, dtype=np.int32)
    ranking = np.empty(max(1, kids), dtype=np.int64)
    candidates = _best_of_each_key(kids, kid_k1, kid_k2, kid_score, best, ranking)
    kept = _keep(si, ranking, candidates, reserve, stock, piles, h, ph1, ph2, n, stockcnt, st,
                 scratch, d4, ranks, forced, npiles, bpiles, bh, bn, brd, npiles2, nh, nn, nrd,
                 parent, choice, kid_parent, kid_choice, buf, width)
    return kept, nodes


@kernel_jit
def _children(si, count, reserve, stock, piles, h, ph1, ph2, n, stockcnt, st, sleep,
              d4, ranks, forced, npiles, bpiles, bh, bn, brd, kid_parent, kid_choice,
              kid_score, kid_k1, kid_k2, buf, rng, noise, up_weight):
    """Every child of the `count` kept positions of layer si, with its parent, choice,
    score and key, in the kid arrays; returns how many, and the nodes (children made).
    The dead test waits for `_keep` (see `_expand`)."""
    nodes = 0
    kids = 0
    _count_stock(stockcnt, stock, si, ranks)
    for k in range(count):
        # loaded once for both policies (a load hashes every stacked card): the moves of a
        # policy are taken back before the next one, as the placements are
        _load(k, bpiles, bh, bn, brd, st, piles, h, ph1, ph2, n, si, npiles, ranks, True)
        st[kernel.PLEN] = 0
        for policy in range(POLICIES):
            # the position after the policy's moves, shared by its placements: each is
            # played, judged, then taken back (`kernel.undo_move` restores what the placement
            # changed; what it leaves above a pile's height is never read)
            while st[kernel.PLEN] > 0:
                st[kernel.PLEN] -= 1
                kernel.undo_move(buf[st[kernel.PLEN]], st, piles, h, ph1, ph2, n, stockcnt)
            _policy(policy, st, reserve, stock, piles, h, ph1, ph2, n, stockcnt, buf, d4,
                    ranks, forced, npiles)
            for option in range(npiles + 1):
                code = _placement(option, st, stock, n, forced, npiles, h, piles)
                if code < 0:
                    continue
                kernel.apply_move(code, st, reserve, stock, piles, h, ph1, ph2, n, stockcnt)
                nodes += 1
                k1, k2 = kernel.position_key(st, ph1, ph2, h, sleep, 0, npiles)
                score = _score(st, reserve, piles, h, n, npiles, up_weight) * 1024
                if noise > 0:
                    score += _next_random(rng) % (noise * 1024)
                kid_parent[kids] = k
                kid_choice[kids] = policy * (npiles + 1) + option
                kid_score[kids] = score
                kid_k1[kids] = k1
                kid_k2[kids] = k2
                kids += 1
                kernel.undo_move(code, st, piles, h, ph1, ph2, n, stockcnt)
    return kids, nodes


#: A child's place in the ranking: score << RANK_SHIFT, plus a part that puts the earlier of
#: two children with equal scores first (a layer has fewer than 2^32 children).
RANK_SHIFT = 32
RANK_LOW = (1 << RANK_SHIFT) - 1


@kernel_jit
def _best_of_each_key(kids, kid_k1, kid_k2, kid_score, best, ranking):
    """Find the best-scored child of each distinct key (ties of score go to the earlier
    child) with an open-addressing table `best` (a power of two of at least 2 x kids slots,
    -1 when empty), and write their ranking values (score << RANK_SHIFT, then the earlier
    first) into `ranking`; returns how many."""
    mask = best.shape[0] - 1
    for c in range(kids):
        slot = np.int64(kid_k1[c] & np.uint64(mask))
        while True:
            b = best[slot]
            if b < 0:
                best[slot] = c
                break
            if kid_k1[b] == kid_k1[c] and kid_k2[b] == kid_k2[c]:
                if kid_score[c] > kid_score[b]:
                    best[slot] = c
                break
            slot = (slot + 1) & mask
    count = 0
    for slot in range(best.shape[0]):
        c = best[slot]
        if c >= 0:
            ranking[count] = (kid_score[c] << RANK_SHIFT) + (RANK_LOW - c)
            count += 1
    return count


@kernel_jit
def _sift_down(heap, i, size):
    """Restore the max-heap order below heap[i] (the first `size` entries)."""
    value = heap[i]
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and heap[child + 1] > heap[child]:
            child += 1
        if heap[child] <= value:
            break
        heap[i] = heap[child]
        i = child
    heap[i] = value


@kernel_jit
def _keep(si, ranking, candidates, reserve, stock, piles, h, ph1, ph2, n, stockcnt, st,
          scratch, d4, ranks, forced, npiles, bpiles, bh, bn, brd, npiles2, nh, nn, nrd,
          parent, choice, kid_parent, kid_choice, buf, width):
    """Rebuild the `candidates` children of `ranking`, best first (a heap: only as many
    are ordered as are reached), and keep those the dead test does not refute in the
    second slot arrays, at most `width` of them, recording each one's parent and choice;
    how many."""
    for i in range(candidates // 2 - 1, -1, -1):
        _sift_down(ranking, i, candidates)
    size = candidates
    kept = 0
    while size > 0 and kept < width:
        c = RANK_LOW - (ranking[0] & RANK_LOW)
        size -= 1
        ranking[0] = ranking[size]
        _sift_down(ranking, 0, size)
        k = kid_parent[c]
        _load(k, bpiles, bh, bn, brd, st, piles, h, ph1, ph2, n, si, npiles, ranks, False)
        st[kernel.PLEN] = 0
        policy = kid_choice[c] // (npiles + 1)
        option = kid_choice[c] % (npiles + 1)
        _policy(policy, st, reserve, stock, piles, h, ph1, ph2, n, stockcnt, buf, d4,
                ranks, forced, npiles)
        code = _placement(option, st, stock, n, forced, npiles, h, piles)
        kernel.apply_move(code, st, reserve, stock, piles, h, ph1, ph2, n, stockcnt)
        if not kernel.dead_test(st, reserve, piles, h, n, stockcnt, d4, ranks, npiles,
                               scratch, kernel.ALL_OPTIONS):
            _save(kept, npiles2, nh, nn, nrd, st, piles, h, n, npiles, ranks)
            parent[si, kept] = k
            choice[si, kept] = kid_choice[c]
            kept += 1
        kernel.undo_move(code, st, piles, h, ph1, ph2, n, stockcnt)  # the stock counts again
    return kept


@kernel_jit
def _finish(count, layers, budget, reserve, stock, piles, h, ph1, ph2, n, stockcnt, st,
            sleep, d4, ranks, total, forced, npiles, bpiles, bh, bn, brd, parent, choice,
            seen1, seen2, seen_work, seen_stats, ending, nexts, picks):
    """The stock is empty: empty each kept position greedily (every fit, as policy GREEDY
    plays them; these moves are not counted as nodes, the children scored are), then,
    best first, search each for a way to empty it (`_empty`) until one wins or `budget`
    nodes are spent. So whatever greedy emptying wins is won, whatever the budget. For a
    win, write the choices of every layer that led to it into `picks` and its emptying
    moves into `ending`. Returns (the emptying's length, -1 if none won; nodes spent)."""
    nodes = 0
    _count_stock(stockcnt, stock, layers, ranks)
    for exact in range(2):
        for k in range(count):
            _load(k, bpiles, bh, bn, brd, st, piles, h, ph1, ph2, n, layers, npiles, ranks,
                  True)
            if exact:
                length, spent = _empty(budget - nodes, reserve, stock, piles, h, ph1, ph2, n,
                                       stockcnt, st, sleep, d4, ranks, total, forced, npiles,
                                       seen1, seen2, seen_work, seen_stats, ending, nexts)
                nodes += spent
            else:
                st[kernel.PLEN] = 0
                _policy(GREEDY, st, reserve, stock, piles, h, ph1, ph2, n, stockcnt, ending,
                        d4, ranks, forced, npiles)
                length = st[kernel.PLEN] if st[UP] == total else -1
            if length >= 0:
                slot = k
                for si in range(layers - 1, -1, -1):
                    picks[si] = choice[si, slot]
                    slot = parent[si, slot]
                return length, nodes
            if nodes >= budget:
                break
    return -1, nodes


@kernel_jit
def _empty(budget, reserve, stock, piles, h, ph1, ph2, n, stockcnt, st, sleep, d4, ranks,
           total, forced, npiles, seen1, seen2, seen_work, seen_stats, codes, nexts):
    """Depth-first search for an order of foundation moves that puts every card up, from a
    position with the stock empty, within `budget` nodes. Returns (the number of moves,
    written to `codes`, or -1 if none was found; nodes spent).

    Once the stock is empty the only moves left take a top card of the reserve or of a
    pile to a foundation, but which copy of a rank goes up first matters (it uncovers
    different cards), so greedy emptying misses wins. The search tries the tops in the
    order of the reserve, then the piles; a safe card (the search's autoplay rule,
    kernel.safe_rank) is played as the only choice; and a
    position fully searched without a win is stored in `seen` (kernel's table functions):
    with no stock left, what can be won depends on the position alone. Nothing here is
    claimed lost: a position left unsearched only costs a win.
    """
    nodes = 0
    depth = 0
    fresh = True
    # nexts[d]: the next stack to try at depth d (-1: a safe card was played there)
    while True:
        if fresh:
            fresh = False
            if st[UP] == total:
                return depth, nodes
            nodes += 1
            k1, k2 = kernel.position_key(st, ph1, ph2, h, sleep, 0, npiles)
            if nodes > budget or kernel.table_probe(seen1, seen2, k1, k2):
                nexts[depth] = npiles + 1  # nothing to try here
            else:
                code = kernel.stacked_to_foundation(st, reserve, piles, h, n, stockcnt, d4,
                                                    ranks, forced, npiles, False)
                nexts[depth] = 0
                if code >= 0:
                    nexts[depth] = -1
                    kernel.apply_move(code, st, reserve, stock, piles, h, ph1, ph2, n, stockcnt)
                    codes[depth] = code
                    depth += 1
                    fresh = True
                    continue
        # The next stack, from nexts[depth] on, whose top fits: kernel.stacked_to_foundation
        # makes the same test from the reserve on; sharing a per-stack helper with it made
        # the kernel's autoplay 2.5-3.5% slower (Sir Tommy 6 at 6M nodes), so it stays apart.
        code = -1
        s = nexts[depth]
        while 0 <= s <= npiles and code < 0:
            if s == 0:
                if st[RD] > 0:
                    r = reserve[st[RD] - 1]
                    if n[r - 1] > n[r]:
                        code = move_code(r, kernel.SRC_RESERVE, TGT_FOUNDATION)
            elif h[s - 1] > 0:
                r = piles[s - 1, h[s - 1] - 1]
                if n[r - 1] > n[r]:
                    code = move_code(r, kernel.SRC_PILE0 + s - 1, TGT_FOUNDATION)
            s += 1
        if code >= 0:
            nexts[depth] = s
            kernel.apply_move(code, st, reserve, stock, piles, h, ph1, ph2, n, stockcnt)
            codes[depth] = code
            depth += 1
            fresh = True
            continue
        # every choice here failed (or the budget ran out): back up
        if nodes <= budget:
            k1, k2 = kernel.position_key(st, ph1, ph2, h, sleep, 0, npiles)
            kernel.table_store(seen1, seen2, seen_work, k1, k2, 0, seen_stats)
        if depth == 0:
            return -1, nodes
        depth -= 1
        kernel.undo_move(codes[depth], st, piles, h, ph1, ph2, n, stockcnt)


@kernel_jit
def _replay(picks, ending, reserve, stock, piles, h, ph1, ph2, n, stockcnt, st, path, d4,
            ranks, forced, npiles):
    """From the start position, play the beam's choice of every layer and then the
    emptying moves, writing the moves to the path."""
    st[kernel.PLEN] = 0
    for si in range(stock.shape[0]):
        policy = picks[si] // (npiles + 1)
        option = picks[si] % (npiles + 1)
        _policy(policy, st, reserve, stock, piles, h, ph1, ph2, n, stockcnt, path, d4, ranks,
                forced, npiles)
        code = _placement(option, st, stock, n, forced, npiles, h, piles)
        kernel.apply_move(code, st, reserve, stock, piles, h, ph1, ph2, n, stockcnt)
        path[st[kernel.PLEN]] = code
        st[kernel.PLEN] += 1
    for code in ending:
        kernel.apply_move(code, st, reserve, stock, piles, h, ph1, ph2, n, stockcnt)
        path[st[kernel.PLEN]] = code
        st[kernel.PLEN] += 1
