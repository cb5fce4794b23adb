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
from solver.patience.line import STOCK, Move, pile_index


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
            "choices": [choice_json(self.view, c) for c in self.choices],
            "meaning": self.meaning,
        }


def choice_json(view: View, choice: Choice) -> dict[str, object]:
    """One choice as the hint's JSON gives it (docs/blind.md, Hints): the move, its chance
    and interval, the moves of the same class, whether it is within noise of the best,
    and the raw hindsight count under its own names."""
    wins, samples = choice.hindsight or (None, None)
    return {"move": str(choice.action), "chance": choice.chance,
            "interval": list(choice.interval) if choice.interval else None,
            "equivalent": [str(a) for a in choice.equivalent],
            "equal_to_best": choice.equal_to_best,
            "hindsight_share": wins / samples if samples else None,
            "hindsight_wins": wins, "hindsight_samples": samples,
            "words": class_words(view, choice), "note": choice.note}


def class_words(view: View, choice: Choice) -> str:
    """The choice in words, its equivalent moves included: "7H from the stock to any empty
    pile", "... to waste pile 2 or 4"."""
    action = choice.action
    if not isinstance(action, Move):
        return str(action)
    if not choice.equivalent:
        return action.describe()
    members = [action, *choice.equivalent]
    if all(isinstance(m, Move) and m.source == STOCK and m.target.startswith("w")
           for m in members):
        piles = sorted(pile_index(m.target) + 1 for m in members)  # type: ignore[union-attr]
        empty = all(not view.waste[p - 1] for p in piles)
        where = ("any empty pile" if empty and len(piles) == sum(not w for w in view.waste)
                 else "waste pile " + ", ".join(map(str, piles[:-1])) + f" or {piles[-1]}")
        return f"{action.card} from the stock to {where}"
    return action.describe() + " (or " + ", ".join(str(m) for m in choice.equivalent) + ")"


def hint(deal: Deal, played: Sequence[Move] = (), policy: str = "best", seed: int = 0,
         forget_reserve: bool = False, threads: int = 1) -> Hint:
    """Advice for the position reached by `played` from `deal`, with the next stock card
    turned face up (the question a player asks). The policy sees only the `View`; the
    stock's order never reaches it; a sampling policy decides its samples on `threads`
    threads (the same advice for any number). IllegalMove when a played move is illegal."""
    position = Position.start(deal)
    for move in played:
        position = position.play(move)
    view = View.of(position, turned=True, forget_reserve=forget_reserve)
    chosen = policy_named(policy, threads)
    actions = view.actions()
    choices = tuple(chosen.rank(view, actions, random.Random(seed))) if actions else ()
    return Hint(chosen.name, seed, view, choices, chosen.meaning)
