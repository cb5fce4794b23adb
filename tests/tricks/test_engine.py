"""Property tests of the reference rules engine of Frog, the trick-taking game."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.tricks.cards import POINTS, parse_card, points_of, rank_of, suit_of
from solver.tricks.deal import make_deal
from solver.tricks.engine import Game, IllegalPlay, legal_plays, replay, winning_index
from solver.tricks.rules import Rules


@st.composite
def positions(draw):
    """A hand and a trick of 0-2 cards, disjoint, with a trump suit and the overtrump rule."""
    cards = draw(st.permutations(range(36)))
    size = draw(st.integers(1, 11))
    played = draw(st.integers(0, 2))
    return (cards[:size], cards[size:size + played], draw(st.integers(0, 3)), draw(st.booleans()))


@settings(deadline=None)
@given(positions())
def test_legal_plays_obey_follow_trump_overtrump(position):
    hand, trick, trump, overtrump = position
    legal = legal_plays(hand, trick, trump, overtrump)
    assert legal and set(legal) <= set(hand)
    if not trick:
        assert sorted(legal) == sorted(hand)
        return
    led = suit_of(trick[0])
    if any(suit_of(c) == led for c in hand):
        assert sorted(legal) == sorted(c for c in hand if suit_of(c) == led)
    elif any(suit_of(c) == trump for c in hand):
        assert all(suit_of(c) == trump for c in legal)
        top = max((rank_of(c) for c in trick if suit_of(c) == trump), default=-1)
        can_overtrump = any(suit_of(c) == trump and rank_of(c) > top for c in hand)
        if overtrump and can_overtrump:
            assert all(rank_of(c) > top for c in legal)
        else:
            assert len(legal) == sum(suit_of(c) == trump for c in hand)
    else:
        assert sorted(legal) == sorted(hand)


@settings(deadline=None)
@given(st.permutations(range(36)), st.integers(0, 3))
def test_trick_goes_to_highest_trump_else_highest_of_suit_led(cards, trump):
    trick = cards[:3]
    winner = trick[winning_index(trick, trump)]
    trumps = [c for c in trick if suit_of(c) == trump]
    if trumps:
        assert winner == max(trumps, key=rank_of)
    else:
        assert winner == max((c for c in trick if suit_of(c) == suit_of(trick[0])), key=rank_of)


@settings(max_examples=60, deadline=None)
@given(st.permutations(range(36)), st.integers(1, 11), st.integers(0, 3), st.data())
def test_random_legal_playouts_conserve_points(pack, size, widow_size, data):
    """Whatever is played, the two sides end up sharing every point in play."""
    widow_size = min(widow_size, 36 - 3 * size)
    deal = make_deal([pack[:size], pack[size:2 * size], pack[2 * size:3 * size]],
                     pack[3 * size:3 * size + widow_size], leader=data.draw(st.integers(1, 3)))
    contract = data.draw(st.sampled_from(["frog", "chico", "grand"]))
    trump = data.draw(st.sampled_from([0, 1, 3])) if contract == "chico" else 2
    rules = Rules(contract, data.draw(st.integers(1, 3)), trump,
                  must_overtrump=data.draw(st.booleans()))
    discard = []
    if contract == "frog":
        holding = list(deal.hands[rules.bidder - 1]) + list(deal.widow)
        discard = data.draw(st.permutations(holding))[:widow_size]
    game = Game.start(deal, rules, discard)
    while not game.finished:
        game.play(data.draw(st.sampled_from(game.legal())))
    in_play = points_of([c for h in deal.hands for c in h] + list(deal.widow))
    assert sum(game.points) == in_play
    assert game.points[0] >= points_of(discard if contract == "frog" else deal.widow)


def test_illegal_cards_are_refused_with_the_reason():
    deal = make_deal([[parse_card(c) for c in h] for h in
                      (["AC", "7H"], ["KC", "8S"], ["9D", "TH"])], [])
    rules = Rules("grand", 1)
    with pytest.raises(IllegalPlay, match="trick 1: seat 2 may not play 8S: it does not follow suit"):
        replay(deal, rules, None, [[(1, parse_card("AC")), (2, parse_card("8S"))]])
    with pytest.raises(IllegalPlay, match="trick 1: seat 3 may not play 9D: it does not trump"):
        replay(deal, rules, None, [[(1, parse_card("AC")), (2, parse_card("KC")),
                                    (3, parse_card("9D"))]])
    with pytest.raises(IllegalPlay, match="trick 1: a trick has 3 cards, not 4"):
        replay(deal, rules, None, [[(1, parse_card("AC")), (2, parse_card("KC")),
                                    (3, parse_card("TH")), (1, parse_card("7H"))]])
    with pytest.raises(IllegalPlay, match="out of turn"):
        replay(deal, rules, None, [[(2, parse_card("KC"))]])
    with pytest.raises(IllegalPlay, match="not in the player's hand"):
        replay(deal, rules, None, [[(1, parse_card("KC"))]])


def test_overtrump_rule_binds_only_when_on():
    deal = make_deal([[parse_card(c) for c in h] for h in
                      (["AC", "7D"], ["JH", "8D"], ["QH", "6H"])], [])
    line = [[(1, parse_card("AC")), (2, parse_card("JH")), (3, parse_card("6H"))]]
    game = replay(deal, Rules("grand", 2), None, line)
    assert game.leader == 2 and game.points == [POINTS[parse_card("AC")] + 2, 0]
    with pytest.raises(IllegalPlay, match="does not overtrump"):
        replay(deal, Rules("grand", 2, must_overtrump=True), None, line)


def test_frog_discard_must_come_from_hand_and_widow():
    deal = make_deal([[parse_card("AC")], [parse_card("KC")], [parse_card("QC")]],
                     [parse_card("TD")])
    with pytest.raises(IllegalPlay, match="discard 6S"):
        Game.start(deal, Rules("frog", 1), [parse_card("6S")])
    with pytest.raises(IllegalPlay, match="must discard 1"):
        Game.start(deal, Rules("frog", 1), [])
    game = Game.start(deal, Rules("frog", 1), [parse_card("AC")])
    assert game.points[0] == 11 and game.hands[0] == [parse_card("TD")]
