"""`analyse` and `explain` against plain minimax on reduced deals, and their commands.

Random tests draw from the run's seed (FROG_SEED, tests/conftest.py), printed by pytest.
"""
from __future__ import annotations

import json
import random

import pytest
from tests.conftest import seeded

from solver.tricks.analysis import analyse, explain, position
from solver.tricks.brute import brute_force, minimax
from solver.tricks.deal import Deal, make_deal
from solver.tricks.engine import Game
from solver.tricks.line import format_header, format_trick
from solver.tricks.rules import Rules
from solver.tricks.search import solve

CONTRACTS = [("grand", 2), ("chico", 0), ("chico", 1), ("chico", 3), ("frog", 2)]



def random_deal(rng: random.Random, size: int, widow: int) -> Deal:
    cards = rng.sample(range(36), 3 * size + widow)
    return make_deal([cards[:size], cards[size:2 * size], cards[2 * size:3 * size]],
                     cards[3 * size:], leader=rng.randint(1, 3))


def random_game(rng: random.Random, size: int) -> Game:
    """A position in a random reduced deal after a few random cards (maybe mid-trick)."""
    contract, trump = rng.choice(CONTRACTS)
    widow = rng.randint(0, 2)
    deal = random_deal(rng, size, widow)
    rules = Rules(contract, rng.randint(1, 3), trump, must_overtrump=rng.random() < 0.3)
    discard = rng.sample(list(deal.hands[rules.bidder - 1]) + list(deal.widow), widow) \
        if contract == "frog" else None
    game = Game.start(deal, rules, discard)
    played = {4: (0, 2), 5: (2, 4), 6: (5, 7)}[size]  # keeps minimax to about 4 cards a hand
    for _ in range(rng.randint(*played)):
        game.play(rng.choice(game.legal()))
    return game


def copy_game(game: Game) -> Game:
    return Game(game.rules, [list(h) for h in game.hands], game.leader, list(game.points),
                list(game.trick), [list(t) for t in game.tricks_played])


def test_every_card_value_is_the_minimax_value_of_the_position_after_it(seed):
    rng = seeded(seed, "test_every_card_value_is_the_minimax_value_of_the_position_after_it")
    for _ in range(100):
        game = random_game(rng, rng.choice([4, 4, 4, 5, 6]))
        result = analyse(game)
        assert result.value == minimax(game)
        assert {cv.card for cv in result.cards} == set(game.legal())
        for cv in result.cards:
            after = copy_game(game)
            after.play(cv.card)
            assert cv.value == (minimax(after) if not after.finished else after.points[0])
        bidder = result.seat == game.rules.bidder
        best = (max if bidder else min)(cv.value for cv in result.cards)
        assert best == result.value
        assert all(cv.best == (cv.value == best) for cv in result.cards)


def test_the_first_position_is_worth_what_solve_says(seed):
    rng = seeded(seed, "test_the_first_position_is_worth_what_solve_says")
    for _ in range(30):
        deal = random_deal(rng, rng.choice([3, 4]), rng.randint(0, 3))
        contract, trump = rng.choice(CONTRACTS)
        rules = Rules(contract, rng.randint(1, 3), trump)
        game = position(deal, rules, None, [])
        assert analyse(game).value == solve(deal, rules).bidder_points == brute_force(deal, rules)


def test_explain_of_an_optimal_line_gives_nothing_away(seed):
    rng = seeded(seed, "test_explain_of_an_optimal_line_gives_nothing_away")
    for _ in range(20):
        deal = random_deal(rng, 4, rng.randint(0, 3))
        contract, trump = rng.choice(CONTRACTS)
        solution = solve(deal, Rules(contract, rng.randint(1, 3), trump))
        result = explain(deal, solution.rules, solution.discard, solution.line)
        assert result.discard_lost == 0 and all(s.lost == 0 for s in result.swings)
        assert result.final == solution.bidder_points


def test_explain_swings_add_up_and_match_minimax(seed):
    """Random lines: every swing is >= 0 and the difference of two minimax values, and
    perfect play minus the bidder's losses plus the defenders' is the line's result."""
    rng = seeded(seed, "test_explain_swings_add_up_and_match_minimax")
    for _ in range(40):
        deal = random_deal(rng, 4, rng.randint(0, 2))
        contract, trump = rng.choice(CONTRACTS)
        rules = Rules(contract, rng.randint(1, 3), trump)
        discard = rng.sample(list(deal.hands[rules.bidder - 1]) + list(deal.widow),
                             len(deal.widow)) if contract == "frog" else []
        game = Game.start(deal, rules, discard)
        values = [minimax(game)]
        while not game.finished:
            game.play(rng.choice(game.legal()))
            values.append(minimax(game) if not game.finished else game.points[0])
        result = explain(deal, rules, discard, game.tricks_played)
        assert [s.before for s in result.swings] == values[:-1]
        assert [s.after for s in result.swings] == values[1:]
        assert all(s.lost >= 0 for s in result.swings)
        assert result.start + result.discard_lost == brute_force(deal, rules)
        assert brute_force(deal, rules) - result.lost_by(True) + result.lost_by(False) \
            == result.final == game.points[0]


SMALL = make_deal([[0, 8, 24, 29], [7, 20, 35, 2], [6, 25, 31, 17]], [16, 33, 1])



@pytest.fixture
def files(tmp_path):
    deal = tmp_path / "deal.txt"
    deal.write_text(SMALL.to_text())
    return tmp_path, deal


def test_analyse_command_mid_trick_json(frog, files):
    tmp_path, deal = files
    rules = Rules("grand", 2)
    solution = solve(SMALL, rules)
    part = tmp_path / "part.txt"
    first = solution.line[0]
    part.write_text(format_header(rules, []) + "\n" + format_trick(solution.line[0][:1]) + "\n")
    code, out, _ = frog("tricks", "analyse", deal, "--after", part, "--json", "--scoring",
                        "slough", "--penalty-frog", "--players", "4", "--inactive", "solo-only")
    answer = json.loads(out)
    assert code == 0 and answer["value"] == solution.bidder_points
    assert {k: answer[k] for k in ("scoring", "penalty_frog", "players", "inactive")} == \
        {"scoring": "slough", "penalty_frog": True, "players": 4, "inactive": "solo-only"}
    assert answer["to_play"] == first[1][0] and answer["on_trick"] == [format_trick(first[:1])]
    assert any(c["best"] and c["card"] == format_trick(first[1:2]).split(":")[1]
               for c in answer["cards"])
    code, out, _ = frog("tricks", "analyse", deal, "--after", part, "--ascii")
    assert code == 0 and "<- best" in out and "trick 1: seat" in out


def test_verify_explain_json_and_text(frog, files, tmp_path):
    _, deal = files
    rules = Rules("frog", 1)
    game = Game.start(SMALL, rules, [16, 33, 1])
    rng = random.Random(5)
    while not game.finished:
        game.play(rng.choice(game.legal()))
    line = tmp_path / "line.txt"
    line.write_text(format_header(rules, [16, 33, 1]) + "\n"
                    + "\n".join(format_trick(t) for t in game.tricks_played) + "\n")
    code, out, _ = frog("tricks", "verify", deal, line, "--explain", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["bidder_points"] == game.points[0]
    assert answer["perfect"] == brute_force(SMALL, rules)
    assert answer["perfect"] - answer["lost_by_bidder"] + answer["lost_by_defenders"] \
        == game.points[0]
    code, out, _ = frog("tricks", "verify", deal, line, "--explain")
    assert code == 0 and "given away: bidder" in out and "♥" in out


@pytest.mark.parametrize("argv, message", [
    (["analyse", "{deal}"], "needs --contract and --bidder"),
    (["analyse", "{deal}", "--contract", "chico", "--bidder", "1"], "needs --trump"),
    (["analyse", "{deal}", "--after", "{line}", "--bidder", "3"], "disagrees"),
    (["analyse", "{deal}", "--after", "{full}"], "the hand is over"),
    (["analyse", "{deal}", "--contract", "frog", "--bidder", "1", "--discard", "AC ZZ"],
     "unknown card"),
    (["analyse", "{deal}", "--contract", "frog", "--bidder", "1", "--discard", "AC"],
     "must discard 3"),
    (["analyse", "{deal}", "--contract", "grand", "--bidder", "1", "--discard", "AC"],
     "no discard in grand"),
])
def test_analyse_bad_input_is_one_line_and_exit_2(frog, files, argv, message):
    tmp_path, deal = files
    (tmp_path / "line.txt").write_text("contract: grand bidder: 2\n")
    solution = solve(SMALL, Rules("grand", 2))
    (tmp_path / "full.txt").write_text(format_header(solution.rules, []) + "\n" + "\n".join(
        format_trick(t) for t in solution.line) + "\n")
    paths = {"deal": deal, "line": tmp_path / "line.txt", "full": tmp_path / "full.txt"}
    code, _, err = frog("tricks", *(a.format(**paths) for a in argv))
    assert code == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err


def test_discard_values_are_exact_and_the_best_is_the_solvers(seed):
    from solver.tricks.analysis import discard_values
    rng = seeded(seed, "test_discard_values_are_exact_and_the_best_is_the_solvers")
    for _ in range(30):
        deal = random_deal(rng, rng.choice([3, 4]), rng.randint(1, 3))
        rules = Rules("frog", rng.randint(1, 3), must_overtrump=rng.random() < 0.3)
        values = discard_values(deal, rules)
        for discard, total in values:
            assert total == minimax(Game.start(deal, rules, discard))
        assert values[0][1] == brute_force(deal, rules) == solve(deal, rules).bidder_points
        assert [v for _, v in values] == sorted((v for _, v in values), reverse=True)


def test_analyse_discards_command(frog, files):
    _, deal = files
    code, out, _ = frog("tricks", "analyse", deal, "--contract", "frog", "--bidder", 1,
                       "--discards", 3, "--json")
    answer = json.loads(out)
    assert code == 0 and len(answer["discards"]) == 3 and answer["discards"][0]["best"]
    assert answer["discards"][0]["bidder_points"] == brute_force(SMALL, Rules("frog", 1))
    code, _, err = frog("tricks", "analyse", deal, "--contract", "grand", "--bidder", 1,
                       "--discards")
    assert code == 2 and "no discard in grand" in err
