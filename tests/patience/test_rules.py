"""solver/patience/rules.py: the Rules value, its parameters and the nine named variants of
docs/rules.md."""
import dataclasses

import pytest

from solver.patience.rules import (
    ACE_PROCEDURES, PARAMETER_NAMES, STOCK_PLAY, VARIANT_SOURCES, VARIANTS, Rules, RulesError,
    variant_rules)

# docs/rules.md, Deal procedures table: reserve size, aces, stock-play (decks 2, ranks 13, 5 wastes
# unless noted).
TABLE = {
    "frog": (13, "frog", "forced"),
    "fly": (13, "fly", "forced"),
    "fanny": (12, "stay", "forced"),
    "dicks-frog": (13, "dicks", "forced"),
    "plain-frog": (13, "stay", "optional"),
    "pysol-frog": (13, "pysol", "optional"),
    "pysol-fly": (13, "fly", "optional"),
    "pysol-fanny": (12, "stay", "optional"),
    "sir-tommy": (0, "stay", "optional"),
}


def test_there_are_exactly_the_nine_named_variants():
    assert set(VARIANTS) == set(TABLE)
    assert set(VARIANT_SOURCES) == set(TABLE)


@pytest.mark.parametrize("name", sorted(TABLE))
def test_variant_parameters_match_the_rules_table(name):
    rules = variant_rules(name)
    reserve, aces, stock_play = TABLE[name]
    assert rules.variant == name
    assert (rules.reserve_size, rules.aces, rules.stock_play) == (reserve, aces, stock_play)
    if name == "sir-tommy":
        assert (rules.decks, rules.ranks, rules.waste_piles, rules.foundations) == (1, 13, 4, 4)
        assert rules.card_count == 52
    else:
        assert (rules.decks, rules.ranks, rules.waste_piles, rules.foundations) == (2, 13, 5, 8)
        assert rules.card_count == 104
    assert rules.forced == (stock_play == "forced")


def test_unknown_variant_is_refused_naming_the_choices():
    with pytest.raises(RulesError) as info:
        variant_rules("toad")
    assert "toad" in str(info.value) and "pysol-fly" in str(info.value)


def test_rules_are_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        variant_rules("frog").decks = 1


def test_reduced_game_two_decks_a_to_4_two_wastes_reserve_3():
    rules = variant_rules("frog").with_overrides(ranks=4, waste_piles=2, reserve_size=3)
    assert (rules.decks, rules.ranks, rules.waste_piles, rules.reserve_size) == (2, 4, 2, 3)
    assert rules.card_count == 32 and rules.foundations == 8
    assert rules.variant == "frog" and rules.aces == "frog"


def test_with_overrides_ignores_none_and_leaves_the_original_alone():
    frog = variant_rules("frog")
    assert frog.with_overrides(decks=None, ranks=None) == frog
    one = frog.with_overrides(decks=1)
    assert one.decks == 1 and frog.decks == 2 and one.foundations == 4


@pytest.mark.parametrize("overrides, word", [
    ({"decks": 0}, "decks"), ({"decks": 9}, "decks"),
    ({"ranks": 0}, "ranks"), ({"ranks": 14}, "ranks"),
    ({"waste_piles": -1}, "waste-piles"), ({"waste_piles": 17}, "waste-piles"),
    ({"reserve_size": -1}, "reserve-size"), ({"reserve_size": 105}, "reserve-size"),
    ({"aces": "toad"}, "aces"), ({"stock_play": "sometimes"}, "stock-play"),
])
def test_out_of_range_parameters_are_refused_by_name(overrides, word):
    with pytest.raises(RulesError) as info:
        variant_rules("frog").with_overrides(**overrides)
    assert str(info.value).startswith(word)


def test_reserve_size_may_not_exceed_the_cards_of_a_reduced_game():
    with pytest.raises(RulesError, match="reserve-size must be 0-8"):
        Rules(decks=1, ranks=2)
    assert Rules(decks=1, ranks=2, reserve_size=8).card_count == 8


def test_boundary_parameters_are_accepted():
    Rules(decks=1, ranks=1, waste_piles=0, reserve_size=0)
    Rules(decks=8, ranks=13, waste_piles=16, reserve_size=4 * 8 * 13)


def test_parameters_use_rules_md_spelling_and_omit_the_variant():
    assert variant_rules("fanny").parameters() == {
        "decks": 2, "ranks": 13, "waste-piles": 5, "reserve-size": 12, "aces": "stay",
        "stock-play": "forced"}
    assert set(PARAMETER_NAMES.values()) == {"decks", "ranks", "waste-piles", "reserve-size",
                                             "aces", "stock-play"}


def test_differences_lists_only_changed_parameters():
    assert variant_rules("fly").differences() == {}
    changed = variant_rules("fly").with_overrides(ranks=5, stock_play="optional")
    assert changed.differences() == {"ranks": 5, "stock-play": "optional"}


def test_procedure_and_stock_play_choices():
    assert ACE_PROCEDURES == ("frog", "pysol", "fly", "dicks", "stay")
    assert STOCK_PLAY == ("forced", "optional")
