"""The table key's bit extraction (`solver.tricks.search.bits`) and the key itself.

Random masks and positions come from the run's seed (tests/conftest.py: FROG_SEED).
"""
from __future__ import annotations

import random

import pytest
from numba import njit
from tests.conftest import seeded

from solver.tricks.search import bits, kernel


def reference_pext(value: int, mask: int) -> int:
    """The definition: the bits of `value` at the set bits of `mask`, lowest first."""
    places = [i for i in range(64) if mask >> i & 1]
    return sum(1 << k for k, i in enumerate(places) if value >> i & 1)


@njit
def instruction_pext(value, mask):
    return bits.bmi2_pext(value, mask)


def random_masks(rng: random.Random, count: int) -> list[tuple[int, int]]:
    full = (1 << 36) - 1
    return [(rng.getrandbits(36), rng.getrandbits(36) & rng.getrandbits(36) | rng.choice([0, full]))
            for _ in range(count)]


def test_table_pext_is_pext(seed):
    rng = seeded(seed, "table_pext")
    for value, mask in random_masks(rng, 3000) + [(0, 0), ((1 << 36) - 1, (1 << 36) - 1)]:
        assert bits.table_pext(value, mask) == reference_pext(value, mask), (value, mask)


@pytest.mark.skipif(not bits.HAS_BMI2, reason="this processor has no BMI2 (the tables serve)")
def test_the_instruction_is_pext(seed):
    rng = seeded(seed, "bmi2_pext")
    for value, mask in random_masks(rng, 3000):
        assert instruction_pext(value, mask) == reference_pext(value, mask), (value, mask)


def shape(hands: list[int], leader: int) -> tuple:
    """What a position's key must tell: per suit, the seats holding its cards in play in
    rank order, and the leader."""
    holders = []
    for suit in range(4):
        for rank in range(9):
            card = 9 * suit + rank
            holders += [(suit, seat) for seat in range(3) if hands[seat] >> card & 1]
    return tuple(holders), leader


def test_keys_are_equal_exactly_when_positions_play_alike(seed):
    """`kernel._key` must not merge positions that play differently (the table would then
    answer one with the other's value) and should merge those that play alike. Small
    hands from few cards make both kinds of pairs common."""
    rng = seeded(seed, "key_shapes")
    positions = []
    for _ in range(4000):
        size = rng.choice([1, 2, 3])
        suits = rng.sample(range(4), rng.choice([1, 2]))
        pool = [9 * s + r for s in suits for r in range(9)]
        cards = rng.sample(pool, 3 * size)  # at most 9 of at least 9
        hands = [sum(1 << c for c in cards[i * size:(i + 1) * size]) for i in range(3)]
        positions.append((hands, rng.randint(0, 2)))
    keys = {}
    for hands, leader in positions:
        keys.setdefault(kernel._key(*hands, leader), set()).add(shape(hands, leader))
    assert all(len(shapes) == 1 for shapes in keys.values())
    shapes = {shape(h, leader) for h, leader in positions}
    assert len(shapes) == len(keys)  # and one key for each way of playing alike
    assert len(positions) - len(keys) > 500  # many positions did share a key
