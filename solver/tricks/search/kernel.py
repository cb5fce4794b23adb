"""The compiled double-dummy kernel: alpha-beta over single cards on 36-bit hand masks.

`search` returns the card points the bidder wins from the current trick (cards already on
it included) to the end, exactly when the result lies strictly inside (alpha, beta), and
otherwise a bound on the correct side of the window (fail-soft). The caller owns the
transposition table (`table`, one row of three words a slot: the key's two words, then
the entry, see `_entry`), the hint table (`hints`) and the context array `ctx` (trump
suit, bidder index 0-2, must-overtrump flag, node counter), so both tables can be shared
by every frog discard of a contract: a key (the three hands, the leader) fixes what is
still to come, and a hint only orders moves.

Pruning, all of it exact:
- bounds from points still out: at a trick boundary the answer lies between the points of
  the bidder's unbroken run of top trumps and the points in hands minus the defenders' run;
- the table, probed and stored at trick boundaries only, holds lower and upper bounds; its
  key renumbers the worthless cards of each suit among those still in play (`_key`);
- equivalent cards: two cards of one hand, of one suit and both worth nothing (6-9), with
  no card of that suit between them still in a hand or on the current trick, are one choice;
- move ordering: the table's best card first; when following, cards that take the trick,
  then points thrown to a partner's winning trick, then the cheapest losing card; when
  leading, the top card of a suit unless an opponent trumps it, for a defender a low card
  to his partner, for the bidder one a defender trumps, then the cheapest (`_order_moves`);
- hints: a small second table remembers, for each player's hand (both defenders' hands
  for a defender) and trick, the last card that gave a cut-off, and tries it first when
  the table has no card (see `search`);
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


# Tables instead of division: numba's signed // and % pay for Python's rounding of negatives.
SUIT_OF = np.array([c // 9 for c in range(36)], dtype=np.int64)
SEAT = np.array([0, 1, 2, 0, 1, 2], dtype=np.int64)  # a sum of two seats (or offsets), mod 3
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
    suit = SUIT_OF[c]
    if suit == SUIT_OF[top]:
        return c > top  # one suit: the higher number is the higher rank
    return suit == trump


@njit(cache=True)
def legal_mask(hand: int, n: int, t0: int, t1: int, trump: int, must_overtrump: int) -> int:
    if n == 0:
        return hand
    follow = hand & (511 << (9 * SUIT_OF[t0]))
    if follow:
        return follow
    trumps = hand & (511 << (9 * trump))
    if trumps == 0:
        return hand
    if must_overtrump:
        highest = -1
        if SUIT_OF[t0] == trump:
            highest = t0 - 9 * trump
        if n == 2 and SUIT_OF[t1] == trump and t1 - 9 * trump > highest:
            highest = t1 - 9 * trump
        higher = trumps & ~((2 << (9 * trump + highest)) - 1) if highest >= 0 else trumps
        if higher:
            return higher
    return trumps


@njit(cache=True, inline="always")
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


@njit(cache=True)
def _entry(low: int, high: int, best: int) -> int:
    """A table entry in one word, read in the same cache line as its key: the lower and
    upper bounds (0-120, a byte each) and the best card plus one (0 for none)."""
    return low | (high << 8) | ((best + 1) << 16)


# Fields of one stack frame (one card to choose) in the explicit stack of `search`.
(F_N, F_LEADER, F_T0, F_T1, F_ALPHA, F_BETA, F_ALPHA0, F_BETA0, F_VALUE, F_BEST, F_SLOT,
 F_KEY1, F_KEY2, F_LOW, F_HIGH, F_COUNT, F_NEXT, F_GAIN, F_SCOUT, F_HINT) = range(20)
FRAME_FIELDS = 20
MAX_DEPTH = 3 * 11 + 2


@njit(cache=True)
def _hint_key(hand_a: int, hand_b: int, leader: int, n: int, t0: int, t1: int) -> int:
    """A hash of part of a position (two hands, the leader and the cards on the trick) for
    the hint table of `search`; the low 6 bits are left free for the card."""
    h = (hand_a * -7046029254386353131 ^ hand_b * -4658895280553007687
         ^ (leader | (n << 2) | (t0 << 4) | (t1 << 10)) * 0x2545F4914F6CDD1D)
    return h & ~63


@njit(cache=True, inline="always")
def _hint_slot(hint: int, hint_mask: int) -> int:
    """The hint table's slot for a hint key: bits 40 up, well mixed by the multiplies."""
    return (hint >> 40) & hint_mask


BIDDER_HINT = -1  # stands for the defenders' hands in the bidder's hint keys (never a hand)


@njit(cache=True)
def _ruffs(hand: int, suit: int, trump: int) -> bool:
    """Would this hand trump a lead of side suit `suit` (void in it, holding a trump)?"""
    return (hand >> (9 * suit)) & 511 == 0 and (hand >> (9 * trump)) & 511 != 0


@njit(cache=True, inline="always")
def _order_moves(hands, n, leader, t0, t1, trump, must_overtrump, bidder, table_move, moves,
                 d, scores):
    """Fill row `d` of `moves` with the distinct legal cards of the player to move, best
    first (`scores` is scratch space, kept by the caller to save allocations; rows are
    passed by index because a view of a row costs a reference count per node, and the
    function is inlined for the same reason: the call cost 10 % of the CPU time)."""
    player = SEAT[leader + n]
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
        top_seat = SEAT[leader + 1]
    ours = n > 0 and ((top_seat == bidder) == (player == bidder))
    # For a lead: the opponents (one or two) and the partner (none for the bidder).
    if player == bidder:
        opponent = hands[SEAT[bidder + 1]]
        other_opponent = hands[SEAT[bidder + 2]]
        partner = 0
    else:
        opponent = hands[bidder]
        other_opponent = 0
        partner = hands[3 - player - bidder]
    count = 0
    for suit in range(4):
        block = (legal >> (9 * suit)) & 511
        if block == 0:
            continue
        suit_in_play = (in_play >> (9 * suit)) & 511
        ruffed = to_partner = False
        if n == 0:
            # A side suit an opponent trumps; a suit the partner heads, or trumps while
            # the bidder must follow.
            side = suit != trump
            ruffed = side and (_ruffs(opponent, suit, trump)
                               or _ruffs(other_opponent, suit, trump))
            to_partner = partner != 0 and (
                HIGHEST[(partner >> (9 * suit)) & 511] == HIGHEST[suit_in_play]
                or side and _ruffs(partner, suit, trump) and (hands[bidder] >> (9 * suit)) & 511)
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
                # Leads, by measure: the top card of a suit, unless an opponent trumps it
                # (then last; for a defender, every card the bidder trumps); for a defender,
                # a low card to his partner; for the bidder, a low card a defender must
                # trump; then the cheapest.
                heads = suit_in_play >> (rank + 1) == 0
                if ruffed and (heads or player != bidder):
                    score = 40 - points - rank
                elif heads:
                    score = 200 + points
                elif to_partner:
                    score = 150 - points - rank
                elif ruffed:
                    score = 100 - points - rank
                else:
                    score = 50 - points - rank
            elif ours and (n == 2 or not beats(c, top, trump)):
                score = 100 + points  # the trick is ours: throw points on it
            elif beats(c, top, trump):
                score = 300 + points - rank
            else:
                score = 50 - points - rank
            i = count
            while i > 0 and scores[i - 1] < score:
                scores[i] = scores[i - 1]
                moves[d, i] = moves[d, i - 1]
                i -= 1
            scores[i] = score
            moves[d, i] = c
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


@njit(cache=True, inline="always")
def _last_trick(hands, leader, trump):
    """Index in the trick (0-2) of the winner when every hand holds one card."""
    return trick_winner(_only_card(hands[leader]), _only_card(hands[SEAT[leader + 1]]),
                        _only_card(hands[SEAT[leader + 2]]), trump)


@njit(cache=True)
def _only_card(hand: int) -> int:
    c = 0
    while hand >> c != 1:
        c += 1
    return c


@njit(cache=True)
def search(hands, n, leader, t0, t1, alpha, beta, ctx, table, hints):
    """Bidder's points from the current trick on; `n` cards (t0, t1) are on the trick.

    Alpha-beta with an explicit stack (numba cannot cache recursive functions).
    `hints` (a power-of-two array of words) holds move-ordering hints for the nodes the
    table does not answer: for a defender to play, the card that last refuted the bidder
    (a cut-off) with the same defenders' hands and trick, whatever the bidder held, since
    the frog discards give the defenders the same choices over and over; for the bidder,
    the card that last gave him a cut-off with the same hand and trick, whatever the
    defenders held. A hint is tried first only if it is one of the legal cards listed, so
    it orders moves and never changes a result.
    """
    trump = ctx[TRUMP]
    bidder = ctx[BIDDER]
    must_overtrump = ctx[MUST_OVERTRUMP]
    size_mask = table.shape[0] - 1
    hint_mask = hints.shape[0] - 1
    frames = np.zeros((MAX_DEPTH, FRAME_FIELDS), dtype=np.int64)
    moves = np.zeros((MAX_DEPTH, 11), dtype=np.int64)
    scores = np.zeros(11, dtype=np.int64)
    d = 0
    frames[d, F_N] = n
    frames[d, F_LEADER] = leader
    frames[d, F_T0] = t0
    frames[d, F_T1] = t1
    frames[d, F_ALPHA] = alpha
    frames[d, F_BETA] = beta
    entering = True
    result = 0
    while True:
        if entering:
            # A new node: answer it at once if possible, else list its moves.
            ctx[NODES] += 1
            entering = False
            returning = False
            n = frames[d, F_N]
            leader = frames[d, F_LEADER]
            alpha = frames[d, F_ALPHA]
            beta = frames[d, F_BETA]
            frames[d, F_SLOT] = -1
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
                    result = total if SEAT[leader + win] == bidder else 0
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
                    frames[d, F_SLOT] = slot
                    frames[d, F_KEY1] = key1
                    frames[d, F_KEY2] = key2
                    frames[d, F_LOW] = ours
                    frames[d, F_HIGH] = total - theirs
                    if table[slot, 0] == key1 and table[slot, 1] == key2:
                        entry = table[slot, 2]
                        known_low = entry & 255
                        known_high = (entry >> 8) & 255
                        frames[d, F_LOW] = known_low
                        frames[d, F_HIGH] = known_high
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
                            table_move = (entry >> 16) - 1
            if not returning:
                frames[d, F_ALPHA] = alpha
                frames[d, F_BETA] = beta
                frames[d, F_ALPHA0] = alpha
                frames[d, F_BETA0] = beta
                maximize = SEAT[leader + n] == bidder
                if maximize:
                    hint = _hint_key(hands[bidder], BIDDER_HINT, leader,
                                     n, frames[d, F_T0], frames[d, F_T1])
                else:
                    hint = _hint_key(hands[SEAT[bidder + 1]], hands[SEAT[bidder + 2]], leader,
                                     n, frames[d, F_T0], frames[d, F_T1])
                frames[d, F_HINT] = hint
                stored = hints[_hint_slot(hint, hint_mask)]
                if table_move < 0 and stored & ~63 == hint:
                    table_move = (stored & 63) - 1
                frames[d, F_VALUE] = -INFINITY if maximize else INFINITY
                frames[d, F_BEST] = -1
                frames[d, F_NEXT] = 0
                frames[d, F_COUNT] = _order_moves(hands, n, leader, frames[d, F_T0],
                                                  frames[d, F_T1], trump, must_overtrump,
                                                  bidder, table_move, moves, d, scores)
        else:
            returning = False
            # A child's answer came back: take it into this node.
            n = frames[d, F_N]
            leader = frames[d, F_LEADER]
            player = SEAT[leader + n]
            c = moves[d, frames[d, F_NEXT] - 1]
            v = result + frames[d, F_GAIN]
            if frames[d, F_SCOUT] and frames[d, F_ALPHA] < v < frames[d, F_BETA]:
                # The scout window failed on the wrong side: search the card again, fully.
                frames[d, F_SCOUT] = 0
                frames[d + 1, F_ALPHA] = frames[d, F_ALPHA] - frames[d, F_GAIN]
                frames[d + 1, F_BETA] = frames[d, F_BETA] - frames[d, F_GAIN]
                d += 1
                entering = True
                continue
            hands[player] ^= 1 << c
            if player == bidder:
                if v > frames[d, F_VALUE]:
                    frames[d, F_VALUE] = v
                    frames[d, F_BEST] = c
                    frames[d, F_ALPHA] = max(frames[d, F_ALPHA], v)
            elif v < frames[d, F_VALUE]:
                frames[d, F_VALUE] = v
                frames[d, F_BEST] = c
                frames[d, F_BETA] = min(frames[d, F_BETA], v)
        if not returning:
            # Play the next move of frame d, or finish the frame.
            if frames[d, F_NEXT] < frames[d, F_COUNT] and frames[d, F_ALPHA] < frames[d, F_BETA]:
                n = frames[d, F_N]
                leader = frames[d, F_LEADER]
                player = SEAT[leader + n]
                c = moves[d, frames[d, F_NEXT]]
                frames[d, F_NEXT] += 1
                hands[player] ^= 1 << c
                gain = 0
                if n == 2:
                    t0 = frames[d, F_T0]
                    t1 = frames[d, F_T1]
                    winner = SEAT[leader + trick_winner(t0, t1, c, trump)]
                    if winner == bidder:
                        gain = CARD_POINTS[t0] + CARD_POINTS[t1] + CARD_POINTS[c]
                    frames[d + 1, F_N] = 0
                    frames[d + 1, F_LEADER] = winner
                else:
                    frames[d + 1, F_N] = n + 1
                    frames[d + 1, F_LEADER] = leader
                    frames[d + 1, F_T0] = c if n == 0 else frames[d, F_T0]
                    frames[d + 1, F_T1] = c
                frames[d, F_GAIN] = gain
                alpha = frames[d, F_ALPHA]
                beta = frames[d, F_BETA]
                # After the first card, a one-point window only tests whether the card
                # beats the best so far (principal variation search).
                frames[d, F_SCOUT] = frames[d, F_NEXT] > 1 and beta - alpha > 1
                if frames[d, F_SCOUT]:
                    if player == bidder:
                        beta = alpha + 1
                    else:
                        alpha = beta - 1
                frames[d + 1, F_ALPHA] = alpha - gain
                frames[d + 1, F_BETA] = beta - gain
                d += 1
                entering = True
                continue
            value = frames[d, F_VALUE]
            hint = frames[d, F_HINT]
            maximize = SEAT[frames[d, F_LEADER] + frames[d, F_N]] == bidder
            if frames[d, F_BEST] >= 0 and (value >= frames[d, F_BETA0] if maximize
                                           else value <= frames[d, F_ALPHA0]):
                # A cut-off: remember the card for the next node with the same key.
                hints[_hint_slot(hint, hint_mask)] = hint | (frames[d, F_BEST] + 1)
            slot = frames[d, F_SLOT]
            if slot >= 0:
                known_low = frames[d, F_LOW]
                known_high = frames[d, F_HIGH]
                table[slot, 0] = frames[d, F_KEY1]
                table[slot, 1] = frames[d, F_KEY2]
                if value <= frames[d, F_ALPHA0]:
                    known_high = min(known_high, value)
                elif value >= frames[d, F_BETA0]:
                    known_low = max(known_low, value)
                else:
                    known_low = value
                    known_high = value
                table[slot, 2] = _entry(known_low, known_high, frames[d, F_BEST])
            result = value
        # `result` is frame d's answer: hand it to the parent.
        if d == 0:
            return result
        d -= 1
