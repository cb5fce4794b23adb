"""One session of `frog tricks play`: rebuilt from the store, what the page may see of it,
and the computer's decisions.

The state sent to the page is the user's `SeatView` (solver/tricks/seat.py) and what the
whole table sees (calls, tricks, the widow a frog shows, chips); the other hands appear only
once a hand is over. The computer decides in a worker process (`computer_task`), from the
view of its own seat alone, like `frog tricks selfplay`.
"""
from __future__ import annotations

from dataclasses import dataclass

from solver.play.table_store import StoredTable
from solver.tricks.cards import SUIT_NAMES, card_name, sort_hand
from solver.tricks.players import decision_seed, sampling_player
from solver.tricks.rules import Table
from solver.tricks.seat import SeatView
from solver.tricks.table import AUCTION, DISCARD, OVER, PLAY, Hand, Session, allowed_bids


def names(cards) -> list[str]:
    return [card_name(c) for c in sort_hand(cards)]


@dataclass
class TableGame:
    """A stored session, replayed: the session, the user's place, the actions so far."""

    id: int
    session: Session
    place: int
    actions: int

    @classmethod
    def from_stored(cls, stored: StoredTable) -> TableGame:
        session = Session.replay(Table(**stored.options), stored.first_deal, stored.actions)
        return cls(stored.id, session, stored.place, len(stored.actions))

    @property
    def number(self) -> int:
        return len(self.session.hands)

    def seat_of(self, place: int) -> int | None:
        """The seat of `place` in the current hand (None: it sits this hand out)."""
        places = self.session.places(self.number)
        return places.index(place) + 1 if place in places else None

    @property
    def user_seat(self) -> int | None:
        return self.seat_of(self.place)

    def computer_to_act(self) -> int | None:
        """The seat a computer player must act for now, if any."""
        hand = self.session.current
        seat = hand.to_act if hand else None
        return seat if seat is not None and seat != self.user_seat else None

    def view_to_act(self) -> tuple[SeatView, int]:
        """The view of the seat to act and the seed of its decision (the computer's, or the
        hint's for the user)."""
        hand = self.session.current
        return SeatView.of(hand, hand.to_act), decision_seed(
            self.session.first_deal + self.number, len(hand.actions))

    def undo_point(self) -> int | None:
        """How many actions to keep to take back the user's last card with the cards played
        after it, allowed while no card of a later trick is down; None when not."""
        hand = self.session.current
        if hand.phase != PLAY or self.user_seat is None:
            return None
        plays = [seat for trick in (*hand.game.tricks_played, hand.game.on_trick)
                 for seat, _ in trick]
        mine = [i for i, seat in enumerate(plays) if seat == self.user_seat]
        if not mine or mine[-1] // 3 != (len(plays) - 1) // 3:
            return None
        return self.actions - (len(plays) - mine[-1])

    def state(self) -> dict:
        """What the page draws (docs/tricks.md, The table's API)."""
        session, hand = self.session, self.session.current
        seat = self.user_seat
        public = SeatView.of(hand, 1)  # its public fields are every seat's
        mine = SeatView.of(hand, seat) if seat else None
        rules = hand.rules
        places = session.places(self.number)
        answer = {
            "id": self.id, "hand": self.number, "actions": self.actions,
            "players": session.players, "you": self.place, "your_seat": seat,
            "dealer": session.dealer(self.number), "places": list(places),
            "options": session.table.to_json(),
            "phase": hand.phase, "to_act": hand.to_act, "expects": hand.expected(),
            "your_turn": seat is not None and hand.to_act == seat,
            "can_undo": self.undo_point() is not None,
            "calls": [{"seat": c.seat, "call": "grand (raise)" if c.raised else c.name}
                      for c in hand.calls],
            "bids": [], "cards": names(mine.hand) if mine else [], "legal": [],
            "discard": names(hand.discard) if hand.discard and seat == rules.bidder else [],
            "widow": names(public.widow) if public.widow else [],
            "contract": None, "trick": [{"seat": s, "card": card_name(c)} for s, c in
                                        public.trick],
            "last_trick": [{"seat": s, "card": card_name(c)} for s, c in public.tricks[-1]]
            if public.tricks else [],
            "tricks": len(public.tricks),
            "held": {s: public.held_by(s) for s in (1, 2, 3)},
            "result": None, "scores": session.scores(), "totals": session.totals(),
        }
        if answer["your_turn"] and hand.phase == AUCTION:
            answer["bids"] = ["pass"] + [f"chico {SUIT_NAMES[t]}" if name == "chico" else name
                                         for name, t in allowed_bids(hand.auction,
                                                                     session.table.scoring)]
        if answer["your_turn"] and hand.phase == PLAY:
            answer["legal"] = names(mine.legal())
        if rules is not None:
            won = public.won() if hand.phase != DISCARD else (0, 0)
            answer["contract"] = {"contract": rules.contract, "trump": rules.trump_name,
                                  "bidder": rules.bidder, "target": rules.target,
                                  "won": list(won)}
        if hand.phase == OVER:
            answer["result"] = self._result(hand)
        return answer

    def _result(self, hand: Hand) -> dict:
        """The whole deal and what it paid, once the hand is over."""
        rules, deal = hand.rules, hand.deal
        shown = {"hands": {s: names(deal.hands[s - 1]) for s in (1, 2, 3)},
                 "widow": names(deal.widow), "chips": self.session.scores()[-1]}
        if rules is None:
            return {**shown, "thrown_in": True}
        points = hand.bidder_points
        return {**shown, "thrown_in": False, "points": points,
                "verdict": rules.verdict(points), "payment": rules.payment(points),
                "discard": names(hand.discard or []),
                "banked": deal.banked(rules.contract, hand.discard or []),
                "line": hand.line_text()}


def analysis_task(hand: Hand) -> dict:
    """Where the points went in a played hand (in a worker process): the double-dummy value,
    what each side gave away, and the costliest cards (`analysis.explain`)."""
    from solver.tricks.analysis import explain

    rules = hand.rules
    explained = explain(hand.deal, rules, hand.discard or [], hand.game.tricks_played)
    perfect = explained.start + explained.discard_lost
    costly = sorted((s for s in explained.swings if s.lost > 0), key=lambda s: -s.lost)[:6]
    return {"perfect": perfect, "final": explained.final,
            "discard_lost": explained.discard_lost,
            "best_discard": names(explained.best_discard),
            "bidder_lost": explained.lost_by(True), "defenders_lost": explained.lost_by(False),
            "costly": [{"trick": s.trick, "seat": s.seat, "card": card_name(s.card),
                        "lost": s.lost, "bidder": s.by_bidder} for s in costly]}


def replay_page(game: TableGame) -> str:
    """The replay page of the hand just played (solver/replay), every card of it."""
    from solver.replay import Header, tricks_page

    hand = game.session.current
    rules, points = hand.rules, hand.bidder_points
    header = Header(f"Frog at the table: hand {game.number}", f"{points} points: "
                    f"{rules.verdict(points)}", "good" if rules.verdict(points) == "made"
                    else "bad", [("contract", rules.contract), ("trumps", rules.trump_name),
                                 ("bidder", f"seat {rules.bidder}"),
                                 ("payment", f"{rules.payment(points):+d}")],
                    "The hand as it was played at the table.", [], hand.deal.to_text())
    return tricks_page(hand.deal, rules, hand.discard or [], hand.game.tricks_played, header)


def computer_task(view: SeatView, seed: int) -> dict:
    """The sampling player's decision (in a worker process): it gets the view only."""
    choice = sampling_player(view, seed)
    return {"action": choice.action, "values": choice.values, "samples": choice.samples}

