"""How large a game the CP-SAT model decides within a time limit, and its time on full deals.

    python benchmarks/bench_cpsat.py            # 3 deals per rung, 60 s each; frog 1-5
    python benchmarks/bench_cpsat.py --quick    # 2 deals per rung, 10 s each; frog 1-2

The ladder grows the game (decks, ranks, waste piles; the reserve holds an eighth of the cards,
as in Frog) under the `frog` rules (forced stock play, deals by PySolFC number). Once no deal
of a rung is decided, the larger rungs of that deck count are skipped: they only take longer.
Every win is replayed through the rules engine. One worker thread, so figures are per core.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
from pathlib import Path

import ortools

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.answer import Limits, Result  # noqa: E402
from solver.patience import Rules, decide, deal_from_number, variant_rules  # noqa: E402
from solver.survey import print_provenance  # noqa: E402

#: (decks, ranks, waste piles), smallest first within each deck count.
LADDER = [(1, 5, 2), (1, 7, 2), (1, 9, 3), (1, 11, 3), (1, 13, 4),
          (2, 4, 2), (2, 5, 3), (2, 6, 3), (2, 7, 3), (2, 8, 4), (2, 9, 4), (2, 11, 5),
          (2, 13, 5)]
QUICK_LADDER = [(1, 5, 2), (1, 9, 3), (1, 13, 4), (2, 4, 2), (2, 6, 3), (2, 8, 4)]


def rung_rules(decks: int, ranks: int, piles: int) -> Rules:
    return variant_rules("frog").with_overrides(decks=decks, ranks=ranks, waste_piles=piles,
                                                reserve_size=max(1, 4 * decks * ranks // 8))


def solve_numbers(rules: Rules, numbers: range, limit: float) -> list[Result]:
    results = []
    for number in numbers:
        result = decide(deal_from_number(rules, number), "cpsat", Limits(timeout=limit))
        print(f"    deal {number}: {result.verdict:10} {result.seconds:6.2f} s", flush=True)
        results.append(result)
    return results


def describe(results: list[Result]) -> str:
    decided = [r for r in results if r.verdict != "unknown"]
    wins = sum(r.verdict == "winnable" for r in decided)
    times = [r.seconds for r in decided]
    timing = (f", median {statistics.median(times):.2f} s, max {max(times):.2f} s"
              if times else "")
    return (f"{len(decided)}/{len(results)} decided ({wins} winnable, "
            f"{len(decided) - wins} unwinnable){timing}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short limits, fewer deals")
    args = parser.parse_args()
    print_provenance()
    limit, per_rung = (10.0, 2) if args.quick else (60.0, 3)
    ladder = QUICK_LADDER if args.quick else LADDER
    full_deals = range(1, 3) if args.quick else range(1, 6)
    print(f"CP-SAT benchmark ({'quick' if args.quick else 'full'}): limit {limit:g} s per deal, "
          f"1 worker; OR-Tools {ortools.__version__}, Python {platform.python_version()}, "
          f"{os.cpu_count()} CPUs")
    print(f"Ladder: frog rules (forced), deals 1-{per_rung} by number")
    largest: dict[int, str] = {}
    given_up: set[int] = set()
    for decks, ranks, piles in ladder:
        rules = rung_rules(decks, ranks, piles)
        name = (f"decks {decks} ranks {ranks} piles {piles} reserve {rules.reserve_size} "
                f"({rules.card_count} cards)")
        if decks in given_up:
            print(f"  {name}: skipped (a smaller rung decided nothing)")
            continue
        print(f"  {name}:", flush=True)
        results = solve_numbers(rules, range(1, per_rung + 1), limit)
        print(f"  {name}: {describe(results)}", flush=True)
        decided = sum(r.verdict != "unknown" for r in results)
        if decided == len(results):
            largest[decks] = name
        if decided == 0:
            given_up.add(decks)
    for decks, name in sorted(largest.items()):
        print(f"Largest rung with every deal decided within {limit:g} s, {decks} deck(s): {name}")
    print(f"Full deals: frog {full_deals.start}-{full_deals.stop - 1} (104 cards)", flush=True)
    results = solve_numbers(variant_rules("frog"), full_deals, limit)
    print(f"  frog: {describe(results)}")


if __name__ == "__main__":
    main()
