"""solver/patience/cards.py: card names, parsing and printing (docs/rules.md, Deal files:
rank + suit, T or 10 for ten)."""
import pytest
from hypothesis import given, strategies as st

from solver.patience.cards import (
    PYSOL_SUIT_ORDER, RANK_NAMES, SUITS, Card, CardError, format_cards, parse_cards, rank_name)


def test_rank_names_run_ace_low_to_king():
    assert [rank_name(r) for r in range(1, 14)] == list("A23456789TJQK")


def test_card_prints_as_rank_then_suit():
    assert str(Card(1, "S")) == "AS"
    assert str(Card(10, "D")) == "TD"
    assert str(Card(13, "H")) == "KH"


@pytest.mark.parametrize("text, card", [
    ("7H", Card(7, "H")), ("th", Card(10, "H")), ("10S", Card(10, "S")), ("10s", Card(10, "S")),
    ("as", Card(1, "S")), ("Kc", Card(13, "C")), ("  qd ", Card(12, "D")), ("2C", Card(2, "C")),
])
def test_parse_accepts_any_case_and_ten_as_t_or_10(text, card):
    assert Card.parse(text) == card


@pytest.mark.parametrize("text", ["", "7", "H", "1H", "11H", "7X", "ZH", "TTH", "0S", "-", "10",
                                  "7 H", "AH!"])
def test_parse_refuses_non_cards_naming_the_token(text):
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert f"'{text}'" in str(info.value)


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)


def test_parse_cards_reads_a_list_and_dash_means_empty():
    assert parse_cards("3D 5h 10c") == [Card(3, "D"), Card(5, "H"), Card(10, "C")]
    assert parse_cards("-") == []
    assert parse_cards("") == []


def test_parse_cards_refuses_dash_among_cards():
    with pytest.raises(CardError):
        parse_cards("- 7H")


def test_format_cards_joins_names_and_dash_for_none():
    assert format_cards([Card(3, "D"), Card(12, "S")]) == "3D QS"
    assert format_cards(()) == "-"


def test_suit_orders_cover_the_four_suits():
    assert sorted(SUITS) == sorted(PYSOL_SUIT_ORDER) == list("CDHS")
    assert PYSOL_SUIT_ORDER == "CSHD"
    assert RANK_NAMES == "A23456789TJQK"


cards = st.builds(Card, st.integers(1, 13), st.sampled_from("CDHS"))


@given(cards)
def test_every_card_round_trips_through_its_name(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card


@given(st.lists(cards, max_size=30))
def test_card_lists_round_trip(card_list):
    assert parse_cards(format_cards(card_list)) == card_list
