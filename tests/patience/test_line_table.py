"""The table shared along a line (search.LineTable) against the brute force: every position of
random lines of random small games, decided in a random order on one table, gets the brute
force's verdict, and every win replays. 60 games by default, 300 under FROG_SOAK."""
from __future__ import annotations

import pytest
from tests.conftest import seeded, soak_count
from tests.patience.gen_games import random_deal, random_rules

from solver.answer import Limits, Verdict
from solver.patience.brute import brute_solve
from solver.patience.engine import Position, deals_along, replay
from solver.patience.search import LineTable, solve

GAMES = soak_count(60, 300)
BRUTE_STATES = 200_000


def random_line(deal, rng) -> list:
    """Random legal moves from the deal until the game ends."""
    position, moves = Position.start(deal), []
    while position.legal_moves():
        moves.append(rng.choice(position.legal_moves()))
        position = position.play(moves[-1])
    return moves


def test_positions_of_a_line_decided_on_one_table_agree_with_the_brute_force(seed) -> None:
    rng = seeded(seed, "line table")
    compared = lost_after_won = 0
    for _ in range(GAMES):
        deal = random_deal(rng, random_rules(rng))
        moves = random_line(deal, rng)
        positions = [deal, *deals_along(deal, moves)]
        truth = [brute_solve(p, Limits(max_nodes=BRUTE_STATES)).verdict for p in positions]
        if Verdict.UNKNOWN in truth:
            continue
        line = LineTable(deal, 1 << 22)
        order = list(range(len(positions)))
        rng.shuffle(order)
        for k in order:
            result = solve(positions[k], Limits(memory=1 << 22), line=line)
            assert result.verdict is truth[k], (deal.to_text(), moves[:k])
            if result.verdict is Verdict.WINNABLE:
                assert replay(positions[k], result.moves or []).won
            compared += 1
        lost_after_won += Verdict.WINNABLE in truth and Verdict.UNWINNABLE in truth
    # coverage: lines that lose a win, so that lost positions meet the table
    assert compared >= 5 * GAMES and lost_after_won >= GAMES // 10, (compared, lost_after_won)


def test_a_line_table_refuses_a_position_of_another_deal(seed) -> None:
    rng = seeded(seed, "line table refuses")
    rules = random_rules(rng)
    deal, other = random_deal(rng, rules), random_deal(rng, rules)
    line = LineTable(deal, 1 << 20)
    assert line.turned(deal) == 0
    moved = next(deals_along(deal, Position.start(deal).legal_moves()[:1]))
    assert line.turned(moved) == len(deal.stock) - len(moved.stock)
    if other.stock != deal.stock:
        with pytest.raises(ValueError, match="not one of the deal's"):
            solve(other, Limits(memory=1 << 20), line=line)
