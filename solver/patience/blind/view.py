"""What a player knows: the one type a blind policy ever receives (docs/blind.md, What a
player knows).

A player sees every card that has been face up: the foundations, the waste piles, the
reserve (each of its cards was turned face up onto it at the deal, so a player can remember
it; `forget_reserve` models one who does not), the card just turned from the stock, and how
many cards the stock still holds. The stock's order is not in a `View`: only the multiset
of the cards not yet seen (`unseen`), which a player can work out by counting. A policy that
is a function of a `View` therefore cannot cheat by construction.

>>> from solver.patience.deal import deal_from_number
>>> from solver.patience.engine import Position
>>> from solver.patience.rules import variant_rules
>>> view = View.of(Position.start(deal_from_number(variant_rules("frog"), 3)), turned=True)
>>> str(view.turned), view.stock_count, len(view.unseen)
('4S', 89, 89)
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Union

from solver.patience.cards import Card
from solver.patience.engine import Position
from solver.patience.line import FOUNDATION, RESERVE, STOCK, Move, pile_index
from solver.patience.rules import Rules

#: Variants whose reserve is dealt face down but for its top card (PySolFC's Fanny, game
#: 613): those cards are unseen until they come to the top.
FACE_DOWN_RESERVE = frozenset({"pysol-fanny"})


class Turn:
    """The action "turn the next stock card" (under forced stock play the turned card must
    be placed at once, so the foundation moves before it are chosen without seeing it)."""

    def __repr__(self) -> str:
        return "TURN"

    def __str__(self) -> str:
        return "turn"


TURN = Turn()
#: What a policy chooses among: a legal move, or turning the next card.
Action = Union[Move, Turn]


@dataclass(frozen=True)
class View:
    """A position as the player knows it.

    `reserve` is bottom to top, with None for a card the player has not seen (a face-down
    reserve card, or a buried one a forgetful player no longer recalls); `turned` is the card
    turned from the stock and not yet placed (None before the turn or once the stock is out);
    `stock_count` counts the cards still face down in the stock; `unseen` is the sorted
    multiset of every card not seen: the stock's and the hidden reserve cards."""

    rules: Rules
    foundations: tuple[int, ...]
    reserve: tuple[Card | None, ...]
    waste: tuple[tuple[Card, ...], ...]
    turned: Card | None
    stock_count: int
    unseen: tuple[Card, ...]

    @classmethod
    def of(cls, position: Position, turned: bool, forget_reserve: bool = False) -> "View":
        """The player's view of `position`; `turned` says whether its next stock card has
        been turned face up. The stock's order is dropped here and never stored."""
        hidden_below = forget_reserve or position.rules.variant in FACE_DOWN_RESERVE
        reserve: tuple[Card | None, ...] = position.reserve
        hidden: list[Card] = []
        if hidden_below and len(reserve) > 1:
            hidden = list(position.reserve[:-1])
            reserve = (None,) * (len(reserve) - 1) + position.reserve[-1:]
        face_up = position.stock[0] if turned and position.stock else None
        still_down = position.stock[1:] if face_up is not None else position.stock
        return cls(position.rules, position.foundations, reserve, position.waste, face_up,
                   len(still_down), tuple(sorted([*still_down, *hidden])))

    # ------------------------------------------------------------------ what the player can see

    def fits(self, card: Card) -> bool:
        """A card fits when a foundation shows the rank below it (an empty one for an Ace)."""
        return card.rank - 1 in self.foundations

    def top(self, source: str) -> Card | None:
        """The face-up card at a source (the turned card for `stock`), or None."""
        if source == STOCK:
            return self.turned
        if source == RESERVE:
            return self.reserve[-1] if self.reserve else None
        pile = self.waste[pile_index(source)]
        return pile[-1] if pile else None

    def pile_names(self) -> list[str]:
        return [f"w{i}" for i in range(1, self.rules.waste_piles + 1)]

    def up_count(self, rank: int) -> int:
        """How many rank-`rank` cards are on the foundations."""
        return sum(1 for top in self.foundations if top >= rank)

    def unseen_count(self) -> Counter[int]:
        """How many unseen cards of each rank."""
        return Counter(card.rank for card in self.unseen)

    def cards_left(self) -> int:
        return len(self.reserve) + self.stock_count + (self.turned is not None) + \
            sum(len(pile) for pile in self.waste)

    def foundation_moves(self) -> list[Move]:
        """The reserve's and the piles' top cards that fit, as moves."""
        moves = []
        for source in (RESERVE, *self.pile_names()):
            card = self.top(source)
            if card is not None and self.fits(card):
                moves.append(Move(card, source, FOUNDATION))
        return moves

    def actions(self) -> list[Action]:
        """Everything the player may do now. Before the turn (forced stock play): the
        foundation moves and turning the next card. With a turned card under forced play:
        only its placements (it must be placed at once, and onto a foundation if it fits).
        Under optional play the turned card may wait (the web version's and PySolFC's
        one-card waste), so the foundation moves and its placements are all open."""
        forced = self.rules.forced
        if self.turned is None:
            return [*self.foundation_moves(), *([TURN] if self.stock_count else [])]
        fits = self.fits(self.turned)
        placements = [Move(self.turned, STOCK, FOUNDATION)] if fits else []
        if not (fits and forced):
            placements += [Move(self.turned, STOCK, pile) for pile in self.pile_names()]
        return placements if forced else [*self.foundation_moves(), *placements]


def is_safe(view: View, card: Card) -> bool:
    """Whether a card that fits may go up at once without lowering any player's chance, blind
    or not (the open search's safe autoplay rule, docs/solver.md, Safe autoplay).

    Sound for blind play by the same simulation argument: when every rank r-1 card is up,
    every remaining rank-r card always has a foundation, so a player who plays this one now
    can copy any plan that plays it later, move for move, knowing no more than that plan
    did (the card up only lets rank r+1 cards fit sooner, which optional play may decline).
    Under forced play a rank-(r+1) card turned later would be forced up sooner, so we also
    require that none is unseen (the unseen cards include the stock's)."""
    rank = card.rank
    if view.up_count(rank - 1) < view.rules.foundations:
        return False
    if not view.rules.forced or rank == view.rules.ranks:
        return True
    return view.unseen_count()[rank + 1] == 0
