"""The line-of-play file: a header naming the contract, then one trick per line.

    contract: chico trump: spades bidder: 3 discard: -
    1:AH 2:TH 3:6H
    ...

Text after ``#`` is a comment, so the solver's annotated output reads back as it is.
"""
from __future__ import annotations

from dataclasses import dataclass

from solver.excerpt import excerpt
from solver.tricks.cards import (
    CardError,
    card_name,
    format_cards,
    parse_card,
    parse_suit,
)
from solver.tricks.rules import Rules

Trick = list[tuple[int, int]]  # (seat, card) in playing order


class LineError(ValueError):
    """A line file that cannot be read; the message names the line."""


@dataclass
class Line:
    """A contract, its frog discard and tricks, with the file line of each trick.

    >>> line = parse_line("contract: chico trump: spades bidder: 3 discard: -\\n"
    ...                   "1:AH 2:TH 3:6H   # seat 1 wins 21\\n")
    >>> line.contract, line.bidder, line.trump == parse_suit("spades"), line.file_lines
    ('chico', 3, True, [2])
    >>> format_trick(line.tricks[0])
    '1:AH 2:TH 3:6H'
    >>> line.rules(target=61)
    Rules(contract='chico', bidder=3, trump=3, target=61, must_overtrump=False, scoring='foster', players=3, penalty_frog=False, inactive='receive')
    >>> parse_line("contract: grand bidder: 1\\nX:AC\\n")
    Traceback (most recent call last):
    ...
    solver.tricks.line.LineError: line 2: 'X:AC': a play is SEAT:CARD with seat 1, 2 or 3
    """

    contract: str
    trump: int
    bidder: int
    discard: list[int]
    tricks: list[Trick]
    file_lines: list[int]

    def rules(self, **parameters: object) -> Rules:
        """The `Rules` of this line with the given rule parameters (target, scoring...)."""
        return Rules(self.contract, self.bidder, self.trump, **parameters)  # type: ignore[arg-type]


def format_trick(trick: Trick) -> str:
    return " ".join(f"{seat}:{card_name(c)}" for seat, c in trick)


def format_header(rules: Rules, discard: list[int]) -> str:
    return (f"contract: {rules.contract} trump: {rules.trump_name} bidder: {rules.bidder} "
            f"discard: {format_cards(discard) if discard else '-'}")


def parse_line(text: str) -> Line:
    """Read a line file; every error names its line."""
    header: dict[str, list[str]] | None = None
    tricks: list[Trick] = []
    file_lines: list[int] = []
    for number, raw in enumerate(text.splitlines(), 1):
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        try:
            if header is None:
                header = _parse_header(body)
            else:
                tricks.append([_parse_play(word) for word in body.split()])
                file_lines.append(number)
        except (CardError, LineError, ValueError) as exc:
            raise LineError(f"line {number}: {exc}") from None
    if header is None:
        raise LineError("empty line file: expected 'contract: ... bidder: ...'")
    try:
        contract = header["contract"][0]
        trump = parse_suit(header["trump"][0]) if "trump" in header else None
        bidder = int(header["bidder"][0])
        words = header.get("discard", ["-"])
        discard = [] if words == ["-"] else [parse_card(w) for w in words]
    except (KeyError, IndexError):
        raise LineError("the header needs contract: and bidder:") from None
    except (CardError, ValueError) as exc:
        raise LineError(f"header: {exc}") from None
    if trump is None:
        if contract == "chico":
            raise LineError("header: a chico needs trump:")
        trump = parse_suit("hearts")
    return Line(contract, trump, bidder, discard, tricks, file_lines)


def _parse_header(body: str) -> dict[str, list[str]]:
    fields: dict[str, list[str]] = {}
    key = None
    for word in body.replace(":", ": ").split():
        if word.endswith(":"):
            key = word[:-1].lower()
            if key not in ("contract", "trump", "bidder", "discard"):
                raise LineError(f"unknown header key {excerpt(key)}")
            fields[key] = []
        elif key is None:
            raise LineError(f"expected 'contract: ...', got {excerpt(body)}")
        else:
            fields[key].append(word)
    return fields


def _parse_play(word: str) -> tuple[int, int]:
    seat, sep, name = word.partition(":")
    if not sep or seat not in ("1", "2", "3"):
        raise LineError(f"{excerpt(word)}: a play is SEAT:CARD with seat 1, 2 or 3")
    return int(seat), parse_card(name)

