"""Advice during play: the value of every legal card now, and where a played line lost points.

A player at the table asks "which card now?" and, after the hand, "where did I lose it?".
Both answers are double-dummy values of positions reached from a deal by a (partial) line
of play, computed with the exact search (`search.driver.Searcher`) and expressed as the
bidder's *final* card-point total (widow or discards and points already won included), so
that every number printed can be compared with `frog tricks solve`.
"""
from __future__ import annotations

from dataclasses import dataclass

from solver.tricks.cards import POINTS, mask_of, sort_hand
from solver.tricks.deal import Deal
from solver.tricks.engine import Game, replay
from solver.tricks.rules import Rules
from solver.answer import SolverBug
from solver.tricks.search import Searcher, discard_and_play_points, frog_discards, hand_masks

Trick = list[tuple[int, int]]


@dataclass(frozen=True)
class CardValue:
    """One legal card and the bidder's final total if it is played and all play perfectly."""

    card: int
    value: int
    best: bool


@dataclass(frozen=True)
class Analysis:
    """Every legal card of the player to move, with the value of the position itself."""

    game: Game
    seat: int
    value: int
    cards: list[CardValue]


@dataclass(frozen=True)
class Swing:
    """One card of a played line and the points it gave away against perfect play.

    `before` and `after` are the bidder's final totals under perfect play from the
    position before and after the card; `lost` is what the player's side gave away
    (never negative: a card cannot do better than perfect play).
    """

    trick: int
    seat: int
    card: int
    before: int
    after: int
    lost: int
    by_bidder: bool


@dataclass(frozen=True)
class Explanation:
    """A line of play judged card by card: where each side gave points away."""

    rules: Rules
    discard: list[int]
    best_discard: list[int]
    discard_lost: int  # points the frog bidder's discard gave away (0 outside frog)
    start: int  # bidder's total under perfect play after the discard actually made
    swings: list[Swing]
    final: int  # bidder's total at the end of the line

    def lost_by(self, bidder_side: bool) -> int:
        """Points given away by the bidder (True) or by the defenders together (False)."""
        total = sum(s.lost for s in self.swings if s.by_bidder == bidder_side)
        return total + (self.discard_lost if bidder_side else 0)


def best_discard(deal: Deal, rules: Rules, searcher: Searcher | None = None) -> list[int]:
    """The frog discard that maximises the bidder's total (empty outside frog)."""
    if rules.contract != "frog":
        return []
    return discard_and_play_points(deal, rules, searcher or Searcher(rules))[0]


def discard_values(deal: Deal, rules: Rules,
                   searcher: Searcher | None = None) -> list[tuple[list[int], int]]:
    """The frog discards worth trying, each with the bidder's exact total, best first.

    These are the discards `solve` tries (the top cards of each block, see
    `search.driver.frog_discards`); any other discard is never better than one of them, so the
    best listed is the best of all. Each is searched exactly, which costs far more than
    `solve`'s tests against the best so far: this is for a player choosing a discard.
    """
    if rules.contract != "frog":
        raise ValueError(f"there is no discard in {rules.contract}")
    searcher = searcher or Searcher(rules)
    values = []
    for discard in frog_discards(deal, rules):
        play = searcher.value(hand_masks(deal, rules, list(discard)), deal.leader, [])
        values.append((sort_hand(discard), deal.banked(rules.contract, discard) + play))
    return sorted(values, key=lambda item: -item[1])


def position(deal: Deal, rules: Rules, discard: list[int] | None, tricks: list[Trick]) -> Game:
    """The game after `tricks` (the last one may be unfinished); `IllegalPlay` if illegal.

    For a frog with no discard given, the best discard is assumed, as `solve` would make it.
    """
    if rules.contract == "frog" and not discard:
        discard = best_discard(deal, rules)
    return replay(deal, rules, discard, tricks)


def value(game: Game, searcher: Searcher) -> int:
    """The bidder's final total under perfect play from `game` on."""
    return game.points[0] + searcher.value([mask_of(h) for h in game.hands], game.leader,
                                           list(game.trick))


def analyse(game: Game, searcher: Searcher | None = None) -> Analysis:
    """Each legal card of the player to move with the bidder's final total after it.

    The best cards are the highest totals for the bidder and the lowest for a defender;
    the position's value is the best card's (minimax), checked here against a direct
    search of the position, so a disagreement can never be printed.
    """
    if game.finished:
        raise ValueError("the hand is over: no card left to play")
    searcher = searcher or Searcher(game.rules)
    hands = [mask_of(h) for h in game.hands]
    seat = game.to_play
    values: dict[int, int] = {}
    in_play = {c for h in game.hands for c in h} | set(game.trick)
    previous = None
    for c in sorted(game.legal()):
        if previous is not None and _equivalent(previous, c, in_play):
            values[c] = values[previous]
        else:
            values[c] = game.points[0] + searcher.after(hands, game.leader, list(game.trick), c)
        previous = c
    bidder = seat == game.rules.bidder
    best = max(values.values()) if bidder else min(values.values())
    whole = value(game, searcher)  # after the cards: the table answers most of it
    if whole != best:
        raise SolverBug(f"the position is worth {whole} but its best card {best}")
    order = sorted(values, key=lambda c: (-values[c] if bidder else values[c], -(c % 9), c // 9))
    return Analysis(game, seat, whole, [CardValue(c, values[c], values[c] == best) for c in order])


def _equivalent(low: int, high: int, in_play: set[int]) -> bool:
    """Are two cards of one hand one choice? Both worthless (6-9), of one suit, with no
    card between them still in play: swapping them changes no trick winner and no points
    (the rule the search kernel merges cards by, see `search/kernel.py`)."""
    return (POINTS[low] == POINTS[high] == 0 and low // 9 == high // 9
            and not any(c in in_play for c in range(low + 1, high)))


def explain(deal: Deal, rules: Rules, discard: list[int], tricks: list[Trick]) -> Explanation:
    """Replay `tricks` and measure, card by card, what each side gave away.

    A bidder's card loses `before - after` points of his perfect-play total, a defender's
    card loses `after - before` for the defenders; a frog discard loses the difference to
    the best discard. The sum of all swings is the gap between the perfect-play total of
    the deal and the line's result, so nothing is counted twice or left out (when the
    line is complete).
    """
    replay(deal, rules, discard, tricks)  # refuses an illegal line, naming trick and card
    searcher = Searcher(rules)
    best = best_discard(deal, rules, searcher)
    game = Game.start(deal, rules, discard)
    start = value(game, searcher)
    discard_lost = 0
    if rules.contract == "frog":
        discard_lost = value(Game.start(deal, rules, best), searcher) - start
    swings = []
    before = start
    for number, trick in enumerate(tricks, 1):
        for seat, c in trick:
            game.play(c)
            after = value(game, searcher) if not game.finished else game.points[0]
            by_bidder = seat == rules.bidder
            lost = before - after if by_bidder else after - before
            swings.append(Swing(number, seat, c, before, after, lost, by_bidder))
            before = after
    return Explanation(rules, list(discard), best, discard_lost, start, swings, game.points[0])
