"""Frog the patience (and Fly, Fanny, Dick's Frog, Sir Tommy): the public API.

Everything outside this package (the `frog` command, the surveys, your own code) imports
from here, never from the modules inside:

>>> from solver.patience import decide, deal_from_number, variant_rules, replay
>>> deal = deal_from_number(variant_rules("pysol-frog"), 1)
>>> str(deal.reserve[-1])
'6H'

`decide` (and the rest of `methods`) loads the compiled search, so it is imported on first
use rather than with the package: reading deals and replaying move lists stay quick.
"""
from __future__ import annotations

from typing import Any

from solver.patience.cards import Card, CardError, format_cards, parse_cards, rank_name
from solver.patience.deal import Deal, DealError, deal_from_deck, deal_from_number, parse_deal
from solver.patience.engine import (IllegalMove, Position, Replay, deal_after, deals_along,
                                    replay)
from solver.patience.line import FOUNDATION, RESERVE, STOCK, Move, MoveListError, parse_move_list
from solver.patience.rules import (ACE_PROCEDURES, STOCK_PLAY, VARIANT_SOURCES, VARIANTS, Rules,
                                   RulesError, variant_rules)
from solver.shuffle import DealNumberError

_METHODS_NAMES = ("decide", "default_method", "METHODS", "DEFAULT_METHOD", "NOISE")

__all__ = ["ACE_PROCEDURES", "FOUNDATION", "RESERVE", "STOCK", "Card", "CardError", "Deal",
           "DealError", "DealNumberError", "deals_along",
           "IllegalMove", "Move", "MoveListError", "Position", "Replay", "Rules", "RulesError",
           "STOCK_PLAY", "VARIANTS", "VARIANT_SOURCES", "deal_after", "deal_from_deck",
           "deal_from_number", "format_cards", "parse_cards", "parse_deal", "parse_move_list",
           "rank_name", "replay", "variant_rules", *_METHODS_NAMES]


def __getattr__(name: str) -> Any:
    """The method names, loaded with the compiled search on first use."""
    if name in _METHODS_NAMES:
        from solver.patience import methods

        return getattr(methods, name)
    raise AttributeError(f"module 'solver.patience' has no attribute {name!r}")
