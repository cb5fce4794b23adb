"""The loss ladder: how many deals of the hard rows the search decides at a node budget.

Rows (numbered deals, PySolFC's shuffle and the variant's procedure):
  frog-2p, frog-3p, frog-4p   full `frog` packs with 2, 3 and 4 waste piles (mostly lost)
  frog-r5, frog-r7            `frog --ranks 5` and `--ranks 7` (5 waste piles; losses are rare)
  sir-tommy                   Sir Tommy (a third open at 1 M nodes; hard wins, which CP-SAT finds)
  frog                        plain `frog` (mostly wins; not in the default rows)

Each deal gets the same node budget (deterministic: node counts do not depend on the
machine's load) or time budget (`--timeout`), restarts as `frog solve` does. Prints one
line per row: winnable, unwinnable, unknown, total nodes, nodes per second; `--verbose`
adds one line per deal.

    python benchmarks/loss_ladder.py --deals 1-30 --max-nodes 1M
    python benchmarks/loss_ladder.py --rows frog-r5 frog-r7 --deals 1-50 --max-nodes 5M -v
    python benchmarks/loss_ladder.py --deals 1-100 --timeout 10s     # the targets' sample
    python benchmarks/loss_ladder.py --disable same-rank higher-rank # rules off (RULE_SWITCHES)
    python benchmarks/loss_ladder.py --deals 1-100 --timeout 10s --jobs 2   # frog solve's way
    python benchmarks/loss_ladder.py --rows sir-tommy --deals 1-100 --timeout 10s --jobs 2 \
        --method portfolio                                                  # Sir Tommy's default

With `--jobs J` above 1 each deal is decided as `frog solve --jobs J` decides it: J restart
sequences in parallel processes, the budget a total over them (wall time for `--timeout`).
`--method portfolio` is `frog solve --method portfolio`: with J >= 2, the last process hands
over to CP-SAT after 10M nodes of its sequence (with a node budget CP-SAT then runs as long
as the other searches do).
"""
from __future__ import annotations

import argparse
import os
import time

from cli.limits import duration, memory_size, node_count
from solver.answer import Limits
from solver.patience import decide
from solver.patience.deal import deal_from_number
from solver.patience.rules import variant_rules
from solver.patience.search import solve
from solver.patience.search.driver import OFF_FOR_DEALS, RULE_SWITCHES, warm_up
from solver.survey import parse_deal_ranges
from solver.survey import print_provenance

ROWS = {
    "frog-2p": ("frog", {"waste_piles": 2}),
    "frog-3p": ("frog", {"waste_piles": 3}),
    "frog-4p": ("frog", {"waste_piles": 4}),
    "frog-r5": ("frog", {"ranks": 5}),
    "frog-r7": ("frog", {"ranks": 7}),
    "sir-tommy": ("sir-tommy", {}),
    "frog": ("frog", {}),
}
DEFAULT_ROWS = [name for name in ROWS if name != "frog"]




def run_row(name: str, deals: list[int], limits: Limits, disabled: tuple[str, ...],
            verbose: bool, jobs: int = 1, method: str = "search") -> dict:
    variant, overrides = ROWS[name]
    rules = variant_rules(variant).with_overrides(**overrides)
    tally = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    nodes, seconds, open_deals = 0, 0.0, []
    for number in deals:
        deal = deal_from_number(rules, number)
        if jobs > 1 or method != "search":
            result = decide(deal, method, limits, jobs=jobs)
        else:
            result = solve(deal, limits, disabled=disabled)
        tally[result.verdict] += 1
        nodes += result.nodes
        seconds += result.seconds
        if result.verdict == "unknown":
            open_deals.append(number)
        if verbose:
            print(f"  {name:<10} {number:>6} {result.verdict:<11} {result.nodes:>12,} "
                  f"{result.seconds:>8.2f} s  {result.method}", flush=True)
    return {**tally, "nodes": nodes, "seconds": seconds, "open": open_deals}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", nargs="+", default=DEFAULT_ROWS, choices=list(ROWS))
    parser.add_argument("--deals", type=parse_deal_ranges, default=parse_deal_ranges("1-30"),
                        help="deal numbers, e.g. 1-30")
    parser.add_argument("--max-nodes", type=node_count, default=None,
                        help="node budget per deal (K/M/G; default 1M unless --timeout)")
    parser.add_argument("--timeout", type=duration, default=None,
                        help="time budget per deal (e.g. 10s): the targets' form, fair between "
                        "versions whose nodes cost differently, but it depends on the load")
    parser.add_argument("--memory", type=memory_size, default=1 << 27,
                        help="table bytes per deal")
    parser.add_argument("--disable", nargs="*", default=[], choices=list(RULE_SWITCHES),
                        help="reductions to switch off (default: those frog solve leaves "
                             "off, driver.OFF_FOR_DEALS)")
    parser.add_argument("--enable", nargs="*", default=[], choices=list(OFF_FOR_DEALS),
                        help="reductions frog solve leaves off to switch on (e.g. hall)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="restart sequences in parallel per deal, as frog solve --jobs "
                        "(default 1: reproducible node for node)")
    parser.add_argument("--method", choices=["search", "portfolio"], default="search",
                        help="as frog solve --method (default search)")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per deal")
    args = parser.parse_args()
    print_provenance()
    if (args.jobs > 1 or args.method != "search") and (args.disable or args.enable):
        parser.error("--disable and --enable need --jobs 1 and --method search (the others run "
                     "every rule)")
    if args.disable and args.enable:
        parser.error("--disable and --enable do not go together (--disable names all that is off)")
    warm_up()
    if args.max_nodes is None and args.timeout is None:
        args.max_nodes = node_count("1M")
    limits = Limits(max_nodes=args.max_nodes, timeout=args.timeout, memory=args.memory)
    disabled = tuple(args.disable) or tuple(name for name in OFF_FOR_DEALS
                                            if name not in args.enable)  # as frog solve runs it
    budget = " and ".join(filter(None, [args.max_nodes and f"{args.max_nodes:,} nodes",
                                        args.timeout and f"{args.timeout:g} s"]))
    print(f"deals {args.deals[0]}-{args.deals[-1]}, {budget} per deal, --jobs {args.jobs}, "
          f"--method {args.method}, "
          f"disabled: {', '.join(disabled) or 'none'}; load average {os.getloadavg()[0]:.1f}")
    print(f"{'row':<10} {'winnable':>8} {'unwinnable':>10} {'unknown':>8} {'decided':>8} "
          f"{'total nodes':>14} {'nodes/s':>10}  unknown deals")
    started = time.perf_counter()
    for name in args.rows:
        row = run_row(name, args.deals, limits, disabled, args.verbose, args.jobs, args.method)
        decided = row["winnable"] + row["unwinnable"]
        rate = row["nodes"] / row["seconds"] if row["seconds"] else 0.0
        print(f"{name:<10} {row['winnable']:>8} {row['unwinnable']:>10} {row['unknown']:>8} "
              f"{decided:>4}/{len(args.deals):<3} {row['nodes']:>14,} {rate:>10,.0f}  "
              f"{' '.join(map(str, row['open'])) or '-'}", flush=True)
    print(f"total {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
