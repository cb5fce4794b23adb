"""What a smaller sampling budget costs the computer at the table, in card points.

For each deal the default players (solver/tricks/players.py) hold the auction. From the
contract they reach, the rest of the hand (the frog's discard and the eleven tricks) is
played three ways with the same seed: (A) the default player at every seat; (Bk) a player
drawing k samples per card and per discard as the bidder, default defenders; (Dk) the
default bidder against defenders drawing k samples. A - Bk is what the cheaper budget
costs a bidder, Dk - A what it gives away in defence, both paired on the same deals, with
normal 95 % intervals; the cheaper player's card times are reported beside them (CPU
seconds of this process, cards only). A bid's budget is measured apart: how often the
opening seat's bid with k samples is the one it makes with BID_REFERENCE samples (each
with the default node budget, the reference without).

Every deal is one JSON line appended to --out as soon as it is played, so an interrupted run
continues where it stopped; --report only prints the summary of the file.

    python benchmarks/tricks_budget.py --hands 200 --first 5001 --budgets 8 20
"""
from __future__ import annotations

import argparse
from pathlib import Path

from tricks_table import after_auction, mean_interval, played_rows, proportion, timed

from solver.survey import print_provenance
from solver.tricks.deal import deal_from_number
from solver.tricks.players import (BID_SAMPLES, CARD_SAMPLES, choose_bid,
                                   decision_seed, play_out, sampling_player)
from solver.tricks.rules import Table
from solver.tricks.seat import SeatView
from solver.tricks.table import AUCTION, Hand

#: The bid a budget's bid is compared with: four times the default's samples, all drawn
#: (no node budget).
BID_REFERENCE = 4 * BID_SAMPLES
UNLIMITED = 10**15


def play_deal(number: int, table: Table, seed: int, budgets: list[int]) -> dict:
    deal = deal_from_number(number)
    auction = Hand(deal, table)
    opening = SeatView.of(auction, auction.to_act)
    opening_seed = decision_seed(seed, 0)
    reference = choose_bid(opening, BID_REFERENCE, opening_seed, UNLIMITED).action
    row: dict = {"deal": number, "bids": {str(k): choose_bid(opening, k, opening_seed).action
                                          for k in budgets + [BID_SAMPLES]},
                 "reference_bid": reference}
    while auction.phase == AUCTION and auction.to_act is not None:
        seat = auction.to_act
        auction.act(sampling_player(SeatView.of(auction, seat),
                                    decision_seed(seed, len(auction.actions))).action)
    row["calls"] = auction.call_names()
    if auction.rules is None:
        return {**row, "contract": None}
    rules = auction.rules
    default = sampling_player
    a = after_auction(deal, table, auction)
    play_out(a, {s: default for s in (1, 2, 3)}, seed)
    row.update(contract=rules.contract, bidder=rules.bidder, a=a.bidder_points, times={})
    for k in budgets:
        times: dict[str, list[float]] = {}
        cheap = timed(times, card_samples=k, discard_samples=k)
        for name, bidder, defender in ((f"b{k}", cheap, default), (f"d{k}", default, cheap)):
            hand = after_auction(deal, table, auction)
            play_out(hand, {s: bidder if s == rules.bidder else defender for s in (1, 2, 3)},
                     seed)
            row[name] = hand.bidder_points
        row["times"][str(k)] = times.get("card", [])
    return row


def report(rows: list[dict], budgets: list[int], target: int) -> list[str]:
    played = [r for r in rows if r["contract"]]
    lines = [f"hands {len(rows)}: {len(played)} played, {len(rows) - len(played)} thrown in",
             "contracts made by the default bidder against default defenders (A): "
             + proportion(sum(r["a"] >= target for r in played), len(played))]
    for k in budgets:
        key = str(k)
        mine = [r for r in played if f"b{k}" in r]
        spent = sorted(t for r in mine for t in r["times"][key])
        lines += [
            f"{k} samples a card: bidder's points lost against the default (A - B{k}): "
            + mean_interval([r["a"] - r[f"b{k}"] for r in mine]),
            f"{k} samples a card: points given away in defence (D{k} - A): "
            + mean_interval([r[f"d{k}"] - r["a"] for r in mine]),
            f"{k} samples a card: contracts made as bidder (B{k}) "
            + proportion(sum(r[f"b{k}"] >= target for r in mine), len(mine))
            + f"; as defenders, contracts let through (D{k}) "
            + proportion(sum(r[f"d{k}"] >= target for r in mine), len(mine)),
        ]
        if spent:
            lines.append(f"{k} samples a card: card decisions n={len(spent)}, median "
                         f"{spent[len(spent) // 2]:.3f} s, max {spent[-1]:.3f} s CPU")
    for k in budgets + [BID_SAMPLES]:
        same = sum(r["bids"][str(k)] == r["reference_bid"] for r in rows)
        lines.append(f"opening bid with {k} samples the same as with {BID_REFERENCE}: "
                     + proportion(same, len(rows)))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="deals to play (default 200)")
    parser.add_argument("--first", type=int, default=5001,
                        help="the first deal number (default 5001, beyond the table benchmark)")
    parser.add_argument("--budgets", type=int, nargs="+", default=[8, 20],
                        help=f"samples per card to compare with the default {CARD_SAMPLES}")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="benchmarks/results/tricks_budget.jsonl")
    parser.add_argument("--report", action="store_true", help="only summarise --out")
    args = parser.parse_args()
    table = Table()

    def play(number: int) -> dict:
        row = play_deal(number, table, decision_seed(args.seed, number), args.budgets)
        print(f"deal {number}: {row['calls']} A {row.get('a')} "
              + " ".join(f"B{k} {row.get(f'b{k}')} D{k} {row.get(f'd{k}')}"
                         for k in args.budgets), flush=True)
        return row

    print_provenance()
    rows = played_rows(Path(args.out), range(args.first, args.first + args.hands),
                       None if args.report else play)
    print("\n".join(report(rows, args.budgets, table.target)))

if __name__ == "__main__":
    main()
