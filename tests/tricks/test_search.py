"""Differential tests: the pruned double-dummy search against plain minimax.

Reduced deals (2-4 cards a hand) for every contract, chico trump, leader, widow size and
the overtrump rule; every solution's line is replayed through the rules engine. The deals
come from the run's seed (tests/conftest.py: FROG_SEED, printed in the report header).
"""
from __future__ import annotations

import os
import random

import pytest
from tests.conftest import seeded

from solver.tricks.cards import mask_of
from solver.tricks.deal import Deal, make_deal
from solver.tricks.engine import Game, replay
from solver.tricks.brute import brute_force, minimax
from solver.tricks.rules import Rules
from solver.tricks.search import kernel
from solver.tricks.search.driver import Searcher, frog_discards, solve

CONTRACTS = [("grand", 2), ("chico", 0), ("chico", 1), ("chico", 3), ("frog", 2)]


def random_deal(rng: random.Random, size: int, widow: int) -> Deal:
    cards = rng.sample(range(36), 3 * size + widow)
    taken_pool = rng.randint(0, 20)
    return make_deal([cards[:size], cards[size:2 * size], cards[2 * size:3 * size]],
                     cards[3 * size:], leader=rng.randint(1, 3),
                     taken=(taken_pool // 2, taken_pool - taken_pool // 2))


@pytest.mark.parametrize("overtrump", [False, True])
@pytest.mark.parametrize("contract, trump", CONTRACTS)
def test_search_equals_minimax_on_reduced_deals(contract, trump, overtrump, seed):
    rng = seeded(seed, "tricks", contract, trump, overtrump)
    for _ in range(120):
        size = rng.choice([2, 3] if contract == "frog" else [2, 3, 4])
        widow = rng.randint(0, 3 if size < 3 else 2)
        deal = random_deal(rng, size, widow)
        rules = Rules(contract, rng.randint(1, 3), trump, must_overtrump=overtrump)
        solution = solve(deal, rules, table_bits=12)
        assert solution.bidder_points == brute_force(deal, rules), (deal, rules)
        game = replay(deal, rules, solution.discard, solution.line)
        assert game.finished and game.points[0] == solution.bidder_points


@pytest.mark.parametrize("overtrump", [False, True])
def test_kernel_equals_minimax_in_the_middle_of_a_trick(overtrump, seed):
    """Start the kernel with one or two cards already on the trick."""
    rng = seeded(seed, "tricks", "mid", overtrump)
    for _ in range(60):
        deal = random_deal(rng, 4, 0)
        contract, trump = rng.choice([c for c in CONTRACTS if c[0] != "frog"])
        rules = Rules(contract, rng.randint(1, 3), trump, must_overtrump=overtrump)
        game = Game.start(deal, rules)
        for _ in range(rng.randint(1, 2)):
            game.play(rng.choice(game.legal()))
        searcher = Searcher(rules, table_bits=12)
        still_to_come = searcher.value([mask_of(h) for h in game.hands], game.leader,
                                       list(game.trick))
        assert game.points[0] + still_to_come == minimax(game)


def test_windows_give_bounds_on_the_right_side(seed):
    """Fail-soft answers outside (alpha, beta) bound the exact value from the right side."""
    rng = seeded(seed, "tricks", "windows")
    for _ in range(30):
        deal = random_deal(rng, 4, 0)
        rules = Rules("grand", rng.randint(1, 3))
        hands = [mask_of(h) for h in deal.hands]
        exact = Searcher(rules, 12).value(hands, deal.leader, [])
        alpha = rng.randint(-1, 60)
        beta = alpha + rng.randint(1, 30)
        answer = Searcher(rules, 12).value(hands, deal.leader, [], alpha, beta)
        if answer <= alpha:
            assert exact <= answer
        elif answer >= beta:
            assert exact >= answer
        else:
            assert exact == answer


def test_wrong_hints_change_no_value(seed):
    """Hints only order moves: with every hint pointing at a random card (often one the
    player does not hold, or may not play), the values are still minimax's."""
    rng = seeded(seed, "tricks", "hints")
    for _ in range(40):
        deal = random_deal(rng, 4, 0)
        contract, trump = rng.choice([c for c in CONTRACTS if c[0] != "frog"])
        rules = Rules(contract, rng.randint(1, 3), trump, must_overtrump=rng.random() < 0.5)
        hands = [mask_of(h) for h in deal.hands]
        trained = Searcher(rules, table_bits=12)
        trained.value(hands, deal.leader, [])
        used = trained.hints != 0
        assert used.any()
        misled = Searcher(rules, table_bits=12)
        misled.hints[used] = (trained.hints[used] & ~63) | [rng.randint(0, 63) for _ in
                                                           range(int(used.sum()))]
        game = Game.start(deal, rules)
        assert game.points[0] + misled.value(hands, deal.leader, []) == minimax(game)


@pytest.mark.slow
@pytest.mark.skipif("FROG_SOAK" not in os.environ, reason="soak mode: set FROG_SOAK=N")
@pytest.mark.parametrize("stream", range(4))
def test_search_equals_minimax_at_scale(stream, seed):
    """FROG_SOAK=300 pytest -m slow tests/tricks/test_search.py: N deals per stream."""
    rng = seeded(seed, "tricks", "soak", stream)
    for _ in range(int(os.environ["FROG_SOAK"])):
        contract, trump = rng.choice(CONTRACTS)
        size = rng.choice([2, 3] if contract == "frog" else [3, 4, 5])
        deal = random_deal(rng, size, rng.randint(0, 3) if size < 4 else 0)
        rules = Rules(contract, rng.randint(1, 3), trump, must_overtrump=rng.random() < 0.5)
        assert solve(deal, rules, table_bits=14).bidder_points == brute_force(deal, rules)


def test_discards_skipped_never_beat_the_ones_tried(seed):
    """Only the top cards of a block are discarded: checked against every discard."""
    rng = seeded(seed, "tricks", "discards")
    for _ in range(150):
        deal = random_deal(rng, rng.choice([2, 3, 4]), rng.randint(1, 3))
        rules = Rules("frog", rng.randint(1, 3), must_overtrump=rng.random() < 0.5)
        tried = max(minimax(Game.start(deal, rules, list(d))) for d in frog_discards(deal, rules))
        assert tried == brute_force(deal, rules), (deal, rules)


def renumbered(deal: Deal, rng: random.Random) -> tuple[Deal, dict[int, int]]:
    """`deal` with each suit's cards replaced by as many other cards of the suit, chosen at
    random and given out in rank order (lowest to whoever held the lowest): the same key
    (`kernel._key`), other points. Returns it and the map of cards."""
    held = [c for h in deal.hands for c in h]
    image = {}
    for suit in range(4):
        mine = sorted(c for c in held if c // 9 == suit)
        image.update(zip(mine, sorted(rng.sample(range(9 * suit, 9 * suit + 9), len(mine)))))
    return make_deal([[image[c] for c in h] for h in deal.hands], [], deal.leader), image


@pytest.mark.parametrize("contract, trump", [c for c in CONTRACTS if c[0] != "frog"])
def test_positions_with_one_key_are_within_the_shifted_bounds(contract, trump, seed):
    """The table's lemma (`kernel._shifted_bounds`), checked with plain minimax: two
    positions whose cards differ only in which ones of each suit are in play have the same
    key, and the value of one lies within the other's shifted by the points the cards
    differ in; the best card maps to the card of the same place in its suit."""
    rng = seeded(seed, "tricks", "shifted", contract, trump)
    tight = 0
    for _ in range(150):
        deal = random_deal(rng, rng.choice([2, 3, 4]), 0)
        deal = make_deal(deal.hands, [], deal.leader)
        other, image = renumbered(deal, rng)
        rules = Rules(contract, rng.randint(1, 3), trump, must_overtrump=rng.random() < 0.5)
        hands, moved = ([mask_of(h) for h in d.hands] for d in (deal, other))
        leader = deal.leader - 1
        assert kernel._key(*hands, leader) == kernel._key(*moved, leader)
        value, moved_value = (minimax(Game.start(d, rules)) for d in (deal, other))
        best = rng.choice(deal.hands[deal.leader - 1])
        low, high, mapped = kernel._shifted_bounds(
            hands[0] | hands[1] | hands[2], moved[0] | moved[1] | moved[2], value, value, best)
        assert low <= moved_value <= high, (deal, other, rules)
        assert mapped == image[best]
        tight += low == moved_value or high == moved_value
    assert tight > 0  # the bounds are not so wide that they could never fail
