"""Benchmark of the advice commands of Frog, the trick-taking game: `analyse` of full
positions and `bid` with 200 samples.

analyse: random numbered deals, a random contract and bidder, the first 0-8 cards of the
optimal line (so full positions at the start, between tricks and mid-trick), then every
legal card valued as `frog tricks analyse` does. Targets: at most 1 s a position.
bid: random numbered deals and seats, `--samples 200 --jobs 2` as the command runs them
(wall time, the number the target speaks of: at most 15 s on the 2-core machine).

    python benchmarks/bench_tricks_advice.py --positions 40 --hands 3
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from solver.tricks.analysis import analyse
from solver.tricks.bidding import Table, advise
from solver.tricks.deal import deal_from_number
from solver.tricks.engine import Game
from solver.tricks.rules import Rules
from solver.tricks.search import solve
from solver.survey import print_provenance


def _cpu() -> float:
    """CPU seconds of this process and of its finished worker processes."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--played", type=int, default=8,
                        help="at most this many cards of the optimal line played first "
                        "(0: every position is the start of the hand, the hardest)")
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print_provenance()
    rng = random.Random(args.seed)
    print(f"seed {args.seed}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    analyse(Game.start(deal_from_number(1), Rules("grand", 1)))  # load the kernel

    cpus, walls = [], []
    for _ in range(args.positions):
        number = rng.randint(1, 10**9)
        contract = rng.choice(["frog", "chico", "grand"])
        rules = Rules(contract, rng.randint(1, 3), rng.choice([0, 1, 3]) if contract == "chico" else 2)
        deal = deal_from_number(number)
        solution = solve(deal, rules)
        game = Game.start(deal, rules, solution.discard)
        for _, c in [play for trick in solution.line for play in trick][:rng.randint(0, args.played)]:
            game.play(c)
        wall, cpu = time.perf_counter(), time.process_time()
        result = analyse(game)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        print(f"analyse deal {number:<10} {contract:<5} bidder {rules.bidder} "
              f"{len(game.tricks_played)} tricks + {len(game.trick)} cards  "
              f"{len(result.cards)} cards  {cpus[-1]:.3f} s cpu", flush=True)
    summary = []
    if cpus:
        summary.append(f"analyse n={len(cpus)}  median cpu {statistics.median(cpus):.3f} s  "
                       f"max cpu {max(cpus):.3f} s  median wall {statistics.median(walls):.3f} s  "
                       f"over 1 s cpu: {sum(c > 1 for c in cpus)}")

    walls, cpus = [], []
    for _ in range(args.hands):
        number, seat = rng.randint(1, 10**9), rng.randint(1, 3)
        wall, cpu = time.perf_counter(), _cpu()
        advice = advise(deal_from_number(number), seat, Table(), args.samples, 1, args.jobs)
        walls.append(time.perf_counter() - wall)
        cpus.append(_cpu() - cpu)
        best = advice.recommended
        print(f"bid deal {number:<10} seat {seat}  {args.samples} samples, {args.jobs} jobs  "
              f"{walls[-1]:.1f} s wall  {cpus[-1]:.1f} s cpu (all processes)  "
              f"-> {best.name if best else 'pass'}  (load {os.getloadavg()[0]:.1f})", flush=True)
    if walls:
        summary.append(f"bid     n={len(walls)}  median wall {statistics.median(walls):.1f} s  "
                       f"max wall {max(walls):.1f} s  median cpu {statistics.median(cpus):.1f} s  "
                       f"max cpu {max(cpus):.1f} s  ({args.samples} samples, {args.jobs} jobs; "
                       f"cpu / jobs is the wall time on idle cores)")
    print("\n".join(summary))


if __name__ == "__main__":
    main()
