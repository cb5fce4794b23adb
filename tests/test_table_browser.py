"""The table page of `frog tricks play` in a real browser (headless Chromium driven by
Playwright), against a real table server on 127.0.0.1 with every other request aborted.

A whole hand is played by clicks: the user bids frog, clicks three cards to lay away and
plays every card; after each of the user's cards the hand drawn is the server's, a refused
card shows the engine's reason, and at the end the payment and the score table are the
rules' for the line the server stored (replayed by the rules engine). Then the page is
checked on a 390 px phone screen (nothing wider than the screen), the next hand is dealt
with the keyboard and a reload resumes it. Skipped like tests/test_browser.py when
Playwright or Chromium is missing; FROG_SCREENSHOTS keeps the screenshots (docs/table.png).
"""
from __future__ import annotations

import re

from tests.test_browser import OfflinePages, _keep, browser  # noqa: F401
from tests.play_server import table_server

from solver.tricks import card_name, deal_from_number, parse_line, replay
from solver.tricks.rules import Rules, Table

REFUSED = re.compile(r"status of 422")
PHONE = {"width": 390, "height": 844}


def drawn(page) -> dict:
    return page.evaluate("""() => ({
        actions: Number(document.body.dataset.actions), phase: document.body.dataset.phase,
        yourTurn: document.body.dataset.yourTurn === "true",
        cards: [...document.querySelectorAll("#hand button")].map(b => b.dataset.card),
        legal: [...document.querySelectorAll("#hand button.legal")].map(b => b.dataset.card),
        caption: document.getElementById("caption").textContent,
        scores: [...document.querySelectorAll("#scores tr.total td")].map(td => td.textContent),
    })""")


def wait_past(page, actions: int) -> dict:
    """Wait until the page shows more than `actions` actions and it is the user's turn or
    the hand is over."""
    page.wait_for_function(
        "(n) => Number(document.body.dataset.actions) > n && "
        "(document.body.dataset.yourTurn === 'true' || document.body.dataset.phase === 'over')",
        arg=actions, timeout=120_000)
    return drawn(page)


def test_a_whole_hand_by_clicks_on_desktop_and_phone(browser, tmp_path):  # noqa: F811
    with table_server(tmp_path / "games.sqlite", Table(), 17, 1) as (server, client):
        origin = f"http://127.0.0.1:{server.port}/"
        pages = OfflinePages(browser, lambda url: url.startswith(origin))
        try:
            page = pages.open(f"{origin}?token={server.token}")
            page.wait_for_function("() => document.body.dataset.phase === 'auction'")
            seen = drawn(page)
            assert seen["yourTurn"] and len(seen["cards"]) == 11
            page.click("#controls button:text-is('frog')")
            seen = wait_past(page, seen["actions"])
            assert seen["phase"] == "discard" and len(seen["cards"]) == 14
            for card in ("TD", "8D", "9S"):
                page.click(f'#hand button[data-card="{card}"]')
            page.click("#lay-away")
            seen = wait_past(page, seen["actions"])
            page.keyboard.press("h")
            page.wait_for_function(
                "() => document.getElementById('caption').textContent.startsWith('Hint: play ')")
            refusals = 0
            while seen["phase"] != "over":
                _, state = client.call("GET", "/api/table")
                assert seen["cards"] == state["cards"] and seen["legal"] == state["legal"]
                illegal = [c for c in seen["cards"] if c not in seen["legal"]]
                if illegal and refusals < 2:
                    page.click(f'#hand button[data-card="{illegal[0]}"]')
                    page.wait_for_function(
                        "() => document.getElementById('caption').textContent !== ''")
                    assert re.search(r"seat 1 may not play \w\w: it does not (follow suit|trump)",
                                     drawn(page)["caption"])
                    refusals += 1
                page.click(f'#hand button[data-card="{seen["legal"][-1]}"]')
                seen = wait_past(page, seen["actions"])
            assert refusals >= 1
            _, state = client.call("GET", "/api/table")
            line = parse_line(state["result"]["line"])
            assert sorted(map(card_name, line.discard)) == ["8D", "9S", "TD"]
            game = replay(deal_from_number(17), line.rules(), line.discard, line.tricks)
            points = game.points[0]
            payment = Rules("frog", 1).payment(points)
            assert page.inner_text("#verdict-line").startswith(f"The bidder takes {points} points")
            assert seen["scores"] == ["total", str(payment), str(-payment // 2),
                                      str(-payment // 2)]
            page.wait_for_function("() => document.querySelector('#analysis h2') !== null")
            _, analysis = client.call("POST", "/api/analysis")
            assert f"perfect play the bidder would take {analysis['perfect']}" in \
                page.inner_text("#analysis")
            assert analysis["final"] == points and analysis["perfect"] - \
                analysis["bidder_lost"] + analysis["defenders_lost"] == points
            _keep(page.screenshot(), "table-desktop.png")
            with page.expect_popup() as opened:
                page.click("#replay-link")
            replayed = opened.value
            replayed.wait_for_load_state()
            assert "Frog at the table: hand 1" in replayed.title() + replayed.inner_text("body")
            replayed.close()

            phone = browser.new_context(viewport=PHONE)
            pages.contexts.append(phone)
            small = phone.new_page()
            small.goto(f"{origin}?token={server.token}")
            small.wait_for_function("() => document.body.dataset.phase === 'over'")
            assert small.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
            _keep(small.screenshot(full_page=True), "table-phone.png")

            page.keyboard.press("n")
            page.wait_for_function("() => document.body.dataset.hand === '2'")
            page.reload()
            page.wait_for_function("() => document.body.dataset.hand === '2'")
            assert drawn(page)["scores"] == seen["scores"]
        finally:
            pages.close()
        assert [e for e in pages.errors if not REFUSED.search(e)] == []
        assert len([e for e in pages.errors if REFUSED.search(e)]) == refusals
