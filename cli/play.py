"""`frog play`: serve the game on this machine and open it in the browser."""
from __future__ import annotations

import argparse
import random
import signal
import sqlite3
import sys
import webbrowser

from cli.deal_source import add_rule_arguments, load_deal
from cli.errors import UserError
from solver.answer import Exit


def register(sub: argparse._SubParsersAction) -> None:
    play = sub.add_parser(
        "play", help="play a deal in the browser, with a hint, a peek and the losing move",
        description="Start a small server on this machine and open the game in the browser: "
        "click the turned card, then a waste pile or a foundation; click a reserve or pile "
        "top to play it up. The hint never looks at the stock; the peek does (it solves the "
        "position), and the page counts both. When the game ends, it tells whether the deal "
        "was winnable and which move lost the win. Every game and move is stored (SQLite in "
        "the user's data directory, or --db) before the server answers, so a reload or a "
        "killed server loses nothing. The server answers only on 127.0.0.1 unless --host "
        "names another address, and only to requests with the token in the printed URL.",
        epilog="examples:\n  frog play\n  frog play 1234 --variant fanny\n"
        "  frog play --no-browser --port 8765\n  frog play --resume\n\n"
        "The server's API: docs/play.md.")
    play.add_argument("deal", nargs="?", metavar="DEAL",
                      help="a deal number or a deal file (default: a random deal)")
    add_rule_arguments(play)
    play.add_argument("--resume", action="store_true",
                      help="reopen the game played last instead of starting one")
    play.add_argument("--db", metavar="FILE",
                      help="the games file (default $XDG_DATA_HOME/frog/games.sqlite, "
                      "else ~/.local/share/frog/games.sqlite)")
    play.add_argument("--host", default="127.0.0.1",
                      help="the address to listen on (default 127.0.0.1: this machine only)")
    play.add_argument("--port", type=int, default=0,
                      help="the port (default: any free one)")
    play.add_argument("--no-browser", action="store_true",
                      help="do not open a browser; print the URL (with its token) first")
    play.set_defaults(func=command_play)


def command_play(args: argparse.Namespace) -> int:
    from solver.play.server import RANDOM_DEALS, PlayServer
    from solver.play.store import Store, default_path

    if not 0 <= args.port <= 65535:
        raise UserError(f"--port must be 0-65535, not {args.port}")
    if args.resume and args.deal:
        raise UserError("give a DEAL or --resume, not both")
    deal = title = None
    if not args.resume:
        if args.deal is None:
            args.deal = str(random.randint(1, RANDOM_DEALS))
        deal, title = load_deal(args)
    try:
        store = Store(args.db or default_path())
    except (OSError, sqlite3.Error) as exc:
        raise UserError(f"cannot open the games file {args.db or default_path()}: {exc}") \
            from None
    if args.resume:
        game = store.last()
        if game is None:
            raise UserError(f"no game to resume in {store.path}")
    try:
        server = PlayServer(store, args.host, args.port)
    except OSError as exc:
        store.close()
        raise UserError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") \
            from None
    if not args.resume:
        game = server.create(deal, title)
    url = server.url(game)
    print(url, flush=True)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"frog play: warning: listening on {args.host}, not only this machine: anyone "
              f"who can reach it and has the URL's token can play", file=sys.stderr)
    print(f"frog play: game {game}, stored in {store.path}; Ctrl-C stops", file=sys.stderr,
          flush=True)
    return serve(server, url, not args.no_browser, "frog play: stopped (every move is stored)")


def serve(server, url: str, browse: bool, farewell: str) -> int:
    """Open `url` in the browser if asked, serve until Ctrl-C or SIGTERM, then say
    `farewell` and close the server (`frog play` and `frog tricks play`)."""
    if browse:
        webbrowser.open(url)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print(farewell, file=sys.stderr)
    finally:
        server.shutdown_all()
    return Exit.YES


def _interrupt(signum: int, frame: object) -> None:
    """SIGTERM stops the server as Ctrl-C does."""
    raise KeyboardInterrupt
