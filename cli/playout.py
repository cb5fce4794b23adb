"""`frog playout`: the computer plays a deal without peeking at the stock, with a blind
policy choosing every move; the line it played, won or lost (docs/blind.md, Playing a
game)."""
from __future__ import annotations

import argparse
import json
import sys
import time

from cli.blind_options import add_blind_arguments, policy_from
from cli.deal_source import add_deal_arguments, load_deal
from cli.files import write_text
from cli.lines import numbered_moves, write_move_list
from cli.live_line import LiveLine
from cli.pages import add_html_argument, check_page_path
from solver.answer import Exit
from solver.patience import Deal, replay
from solver.patience.blind import BlindGame, play_blind
from solver.replay import Header, patience_page


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "playout", help="the computer plays a deal without looking at the stock",
        description="Play a deal to its end with a blind policy choosing every move from "
        "what a player sees (never the stock's order); the rules engine plays each move. "
        "Prints won or lost, the moves, how many real decisions the policy took (moves with "
        "a choice; a card that fits and cannot hurt goes up without asking) and the time. "
        "With --after, the game goes on from that position. Exit 0 won, 1 lost, 2 bad input, "
        "3 interrupted (Ctrl-C; with --moves-out the moves played so far are written).",
        epilog="examples:\n  frog playout 3 --policy pysol\n"
        "  frog playout 1234 --policy sample --html game.html\n"
        "  frog playout 7 --variant fanny --policy tips --moves-out line.txt; "
        "frog verify 7 --variant fanny line.txt\n"
        "  frog playout 3 --seed 2 --json")
    add_deal_arguments(parser)
    add_blind_arguments(parser)
    parser.add_argument("--moves-out", metavar="FILE",
                        help="write the line played in the move-list format (for frog verify)")
    add_html_argument(parser, "the game played (the blind policy's moves)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quiet", "-q", action="store_true",
                        help="print the outcome and statistics, not the moves")
    parser.set_defaults(func=command_playout)


def command_playout(args: argparse.Namespace) -> int:
    policy = policy_from(args)
    check_page_path(args.html)
    deal, title = load_deal(args)
    meter = _Progress() if sys.stderr.isatty() and not args.json else None
    progress: list[BlindGame] = []  # the game so far, for an interrupt

    def on_move(game: BlindGame) -> None:
        progress[:] = [game]
        if meter:
            meter(game)

    try:
        game = play_blind(deal, policy, args.seed, args.forget_reserve, on_move)
    except KeyboardInterrupt:
        if args.moves_out and progress:
            write_move_list(args.moves_out, progress[0].moves,
                            f"{_what(progress[0], args)} for {title}, interrupted")
        raise
    finally:
        if meter:
            meter.clear()
    if args.moves_out:
        write_move_list(args.moves_out, game.moves, f"{_what(game, args)} for {title}")
    if args.html:
        write_text(args.html, patience_page(deal, _page_header(game, deal, title, args),
                                            game.moves))
    left = replay(deal, game.moves).position.cards_left()
    if args.json:
        print(json.dumps({"deal": title, "variant": deal.rules.variant,
                          "rules": deal.rules.parameters(), "policy": game.policy,
                          "seed": game.seed, "forget_reserve": args.forget_reserve,
                          "won": game.won, "cards_left": left,
                          "moves": [str(move) for move in game.moves],
                          "decisions": game.decisions, "seconds": round(game.seconds, 6)}))
    else:
        print(_as_text(game, title, left, args))
    return Exit.YES if game.won else Exit.NO


def _what(game: BlindGame, args: argparse.Namespace) -> str:
    """'blind playout by pysol, seed 0' (and whether the reserve was forgotten)."""
    forgot = ", buried reserve forgotten" if args.forget_reserve else ""
    return f"blind playout by {game.policy}, seed {game.seed}{forgot}"


def _outcome(game: BlindGame, left: int) -> str:
    return "won" if game.won else f"lost ({left} cards left)"


def _as_text(game: BlindGame, title: str, left: int, args: argparse.Namespace) -> str:
    lines = [f"{title}: {_outcome(game, left)}, {_what(game, args)}",
             f"{len(game.moves)} moves, {game.decisions} decisions, {game.seconds:.3f} s"]
    if not args.quiet:
        lines.append(f"Moves ({len(game.moves)}):")
        lines += numbered_moves(game.moves)
    return "\n".join(lines)


def _page_header(game: BlindGame, deal: Deal, title: str, args: argparse.Namespace) -> Header:
    """The replay page's header: a blind playout, by which policy and seed, won or lost."""
    left = replay(deal, game.moves).position.cards_left()
    facts = [("variant", deal.rules.variant), ("policy", game.policy), ("seed", str(game.seed)),
             ("moves", str(len(game.moves))), ("decisions", str(game.decisions)),
             ("time", f"{game.seconds:.3f} s")]
    note = (f"A {_what(game, args)}: every move was chosen seeing only what a player sees, "
            f"the stock face down, and played by the rules engine; {_outcome(game, left)}. "
            f"The page shows the next stock cards for the record: the policy did not see them.")
    return Header(f"{title}, blind playout", "won" if game.won else "lost",
                  "good" if game.won else "bad", facts, note, deal_text=deal.to_text(title))


class _Progress(LiveLine):
    """A live line on stderr once a game has run for a second: moves, decisions, time."""

    def __init__(self) -> None:
        super().__init__()
        self.start = time.monotonic()

    def __call__(self, game: BlindGame) -> None:
        seconds = time.monotonic() - self.start
        self.show(seconds, f"{len(game.moves):>5} moves  {game.decisions:>5} decisions  "
                  f"{seconds:8.1f} s")
