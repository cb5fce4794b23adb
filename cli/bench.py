"""`frog bench`: time the fixed benchmark deal sets, and compare two runs deal by deal."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from cli.errors import UserError
from cli.limits import add_limit_arguments, limits_from, set_table_default
from solver.answer import Exit, Limits
from solver.patience import VARIANTS
from solver.survey import (BENCH_FORMAT, bench_document, compare, DealSetError, default_sets_path,
                           load_sets, Row, run_bench, solver_version)

#: Without a limit some deals never finish; a bench always has one.
BENCH_TIMEOUT = 5.0
BENCH_MEMORY = "256M"


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "bench", help="time the fixed benchmark deals; compare two runs",
        description="Decide the fixed benchmark deals (benchmarks/sets.json) one after another "
        "and print, per deal, the verdict, nodes, seconds and nodes/s, then per variant the "
        "median and 99th-percentile time, the aggregate nodes/s and the deals left unknown "
        "with their node counts. Save a run with --json and compare it with a later one.",
        epilog="examples:\n"
        "  frog bench                                 # the full set, about five minutes\n"
        "  frog bench --quick --json > new.json       # the one-minute subset, as JSON\n"
        "  frog bench --compare old.json new.json     # faster or slower, deal by deal\n"
        "  frog bench --variant frog --variant sir-tommy --timeout 20s\n\n"
        f"Each deal stops at --timeout (default {BENCH_TIMEOUT:g}s unless --max-nodes is "
        "given).\nExit 0; with --compare, 1 if the runs contradict each other on a deal "
        "(winnable in one, unwinnable in the other).")
    parser.add_argument("--quick", action="store_true",
                        help="the quick set (about a minute) instead of the full one")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON document (the input of --compare)")
    parser.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"),
                        help="compare two saved --json runs instead of running")
    parser.add_argument("--variant", "-v", action="append", choices=list(VARIANTS),
                        metavar="VARIANT", help="only this variant (repeatable; default all)")
    parser.add_argument("--sets", type=Path, default=None, metavar="FILE",
                        help="the deal-set file (default: benchmarks/sets.json of the checkout "
                             "or of the current directory)")
    add_limit_arguments(parser)
    set_table_default(parser, BENCH_MEMORY)
    parser.set_defaults(func=command_bench)


def command_bench(args: argparse.Namespace) -> int:
    if args.compare:
        return _compare(*args.compare, as_json=args.json)
    try:
        sets = load_sets(args.sets)
    except DealSetError as exc:
        raise UserError(str(exc)) from None
    set_name = "quick" if args.quick else "full"
    if set_name not in sets:
        raise UserError(f"{args.sets or default_sets_path()}: no '{set_name}' set")
    deals = {variant: numbers for variant, numbers in sets[set_name].items()
             if not args.variant or variant in args.variant}
    if not deals:
        raise UserError(f"the {set_name} set has no deals for {', '.join(args.variant)}")
    limits = limits_from(args)
    if limits.timeout is None and limits.max_nodes is None:
        limits = Limits(timeout=BENCH_TIMEOUT, memory=limits.memory)
    show = None if args.json else _print_row
    if show:
        print(f"{'variant':<12} {'deal':>7}  {'verdict':<10} {'nodes':>12} {'ms':>10} "
              f"{'nodes/s':>12}")
    try:
        rows = run_bench(deals, limits, on_row=show)
    except KeyboardInterrupt:
        print("frog bench: interrupted", file=sys.stderr)
        return Exit.UNKNOWN
    document = bench_document(rows, set_name, limits, solver_version())
    if args.json:
        print(json.dumps(document, indent=1))
    else:
        print()
        print(_summary_table(document["summary"]))
    return Exit.YES


def _print_row(row: Row) -> None:
    print(f"{row.label:<12} {row.deal:>7}  {row.verdict:<10} {row.nodes:>12,} "
          f"{row.seconds * 1000:>10.1f} {row.nodes_per_second:>12,.0f}", flush=True)


def _summary_table(summary: dict) -> str:
    lines = [f"{'variant':<12} {'deals':>5} {'won':>4} {'lost':>4} {'unk':>4} "
             f"{'median ms':>10} {'p99 ms':>9} {'nodes/s':>11}  unknown (nodes)"]
    for variant, s in summary.items():
        unknown = ", ".join(f"{u['deal']} ({u['nodes']:,})" for u in s["unknown_deals"]) \
            if variant != "all" else ""
        lines.append(f"{variant:<12} {s['deals']:>5} {s['winnable']:>4} {s['unwinnable']:>4} "
                     f"{s['unknown']:>4} {s['median_seconds'] * 1000:>10.1f} "
                     f"{s['p99_seconds'] * 1000:>9.1f} {s['nodes_per_second']:>11,.0f}  "
                     f"{unknown or '-'}")
    return "\n".join(lines)


def _load_run(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise UserError(f"{path}: not a bench JSON file ({exc})") from None
    if not isinstance(document, dict) or document.get("format") != BENCH_FORMAT:
        raise UserError(f"{path}: not a 'frog bench --json' file (format {BENCH_FORMAT})")
    deals = document.get("deals")
    if not isinstance(deals, list):
        raise UserError(f"{path}: 'deals' must be a list of deals")
    for number, deal in enumerate(deals, 1):
        if not _is_bench_deal(deal):
            raise UserError(f"{path}: deal entry {number} is not as 'frog bench --json' writes "
                            "it (variant, deal, verdict, nodes, seconds)")
    return document


def _is_bench_deal(deal: object) -> bool:
    def count(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0

    return (isinstance(deal, dict) and isinstance(deal.get("variant"), str)
            and count(deal.get("deal")) and count(deal.get("nodes"))
            and deal.get("verdict") in ("winnable", "unwinnable", "unknown")
            and isinstance(deal.get("seconds"), (int, float))
            and not isinstance(deal.get("seconds"), bool) and deal["seconds"] >= 0)


def _compare(old_path: str, new_path: str, as_json: bool) -> int:
    result = compare(_load_run(old_path), _load_run(new_path))
    if as_json:
        print(json.dumps(result, indent=1))
    else:
        print(_compare_text(result, old_path, new_path))
    return Exit.NO if result["contradictions"] else Exit.YES


def _ratio(value: float | None) -> str:
    return f"x{value:.2f}" if value is not None else "-"


def _compare_text(result: dict, old_path: str, new_path: str) -> str:
    lines = [f"old: {old_path}   new: {new_path}   (ratios are new / old; below 1 is faster)",
             f"{'variant':<12} {'deal':>7}  {'verdict old -> new':<24} {'nodes old':>11} "
             f"{'nodes new':>11} {'ratio':>7} {'ms old':>9} {'ms new':>9} {'ratio':>7}"]
    for d in result["deals"]:
        change = d["verdict_old"] if d["verdict_old"] == d["verdict_new"] \
            else f"{d['verdict_old']} -> {d['verdict_new']}"
        lines.append(f"{d['variant']:<12} {d['deal']:>7}  {change:<24} {d['nodes_old']:>11,} "
                     f"{d['nodes_new']:>11,} {_ratio(d['nodes_ratio']):>7} "
                     f"{d['seconds_old'] * 1000:>9.1f} {d['seconds_new'] * 1000:>9.1f} "
                     f"{_ratio(d['time_ratio']):>7}")
    lines.append("")
    lines.append(f"{len(result['deals'])} deals in both runs; total time "
                 f"{result['time_old']:.2f} s -> {result['time_new']:.2f} s; geometric mean "
                 f"time ratio over deals decided in both: {_ratio(result['geomean_time_ratio'])}")
    for key, text in (("newly_decided", "newly decided"), ("newly_unknown", "newly unknown"),
                      ("only_old", "only in old"), ("only_new", "only in new")):
        if result[key]:
            lines.append(f"{text}: " + ", ".join(f"{v} {n}" for v, n in result[key]))
    for d in result["contradictions"]:
        lines.append(f"CONTRADICTION: {d['variant']} {d['deal']} is {d['verdict_old']} in the "
                     f"old run and {d['verdict_new']} in the new one: one solver is wrong")
    return "\n".join(lines)
