"""The beam search (solver/patience/search/beam.py) and its place beside the restarts.

A beam only finds wins, so what can go wrong is a line that is not a real win (the rules
engine must replay every one) or a search whose other answers change because beams run
beside it: with beams forced from the first node, the search must still agree with the
unpruned brute force on every small game, losses included. Soak (beams from the first
node, every win replayed): FROG_SOAK=N pytest -m slow -k beam_soak.
"""
from __future__ import annotations

import os

import pytest
from tests.conftest import open_deal, seeded, soak_count
from tests.patience.gen_games import (Tally, compare_methods, play_randomly, random_game,
                                      random_stacked_game)

from solver.answer import Limits
from solver.patience import Position
from solver.patience.line import FOUNDATION
from solver.patience.brute import brute_solve
from solver.patience.deal import deal_from_number, parse_deal
from solver.patience.rules import variant_rules
from solver.patience.search import beam, driver, kernel, solve
from solver.patience.search.beam import Beam, beam_search
from solver.patience.search.decode import decode_win
from solver.patience.search.state import SearchArrays

BRUTE_STATES = 200_000


def _games(count: int, seed: int, label: str):
    rng = seeded(seed, "beam", label)
    return [random_game(rng) for _ in range(count)]


def test_beam_wins_are_real_and_only_on_winnable_games(seed: int) -> None:
    """150 games by default, 400 under FROG_SOAK."""
    verdicts = {"winnable": 0, "won by the beam": 0}
    for deal in _games(soak_count(150, 400), seed, "wins"):
        brute = brute_solve(deal, Limits(max_nodes=BRUTE_STATES)).verdict
        arrays = SearchArrays(deal)
        won, nodes = beam_search(arrays, width=64)
        if won:
            decode_win(deal, arrays.winning_codes())  # SolverBug unless the engine agrees
            assert brute != "unwinnable", deal.to_text()
            verdicts["won by the beam"] += 1
        verdicts["winnable"] += brute == "winnable"
        assert nodes > 0 or not deal.stock
    # the beam is a real search: it wins most small winnable games on its own
    assert verdicts["won by the beam"] >= 0.5 * verdicts["winnable"] > 0, verdicts


def _emptied_greedily(deal) -> bool:
    """Whether playing the first foundation move the engine lists, again and again, puts
    every card up (the beam's emptying before the exact search)."""
    position = Position.start(deal)
    while True:
        ups = [m for m in position.legal_moves() if m.target == FOUNDATION]
        if not ups:
            return position.is_won()
        position = position.play(ups[0])


#: Sir Tommy with the stock turned (found in a beam's last layer): the first fitting card,
#: again and again, gets stuck, but another order of the same moves puts every card up.
NOT_GREEDILY = """variant: sir-tommy
foundations: TD 8C 6S 2H
reserve: -
stock: -
waste1: 3H
waste2: KS QS KH JS QH JH 8S 4H
waste3: KD KC 9S 5H
waste4: TS JD TH QD 8H 9H TC QC 7S 9C JC 7H 6H
"""


def test_a_finished_beam_empties_what_greedy_emptying_cannot() -> None:
    deal = parse_deal(NOT_GREEDILY)
    assert brute_solve(deal, Limits(max_nodes=BRUTE_STATES)).verdict == "winnable"
    assert not _emptied_greedily(deal)
    arrays = SearchArrays(deal)
    won, nodes = beam_search(arrays, width=1)
    assert won and nodes <= beam.EMPTY_NODES
    decode_win(deal, arrays.winning_codes())


def test_a_finished_beam_empties_exactly_what_can_be_emptied(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Positions with the stock turned: the beam has no layer left and only searches the
    order of the foundation moves, which with an ample budget must win exactly the
    positions the brute force wins."""
    monkeypatch.setattr(beam, "EMPTY_NODES", 1 << 20)
    rng = seeded(seed, "beam", "empty")
    counts = {"won": 0, "lost": 0}
    for _ in range(1000):
        deal = play_randomly(rng, random_stacked_game(rng), 1000)  # the stock runs out
        assert not deal.stock
        brute = brute_solve(deal, Limits(max_nodes=BRUTE_STATES)).verdict
        arrays = SearchArrays(deal)
        won, _ = beam_search(arrays, width=1)
        if won:
            decode_win(deal, arrays.winning_codes())  # SolverBug unless the engine agrees
        assert brute == ("winnable" if won else "unwinnable"), deal.to_text()
        counts["won" if won else "lost"] += 1
    assert min(counts.values()) >= 200, counts


def _beams_from_the_start(monkeypatch: pytest.MonkeyPatch, games, tally: Tally) -> int:
    """Hold the search, with a beam before its first restart and between all the others,
    to the brute force on the games; returns how many it won by a beam."""
    monkeypatch.setattr(driver, "BEAM_START_NODES", 0)
    monkeypatch.setattr(driver, "BEAM_FIRST_WIDTH", 2)
    by_beam = 0

    def search(deal):
        nonlocal by_beam
        result = solve(deal, Limits(memory=1 << 22))
        by_beam += "won_by_beam_of_width" in result.stats
        return result

    for deal in games:
        tally.add(deal, compare_methods(
            deal, {"brute": lambda d: brute_solve(d, Limits(max_nodes=BRUTE_STATES)),
                   "search with beams": search}))
    return by_beam


def test_search_with_beams_from_the_start_agrees_with_brute_force(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """200 games by default, 400 under FROG_SOAK."""
    games = soak_count(200, 400)
    tally = Tally()
    by_beam = _beams_from_the_start(monkeypatch, _games(games, seed, "solve"), tally)
    assert tally.unwinnable >= games // 20 and tally.winnable >= games // 2, tally.summary()
    assert by_beam >= games // 20, by_beam


@pytest.mark.slow
@pytest.mark.skipif("FROG_SOAK" not in os.environ, reason="soak mode: set FROG_SOAK=N")
def test_beam_soak(capsys: pytest.CaptureFixture[str], seed: int,
                   monkeypatch: pytest.MonkeyPatch) -> None:
    rng = seeded(seed, "beam", "soak")
    games = (random_game(rng) if i % 2 == 0 else random_stacked_game(rng)
             for i in range(int(os.environ["FROG_SOAK"])))
    tally = Tally()
    by_beam = _beams_from_the_start(monkeypatch, games, tally)
    with capsys.disabled():
        print(f"\nbeam soak seed {seed}: {tally.summary()}; won by a beam: {by_beam}")


def test_a_beam_wins_a_deal_the_restarts_leave_open() -> None:
    """Sir Tommy deal 8: sequence 0 alone is unknown after 13M nodes; a width of 2,000
    wins it (benchmarks/results/beam.txt)."""
    deal = deal_from_number(variant_rules("sir-tommy"), 8)
    arrays = SearchArrays(deal)
    won, nodes = beam_search(arrays, width=2000)
    assert won and nodes < 1_000_000
    assert len(decode_win(deal, arrays.winning_codes())) >= 52


def _layer_tested_first(b: Beam) -> list[tuple[int, int]]:
    """The (parent, choice) of the positions the next layer of beam `b` (no noise) keeps
    when every child is put to the dead test first: the live children, the best of each
    position, the best `width` of those (ties to the earlier child)."""
    a, npiles, si = b.arrays, b.arrays.npiles, b.layer
    children = []  # (-score, index, key, parent, choice) of the live children
    for k in range(b.count):
        for policy in range(beam.POLICIES):
            for option in range(npiles + 1):
                beam._load(k, *b.slots[0], a.st, a.piles, a.h, a.ph1, a.ph2, a.n, si, npiles,
                           a.ranks, True)
                beam._count_stock(a.stockcnt, a.stock, si, a.ranks)
                a.st[kernel.PLEN] = 0
                beam._policy(policy, a.st, a.reserve, a.stock, a.piles, a.h, a.ph1, a.ph2, a.n,
                             a.stockcnt, b.buffer, a.d4, a.ranks, a.forced, npiles)
                code = beam._placement(option, a.st, a.stock, a.n, a.forced, npiles, a.h,
                                       a.piles)
                if code < 0:
                    continue
                kernel.apply_move(code, a.st, a.reserve, a.stock, a.piles, a.h, a.ph1, a.ph2, a.n,
                              a.stockcnt)
                if kernel.dead_test(a.st, a.reserve, a.piles, a.h, a.n, a.stockcnt, a.d4,
                                   a.ranks, npiles, a.scratch, kernel.ALL_OPTIONS):
                    continue
                key = kernel.position_key(a.st, a.ph1, a.ph2, a.h, a.sleep, 0, npiles)
                score = beam._score(a.st, a.reserve, a.piles, a.h, a.n, npiles, b.up_weight)
                children.append((-score, len(children), key, k, policy * (npiles + 1) + option))
    best: dict[tuple[int, int], tuple] = {}
    for child in children:
        if child[2] not in best or child[:2] < best[child[2]][:2]:
            best[child[2]] = child
    return [(c[3], c[4]) for c in sorted(best.values())[:b.width]]


def test_a_beam_layer_keeps_what_testing_every_child_first_keeps() -> None:
    """The beam puts only the children it reaches, best first, to the dead test (beam.py,
    `_expand`); each layer must hold what testing every child first would keep."""
    for variant, number in (("frog", 8331), ("fanny", 4894), ("sir-tommy", 5)):
        b = Beam(SearchArrays(deal_from_number(variant_rules(variant), number)), 40)
        while b.layer < b.layers and b.count:
            expected = _layer_tested_first(b)
            b.step()
            kept = list(zip(b.parent[b.layer - 1, :b.count].tolist(),
                            b.choice[b.layer - 1, :b.count].tolist()))
            assert kept == expected, (variant, number, b.layer)
        assert b.layer > 20, (variant, number)


def test_beams_keep_the_node_limit_exact() -> None:
    result = solve(open_deal(), Limits(max_nodes=2_000_000, memory=1 << 24))
    assert (result.verdict, result.reason, result.nodes) == ("unknown", "node limit", 2_000_000)
    assert result.stats["beams"] >= 1 and 0 < result.stats["beam_nodes"] < 2_000_000


def test_no_beams_without_restarts_or_when_switched_off() -> None:
    deal = deal_from_number(variant_rules("frog"), 39)
    for options in ({"restarts": False}, {"beams": False}):
        result = solve(deal, Limits(max_nodes=600_000, memory=1 << 24), **options)
        assert "beams" not in result.stats, options


def test_beam_widths_double_within_the_memory_share() -> None:
    arrays = SearchArrays(deal_from_number(variant_rules("frog"), 1))
    widths = [driver.beam_width(arrays, i, 1 << 30) for i in range(12)]
    assert widths[:3] == [1000, 2000, 4000]
    assert max(widths) == widths[-1] < 1000 << 11  # capped by a quarter of 1 GiB
    small = driver.beam_width(arrays, 5, 1 << 20)
    assert 1 <= small < 1000
    Beam(arrays, small)  # its arrays fit
    # under a node limit, only a beam that can finish runs
    most = Beam.most_nodes(arrays, 1000)
    assert driver.beam_width(arrays, 3, 1 << 30, nodes_left=3 * most) == 2000
    assert driver.beam_width(arrays, 0, 1 << 30, nodes_left=most) == 1000
    assert driver.beam_width(arrays, 0, 1 << 30, nodes_left=most - 1) == 0
