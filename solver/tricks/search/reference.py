"""A second, plain reference for the double-dummy search: alpha-beta and nothing else.

`brute.minimax` has no pruning at all, so it stops at about 5 cards a hand. This one adds
only alpha-beta cut-offs (no transposition table, no hints, no merged cards, no bounds
from sure trumps, no principal variation search; cards tried strongest first), compiled
with numba so that hands of 6-8 cards take a fraction of a second. It shares only the
rules with the kernel (`kernel.legal_mask`, `kernel.trick_winner`, checked against the
plain rules engine by the differential tests), so every pruning of the kernel is checked
against a search that has none of it.
"""
from __future__ import annotations

from itertools import combinations

import numpy as np
from solver.compiled import njit

from solver.tricks.cards import mask_of
from solver.tricks.deal import Deal
from solver.tricks.engine import Game
from solver.tricks.rules import Rules
from solver.tricks.search.kernel import CARD_POINTS, legal_mask, trick_winner


@njit(cache=False)  # numba cannot cache recursive functions
def _value(hands, n, leader, t0, t1, alpha, beta, trump, bidder, must_overtrump):
    """Bidder's points from the current trick on (cards t0, t1 on it), fail-hard in
    (alpha, beta); seats 0-2."""
    player = (leader + n) % 3
    legal = legal_mask(hands[player], n, t0, t1, trump, must_overtrump)
    if legal == 0:
        return 0
    maximising = player == bidder
    card = 35
    while card >= 0:
        if (legal >> card) & 1:
            hands[player] ^= 1 << card
            if n < 2:
                if n == 0:
                    v = _value(hands, 1, leader, card, 0, alpha, beta, trump, bidder,
                               must_overtrump)
                else:
                    v = _value(hands, 2, leader, t0, card, alpha, beta, trump, bidder,
                               must_overtrump)
            else:
                winner = (leader + trick_winner(t0, t1, card, trump)) % 3
                gain = 0
                if winner == bidder:
                    gain = CARD_POINTS[t0] + CARD_POINTS[t1] + CARD_POINTS[card]
                v = gain + _value(hands, 0, winner, 0, 0, alpha - gain, beta - gain, trump,
                                  bidder, must_overtrump)
            hands[player] ^= 1 << card
            if maximising:
                if v > alpha:
                    alpha = v
            elif v < beta:
                beta = v
            if alpha >= beta:
                break
        # strongest first: card numbers run by rank within a suit, so go down each suit
        card -= 1
    return alpha if maximising else beta


def alphabeta(game: Game, alpha: int = -1, beta: int = 121) -> int:
    """The bidder's final total from `game` by plain alpha-beta (fail-hard: exact when
    strictly inside (alpha, beta), else a bound on the right side)."""
    rules = game.rules
    hands = np.array([mask_of(h) for h in game.hands], dtype=np.int64)
    trick = list(game.trick) + [0, 0]
    start = game.points[0]
    return start + int(_value(hands, len(game.trick), game.leader - 1, trick[0], trick[1],
                              alpha - start, beta - start, rules.trump, rules.bidder - 1,
                              int(rules.must_overtrump)))


def reference_value(deal: Deal, rules: Rules) -> int:
    """The double-dummy total with every frog discard tried (no pruned set), each searched
    with the best total so far as its lower bound."""
    if rules.contract != "frog":
        return alphabeta(Game.start(deal, rules))
    holding = list(deal.hands[rules.bidder - 1]) + list(deal.widow)
    best = -1
    for discard in combinations(holding, len(deal.widow)):
        best = max(best, alphabeta(Game.start(deal, rules, list(discard)), best, 121))
    return best
