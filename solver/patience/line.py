"""Move lists (docs/rules.md, Move lists): the `Move` value and the `CARD SOURCE TARGET` format.

The notation only: whether a move is legal is the rules engine's business (engine.py).

>>> move = Move.parse("th stock w2", waste_piles=5)
>>> str(move), move.describe()
('TH stock w2', 'TH from the stock to waste pile 2')
>>> [(number, str(m)) for number, m in parse_move_list("TC stock w1  # a comment", 5)]
[(1, 'TC stock w1')]
"""
from __future__ import annotations

from typing import NamedTuple

from solver.excerpt import excerpt
from solver.patience.cards import Card, CardError

STOCK, RESERVE, FOUNDATION = "stock", "reserve", "foundation"


def pile_name(index: int) -> str:
    """The move lists' name of the waste pile at `index` (counted from 0): piles are named
    from w1, as players count them.

    >>> pile_name(0), pile_index("w5")
    ('w1', 4)
    """
    return f"w{index + 1}"


def pile_names(waste_piles: int) -> list[str]:
    """The names of all `waste_piles` piles, left to right: w1, w2, ..."""
    return [pile_name(index) for index in range(waste_piles)]


def pile_index(place: str) -> int:
    """Where the waste pile named `place` ('w3') is in a position's list of piles (2):
    the inverse of `pile_name`. ValueError for a place that names no waste pile."""
    if place[:1] != "w" or not place[1:].isdigit() or int(place[1:]) < 1:
        raise ValueError(f"{place!r} names no waste pile (w1, w2, ...)")
    return int(place[1:]) - 1


class MoveListError(ValueError):
    """A move list line that cannot be read at all (exit code 2)."""

    def __init__(self, message: str, line: int) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}")


class Move(NamedTuple):
    """`CARD SOURCE TARGET`: SOURCE is stock, reserve or wN; TARGET is foundation or wN.

    >>> move = Move.parse("7h stock w2", waste_piles=5)
    >>> move
    Move(card=Card(rank=7, suit='H'), source='stock', target='w2')
    >>> print(move)
    7H stock w2
    >>> move.describe()
    '7H from the stock to waste pile 2'
    >>> Move.parse("7H stock w6", waste_piles=5)
    Traceback (most recent call last):
    ...
    ValueError: unknown target 'w6' (foundation or w1..w5)
    """

    card: Card
    source: str
    target: str

    def __str__(self) -> str:
        return f"{self.card} {self.source} {self.target}"

    def describe(self) -> str:
        """The move in words, for people: '7H from the stock to waste pile 3'."""
        return f"{self.card} from {place_name(self.source)} to {place_name(self.target)}"

    @classmethod
    def parse(cls, text: str, waste_piles: int) -> "Move":
        """Read `CARD SOURCE TARGET`; ValueError with the reason otherwise."""
        parts = text.split()
        if len(parts) != 3:
            raise ValueError(f"expected 'CARD SOURCE TARGET', found {excerpt(text.strip())}")
        card = Card.parse(parts[0])
        source, target = parts[1].lower(), parts[2].lower()
        piles = pile_names(waste_piles)
        if source not in (STOCK, RESERVE, *piles):
            raise ValueError(f"unknown source {excerpt(parts[1])} (stock, reserve or "
                             f"{_pile_range(waste_piles)})")
        if target not in (FOUNDATION, *piles):
            raise ValueError(f"unknown target {excerpt(parts[2])} (foundation or "
                             f"{_pile_range(waste_piles)})")
        return cls(card, source, target)


def _pile_range(waste_piles: int) -> str:
    return f"w1..w{waste_piles}" if waste_piles else "no waste piles in this game"


def place_name(place: str) -> str:
    """A place in words: 'the stock', 'a foundation', 'waste pile 3'."""
    if place in (STOCK, RESERVE):
        return f"the {place}"
    if place == FOUNDATION:
        return "a foundation"
    return f"waste pile {pile_index(place) + 1}"


def parse_move_list(text: str, waste_piles: int) -> list[tuple[int, Move]]:
    """(line number, move) for each move line; MoveListError for an unreadable line."""
    moves = []
    for number, raw in enumerate(text.splitlines(), start=1):
        content = raw.split("#", 1)[0].strip()
        if not content:
            continue
        try:
            moves.append((number, Move.parse(content, waste_piles)))
        except (ValueError, CardError) as exc:
            raise MoveListError(str(exc), number) from None
    return moves
