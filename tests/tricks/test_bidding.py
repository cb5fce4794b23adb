"""Bidding advice: sampled estimates against the exact average over every distribution of
the unseen cards on reduced deals, and the `bid` command.

Random tests draw from the run's seed (FROG_SEED, tests/conftest.py), printed by pytest.
"""
from __future__ import annotations

import json
import random

import pytest
from tests.conftest import seeded

from cli import jobs
from solver.tricks import bidding
from solver.tricks.bidding import (
    Table,
    advise,
    advise_within,
    all_deals,
    contracts,
    counted_contracts,
    distributions,
    sample_deals,
    solve_contracts,
    solve_samples,
    unseen_cards,
    wilson,
)
from solver.tricks.deal import make_deal
from solver.tricks.rules import Rules
from solver.tricks.search import solve



def reduced_deal(rng: random.Random, size: int, widow: int):
    cards = rng.sample(range(36), 3 * size + widow)
    return make_deal([cards[:size], cards[size:2 * size], cards[2 * size:3 * size]],
                     cards[3 * size:], leader=rng.randint(1, 3))


def test_solve_contracts_agrees_with_solve(seed):
    rng = seeded(seed, "test_solve_contracts_agrees_with_solve")
    for _ in range(15):
        deal = reduced_deal(rng, 4, rng.randint(0, 3))
        seat = rng.randint(1, 3)
        table = Table(scoring=rng.choice(["foster", "straight-solo"]))
        got = solve_contracts(deal, seat, table)
        from solver.tricks.bidding import contracts
        assert got == [solve(deal, table.rules(n, seat, t)).bidder_points
                       for n, t in contracts(table.scoring)]


def test_all_deals_is_every_distribution_once(seed):
    rng = seeded(seed, "test_all_deals_is_every_distribution_once")
    deal = reduced_deal(rng, 3, 2)
    seen = {(d.hands, d.widow) for d in all_deals(deal, 2)}
    assert len(seen) == distributions(deal, 2) == 56 * 10  # C(8,3) x C(5,3)
    assert all(d.hands[1] == deal.hands[1] for d in all_deals(deal, 2))
    for d in sample_deals(deal, 2, 20, 3):
        assert d.hands[1] == deal.hands[1]
        assert sorted(unseen_cards(d, 2)) == sorted(unseen_cards(deal, 2))


def test_sampled_expectations_contain_the_exact_averages(seed):
    """Hands of 4-5 cards: every distribution of the unseen cards averaged exactly (solved
    by `solve`, which the search tests check against plain minimax) against 300 samples.
    A 95 % interval misses 1 time in 20, so up to 10 % of the intervals may miss, and
    none by more than twice its half-width."""
    rng = seeded(seed, "test_sampled_expectations_contain_the_exact_averages")
    intervals = misses = 0
    for size, widow in ((4, 1), (4, 1), (5, 0), (4, 0)):
        deal = reduced_deal(rng, size, widow)
        seat = rng.randint(1, 3)
        exact = advise(deal, seat, exact=True)
        sampled = advise(deal, seat, samples=300, seed=rng.randint(1, 10**6))
        for e, s in zip(exact.estimates, sampled.estimates):
            for truth, (low, high), centre in (
                    (e.p_make, s.p_make_ci, s.p_make),
                    (e.mean_points, s.mean_points_ci, s.mean_points),
                    (e.mean_payment, s.mean_payment_ci, s.mean_payment)):
                intervals += 1
                if not low - 1e-9 <= truth <= high + 1e-9:
                    misses += 1
                    half = max(high - centre, centre - low, 1e-9)
                    assert abs(truth - centre) <= 2 * half + 1e-9, (deal, seat, e, s)
    print(f"{misses} of {intervals} intervals missed the exact value")
    assert misses <= intervals // 10


def test_exact_average_by_hand_on_a_tiny_deal(seed):
    """The exact estimate is the plain average of `solve` over `all_deals`."""
    rng = seeded(seed, "test_exact_average_by_hand_on_a_tiny_deal")
    deal = reduced_deal(rng, 3, 1)
    advice = advise(deal, 1, exact=True)
    grand = Rules("grand", 1)
    totals = [solve(d, grand).bidder_points for d in all_deals(deal, 1)]
    e = [x for x in advice.estimates if x.contract == "grand"][0]
    assert e.samples == len(totals)
    assert e.mean_points == pytest.approx(sum(totals) / len(totals))
    assert e.p_make == pytest.approx(sum(t >= 60 for t in totals) / len(totals))


def test_jobs_do_not_change_the_answer(seed):
    rng = seeded(seed, "test_jobs_do_not_change_the_answer")
    deal = reduced_deal(rng, 5, 2)
    assert advise(deal, 2, samples=12, seed=4, jobs=1) == advise(deal, 2, samples=12, seed=4, jobs=2)


def test_a_node_budget_stops_the_same_samples_early(seed):
    # advise_within draws advise's samples in advise's order: with room for every sample it
    # gives advise's answer; with none, exactly its minimum, the first samples' figures.
    rng = seeded(seed, "test_a_node_budget_stops_the_same_samples_early")
    deal, seat, seed_ = reduced_deal(rng, 5, 2), rng.randint(1, 3), rng.randint(1, 10**6)
    choices = contracts(Table().scoring)
    whole = advise(deal, seat, samples=9, seed=seed_)
    assert advise_within(deal, seat, Table(), 9, seed_, choices, 10**12, 1) == whole
    cut = advise_within(deal, seat, Table(), 9, seed_, choices, 0, 3)
    assert cut == advise(deal, seat, samples=3, seed=seed_)
    assert all(e.samples == 3 for e in cut.estimates)


def test_counted_contracts_counts_every_search(seed):
    rng = seeded(seed, "test_counted_contracts_counts_every_search")
    deal = reduced_deal(rng, 4, 2)
    totals, nodes = counted_contracts(deal, 1, Table())
    assert totals == solve_contracts(deal, 1, Table()) and nodes > 0


def test_parts_fewer_than_the_deals_keep_each_row_with_its_deal(seed, monkeypatch):
    # Many small deals (--exact) go to the workers in at most MAX_PARTS parts, each part
    # every MAX_PARTS-th deal: the rows must come back in the deals' order.
    rng = seeded(seed, "test_parts_fewer_than_the_deals_keep_each_row_with_its_deal")
    deals = [reduced_deal(rng, 2, 1) for _ in range(17)]
    alone = solve_samples(deals, 3, Table(), jobs=1)
    monkeypatch.setattr(bidding, "MAX_PARTS", 5)
    assert solve_samples(deals, 3, Table(), jobs=2) == alone
    assert alone == [solve_contracts(d, 3, Table()) for d in deals]


def test_bid_uses_every_core_by_default(frog, monkeypatch):
    monkeypatch.setattr(jobs, "default_jobs", lambda: 3)
    code, out, _ = frog("tricks", "bid", "AH TH KH QH 9H 8H AC TC KS 7D 6D", "--seat", 1,
                        "--samples", 2)
    assert code == 0 and out.rstrip().endswith("(3 jobs)")


def test_recommendation_is_the_best_expected_payment_or_pass(seed):
    rng = seeded(seed, "test_recommendation_is_the_best_expected_payment_or_pass")
    for _ in range(5):
        advice = advise(reduced_deal(rng, 4, 1), rng.randint(1, 3), samples=20)
        best = max(e.mean_payment for e in advice.estimates)
        if best > 0:
            assert advice.recommended.mean_payment == best
        else:
            assert advice.recommended is None


def test_wilson_interval():
    low, high = wilson(0, 20)
    assert low == 0 and 0.15 < high < 0.17
    low, high = wilson(10, 20)
    assert low < 0.5 < high and high - 0.5 == pytest.approx(0.5 - low)



def test_bid_command_from_a_hand_and_from_a_deal(frog, capsys, tmp_path, seed):
    rng = seeded(seed, "test_bid_command_from_a_hand_and_from_a_deal")
    capsys.readouterr()
    code, out, _ = frog("tricks", "bid", "AH TH KH QH 9H 8H AC TC KS 7D 6D", "--seat", 1,
                       "--samples", 3, "--seed", 9)
    assert code == 0 and "seed 9" in out and "recommended:" in out and "double-dummy" in out
    deal = tmp_path / "deal.txt"
    deal.write_text(reduced_deal(rng, 4, 1).to_text())
    code, out, _ = frog("tricks", "bid", deal, "--seat", 2, "--exact", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["exact"] and answer["samples"] == 630
    assert [c["contract"] for c in answer["contracts"]] == ["frog", "chico", "chico", "chico",
                                                            "grand"]
    assert answer["recommended"]["bid"] in ("pass", "frog", "chico", "grand")
    assert all(c["mean_points_ci"] == [c["mean_points"]] * 2 for c in answer["contracts"])


@pytest.mark.parametrize("argv, message", [
    (["bid", "AH TH KH", "--seat", "1"], "11 different cards"),
    (["bid", "AH TH KH QH 9H 8H AC TC KS 7D ZZ", "--seat", "1"], "unknown card 'ZZ'"),
    (["bid", "AH AH KH QH 9H 8H AC TC KS 7D 6D", "--seat", "1"], "11 different cards"),
    (["bid", "17", "--seat", "1", "--samples", "1"], "--samples must be at least 2"),
    (["bid", "no-such-deal.txt", "--seat", "1"], "cannot read no-such-deal.txt"),
    (["bid", "17", "--seat", "1", "--exact"], "--exact would solve"),
    (["bid", "17", "--seat", "1", "--players", "7"], "3 to 5 under foster"),
    (["bid", "17", "--seat", "1", "--jobs", "0"], "--jobs must be from 1 to 256, not 0"),
    (["auction", "17", "--jobs", "two"], "--jobs must be a whole number of processes"),
])
def test_bid_bad_input_is_one_line_and_exit_2(frog, argv, message):
    code, _, err = frog("tricks", *argv)
    assert code == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err
