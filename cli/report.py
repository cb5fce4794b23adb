"""`frog report`: summarise a survey store: win rates with intervals, node and time figures."""
from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from cli.errors import UserError
from cli.report_blind import blind_tables
from solver.answer import Exit
from solver.survey import (asked_method, crosstab, CsvError, open_results, PlotsUnavailable,
                           report_document, StoreError, write_plots)


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "report", help="summarise a survey database: win rates with 95%% intervals",
        description="Per label (a variant, plus any overridden rule options) in a 'frog survey' "
        "database: deals, winnable, unwinnable, unknown, the win rate and its 95% Wilson "
        "interval (the low end counts unknowns as losses, the high end as wins, so the "
        "interval holds whatever the unknowns turn out to be), and the distributions of nodes, "
        "seconds and solution length. The database may belong to a survey still running. "
        "It may also be the CSV text of a store ('frog survey --export'), gzip-compressed "
        "or not: the report is the same.",
        epilog="examples:\n  frog report frog.sqlite\n  frog report frog.sqlite --json\n"
        "  frog report benchmarks/results/surveys.csv.gz   # the committed surveys, as CSV\n"
        "  frog report frog.sqlite --plots plots/    # win_rate.png, nodes.png (needs "
        "matplotlib)\n"
        "  frog report frog.sqlite --pair frog 'frog --stock-play optional'   # same deals, "
        "both rules\n"
        "  frog report benchmarks/results/surveys.csv.gz --by-version   # which version "
        "decided which rows")
    parser.add_argument("db", metavar="DB", help="the SQLite file of 'frog survey --db', or "
                        "its CSV ('frog survey --export', .csv or .csv.gz)")
    parser.add_argument("--json", action="store_true",
                        help='print {"LABEL": {"deals", "winnable", "unwinnable", "unknown", '
                        '"win_rate", "ci_low", "ci_high", ...}}')
    parser.add_argument("--plots", metavar="DIR", help="also write PNG plots into DIR")
    parser.add_argument("--markdown", action="store_true",
                        help="print the table as Markdown (for results pages)")
    parser.add_argument("--pair", nargs=2, metavar=("LABEL1", "LABEL2"),
                        help="also cross-tabulate the verdicts of two labels on the deals they "
                        "share, e.g. --pair frog 'frog --stock-play optional'")
    parser.add_argument("--by-version", action="store_true",
                        help="also list, per label, the solver versions, methods and limits "
                        "that decided its rows (each --retry-unknown pass is a line of its "
                        "own): rows, won, lost, unknown, first and last deal")
    parser.set_defaults(func=command_report)


def command_report(args: argparse.Namespace) -> int:
    if not os.path.isfile(args.db):
        raise UserError(f"{args.db}: no such file (give the --db file of 'frog survey')")
    try:
        with open_results(args.db) as store:
            policies = store.policies()
            rows = {label: list(store.rows(label)) for label in policies}
            games = {label: list(store.blind_rows(label))
                     for label, policy in policies.items() if policy is not None}
            settings = {label: store.settings(label) for label in rows}
            versions = {label: store.provenance(label) for label in rows} \
                if args.by_version else {}
    except (StoreError, CsvError) as exc:
        raise UserError(str(exc)) from None
    empty = [label for label, group in rows.items() if not group]
    if empty:  # a label comes from the rows, so only a damaged file lists one without rows
        raise UserError(f"{args.db}: a damaged survey database (label '{empty[0]}' has no "
                        "readable rows)")
    rows = {label: group for label, group in rows.items() if label not in games}
    every = report_document(rows, games, policies, settings, versions)
    report = {label: entry for label, entry in every.items() if entry["kind"] == "open"}
    blind = {label: entry for label, entry in every.items() if entry["kind"] == "blind"}
    pair = None
    if args.pair:
        missing = [label for label in args.pair if label not in rows]
        if missing:
            raise UserError(f"no label '{missing[0]}' in {args.db} (labels: "
                            f"{', '.join(rows) or 'none'})")
        pair = crosstab(rows[args.pair[0]], rows[args.pair[1]])
    if args.plots:
        try:
            written = write_plots(report, rows, Path(args.plots))
        except PlotsUnavailable as exc:
            raise UserError(str(exc)) from None
        except OSError as exc:
            raise UserError(f"{args.plots}: cannot write plots: {exc}") from None
    if args.json:
        print(json.dumps({**every, "pair": {"labels": args.pair, **pair}} if pair else every,
                         indent=1))
    else:
        tables = [(_markdown if args.markdown else _table)(report)] if report else []
        if blind:
            tables += blind_tables(blind, args.markdown)
        print("\n\n".join(tables) if tables else f"{args.db}: no results yet")
        if pair:
            print(_pair_text(args.pair, pair))
        if args.by_version and report:
            print("\n" + _versions_table(report, args.markdown))
        if args.plots:
            print("plots: " + ", ".join(str(path) for path in written))
    return Exit.YES


def _table(report: dict[str, dict]) -> str:
    width = max(len("label"), *(len(label) for label in report))
    lines = [f"{'label':<{width}} {'deals':>6} {'won':>6} {'lost':>5} {'unknown':>7} "
             f"{'win rate':>8}  {'95% interval':<15} {'median nodes':>12} {'median ms':>9} "
             f"{'p99 ms':>8}  limits"]
    for label, r in report.items():
        limits = _limits_text(r["settings"])
        lines.append(
            f"{label:<{width}} {r['deals']:>6} {r['winnable']:>6} {r['unwinnable']:>5} "
            f"{r['unknown']:>7} {100 * r['win_rate']:>7.1f}%  "
            f"{100 * r['ci_low']:5.1f}% - {100 * r['ci_high']:5.1f}%  "
            f"{r['nodes']['median']:>12,.0f} {1000 * r['seconds']['median']:>9.1f} "
            f"{1000 * r['seconds']['p99']:>8.1f}  {limits}")
    return "\n".join(lines)


def _limits_text(settings: dict[str, list]) -> str:
    """The limits a label's deals were decided under, as survey options ("--max-nodes
    1000000 --timeout 30s --memory 256M"); several values (a mixed survey) joined by '/'.
    The method is named only when some rows were not decided by the search alone."""
    def show(key: str, value: float) -> str:
        if key == "memory":
            return f"{value // (1 << 20)}M"
        return f"{value:g}s" if key == "timeout" else str(value)

    # a limit some rows had and others not (CP-SAT rows have no node limit) lists only the
    # values it had; the method, named below, says which rows had none
    shown = {key: [value for value in values if value is not None]
             for key, values in settings.items()
             if key not in ("solver_version", "method") and values != [None]}
    methods = sorted({asked_method(method) for method in settings.get("method", [])})
    if methods not in ([], ["search"]):
        shown["method"] = methods
    return " ".join(f"--{key.replace('_', '-')} {'/'.join(show(key, v) for v in values)}"
                    for key, values in shown.items())


def _markdown(report: dict[str, dict]) -> str:
    lines = ["| label | deals | winnable | unwinnable | unknown | win rate | 95% interval "
             "| median nodes | limits |",
             "| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |"]
    for label, r in report.items():
        limits = _limits_text(r["settings"])
        lines.append(f"| `{label}` | {r['deals']} | {r['winnable']} | {r['unwinnable']} | "
                     f"{r['unknown']} | {100 * r['win_rate']:.1f}% | "
                     f"{100 * r['ci_low']:.1f}% - {100 * r['ci_high']:.1f}% | "
                     f"{r['nodes']['median']:,.0f} | {limits} |")
    return "\n".join(lines)


def _versions_table(report: dict[str, dict], markdown: bool) -> str:
    """Which version, method and limits decided which rows of each open label."""
    header = ("label", "version", "method", "max nodes", "timeout", "rows", "won", "lost",
              "unknown", "deals")
    body = [(label, entry["solver_version"], entry["method"],
             "-" if entry["max_nodes"] is None else f"{entry['max_nodes']:,}",
             "-" if entry["timeout"] is None else f"{entry['timeout']:g}s",
             *(f"{entry[key]:,}" for key in ("rows", "winnable", "unwinnable", "unknown")),
             f"{entry['first_deal']}-{entry['last_deal']}")
            for label, r in report.items() for entry in r["by_version"]]
    if markdown:
        return "\n".join(["| " + " | ".join(header) + " |",
                          "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
                          *("| `" + row[0] + "` | " + " | ".join(row[1:]) + " |"
                            for row in body)])
    widths = [max(len(str(row[i])) for row in (header, *body)) for i in range(len(header))]
    return "\n".join("  ".join(cell.ljust(width) if i < 3 or i == 9 else cell.rjust(width)
                               for i, (cell, width) in enumerate(zip(row, widths))).rstrip()
                     for row in (header, *body))


def _pair_text(labels: list[str], pair: dict) -> str:
    lines = [f"\n{pair['deals']} deals in both '{labels[0]}' and '{labels[1]}': win rate "
             f"{100 * (pair['first_win_rate'] or 0):.1f}% against "
             f"{100 * (pair['second_win_rate'] or 0):.1f}%",
             f"  {'verdicts (first/second)':<26} deals"]
    lines += [f"  {key:<26} {count:>5}" for key, count in pair["pairs"].items()]
    return "\n".join(lines)
