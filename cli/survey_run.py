"""What the open and the blind survey share: checking the engine options, the deal numbers and
the rules; opening the store; running jobs into it under Ctrl-C and SIGTERM; the progress bar."""
from __future__ import annotations

import argparse
import os
import signal
import sys

from cli.deal_source import rule_overrides
from cli.errors import UserError
from solver.answer import SolverBug
from solver.patience import Rules, RulesError
from solver.survey import EngineError, Store, StoreError, parse_deal_ranges, rules_for, run_survey


def engine_deals_and_rules(args: argparse.Namespace) -> tuple[list[int], Rules]:
    """What every survey checks first, open or blind: --jobs (its default set here) and
    --address against --engine; then the deal numbers and the rules."""
    if args.jobs is None:
        args.jobs = 0 if args.engine == "ray" else 1
    if args.jobs < 0 or (args.jobs == 0 and args.engine == "local"):
        raise UserError("--jobs must be at least 1 (0 only with --engine ray)")
    if args.address and args.engine != "ray":
        raise UserError("--address is for --engine ray")
    try:
        deals = parse_deal_ranges(args.deals)
    except ValueError as exc:
        raise UserError(f"--deals: {exc}") from None
    overrides = {k: v for k, v in rule_overrides(args).items() if k != "variant"}
    try:
        return deals, rules_for((args.variant or "frog").lower(), **overrides)
    except RulesError as exc:
        raise UserError(str(exc)) from None


def run_parts(store: Store, parts: list, args: argparse.Namespace, bar: "_Bar") -> bool:
    """Run each (job, deal numbers) of `parts` into the store, counting on `bar`; False
    after Ctrl-C, or SIGTERM (`kill PID`: how a survey run in the background, which ignores
    Ctrl-C's SIGINT, is stopped), once the stop is reported (every row saved so far stays,
    and the workers are stopped with the main process)."""
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        return _run_parts(store, parts, args, bar)
    finally:
        signal.signal(signal.SIGTERM, previous)


def _interrupt(signum: int, frame: object) -> None:
    """SIGTERM's handler while a survey runs: the same stop as Ctrl-C's."""
    raise KeyboardInterrupt


def _run_parts(store: Store, parts: list, args: argparse.Namespace, bar: "_Bar") -> bool:
    try:
        for job, numbers in parts:
            if numbers:
                run_survey(store, job, numbers, args.jobs, args.engine, args.address,
                           on_row=bar.update_row)
    except EngineError as exc:
        raise UserError(str(exc)) from None
    except SolverBug as exc:
        raise SolverBug(f"{exc} (the rows before it are saved)") from None
    except KeyboardInterrupt:
        bar.close()
        print(f"frog survey: stopped; {bar.saved} deals saved this run; run the same "
              "command to continue", file=sys.stderr)
        return False
    bar.close()
    return True


def open_store(path: str) -> Store:
    """The store at `path`, created if missing; UserError when it is not a store."""
    try:
        return Store(path)
    except StoreError as exc:
        raise UserError(str(exc)) from None


#: The verdicts a progress bar counts, and the names it shows them by.
OPEN_COUNTS = {"winnable": "won", "unwinnable": "lost", "unknown": "unknown"}


class _Bar:
    """tqdm with the running verdict counts; silent when there is no terminal or asked so."""

    def __init__(self, total: int, title: str, disable: bool, shown: dict[str, str]) -> None:
        from tqdm import tqdm

        self.bar = tqdm(total=total, desc=title, unit="deal", disable=disable, smoothing=0.05,
                        file=sys.stderr, dynamic_ncols=True)
        self.shown = shown
        self.counts = dict.fromkeys(shown, 0)
        self.saved = 0

    def update_row(self, row) -> None:
        self.counts[row.verdict] += 1
        self.saved += 1
        self.bar.set_postfix({name: self.counts[verdict] for verdict, name in self.shown.items()},
                             refresh=False)
        self.bar.update(1)

    def close(self) -> None:
        self.bar.close()


def progress_bar(total: int, title: str, no_progress: bool,
                 shown: dict[str, str] = OPEN_COUNTS) -> _Bar:
    """A progress bar counting `shown`'s verdicts of the rows it is given."""
    disable = no_progress or not (sys.stderr.isatty() or os.environ.get("FROG_PROGRESS"))
    return _Bar(total, title, disable, shown)
