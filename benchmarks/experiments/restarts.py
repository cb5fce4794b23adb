"""How fast restart budgets should grow: decided deals and CPU per growth factor.

Each restart of the search has a budget of 1000 x growth^k nodes (solver/patience/search/driver.py).
For every deal range and growth factor this decides the deals at a fixed node limit and
prints the number won, the nodes and the CPU seconds; then it decides small random games
(2 decks of A-5, one waste pile, reserve 4; about half are lost) completely, to check that
a slower growth does not make loss proofs dearer.

    python benchmarks/experiments/restarts.py [--growth 1.05 1.02 1.01] [--max-nodes 1e6]
        [--sets frog:2001-2150 pysol-frog:2001-2150 ...] [--small 200]

The figures quoted in solver/patience/search/driver.py and the README come from this script
(benchmarks/results/restarts.txt).
"""
from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: rule_effects
from rule_effects import reduced_games  # noqa: E402

from solver.answer import Limits
from solver.patience import Deal, deal_from_number, variant_rules
from solver.patience.search import solve, warm_up
from solver.survey import print_provenance

DEFAULT_SETS = ["frog:2001-2150", "frog:2151-2300", "pysol-frog:2001-2150",
                "fanny:1001-1150", "sir-tommy:501-650"]


def tally(deals: Iterable[Deal], limits: Limits, growth: float) -> str:
    """Won, lost, nodes and CPU seconds of deciding the deals with one growth factor."""
    won = lost = nodes = 0
    start = time.process_time()
    for deal in deals:
        result = solve(deal, limits, growth=growth)
        won += result.verdict == "winnable"
        lost += result.verdict == "unwinnable"
        nodes += result.nodes
    cpu = time.process_time() - start
    return f"{won:>5} {lost:>5} {nodes:>14,} {cpu:>8.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--growth", type=float, nargs="+", default=[1.05, 1.02, 1.01])
    parser.add_argument("--max-nodes", type=float, default=1e6)
    parser.add_argument("--sets", nargs="+", default=DEFAULT_SETS,
                        help="VARIANT:FIRST-LAST deal ranges")
    parser.add_argument("--small", type=int, default=200, help="small random games (0: none)")
    args = parser.parse_args()
    print_provenance()
    warm_up()
    limits = Limits(max_nodes=int(args.max_nodes), memory=1 << 28)
    print(f"node limit {limits.max_nodes:,} per deal; CPU seconds of one process")
    print(f"{'deals':<22} {'growth':>6} {'won':>5} {'lost':>5} {'nodes':>14} {'cpu s':>8}")
    for spec in args.sets:
        variant, numbers = spec.split(":")
        first, last = (int(x) for x in numbers.split("-"))
        rules = variant_rules(variant)
        for growth in args.growth:
            deals = (deal_from_number(rules, number) for number in range(first, last + 1))
            print(f"{spec:<22} {growth:>6} {tally(deals, limits, growth)}", flush=True)
    if args.small:
        games = reduced_games(args.small, ranks=5, piles=1, reserve=4)
        label = f"small A-5 x{args.small}"
        for growth in args.growth:  # decided completely: no node limit
            line = tally(games, Limits(memory=1 << 26), growth)
            print(f"{label:<22} {growth:>6} {line}", flush=True)


if __name__ == "__main__":
    main()
