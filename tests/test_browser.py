"""The replay pages in a real browser (headless Chromium driven by Playwright).

Each page is opened from a file with every non-file request aborted, must log no console
error, and is stepped through with the keyboard: after every step the cards drawn in the
page (read from the DOM) must be the rules engine's position after that move. The slider,
the move list and play are exercised, and a screenshot must show cards.

Skipped, with the reason, when Playwright or a Chromium binary is missing. Set
FROG_CHROMIUM to a browser binary to choose one, and FROG_SCREENSHOTS to a folder to keep
the screenshots (the README's docs/replay.png is made this way).
"""
from __future__ import annotations

import base64
import os
import shutil
from pathlib import Path

import pytest
from tests.conftest import TINY

from solver.patience import Position, deal_from_number, parse_move_list, variant_rules
from solver.tricks.cards import card_name, sort_hand
from solver.tricks.deal import deal_from_number as tricks_deal
from solver.tricks.engine import Game
from solver.tricks.line import parse_line
from solver.tricks.rules import Rules

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
VIEWPORT = {"width": 1366, "height": 768}


def _chromium() -> str | None:
    chosen = os.environ.get("FROG_CHROMIUM")
    if chosen:
        return chosen if Path(chosen).exists() else None
    return next((path for path in map(shutil.which, BROWSERS) if path), None)


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright is not installed (pip install '.[test]')")
    executable = _chromium()
    if executable is None:
        pytest.skip("no Chromium found (install the chromium package, or set FROG_CHROMIUM)")
    with sync_api.sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
        except Exception as exc:  # a browser that does not start is a missing browser
            pytest.skip(f"Chromium at {executable} does not start: {exc}")
        yield chromium
        chromium.close()


class OfflinePages:
    """Pages opened with every request that `allowed(url)` refuses aborted (and recorded),
    and every console error recorded; `close()` closes them."""

    def __init__(self, browser, allowed) -> None:
        self.browser, self.allowed = browser, allowed
        self.contexts, self.errors, self.blocked = [], [], []

    def open(self, url: str, viewport: dict[str, int] = VIEWPORT):
        context = self.browser.new_context(viewport=viewport)
        self.contexts.append(context)

        def guard(route):
            if self.allowed(route.request.url):
                route.continue_()
            else:
                self.blocked.append(route.request.url)
                route.abort()

        context.route("**/*", guard)
        page = context.new_page()
        page.on("console", lambda message: self.errors.append(message.text)
                if message.type == "error" else None)
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.goto(url)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        assert self.blocked == [], f"the page tried to fetch: {self.blocked}"


@pytest.fixture
def open_page(browser):
    """Open a page file offline; yields a function; checks no console errors at the end."""
    pages = OfflinePages(browser, lambda url: url.startswith("file:"))
    yield lambda path: pages.open(path.resolve().as_uri())
    pages.close()
    assert pages.errors == [], f"console errors: {pages.errors}"


def _keep(png: bytes, name: str) -> None:
    folder = os.environ.get("FROG_SCREENSHOTS")
    if folder:
        Path(folder, name).write_bytes(png)


PIXEL_COUNTS = """async (data) => {
  const image = new Image();
  image.src = "data:image/png;base64," + data;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width; canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  const counts = {total: 0, white: 0, felt: 0, red: 0, dark: 0, colours: 0};
  const seen = new Set();
  for (let i = 0; i < pixels.length; i += 4 * 3) {
    const r = pixels[i], g = pixels[i + 1], b = pixels[i + 2];
    counts.total++;
    if (r > 240 && g > 240 && b > 240) counts.white++;
    if (g > r + 20 && g > b + 10) counts.felt++;
    if (r > 150 && g < 80 && b < 80) counts.red++;
    if (r < 60 && g < 60 && b < 60) counts.dark++;
    seen.add((r << 16) | (g << 8) | b);
  }
  counts.colours = seen.size;
  return counts;
}"""


def assert_shows_cards(page, png: bytes) -> None:
    """The screenshot is not blank: white card faces, green felt, red and black suit ink,
    and many colours. (Its pixels are counted by the browser's own PNG decoder, on a
    canvas: no image library needed.)"""
    counts = page.evaluate(PIXEL_COUNTS, base64.b64encode(png).decode("ascii"))
    total = counts["total"]
    assert counts["white"] > total * 0.05 and counts["felt"] > total * 0.2, counts
    assert counts["red"] > 100 and counts["dark"] > 100, counts
    assert counts["colours"] > 200, counts


# ---------------------------------------------------------------- patience

#: The patience table as drawn (patience-table.js), for the replay and the play page alike:
#: JavaScript object fields, inside a function that defines `drawn`.
TABLE_FIELDS = """
    reserve: drawn("#reserve .fan .card:not(.back)"),
    reserveCount: Number(document.getElementById("reserve").dataset.count),
    reserveText: document.querySelector("#reserve .count").textContent,
    stock: drawn("#stock .fan .card"),
    stockCount: Number(document.getElementById("stock").dataset.count),
    stockText: document.querySelector("#stock .count").textContent,
    foundations: [...document.querySelectorAll("#foundations .foundation")].map(
      slot => (slot.querySelector(".card") || {dataset: {card: ""}}).dataset.card),
    waste: [...document.querySelectorAll("#waste .pile")].map(
      pile => drawn(`#waste .pile[data-pile="${pile.dataset.pile}"] .card`)),
"""


def table_state(extra: str) -> str:
    """A function for page.evaluate: the drawn table's fields and `extra` ones."""
    return ("() => {\n  const drawn = sel => [...document.querySelectorAll(sel)].map("
            "c => c.dataset.card);\n  return {" + TABLE_FIELDS + extra + "};\n}")


PATIENCE_STATE = table_state("""
    step: Number(document.body.dataset.step),
    current: document.querySelector("#list li.current").dataset.step,
    moved: drawn(".card.moved"),
""")


def record_after_each_key(page, state_function: str) -> None:
    """Record the drawn state after every key press, in the page (one round trip per key
    instead of two): a keydown listener added after the page's own runs after its draw."""
    page.evaluate(f"""() => {{ window.__states = [];
        const read = {state_function};
        document.addEventListener("keydown", () => window.__states.push(read())); }}""")


def stock_words(position: Position) -> str:
    """The stock's count as `frog hint` says it: the cards face down after the turned one."""
    left = len(position.stock) - 1
    return "empty" if left < 0 else f"{left} card{'s' * (left != 1)} left in the stock"


def check_patience(state: dict, position: Position, tops: list[str], move) -> None:
    """The drawn table equals the engine's position (and the real foundation tops)."""
    assert state["reserve"] == [str(card) for card in position.reserve[-1:]]
    assert state["reserveCount"] == len(position.reserve)
    if len(position.reserve) > 1:
        assert state["reserveText"] == f"{len(position.reserve) - 1} beneath"
    assert state["stock"] == [str(card) for card in position.stock[:1]]
    assert state["stockCount"] == len(position.stock)
    assert state["stockText"] == stock_words(position)
    assert state["waste"] == [[str(card) for card in pile] for pile in position.waste]
    assert state["foundations"] == tops
    assert ["A23456789TJQK".index(t[0]) + 1 if t else 0 for t in tops] == \
        list(position.foundations)
    assert state["current"] == str(state["step"])
    assert state["moved"] == ([str(move.card)] if move else [])


@pytest.fixture(scope="module")
def patience_game(tmp_path_factory):
    folder = tmp_path_factory.mktemp("patience")
    page, moves = folder / "win.html", folder / "win.txt"
    from cli.main import main
    assert main(["solve", "3", "-q", "--html", str(page), "--moves-out", str(moves)]) == 0
    deal = deal_from_number(variant_rules("frog"), 3)
    return page, deal, [move for _, move in parse_move_list(moves.read_text(), 5)]


def test_patience_page_steps_through_a_whole_win_like_the_engine(open_page, patience_game):
    path, deal, moves = patience_game
    page = open_page(path)
    position = Position.start(deal)
    tops = [str(card) for card in deal.foundations] + [""] * (8 - len(deal.foundations))
    check_patience(page.evaluate(PATIENCE_STATE), position, tops, None)
    record_after_each_key(page, PATIENCE_STATE)
    for _ in moves:
        page.keyboard.press("ArrowRight")
    states = page.evaluate("window.__states")
    assert len(states) == len(moves)
    for step, (move, state) in enumerate(zip(moves, states), 1):
        if move.target == "foundation":
            tops[position.foundations.index(move.card.rank - 1)] = str(move.card)
        position = position.play(move)
        assert state["step"] == step
        check_patience(state, position, tops, move)
    assert position.is_won() and "Won" in page.inner_text("#caption")
    page.keyboard.press("ArrowRight")  # past the end: stays at the last move
    assert page.evaluate(PATIENCE_STATE)["step"] == len(moves)


def test_patience_page_jumps_with_slider_list_and_keys(open_page, patience_game):
    path, deal, moves = patience_game
    page = open_page(path)
    replayed = [Position.start(deal)]
    for move in moves:
        replayed.append(replayed[-1].play(move))

    def shown_waste() -> list[list[str]]:
        return page.evaluate(PATIENCE_STATE)["waste"]

    def engine_waste(step: int) -> list[list[str]]:
        return [[str(card) for card in pile] for pile in replayed[step].waste]

    page.locator("#slider").fill("80")
    assert page.evaluate(PATIENCE_STATE)["step"] == 80 and shown_waste() == engine_waste(80)
    assert "move 80 of" in page.inner_text("#counter")
    page.keyboard.press("ArrowLeft")
    assert shown_waste() == engine_waste(79)
    page.locator('#list li[data-step="30"]').click()
    assert page.evaluate(PATIENCE_STATE)["step"] == 30 and shown_waste() == engine_waste(30)
    page.keyboard.press("End")
    assert page.evaluate(PATIENCE_STATE)["step"] == len(moves)
    page.keyboard.press("Home")
    assert page.evaluate(PATIENCE_STATE)["step"] == 0
    page.select_option("#speed", "16")
    page.click("#play")
    page.wait_for_function("Number(document.body.dataset.step) >= 3")
    page.click("#play")
    stopped = page.evaluate(PATIENCE_STATE)["step"]
    assert shown_waste() == engine_waste(stopped)
    page.locator("#slider").fill("100")
    page.mouse.move(0, 0)  # no hover highlight in the screenshot
    png = page.screenshot()
    assert_shows_cards(page, png)
    _keep(png, "replay.png")


def test_verify_page_shows_the_refused_move(open_page, patience_game, tmp_path):
    _, _, moves = patience_game
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join([str(move) for move in moves[:8]] + [f"{moves[20].card} stock w2"]))
    page_path = tmp_path / "game.html"
    from cli.main import main
    assert main(["verify", "3", str(bad), "--html", str(page_path)]) == 1
    page = open_page(page_path)
    assert "illegal move on line 9" in page.inner_text("#verdict")
    page.keyboard.press("End")
    assert page.evaluate(PATIENCE_STATE)["step"] == 8
    assert "line 9 is illegal" in page.inner_text("#caption")
    assert "stock shows" in page.inner_text("#list li.illegal")


def test_unknown_page_shows_the_deal_and_the_reason(open_page, tmp_path):
    path = tmp_path / "unknown.html"
    from cli.main import main
    assert main(["solve", "1", "--max-nodes", "1K", "-q", "--html", str(path)]) == 3
    deal = deal_from_number(variant_rules("frog"), 1)
    page = open_page(path)
    assert page.inner_text("#verdict") == "unknown (node limit)"
    assert "node limit" in page.inner_text(".note")
    state = page.evaluate(PATIENCE_STATE)
    check_patience(state, Position.start(deal), [str(deal.foundations[0])] + [""] * 7, None)
    listed = page.evaluate("[...document.querySelectorAll('.whole .chips')].map("
                           "row => row.querySelectorAll('.chip').length)")
    assert listed == [len(deal.reserve), len(deal.stock)]
    page.keyboard.press("ArrowRight")
    assert page.evaluate(PATIENCE_STATE)["step"] == 0


def test_one_card_is_counted_in_the_singular(open_page, tmp_path):
    deal, path = tmp_path / "tiny.txt", tmp_path / "tiny.html"
    deal.write_text(TINY)
    from cli.main import main
    assert main(["solve", str(deal), "-q", "--html", str(path)]) == 0
    page = open_page(path)
    page.keyboard.press("Home")
    assert page.inner_text("#caption").startswith("The deal: 1 card in the reserve, 7 in")
    assert page.evaluate(PATIENCE_STATE)["stockText"] == "6 cards left in the stock"


# ---------------------------------------------------------------- tricks

TRICKS_STATE = """() => ({
  step: Number(document.body.dataset.step),
  hands: [...document.querySelectorAll("#hands .seat")].map(seat =>
    [...seat.querySelectorAll(".card:not(.ghost)")].map(c => c.dataset.card)),
  table: [...document.querySelectorAll("#trick .play")].map(p =>
    p.firstChild.textContent.replace("seat ", "") + ":" + p.querySelector(".card").dataset.card),
  winner: (document.querySelector("#trick .winner span") || {textContent: ""}).textContent,
  bidder: Number(document.getElementById("score").dataset.bidder),
  defenders: Number(document.getElementById("score").dataset.defenders),
})"""


@pytest.fixture(scope="module")
def tricks_game(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tricks")
    page, line = folder / "hand.html", folder / "line.txt"
    from cli.main import main
    assert main(["tricks", "solve", "17", "--contract", "grand", "--bidder", "2",
                 "--html", str(page), "--line-file", str(line)]) == 0
    return page, tricks_deal(17), Rules("grand", 2), parse_line(line.read_text())


def _hands(game: Game) -> list[list[str]]:
    return [[card_name(c) for c in sort_hand(hand)] for hand in game.hands]


def test_tricks_page_steps_through_the_line_like_the_engine(open_page, tricks_game):
    path, deal, rules, line = tricks_game
    page = open_page(path)
    state = page.evaluate(TRICKS_STATE)
    assert state["hands"] == [[card_name(c) for c in sort_hand(h)] for h in deal.hands]
    page.keyboard.press("ArrowRight")
    game = Game.start(deal, rules, line.discard)
    state = page.evaluate(TRICKS_STATE)
    assert state["hands"] == _hands(game) and state["bidder"] == game.points[0]
    record_after_each_key(page, TRICKS_STATE)
    for _ in range(sum(len(trick) for trick in line.tricks)):
        page.keyboard.press("ArrowRight")
    states = iter(page.evaluate("window.__states"))
    step = 1
    for trick in line.tricks:
        for index, (seat, c) in enumerate(trick):
            game.play(c)
            step += 1
            state = next(states)
            assert state["step"] == step
            assert state["hands"] == _hands(game)
            assert state["table"] == [f"{s}:{card_name(x)}" for s, x in trick[:index + 1]]
            assert [state["bidder"], state["defenders"]] == game.points
            if not game.trick:
                assert state["winner"] == f"seat {game.leader}"
    assert game.finished and game.points[0] == 39
    assert "takes 39 points: lost" in page.inner_text("#caption")
    page.locator("#slider").fill("9")
    assert page.evaluate(TRICKS_STATE)["step"] == 9
    page.locator("#list .chip[data-step='22']").click()
    assert page.evaluate(TRICKS_STATE)["step"] == 22
    page.mouse.move(0, 0)
    png = page.screenshot()
    assert_shows_cards(page, png)
    _keep(png, "tricks-replay.png")
