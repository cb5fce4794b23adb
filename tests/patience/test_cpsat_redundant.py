"""The CP-SAT model's redundant constraints (solver.patience.cpsat.REDUNDANT) change no verdict.

Redundant constraints only help CP-SAT search; one that is not implied by the rules would
cut off winning lines and turn a win into a wrong "unwinnable". Two checks:

- every winning line found by another method (the brute force on small games, the search on
  full deals), written as the model's timeline with every variable fixed, satisfies the
  model with all the redundant constraints: the constraints admit real wins;
- on random small games the model with each family alone, all of them, and none agree with
  the brute force (gen_games.compare_methods).
"""
from __future__ import annotations

import pytest
from ortools.sat.python import cp_model
from tests.conftest import seeded, soak_count
from tests.patience.gen_games import (compare_methods, random_game, random_stacked_game,
                                      winning_lines)

from solver.answer import Limits
from solver.patience.brute import brute_solve
from solver.patience.cpsat import FAMILIES, REDUNDANT, _Model, cpsat_solve, set_parameter
from solver.patience.deal import Deal, deal_from_number
from solver.patience.line import FOUNDATION, RESERVE, STOCK, Move, pile_index
from solver.patience.rules import variant_rules

GAMES = soak_count(40, 300)


def canonical(deal: Deal, moves: list[Move]) -> list[Move]:
    """The same line in the model's normal form: piles empty at the start renamed in order of
    first use, and a turned card put on a pile and taken off at once sent straight up."""
    empty = [p for p, pile in enumerate(deal.waste) if not pile]
    empty += list(range(len(deal.waste), deal.rules.waste_piles))
    rename: dict[int, int] = {}
    for move in moves:
        if move.source == STOCK and move.target != FOUNDATION:
            p = pile_index(move.target)
            if p in empty and p not in rename:
                rename[p] = empty[len(rename)]
    named = {f"w{p + 1}": f"w{q + 1}" for p, q in rename.items()}
    moves = [Move(m.card, named.get(m.source, m.source), named.get(m.target, m.target))
             for m in moves]
    out: list[Move] = []
    for move in moves:
        if (out and out[-1].source == STOCK and out[-1].target == move.source
                and move.target == FOUNDATION and out[-1].card == move.card):
            out[-1] = Move(move.card, STOCK, FOUNDATION)
        else:
            out.append(move)
    return out


def fix_line(built: _Model, moves: list[Move]) -> None:
    """Fix every time and placement of `built` to the line `moves` (a move from the stock to
    a foundation is a turn followed at once by an up)."""
    m = built.model
    stacks: dict[str, list[int]] = {}
    reserve = [x for x, item in enumerate(built.loose) if item.source == RESERVE]
    for x, item in enumerate(built.loose):
        if item.source not in (STOCK, RESERVE):
            stacks.setdefault(item.source, []).append(x)
    t, i = 0, 0
    for move in moves:
        if move.source == STOCK:
            x = built.stock[i]
            assert built.loose[x].card == move.card
            m.Add(built.theta[i] == t)
            t += 1
            m.Add(built.straight[i] == int(move.target == FOUNDATION))
            for p, name in enumerate(built.piles):
                m.Add(built.on[i][p] == int(move.target == name))
            if move.target == FOUNDATION:
                m.Add(built.tau[x] == t)
                t += 1
            else:
                stacks.setdefault(move.target, []).append(x)
            i += 1
        else:
            x = (reserve if move.source == RESERVE else stacks[move.source]).pop()
            assert built.loose[x].card == move.card
            m.Add(built.tau[x] == t)
            t += 1


def assert_line_satisfies(deal: Deal, moves: list[Move]) -> None:
    built = _Model(deal, FAMILIES)
    fix_line(built, canonical(deal, moves))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 30
    status = solver.Solve(built.model)
    assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE), (deal, moves)


def test_small_winning_lines_satisfy_every_family(seed: int) -> None:
    rng = seeded(seed, "cpsat redundant", "lines")
    checked = 0
    for deal, moves in winning_lines(rng, 4 * GAMES):
        assert_line_satisfies(deal, moves)
        checked += 1
    assert checked >= GAMES


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5, 6])
def test_full_deal_winning_lines_satisfy_every_family(number: int) -> None:
    from solver.patience.search import solve
    deal = deal_from_number(variant_rules("frog"), number)
    found = solve(deal, Limits(max_nodes=2_000_000, memory=1 << 26))
    if found.verdict != "winnable":
        pytest.skip(f"frog deal {number}: {found.verdict}")
    assert_line_satisfies(deal, found.moves)


def test_verdicts_agree_with_and_without(seed: int) -> None:
    rng = seeded(seed, "cpsat redundant", "verdicts")
    methods = {"brute": lambda deal: brute_solve(deal, Limits(max_nodes=200_000)),
               "none": lambda deal: cpsat_solve(deal, Limits(timeout=60), redundant=frozenset()),
               "all": lambda deal: cpsat_solve(deal, Limits(timeout=60), redundant=FAMILIES),
               "default": lambda deal: cpsat_solve(deal, Limits(timeout=60)),
               "parameters": lambda deal: cpsat_solve(deal, Limits(timeout=60), parameters={
                   "linearization_level": "1", "cp_model_probing_level": "0",
                   "search_branching": "FIXED_SEARCH"})}
    for family in sorted(FAMILIES):
        methods[family] = (lambda deal, family=family: cpsat_solve(
            deal, Limits(timeout=60), redundant=frozenset({family})))
    lost = 0
    for n in range(GAMES):
        deal = random_game(rng) if n % 2 else random_stacked_game(rng)
        lost += compare_methods(deal, methods)["none"] == "unwinnable"
    assert lost >= GAMES // 20
    assert REDUNDANT <= FAMILIES


def test_copy_bounds_prove_a_reserve_deadlock_without_search() -> None:
    """Frog deal 117 is lost by counting (README: the 2S in the reserve can never go up):
    with the copy bounds CP-SAT's propagation alone proves it, before any conflict (the
    plain model makes hundreds of conflicts and does not decide it in 10 s)."""
    deal = deal_from_number(variant_rules("frog"), 117)
    found = cpsat_solve(deal, Limits(max_nodes=1, timeout=60))
    assert found.verdict == "unwinnable"
    assert found.nodes == 0


def test_parameters_by_name_are_set_and_checked() -> None:
    """`parameters` reach CP-SAT (its own time limit of 0.2 s overrides the ten minutes of
    `limits` on a deal it does not decide that fast), and a name or value CP-SAT does not
    know is a ValueError, not a crash."""
    deal = deal_from_number(variant_rules("frog"), 1)
    stopped = cpsat_solve(deal, Limits(timeout=600), parameters={"max_time_in_seconds": "0.2"})
    assert stopped.verdict == "unknown" and stopped.seconds < 60
    solver = cp_model.CpSolver()
    set_parameter(solver, "search_branching", "FIXED_SEARCH")
    set_parameter(solver, "use_optional_variables", "true")
    assert solver.parameters.search_branching == cp_model.FIXED_SEARCH
    assert solver.parameters.use_optional_variables is True
    for name, value in [("no_such_parameter", "1"), ("search_branching", "SIDEWAYS"),
                        ("use_optional_variables", "maybe"), ("num_workers", "two")]:
        with pytest.raises(ValueError):
            set_parameter(solver, name, value)
