"""The reference rules engine: legal moves, applying a move, replaying a move list.

Plain Python, slow and obviously right: every other method (the compiled search, the
CP-SAT model, the brute force) is checked against it, and every win any of them reports is
replayed here before it is shown. The rules are docs/rules.md, Moves.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from solver.patience.cards import Card, rank_name
from solver.patience.deal import Deal
from solver.patience.line import (FOUNDATION, RESERVE, STOCK, Move, pile_index, pile_names,
                                  place_name)
from solver.patience.rules import Rules


class IllegalMove(ValueError):
    """A readable move that the rules do not allow in the current position."""


@dataclass(frozen=True)
class Position:
    """A position in play. `foundations` holds each foundation's top rank (0 = not started);
    piles are tuples, bottom to top; `stock` is the cards still to turn, next first."""

    rules: Rules
    foundations: tuple[int, ...]
    reserve: tuple[Card, ...]
    stock: tuple[Card, ...]
    waste: tuple[tuple[Card, ...], ...]

    @classmethod
    def start(cls, deal: Deal) -> "Position":
        tops = [card.rank for card in deal.foundations]
        tops += [0] * (deal.rules.foundations - len(tops))
        return cls(deal.rules, tuple(tops), deal.reserve, deal.stock, deal.waste)

    def fits(self, card: Card) -> bool:
        """A card fits when a foundation shows the rank below it (an empty one for an Ace)."""
        return card.rank - 1 in self.foundations

    def top(self, source: str) -> Card | None:
        """The card available at a source, or None when it is empty."""
        if source == STOCK:
            pile = self.stock[:1]
        elif source == RESERVE:
            pile = self.reserve[-1:]
        else:
            pile = self.waste[pile_index(source)][-1:]
        return pile[0] if pile else None

    def legal_moves(self) -> list[Move]:
        """Every legal move (equal waste piles are not merged: this engine is plain)."""
        moves = []
        for source in (RESERVE, *self.pile_names()):
            card = self.top(source)
            if card is not None and self.fits(card):
                moves.append(Move(card, source, FOUNDATION))
        card = self.top(STOCK)
        if card is not None:
            if self.fits(card):
                moves.append(Move(card, STOCK, FOUNDATION))
            if not (self.fits(card) and self.rules.forced):
                moves += [Move(card, STOCK, pile) for pile in self.pile_names()]
        return moves

    def pile_names(self) -> list[str]:
        return pile_names(self.rules.waste_piles)

    def check(self, move: Move) -> None:
        """Raise IllegalMove with the reason when `move` is not legal here."""
        shown = self.top(move.source)
        if shown is None:
            raise IllegalMove(f"{place_name(move.source)} is empty")
        if shown != move.card:
            raise IllegalMove(f"{move.source} shows {shown}, not {move.card}")
        if move.target == FOUNDATION:
            if not self.fits(move.card):
                wanted = "empty foundation" if move.card.rank == 1 else \
                    f"foundation shows {rank_name(move.card.rank - 1)}"
                raise IllegalMove(f"{move.card} does not fit: no {wanted}")
            return
        if move.source != STOCK:
            raise IllegalMove(f"only the card turned from the stock may go to a waste pile, "
                              f"{move.card} comes from {place_name(move.source)}")
        if self.rules.forced and self.fits(move.card):
            raise IllegalMove(f"{move.card} fits a foundation and stock-play is forced: "
                              f"it must go there")

    def play(self, move: Move) -> "Position":
        """The position after a legal move (IllegalMove otherwise)."""
        self.check(move)
        reserve, stock = self.reserve, self.stock
        waste = list(self.waste)
        if move.source == STOCK:
            stock = stock[1:]
        elif move.source == RESERVE:
            reserve = reserve[:-1]
        else:
            index = pile_index(move.source)
            waste[index] = waste[index][:-1]
        foundations = self.foundations
        if move.target == FOUNDATION:
            slot = foundations.index(move.card.rank - 1)
            foundations = foundations[:slot] + (move.card.rank,) + foundations[slot + 1:]
        else:
            index = pile_index(move.target)
            waste[index] = waste[index] + (move.card,)
        return Position(self.rules, foundations, reserve, stock, tuple(waste))

    def is_won(self) -> bool:
        return all(top == self.rules.ranks for top in self.foundations)

    def is_lost(self) -> bool:
        return not self.is_won() and not self.legal_moves()

    def cards_left(self) -> int:
        return len(self.reserve) + len(self.stock) + sum(len(pile) for pile in self.waste)


@dataclass(frozen=True)
class Replay:
    """The outcome of replaying a move list: the final position, whether it is won, and
    for an illegal move its line and reason."""

    position: Position
    moves_played: int
    won: bool
    illegal_line: int | None = None
    reason: str | None = None

    @property
    def valid(self) -> bool:
        return self.illegal_line is None


def replay(deal: Deal, moves: list[Move], lines: list[int] | None = None) -> Replay:
    """Apply the moves in order from the deal; stop at the first illegal one, reporting
    its line (`lines[i]` for move i, by default its 1-based index)."""
    position = Position.start(deal)
    for index, move in enumerate(moves):
        line = lines[index] if lines else index + 1
        try:
            position = position.play(move)
        except IllegalMove as exc:
            return Replay(position, index, False, line, f"{move}: {exc}")
    return Replay(position, len(moves), position.is_won())


def play_leniently(deal: Deal, line: Sequence[Move]) -> list[Move]:
    """The moves of `line` that can be played from `deal`, in its order, each as legal here:
    a turn is played when its card is the one the stock shows (straight up instead of onto a
    pile when the rules force it; skipped when the line puts it up and it does not fit), an up
    when the card fits, taken from whichever source shows it; every other move is skipped.

    `line` is a winning line of a nearby position (a few moves earlier in the same game):
    where the two positions differ in a card put on another pile or an up played already,
    the rest of the line often still applies. The result is a legal line (it may or may not
    win); callers replay it like any other."""
    position = Position.start(deal)
    played = []
    for move in line:
        card = move.card
        if move.source == STOCK:
            if position.top(STOCK) != card:
                continue
            fits = position.fits(card)
            if move.target == FOUNDATION and not fits:
                continue
            straight = fits and (move.target == FOUNDATION or deal.rules.forced)
            legal = Move(card, STOCK, FOUNDATION if straight else move.target)
        elif position.fits(card):
            shown = [source for source in (move.source, RESERVE, *position.pile_names())
                     if source != STOCK and position.top(source) == card]
            if not shown:
                continue
            legal = Move(card, shown[0], FOUNDATION)
        else:
            continue
        position = position.play(legal)
        played.append(legal)
    return played


def deals_along(deal: Deal, moves: list[Move]) -> Iterator[Deal]:
    """The position after each move of `moves`, in order, as a Deal (a position in play,
    with the real top card of every started foundation, in the engine's foundation order).
    Replay pages and `deal_after` draw on this one walk, so they show what the engine
    plays. IllegalMove if a move is illegal (after the positions before it)."""
    position = Position.start(deal)
    tops: list[Card | None] = list(deal.foundations)
    tops += [None] * (deal.rules.foundations - len(tops))
    for move in moves:
        if move.target == FOUNDATION:
            position.check(move)
            tops[position.foundations.index(move.card.rank - 1)] = move.card
        position = position.play(move)
        started = tuple(card for card in tops if card is not None)
        yield Deal(deal.rules, started, position.reserve, position.stock, position.waste)


def deal_after(deal: Deal, moves: list[Move]) -> Deal:
    """The position reached by playing `moves` from `deal`, as a Deal (a position in play,
    with the real top card of every started foundation). IllegalMove if a move is illegal."""
    reached = Deal(deal.rules, deal.foundations, deal.reserve, deal.stock, deal.waste)
    for reached in deals_along(deal, moves):
        pass
    return reached
