"""The exact-solver targets on every core: deals of benchmarks/targets.json, a time limit per
deal, each decided as `frog solve N --jobs J --timeout T` decides it (the parallel portfolio
of restart sequences; see README, Cores).

Prints one line per deal (verdict, nodes over all processes, wall seconds, and which worker
answered) and a summary: decided share, median time, and every deal left unknown. Wall
time is what the target speaks of, so run it on an otherwise idle machine.

    python benchmarks/targets_parallel.py --variant frog --jobs 2 --timeout 60
    python benchmarks/targets_parallel.py --variant pysol-frog --deals 1 8 32 --timeout 60
    python benchmarks/targets_parallel.py --variant frog --deals 700001-701000 --jobs 1 --timeout 10

The median and 99th percentile are over all the deals, an unknown one counted at its
time limit (it took at least that long).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

from solver.answer import Limits
from solver.patience import decide, deal_from_number, variant_rules
from solver.survey import parse_deal_ranges
from solver.survey import print_provenance

SETS = Path(__file__).resolve().parent / "targets.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="frog", choices=["frog", "pysol-frog"])
    parser.add_argument("--deals", nargs="*", help="these deals or ranges (1-200) only "
                        "(default: the set)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per deal")
    args = parser.parse_args()
    print_provenance()
    deals = parse_deal_ranges(",".join(args.deals)) if args.deals \
        else json.loads(SETS.read_text())["full"][args.variant]
    rules = variant_rules(args.variant)
    print(f"{args.variant}: {len(deals)} deals, {args.timeout:g} s each, --jobs {args.jobs}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    seconds, every, unknown = [], [], []
    tally = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    for number in deals:
        start = time.perf_counter()
        result = decide(deal_from_number(rules, number), "search",
                        Limits(timeout=args.timeout, memory=1 << 28), jobs=args.jobs)
        wall = time.perf_counter() - start
        every.append(wall)
        tally[result.verdict] += 1
        if result.verdict == "unknown":
            unknown.append(number)
        else:
            seconds.append(wall)
        worker = result.stats.get("worker", "-")
        print(f"{args.variant} {number:>4}  {result.verdict:<10} {result.nodes:>13,} nodes "
              f"{wall:8.2f} s  worker {worker}", flush=True)
    decided = tally["winnable"] + tally["unwinnable"]
    p99 = statistics.quantiles(every, n=100, method="inclusive")[98] if len(every) > 1 else every[0]
    print(f"{args.variant}: decided {decided} / {len(deals)} = {100 * decided / len(deals):.1f}% "
          f"({tally['winnable']} won, {tally['unwinnable']} lost); median time of a decided "
          f"deal {1000 * statistics.median(seconds) if seconds else 0:.1f} ms; of every deal: "
          f"median {1000 * statistics.median(every):.1f} ms, 99th percentile {p99:.2f} s, "
          f"slowest decided {max(seconds, default=0):.2f} s; unknown: "
          f"{' '.join(map(str, unknown)) or 'none'}; load average now "
          f"{os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
