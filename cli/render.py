"""Text rendering of layouts for people: `frog show`, in a terminal.

The layout is the replay page's, in text: foundations by their top cards, the reserve
(top card last), the waste piles fanned left to right (bottom card first), and the stock
(next card first). With colour, suits are drawn as symbols, hearts and diamonds in red, and
every card that can be played now (the reserve's and each pile's top, the next stock card)
in bold.
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from typing import IO

from solver.patience import Card, Deal, rank_name
from solver.patience.deal import reserve_gone_up

SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
RED, BOLD, DIM, RESET = "\033[31m", "\033[1m", "\033[2m", "\033[0m"


def wants_colour(stream: IO[str], no_color: bool = False, force: bool = False) -> bool:
    """Colour (and suit symbols) when asked with --color; never with --no-color; otherwise
    only on a terminal that is not 'dumb', with NO_COLOR unset (no-color.org), and whose
    encoding can print the suit symbols."""
    if no_color:
        return False
    try:
        "".join(SUIT_SYMBOLS.values()).encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    if force:
        return True
    return stream.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def _card(card: Card, colour: bool, playable: bool = False) -> str:
    if not colour:
        return str(card)
    text = rank_name(card.rank) + SUIT_SYMBOLS[card.suit]
    ink = RED if card.suit in "DH" else ""
    weight = BOLD if playable else ""
    return f"{ink}{weight}{text}{RESET}" if ink or weight else text


def _pile(cards: Sequence[Card], colour: bool, playable_at: int) -> str:
    """Cards left to right; the one at index `playable_at` (-1: the last) is playable."""
    if not cards:
        return "-"
    playable = playable_at % len(cards)
    return " ".join(_card(card, colour, i == playable) for i, card in enumerate(cards))


def _count(cards: int) -> str:
    return f"{cards} card{'s' * (cards != 1)}"


def render_deal(deal: Deal, title: str, colour: bool = False) -> str:
    """A terminal view of a layout, every pile labelled and its playable end marked."""
    rules = deal.rules
    parameters = ", ".join(f"{key} {value}" for key, value in rules.parameters().items())
    started = [_card(card, colour) for card in deal.foundations]
    empty = ["--"] * (rules.foundations - len(started))
    note = (lambda text: f"{DIM}{text}{RESET}") if colour else (lambda text: text)
    gone = reserve_gone_up(deal)
    reserve = f"{_count(len(deal.reserve))}, top last" + (
        f"; {gone} gone up of reserve-size {rules.reserve_size}" if gone else "")
    lines = [
        f"{title}  {note(f'[{rules.variant}: {parameters}]')}",
        f"Foundations  {' '.join(started + empty)}",
        f"Reserve      {_pile(deal.reserve, colour, -1)}   " + note(f"({reserve})"),
    ]
    for i, pile in enumerate(deal.waste):
        lines.append(f"Waste {i + 1:<6} {_pile(pile, colour, -1)}")
    lines.append(f"Stock        {_pile(deal.stock, colour, 0)}   "
                 + note(f"({_count(len(deal.stock))}, next first)"))
    lines.append(note(f"Ranks A-{rank_name(rules.ranks)}, {rules.card_count} cards"))
    return "\n".join(lines)
