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
from solver.patience.deal import deal_from_number
from solver.patience.rules import variant_rules
from solver.patience.search import LineTable, kernel, solve
from solver.patience.search.beam import beam_search
from solver.patience.search.decode import decode_win
from solver.patience.search.state import SearchArrays

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


def test_a_position_built_at_its_root_has_the_key_the_search_reaches_it_with(seed) -> None:
    """A table shared along a line finds a position's entries only if the key built when
    the position is a search's root (its piles and their hashes set up at once) is the key
    a search of the deal reaches it with, move by move (kernel.apply_move): checked at
    every position of the winning lines of random small games and of two full deals."""
    def key(arrays: SearchArrays) -> tuple[int, int]:
        return kernel.position_key(arrays.st, arrays.ph1, arrays.ph2, arrays.h, arrays.sleep,
                                   0, arrays.npiles)

    rng = seeded(seed, "root keys")
    deals = [random_deal(rng, random_rules(rng)) for _ in range(30)]
    deals += [deal_from_number(variant_rules(v), n) for v, n in (("frog", 8331), ("fanny", 3))]
    checked = 0
    for deal in deals:
        root = SearchArrays(deal)
        won, _ = beam_search(root, width=40)
        if not won:
            continue
        codes = root.winning_codes()
        positions = deals_along(deal, decode_win(deal, codes))
        walker = SearchArrays(deal)
        walker.reset(0, 0)
        for code, position in zip(codes, positions):
            kernel.apply_move(code, walker.st, walker.reserve, walker.stock, walker.piles,
                              walker.h, walker.ph1, walker.ph2, walker.n, walker.stockcnt)
            at_root = SearchArrays(position, turned=len(deal.stock) - len(position.stock))
            at_root.reset(0, 0)
            assert key(at_root) == key(walker)
            checked += 1
    assert checked > 200
