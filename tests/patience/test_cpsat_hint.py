"""CP-SAT's solution hint (cpsat._Model.add_hint, cpsat_solve's `hint`).

`frog verify --explain` hints CP-SAT with the winning line of an earlier position of the
game. A hint must never change a verdict, and it only helps when it is translated into the
model's own terms (its times, its placements, its names for the piles empty at the start):

- a winning line hinted on its own position is a complete solution: the model with every
  hinted variable fixed to its hint is feasible;
- hinted with lines of nearby positions (a win of the position a few moves before, or
  moves played at random), CP-SAT agrees with the brute force on random small games.
"""
from __future__ import annotations

import random

import pytest
from ortools.sat.python import cp_model
from tests.conftest import seeded, soak_count
from tests.patience.gen_games import (compare_methods, play_randomly, random_game,
                                      random_stacked_game, winning_lines)

from solver.answer import Limits
from solver.patience.brute import brute_solve
from solver.patience.cpsat import _Model, cpsat_solve
from solver.patience.deal import Deal, deal_from_number
from solver.patience.engine import Position, replay
from solver.patience.line import FOUNDATION, STOCK, Move
from solver.patience.rules import variant_rules

GAMES = soak_count(40, 300)


def assert_hint_is_a_solution(deal: Deal, moves: list[Move]) -> None:
    """Fix every variable `add_hint` hints to its hinted value: the model stays feasible."""
    built = _Model(deal)
    hinted: list[tuple[cp_model.IntVar, int]] = []
    built.model.AddHint = lambda var, value: hinted.append((var, int(value)))
    built.add_hint(moves)
    assert len(hinted) >= len(built.loose)  # every card's time, at least
    for var, value in hinted:
        built.model.Add(var == value)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 30
    assert solver.Solve(built.model) in (cp_model.OPTIMAL, cp_model.FEASIBLE), \
        (deal.to_text(), [str(move) for move in moves])


def detoured(deal: Deal, moves: list[Move]) -> list[Move]:
    """The line with every card turned straight up put on the last pile and taken off at
    once instead: the same line for the model, which sends such a card straight up and
    numbers the piles empty at the start by the first card left on them."""
    pile = f"w{deal.rules.waste_piles}"
    out = []
    for move in moves:
        if move.source == STOCK and move.target == FOUNDATION:
            out += [Move(move.card, STOCK, pile), Move(move.card, pile, FOUNDATION)]
        else:
            out.append(move)
    return out


def test_a_winning_line_hinted_on_its_own_position_is_a_solution(seed: int) -> None:
    rng = seeded(seed, "cpsat hint", "own lines")
    checked = detours = 0
    for deal, moves in winning_lines(rng, 4 * GAMES):
        assert_hint_is_a_solution(deal, moves)
        checked += 1
        line = detoured(deal, moves)
        if not deal.rules.forced and line != moves:
            assert replay(deal, line).won
            assert_hint_is_a_solution(deal, line)
            detours += 1
    assert checked >= GAMES and detours >= GAMES // 4


@pytest.mark.parametrize("stock_play", ["forced", "optional"])
def test_a_full_deals_winning_line_is_a_solution(stock_play: str) -> None:
    """Frog deal 15 (five piles, 104 cards): its search line, with piles used in any order,
    in the model's terms; under optional stock play (where its line turns two cards
    straight up before it leaves one on a pile), also with those two cards detoured through
    the last pile, which must not count as that pile's first use."""
    from solver.patience.search import solve

    rules = variant_rules("frog").with_overrides(stock_play=stock_play)
    deal = deal_from_number(rules, 15)
    found = solve(deal, Limits(max_nodes=2_000_000, memory=1 << 26))
    assert found.verdict == "winnable"
    assert_hint_is_a_solution(deal, found.moves)
    if stock_play == "forced":
        return
    first = next(k for k, move in enumerate(found.moves)
                 if move.source == STOCK and move.target != FOUNDATION)
    line = detoured(deal, found.moves[:first]) + found.moves[first:]
    assert line != found.moves and replay(deal, line).won
    assert_hint_is_a_solution(deal, line)


def nearby(rng: random.Random, deal: Deal) -> tuple[Deal, list[Move]]:
    """A position a few random moves after `deal`, and a hint for it: the brute force's
    winning line of `deal` when there is one (the explanation's case: a win of an earlier
    position), else random legal moves from `deal`."""
    position = play_randomly(rng, deal, rng.randint(1, 4))
    found = brute_solve(deal, Limits(max_nodes=100_000))
    if found.verdict == "winnable":
        hint = list(found.moves)
    else:
        hint, wander = [], Position.start(deal)
        while wander.legal_moves() and len(hint) < 30:
            hint.append(rng.choice(wander.legal_moves()))
            wander = wander.play(hint[-1])
    return position, hint


def test_hints_from_nearby_positions_change_no_verdict(seed: int) -> None:
    rng = seeded(seed, "cpsat hint", "verdicts")
    lost = 0
    for n in range(GAMES):
        deal, hint = nearby(rng, random_game(rng) if n % 2 else random_stacked_game(rng))
        verdicts = compare_methods(deal, {
            "brute": lambda deal: brute_solve(deal, Limits(max_nodes=200_000)),
            "hinted": lambda deal: cpsat_solve(deal, Limits(timeout=60), hint=hint)})
        assert verdicts["hinted"] != "unknown"
        lost += verdicts["hinted"] == "unwinnable"
    assert lost >= GAMES // 20
