"""The auction: the order of calls and the frog-to-grand raise, with advice stubbed, and
the `auction` command end to end on a reduced deal."""
from __future__ import annotations

import json

import pytest

from solver.tricks import auction
from solver.tricks.bidding import Advice, Estimate, Table
from solver.tricks.deal import make_deal

DEAL = make_deal([[0, 8, 24, 29], [7, 20, 35, 2], [6, 25, 31, 17]], [16, 33, 1])


def stub(expected: dict[int, dict[str, float]]):
    """An `advise` that answers from a table of expected payments by seat and contract."""
    asked = []

    def advise(deal, seat, table, samples, seed, jobs, choices, progress=None):
        asked.append((seat, [c[0] for c in choices]))
        estimates = [Estimate(name, trump, 10, 0.5, (0, 1), 60, 1, (59, 61),
                              expected[seat].get(name if name != "chico" else f"chico{trump}", -1),
                              1, (0, 0)) for name, trump in choices]
        return Advice(seat, list(deal.hands[seat - 1]), seed, estimates)
    return advise, asked


@pytest.mark.parametrize("expected, calls, played", [
    # everyone passes: thrown in
    ({1: {}, 2: {}, 3: {}}, ["1 pass", "2 pass", "3 pass"], None),
    # frog, overcalled by chico, raised to grand; seat 3 may name nothing higher
    ({1: {"frog": 5, "grand": 3}, 2: {"chico0": 4}, 3: {"grand": 50}},
     ["1 frog", "2 chico", "1 grand", "3 pass"], (1, "grand")),
    # frog overcalled by chico, grand not worth it: chico plays
    ({1: {"frog": 5, "grand": -3}, 2: {"chico3": 4}, 3: {}},
     ["1 frog", "2 chico", "3 pass"], (2, "chico")),
    # a later seat must bid higher: frog is not enough after frog
    ({1: {"frog": 5}, 2: {"frog": 30, "grand": 1}, 3: {}},
     ["1 frog", "2 grand", "3 pass"], (2, "grand")),
    # the best above the current game, not the best overall
    ({1: {"chico1": 2}, 2: {"frog": 90, "grand": 7, "chico0": 3}, 3: {"grand": 1}},
     ["1 chico", "2 grand", "3 pass"], (2, "grand")),
    # the raise only answers a chico: a frog overcalled by grand may not raise
    ({1: {"frog": 5, "grand": 3}, 2: {"grand": 4}, 3: {}},
     ["1 frog", "2 grand", "3 pass"], (2, "grand")),
])
def test_calls_follow_the_sources(monkeypatch, expected, calls, played):
    advise, asked = stub(expected)
    monkeypatch.setattr(auction, "advise", advise)
    result = auction.run_auction(DEAL, Table(), samples=10, seed=1)
    assert [f"{c.seat} {c.bid}" for c in result.calls] == calls
    if played is None:
        assert result.winner is None and result.solution is None
    else:
        rules = result.solution.rules
        assert (rules.bidder, rules.contract) == played
        assert (result.winner.seat, result.winner.bid) == played
    # each seat is asked only about games above the highest named before it speaks
    levels = {"frog": 0, "chico": 1, "grand": 2}
    for seat, names in asked:
        spoke = next(i for i, c in enumerate(result.calls) if c.seat == seat)
        before = [c for c in result.calls[:spoke] if c.bid != "pass"]
        floor = max((levels[c.bid] for c in before), default=-1)
        assert all(levels[n] > floor for n in names)


def test_auction_command_json_and_text(frog, tmp_path):
    deal = tmp_path / "deal.txt"
    deal.write_text(DEAL.to_text())
    code, out, _ = frog("tricks", "auction", deal, "--samples", "6", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["calls"][0]["seat"] == 1
    if not answer["thrown_in"]:
        winner = [c for c in answer["calls"] if c["bid"] != "pass"][-1]
        assert (answer["contract"]["contract"], answer["contract"]["bidder"]) == \
            (winner["bid"], winner["seat"])
    code, out, _ = frog("tricks", "auction", deal, "--samples", "6", "--ascii")
    assert code == 0 and "seat 1:" in out and "double-dummy" in out
    code, _, err = frog("tricks", "auction", deal, "--samples", "1")
    assert code == 2 and "--samples" in err
