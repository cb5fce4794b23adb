"""`frog solve`: decide a deal and print the verdict, the loss reason or the winning line,
and with --stats the search's counters."""
from __future__ import annotations

import argparse
import json
import sys

from cli.deal_source import add_deal_arguments, load_deal
from cli.files import write_text
from cli.lines import numbered_moves, write_move_list
from cli.live_line import LiveLine
from cli.jobs import default_jobs, jobs_from
from cli.errors import UserError
from cli.limits import add_limit_arguments, limits_from
from cli.pages import add_html_argument, check_page_path
from solver.answer import Result, exit_code
from solver.patience import METHODS, NOISE, Deal, decide, default_method
from solver.patience.search import SEQUENCES
from solver.replay import Header, patience_page

MAX_NOISE = 1_000_000  # the kernel draws noise x 1000 in 64 bits


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "solve", help="decide whether a deal is winnable, and print a winning line",
        description="Decide a deal under perfect play (every card known). Answers winnable "
        "(with a move list the rules engine has replayed), unwinnable (the search space was "
        "exhausted) or unknown (a limit was reached, or Ctrl-C). When a loss follows from "
        "counting alone (the reserve or a pile holds a card that can never go up), it also "
        "says why, in terms you can check by hand. Exit 0 winnable, 1 unwinnable, "
        "3 unknown, 2 bad input.",
        epilog="examples:\n  frog solve\n  frog solve 1234 --variant pysol-frog\n"
        "  frog solve my-deal.txt --moves-out win.txt && frog verify my-deal.txt win.txt\n"
        "  frog solve 1234 --variant pysol-frog --html win.html\n"
        "  frog solve 117                             # a lost deal, and why\n"
        "  frog solve 99 --stats                       # nodes, seconds and the search's counters\n"
        "  frog solve 99 --json\n  frog solve 99 --max-nodes 10M --timeout 30s --memory 1G\n"
        "  frog solve 114 --jobs 2 --timeout 5m   # two restart sequences on two cores\n"
        "  frog solve 16 --variant sir-tommy --timeout 2m  # search + CP-SAT, Sir Tommy's way\n"
        "  frog solve 39 --jobs 1 --max-nodes 1M  # one core: the same nodes on every run")
    add_deal_arguments(parser)
    parser.add_argument("--method", choices=METHODS, default=None,
                        help="search: the compiled depth-first search, with beam searches "
                        "beside its restarts once a deal has taken 200K nodes (the default, "
                        "the strongest measured on the two-deck games); cpsat: the OR-Tools model "
                        "(give --timeout); brute: unpruned search, small games only; "
                        "portfolio (the default for Sir Tommy): with --jobs 2 or more, one "
                        "core runs its restart sequence for 10M nodes (or a quarter of "
                        "--timeout, if sooner) and then CP-SAT, beside "
                        "the other sequences (CP-SAT won every Sir Tommy deal of 1-100 the "
                        "search left open); on one core, the search, then CP-SAT when the "
                        "search hits --timeout")
    parser.add_argument("--noise", type=int, default=NOISE, metavar="N",
                        help=f"restart noise: each restart adds random 0..N-1 to the pile "
                        f"scores (10-100) (default {NOISE}; 60 or 120 find some wins that "
                        f"{NOISE} misses, and miss others)")
    parser.add_argument("--jobs", "-j", metavar="N", default=None,
                        help=f"processes for the search (default: every core, here "
                        f"{default_jobs()}; used by the search and the portfolio). Every deal "
                        f"gets the same strategy: {SEQUENCES} restart sequences with different "
                        f"seeds and noise (--noise and 3 x --noise alternating, cycled in all "
                        f"but the first), interleaved restart by restart in one process with "
                        f"--jobs 1, spread over N processes otherwise (more jobs than "
                        f"sequences add sequences); the first to decide answers. Processes "
                        f"start only for a deal that a first try of a fraction of a second "
                        f"leaves open. With N > 1 which sequence answers first varies with "
                        f"timing, so --jobs 1 is the reproducible choice (the same nodes "
                        f"every run). --max-nodes and --memory are totals over the N "
                        f"processes")
    add_limit_arguments(parser)
    parser.add_argument("--moves-out", metavar="FILE",
                        help="write a winning line in the move-list format (for frog verify)")
    add_html_argument(parser, "the answer (the winning line move by move, or the deal)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--stats", action="store_true",
                        help="also print the method, nodes, seconds and nodes/s, and the "
                        "search's counters (table hits and stores, prunes, restarts, beams, "
                        "...); --json always has them")
    parser.add_argument("--quiet", "-q", action="store_true",
                        help="print the verdict (and with --stats the counters), not the move "
                        "list")
    parser.set_defaults(func=command_solve)


def command_solve(args: argparse.Namespace) -> int:
    deal, title = load_deal(args)
    limits = limits_from(args)
    check_page_path(args.html)
    args.method = args.method or default_method(deal.rules)
    if args.method == "cpsat" and limits.timeout is None:
        print("frog: note: --method cpsat without --timeout may run for a long time",
              file=sys.stderr)
    jobs = jobs_from(args.jobs)
    if args.method not in ("search", "portfolio"):
        jobs = 1  # CP-SAT and the brute force run in this process
    meter = _ProgressLine(jobs) if sys.stderr.isatty() and not args.json else None
    try:
        if not 1 <= args.noise <= MAX_NOISE:
            raise UserError(f"--noise must be 1 to {MAX_NOISE:,}, not {args.noise}")
        result = decide(deal, args.method, limits, meter, noise=args.noise, jobs=jobs)
    finally:
        if meter:
            meter.clear()
    if args.moves_out and result.moves:
        write_move_list(args.moves_out, result.moves, f"winning line for {title}")
    if args.html:
        write_text(args.html, patience_page(deal, _page_header(result, deal, title),
                                            result.moves or []))
    if args.json:
        print(json.dumps({**_as_json(result, deal, title, limits), "jobs": jobs}))
    else:
        print(_as_text(result, title, args.quiet, args.stats))
    return exit_code(result.verdict)


def _as_text(result: Result, title: str, quiet: bool, stats: bool) -> str:
    """What a player reads: the verdict, why a lost deal is lost when counting shows it, and
    the winning line; the search's figures only when asked for (`stats`)."""
    verdict = result.verdict + (f" ({result.reason})" if result.reason else "")
    lines = [f"{title}: {verdict}"]
    if stats:
        rate = result.stats.get("nodes_per_second", 0)
        lines.append(f"method {result.method}, {result.nodes:,} nodes, {result.seconds:.3f} s"
                     + (f", {rate:,.0f} nodes/s" if rate else ""))
        details = ", ".join(f"{key} {value}" for key, value in _stat_items(result))
        if details:
            lines.append(details)
    if result.why is not None:
        lines += result.why.lines()
    if result.moves and not quiet:
        lines.append(f"Winning line ({len(result.moves)} moves):")
        lines += numbered_moves(result.moves)
    return "\n".join(lines)


def _stat_items(result: Result) -> list[tuple[str, str]]:
    """The solver's counters in words: ("table hits", "1,452"), ..."""
    return [(key.replace("_", " "), f"{value:,}") for key, value in result.stats.items()
            if key != "nodes_per_second" and isinstance(value, int)]


def _page_header(result: Result, deal: Deal, title: str) -> Header:
    """The replay page's header: the verdict, the solver's statistics, and in words what
    the page shows (the winning line, or the deal with the reason there is no line)."""
    rate = result.stats.get("nodes_per_second", 0)
    facts = [("variant", deal.rules.variant), ("method", result.method),
             ("nodes", f"{result.nodes:,}"), ("time", f"{result.seconds:.3f} s")]
    facts += [("nodes/s", f"{rate:,.0f}")] if rate else []
    if result.verdict == "winnable":
        note = (f"A winning line of {len(result.moves or [])} moves, replayed by the rules "
                f"engine; every card's place is known (open play).")
        tone = "good"
    elif result.verdict == "unwinnable":
        note = ("Unwinnable: the search space was exhausted, so no sequence of moves wins "
                "this deal even with every card known. The deal is shown as dealt.")
        if result.why is not None:
            note += " " + " ".join(line.strip() for line in result.why.lines())
        tone = "bad"
    else:
        note = (f"Unknown: the search stopped ({result.reason}) before deciding. The deal is "
                f"shown as dealt; a larger limit may decide it.")
        tone = "unknown"
    verdict = result.verdict + (f" ({result.reason})" if result.reason else "")
    return Header(title, verdict, tone, facts, note, _stat_items(result), deal.to_text(title))


def _as_json(result: Result, deal, title: str, limits) -> dict:
    return {
        "deal": title,
        "verdict": result.verdict,
        "reason": result.reason,
        "moves": [str(move) for move in result.moves] if result.moves else None,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 6),
        "variant": deal.rules.variant,
        "rules": deal.rules.parameters(),
        "method": result.method,
        "limits": {"max_nodes": limits.max_nodes, "timeout": limits.timeout,
                   "memory": limits.memory},
        "stats": result.stats,
        "loss_reason": result.why.as_json() if result.why is not None else None,
    }


class _ProgressLine(LiveLine):
    """A live line on stderr once a search has run for a second: nodes, rate, elapsed (with
    --jobs, the nodes and restarts of all processes together)."""

    def __init__(self, jobs: int = 1) -> None:
        super().__init__()
        self.jobs = jobs

    def __call__(self, nodes: int, seconds: float, restarts: int) -> None:
        rate = nodes / seconds if seconds else 0
        where = f"restarts {restarts} on {self.jobs} jobs" if self.jobs > 1 \
            else f"restart {restarts}"
        self.show(seconds, f"{nodes:>14,} nodes  {rate / 1e6:6.2f} M/s  {seconds:8.1f} s  "
                  f"{where}")
