"""`frog tricks selfplay` and `frog tricks play`: Frog the card game at a table.

Argument parsing and printing only: the table is `solver.tricks.table`, the computer
players `solver.tricks.players`, the browser table `solver.play.table_server`. Registered
from `cli/tricks/__init__.py`.
"""
from __future__ import annotations

import argparse
import json
import time

from cli.errors import UserError
from cli.files import write_text
from cli.tricks.bid import table_of
from cli.tricks.common import load_deal, rule_options
from solver.answer import Exit
from solver.tricks import DEFAULT_SEED, Deal, format_cards

SELFPLAY_HELP = (
    "The computer plays one whole hand at every seat, each seat seeing only what a player "
    "at the table sees: its own cards, the calls, the cards played, the widow when a frog "
    "shows it, and the suits a player showed it lacks. Each decision deals the unseen cards "
    "at random many times consistently with that, solves every choice double dummy on each "
    "deal and takes the best average (the bid by its expected payment, a frog's discard and "
    "every card by the payment it leads to). The same DEAL, --seed and rules give the same "
    "hand. --line-out writes the line of play for 'frog tricks verify'.")


def register(commands: argparse._SubParsersAction) -> None:
    """Add `selfplay` and `play` to `frog tricks`."""
    selfplay = commands.add_parser(
        "selfplay", help="the computer plays a whole hand at every seat, seeing only its own",
        description=SELFPLAY_HELP,
        epilog="examples:\n  frog tricks selfplay 17\n"
        "  frog tricks selfplay 17 --json --line-out hand.txt\n"
        "  frog tricks verify 17 hand.txt\n"
        "  frog tricks selfplay 17 --scoring slough --seed 5\n\n"
        "How the computer decides: docs/tricks.md, Playing at the table.")
    selfplay.add_argument("deal", help="a deal number, or a deal file of three 11-card hands "
                          "and a widow of 3 (seat 1 is eldest)")
    selfplay.add_argument("--seed", type=int, default=DEFAULT_SEED,
                          help=f"seed of the computer's random deals (default {DEFAULT_SEED})")
    selfplay.add_argument("--line-out", metavar="FILE",
                          help="write the line of play (a contract was played) for verify")
    rule_options(selfplay)
    selfplay.set_defaults(func=run_selfplay)

    play = commands.add_parser(
        "play", help="play hands at a table in the browser against two computer players",
        description="Start a small server on this machine and open a table in the browser: "
        "you hold eleven cards, bid, pick up the widow and lay away three in a frog, and play "
        "the tricks against computer players that see only what their seats see (as in "
        "'frog tricks selfplay'). A refused card shows the rule that refuses it; a hint shows "
        "what the computer would do in your seat, and your last card can be taken back within "
        "its trick. After each hand the page shows the whole deal, the payment, the running "
        "score in chips, where the points went (the double-dummy analysis) and a replay. "
        "Hand k of a session is deal DEAL + k - 1; the deal passes to the left each hand; at "
        "a table of four or more the players who sit out a hand only pay or receive. Every "
        "action is stored (SQLite in the user's data directory, or --db) before the server "
        "answers, so a reload or a killed server loses nothing and --resume continues the "
        "last session with its score table. The server answers only on 127.0.0.1 and only "
        "to requests with the token in the printed URL.",
        epilog="examples:\n  frog tricks play\n"
        "  frog tricks play 17 --seat 2 --scoring slough --players 4 --no-browser --port 8766\n"
        "  frog tricks play --resume\n\n"
        "The table's API: docs/tricks.md, Playing at the table.")
    play.add_argument("deal", nargs="?", metavar="DEAL",
                      help="the first hand's deal number (default: a random one)")
    play.add_argument("--seat", type=int, default=1, metavar="N",
                      help="your place at the table, 1 to --players (default 1: eldest in the "
                      "first hand)")
    play.add_argument("--resume", action="store_true",
                      help="continue the session played last, with its own rules and "
                      "score table (the rule options are then not used)")
    play.add_argument("--db", metavar="FILE",
                      help="the games file (default $XDG_DATA_HOME/frog/games.sqlite, "
                      "else ~/.local/share/frog/games.sqlite)")
    play.add_argument("--port", type=int, default=0, help="the port (default: any free one)")
    play.add_argument("--no-browser", action="store_true",
                      help="do not open a browser; print the URL (with its token) first")
    rule_options(play)
    play.set_defaults(func=run_play)


def full_deal(deal: Deal, source: str) -> Deal:
    if deal.hand_size != 11 or len(deal.widow) != 3 or deal.leader != 1 or deal.taken != (0, 0):
        raise UserError(f"{source}: a hand at the table starts from a full deal: three hands "
                        f"of 11 cards, a widow of 3, seat 1 leading, nothing taken")
    return deal


def run_selfplay(args: argparse.Namespace) -> int:
    from solver.tricks.players import play_out, sampling_player
    from solver.tricks.search import solve
    from solver.tricks.table import Hand

    table = table_of(args)
    deal = full_deal(load_deal(args.deal), args.deal)
    if args.line_out:
        write_text(args.line_out, "")  # an unwritable path fails before the play
    hand = Hand(deal, table)
    started = time.perf_counter()
    play_out(hand, {1: sampling_player, 2: sampling_player, 3: sampling_player}, args.seed)
    seconds = time.perf_counter() - started
    rules, points = hand.rules, hand.bidder_points
    answer = {
        "deal": args.deal, "seed": args.seed, **table.to_json(),
        "auction": [{"seat": c.seat, "bid": c.bid, "trump": _trump(c), "raised": c.raised}
                    for c in hand.calls],
        "contract": rules.contract if rules else None,
        "trump": rules.trump_name if rules else None,
        "bidder": rules.bidder if rules else None,
        "discard": format_cards(hand.discard).split() if hand.discard else [],
        "points": points,
        "verdict": rules.verdict(points) if rules else None,
        "payment": rules.payment(points) if rules else 0,
        "double_dummy_points": solve(deal, rules).bidder_points if rules else None,
        "line": [[f"{s}:{c}" for s, c in (p.split(":") for p in row.split())]
                 for row in (hand.line_text().splitlines()[1:] if rules else [])],
        "seconds": round(seconds, 2),
    }
    if args.line_out:
        if rules is None:
            raise UserError("the hand was thrown in (all passed): no line to write")
        write_text(args.line_out, hand.line_text())
    if args.json:
        print(json.dumps(answer))
        return Exit.YES
    print("auction: " + ", ".join(hand.call_names()))
    if rules is None:
        print("all passed: the hand is thrown in, nobody pays")
        return Exit.YES
    print(f"contract: {rules.contract}, trumps {rules.trump_name}, bidder seat {rules.bidder}"
          + (f"; laid away {format_cards(hand.discard)}" if hand.discard else ""))
    for number, row in enumerate(answer["line"], 1):
        print(f"{number:>5}  {' '.join(row)}")
    print(f"bidder takes {points} points: {answer['verdict']}, payment {answer['payment']:+d} "
          f"(double dummy: {answer['double_dummy_points']}); {seconds:.1f} s")
    return Exit.YES


def _trump(call) -> str | None:
    from solver.tricks import SUIT_NAMES

    return SUIT_NAMES[call.trump] if call.trump is not None else None


def run_play(args: argparse.Namespace) -> int:
    import random
    import sqlite3
    import sys
    from dataclasses import asdict

    from cli.play import serve
    from solver.play.server import RANDOM_DEALS
    from solver.play.store import default_path
    from solver.play.table_server import TableServer
    from solver.play.table_store import TableStore

    if not 0 <= args.port <= 65535:
        raise UserError(f"--port must be 0-65535, not {args.port}")
    if args.resume and args.deal:
        raise UserError("give a DEAL or --resume, not both")
    table = table_of(args)
    if not 1 <= args.seat <= table.players:
        raise UserError(f"--seat must be a place at the table, 1 to {table.players}")
    if args.deal is not None and not (args.deal.isascii() and args.deal.isdigit()
                                      and 1 <= int(args.deal) <= 10 ** 20):
        raise UserError(f"DEAL must be a deal number, 1 to 10^20, not {args.deal!r}")
    path = args.db or default_path()
    try:
        store = TableStore(path)
    except (OSError, sqlite3.Error) as exc:
        raise UserError(f"cannot open the games file {path}: {exc}") from None
    if args.resume:
        session = store.last_table()
        if session is None:
            store.close()
            raise UserError(f"no session to resume in {store.path}")
    else:
        first = int(args.deal) if args.deal else random.randint(1, RANDOM_DEALS)
        session = store.create_table(asdict(table), first, args.seat)
        store.add_action(session, 1, "deal")
    try:
        server = TableServer(store, session, port=args.port)
    except OSError as exc:
        store.close()
        raise UserError(f"cannot listen on 127.0.0.1:{args.port}: {exc.strerror or exc}") \
            from None
    url = server.url()
    print(json.dumps({"url": url, "session": session}) if args.json else url, flush=True)
    print(f"frog tricks play: session {session}, stored in {store.path}; Ctrl-C stops",
          file=sys.stderr, flush=True)
    return serve(server, url, not args.no_browser,
                 "frog tricks play: stopped (every action is stored)")

