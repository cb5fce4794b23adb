"""The local server of `frog play`: the page, and the JSON API under /api/ (docs/play.md).

The standard library's threading HTTP server is enough for one person's browser tabs and
keeps `frog play` free of extra packages. It is a program on a person's machine, so it
trusts nothing it is sent:

- it answers only requests carrying its random token (query `token` or header
  `X-Frog-Token`), else 403;
- it answers only requests whose Host header names its own address (a page elsewhere that
  rebinds a DNS name to 127.0.0.1 sends its own name, and is refused with 403), and whose
  Origin header, when there is one, is its own (a page elsewhere that learnt the token
  still cannot drive it: 403);
- request bodies over MAX_BODY bytes get 413; malformed JSON, unknown games, illegal
  moves get a 4xx with a one-line JSON error; an unexpected fault gets a one-line 500, and
  no request ever sees a traceback or stops the server;
- solver calls (hint, peek, explain) run in worker processes with time limits
  (solver.play.work), so a slow one never holds up other requests or other games; an
  explanation runs as a job that the page follows and may cancel.
"""
from __future__ import annotations

import hmac
import json
import random
import re
import secrets
import socket
import sys
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from solver.patience import (VARIANT_SOURCES, Deal, DealError, DealNumberError, RulesError,
                             deal_after, deal_from_number, parse_deal, variant_rules)
from solver.patience.engine import IllegalMove
from solver.play import explain_jobs, work
from solver.play.game import GAVE_UP, PLAYING, BadMove, Game
from solver.play.page import play_page, replay_from_page, wrong_token_page
from solver.play.store import Store

MAX_BODY = 64 * 1024
TOKEN_HEADER = "X-Frog-Token"
#: Random deals are drawn from PySolFC's numbers 1 .. RANDOM_DEALS.
RANDOM_DEALS = 1_000_000
#: The most moves one undo request takes back (more is a bad request).
MAX_UNDO = 10_000


class Refused(Exception):
    """A request answered with a 4xx or 5xx and a one-line JSON error, or with `page` (HTML)
    where a person opened an address."""

    def __init__(self, status: int, message: str, page: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.page = page


#: What an API request without this run's token learns (an address a person opens gets
#: page.wrong_token_page): every start of `frog play` makes a new token, so an old tab's
#: address stops working when the server restarts.
WRONG_TOKEN = ("missing or wrong token: this address is not the one frog play printed last "
               "(each start makes a new one). Run frog play --resume to reopen the game "
               "played last, or frog play and open Past games; every move is kept.")


def new_deal(request: dict) -> tuple[Deal, str]:
    """The deal a create request names: {"deal": number or deal-file text, "variant": name};
    a random deal of the variant when "deal" is absent."""
    variant = request.get("variant", "frog")
    source = request.get("deal")
    if not isinstance(variant, str):
        raise Refused(400, "'variant' must be a string")
    if isinstance(source, bool) or not isinstance(source, (int, str, type(None))):
        raise Refused(400, "'deal' must be a number or a deal file's text")
    try:
        if isinstance(source, str) and not (source.isascii() and source.isdigit()):
            deal = parse_deal(source, default_variant=variant)
            return deal, f"{deal.rules.variant} deal from a file"
        number = random.randint(1, RANDOM_DEALS) if source is None else int(source)
        return deal_from_number(variant_rules(variant), number), f"{variant} deal {number}"
    except (RulesError, DealError, DealNumberError, ValueError) as exc:
        raise Refused(400, f"bad deal: {exc}") from None


class PlayServer(ThreadingHTTPServer):
    """The HTTP server with the games' store, the worker processes, the token and the
    Host names it answers to."""

    daemon_threads = True
    #: Start the explain process with the server (the tricks table explains nothing).
    warm_explains = True

    def __init__(self, store: Store, host: str = "127.0.0.1", port: int = 0,
                 workers: work.Workers | None = None, token: str | None = None,
                 handler: type[BaseHTTPRequestHandler] | None = None,
                 explains: explain_jobs.Explains | None = None) -> None:
        super().__init__((host, port), handler or Handler)
        self.store = store
        self.workers = workers or work.Workers()
        self.explains = explains or explain_jobs.Explains()
        if self.warm_explains:
            self.explains.warm()
        self.token = token or secrets.token_urlsafe(18)
        self.port = self.server_address[1]
        self.hosts = _host_names(host, self.port)
        self.origins = {f"http://{name}" for name in self.hosts}
        self.url_host = host if ":" not in host else f"[{host}]"
        self._locks: dict[int, threading.Lock] = {}
        self._locks_lock = threading.Lock()

    def url(self, game: int | None = None) -> str:
        """The address to open, with the token (and the game to show)."""
        shown = "localhost" if self.url_host in ("0.0.0.0", "[::]") else self.url_host
        tail = f"&game={game}" if game is not None else ""
        return f"http://{shown}:{self.port}/?token={self.token}{tail}"

    def lock(self, game: int) -> threading.Lock:
        """One lock per game: two requests on one game never interleave their moves."""
        with self._locks_lock:
            return self._locks.setdefault(game, threading.Lock())

    def load(self, game: int) -> Game:
        stored = self.store.load(game)
        if stored is None:
            raise Refused(404, f"no game {game}")
        return Game.from_stored(stored)

    def create(self, deal: Deal, title: str) -> int:
        return self.store.create(title, deal.rules.variant, deal.to_text(title))

    def shutdown_all(self) -> None:
        self.server_close()
        self.explains.close()
        self.workers.close()
        self.store.close()


def _host_names(host: str, port: int) -> set[str]:
    names = {host, f"[{host}]"} if ":" in host else {host}
    if host in ("127.0.0.1", "::1", "localhost", "0.0.0.0", "::"):
        names |= {"127.0.0.1", "localhost", "[::1]"}
    if host in ("0.0.0.0", "::"):
        names.add(socket.gethostname().lower())
    return {f"{name}:{port}" for name in names}


ROUTE = re.compile(r"^/api/games(?:/(\d{1,12})(?:/([a-z-]+(?:/[a-z-]+)?))?)?$")
REPLAY_ROUTE = re.compile(r"/replay/(\d{1,12})")


def _is_page(path: str) -> bool:
    """An address a person opens (the play page, a replay page), not one of the API's."""
    return path in ("/", "/index.html") or REPLAY_ROUTE.fullmatch(path) is not None


class Handler(BaseHTTPRequestHandler):
    """One request: the checks, then the route."""

    server: PlayServer
    protocol_version = "HTTP/1.1"
    timeout = 30  # seconds a connection may stay silent
    error_content_type = "application/json"
    error_message_format = '{"error": "%(message)s"}'

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base name
        """Quiet: the terminal shows the URL, not every request."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None):
        """The standard library's answers to malformed requests, as one-line JSON too."""
        text = (message or HTTPStatus(code).phrase).replace('"', "'").replace("\\", "/")
        self.close_connection = True
        if getattr(self, "request_version", "HTTP/0.9") == "HTTP/0.9":
            self.request_version = "HTTP/1.0"  # a status line even for an unreadable request
        try:
            self._send(code, {"error": text[:300]})
        except OSError:
            pass

    def do_GET(self) -> None:  # noqa: N802 - the base class's name
        self._handle("GET")

    def do_POST(self) -> None:  # noqa: N802
        self._handle("POST")

    def _refuse_method(self) -> None:
        self._handle(self.command)

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _refuse_method

    # ---------------------------------------------------------------- the checks

    def _handle(self, method: str) -> None:
        try:
            body = self._checked(method)
            status, answer = self._route(method, body)
        except Refused as exc:
            status, answer = exc.status, exc.page or {"error": " ".join(str(exc).split())}
        except Exception as exc:  # the server keeps serving, the request learns little
            print(f"frog play: internal error on {method} {self.path[:80]}: "
                  f"{type(exc).__name__}: {exc}", file=sys.stderr)
            status, answer = 500, {"error": f"internal error: {type(exc).__name__}"}
        try:
            self._send(status, answer)
        except OSError:
            self.close_connection = True

    def _checked(self, method: str) -> dict:
        """The Host, the Origin, the token and the body, checked in that order."""
        host = (self.headers.get("Host") or "").strip().lower()
        if host not in self.server.hosts:
            self._drain_refused()
            raise Refused(403, f"wrong Host header {host[:60]!r}: this server answers only to "
                          f"its own address")
        origin = self.headers.get("Origin")
        if origin is not None and origin.strip().lower() not in self.server.origins:
            self._drain_refused()
            raise Refused(403, f"foreign Origin {origin[:60]!r}: this server answers only to "
                          f"its own pages")
        parts = urlsplit(self.path)
        given = self.headers.get(TOKEN_HEADER) or \
            (parse_qs(parts.query).get("token") or [""])[0]
        if not hmac.compare_digest(given.encode("utf-8", "replace"),
                                   self.server.token.encode()):
            self._drain_refused()
            opened = method == "GET" and _is_page(parts.path)
            raise Refused(403, WRONG_TOKEN, wrong_token_page() if opened else None)
        if method not in ("GET", "POST"):
            self._drain_refused()
            raise Refused(405, f"method {method[:10]} not allowed (GET or POST)")
        if self.headers.get("Transfer-Encoding"):
            self.close_connection = True
            raise Refused(411, "send a Content-Length, not a chunked body")
        length_text = self.headers.get("Content-Length") or "0"
        if not length_text.isascii() or not length_text.isdigit():
            self.close_connection = True
            raise Refused(400, "bad Content-Length")
        length = int(length_text)
        if length > MAX_BODY:
            self.close_connection = True
            raise Refused(413, f"request body over {MAX_BODY // 1024} KB")
        raw = self.rfile.read(length) if length else b""
        if method == "GET":
            return {}
        if not raw.strip():
            return {}
        try:
            body = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
            raise Refused(400, f"malformed JSON: {exc}") from None
        if not isinstance(body, dict):
            raise Refused(400, "the request body must be a JSON object")
        return body

    def _drain_refused(self) -> None:
        """A refused request's body is not read: the connection closes after the answer."""
        self.close_connection = True

    # ---------------------------------------------------------------- the routes

    def _route(self, method: str, body: dict) -> tuple[int, object]:
        path = urlsplit(self.path).path
        if path in ("/", "/index.html") and method == "GET":
            return 200, play_page()
        replay = REPLAY_ROUTE.fullmatch(path)
        if replay and method == "GET":
            return 200, self._replay_page(int(replay.group(1)))
        if path == "/api/variants" and method == "GET":
            return 200, {"variants": VARIANT_SOURCES}
        match = ROUTE.match(path)
        if not match:
            raise Refused(404, f"no such page: {path[:80]}")
        game, action = match.groups()
        if game is None:
            if method == "GET":
                return 200, {"games": self.server.store.games()}
            deal, title = new_deal(body)
            number = self.server.create(deal, title)
            return 201, self.server.load(number).state()
        number = int(game)
        handler = ACTIONS.get((method, action or ""))
        if handler is None:
            allowed = [m for m, a in ACTIONS if a == (action or "")]
            if allowed:
                raise Refused(405, f"use {' or '.join(allowed)} for this address")
            raise Refused(404, f"no such action: {action}")
        return handler(self.server, number, body)

    def _replay_page(self, number: int) -> str:
        game = self.server.load(number)
        explained = game.explanation
        if not explained or explained.get("losing_move") is None:
            raise Refused(404, f"game {number} has no explanation with a losing move yet")
        before = explained["losing_move"] - 1
        start = deal_after(game.deal, game.moves[:before])
        moves = [game.parse_move(text) for text in explained["line"]]
        return replay_from_page(game.title, before, start, moves, explained)

    def _send(self, status: int, answer: object) -> None:
        if isinstance(answer, str):
            data, kind = answer.encode("utf-8"), "text/html; charset=utf-8"
        else:
            data, kind = (json.dumps(answer) + "\n").encode("utf-8"), "application/json"
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        # The token is in the address: no other site is told it. (Not "no-referrer": that
        # makes the browser send "Origin: null" with the page's own requests.)
        self.send_header("Referrer-Policy", "same-origin")
        self.send_header("Content-Security-Policy",
                         "default-src 'none'; script-src 'unsafe-inline'; "
                         "style-src 'unsafe-inline'; connect-src 'self'; img-src data:; "
                         "frame-ancestors 'none'; base-uri 'none'")
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)


# ---------------------------------------------------------------- the game actions

def _state(server: PlayServer, number: int, body: dict) -> tuple[int, object]:
    return 200, server.load(number).state()


def _move(server: PlayServer, number: int, body: dict) -> tuple[int, object]:
    autoplay = body.get("autoplay", False)
    if not isinstance(autoplay, bool):
        raise Refused(400, "'autoplay' must be true or false")
    with server.lock(number):
        game = server.load(number)
        try:
            move = game.parse_move(body.get("move"))
            ply = len(game.moves) + 1
            played = game.play(move, autoplay)
        except BadMove as exc:
            raise Refused(400, f"bad move: {exc}") from None
        except IllegalMove as exc:
            raise Refused(422, f"illegal move {move}: {exc}") from None
        server.store.add_moves(number, ply, [(str(m), auto) for m, auto in played],
                               game.result())
        server.explains.forget(number)  # an explanation of the moves before is moot
    return 200, game.state()


def _undo(server: PlayServer, number: int, body: dict) -> tuple[int, object]:
    count = body.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_UNDO:
        raise Refused(400, f"'count' must be a whole number 1-{MAX_UNDO}")
    with server.lock(number):
        game = server.load(number)
        if not game.moves:
            raise Refused(409, "nothing to undo: no move played yet")
        left = game.undo(count)
        server.store.truncate(number, left, game.result())
        server.explains.forget(number)
    return 200, game.state()


def _give_up(server: PlayServer, number: int, body: dict) -> tuple[int, object]:
    with server.lock(number):
        game = server.load(number)
        if game.result() == PLAYING:
            game.gave_up = True
            server.store.set_result(number, GAVE_UP)
    return 200, game.state()


def _solver_call(server: PlayServer, number: int, task: Callable, seconds: float,
                 *extra: object) -> tuple[Game, dict]:
    game = server.load(number)
    texts = [str(move) for move in game.moves]
    try:
        answer = server.workers.run(seconds + work.GRACE_SECONDS, task, game.deal.to_text(),
                                    texts, *extra)
    except work.Busy as exc:
        raise Refused(503, str(exc)) from None
    except work.Unavailable as exc:
        raise Refused(501, str(exc)) from None
    return game, answer


def _hint(server: PlayServer, number: int, body: dict) -> tuple[int, object]:
    game, answer = _solver_call(server, number, work.hint_task, 5.0)
    if game.result() != PLAYING:  # the game is over: nothing was advised, nothing counts
        return 200, {"hint": answer, "hints": game.hints, "moves": len(game.moves)}
    server.store.count(number, "hint")
    return 200, {"hint": answer, "hints": game.hints + 1, "moves": len(game.moves)}


def _peek(server: PlayServer, number: int, body: dict) -> tuple[int, object]:
    seconds = body.get("seconds", work.PEEK_SECONDS)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or \
            not 0.1 <= seconds <= 60:
        raise Refused(400, "'seconds' must be a number of seconds, 0.1-60")
    game, answer = _solver_call(server, number, work.peek_task, float(seconds), float(seconds))
    server.store.count(number, "peek")
    return 200, {"peek": answer, "peeks": game.peeks + 1, "moves": len(game.moves)}


def _explain(server: PlayServer, number: int, body: dict) -> tuple[int, object]:
    """Start explaining the moves played (or join the job at work on them): 202 and its
    progress; 200 and the answer when they were explained already."""
    with server.lock(number):  # the moves it explains are the moves played
        game = server.load(number)
        texts = [str(move) for move in game.moves]
        cached = game.explanation
        if cached and cached.get("played") == texts:
            return 200, _explained(cached)

        def store(answer: dict) -> None:
            answer["played"] = texts
            server.store.save_explanation(number, answer)

        try:
            job = server.explains.start(number, game.deal.to_text(), texts, store)
        except work.Busy as exc:
            raise Refused(503, str(exc)) from None
    return _job(job)


def _explain_state(server: PlayServer, number: int, body: dict) -> tuple[int, object]:
    """Where the explanation of the moves played has got to: running (202), done or
    cancelled (200), or not asked for (200, status "none")."""
    game = server.load(number)
    texts = [str(move) for move in game.moves]
    job = server.explains.job(number)
    if job is not None and job.moves == texts and job.status != explain_jobs.DONE:
        return _job(job)
    cached = game.explanation
    if cached and cached.get("played") == texts:
        return 200, _explained(cached)
    return 200, {"status": "none", "moves": len(texts), "progress": None, "explanation": None}


def _explain_cancel(server: PlayServer, number: int, body: dict) -> tuple[int, object]:
    """Stop the explanation of the moves played: 200 and what it had found."""
    game = server.load(number)
    texts = [str(move) for move in game.moves]
    job = server.explains.job(number)
    if job is None or job.moves != texts or job.status not in (*explain_jobs.ACTIVE, explain_jobs.CANCELLED):
        raise Refused(409, f"no explanation of game {number}'s moves is running")
    return _job(server.explains.cancel(number) or job)


def _job(job: explain_jobs.ExplainJob) -> tuple[int, object]:
    """A job's answer: its progress (202 while it works), the explanation once done; 503
    when it failed (its process stopped or did not answer in time)."""
    if job.status == explain_jobs.FAILED:
        raise Refused(503, job.reason or "the explanation failed; try again")
    if job.status == explain_jobs.DONE and job.answer is not None:
        return 200, _explained(job.answer)
    report = job.progress or {}
    progress = explain_jobs.progress_view(len(job.moves), report.get("verdicts", {}),
                                  report.get("solves", 0), report.get("nodes", 0),
                                  job.seconds, queued=job.status == explain_jobs.QUEUED)
    return (202 if job.status in explain_jobs.ACTIVE else 200), \
        {"status": job.status, "moves": len(job.moves), "progress": progress, "explanation": None}


def _explained(answer: dict) -> dict:
    """A finished explanation, with its figures as progress."""
    progress = explain_jobs.progress_view(answer["moves"], answer.get("verdicts", {}),
                                  answer.get("solves", 0), answer.get("nodes", 0),
                                  answer.get("seconds", 0.0))
    return {"status": "done", "moves": answer["moves"], "progress": progress,
            "explanation": answer}


ACTIONS: dict[tuple[str, str], Callable[[PlayServer, int, dict], tuple[int, object]]] = {
    ("GET", ""): _state,
    ("POST", "moves"): _move,
    ("POST", "undo"): _undo,
    ("POST", "give-up"): _give_up,
    ("POST", "hint"): _hint,
    ("POST", "peek"): _peek,
    ("POST", "explain"): _explain,
    ("GET", "explain"): _explain_state,
    ("POST", "explain/cancel"): _explain_cancel,
}
