"""The auction of the sources, every seat bidding on the advice of its own 11 cards.

Foster's Hoyle (1909): one round of bidding from eldest; each player passes or names
a game higher than any named so far, frog < chico < grand; a player who named frog and is
overcalled by chico may at once raise to grand, and otherwise is out; the highest game
named is played, exactly that one. Our readings where the sources are silent (documented
in docs/tricks.md): a chico names its trump with the bid; the raise comes before the next
player speaks; when all three pass the deal is thrown in.

A seat's strategy is `bidding.advise` on its own hand, asked only about the contracts it
may still bid: it names the one with the highest expected payment if that is above 0
(passing pays 0), and a frog bidder overcalled by chico raises to grand when the grand's
expected payment is above 0. No seat looks ahead to being overcalled.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from solver.tricks.bidding import Advice, Estimate, advise, contracts
from solver.tricks.cards import SUIT_NAMES
from solver.tricks.deal import Deal
from solver.tricks.rules import Table
from solver.tricks.sampling import DEFAULT_SAMPLES, DEFAULT_SEED
from solver.tricks.search import Solution, solve

LEVEL = {"frog": 0, "chico": 1, "grand": 2}


@dataclass(frozen=True)
class Call:
    """One call of the auction: a seat's bid (or pass) and the expectation it rests on."""

    seat: int
    bid: str  # "pass", "frog", "chico", "grand"
    trump: int | None
    expected: float | None  # expected payment of the bid, from the seat's own advice
    raised: bool = False  # a frog bidder's raise to grand after a chico overcall

    @property
    def name(self) -> str:
        if self.bid == "chico" and self.trump is not None:
            return f"chico {SUIT_NAMES[self.trump]}"
        return self.bid


@dataclass(frozen=True)
class Auction:
    """The calls in order, each seat's advice, and the contract played (None: thrown in)."""

    calls: list[Call]
    advice: dict[int, Advice]
    winner: Call | None
    solution: Solution | None


def best_above(advice: Advice, level: int) -> Estimate | None:
    """The seat's best contract above `level` with a positive expected payment."""
    options = [e for e in advice.estimates if LEVEL[e.contract] > level and e.mean_payment > 0]
    return max(options, key=lambda e: e.mean_payment, default=None)


def run_auction(deal: Deal, table: Table = Table(), samples: int = DEFAULT_SAMPLES,
                seed: int = DEFAULT_SEED, jobs: int = 1,
                progress: Callable[[int, int, int], None] | None = None) -> Auction:
    """Bid round the table from eldest, then play the winning contract double dummy.

    Seat s samples with seed `seed + s - 1`, so every seat's advice can be reproduced
    with `frog tricks bid ... --seat s --seed` and the same number of samples.
    """
    calls: list[Call] = []
    advice: dict[int, Advice] = {}
    level, holder = -1, None  # the highest game named so far and its call
    for seat in (1, 2, 3):
        allowed = [c for c in contracts(table.scoring) if LEVEL[c[0]] > level]
        if not allowed:
            calls.append(Call(seat, "pass", None, None))
            continue
        report = (lambda done, total, seat=seat: progress(seat, done, total)) if progress else None
        advice[seat] = advise(deal, seat, table, samples, seed + seat - 1, jobs, choices=allowed,
                              progress=report)
        choice = best_above(advice[seat], level)
        if choice is None:
            calls.append(Call(seat, "pass", None, None))
            continue
        overcalled = holder
        holder = Call(seat, choice.contract, choice.trump, choice.mean_payment)
        calls.append(holder)
        level = LEVEL[choice.contract]
        if overcalled is not None and overcalled.bid == "frog" and choice.contract == "chico":
            grand = [e for e in advice[overcalled.seat].estimates if e.contract == "grand"]
            if grand and grand[0].mean_payment > 0:
                holder = Call(overcalled.seat, "grand", grand[0].trump, grand[0].mean_payment,
                              raised=True)
                calls.append(holder)
                level = LEVEL["grand"]
    if holder is None:
        return Auction(calls, advice, None, None)
    rules = table.rules(holder.bid, holder.seat, holder.trump)
    return Auction(calls, advice, holder, solve(deal, rules))
