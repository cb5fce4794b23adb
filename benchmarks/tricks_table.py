"""How strongly the computer plays Frog at the table: self-play of numbered deals.

For each deal: (A) the sampling player at every seat bids, lays away and plays the hand
(its decision times are measured, CPU seconds of this process); the contract is then also
solved double dummy, and the bidder's points in A are compared with that value. On the
same deal and contract (A's auction): (B) the sampling player as bidder against the rule
player's defence, and (C) the rule player as bidder (its own discard) against the sampling
player's defence: the same deals with the roles swapped. B minus C is the sampling player's
gain over the rule player, in card points, from both roles together.

Every hand is one JSON line appended to --out as soon as it is played, so an interrupted run
continues where it stopped (deals already in the file are skipped); --report only prints
the summary of the file: Wilson 95 % intervals for proportions, normal ones for means.

    python benchmarks/tricks_table.py --hands 1000 --out benchmarks/results/tricks_table.jsonl
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from solver.survey import print_provenance
from solver.tricks.bidding import wilson
from solver.tricks.deal import deal_from_number
from solver.tricks.players import Choice, decision_seed, play_out, rule_player, sampling_player
from solver.tricks.rules import Table
from solver.tricks.seat import SeatView
from solver.tricks.search import load_kernel, solve
from solver.tricks.table import AUCTION, Hand

Z95 = 1.959963984540054


def timed(times: dict[str, list[float]], **budget: int):
    """The sampling player (with `budget`, its keyword arguments: card_samples=...),
    recording each decision's CPU seconds by kind."""
    def player(view: SeatView, seed: int) -> Choice:
        started = time.process_time()
        choice = sampling_player(view, seed, **budget)
        kind = {"auction": "bid", "discard": "discard"}.get(view.phase, "card")
        if choice.samples:  # a forced card or a pass with nothing to bid costs nothing
            times.setdefault(kind, []).append(time.process_time() - started)
        return choice
    return player


def after_auction(deal, table: Table, played: Hand) -> Hand:
    """A fresh hand of `deal` with the calls of `played` made again."""
    hand = Hand(deal, table)
    for text in played.actions:
        if hand.phase != AUCTION:
            break
        hand.act(text)
    return hand


def play_deal(number: int, table: Table, seed: int) -> dict:
    deal = deal_from_number(number)
    times: dict[str, list[float]] = {}
    sampler = timed(times)
    a = Hand(deal, table)
    play_out(a, {1: sampler, 2: sampler, 3: sampler}, seed)
    row: dict = {"deal": number, "calls": a.call_names(), "times": times}
    if a.rules is None:
        return {**row, "contract": None}
    rules = a.rules
    row.update(contract=rules.contract, trump=rules.trump_name, bidder=rules.bidder,
               a=a.bidder_points, dd=solve(deal, rules).bidder_points)
    for name, bidder_player, defender_player in (("b", sampling_player, rule_player),
                                                 ("c", rule_player, sampling_player)):
        hand = after_auction(deal, table, a)
        players = {s: bidder_player if s == rules.bidder else defender_player for s in (1, 2, 3)}
        play_out(hand, players, seed)
        row[name] = hand.bidder_points
    return row


def mean_interval(values: list[float]) -> str:
    if len(values) < 2:
        return f"{values[0] if values else float('nan'):+.2f} (n={len(values)})"
    mean, sd = statistics.mean(values), statistics.stdev(values)
    half = Z95 * sd / math.sqrt(len(values))
    return f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}] (sd {sd:.1f}, n={len(values)})"


def proportion(successes: int, n: int) -> str:
    low, high = wilson(successes, n)
    return f"{successes}/{n} = {successes / n:.3f} [{low:.3f}, {high:.3f}]" if n else "0/0"


def report(rows: list[dict], table: Table) -> list[str]:
    played = [r for r in rows if r["contract"]]
    target = table.target
    lines = [f"hands {len(rows)}: {len(played)} played, {len(rows) - len(played)} thrown in"]
    if played:
        lines += [
            "bidder's points minus the double-dummy value, all seats sampling (A - DD): "
            + mean_interval([r["a"] - r["dd"] for r in played]),
            "contracts made, all seats sampling (A): "
            + proportion(sum(r["a"] >= target for r in played), len(played)),
            "contracts made double dummy (DD): "
            + proportion(sum(r["dd"] >= target for r in played), len(played)),
            "contracts made, sampling bidder vs rule defenders (B): "
            + proportion(sum(r["b"] >= target for r in played), len(played)),
            "contracts made, rule bidder vs sampling defenders (C): "
            + proportion(sum(r["c"] >= target for r in played), len(played)),
            "sampling player's gain over the rule player, both roles (B - C, card points): "
            + mean_interval([r["b"] - r["c"] for r in played]),
            "sampling bidder's points against rule defenders minus against sampling ones "
            "(B - A): " + mean_interval([r["b"] - r["a"] for r in played]),
            "rule bidder's points minus sampling bidder's, both against sampling defenders "
            "(C - A): " + mean_interval([r["c"] - r["a"] for r in played]),
            "contracts: " + ", ".join(f"{name} {sum(r['contract'] == name for r in played)}"
                                      for name in ("frog", "chico", "grand")),
        ]
    for kind in ("card", "bid", "discard"):
        spent = sorted(t for r in rows for t in r["times"].get(kind, []))
        if spent:
            lines.append(f"{kind} decisions: n={len(spent)}, median {statistics.median(spent):.3f} s, "
                         f"99th percentile {spent[int(0.99 * (len(spent) - 1))]:.3f} s, "
                         f"max {spent[-1]:.3f} s CPU")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="deals to play (default 1000)")
    parser.add_argument("--first", type=int, default=1, help="the first deal number")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop starting hands after this long (a partial run)")
    parser.add_argument("--out", default="benchmarks/results/tricks_table.jsonl")
    parser.add_argument("--report", action="store_true", help="only summarise --out")
    args = parser.parse_args()
    table = Table()
    deals = range(args.first, args.first + args.hands)

    def play(number: int) -> dict:
        row = play_deal(number, table, decision_seed(args.seed, number))
        print(f"deal {number}: {row['calls']} A {row.get('a')} DD {row.get('dd')} "
              f"B {row.get('b')} C {row.get('c')}", flush=True)
        return row

    print_provenance()
    rows = played_rows(Path(args.out), deals, None if args.report else play, args.minutes)
    print("\n".join(report(rows, table)))


def played_rows(out: Path, deals: range, play: Callable[[int], dict] | None,
                minutes: float | None = None) -> list[dict]:
    """The rows of `deals` in `out` (one JSON line a deal), after `play`ing (unless None)
    every deal not in it yet, each row appended as soon as it is played, so that an
    interrupted run continues where it stopped; no deal is started after `minutes`."""
    rows = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    if play is not None:
        done = {r["deal"] for r in rows}
        load_kernel()
        started = time.monotonic()
        for number in deals:
            if number in done:
                continue
            if minutes is not None and time.monotonic() - started > 60 * minutes:
                break
            rows.append(play(number))
            with out.open("a") as handle:
                handle.write(json.dumps(rows[-1]) + "\n")
    return [r for r in rows if r["deal"] in deals]

if __name__ == "__main__":
    main()
