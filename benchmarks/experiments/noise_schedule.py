"""Restart noise schedules: sequence 0 (one noise level in every restart) against sequence 1
(the level cycling 1..N, the second core's and the survey retries' sequence).

For each set, every deal is decided by both sequences at the same node limit (node counts do
not depend on the machine's load); prints won, lost, total nodes and CPU seconds per sequence.
A set is VARIANT:FIRST-LAST (fresh deals) or VARIANT:open:FIRST-LAST:DB (the deals stored as
unknown for VARIANT in a survey store or its CSV, in that range: deals sequence 0 left open).

    python benchmarks/experiments/noise_schedule.py --sets frog:3001-4000 pysol-frog:3001-4000 --max-nodes 1M
    python benchmarks/experiments/noise_schedule.py --max-nodes 2M \\
        --sets frog:open:50001-51000:benchmarks/results/surveys.csv.gz

Figures: benchmarks/results/noise_schedule.txt.
"""
from __future__ import annotations

import argparse
import time

from cli.limits import node_count
from solver.answer import Limits
from solver.patience import NOISE, deal_from_number, variant_rules
from solver.patience.search import solve, warm_up
from solver.patience.search.driver import sequence_noise
from solver.survey import open_results, parse_deal_ranges
from solver.survey import print_provenance

SEQUENCES = (0, 1)


def deal_set(spec: str) -> tuple[str, list[int]]:
    """The variant and deal numbers of one --sets entry (see the module's docstring)."""
    parts = spec.split(":")
    variant = parts[0]
    if len(parts) == 2:
        return variant, parse_deal_ranges(parts[1])
    if len(parts) == 4 and parts[1] == "open":
        first, last = (int(x) for x in parts[2].split("-"))
        with open_results(parts[3]) as store:
            return variant, [row.deal for row in store.rows(variant)
                             if row.verdict == "unknown" and first <= row.deal <= last]
    raise argparse.ArgumentTypeError(f"not a set: {spec}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", nargs="+", type=deal_set, default=[deal_set("frog:3001-3200")])
    parser.add_argument("--max-nodes", type=node_count, default=1_000_000)
    parser.add_argument("--memory", type=int, default=1 << 27)
    args = parser.parse_args()
    print_provenance()
    warm_up()
    for variant, deals in args.sets:
        rules = variant_rules(variant)
        for sequence in SEQUENCES:
            noise = sequence_noise(NOISE, sequence)
            won = lost = nodes = 0
            start = time.process_time()
            for number in deals:
                result = solve(deal_from_number(rules, number),
                               Limits(max_nodes=args.max_nodes, memory=args.memory),
                               seeds=(sequence,))
                won += result.verdict == "winnable"
                lost += result.verdict == "unwinnable"
                nodes += result.nodes
            print(f"{variant:<11} {len(deals):>5} deals  sequence {sequence} (noise {noise}"
                  f"{', cycled' if sequence else ''}): won {won:>4}  lost {lost:>3}  "
                  f"nodes {nodes:>13,}  cpu {time.process_time() - start:7.1f} s", flush=True)


if __name__ == "__main__":
    main()
