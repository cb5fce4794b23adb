"""The play page in a real browser (headless Chromium driven by Playwright), against a real
`frog play` server on 127.0.0.1 with every other request aborted.

A whole frog deal is won by clicks following a solver's line, and after every move the
cards drawn on the page (read from the DOM) must be the rules engine's position. Then: an
illegal click shows the engine's reason, undo goes back to the deal, a hint and a peek
appear, a reload resumes, and a game lost on purpose shows the move that lost the win,
whose "replay from there" page wins. With every solve of the explanation a second slower,
the after-game panel shows its progress until the losing move is marked, and its Cancel
button stops it. No console errors, but the one a refused move makes
(Chromium logs every 4xx answer). Skipped like tests/test_browser.py when Playwright or
Chromium is missing; FROG_SCREENSHOTS keeps the screenshot (the README's docs/play.png).
"""
from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
from tests.conftest import seeded
from tests.play_server import Client, running, slowed_explain
from tests.test_browser import (VIEWPORT, OfflinePages, _keep, assert_shows_cards,  # noqa: F401
                                browser, stock_words, table_state)

from solver.answer import Limits, Verdict
from solver.patience import (Move, Position, deal_after, deal_from_number, parse_move_list,
                             variant_rules)
from solver.patience.engine import IllegalMove
from solver.patience.methods import decide

REFUSED = re.compile(r"Failed to load resource: the server responded with a status of 422")

PLAY_STATE = table_state("""
    moves: Number(document.body.dataset.moves),
    result: document.body.dataset.result,
    listed: document.querySelectorAll("#moves li").length,
""")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running(tmp_path_factory.mktemp("play") / "games.sqlite", processes=2) as serving:
        yield serving


@contextmanager
def pages_of(browser, server):
    """Open pages of `server`'s games offline (only the server answers); yields a function;
    at the end, no console errors but the `refused` ones expected."""
    origin = f"http://127.0.0.1:{server.port}/"
    pages = OfflinePages(browser, lambda url: url.startswith(origin))
    expected = {"refused": 0}

    def opener(game: int, refused: int = 0, viewport: dict[str, int] = VIEWPORT):
        expected["refused"] += refused
        page = pages.open(f"{origin}?token={server.token}&game={game}", viewport)
        page.wait_for_function("() => document.body.dataset.moves !== undefined")
        return page

    try:
        yield opener
    finally:
        pages.close()
    refusals = [text for text in pages.errors if REFUSED.search(text)]
    assert [text for text in pages.errors if not REFUSED.search(text)] == [], pages.errors
    assert len(refusals) == expected["refused"], pages.errors


@pytest.fixture
def open_game(browser, server):  # noqa: F811 - the fixture imported above
    """Open the page of a game offline (only the server answers); yields a function;
    at the end, no console errors but the `refused` ones expected."""
    with pages_of(browser, server) as opener:
        yield opener


def check(state: dict, position: Position, tops: list[str], played: int) -> None:
    """The drawn table equals the engine's position (and the real foundation tops)."""
    assert state["moves"] == played and state["listed"] == played
    assert state["reserve"] == [str(card) for card in position.reserve[-1:]]
    assert state["reserveCount"] == len(position.reserve)
    assert state["stock"] == [str(card) for card in position.stock[:1]]
    assert state["stockCount"] == len(position.stock)
    assert state["stockText"] == stock_words(position)
    assert state["waste"] == [[str(card) for card in pile] for pile in position.waste]
    assert state["foundations"] == tops


def click_move(page, move: Move, played: int) -> None:
    """Play `move` as a person does, then wait for the page to show it."""
    if move.source == "stock":
        page.click("#stock .fan .card")
        target = "#foundations" if move.target == "foundation" else \
            f'#waste .pile[data-pile="{move.target[1:]}"] .fan'
        page.click(target)
    elif move.source == "reserve":
        page.click("#reserve .fan .card:not(.back)")
    else:
        page.click(f'#waste .pile[data-pile="{move.source[1:]}"] .fan .card >> nth=-1')
    page.wait_for_function(f"() => document.body.dataset.moves === '{played}'")


def follow(page, deal, moves: list[Move]) -> Position:
    """Click every move, checking the page against the engine after each one."""
    position = Position.start(deal)
    tops = [str(card) for card in deal.foundations]
    tops += [""] * (deal.rules.foundations - len(tops))
    for played, move in enumerate(moves, 1):
        if move.target == "foundation":
            tops[position.foundations.index(move.card.rank - 1)] = str(move.card)
        position = position.play(move)
        click_move(page, move, played)
        check(page.evaluate(PLAY_STATE), position, tops, played)
    return position


@pytest.fixture(scope="module")
def solved(tmp_path_factory):
    """Frog deal 1234 and its winning line from `frog solve --moves-out`."""
    from cli.main import main
    path = tmp_path_factory.mktemp("solve") / "win.txt"
    assert main(["solve", "1234", "-q", "--moves-out", str(path)]) == 0
    return deal_from_number(variant_rules("frog"), 1234), \
        [move for _, move in parse_move_list(path.read_text(), 5)]


#: The list shows its last row (after a move, a hint, a peek, the explanation).
LAST_MOVE_SHOWN = """() => {
  const list = document.getElementById("moves").getBoundingClientRect();
  const last = document.querySelector("#moves li:last-child").getBoundingClientRect();
  return last.top >= list.top - 1 && last.bottom <= list.bottom + 1;
}"""

#: Each card face drawn on the table, once: no copy of a moved card left behind.
FACES = """() => document.querySelectorAll("#table .card:not(.back)").length"""


def faces(state: dict) -> int:
    """The card faces a player sees in a state: reserve top, turned card, foundation tops,
    every waste pile card."""
    frame = state["frame"]
    return (bool(frame["r"]) + bool(frame["s"]) + sum(map(bool, frame["f"]))
            + sum(len(pile.split()) for pile in frame["w"]))


def test_a_whole_frog_deal_won_by_clicks_matches_the_engine(open_game, server, solved):
    deal, line = solved
    game = Client(server).new(1234)["id"]
    page = open_game(game)
    check(page.evaluate(PLAY_STATE), Position.start(deal),
          [str(deal.foundations[0])] + [""] * 7, 0)
    assert follow(page, deal, line).is_won()
    assert page.evaluate(PLAY_STATE)["result"] == "won"
    assert "Won: all 104 cards are up" in page.inner_text("#caption")
    assert page.inner_text("#verdict") == "won"


def test_an_illegal_click_shows_the_engines_reason_and_undo_goes_back(open_game, server,
                                                                      solved):
    deal, line = solved
    game = Client(server).new(1234)["id"]
    page = open_game(game, refused=1)
    reserve_top = Move(deal.reserve[-1], "reserve", "foundation")
    with pytest.raises(IllegalMove) as refused:
        Position.start(deal).check(reserve_top)
    page.click("#reserve .fan .card:not(.back)")
    page.wait_for_selector("#caption .illegal")
    assert str(refused.value) in page.inner_text("#caption")
    assert page.evaluate(PLAY_STATE)["moves"] == 0
    follow(page, deal, line[:6])
    page.click("#undo")
    page.wait_for_function("() => document.body.dataset.moves === '5'")
    for left in range(4, -1, -1):
        page.keyboard.press("u")
        page.wait_for_function(f"() => document.body.dataset.moves === '{left}'")
    check(page.evaluate(PLAY_STATE), Position.start(deal),
          [str(deal.foundations[0])] + [""] * 7, 0)
    assert "Back at the deal" in page.inner_text("#caption")


def test_a_hint_and_a_peek_appear_and_a_reload_resumes(open_game, server, solved):
    deal, line = solved
    client = Client(server)
    game = client.new(1234)["id"]
    for move in line[:40]:
        assert client.move(game, str(move))[0] == 200
    page = open_game(game)
    assert "Resumed at move 40" in page.inner_text("#caption")
    position = Position.start(deal_after(deal, line[:40]))
    state = page.evaluate(PLAY_STATE)
    assert state["moves"] == 40 and state["waste"] == \
        [[str(card) for card in pile] for pile in position.waste]
    page.keyboard.press("p")
    page.wait_for_selector("#peek-box")
    assert "still winnable" in page.inner_text("#peek-box")
    assert page.evaluate(LAST_MOVE_SHOWN), "the peek hid the last move"
    assert page.inner_text('[data-fact="peeks"]') == "peeks 1"
    page.click("#hint")
    page.wait_for_selector("#hint-box", timeout=60_000)
    choices = page.evaluate("[...document.querySelectorAll('#hint-box li')].map(li => li.dataset.move)")
    legal = [str(move) for move in position.legal_moves()]
    assert choices and set(choices) <= set(legal)
    assert page.inner_text('[data-fact="hints"]') == "hints 1"
    assert "%" in page.inner_text("#hint-box") or "\u2013" in page.inner_text("#hint-box")
    assert page.evaluate(LAST_MOVE_SHOWN), "the hint hid the last move"
    page.mouse.move(0, 0)
    png = page.screenshot()
    assert_shows_cards(page, png)
    _keep(png, "play.png")
    page.click("#hint-box li.best button")  # the advised move, played
    page.wait_for_function("() => document.body.dataset.moves === '41'")
    assert page.query_selector("#hint-box") is None  # a hint speaks of one position
    page.click("#auto")
    page.click("#auto")  # a clicked box keeps no focus: the keys still reach the table
    page.keyboard.press("h")
    page.wait_for_selector("#hint-box", timeout=60_000)
    assert page.inner_text('[data-fact="hints"]') == "hints 2"
    page.keyboard.press("u")
    page.wait_for_function("() => document.body.dataset.moves === '40'")
    assert page.query_selector("#hint-box") is None  # nor after an undo
    page.reload()
    page.wait_for_function("() => document.body.dataset.moves === '40'")
    assert "Resumed at move 40" in page.inner_text("#caption")
    assert page.inner_text('[data-fact="hints"]') == "hints 2"


SMALL = variant_rules("frog").with_overrides(decks=1, ranks=4, waste_piles=2, reserve_size=3)
QUICK = Limits(timeout=10, memory=1 << 26)


def losing_game(seed: int):
    """A small winnable deal, its winning line, and a move k of it changed to one that
    loses the win (found by solving)."""
    for number in seeded(seed, "play lost").sample(range(1, 500), 100):
        deal = deal_from_number(SMALL, number)
        result = decide(deal, limits=QUICK)
        if result.verdict is not Verdict.WINNABLE:
            continue
        position = Position.start(deal)
        for k, move in enumerate(result.moves):
            for other in position.legal_moves():
                if k >= 2 and other != move and decide(deal_after(
                        deal, result.moves[:k] + [other]), limits=QUICK).verdict == "unwinnable":
                    return deal, result.moves[:k], other
            position = position.play(move)
    pytest.fail("no small deal with a losing move")


def test_a_game_lost_on_purpose_shows_the_losing_move_and_replays_from_there(
        open_game, server, seed):
    deal, before, losing = losing_game(seed)
    played = before + [losing]
    position = Position.start(deal_after(deal, played))
    while position.legal_moves():  # then on to the end, no legal move left
        played.append(position.legal_moves()[0])
        position = position.play(played[-1])
    status, state = Client(server).call("POST", "/api/games", {"deal": deal.to_text()})
    page = open_game(state["id"])
    follow(page, deal, played)
    page.wait_for_selector("#explain-box #replay-from-there", timeout=60_000)
    assert page.evaluate(PLAY_STATE)["result"] == "lost"
    text = page.inner_text("#explain-box")
    assert "The deal from the start: winnable." in text
    k = len(before) + 1
    assert f"move {k}: {losing.describe()} lost the win" in text
    assert page.get_attribute("#moves li.lost", "data-step") == str(k)
    assert page.evaluate(LAST_MOVE_SHOWN), "the explanation hid the last move"
    assert page.evaluate(FACES) == faces(Client(server).call("GET", f"/api/games/{state['id']}")[1])
    page.click("#replay-from-there")
    page.wait_for_selector("#verdict")
    assert page.inner_text("#verdict") == "winnable"
    start = deal_after(deal, before)
    drawn = page.evaluate("[...document.querySelectorAll('#waste .pile')].map(p => p.dataset.cards)")
    assert drawn == [" ".join(map(str, pile)) for pile in start.waste]
    page.keyboard.press("End")
    assert "Won" in page.inner_text("#caption")


SIZES = [{"width": 390, "height": 800}, {"width": 1024, "height": 700},
         {"width": 1280, "height": 860}]

#: Where the table fails a player: piles outside the window or covered at their centre,
#: cards whose corner (rank and suit) is covered or off the window, buttons whose words wrap.
LAYOUT = """() => {
  const inside = r => r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
  const shows = (card, x, y) => { const hit = document.elementFromPoint(x, y);
                                  return hit !== null && hit.closest(".card") === card; };
  const piles = [...document.querySelectorAll("#waste .pile")].filter(pile => {
    const r = pile.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return !inside(r) || hit === null || !pile.contains(hit);
  }).map(pile => pile.dataset.pile);
  const unreadable = [...document.querySelectorAll("#table .card:not(.back)")].filter(card => {
    const corner = card.querySelector(".idx").getBoundingClientRect();
    const x = corner.left + corner.width / 2;
    return !shows(card, x, corner.top + 5) || !shows(card, x, corner.bottom - 5);
  }).map(card => card.dataset.card);
  const wrapped = [...document.querySelectorAll("#controls button")].filter(button => {
    const words = document.createRange();
    words.selectNodeContents(button);
    return words.getClientRects().length > 1;
  }).map(button => button.id);
  return {piles, unreadable, wrapped};
}"""


def played_towards(client: Client, game: int, targets: list[str], until) -> dict:
    """Put each turned card on the next of `targets` in turn (up, when it must go up),
    until `until(state)`; returns the state."""
    state = client.call("GET", f"/api/games/{game}")[1]
    for turn in range(200):
        if until(state) or not state["legal"]:
            break
        wanted = f"{state['frame']['s']} stock {targets[turn % len(targets)]}"
        move = wanted if wanted in state["legal"] else state["legal"][0]
        status, state = client.move(game, move)
        assert status == 200, state
    return state


def pile_1(state: dict) -> list[str]:
    return state["frame"]["w"][0].split()


@pytest.fixture(scope="module")
def tables(server):
    """Two games of deal 1234: piles 4 and 5 filled by 30 turned cards; and a long pile 1."""
    client = Client(server)
    filled = client.new(1234)["id"]
    played_towards(client, filled, ["w4", "w5"], lambda state: len(state["moves"]) >= 30)
    long = client.new(1234)["id"]
    state = played_towards(client, long, ["w1"], lambda state: len(pile_1(state)) >= 50)
    assert len(pile_1(state)) >= 50 and state["result"] == "playing"
    return {"filled": filled, "long": long}


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size['width']}x{size['height']}")
@pytest.mark.parametrize("which", ["filled", "long"])
def test_every_pile_and_card_corner_is_in_sight_at_each_size(open_game, tables, size, which):
    page = open_game(tables[which], viewport=size)
    assert page.evaluate(LAYOUT) == {"piles": [], "unreadable": [], "wrapped": []}
    _keep(page.screenshot(), f"play-{which}-{size['width']}x{size['height']}.png")


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory):
    """A server whose explanations wait a second before each solve: time to see them work."""
    with running(tmp_path_factory.mktemp("slow") / "games.sqlite",
                 explain=slowed_explain) as serving:
        yield serving


@pytest.fixture
def open_slow(browser, slow_server):  # noqa: F811
    with pages_of(browser, slow_server) as opener:
        yield opener


def lost_on_the_last_click(open_slow, slow_server, seed, viewport):
    """A game lost on purpose (losing_game), played through the API but for its last move,
    which the page plays: the page then explains it. The page, the losing move's number and
    the game's moves."""
    deal, before, losing = losing_game(seed)
    played = before + [losing]
    position = Position.start(deal_after(deal, played))
    while position.legal_moves():
        played.append(position.legal_moves()[0])
        position = position.play(played[-1])
    client = Client(slow_server)
    game = client.call("POST", "/api/games", {"deal": deal.to_text()})[1]["id"]
    for move in played[:-1]:
        assert client.move(game, str(move))[0] == 200
    page = open_slow(game, viewport=viewport)
    click_move(page, played[-1], len(played))
    return page, len(before) + 1, played, game


#: What the after-game panel says while the explanation works: its three lines, and the
#: moves marked as the ones among which the win was lost.
PANEL = """() => ({
  status: (document.getElementById("explain-status") || {}).textContent || "",
  known: (document.getElementById("explain-known") || {}).textContent || "",
  suspect: [...document.querySelectorAll("#moves li.suspect")].map(li => Number(li.dataset.step)),
})"""

#: Nothing of the panel outside the window's width, its words not cut (a phone too).
PANEL_FITS = """() => {
  const box = document.getElementById("explain-box").getBoundingClientRect();
  const inside = [...document.querySelectorAll("#explain-box *")].every(node => {
    const r = node.getBoundingClientRect();
    return r.width === 0 || (r.left >= box.left - 1 && r.right <= box.right + 1);
  });
  return box.left >= 0 && box.right <= innerWidth && inside;
}"""


@pytest.mark.parametrize("size", [{"width": 1280, "height": 860}, {"width": 390, "height": 800}],
                         ids=lambda size: f"{size['width']}x{size['height']}")
def test_the_explanations_progress_shows_until_the_losing_move_is_marked(
        open_slow, slow_server, seed, size):
    page, k, played, game = lost_on_the_last_click(open_slow, slow_server, seed, size)
    page.wait_for_selector("#explain-status")
    seen = []
    while page.query_selector("#replay-from-there") is None:
        panel = page.evaluate(PANEL)
        if panel["status"] and (not seen or panel != seen[-1]):
            seen.append(panel)
            if "one of moves" in panel["known"] and len(seen) < 20:
                page.locator("#explain-box").scroll_into_view_if_needed()
                assert page.evaluate(PANEL_FITS)
                _keep(page.screenshot(), f"play-explaining-{size['width']}x{size['height']}.png")
        page.wait_for_timeout(100)
        assert len(seen) < 300, seen
    assert page.evaluate(PLAY_STATE)["result"] == "lost"
    statuses = [panel["status"] for panel in seen]
    assert all(re.fullmatch(r"Finding the move that lost the win: \d+ solves?, [\d.]+ s "
                            r"\(at most 30 s\)|Waiting for the solver\u2026", text)
               for text in statuses), statuses
    assert len(set(statuses)) >= 4  # updated as it goes
    known = [panel["known"] for panel in seen]
    assert f"Solving the position after move {len(played)}, where the game ended." in known
    narrowing = [panel for panel in seen if "one of moves" in panel["known"]]
    assert narrowing, known
    for panel in narrowing:  # the list marks the moves the panel names
        first, last = map(int, re.search(r"one of moves (\d+)-(\d+)", panel["known"]).groups())
        assert panel["suspect"] == list(range(first, last + 1)) and first <= k <= last
    text = page.inner_text("#explain-box")
    assert f"move {k}: " in text and "lost the win" in text
    assert page.get_attribute("#moves li.lost", "data-step") == str(k)
    assert page.query_selector("#moves li.suspect") is None
    assert page.query_selector("#explain-cancel") is None
    assert re.search(r"\d+ solves, [\d.]+ s", text)
    assert page.evaluate(PANEL_FITS)
    page.locator("#explain-box").scroll_into_view_if_needed()
    _keep(page.screenshot(), f"play-explained-{size['width']}x{size['height']}.png")
    page.reload()  # the answer is kept
    page.wait_for_selector("#explain-box #replay-from-there")
    assert page.get_attribute("#moves li.lost", "data-step") == str(k)


def test_cancel_stops_the_explanation_and_try_again_finishes_it(open_slow, slow_server, seed):
    page, k, played, game = lost_on_the_last_click(open_slow, slow_server, seed, VIEWPORT)
    page.wait_for_function("() => /one of moves/.test((document.getElementById("
                           "'explain-known') || {}).textContent || '')", timeout=60_000)
    known = page.inner_text("#explain-known")
    page.click("#explain-cancel")
    page.wait_for_selector("#explain-box.cancelled")
    text = page.inner_text("#explain-box")
    assert re.search(r"Cancelled after \d+ solves and [\d.]+ s\.", text), text
    assert "Known by then: " in text and "one of moves" in text
    assert "cancelled" in page.inner_text("#caption")
    assert page.query_selector("#moves li.suspect") is not None
    assert page.query_selector("#moves li.lost") is None
    status, answer = Client(slow_server).call("GET", f"/api/games/{game}/explain")
    assert answer["status"] == "cancelled" and known.split(";")[0] in text
    page.wait_for_timeout(1500)  # stopped: nothing changes any more
    assert page.inner_text("#explain-box") == text
    _keep(page.screenshot(), "play-explain-cancelled.png")
    page.reload()  # a reload shows it cancelled, and does not start it again
    page.wait_for_selector("#explain-box.cancelled")
    assert Client(slow_server).call("GET", f"/api/games/{game}/explain")[1]["status"] == \
        "cancelled"
    page.click("#explain-again")
    page.wait_for_selector("#explain-status")
    page.wait_for_selector("#explain-box #replay-from-there", timeout=60_000)
    assert page.get_attribute("#moves li.lost", "data-step") == str(k)
