"""The table: the auction's order, the widow and discard, the play through the rules engine,
the chips of every place at tables of 3 to 7, and sessions rebuilt from their actions."""
from __future__ import annotations

import pytest
from tests.conftest import seeded

from solver.tricks.cards import card_name
from solver.tricks.engine import replay
from solver.tricks.line import parse_line
from solver.tricks.rules import Rules, Table
from solver.tricks.table import (AUCTION, DISCARD, OVER, PLAY, BadAction, Hand, Session,
                                 active_places, settle)
from solver.tricks.deal import deal_from_number


def bids(hand: Hand, *texts: str) -> list[str]:
    for text in texts:
        hand.act(text)
    return hand.call_names()


def test_frog_overcalled_by_chico_may_raise_and_later_seats_pass_by_themselves():
    hand = Hand(deal_from_number(17), Table())
    assert bids(hand, "frog", "chico spades") == ["1:frog", "2:chico spades"]
    assert hand.to_act == 1 and hand.phase == AUCTION  # the frog answers before seat 3
    with pytest.raises(BadAction, match="may only raise to grand or pass"):
        hand.act("chico clubs")
    # the raise to grand leaves seat 3 nothing to name: it passes without being asked
    assert bids(hand, "grand") == ["1:frog", "2:chico spades", "1:grand (raise)", "3:pass"]
    assert hand.phase == PLAY and hand.rules == Rules("grand", 1)
    assert hand.actions == ["frog", "chico spades", "grand"]


@pytest.mark.parametrize("texts, error", [
    (["frog", "frog"], "frog is not higher than frog"),
    (["chico hearts"], "chico trumps must be clubs, diamonds or spades"),
    (["chico"], "a chico names its trump"),
    (["discard AC TC QC"], "no discard now: seat 1 bids"),
    (["play AC"], "no play now"),
    (["double"], "unknown action 'double'"),
])
def test_bad_calls_are_refused_with_the_reason_and_change_nothing(texts, error):
    hand = Hand(deal_from_number(17), Table())
    for text in texts[:-1]:
        hand.act(text)
    before = list(hand.calls)
    with pytest.raises(BadAction, match=error):
        hand.act(texts[-1])
    assert hand.calls == before


def test_frog_is_not_a_bid_under_straight_solo():
    hand = Hand(deal_from_number(17), Table(scoring="straight-solo"))
    with pytest.raises(BadAction, match="frog is not a contract under straight-solo"):
        hand.act("frog")


def test_all_pass_throws_the_hand_in_and_pays_nothing():
    session = Session(Table(), 17)
    hand = session.deal_next()
    bids(hand, "pass", "pass", "pass")
    assert hand.phase == OVER and hand.rules is None and hand.to_act is None
    assert session.totals() == {1: 0, 2: 0, 3: 0}
    second = session.deal_next()
    assert second.deal == deal_from_number(18)
    assert session.places(2) == (2, 3, 1)  # the deal passed to the left: place 2 is eldest


def test_a_frog_shows_the_widow_lays_away_three_and_plays_out_through_the_engine(seed):
    rng = seeded(seed, "frog hand")
    session = Session(Table(scoring="slough", players=4), 17)
    hand = session.deal_next()
    bids(hand, "pass", "frog", "pass")
    assert hand.phase == DISCARD and hand.to_act == 2
    holding = hand.holding(2)
    assert len(holding) == 14 and set(hand.deal.widow) <= set(holding)
    with pytest.raises(BadAction, match="lay away 3 different cards"):
        hand.act("discard AH AH KH")
    with pytest.raises(BadAction, match="not in the bidder's hand or the widow"):
        hand.act("discard AC TC QC")  # seat 1's cards
    hand.act("discard " + " ".join(card_name(c) for c in holding[:3]))
    while hand.phase == PLAY:
        legal = hand.game.legal()
        illegal = [c for c in hand.holding(hand.to_act) if c not in legal]
        if illegal:
            with pytest.raises(BadAction, match=f"seat {hand.to_act} may not play .*: it does not"):
                hand.act(f"play {card_name(illegal[0])}")
        hand.act(f"play {card_name(rng.choice(legal))}")
    points = hand.bidder_points
    line = parse_line(hand.line_text())
    assert replay(hand.deal, line.rules(scoring="slough", players=4), line.discard,
                  line.tricks).points[0] == points
    # four at the table: place 4 dealt and sat out; seat 2 is place 2
    chips = session.scores()[0]
    payment = Rules("frog", 2, scoring="slough", players=4).payment(points)
    assert chips[2] == payment and sum(chips.values()) == 0
    assert chips[4] == (-payment // 3 if payment < 0 else 0)
    rebuilt = Session.replay(session.table, 17, session.log())
    assert rebuilt.totals() == session.totals() and rebuilt.log() == session.log()


@pytest.mark.parametrize("players, dealer, places", [
    (3, 3, (1, 2, 3)), (3, 1, (2, 3, 1)), (4, 4, (1, 2, 3)), (4, 2, (3, 4, 1)),
    (5, 5, (1, 2, 4)), (5, 1, (2, 3, 5)), (7, 7, (1, 2, 3)),
])
def test_who_plays_a_hand(players, dealer, places):
    assert active_places(players, dealer) == places


@pytest.mark.parametrize("rules, points, chips", [
    # made frog, foster: the two defenders pay 10 each; place 4 sits out and pays nothing
    (Rules("frog", 1, players=4), 70, {1: 20, 2: -10, 3: -10, 4: 0}),
    # lost grand: 4 a point, 5 points short, to everyone else
    (Rules("grand", 2, players=4), 55, {1: 20, 2: -60, 3: 20, 4: 20}),
    # pay-and-receive: a made chico is paid by the player sitting out too
    (Rules("chico", 3, trump=0, scoring="slough", players=4, inactive="pay-and-receive"), 62,
     {1: -4, 2: -4, 3: 12, 4: -4}),
    # solo-only: a made frog is not paid by those sitting out
    (Rules("frog", 1, scoring="slough", players=4, inactive="solo-only"), 61,
     {1: 2, 2: -1, 3: -1, 4: 0}),
    # a standoff pays nothing
    (Rules("frog", 1, target=61), 60, {1: 0, 2: 0, 3: 0}),
])
def test_chips_of_every_place(rules, points, chips):
    places = (1, 2, 3)
    assert settle(rules, points, places, rules.players) == chips
    assert sum(chips.values()) == 0 and chips[rules.bidder] == rules.payment(points)


def test_a_log_with_a_bad_action_names_it():
    with pytest.raises(BadAction, match=r"action 3 \('play ac'\): no play now"):
        Session.replay(Table(), 17, ["deal", "frog", "play ac"])
