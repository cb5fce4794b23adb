"""The page of `frog tricks play`: one HTML file with no data in it. It draws cards with the
replay pages' own script and styles (cards.js, page.css) and asks the table's JSON API for
everything else, so any other front end can do what it does."""
from __future__ import annotations

from solver.play.page import _own
from solver.replay.page import asset

KEYS = [("Tab", "move between cards and buttons"), ("Enter", "play the card or press"),
        ("\u2190 \u2192", "move along your hand"), ("H", "hint"), ("U", "undo"),
        ("N", "next hand")]


def table_page() -> str:
    """The page itself (the same for every session: the server serves one)."""
    keys = " ".join(f"<kbd>{key}</kbd> {what}" for key, what in KEYS)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Frog at the table</title>
<style>{asset("page.css")}{_own("table.css")}</style></head>
<body class="game-tricks table-play">
<header id="head"><h1>Frog</h1>
<span id="verdict" class="verdict unknown">loading</span>
<div class="facts" id="facts"></div></header>
<main><section id="board"><div id="table">
<div id="others"></div>
<div id="centre"><div id="trick" aria-label="the trick on the table"></div>
<div id="widow"></div></div>
<div id="mine"><div class="who" id="me"></div><div id="hand" role="group"
aria-label="your cards"></div></div></div>
<div id="caption" aria-live="polite"></div>
<div id="controls"></div></section>
<aside id="list"><div id="auction"></div><div id="outcome"></div>
<table id="scores"></table><div id="keys">{keys}</div></aside></main>
<script>{asset("cards.js")}{_own("table.js")}</script>
</body></html>
"""
