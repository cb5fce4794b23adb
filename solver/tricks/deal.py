"""A Frog deal or a position between tricks: three hands, the widow, who leads, points taken.

Parses and prints the deal file of docs/tricks.md and creates numbered deals with the patience's
PySolFC shuffle (`solver.shuffle`), so that deal numbers mean the same shuffle everywhere.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver.excerpt import excerpt
from solver.shuffle import pysol_card_ids
from solver.tricks.cards import (
    CardError,
    format_cards,
    parse_card,
    points_of,
    sort_hand,
)

HAND_SIZE = 11
WIDOW_SIZE = 3
TOTAL_POINTS = 120
CREATION_RANKS = "6789TJQKA"  # the order cards are created in before the shuffle
CREATION_SUITS = "CSHD"


class DealError(ValueError):
    """A deal file or deal that docs/tricks.md refuses; the message names the line."""


@dataclass(frozen=True)
class Deal:
    """Hands of seats 1-3 (index 0-2), the widow, the next leader and points already won.

    `taken` is (bidder's points, defenders' points) from tricks already played; cards in no
    hand and not in the widow are out of play.
    """

    hands: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    widow: tuple[int, ...]
    leader: int = 1
    taken: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        seen: set[int] = set()
        for label, cards in (*zip(("hand1", "hand2", "hand3"), self.hands), ("widow", self.widow)):
            for c in cards:
                if not 0 <= c < 36:
                    raise DealError(f"{label}: no card number {c}")
                if c in seen:
                    raise DealError(f"{label}: card {format_cards([c])} appears twice")
                seen.add(c)
        sizes = {len(h) for h in self.hands}
        if len(sizes) != 1:
            raise DealError(f"hands must be the same length, not {', '.join(str(len(h)) for h in self.hands)}")
        if sizes.pop() > HAND_SIZE:
            raise DealError(f"a hand holds at most {HAND_SIZE} cards")
        if len(self.widow) > WIDOW_SIZE:
            raise DealError(f"the widow holds at most {WIDOW_SIZE} cards")
        if self.leader not in (1, 2, 3):
            raise DealError(f"leader must be 1, 2 or 3, not {self.leader}")
        if min(self.taken) < 0 or sum(self.taken) > TOTAL_POINTS - points_of(seen):
            raise DealError("taken: more points than the cards out of play hold")

    def banked(self, contract: str, discard: Sequence[int] = ()) -> int:
        """The bidder's points before the next trick: those already taken, plus the widow's
        (it goes to the bidder unseen) or, in a frog, the `discard`'s (the bidder takes the
        widow up and lays these cards away)."""
        return self.taken[0] + points_of(discard if contract == "frog" else self.widow)

    @property
    def hand_size(self) -> int:
        return len(self.hands[0])

    def to_text(self) -> str:
        """The deal file, which `parse_deal` reads back to an equal `Deal`."""
        lines = ["game: frog-tricks"]
        lines += [f"hand{i + 1}: {format_cards(h)}" for i, h in enumerate(self.hands)]
        lines.append(f"widow: {format_cards(self.widow)}")
        if self.leader != 1:
            lines.append(f"leader: {self.leader}")
        if self.taken != (0, 0):
            lines.append(f"taken: {self.taken[0]} {self.taken[1]}")
        return "\n".join(lines) + "\n"


def make_deal(hands: list[list[int]], widow: list[int], leader: int = 1,
              taken: tuple[int, int] = (0, 0)) -> Deal:
    """A `Deal` with hands kept in display order."""
    h1, h2, h3 = (tuple(sort_hand(h)) for h in hands)
    return Deal((h1, h2, h3), tuple(sort_hand(widow)), leader, taken)


def parse_deal(text: str) -> Deal:
    """Read a deal file; every error names its line."""
    hands: dict[int, list[int]] = {}
    widow: list[int] | None = None
    leader, taken = 1, (0, 0)
    first_seen: dict[int, int] = {}  # card -> line it appeared on
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        if not sep:
            raise DealError(f"line {number}: expected 'key: value', got {excerpt(raw.strip())}")
        try:
            if key == "game":
                if value.strip().lower() != "frog-tricks":
                    raise DealError(f"game must be frog-tricks, not {excerpt(value.strip())}")
            elif key in ("hand1", "hand2", "hand3"):
                hands[int(key[-1])] = _cards(value, number, first_seen)
            elif key == "widow":
                widow = _cards(value, number, first_seen)
            elif key == "leader":
                leader = _int(value)
            elif key == "taken":
                words = value.split()
                if len(words) != 2:
                    raise DealError("taken needs two numbers: bidder's and defenders' points")
                taken = (_int(words[0]), _int(words[1]))
            else:
                raise DealError(f"unknown key {excerpt(key)}")
        except (CardError, DealError) as exc:
            raise DealError(f"line {number}: {exc}") from None
    missing = [f"hand{i}" for i in (1, 2, 3) if i not in hands]
    if missing:
        raise DealError(f"missing {', '.join(missing)}")
    return make_deal([hands[1], hands[2], hands[3]], widow or [], leader, taken)


def _cards(text: str, number: int, first_seen: dict[int, int]) -> list[int]:
    cards = []
    for word in text.split():
        c = parse_card(word)
        if c in first_seen:
            raise DealError(f"card {word} appears twice (first on line {first_seen[c]})")
        first_seen[c] = number
        cards.append(c)
    return cards


def _int(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise DealError(f"{text.strip()!r} is not a whole number") from None


def deal_from_number(number: int) -> Deal:
    """Deal `number`: 3 to each seat, 3 to the widow, then 4 to each seat twice."""
    ids = pysol_card_ids(number, decks=1, ranks=9)  # top of the stock first
    pack = [parse_card(CREATION_RANKS[i % 9] + CREATION_SUITS[i // 9]) for i in ids]
    hands: list[list[int]] = [[], [], []]
    for seat in range(3):
        hands[seat] += [pack.pop(0) for _ in range(3)]
    widow = [pack.pop(0) for _ in range(3)]
    for _ in range(2):
        for seat in range(3):
            hands[seat] += [pack.pop(0) for _ in range(4)]
    return make_deal(hands, widow)
