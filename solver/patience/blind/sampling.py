"""Hindsight sampling: the `sample` policy (docs/blind.md, Policies).

For each action, deal the unseen cards at random N times consistently with the view, and
decide each sampled position after the action with the open search: the action that wins
most samples is played, the same samples for every action. Ties (early in a game almost
every sample of every action is won) go to a fast base policy's order.

A sample's "won" means a player who then saw every card would win: an optimistic estimate
of the policy's own chance, which is what `Choice.chance` reports here.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from solver.answer import Verdict
from solver.patience.blind.game import Choice, Policy
from solver.patience.blind.view import TURN, Action, View
from solver.patience.cards import Card
from solver.patience.deal import Deal
from solver.patience.engine import Position
from solver.patience.line import FOUNDATION, STOCK, Move, pile_index

#: Samples per action, and the node budget of each sample's search.
SAMPLES = 16
SAMPLE_NODES = 2_000
#: The first round of samples; when it leaves every action tied, no more are drawn.
FIRST_ROUND = 4
#: Sampling starts once the stock holds at most this many cards; before that the base
#: policy plays (early in a game nearly every sample of every action is won).
HORIZON = 60


def sample_position(view: View, rng: random.Random) -> Position:
    """One real position consistent with the view: the unseen cards shuffled into the
    hidden reserve places and the stock (the turned card, if any, first). Foundations are
    given by rank only (the search needs no suits there)."""
    unseen = list(view.unseen)
    rng.shuffle(unseen)
    reserve = []
    for card in view.reserve:
        reserve.append(unseen.pop() if card is None else card)
    stock = ([view.turned] if view.turned is not None else []) + unseen
    return Position(view.rules, view.foundations, tuple(reserve), tuple(stock), view.waste)


def outcomes(position: Position, action: Action, turned: bool) -> list[Position]:
    """The positions an action leads to, whose best one is its value. A move: the position
    after it. A turn under forced play: one position per placement of the card turned
    (it must be placed at once, before any foundation move), the best of them counting;
    piles holding the same ranks give the same game, so one placement stands for them."""
    if action is not TURN:
        assert isinstance(action, Move)
        return [position.play(action)]
    card = position.stock[0]
    if position.fits(card):
        return [position.play(Move(card, STOCK, FOUNDATION))]
    distinct = {}  # one placement per set of equal piles: the positions are the same game
    for pile in position.pile_names():
        distinct.setdefault(tuple(c.rank for c in position.waste[pile_index(pile)]), pile)
    return [position.play(Move(card, STOCK, pile)) for pile in distinct.values()]


def as_deal(position: Position) -> Deal:
    """A position in play as the search's input (foundation suits are placeholders)."""
    tops = tuple(Card(top, "C") for top in position.foundations if top)
    return Deal(position.rules, tops, position.reserve, position.stock, position.waste)


def equivalence_key(view: View, action: Action) -> object:
    """Actions with the same key lead to positions that differ only by which of two equal
    piles was used, so they have the same value: placing on two empty piles, or on two
    piles holding the same cards (ranks), and playing up equal cards from equal piles."""
    if not isinstance(action, Move) or action.target == FOUNDATION and action.source == STOCK:
        return action
    pile_name = action.target if action.target != FOUNDATION else action.source
    if not pile_name.startswith("w"):
        return action
    pile = view.waste[pile_index(pile_name)]
    return (action.source if action.target != FOUNDATION else "pile", action.target
            if action.target == FOUNDATION else "pile", tuple(c.rank for c in pile))


def action_classes(view: View, ordered: Sequence[Action]) -> list[list[Action]]:
    """The actions grouped by `equivalence_key`, each class and its members in `ordered`'s
    order (a base policy's, best first)."""
    classes: dict[object, list[Action]] = {}
    for action in ordered:
        classes.setdefault(equivalence_key(view, action), []).append(action)
    return list(classes.values())


def won_after(view: View, actions: Sequence[Action], positions: Sequence[Position],
              nodes: int, descents: float | None = None,
              threads: int = 1) -> list[list[bool]]:
    """For each action, whether each sampled position after it is won within `nodes` (a
    forced turn counts its best placement), all decided in one batch by the open search
    (its restarts `descents` long: search.samples.sample_strategy; None: the standard), on
    `threads` threads (the same verdicts for any number)."""
    from solver.patience.search import decide_any  # the kernel, only when sampling

    turned = view.turned is not None
    groups = [[as_deal(after) for after in outcomes(position, action, turned)]
              for action in actions for position in positions]
    won = iter(verdict is Verdict.WINNABLE
               for verdict in decide_any(groups, nodes, descents=descents, threads=threads))
    return [[next(won) for _ in positions] for _ in actions]


@dataclass
class SamplePolicy:
    """Hindsight sampling over `samples` random stocks, `nodes` per sample's search, with
    `base` (a fast blind policy) breaking ties and ordering equals."""

    base: Policy
    samples: int = SAMPLES
    nodes: int = SAMPLE_NODES
    horizon: int = HORIZON
    name: str = "sample"
    #: Threads deciding the samples: the same moves for any number, only faster.
    threads: int = field(default=1, compare=False)

    @property
    def meaning(self) -> str:
        return (f"chance: the share of up to {self.samples} random orders of the unseen cards "
                f"(the same for every move) that a player who then saw every card would "
                f"win after the move; an optimistic estimate of this policy's own chance")

    def rank(self, view: View, actions: Sequence[Action], rng: random.Random,
             chances: bool = True) -> list[Choice]:
        base = self.base.rank(view, actions, rng)
        if view.stock_count > self.horizon:
            return [Choice(c.action, None, f"{self.base.name} {c.note}; sampling starts when "
                                           f"{self.horizon} cards are left in the stock")
                    for c in base]
        members = action_classes(view, [choice.action for choice in base])
        leaders = [m[0] for m in members]
        wins = [0] * len(leaders)
        drawn = 0
        while drawn < self.samples:
            count = min(FIRST_ROUND if drawn == 0 else self.samples - drawn,
                        self.samples - drawn)
            positions = [sample_position(view, rng) for _ in range(count)]
            won = won_after(view, leaders, positions, self.nodes, threads=self.threads)
            for a, outcomes_of_a in enumerate(won):
                wins[a] += sum(outcomes_of_a)
            drawn += count
            if len(set(wins)) == 1:
                break  # every action tied: more samples of the same kind seldom split them
        ranked = sorted(range(len(leaders)), key=lambda i: -wins[i])
        return [Choice(action, wins[i] / drawn, f"won {wins[i]} of {drawn} sampled stocks")
                for i in ranked for action in members[i]]
