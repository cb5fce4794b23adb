"""The beam search alone, at several widths, on deals the restarts leave open.

Each deal is searched by one beam per width (solver/patience/search/beam.py) from its start;
a win is replayed by the rules engine. Prints per deal and width: won or not, nodes, CPU
seconds; then per width the wins and totals. Node counts do not depend on the machine's
load.

    python benchmarks/experiments/beam_widths.py --variant sir-tommy --widths 1000 10000 \\
        --deals 1 2 5 6 8 10 13 15 16 29 30 32 38 44 45 46 53 57 58 64 65 67 75 78 80
    python benchmarks/experiments/beam_widths.py --variant frog --widths 1000 10000 \\
        --deals 39 49 74 114 170 193

Figures: benchmarks/results/beam.txt.
"""
from __future__ import annotations

import argparse
import time

from solver.patience import deal_from_number, variant_rules
from solver.patience.search.beam import UP_WEIGHT, beam_search
from solver.patience.search.decode import decode_win
from solver.patience.search.state import SearchArrays
from solver.survey import print_provenance


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="sir-tommy")
    parser.add_argument("--deals", type=int, nargs="+", required=True)
    parser.add_argument("--widths", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--noise", type=int, default=0)
    parser.add_argument("--up-weight", type=int, default=UP_WEIGHT,
                        help="the score of a card up, in ranks of penalty")
    args = parser.parse_args()
    print_provenance()
    rules = variant_rules(args.variant)
    beam_search(SearchArrays(deal_from_number(rules, args.deals[0])), 1)  # compile or load
    for width in args.widths:
        won, nodes, seconds = [], 0, 0.0
        for number in args.deals:
            deal = deal_from_number(rules, number)
            arrays = SearchArrays(deal)
            start = time.process_time()
            win, spent = beam_search(arrays, width, args.noise, up_weight=args.up_weight)
            took = time.process_time() - start
            if win:
                decode_win(deal, arrays.winning_codes())
                won.append(number)
            nodes += spent
            seconds += took
            print(f"{args.variant:10} {number:6} width {width:7,}  "
                  f"{'won' if win else 'open':5} {spent:12,} nodes  {took:7.2f} s", flush=True)
        print(f"{args.variant} width {width:,} up-weight {args.up_weight}: won {len(won)} of {len(args.deals)} "
              f"({' '.join(map(str, won)) or '-'}), {nodes:,} nodes, {seconds:.1f} s CPU, "
              f"{nodes / max(seconds, 1e-9):,.0f} nodes/s", flush=True)


if __name__ == "__main__":
    main()
