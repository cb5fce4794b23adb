"""The replay page of a hand of Frog, the trick-taking game: every card of a line of play,
as the rules engine plays it, drawn by `assets/tricks.js`.

Step 0 is the deal (three hands and the widow), step 1 settles the widow (a `frog` bidder
takes it up and discards; otherwise it counts for the bidder), then one step per card.
Each frame holds the three hands, the trick on the table (with who led and, once complete,
who won), and both sides' points, all read from the engine's `Game`.
"""
from __future__ import annotations

from solver.replay.page import Header, render_page
from solver.tricks import SUITS, Deal, Game, Rules, card_name, points_of, replay, sort_hand

Trick = list[tuple[int, int]]


def _names(cards: "list[int] | tuple[int, ...]") -> str:
    return " ".join(card_name(c) for c in sort_hand(cards))


def _table(plays: Trick) -> str:
    return " ".join(f"{seat}:{card_name(c)}" for seat, c in plays)


def _frame(hands: "list[list[int]] | tuple[tuple[int, ...], ...]", table: Trick, lead: int,
           winner: int, points: list[int], done: int) -> dict:
    """One position: hands `h` (display order), trick on the table `t` ("SEAT:CARD ..."),
    its leader `lead`, its winner `win` (0 while it is open), points `p` (bidder,
    defenders) and tricks completed `n`."""
    return {"h": [_names(hand) for hand in hands], "t": _table(table), "lead": lead,
            "win": winner, "p": list(points), "n": done}


def _snapshot(game: Game) -> dict:
    if game.trick:  # a trick in progress, led by game.leader
        seats = [(game.leader - 1 + i) % 3 + 1 for i in range(len(game.trick))]
        return _frame(game.hands, list(zip(seats, game.trick)), game.leader, 0, game.points,
                      len(game.tricks_played))
    if game.tricks_played:  # a trick just completed: its winner leads the next one
        last = game.tricks_played[-1]
        return _frame(game.hands, last, last[0][0], game.leader, game.points,
                      len(game.tricks_played))
    return _frame(game.hands, [], game.leader, 0, game.points, 0)


def payload(deal: Deal, rules: Rules, discard: list[int], line: list[Trick]) -> dict:
    """The data of a page: frames and step words for `line` played from `deal` (the engine
    refuses an illegal line with IllegalPlay), and a summary row per trick."""
    replay(deal, rules, discard, line)  # the whole line is legal before anything is drawn
    frames = [_frame(deal.hands, [], deal.leader, 0, list(deal.taken), 0)]
    bidder = f"seat {rules.bidder}"
    if rules.contract == "frog":
        widow_words = (f"{bidder} takes up the widow ({_names(deal.widow) or 'empty'}) and "
                       f"discards {_names(discard) or 'nothing'} ({points_of(discard)} points)")
    else:
        widow_words = (f"the widow ({_names(deal.widow) or 'empty'}, {points_of(deal.widow)} "
                       f"points) counts for {bidder}")
    steps = [{"d": "the deal"}, {"d": widow_words}]
    game = Game.start(deal, rules, discard)
    frames.append(_snapshot(game))
    tricks = []
    for number, trick in enumerate(line, 1):
        plays = []
        for index, (seat, c) in enumerate(trick):
            game.play(c)
            frames.append(_snapshot(game))
            verb = "leads" if index == 0 else "plays"
            plays.append([seat, card_name(c), len(frames) - 1])
            won = "" if game.trick else (f"; seat {game.leader} wins trick {number} "
                                         f"({points_of(played for _, played in trick)} points)")
            steps.append({"seat": seat, "c": card_name(c), "trick": number, "verb": verb,
                          "won": won, "d": f"seat {seat} {verb} {card_name(c)}{won}"})
        row = {"plays": plays, "lead": trick[0][0]}
        if not game.trick:
            row.update(win=game.leader, points=points_of(played for _, played in trick),
                       totals=list(game.points))
        tricks.append(row)
    points = game.points[0]
    result = (f"The bidder (seat {rules.bidder}) takes {points} points: "
              f"{rules.verdict(points)}, payment {rules.payment(points):+d}."
              if game.finished else "")
    return {
        "result": result,
        "contract": rules.contract, "trump": SUITS[rules.trump], "bidder": rules.bidder,
        "target": rules.target, "widow": _names(deal.widow), "discard": _names(discard),
        "frames": frames, "steps": steps, "tricks": tricks,
    }


def tricks_page(deal: Deal, rules: Rules, discard: list[int], line: list[Trick],
                header: Header) -> str:
    """The replay page of a (legal) line of play under `header`."""
    return render_page(header, "tricks", payload(deal, rules, discard, line))
