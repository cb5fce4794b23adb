"""One deal, one core: how many restart sequences to interleave (driver.SEQUENCES).

Each strategy FIRST+COUNT runs COUNT restart sequences, seeds FIRST, FIRST + 1, ...,
interleaved in one process on one table (`solve(deal, seeds=...)`); "0+1" is sequence 0
alone (the one-core search before interleaving, and a fresh survey deal's), "1+1" sequence
1 alone (the survey's retry of an unknown deal). Every deal of every set is decided by every
strategy at the same node limit, one deal per core on --jobs cores; prints per strategy
won, lost, unknown, total nodes, CPU seconds and decided deals per CPU-minute, and the deals
only some strategies decided. Sets as in noise_schedule.py (VARIANT:FIRST-LAST, or
VARIANT:open:FIRST-LAST:DB for the deals a survey left unknown).

    python benchmarks/experiments/strategies.py --strategies 0+1 0+2 0+4 --max-nodes 4M \\
        --sets frog:open:1-100000:benchmarks/results/surveys.csv.gz

Figures: benchmarks/results/strategies.txt.
"""
from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor

from noise_schedule import deal_set

from cli.limits import node_count
from solver.answer import Limits
from solver.patience import deal_from_number, variant_rules
from solver.patience.search import solve, warm_up
from solver.survey import print_provenance


def strategy(text: str) -> tuple[int, ...]:
    """The seeds of a FIRST+COUNT strategy."""
    try:
        first, count = (int(part) for part in text.split("+"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not FIRST+COUNT: {text}") from None
    return tuple(range(first, first + count))


def decide_one(task: tuple[str, int, tuple[int, ...], int, int]) -> tuple[str, float, int]:
    """(verdict, CPU seconds, nodes) of one deal under one strategy."""
    variant, number, seeds, max_nodes, memory = task
    warm_up()
    deal = deal_from_number(variant_rules(variant), number)
    start = time.process_time()
    result = solve(deal, Limits(max_nodes=max_nodes, memory=memory), seeds=seeds)
    return str(result.verdict), time.process_time() - start, result.nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", nargs="+", type=deal_set, default=[deal_set("frog:3001-3200")])
    parser.add_argument("--strategies", nargs="+", type=strategy,
                        default=[strategy("0+1"), strategy("0+2"), strategy("0+4")])
    parser.add_argument("--max-nodes", type=node_count, default=4_000_000)
    parser.add_argument("--memory", type=int, default=1 << 27)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--limit", type=int, default=None, help="at most this many deals a set")
    parser.add_argument("--sample", type=int, default=None, metavar="N",
                        help="a random sample of N deals of each set (in deal order)")
    parser.add_argument("--sample-seed", type=int, default=7, metavar="S",
                        help="the sample's seed (default 7)")
    args = parser.parse_args()
    print_provenance()
    print(f"max nodes {args.max_nodes:,} a deal, memory {args.memory:,} bytes, "
          f"{args.jobs} deals at a time, one core each")
    with ProcessPoolExecutor(args.jobs) as pool:
        for variant, deals in args.sets:
            if args.sample is not None and args.sample < len(deals):
                deals = sorted(random.Random(args.sample_seed).sample(deals, args.sample))
            deals = deals[:args.limit]
            decided: dict[tuple[int, ...], set[int]] = {}
            for seeds in args.strategies:
                tasks = [(variant, n, seeds, args.max_nodes, args.memory) for n in deals]
                answers = list(pool.map(decide_one, tasks))
                counts = {v: sum(a[0] == v for a in answers)
                          for v in ("winnable", "unwinnable", "unknown")}
                cpu = sum(a[1] for a in answers)
                nodes = sum(a[2] for a in answers)
                decided[seeds] = {n for n, a in zip(deals, answers) if a[0] != "unknown"}
                name = f"{seeds[0]}+{len(seeds)}"
                rate = len(decided[seeds]) / cpu * 60 if cpu else 0.0
                print(f"{variant:<11} {len(deals):>5} deals  {name:<5} won {counts['winnable']:>4}"
                      f"  lost {counts['unwinnable']:>3}  unknown {counts['unknown']:>4}  "
                      f"nodes {nodes:>14,}  cpu {cpu:8.1f} s  decided/cpu-min {rate:6.2f}",
                      flush=True)
            every = set.intersection(*decided.values())
            for seeds, won in decided.items():
                only = sorted(won - every)
                print(f"  {seeds[0]}+{len(seeds)} decided, beyond what every strategy "
                      f"decided: {len(only)} {only[:20]}{' ...' if len(only) > 20 else ''}")


if __name__ == "__main__":
    main()
