"""Card and rank names: parsing and printing (`7H`, `T` or `10` for ten, ranks 1-13).

Suits never matter to Frog's legality; they matter only for checking a deal (each card
exactly `decks` times) and for showing it. A `Card` is therefore a plain (rank, suit) value.
"""
from __future__ import annotations

from typing import NamedTuple

from solver.excerpt import excerpt

RANK_NAMES = "A23456789TJQK"
SUITS = "CDHS"
#: PySolFC creates cards suit by suit in this order (card ids depend on it).
PYSOL_SUIT_ORDER = "CSHD"


class CardError(ValueError):
    """A token that is not a card name."""


class Card(NamedTuple):
    """A card: rank 1 (Ace) .. 13 (King) and suit letter C, D, H or S.

    >>> Card.parse("10h")
    Card(rank=10, suit='H')
    >>> str(Card(1, "S")), str(Card.parse("qd"))
    ('AS', 'QD')
    >>> Card.parse("1H")
    Traceback (most recent call last):
    ...
    solver.patience.cards.CardError: '1H' is not a card (ranks A 2-9 T J Q K, suits C D H S)
    """

    rank: int
    suit: str

    def __str__(self) -> str:
        return RANK_NAMES[self.rank - 1] + self.suit

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse `7H`, `th`, `10S`, `as`; raise CardError with the token otherwise."""
        token = text.strip().upper()
        if len(token) < 2:
            raise CardError(f"{excerpt(text)} is not a card (expected rank and suit, like 7H or TD)")
        rank_text, suit = token[:-1], token[-1]
        if rank_text == "10":
            rank_text = "T"
        if len(rank_text) != 1 or rank_text not in RANK_NAMES or suit not in SUITS:
            raise CardError(f"{excerpt(text)} is not a card (ranks A 2-9 T J Q K, suits C D H S)")
        return cls(RANK_NAMES.index(rank_text) + 1, suit)


def rank_name(rank: int) -> str:
    """`A`, `2`, ..., `K` for ranks 1..13."""
    return RANK_NAMES[rank - 1]


def parse_cards(text: str) -> list[Card]:
    """A whitespace-separated list of card names; '-' alone means an empty list."""
    tokens = text.split()
    if tokens == ["-"]:
        return []
    return [Card.parse(token) for token in tokens]


def format_cards(cards: "list[Card] | tuple[Card, ...]") -> str:
    """Card names separated by spaces, '-' for none."""
    return " ".join(str(card) for card in cards) if cards else "-"


def card_of_id(card_id: int, ranks: int) -> Card:
    """The card a PySolFC id names, for a game with `ranks` ranks per suit (the ids of
    solver.shuffle: deck*(4*ranks) + suit*ranks + rank, suits in PYSOL_SUIT_ORDER).

    >>> card_of_id(0, 13), card_of_id(13, 13), card_of_id(52, 13)
    (Card(rank=1, suit='C'), Card(rank=1, suit='S'), Card(rank=1, suit='C'))
    """
    suit_index, rank_index = divmod(card_id % (4 * ranks), ranks)
    return Card(rank_index + 1, PYSOL_SUIT_ORDER[suit_index])
