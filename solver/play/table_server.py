"""The server of `frog tricks play`: the table page and its JSON API (docs/tricks.md, The
table's API), on the hardened server of `frog play` (server.py).

Only the routes are new: the Host and token checks, the body limits and the one-line JSON
errors are `server.Handler`'s, and the computer's decisions run in its worker processes
(`work.Workers`), so a decision never holds up another request. The server serves one
session, named when it starts; every accepted action is stored before the answer.
"""
from __future__ import annotations

import threading
from urllib.parse import urlsplit

from solver.play import work
from solver.play.server import Handler, PlayServer, Refused
from solver.play.table import TableGame, analysis_task, computer_task, replay_page
from solver.play.table_page import table_page
from solver.play.table_store import TableStore
from solver.tricks.table import BadAction

#: Seconds the server waits for one computer decision (it takes 3 s at most when measured).
COMPUTER_SECONDS = 30.0


class TableServer(PlayServer):
    """`PlayServer` serving one session at the table."""

    warm_explains = False  # nothing here is a patience to explain

    def __init__(self, store: TableStore, table: int, host: str = "127.0.0.1", port: int = 0,
                 workers: work.Workers | None = None, token: str | None = None) -> None:
        super().__init__(store, host, port, workers or work.Workers(1), token, TableHandler)
        self.table = table
        self.guard = threading.Lock()  # one change of the session at a time

    def load_table(self) -> TableGame:
        return TableGame.from_stored(self.store.load_table(self.table))

    def apply(self, game: TableGame, action: str) -> dict:
        """Apply `action` to the session and store it; 422 with the reason if refused."""
        hand = game.session.current
        try:
            if action == "deal":
                game.session.deal_next()
            else:
                hand.act(action)
        except BadAction as exc:
            raise Refused(422 if action != "deal" else 409, str(exc)) from None
        game.actions += 1
        self.store.add_action(self.table, game.actions, action)
        return game.state()


class TableHandler(Handler):
    """`Handler` with the table's routes."""

    server: TableServer

    def _route(self, method: str, body: dict) -> tuple[int, object]:
        path = urlsplit(self.path).path
        route = ROUTES.get((method, path))
        if route is None:
            if any(p == path for _, p in ROUTES):
                raise Refused(405, f"use {' or '.join(m for m, p in ROUTES if p == path)} "
                              f"for this address")
            raise Refused(404, f"no such page: {path[:80]}")
        return route(self.server, body)


def _page(server: TableServer, body: dict) -> tuple[int, object]:
    return 200, table_page()


def _state(server: TableServer, body: dict) -> tuple[int, object]:
    return 200, server.load_table().state()


def _deal(server: TableServer, body: dict) -> tuple[int, object]:
    with server.guard:
        return 201, server.apply(server.load_table(), "deal")


def _act(server: TableServer, body: dict) -> tuple[int, object]:
    action = body.get("action")
    if not isinstance(action, str) or not action.strip() or len(action) > 60:
        raise Refused(400, "'action' must be a string: pass, frog, chico SUIT, grand, "
                      "discard C C C or play CARD")
    with server.guard:
        game = server.load_table()
        if game.session.current.to_act is None:
            raise Refused(409, "the hand is over: deal the next one (POST /api/hands)")
        if game.user_seat is None or game.session.current.to_act != game.user_seat:
            raise Refused(409, f"not your turn: {game.session.current.expected()}")
        return 200, server.apply(game, " ".join(action.split()).lower())


def _computer(server: TableServer, body: dict) -> tuple[int, object]:
    """One decision of the computer seat to act; the session must not move meanwhile."""
    with server.guard:
        game = server.load_table()
        if game.computer_to_act() is None:
            raise Refused(409, f"no computer seat to act: {game.session.current.expected()}")
        view, seed = game.view_to_act()
        ply = game.actions
    try:
        answer = server.workers.run(COMPUTER_SECONDS, computer_task, view, seed)
    except work.Busy as exc:
        raise Refused(503, str(exc)) from None
    with server.guard:
        game = server.load_table()
        if game.actions != ply:
            raise Refused(409, "the table moved on while the computer thought: ask again")
        state = server.apply(game, answer["action"])
    return 200, state


def _hint(server: TableServer, body: dict) -> tuple[int, object]:
    """What the computer would do in the user's seat, from the user's view alone."""
    with server.guard:
        game = server.load_table()
        if game.user_seat is None or game.session.current.to_act != game.user_seat:
            raise Refused(409, f"a hint is for your turn: {game.session.current.expected()}")
        view, seed = game.view_to_act()
    try:
        return 200, {"hint": server.workers.run(COMPUTER_SECONDS, computer_task, view, seed)}
    except work.Busy as exc:
        raise Refused(503, str(exc)) from None


def _undo(server: TableServer, body: dict) -> tuple[int, object]:
    """Take back your last card (and those played after it) within its trick."""
    with server.guard:
        game = server.load_table()
        keep = game.undo_point()
        if keep is None:
            raise Refused(409, "nothing to undo: a card can be taken back only while no card "
                          "of a later trick is down")
        server.store.truncate_table(server.table, keep)
        return 200, server.load_table().state()


def played_hand(server: TableServer) -> TableGame:
    """The session when its current hand has been played out (404 otherwise)."""
    game = server.load_table()
    hand = game.session.current
    if hand.bidder_points is None:
        raise Refused(404, "no played hand to show: the hand is not over, or was thrown in")
    return game


def _analysis(server: TableServer, body: dict) -> tuple[int, object]:
    hand = played_hand(server).session.current
    try:
        return 200, server.workers.run(COMPUTER_SECONDS, analysis_task, hand)
    except work.Busy as exc:
        raise Refused(503, str(exc)) from None


def _replay(server: TableServer, body: dict) -> tuple[int, object]:
    return 200, replay_page(played_hand(server))


ROUTES = {
    ("GET", "/"): _page,
    ("GET", "/index.html"): _page,
    ("GET", "/api/table"): _state,
    ("POST", "/api/hands"): _deal,
    ("POST", "/api/actions"): _act,
    ("POST", "/api/computer"): _computer,
    ("POST", "/api/hint"): _hint,
    ("POST", "/api/undo"): _undo,
    ("POST", "/api/analysis"): _analysis,
    ("GET", "/replay"): _replay,
}
