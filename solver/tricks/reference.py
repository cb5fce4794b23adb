"""Plain minimax without pruning, tables or card equivalence: the yardstick for `search`.

Exponential, so only for reduced deals (a few cards per hand). The differential tests
compare the fast search with it on every contract and rule parameter.
"""
from __future__ import annotations

import copy
from itertools import combinations

from solver.tricks.deal import Deal
from solver.tricks.engine import Game
from solver.tricks.rules import Rules


def minimax(game: Game) -> int:
    """The bidder's final total when all three play perfectly from `game`."""
    if game.finished:
        return game.points[0]
    maximize = game.to_play == game.rules.bidder
    values = []
    for c in game.legal():
        child = copy.deepcopy(game)
        child.play(c)
        values.append(minimax(child))
    return max(values) if maximize else min(values)


def brute_force(deal: Deal, rules: Rules) -> int:
    """The double-dummy total, trying every frog discard when there is one."""
    if rules.contract != "frog":
        return minimax(Game.start(deal, rules))
    holding = list(deal.hands[rules.bidder - 1]) + list(deal.widow)
    return max(minimax(Game.start(deal, rules, list(d)))
               for d in combinations(holding, len(deal.widow)))
