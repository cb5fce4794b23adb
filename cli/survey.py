"""`frog survey`: decide a range of numbered deals into a resumable SQLite store; move a
store to CSV text and back (--export, --import)."""
from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace
from pathlib import Path

from cli.deal_source import add_rule_arguments
from cli.errors import UserError
from cli.limits import add_limit_arguments, limits_from, set_table_default
from cli.survey_run import engine_deals_and_rules, open_store, progress_bar, run_parts
from solver.answer import Exit
from solver.patience import METHODS
from solver.survey import (ENGINES, CsvError, Job, label, load_rows, next_sequence, Store,
                           StoreError, write_rows)

#: The methods a survey may decide with (`decide`'s, less the plain brute force).
SURVEY_METHODS = tuple(method for method in METHODS if method != "brute")
#: A survey runs one search per worker at a time, each with its own table: a 256 MiB cap
#: keeps --jobs N within N x 256 MiB, and is ample for deals decided within seconds.
SURVEY_MEMORY = "256M"


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "survey", help="decide a range of deals in parallel into a resumable SQLite store",
        description="Decide every deal in --deals under one variant and store one row per deal "
        "(verdict, nodes, seconds, solution length, solver version, limits) in --db. Each row is "
        "committed as soon as the deal is decided: after Ctrl-C or kill -9, run the same command "
        "again and it continues with the deals not yet stored. Summarise with 'frog report'. "
        "A --timeout is required: some deals run for hours without one. A store travels as "
        "text: --export writes every row as CSV (gzip-compressed when the name ends in .gz), "
        "--import rebuilds a store from such a file, and 'frog report' reads either.",
        epilog="examples:\n"
        "  frog survey --variant frog --deals 1-100000 --jobs 2 --timeout 10s --db frog.sqlite\n"
        "  frog survey --variant frog --stock-play optional --deals 1-1000 --timeout 2s "
        "--db frog.sqlite\n"
        "      (filed under the label 'frog --stock-play optional', beside plain 'frog')\n"
        "  frog survey --variant sir-tommy --deals 1-500 --timeout 30s --retry-unknown "
        "--db st.sqlite\n"
        "      (re-decides deals stored as unknown under a shorter timeout or node limit)\n"
        "  frog survey --variant sir-tommy --deals 1-500 --timeout 60s --retry-unknown "
        "--method cpsat --db st.sqlite\n"
        "      (CP-SAT on the deals the search left unknown: Sir Tommy's are hard wins)\n"
        "  frog survey --variant fly --deals 1-10000 --engine ray --address auto --db fly.sqlite\n"
        "  frog survey --export surveys.csv.gz --db frog.sqlite   # every row, as CSV text\n"
        "  frog survey --import benchmarks/results/surveys.csv.gz --db surveys.sqlite\n"
        "      (a new store from the CSV, ready for --retry-unknown or more --deals)\n"
        "  frog survey --variant fanny --deals 1-1000 --policy best --jobs 2 --db blind.sqlite\n"
        "      (plays each deal once without peeking, with the strongest blind policy;\n"
        "       no --timeout: a blind game always ends; see docs/blind.md)")
    parser.add_argument("--deals", metavar="RANGES",
                        help="deal numbers: 1-1000, or a list such as 1-10,50,90-99 (needed "
                        "unless --import or --export)")
    transfer = parser.add_mutually_exclusive_group()
    transfer.add_argument("--import", dest="import_csv", metavar="CSV",
                          help="rebuild --db (a new or empty store) from a CSV that --export "
                          "wrote, instead of deciding deals")
    transfer.add_argument("--export", dest="export_csv", metavar="CSV",
                          help="write every row of --db to CSV (gzip when the name ends in "
                          ".gz), one row per deal with every column of the store, instead "
                          "of deciding deals")
    parser.add_argument("--db", required=True, metavar="FILE",
                        help="SQLite file (created if missing); several surveys may share one")
    parser.add_argument("--jobs", "-j", type=int, default=None, metavar="N",
                        help="deals decided at once: worker processes (default 1); with "
                        "--engine ray, Ray tasks (default 0 = the cluster's CPU count)")
    parser.add_argument("--engine", choices=ENGINES, default="local",
                        help="local: a process pool on this machine (default); ray: a Ray "
                        "cluster (pip install 'frog-solver[ray]')")
    parser.add_argument("--address", default=None,
                        help="Ray cluster address for --engine ray, e.g. auto (default: start "
                        "a local Ray instance)")
    parser.add_argument("--method", choices=SURVEY_METHODS, default="search",
                        help="how each deal is decided, as in frog solve --method (one core a "
                        "deal): search (default), cpsat (needs --timeout; CP-SAT counts "
                        "conflicts, not nodes, so no --max-nodes), or portfolio (the search, "
                        "then CP-SAT when it stops at --timeout). Each row records the method "
                        "that answered")
    parser.add_argument("--retry-unknown", action="store_true",
                        help="re-decide deals stored as unknown whose --timeout or --max-nodes was "
                        "tighter than this run's, or that another --method left unknown; the "
                        "search then runs the restart sequences after those the row ran (they "
                        "already failed on it), so each retry pass tries new ones")
    parser.add_argument("--policy", metavar="NAME",
                        help="play each deal once without seeing the stock, with this blind "
                        "policy (pysol, tips, sample, ..., or best), instead of deciding it "
                        "with every card known; rows are filed under 'LABEL --policy "
                        "NAME(SETTINGS)'")
    parser.add_argument("--seed", type=int, default=0, metavar="N",
                        help="with --policy: deal n is played with seed N + n (default 0)")
    parser.add_argument("--no-progress", action="store_true",
                        help="no progress bar (it is shown when standard error is a terminal, "
                        "or when the environment variable FROG_PROGRESS is set)")
    add_rule_arguments(parser)
    add_limit_arguments(parser)
    set_table_default(parser, SURVEY_MEMORY)
    parser.set_defaults(func=command_survey)


def command_survey(args: argparse.Namespace) -> int:
    if args.import_csv or args.export_csv:
        if args.deals:
            raise UserError("--import and --export move rows; they take no --deals")
        if args.import_csv:
            return _import(args.import_csv, args.db)
        return _export(args.db, args.export_csv)
    if not args.deals:
        raise UserError("a survey needs --deals (or --import or --export)")
    if args.policy is not None:
        from cli.survey_blind import blind_survey

        return blind_survey(args)
    if args.seed:
        raise UserError("--seed is for blind surveys (--policy)")
    if args.timeout is None and args.max_nodes is None:
        raise UserError("a survey needs --timeout (or --max-nodes): some deals never finish "
                        "without a limit")
    if args.method == "cpsat" and (args.max_nodes is not None or args.timeout is None):
        raise UserError("--method cpsat needs --timeout and no --max-nodes: CP-SAT counts "
                        "conflicts, not search nodes")
    deals, rules = engine_deals_and_rules(args)
    job = Job(label(rules), rules, limits_from(args), method=args.method)
    with open_store(args.db) as store:
        stored = store.done(job.label)
        done = store.done(job.label, job.limits, job.method) if args.retry_unknown else stored
        todo = [number for number in deals if number not in done]
        parts = [(job, [number for number in todo if number not in stored])]
        parts += _retry_parts(job, [number for number in todo if number in stored], store)
        workers = f"{args.jobs} job(s)" if args.jobs else "the Ray cluster's CPUs"
        print(f"{job.label}: {len(deals)} deals, {len(deals) - len(todo)} already in {args.db}, "
              f"{len(todo)} to decide with {workers}", file=sys.stderr)
        bar = progress_bar(len(todo), job.label, args.no_progress)
        if not run_parts(store, parts, args, bar):
            return Exit.UNKNOWN
    print(f"{job.label}: done, {bar.saved} deals decided this run "
          f"({bar.counts['winnable']} winnable, {bar.counts['unwinnable']} unwinnable, "
          f"{bar.counts['unknown']} unknown); see 'frog report {args.db}'", file=sys.stderr)
    return Exit.YES


def _retry_parts(job: Job, numbers: list[int], store: Store) -> list[tuple[Job, list[int]]]:
    """The retried deals as jobs by the restart sequence each runs first: the sequences
    after those its stored row ran (`next_sequence`), since those already failed on it."""
    if not numbers:  # a survey of new deals need not read the label's rows
        return []
    stored = store.sequences(job.label)
    by_sequence: dict[int, list[int]] = {}
    for number in numbers:
        by_sequence.setdefault(next_sequence(stored.get(number)), []).append(number)
    return [(replace(job, sequence=sequence), part)
            for sequence, part in sorted(by_sequence.items())]


def _import(path: str, db: str) -> int:
    """`--import`: the CSV's rows into a new or empty store, all or none."""
    if not os.path.isfile(path):
        raise UserError(f"{path}: no such file")
    new = not os.path.exists(db)
    try:
        with Store(db) as store:
            if store.count():
                raise UserError(f"{db} already holds {store.count():,} rows: import into a "
                                "new file")
            added = load_rows(path, store)
    except (CsvError, StoreError, UserError) as exc:
        if new:  # leave no empty store behind
            for leftover in (db, f"{db}-wal", f"{db}-shm"):
                Path(leftover).unlink(missing_ok=True)
        raise UserError(str(exc)) from None
    except OSError as exc:
        raise UserError(f"{path}: cannot read: {exc.strerror or exc}") from None
    print(f"{db}: {added:,} rows imported from {path}", file=sys.stderr)
    return Exit.YES


def _export(db: str, path: str) -> int:
    """`--export`: every row of the store to a CSV file."""
    if not os.path.isfile(db):
        raise UserError(f"{db}: no such file (give the --db file of 'frog survey')")
    try:
        with Store(db, create=False) as store:
            written = write_rows(store, path)
    except StoreError as exc:
        raise UserError(str(exc)) from None
    except OSError as exc:
        raise UserError(f"{path}: cannot write: {exc.strerror or exc}") from None
    print(f"{path}: {written:,} rows exported from {db}", file=sys.stderr)
    return Exit.YES
