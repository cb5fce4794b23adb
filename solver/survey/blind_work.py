"""Playing one numbered deal without peeking into a plain row: the unit of a blind survey.

The blind counterpart of `work` (docs/blind.md, Blind surveys): a `BlindJob` names the rules
and the policy, `play_number` plays one deal with it (`play_blind`, seed = the job's seed
base + the deal number) and returns a `BlindRow`. Like `Job`, it pickles cheaply to a worker
process or a Ray task; the policy travels by name and is looked up in the worker.

A row records the policy as `policy_spec` writes it, its name and its settings
("sample(base=pysol,samples=16,nodes=20000,horizon=104)"), so rows stored under `--policy
best` keep saying what played them after `best` or the policy's settings change. The blind
package is imported when a game is played, so that reading a store (`frog report`) does not
load it.
"""
from __future__ import annotations

import dataclasses
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from solver.patience import Rules, deal_from_number

if TYPE_CHECKING:
    from solver.patience.blind import Policy


def policy_spec(policy: "Policy") -> str:
    """The policy's name and its settings: a policy that is a dataclass lists its fields
    (a policy among them by its own spec; a field declared with compare=False, such as the
    chance model, which changes no move, is left out), one without settings is just its
    name."""
    if not dataclasses.is_dataclass(policy):
        return policy.name
    settings = []
    for field in dataclasses.fields(policy):
        if field.name == "name" or not field.compare:  # compare=False: play is the same
            continue
        value = getattr(policy, field.name)
        shown = policy_spec(value) if hasattr(value, "rank") else value
        settings.append(f"{field.name}={shown}")
    return f"{policy.name}({','.join(settings)})"


def blind_label(rules_label: str, spec: str) -> str:
    """The label blind rows are filed under: the rules' label plus the policy as its option
    ("fanny --policy pysol"), so they never mix with the open rows of the same rules."""
    return f"{rules_label} --policy {spec}"


def rules_label_of(blind: str, spec: str) -> str:
    """The rules' label of a blind label (`blind_label`'s inverse)."""
    return blind.removesuffix(f" --policy {spec}")


@dataclass(frozen=True)
class BlindJob:
    """What to play: the rules' label (`work.label`), the rules, the policy's name (as
    `policy_named` takes it), the seed base (deal n is played with seed base + n) and the
    threads a sampling policy decides its samples on (the same games for any number)."""

    rules_label: str
    rules: Rules
    policy: str
    seed: int = 0
    threads: int = 1

    @property
    def spec(self) -> str:
        from solver.patience.blind import policy_named

        return policy_spec(policy_named(self.policy))

    @property
    def label(self) -> str:
        return blind_label(self.rules_label, self.spec)


@dataclass
class BlindRow:
    """One deal played blind: won or lost, the moves played, the policy's real decisions
    (choices among two or more actions) and the seconds the game took."""

    label: str
    deal: int
    policy: str
    won: bool
    seconds: float
    moves: int
    decisions: int
    seed: int

    @property
    def verdict(self) -> str:
        """"won" or "lost", as the store files it."""
        return "won" if self.won else "lost"

    def as_dict(self) -> dict:
        return asdict(self)


def play_number(job: BlindJob, number: int) -> BlindRow:
    """Deal `number` under the job's rules, played to its end by the job's policy."""
    from solver.patience.blind import play_blind, policy_named

    policy = policy_named(job.policy, job.threads)
    seed = job.seed + number
    game = play_blind(deal_from_number(job.rules, number), policy, seed)
    return BlindRow(blind_label(job.rules_label, policy_spec(policy)), number,
                    policy_spec(policy), game.won, game.seconds, len(game.moves),
                    game.decisions, seed)
