"""Computer players at the table: each decides from a `SeatView` (solver/tricks/seat.py)
and nothing else, so none can look at a card its seat has not seen.

The sampling player does what GIB (bridge) and Kermit (Skat) do: it deals the cards it
cannot see at random, consistently with everything its seat has seen (`deal_unseen`),
solves every candidate double dummy on each such deal with the exact search, and takes the
candidate with the best average: a card by the payment it leads to (then the points), a
bid by `bidding.advise` on its 11 cards (the auction's rule of `auction.best_above`), a
frog's discard among the discards that were best on some sample. Its choices depend only
on the view and the seed: the same view and seed, the same choice.

The rule player is the benchmark's yardstick: it takes the trick as cheaply as it can, else
throws its cheapest card; it lays away its cheapest side cards and never bids.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from solver.tricks.auction import LEVEL, best_above
from solver.tricks.bidding import advise_within, hand_deal
from solver.tricks.cards import POINTS, card_name, format_cards, mask_of, points_of, rank_of, \
    suit_of
from solver.tricks.deal import make_deal
from solver.tricks.engine import winning_index
from solver.tricks.search import Searcher, discard_and_play_points, hand_masks
from solver.tricks.seat import Layout, SeatView, deal_unseen
from solver.tricks.table import AUCTION, DISCARD, PLAY, Hand, allowed_bids, auction_state

#: Samples per decision, chosen to keep a card within 1.5 s and a bid within 3 s on one
#: core (docs/tricks.md, Playing at the table, gives the measured times). A card's samples
#: also stop once its searches have spent CARD_NODES nodes (about a second), after at
#: least MIN_CARD_SAMPLES, a bid's once BID_NODES are spent, after MIN_BID_SAMPLES, and a
#: discard's once its best discards took DISCARD_NODES, after MIN_DISCARD_SAMPLES:
#: nodes, unlike seconds, are the same on every run, so the choice still depends only on
#: the view and the seed.
CARD_SAMPLES = 50
MIN_CARD_SAMPLES = 8
CARD_NODES = 10_000_000
BID_SAMPLES = 10
MIN_BID_SAMPLES = 4
BID_NODES = 20_000_000
DISCARD_SAMPLES = 8
MIN_DISCARD_SAMPLES = 4
DISCARD_NODES = 20_000_000
#: Discards compared on every sample: the ones that were best on most samples.
DISCARD_CANDIDATES = 4
#: The table size of a decision's searches: one table for all its samples.
TABLE_BITS = 16


@dataclass(frozen=True)
class Choice:
    """A decision: the action (``play AH``, ``frog``, ``discard TD QH 6H``...) and, for a
    card or a discard, each candidate's average final points for the bidder."""

    action: str
    values: dict[str, float]
    samples: int


Player = Callable[[SeatView, int], Choice]


def sampling_player(view: SeatView, seed: int, card_samples: int = CARD_SAMPLES,
                    bid_samples: int = BID_SAMPLES,
                    discard_samples: int = DISCARD_SAMPLES) -> Choice:
    """The sampling player's decision for the seat of `view`, whose turn it is."""
    if view.phase == AUCTION:
        return choose_bid(view, bid_samples, seed)
    if view.phase == DISCARD:
        return choose_discard(view, discard_samples, seed)
    if view.phase == PLAY:
        return choose_card(view, card_samples, seed)
    raise ValueError(f"nothing to decide in phase {view.phase}")


def choose_bid(view: SeatView, samples: int, seed: int, max_nodes: int = BID_NODES) -> Choice:
    """Name the game with the highest expected payment above those named, if above 0, over
    up to `samples` deals (fewer once `max_nodes` nodes are spent)."""
    state = auction_state(list(view.calls))
    choices = allowed_bids(state, view.table.scoring)
    if not choices:
        return Choice("pass", {}, 0)
    advice = advise_within(hand_deal(list(view.hand), view.seat), view.seat, view.table,
                           samples, seed, choices, max_nodes, min(samples, MIN_BID_SAMPLES))
    best = best_above(advice, state.level if not state.raising else LEVEL["chico"])
    values = {e.name: round(e.mean_payment, 2) for e in advice.estimates}
    drawn = advice.estimates[0].samples
    if best is None:
        return Choice("pass", values, drawn)
    return Choice(best.name, values, drawn)


def choose_card(view: SeatView, samples: int, seed: int) -> Choice:
    """The legal card with the best average over up to `samples` deals of the unseen cards
    (fewer once CARD_NODES nodes are spent): the highest payment for the bidder (the lowest
    for a defender), then points."""
    legal = sorted(view.legal())
    if len(legal) == 1:
        return Choice(f"play {card_name(legal[0])}", {}, 0)
    rules, rng = view.rules, random.Random(seed)
    searcher = Searcher(rules, table_bits=TABLE_BITS)
    trick, taken = view.trick_cards(), view.won()[0]
    totals: dict[int, list[int]] = {c: [] for c in legal}
    done = 0
    while done < samples and (done < MIN_CARD_SAMPLES or searcher.nodes < CARD_NODES):
        layout = deal_unseen(view, rng)
        masks = [mask_of(h) for h in layout.hands]
        base = taken + layout.banked(view)
        for c in legal:
            totals[c].append(base + searcher.after(masks, view.leader, trick, c))
        done += 1
    sign = 1 if view.seat == rules.bidder else -1

    def worth(c: int) -> tuple[float, float]:
        points = totals[c]
        return (sign * sum(map(rules.payment, points)) / done, sign * sum(points) / done)

    best = max(legal, key=worth)
    return Choice(f"play {card_name(best)}",
                  {card_name(c): round(sum(totals[c]) / done, 2) for c in legal}, done)


def choose_discard(view: SeatView, samples: int, seed: int) -> Choice:
    """The frog's discard: each sample's best discard (exact, `discard_and_play_points`)
    is a candidate (no samples are taken once those searches took DISCARD_NODES nodes);
    the most frequent few are then each valued on every sample taken, and the one with the
    best average payment (then points) is laid away."""
    rules, rng = view.rules, random.Random(seed)
    dealt = [c for c in view.hand if c not in view.widow]
    layouts: list[Layout] = [deal_unseen(view, rng) for _ in range(samples)]
    searchers = [Searcher(rules, table_bits=TABLE_BITS) for _ in layouts]
    deals = []
    for layout in layouts:
        hands = [list(h) for h in layout.hands]
        hands[view.seat - 1] = dealt
        deals.append(make_deal(hands, list(view.widow), view.leader))
    votes: Counter[tuple[int, ...]] = Counter()
    used, spent = 0, 0
    for deal, searcher in zip(deals, searchers):
        if used >= min(samples, MIN_DISCARD_SAMPLES) and spent >= DISCARD_NODES:
            break
        discard, _ = discard_and_play_points(deal, rules, searcher)
        votes[tuple(sorted(discard))] += 1
        used, spent = used + 1, spent + searcher.nodes
    candidates = sorted(votes, key=lambda d: (-votes[d], d))[:DISCARD_CANDIDATES]
    totals: dict[tuple[int, ...], list[int]] = {d: [] for d in candidates}
    for deal, searcher in zip(deals[:used], searchers):
        for d in candidates:
            play = searcher.value(hand_masks(deal, rules, list(d)), deal.leader, [])
            totals[d].append(points_of(d) + play)

    def worth(d: tuple[int, ...]) -> tuple[float, float]:
        return (sum(map(rules.payment, totals[d])) / used, sum(totals[d]) / used)

    best = max(candidates, key=worth)
    return Choice(f"discard {format_cards(best)}",
                  {format_cards(d): round(sum(totals[d]) / used, 2) for d in candidates},
                  used)


def rule_player(view: SeatView, seed: int) -> Choice:
    """Take the trick with the cheapest card that wins it now, else play the cheapest card
    (leading, the cheapest card); lay away the cheapest side cards; always pass."""
    if view.phase == AUCTION:
        return Choice("pass", {}, 0)
    if view.phase == DISCARD:
        trump = view.rules.trump
        cards = sorted(view.hand, key=lambda c: (suit_of(c) == trump, POINTS[c], rank_of(c)))
        return Choice(f"discard {format_cards(cards[:view.widow_size])}", {}, 0)
    trick = view.trick_cards()
    cheap = sorted(view.legal(), key=lambda c: (POINTS[c], suit_of(c) == view.rules.trump,
                                                rank_of(c), c))
    winners = [c for c in cheap
               if trick and winning_index(trick + [c], view.rules.trump) == len(trick)]
    return Choice(f"play {card_name((winners or cheap)[0])}", {}, 0)


def decision_seed(seed: int, ply: int) -> int:
    """The seed of a hand's `ply`-th decision (0-based), from the hand's seed."""
    return random.Random(f"{seed}/{ply}").getrandbits(32)


def play_out(hand: Hand, players: dict[int, Player], seed: int) -> list[Choice]:
    """Let `players` (by seat) act until the hand is over; each gets only its seat's view.
    Returns every decision in order."""
    choices = []
    while hand.to_act is not None:
        seat = hand.to_act
        choice = players[seat](SeatView.of(hand, seat), decision_seed(seed, len(hand.actions)))
        hand.act(choice.action)
        choices.append(choice)
    return choices
