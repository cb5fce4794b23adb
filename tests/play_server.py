"""A `frog play` (or `frog tricks play`) server in a thread of the test process, and a small
client for it (real HTTP on 127.0.0.1), shared by the API tests and the browser tests."""
from __future__ import annotations

import http.client
import json
import signal
import threading
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path

from solver.play.server import PlayServer
from solver.play.store import Store
from solver.play.table_server import TableServer
from solver.play.table_store import TableStore
from solver.play.explain_jobs import Explains, explain_task
from solver.play.work import Workers
from solver.tricks.rules import Table


class Client:
    """Requests to one server; `call` returns (status, decoded JSON or text)."""

    def __init__(self, server: PlayServer) -> None:
        self.port, self.token = server.port, server.token

    def raw(self, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, bytes, dict]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        try:
            connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            sent = {"Host": f"127.0.0.1:{self.port}", "X-Frog-Token": self.token}
            sent.update(headers or {})
            for key, value in sent.items():
                if value is not None:
                    connection.putheader(key, value)
            if body is not None:
                connection.putheader("Content-Length", str(len(body)))
            connection.endheaders(body)
            response = connection.getresponse()
            return response.status, response.read(), dict(response.getheaders())
        finally:
            connection.close()

    def call(self, method: str, path: str, body: object = None,
             headers: dict[str, str] | None = None) -> tuple[int, object]:
        data = None if body is None else json.dumps(body).encode()
        status, raw, found = self.raw(method, path, data, headers)
        if found.get("Content-Type", "").startswith("application/json"):
            return status, json.loads(raw)
        return status, raw.decode()

    def new(self, deal: object = 1234, variant: str = "frog") -> dict:
        status, state = self.call("POST", "/api/games", {"deal": deal, "variant": variant})
        assert status == 201, state
        return state

    def move(self, game: int, move: str, autoplay: bool = False) -> tuple[int, dict]:
        return self.call("POST", f"/api/games/{game}/moves", {"move": move, "autoplay": autoplay})


@contextmanager
def serving(server):
    """`server` serving in a thread; shut down and closed afterwards."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        thread.join(10)
        server.shutdown_all()


@contextmanager
def running(db: Path, processes: int = 1, explain=explain_task):
    """A server on a free port, serving in a thread; closed afterwards. `explain` is the
    explain process's task (`slowed_explain` makes each solve a second longer)."""
    with serving(PlayServer(Store(db), workers=Workers(processes),
                            explains=Explains(explain))) as server:
        yield server


#: How much longer each solve of `slowed_explain` takes (seconds).
SLOWER = 1.0


def slowed_explain(deal_text: str, moves: list[str], report) -> dict:
    """`explain_jobs.explain_task`, each solve SLOWER seconds longer (the same answers, from the
    same decider): long enough to see its progress and to cancel it. Runs in the explain
    process, which imports it by name."""
    import time

    from solver.patience import parse_deal
    from solver.patience.explain import SOLVE_MEMORY, LineDecider

    decider = LineDecider(parse_deal(deal_text), SOLVE_MEMORY)

    def slowly(position, limits):
        time.sleep(SLOWER)
        return decider(position, limits)
    return explain_task(deal_text, moves, report, decider=slowly)


def stops_on_ctrl_c(process) -> None:
    """Ctrl-C (SIGINT) stops a `frog play` or `frog tricks play` process cleanly: exit 0, no
    traceback; a process that does not stop is killed."""
    try:
        process.send_signal(signal.SIGINT)
        assert process.wait(30) == 0
        assert "Traceback" not in process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()


@contextmanager
def table_server(db, table: Table = Table(), first_deal: int = 17, place: int = 1,
                 session: int | None = None):
    """A table server on a free port, serving in a thread (a new session unless given)."""
    store = TableStore(db)
    if session is None:
        session = store.create_table(asdict(table), first_deal, place)
        store.add_action(session, 1, "deal")
    with serving(TableServer(store, session, workers=Workers(1))) as server:
        yield server, Client(server)
