"""The table of `frog tricks play` over real HTTP: a whole hand played through the API (the
user's cards by the API, the computer's by its own requests), refused actions with their
reasons, the hardened server's answers to bad requests, and a session that survives a
restart with its score table."""
from __future__ import annotations

import os
import signal
import subprocess
import urllib.parse

import pytest
from tests.conftest import default_sigint, frog_argv, one_error_line, process_env
from tests.play_server import Client, stops_on_ctrl_c, table_server

from solver.tricks import card_name, deal_from_number, parse_line, replay


def until_user(client: Client, state: dict) -> dict:
    """Let the computer seats act until the user must (or the hand is over)."""
    while state["to_act"] is not None and not state["your_turn"]:
        status, state = client.call("POST", "/api/computer")
        assert status == 200, state
    return state


def test_a_whole_hand_through_the_api_and_a_restart_keeps_the_session(tmp_path):
    db = tmp_path / "games.sqlite"
    with table_server(db) as (server, client):
        status, state = client.call("GET", "/api/table")
        assert status == 200 and state["phase"] == "auction" and state["your_turn"]
        deal = deal_from_number(17)
        assert set(state["cards"]) == {card_name(c) for c in deal.hands[0]}
        status, refused = client.call("POST", "/api/actions", {"action": "play AC"})
        assert status == 422 and refused["error"] == "no play now: seat 1 bids"
        status, state = client.call("POST", "/api/actions", {"action": "grand"})
        assert status == 200 and state["calls"][0] == {"seat": 1, "call": "grand"}
        assert state["phase"] == "play"  # nothing is above a grand: seats 2 and 3 passed
        status, answer = client.call("POST", "/api/hint")
        assert status == 200 and answer["hint"]["action"].split()[1] in state["legal"]
        assert set(answer["hint"]["values"]) == set(state["legal"])
        status, played = client.call("POST", "/api/actions", {"action": "play 9S"})
        assert status == 200 and "9S" not in played["cards"] and played["can_undo"]
        assert client.call("POST", "/api/hint")[0] == 409  # not the user's turn
        status, undone = client.call("POST", "/api/undo")
        assert status == 200 and undone == {**state, "can_undo": False}
        assert client.call("POST", "/api/undo")[0] == 409
        while state["phase"] != "over":
            state = until_user(client, state)
            if state["phase"] == "over":
                break
            assert state["held"][str(state["your_seat"])] == len(state["cards"])
            illegal = [c for c in state["cards"] if c not in state["legal"]]
            if illegal:
                status, refused = client.call("POST", "/api/actions",
                                              {"action": f"play {illegal[0]}"})
                assert status == 422 and "may not play" in refused["error"]
            status, state = client.call("POST", "/api/actions",
                                        {"action": f"play {state['legal'][0]}"})
            assert status == 200, state
        result = state["result"]
        line = parse_line(result["line"])
        game = replay(deal, line.rules(), line.discard, line.tricks)
        assert game.finished and game.points[0] == result["points"]
        assert state["totals"]["1"] == result["payment"] and sum(state["totals"].values()) == 0
        status, again = client.call("POST", "/api/actions", {"action": "pass"})
        assert status == 409
        status, second = client.call("POST", "/api/hands")
        assert status == 201 and second["hand"] == 2 and second["dealer"] == 1
        assert second["your_seat"] == 3 and second["to_act"] == 1  # place 2 is eldest now
        session = server.table
    with table_server(db, session=session) as (server, client):
        status, resumed = client.call("GET", "/api/table")
        assert status == 200 and resumed == second


def test_the_state_shows_no_hidden_card(tmp_path):
    with table_server(tmp_path / "g.sqlite", place=2) as (server, client):
        _, state = client.call("GET", "/api/table")
        deal = deal_from_number(17)
        hidden = {card_name(c) for c in (*deal.hands[0], *deal.hands[2], *deal.widow)}
        text = str(state)
        assert state["your_seat"] == 2 and not any(f"'{name}'" in text for name in hidden)
        status, _ = client.call("POST", "/api/actions", {"action": "pass"})
        assert status == 409  # seat 1 (a computer) bids first


@pytest.mark.parametrize("method, path, body, headers, status", [
    ("GET", "/api/table", None, {"X-Frog-Token": "wrong"}, 403),
    ("GET", "/api/table", None, {"Host": "evil.example:80"}, 403),
    ("POST", "/api/actions", b"{" * 10, {}, 400),
    ("POST", "/api/actions", b'{"action": 5}', {}, 400),
    ("POST", "/api/actions", b"x" * 70_000, {}, 413),
    ("GET", "/api/actions", None, {}, 405),
    ("GET", "/api/games", None, {}, 404),
    ("DELETE", "/api/table", None, {}, 405),
])
def test_bad_requests_get_4xx_and_the_server_keeps_serving(tmp_path, method, path, body,
                                                            headers, status):
    with table_server(tmp_path / "g.sqlite") as (server, client):
        got, raw, found = client.raw(method, path, body, headers)
        assert got == status and found["Content-Type"] == "application/json"
        assert raw.count(b"\n") == 1 and b"Traceback" not in raw
        assert client.call("GET", "/api/table")[0] == 200


def test_a_killed_table_server_resumes_its_session_and_ctrl_c_stops_it(tmp_path):
    db = tmp_path / "games.sqlite"

    def start(*extra):
        process = subprocess.Popen(frog_argv("tricks", "play", "--no-browser", "--db", db,
                                             *extra), stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, env=process_env(),
                                   preexec_fn=default_sigint)
        url = process.stdout.readline().strip()
        parts = urllib.parse.urlsplit(url)
        client = Client.__new__(Client)
        client.port, client.token = parts.port, urllib.parse.parse_qs(parts.query)["token"][0]
        return process, url, client

    process, url, client = start("17", "--seat", "1", "--players", "4")
    try:
        assert url.startswith("http://127.0.0.1:") and "token=" in url
        assert client.call("POST", "/api/actions", {"action": "frog"})[0] == 200
        _, before = client.call("GET", "/api/table")
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait(30)
    process, url, client = start("--resume")
    try:
        status, state = client.call("GET", "/api/table")
        assert status == 200 and state == before and state["players"] == 4
        assert "<title>Frog at the table</title>" in client.call("GET", "/")[1]
    finally:
        stops_on_ctrl_c(process)


@pytest.mark.parametrize("argv, words", [
    (("--resume",), ("no session to resume",)),
    (("17", "--resume"), ("a DEAL or --resume",)),
    (("deal.txt",), ("DEAL must be a deal number",)),
    (("--seat", "4"), ("--seat must be a place at the table, 1 to 3",)),
    (("--players", "6"), ("players must be 3 to 5 under foster",)),
    (("--port", "70000"), ("--port",)),
])
def test_play_refuses_bad_options_with_one_line(frog, tmp_path, argv, words):
    code, out, err = frog("tricks", "play", "--no-browser", "--db", tmp_path / "n.sqlite", *argv)
    assert code == 2 and out == "" and one_error_line(err, *words)
