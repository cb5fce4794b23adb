"""Differential tests: the brute force, the CP-SAT model and the search agree on every game.

Every verdict is computed, never written down: the two methods share nothing but the deal,
and every win either reports is replayed through the reference engine (gen_games.py).
The default run compares 120 random small games (300 under FROG_SOAK). Soak mode runs more:

    FROG_SOAK=100000 pytest -m slow tests/patience/test_differential.py -k soak

The games come from the run's seed (tests/conftest.py): FROG_SEED=N draws other games, and
the seed is printed in the report header, beside a failure and in the soak's summary.
"""
from __future__ import annotations

import os
from dataclasses import replace

import pytest
from tests.conftest import seeded, soak_count
from tests.patience.gen_games import Method, Tally, compare_methods, random_deal, random_game

from solver.patience.brute import brute_solve
from solver.patience.cards import Card
from solver.patience.deal import Deal, parse_deal
from solver.patience.cpsat import cpsat_solve
from solver.patience.rules import Rules
from solver.answer import Limits
from solver.patience.search import solve

#: Beyond this many positions the brute force answers unknown and the game is not compared.
BRUTE_STATES = 200_000
#: A generous safety net: no small game comes near it.
CPSAT_SECONDS = 60.0
DEFAULT_GAMES = soak_count(120, 300)


def standard_methods() -> dict[str, Method]:
    """The three methods every game is held to: the two witnesses and the fast search
    (tests/patience/test_search.py holds the search to the brute force on many more games)."""
    return {
        "brute": lambda deal: brute_solve(deal, Limits(max_nodes=BRUTE_STATES)),
        "cpsat": lambda deal: cpsat_solve(deal, Limits(timeout=CPSAT_SECONDS)),
        "search": lambda deal: solve(deal, Limits(memory=1 << 22)),
    }


def run_games(count: int, seed: int, label: str) -> Tally:
    """Compare `count` random games; AssertionError (with the deal) on any disagreement."""
    rng = seeded(seed, "differential", label)
    tally = Tally()
    methods = standard_methods()
    for _ in range(count):
        deal = random_game(rng)
        tally.add(deal, compare_methods(deal, methods))
    return tally


def test_random_small_games_agree(seed: int) -> None:
    tally = run_games(DEFAULT_GAMES, seed, "default")
    assert tally.games == DEFAULT_GAMES
    # Coverage, so that a generator change cannot quietly make the test easy.
    assert tally.unwinnable >= DEFAULT_GAMES // 20, tally.summary()
    assert tally.winnable >= DEFAULT_GAMES // 2, tally.summary()
    assert 0.3 * DEFAULT_GAMES <= tally.forced <= 0.7 * DEFAULT_GAMES, tally.summary()
    assert tally.in_play >= DEFAULT_GAMES * 2 // 15, tally.summary()
    assert tally.undecided <= 0.02 * DEFAULT_GAMES, tally.summary()


@pytest.mark.slow
@pytest.mark.skipif("FROG_SOAK" not in os.environ, reason="soak mode: set FROG_SOAK=N")
def test_soak(capsys: pytest.CaptureFixture[str], seed: int) -> None:
    count = int(os.environ["FROG_SOAK"])
    tally = run_games(count, seed, "soak")
    with capsys.disabled():
        print(f"\nsoak seed {seed}: {tally.summary()}")


@pytest.mark.parametrize("stock_play", ["forced", "optional"])
def test_no_waste_piles(stock_play: str, seed: int) -> None:
    """With no waste pile every turned card must go straight up."""
    rng = seeded(seed, "no waste piles", stock_play)
    verdicts = set()
    for _ in range(40):
        rules = Rules("frog", decks=rng.randint(1, 2), ranks=rng.randint(2, 4), waste_piles=0,
                      reserve_size=rng.randint(0, 4), aces="stay", stock_play=stock_play)
        verdicts.add(compare_methods(random_deal(rng, rules), standard_methods())["brute"])
    assert verdicts == {"winnable", "unwinnable"}


def test_won_position_needs_no_moves() -> None:
    rules = Rules("frog", decks=1, ranks=2, waste_piles=2, reserve_size=0)
    deal = Deal(rules, foundations=tuple(Card(2, suit) for suit in "CDHS"))
    assert cpsat_solve(deal).moves == []
    assert brute_solve(deal).moves == []


def test_forced_play_changes_the_answer() -> None:
    """A deal that only the forced rule loses: after 2C goes up, the next 3S fits and is
    forced up, so how 3C and 3S share the one pile decides the game. Both methods must see
    the difference, and agree on each side of it."""
    forced = parse_deal("variant: fly\ndecks: 1\nranks: 4\nwaste-piles: 1\nreserve-size: 0\n"
                        "foundations: AH AC AD AS\nreserve: -\n"
                        "stock: 3C 2C 3S 2S 4H 4C 3H 4S 3D 4D 2H 2D\n")
    optional = replace(forced, rules=replace(forced.rules, stock_play="optional"))
    on_forced = compare_methods(forced, standard_methods())
    on_optional = compare_methods(optional, standard_methods())
    assert on_forced["cpsat"] != on_optional["cpsat"]
    assert "unknown" not in (*on_forced.values(), *on_optional.values())


def test_positions_in_play_with_started_foundations() -> None:
    """Hand-made position: foundations already at 2 and 3, cards waiting on two piles."""
    deal = parse_deal("variant: pysol-frog\ndecks: 1\nranks: 5\nwaste-piles: 2\n"
                      "reserve-size: 4\nfoundations: 2C 3D AH AS\nreserve: 5C 4D\n"
                      "stock: 2S 3S 5H 4S 5S\nwaste1: 4H 3C\nwaste2: 5D 3H 2H 4C\n")
    verdicts = compare_methods(deal, standard_methods())
    assert "unknown" not in verdicts.values()
