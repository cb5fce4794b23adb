"""What each reduction of the search is worth, in nodes: all on, then each one switched off.

Three deal sets:
  small   random 2-deck games of A-5 with one waste pile and a reserve of 4, forced and
          optional play, decided completely: about half are lost, so node counts compare
          whole searches, loss proofs included;
  medium  the same with A-6 and two waste piles (all wins so far: how fast they are found);
  full    `frog` deals 1..N with restarts, at a node limit: how many get decided.

    python benchmarks/rule_effects.py [--small 200] [--medium 60] [--full 40] [--max-nodes 1e6]

Prints one table per set; the figures quoted in the README come from this script.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from solver.patience.cards import Card
from solver.patience.deal import deal_from_deck, deal_from_number
from solver.patience.rules import Rules, variant_rules
from solver.answer import Limits
from solver.patience.search import solve
from solver.patience.search import RULE_SWITCHES, warm_up
from solver.survey import print_provenance

CONFIGURATIONS = [("all reductions", ())] + [(f"without {name}", (name,)) for name in RULE_SWITCHES]


def reduced_games(count: int, ranks: int, piles: int, reserve: int) -> list:
    """Random 2-deck games of A..ranks, half forced and half optional, dealt as `frog`."""
    rng = random.Random(2026)
    games = []
    for i in range(count):
        rules = Rules("frog", ranks=ranks, waste_piles=piles, reserve_size=reserve,
                      stock_play="forced" if i % 2 == 0 else "optional")
        deck = [Card(rank, suit) for _ in range(2) for suit in "CDHS"
                for rank in range(1, ranks + 1)]
        rng.shuffle(deck)
        games.append(deal_from_deck(rules, deck))
    return games


def measure(deals: list, limits: Limits, disabled: tuple[str, ...], restarts: bool) -> dict:
    nodes, decided, wins, seconds = [], 0, 0, 0.0
    for deal in deals:
        result = solve(deal, limits, restarts=restarts, disabled=disabled)
        nodes.append(result.nodes)
        decided += result.verdict != "unknown"
        wins += result.verdict == "winnable"
        seconds += result.seconds
    return {"decided": decided, "wins": wins, "total_nodes": sum(nodes),
            "median_nodes": statistics.median(nodes), "seconds": seconds,
            "rate": sum(nodes) / seconds if seconds else 0.0}


def print_table(title: str, deals: list, limits: Limits, restarts: bool) -> None:
    print(f"\n{title}: {len(deals)} deals, node limit {limits.max_nodes:,} per deal, "
          f"restarts {'on' if restarts else 'off'}")
    print(f"{'configuration':<22} {'decided':>8} {'wins':>6} {'total nodes':>14} "
          f"{'median nodes':>13} {'seconds':>8} {'nodes/s':>10}")
    for label, disabled in CONFIGURATIONS:
        row = measure(deals, limits, disabled, restarts)
        print(f"{label:<22} {row['decided']:>8} {row['wins']:>6} {row['total_nodes']:>14,} "
              f"{row['median_nodes']:>13,.0f} {row['seconds']:>8.1f} {row['rate']:>10,.0f}",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--small", type=int, default=200, help="number of small games")
    parser.add_argument("--medium", type=int, default=60, help="number of medium games")
    parser.add_argument("--full", type=int, default=40, help="frog deals 1..N")
    parser.add_argument("--max-nodes", type=float, default=1e6, help="node limit per deal")
    args = parser.parse_args()
    print_provenance()
    warm_up()
    limits = Limits(max_nodes=int(args.max_nodes), memory=1 << 26)
    started = time.perf_counter()
    if args.small:
        print_table("small games: 2 decks of A-5, 1 waste pile, reserve 4 (many lost)",
                    reduced_games(args.small, 5, 1, 4), limits, restarts=False)
    if args.medium:
        print_table("medium games: 2 decks of A-6, 2 waste piles, reserve 4",
                    reduced_games(args.medium, 6, 2, 4), limits, restarts=False)
    if args.full:
        full = [deal_from_number(variant_rules("frog"), n) for n in range(1, args.full + 1)]
        print_table("frog deals", full, limits, restarts=True)
    print(f"\n(total {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
