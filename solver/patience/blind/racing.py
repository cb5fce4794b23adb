"""Which candidate moves still deserve samples: a race over paired outcomes (docs/blind.md,
The adaptive policy).

Every candidate is evaluated on the same sampled stocks (common random numbers), so two
candidates are compared sample by sample: only the samples one won and the other lost say
anything about which is better (the *discordant* samples, as in McNemar's test). A candidate
drops out of the race when the leader has won significantly more of the discordant samples
than it (a one-sided sign test, in its normal form with a margin `z`); the race ends when
one candidate is left, when the sample budget is spent, or when no candidate still in it
could be separated from the leader by the samples the budget has left (futility).

Why a race and not a fixed number of samples: most decisions are clear after a few samples
or cannot be separated at all, and a few are close; spending the budget only where it can
still change the choice is what a bandit does (UCB1 in the Klondike player lonelybot). The
candidates left at the end are the ones the samples could not tell apart: they are "equal
to the best" within the estimate's noise, and the hint says so instead of naming one of
them by chance.

>>> race = Race(3)
>>> race.record({0: [True, True, True, True], 1: [False] * 4, 2: [True, True, True, False]})
>>> race.leader(), race.alive
(0, [True, True, True])
>>> race.drop_worse(z=1.5), race.alive
(True, [True, False, True])
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence


class Race:
    """The outcomes so far of `count` candidates over the same samples, and which are still
    in the race. Candidate order is the tie-break order (a fast base policy's, best first)."""

    def __init__(self, count: int) -> None:
        self.outcomes: list[list[bool]] = [[] for _ in range(count)]
        self.alive = [True] * count

    @property
    def samples(self) -> int:
        """How many samples every candidate still in the race has been evaluated on."""
        return max((len(o) for o, a in zip(self.outcomes, self.alive) if a), default=0)

    def wins(self, candidate: int) -> int:
        return sum(self.outcomes[candidate])

    def live(self) -> list[int]:
        return [i for i, alive in enumerate(self.alive) if alive]

    def record(self, batch: Mapping[int, Sequence[bool]]) -> None:
        """One batch of new samples: `batch[i]` the outcomes of live candidate i on them
        (a dropped candidate is no longer evaluated)."""
        for candidate, outcomes in batch.items():
            self.outcomes[candidate].extend(outcomes)

    def share(self, candidate: int) -> float:
        """The share of its samples the candidate won (0 before any)."""
        outcomes = self.outcomes[candidate]
        return sum(outcomes) / len(outcomes) if outcomes else 0.0

    def leader(self) -> int:
        """The live candidate with the highest share won; the earlier one on a tie."""
        return max(self.live(), key=lambda i: (self.share(i), -i))

    def discordant(self, a: int, b: int) -> tuple[int, int]:
        """On the samples both were evaluated on: (a won and b lost, b won and a lost)."""
        a_only = b_only = 0
        for x, y in zip(self.outcomes[a], self.outcomes[b]):
            a_only += x and not y
            b_only += y and not x
        return a_only, b_only

    def separated(self, a: int, b: int, z: float, scale: float = 1.0) -> bool:
        """Whether a beats b significantly on the discordant samples, their counts scaled
        by `scale` (1: as things stand; more: projected to a larger sample at the same
        rates)."""
        a_only, b_only = (count * scale for count in self.discordant(a, b))
        lead = a_only - b_only
        return lead > 0 and lead >= z * math.sqrt(a_only + b_only)

    def drop_worse(self, z: float) -> bool:
        """Drop every live candidate the leader beats significantly; whether any dropped."""
        best = self.leader()
        dropped = False
        for other in self.live():
            if other != best and self.separated(best, other, z):
                self.alive[other] = False
                dropped = True
        return dropped

    def futile(self, z: float, samples_left: int) -> bool:
        """Whether no live candidate would be told from the leader even after the samples the
        budget has left, if those split as the samples so far did (a projection: the race
        stops rather than spend samples on choices that are, as far as it can tell, equal)."""
        best = self.leader()
        scale = (self.samples + samples_left) / max(1, self.samples)
        return all(not self.separated(best, other, z, scale)
                   for other in self.live() if other != best)

    def unanimous(self) -> bool:
        """Whether every live candidate has had the same outcome on every sample."""
        live = [self.outcomes[i] for i in self.live()]
        return all(outcomes == live[0] for outcomes in live)
