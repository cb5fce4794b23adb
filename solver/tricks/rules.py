"""The contract and rule parameters of one hand, and what the result is worth.

Everything docs/tricks.md lets a user choose lives in the immutable `Rules` value; the search
and the rules engine read only `trump`, `bidder`, `contract` and `must_overtrump`, the
scoring reads the rest.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

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
# The 1922 Official Rules (Solo or Slough, and Straight Solo and Coeur d'Alene, which are
# "the same as Solo or Slough" but for the contracts and amounts) seat up to seven and give
# three ways of settling with the players who sit out; Foster (1909) seats five at most,
# and they only receive.
MAX_PLAYERS = {"foster": 5, "slough": 7, "straight-solo": 7, "coeur-d-alene": 7}
INACTIVE = ("receive", "pay-and-receive", "solo-only")


class RulesError(ValueError):
    """A contract or rule parameter that docs/tricks.md does not allow."""


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
    penalty_frog: bool = False
    inactive: str = "receive"

    def __post_init__(self) -> None:
        if self.contract not in CONTRACTS:
            raise RulesError(f"unknown contract {self.contract!r} (frog, chico, grand)")
        self.table.check()
        if self.contract not in SCORING[self.scoring]:
            raise RulesError(f"{self.contract} is not a contract under {self.scoring} scoring")
        if self.contract == "chico" and self.trump not in CHICO_TRUMPS:
            raise RulesError("chico trumps must be clubs, diamonds or spades")
        if self.contract != "chico" and self.trump != HEARTS:
            raise RulesError(f"hearts are always trumps in {self.contract}")
        if self.bidder not in (1, 2, 3):
            raise RulesError(f"bidder must be seat 1, 2 or 3, not {self.bidder}")

    @property
    def table(self) -> Table:
        """The rule parameters without the contract, trump and bidder."""
        return Table(self.target, self.must_overtrump, self.scoring, self.players,
                     self.penalty_frog, self.inactive)

    @property
    def trump_name(self) -> str:
        return SUIT_NAMES[self.trump]

    def to_json(self) -> dict:
        """The contract and every rule parameter, as each `--json` answer names them."""
        return {"contract": self.contract, "trump": self.trump_name, "bidder": self.bidder,
                **self.table.to_json()}

    def verdict(self, points: int) -> str:
        """``made``, ``lost`` or ``standoff`` (exactly 60 when the target is 61)."""
        if points >= self.target:
            return "made"
        return "standoff" if points == HALF else "lost"

    def payment(self, points: int) -> int:
        """The bidder's signed net gain over all the other players at the table.

        A made contract is paid by the two other active players, and by those sitting out
        too when they "pay and receive" (for a solo only, under `solo-only`); a lost one is
        paid to everyone at the table, a lost frog at the grand's (Heart Solo's) rate under
        penalty frog.
        """
        verdict = self.verdict(points)
        if verdict == "standoff":
            return 0
        fixed = self.scoring in FIXED_AMOUNT_SCORING
        if verdict == "made":
            rate = SCORING[self.scoring][self.contract]
            return (rate if fixed else rate * (points - HALF)) * self.payers()
        lost_at = "grand" if self.penalty_frog and self.contract == "frog" else self.contract
        rate = SCORING[self.scoring][lost_at]
        return -(rate if fixed else rate * (HALF - points)) * (self.players - 1)

    def payers(self) -> int:
        """How many players pay the bidder for a made contract."""
        inactive_pay = (self.inactive == "pay-and-receive"
                        or (self.inactive == "solo-only" and self.contract != "frog"))
        return ACTIVE_PLAYERS - 1 + (self.players - ACTIVE_PLAYERS if inactive_pay else 0)


@dataclass(frozen=True)
class Table:
    """The rule parameters shared by every contract of one question (see `Rules`)."""

    target: int = 60
    must_overtrump: bool = False
    scoring: str = "foster"
    players: int = 3
    penalty_frog: bool = False
    inactive: str = "receive"

    def check(self) -> None:
        """`RulesError` for a parameter docs/tricks.md does not allow, whatever the contract
        (`Rules` checks the contract, trump and bidder besides)."""
        if self.scoring not in SCORING:
            raise RulesError(f"unknown scoring {self.scoring!r} ({', '.join(SCORING)})")
        if self.target not in TARGETS:
            raise RulesError(f"target must be 60 or 61, not {self.target}")
        most = MAX_PLAYERS[self.scoring]
        if not 3 <= self.players <= most:
            raise RulesError(f"players must be 3 to {most} under {self.scoring} scoring, "
                             f"not {self.players}")
        if self.inactive not in INACTIVE:
            raise RulesError(f"unknown way of paying inactive players {self.inactive!r} "
                             f"({', '.join(INACTIVE)})")
        if self.inactive != "receive" and self.scoring == "foster":
            raise RulesError("under foster scoring inactive players only receive "
                             "(the other ways are the 1922 rules': slough and its variants)")

    def to_json(self) -> dict:
        """Every parameter under its own name, as the `--json` answers print them."""
        return asdict(self)

    def rules(self, contract: str, bidder: int, trump: int) -> Rules:
        return Rules(contract, bidder, trump, self.target, self.must_overtrump, self.scoring,
                     self.players, self.penalty_frog, self.inactive)
