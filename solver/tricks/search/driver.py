"""The exact double-dummy answer: frog discards, the bidder's total and one optimal line.

Wraps the compiled kernel (`kernel.search`) in a friendly API. Every line returned by
`solve` has been replayed through the plain rules engine and checked to end with the total
the search claims; a mismatch raises `SolverBug`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from solver.answer import SolverBug
from solver.tricks.search import kernel
from solver.tricks.cards import (
    HEARTS,
    POINTS,
    mask_of,
    points_of,
    rank_of,
    sort_hand,
    suit_of,
)
from solver.tricks.deal import Deal
from solver.tricks.engine import Game, replay, seat_after, winning_index
from solver.tricks.rules import CHICO_TRUMPS, SCORING, Rules

TABLE_BITS = 18  # with the hints, 2^18 beat 2^19 (frog -3% CPU; grand, chico medians -10%)
HINT_BITS = 15  # move-ordering hints (kernel.search); with the shifted table bounds 2^15 (256 KB,
# nearer the cache) beat 2^17: -15 % CPU on bid's samples for +4 % nodes; 2^14, 2^16 no better
TOP = 121  # above any card-point total


@dataclass
class Solution:
    """The answer to the question of docs/tricks.md for one contract, bidder and rule set."""

    deal: Deal
    rules: Rules
    bidder_points: int
    discard: list[int]
    line: list[list[tuple[int, int]]]
    nodes: int = 0
    verdict: str = field(init=False)
    payment: int = field(init=False)

    def __post_init__(self) -> None:
        self.verdict = self.rules.verdict(self.bidder_points)
        self.payment = self.rules.payment(self.bidder_points)

    @property
    def made(self) -> bool:
        return self.verdict == "made"


class Searcher:
    """One contract's kernel context, transposition table and hint table (all shared by
    every frog discard: the defenders' hints carry over from one discard to the next).

    `table_bits` sets the table's size (2^table_bits slots; any size from 1 slot up gives
    the same values, a small one only more nodes). `hints=False` turns the move-ordering
    hints off (the kernel then leaves its hint table, here of one word, alone), and
    `shifted=False` the table's shifted bounds (an entry then answers only the position it
    was stored for, see `kernel._shifted_bounds`). These exist to check the search against
    itself (tests/tricks/test_check.py).
    """

    def __init__(self, rules: Rules, table_bits: int = TABLE_BITS, hints: bool = True,
                 shifted: bool = True) -> None:
        self.rules = rules
        self.ctx = np.zeros(kernel.CTX_FIELDS, dtype=np.int64)
        self.ctx[[kernel.TRUMP, kernel.BIDDER, kernel.MUST_OVERTRUMP, kernel.USE_HINTS,
                  kernel.USE_SHIFTED]] = [rules.trump, rules.bidder - 1,
                                          int(rules.must_overtrump), int(hints), int(shifted)]
        size = 1 << table_bits
        # A zero key is never a position's (hand 1 is never empty there), so zeroed memory,
        # which the system hands out lazily, is an empty table.
        self.table = np.zeros((size, 3), dtype=np.int64)
        self.hints = np.zeros(1 << HINT_BITS if hints else 1, dtype=np.int64)

    @property
    def nodes(self) -> int:
        return int(self.ctx[kernel.NODES])

    def value(self, hands: list[int], leader: int, trick: list[int],
              alpha: int = -1, beta: int = TOP) -> int:
        """Bidder's points from the current trick on (fail-soft outside (alpha, beta)).

        `hands` are the masks of seats 1-3, `leader` the seat that led `trick`.
        """
        masks = np.array(hands, dtype=np.int64)
        t0 = trick[0] if trick else 0
        t1 = trick[1] if len(trick) > 1 else 0
        return int(kernel.search(masks, len(trick), leader - 1, t0, t1, alpha, beta,
                                 self.ctx, self.table, self.hints))

    def after(self, hands: list[int], leader: int, trick: list[int], c: int,
              alpha: int = -1, beta: int = TOP) -> int:
        """Bidder's points from the current trick on once the player to move plays `c`."""
        seat = seat_after(leader, len(trick))
        hands = list(hands)
        hands[seat - 1] &= ~(1 << c)
        trick = trick + [c]
        if len(trick) < 3:
            return self.value(hands, leader, trick, alpha, beta)
        winner = seat_after(leader, winning_index(trick, self.rules.trump))
        gain = sum(POINTS[x] for x in trick) if winner == self.rules.bidder else 0
        return gain + self.value(hands, winner, [], alpha - gain, beta - gain)


def load_kernel() -> None:
    """Compile the kernel (first run after an install) or load it from the disk cache, by
    searching a one-trick position: worker processes forked afterwards inherit it instead
    of each loading it again (or racing to compile it)."""
    Searcher(Rules("grand", 1), table_bits=0, hints=False).value([1, 1 << 9, 1 << 18], 1, [])


def solve(deal: Deal, rules: Rules, table_bits: int = TABLE_BITS, hints: bool = True,
          every_discard: bool = False, shifted: bool = True) -> Solution:
    """The bidder's exact total under perfect play, with the discard and a checked line.

    `table_bits`, `hints` and `shifted` go to `Searcher`, `every_discard` to
    `discard_and_play_points`:
    other settings give the same total (the line and discard may be other optimal ones),
    which is how the search is checked against itself on full deals.
    """
    searcher = Searcher(rules, table_bits, hints, shifted)
    if rules.contract == "frog":
        discard, play_points = discard_and_play_points(deal, rules, searcher, every_discard)
    else:
        discard = []
        play_points = searcher.value(hand_masks(deal, rules, discard), deal.leader, [])
    total = deal.banked(rules.contract, discard) + play_points
    line = _optimal_line(Game.start(deal, rules, discard), searcher, play_points)
    game = replay(deal, rules, discard, line)
    if not game.finished or game.points[0] != total:
        raise SolverBug(f"the line replays to {game.points[0]} points, the search said {total}")
    return Solution(deal, rules, total, sort_hand(discard), line, searcher.nodes)


def solve_all(deal: Deal, target: int = 60, must_overtrump: bool = False,
              scoring: str = "foster", players: int = 3, penalty_frog: bool = False,
              inactive: str = "receive") -> list[Solution]:
    """Every contract the scoring set allows (each chico trump) for every seat."""
    solutions = []
    for bidder in (1, 2, 3):
        for contract, trump in scoring_contracts(scoring):
            rules = Rules(contract, bidder, trump, target, must_overtrump, scoring, players,
                          penalty_frog, inactive)
            solutions.append(solve(deal, rules))
    return solutions


def scoring_contracts(scoring: str) -> list[tuple[str, int]]:
    """(contract, trump) of every game the scoring set lets a player bid, lowest first."""
    contracts = [("frog", HEARTS)] + [("chico", t) for t in CHICO_TRUMPS] + [("grand", HEARTS)]
    return [(name, trump) for name, trump in contracts if name in SCORING[scoring]]


def hand_masks(deal: Deal, rules: Rules, discard: list[int]) -> list[int]:
    """The three hands as the kernel's card masks; a frog bidder's with the widow taken up
    and `discard` laid away."""
    hands = [list(h) for h in deal.hands]
    if rules.contract == "frog":
        seat = rules.bidder - 1
        hands[seat] = [c for c in hands[seat] + list(deal.widow) if c not in discard]
    return [mask_of(h) for h in hands]


def discard_and_play_points(deal: Deal, rules: Rules, searcher: Searcher,
                            every_discard: bool = False) -> tuple[list[int], int]:
    """The discard with the highest total; returns it and the points won in play.

    Each candidate after the first is only tested against the best so far (a null window
    of one point), and re-searched exactly only when it beats it. The tables are shared.
    Only the order depends on the results so far: every candidate is tried. The candidates
    are `frog_discards`' pruned, ordered set, or with `every_discard` every combination of
    the bidder's cards and the widow, in plain order until a discard beats the first (a
    check of that pruning).
    """
    best_total, best_discard, best_play = -1, [], 0
    if every_discard:
        holding = sort_hand(list(deal.hands[rules.bidder - 1]) + list(deal.widow))
        rest = list(combinations(holding, len(deal.widow)))
    else:
        rest = frog_discards(deal, rules)
    while rest:
        discard = rest.pop(0)
        banked = points_of(discard)
        hands = hand_masks(deal, rules, list(discard))
        first = best_total < 0
        if first:
            play = searcher.value(hands, deal.leader, [])
        else:
            bar = best_total - banked
            play = searcher.value(hands, deal.leader, [], bar, bar + 1)
            if play <= bar:
                continue
            play = searcher.value(hands, deal.leader, [], bar, TOP)
        best_total, best_discard, best_play = banked + play, list(discard), play
        # Once a discard has beaten the best, next the discards sharing most cards with it
        # (ties keep their order): likely close to it in value, so the bar rises early, and
        # their positions meet in the table once the cards that differ are played. Not
        # after the first discard, only the static guess's favourite: the guess orders the
        # rest better (bid's samples: -9% frog nodes; the solver benchmark: -1%).
        if not first:
            rest.sort(key=lambda d: -len(set(discard) & set(d)))
    return best_discard, best_play


def frog_discards(deal: Deal, rules: Rules) -> list[tuple[int, ...]]:
    """The frog discards worth trying, the most promising first.

    Only the top cards of a block are ever discarded. A block is a run of the bidder's
    cards of one suit with no defender's card between them (cards out of play do not
    count). Why this loses nothing: let discard D keep the cards K and discard D' keep
    K', where K' takes, in each block, the lowest cards instead of any others. Mapping
    K onto K' block by block, in rank order, keeps every card's rank relative to every
    defender's card, so legal plays and trick winners correspond one to one and every
    line of play after D has a twin after D' where the same seats win the same tricks: the
    two game trees are one tree. Each mapped card is worth no more points than its
    original (points never fall with rank), and D and K hold as many points together as
    D' and K'. So at every leaf the twin gives the bidder the same points from the tricks
    he wins and banks what the mapped cards lost on tricks the defenders win: at least as
    many points, leaf by leaf, hence value(D') >= value(D) under perfect play. Among
    worthless cards (equal points) the two are equal.
    """
    holding = sort_hand(list(deal.hands[rules.bidder - 1]) + list(deal.widow))
    defenders = {c for seat, h in enumerate(deal.hands) if seat != rules.bidder - 1 for c in h}

    def next_higher_in_block(c: int) -> int | None:
        for higher in range(c + 1, suit_of(c) * 9 + 9):
            if higher in defenders:
                return None
            if higher in holding:
                return higher
        return None

    above = {c: next_higher_in_block(c) for c in holding}
    chosen = [d for d in combinations(holding, len(deal.widow))
              if all(above[c] is None or above[c] in d for c in d)]
    suits = [sum(suit_of(c) == s for c in holding) for s in range(4)]
    beaten = {c for c in holding if any(suit_of(x) == suit_of(c) and x > c for x in defenders)}

    def promise(d: tuple[int, ...]) -> int:
        """A static guess, only for the order: points banked from side cards a defender can
        beat, 5 off each side card none can (a winner given up), 10 a side suit made void
        (to trump it), 5 off a trump given up."""
        voids = sum(1 for s in range(4) if s != rules.trump and suits[s]
                    and sum(suit_of(c) == s for c in d) == suits[s])
        score = 10 * voids
        for c in d:
            if suit_of(c) == rules.trump:
                score -= 5
            else:
                score += POINTS[c] if c in beaten else -5
        return score

    return sorted(chosen, key=promise, reverse=True)


def _optimal_line(game: Game, searcher: Searcher, play_points: int) -> list[list[tuple[int, int]]]:
    """Follow cards that keep the value: one test search per card, window (value -1, value +1)."""
    hands = [mask_of(h) for h in game.hands]
    leader, trick, target = game.leader, [], play_points
    # `target` is the bidder's points from the current trick on, under perfect play.
    while not game.finished:
        for c in sorted(game.legal(), key=lambda x: (-rank_of(x), suit_of(x))):
            if searcher.after(hands, leader, trick, c, target - 1, target + 1) == target:
                break
        else:
            raise SolverBug("no card keeps the value the search found")
        seat = game.to_play
        hands[seat - 1] &= ~(1 << c)
        trick = trick + [c]
        if len(trick) == 3:
            winner = seat_after(leader, winning_index(trick, searcher.rules.trump))
            if winner == searcher.rules.bidder:
                target -= sum(POINTS[x] for x in trick)
            leader, trick = winner, []
        game.play(c)
    return game.tricks_played
