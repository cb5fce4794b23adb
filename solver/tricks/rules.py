"""The contract and rule parameters of one hand, and what the result is worth.

Everything TRICKS.md lets a user choose lives in the immutable `Rules` value; the search
and the rules engine read only `trump`, `bidder`, `contract` and `must_overtrump`, the
scoring reads the rest.
"""
from __future__ import annotations

from dataclasses import dataclass

from solver.tricks.cards import HEARTS, SUIT_NAMES

CONTRACTS = ("frog", "chico", "grand")
CHICO_TRUMPS = tuple(i for i in range(4) if i != HEARTS)
TARGETS = (60, 61)
HALF = 60

# Per-point rates (or fixed amounts) by scoring set; a missing contract is not playable.
SCORING = {
    "foster": {"frog": 1, "chico": 2, "grand": 4},
    "slough": {"frog": 1, "chico": 2, "grand": 3},
    "straight-solo": {"chico": 1, "grand": 2},
    "coeur-d-alene": {"frog": 25, "chico": 50, "grand": 75},
}
FIXED_AMOUNT_SCORING = frozenset({"coeur-d-alene"})
ACTIVE_PLAYERS = 3


class RulesError(ValueError):
    """A contract or rule parameter that TRICKS.md does not allow."""


@dataclass(frozen=True)
class Rules:
    """One contract with its rule parameters. Seats are 1, 2, 3; `trump` is a suit index."""

    contract: str
    bidder: int
    trump: int = HEARTS
    target: int = 60
    must_overtrump: bool = False
    scoring: str = "foster"
    players: int = 3

    def __post_init__(self) -> None:
        if self.contract not in CONTRACTS:
            raise RulesError(f"unknown contract {self.contract!r} (frog, chico, grand)")
        if self.scoring not in SCORING:
            raise RulesError(f"unknown scoring {self.scoring!r} ({', '.join(SCORING)})")
        if self.contract not in SCORING[self.scoring]:
            raise RulesError(f"{self.contract} is not a contract under {self.scoring} scoring")
        if self.contract == "chico" and self.trump not in CHICO_TRUMPS:
            raise RulesError("chico trumps must be clubs, diamonds or spades")
        if self.contract != "chico" and self.trump != HEARTS:
            raise RulesError(f"hearts are always trumps in {self.contract}")
        if self.bidder not in (1, 2, 3):
            raise RulesError(f"bidder must be seat 1, 2 or 3, not {self.bidder}")
        if self.target not in TARGETS:
            raise RulesError(f"target must be 60 or 61, not {self.target}")
        if self.players not in (3, 4, 5):
            raise RulesError(f"players must be 3, 4 or 5, not {self.players}")

    @property
    def trump_name(self) -> str:
        return SUIT_NAMES[self.trump]

    def verdict(self, points: int) -> str:
        """``made``, ``lost`` or ``standoff`` (exactly 60 when the target is 61)."""
        if points >= self.target:
            return "made"
        return "standoff" if points == HALF else "lost"

    def payment(self, points: int) -> int:
        """The bidder's signed net gain over all the other players at the table."""
        verdict = self.verdict(points)
        if verdict == "standoff":
            return 0
        rate = SCORING[self.scoring][self.contract]
        fixed = self.scoring in FIXED_AMOUNT_SCORING
        if verdict == "made":
            return (rate if fixed else rate * (points - HALF)) * (ACTIVE_PLAYERS - 1)
        return -(rate if fixed else rate * (HALF - points)) * (self.players - 1)
