"""`frog tricks solve`: the bidder's points under perfect play (double dummy), the payment and
an optimal line, for one contract or every contract (`--all`)."""
from __future__ import annotations

import argparse
import json
import time
from typing import TYPE_CHECKING

from cli.errors import UserError
from cli.files import write_text
from cli.pages import add_html_argument, check_page_path
from cli.tricks.common import (contract_line, contract_options, load_deal, rule_options,
                               solution_json)
from cli.tricks.display import solution_rows
from solver.answer import Exit
from solver.replay import Header, tricks_page
from solver.tricks import (CardError, Rules, RulesError, format_cards, format_header,
                           format_trick, parse_suit, points_of, winning_index)

if TYPE_CHECKING:  # solver.tricks loads the compiled search with this name
    from solver.tricks import Solution


def register(commands: argparse._SubParsersAction) -> None:
    solve_parser = commands.add_parser(
        "solve", help="the bidder's points under perfect play, the payment and a line",
        epilog="examples:\n  frog tricks solve 17 --contract grand --bidder 2\n"
        "  frog tricks solve 17 --all --stats\n"
        "  frog tricks solve deal.txt --contract frog --bidder 1 --json")
    solve_parser.add_argument("deal", help="deal file (or a deal number)")
    contract_options(solve_parser)
    solve_parser.add_argument("--all", action="store_true",
                              help="every contract (and chico trump) for every seat")
    solve_parser.add_argument("--line-file", metavar="PATH",
                              help="also write the line of play to PATH (for verify)")
    add_html_argument(solve_parser, "the optimal line, trick by trick")
    solve_parser.add_argument("--ascii", action="store_true",
                              help="card letters instead of suit symbols in the trick table")
    solve_parser.add_argument("--stats", action="store_true",
                              help="also print the search's nodes and seconds (--json always "
                              "has the nodes)")
    rule_options(solve_parser)
    solve_parser.set_defaults(func=run_solve)



def run_solve(args: argparse.Namespace) -> int:
    check_page_path(args.html)
    if args.html and args.all:
        raise UserError("--html needs a single contract, not --all")
    from solver.tricks import solve, solve_all

    deal = load_deal(args.deal)
    started = time.perf_counter()
    try:
        if args.all:
            if args.contract or args.trump or args.bidder:
                raise UserError("--all takes no --contract, --trump or --bidder")
            solutions = solve_all(deal, args.target, args.must_overtrump, args.scoring,
                                  args.players, args.penalty_frog, args.inactive)
        else:
            solutions = [solve(deal, _rules(args))]
    except RulesError as exc:
        raise UserError(str(exc)) from None
    seconds = time.perf_counter() - started
    if args.line_file:
        if args.all:
            raise UserError("--line-file needs a single contract, not --all")
        write_text(args.line_file, _line_text(solutions[0]))
    if args.html:
        write_text(args.html, _page(solutions[0], args.deal, seconds))
    if args.json:
        objects = [solution_json(s) for s in solutions]
        print(json.dumps(objects if args.all else objects[0]))
    elif args.all:
        _print_table(solutions, seconds if args.stats else None)
    else:
        _print_solution(solutions[0], seconds if args.stats else None, args.ascii)
    return Exit.YES


def _rules(args: argparse.Namespace) -> Rules:
    if not args.contract or not args.bidder:
        raise UserError("solve needs --contract and --bidder (or --all)")
    try:
        if args.contract == "chico":
            if not args.trump:
                raise UserError("a chico needs --trump clubs, diamonds or spades")
            trump = parse_suit(args.trump)
        else:
            trump = parse_suit(args.trump or "hearts")
        return Rules(args.contract, args.bidder, trump, args.target, args.must_overtrump,
                     args.scoring, args.players, args.penalty_frog, args.inactive)
    except (CardError, RulesError) as exc:
        raise UserError(str(exc)) from None


def _page(solution: Solution, source: str, seconds: float) -> str:
    """The replay page of a solution: the verdict, the contract and the optimal line."""
    rules = solution.rules
    tone = {"made": "good", "lost": "bad"}.get(solution.verdict, "unknown")
    facts = [("contract", rules.contract), ("trumps", rules.trump_name),
             ("bidder", f"seat {rules.bidder}"), ("target", str(rules.target)),
             ("payment", f"{solution.payment:+d}"), ("nodes", f"{solution.nodes:,}"),
             ("time", f"{seconds:.3f} s")]
    details = [("must-overtrump", "on" if rules.must_overtrump else "off"),
               ("scoring", rules.scoring), ("players", str(rules.players))]
    note = ("The bidder's points under perfect play by all three, every card visible "
            "(double dummy); the line was replayed by the rules engine.")
    header = Header(f"Frog hand {source}", f"{solution.bidder_points} points: {solution.verdict}",
                    tone, facts, note, details, solution.deal.to_text())
    return tricks_page(solution.deal, rules, solution.discard, solution.line, header)


def _line_text(solution: Solution) -> str:
    """The line file of a solution, each trick annotated with its winner and points."""
    rules = solution.rules
    rows = [format_header(rules, solution.discard)]
    for trick in solution.line:
        cards = [c for _, c in trick]
        winner = trick[winning_index(cards, rules.trump)][0]
        rows.append(f"{format_trick(trick):<17} # seat {winner} wins {points_of(cards)}")
    return "\n".join(rows) + "\n"


def _print_solution(solution: Solution, seconds: float | None, ascii_only: bool = False) -> None:
    """The contract, the bidder's points and the optimal line; with `seconds` (--stats) the
    search's time and nodes too."""
    rules, deal = solution.rules, solution.deal
    banked = points_of(solution.discard) if rules.contract == "frog" else points_of(deal.widow)
    print(contract_line(rules))
    if rules.contract == "frog":
        print(f"discard: {format_cards(solution.discard) or '-'} ({banked} points)")
    else:
        print(f"widow: {format_cards(deal.widow) or '-'} ({banked} points)")
    print(f"bidder's points under perfect play: {solution.bidder_points} -> {solution.verdict}, "
          f"payment {solution.payment:+d}")
    if seconds is not None:
        print(f"solved in {seconds:.3f} s, {solution.nodes:,} nodes")
    print("optimal line (replayed and checked; --line-file writes it for verify):")
    for row in solution_rows(solution, ascii_only):
        print(row)


def _print_table(solutions: list[Solution], seconds: float | None) -> None:
    """`--all`: one row per contract and seat; with `seconds` (--stats) the time taken."""
    print(f"{'seat':<5}{'contract':<10}{'trumps':<10}{'points':>6}  {'result':<9}"
          f"{'payment':>8}  discard")
    for s in solutions:
        r = s.rules
        print(f"{r.bidder:<5}{r.contract:<10}{r.trump_name:<10}{s.bidder_points:>6}  "
              f"{s.verdict:<9}{s.payment:>+8}  {format_cards(s.discard) or '-'}")
    if seconds is not None:
        print(f"solved {len(solutions)} contracts in {seconds:.2f} s, "
              f"{sum(s.nodes for s in solutions):,} nodes")
