"""Benchmark of the Frog double-dummy solver: time per contract and per --all table.

Random full deals (numbered deals drawn from a seeded generator), each solved as one
`frog tricks solve` would (search, optimal line, replay check). Prints one line per
solve and a summary of medians; CPU time is reported beside wall time because a shared
machine inflates the latter.

    python benchmarks/bench_tricks.py --deals 30 --tables 5
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from solver.tricks import Rules, deal_from_number, solve, solve_all
from solver.survey import print_provenance

CONTRACTS = {
    "grand": lambda bidder, rng: Rules("grand", bidder),
    "chico": lambda bidder, rng: Rules("chico", bidder, rng.choice([0, 1, 3])),
    "frog": lambda bidder, rng: Rules("frog", bidder),
}


def timed(function, *args):
    wall, cpu = time.perf_counter(), time.process_time()
    result = function(*args)
    return result, time.perf_counter() - wall, time.process_time() - cpu


def summary(label: str, walls: list[float], cpus: list[float], nodes: list[int]) -> str:
    return (f"{label:<8} n={len(walls):<4} median wall {statistics.median(walls):.3f} s  "
            f"median cpu {statistics.median(cpus):.3f} s  max cpu {max(cpus):.3f} s  "
            f"median nodes {int(statistics.median(nodes))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30, help="deals per contract")
    parser.add_argument("--tables", type=int, default=5, help="deals for the --all table")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print_provenance()
    rng = random.Random(args.seed)
    solve(deal_from_number(1), Rules("grand", 1))  # load the compiled kernel once

    lines = []
    for name, make in CONTRACTS.items():
        walls, cpus, nodes = [], [], []
        for _ in range(args.deals):
            number = rng.randint(1, 10**9)
            rules = make(rng.randint(1, 3), rng)
            solution, wall, cpu = timed(solve, deal_from_number(number), rules)
            walls.append(wall)
            cpus.append(cpu)
            nodes.append(solution.nodes)
            print(f"{name:<6} deal {number:<10} bidder {rules.bidder} {rules.trump_name:<8} "
                  f"points {solution.bidder_points:>3}  {cpu:.3f} s cpu  {solution.nodes} nodes",
                  flush=True)
        lines.append(summary(name, walls, cpus, nodes))

    walls, cpus, nodes = [], [], []
    for _ in range(args.tables):
        number = rng.randint(1, 10**9)
        solutions, wall, cpu = timed(solve_all, deal_from_number(number))
        walls.append(wall)
        cpus.append(cpu)
        nodes.append(sum(s.nodes for s in solutions))
        print(f"--all  deal {number:<10} {len(solutions)} contracts  {cpu:.3f} s cpu", flush=True)
    lines.append(summary("--all", walls, cpus, nodes))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
