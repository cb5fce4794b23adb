"""Blind play: how often each policy wins without seeing the stock, and which is stronger.

Every policy (`--policies`, default all of them) plays every deal of `--deals` once (seed =
the deal number) under each variant of `--variants`. Per variant and policy: games, wins,
the win rate and its Wilson 95% interval, and the seconds a game took (median, 90th
percentile, most, and the share within 10 s); then, for every pair of
policies, the deals one won and the other lost, and the exact two-sided McNemar (sign) test
on those deals: "significant at 95%" when p < 0.05.

Each game is stored as soon as it ends in `--db`, a survey store (the rows of `frog survey
--policy`, docs/blind.md): a rerun plays only the games not yet stored, so an interrupted run
loses nothing and the table of a finished one is rebuilt in a second. The table, headed by
the command, commit, date and machine, goes to standard output and to `--out`.

    python benchmarks/blind.py --policies pysol tips --jobs 1      # about 8 ms a game
    python benchmarks/blind.py --policies sample --jobs 2          # about 10 s a game
    python benchmarks/blind.py --variants frog --deals 1-100 --out /tmp/blind.txt
    python benchmarks/blind.py --policies adaptive --deals 1-200 --jobs 1 --threads 2 \
        --db /tmp/threads.sqlite --out /tmp/threads.txt   # game times as `frog playout`'s

`--threads N` decides a sampling policy's samples on N threads (the same games: its rows
are filed under the same label, so time them in a store of their own).
"""
from __future__ import annotations

import argparse
import itertools
import os
import sys
from pathlib import Path

from solver.patience.blind import POLICIES
from solver.survey import Store, parse_deal_ranges, provenance, rules_for, run_survey
from solver.survey.blind_work import BlindJob, BlindRow
from solver.survey.stats import paired, summarise_blind
from solver.survey.work import label

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ["frog", "fly", "fanny", "plain-frog", "pysol-frog"]
#: How often (in games) a line of progress is printed.
PROGRESS_EVERY = 100


def play(store: Store, job: BlindJob, deals: list[int], jobs: int) -> list[BlindRow]:
    """The job's rows for `deals`, playing (and storing) those not stored yet."""
    done = store.done(job.label)
    todo = [number for number in deals if number not in done]
    played = 0

    def progress(row: BlindRow) -> None:
        nonlocal played
        played += 1
        if played % PROGRESS_EVERY == 0 or played == len(todo):
            print(f"  {job.label}: {played}/{len(todo)} played", file=sys.stderr, flush=True)

    if todo:
        run_survey(store, job, todo, jobs, on_row=progress)
    wanted = set(deals)
    return [row for row in store.blind_rows(job.label) if row.deal in wanted]


def results_table(results: dict[tuple[str, str], list[BlindRow]]) -> list[str]:
    """The per-policy lines, then the paired comparisons, for (variant, policy) -> rows."""
    width = max(len("policy"), *(len(rows[0].policy) for rows in results.values() if rows))
    lines = [f"{'variant':<11} {'policy':<{width}} {'games':>6} {'won':>5} {'win rate':>9}  "
             f"{'95% interval':<15} {'s/game: median':>14} {'p90':>7} {'most':>7} "
             f"{'<=10 s':>7}"]
    for (variant, _), rows in results.items():
        s = summarise_blind(rows)
        spec = rows[0].policy if rows else "-"
        times = s["seconds"]
        within = sum(row.seconds <= 10 for row in rows) / len(rows) if rows else 0
        lines.append(f"{variant:<11} {spec:<{width}} {s['games']:>6} {s['won']:>5} "
                     f"{100 * (s['win_rate'] or 0):>8.1f}%  {100 * s['ci_low']:5.1f}% - "
                     f"{100 * s['ci_high']:5.1f}%  {times['median'] or 0:>14.3f} "
                     f"{times['p90'] or 0:>7.3f} {times['max'] or 0:>7.3f} "
                     f"{100 * within:>6.1f}%")
    lines += ["", "paired, on the deals both played: A won and B lost, B won and A lost, the "
              "exact two-sided McNemar p",
              f"{'variant':<11} {'A':<8} {'B':<8} {'deals':>6} {'A not B':>8} {'B not A':>8} "
              f"{'p':>9}"]
    variants = dict.fromkeys(variant for variant, _ in results)
    for variant in variants:
        names = [name for v, name in results if v == variant]
        for a, b in itertools.combinations(names, 2):
            pair = paired(results[variant, a], results[variant, b])
            verdict = "  significant at 95%" if pair["p_value"] < 0.05 else ""
            lines.append(f"{variant:<11} {a:<8} {b:<8} {pair['deals']:>6} "
                         f"{pair['first_only']:>8} {pair['second_only']:>8} "
                         f"{pair['p_value']:>9.2g}{verdict}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", nargs="+", default=VARIANTS, metavar="VARIANT")
    parser.add_argument("--policies", nargs="+", default=list(POLICIES), metavar="POLICY",
                        help=f"policies to play (default all: {', '.join(POLICIES)})")
    parser.add_argument("--deals", type=parse_deal_ranges, default=parse_deal_ranges("1-1000"),
                        help="deal numbers, e.g. 1-1000 (default)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (default 1)")
    parser.add_argument("--threads", type=int, default=1,
                        help="threads a sampling policy decides its samples on (default 1)")
    parser.add_argument("--db", default=str(ROOT / "benchmarks/results/blind.sqlite"),
                        help="the store of played games, resumed on a rerun (default "
                        "benchmarks/results/blind.sqlite)")
    parser.add_argument("--out", default=str(ROOT / "benchmarks/results/blind.txt"),
                        help="where the table is written (default benchmarks/results/blind.txt)")
    args = parser.parse_args()
    unknown = [name for name in args.policies if name not in POLICIES]
    if unknown:
        parser.error(f"unknown policy '{unknown[0]}' (choose from {', '.join(POLICIES)})")
    if args.jobs < 1 or args.threads < 1:
        parser.error("--jobs and --threads must be at least 1")
    head = provenance()  # the command, commit, date and load at the start
    results: dict[tuple[str, str], list[BlindRow]] = {}
    versions: set[str] = set()
    with Store(args.db) as store:
        for variant in args.variants:
            rules = rules_for(variant)
            for name in args.policies:
                job = BlindJob(label(rules), rules, name, threads=args.threads)
                results[variant, name] = play(store, job, args.deals, args.jobs)
                versions.update(store.settings(job.label)["solver_version"])
    deals = args.deals
    header = [*head, f"load average {os.getloadavg()[0]:.1f} at the end; "
              f"deals {deals[0]}-{deals[-1]} ({len(deals)}) of each variant, one game a deal, "
              f"seed = the deal number, {args.jobs} at once, {args.threads} thread(s) a game; "
              f"games stored in {os.path.relpath(args.db, ROOT)}, "
              f"played by solver {', '.join(sorted(versions))}", ""]
    text = "\n".join(header + results_table(results)) + "\n"
    print(text, end="")
    Path(args.out).write_text(text)


if __name__ == "__main__":
    main()
