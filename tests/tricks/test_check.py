"""The search checked against itself on full deals, where no plain reference is fast enough:
the default solver (2^18-entry table with shifted bounds, move-ordering hints, the pruned
and ordered frog discards) against the same kernel with the hints off, a 2^10-entry table
whose entries answer only the position they were stored for, and every one of the 364
frog discards. Each setting alone is checked on small deals here too.

Deals come from the run's seed (FROG_SEED, tests/conftest.py); FROG_SOAK=N checks N deals
instead of the default few.
"""
from __future__ import annotations

import os
import random

import pytest
from tests.conftest import seeded

from solver.tricks.brute import brute_force, minimax
from solver.tricks.cards import mask_of
from solver.tricks.deal import deal_from_number, make_deal
from solver.tricks.engine import Game
from solver.tricks.rules import Rules
from solver.tricks.search.driver import Searcher, scoring_contracts, solve

TINY_TABLE_BITS = 10
FULL_DEALS = 2  # 7-10 s a deal with the default seed on a faster machine, about 20 s on a
# slower one (2026-12-02; the check side, without shifted bounds, costs nearly all of it)


def check_solution(deal, rules: Rules):
    """The check's solution: no hints, a tiny table without shifted bounds, every frog
    discard."""
    return solve(deal, rules, table_bits=TINY_TABLE_BITS, hints=False, every_discard=True,
                 shifted=False)


def test_full_deals_every_contract_against_the_unpruned_search(seed):
    """Every contract (frog, each chico trump, grand) for one bidder of each deal: the
    default solver's total equals the check's (whose line `solve` replays as well)."""
    rng = seeded(seed, "test_full_deals_every_contract_against_the_unpruned_search")
    for _ in range(int(os.environ.get("FROG_SOAK", 0)) or FULL_DEALS):
        number = rng.randint(1, 10**9)
        bidder = rng.randint(1, 3)
        overtrump = rng.random() < 0.5
        deal = deal_from_number(number)
        for contract, trump in scoring_contracts("foster"):
            rules = Rules(contract, bidder, trump, must_overtrump=overtrump)
            assert solve(deal, rules).bidder_points == check_solution(deal, rules).bidder_points, \
                (number, rules)


def small_deal(rng: random.Random, size: int, widow: int):
    cards = rng.sample(range(36), 3 * size + widow)
    return make_deal([cards[:size], cards[size:2 * size], cards[2 * size:3 * size]],
                     cards[3 * size:], leader=rng.randint(1, 3))


@pytest.mark.parametrize("contract, trump", scoring_contracts("foster"))
def test_each_check_setting_equals_minimax(contract, trump, seed):
    """The check's settings, together and each alone (a one-slot table too), are exact on
    small deals."""
    rng = seeded(seed, "test_each_check_setting_equals_minimax", contract, trump)
    settings = [dict(hints=False), dict(table_bits=0), dict(table_bits=TINY_TABLE_BITS),
                dict(every_discard=True), dict(shifted=False),
                dict(table_bits=TINY_TABLE_BITS, hints=False, every_discard=True,
                     shifted=False)]
    for _ in range(30):
        deal = small_deal(rng, rng.choice([2, 3]), rng.randint(0, 3) if contract == "frog" else 0)
        rules = Rules(contract, rng.randint(1, 3), trump, must_overtrump=rng.random() < 0.5)
        exact = brute_force(deal, rules)
        for setting in settings:
            assert solve(deal, rules, **setting).bidder_points == exact, (deal, rules, setting)


def test_hints_off_leave_the_hint_table_alone(seed):
    """With the hints off the kernel neither reads nor writes the hint table: one filled
    by an earlier search changes no node count and stays as it was (with the hints on,
    the same table does change the counts)."""
    rng = seeded(seed, "test_hints_off_leave_the_hint_table_alone")
    changed = 0
    for _ in range(10):
        deal = small_deal(rng, 5, 0)
        rules = Rules("grand", rng.randint(1, 3))
        hands = [mask_of(h) for h in deal.hands]
        trained = Searcher(rules, 12)
        value = trained.value(hands, deal.leader, [])
        plain = Searcher(rules, 12, hints=False)
        assert plain.value(hands, deal.leader, []) == value
        planted = Searcher(rules, 12, hints=False)
        planted.hints = trained.hints.copy()
        assert planted.value(hands, deal.leader, []) == value
        assert planted.nodes == plain.nodes
        assert (planted.hints == trained.hints).all()
        used = Searcher(rules, 12)
        used.hints = trained.hints.copy()
        assert used.value(hands, deal.leader, []) == value
        changed += used.nodes != trained.nodes
        assert deal.taken[0] + value == minimax(Game.start(deal, rules))
    assert changed
