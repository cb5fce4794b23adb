"""The adaptive sampling policy: every decision from the first card raced over sampled
stocks, with chances fitted to outcomes (docs/blind.md, The adaptive policy).

At each decision the candidate moves are grouped into classes of equivalent moves (placing
on either of two empty piles, or on two piles holding the same ranks, have one value) and
ordered by a fast base policy. Then rounds of sampled stocks (the unseen cards dealt at
random consistently with the view, the same samples for every candidate) are decided after
each candidate by the open search within a node cap, and a `Race` drops the candidates the
leader beats significantly, until one is left, none can be separated any more, or the
phase's budget is spent.

Two phases, because hindsight says different things early and late. While many cards are
still to come, a sampled position is hard for the open search (many samples end at the node
cap) and every candidate wins most samples a seeing player could win, so the samples are
noisy: there they only veto a candidate that is significantly worse, and among the rest the
base policy's order decides. Late, the samples separate real differences, and the candidate
that won most of them is played. Either way the candidates the race could not separate from
the best are marked "equal to the best", so a hint does not name one of them by chance.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from solver.patience.blind.calibration import Calibration, shipped
from solver.patience.blind.game import Choice, Policy
from solver.patience.blind.racing import Race
from solver.patience.blind.sampling import action_classes, sample_position, won_after
from solver.patience.blind.view import Action, View

#: Samples drawn per round (every live candidate is decided on each).
ROUND = 8


@dataclass(frozen=True)
class Phase:
    """How one phase of a game spends its samples: the node cap of each sample's search,
    the most rounds of `ROUND` samples, and how the best is picked among the candidates the
    race left: "wins" (the most samples won, the base order on a tie) or "base" (the base
    policy's first)."""

    nodes: int
    rounds: int
    pick: Literal["wins", "base"]

    def __str__(self) -> str:
        """Compact, for survey labels: '2000n/8r/wins'."""
        return f"{self.nodes}n/{self.rounds}r/{self.pick}"


#: The phases: early while the stock holds more than LATE_FROM cards, then late.
LATE_FROM = 60
EARLY = Phase(nodes=2_000, rounds=2, pick="base")
LATE = Phase(nodes=2_000, rounds=8, pick="wins")
#: The race's margin: a candidate drops out when the leader's lead on the discordant samples
#: reaches Z standard deviations (a one-sided sign test, looked at after every round).
Z = 2.5
#: A hint's least number of rounds, so that even a forced move's chance rests on samples.
HINT_ROUNDS = 2
#: Each sample's search restarts after about this many descents of its longest line
#: (search.samples.sample_strategy) instead of the full search's 1,000 nodes: on `frog`
#: deals 1-1000, 757 games won instead of 656 (166 deals won only this way, 65 only the
#: other; exact McNemar p = 2e-11), in less time a game (benchmarks/results/
#: blind-adaptive-frog.txt, sample_restarts.txt).
DESCENTS = 1.25


@dataclass
class AdaptivePolicy:
    """Raced hindsight sampling from the first card, `base` ordering the candidates."""

    base: Policy
    early: Phase = EARLY
    late: Phase = LATE
    late_from: int = LATE_FROM
    z: float = Z
    descents: float | None = DESCENTS
    calibration: Calibration = field(default_factory=shipped, compare=False)
    name: str = "adaptive"
    #: Threads deciding the samples: the same moves for any number, only faster.
    threads: int = field(default=1, compare=False)
    #: Shown every sampled decision's view and choices (benchmarks/calibration.py records
    #: them); None in play.
    observer: Callable[[View, list[Choice]], None] | None = field(default=None, repr=False,
                                                                  compare=False)

    @property
    def meaning(self) -> str:
        return ("chance: of winning by playing the move and following the hints from then on, "
                "fitted to the outcomes of played games (docs/blind.md, Chances), with its "
                "95% interval from the samples; 'equal to the best': the samples could not "
                "tell the move from the advice")

    def phase(self, view: View) -> Phase:
        return self.early if view.stock_count > self.late_from else self.late

    def rank(self, view: View, actions: Sequence[Action], rng: random.Random,
             chances: bool = True) -> list[Choice]:
        """Every class of equivalent actions once (its other members in `equivalent`), best
        first. With `chances` (a hint) every class gets a calibrated chance and at least
        HINT_ROUNDS rounds of samples; without (a game) a single class is not sampled."""
        members = action_classes(view, [c.action for c in self.base.rank(view, actions, rng)])
        if len(members) == 1 and not chances:
            return [Choice(members[0][0], equivalent=tuple(members[0][1:]))]
        phase = self.phase(view)
        race = self._race([m[0] for m in members], view, rng, phase,
                          HINT_ROUNDS if chances else 1)
        choices = self._choices(race, members, view, phase)
        if self.observer is not None:
            self.observer(view, choices)
        return choices

    def _race(self, leaders: list[Action], view: View, rng: random.Random, phase: Phase,
              least_rounds: int) -> Race:
        race = Race(len(leaders))
        rounds = max(phase.rounds, least_rounds)
        for done in range(1, rounds + 1):
            positions = [sample_position(view, rng) for _ in range(ROUND)]
            live = race.live()
            outcomes = won_after(view, [leaders[i] for i in live], positions, phase.nodes,
                                 self.descents, self.threads)
            race.record(dict(zip(live, outcomes)))
            if done < least_rounds:
                continue
            race.drop_worse(self.z)
            left = (rounds - done) * ROUND
            if len(race.live()) == 1 or race.unanimous() or race.futile(self.z, left):
                break
        return race

    def _choices(self, race: Race, members: list[list[Action]], view: View,
                 phase: Phase) -> list[Choice]:
        live = race.live()
        best = race.leader() if phase.pick == "wins" else live[0]
        others = sorted((i for i in range(len(members)) if i != best),
                        key=lambda i: (not race.alive[i], -race.share(i), i))
        choices = []
        for i in [best, *others]:
            wins, samples = race.wins(i), len(race.outcomes[i])
            choices.append(Choice(
                members[i][0],
                self.calibration.chance(wins, samples, view.stock_count),
                f"won {wins} of {samples} sampled stocks in hindsight",
                interval=self.calibration.interval(wins, samples, view.stock_count),
                hindsight=(wins, samples), equivalent=tuple(members[i][1:]),
                equal_to_best=race.alive[i] and i != best))
        return choices
