"""Computer players at the table: the view holds no hidden card (two deals that differ only
in cards a seat cannot see give it the same view and the same choice), the sampled deals
respect what the seat saw, and the sampling player's values are averages of exact solves."""
from __future__ import annotations

import random

import pytest
from tests.conftest import seeded

from solver.tricks.brute import minimax
from solver.tricks.cards import card_name, suit_of
from solver.tricks.deal import deal_from_number, make_deal
from solver.tricks.engine import Game
from solver.tricks.players import choose_card, rule_player, sampling_player
from solver.tricks.rules import Table
from solver.tricks.seat import SeatView, deal_unseen
from solver.tricks.table import OVER, PLAY, BadAction, Hand


def played(deal, calls: list[str], cards: int) -> Hand:
    """`deal` with `calls`, a frog's discard by the rule player, then `cards` cards by the
    rule player (which reads only its seat's view)."""
    hand = Hand(deal, Table())
    for text in calls:
        hand.act(text)
    while hand.phase != OVER and not (hand.phase == PLAY and cards_played(hand) >= cards):
        hand.act(rule_player(SeatView.of(hand, hand.to_act), 0).action)
    return hand


def cards_played(hand: Hand) -> int:
    return 3 * len(hand.game.tricks_played) + len(hand.game.trick)


def swapped(deal, seat: int, hand: Hand, rng: random.Random):
    """`deal` with two cards hidden from `seat` exchanged (between the other hands, or with
    the widow unless a frog showed it), such that every action of `hand` is still legal;
    None if none is found."""
    places = [s for s in (1, 2, 3) if s != seat]
    gone = {c for t in (*hand.game.tricks_played, hand.game.on_trick) for _, c in t}
    for _ in range(500):
        groups = [list(deal.hands[s - 1]) for s in places] + [list(deal.widow)]
        a, b = rng.sample(range(2 if hand.rules.contract == "frog" else 3), 2)
        x, y = rng.choice(groups[a]), rng.choice(groups[b])
        if x in gone or y in gone or suit_of(x) != suit_of(y) and b != 2 and a != 2:
            continue
        groups[a][groups[a].index(x)], groups[b][groups[b].index(y)] = y, x
        hands = [list(h) for h in deal.hands]
        for s, cards in zip(places, groups):
            hands[s - 1] = cards
        other = make_deal(hands, groups[2])
        again = Hand(other, hand.table)
        try:
            for text in hand.actions:
                again.act(text)
        except BadAction:
            continue
        return other, again
    return None


@pytest.mark.parametrize("calls, cards", [(["pass", "grand"], 4),
                                          (["chico spades", "pass", "pass"], 7),
                                          (["pass", "pass", "frog"], 5)])
def test_cards_hidden_from_a_seat_do_not_change_its_view_or_its_choice(seed, calls, cards):
    rng = seeded(seed, "hidden", *calls)
    for number in (17, 18, 19):
        deal = deal_from_number(number)
        hand = played(deal, calls, cards)
        seat = hand.to_act
        found = swapped(deal, seat, hand, rng)
        if found is None:
            continue
        other_deal, other = found
        assert other_deal != deal
        view = SeatView.of(hand, seat)
        assert SeatView.of(other, seat) == view
        assert sampling_player(view, 7, card_samples=6).action == \
            sampling_player(SeatView.of(other, seat), 7, card_samples=6).action
        # the swap did change what the other seats see, so the comparison can fail
        assert [SeatView.of(other, s) != SeatView.of(hand, s) for s in (1, 2, 3) if s != seat] \
            != [False, False]
        return
    pytest.fail("no swap of hidden cards kept the history legal")


def test_sampled_deals_respect_voids_widow_and_sizes(seed):
    rng = seeded(seed, "voids")
    for number in range(20, 40):
        hand = played(deal_from_number(number), ["frog", "pass", "pass"], 15)
        if hand.phase != PLAY:
            continue
        seat = 2 if hand.to_act != 2 else 3  # a defender: the discard is hidden from it
        view = SeatView.of(hand, seat)
        banned = view.excluded()
        for _ in range(20):
            layout = deal_unseen(view, rng)
            for s in (1, 2, 3):
                assert len(layout.hands[s - 1]) == len(hand.game.hands[s - 1])
                assert not set(layout.hands[s - 1]) & banned[s]
            other_defender = 5 - seat  # seats 2 and 3 defend
            assert not set(layout.hands[other_defender - 1]) & set(hand.deal.widow)
            assert sorted([*layout.hidden, *(c for h in layout.hands for c in h)]) == \
                sorted(view.unseen() + list(view.hand))
            assert len(layout.hidden) == 3
        # every seat's real hand is consistent with what was shown
        for s in (1, 2, 3):
            assert not set(hand.game.hands[s - 1]) & banned[s]


def test_a_seat_that_does_not_follow_shows_a_void():
    # grand by seat 1 (hearts trumps, none dealt); seat 2 holds no club and throws 7S on AC
    hand = Hand(make_deal([[8, 1, 27], [28, 29, 30], [0, 2, 31]], []), Table())
    for text in ("grand", "play AC", "play 7S", "play 6C"):
        hand.act(text)
    assert SeatView.of(hand, 1).excluded() == {1: set(), 2: {0, 1, 2, 8}, 3: set()}


def test_card_values_are_averages_of_exact_solves(seed):
    """Near the end of a hand the player's value of each card is the mean, over the deals
    it sampled, of plain minimax's total after that card."""
    for number in (21, 22, 23):
        hand = played(deal_from_number(number), ["pass", "grand"], 25)
        view = SeatView.of(hand, hand.to_act)
        if hand.phase != PLAY or len(view.legal()) < 2:
            continue
        choice = choose_card(view, 8, seed)
        rng = random.Random(seed)
        totals = {card_name(c): 0 for c in view.legal()}
        for _ in range(8):
            layout = deal_unseen(view, rng)
            for c in view.legal():
                game = Game(view.rules, [list(h) for h in layout.hands], view.leader,
                            [view.won()[0] + layout.banked(view), view.won()[1]],
                            view.trick_cards())
                game.play(c)
                totals[card_name(c)] += minimax(game)
        assert choice.values == {name: round(total / 8, 2) for name, total in totals.items()}
        best = choice.action.split()[1]
        sign = 1 if view.seat == view.rules.bidder else -1
        assert sign * choice.values[best] == max(sign * v for v in choice.values.values()) or \
            len({view.rules.payment(round(v)) for v in choice.values.values()}) > 1
        return
    pytest.fail("no position with a choice")


def test_the_rule_player_wins_as_cheaply_as_it_can_else_throws_its_cheapest():
    # grand by seat 1; seat 1 leads KC; seat 2 holds AC TC 7C: AC and TC win, TC is cheaper
    deal = make_deal([[6, 0, 27], [8, 7, 1], [5, 28, 29]], [])
    hand = Hand(deal, Table())
    for text in ("grand", "play KC"):
        hand.act(text)
    assert rule_player(SeatView.of(hand, 2), 0).action == "play TC"
    hand.act("play 7C")
    assert rule_player(SeatView.of(hand, 3), 0).action == "play QC"  # cannot win: cheapest


def test_a_discard_stops_taking_samples_at_its_node_budget(seed, monkeypatch):
    """With no node budget left after each sample a discard takes its least number of
    samples, with room for all of them every one; the samples it takes are the same."""
    from solver.tricks import players
    from solver.tricks.table import DISCARD

    rng = seeded(seed, "test_a_discard_stops_taking_samples_at_its_node_budget")
    hand = Hand(deal_from_number(rng.randint(1, 10**6)), Table())
    hand.act("frog")
    hand.act("pass")
    hand.act("pass")
    assert hand.phase == DISCARD
    view, decision = SeatView.of(hand, 1), rng.randint(1, 10**6)
    monkeypatch.setattr(players, "DISCARD_NODES", 0)
    cut = players.choose_discard(view, 6, decision)
    assert cut.samples == players.MIN_DISCARD_SAMPLES
    monkeypatch.setattr(players, "DISCARD_NODES", 10**15)
    whole = players.choose_discard(view, 6, decision)
    assert whole.samples == 6
    assert players.choose_discard(view, players.MIN_DISCARD_SAMPLES, decision) == cut
