"""`frog tricks verify DEAL LINE`: replay a line of play card by card through the rules
engine, refusing the first illegal card (exit 1); `--explain` hands over to the analysis."""
from __future__ import annotations

import argparse
import json

from cli.errors import UserError
from cli.tricks import analyse
from cli.tricks.common import load_deal, read_text, rule_options
from solver.answer import Exit
from solver.tricks import IllegalPlay, LineError, RulesError, parse_line, replay


def register(commands: argparse._SubParsersAction) -> None:
    verify = commands.add_parser(
        "verify", help="replay a line of play, refusing the first illegal card (exit 1)",
        epilog="examples:\n"
        "  frog tricks solve 17 --contract grand --bidder 2 --line-file line.txt\n"
        "  frog tricks verify 17 line.txt\n"
        "  frog tricks verify 17 line.txt --explain")
    verify.add_argument("deal", help="deal file (or a deal number)")
    verify.add_argument("line", help="line file: a contract header, then one trick a line")
    rule_options(verify)
    analyse.add_explain_option(verify)
    verify.set_defaults(func=run_verify)



def run_verify(args: argparse.Namespace) -> int:
    deal = load_deal(args.deal)
    try:
        line = parse_line(read_text(args.line))
        rules = line.rules(target=args.target, must_overtrump=args.must_overtrump,
                           scoring=args.scoring, players=args.players,
                           penalty_frog=args.penalty_frog, inactive=args.inactive)
    except (LineError, RulesError) as exc:
        raise UserError(f"{args.line}: {exc}") from None
    try:
        game = replay(deal, rules, line.discard, line.tricks)
    except IllegalPlay as exc:
        where = f"line {line.file_lines[exc.trick - 1]}: " if exc.trick else ""
        _verdict(args, False, f"{args.line}: {where}{exc}")
        return Exit.NO
    if not game.finished:
        left = len(game.hands[0]) + (1 if game.trick else 0)
        _verdict(args, False, f"{args.line}: the line stops with {left} trick(s) still to play")
        return Exit.NO
    if args.explain:
        return analyse.run_explain(args, deal, line, rules)
    points = game.points[0]
    _verdict(args, True, f"legal: {len(line.tricks)} tricks; bidder (seat {rules.bidder}) "
             f"takes {points} points: {rules.verdict(points)}, payment {rules.payment(points):+d}",
             {"bidder_points": points, "made": rules.verdict(points) == "made",
              "verdict": rules.verdict(points), "payment": rules.payment(points)})
    return Exit.YES


def _verdict(args: argparse.Namespace, legal: bool, message: str, extra: dict | None = None) -> None:
    if args.json:
        print(json.dumps({"legal": legal, "message": message, **(extra or {})}))
    else:
        print(message)
