"""How many numbered deals the dead-position test proves lost before any move is searched.

The test (solver/patience/search/kernel.py, `dead_test`, with every term on) runs once on
each deal's starting position; a deal it calls dead is unwinnable, whatever the stock
holds. Cheap (about 0.5 ms a deal), so it covers the whole survey ranges:

    python benchmarks/experiments/root_dead.py --variant frog --deals 1-100000 [--list]
"""
from __future__ import annotations

import argparse
import time

from solver.patience import deal_from_number, variant_rules
from solver.patience.search import is_dead
from solver.survey import print_provenance


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="frog")
    parser.add_argument("--deals", default="1-10000", help="first-last")
    parser.add_argument("--list", action="store_true", help="print every dead deal number")
    args = parser.parse_args()
    print_provenance()
    first, _, last = args.deals.partition("-")
    numbers = range(int(first), int(last or first) + 1)
    rules = variant_rules(args.variant)
    started = time.perf_counter()
    dead = [n for n in numbers if is_dead(deal_from_number(rules, n))]
    print(f"{args.variant} deals {numbers.start}-{numbers.stop - 1}: {len(dead)} of "
          f"{len(numbers)} lost at the root ({time.perf_counter() - started:.0f} s)")
    if args.list:
        print(" ".join(map(str, dead)))


if __name__ == "__main__":
    main()
