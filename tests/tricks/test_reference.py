"""The fast search against a second, plain reference (alpha-beta without table, hints or
merged cards, every frog discard) on 200 deals of 6-8 cards a hand; the reference itself
against plain minimax on small deals. Full deals are checked in test_check.py.

Random tests draw from the run's seed (FROG_SEED, tests/conftest.py), printed by pytest.
"""
from __future__ import annotations

from tests.conftest import seeded

import random

from solver.tricks.brute import brute_force, minimax
from solver.tricks.deal import make_deal
from solver.tricks.engine import Game
from solver.tricks.rules import Rules
from solver.tricks.search import solve
from solver.tricks.search.reference import alphabeta, reference_value

CONTRACTS = [("grand", 2), ("chico", 0), ("chico", 1), ("chico", 3), ("frog", 2)]



def random_deal(rng: random.Random, size: int, widow: int):
    cards = rng.sample(range(36), 3 * size + widow)
    out = 120 - sum((0, 0, 0, 0, 2, 3, 4, 10, 11)[c % 9] for c in cards)
    bidder_taken = rng.randint(0, out)
    return make_deal([cards[:size], cards[size:2 * size], cards[2 * size:3 * size]],
                     cards[3 * size:], leader=rng.randint(1, 3),
                     taken=(bidder_taken, rng.randint(0, out - bidder_taken)))


def test_reference_equals_minimax_on_small_deals(seed):
    rng = seeded(seed, "test_reference_equals_minimax_on_small_deals")
    for _ in range(150):
        contract, trump = rng.choice(CONTRACTS)
        deal = random_deal(rng, rng.choice([2, 3, 4]), rng.randint(0, 2))
        rules = Rules(contract, rng.randint(1, 3), trump, must_overtrump=rng.random() < 0.5)
        assert reference_value(deal, rules) == brute_force(deal, rules), (deal, rules)


def test_reference_windows_and_mid_trick_positions(seed):
    rng = seeded(seed, "test_reference_windows_and_mid_trick_positions")
    for _ in range(60):
        contract, trump = rng.choice(CONTRACTS[:4])
        rules = Rules(contract, rng.randint(1, 3), trump, must_overtrump=rng.random() < 0.5)
        game = Game.start(random_deal(rng, 4, 0), rules)
        for _ in range(rng.randint(0, 2)):
            game.play(rng.choice(game.legal()))
        exact = minimax(game)
        assert alphabeta(game) == exact
        alpha = rng.randint(-1, 100)
        beta = alpha + rng.randint(1, 20)
        bound = alphabeta(game, alpha, beta)
        assert (bound <= alpha and exact <= alpha) or (bound >= beta and exact >= beta) \
            or (alpha < bound < beta and bound == exact)


def test_search_equals_the_reference_on_200_deals_of_6_to_8_cards(seed):
    """130 deals of 6 cards, 60 of 7 and 10 of 8 (frogs with a widow of at most 1 card
    above 6), every contract, chico trump, leader and the overtrump rule."""
    rng = seeded(seed, "test_search_equals_the_reference_on_200_deals_of_6_to_8_cards")
    plan = [6] * 130 + [7] * 60 + [8] * 10
    for size in plan:
        contract, trump = rng.choice(CONTRACTS if size < 8 else CONTRACTS[:4])
        widow = rng.randint(0, 3 if size == 6 or contract != "frog" else 1)
        deal = random_deal(rng, size, widow)
        rules = Rules(contract, rng.randint(1, 3), trump, must_overtrump=rng.random() < 0.5)
        assert solve(deal, rules, table_bits=12).bidder_points == reference_value(deal, rules), \
            (deal, rules)
