"""Advice a player can trust (docs/blind.md, The adaptive policy and Chances): the race drops
only what its samples separate, equivalent moves are one choice, a chance for every legal
move at every point of a game, the same advice whatever the seed unless the choices are
marked equal, and a chance model that recovers what it is fitted to."""
from __future__ import annotations

import json
import math

import pytest

from solver.patience import Position, deal_after
from solver.patience.blind import hint, play_blind, policy_named
from solver.patience.blind.adaptive import HINT_ROUNDS, ROUND
from solver.patience.blind.calibration import Calibration, fit, reliability, wilson
from solver.patience.blind.racing import Race
from solver.patience.deal import deal_from_number
from solver.patience.line import STOCK
from solver.patience.rules import variant_rules
from tests.conftest import seeded

ADAPTIVE = "adaptive"


def frog_deal(number: int):
    return deal_from_number(variant_rules("frog"), number)


# --- the race ---------------------------------------------------------------------------------


def test_the_race_drops_only_a_candidate_its_samples_separate():
    race = Race(3)
    # 0 wins 10 samples that 1 loses; 2 differs from 0 on 2 samples each way
    race.record({0: [True] * 10 + [False] * 2, 1: [False] * 12,
                 2: [True] * 8 + [False, False, True, True]})
    assert race.leader() == 0 and race.discordant(0, 1) == (10, 0)
    assert race.discordant(0, 2) == (2, 2)
    assert race.drop_worse(z=2.5) and race.alive == [True, False, True]
    assert not race.drop_worse(z=2.5)  # 0 and 2 are tied on their discordant samples
    assert race.futile(z=2.5, samples_left=12)  # at these rates 2 stays tied with 0
    assert not race.unanimous()


def test_the_race_keeps_a_lead_too_small_for_its_margin_and_projects_it():
    race = Race(2)
    race.record({0: [True, True, True, False], 1: [False, False, True, False]})
    assert race.discordant(0, 1) == (2, 0)
    assert not race.drop_worse(z=2.5)  # 2 < 2.5 x sqrt(2)
    assert not race.futile(z=2.5, samples_left=60)  # 32 to 0 at the same rate would tell
    assert race.futile(z=2.5, samples_left=0)


def test_a_race_of_identical_outcomes_is_unanimous():
    race = Race(3)
    race.record({0: [True, False] * 4, 1: [True, False] * 4, 2: [True, False] * 4})
    assert race.unanimous() and race.leader() == 0  # a tie goes to the base order


# --- the chance model -------------------------------------------------------------------------


def test_the_fit_recovers_the_model_that_made_the_outcomes(seed):
    """Outcomes drawn from a known model are fitted back to it, and its chances on them are
    calibrated (a small expected calibration error), where the raw share is not."""
    rng = seeded(seed, "calibration")
    truth = Calibration(-0.4, 0.7, 0.8, -0.3)
    rows = []
    for _ in range(20_000):
        samples = rng.choice((8, 16, 24, 64))
        wins = rng.randint(0, samples)
        stock = rng.randint(0, 89)
        rows.append((wins, samples, stock, rng.random() < truth.chance(wins, samples, stock)))
    model = fit(rows)
    for got, want in zip((model.a, model.b, model.c, model.d), (truth.a, truth.b, truth.c,
                                                                truth.d)):
        assert abs(got - want) < 0.15, (model, truth)
    won = [r[3] for r in rows]
    _, fitted_error = reliability([model.chance(*r[:3]) for r in rows], won)
    _, raw_error = reliability([w / n for w, n, *_ in rows], won)
    assert fitted_error < 0.02 < raw_error


def test_the_reliability_table_counts_and_compares_by_decile():
    predicted = [i / 100 for i in range(100)]
    won = [i % 2 == 0 for i in range(100)]
    rows, error = reliability(predicted, won)
    assert [r["count"] for r in rows] == [10] * 10
    assert rows[0]["predicted"] == pytest.approx(0.045) and rows[0]["actual"] == 0.5
    assert error == pytest.approx(sum(abs(r["predicted"] - 0.5) for r in rows) / 10)


def test_wilson_interval_holds_the_share_and_narrows_with_samples():
    low, high = wilson(3, 4)
    assert low < 0.75 < high
    wide, narrow = wilson(8, 16), wilson(32, 64)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    assert wilson(0, 16)[0] == 0 and wilson(16, 16)[1] == 1


def test_the_shipped_model_is_monotone_in_the_share():
    """More samples won never shows a lower chance, at any point of a game."""
    model = policy_named(ADAPTIVE).calibration
    for stock in (0, 30, 60, 89):
        chances = [model.chance(w, 16, stock) for w in range(17)]
        assert chances == sorted(chances)
        assert all(0 < c < 1 for c in chances)


# --- hints from the first card ----------------------------------------------------------------


def test_the_first_card_gets_one_choice_any_empty_pile_with_a_chance(frog):
    code, out, _ = frog("hint", "1234", "--json")
    data = json.loads(out)
    assert code == 0 and data["policy"] == ADAPTIVE and data["stock_left"] == 89
    (choice,) = data["choices"]  # the five empty piles are one choice
    assert len(choice["equivalent"]) == 4 and "any empty pile" in choice["words"]
    assert 0 < choice["chance"] < 1
    low, high = choice["interval"]
    assert low <= choice["chance"] <= high
    assert choice["hindsight_samples"] >= HINT_ROUNDS * ROUND
    assert choice["hindsight_share"] == choice["hindsight_wins"] / choice["hindsight_samples"]
    code, text, _ = frog("hint", "1234")
    assert "Advice (adaptive, seed 0): " in text and "to any empty pile" in text
    assert text.count(" stock w") == 1  # printed once, with its places: 6S stock w1|w2|...


def positions_of(number: int, every: int):
    """(deal, moves played) before every `every`-th stock card of `tuned`'s game."""
    deal = frog_deal(number)
    moves = play_blind(deal, policy_named("tuned"), seed=number).moves
    turns = [i for i, move in enumerate(moves) if move.source == STOCK]
    return deal, [moves[:i] for i in turns[::every]]


def test_every_legal_move_has_a_chance_at_every_point_of_a_game():
    """Across a whole game, the forced placements included, every choice of the default
    hint has a chance inside its interval, resting on every sample its class drew."""
    deal, prefixes = positions_of(4321, 9)
    model = policy_named(ADAPTIVE).calibration
    forced = 0
    for played in prefixes:
        advice = hint(deal, played)
        legal = {str(m) for m in Position.start(deal_after(deal, played)).legal_moves()}
        shown = set()
        for choice in advice.choices:
            shown |= {str(choice.action), *map(str, choice.equivalent)}
            wins, samples = choice.hindsight
            assert choice.chance == model.chance(wins, samples, advice.view.stock_count)
            assert choice.interval[0] <= choice.chance <= choice.interval[1]
        assert shown == legal
        if len(advice.choices) == 1:  # a forced move: its chance rests on the hint's samples
            forced += 1
            assert advice.choices[0].hindsight[1] >= HINT_ROUNDS * ROUND
    assert forced >= 1 and len(prefixes) >= 8


def test_the_same_advice_whatever_the_seed_unless_marked_equal():
    """Asked with five seeds at points of a game, the advice of any seed is the advice of
    every other or one of the moves that seed marked equal to its best."""
    deal, prefixes = positions_of(1234, 12)
    checked = 0
    for played in prefixes:
        hints = [hint(deal, played, seed=s) for s in range(5)]
        if len(hints[0].choices) < 2:
            continue
        checked += 1
        for a in hints:
            for b in hints:
                accepted = {str(c.action) for c in b.choices[:1] + tuple(c for c in b.choices
                                                                         if c.equal_to_best)}
                assert str(a.choices[0].action) in accepted, (len(played), a, b)
    assert checked >= 4


def test_equal_to_best_is_never_the_best_and_chances_are_calibrated_numbers():
    deal, prefixes = positions_of(77, 15)
    for played in prefixes:
        advice = hint(deal, played, seed=3)
        assert not advice.choices[0].equal_to_best
        for choice in advice.choices:
            assert isinstance(choice.chance, float) and not math.isnan(choice.chance)
