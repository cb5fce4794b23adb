"""Frog, the trick-taking game: rules, deals and an exact double-dummy solver; the public API.

The flow mirrors the patience solver: deal file or number -> `Deal`; `Rules` (contract,
trump, bidder and the rule parameters of TRICKS.md); `solve` -> `Solution`, whose line of
play is replayed through the plain rules engine (`replay`) before anyone sees it.
Everything outside this package imports from here, never from the modules inside.

`solve` and `solve_all` load the compiled search, so they are imported on first use.
"""
from __future__ import annotations

from typing import Any

from solver.tricks.cards import (SUITS, CardError, card_name, format_cards, parse_card, parse_suit,
                                 points_of, sort_hand)
from solver.tricks.deal import Deal, DealError, deal_from_number, parse_deal
from solver.tricks.engine import Game, IllegalPlay, replay, winning_index
from solver.tricks.line import Line, LineError, format_header, format_trick, parse_line
from solver.tricks.rules import CONTRACTS, SCORING, TARGETS, Rules, RulesError

_SEARCH_NAMES = ("Solution", "solve", "solve_all")

__all__ = ["CONTRACTS", "SUITS", "sort_hand", "CardError", "Deal", "DealError", "Game", "IllegalPlay", "Line",
           "LineError", "Rules", "RulesError", "SCORING", "TARGETS", "card_name",
           "deal_from_number", "format_cards", "format_header", "format_trick", "parse_card",
           "parse_deal", "parse_line", "parse_suit", "points_of", "replay", "winning_index",
           *_SEARCH_NAMES]


def __getattr__(name: str) -> Any:
    """The search's names, loaded with the compiled kernel on first use."""
    if name in _SEARCH_NAMES:
        from solver.tricks import search

        return getattr(search, name)
    raise AttributeError(f"module 'solver.tricks' has no attribute {name!r}")
