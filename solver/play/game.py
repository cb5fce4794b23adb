"""One game of `frog play`: the deal, the moves played, and what the page may see of it.

The rules engine decides everything: a move is played only after `Position.play` accepts it,
and its refusal reason is what the player reads. The state sent to the page is drawn with
the replay page's frames, cut to what a player at the table sees: the reserve's top card,
the turned stock card, the foundations and the waste piles; never the order of the stock.
"""
from __future__ import annotations

from dataclasses import dataclass

from solver.patience import CardError, Deal, Move, Position, \
    parse_deal
from solver.patience.blind.game import safe_move
from solver.patience.blind.view import View
from solver.patience.engine import IllegalMove
from solver.play.store import StoredGame
from solver.replay.patience import payload

PLAYING, WON, LOST, GAVE_UP = "playing", "won", "lost", "gave up"


class BadMove(ValueError):
    """A move the request spells wrongly (not a move of this game at all)."""


@dataclass
class Game:
    """A game rebuilt from the store: the deal, the moves (with whether each was played
    automatically), the counters."""

    id: int
    title: str
    deal: Deal
    moves: list[Move]
    auto: list[bool]
    hints: int = 0
    peeks: int = 0
    gave_up: bool = False
    explanation: dict | None = None
    created: str = ""

    @classmethod
    def from_stored(cls, stored: StoredGame) -> "Game":
        deal = parse_deal(stored.deal)
        piles = deal.rules.waste_piles
        return cls(stored.id, stored.title, deal,
                   [Move.parse(text, piles) for text, _ in stored.moves],
                   [auto for _, auto in stored.moves], stored.hints, stored.peeks,
                   stored.result == GAVE_UP, stored.explanation, stored.created)

    def position(self) -> Position:
        position = Position.start(self.deal)
        for move in self.moves:
            position = position.play(move)
        return position

    def result(self, position: Position | None = None) -> str:
        position = position or self.position()
        if position.is_won():
            return WON
        if position.is_lost():
            return LOST
        return GAVE_UP if self.gave_up else PLAYING

    def parse_move(self, text: object) -> Move:
        """A move from the request: 'CARD SOURCE TARGET' (BadMove when unreadable)."""
        if not isinstance(text, str) or len(text) > 40:
            raise BadMove("'move' must be a string 'CARD SOURCE TARGET', e.g. '7H stock w2'")
        try:
            return Move.parse(text, self.deal.rules.waste_piles)
        except (ValueError, CardError) as exc:
            raise BadMove(str(exc)) from None

    def play(self, move: Move, autoplay: bool = False) -> list[tuple[Move, bool]]:
        """Play a move (IllegalMove with the engine's reason otherwise), then, with
        `autoplay`, every safe foundation move it allows; returns the moves played."""
        position = self.position()
        position = position.play(move)
        played = [(move, False)]
        while autoplay:
            safe = safe_foundation_move(position)
            if safe is None:
                break
            position = position.play(safe)
            played.append((safe, True))
        for each, auto in played:
            self.moves.append(each)
            self.auto.append(auto)
        self.gave_up = False
        return played

    def undo(self, count: int = 1) -> int:
        """Take back `count` moves, each with the automatic moves that followed it; returns
        the number of moves left."""
        for _ in range(count):
            while self.auto and self.auto[-1]:
                self.moves.pop(), self.auto.pop()
            if self.moves:
                self.moves.pop(), self.auto.pop()
        self.gave_up = False
        return len(self.moves)

    def state(self) -> dict:
        """What the page draws (docs/play.md, The game state)."""
        data = payload(self.deal, self.moves)
        frame = dict(data["frames"][-1])
        frame["s"] = frame["s"].split(" ")[0] if frame["s"] else ""  # the turned card only
        position = self.position()
        for entry, auto in zip(data["moves"], self.auto):
            entry["auto"] = auto
        return {
            "id": self.id, "title": self.title, "variant": self.deal.rules.variant,
            "created": self.created, "rules": data["rules"], "frame": frame,
            "moves": data["moves"], "legal": [str(move) for move in position.legal_moves()],
            "result": self.result(position), "hints": self.hints, "peeks": self.peeks,
            "cards_left": position.cards_left(),
        }


def safe_foundation_move(position: Position) -> Move | None:
    """A foundation move that can never cost a win, judged only from what the player sees
    (the turned card face up): the blind driver's rule (solver/patience/blind/view.py,
    `is_safe`)."""
    return safe_move(View.of(position, turned=True))


__all__ = ["BadMove", "Game", "IllegalMove", "safe_foundation_move", "GAVE_UP", "LOST",
           "PLAYING", "WON"]
