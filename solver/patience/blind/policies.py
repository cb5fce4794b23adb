"""The fixed-score blind policies: `pysol` (PySolFC's hint) and `tips` (the rules book's
advice to beginners, made precise) (docs/blind.md, Policies).

Both play every card that fits, and score each waste pile for the turned card in one step.
They see only a `View`; they are fast, and serve as the sampling policy's tie-break.
"""
from __future__ import annotations

import random
from typing import Sequence

from solver.patience.blind.game import Choice
from solver.patience.blind.view import TURN, Action, View
from solver.patience.cards import Card
from solver.patience.line import FOUNDATION, RESERVE, STOCK, Move, pile_index

#: A foundation move's score in the greedy policies: above every waste pile's.
UP = 10 ** 6


def _pile(view: View, name: str) -> tuple[Card, ...]:
    return view.waste[pile_index(name)]


def pysol_pile_score(view: View, card: Card, pile: tuple[Card, ...]) -> int:
    """PySolFC's score for putting the turned card on a waste pile (its Frog hint,
    `Numerica_Hint` in pysollib/games/numerica.py): an empty pile 30000 - (K - rank) x 1000,
    a pile topped by a higher card 30000 - (difference) x 1000, by an equal rank 20000, by a
    lower card 10000 + top rank - pile length."""
    if not pile:
        return 30000 - (view.rules.ranks - card.rank) * 1000
    top = pile[-1].rank
    if top > card.rank:
        return 30000 - (top - card.rank) * 1000
    if top == card.rank:
        return 20000
    return 10000 + top - len(pile)


def tuned_pile_score(view: View, card: Card, pile: tuple[Card, ...]) -> int:
    """PySolFC's one-step score with two weights changed after measuring games (frog deals
    5001-5600, the blind benchmark's deals 1-1000 never used): a card on an equal rank
    scores just above a card one rank higher, the more so the more cards of its rank the
    pile holds (PySolFC: far below), and covering a lower card prefers a high one by 200 a
    rank (PySolFC: by 1). Equal ranks come off together once their rank is wanted, and a
    buried high card is wanted last. Each change alone took 64 wins of those 600 deals to
    about 150 (docs/blind.md, Policies)."""
    if not pile or pile[-1].rank > card.rank:
        return pysol_pile_score(view, card, pile)
    top = pile[-1].rank
    if top == card.rank:
        return 29500 + 500 * sum(1 for c in pile if c.rank == card.rank)
    return 10000 + 200 * top - len(pile)


def tips_pile_score(view: View, card: Card, pile: tuple[Card, ...]) -> int:
    """The rules book's tips for beginners, made precise, for the turned card on a pile:

    - a pile for Kings and Queens: a King or Queen goes on a pile holding only Kings and
      Queens, or on an empty pile when there is none such; another card goes there only to
      continue a run down (a Jack on a Queen);
    - a card on a higher card, best one rank higher (the run then comes off in order), the
      closer the better;
    - an empty pile is kept for high cards: the lower the card, the worse it is there;
    - not many cards of one rank on one pile: an equal card is worse the more of its rank
      the pile holds;
    - not all cards of a rank buried under high cards: covering a lower card is the last
      resort, better a high card than a low one, and worst when it buries the last copy of
      its rank that is still to be found (none unseen, none on a top).
    """
    ranks = view.rules.ranks
    rank = card.rank
    high = rank >= ranks - 1
    high_piles = [p for p in view.waste if p and all(c.rank >= ranks - 1 for c in p)]
    is_high_pile = bool(pile) and all(c.rank >= ranks - 1 for c in pile)
    if high:
        if is_high_pile:
            return 1000 + (10 if pile[-1].rank == rank + 1 else 0)
        if not pile and not high_piles:
            return 900
    if not pile:
        return 250 + 10 * rank
    top = pile[-1].rank
    if is_high_pile and not (high or top == rank + 1):
        return 20  # keep the Kings' pile for Kings and Queens
    if top == rank + 1:
        return 500
    if top > rank:
        return 400 - 20 * (top - rank)
    if top == rank:
        return 150 - 40 * sum(1 for c in pile if c.rank == rank)
    score = 100 - 5 * (ranks - top)
    if _last_free_copy(view, pile):
        score -= 200
    return score


def _last_free_copy(view: View, pile: tuple[Card, ...]) -> bool:
    """Whether the pile's top is the last copy of its rank that is not yet up, not unseen
    and not already covered: covering it would leave every such card buried."""
    rank = pile[-1].rank
    if any(c.rank == rank for c in view.unseen) or (view.turned and view.turned.rank == rank):
        return False
    tops = [p[-1] for p in view.waste if p]
    if view.reserve and view.reserve[-1] is not None:
        tops.append(view.reserve[-1])
    return sum(1 for c in tops if c.rank == rank) == 1


def _foundation_score(view: View, move: Move) -> int:
    """Greedy foundation order: the turned card, then the reserve ("play Frog cards
    whenever you can"), then the pile whose next card down is lowest (it is the soonest
    needed)."""
    if move.source == STOCK:
        return UP + 3000
    if move.source == RESERVE:
        return UP + 2000
    pile = _pile(view, move.source)
    below = pile[-2].rank if len(pile) > 1 else view.rules.ranks + 1
    return UP + 1000 - 10 * below + len(pile)


class ScorePolicy:
    """A greedy policy: every fitting card goes up first (`_foundation_score`), then the
    turn, then the turned card onto the pile with the best `pile_score`."""

    meaning = "no chances: the policy scores each move in one step (higher is better)"

    def __init__(self, name: str, pile_score) -> None:
        self.name = name
        self.pile_score = pile_score

    def score(self, view: View, action: Action) -> int:
        if action is TURN:
            return UP // 2
        assert isinstance(action, Move)
        if action.target == FOUNDATION:
            return _foundation_score(view, action)
        return self.pile_score(view, action.card, _pile(view, action.target))

    def rank(self, view: View, actions: Sequence[Action], rng: random.Random,
             chances: bool = True) -> list[Choice]:
        scored = [(self.score(view, action), index, action)
                  for index, action in enumerate(actions)]
        scored.sort(key=lambda item: (-item[0], item[1]))
        return [Choice(action, None, f"score {score}") for score, _, action in scored]


PYSOL = ScorePolicy("pysol", pysol_pile_score)
TIPS = ScorePolicy("tips", tips_pile_score)
TUNED = ScorePolicy("tuned", tuned_pile_score)
