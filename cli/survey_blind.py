"""`frog survey --policy NAME`: play each deal once without peeking into the survey store
(docs/blind.md, Blind surveys)."""
from __future__ import annotations

import argparse
import sys

from cli.blind_options import policy_from
from cli.errors import UserError
from cli.survey_run import engine_deals_and_rules, open_store, progress_bar, run_parts
from solver.answer import Exit
from solver.survey import label
from solver.survey.blind_work import BlindJob

#: The open survey's options that mean nothing to a blind game, which always ends.
OPEN_ONLY = {"timeout": "--timeout", "max_nodes": "--max-nodes", "retry_unknown":
             "--retry-unknown"}


def blind_survey(args: argparse.Namespace) -> int:
    """Play every deal of --deals not yet stored under the policy's label, saving each game
    as it ends; Ctrl-C keeps every saved game (exit 3), a rerun continues."""
    policy_from(args)  # an unknown name is refused before anything is read
    given = [option for key, option in OPEN_ONLY.items() if getattr(args, key)]
    if args.method != "search":
        given.append("--method")
    if given:
        raise UserError(f"{given[0]} is for open surveys: a blind game (--policy) needs no "
                        "limit and no method")
    deals, rules = engine_deals_and_rules(args)
    job = BlindJob(label(rules), rules, args.policy, args.seed)
    with open_store(args.db) as store:
        done = store.done(job.label)
        todo = [number for number in deals if number not in done]
        workers = f"{args.jobs} job(s)" if args.jobs else "the Ray cluster's CPUs"
        print(f"{job.label}: {len(deals)} deals, {len(deals) - len(todo)} already in {args.db}, "
              f"{len(todo)} to play with {workers} (seed {args.seed} + deal number)",
              file=sys.stderr)
        bar = progress_bar(len(todo), job.label, args.no_progress, {"won": "won", "lost": "lost"})
        if not run_parts(store, [(job, todo)], args, bar):
            return Exit.UNKNOWN
    print(f"{job.label}: done, {bar.saved} deals played this run ({bar.counts['won']} won, "
          f"{bar.counts['lost']} lost); see 'frog report {args.db}'", file=sys.stderr)
    return Exit.YES
