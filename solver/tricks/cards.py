"""The 36-card Frog pack: card numbers, names and card points.

A card is a plain int 0..35, ``suit * 9 + rank``, so that a hand is a 36-bit mask and the
search kernel can work on integers. Ranks are numbered by trick-taking strength, lowest
first: 6 7 8 9 J Q K T A (the Ten ranks between King and Ace). With that numbering the card
points never decrease with strength, and only 6-9 share a value (nothing).

>>> ten = parse_card("10h")
>>> ten, card_name(ten), POINTS[ten]
(25, 'TH', 10)
>>> rank_of(parse_card("AH")) > rank_of(ten) > rank_of(parse_card("KH"))  # A beats T beats K
True
>>> format_cards([parse_card(name) for name in ("6S", "AH", "TH")])  # suits C D H S, high first
'AH TH 6S'
>>> points_of(parse_card(name) for name in ("AH", "TH", "6H"))
21
>>> parse_card("5H")
Traceback (most recent call last):
...
solver.tricks.cards.CardError: unknown card '5H' (ranks A T K Q J 9 8 7 6, suits C D H S)
"""
from __future__ import annotations

from collections.abc import Iterable

from solver.excerpt import excerpt

SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANKS = "6789JQKTA"
RANK_POINTS = (0, 0, 0, 0, 2, 3, 4, 10, 11)
CARDS = 36
HEARTS = SUITS.index("H")

POINTS = tuple(RANK_POINTS[c % 9] for c in range(CARDS))
"""Card points by card number."""


class CardError(ValueError):
    """A card or suit name that does not exist in the 36-card pack."""


def card(rank: str, suit: str) -> int:
    """The card number of a rank letter and suit letter (``card("T", "H")``)."""
    return SUITS.index(suit) * 9 + RANKS.index(rank)


def suit_of(c: int) -> int:
    return c // 9


def rank_of(c: int) -> int:
    return c % 9


def card_name(c: int) -> str:
    """``AH``, ``TH``, ``6D``: the names the deal and line files use."""
    return RANKS[c % 9] + SUITS[c // 9]


def parse_card(text: str) -> int:
    """A card from its name; ``10H`` and lower case are accepted too."""
    name = text.strip().upper()
    if name.startswith("10"):
        name = "T" + name[2:]
    if len(name) != 2 or name[0] not in RANKS or name[1] not in SUITS:
        raise CardError(f"unknown card {excerpt(text)} (ranks A T K Q J 9 8 7 6, suits C D H S)")
    return card(name[0], name[1])


def parse_suit(text: str) -> int:
    """A suit index from ``spades``, ``S`` or ``s``."""
    word = text.strip().lower()
    for index, name in enumerate(SUIT_NAMES):
        if word in (name, name[0]):
            return index
    raise CardError(f"unknown suit {excerpt(text)} (clubs, diamonds, hearts, spades)")


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of a set of cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest card number first."""
    return [c for c in range(CARDS) if mask >> c & 1]


def points_of(cards: Iterable[int]) -> int:
    return sum(POINTS[c] for c in cards)


def sort_hand(cards: Iterable[int]) -> list[int]:
    """Display order: by suit C D H S, strongest card first within a suit."""
    return sorted(cards, key=lambda c: (c // 9, -(c % 9)))


def format_cards(cards: Iterable[int]) -> str:
    return " ".join(card_name(c) for c in sort_hand(cards))
