"""The compiled double-dummy kernel: alpha-beta over single cards on 36-bit hand masks.

`search` returns the card points the bidder wins from the current trick (cards already on
it included) to the end, exactly when the result lies strictly inside (alpha, beta), and
otherwise a bound on the correct side of the window (fail-soft). The caller owns the
transposition table (`table`, one row of three words a slot: the key's two words, then
the entry, see `_entry`), the hint table (`hints`) and the context array `ctx` (trump
suit, bidder index 0-2, must-overtrump flag, node counter, hints flag), so both tables can be shared
by every frog discard of a contract: a key (the three hands, the leader) fixes what is
still to come, and a hint only orders moves.

Pruning, all of it exact:
- bounds from points still out: at a trick boundary the answer lies between the points of
  the bidder's unbroken run of top trumps and the points in hands minus the defenders' run;
- the table, probed and stored at trick boundaries only, holds lower and upper bounds; its
  key renumbers the cards of each suit among those still in play (`_key`), so positions
  that differ only in which cards are gone share an entry, its bounds shifted by the
  points the renumbered cards differ in (`_shifted_bounds`);
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
from solver.compiled import njit

from solver.tricks.cards import POINTS, RANK_POINTS
from solver.tricks.search.bits import POPCOUNT, pext

TRUMP, BIDDER, MUST_OVERTRUMP, NODES, USE_HINTS, USE_SHIFTED = 0, 1, 2, 3, 4, 5
# `ctx[USE_HINTS]` 0 turns the hints off, `ctx[USE_SHIFTED]` 0 the table's shifted bounds
# (`_settled_by_table`): both are checks of the search, see `search`.
CTX_FIELDS = 6
INFINITY = 1000
ZERO_POINT_RANKS = 4  # ranks 0-3 (6 7 8 9) are worth nothing
POINT_CARDS = sum(0x1F0 << (9 * suit) for suit in range(4))  # ranks J Q K T A of each suit

CARD_POINTS = np.array(POINTS, dtype=np.int64)
SUIT_POINTS = np.array(
    [sum(RANK_POINTS[r] for r in range(9) if m >> r & 1) for m in range(512)], dtype=np.int64)


# Tables instead of division: numba's signed // and % pay for Python's rounding of negatives.
SUIT_OF = np.array([c // 9 for c in range(36)], dtype=np.int64)
SEAT = np.array([0, 1, 2, 0, 1, 2], dtype=np.int64)  # a sum of two seats (or offsets), mod 3
HIGHEST = np.array([m.bit_length() - 1 for m in range(512)], dtype=np.int64)  # -1 for none
LOWEST = np.array([(m & -m).bit_length() - 1 for m in range(512)], dtype=np.int64)


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
def sure_trump_points(bidder_hand: int, rest: int, trump: int):
    """Points of the top trumps, by side: each of them wins its trick whenever played.

    Returns (bidder's, defenders'): the cards of the unbroken run of highest remaining
    trumps (among the cards `rest` still in hands) held by one side, so those points are
    certain to go to that side.
    """
    shift = 9 * trump
    mine = (bidder_hand >> shift) & 511
    theirs = (rest >> shift) & 511 & ~mine
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
    """The table key of a trick boundary: two words holding the three hands and the leader,
    each suit's cards renumbered 0, 1, 2... among those still in play (lowest first).

    The words are hands 1 and 2 with only the cards in play kept, packed together (`pext`),
    how many cards of each suit are in play (4 bits a suit: they cut the packed hands into
    suits) and the leader; hand 3 is the rest of the cards in play. So two positions share
    a key exactly when, suit by suit, the same seats hold the cards in the same order.
    Such positions play alike: mapping the cards of one onto the other, suit by suit in
    rank order, keeps every card's holder and its place among the cards in play, so legal
    plays and trick winners correspond. Only points may differ (an Ace where the other has
    a Ten), and `_shifted_bounds` widens a stored bound by at most that.
    """
    rest = h0 | h1 | h2
    counts = (POPCOUNT[rest & 511] | (POPCOUNT[(rest >> 9) & 511] << 4)
              | (POPCOUNT[(rest >> 18) & 511] << 8) | (POPCOUNT[(rest >> 27) & 511] << 12))
    return pext(h0, rest) | (counts << 36) | (leader << 52), pext(h1, rest)


@njit(cache=True)
def _shifted_bounds(stored: int, rest: int, low: int, high: int, best: int):
    """Bounds for the position whose cards in play are `rest`, from bounds (low, high) and
    best card stored for a position with the same key whose cards in play were `stored`.

    Map the stored position's cards onto this one's, suit by suit in rank order (`_key`).
    Under the map every line of play has a twin with the same tricks won by the same
    seats; only the mapped cards' points differ. So for any play of both sides the
    bidder's points differ by at most the sum of the gains (cards worth more here) and
    at least minus the sum of the losses, and so do the values under perfect play:
    value >= low - losses and value <= high + gains. The best card maps to the card of
    the same place in its suit."""
    gains = 0
    losses = 0
    mapped = best
    for suit in range(4):
        shift = 9 * suit
        a = (stored >> shift) & 511
        b = (rest >> shift) & 511
        if a == b:
            continue
        if best >= 0 and SUIT_OF[best] == suit:
            i = POPCOUNT[a & ((1 << (best - shift)) - 1)]
            m = b
            for _ in range(i):
                m &= m - 1
            mapped = shift + LOWEST[m]
        while a:
            diff = CARD_POINTS[shift + LOWEST[b]] - CARD_POINTS[shift + LOWEST[a]]
            if diff > 0:
                gains += diff
            else:
                losses -= diff
            a &= a - 1
            b &= b - 1
    return max(low - losses, 0), high + gains, mapped


@njit(cache=True)
def _slot(key1: int, key2: int, size_mask: int) -> int:
    """The table slot of a key: every bit of both words reaches the slot bits."""
    h = key1 * -7046029254386353131 ^ key2 * -4658895280553007687  # wrapping
    h ^= h >> 31
    h *= -7046029254386353131
    return (h >> 32) & size_mask


@njit(cache=True)
def _entry(low: int, high: int, best: int, rest: int) -> int:
    """A table entry in one word, read in the same cache line as its key: the lower and
    upper bounds (0-120, a byte each), the best card plus one (0 for none) and the cards
    in play (`rest`, 36 bits: positions sharing a key may differ in them, `_key`)."""
    return low | (high << 8) | ((best + 1) << 16) | (rest << 22)


@njit(cache=True, inline="always")
def _seat_after(seat: int, steps: int) -> int:
    """The seat (0-2) `steps` (0-2) places clockwise after `seat`: the kernel's 0-based
    twin of `engine.seat_after`, read from a table because numba's signed % is slow."""
    return SEAT[seat + steps]


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


@njit(cache=True, inline="always")
def _hand_of(h0: int, h1: int, h2: int, seat: int) -> int:
    """The hand of seat 0-2, from the three hands as plain integers."""
    if seat == 0:
        return h0
    if seat == 1:
        return h1
    return h2


@njit(cache=True, inline="always")
def _node_hint(h0: int, h1: int, h2: int, leader: int, n: int, t0: int, t1: int,
               bidder: int) -> int:
    """The hint key of a node: the bidder's hand for the bidder to play, both defenders'
    hands for a defender (the frog discards change only the bidder's hand, so the
    defenders meet the same choices discard after discard), with the leader and trick."""
    if _seat_after(leader, n) == bidder:
        return _hint_key(_hand_of(h0, h1, h2, bidder), BIDDER_HINT, leader, n, t0, t1)
    return _hint_key(_hand_of(h0, h1, h2, _seat_after(bidder, 1)),
                     _hand_of(h0, h1, h2, _seat_after(bidder, 2)), leader, n, t0, t1)


# --- Move ordering ------------------------------------------------------------------------

@njit(cache=True)
def _ruffs(hand: int, suit: int, trump: int) -> bool:
    """Would this hand trump a lead of side suit `suit` (void in it, holding a trump)?"""
    return (hand >> (9 * suit)) & 511 == 0 and (hand >> (9 * trump)) & 511 != 0


@njit(cache=True, inline="always")
def _cards_in_play(rest: int, n: int, t0: int, t1: int) -> int:
    """The cards still in a hand (`rest`) or on the current trick."""
    if n >= 1:
        rest |= 1 << t0
    if n == 2:
        rest |= 1 << t1
    return rest


@njit(cache=True, inline="always")
def _trick_so_far(n: int, leader: int, t0: int, t1: int, trump: int, player: int,
                  bidder: int):
    """The card winning the trick so far and whether it is the side's of `player` (False
    for a lead, where there is no such card)."""
    top = t0
    top_seat = leader
    if n == 2 and beats(t1, t0, trump):
        top = t1
        top_seat = _seat_after(leader, 1)
    ours = n > 0 and ((top_seat == bidder) == (player == bidder))
    return top, ours


@njit(cache=True, inline="always")
def _lead_traits(suit: int, suit_in_play: int, trump: int, bidder_hand: int, opponent: int,
                 other_opponent: int, partner: int):
    """What a lead of `suit` meets: whether an opponent trumps it (a side suit only), and
    whether it goes to the partner (he heads the suit, or trumps it while the bidder must
    follow). `other_opponent` and `partner` are 0 when there is none."""
    side = suit != trump
    ruffed = side and (_ruffs(opponent, suit, trump) or _ruffs(other_opponent, suit, trump))
    to_partner = partner != 0 and (
        HIGHEST[(partner >> (9 * suit)) & 511] == HIGHEST[suit_in_play]
        or (side and _ruffs(partner, suit, trump) and (bidder_hand >> (9 * suit)) & 511 != 0))
    return ruffed, to_partner


@njit(cache=True, inline="always")
def _same_as_previous(previous: int, rank: int, suit_in_play: int) -> bool:
    """Is the card of `rank` equivalent to the one of rank `previous` just listed from the
    same hand and suit (-1 for none): both worthless, no card of the suit in play between?"""
    return (previous >= 0 and previous < ZERO_POINT_RANKS
            and (suit_in_play >> (rank + 1)) & ((1 << (previous - rank - 1)) - 1) == 0)


@njit(cache=True, inline="always")
def _lead_score(points: int, rank: int, heads: bool, ruffed: bool, to_partner: bool,
                by_bidder: bool) -> int:
    """The order of a lead: the top card of a suit, unless an opponent trumps it (then
    last; for a defender, every card the bidder trumps); for a defender, a low card to his
    partner; for the bidder, a low card a defender must trump; then the cheapest."""
    if ruffed and (heads or not by_bidder):
        return 40 - points - rank
    if heads:
        return 200 + points
    if to_partner:
        return 150 - points - rank
    if ruffed:
        return 100 - points - rank
    return 50 - points - rank


@njit(cache=True, inline="always")
def _follow_score(c: int, points: int, rank: int, n: int, top: int, ours: bool,
                  trump: int) -> int:
    """The order of a card played to a trick: points thrown on a trick the side wins
    anyway, else cards that take the trick (most points first), then the cheapest."""
    if ours and (n == 2 or not beats(c, top, trump)):
        return 100 + points
    if beats(c, top, trump):
        return 300 + points - rank
    return 50 - points - rank


@njit(cache=True, inline="always")
def _order_moves(hands, n, leader, t0, t1, trump, must_overtrump, bidder, first, moves,
                 d, scores):
    """Fill row `d` of `moves` with the distinct legal cards of the player to move, best
    first, the card `first` (from the table or a hint, -1 for none) before all others if
    it is among them. Returns how many. `scores` is scratch space, kept by the caller to
    save allocations; rows are passed by index because a view of a row costs a reference
    count per node, and the function is inlined for the same reason: the call cost 10 % of
    the CPU time."""
    player = _seat_after(leader, n)
    legal = legal_mask(hands[player], n, t0, t1, trump, must_overtrump)
    in_play = _cards_in_play(hands[0] | hands[1] | hands[2], n, t0, t1)
    top, ours = _trick_so_far(n, leader, t0, t1, trump, player, bidder)
    # For a lead: the opponents (one or two) and the partner (none for the bidder).
    if player == bidder:
        opponent = hands[_seat_after(bidder, 1)]
        other_opponent = hands[_seat_after(bidder, 2)]
        partner = 0
    else:
        opponent = hands[bidder]
        other_opponent = 0
        partner = hands[3 - player - bidder]
    bidder_hand = hands[bidder]
    count = 0
    for suit in range(4):
        block = (legal >> (9 * suit)) & 511
        if block == 0:
            continue
        suit_in_play = (in_play >> (9 * suit)) & 511
        ruffed = to_partner = False
        if n == 0:
            ruffed, to_partner = _lead_traits(suit, suit_in_play, trump, bidder_hand,
                                              opponent, other_opponent, partner)
        previous = -1
        while block:
            rank = HIGHEST[block]
            block ^= 1 << rank
            same = _same_as_previous(previous, rank, suit_in_play)
            previous = rank
            if same:
                continue
            c = 9 * suit + rank
            points = CARD_POINTS[c]
            if c == first:
                score = 10000
            elif n == 0:
                heads = suit_in_play >> (rank + 1) == 0
                score = _lead_score(points, rank, heads, ruffed, to_partner, player == bidder)
            else:
                score = _follow_score(c, points, rank, n, top, ours, trump)
            # Insertion by score, highest first, ties in listing order.
            i = count
            while i > 0 and scores[i - 1] < score:
                scores[i] = scores[i - 1]
                moves[d, i] = moves[d, i - 1]
                i -= 1
            scores[i] = score
            moves[d, i] = c
            count += 1
    return count


# --- Tricks and trick boundaries -----------------------------------------------------------

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
def _only_card(hand: int) -> int:
    """The card of a hand holding exactly one."""
    c = 0
    while hand >> c != 1:
        c += 1
    return c


@njit(cache=True, inline="always")
def _last_trick_winner(h0: int, h1: int, h2: int, leader: int, trump: int) -> int:
    """The seat (0-2) that wins the last trick, when every hand holds one card."""
    win = trick_winner(_only_card(_hand_of(h0, h1, h2, leader)),
                       _only_card(_hand_of(h0, h1, h2, _seat_after(leader, 1))),
                       _only_card(_hand_of(h0, h1, h2, _seat_after(leader, 2))), trump)
    return _seat_after(leader, win)


@njit(cache=True, inline="always")
def _settled_by_points_out(h0: int, h1: int, h2: int, leader: int, alpha: int, beta: int,
                           trump: int, bidder: int):
    """At a trick boundary, what the points still out say: (True, answer, 0, 0) when they
    settle the node (none left, a window above or below all of them, the last trick, or
    the top trumps' points outside the window), else (False, 0, low, high), the bounds
    they give."""
    rest = h0 | h1 | h2
    if rest == 0 or beta <= 0:
        return True, 0, 0, 0
    total = mask_points(rest)
    if alpha >= total:
        return True, total, 0, 0
    if h0 & (h0 - 1) == 0:
        winner = _last_trick_winner(h0, h1, h2, leader, trump)
        return True, total if winner == bidder else 0, 0, 0
    ours, theirs = sure_trump_points(_hand_of(h0, h1, h2, bidder), rest, trump)
    if ours >= beta:
        return True, ours, 0, 0
    if total - theirs <= alpha:
        return True, total - theirs, 0, 0
    return False, 0, ours, total - theirs


@njit(cache=True, inline="always")
def _settled_by_table(found: bool, entry: int, rest: int, use_shifted: bool, alpha: int,
                      beta: int, low: int, high: int):
    """What the table says of a trick boundary whose cards in play are `rest`, from its
    slot's entry if the slot holds the position's key (`found`). Returns (done, answer,
    alpha, beta, low, high, card): the answer when the bounds settle the node, else the
    window narrowed to them, the bounds known (the table's, shifted when the entry was
    stored for other cards in play, `_shifted_bounds`, and those given) and its best card
    (-1 for none). Without `use_shifted` an entry stored for other cards with points is
    not used (one that differs only in worthless cards shifts by nothing)."""
    stored = entry >> 22
    if not found or ((stored ^ rest) & POINT_CARDS != 0 and not use_shifted):
        return False, 0, alpha, beta, low, high, -1
    table_low = entry & 255
    table_high = (entry >> 8) & 255
    best = ((entry >> 16) & 63) - 1
    if stored != rest:
        table_low, table_high, best = _shifted_bounds(stored, rest, table_low, table_high,
                                                      best)
    low = max(low, table_low)
    high = min(high, table_high)
    if low >= beta:
        return True, low, alpha, beta, low, high, -1
    if high <= alpha:
        return True, high, alpha, beta, low, high, -1
    if low == high:
        return True, low, alpha, beta, low, high, -1
    return False, 0, max(alpha, low), min(beta, high), low, high, best


@njit(cache=True, inline="always")
def _after_card(n: int, leader: int, t0: int, t1: int, c: int, trump: int, bidder: int):
    """Once card `c` joins the `n` cards (t0, t1) on the trick: (cards on the trick,
    leader, points won by the bidder). After the third card the winner leads to an empty
    trick, and the bidder gains the trick's points if he is the winner."""
    if n < 2:
        return n + 1, leader, 0
    winner = _seat_after(leader, trick_winner(t0, t1, c, trump))
    if winner == bidder:
        return 0, winner, CARD_POINTS[t0] + CARD_POINTS[t1] + CARD_POINTS[c]
    return 0, winner, 0


@njit(cache=True, inline="always")
def _cards_on_trick(n: int, t0: int, c: int, old_t0: int, old_t1: int):
    """The cards (t0, t1) on the trick once card `c` joins the `n` there. When it closes
    the trick there are none, and the frame keeps its old values (`old_t0`, `old_t1`):
    they still go into its hint key, so keeping them keeps the search exactly as it was."""
    if n == 0:
        return c, c
    if n == 1:
        return t0, c
    return old_t0, old_t1


@njit(cache=True, inline="always")
def _child_window(alpha: int, beta: int, scout: bool, by_bidder: bool):
    """The window to search a card in: the node's own, or for a scout only the one point
    next to the best so far (above it for the bidder, below it for a defender)."""
    if not scout:
        return alpha, beta
    if by_bidder:
        return alpha, alpha + 1
    return beta - 1, beta


@njit(cache=True, inline="always")
def _better(by_bidder: bool, v: int, c: int, value: int, best: int, alpha: int, beta: int):
    """(value, best, alpha, beta) once card `c` is found worth `v`: kept if it is the best
    so far (the highest for the bidder, the lowest for a defender), narrowing the window."""
    if by_bidder:
        if v > value:
            return v, c, max(alpha, v), beta
    elif v < value:
        return v, c, alpha, min(beta, v)
    return value, best, alpha, beta


@njit(cache=True, inline="always")
def _proven_bounds(value: int, alpha0: int, beta0: int, low: int, high: int):
    """The bounds (low, high) a node's value proves, found in the window (alpha0, beta0),
    on top of those known before: an upper bound when it failed low, a lower bound when it
    failed high, else the exact value."""
    if value <= alpha0:
        return low, min(high, value)
    if value >= beta0:
        return max(low, value), high
    return value, value


@njit(cache=True, inline="always")
def _first_card(first: int, stored: int, hint: int, use_hints: bool) -> int:
    """The card to try first: the table's (`first`), or else (if `use_hints`) the one the
    hint table word `stored` holds for the key `hint`, or -1."""
    if first >= 0:
        return first
    if use_hints and stored & ~63 == hint:
        return (stored & 63) - 1
    return -1


# --- The explicit stack of `search` --------------------------------------------------------

# One row of `frames` per node on the current path (one card to choose), with the fields:
F_N, F_LEADER, F_T0, F_T1 = 0, 1, 2, 3  # the position: cards on the trick (0-2), the seat
#   that led it, the cards on it (left over from an earlier node when fewer)
F_ALPHA, F_BETA = 4, 5  # the window, narrowed by each card searched
F_ALPHA0, F_BETA0 = 6, 7  # the window before any card, to tell what kind of bound the
#   answer is (for the table and the hints)
F_VALUE, F_BEST = 8, 9  # the best value so far and its card (-1 for none)
F_SLOT, F_KEY1, F_KEY2 = 10, 11, 12  # the table slot (-1 inside a trick) and key
F_LOW, F_HIGH = 13, 14  # the bounds known before the search, from points out or the table
F_COUNT, F_NEXT = 15, 16  # the cards listed in the row of `moves`, the next one to play
F_GAIN = 17  # the points the card being searched won for the bidder by closing a trick
F_SCOUT = 18  # 1 while that card is searched with a one-point window
F_HINT = 19  # the node's hint key
F_REST = 20  # at a trick boundary, the cards in play (for the table entry)
FRAME_FIELDS = 21
MAX_DEPTH = 3 * 11 + 2

# The helpers below take arrays and touch them without a branch in between: they read,
# then decide through the scalar helpers above and return, or they compute and write.
# numba counts a reference to each array passed to an inlined function, and LLVM drops
# those counts only where no branch (nor a tail LLVM merges with another path's) separates
# the two ends. Helpers that branched between reads and writes kept the counts, an atomic
# operation each, and made the kernel 3-4 times slower. `search`'s compiled code counts
# references only on entry and exit, as before the split (4 NRT_incref calls in its IR).


@njit(cache=True, inline="always")
def _probe(table, key1: int, key2: int, salt: int):
    """A trick boundary's key in the table: (slot, whether the slot holds this key, the
    slot's entry). `salt` (0, or the cards with points in play when shifted bounds are
    off) goes into the slot only: positions sharing a key then get slots of their own
    instead of evicting each other."""
    slot = _slot(key1 ^ salt, key2, table.shape[0] - 1)
    return slot, (table[slot, 0] == key1) & (table[slot, 1] == key2), table[slot, 2]


@njit(cache=True, inline="always")
def _note_boundary(frames, d, slot, key1, key2, rest, alpha, beta, low, high) -> None:
    """Note what `_store_bounds` needs of frame d, a trick boundary (its slot, key and the
    bounds known before its search), and its window narrowed to those bounds."""
    frames[d, F_SLOT] = slot
    frames[d, F_KEY1] = key1
    frames[d, F_KEY2] = key2
    frames[d, F_REST] = rest
    frames[d, F_LOW] = low
    frames[d, F_HIGH] = high
    frames[d, F_ALPHA] = alpha
    frames[d, F_BETA] = beta


@njit(cache=True, inline="always")
def _start_node(hands, frames, d, hints, first, bidder, use_hints) -> int:
    """Set frame d up to search its cards in its window; returns the card to try first:
    `first` (the table's best card), or else the hint's (if `use_hints`), or -1."""
    n = frames[d, F_N]
    leader = frames[d, F_LEADER]
    hint = _node_hint(hands[0], hands[1], hands[2], leader, n, frames[d, F_T0],
                      frames[d, F_T1], bidder)
    frames[d, F_ALPHA0] = frames[d, F_ALPHA]
    frames[d, F_BETA0] = frames[d, F_BETA]
    frames[d, F_HINT] = hint
    # Worse than any card: -INFINITY for the bidder to play, INFINITY for a defender.
    frames[d, F_VALUE] = INFINITY - 2 * INFINITY * (_seat_after(leader, n) == bidder)
    frames[d, F_BEST] = -1
    frames[d, F_NEXT] = 0
    return _first_card(first, hints[_hint_slot(hint, hints.shape[0] - 1)], hint, use_hints)


@njit(cache=True, inline="always")
def _can_play(frames, d) -> bool:
    """Has frame d a card left to search, and no cut-off yet?"""
    return (frames[d, F_NEXT] < frames[d, F_COUNT]) & (frames[d, F_ALPHA] < frames[d, F_BETA])


@njit(cache=True, inline="always")
def _next_child(hands, frames, d, moves, trump, bidder):
    """Play frame d's next card. Returns the child's frame as (n, leader, t0, t1, alpha,
    beta) and, for frame d, (gain, scout): the points the card won for the bidder and
    whether it is searched as a scout. After the first card, a one-point window only tests
    whether the card beats the best so far (principal variation search)."""
    n = frames[d, F_N]
    leader = frames[d, F_LEADER]
    t0 = frames[d, F_T0]
    t1 = frames[d, F_T1]
    alpha = frames[d, F_ALPHA]
    beta = frames[d, F_BETA]
    old_t0 = frames[d + 1, F_T0]
    old_t1 = frames[d + 1, F_T1]
    played = frames[d, F_NEXT] + 1
    frames[d, F_NEXT] = played
    c = moves[d, played - 1]
    player = _seat_after(leader, n)
    hands[player] ^= 1 << c
    child_n, child_leader, gain = _after_card(n, leader, t0, t1, c, trump, bidder)
    child_t0, child_t1 = _cards_on_trick(n, t0, c, old_t0, old_t1)
    scout = (played > 1) & (beta - alpha > 1)
    alpha, beta = _child_window(alpha, beta, scout, player == bidder)
    return child_n, child_leader, child_t0, child_t1, alpha - gain, beta - gain, gain, scout


@njit(cache=True, inline="always")
def _push(frames, d, child) -> None:
    """Write `_next_child`'s answer into frames d and d + 1."""
    frames[d + 1, F_N] = child[0]
    frames[d + 1, F_LEADER] = child[1]
    frames[d + 1, F_T0] = child[2]
    frames[d + 1, F_T1] = child[3]
    frames[d + 1, F_ALPHA] = child[4]
    frames[d + 1, F_BETA] = child[5]
    frames[d, F_GAIN] = child[6]
    frames[d, F_SCOUT] = child[7]


@njit(cache=True, inline="always")
def _scout_failed(frames, d, answer) -> bool:
    """Did the one-point test of frame d's card, answered `answer`, put it inside the
    window (so it must be searched again with the full window)?"""
    v = answer + frames[d, F_GAIN]
    return (frames[d, F_SCOUT] != 0) & (frames[d, F_ALPHA] < v) & (v < frames[d, F_BETA])


@njit(cache=True, inline="always")
def _take_answer(hands, frames, d, moves, answer, bidder) -> None:
    """Take back frame d's last card, whose position was worth `answer` to the bidder, and
    keep it if it is the best so far."""
    player = _seat_after(frames[d, F_LEADER], frames[d, F_N])
    c = moves[d, frames[d, F_NEXT] - 1]
    hands[player] ^= 1 << c
    value, best, alpha, beta = _better(player == bidder, answer + frames[d, F_GAIN], c,
                                       frames[d, F_VALUE], frames[d, F_BEST],
                                       frames[d, F_ALPHA], frames[d, F_BETA])
    frames[d, F_VALUE] = value
    frames[d, F_BEST] = best
    frames[d, F_ALPHA] = alpha
    frames[d, F_BETA] = beta


@njit(cache=True, inline="always")
def _cut_off(frames, d, bidder) -> bool:
    """Did frame d's best card give a cut-off (a value beyond the window it was given)?"""
    value = frames[d, F_VALUE]
    by_bidder = _seat_after(frames[d, F_LEADER], frames[d, F_N]) == bidder
    return (frames[d, F_BEST] >= 0) & ((by_bidder & (value >= frames[d, F_BETA0]))
                                       | ((not by_bidder) & (value <= frames[d, F_ALPHA0])))


@njit(cache=True, inline="always")
def _store_hint(frames, d, hints) -> None:
    """Remember frame d's best card for the next node with the same hint key."""
    hint = frames[d, F_HINT]
    hints[_hint_slot(hint, hints.shape[0] - 1)] = hint | (frames[d, F_BEST] + 1)


@njit(cache=True, inline="always")
def _store_bounds(frames, d, table) -> None:
    """Store what frame d, a trick boundary, proved in its table slot."""
    low, high = _proven_bounds(frames[d, F_VALUE], frames[d, F_ALPHA0], frames[d, F_BETA0],
                               frames[d, F_LOW], frames[d, F_HIGH])
    slot = frames[d, F_SLOT]
    table[slot, 0] = frames[d, F_KEY1]
    table[slot, 1] = frames[d, F_KEY2]
    table[slot, 2] = _entry(low, high, frames[d, F_BEST], frames[d, F_REST])


@njit(cache=True)
def search(hands, n, leader, t0, t1, alpha, beta, ctx, table, hints):
    """Bidder's points from the current trick on; `n` cards (t0, t1) are on the trick.

    Alpha-beta with an explicit stack (numba cannot cache recursive functions): frame d
    is opened (settled at once, or its cards listed), then plays its cards one by one
    into frame d + 1 and takes each answer back, until it is closed and its own answer
    goes to frame d - 1.
    `hints` (a power-of-two array of words) holds move-ordering hints for the nodes the
    table does not answer: for a defender to play, the card that last refuted the bidder
    (a cut-off) with the same defenders' hands and trick, whatever the bidder held, since
    the frog discards give the defenders the same choices over and over; for the bidder,
    the card that last gave him a cut-off with the same hand and trick, whatever the
    defenders held. A hint is tried first only if it is one of the legal cards listed, so
    it orders moves and never changes a result. With `ctx[USE_HINTS]` 0 the hint table is
    neither read nor written, and with `ctx[USE_SHIFTED]` 0 a table entry answers only the
    position it was stored for (a check of the search runs without either).
    """
    trump = ctx[TRUMP]
    bidder = ctx[BIDDER]
    must_overtrump = ctx[MUST_OVERTRUMP]
    use_hints = ctx[USE_HINTS] != 0
    use_shifted = ctx[USE_SHIFTED] != 0
    frames = np.zeros((MAX_DEPTH, FRAME_FIELDS), dtype=np.int64)
    moves = np.zeros((MAX_DEPTH, 11), dtype=np.int64)
    scores = np.zeros(11, dtype=np.int64)
    frames[0, F_N] = n
    frames[0, F_LEADER] = leader
    frames[0, F_T0] = t0
    frames[0, F_T1] = t1
    frames[0, F_ALPHA] = alpha
    frames[0, F_BETA] = beta
    d = 0
    while True:
        # Frame d is a new node: settle it at once if possible, else list its cards.
        ctx[NODES] += 1
        frames[d, F_SLOT] = -1  # no table entry unless a trick boundary
        done = False
        answer = 0
        first = -1
        if frames[d, F_N] == 0:
            done, answer, low, high = _settled_by_points_out(
                hands[0], hands[1], hands[2], frames[d, F_LEADER], frames[d, F_ALPHA],
                frames[d, F_BETA], trump, bidder)
            if not done:
                key1, key2 = _key(hands[0], hands[1], hands[2], frames[d, F_LEADER])
                rest = hands[0] | hands[1] | hands[2]
                slot, found, entry = _probe(table, key1, key2,
                                            0 if use_shifted else rest & POINT_CARDS)
                done, answer, alpha, beta, low, high, first = _settled_by_table(
                    found, entry, rest, use_shifted, frames[d, F_ALPHA], frames[d, F_BETA],
                    low, high)
                _note_boundary(frames, d, slot, key1, key2, rest, alpha, beta, low, high)
        if not done:
            first = _start_node(hands, frames, d, hints, first, bidder, use_hints)
            frames[d, F_COUNT] = _order_moves(hands, frames[d, F_N], frames[d, F_LEADER],
                                              frames[d, F_T0], frames[d, F_T1], trump,
                                              must_overtrump, bidder, first, moves, d, scores)
        while True:  # until frame d has a new child to open
            if not done:
                if _can_play(frames, d):
                    _push(frames, d, _next_child(hands, frames, d, moves, trump, bidder))
                    break
                # Every card searched, or a cut-off: frame d's answer is its value.
                if use_hints and _cut_off(frames, d, bidder):
                    _store_hint(frames, d, hints)
                if frames[d, F_SLOT] >= 0:
                    _store_bounds(frames, d, table)
                answer = frames[d, F_VALUE]
            if d == 0:
                return answer
            d -= 1  # frame d's child answered
            if _scout_failed(frames, d, answer):
                # Search the card again, frame d + 1 still holding its position, with the
                # full window. (Written out here: in a helper its tail and `_push`'s were
                # merged by LLVM, which then kept the reference counts of both.)
                frames[d, F_SCOUT] = 0
                frames[d + 1, F_ALPHA] = frames[d, F_ALPHA] - frames[d, F_GAIN]
                frames[d + 1, F_BETA] = frames[d, F_BETA] - frames[d, F_GAIN]
                break
            _take_answer(hands, frames, d, moves, answer, bidder)
            done = False
        d += 1
