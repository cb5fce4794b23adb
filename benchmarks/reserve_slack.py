"""Survey verdicts by how tightly the reserve fixes the order of play.

Down the reserve, each card must go up as a later copy of its rank than every card above it
of the same or a higher rank (the dead test's order terms, solver/patience/search/kernel.py,
`dead_test`). The slack of a deal is the fewest copies any reserve card has to spare
(`solver.patience.loss_reason.copy_slack`): below 0 the deal is lost before a move, 0 means
some card can only go up as the last copy of its rank. This counts, for each slack, the
deals and their verdicts in a survey store or CSV, to see where the unknowns lie, and for
slack 0 by the lowest rank that must go up as its last copy:

    python benchmarks/reserve_slack.py benchmarks/results/surveys.csv.gz --variants frog fly

With --list, the unknown deals of each slack too.
"""
from __future__ import annotations

import argparse
from collections import Counter

from solver.patience import deal_from_number, variant_rules
from solver.patience.loss_reason import copy_slack, tightest_cards
from solver.survey.csv_rows import open_results
from solver.survey import print_provenance

#: Slacks from here up are counted together.
LOOSE = 3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", help="a survey store (.sqlite) or its CSV (.csv.gz)")
    parser.add_argument("--variants", nargs="+", default=["frog"],
                        help="survey labels without rule options (default frog)")
    parser.add_argument("--list", action="store_true", help="list the unknown deals by slack")
    args = parser.parse_args()
    print_provenance()
    with open_results(args.results) as store:
        for variant in args.variants:
            rules = variant_rules(variant)
            counts: Counter[tuple[int, str]] = Counter()
            unknown_deals: dict[int, list[int]] = {}
            last_copy: Counter[tuple[int, str]] = Counter()  # slack 0: by the lowest rank
            for row in store.rows(variant):
                deal = deal_from_number(rules, row.deal)
                slack = min(copy_slack(deal), LOOSE)
                counts[slack, row.verdict] += 1
                if slack == 0:
                    last_copy[min(card.rank for card in tightest_cards(deal)), row.verdict] += 1
                if row.verdict == "unknown":
                    unknown_deals.setdefault(slack, []).append(row.deal)
            print(f"{variant}: slack, deals, won, lost, unknown, unknown share")
            unknowns = sum(c for (_, verdict), c in counts.items() if verdict == "unknown")
            for slack in sorted({s for s, _ in counts}):
                won, lost, unknown = (counts[slack, v]
                                      for v in ("winnable", "unwinnable", "unknown"))
                deals = won + lost + unknown
                label = f">= {LOOSE}" if slack == LOOSE else f"{slack:>4}"
                print(f"  {label:>4}  {deals:>7,}  {won:>7,}  {lost:>5,}  {unknown:>5,}  "
                      f"{unknown / deals:6.2%} of the deals, {unknown / max(unknowns, 1):6.1%} "
                      "of the unknowns")
            print("  slack 0, by the lowest rank that must go up as its last copy: rank, deals, "
                  "unknown")
            for rank in sorted({r for r, _ in last_copy}):
                deals = sum(c for (r, _), c in last_copy.items() if r == rank)
                unknown = last_copy[rank, "unknown"]
                print(f"    {rank:>2}  {deals:>6,}  {unknown:>5,}  {unknown / deals:6.2%}")
            if args.list:
                for slack, deals in sorted(unknown_deals.items()):
                    print(f"  unknown, slack {slack}{'+' if slack == LOOSE else ''}: "
                          + " ".join(map(str, deals)))


if __name__ == "__main__":
    main()
