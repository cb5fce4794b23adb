"""The compiled depth-first search over rank-only Frog positions (numba).

Everything here works on integer arrays; no I/O, no Python objects. The search is
resumable: its whole stack lives in the arrays of `SearchArrays` (see solver/patience/search/state.py),
so the driver can run it in chunks of nodes, print progress, honour a time limit or Ctrl-C,
and restart with a new move order while keeping the transposition table.

Position: the reserve depth `rd`, the stock index `si`, the waste piles (rank arrays with
heights) and, derived from them, n[r] = number of rank-r cards on the foundations (n[0] is a
sentinel equal to 4 x decks, so an Ace always fits). A rank-r card fits iff n[r-1] > n[r].

Soundness of each reduction is argued next to its function; every reduction is held to the
unpruned brute force, alone and together, by tests/patience/test_search.py.

Every function is compiled with numba's runtime off (`kernel_jit` of solver/compiled.py,
numba's `_nrt=False`, an option numba has kept since 0.19). With it on, each call of a helper atomically increments and decrements the
reference count of every array argument: some 120 atomic operations per node, measured at
about a third of the search's time (benchmarks/results/kernel_profile.txt). Nothing here
allocates or keeps an array, and every array belongs to the Python caller for the whole
call, so the counts have nothing to protect. Turning the runtime off changes no node count
(the benchmark deals search the same trees) and makes the kernel about 1.5x faster.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
from solver.compiled import kernel_jit, prefetch

# ---- move codes: (rank << 10) | (source << 5) | target
SRC_STOCK, SRC_RESERVE, SRC_PILE0 = 0, 1, 2  # pile p is source 2 + p
TGT_FOUNDATION, TGT_PILE0 = 0, 1  # pile p is target 1 + p

# ---- scalar slots of the `st` array
RD, SI, DEPTH, PLEN, NODES, RNG, UP, PHASE, NOISE = 0, 1, 2, 3, 4, 5, 6, 7, 8
#: Stock cards turned before the root's stock (a position in play searched on a table it
#: shares with other positions of the same deal: see `position_key`); 0 for a fresh deal.
TURNED = 9
PHASE_ENTER, PHASE_NEXT = 0, 1

# ---- statistics slots of the `stats` array
ST_TT_HITS, ST_TT_STORES, ST_DEAD, ST_AUTO, ST_SYMMETRY, ST_SLEEP, ST_REPLACED = 0, 1, 2, 3, 4, 5, 6
STATS_SIZE = 8

# ---- kernel return codes
WON, LOST, BUDGET, PAUSED = 1, 2, 3, 4

# ---- switches of the `options` argument (all on by default; off for measuring each rule)
OPT_AUTOPLAY, OPT_SLEEP, OPT_DEAD, OPT_SYMMETRY, OPT_ORDER = 1, 2, 4, 8, 16
OPT_DEAD_SAME, OPT_DEAD_HIGHER = 32, 64  # terms of the dead test (used only with OPT_DEAD)
OPT_COPIES = 128  # the copy-number test (`copy_test`)
OPT_HALL = 256  # the copy test drawing the consequences of tight counts (`copy_test`)
ALL_OPTIONS = OPT_AUTOPLAY | OPT_SLEEP | OPT_DEAD | OPT_SYMMETRY | OPT_ORDER | \
    OPT_DEAD_SAME | OPT_DEAD_HIGHER | OPT_COPIES | OPT_HALL

WINDOW = 8  # transposition-table probe window
#: The copy test with "hall" takes its counts at most this often: once, and once more with
#: the bounds its tight counts tightened. Taking them again until nothing changes decided
#: fewer hard positions of played games in the same time (50 against 52 of 183 at 3 s):
#: the extra rounds cost a quarter of the search's speed (0.75M against 0.98M nodes/s).
HALL_ROUNDS = 2
NO_MARK = -1


# ---- the arguments of `run`, in named bundles (numba passes a NamedTuple of arrays as is;
# `run` unpacks each once, so the helpers still take plain arrays)

class Position(NamedTuple):
    """The position the search stands on: reserve and stock ranks, the waste piles with
    their heights and running hashes, the foundation counts n[r], the stock's counts by
    rank, and the scalar slots `st` (RD, SI, DEPTH, ...)."""

    reserve: np.ndarray
    stock: np.ndarray
    piles: np.ndarray
    h: np.ndarray
    ph1: np.ndarray
    ph2: np.ndarray
    n: np.ndarray
    stockcnt: np.ndarray
    st: np.ndarray


class Stack(NamedTuple):
    """The depth-first stack, one row per depth: the line so far (`path`), each node's
    moves, how many there are and how many go to a foundation, the next to try, its
    autoplayed moves, its table key (fk1, fk2) and node count on entry, and sleep marks."""

    path: np.ndarray
    moves: np.ndarray
    nmoves: np.ndarray
    nfound: np.ndarray
    nextmove: np.ndarray
    nauto: np.ndarray
    fk1: np.ndarray
    fk2: np.ndarray
    fstart: np.ndarray
    sleep: np.ndarray


class TableArrays(NamedTuple):
    """The transposition table's two key halves and work estimates (state.Table)."""

    k1: np.ndarray
    k2: np.ndarray
    work: np.ndarray


class Layout(NamedTuple):
    """The deal's constants: foundations (4 x decks), ranks, cards in all, whether a
    fitting stock card must go up, and waste piles."""

    foundations: int
    ranks: int
    total_up: int
    forced: bool
    npiles: int


@kernel_jit(inline=True)
def move_code(rank, source, target):
    """Pack a move: (rank << 10) | (source << 5) | target. The kernel's one encoding; the
    decoder (decode.py) reads it back with `move_parts`."""
    return (rank << 10) | (source << 5) | target


@kernel_jit(inline=True)
def move_source(code):
    """The source field of a packed move (SRC_STOCK, SRC_RESERVE or SRC_PILE0 + p)."""
    return (code >> 5) & 31


@kernel_jit(inline=True)
def move_parts(code):
    """(rank, source, target) of a packed move."""
    return code >> 10, move_source(code), code & 31


@kernel_jit(inline=True)
def _mix(x):
    """SplitMix64 finaliser: a strong 64-bit mixing function."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@kernel_jit(inline=True)
def pile_hash(previous, rank, family):
    """Hash of a pile prefix extended by one card; two independent families give 128 bits."""
    salt = np.uint64(0x9E3779B97F4A7C15) if family == 0 else np.uint64(0xC2B2AE3D27D4EB4F)
    return _mix(previous * np.uint64(1099511628211) + np.uint64(rank + 1) + salt)


@kernel_jit
def hash_pile(p, piles, h, ph1, ph2):
    """The hashes of every prefix of pile p's h[p] cards, after its empty prefix's seeds
    (ph1[p, 0], ph2[p, 0]): the pile part of a position's key, kept current by apply_move."""
    for i in range(h[p]):
        ph1[p, i + 1] = pile_hash(ph1[p, i], piles[p, i], 0)
        ph2[p, i + 1] = pile_hash(ph2[p, i], piles[p, i], 1)


@kernel_jit
def apply_move(code, st, reserve, stock, piles, h, ph1, ph2, n, stockcnt):
    """Play a move (which the caller knows to be legal) and push it on the path."""
    rank, src, tgt = move_parts(code)
    if src == SRC_STOCK:
        st[SI] += 1
        stockcnt[rank] -= 1
    elif src == SRC_RESERVE:
        st[RD] -= 1
    else:
        h[src - SRC_PILE0] -= 1
    if tgt == TGT_FOUNDATION:
        n[rank] += 1
        st[UP] += 1
    else:
        q = tgt - TGT_PILE0
        k = h[q]
        piles[q, k] = rank
        ph1[q, k + 1] = pile_hash(ph1[q, k], rank, 0)
        ph2[q, k + 1] = pile_hash(ph2[q, k], rank, 1)
        h[q] = k + 1


@kernel_jit
def undo_move(code, st, piles, h, ph1, ph2, n, stockcnt):
    """Take back a move played by `apply_move` (the rank is part of the code)."""
    rank, src, tgt = move_parts(code)
    if tgt == TGT_FOUNDATION:
        n[rank] -= 1
        st[UP] -= 1
    else:
        h[tgt - TGT_PILE0] -= 1
    if src == SRC_STOCK:
        st[SI] -= 1
        stockcnt[rank] += 1
    elif src == SRC_RESERVE:
        st[RD] += 1
    else:
        p = src - SRC_PILE0
        k = h[p]
        piles[p, k] = rank  # a later push may have overwritten this slot
        ph1[p, k + 1] = pile_hash(ph1[p, k], rank, 0)
        ph2[p, k + 1] = pile_hash(ph2[p, k], rank, 1)
        h[p] = k + 1



@kernel_jit
def wake_after(code, sleep, row, reserve, piles, h, st, forced):
    """Clear the sleep marks that a move (already applied) invalidates.

    A mark on a card of rank r is cleared when another card of rank r goes up (it competes
    for the same foundations) and, under the forced rule, when a card of rank r+1 is turned
    (had the sleeper gone up, that card could have been forced up). A card that itself goes
    up loses its mark. Clearing a mark only widens the search, so it can never lose a win.
    """
    rank, src, tgt = move_parts(code)
    for s in range(sleep.shape[1]):
        mark = sleep[row, s]
        if mark == NO_MARK:
            continue
        if s == 0:
            asleep = reserve[mark]
            moved_self = src == SRC_RESERVE and mark == st[RD]
        else:
            asleep = piles[s - 1, mark]
            moved_self = src == SRC_PILE0 + s - 1 and mark == h[s - 1]
        if moved_self or (tgt == TGT_FOUNDATION and asleep == rank) or \
                (forced and src == SRC_STOCK and asleep == rank - 1):
            sleep[row, s] = NO_MARK


@kernel_jit
def child_sleep(moves, d, i, found, sleep, st, h):
    """Sleep sets: the foundation moves tried before child i go to sleep in it.

    Foundation moves of different ranks commute and none disables another; a stock card put
    on a pile only covers a card, which could have gone up first with the same result. So
    any winning line below child i that plays an earlier sibling's card c before a
    clearing event (`wake_after`) can be reordered to play c first, and that line lies
    below c's own child, which was searched already. The turn children (i >= found) put
    every foundation move of the node to sleep.
    """
    last = min(found, i)
    for j in range(last):
        src = move_source(moves[d, j])
        if src == SRC_RESERVE:
            sleep[d + 1, 0] = st[RD] - 1
        else:
            p = src - SRC_PILE0
            sleep[d + 1, p + 1] = h[p] - 1


@kernel_jit
def safe_rank(rank, n, stockcnt, d4, ranks, forced):
    """Whether a fitting card of this rank may go up at once without losing any win.

    Sound when every card of rank r-1 is up: each remaining rank-r card then always has a
    foundation, so playing one earlier takes no place another needs, and it only lets
    rank r+1 cards fit sooner, which under optional play is never a loss (the player may
    still decline). Under forced play a rank r+1 card turned later would be forced up
    earlier than in the original line, so we also require that none is left in the stock.
    """
    if n[rank - 1] < d4:
        return False
    return (not forced) or rank == ranks or stockcnt[rank + 1] == 0


@kernel_jit
def stacked_to_foundation(st, reserve, piles, h, n, stockcnt, d4, ranks, forced, npiles,
                          any_fit):
    """The move of the first top card, of the reserve and then of each pile, that fits a
    foundation and is safe (see `safe_rank`), or with `any_fit` merely fits; -1 if none.
    Autoplay asks for safe cards; the beam search (beam.py) also plays every fit."""
    rd = st[RD]
    if rd > 0:
        r = reserve[rd - 1]
        if n[r - 1] > n[r] and (any_fit or safe_rank(r, n, stockcnt, d4, ranks, forced)):
            return move_code(r, SRC_RESERVE, TGT_FOUNDATION)
    for p in range(npiles):
        if h[p] > 0:
            r = piles[p, h[p] - 1]
            if n[r - 1] > n[r] and (any_fit or safe_rank(r, n, stockcnt, d4, ranks, forced)):
                return move_code(r, SRC_PILE0 + p, TGT_FOUNDATION)
    return -1


@kernel_jit
def autoplay(st, reserve, stock, piles, h, ph1, ph2, n, stockcnt, path, sleep, row,
              d4, ranks, forced, npiles, stats):
    """Play every safe card (see `safe_rank`) from the reserve, the piles and the stock.

    Turning the stock card to a foundation when it is safe is also WLOG: any winning line
    turns it at some point; turning it now and skipping its later move leaves every other
    move legal (no other turn happens before it, and it covers nothing). Returns the
    number of moves played (they are on the path, for undoing).
    """
    played = 0
    progress = True
    while progress:
        progress = False
        code = stacked_to_foundation(st, reserve, piles, h, n, stockcnt, d4, ranks, forced,
                                     npiles, False)
        if code < 0 and st[SI] < stock.shape[0]:
            r = stock[st[SI]]
            if n[r - 1] > n[r] and safe_rank(r, n, stockcnt, d4, ranks, forced):
                code = move_code(r, SRC_STOCK, TGT_FOUNDATION)
        if code >= 0:
            apply_move(code, st, reserve, stock, piles, h, ph1, ph2, n, stockcnt)
            path[st[PLEN]] = code
            st[PLEN] += 1
            wake_after(code, sleep, row, reserve, piles, h, st, forced)
            played += 1
            progress = True
    stats[ST_AUTO] += played
    return played


@kernel_jit
def dead_test(st, reserve, piles, h, n, stockcnt, d4, ranks, npiles, scratch, options):
    """A counting test: True when some remaining card can provably never go up.

    Over-approximate every future: the stock cards are all free at once, and the reserve
    and each pile (its "stack") give up their cards top first, each only to a foundation.
    Grow a set U of cards that might go up (starting with those already up); reach[s] is
    min over ranks t <= s of |U of rank t|. A stock card of rank r joins U when
    reach[r-1] >= n[r] + 1; a stacked card x of rank r joins when every card above x in its
    stack is in U and reach[r-1] >= L(x), where L(x) is a lower bound on the ordinal k of x
    among the rank-r cards to go up (x goes up as the k-th card of rank r):

        L(x) = max(n[r] + 1,  1 + L(y) for every card y above x in x's stack with
                               rank(y) = r (term `same-rank`) or rank(y) > r (`higher-rank`)).

    Why L is a lower bound, in any real line from here, by induction down the stack: a
    stacked card leaves its stack only to a foundation, so every card y above x goes up
    before x. k > n[r] since n[r] rank-r cards are up already. If y has rank r and goes up
    as the k_y-th, x comes later among the same rank: k >= k_y + 1. If y has rank s > r, then
    just before y goes up n'[s-1] > n'[s] = k_y - 1, and n'[r] >= n'[s-1] (a foundation
    count never grows with the rank), so at least k_y rank-r cards are up then, x not
    among them: again k >= k_y + 1. So k >= L(x).
    Why a card outside U can never go up: consider, in a real line, the first card to go up
    that is not in U. If it is the k-th of its rank r, then just before, every rank t < r
    has at least k cards up, all in U (they went up earlier, or were up already), and so
    |U of rank t| >= k for each t < r, i.e. reach[r-1] >= k >= L(x) (for a stock card,
    k >= n[r] + 1); the cards above it in its stack went up before it and are in U too.
    So it would have been added: contradiction. Hence a remaining card never added can
    never go up, and the position is lost. U is the least set closed under these rules,
    whatever the order cards join in: a stacked card is tested only once every card above
    it has joined, so its L is fixed by then, and reach only grows. So reach is kept
    current as cards join (`_lift_reach`) and the sweeps over the stacks repeat until none
    gives a card. With both terms off this is the plain test, L(x) = n[r] + 1.
    """
    cnt = scratch[0]
    left = scratch[1]
    ptr = scratch[2]
    reach = scratch[3]
    same = options & OPT_DEAD_SAME
    higher = options & OPT_DEAD_HIGHER
    # scratch[5 + s][t] (stack s: 0 the reserve, 1 + p pile p): max L(y) over the cards y
    # already in U above the stack's pointer whose rank counts for a rank-t card below.
    for s in range(npiles + 1):
        for r in range(ranks + 2):
            scratch[5 + s, r] = 0
    for r in range(ranks + 2):
        cnt[r] = n[r]
        left[r] = stockcnt[r]
    reach[0] = d4
    _lift_reach(1, cnt, left, reach, n, ranks, True)
    rptr = st[RD]
    stacked = rptr  # cards left in the stacks, outside U
    for p in range(npiles):
        ptr[p] = h[p]
        stacked += h[p]
    changed = True
    while changed and stacked > 0:
        changed = False
        for s in range(npiles + 1):
            bound = scratch[5 + s]
            while True:
                if s == 0:
                    if rptr == 0:
                        break
                    r = reserve[rptr - 1]
                else:
                    if ptr[s - 1] == 0:
                        break
                    r = piles[s - 1, ptr[s - 1] - 1]
                need = max(n[r] + 1, bound[r] + 1)
                if reach[r - 1] < need:
                    break
                cnt[r] += 1
                _lift_reach(r, cnt, left, reach, n, ranks, False)
                if s == 0:
                    rptr -= 1
                else:
                    ptr[s - 1] -= 1
                stacked -= 1
                changed = True
                if same and higher:
                    # Both terms raise bound[t] to need for every t <= r, so bound stays
                    # non-increasing in t and the entries below need are a run ending at
                    # r: raising that run, down to the first t at need, is the same update.
                    t = r
                    while t > 0 and bound[t] < need:
                        bound[t] = need
                        t -= 1
                elif same:
                    bound[r] = max(bound[r], need)
                elif higher:
                    for t in range(1, r):
                        bound[t] = max(bound[t], need)
    if stacked > 0:
        return True
    for r in range(1, ranks + 1):
        if left[r] > 0:
            return True
    return False


@kernel_jit
def copy_test(st, reserve, piles, h, n, stockcnt, d4, ranks, npiles, scratch, tighten):
    """A second counting test, on the stacks alone (with `tighten`, on the stock's counts by
    rank too): True when the remaining cards cannot all be given the places among their
    rank that their stacks force on them.

    Every rank has d4 cards; in a won game each goes up as the k-th card of its rank for a
    distinct k in 1..d4 (its *place*), the n[r] cards up already holding 1..n[r], so the
    d4 - n[r] rank-r cards left (stacked or in the stock) take the places n[r]+1..d4, one
    each. Within a stack (the reserve or a waste pile, whose cards leave only to a
    foundation, top first, and under which nothing is ever put), a card y above x of the
    same or a higher rank forces place(x) >= place(y) + 1 (the argument of `dead_test`'s
    L). So each stacked card has a lowest place `lo`, from the cards above it (`dead_test`'s
    L), and a highest place `hi`, from the cards below it: hi(y) = min(d4, hi(x) - 1 for
    every x below y whose rank is at most y's). In any won game every card's place lies in
    [lo, hi] and the places of one rank are all different, so (Hall's condition for such a
    matching) no b can have more than b - n[r] rank-r cards with hi <= b (they need places
    in n[r]+1..b), and no a more than d4 - a + 1 cards with lo >= a; a card with lo > d4 or
    hi <= n[r] has no place at all. If any of these fails, no won game exists: the position
    is lost. Stock cards may take any place, so without `tighten` they never make a count
    fail and are left out.

    `tighten` (switch "hall") also draws the consequences of a count that holds with
    equality. If exactly b - n[r] rank-r cards have hi <= b (b < d4), those cards take all
    of the places n[r]+1..b, so every other rank-r card, stacked or in the stock, has a
    place above b: its lo rises to b + 1. Likewise if exactly d4 - a + 1 have lo >= a, every
    other card's hi falls to a - 1. A raised lo passes down its stack and a lowered hi up
    it (the chain bounds above), the stock cards of a rank keep one shared interval (they
    all start with [n[r]+1, d4] and every rule treats them alike), and the counts are taken
    again, HALL_ROUNDS times at most: every bound holds in every won game at each step, so a
    count that fails, or a card left with lo > hi, still means that no won game exists
    (stopping before nothing changes only leaves some consequences undrawn). On random
    lines from hard positions of lost blind games it proved lost about a tenth more of the
    positions the dead and copy tests left open (a fifth with rounds until nothing
    changes); it costs a quarter to a third of the search's speed there.

    `dead_test` sees only the lower bounds, and only one card at a time: it misses a pile
    whose bottom card must be the last of its rank, which forces each card above it to be
    an early one, while another stack needs some of those early places too (a position of
    a lost blind game, 46 cards in the stock, is proved lost so with no search at all,
    where the search without the test did not prove it in a minute). loss_reason.py's
    `copy_reason` re-derives the test without `tighten` from the cards and puts its proof
    in words. Rows 0-3 of `scratch` (the dead test's, which it fills afresh each call) hold
    the running bounds and the stock's intervals; the rows from 6 + npiles count the bounds
    by rank and value, then hold each stacked card's lo and hi (a row per stack).
    """
    bound = scratch[0]
    cap = scratch[1]
    stock_lo = scratch[2]
    stock_hi = scratch[3]
    lows = 6 + npiles
    highs = lows + ranks + 1
    card_lo = highs + ranks + 1  # row card_lo + s: the lo of each card of stack s
    card_hi = card_lo + npiles + 1
    if tighten:  # the stock's intervals count only with `tighten`
        for r in range(1, ranks + 1):
            stock_lo[r] = n[r] + 1
            stock_hi[r] = d4
    changed = True
    rounds = 0
    while changed:
        changed = False
        rounds += 1
        for r in range(1, ranks + 1):
            for v in range(d4 + 2):
                scratch[lows + r, v] = 0
                scratch[highs + r, v] = 0
            if tighten and stockcnt[r] > 0:
                if stock_lo[r] > stock_hi[r]:
                    return True
                scratch[lows + r, stock_lo[r]] += stockcnt[r]
                scratch[highs + r, stock_hi[r]] += stockcnt[r]
        for s in range(npiles + 1):
            height = st[RD] if s == 0 else h[s - 1]
            if height == 0:
                continue
            for t in range(ranks + 2):
                bound[t] = 0  # max lo of the cards above of rank >= t: falls with t
                cap[t] = d4 + 1  # min hi of the cards below of rank <= t: falls with t
            for i in range(height - 1, -1, -1):  # top down: lo
                r = reserve[i] if s == 0 else piles[s - 1, i]
                low = max(n[r] + 1, bound[r] + 1)
                if rounds > 1:  # the cards' bounds are stored from the first round on
                    low = max(low, scratch[card_lo + s, i])
                if low > d4:
                    return True
                if tighten:
                    scratch[card_lo + s, i] = low
                scratch[lows + r, low] += 1
                t = r
                while t > 0 and bound[t] < low:
                    bound[t] = low
                    t -= 1
            for i in range(height):  # bottom up: hi
                r = reserve[i] if s == 0 else piles[s - 1, i]
                high = min(d4, cap[r] - 1)
                if rounds > 1:
                    high = min(high, scratch[card_hi + s, i])
                if high <= n[r]:
                    return True
                if tighten:
                    if high < scratch[card_lo + s, i]:
                        return True
                    scratch[card_hi + s, i] = high
                scratch[highs + r, high] += 1
                t = r
                while t <= ranks and cap[t] > high:
                    cap[t] = high
                    t += 1
        tight_ranks = 0
        for r in range(1, ranks + 1):
            # the counts; with `tighten`, each count's row then holds, for each value v,
            # the nearest place that a tight count shuts off: highs[v] the largest tight b
            # below v (n[r] if none), lows[v] the smallest tight a above v (d4 + 1 if
            # none); highs[0] says whether the rank has a tight count inside n[r]+1..d4
            inner = 0
            below = 0
            tight = n[r]
            for b in range(n[r] + 1, d4 + 1):
                below += scratch[highs + r, b]
                if below > b - n[r]:
                    return True
                if tighten:
                    scratch[highs + r, b] = tight
                    if below == b - n[r] and b < d4:
                        tight = b
                        inner = 1
            above = 0
            tight = d4 + 1
            for a in range(d4, n[r], -1):
                above += scratch[lows + r, a]
                if above > d4 - a + 1:
                    return True
                if tighten:
                    scratch[lows + r, a] = tight
                    if above == d4 - a + 1 and a > n[r] + 1:
                        tight = a
                        inner = 1
            scratch[highs + r, 0] = inner
            tight_ranks += inner
        if not tighten or tight_ranks == 0 or rounds == HALL_ROUNDS:
            return False
        for s in range(npiles + 1):
            height = st[RD] if s == 0 else h[s - 1]
            for i in range(height):
                r = reserve[i] if s == 0 else piles[s - 1, i]
                if scratch[highs + r, 0] == 0:
                    continue
                low = scratch[card_lo + s, i]
                high = scratch[card_hi + s, i]
                raised = max(low, scratch[highs + r, high] + 1)
                lowered = min(high, scratch[lows + r, low] - 1)
                if raised != low or lowered != high:
                    scratch[card_lo + s, i] = raised
                    scratch[card_hi + s, i] = lowered
                    changed = True
        for r in range(1, ranks + 1):
            if stockcnt[r] > 0 and scratch[highs + r, 0]:
                low = stock_lo[r]
                high = stock_hi[r]
                raised = max(low, scratch[highs + r, high] + 1)
                lowered = min(high, scratch[lows + r, low] - 1)
                if raised != low or lowered != high:
                    stock_lo[r] = raised
                    stock_hi[r] = lowered
                    changed = True
    return False


@kernel_jit(inline=True)
def proved_lost(st, reserve, piles, h, n, stockcnt, d4, ranks, npiles, scratch, options):
    """Whether the tests `options` switch on prove the position lost: the dead test
    ("dead"), then the copy test ("copies"; with "hall", drawing the consequences of its
    tight counts). The search asks at every node; driver.is_dead asks of a deal's own
    position."""
    if options & OPT_DEAD and dead_test(st, reserve, piles, h, n, stockcnt, d4, ranks, npiles,
                                        scratch, options):
        return True
    return (options & (OPT_COPIES | OPT_HALL)) != 0 and \
        copy_test(st, reserve, piles, h, n, stockcnt, d4, ranks, npiles, scratch,
                  options & OPT_HALL)


@kernel_jit
def _lift_reach(start, cnt, left, reach, n, ranks, full):
    """Bring reach[start..] up to date after cnt[start] grew (or, with `full`, compute it
    from scratch): reach[t] = min(reach[t-1], cnt[t]), and the stock cards of rank t join U
    as soon as reach[t-1] > n[t]. Past `start` a rank whose reach did not change leaves
    every higher one as it was, so the update stops there unless `full`."""
    for t in range(start, ranks + 1):
        if left[t] > 0 and reach[t - 1] > n[t]:
            cnt[t] += left[t]
            left[t] = 0
        value = min(reach[t - 1], cnt[t])
        if value == reach[t] and not full and t > start:
            return
        reach[t] = value


@kernel_jit
def position_key(st, ph1, ph2, h, sleep, row, npiles):
    """The 128-bit canonical key of a position with its sleep marks.

    The foundations follow from what is left, so the key is the reserve depth, the stock
    index counted from the deal's first card (st[SI] + st[TURNED]), and the multiset of
    (pile, mark) pairs: a sum of strong per-pile hashes, so that permuting the
    interchangeable piles gives the same key. An entry means "no winning line respects
    these sleep marks". Counting the stock index from the deal's first card makes the keys
    of a deal's positions in play agree with the deal's own: a position's reserve is a
    prefix of the deal's (its mark indexes that prefix) and its stock is the deal's from
    that index on, so one key is one position of the deal, with one future, whichever
    position the search started from (driver.LineTable). (Probing the same position without
    marks as well, which would also catch absolute losses, changed the node count of the
    benchmark deals by less than 0.01% and cost 8-10% of the speed, so it is not done.)
    """
    base = np.uint64(st[RD]) * np.uint64(4099) + \
        np.uint64(st[SI] + st[TURNED]) * np.uint64(17) + \
        np.uint64(sleep[row, 0] + 2)
    k1 = _mix(base + np.uint64(0x1234567))
    k2 = _mix(base + np.uint64(0x7654321))
    for p in range(npiles):
        mark = np.uint64(sleep[row, p + 1] + 2)
        k1 += _mix(ph1[p, h[p]] ^ (mark * np.uint64(0xD6E8FEB86659FD93)))
        k2 += _mix(ph2[p, h[p]] ^ (mark * np.uint64(0xA0761D6478BD642F)))
    if k1 == 0 and k2 == 0:
        k2 = np.uint64(1)
    return k1, k2


@kernel_jit(inline=True)
def _tt_prefetch(tk1, tk2, k1):
    """Start fetching the first slot of the key's window in both key arrays."""
    slot = np.int64(k1 & np.uint64(tk1.shape[0] - 1))
    prefetch(tk1, slot)
    prefetch(tk2, slot)


@kernel_jit
def table_probe(tk1, tk2, k1, k2):
    """Whether the position is recorded as lost."""
    mask = np.uint64(tk1.shape[0] - 1)
    base = k1 & mask
    for i in range(WINDOW):
        slot = (base + np.uint64(i)) & mask
        if tk1[slot] == k1 and tk2[slot] == k2:
            return True
        if tk1[slot] == 0 and tk2[slot] == 0:
            return False
    return False


@kernel_jit
def table_store(tk1, tk2, tw, k1, k2, work, stats):
    """Record a lost position. Replacement policy: the first empty slot of the key's
    8-slot window; when the window is full, the entry that cost the least search work
    (log2 of its subtree's node count) is replaced. Losing an entry only costs time."""
    mask = np.uint64(tk1.shape[0] - 1)
    base = k1 & mask
    victim = base
    least = 256
    for i in range(WINDOW):
        slot = (base + np.uint64(i)) & mask
        if (tk1[slot] == 0 and tk2[slot] == 0) or (tk1[slot] == k1 and tk2[slot] == k2):
            victim = slot
            least = -1
            break
        if tw[slot] < least:
            least = tw[slot]
            victim = slot
    if least >= 0:
        stats[ST_REPLACED] += 1
    tk1[victim] = k1
    tk2[victim] = k2
    tw[victim] = work
    stats[ST_TT_STORES] += 1


@kernel_jit
def _log2(x):
    k = 0
    while x > 1 and k < 255:
        x >>= 1
        k += 1
    return k


@kernel_jit
def _random(st):
    """xorshift64: the noise of randomized restarts."""
    x = np.uint64(st[RNG])
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    st[RNG] = np.int64(x & np.uint64(0x7FFFFFFFFFFFFFFF))
    return st[RNG]


@kernel_jit
def _pile_score(rank, top, height, ranks):
    """How good a waste pile is for the turned card: the sources' advice, in numbers.

    Best on a card one rank higher (a descending run that plays off in order), then on
    any higher card (the closer the better), then an empty pile, then an equal card, and
    last on a lower card, preferring to bury a high one.
    """
    if height == 0:
        return 50
    if top == rank + 1:
        return 100
    if top > rank:
        return 90 - (top - rank)
    if top == rank:
        return 30
    return 10 + top


@kernel_jit
def generate_moves(st, reserve, stock, piles, h, ph1, ph2, n, sleep, row, moves, d, forced,
              npiles, ranks, stats, options, scores):
    """Fill moves[d] in search order; returns (count, number of foundation moves first).

    Foundation moves of awake cards come first (reserve, then piles; equal pile tops are
    kept apart: they are different cards with different cards beneath). Then the turn:
    to a foundation if it fits (alone under the forced rule), else onto each pile, one pile
    per class of identical piles (same cards and same mark: the results are the same
    position with piles swapped), ordered by `_pile_score` plus restart noise.
    """
    count = 0
    rd = st[RD]
    if rd > 0:
        r = reserve[rd - 1]
        if n[r - 1] > n[r]:
            if sleep[row, 0] == rd - 1:
                stats[ST_SLEEP] += 1
            else:
                moves[d, count] = move_code(r, SRC_RESERVE, TGT_FOUNDATION)
                count += 1
    for p in range(npiles):
        if h[p] > 0:
            r = piles[p, h[p] - 1]
            if n[r - 1] > n[r]:
                if sleep[row, p + 1] == h[p] - 1:
                    stats[ST_SLEEP] += 1
                else:
                    moves[d, count] = move_code(r, SRC_PILE0 + p, TGT_FOUNDATION)
                    count += 1
    foundation_moves = count
    si = st[SI]
    if si < stock.shape[0]:
        r = stock[si]
        fits = n[r - 1] > n[r]
        if fits:
            moves[d, count] = move_code(r, SRC_STOCK, TGT_FOUNDATION)
            count += 1
        if not (fits and forced):
            first_turn = count
            for p in range(npiles):
                duplicate = False
                for q in range(p if options & OPT_SYMMETRY else 0):
                    if h[q] == h[p] and ph1[q, h[q]] == ph1[p, h[p]] and \
                            ph2[q, h[q]] == ph2[p, h[p]] and sleep[row, q + 1] == sleep[row, p + 1]:
                        duplicate = True
                        break
                if duplicate:
                    stats[ST_SYMMETRY] += 1
                    continue
                top = piles[p, h[p] - 1] if h[p] > 0 else 0
                score = _pile_score(r, top, h[p], ranks) * 1000 if options & OPT_ORDER else 0
                if st[NOISE] > 0:
                    score += _random(st) % (st[NOISE] * 1000)
                k = count  # insertion by descending score
                while k > first_turn and scores[k - first_turn - 1] < score:
                    moves[d, k] = moves[d, k - 1]
                    scores[k - first_turn] = scores[k - first_turn - 1]
                    k -= 1
                moves[d, k] = move_code(r, SRC_STOCK, TGT_PILE0 + p)
                scores[k - first_turn] = score
                count += 1
    return count, foundation_moves


@kernel_jit
def run(position, stack, table, layout, stats, scratch, budget, chunk, options):
    """Run the search from the stored stack for at most `chunk` nodes: `position`, `stack`,
    `table` and `layout` are the bundles above, `stats` the ST_* counters, `scratch` the
    dead test's work rows, `options` the OPT_* switches.

    Returns WON (the path holds the winning line), LOST (the root is exhausted: no win),
    BUDGET (this restart's node budget is spent) or PAUSED (call again to continue).
    A node's "lost" verdict is stored only when all its children were searched to the
    end; a restart abandons the stack without storing anything for the open nodes.
    """
    reserve, stock, piles, h, ph1, ph2, n, stockcnt, st = position
    path, moves, nmoves, nfound, nextmove, nauto, fk1, fk2, fstart, sleep = stack
    tk1, tk2, tw = table
    d4, ranks, total_up, forced, npiles = layout
    stop_at = st[NODES] + chunk
    while True:
        d = st[DEPTH]
        if st[PHASE] == PHASE_ENTER:
            if st[NODES] >= budget:
                return BUDGET
            if st[NODES] >= stop_at:
                return PAUSED
            st[NODES] += 1
            nauto[d] = 0
            if options & OPT_AUTOPLAY:
                nauto[d] = autoplay(st, reserve, stock, piles, h, ph1, ph2, n, stockcnt, path,
                                     sleep, d, d4, ranks, forced, npiles, stats)
            if st[UP] == total_up:
                return WON
            k1, k2 = position_key(st, ph1, ph2, h, sleep, d, npiles)
            _tt_prefetch(tk1, tk2, k1)  # the dead test runs while the slot is fetched
            fstart[d] = -1  # -1: nothing to store when leaving this node
            nmoves[d] = 0
            nextmove[d] = 0
            if proved_lost(st, reserve, piles, h, n, stockcnt, d4, ranks, npiles, scratch,
                           options):
                stats[ST_DEAD] += 1  # not stored: the test is cheaper than a table miss
            elif table_probe(tk1, tk2, k1, k2):
                stats[ST_TT_HITS] += 1
            else:
                fk1[d] = k1
                fk2[d] = k2
                fstart[d] = st[NODES]
                c, f = generate_moves(st, reserve, stock, piles, h, ph1, ph2, n, sleep, d, moves,
                                 d, forced, npiles, ranks, stats, options, scratch[4])
                nmoves[d] = c
                nfound[d] = f
            st[PHASE] = PHASE_NEXT
            continue
        # PHASE_NEXT: try the next child of node d, or leave d when none is left
        i = nextmove[d]
        if i < nmoves[d]:
            nextmove[d] = i + 1
            code = moves[d, i]
            for s in range(sleep.shape[1]):
                sleep[d + 1, s] = sleep[d, s]
            if options & OPT_SLEEP:
                child_sleep(moves, d, i, nfound[d], sleep, st, h)
            apply_move(code, st, reserve, stock, piles, h, ph1, ph2, n, stockcnt)
            path[st[PLEN]] = code
            st[PLEN] += 1
            wake_after(code, sleep, d + 1, reserve, piles, h, st, forced)
            st[DEPTH] = d + 1
            st[PHASE] = PHASE_ENTER
            continue
        if fstart[d] >= 0:
            table_store(tk1, tk2, tw, fk1[d], fk2[d], _log2(st[NODES] - fstart[d] + 1), stats)
        for _ in range(nauto[d]):
            st[PLEN] -= 1
            undo_move(path[st[PLEN]], st, piles, h, ph1, ph2, n, stockcnt)
        if d == 0:
            return LOST
        st[PLEN] -= 1
        undo_move(path[st[PLEN]], st, piles, h, ph1, ph2, n, stockcnt)
        st[DEPTH] = d - 1


@kernel_jit
def reset_to_root(position, stack, root, layout, noise, rng, turned):
    """Put the search back at its root (state.SearchArrays.reset, and each restart of
    `run_restarts`): the piles, their heights and hashes and the foundation and stock
    counts copied from `root` (a Position bundle of the root's copies), the scalar slots
    cleared but for the stock cards turned before the root, the reserve's size, the cards
    up, the move-order `noise` and random state `rng`, and the root's sleep marks cleared."""
    reserve, stock, piles, h, ph1, ph2, n, stockcnt, st = position
    sleep = stack.sleep
    for p in range(piles.shape[0]):
        h[p] = root.h[p]
        for i in range(piles.shape[1]):
            piles[p, i] = root.piles[p, i]
        for i in range(ph1.shape[1]):
            ph1[p, i] = root.ph1[p, i]
            ph2[p, i] = root.ph2[p, i]
    up = 0
    for r in range(n.shape[0]):
        n[r] = root.n[r]
        stockcnt[r] = root.stockcnt[r]
        if 1 <= r <= layout.ranks:
            up += n[r]
    for i in range(st.shape[0]):
        st[i] = 0
    st[TURNED] = turned
    st[RD] = reserve.shape[0]
    st[UP] = up
    st[NOISE] = noise
    st[RNG] = rng
    st[PHASE] = PHASE_ENTER
    for i in range(sleep.shape[1]):
        sleep[0, i] = NO_MARK


@kernel_jit
def run_restarts(position, stack, table, layout, stats, scratch, root, budgets, rngs,
                 max_nodes, noise, turned, options):
    """The restarts of one sampled position, all in compiled code: what the driver's restart
    loop does for it (driver.restart_loop with one sequence, seed 0, no beam and no time
    limit; search/samples.py), without going back to Python between restarts.

    Restart k starts from `root` (`reset_to_root`, as state.SearchArrays.reset: the
    move-order noise 0 for the first restart and `noise` after it, the random state
    rngs[k]) and runs for min(budgets[k], nodes left of `max_nodes`) nodes. Returns WON or
    LOST at the first restart that decides, else BUDGET once `max_nodes` are spent (or the
    budgets are: the caller gives enough)."""
    st = position.st
    done = 0
    for k in range(budgets.shape[0]):
        reset_to_root(position, stack, root, layout, 0 if k == 0 else noise, rngs[k], turned)
        budget = min(budgets[k], max_nodes - done)
        outcome = run(position, stack, table, layout, stats, scratch, budget, budget, options)
        if outcome == WON or outcome == LOST:
            return outcome
        done += st[NODES]
        if done >= max_nodes:
            return BUDGET
    return BUDGET


@kernel_jit
def rehash(k1, k2, work, new_k1, new_k2, new_work, stats):
    """Move every entry of a table into a larger one (same replacement policy)."""
    for slot in range(k1.shape[0]):
        if k1[slot] != 0 or k2[slot] != 0:
            table_store(new_k1, new_k2, new_work, k1[slot], k2[slot], work[slot], stats)
