"""Plain minimax without pruning, tables or card equivalence: the yardstick for `search`.

Exponential, so only for reduced deals (a few cards per hand). It uses only the rules
engine's `legal_plays` and `winning_index`; the differential tests compare the fast
search with it on every contract and rule parameter.
"""
from __future__ import annotations

from itertools import combinations

from solver.tricks.cards import POINTS
from solver.tricks.deal import Deal
from solver.tricks.engine import Game, legal_plays, seat_after, winning_index
from solver.tricks.rules import Rules


def minimax(game: Game) -> int:
    """The bidder's final total when all three play perfectly from `game` (left unchanged)."""
    rules = game.rules
    hands = [list(h) for h in game.hands]

    def value(leader: int, trick: list[int]) -> int:
        """Bidder's points from the current trick on; seats 1-3."""
        if len(trick) == 3:
            winner = seat_after(leader, winning_index(trick, rules.trump))
            gain = sum(POINTS[c] for c in trick) if winner == rules.bidder else 0
            return gain + value(winner, [])
        seat = seat_after(leader, len(trick))
        hand = hands[seat - 1]
        if not hand:
            return 0
        results = []
        for c in legal_plays(hand, trick, rules.trump, rules.must_overtrump):
            hand.remove(c)
            results.append(value(leader, trick + [c]))
            hand.append(c)
        return max(results) if seat == rules.bidder else min(results)

    return game.points[0] + value(game.leader, list(game.trick))


def brute_force(deal: Deal, rules: Rules) -> int:
    """The double-dummy total, trying every frog discard when there is one."""
    if rules.contract != "frog":
        return minimax(Game.start(deal, rules))
    holding = list(deal.hands[rules.bidder - 1]) + list(deal.widow)
    return max(minimax(Game.start(deal, rules, list(d)))
               for d in combinations(holding, len(deal.widow)))
