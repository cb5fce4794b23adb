"""The 1922 scoring details: penalty frog, the three ways of settling with players who sit
out, and up to seven at the table (slough and its variants), on the command line too."""
from __future__ import annotations

import json

import pytest

from cli.main import main
from solver.tricks.cards import parse_suit
from solver.tricks.rules import Rules, RulesError

HEARTS, SPADES = parse_suit("hearts"), parse_suit("spades")


@pytest.mark.parametrize("contract, trump, scoring, points, payment", [
    ("frog", HEARTS, "foster", 50, -4 * 10 * 2),      # lost frog at the grand rate (4)
    ("frog", HEARTS, "slough", 50, -3 * 10 * 2),      # heart solo rate under slough (3)
    ("frog", HEARTS, "coeur-d-alene", 50, -75 * 2),   # fixed: the heart solo's amount
    ("frog", HEARTS, "foster", 70, 1 * 10 * 2),       # a made frog is paid as usual
    ("chico", SPADES, "foster", 50, -2 * 10 * 2),     # other contracts unchanged
])
def test_penalty_frog_pays_a_lost_frog_at_the_heart_solo_rate(contract, trump, scoring,
                                                               points, payment):
    assert Rules(contract, 1, trump, scoring=scoring, penalty_frog=True).payment(points) == payment


@pytest.mark.parametrize("inactive, contract, trump, made, lost", [
    # 7 at the table: 2 active opponents, 4 sitting out; made by 10, lost by 10
    ("receive", "frog", HEARTS, 1 * 10 * 2, -1 * 10 * 6),
    ("receive", "grand", HEARTS, 3 * 10 * 2, -3 * 10 * 6),
    ("pay-and-receive", "frog", HEARTS, 1 * 10 * 6, -1 * 10 * 6),
    ("pay-and-receive", "chico", SPADES, 2 * 10 * 6, -2 * 10 * 6),
    ("solo-only", "frog", HEARTS, 1 * 10 * 2, -1 * 10 * 6),
    ("solo-only", "chico", SPADES, 2 * 10 * 6, -2 * 10 * 6),
    ("solo-only", "grand", HEARTS, 3 * 10 * 6, -3 * 10 * 6),
])
def test_three_ways_of_paying_the_inactive_players(inactive, contract, trump, made, lost):
    rules = Rules(contract, 2, trump, scoring="slough", players=7, inactive=inactive)
    assert rules.payment(70) == made and rules.payment(50) == lost


def test_with_three_players_nobody_sits_out():
    for inactive in ("receive", "pay-and-receive", "solo-only"):
        assert Rules("grand", 1, scoring="slough", inactive=inactive).payment(70) == 3 * 10 * 2


@pytest.mark.parametrize("kwargs, message", [
    ({"scoring": "foster", "players": 6}, "3 to 5 under foster"),
    ({"scoring": "slough", "players": 8}, "3 to 7 under slough"),
    ({"scoring": "foster", "inactive": "pay-and-receive"}, "only receive"),
    ({"scoring": "slough", "inactive": "sometimes"}, "unknown way"),
])
def test_bad_table_parameters_are_refused(kwargs, message):
    with pytest.raises(RulesError, match=message):
        Rules("grand", 1, **kwargs)


def test_cli_options(capsys):
    code = main(["tricks", "solve", "17", "--contract", "frog", "--bidder", "2", "--json",
                 "--scoring", "slough", "--players", "7", "--penalty-frog"])
    answer = json.loads(capsys.readouterr().out)
    assert code == 0 and answer["bidder_points"] == 59
    assert answer["payment"] == -3 * 1 * 6 and answer["penalty_frog"] is True
    code = main(["tricks", "solve", "17", "--all", "--players", "7"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("frog: error: players must be 3 to 5 under foster")
