"""Deal files and JSON (docs/rules.md, Deal files): both ways, round trips, and every kind of bad
input refused with a DealError naming the line and the card."""
import json
import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings, strategies as st

from solver.patience.cards import Card, parse_cards
from solver.patience.deal import (
    ACES_LEAVE_RESERVE, Deal, DealError, check_deal, deal_from_deck, deal_from_number,
    parse_deal, parse_deal_json, parse_deal_text)
from solver.patience.rules import ACE_PROCEDURES, VARIANTS, variant_rules
from solver.patience.cards import card_of_id
from solver.shuffle import pysol_card_ids


def cards(text):
    return tuple(parse_cards(text))


def numbered(variant, number, **overrides):
    return deal_from_number(variant_rules(variant).with_overrides(**overrides), number)


# A position in play of a reduced game: 1 deck of A-4, 2 waste piles, reserve of 3.
# Foundations 3H (holds an Ace, a 2 and the 3H) and AS; the other 12 cards are loose.
IN_PLAY = """\
# a position in play
variant: frog
decks: 1
ranks: 4
waste-piles: 2
reserve-size: 3
foundations: 3H AS
reserve: 4C 3S          # bottom to top
stock: AC 2C AD 2S 3C 4H 4D
waste1: 4S 2D
waste2: 3D
"""
IN_PLAY_RULES = variant_rules("frog").with_overrides(decks=1, ranks=4, waste_piles=2,
                                                      reserve_size=3)
IN_PLAY_DEAL = Deal(IN_PLAY_RULES, cards("3H AS"), cards("4C 3S"), cards("AC 2C AD 2S 3C 4H 4D"),
                    (cards("4S 2D"), cards("3D")))


def frog1_lines():
    return numbered("pysol-frog", 1).to_text("pysol-frog deal 1").splitlines()


def frog1_with(**replacements):
    """The text of pysol-frog 1 with some field values replaced; line numbers stay put:
    1 title, 2 variant, 3 foundations, 4 reserve, 5 stock."""
    out = []
    for line in frog1_lines():
        key = line.split(":")[0]
        if key in replacements:
            line = f"{key}: {replacements[key]}"
        out.append(line)
    return "\n".join(out) + "\n"


FROG1 = numbered("pysol-frog", 1)
RESERVE1 = "3D 5H JC KH 5S 5H KC KC 8D JD 8C 6C 6H"
STOCK1 = " ".join(str(card) for card in FROG1.stock)


def refused(text, **kwargs):
    with pytest.raises(DealError) as info:
        parse_deal(text, **kwargs)
    return info.value


# ------------------------------------------------------------ the printed form

def test_frog_deal_text_has_the_rules_md_form():
    assert frog1_lines()[:4] == [
        "# pysol-frog deal 1", "variant: pysol-frog", "foundations: AS", f"reserve: {RESERVE1}"]
    assert frog1_lines()[4] == f"stock: {STOCK1}"
    assert len(frog1_lines()) == 5  # no waste lines for a fresh deal, no default rule lines


def test_text_prints_only_rule_lines_that_differ_and_only_non_empty_wastes():
    text = IN_PLAY_DEAL.to_text()
    assert text.splitlines() == [
        "variant: frog", "decks: 1", "ranks: 4", "waste-piles: 2", "reserve-size: 3",
        "foundations: 3H AS", "reserve: 4C 3S", "stock: AC 2C AD 2S 3C 4H 4D", "waste1: 4S 2D",
        "waste2: 3D"]


def test_json_has_every_rule_parameter_and_every_waste_pile():
    data = IN_PLAY_DEAL.to_json()
    assert data == {
        "variant": "frog", "decks": 1, "ranks": 4, "waste-piles": 2, "reserve-size": 3,
        "aces": "frog", "stock-play": "forced", "foundations": ["3H", "AS"],
        "reserve": ["4C", "3S"], "stock": ["AC", "2C", "AD", "2S", "3C", "4H", "4D"],
        "waste1": ["4S", "2D"], "waste2": ["3D"]}


# ------------------------------------------------------------ reading and round trips

def test_position_in_play_is_read_with_comments_and_waste_piles():
    deal = parse_deal(IN_PLAY)
    assert deal == IN_PLAY_DEAL == parse_deal_text(IN_PLAY)
    assert deal.waste == (cards("4S 2D"), cards("3D"))
    assert deal.lines["foundations"] == 7 and deal.lines["waste2"] == 11


def test_card_names_may_be_lower_case_or_use_10_and_dash_means_empty():
    text = IN_PLAY.replace("4C 3S", "4c 3s").replace("waste1: 4S 2D", "waste1: 4s 2d")
    assert parse_deal(text) == IN_PLAY_DEAL
    ten = frog1_with(reserve=RESERVE1, stock=STOCK1.replace("TC", "10c", 1))
    assert parse_deal(ten) == FROG1


def test_field_names_are_case_insensitive():
    assert parse_deal(IN_PLAY.replace("stock:", "STOCK:")) == IN_PLAY_DEAL


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("number", [1, 2, 32000])
def test_numbered_deals_round_trip_through_text_and_json(variant, number):
    deal = numbered(variant, number)
    assert parse_deal(deal.to_text(f"{variant} deal {number}")) == deal
    assert parse_deal(json.dumps(deal.to_json())) == deal
    assert parse_deal_json(deal.to_json()) == deal


def test_reduced_rules_round_trip():
    deal = numbered("fly", 9, decks=1, ranks=5, waste_piles=3, reserve_size=4,
                    stock_play="optional")
    assert parse_deal(deal.to_text()) == deal
    assert parse_deal(json.dumps(deal.to_json())) == deal


def test_position_in_play_round_trips_through_text_and_json():
    assert parse_deal(IN_PLAY_DEAL.to_text()) == IN_PLAY_DEAL
    assert parse_deal(json.dumps(IN_PLAY_DEAL.to_json(), indent=1)) == IN_PLAY_DEAL


def test_json_without_rule_keys_uses_the_variant_defaults():
    data = {"variant": "pysol-frog", "foundations": ["AS"], "reserve": RESERVE1.split(),
            "stock": STOCK1.split()}
    assert parse_deal(json.dumps(data)) == FROG1


def test_missing_variant_line_uses_the_default_variant():
    text = "\n".join(line for line in frog1_lines() if not line.startswith("variant"))
    assert parse_deal(text).rules == variant_rules("frog")
    assert parse_deal(text, default_variant="pysol-frog") == FROG1


def test_overrides_win_over_the_file():
    deal = parse_deal(frog1_with(), overrides={"stock_play": "forced", "variant": None})
    assert deal.rules.stock_play == "forced" and deal.rules.variant == "pysol-frog"
    other = parse_deal(frog1_with(), overrides={"variant": "plain-frog"})
    assert other.rules.variant == "plain-frog"


@pytest.mark.parametrize("number", [1, 2, 3, 32000])
def test_deck_line_deals_with_the_variants_procedure(number):
    deck = [card_of_id(i, 13) for i in pysol_card_ids(number, 2, 13)]
    text = "variant: pysol-frog\ndeck: " + " ".join(map(str, deck)) + "\n"
    assert parse_deal(text) == numbered("pysol-frog", number)
    assert parse_deal(text.replace("pysol-frog", "fly")) == numbered("fly", number)


def test_deck_line_in_frog_takes_the_ace_of_clubs_nearest_the_top():
    deck = [card_of_id(i, 13) for i in pysol_card_ids(2, 2, 13)]
    deal = parse_deal("variant: frog\ndeck: " + " ".join(map(str, deck)))
    assert deal == deal_from_deck(variant_rules("frog"), deck)
    first_ac = deck.index(Card(1, "C"))
    assert deal.foundations == cards("AC")
    assert list(deal.stock) == deck[13:first_ac] + deck[first_ac + 1:]


# ------------------------------------------------------------ property: generated positions

@st.composite
def positions(draw):
    variant = draw(st.sampled_from(sorted(VARIANTS)))
    decks, ranks = draw(st.integers(1, 2)), draw(st.integers(1, 5))
    rules = variant_rules(variant).with_overrides(
        decks=decks, ranks=ranks, waste_piles=draw(st.integers(0, 4)),
        reserve_size=draw(st.integers(0, 4)), aces=draw(st.sampled_from(ACE_PROCEDURES)),
        stock_play=draw(st.sampled_from(["forced", "optional"])))
    rng = random.Random(draw(st.integers(0, 2**32)))
    pool = [Card(r, s) for _ in range(decks) for r in range(1, ranks + 1) for s in "CDHS"]
    rng.shuffle(pool)
    foundations = []
    for _ in range(draw(st.integers(0, rules.foundations))):
        top = draw(st.integers(1, ranks))
        for rank in range(1, top + 1):
            card = next(c for c in pool if c.rank == rank)
            pool.remove(card)
        foundations.append(card)
    reserve_ok = [c for c in pool if c.rank != 1 or rules.aces not in ACES_LEAVE_RESERVE]
    # the cards a reserve lacks have gone up (docs/rules.md, Checking a deal)
    up = sum(card.rank for card in foundations)
    shortest = max(0, min(rules.reserve_size, rules.card_count) - up)
    assume(shortest <= len(reserve_ok))
    reserve = reserve_ok[:draw(st.integers(shortest, rules.reserve_size))]
    for card in reserve:
        pool.remove(card)
    waste = [[] for _ in range(rules.waste_piles)]
    stock = []
    for card in pool:
        choice = rng.randrange(rules.waste_piles + 1)
        (stock if choice == rules.waste_piles else waste[choice]).append(card)
    return Deal(rules, tuple(foundations), tuple(reserve), tuple(stock),
                tuple(tuple(pile) for pile in waste))


@settings(max_examples=150, deadline=None)
@given(positions())
def test_any_consistent_position_round_trips_through_text_and_json(deal):
    check_deal(deal)
    assert parse_deal(deal.to_text("generated")) == deal
    assert parse_deal(json.dumps(deal.to_json())) == deal


# ------------------------------------------------------------ bad input

def test_unknown_card_names_the_line_and_the_token():
    error = refused(frog1_with(reserve=RESERVE1.replace("JC", "JX")))
    assert error.line == 4 and "'JX'" in str(error) and str(error).startswith("line 4:")


def test_card_three_times_names_the_line_and_the_card():
    # pysol-frog 1's reserve already holds both 5H; a third one in the stock is an extra
    error = refused(frog1_with(stock=STOCK1.replace("TC", "5H", 1)))
    assert error.line == 5 and "extra 5H" in str(error)


def test_missing_card_names_the_card():
    error = refused(frog1_with(stock=STOCK1.rsplit(" ", 1)[0]))  # drop the last card, AC
    assert STOCK1.endswith("AC")
    assert "missing" in str(error) and "AC" in str(error)


def test_reserve_longer_than_reserve_size_is_refused_on_its_line():
    first, rest = STOCK1.split(" ", 1)
    error = refused(frog1_with(reserve=f"{RESERVE1} {first}", stock=rest))
    assert error.line == 4 and "14" in str(error) and "reserve-size 13" in str(error)


@pytest.mark.parametrize("variant", ["frog", "pysol-frog", "fly", "dicks-frog"])
def test_ace_in_the_reserve_is_refused_where_the_procedure_removes_aces(variant):
    text = frog1_with(reserve=RESERVE1.replace("6H", "AC"),
                      stock=STOCK1.rsplit(" ", 1)[0] + " 6H").replace("pysol-frog", variant)
    error = refused(text)
    assert error.line == 4 and "AC" in str(error) and "reserve" in str(error)


def test_ace_in_the_reserve_is_fine_where_aces_stay():
    text = frog1_with(reserve=RESERVE1.replace("6H", "AC"),
                      stock=STOCK1.rsplit(" ", 1)[0] + " 6H").replace("pysol-frog", "plain-frog")
    assert parse_deal(text).reserve[-1] == Card(1, "C")


def test_shorter_reserve_without_its_cards_up_is_refused():
    # pysol-frog 1 with 3 reserve cards, the other 10 in the stock: no position of the game
    text = frog1_with(reserve="3D 5H JC", stock=RESERVE1[9:] + " " + STOCK1)
    error = refused(text)
    assert error.line == 4 and str(error) == (
        "line 4: the reserve holds 3 cards under reserve-size 13: the 10 missing cards must "
        "have gone up, but the foundations hold 1 card")


def test_shorter_reserve_is_a_position_in_play_when_its_cards_are_up():
    # the reserve's top card 6H gone up onto an A-5 taken from the stock
    rest = list(cards(STOCK1))
    for rank in range(1, 6):
        rest.remove(next(card for card in rest if card.rank == rank))
    text = frog1_with(foundations="AS 6H", reserve=RESERVE1.rsplit(" ", 1)[0],
                      stock=" ".join(map(str, rest)))
    deal = parse_deal(text)
    assert len(deal.reserve) == 12 and deal.foundations == cards("AS 6H")
    one_short = frog1_with(reserve=RESERVE1.rsplit(" ", 2)[0],
                           stock=" ".join(RESERVE1.split()[-2:]) + " " + STOCK1)
    assert "the 2 missing cards must have gone up" in str(refused(one_short))


def test_foundation_top_that_needs_more_cards_than_exist_is_refused():
    # two foundations topped by 2s hold two 2s, but three 2s are loose: five of four
    error = refused(IN_PLAY.replace("foundations: 3H AS", "foundations: 3H 2H"))
    assert error.line == 7 and "too many cards of rank 2" in str(error)


def test_more_foundations_than_the_game_has_is_refused():
    text = IN_PLAY.replace("foundations: 3H AS", "foundations: 3H AS AH 2H AC")
    error = refused(text.replace("stock: AC ", "stock: "))
    assert error.line == 7 and "5 foundations given but the game has 4" in str(error)


def test_foundation_top_above_the_highest_rank_is_refused():
    error = refused(IN_PLAY.replace("foundations: 3H AS", "foundations: 5H AS"))
    assert error.line == 7 and "5H" in str(error)


def test_foundation_top_also_loose_too_often_is_an_extra_card():
    # 1 deck: 3S is loose in the reserve, so a foundation topped by 3S is a second 3S
    error = refused(IN_PLAY.replace("foundations: 3H AS", "foundations: 3S AS"))
    assert "extra 3S" in str(error)


def test_unknown_field_is_refused_on_its_line():
    error = refused(IN_PLAY + "colour: red\n")
    assert error.line == 12 and "'colour'" in str(error)


def test_duplicate_field_names_both_lines():
    error = refused(IN_PLAY + "stock: AC\n")
    assert error.line == 12 and "'stock' given twice" in str(error) and "line 9" in str(error)


def test_deck_combined_with_layout_lines_is_refused():
    deck = " ".join(str(card_of_id(i, 13)) for i in pysol_card_ids(1, 2, 13))
    error = refused(f"variant: frog\nreserve: 3D\ndeck: {deck}\n")
    assert "'deck' cannot be combined with 'reserve'" in str(error) and error.line == 2


def test_deck_with_a_card_three_times_is_refused_on_the_deck_line():
    deck = [str(card_of_id(i, 13)) for i in pysol_card_ids(1, 2, 13)]
    deck[-1] = deck[0]
    error = refused("variant: frog\n\ndeck: " + " ".join(deck))
    assert error.line == 3 and f"extra {deck[0]}" in str(error)


def test_line_without_a_colon_is_refused():
    error = refused("variant: frog\nreserve 3D\n")
    assert error.line == 2 and "reserve 3D" in str(error)


def test_waste_pile_beyond_the_games_waste_piles_is_refused():
    error = refused(IN_PLAY + "waste3: 4D\n")
    assert error.line == 12 and "waste3" in str(error)


@pytest.mark.parametrize("line, words", [
    ("variant: toad", "unknown variant 'toad'"), ("decks: two", "decks must be a whole number"),
    ("ranks: 14", "ranks must be 1-13"), ("aces: often", "aces must be one of"),
    ("stock-play: maybe", "stock-play must be forced or optional")])
def test_bad_rule_lines_are_refused_on_their_line(line, words):
    key = line.split(":")[0]
    text = "\n".join(line if row.startswith(key + ":") else row
                     for row in IN_PLAY.splitlines()) + "\n"
    if key not in IN_PLAY:
        text = line + "\n" + IN_PLAY
    error = refused(text)
    assert words in str(error)
    assert error.line == next(n for n, row in enumerate(text.splitlines(), 1) if row == line)


def test_invalid_json_names_the_line():
    error = refused('{"variant": "frog",\n "stock": [AC]}')
    assert error.line == 2 and "invalid JSON" in str(error)


def test_json_that_is_not_an_object_is_refused():
    with pytest.raises(DealError, match="object"):
        parse_deal_json(["AC"])


def test_json_unknown_key_and_extra_card_are_refused_naming_them():
    data = FROG1.to_json()
    with pytest.raises(DealError, match="unknown field 'colour'"):
        parse_deal_json({**data, "colour": "red"})
    data["stock"] = ["5H"] + data["stock"][1:]
    with pytest.raises(DealError, match="extra 5H"):
        parse_deal_json(data)


def test_check_deal_refuses_more_waste_piles_than_the_rules_allow():
    deal = Deal(IN_PLAY_RULES, IN_PLAY_DEAL.foundations, IN_PLAY_DEAL.reserve,
                IN_PLAY_DEAL.stock, ((), (), ()))
    with pytest.raises(DealError, match="3 waste piles"):
        check_deal(deal)


def test_the_in_play_example_holds_twelve_distinct_loose_cards():
    deal = IN_PLAY_DEAL
    loose = Counter(deal.reserve + deal.stock + sum(deal.waste, ()))
    assert sum(loose.values()) == 12 and max(loose.values()) == 1
