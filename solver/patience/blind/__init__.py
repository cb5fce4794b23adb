"""Play without peeking: what a player knows (`View`), blind policies, and games and hints
built on them (docs/blind.md).

This package reaches the open search only through its public entry points.

>>> from solver.patience.deal import deal_from_number
>>> from solver.patience.rules import variant_rules
>>> advice = hint(deal_from_number(variant_rules("frog"), 3), policy="pysol")
>>> str(advice.view.turned), str(advice.best)
('4S', '4S stock w1')
"""
from solver.patience.blind.game import BlindGame, Choice, Policy, play_blind
from solver.patience.blind.hint import Hint, hint
from solver.patience.blind.registry import (BEST, POLICIES, POLICY_NAMES, PolicyError,
                                            default_threads, policy_named)
from solver.patience.blind.view import TURN, View

DEFAULT_POLICY = "best"

__all__ = ["BEST", "BlindGame", "Choice", "DEFAULT_POLICY", "Hint", "POLICIES", "POLICY_NAMES",
           "Policy", "PolicyError", "TURN", "View", "default_threads", "hint", "play_blind",
           "policy_named"]
