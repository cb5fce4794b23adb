"""PySolFC's shuffle (solver/shuffle.py) and the deal procedures of the nine variants
(solver/patience/deal.py), against the known deals and the procedure text of docs/rules.md."""
import random
from collections import Counter

import pytest

from solver.patience.cards import Card, parse_cards
from solver.patience.deal import Deal, check_deal, deal_from_deck, deal_from_number
from solver.patience.rules import VARIANTS, variant_rules
from solver.patience.cards import card_of_id
from solver.shuffle import DealNumberError, pysol_card_ids

ACE_C = Card(1, "C")


def cards(text):
    return tuple(parse_cards(text))


def deal(variant, number, **overrides):
    return deal_from_number(variant_rules(variant).with_overrides(**overrides), number)


def deck_of(number, decks=2, ranks=13):
    return [card_of_id(i, ranks) for i in pysol_card_ids(number, decks, ranks)]


def full_deck(decks, ranks):
    return Counter(Card(r, s) for _ in range(decks) for r in range(1, ranks + 1) for s in "CDHS")


# ------------------------------------------------------------ an independent reference shuffle
# Written from the docs/rules.md text alone, to check both generator branches card id by card id.

def reference_ids(number, count):
    ids = list(range(count))
    if number < 32000:
        state = number

        def randint(n):
            nonlocal state
            state = (state * 214013 + 2531011) % 2**32
            return ((state >> 16) & 0x7FFF) % (n + 1)
        if count == 52:
            ids = [ids[i + j] for i in range(13) for j in (0, 39, 26, 13)]
    else:
        generator = random.Random(number)

        def randint(n):
            return int(generator.random() * (n + 1))
    for i in range(count - 1, 0, -1):
        j = randint(i)
        ids[i], ids[j] = ids[j], ids[i]
    return ids[::-1]


@pytest.mark.parametrize("number", [1, 2, 617, 31999, 32000, 32001, 123456789, 10**20])
@pytest.mark.parametrize("decks, ranks", [(2, 13), (1, 13), (1, 4), (2, 5), (3, 2)])
def test_shuffle_matches_the_rules_md_description(number, decks, ranks):
    assert pysol_card_ids(number, decks, ranks) == reference_ids(number, 4 * decks * ranks)


def test_shuffle_is_a_permutation_of_the_card_ids():
    for number in (1, 31999, 32000, 98765432109876543210):
        assert sorted(pysol_card_ids(number, 2, 13)) == list(range(104))


def test_the_two_generator_branches_give_different_orders_at_the_boundary():
    # the LCG seeded with 32000 would deal something else than the Mersenne Twister does
    assert pysol_card_ids(32000, 2, 13) != reference_ids_lcg_forced(32000, 104)
    assert pysol_card_ids(31999, 2, 13) == reference_ids_lcg_forced(31999, 104)


def reference_ids_lcg_forced(number, count):
    state, ids = number, list(range(count))
    for i in range(count - 1, 0, -1):
        state = (state * 214013 + 2531011) % 2**32
        j = ((state >> 16) & 0x7FFF) % (i + 1)
        ids[i], ids[j] = ids[j], ids[i]
    return ids[::-1]


@pytest.mark.parametrize("number", [0, -1, 10**20 + 1])
def test_deal_numbers_outside_1_to_10_pow_20_are_refused(number):
    with pytest.raises(DealNumberError, match="1 to 10\\^20"):
        pysol_card_ids(number, 2, 13)


def test_card_ids_follow_deck_suit_rank_order_with_suits_c_s_h_d():
    assert card_of_id(0, 13) == Card(1, "C")
    assert card_of_id(12, 13) == Card(13, "C")
    assert card_of_id(13, 13) == Card(1, "S")
    assert card_of_id(26, 13) == Card(1, "H")
    assert card_of_id(51, 13) == Card(13, "D")
    assert card_of_id(52, 13) == Card(1, "C")  # second deck
    assert card_of_id(5, 5) == Card(1, "S")  # ranks A-5: five cards per suit


# ------------------------------------------------------------ the known deals of docs/rules.md

def test_pysol_frog_1_is_pysolfc_frog_game_1():
    d = deal("pysol-frog", 1)
    assert d.foundations == cards("AS")
    assert d.reserve == cards("3D 5H JC KH 5S 5H KC KC 8D JD 8C 6C 6H")
    assert d.stock[:14] == cards("TC 8D 4C JS QC 4H KD 2H TD 8S AC 7C 2H AD")


def test_pysol_frog_2_has_no_foundation():
    d = deal("pysol-frog", 2)
    assert d.foundations == ()
    assert d.reserve == cards("7D 3S QS 7S 7H TD 9H 9D JD QS QC JC 8D")
    assert d.stock[:12] == cards("9C JS 4H 5S 5C JH TC TH AD 6C 5H 3S")


def test_pysol_frog_3():
    d = deal("pysol-frog", 3)
    assert d.foundations == cards("AD")
    assert d.reserve == cards("TD QH KC 2C 6H 3S JC 4H JD 9C KD 3C 6D")
    assert d.stock[:4] == cards("4S 8H 8D 5S")


def test_pysol_frog_32000_uses_the_mersenne_twister_and_leaves_the_next_ace_in_the_stock():
    d = deal("pysol-frog", 32000)
    assert d.foundations == ()
    assert d.reserve == cards("KH 9H TD 6D 3D 9C TH JS JS 6C 3C KD 4H")
    assert d.stock[:6] == cards("AC 7S TH 7S 9D QD")


def test_frog_2_fetches_card_id_0_from_deep_in_the_stock():
    d = deal("frog", 2)
    assert d.foundations == cards("AC")
    assert d.reserve == deal("pysol-frog", 2).reserve
    assert d.stock[:12] == cards("9C JS 4H 5S 5C JH TC TH AD 6C 5H 3S")
    ids = pysol_card_ids(2, 2, 13)
    position = ids.index(0)
    assert position > 13 + 12  # deep: not one of the cards checked above
    expected_stock = [card_of_id(i, 13) for i in ids[13:] if i != 0]
    assert list(d.stock) == expected_stock


def test_sir_tommy_1_is_microsoft_freecell_deal_1():
    d = deal("sir-tommy", 1)
    assert d.foundations == () and d.reserve == ()
    assert d.stock[:10] == cards("JD 2D 9H JC 5D 7H 7C 5H KD KC")
    assert len(d.stock) == 52


# ------------------------------------------------------------ each variant's procedure

NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 100, 1000, 31999, 32000, 32001, 10**12]


@pytest.mark.parametrize("number", NUMBERS)
def test_fly_and_pysol_fly_have_the_same_layout(number):
    fly, pysol = deal("fly", number), deal("pysol-fly", number)
    assert (fly.foundations, fly.reserve, fly.stock) == (pysol.foundations, pysol.reserve,
                                                         pysol.stock)


@pytest.mark.parametrize("number", NUMBERS)
def test_fly_puts_all_eight_aces_up_then_deals_13_of_the_rest(number):
    d, deck = deal("fly", number), deck_of(number)
    assert len(d.foundations) == 8 and all(card.rank == 1 for card in d.foundations)
    rest = [card for card in deck if card.rank != 1]
    assert list(d.reserve) == rest[:13]
    assert list(d.stock) == rest[13:]


@pytest.mark.parametrize("variant", ["frog", "pysol-frog"])
@pytest.mark.parametrize("number", NUMBERS)
def test_frog_reserve_holds_13_non_aces_and_the_aces_met_go_up(variant, number):
    d, deck = deal(variant, number), deck_of(number)
    assert len(d.reserve) == 13 and all(card.rank != 1 for card in d.reserve)
    position, met, reserve = 0, [], []  # walk the deck as the procedure of docs/rules.md does
    while len(reserve) < 13:
        (met if deck[position].rank == 1 else reserve).append(deck[position])
        position += 1
    assert list(d.reserve) == reserve
    if met or variant == "pysol-frog":
        assert list(d.foundations) == met
        assert list(d.stock) == deck[position:]


@pytest.mark.parametrize("number", NUMBERS)
def test_frog_decision_1_fetches_card_id_0_only_when_no_ace_was_met(number):
    frog, pysol = deal("frog", number), deal("pysol-frog", number)
    assert frog.reserve == pysol.reserve
    if pysol.foundations:
        assert frog == Deal(frog.rules, pysol.foundations, pysol.reserve, pysol.stock)
    else:
        assert frog.foundations == (ACE_C,)
        ids = pysol_card_ids(number, 2, 13)
        fetched = ids.index(0) - 13  # position of card id 0 in pysol-frog's stock
        assert pysol.stock[fetched] == ACE_C
        assert frog.stock == pysol.stock[:fetched] + pysol.stock[fetched + 1:]


def test_some_numbers_exercise_decision_1():
    assert any(not deal("pysol-frog", n).foundations for n in NUMBERS)
    assert any(deal("pysol-frog", n).foundations for n in NUMBERS)


@pytest.mark.parametrize("number", NUMBERS)
def test_dicks_frog_counts_off_13_and_fetches_no_ace(number):
    d, deck = deal("dicks-frog", number), deck_of(number)
    assert list(d.foundations) == [card for card in deck[:13] if card.rank == 1]
    assert list(d.reserve) == [card for card in deck[:13] if card.rank != 1]
    assert list(d.stock) == deck[13:]


def test_dicks_frog_2_has_no_foundation_and_13_reserve_cards():
    d = deal("dicks-frog", 2)
    assert d.foundations == ()
    assert d.reserve == deal("pysol-frog", 2).reserve
    assert d.stock[:3] == cards("9C JS 4H")


def test_dicks_frog_1_reserve_is_shorter_than_13_when_an_ace_was_counted():
    d = deal("dicks-frog", 1)
    assert d.foundations == cards("AS") and len(d.reserve) == 12
    assert d.stock[0] == Card(6, "H")


@pytest.mark.parametrize("variant, size", [("fanny", 12), ("pysol-fanny", 12), ("plain-frog", 13)])
@pytest.mark.parametrize("number", NUMBERS)
def test_stay_variants_deal_the_reserve_as_the_cards_come(variant, size, number):
    d, deck = deal(variant, number), deck_of(number)
    assert d.foundations == ()
    assert list(d.reserve) == deck[:size]
    assert list(d.stock) == deck[size:]


def test_fanny_1_keeps_its_ace_in_the_reserve():
    d = deal("fanny", 1)
    assert d.reserve == cards("3D 5H JC KH 5S 5H KC KC 8D JD AS 8C")
    assert d.foundations == ()


def test_plain_frog_1_keeps_its_ace_in_the_reserve():
    d = deal("plain-frog", 1)
    assert Card(1, "S") in d.reserve and len(d.reserve) == 13 and d.foundations == ()


def test_sir_tommy_deals_everything_to_the_stock():
    d = deal("sir-tommy", 32000)
    assert d.reserve == () and d.foundations == () and len(d.stock) == 52
    assert len(d.waste) == 4 and all(pile == () for pile in d.waste)


# ------------------------------------------------------------ conservation

REDUCED = [dict(), dict(ranks=5, waste_piles=2, reserve_size=3), dict(decks=1, ranks=4,
           reserve_size=2, waste_piles=1), dict(decks=1, ranks=1, reserve_size=2),
           dict(decks=3, ranks=2, reserve_size=5), dict(ranks=4, reserve_size=0)]


@pytest.mark.parametrize("overrides", REDUCED, ids=str)
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_deal_holds_each_card_exactly_decks_times(variant, overrides):
    rules = variant_rules(variant).with_overrides(**overrides)
    expected = full_deck(rules.decks, rules.ranks)
    for number in (1, 2, 3, 4, 5, 31999, 32000, 77777, 10**15):
        d = deal_from_number(rules, number)
        assert Counter(d.foundations + d.reserve + d.stock) == expected
        assert all(card.rank == 1 for card in d.foundations)
        assert len(d.foundations) <= rules.foundations
        assert len(d.waste) == rules.waste_piles and not any(d.waste)
        assert len(d.reserve) <= rules.reserve_size
        check_deal(d)  # a dealt layout is always a valid position


def test_frog_in_a_game_too_small_for_its_reserve_deals_every_card():
    rules = variant_rules("frog").with_overrides(decks=1, ranks=1, reserve_size=4)
    d = deal_from_number(rules, 5)
    assert len(d.foundations) == 4 and d.reserve == () and d.stock == ()


# ------------------------------------------------------------ deck orders (no card ids)

def test_deck_order_frog_takes_the_ace_of_clubs_nearest_the_top_when_none_was_met():
    rules = variant_rules("frog").with_overrides(decks=2, ranks=2, reserve_size=2)
    deck = list(cards("2C 2D 2H 2S AS AC AD AC AH AS AH AD 2C 2D 2H 2S"))
    d = deal_from_deck(rules, deck)
    # reserve fills with two non-Aces before any Ace is met
    assert d.reserve == cards("2C 2D") and d.foundations == cards("AC")
    assert d.stock == cards("2H 2S AS AD AC AH AS AH AD 2C 2D 2H 2S")


def test_deck_order_pysol_fetches_nothing():
    rules = variant_rules("pysol-frog").with_overrides(decks=1, ranks=2, reserve_size=2)
    d = deal_from_deck(rules, list(cards("2C 2D AS 2H AC AD AH 2S")))
    assert d.foundations == () and d.reserve == cards("2C 2D")
    assert d.stock == cards("AS 2H AC AD AH 2S")
