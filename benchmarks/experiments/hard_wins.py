"""Hard wins: do N parallel restart sequences win deals that one sequence leaves unknown?

The deals are the ones the one-core search left unknown at 60 s (52-68 M nodes each) in the
one-core targets run of commit e910b19 (2026-11-29). Each deal is decided with every --jobs
value given, one after the other, at the same TOTAL node budget (`--max-nodes` is a total
over the processes, as in `frog solve`), so the comparison is "N sequences of budget/N
nodes against one sequence of the whole budget". Each row is what

    frog solve DEAL -v VARIANT --jobs J --max-nodes BUDGET --timeout T -q

answers. Which deals are won at a node budget does not depend on the machine's load (each
worker's sequence and node share are fixed), but the node count of a win found by one
worker includes what the others did meanwhile, and seconds depend on the load; so the load
average is printed with every row.

    python benchmarks/experiments/hard_wins.py [--max-nodes 10M] [--timeout 300s] [--jobs 2 1]
        [--deals frog:39,49 pysol-frog:1,8 ...] [--memory 1G]
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cli.limits import duration, memory_size, node_count  # noqa: E402
from solver.answer import Limits, Verdict  # noqa: E402
from solver.patience import decide, deal_from_number, variant_rules  # noqa: E402
from solver.patience.search import warm_up  # noqa: E402
from solver.survey import print_provenance  # noqa: E402

#: Unknown at 60 s on one core (the targets run of commit e910b19, 2026-11-29).
DEFAULT_DEALS = [
    "frog:39,49,74,114,117,138,149,161,170,173,176,193",
    "pysol-frog:1,8,32,38,39,74,104,112,114,117,125,131,138,161,170,176,193",
]


def parse_deals(specs: list[str]) -> list[tuple[str, int]]:
    """VARIANT:N,N,... specs as (variant, number) pairs, in the order given."""
    deals = []
    for spec in specs:
        variant, numbers = spec.split(":")
        deals += [(variant, int(number)) for number in numbers.split(",")]
    return deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-nodes", type=node_count, default=10**7,
                        help="total node budget per deal and --jobs value (default 10M)")
    parser.add_argument("--timeout", type=duration, default=300.0,
                        help="a safety time limit per run (default 300s)")
    parser.add_argument("--memory", type=memory_size, default=1 << 30,
                        help="table memory per run, split between the processes (default 1G)")
    parser.add_argument("--jobs", type=int, nargs="+", default=[2, 1])
    parser.add_argument("--deals", nargs="+", default=DEFAULT_DEALS,
                        help="VARIANT:N,N,... (default: the deals unknown at 60 s)")
    args = parser.parse_args()
    print_provenance()
    limits = Limits(max_nodes=args.max_nodes, timeout=args.timeout, memory=args.memory)
    deals = parse_deals(args.deals)
    warm_up()
    print(f"per run: {limits.max_nodes:,} nodes in total, timeout {limits.timeout:g} s, "
          f"memory {limits.memory >> 20} MiB in total")
    print(f"{'variant':<11} {'deal':>5} {'jobs':>4} {'verdict':<10} {'reason':<11} "
          f"{'nodes':>12} {'seconds':>8} {'load':>5}  found by")
    won = {jobs: [] for jobs in args.jobs}
    totals = {jobs: [0, 0.0] for jobs in args.jobs}
    for variant, number in deals:
        deal = deal_from_number(variant_rules(variant), number)
        for jobs in args.jobs:
            result = decide(deal, limits=limits, jobs=jobs)
            stats = result.stats
            if "worker" in stats:
                found = f"worker {stats['worker']} (seed {stats['seed']}, noise {stats['noise']})"
            elif result.verdict is Verdict.UNKNOWN:
                found = ""
            else:
                found = "seed 0" if jobs == 1 else "first try (seed 0)"
            print(f"{variant:<11} {number:>5} {jobs:>4} {result.verdict:<10} "
                  f"{result.reason or '-':<11} {result.nodes:>12,} {result.seconds:>8.1f} "
                  f"{os.getloadavg()[0]:>5.1f}  {found}", flush=True)
            totals[jobs][0] += result.nodes
            totals[jobs][1] += result.seconds
            if result.verdict is not Verdict.UNKNOWN:
                won[jobs].append(f"{variant} {number} ({result.verdict})")
    print()
    for jobs in args.jobs:
        nodes, seconds = totals[jobs]
        print(f"# --jobs {jobs}: decided {len(won[jobs])} of {len(deals)}: "
              f"{', '.join(won[jobs]) or 'none'}; {nodes:,} nodes in {seconds:,.0f} s "
              f"({nodes / max(seconds, 1e-9) / 1e6:.2f} M nodes/s)")


if __name__ == "__main__":
    main()
