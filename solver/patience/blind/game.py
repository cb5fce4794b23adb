"""A game played without peeking: a policy chooses every action from a `View`; the rules
engine plays it (docs/blind.md, Playing a game).

The driver is the only code here that holds the real position. It shows the policy a
`View` (what a player knows), asks it to choose among the view's actions, and plays the
choice through the engine (`Position.play`), which refuses anything illegal. Under forced
stock play the next card stays face down until the policy chooses to turn it, so the
foundation moves before a turn are chosen without seeing it; under optional play the
turned card may wait, so it is face up at once.

One fixed rule is applied without asking: a card that fits and is safe (`view.is_safe`) goes
up. It cannot lower any player's chance (see its docstring), so it saves the policy's time
without taking a real decision from it.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable, Protocol, Sequence

from solver.patience.deal import Deal
from solver.patience.engine import Position
from solver.patience.line import FOUNDATION, STOCK, Move
from solver.patience.blind.view import TURN, Action, View, is_safe


@dataclass(frozen=True)
class Choice:
    """One action a policy considered: its estimated chance of winning (None when the
    policy does not estimate one) and a short note on why (a score, a count of samples).

    A sampling policy also gives the chance's 95% `interval`, the raw `hindsight` count
    (samples won by a player who then saw every card, samples drawn), the `equivalent`
    actions that have the same value (shown once, as this one), and whether the samples
    could not tell this action from the best (`equal_to_best`)."""

    action: Action
    chance: float | None = None
    note: str = ""
    interval: tuple[float, float] | None = None
    hindsight: tuple[int, int] | None = None
    equivalent: tuple[Action, ...] = ()
    equal_to_best: bool = False


class Policy(Protocol):
    """A blind policy: a function of the view (and a random generator it may draw from)."""

    name: str
    #: What the chances of `rank` mean, in one sentence (for hints).
    meaning: str

    def rank(self, view: View, actions: Sequence[Action], rng: random.Random,
             chances: bool = True) -> list[Choice]:
        """The actions of `actions`, best first. `chances` False: the caller plays the first
        and needs no chance (a policy may then spare its estimates)."""
        ...


@dataclass
class BlindGame:
    """A game a policy played: its moves (legal, replayable with `engine.replay`), whether it
    was won, how many real decisions the policy took, and the time it took."""

    deal: Deal
    policy: str
    seed: int
    moves: list[Move] = field(default_factory=list)
    won: bool = False
    decisions: int = 0
    seconds: float = 0.0


class Table:
    """The real game behind the view: the position, whether its next card is turned."""

    def __init__(self, deal: Deal, forget_reserve: bool = False) -> None:
        self.position = Position.start(deal)
        self.forget_reserve = forget_reserve
        self.turned = not deal.rules.forced  # a card that may wait is face up at once

    def view(self) -> View:
        return View.of(self.position, self.turned and bool(self.position.stock),
                       self.forget_reserve)

    def act(self, action: Action) -> Move | None:
        """Carry out an action; the move played, or None for a turn."""
        if action is TURN:
            self.turned = True
            return None
        assert isinstance(action, Move)
        self.position = self.position.play(action)  # the engine refuses an illegal move
        if action.source == STOCK:
            self.turned = not self.position.rules.forced
        return action


def safe_move(view: View) -> Move | None:
    """A fitting card that may go up without asking (see `is_safe`), or None."""
    candidates = view.foundation_moves()
    if view.turned is not None and view.fits(view.turned):
        candidates.append(Move(view.turned, STOCK, FOUNDATION))
    return next((move for move in candidates if is_safe(view, move.card)), None)


def play_blind(deal: Deal, policy: Policy, seed: int = 0, forget_reserve: bool = False,
               on_move: Callable[[BlindGame], None] | None = None) -> BlindGame:
    """Play the deal to its end with `policy` choosing every action from what it sees.
    `seed` feeds the policy's random draws, so a game replays exactly. `on_move` is called
    with the game so far after every move (progress; the moves played before a Ctrl-C)."""
    rng = random.Random(seed)
    table = Table(deal, forget_reserve)
    game = BlindGame(deal, policy.name, seed)
    start = time.perf_counter()
    while True:
        view = table.view()
        action: Action | None = safe_move(view)
        if action is None:
            actions = view.actions()
            if not actions:
                break
            if len(actions) == 1:
                action = actions[0]
            else:
                action = policy.rank(view, actions, rng, chances=False)[0].action
                game.decisions += 1
        move = table.act(action)
        if move is not None:
            game.moves.append(move)
            if on_move is not None:
                on_move(game)
    game.won = table.position.is_won()
    game.seconds = time.perf_counter() - start
    return game
