"""Deciding one numbered deal into a plain row: the unit of work every engine runs.

Kept free of SQLite, tqdm and the pools so that it pickles cheaply to a worker process or a
Ray task, and so that bench and survey measure exactly the same call.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

from solver.answer import Limits, SolverBug
from solver.patience import NOISE, Rules, deal_from_number, decide, variant_rules
from solver.patience.search import SEQUENCES


@dataclass(frozen=True)
class Job:
    """What to decide: a rules label (see `label`), its rules and the limits, the method
    (`decide`'s: "search", "cpsat" or "portfolio") and the first restart sequence of the
    search strategy (0, the standard one, as in `frog solve`; a retry of an unknown deal
    starts after the sequences its stored row ran (`next_sequence`), because those already
    failed on it within the earlier budget and would spend that much again on the same
    restarts)."""

    label: str
    rules: Rules
    limits: Limits
    sequence: int = 0
    method: str = "search"


#: The first restart sequence that `--retry-unknown` runs on a row that does not record its
#: own: the strategy's next sequences after those a fresh deal runs (0 .. SEQUENCES - 1).
RETRY_SEQUENCE = SEQUENCES


def next_sequence(stored: int | None) -> int:
    """The first restart sequence a retry of an unknown row runs: the row's search ran
    sequences `stored` .. `stored` + SEQUENCES - 1 within its budget, and running them again
    would spend that budget once more on the same restarts before anything new. A row
    without a sequence (decided by CP-SAT alone, or stored before rows recorded it) counts
    as one a fresh deal's search left: the retry runs RETRY_SEQUENCE on."""
    return RETRY_SEQUENCE if stored is None else stored + SEQUENCES


@dataclass
class Row:
    """One decided deal. `moves` is the length of the winning line (None unless winnable);
    `method` is the method that answered (`Result.method`: "search", "cpsat", or for the
    portfolio "portfolio/search", "portfolio/cpsat", or "portfolio" when neither decided).
    `nodes` counts search nodes, except in a "cpsat" row, where it is CP-SAT's conflicts.
    `sequence` is the first of the restart sequences the search ran (`Job.sequence`; None
    when no search ran, under --method cpsat): a later retry of an unknown row runs the
    sequences after its own (`next_sequence`)."""

    label: str
    deal: int
    verdict: str
    reason: str | None
    nodes: int
    seconds: float
    moves: int | None
    nodes_per_second: float
    method: str = "search"
    sequence: int | None = None

    def as_dict(self) -> dict:
        return asdict(self)


def asked_method(answered: str) -> str:
    """The method a row's deal was decided with, from the one that answered (`Row.method`):
    "portfolio/cpsat" was asked as "portfolio"."""
    return answered.split("/")[0]


def label(rules: Rules) -> str:
    """The name results are filed under: the variant, plus each overridden parameter written
    as its command-line option ("frog --stock-play optional"), so that a survey of modified
    rules never mixes with the variant's own figures and the label says how to reproduce it."""
    extra = "".join(f" --{key} {value}" for key, value in rules.differences().items())
    return rules.variant + extra


def rules_for(variant: str, **overrides: object) -> Rules:
    """The variant's rules with command-line overrides (None = keep the variant's value)."""
    return variant_rules(variant).with_overrides(**overrides)


def decide_number(job: Job, number: int) -> Row:
    """Deal `number` under the job's rules, decided with the job's method; a win that fails
    its replay raises SolverBug naming the deal (the worker's traceback is not shown)."""
    try:
        result = decide(deal_from_number(job.rules, number), job.method, job.limits,
                        noise=NOISE, sequence=job.sequence)
    except SolverBug as exc:
        raise SolverBug(f"{job.label} deal {number}: {exc}") from None
    return Row(job.label, number, result.verdict, result.reason, result.nodes, result.seconds,
               len(result.moves) if result.moves else None,
               float(result.stats.get("nodes_per_second", 0)), result.method,
               None if job.method == "cpsat" else job.sequence)

