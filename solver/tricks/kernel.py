"""The compiled double-dummy kernel: alpha-beta over single cards on 36-bit hand masks.

`search` returns the card points the bidder wins from the current trick (cards already on
it included) to the end, exactly when the result lies strictly inside (alpha, beta), and
otherwise a bound on the correct side of the window (fail-soft). The caller owns the
transposition table (arrays `keys` (two words a slot), `low`, `high`, `best`) and the
context array `ctx` (trump suit, bidder index 0-2, must-overtrump flag, node counter), so
one table can be shared by every frog discard of a contract: a key (the three hands, the
leader) fixes what is still to come.

Pruning, all of it exact:
- bounds from points still out: at a trick boundary the answer lies between the points of
  the bidder's unbroken run of top trumps and the points in hands minus the defenders' run;
- the table, probed and stored at trick boundaries only, holds lower and upper bounds; its
  key renumbers the worthless cards of each suit among those still in play (`_key`);
- equivalent cards: two cards of one hand, of one suit and both worth nothing (6-9), with
  no card of that suit between them still in a hand or on the current trick, are one choice;
- move ordering: the table's best card first, then cards that take the trick, then points
  thrown to a partner's winning trick, then the cheapest losing card;
- principal variation search: every card after the first is first tried with a one-point
  window at the best value so far and searched again with the full window only when it
  beats it (any answer of a narrower window is a true bound, so this changes no result).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from solver.tricks.cards import POINTS, RANK_POINTS

TRUMP, BIDDER, MUST_OVERTRUMP, NODES = 0, 1, 2, 3
INFINITY = 1000
ZERO_POINT_RANKS = 4  # ranks 0-3 (6 7 8 9) are worth nothing

CARD_POINTS = np.array(POINTS, dtype=np.int64)
SUIT_POINTS = np.array(
    [sum(RANK_POINTS[r] for r in range(9) if m >> r & 1) for m in range(512)], dtype=np.int64)


HIGHEST = np.array([m.bit_length() - 1 for m in range(512)], dtype=np.int64)  # -1 for none


def _packed(held: int, present: int) -> int:
    """The cards `held` among the worthless ones `present` (4-bit masks of ranks 6-9),
    renumbered 0, 1, 2... in the order of `present` (see `_key`)."""
    bits = [r for r in range(ZERO_POINT_RANKS) if present >> r & 1]
    return sum(1 << i for i, r in enumerate(bits) if held >> r & 1)


PACK = np.array([[_packed(h, z) for h in range(16)] for z in range(16)], dtype=np.int64)


@njit(cache=True)
def mask_points(mask: int) -> int:
    return (SUIT_POINTS[mask & 511] + SUIT_POINTS[(mask >> 9) & 511]
            + SUIT_POINTS[(mask >> 18) & 511] + SUIT_POINTS[(mask >> 27) & 511])


@njit(cache=True)
def beats(c: int, top: int, trump: int) -> bool:
    """Does card `c`, played later, beat `top`, the card winning the trick so far?"""
    if c // 9 == top // 9:
        return c % 9 > top % 9
    return c // 9 == trump


@njit(cache=True)
def legal_mask(hand: int, n: int, t0: int, t1: int, trump: int, must_overtrump: int) -> int:
    if n == 0:
        return hand
    follow = hand & (511 << (9 * (t0 // 9)))
    if follow:
        return follow
    trumps = hand & (511 << (9 * trump))
    if trumps == 0:
        return hand
    if must_overtrump:
        highest = -1
        if t0 // 9 == trump:
            highest = t0 % 9
        if n == 2 and t1 // 9 == trump and t1 % 9 > highest:
            highest = t1 % 9
        higher = trumps & ~((2 << (9 * trump + highest)) - 1) if highest >= 0 else trumps
        if higher:
            return higher
    return trumps


@njit(cache=True)
def sure_trump_points(hands, trump, bidder):
    """Points of the top trumps, by side: each of them wins its trick whenever played.

    Returns (bidder's, defenders'): the cards of the unbroken run of highest remaining
    trumps held by one side, so those points are certain to go to that side.
    """
    shift = 9 * trump
    mine = (hands[bidder] >> shift) & 511
    theirs = ((hands[0] | hands[1] | hands[2]) >> shift) & 511 & ~mine
    top_mine = HIGHEST[mine]
    top_theirs = HIGHEST[theirs]
    if top_mine > top_theirs:
        run = mine & ~((2 << top_theirs) - 1) if top_theirs >= 0 else mine
        return SUIT_POINTS[run], 0
    if top_theirs > top_mine:
        run = theirs & ~((2 << top_mine) - 1) if top_mine >= 0 else theirs
        return 0, SUIT_POINTS[run]
    return 0, 0


@njit(cache=True)
def _key(h0: int, h1: int, h2: int, leader: int):
    """The table key of a trick boundary: two words holding the three hands and the leader.

    The worthless cards (6-9) of each suit are renumbered 0, 1, 2... among those still in
    play. They differ only in their order, and a card played is gone, so a hand holding
    the 8 after the 6 or 7 has been played is the same as one holding the 6 or 7 as long as
    every card keeps its place among those still in play: such positions share an entry.
    """
    rest = h0 | h1 | h2
    for suit in range(4):
        shift = 9 * suit
        present = (rest >> shift) & 15
        if present == 15:
            continue  # no worthless card of this suit gone: nothing to renumber
        keep = ~(15 << shift)
        h0 = (h0 & keep) | (PACK[present, (h0 >> shift) & 15] << shift)
        h1 = (h1 & keep) | (PACK[present, (h1 >> shift) & 15] << shift)
        h2 = (h2 & keep) | (PACK[present, (h2 >> shift) & 15] << shift)
    return h0 | (leader << 36) | ((h1 & 0x3FFFF) << 38), (h1 >> 18) | (h2 << 18)


@njit(cache=True)
def _slot(key1: int, key2: int, size_mask: int) -> int:
    """The table slot of a key: every bit of both words reaches the slot bits."""
    h = key1 * -7046029254386353131 ^ key2 * -4658895280553007687  # wrapping
    h ^= h >> 31
    h *= -7046029254386353131
    return (h >> 32) & size_mask


# Fields of one stack frame (one card to choose) in the explicit stack of `search`.
(F_N, F_LEADER, F_T0, F_T1, F_ALPHA, F_BETA, F_ALPHA0, F_BETA0, F_VALUE, F_BEST, F_SLOT,
 F_KEY1, F_KEY2, F_LOW, F_HIGH, F_COUNT, F_NEXT, F_GAIN, F_SCOUT) = range(19)
FRAME_FIELDS = 19
MAX_DEPTH = 3 * 11 + 2


@njit(cache=True)
def _order_moves(hands, n, leader, t0, t1, trump, must_overtrump, bidder, table_move, out,
                 scores):
    """Fill `out` with the distinct legal cards of the player to move, best first
    (`scores` is scratch space of the same size, kept by the caller to save allocations)."""
    player = (leader + n) % 3
    legal = legal_mask(hands[player], n, t0, t1, trump, must_overtrump)
    in_play = hands[0] | hands[1] | hands[2]
    if n >= 1:
        in_play |= 1 << t0
    if n == 2:
        in_play |= 1 << t1
    top = t0
    top_seat = leader
    if n == 2 and beats(t1, t0, trump):
        top = t1
        top_seat = (leader + 1) % 3
    ours = n > 0 and ((top_seat == bidder) == (player == bidder))
    count = 0
    for suit in range(4):
        block = (legal >> (9 * suit)) & 511
        if block == 0:
            continue
        suit_in_play = (in_play >> (9 * suit)) & 511
        previous = -1
        while block:
            rank = HIGHEST[block]
            block ^= 1 << rank
            if (previous >= 0 and previous < ZERO_POINT_RANKS
                    and (suit_in_play >> (rank + 1)) & ((1 << (previous - rank - 1)) - 1) == 0):
                previous = rank
                continue  # equivalent to the higher card just kept
            previous = rank
            c = 9 * suit + rank
            points = CARD_POINTS[c]
            if c == table_move:
                score = 10000
            elif n == 0:
                score = 200 + points if suit_in_play >> (rank + 1) == 0 else 50 - points - rank
            elif ours and (n == 2 or not beats(c, top, trump)):
                score = 100 + points  # the trick is ours: throw points on it
            elif beats(c, top, trump):
                score = 300 + points - rank
            else:
                score = 50 - points - rank
            i = count
            while i > 0 and scores[i - 1] < score:
                scores[i] = scores[i - 1]
                out[i] = out[i - 1]
                i -= 1
            scores[i] = score
            out[i] = c
            count += 1
    return count


@njit(cache=True)
def trick_winner(t0: int, t1: int, t2: int, trump: int) -> int:
    """Index in the trick (0-2) of the card that wins it: the highest trump, else the
    highest card of the suit led."""
    win = 0
    top = t0
    if beats(t1, top, trump):
        win = 1
        top = t1
    if beats(t2, top, trump):
        win = 2
    return win


@njit(cache=True)
def _last_trick(hands, leader, trump):
    """Index in the trick (0-2) of the winner when every hand holds one card."""
    return trick_winner(_only_card(hands[leader]), _only_card(hands[(leader + 1) % 3]),
                        _only_card(hands[(leader + 2) % 3]), trump)


@njit(cache=True)
def _only_card(hand: int) -> int:
    c = 0
    while hand >> c != 1:
        c += 1
    return c


@njit(cache=True)
def search(hands, n, leader, t0, t1, alpha, beta, ctx, keys, low, high, best):
    """Bidder's points from the current trick on; `n` cards (t0, t1) are on the trick.

    Alpha-beta with an explicit stack (numba cannot cache recursive functions).
    """
    trump = ctx[TRUMP]
    bidder = ctx[BIDDER]
    must_overtrump = ctx[MUST_OVERTRUMP]
    size_mask = keys.shape[0] - 1
    frames = np.zeros((MAX_DEPTH, FRAME_FIELDS), dtype=np.int64)
    moves = np.zeros((MAX_DEPTH, 11), dtype=np.int64)
    scores = np.zeros(11, dtype=np.int64)
    d = 0
    f = frames[0]
    f[F_N] = n
    f[F_LEADER] = leader
    f[F_T0] = t0
    f[F_T1] = t1
    f[F_ALPHA] = alpha
    f[F_BETA] = beta
    entering = True
    result = 0
    while True:
        f = frames[d]
        if entering:
            # A new node: answer it at once if possible, else list its moves.
            ctx[NODES] += 1
            entering = False
            returning = False
            n = f[F_N]
            leader = f[F_LEADER]
            alpha = f[F_ALPHA]
            beta = f[F_BETA]
            f[F_SLOT] = -1
            table_move = -1
            if n == 0:
                rest = hands[0] | hands[1] | hands[2]
                total = mask_points(rest) if rest else 0
                if rest == 0 or beta <= 0:
                    result = 0
                    returning = True
                elif alpha >= total:
                    result = total
                    returning = True
                elif hands[0] & (hands[0] - 1) == 0:
                    win = _last_trick(hands, leader, trump)
                    result = total if (leader + win) % 3 == bidder else 0
                    returning = True
                else:
                    ours, theirs = sure_trump_points(hands, trump, bidder)
                    if ours >= beta:
                        result = ours
                        returning = True
                    elif total - theirs <= alpha:
                        result = total - theirs
                        returning = True
                if not returning:
                    key1, key2 = _key(hands[0], hands[1], hands[2], leader)
                    slot = _slot(key1, key2, size_mask)
                    f[F_SLOT] = slot
                    f[F_KEY1] = key1
                    f[F_KEY2] = key2
                    f[F_LOW] = ours
                    f[F_HIGH] = total - theirs
                    if keys[slot, 0] == key1 and keys[slot, 1] == key2:
                        known_low = low[slot]
                        known_high = high[slot]
                        f[F_LOW] = known_low
                        f[F_HIGH] = known_high
                        if known_low >= beta:
                            result = known_low
                            returning = True
                        elif known_high <= alpha:
                            result = known_high
                            returning = True
                        elif known_low == known_high:
                            result = known_low
                            returning = True
                        else:
                            alpha = max(alpha, known_low)
                            beta = min(beta, known_high)
                            table_move = best[slot]
            if not returning:
                f[F_ALPHA] = alpha
                f[F_BETA] = beta
                f[F_ALPHA0] = alpha
                f[F_BETA0] = beta
                maximize = (leader + n) % 3 == bidder
                f[F_VALUE] = -INFINITY if maximize else INFINITY
                f[F_BEST] = -1
                f[F_NEXT] = 0
                f[F_COUNT] = _order_moves(hands, n, leader, f[F_T0], f[F_T1], trump,
                                          must_overtrump, bidder, table_move, moves[d],
                                          scores)
        else:
            returning = False
            # A child's answer came back: take it into this node.
            n = f[F_N]
            leader = f[F_LEADER]
            player = (leader + n) % 3
            c = moves[d, f[F_NEXT] - 1]
            v = result + f[F_GAIN]
            if f[F_SCOUT] and f[F_ALPHA] < v < f[F_BETA]:
                # The scout window failed on the wrong side: search the card again, fully.
                f[F_SCOUT] = 0
                child = frames[d + 1]
                child[F_ALPHA] = f[F_ALPHA] - f[F_GAIN]
                child[F_BETA] = f[F_BETA] - f[F_GAIN]
                d += 1
                entering = True
                continue
            hands[player] ^= 1 << c
            if player == bidder:
                if v > f[F_VALUE]:
                    f[F_VALUE] = v
                    f[F_BEST] = c
                    f[F_ALPHA] = max(f[F_ALPHA], v)
            elif v < f[F_VALUE]:
                f[F_VALUE] = v
                f[F_BEST] = c
                f[F_BETA] = min(f[F_BETA], v)
        if not returning:
            # Play the next move of frame d, or finish the frame.
            if f[F_NEXT] < f[F_COUNT] and f[F_ALPHA] < f[F_BETA]:
                n = f[F_N]
                leader = f[F_LEADER]
                player = (leader + n) % 3
                c = moves[d, f[F_NEXT]]
                f[F_NEXT] += 1
                hands[player] ^= 1 << c
                child = frames[d + 1]
                gain = 0
                if n == 2:
                    t0 = f[F_T0]
                    t1 = f[F_T1]
                    winner = (leader + trick_winner(t0, t1, c, trump)) % 3
                    if winner == bidder:
                        gain = CARD_POINTS[t0] + CARD_POINTS[t1] + CARD_POINTS[c]
                    child[F_N] = 0
                    child[F_LEADER] = winner
                else:
                    child[F_N] = n + 1
                    child[F_LEADER] = leader
                    child[F_T0] = c if n == 0 else f[F_T0]
                    child[F_T1] = c
                f[F_GAIN] = gain
                alpha = f[F_ALPHA]
                beta = f[F_BETA]
                # After the first card, a one-point window only tests whether the card
                # beats the best so far (principal variation search).
                f[F_SCOUT] = f[F_NEXT] > 1 and beta - alpha > 1
                if f[F_SCOUT]:
                    if player == bidder:
                        beta = alpha + 1
                    else:
                        alpha = beta - 1
                child[F_ALPHA] = alpha - gain
                child[F_BETA] = beta - gain
                d += 1
                entering = True
                continue
            value = f[F_VALUE]
            slot = f[F_SLOT]
            if slot >= 0:
                known_low = f[F_LOW]
                known_high = f[F_HIGH]
                keys[slot, 0] = f[F_KEY1]
                keys[slot, 1] = f[F_KEY2]
                if value <= f[F_ALPHA0]:
                    known_high = min(known_high, value)
                elif value >= f[F_BETA0]:
                    known_low = max(known_low, value)
                else:
                    known_low = value
                    known_high = value
                low[slot] = known_low
                high[slot] = known_high
                best[slot] = f[F_BEST]
            result = value
        # `result` is frame d's answer: hand it to the parent.
        if d == 0:
            return result
        d -= 1
