"""Bidding advice from one hand: what each contract is worth when the unseen cards are dealt
at random, and the bid that maximises the expected payment.

Before the auction a player holds 11 cards and sees nothing else. We deal the 25 unseen
cards at random (the other two hands and the widow) many times, solve every contract the
seat may bid double dummy on each sample (`frog` with its best discard, each `chico` trump,
`grand`) and average. The sampling is seeded, so an answer can be reproduced exactly.

Double-dummy values assume all three players see every card. A real declarer does not, so
the figures overstate the bidder (and the defenders' play too, which partly offsets it);
read them as an upper estimate, not a promise.
"""
from __future__ import annotations

import math
import multiprocessing
import random
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import combinations

from solver.tricks.cards import sort_hand
from solver.tricks.deal import Deal, make_deal
from solver.tricks.rules import Rules, Table
from solver.tricks.sampling import DEFAULT_SAMPLES, DEFAULT_SEED
from solver.tricks.search import (Searcher, discard_and_play_points, hand_masks, load_kernel,
                                  scoring_contracts)

Z95 = 1.959963984540054  # two-sided 95 % normal quantile
MAX_PARTS = 1000  # parts of the deals handed to worker processes (see `solve_samples`)


@dataclass(frozen=True)
class Estimate:
    """One contract's figures over the samples (or over every distribution when exact)."""

    contract: str
    trump: int
    samples: int
    p_make: float
    p_make_ci: tuple[float, float]
    mean_points: float
    sd_points: float
    mean_points_ci: tuple[float, float]
    mean_payment: float
    sd_payment: float
    mean_payment_ci: tuple[float, float]

    @property
    def name(self) -> str:
        from solver.tricks.cards import SUIT_NAMES
        return f"chico {SUIT_NAMES[self.trump]}" if self.contract == "chico" else self.contract


@dataclass(frozen=True)
class Advice:
    """Every contract's estimate, and the recommended bid (None: pass)."""

    seat: int
    hand: list[int]
    seed: int | None
    estimates: list[Estimate]
    exact: bool = False

    @property
    def recommended(self) -> Estimate | None:
        """The contract with the highest expected payment, if above 0 (passing pays 0)."""
        best = max(self.estimates, key=lambda e: e.mean_payment, default=None)
        return best if best is not None and best.mean_payment > 0 else None


def contracts(scoring: str) -> list[tuple[str, int]]:
    """The contracts a seat may bid under a scoring set: frog, each chico trump, grand."""
    return scoring_contracts(scoring)


def bidder_points(deal: Deal, rules: Rules, searcher: Searcher) -> int:
    """The double-dummy total of one contract, without the line `solve` adds.

    The searcher's tables may be reused from deal to deal: a table key is the whole
    position (three hands and the leader), so an entry from another deal is still true.
    """
    if rules.contract == "frog":
        discard, play = discard_and_play_points(deal, rules, searcher)
        return deal.banked(rules.contract, discard) + play
    hands = hand_masks(deal, rules, [])
    return deal.banked(rules.contract) + searcher.value(hands, deal.leader, [])


def unseen_cards(deal: Deal, seat: int) -> list[int]:
    """What the seat cannot see: the other two hands and the widow."""
    others = [c for s, h in enumerate(deal.hands) if s != seat - 1 for c in h]
    return sort_hand(others + list(deal.widow))


def hand_deal(hand: list[int], seat: int) -> Deal:
    """A full deal with `hand` at `seat` and the other 25 cards in some fixed order; only
    its unseen cards and sizes matter to `advise`."""
    rest = [c for c in range(36) if c not in hand]
    others = [rest[:11], rest[11:22]]
    hands = [others.pop(0) if s != seat - 1 else list(hand) for s in range(3)]
    return make_deal(hands, rest[22:])


def redeal(deal: Deal, seat: int, unseen: list[int]) -> Deal:
    """`deal` with the unseen cards given, in order, to the other seats and the widow."""
    size = deal.hand_size
    hands, at = [], 0
    for s in range(3):
        if s == seat - 1:
            hands.append(list(deal.hands[s]))
        else:
            hands.append(unseen[at:at + size])
            at += size
    return make_deal(hands, unseen[at:], deal.leader, deal.taken)


def sample_deals(deal: Deal, seat: int, samples: int, seed: int) -> list[Deal]:
    """`samples` deals with the seat's hand kept and the unseen cards shuffled (seeded)."""
    rng = random.Random(seed)
    pool = unseen_cards(deal, seat)
    deals = []
    for _ in range(samples):
        rng.shuffle(pool)
        deals.append(redeal(deal, seat, pool))
    return deals


def all_deals(deal: Deal, seat: int) -> Iterator[Deal]:
    """Every distribution of the unseen cards (each equally likely): for exact averages
    on reduced deals."""
    pool = unseen_cards(deal, seat)
    size = deal.hand_size
    for first in combinations(pool, size):
        rest = [c for c in pool if c not in first]
        for second in combinations(rest, size):
            widow = [c for c in rest if c not in second]
            yield redeal(deal, seat, list(first) + list(second) + widow)


def distributions(deal: Deal, seat: int) -> int:
    """How many distributions of the unseen cards `all_deals` yields."""
    pool = len(unseen_cards(deal, seat))
    size = deal.hand_size
    return math.comb(pool, size) * math.comb(pool - size, size)


Choice = tuple[str, int]  # a contract and its trump suit


def _solve_chunk(job: tuple[list[Deal], int, Table, list[Choice]]) -> list[list[int]]:
    """Bidder's points for every contract on each deal (one worker's share)."""
    deals, seat, table, choices = job
    return [solve_contracts(d, seat, table, choices) for d in deals]


def solve_contracts(deal: Deal, seat: int, table: Table,
                    choices: list[Choice] | None = None) -> list[int]:
    """The seat's double-dummy total in each contract of `choices` (default: every one
    the scoring set allows, see `contracts`), in that order.

    Fresh tables for each deal and contract: tables reused from deal to deal stay correct
    (a key is a whole position) but measured slower, stale entries crowding the slots;
    starting the frog's discard search from the grand's value (the frog bidder may
    discard the widow again) measured no faster either.
    """
    return counted_contracts(deal, seat, table, choices)[0]


def counted_contracts(deal: Deal, seat: int, table: Table,
                      choices: list[Choice] | None = None) -> tuple[list[int], int]:
    """`solve_contracts`'s totals, and the nodes their searches took."""
    totals, nodes = [], 0
    for name, trump in choices or contracts(table.scoring):
        rules = table.rules(name, seat, trump)
        searcher = Searcher(rules)
        totals.append(bidder_points(deal, rules, searcher))
        nodes += searcher.nodes
    return totals, nodes


def solve_samples(deals: list[Deal], seat: int, table: Table, jobs: int = 1,
                  choices: list[Choice] | None = None,
                  progress: Callable[[int, int], None] | None = None) -> list[list[int]]:
    """Rows of bidder's points, one per deal, one column per contract of `choices`.

    With `jobs` > 1 the deals are split among worker processes; the result does not
    depend on `jobs` (each value is exact, whatever table it was found with). `progress`
    is called with (deals solved, deals) as parts finish, for a long run's display.
    """
    # With workers, one deal a part: the pool hands parts out as workers free up, so they
    # finish within one deal of each other (10 parts of 20 deals could leave one idle for
    # a part's time at the end); but at most MAX_PARTS, so that --exact's many small deals
    # do not each pay a trip to a worker. Alone, 10 parts, for the progress display.
    chunks = min(len(deals), MAX_PARTS) if jobs > 1 else max(1, min(len(deals), 10))
    parts = [(deals[i::chunks], seat, table, choices or []) for i in range(chunks)]
    results: list[list[list[int]]] = []

    def collect(finished: Iterator[list[list[int]]]) -> None:
        for part in finished:
            results.append(part)
            if progress is not None:
                progress(sum(len(r) for r in results), len(deals))

    if jobs <= 1 or len(deals) < 2:
        collect(map(_solve_chunk, parts))
    else:
        load_kernel()
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            collect(pool.map(_solve_chunk, parts))
    rows: list[list[int]] = [[] for _ in deals]
    for i, part in enumerate(results):
        for j, row in enumerate(part):
            rows[i + j * chunks] = row
    return rows


def advise(deal: Deal, seat: int, table: Table = Table(), samples: int = DEFAULT_SAMPLES,
           seed: int = DEFAULT_SEED, jobs: int = 1, exact: bool = False,
           choices: list[Choice] | None = None,
           progress: Callable[[int, int], None] | None = None) -> Advice:
    """Estimate every contract for `seat`, whose hand is the deal's; the rest is unseen.

    `choices` limits the contracts estimated (the auction asks only about the contracts a
    seat may still bid).

    `exact` averages over every distribution of the unseen cards instead of samples
    (only sensible for reduced deals: 11-card hands have about 10^13 of them).
    """
    deals = list(all_deals(deal, seat)) if exact else sample_deals(deal, seat, samples, seed)
    choices = choices or contracts(table.scoring)
    rows = solve_samples(deals, seat, table, jobs, choices, progress)
    return _advice(deal, seat, table, None if exact else seed, choices, rows, exact)


def advise_within(deal: Deal, seat: int, table: Table, samples: int, seed: int,
                  choices: list[Choice], max_nodes: int, min_samples: int) -> Advice:
    """`advise` in this process for the contracts of `choices`, drawing the same samples
    in the same order but stopping once their searches have spent `max_nodes` nodes (after
    at least `min_samples`): a bid at the table must come within a few seconds, and a node
    budget, unlike a clock, gives the same answer on every run and every machine."""
    rows: list[list[int]] = []
    spent = 0
    for sample in sample_deals(deal, seat, samples, seed):
        if len(rows) >= min_samples and spent >= max_nodes:
            break
        totals, nodes = counted_contracts(sample, seat, table, choices)
        rows.append(totals)
        spent += nodes
    return _advice(deal, seat, table, seed, choices, rows)


def _advice(deal: Deal, seat: int, table: Table, seed: int | None, choices: list[Choice],
            rows: list[list[int]], exact: bool = False) -> Advice:
    """The Advice of `rows` (one per deal, one column per contract of `choices`)."""
    estimates = []
    for column, (name, trump) in enumerate(choices):
        rules = table.rules(name, seat, trump)
        estimates.append(estimate(rules, [row[column] for row in rows], exact))
    return Advice(seat, list(deal.hands[seat - 1]), seed, estimates, exact)


def estimate(rules: Rules, points: list[int], exact: bool = False) -> Estimate:
    """Means, spreads and 95 % intervals of one contract's sampled totals.

    P(make) has a Wilson score interval (sound near 0 and 1); the means have normal
    intervals (mean +- 1.96 standard errors), fair for the hundreds of samples used.
    An `exact` average (every distribution) has no sampling error: its intervals are
    the values themselves.
    """
    n = len(points)
    payments = [rules.payment(p) for p in points]
    made = sum(rules.verdict(p) == "made" for p in points)
    mean_p, sd_p = _mean_sd(points)
    mean_pay, sd_pay = _mean_sd(payments)
    if exact:
        return Estimate(rules.contract, rules.trump, n, made / n, (made / n, made / n),
                        mean_p, sd_p, (mean_p, mean_p), mean_pay, sd_pay, (mean_pay, mean_pay))
    return Estimate(rules.contract, rules.trump, n, made / n, wilson(made, n),
                    mean_p, sd_p, _interval(mean_p, sd_p, n),
                    mean_pay, sd_pay, _interval(mean_pay, sd_pay, n))


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _mean_sd(values: list[int]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var)


def _interval(mean: float, sd: float, n: int, z: float = Z95) -> tuple[float, float]:
    half = z * sd / math.sqrt(n) if n else math.inf
    return (mean - half, mean + half)
