"""Where a hard deal's time goes: the depth-first restarts against the beams.

benchmarks/kernel_profile.py accounts for the depth-first kernel's time per node; on a deal
that runs past BEAM_START_NODES the strategy also spends nodes and time in beams. This runs
each deal as `frog solve N --jobs 1 --timeout T` does (the strategy's eight sequences on one
core), times every beam, and prints per deal the nodes and CPU seconds of each part and
its speed (CPU seconds, `time.process_time`, so that the shares hold on a busy machine;
the time limit itself is wall time, as in `frog solve`):

    python benchmarks/beam_share.py --variant frog --deals 700180,700225,700472 --timeout 10

With --width W it runs only beams instead: two whole beams of width W a deal (seeds 0 and
1, noise 2), and prints their nodes, CPU seconds and wins: the beam's own speed, node for
node comparable between versions of beam.py (the same nodes when the beam is unchanged).
"""
from __future__ import annotations

import argparse
import time

from solver.answer import Limits
from solver.patience import NOISE, deal_from_number, variant_rules
from solver.patience.search import driver
from solver.patience.search.beam import beam_search
from solver.patience.search.driver import sequence_seeds
from solver.patience.search.state import SearchArrays
from solver.survey.store import parse_deal_ranges
from solver.survey import print_provenance


class BeamClock:
    """Wraps driver._run_beam to add up the CPU seconds the beams take."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._run_beam = driver._run_beam

    def __call__(self, *args, **kwargs):  # noqa: ANN002, ANN003, ANN204 (same as wrapped)
        began = time.process_time()
        try:
            return self._run_beam(*args, **kwargs)
        finally:
            self.seconds += time.process_time() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="frog")
    parser.add_argument("--deals", required=True, help="deal numbers, e.g. 700180,700225")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds a deal")
    parser.add_argument("--memory", type=int, default=1 << 30, help="table bytes")
    parser.add_argument("--width", type=int, help="time whole beams of this width instead")
    args = parser.parse_args()
    print_provenance()
    rules = variant_rules(args.variant)
    driver.warm_up()
    if args.width:
        beams_only(rules, parse_deal_ranges(args.deals), args.width)
        return
    clock = BeamClock()
    driver._run_beam = clock
    totals = [0, 0, 0.0, 0.0]  # depth-first nodes, beam nodes, depth-first s, beam s
    print(f"{args.variant}, {args.timeout:g} s a deal on one core, {args.memory:,} bytes")
    print("deal       verdict     dfs nodes  beam nodes  beam share (nodes, CPU)"
          "  dfs M nodes/cpu-s  beam M nodes/cpu-s")
    for number in parse_deal_ranges(args.deals):
        clock.seconds = 0.0
        began = time.process_time()
        result = driver.solve(deal_from_number(rules, number),
                              Limits(timeout=args.timeout, memory=args.memory),
                              noise=NOISE, seeds=sequence_seeds())
        beam_nodes = int(result.stats.get("beam_nodes", 0))
        parts = (result.nodes - beam_nodes, beam_nodes,
                 time.process_time() - began - clock.seconds, clock.seconds)
        totals = [total + part for total, part in zip(totals, parts)]
        print(_line(str(number), str(result.verdict), *parts))
    print(_line("all", "", *totals))


def _line(name: str, verdict: str, dfs_nodes: int, beam_nodes: int, dfs_seconds: float,
          beam_seconds: float) -> str:
    """One row of the table: each part's nodes, the beams' share and each part's speed."""
    nodes, seconds = dfs_nodes + beam_nodes, dfs_seconds + beam_seconds
    return (f"{name:<10} {verdict:<10} {dfs_nodes:>10,} {beam_nodes:>11,}"
            f"  {beam_nodes / max(nodes, 1):>6.1%} {beam_seconds / max(seconds, 1e-9):>6.1%}"
            f"           {dfs_nodes / max(dfs_seconds, 1e-9) / 1e6:>6.2f}"
            f"          {beam_nodes / max(beam_seconds, 1e-9) / 1e6:>6.2f}")


def beams_only(rules, numbers: list[int], width: int) -> None:
    """Two whole beams of `width` on each deal: their nodes, CPU seconds and wins."""
    nodes, wins, began = 0, 0, time.process_time()
    for number in numbers:
        for seed in range(2):
            won, spent = beam_search(SearchArrays(deal_from_number(rules, number)), width,
                                     noise=2, seed=seed)
            nodes, wins = nodes + spent, wins + won
    seconds = time.process_time() - began
    print(f"{rules.variant}, {len(numbers)} deals, 2 beams of width {width} each: "
          f"{nodes:,} nodes, {wins} won, {seconds:.2f} CPU s, "
          f"{nodes / max(seconds, 1e-9) / 1e6:.2f} M nodes/cpu-s")


if __name__ == "__main__":
    main()
