"""How long a hint takes: the default policy's time per decision, by cards left in the stock.

Every decision of the default policy (`best`) in its games on `--deals` is a hint: the same
`rank` call that `frog hint` makes on that position. This prints, per band of cards left in
the stock, how many decisions there were and their median, 90th-percentile and slowest
time, and the seconds per whole game, headed by the command, commit, date and machine.

    python benchmarks/hint_speed.py --variant frog --deals 1-20
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import time
from collections import defaultdict
from pathlib import Path

from solver.patience.blind import play_blind, policy_named
from solver.patience.deal import deal_from_number
from solver.patience.rules import variant_rules
from solver.patience.search import warm_up
from solver.survey import parse_deal_ranges

ROOT = Path(__file__).resolve().parent.parent
BAND = 10


class Timed:
    """A policy that times each of its decisions, by the stock's size, and passes them on."""

    def __init__(self, policy) -> None:
        self.policy = policy
        self.name = policy.name
        self.meaning = policy.meaning
        self.times: dict[int, list[float]] = defaultdict(list)

    def rank(self, view, actions, rng, chances=True):
        start = time.perf_counter()
        choices = self.policy.rank(view, actions, rng, chances)
        self.times[view.stock_count // BAND * BAND].append(time.perf_counter() - start)
        return choices


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="frog")
    parser.add_argument("--deals", type=parse_deal_ranges, default=parse_deal_ranges("1-20"))
    parser.add_argument("--policy", default="best")
    args = parser.parse_args()
    warm_up()
    timed = Timed(policy_named(args.policy))
    games = []
    for number in args.deals:
        games.append(play_blind(deal_from_number(variant_rules(args.variant), number), timed,
                                seed=number))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, cwd=ROOT).stdout.strip()
    print(f"command: python benchmarks/hint_speed.py --variant {args.variant} "
          f"--deals {args.deals[0]}-{args.deals[-1]} --policy {args.policy}")
    print(f"commit {commit}, {time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}; policy {timed.name}")
    print(f"{'stock left':>10} {'decisions':>9} {'median s':>9} {'p90 s':>7} {'max s':>7}")
    for band in sorted(timed.times, reverse=True):
        values = timed.times[band]
        print(f"{band:>4}-{band + BAND - 1:<5} {len(values):>9} {statistics.median(values):>9.3f} "
              f"{percentile(values, 0.9):>7.3f} {max(values):>7.3f}")
    seconds = [game.seconds for game in games]
    print(f"games: {len(games)}, won {sum(game.won for game in games)}, seconds per game: "
          f"median {statistics.median(seconds):.1f}, max {max(seconds):.1f}")


if __name__ == "__main__":
    main()
