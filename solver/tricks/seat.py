"""What one seat knows: the only type a computer player at the table ever receives.

A seat sees its own cards, every call of the auction, every card played, the widow when a
frog shows it, and its own discard when it laid one away; from the play it also knows which
cards another seat cannot hold (a seat that did not follow holds none of the suit led; one
that did not trump either holds no trump; under --must-overtrump one that trumped low holds
no higher trump). Nothing else is in a `SeatView`: not the other hands, not a hidden widow,
not the frog bidder's discard (for a defender). A player that is a function of a `SeatView`
therefore cannot peek, by construction, as the patience's blind policies receive only a
`View` (solver/patience/blind/view.py).

`deal_unseen` deals the cards the seat cannot see to the places they may be (the other two
hands, the widow or the frog's discard), respecting everything the view says, so that a
player can solve many such deals double dummy and average.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from solver.tricks.auction import Call
from solver.tricks.cards import POINTS, suit_of
from solver.tricks.engine import legal_plays, winning_index
from solver.tricks.rules import Rules, Table
from solver.tricks.table import Hand

Play = tuple[int, int]  # (seat, card)
#: Attempts of the constrained random deal before it is called impossible (a dead end,
#: two places competing for the last free slot, happens seldom and only costs a retry).
ATTEMPTS = 200


class Inconsistent(ValueError):
    """No deal of the unseen cards fits what the view says (a view not made by `of`)."""


@dataclass(frozen=True)
class SeatView:
    """A hand as seat `seat` knows it (see the module's docstring).

    `hand` is what the seat holds now (a frog bidder's 14 cards while laying away); `rules`
    is the contract once the auction is over (None before, or when thrown in); `widow` the
    widow once a frog has shown it; `discard` the seat's own cards laid away; `tricks` the
    finished tricks and `trick` the cards on the table, each card with its seat; `leader` the
    seat that led `trick`; `pack` every card dealt (all 36 in a full deal)."""

    seat: int
    table: Table
    phase: str
    hand: tuple[int, ...]
    calls: tuple[Call, ...]
    rules: Rules | None
    widow: tuple[int, ...] | None
    discard: tuple[int, ...] | None
    tricks: tuple[tuple[Play, ...], ...]
    trick: tuple[Play, ...]
    leader: int
    hand_size: int
    widow_size: int
    pack: tuple[int, ...]

    @classmethod
    def of(cls, hand: Hand, seat: int) -> SeatView:
        """Seat `seat`'s view of `hand`: the referee's cards are dropped here, never stored."""
        rules = hand.rules
        frog = rules is not None and rules.contract == "frog"
        game = hand.game
        tricks = tuple(tuple(t) for t in game.tricks_played) if game else ()
        trick = tuple(game.on_trick) if game else ()
        own_discard = hand.discard if frog and seat == rules.bidder else None
        return cls(seat, hand.table, hand.phase, tuple(sorted(hand.holding(seat))),
                   tuple(hand.calls), rules, tuple(hand.deal.widow) if frog else None,
                   tuple(own_discard) if own_discard is not None else None,
                   tricks, trick, game.leader if game else hand.deal.leader,
                   hand.deal.hand_size, len(hand.deal.widow),
                   tuple(sorted([*(c for h in hand.deal.hands for c in h), *hand.deal.widow])))

    # ------------------------------------------------------------------ what the seat can tell

    def trick_cards(self) -> list[int]:
        return [c for _, c in self.trick]

    def legal(self) -> list[int]:
        """The cards this seat may play now (its turn in the play)."""
        r = self.rules
        return legal_plays(list(self.hand), self.trick_cards(), r.trump, r.must_overtrump)

    def won(self) -> tuple[int, int]:
        """Card points taken in tricks so far by the bidder and by the defenders (the widow
        and the discard are not in it: a defender does not know the discard's)."""
        taken = [0, 0]
        for trick in self.tricks:
            winner = trick[winning_index([c for _, c in trick], self.rules.trump)][0]
            taken[0 if winner == self.rules.bidder else 1] += sum(POINTS[c] for _, c in trick)
        return taken[0], taken[1]

    def excluded(self) -> dict[int, set[int]]:
        """The cards each seat has shown it cannot hold, from how it followed."""
        banned: dict[int, set[int]] = {1: set(), 2: set(), 3: set()}
        if self.rules is None:
            return banned
        trump, overtrump = self.rules.trump, self.rules.must_overtrump
        for trick in (*self.tricks, self.trick):
            for place, (seat, c) in enumerate(trick[1:], 1):
                led = suit_of(trick[0][1])
                if suit_of(c) == led:
                    continue
                banned[seat] |= {x for x in self.pack if suit_of(x) == led}
                if suit_of(c) != trump:
                    banned[seat] |= {x for x in self.pack if suit_of(x) == trump}
                elif overtrump:
                    on = [x for _, x in trick[:place] if suit_of(x) == trump]
                    if on and c < max(on):
                        banned[seat] |= {x for x in self.pack
                                         if suit_of(x) == trump and x > max(on)}
        return banned

    def held_by(self, seat: int) -> int:
        """How many cards `seat` holds now."""
        played = sum(1 for trick in (*self.tricks, self.trick) for s, _ in trick if s == seat)
        return self.hand_size - played

    def unseen(self) -> list[int]:
        """The cards whose place this seat does not know, sorted: the same for every deal
        that gives the seat this view. (A frog's shown widow is among them for a defender:
        the bidder holds it or laid it away.)"""
        seen = set(self.hand) | set(self.discard or ())
        seen |= {c for trick in (*self.tricks, self.trick) for _, c in trick}
        return sorted(c for c in self.pack if c not in seen)


@dataclass(frozen=True)
class Layout:
    """One deal of the unseen cards: every seat's cards now and the hidden cards (the widow
    in the auction, a chico or a grand; the discard of a frog, for a defender)."""

    hands: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    hidden: tuple[int, ...]

    def banked(self, view: SeatView) -> int:
        """The bidder's points from the widow or the discard in this deal."""
        return sum(POINTS[c] for c in (view.discard if view.discard is not None else self.hidden))


def deal_unseen(view: SeatView, rng: random.Random) -> Layout:
    """A random deal of the seat's unseen cards consistent with the view: each other seat
    gets as many cards as it holds and none it has shown it cannot hold; in a frog, the
    shown widow's cards go to the bidder (hand or discard), never to the other defender."""
    pool = view.unseen()
    others = [s for s in (1, 2, 3) if s != view.seat]
    banned = view.excluded()
    frog = view.rules is not None and view.rules.contract == "frog"
    if frog and view.widow and view.seat != view.rules.bidder:
        other_defender = next(s for s in others if s != view.rules.bidder)
        banned[other_defender] |= set(view.widow)
    slots = [(view.held_by(s), banned[s]) for s in others]
    if not (frog and view.seat == view.rules.bidder):  # the frog bidder knows both
        slots.append((view.widow_size, set()))
    if sum(size for size, _ in slots) != len(pool):
        raise Inconsistent(f"{len(pool)} unseen cards for {sum(s for s, _ in slots)} places")
    for _ in range(ATTEMPTS):
        filled = _fill(pool, slots, rng)
        if filled is not None:
            break
    else:
        raise Inconsistent("no deal of the unseen cards fits the cards each seat can hold")
    hands: list[tuple[int, ...]] = [(), (), ()]
    hands[view.seat - 1] = tuple(view.hand)
    for seat, cards in zip(others, filled):
        hands[seat - 1] = tuple(sorted(cards))
    hidden = tuple(sorted(filled[2])) if len(filled) > 2 else ()
    return Layout((hands[0], hands[1], hands[2]), hidden)


def _fill(pool: list[int], slots: list[tuple[int, set[int]]],
          rng: random.Random) -> list[list[int]] | None:
    """Cards to slots, the most constrained card first, each to a random slot that may take
    it (weighted by the room left); None at a dead end."""
    order = list(pool)
    rng.shuffle(order)
    order.sort(key=lambda c: sum(c not in ban for _, ban in slots))
    filled: list[list[int]] = [[] for _ in slots]
    for c in order:
        room = [(i, size - len(filled[i])) for i, (size, ban) in enumerate(slots)
                if c not in ban and len(filled[i]) < size]
        if not room:
            return None
        (index,) = rng.choices([i for i, _ in room], weights=[r for _, r in room])
        filled[index].append(c)
    return filled

