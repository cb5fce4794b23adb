"""`frog tricks bid` and `frog tricks auction`: bidding advice from sampled deals.

Argument parsing and printing only; the answers come from `solver.tricks.bidding` and
`solver.tricks.auction`. Registered from `cli/tricks.py`.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from cli.errors import UserError
from cli.jobs import default_jobs, jobs_from
from cli.tricks.common import load_deal, rule_options, solution_json
from cli.tricks.display import cards_text, solution_rows
from solver.answer import Exit
from solver.tricks import (DEFAULT_SAMPLES, DEFAULT_SEED, NOTE, SUIT_NAMES, CardError, Deal,
                           RulesError, Table, card_name, parse_card,
                           points_of)

if TYPE_CHECKING:  # solver.tricks loads the compiled search with these names
    from solver.tricks import Advice, Auction

#: `--exact` refuses deals with more distributions of the unseen cards than this.
MAX_EXACT = 200_000


def register(commands: argparse._SubParsersAction) -> None:
    """Add `bid` and `auction` to `frog tricks`."""
    bid = commands.add_parser(
        "bid", help="bidding advice from one hand: every contract's chances and expected payment",
        description="Bidding advice from the 11 cards a player holds before the auction. "
        "The unseen cards (the other two hands and the widow) are dealt at random --samples "
        "times from a printed seed; on each sample every contract the seat may bid (frog "
        "with its best discard, chico in each trump, grand) is solved double dummy. For each "
        "contract: the probability of making it, the mean and spread of the bidder's points "
        "and the expected payment, each with a 95% confidence interval; the recommended bid "
        "is the one with the highest expected payment, or pass when none is above 0. "
        "Double-dummy values assume every card is visible, so they overstate a declarer who "
        "cannot see the other hands: treat them as an upper estimate.",
        epilog='examples:\n  frog tricks bid "AH TH KH QH 9H 8H AC TC KS 7D 6D" --seat 1\n'
        "  frog tricks bid deal.txt --seat 2 --samples 500 --jobs 2 --json")
    bid.add_argument("hand", help='the 11 cards in quotes ("AH TH KH ..."), or a deal file '
                     "(or deal number) whose --seat hand is used; the rest of a deal is ignored")
    bid.add_argument("--seat", type=int, choices=(1, 2, 3), required=True,
                     help="the seat bidding: 1 is eldest and leads to the first trick")
    _advice_options(bid)
    rule_options(bid)
    bid.set_defaults(func=run_bid)

    auction = commands.add_parser(
        "auction", help="the whole auction, every seat bidding on its own hand, then the play",
        description="One round of bidding as the sources give it: from eldest (seat 1), each "
        "player passes or names a game higher than any named so far (frog < chico < grand); "
        "a player whose frog is overcalled by chico may at once raise to grand; the highest "
        "game named is played, exactly that one; if all pass the deal is thrown in. Every "
        "seat follows `frog tricks bid` on its own 11 cards (asked only about the games it "
        "may still name): it names the one with the highest expected payment if above 0. "
        "The winning contract is then played double dummy. Seat s samples with seed "
        "SEED + s - 1. Rules and their reading: docs/tricks.md.",
        epilog="examples:\n  frog tricks auction deal.txt --samples 100 --jobs 2")
    auction.add_argument("deal", help="deal file (or a deal number)")
    _advice_options(auction)
    rule_options(auction)
    auction.set_defaults(func=run_auction_command)




def _advice_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES,
                        help=f"random deals of the unseen cards (default {DEFAULT_SAMPLES})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help=f"seed of the random deals (default {DEFAULT_SEED}; printed)")
    parser.add_argument("--jobs", metavar="N", default=None,
                        help=f"worker processes, each solving whole samples (default: every "
                        f"core, here {default_jobs()}; the answer does not depend on it)")
    parser.add_argument("--exact", action="store_true",
                        help="average over every distribution of the unseen cards instead of "
                        "samples (reduced deals only: at most %d distributions)" % MAX_EXACT)
    parser.add_argument("--ascii", action="store_true", help="card letters instead of suit symbols")


def _progress_line(unit: str):
    """A progress printer for long runs, on standard error and only on a terminal (so
    pipes, files and tests see nothing of it); None otherwise."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int, prefix: str = "") -> None:
        print(f"\r{prefix}{done}/{total} {unit} solved", end="", file=sys.stderr, flush=True)
    return show


def _progress_done() -> None:
    if sys.stderr.isatty():
        print("\r\033[K", end="", file=sys.stderr, flush=True)


def table_of(args: argparse.Namespace) -> Table:
    """The rule parameters of the command line, checked once (one line on error)."""
    table = Table(args.target, args.must_overtrump, args.scoring, args.players,
                  args.penalty_frog, args.inactive)
    try:
        table.check()
    except RulesError as exc:
        raise UserError(str(exc)) from None
    return table


def check_sampling(args: argparse.Namespace, deal: Deal, seat: int) -> None:
    """--samples and --exact are possible for this deal (one line on error)."""
    from solver.tricks import distributions

    if args.samples < 2:
        raise UserError("--samples must be at least 2")
    if args.exact and distributions(deal, seat) > MAX_EXACT:
        raise UserError(f"--exact would solve {distributions(deal, seat):,} distributions "
                        f"(at most {MAX_EXACT:,}): use it on reduced deals, or sample")


def load_hand(text: str, seat: int) -> Deal:
    """A deal from a deal file or number, or from an 11-card hand given at `seat`."""
    from solver.tricks import hand_deal

    words = text.replace(",", " ").split()
    if Path(text).exists() or len(words) == 1:  # a file, a deal number, or a missing file
        return load_deal(text)
    try:
        cards = [parse_card(w) for w in words]
    except CardError as exc:
        raise UserError(f"{exc} (give 11 cards in quotes, or a deal file)") from None
    if len(cards) != 11 or len(set(cards)) != 11:
        raise UserError(f"a hand has 11 different cards, not {len(set(cards))} "
                        f"(or give a deal file)")
    return hand_deal(cards, seat)


def run_bid(args: argparse.Namespace) -> int:
    from solver.tricks import advise

    deal = load_hand(args.hand, args.seat)
    table = table_of(args)
    check_sampling(args, deal, args.seat)
    jobs = jobs_from(args.jobs)
    started = time.perf_counter()
    advice = advise(deal, args.seat, table, args.samples, args.seed, jobs, args.exact,
                    progress=_progress_line("samples"))
    _progress_done()
    seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps(advice_json(advice, table, seconds)))
    else:
        print_advice(advice, table, seconds, args.ascii, jobs)
    return Exit.YES


def advice_json(advice: Advice, table: Table, seconds: float) -> dict:
    best = advice.recommended
    return {
        "seat": advice.seat, "hand": [card_name(c) for c in sorted(advice.hand)],
        "exact": advice.exact, "samples": advice.estimates[0].samples if advice.estimates else 0,
        "seed": advice.seed,
        "contracts": [{
            "contract": e.contract, "trump": _suit(e.trump), "p_make": _r(e.p_make),
            "p_make_ci": _r(e.p_make_ci), "mean_points": _r(e.mean_points),
            "sd_points": _r(e.sd_points), "mean_points_ci": _r(e.mean_points_ci),
            "mean_payment": _r(e.mean_payment), "sd_payment": _r(e.sd_payment),
            "mean_payment_ci": _r(e.mean_payment_ci)} for e in advice.estimates],
        "recommended": {"bid": best.contract if best else "pass",
                        "trump": _suit(best.trump) if best else None,
                        "mean_payment": _r(best.mean_payment) if best else 0.0},
        **table.to_json(), "note": NOTE, "seconds": round(seconds, 3),
    }


def _r(value):
    """Four decimals are far below the sampling error; more only hide the figures."""
    if isinstance(value, tuple):
        return [round(v, 4) for v in value]
    return round(value, 4)


def _suit(trump: int) -> str:
    return SUIT_NAMES[trump]


def print_advice(advice: Advice, table: Table, seconds: float, ascii_only: bool,
                 jobs: int) -> None:
    n = advice.estimates[0].samples if advice.estimates else 0
    print(f"seat {advice.seat} holds {cards_text(advice.hand, ascii_only)}"
          + (" (eldest: leads to the first trick)" if advice.seat == 1 else ""))
    if advice.exact:
        print(f"every one of the {n} distributions of the unseen cards, solved double dummy")
    else:
        print(f"{n} random deals of the unseen cards (seed {advice.seed}; --seed, --samples "
              f"to change), each solved double dummy")
    print(f"scoring {table.scoring}, target {table.target}, {table.players} players"
          + (", penalty frog" if table.penalty_frog else "")
          + (f", inactive players {table.inactive}" if table.players > 3 else ""))
    print(f"{'contract':<16}{'P(make) [95% CI]':<21}{'points: mean, sd [95% CI]':<31}"
          f"expected payment [95% CI]")
    for e in advice.estimates:
        print(f"{e.name:<16}{e.p_make:>4.2f} [{e.p_make_ci[0]:.2f}, {e.p_make_ci[1]:.2f}]    "
              f"{e.mean_points:>5.1f}, {e.sd_points:>4.1f} [{e.mean_points_ci[0]:5.1f}, "
              f"{e.mean_points_ci[1]:5.1f}]    {e.mean_payment:>+7.1f} "
              f"[{e.mean_payment_ci[0]:+.1f}, {e.mean_payment_ci[1]:+.1f}]")
    best = advice.recommended
    if best is None:
        print("recommended: pass (no contract is expected to win; passing pays 0)")
    else:
        runner = sorted(advice.estimates, key=lambda e: -e.mean_payment)[1:2]
        close = (f"; next best {runner[0].name} {runner[0].mean_payment:+.1f}"
                 if runner else "")
        print(f"recommended: {best.name} (expected payment {best.mean_payment:+.1f} a hand"
              f"{close}; passing pays 0)")
    print(f"note: {NOTE}")
    print(f"solved {n * len(advice.estimates)} contracts in {seconds:.1f} s ({jobs} job"
          f"{'s' if jobs > 1 else ''})")


def run_auction_command(args: argparse.Namespace) -> int:
    from solver.tricks import run_auction

    deal = load_deal(args.deal)
    table = table_of(args)
    if args.exact:
        raise UserError("auction samples; --exact is for bid")
    for seat in (1, 2, 3):
        check_sampling(args, deal, seat)
    jobs = jobs_from(args.jobs)
    show = _progress_line("samples")
    result = run_auction(deal, table, args.samples, args.seed, jobs,
                         (lambda seat, done, total: show(done, total, f"seat {seat}: "))
                         if show else None)
    _progress_done()
    if args.json:
        print(json.dumps(auction_json(result, table)))
        return Exit.YES
    a = args.ascii
    n = args.samples
    print(f"auction: each seat bids on its own hand, {n} random deals of its unseen cards "
          f"(seeds {args.seed}, {args.seed + 1}, {args.seed + 2} for seats 1, 2, 3)")
    for call in result.calls:
        advice = result.advice.get(call.seat)
        if call.raised:
            why = f"raises after the chico overcall: grand expected {call.expected:+.1f}"
        elif advice is None:
            why = "nothing higher may be named"
        else:
            why = ", ".join(f"{e.name} {e.mean_payment:+.1f}" for e in advice.estimates)
            why = "expected payments: " + why
        print(f"  seat {call.seat}: {call.name:<15} ({why})")
    print(f"note: {NOTE}")
    if result.solution is None:
        print("all pass: the deal is thrown in")
        return Exit.YES
    s = result.solution
    rules = s.rules
    print(f"contract: {rules.contract}, trumps {rules.trump_name}, bidder seat {rules.bidder}; "
          f"target {rules.target}, scoring {rules.scoring}, {rules.players} players")
    if rules.contract == "frog":
        print(f"widow: {cards_text(s.deal.widow, a)}; discard: {cards_text(s.discard, a)} "
              f"({points_of(s.discard)} points)")
    else:
        print(f"widow: {cards_text(s.deal.widow, a)} ({points_of(s.deal.widow)} points)")
    print(f"played double dummy: bidder {s.bidder_points} -> {s.verdict}, payment {s.payment:+d}")
    for row in solution_rows(s, a):
        print("  " + row)
    return Exit.YES


def auction_json(result: Auction, table: Table) -> dict:
    return {
        "calls": [{"seat": c.seat, "bid": c.bid,
                   "trump": _suit(c.trump) if c.trump is not None else None,
                   "expected_payment": c.expected, "raised": c.raised} for c in result.calls],
        "advice": {str(seat): advice_json(a, table, 0.0)["contracts"]
                   for seat, a in result.advice.items()},
        "contract": solution_json(result.solution) if result.solution else None,
        "thrown_in": result.solution is None, "note": NOTE,
    }
