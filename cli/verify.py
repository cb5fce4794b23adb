"""`frog verify`: replay a move list from a deal; with --explain, find the move that lost the win."""
from __future__ import annotations

import argparse
import json

from cli.deal_source import add_deal_arguments, load_deal, read_text
from cli.errors import UserError
from cli.files import write_text
from cli.limits import duration
from cli.pages import add_html_argument, check_page_path
from solver.answer import Exit, Limits, Verdict
from solver.patience import Deal, Move, MoveListError, Replay, parse_move_list, replay
from solver.patience.explain import (EXPLAIN_SECONDS, SOLVE_MEMORY, SOLVE_SECONDS, Explanation,
                                     explain)
from solver.replay import Header, Refusal, patience_page


def register(sub: argparse._SubParsersAction) -> None:
    verify = sub.add_parser(
        "verify", help="replay a move list: valid and won, or the first illegal move",
        description="Replay a move list (one 'CARD SOURCE TARGET' per line) from a deal. "
        "Exit 0 when it is legal and wins, 1 when a move is illegal or the game is not won, "
        "2 when a file cannot be read. With --explain, a line that does not win is also "
        "searched for the move that lost the win: the positions along a line are winnable up "
        "to some move and unwinnable after it, so a few solves (each under --timeout) find "
        "it. A move is named the losing one only when the position before it is proved "
        "winnable and the one after it proved unwinnable; when a solve answers unknown, the "
        "answer names the moves between which the win was lost, and the exit code is 3.",
        epilog="examples:\n"
        "  frog solve my-deal.txt --moves-out win.txt && frog verify my-deal.txt win.txt\n"
        "  frog verify 3 moves.txt --html game.html\n"
        "  frog verify 1234 moves.txt --explain\n"
        "  frog verify 1234 moves.txt --explain --json")
    add_deal_arguments(verify, deal_optional=False)
    verify.add_argument("moves", metavar="MOVES", help="the move list file, or - for stdin")
    verify.add_argument("--json", action="store_true", help="print the outcome as JSON")
    add_html_argument(verify, "the game (the legal moves, then the first illegal one and why)")
    verify.add_argument("--explain", action="store_true",
                        help="for a legal line that does not win: which move lost the win, and "
                        "a move that would have kept it (JSON: losing_move, kept_by)")
    verify.add_argument("--timeout", type=duration, default=SOLVE_SECONDS, metavar="T",
                        help=f"with --explain: each solve's time limit, e.g. 2s, 1m (default "
                        f"{SOLVE_SECONDS:g}s); a solve that reaches it answers unknown")
    verify.add_argument("--total", type=duration, default=EXPLAIN_SECONDS, metavar="T",
                        help=f"with --explain: the time limit of all the solves together "
                        f"(default {EXPLAIN_SECONDS:g}s); the answer then names the moves "
                        f"between which the win was lost")
    verify.set_defaults(func=command_verify)


def command_verify(args: argparse.Namespace) -> int:
    check_page_path(args.html)
    deal, title = load_deal(args)
    try:
        numbered = parse_move_list(read_text(args.moves), deal.rules.waste_piles)
    except MoveListError as exc:
        raise UserError(f"{args.moves}: {exc}") from None
    result = replay(deal, [move for _, move in numbered], [line for line, _ in numbered])
    if result.valid and result.won:
        summary = f"valid, won in {result.moves_played} moves"
    elif result.valid:
        summary = (f"valid but not won: {result.moves_played} moves, "
                   f"{result.position.cards_left()} cards left")
    else:
        summary = f"illegal move on line {result.illegal_line}: {result.reason}"
    moves = [move for _, move in numbered]
    explained = None
    if args.explain and result.valid and not result.won:
        explained = explain(deal, moves, Limits(timeout=args.timeout, memory=SOLVE_MEMORY),
                            seconds=args.total)
    if args.json:
        answer = {"valid": result.valid, "won": result.won,
                  "moves": result.moves_played, "illegal_line": result.illegal_line,
                  "reason": result.reason, "cards_left": result.position.cards_left()}
        if explained is not None:
            answer["explain"] = explained.to_json()
            answer["losing_move"] = explained.losing_move
            answer["kept_by"] = answer["explain"]["kept_by"]
        print(json.dumps(answer))
    else:
        print(summary)
        if explained is not None:
            print(explained.summary())
            print("\n".join(explained.proof()))
    if args.html:
        write_text(args.html, _verify_page(deal, title, args.moves, moves, result, summary))
    if result.valid and result.won:
        return Exit.YES
    return Exit.UNKNOWN if explained is not None and _open(explained) else Exit.NO


def _open(explained: Explanation) -> bool:
    """Whether unknown answers left the question open (exit code 3)."""
    return explained.losing_move is None and (explained.between is not None
                                              or explained.end is Verdict.UNKNOWN)


def _verify_page(deal: Deal, title: str, source: str, moves: list[Move], result: Replay,
                 summary: str) -> str:
    """The replay page of a checked move list: its legal moves, then the refused one."""
    refusal = None
    if not result.valid:
        refusal = Refusal(result.illegal_line or 0, str(moves[result.moves_played]),
                          result.reason or "")
    tone = "good" if result.valid and result.won else "bad"
    verdict = summary.split(":", 1)[0]
    note = None if tone == "good" else summary
    header = Header(title, verdict, tone, [("move list", source), ("variant", deal.rules.variant)],
                    note, deal_text=deal.to_text(title))
    return patience_page(deal, header, moves[:result.moves_played], refusal)
