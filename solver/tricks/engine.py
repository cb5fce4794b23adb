"""The reference rules engine in plain Python: legal plays, tricks, replaying a line.

Slow and obviously right: the search kernel, the solver's printed lines and the
`verify` command are all checked against this module.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from solver.tricks.cards import POINTS, card_name, rank_of, suit_of
from solver.tricks.deal import Deal
from solver.tricks.rules import Rules


class IllegalPlay(ValueError):
    """A card that may not be played now, or a discard that may not be made.

    `trick` is the 1-based number of the trick refused (None for a discard), so that a
    caller can point at the line of its own file.
    """

    def __init__(self, message: str, trick: int | None = None) -> None:
        super().__init__(message)
        self.trick = trick


def legal_plays(hand: list[int] | tuple[int, ...], trick: list[int], trump: int,
                must_overtrump: bool) -> list[int]:
    """The cards of `hand` that may go on `trick` (the cards played to it so far)."""
    if not trick:
        return list(hand)
    led = suit_of(trick[0])
    follow = [c for c in hand if suit_of(c) == led]
    if follow:
        return follow
    trumps = [c for c in hand if suit_of(c) == trump]
    if not trumps:
        return list(hand)
    if must_overtrump:
        best = max((rank_of(c) for c in trick if suit_of(c) == trump), default=-1)
        higher = [c for c in trumps if rank_of(c) > best]
        if higher:
            return higher
    return trumps


def seat_after(seat: int, steps: int) -> int:
    """The seat (1-3) `steps` places clockwise after `seat`: the player of the card at
    place `steps` of a trick that `seat` led (so also the seat that won it)."""
    return (seat - 1 + steps) % 3 + 1


def winning_index(trick: list[int], trump: int) -> int:
    """Position in `trick` of the card that wins it (so far)."""
    best = 0
    for i, c in enumerate(trick[1:], 1):
        top = trick[best]
        if suit_of(c) == suit_of(top):
            if rank_of(c) > rank_of(top):
                best = i
        elif suit_of(c) == trump:
            best = i
    return best


def why_illegal(c: int, hand: list[int], trick: list[int], trump: int, must_overtrump: bool) -> str:
    """The reason a card not among the legal plays is refused."""
    if c not in hand:
        return "is not in the player's hand"
    if trick and any(suit_of(x) == suit_of(trick[0]) for x in hand):
        return "does not follow suit"
    if must_overtrump and any(suit_of(x) == trump for x in trick):
        return "does not overtrump"
    return "does not trump"


@dataclass
class Game:
    """A hand in play: who holds what, the trick on the table and the points won so far.

    Seats are 1-3; `points[0]` is the bidder's total (widow or discards and `taken`
    included), `points[1]` the defenders'.
    """

    rules: Rules
    hands: list[list[int]]
    leader: int
    points: list[int]
    trick: list[int] = field(default_factory=list)
    tricks_played: list[list[tuple[int, int]]] = field(default_factory=list)

    @classmethod
    def start(cls, deal: Deal, rules: Rules, discard: list[int] | None = None) -> Game:
        """The game after the widow is settled: frog bidders take it up and discard."""
        hands = [list(h) for h in deal.hands]
        discard = list(discard or [])
        if rules.contract == "frog":
            bidder_hand = hands[rules.bidder - 1] + list(deal.widow)
            if len(discard) != len(deal.widow) or len(set(discard)) != len(discard):
                raise IllegalPlay(f"the frog bidder must discard {len(deal.widow)} different cards")
            for c in discard:
                if c not in bidder_hand:
                    raise IllegalPlay(f"discard {card_name(c)} is not in the bidder's hand or the widow")
            hands[rules.bidder - 1] = [c for c in bidder_hand if c not in discard]
        elif discard:
            raise IllegalPlay(f"there is no discard in {rules.contract}")
        return cls(rules, hands, deal.leader, [deal.banked(rules.contract, discard),
                                               deal.taken[1]])

    @property
    def to_play(self) -> int:
        return seat_after(self.leader, len(self.trick))

    @property
    def finished(self) -> bool:
        return not any(self.hands)

    @property
    def on_trick(self) -> list[tuple[int, int]]:
        """The cards of the unfinished trick with the seat that played each, in order."""
        return [(seat_after(self.leader, i), c) for i, c in enumerate(self.trick)]

    def legal(self) -> list[int]:
        r = self.rules
        return legal_plays(self.hands[self.to_play - 1], self.trick, r.trump, r.must_overtrump)

    def play(self, c: int) -> None:
        """Play `c` for the seat to play, or raise `IllegalPlay` saying why not."""
        seat = self.to_play
        hand = self.hands[seat - 1]
        if c not in self.legal():
            reason = why_illegal(c, hand, self.trick, self.rules.trump, self.rules.must_overtrump)
            raise IllegalPlay(f"seat {seat} may not play {card_name(c)}: it {reason}")
        hand.remove(c)
        self.trick.append(c)
        if len(self.trick) == 3:
            winner = seat_after(self.leader, winning_index(self.trick, self.rules.trump))
            side = 0 if winner == self.rules.bidder else 1
            self.points[side] += sum(POINTS[x] for x in self.trick)
            self.tricks_played.append([(seat_after(self.leader, i), x) for i, x in enumerate(self.trick)])
            self.leader, self.trick = winner, []


def replay(deal: Deal, rules: Rules, discard: list[int] | None,
           line: list[list[tuple[int, int]]]) -> Game:
    """Play a line of (seat, card) tricks; `IllegalPlay` names the trick and card refused."""
    game = Game.start(deal, rules, discard)
    for number, trick in enumerate(line, 1):
        if len(trick) > 3 or (len(trick) < 3 and not (number == len(line) and trick)):
            raise IllegalPlay(f"trick {number}: a trick has 3 cards, not {len(trick)}", number)
        for seat, c in trick:
            if game.finished:
                raise IllegalPlay(f"trick {number}: {seat}:{card_name(c)} is played after the last trick", number)
            if seat != game.to_play:
                raise IllegalPlay(f"trick {number}: {seat}:{card_name(c)} is out of turn; seat {game.to_play} plays next", number)
            try:
                game.play(c)
            except IllegalPlay as exc:
                raise IllegalPlay(f"trick {number}: {exc}", number) from None
    return game
