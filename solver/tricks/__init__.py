"""Frog, the trick-taking game: rules, deals and an exact double-dummy solver; the public API.

The flow mirrors the patience solver: deal file or number -> `Deal`; `Rules` (contract,
trump, bidder and the rule parameters of docs/tricks.md); `solve` -> `Solution`, whose line of
play is replayed through the plain rules engine (`replay`) before anyone sees it.
Everything outside this package imports from here, never from the modules inside.

`solve` and `solve_all` load the compiled search, so they are imported on first use.
"""
from __future__ import annotations

import importlib
from typing import Any

from solver.tricks.cards import (POINTS, SUIT_NAMES, SUITS, CardError, card_name, format_cards,
                                 parse_card, parse_suit, points_of, sort_hand)
from solver.shuffle import DealNumberError, parse_deal_number
from solver.tricks.deal import Deal, DealError, deal_from_number, parse_deal
from solver.tricks.engine import Game, IllegalPlay, replay, winning_index
from solver.tricks.line import Line, LineError, format_header, format_trick, parse_line
from solver.tricks.rules import CONTRACTS, INACTIVE, SCORING, TARGETS, Rules, RulesError, Table
from solver.tricks.sampling import DEFAULT_SAMPLES, DEFAULT_SEED, NOTE

#: Names loaded with the compiled search on first use, by the module that holds them.
_LAZY = {
    "search": ("Solution", "solve", "solve_all"),
    "analysis": ("Analysis", "Explanation", "analyse", "best_discard", "discard_values",
                 "explain", "position"),
    "bidding": ("Advice", "advise", "distributions", "hand_deal"),
    "auction": ("Auction", "run_auction"),
}
_SEARCH_NAMES = tuple(name for names in _LAZY.values() for name in names)

__all__ = ["CONTRACTS", "DEFAULT_SAMPLES", "DEFAULT_SEED", "INACTIVE", "NOTE", "POINTS",
           "SUIT_NAMES", "SUITS", "sort_hand", "CardError", "Deal", "DealError", "Game",
           "IllegalPlay", "Line", "LineError", "Rules", "RulesError", "SCORING", "TARGETS",
           "Table", "card_name",
           "deal_from_number", "DealNumberError", "parse_deal_number", "format_cards",
           "format_header", "format_trick", "parse_card",
           "parse_deal", "parse_line", "parse_suit", "points_of", "replay", "winning_index",
           *_SEARCH_NAMES]


def __getattr__(name: str) -> Any:
    """The names that need the compiled kernel, loaded on first use."""
    for module, names in _LAZY.items():
        if name in names:
            return getattr(importlib.import_module(f"solver.tricks.{module}"), name)
    raise AttributeError(f"module 'solver.tricks' has no attribute {name!r}")
