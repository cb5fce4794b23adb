"""PySolFC's shuffle for game number N (docs/rules.md, Deal numbers).

Cards are created deck by deck, suit by suit in the order C S H D, Ace up to the highest
rank, so card id = deck*(4*ranks) + suit*ranks + rank. Numbers below 32000 use the Microsoft C
generator (and, for exactly 52 cards, FreeCell's card order); larger ones use Python's
Mersenne Twister, as PySolFC's pysol_cards does.
"""
from __future__ import annotations

import random

from solver.excerpt import excerpt

MAX_DEAL_NUMBER = 10**20
LCG_LIMIT = 32000


class DealNumberError(ValueError):
    """A deal number outside 1..10^20."""


def parse_deal_number(text: str) -> int:
    """A deal number written in decimal digits; DealNumberError, quoting at most an excerpt,
    for one outside 1..10^20 (Python would refuse to read one of thousands of digits)."""
    digits = text.strip()
    if not digits.isascii() or not digits.isdigit():
        raise DealNumberError(f"a deal number is written in digits, not {excerpt(digits)}")
    too_long = len(digits.lstrip("0")) > len(str(MAX_DEAL_NUMBER))
    if too_long or not 1 <= int(digits) <= MAX_DEAL_NUMBER:
        raise DealNumberError(f"deal number must be 1 to 10^20, not "
                              f"{excerpt(digits, quote=False)}")
    return int(digits)


class _MicrosoftLcg:
    """The Microsoft C rand(): 15-bit values from a 32-bit linear congruential state."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def randint_to(self, n: int) -> int:
        """A value in 0..n, as PySolFC's LCRandom31.randint(0, n)."""
        self.state = (self.state * 214013 + 2531011) % 2**32
        return ((self.state >> 16) & 0x7FFF) % (n + 1)


class _MersenneTwister:
    def __init__(self, seed: int) -> None:
        self.generator = random.Random(seed)

    def randint_to(self, n: int) -> int:
        return int(self.generator.random() * (n + 1))


def pysol_card_ids(number: int, decks: int, ranks: int) -> list[int]:
    """Card ids in dealing order (top of the stock first) for PySolFC game `number`."""
    if not 1 <= number <= MAX_DEAL_NUMBER:
        raise DealNumberError(f"deal number must be 1 to 10^20, not {number}")
    ids = list(range(4 * decks * ranks))
    if number < LCG_LIMIT:
        generator: _MicrosoftLcg | _MersenneTwister = _MicrosoftLcg(number)
        if len(ids) == 52:
            ids = [ids[i + j] for i in range(13) for j in (0, 39, 26, 13)]
    else:
        generator = _MersenneTwister(number)
    for i in range(len(ids) - 1, 0, -1):
        j = generator.randint_to(i)
        ids[i], ids[j] = ids[j], ids[i]
    ids.reverse()  # PySolFC deals from the end of the list
    return ids
