"""`hint`: where should the turned card go? Every choice, ranked by a blind policy, with its
chance where the policy estimates one (docs/blind.md, Hints)."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from solver.patience.blind.game import Choice
from solver.patience.blind.registry import policy_named
from solver.patience.blind.view import View
from solver.patience.deal import Deal
from solver.patience.engine import Position
from solver.patience.line import Move


@dataclass(frozen=True)
class Hint:
    """A policy's advice for one position: `choices` best first, `best` the advice,
    `meaning` what the chances mean, and the seed that reproduces it."""

    policy: str
    seed: int
    view: View
    choices: tuple[Choice, ...]
    meaning: str

    @property
    def best(self) -> Move | None:
        """The advised move (None when nothing is left to play)."""
        if not self.choices:
            return None
        action = self.choices[0].action
        return action if isinstance(action, Move) else None

    def to_json(self) -> dict[str, object]:
        return {
            "policy": self.policy,
            "seed": self.seed,
            "turned": str(self.view.turned) if self.view.turned else None,
            "stock_left": self.view.stock_count,
            "best": str(self.best) if self.best else None,
            "choices": [{"move": str(c.action), "chance": c.chance, "note": c.note}
                        for c in self.choices],
            "meaning": self.meaning,
        }


def hint(deal: Deal, played: Sequence[Move] = (), policy: str = "best", seed: int = 0,
         forget_reserve: bool = False) -> Hint:
    """Advice for the position reached by `played` from `deal`, with the next stock card
    turned face up (the question a player asks). The policy sees only the `View`; the
    stock's order never reaches it. IllegalMove when a played move is illegal."""
    position = Position.start(deal)
    for move in played:
        position = position.play(move)
    view = View.of(position, turned=True, forget_reserve=forget_reserve)
    chosen = policy_named(policy)
    actions = view.actions()
    choices = tuple(chosen.rank(view, actions, random.Random(seed))) if actions else ()
    return Hint(chosen.name, seed, view, choices, chosen.meaning)
