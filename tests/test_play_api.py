"""The JSON API of `frog play` without a browser (docs/play.md): every endpoint, every
refusal followed by a request that still works, a fuzz of malformed requests, two games at
once, and a server killed mid-game that loses no move."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import threading
import time
import urllib.parse

import pytest
from tests.conftest import default_sigint, frog_argv, process_env, seeded
from tests.play_server import Client, running, slowed_explain, stops_on_ctrl_c

from solver.patience import Position, deal_after, deal_from_number, variant_rules
from solver.patience.explain import explain
from solver.play.game import safe_foundation_move
from solver.play.server import MAX_BODY

DEAL = deal_from_number(variant_rules("frog"), 1234)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running(tmp_path_factory.mktemp("play") / "games.sqlite", processes=2) as serving:
        yield serving


@pytest.fixture
def client(server) -> Client:
    return Client(server)


def explained(client: Client, game: int, every: float = 0.25) -> tuple[dict, list[dict]]:
    """Start (or join) the explanation of the game's moves and poll it until it ends: the
    final answer and the progress seen on the way."""
    status, answer = client.call("POST", f"/api/games/{game}/explain", {})
    seen = []
    for _ in range(int(120 / every)):
        assert status in (200, 202), answer
        assert (status == 202) == (answer["status"] in ("queued", "running")), answer
        seen.append(answer)
        if status == 200:
            return answer, seen
        time.sleep(every)
        status, answer = client.call("GET", f"/api/games/{game}/explain")
    pytest.fail("the explanation did not end")


def first_moves(count: int) -> list[str]:
    position, moves = Position.start(DEAL), []
    for _ in range(count):
        move = position.legal_moves()[-1]
        moves.append(str(move))
        position = position.play(move)
    return moves


def test_a_game_is_created_played_undone_and_listed(client):
    state = client.new()
    game = state["id"]
    assert state["title"] == "frog deal 1234" and state["result"] == "playing"
    assert state["frame"]["s"] == str(DEAL.stock[0])  # the turned card, and no more
    assert state["frame"]["sn"] == len(DEAL.stock) and state["moves"] == []
    assert state["legal"] == [str(move) for move in Position.start(DEAL).legal_moves()]
    assert str(DEAL.stock[1]) not in json.dumps(state["frame"]["s"])
    for text in first_moves(3):
        status, state = client.move(game, text)
        assert status == 200, state
    assert [move["t"] for move in state["moves"]] == first_moves(3)
    expected = deal_after(DEAL, [Position.start(DEAL).legal_moves()[-1]])
    status, state = client.call("POST", f"/api/games/{game}/undo", {"count": 2})
    assert status == 200 and len(state["moves"]) == 1
    assert state["frame"]["w"] == [" ".join(map(str, pile)) for pile in expected.waste]
    status, state = client.call("GET", f"/api/games/{game}")
    assert status == 200 and len(state["moves"]) == 1
    status, listed = client.call("GET", "/api/games")
    row = next(row for row in listed["games"] if row["id"] == game)
    assert row["moves"] == 1 and row["title"] == "frog deal 1234" and row["result"] == "playing"


def test_create_by_variant_deal_file_and_at_random(client):
    state = client.new(7, "fanny")
    assert state["variant"] == "fanny" and state["rules"]["reserve"] == 12
    text = deal_from_number(variant_rules("fly"), 9).to_text("fly 9")
    status, state = client.call("POST", "/api/games", {"deal": text})
    assert status == 201 and state["variant"] == "fly"
    status, state = client.call("POST", "/api/games", {})
    assert status == 201 and state["title"].startswith("frog deal ")
    status, variants = client.call("GET", "/api/variants")
    assert "sir-tommy" in variants["variants"]


def test_autoplay_plays_only_safe_foundation_moves_and_undo_takes_them_back(client):
    deal = deal_from_number(variant_rules("frog"), 1234)
    position, played = Position.start(deal), []
    state = client.new()
    # play along until a move is followed by a safe move
    for _ in range(300):
        move = position.legal_moves()[0]
        status, state = client.move(state["id"], str(move), autoplay=True)
        assert status == 200
        autos = [m for m in state["moves"][len(played) + 1:]]
        position = position.play(move)
        played.append(move)
        for entry in autos:
            safe = safe_foundation_move(position)
            assert entry["auto"] and safe is not None and str(safe) == entry["t"]
            position = position.play(safe)
            played.append(safe)
        assert safe_foundation_move(position) is None
        if autos:
            break
    else:
        pytest.fail("no safe move came up")
    status, undone = client.call("POST", f"/api/games/{state['id']}/undo", {})
    assert len(undone["moves"]) == len(played) - len(autos) - 1


def test_peek_and_explain_answer_from_the_solver(client):
    game = client.new()["id"]
    moves = first_moves(12)
    for text in moves:
        client.move(game, text)
    status, answer = client.call("POST", f"/api/games/{game}/peek", {"seconds": 5})
    assert status == 200 and answer["peek"]["verdict"] in ("winnable", "unwinnable", "unknown")
    assert answer["peeks"] == 1
    done, _ = explained(client, game)
    found = done["explanation"]
    assert done["status"] == "done" and found["moves"] == 12 and found["played"] == moves
    if answer["peek"]["verdict"] == "winnable":
        assert found["end"] == "winnable" and found["losing_move"] is None
    status, again = client.call("POST", f"/api/games/{game}/explain", {})
    assert status == 200 and again == done  # stored, not solved again
    status, listed = client.call("GET", "/api/games")
    assert next(row for row in listed["games"] if row["id"] == game)["peeks"] == 1


def test_hint_answers_with_choices_or_says_it_is_missing(client):
    game = client.new()["id"]
    status, answer = client.call("POST", f"/api/games/{game}/hint", {})
    try:
        import solver.patience.blind  # noqa: F401
    except ImportError:
        assert status == 501 and "hint" in answer["error"]
        return
    assert status == 200 and answer["hints"] == 1
    legal = [str(move) for move in Position.start(DEAL).legal_moves()]
    shown = [m for c in answer["hint"]["choices"] for m in [c["move"], *c["equivalent"]]]
    assert answer["hint"]["choices"] and sorted(shown) == sorted(legal)
    assert all(0 < c["chance"] < 1 for c in answer["hint"]["choices"])


def test_a_hint_on_a_finished_game_is_not_counted(client):
    game = client.new()["id"]
    assert client.call("POST", f"/api/games/{game}/give-up", {})[0] == 200
    status, answer = client.call("POST", f"/api/games/{game}/hint", {})
    assert status == 200 and answer["hints"] == 0
    status, listed = client.call("GET", "/api/games")
    assert next(row for row in listed["games"] if row["id"] == game)["hints"] == 0


def test_give_up_ends_the_game_and_a_move_resumes_it(client):
    game = client.new()["id"]
    client.move(game, first_moves(1)[0])
    status, state = client.call("POST", f"/api/games/{game}/give-up", {})
    assert status == 200 and state["result"] == "gave up"
    status, state = client.move(game, first_moves(2)[1])
    assert status == 200 and state["result"] == "playing"


def test_the_page_and_the_replay_page_are_served(client, tmp_path):
    status, page = client.call("GET", f"/?token={client.token}")
    assert status == 200 and "patienceTable" in page and "<html" in page
    game = client.new()["id"]
    status, answer = client.call("GET", f"/replay/{game}")
    assert status == 404 and "explanation" in answer["error"]


def good(client) -> None:
    status, listed = client.call("GET", "/api/games")
    assert status == 200 and "games" in listed


REFUSALS = [
    ("no token", dict(headers={"X-Frog-Token": None}), 403, "token"),
    ("wrong token", dict(headers={"X-Frog-Token": "x" * 24}), 403, "token"),
    ("wrong Host", dict(headers={"Host": "evil.example:80"}), 403, "Host"),
    ("rebound Host", dict(headers={"Host": "attacker.test"}), 403, "Host"),
    ("foreign Origin", dict(headers={"Origin": "https://evil.example"}), 403, "Origin"),
    ("null Origin", dict(headers={"Origin": "null"}), 403, "Origin"),
    ("big body", dict(body=b"{" + b" " * (MAX_BODY + 1) + b"}"), 413, "KB"),
    ("bad JSON", dict(body=b'{"move": '), 400, "JSON"),
    ("not an object", dict(body=b'["7H stock w1"]'), 400, "object"),
    ("bad UTF-8", dict(body=b'{"move": "\xff"}'), 400, "JSON"),
]


@pytest.mark.parametrize("name, request_, status, word", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_each_refusal_is_one_json_line_and_the_server_goes_on(client, name, request_, status,
                                                              word):
    game = client.new()["id"]
    found, raw, headers = client.raw("POST", f"/api/games/{game}/moves", request_.get("body"),
                                     request_.get("headers"))
    assert found == status, raw
    assert headers["Content-Type"] == "application/json"
    assert raw.count(b"\n") == 1 and word in json.loads(raw)["error"]
    assert b"Traceback" not in raw
    good(client)


def test_a_foreign_origin_with_the_token_plays_no_move_and_the_own_origin_does(client):
    game = client.new()["id"]
    move = str(Position.start(DEAL).legal_moves()[0])
    for origin in ("https://evil.example", f"http://127.0.0.1:{client.port}.evil.example"):
        status, answer = client.call("POST", f"/api/games/{game}/moves", {"move": move},
                                     headers={"Origin": origin})
        assert status == 403 and "foreign Origin" in answer["error"]
    assert client.call("GET", f"/api/games/{game}")[1]["moves"] == []
    status, state = client.call("POST", f"/api/games/{game}/moves", {"move": move},
                                headers={"Origin": f"http://127.0.0.1:{client.port}"})
    assert status == 200 and len(state["moves"]) == 1
    status, state = client.call("POST", f"/api/games/{game}/undo", {},
                                headers={"Origin": f"http://localhost:{client.port}"})
    assert status == 200 and state["moves"] == []


def test_an_old_tabs_address_opens_a_page_that_says_how_to_reopen_the_game(client):
    status, raw, headers = client.raw("GET", "/?token=from-the-last-run&game=1",
                                      headers={"X-Frog-Token": None})
    page = raw.decode()
    assert status == 403 and headers["Content-Type"].startswith("text/html")
    assert "frog play --resume" in page and "Past games" in page and '{"error"' not in page
    status, raw, headers = client.raw("GET", "/api/games?token=from-the-last-run",
                                      headers={"X-Frog-Token": None})
    assert status == 403 and "frog play --resume" in json.loads(raw)["error"]


def test_game_and_move_refusals(client):
    game = client.new()["id"]
    status, answer = client.call("GET", "/api/games/999999")
    assert status == 404 and "no game" in answer["error"]
    status, answer = client.move(999999, "6S stock w1")
    assert status == 404
    status, answer = client.move(game, "KH reserve foundation")
    assert status == 422 and answer["error"] == (
        f"illegal move KH reserve foundation: reserve shows {DEAL.reserve[-1]}, not KH")
    status, answer = client.move(game, "7H stock w9")
    assert status == 400 and "unknown target" in answer["error"]
    status, answer = client.call("POST", f"/api/games/{game}/moves", {"move": 7})
    assert status == 400
    status, answer = client.call("POST", f"/api/games/{game}/undo", {})
    assert status == 409 and "nothing to undo" in answer["error"]
    status, answer = client.call("POST", f"/api/games/{game}/undo", {"count": "all"})
    assert status == 400
    status, answer = client.call("POST", f"/api/games/{game}/peek", {"seconds": 1e9})
    assert status == 400
    status, answer = client.call("POST", "/api/games", {"deal": "0"})
    assert status == 400 and "bad deal" in answer["error"]
    status, answer = client.call("POST", "/api/games", {"variant": "snap"})
    assert status == 400 and "unknown variant" in answer["error"]
    status, answer = client.call("GET", f"/api/games/{game}/moves")
    assert status == 405
    status, answer = client.call("DELETE", f"/api/games/{game}")
    assert status == 405
    status, answer = client.call("GET", "/etc/passwd")
    assert status == 404
    status, state = client.move(game, str(Position.start(DEAL).legal_moves()[0]))
    assert status == 200 and len(state["moves"]) == 1


def _junk(rng, client: Client, game: int) -> tuple[str, str, bytes | None, dict]:
    """One malformed request: a random path, method, header or body."""
    paths = ["/api/games", f"/api/games/{game}", f"/api/games/{game}/moves",
             f"/api/games/{game}/undo", f"/api/games/{game}/peek", "/api/games/x/moves",
             "/api/games/1/../../x", "/%00", "/api/games/" + "9" * 30, "/replay/abc"]
    path = rng.choice(paths)
    method = rng.choice(["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "POST"])
    bodies = [b"", b"{", b"null", b"[]", b'{"move": null}', b'{"move": "' + b"A" * 50 + b'"}',
              b'{"move": "KS stock foundation"}', b'{"count": -1}', b'{"count": 1e99}',
              b'{"autoplay": "yes", "move": "x"}', bytes(rng.randrange(256) for _ in range(40)),
              json.dumps({"deal": rng.choice([-5, "abc", 10**30, [], {}])}).encode(),
              b'{"seconds": "fast"}', b"[" * 5000 + b"]" * 5000]
    headers = {}
    pick = rng.randrange(6)
    if pick == 0:
        headers["X-Frog-Token"] = rng.choice(["", client.token[:-1], "\u00e9".encode().decode()])
    elif pick == 1:
        headers["Host"] = rng.choice(["", "localhost", "127.0.0.1:1", "127.0.0.1." + "x"])
    return method, path, rng.choice(bodies), headers


def test_a_thousand_malformed_requests_leave_the_server_answering(client, seed):
    rng = seeded(seed, "play fuzz")
    game = client.new()["id"]
    statuses = []
    for _ in range(1000):
        method, path, body, headers = _junk(rng, client, game)
        status, raw, found = client.raw(method, path, body, headers)
        statuses.append(status)
        assert status < 500 or status == 503, (method, path, body[:60], raw)
        if status >= 400:
            assert found.get("Content-Type") == "application/json", raw
            json.loads(raw)
    for garbage in [b"\x00\x01\x02\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n", b"NOT-HTTP\r\n\r\n",
                    b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n"]:
        with socket.create_connection(("127.0.0.1", client.port), timeout=10) as raw_socket:
            raw_socket.sendall(garbage)
            answer = raw_socket.recv(4096)
            code = int(answer.split(b"\r\n")[0].split()[1])  # a status line, always
            assert 400 <= code < 500 or code == 505, answer  # 505: "HTTP/9.9" itself
    assert statuses.count(200) + statuses.count(201) < len(statuses)
    good(client)
    status, state = client.call("GET", f"/api/games/{game}")
    assert status == 200


def test_two_games_are_independent_and_a_slow_peek_holds_up_no_other_game(client):
    first, second = client.new()["id"], client.new(11)["id"]
    client.move(first, first_moves(1)[0])
    status, other = client.call("GET", f"/api/games/{second}")
    assert other["moves"] == [] and other["title"] == "frog deal 11"
    # an open deal the search cannot decide: the peek runs to its time limit
    text = deal_from_number(variant_rules("frog").with_overrides(waste_piles=2), 1).to_text()
    status, slow = client.call("POST", "/api/games", {"deal": text})
    answers = {}
    peeking = threading.Thread(target=lambda: answers.update(peek=client.call(
        "POST", f"/api/games/{slow['id']}/peek", {"seconds": 4})))
    peeking.start()
    time.sleep(0.5)
    clock = time.monotonic()
    status, state = client.move(second, str(Position.start(
        deal_from_number(variant_rules("frog"), 11)).legal_moves()[0]))
    assert status == 200 and time.monotonic() - clock < 1.0
    peeking.join(60)
    status, answer = answers["peek"]
    assert status == 200 and answer["peek"]["verdict"] == "unknown"
    assert answer["peek"]["reason"] == "time limit"
    status, state = client.call("GET", f"/api/games/{first}")
    assert len(state["moves"]) == 1


def _start(db, *extra) -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen(frog_argv("play", "--no-browser", "--db", db, *extra),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=process_env(), preexec_fn=default_sigint)
    return process, process.stdout.readline().strip()


def _api(url: str):
    parts = urllib.parse.urlsplit(url)
    query = urllib.parse.parse_qs(parts.query)
    client = Client.__new__(Client)
    client.port, client.token = parts.port, query["token"][0]
    return client, int(query["game"][0])


def test_killing_the_server_mid_game_loses_no_move_and_ctrl_c_stops_it(tmp_path):
    db = tmp_path / "games.sqlite"
    process, url = _start(db, "1234")
    try:
        assert url.startswith("http://127.0.0.1:") and "token=" in url
        client, game = _api(url)
        moves = first_moves(5)
        for text in moves:
            assert client.move(game, text)[0] == 200
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait(30)
    process, url = _start(db, "--resume")
    try:
        client, resumed = _api(url)
        assert resumed == game
        status, state = client.call("GET", f"/api/games/{game}")
        assert [move["t"] for move in state["moves"]] == moves
    finally:
        stops_on_ctrl_c(process)


def test_play_refuses_bad_options_with_one_line(frog, tmp_path):
    from tests.conftest import one_error_line
    code, _, err = frog("play", "--resume", "--no-browser", "--db", tmp_path / "none.sqlite")
    assert code == 2 and one_error_line(err, "no game to resume")
    code, _, err = frog("play", "--port", "70000", "--no-browser")
    assert code == 2 and one_error_line(err, "--port")


def test_explain_in_the_api_is_the_library_answer(client):
    game = client.new()["id"]
    moves = first_moves(4)
    for text in moves:
        client.move(game, text)
    answer = explained(client, game)[0]["explanation"]
    from solver.patience import Move
    expected = explain(DEAL, [Move.parse(text, 5) for text in moves]).to_json()
    assert {k: answer[k] for k in ("start", "end", "losing_move", "summary")} == \
        {k: expected[k] for k in ("start", "end", "losing_move", "summary")}


# ---------------------------------------------------------------- explain as a job

SMALL = variant_rules("frog").with_overrides(decks=1, ranks=4, waste_piles=2, reserve_size=3)


@pytest.fixture(scope="module")
def lost_line():
    """A small deal played to the end, always the first legal move, that loses the win at
    move 10 of 19: its deal, its moves and the library's explanation (6 solves)."""
    deal = deal_from_number(SMALL, 22)
    position, moves = Position.start(deal), []
    while position.legal_moves():
        moves.append(position.legal_moves()[0])
        position = position.play(moves[-1])
    found = explain(deal, moves)
    assert not position.is_won() and found.losing_move == 10 and found.solves >= 5
    return deal, [str(move) for move in moves], found


def lost_game(client: Client, lost_line) -> int:
    deal, moves, _ = lost_line
    status, state = client.call("POST", "/api/games", {"deal": deal.to_text()})
    for text in moves:
        status, state = client.move(state["id"], text)
        assert status == 200, state
    assert state["result"] == "lost"
    return state["id"]


SAME = ("start", "end", "losing_move", "lost_by", "kept_by", "line", "between", "verdicts",
        "summary")


def test_explain_starts_a_job_whose_answer_is_the_librarys_and_is_kept(client, lost_line):
    game = lost_game(client, lost_line)
    status, answer = client.call("GET", f"/api/games/{game}/explain")
    assert status == 200 and answer == {"status": "none", "moves": 19, "progress": None,
                                        "explanation": None}
    done, seen = explained(client, game)
    assert seen[0]["status"] in ("queued", "running") and seen[0]["explanation"] is None
    assert seen[0]["progress"]["limit"] == 30 and seen[0]["progress"]["solves"] == 0
    found = done["explanation"]
    expected = lost_line[2].to_json()
    assert {k: found[k] for k in SAME} == {k: expected[k] for k in SAME}
    assert found["played"] == lost_line[1] and found["losing_move"] == 10
    progress = done["progress"]
    assert progress["solves"] == found["solves"] and progress["between"] == [10, 10]
    assert progress["last_winnable"] == 9 and progress["first_lost"] == 10
    assert progress["text"] == "Move 10 lost the win."
    # kept: a reload finds it, a second start answers at once, the replay page is there
    assert client.call("GET", f"/api/games/{game}/explain") == (200, done)
    clock = time.monotonic()
    assert client.call("POST", f"/api/games/{game}/explain", {}) == (200, done)
    assert time.monotonic() - clock < 1.0
    status, page = client.call("GET", f"/replay/{game}")
    assert status == 200 and "a win from move 9" in page


@pytest.fixture(scope="module")
def slow(tmp_path_factory):
    """A server whose explain process waits a second before each solve."""
    with running(tmp_path_factory.mktemp("slow") / "games.sqlite",
                 explain=slowed_explain) as serving:
        yield Client(serving), serving


def test_the_progress_narrows_the_interval_until_the_answer(slow, lost_line):
    client, _ = slow
    game = lost_game(client, lost_line)
    done, seen = explained(client, game)
    progress = [answer["progress"] for answer in seen]
    assert [p["solves"] for p in progress] == sorted(p["solves"] for p in progress)
    assert all(answer["status"] == "running" for answer in seen[1:-1])
    ticking = [p["seconds"] for p in progress[:-1]]  # the server's clock, while it runs
    assert ticking == sorted(ticking) and len(set(ticking)) >= 10
    texts = [p["text"] for p in progress]
    assert "Solving the position after move 19, where the game ended." in texts
    assert any(text.startswith("The deal was winnable") and "one of moves" in text
               for text in texts), texts
    opened = [p["between"] for p in progress if p["between"]]
    assert len({tuple(between) for between in opened}) >= 3  # at least 2 narrowings seen
    for (first, last), (later_first, later_last) in zip(opened, opened[1:]):
        assert first <= later_first <= later_last <= last
    expected = lost_line[2].to_json()
    assert {k: done["explanation"][k] for k in SAME} == {k: expected[k] for k in SAME}
    assert progress[-1]["seconds"] >= lost_line[2].solves  # a second a solve, at least


def ended(server, process) -> bool:
    """The explain process `process` was killed, and a fresh one took its place. (The
    server reaps it: a second thread waiting for it too could miss its exit.)"""
    for _ in range(100):
        if server.explains._process is not process:
            break
        time.sleep(0.05)
    return process.exitcode == -signal.SIGKILL


def test_cancel_stops_the_job_and_the_server_goes_on(slow, lost_line):
    client, server = slow
    game, other = lost_game(client, lost_line), client.new()["id"]
    status, answer = client.call("POST", f"/api/games/{game}/explain", {})
    assert status == 202
    for _ in range(100):  # until the first solve is reported
        status, answer = client.call("GET", f"/api/games/{game}/explain")
        if answer["progress"]["solves"]:
            break
        time.sleep(0.1)
    process = server.explains._process
    assert answer["status"] == "running" and process.is_alive()
    clock = time.monotonic()  # the server answers other requests meanwhile
    assert client.move(other, first_moves(1)[0])[0] == 200
    assert client.call("GET", f"/api/games/{other}")[0] == 200
    assert time.monotonic() - clock < 1.0
    status, cancelled = client.call("POST", f"/api/games/{game}/explain/cancel", {})
    assert status == 200 and cancelled["status"] == "cancelled"
    assert cancelled["explanation"] is None and cancelled["progress"]["solves"] >= 1
    assert cancelled["progress"]["first_lost"] == 19  # what was known: the end is lost
    assert ended(server, process)  # the solve under way was stopped with its process
    time.sleep(1.5)
    assert client.call("GET", f"/api/games/{game}/explain") == (200, cancelled)
    assert client.call("POST", f"/api/games/{game}/explain/cancel", {}) == (200, cancelled)
    assert server.store.load(game).explanation is None  # nothing stored
    done, _ = explained(client, game)  # tried again: a fresh process answers
    expected = lost_line[2].to_json()
    assert {k: done["explanation"][k] for k in SAME} == {k: expected[k] for k in SAME}


def test_an_undo_stops_the_explanation_of_the_moves_before(slow, lost_line):
    client, server = slow
    game = lost_game(client, lost_line)
    status, answer = client.call("POST", f"/api/games/{game}/explain", {})
    while answer["status"] == "queued":
        time.sleep(0.05)
        status, answer = client.call("GET", f"/api/games/{game}/explain")
    process = server.explains._process
    assert answer["status"] == "running" and process.is_alive()
    status, state = client.call("POST", f"/api/games/{game}/undo", {})
    assert status == 200 and len(state["moves"]) == 18
    assert ended(server, process)
    status, answer = client.call("GET", f"/api/games/{game}/explain")
    assert answer["status"] == "none" and answer["moves"] == 18


def test_a_job_whose_process_dies_or_overruns_gets_503_and_the_next_one_works(
        slow, lost_line, monkeypatch):
    client, server = slow
    game = lost_game(client, lost_line)
    client.call("POST", f"/api/games/{game}/explain", {})
    time.sleep(0.5)
    os.kill(server.explains._process.pid, signal.SIGKILL)  # out of memory, say
    time.sleep(0.5)
    status, raw, _ = client.raw("GET", f"/api/games/{game}/explain")
    assert status == 503 and json.loads(raw) == {"error": "the solver process stopped; try again"}
    good(client)
    from solver.play import explain_jobs
    monkeypatch.setattr(explain_jobs, "GRACE_SECONDS", 0.0)
    monkeypatch.setattr(explain_jobs, "EXPLAIN_SECONDS", 1.5)  # the slowed job needs 6 s
    status, answer = client.call("POST", f"/api/games/{game}/explain", {})
    assert status == 202
    time.sleep(2.5)
    status, answer = client.call("GET", f"/api/games/{game}/explain")
    assert status == 503 and answer["error"] == "no answer within 1.5 s; try again"
    monkeypatch.undo()
    done, _ = explained(client, game)
    assert done["explanation"]["losing_move"] == 10


def test_explain_refusals(client, lost_line):
    game = client.new()["id"]
    status, answer = client.call("POST", f"/api/games/{game}/explain/cancel", {})
    assert status == 409 and "no explanation" in answer["error"]
    for method, path, code in [("GET", f"/api/games/{game}/explain/cancel", 405),
                               ("DELETE", f"/api/games/{game}/explain", 405),
                               ("POST", f"/api/games/{game}/explain/stop", 404),
                               ("POST", f"/api/games/{game}/explain/cancel/now", 404),
                               ("GET", "/api/games/999999/explain", 404),
                               ("POST", "/api/games/999999/explain", 404),
                               ("POST", "/api/games/999999/explain/cancel", 404)]:
        status, raw, headers = client.raw(method, path, b"{}")
        assert status == code, (method, path, raw)
        assert raw.count(b"\n") == 1 and "error" in json.loads(raw)
    status, answer = client.call("POST", f"/api/games/{game}/explain/cancel", {},
                                 headers={"Origin": "https://evil.example"})
    assert status == 403
    good(client)
