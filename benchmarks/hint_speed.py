"""How long `frog hint` takes, as a whole process, at every point of a game.

The default policy (`best`) plays each deal of `--deals` (seed = the deal number); at every
`--every`-th card it turned, the position before that card is written as a move list and
`frog hint DEAL --after FILE` runs as a separate process, pinned to one core (`--core`),
start-up and the loading of the compiled search included: what a player waits for. Per
band of cards left in the stock: the hints timed, their median, 90th percentile and slowest
wall-clock seconds; then the seconds per whole blind game (the policy's own decisions, in
this process), headed by the command, commit, date and machine.

    python benchmarks/hint_speed.py --deals 1-10 --every 10 --core 1
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from solver.patience.blind import DEFAULT_POLICY, play_blind, policy_named
from solver.patience.deal import deal_from_number
from solver.patience.line import STOCK
from solver.patience.rules import variant_rules
from solver.survey import parse_deal_ranges
from solver.survey.provenance import print_provenance

BAND = 10
#: The installed command, beside this Python (the virtual environment's).
FROG = shutil.which("frog", path=str(Path(sys.executable).parent)) or "frog"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def time_hint(number: int, variant: str, policy: str, moves: list, core: int,
              folder: Path) -> float:
    """Wall-clock seconds of one `frog hint` process on the position after `moves`."""
    line = folder / "moves.txt"
    line.write_text("".join(f"{move}\n" for move in moves))
    command = ["taskset", "-c", str(core), FROG, "hint", str(number), "--variant", variant,
               "--policy", policy, "--after", str(line)]
    began = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="frog")
    parser.add_argument("--deals", type=parse_deal_ranges, default=parse_deal_ranges("1-10"))
    parser.add_argument("--every", type=int, default=10, help="time a hint every N cards")
    parser.add_argument("--core", type=int, default=0, help="the core the hints run on")
    parser.add_argument("--policy", default=DEFAULT_POLICY, help="the policy (default best)")
    args = parser.parse_args()
    print_provenance()
    times: dict[int, list[float]] = defaultdict(list)
    games = []
    with tempfile.TemporaryDirectory() as folder:
        for number in args.deals:
            deal = deal_from_number(variant_rules(args.variant), number)
            game = play_blind(deal, policy_named(args.policy), seed=number)
            games.append(game)
            turns = [i for i, move in enumerate(game.moves) if move.source == STOCK]
            for i in turns[::args.every]:
                left = len(deal.stock) - turns.index(i) - 1
                times[left // BAND * BAND].append(time_hint(
                    number, args.variant, args.policy, game.moves[:i], args.core, Path(folder)))
    print(f"policy {policy_named(args.policy).name}; each hint a whole process on core "
          f"{args.core}; load average {os.getloadavg()[0]:.1f} at the end")
    print(f"{'cards left':>10} {'hints':>6} {'median s':>9} {'p90 s':>7} {'max s':>7}")
    for band in sorted(times, reverse=True):
        values = times[band]
        print(f"{band:>4}-{band + BAND - 1:<5} {len(values):>6} {statistics.median(values):>9.3f} "
              f"{percentile(values, 0.9):>7.3f} {max(values):>7.3f}")
    every = [t for values in times.values() for t in values]
    seconds = [game.seconds for game in games]
    print(f"all hints: {len(every)}, median {statistics.median(every):.3f} s, p90 "
          f"{percentile(every, 0.9):.3f} s, max {max(every):.3f} s")
    print(f"games: {len(games)}, won {sum(game.won for game in games)}, seconds per game: "
          f"median {statistics.median(seconds):.1f}, max {max(seconds):.1f}")


if __name__ == "__main__":
    main()
