"""A session at the table: hands dealt in turn, the auction, the widow, eleven tricks and the
chips, as docs/tricks.md (Playing at the table) describes.

A `Hand` is one deal from the first call to the last card. It holds every card, so it is the
referee, never a player: the rules engine (`Game`) decides every card, the auction's order
is `auction_state`, and a player (a person or `solver.tricks.players`) learns only what
`SeatView.of` (solver/tricks/seat.py) lets its seat see. A `Session` is the hands played in
turn round a table of 3 to 7, the dealer moving one place to the left each hand, and the
running score in chips. Both are rebuilt from their actions (plain text such as
``bid chico spades`` or ``play AH``), which is what the server stores.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from solver.tricks.auction import LEVEL, Call
from solver.tricks.cards import CardError, parse_card, parse_suit
from solver.tricks.deal import Deal, deal_from_number
from solver.tricks.engine import Game, IllegalPlay
from solver.tricks.rules import CHICO_TRUMPS, HEARTS, SCORING, Rules, Table

AUCTION, DISCARD, PLAY, OVER = "auction", "discard", "play", "over"
BIDS = ("pass", "frog", "chico", "grand")


class BadAction(ValueError):
    """An action that is not allowed now (out of turn, a bid too low, an illegal card);
    the message says why, in the words of docs/tricks.md or of the rules engine."""


@dataclass(frozen=True)
class AuctionState:
    """Where the auction stands: who speaks next (None: it is over), the highest game named
    so far and its call, and whether the next call is a frog bidder's answer to a chico."""

    to_bid: int | None
    level: int
    holder: Call | None
    raising: bool


def auction_state(calls: list[Call]) -> AuctionState:
    """The auction after `calls` (docs/tricks.md, The auction): one round from seat 1; a
    frog overcalled by a chico answers at once, grand or pass, before the next seat speaks."""
    level, holder, speaker, raising = -1, None, 1, None
    for call in calls:
        if raising is not None:
            if call.bid == "grand":
                holder, level = call, LEVEL["grand"]
            raising = None
            continue
        if call.bid != "pass":
            overcalled, holder, level = holder, call, LEVEL[call.bid]
            if overcalled is not None and overcalled.bid == "frog" and call.bid == "chico":
                raising = overcalled.seat
        speaker += 1
    if raising is not None:
        return AuctionState(raising, level, holder, True)
    return AuctionState(speaker if speaker <= 3 else None, level, holder, False)


def allowed_bids(state: AuctionState, scoring: str) -> list[tuple[str, int]]:
    """The games (with their trump) the seat to speak may name; passing is always allowed."""
    if state.raising:
        return [("grand", HEARTS)]
    games = [("frog", HEARTS)] + [("chico", t) for t in CHICO_TRUMPS] + [("grand", HEARTS)]
    return [(name, trump) for name, trump in games
            if name in SCORING[scoring] and LEVEL[name] > state.level]


def parse_action(text: str) -> tuple[str, list[int], int | None]:
    """``pass``, ``frog``, ``chico spades``, ``grand``, ``discard TD QH 6H`` or ``play AH``
    as (verb, cards, trump); BadAction when unreadable."""
    words = text.split() if isinstance(text, str) else []
    if not words or len(text) > 60:
        raise BadAction("an action is pass, frog, chico SUIT, grand, discard C C C or play CARD")
    verb, rest = words[0].lower(), words[1:]
    try:
        if verb in BIDS:
            if verb == "chico":
                if len(rest) != 1:
                    raise BadAction("a chico names its trump: chico clubs, diamonds or spades")
                return verb, [], parse_suit(rest[0])
            if rest:
                raise BadAction(f"{verb} takes nothing after it")
            return verb, [], HEARTS if verb != "pass" else None
        if verb in ("discard", "play"):
            return verb, [parse_card(word) for word in rest], None
    except CardError as exc:
        raise BadAction(str(exc)) from None
    raise BadAction(f"unknown action {verb!r} (pass, frog, chico, grand, discard, play)")


@dataclass
class Hand:
    """One hand at the table: the deal (seats 1-3 from the dealer's left), the calls, the
    frog's discard and the play, each checked before it is kept."""

    deal: Deal
    table: Table
    calls: list[Call] = field(default_factory=list)
    discard: list[int] | None = None
    game: Game | None = None
    actions: list[str] = field(default_factory=list)

    @property
    def auction(self) -> AuctionState:
        return auction_state(self.calls)

    @property
    def rules(self) -> Rules | None:
        """The contract played, once the auction is over (None: still bidding, or thrown in)."""
        holder = self.auction.holder
        if self.auction.to_bid is not None or holder is None:
            return None
        return self.table.rules(holder.bid, holder.seat, holder.trump)

    @property
    def phase(self) -> str:
        state = self.auction
        if state.to_bid is not None:
            return AUCTION
        rules = self.rules
        if rules is None:
            return OVER  # thrown in
        if self.game is None:
            return DISCARD
        return OVER if self.game.finished else PLAY

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is (None once the hand is over)."""
        phase = self.phase
        if phase == AUCTION:
            return self.auction.to_bid
        if phase == DISCARD:
            return self.rules.bidder
        if phase == PLAY:
            return self.game.to_play
        return None

    def holding(self, seat: int) -> list[int]:
        """The cards `seat` holds now (a frog bidder's 14 while laying away)."""
        if self.game is not None:
            return list(self.game.hands[seat - 1])
        held = list(self.deal.hands[seat - 1])
        if self.phase == DISCARD:
            held += list(self.deal.widow)
        return held

    def act(self, text: str) -> None:
        """Apply the action of the seat to act; BadAction (the hand unchanged) if refused."""
        verb, cards, trump = parse_action(text)
        phase = self.phase
        if phase == AUCTION and verb in BIDS:
            self._bid(verb, trump)
        elif phase == DISCARD and verb == "discard":
            self._lay_away(cards)
        elif phase == PLAY and verb == "play" and len(cards) == 1:
            try:
                self.game.play(cards[0])
            except IllegalPlay as exc:
                raise BadAction(str(exc)) from None
        elif phase == PLAY and verb == "play":
            raise BadAction("play one card: play AH")
        else:
            raise BadAction(f"no {verb} now: {self.expected()}")
        self.actions.append(" ".join(text.split()).lower())
        if self.phase == AUCTION:
            self._pass_when_nothing_is_left()
        rules = self.rules
        if self.game is None and rules is not None and rules.contract != "frog":
            self.game = Game.start(self.deal, rules)  # chico and grand: straight to play

    def expected(self) -> str:
        """What the hand waits for, in words."""
        phase, seat = self.phase, self.to_act
        if phase == AUCTION:
            return f"seat {seat} bids"
        if phase == DISCARD:
            return f"seat {seat} lays away {len(self.deal.widow)} cards"
        if phase == PLAY:
            return f"seat {seat} plays a card"
        return "the hand is over"

    def _bid(self, verb: str, trump: int | None) -> None:
        state = self.auction
        seat = state.to_bid
        if verb != "pass" and (verb, trump) not in allowed_bids(state, self.table.scoring):
            if state.raising:
                raise BadAction(f"seat {seat}, overcalled by a chico, may only raise to grand "
                                f"or pass")
            if verb not in SCORING[self.table.scoring]:
                raise BadAction(f"{verb} is not a contract under {self.table.scoring} scoring")
            if LEVEL[verb] <= state.level:
                raise BadAction(f"{verb} is not higher than {state.holder.name}: name a higher "
                                f"game or pass")
            raise BadAction("chico trumps must be clubs, diamonds or spades")
        self.calls.append(Call(seat, verb, trump if verb != "pass" else None, None,
                               raised=state.raising and verb == "grand"))

    def _pass_when_nothing_is_left(self) -> None:
        """A seat that may name no game passes without being asked (nothing is above a
        grand); the pass is a call, not an action, so replaying the actions makes it again."""
        while self.phase == AUCTION and not allowed_bids(self.auction, self.table.scoring):
            self.calls.append(Call(self.auction.to_bid, "pass", None, None))

    def _lay_away(self, cards: list[int]) -> None:
        size = len(self.deal.widow)
        if len(cards) != size or len(set(cards)) != size:
            raise BadAction(f"lay away {size} different cards")
        try:
            game = Game.start(self.deal, self.rules, cards)
        except IllegalPlay as exc:
            raise BadAction(str(exc)) from None
        self.discard, self.game = sorted(cards), game

    @property
    def bidder_points(self) -> int | None:
        """The bidder's card points once the hand is played (widow or discard included)."""
        if self.phase != OVER or self.game is None:
            return None
        return self.game.points[0]

    def line_text(self) -> str:
        """The hand's play as a line file (docs/tricks.md), which `frog tricks verify` reads."""
        from solver.tricks.line import format_header, format_trick

        rows = [format_header(self.rules, self.discard or [])]
        rows += [format_trick(trick) for trick in self.game.tricks_played]
        if self.game.trick:
            rows.append(format_trick(self.game.on_trick))
        return "\n".join(rows) + "\n"

    def call_names(self) -> list[str]:
        return [f"{c.seat}:{'grand (raise)' if c.raised else c.name}" for c in self.calls]


def active_places(players: int, dealer: int) -> tuple[int, int, int]:
    """The places (1..players) of seats 1, 2 and 3 in a hand dealt by `dealer`.

    Three play: all of them, eldest on the dealer's left. Four: the dealer sits out. Five:
    the two on the dealer's left and the one on his right play (Foster), so the dealer and
    the player opposite sit out. Six or seven (the 1922 sets, silent on who plays): the
    three on the dealer's left.
    """
    def left(steps: int) -> int:
        return (dealer - 1 + steps) % players + 1

    if players == 5:
        return left(1), left(2), left(4)
    return left(1), left(2), left(3)


def settle(rules: Rules, points: int, places: tuple[int, int, int],
           players: int) -> dict[int, int]:
    """Chips won (+) or paid (-) by every place at the table for one played hand.

    `Rules.payment` is the bidder's net; it is split evenly among those who pay it (made:
    the two defenders, and those sitting out when `Rules.payers` counts them) or receive it
    (lost: everyone else at the table).
    """
    chips = {place: 0 for place in range(1, players + 1)}
    payment = rules.payment(points)
    if payment == 0:
        return chips
    bidder = places[rules.bidder - 1]
    others = [p for p in chips if p != bidder]
    if payment > 0 and rules.payers() == 2:
        others = [p for seat, p in enumerate(places, 1) if seat != rules.bidder]
    each = payment // len(others)
    for place in others:
        chips[place] -= each
    chips[bidder] += payment
    return chips


@dataclass
class Session:
    """Hands played in turn at one table, from deal number `first_deal` on (hand k is deal
    `first_deal + k - 1`); the first dealer sits at the last place, so place 1 is eldest in
    the first hand and the deal's seat numbers are the places."""

    table: Table
    first_deal: int
    hands: list[Hand] = field(default_factory=list)

    @property
    def players(self) -> int:
        return self.table.players

    def dealer(self, number: int) -> int:
        """The place that deals hand `number` (1-based): the deal passes to the left."""
        return (self.players - 1 + number - 1) % self.players + 1

    def places(self, number: int) -> tuple[int, int, int]:
        return active_places(self.players, self.dealer(number))

    @property
    def current(self) -> Hand | None:
        return self.hands[-1] if self.hands else None

    def deal_next(self) -> Hand:
        """Deal the next hand; BadAction while the current one is still being played."""
        if self.current is not None and self.current.phase != OVER:
            raise BadAction(f"the hand is not over: {self.current.expected()}")
        hand = Hand(deal_from_number(self.first_deal + len(self.hands)), self.table)
        self.hands.append(hand)
        return hand

    def scores(self) -> list[dict[int, int]]:
        """Each finished hand's chips by place (a thrown-in hand pays nothing)."""
        rows = []
        for number, hand in enumerate(self.hands, 1):
            if hand.phase != OVER:
                continue
            points = hand.bidder_points
            rows.append(settle(hand.rules, points, self.places(number), self.players)
                        if points is not None else {p: 0 for p in range(1, self.players + 1)})
        return rows

    def totals(self) -> dict[int, int]:
        """The running chip score of every place."""
        totals = {place: 0 for place in range(1, self.players + 1)}
        for row in self.scores():
            for place, chips in row.items():
                totals[place] += chips
        return totals

    def log(self) -> list[str]:
        """Every action of the session in order, ``deal`` starting each hand."""
        return [text for hand in self.hands for text in ["deal", *hand.actions]]

    @classmethod
    def replay(cls, table: Table, first_deal: int, log: list[str]) -> Session:
        """The session `log` describes (BadAction names the first action refused)."""
        session = cls(table, first_deal)
        for number, text in enumerate(log, 1):
            try:
                if text == "deal":
                    session.deal_next()
                elif session.current is None:
                    raise BadAction("deal first")
                else:
                    session.current.act(text)
            except BadAction as exc:
                raise BadAction(f"action {number} ({text!r}): {exc}") from None
        return session

