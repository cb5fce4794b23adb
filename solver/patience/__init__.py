"""Frog the patience (and Fly, Fanny, Dick's Frog, Sir Tommy): the public API.

Everything outside this package (the `frog` command, the surveys, your own code) imports
from here, never from the modules inside:

>>> from solver.patience import decide, deal_from_number, variant_rules, replay
>>> deal = deal_from_number(variant_rules("pysol-frog"), 1)
>>> str(deal.reserve[-1])
'6H'

`decide` loads the compiled search when it first searches a deal, not on import: reading
deals and replaying move lists stay quick.
"""
from __future__ import annotations

from solver.patience.cards import Card, CardError, format_cards, parse_cards, rank_name
from solver.patience.deal import Deal, DealError, deal_from_deck, deal_from_number, parse_deal
from solver.patience.engine import (IllegalMove, Position, Replay, deal_after, deals_along,
                                    replay)
from solver.patience.line import (FOUNDATION, RESERVE, STOCK, Move, MoveListError,
                                  parse_move_list, pile_index, pile_name, pile_names)
from solver.patience.methods import DEFAULT_METHOD, METHODS, NOISE, decide, default_method
from solver.patience.rules import (ACE_PROCEDURES, STOCK_PLAY, VARIANT_SOURCES, VARIANTS, Rules,
                                   RulesError, variant_rules)
from solver.shuffle import DealNumberError, parse_deal_number

__all__ = ["ACE_PROCEDURES", "FOUNDATION", "RESERVE", "STOCK", "Card", "CardError", "Deal",
           "DealError", "DealNumberError", "deals_along",
           "IllegalMove", "Move", "MoveListError", "Position", "Replay", "Rules", "RulesError",
           "STOCK_PLAY", "VARIANTS", "VARIANT_SOURCES", "deal_after", "deal_from_deck",
           "deal_from_number", "format_cards", "parse_cards", "parse_deal", "parse_move_list",
           "rank_name", "replay", "variant_rules", "decide", "default_method", "METHODS",
           "DEFAULT_METHOD", "NOISE", "parse_deal_number", "pile_index", "pile_name", "pile_names"]

