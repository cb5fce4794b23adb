"""The compiled search against the unpruned brute force, reduction by reduction.

Every pruning rule of solver/patience/search/kernel.py must never turn a win into "unwinnable": on
random small games (tests/patience/gen_games.py: every Ace procedure, forced and optional play,
positions in play) the search's verdict must equal the brute force's, with all reductions on,
with each one alone, with a tiny table (heavy replacement) and without restarts. Every win
is replayed by the rules engine (compare_methods). The games are drawn from the run's seed
(tests/conftest.py: FROG_SEED, printed in the report header). Soak:
FROG_SOAK=N pytest -m slow -k search_soak.
"""
from __future__ import annotations

import os

import pytest
from tests.conftest import seeded
from tests.patience.gen_games import Tally, compare_methods, random_game

from solver.patience.brute import brute_solve
from solver.patience.deal import deal_from_number
from solver.patience import deal_after, replay
from solver.patience.rules import variant_rules
from solver.answer import Limits
from solver.patience.search import solve
from solver.patience.search import RULE_SWITCHES

BRUTE_STATES = 200_000
SMALL_TABLE = Limits(memory=1 << 16)


def _games(count: int, seed: int, label: str):
    rng = seeded(seed, "search", label)
    return [random_game(rng) for _ in range(count)]


def _search(**options):
    return lambda deal: solve(deal, SMALL_TABLE if options.pop("tiny", False) else
                              Limits(memory=1 << 22), **options)


def _brute(deal):
    return brute_solve(deal, Limits(max_nodes=BRUTE_STATES))


def test_search_agrees_with_brute_force_on_2000_games(seed: int) -> None:
    tally = Tally()
    for deal in _games(2000, seed, "all"):
        tally.add(deal, compare_methods(deal, {"brute": _brute, "search": _search()}))
    assert tally.unwinnable >= 100 and tally.winnable >= 1000, tally.summary()
    assert tally.undecided <= 40, tally.summary()


@pytest.mark.parametrize("alone", sorted(RULE_SWITCHES))
def test_each_reduction_alone_agrees_with_brute_force(alone: str, seed: int) -> None:
    disabled = tuple(name for name in RULE_SWITCHES if name != alone)
    for deal in _games(150, seed, alone):
        compare_methods(deal, {"brute": _brute, "search": _search(disabled=disabled)})


def test_plain_depth_first_and_tiny_table_agree(seed: int) -> None:
    """One descent without restarts, and a 1024-entry table that must keep replacing."""
    for deal in _games(300, seed, "plain"):
        compare_methods(deal, {"brute": _brute, "plain": _search(restarts=False),
                               "tiny-table": _search(tiny=True)})


@pytest.mark.slow
@pytest.mark.skipif("FROG_SOAK" not in os.environ, reason="soak mode: set FROG_SOAK=N")
def test_search_soak(capsys: pytest.CaptureFixture[str], seed: int) -> None:
    count = int(os.environ["FROG_SOAK"])
    tally = Tally()
    rng = seeded(seed, "search", "soak")
    for _ in range(count):
        deal = random_game(rng)
        tally.add(deal, compare_methods(deal, {"brute": _brute, "search": _search()}))
    with capsys.disabled():
        print(f"\nsearch soak seed {seed}: {tally.summary()}")


@pytest.mark.parametrize("variant,number", [("frog", 3), ("frog", 9), ("pysol-frog", 3),
                                            ("fly", 5), ("fanny", 7), ("dicks-frog", 4),
                                            ("plain-frog", 4), ("pysol-fly", 1),
                                            ("pysol-fanny", 7), ("sir-tommy", 4)])
def test_full_deals_won_and_replayed(variant: str, number: int) -> None:
    deal = deal_from_number(variant_rules(variant), number)
    result = solve(deal, Limits(max_nodes=3_000_000, memory=1 << 24))
    assert result.verdict == "winnable", (variant, number, result.nodes)
    outcome = replay(deal, result.moves or [])
    assert outcome.valid and outcome.won
    assert result.stats["nodes_per_second"] > 0


def test_node_limit_gives_unknown_with_reason() -> None:
    deal = deal_from_number(variant_rules("frog"), 1)
    result = solve(deal, Limits(max_nodes=5000, memory=1 << 20))
    assert (result.verdict, result.reason, result.moves) == ("unknown", "node limit", None)
    assert result.nodes == 5000


def test_time_limit_gives_unknown_with_reason() -> None:
    deal = deal_from_number(variant_rules("frog"), 1)
    result = solve(deal, Limits(timeout=0.3, memory=1 << 20))
    assert (result.verdict, result.reason) == ("unknown", "time limit")
    assert 0.3 <= result.seconds < 5


def test_position_in_play_is_solved_from_where_it_stands() -> None:
    """Play the first half of a found win, then solve the position reached."""
    deal = deal_from_number(variant_rules("frog"), 3)
    won = solve(deal, Limits(memory=1 << 22)).moves or []
    middle = deal_after(deal, won[:len(won) // 2])
    assert any(middle.waste) and middle.foundations != deal.foundations
    again = solve(middle, Limits(memory=1 << 22, max_nodes=1_000_000))
    assert again.verdict == "winnable" and replay(middle, again.moves or []).won
