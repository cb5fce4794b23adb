"""Cards, rules and payments, deal files and numbered deals of Frog, the trick-taking game."""
from __future__ import annotations

from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.shuffle import pysol_card_ids
from solver.tricks.cards import (
    POINTS,
    CardError,
    card_name,
    format_cards,
    parse_card,
    parse_suit,
)
from solver.tricks.deal import DealError, deal_from_number, make_deal, parse_deal
from solver.tricks.rules import Rules, RulesError, Table


def test_pack_holds_120_points_and_names_round_trip():
    assert sum(POINTS) == 120
    assert all(parse_card(card_name(c)) == c for c in range(36))
    assert parse_card("10h") == parse_card("TH")


@pytest.mark.parametrize("bad", ["1H", "AX", "5C", "", "TTH"])
def test_unknown_cards_are_refused(bad):
    with pytest.raises(CardError):
        parse_card(bad)


def test_suits_by_name_or_letter():
    assert parse_suit("spades") == parse_suit("S") == parse_suit("s")
    with pytest.raises(CardError):
        parse_suit("stars")


def test_strength_order_puts_ten_between_king_and_ace():
    order = ["6H", "7H", "8H", "9H", "JH", "QH", "KH", "TH", "AH"]
    assert [parse_card(n) for n in order] == sorted(parse_card(n) for n in order)


@pytest.mark.parametrize("contract, trump, message", [
    ("chico", "hearts", "chico trumps"),
    ("grand", "spades", "hearts are always trumps"),
    ("solo", "hearts", "unknown contract"),
])
def test_contracts_check_their_trumps(contract, trump, message):
    with pytest.raises(RulesError, match=message):
        Rules(contract, 1, parse_suit(trump))


def test_straight_solo_has_no_frog():
    with pytest.raises(RulesError, match="not a contract"):
        Rules("frog", 1, scoring="straight-solo")


@pytest.mark.parametrize("scoring, contract, trump, points, players, payment", [
    ("foster", "frog", "hearts", 70, 3, 1 * 10 * 2),
    ("foster", "chico", "spades", 61, 5, 2 * 1 * 2),
    ("foster", "grand", "hearts", 50, 4, -4 * 10 * 3),
    ("slough", "grand", "hearts", 64, 3, 3 * 4 * 2),
    ("straight-solo", "chico", "clubs", 55, 3, -1 * 5 * 2),
    ("coeur-d-alene", "chico", "diamonds", 90, 3, 50 * 2),
    ("coeur-d-alene", "frog", "hearts", 20, 5, -25 * 4),
])
def test_payment_follows_tricks_md(scoring, contract, trump, points, players, payment):
    rules = Rules(contract, 2, parse_suit(trump), scoring=scoring, players=players)
    assert rules.payment(points) == payment


def test_exactly_sixty_made_at_60_standoff_at_61():
    assert Rules("grand", 1).verdict(60) == "made"
    assert Rules("grand", 1, target=61).verdict(60) == "standoff"
    assert Rules("grand", 1, target=61).payment(60) == 0
    assert Rules("grand", 1, target=61).verdict(61) == "made"


def test_deal_file_round_trip_and_optional_fields():
    text = ("game: frog-tricks\nhand1: AH 7C\nhand2: 10S 6D  # a comment\nhand3: KH QD\n"
            "widow: 9S\nleader: 3\ntaken: 20 30\n")
    deal = parse_deal(text)
    assert deal.leader == 3 and deal.taken == (20, 30) and deal.hand_size == 2
    assert parse_deal(deal.to_text()) == deal


@pytest.mark.parametrize("text, message", [
    ("hand1: AH\nhand2: AH\nhand3: 6C\n", "line 2: .*AH appears twice"),
    ("hand1: AH\nhand2: XX\nhand3: 6C\n", "line 2: unknown card"),
    ("hand1: AH 7C\nhand2: 6D\nhand3: 6C\n", "same length"),
    ("hand1: AH\nhand2: 6D\n", "missing hand3"),
    ("hand1: AH\nhand2: 6D\nhand3: 6C\nwidow: 7C 8C 9C JC\n", "widow holds at most 3"),
    ("hand1: AH\nhand2: 6D\nhand3: 6C\nleader: 4\n", "leader must be"),
    ("hand1: AH\nhand2: 6D\nhand3: 6C\nfoo: 1\n", "line 4: unknown key"),
    ("game: patience\nhand1: AH\n", "line 1: game must be frog-tricks"),
    ("hand1 AH\n", "line 1: expected 'key: value'"),
    ("hand1: AH\nhand2: 6D\nhand3: 6C\ntaken: 100 100\n", "more points"),
])
def test_bad_deals_are_refused_naming_the_line(text, message):
    with pytest.raises(DealError, match=message):
        parse_deal(text)


def test_numbered_deal_follows_the_3_widow_4_4_procedure():
    """The pack (C S H D, 6 up to A) is dealt from the top: 3 each, widow 3, 4 each twice."""
    top_first = pysol_card_ids(17, decks=1, ranks=9)
    names = [("6789TJQKA"[i % 9] + "CSHD"[i // 9]) for i in top_first]
    deal = deal_from_number(17)
    for seat in range(3):
        dealt = names[3 * seat:3 * seat + 3] + names[12 + 4 * seat:16 + 4 * seat] \
            + names[24 + 4 * seat:28 + 4 * seat]
        assert format_cards(deal.hands[seat]) == format_cards(parse_card(n) for n in dealt)
    assert format_cards(deal.widow) == format_cards(parse_card(n) for n in names[9:12])


@settings(deadline=None)
@given(st.integers(min_value=1, max_value=10**20))
def test_every_numbered_deal_uses_each_card_once(number):
    deal = deal_from_number(number)
    cards = [c for hand in deal.hands for c in hand] + list(deal.widow)
    assert sorted(cards) == list(range(36))
    assert [len(h) for h in deal.hands] == [11, 11, 11]


@settings(deadline=None)
@given(st.permutations(range(36)), st.integers(0, 11), st.integers(0, 3))
def test_any_deal_round_trips_through_its_file(pack, size, widow):
    deal = make_deal([pack[:size], pack[size:2 * size], pack[2 * size:3 * size]],
                     pack[33:33 + widow])
    assert parse_deal(deal.to_text()) == deal


def test_rules_json_names_every_parameter():
    """Each `--json` answer prints the rules through `to_json`: no field may be left out."""
    rules = Rules("chico", 2, parse_suit("spades"), 61, True, "slough", 5, True, "solo-only")
    assert rules.to_json() == {
        "contract": "chico", "trump": "spades", "bidder": 2, "target": 61,
        "must_overtrump": True, "scoring": "slough", "players": 5, "penalty_frog": True,
        "inactive": "solo-only"}
    assert set(rules.to_json()) == {f.name for f in fields(Rules)}


@pytest.mark.parametrize("table, message", [
    (Table(scoring="bridge"), "unknown scoring"),
    (Table(target=59), "target must be 60 or 61"),
    (Table(scoring="slough", players=8), "players must be 3 to 7"),
    (Table(inactive="pay-and-receive"), "under foster scoring"),
])
def test_a_table_is_checked_without_a_contract(table, message):
    with pytest.raises(RulesError, match=message):
        table.check()
    with pytest.raises(RulesError, match=message):
        table.rules("grand", 1, parse_suit("hearts"))


def test_banked_points_count_the_widow_or_the_frog_discard():
    deal = parse_deal("hand1: AH\nhand2: 6D\nhand3: 6C\nwidow: TS\nleader: 1\ntaken: 20 30\n")
    assert deal.banked("grand") == deal.banked("chico") == 20 + 10
    assert deal.banked("frog", [parse_card("AH")]) == 20 + 11
