"""The page shell shared by both games: header, board, controls, move list, embedded data.

A page is one file with its CSS, JavaScript and data inline, so that it opens from disk
(double-click, file://) with no server and nothing fetched.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from html import escape
from importlib import resources

def _icon(path: str) -> str:
    return (f'<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">'
            f'<path d="{path}" fill="currentColor"/></svg>')


#: Control icons drawn inline (no icon font: the page must not depend on installed fonts).
ICONS = {
    "first": _icon("M2 2h2v12H2zM14 2v12L5 8z"),
    "prev": _icon("M8 2v12L2 8zM14 2v12L8 8z"),
    "play": _icon("M4 2v12l10-6z"),
    "next": _icon("M2 2v12l6-6zM8 2v12l6-6z"),
    "last": _icon("M12 2h2v12h-2zM2 2v12l9-6z"),
}

#: Verdict tones, for the colour of the verdict badge.
TONES = ("good", "bad", "unknown")


@dataclass(frozen=True)
class Header:
    """What the page says above the board: the title, the verdict (a few words, coloured
    by `tone`), the main facts (method, nodes, time), an optional note (what the page shows,
    the reason for an unknown answer, an illegal move), and behind a "Details" fold the
    other statistics and the deal itself as text, for the record."""

    title: str
    verdict: str
    tone: str
    facts: list[tuple[str, str]] = field(default_factory=list)
    note: str | None = None
    details: list[tuple[str, str]] = field(default_factory=list)
    deal_text: str | None = None


def asset(name: str) -> str:
    """A file of assets/ (CSS or JavaScript), to inline in a page."""
    return (resources.files("solver.replay") / "assets" / name).read_text(encoding="utf-8")


#: The scripts of each game's replay page after cards.js and controls.js (the patience
#: table is drawn by patience-table.js, which the play page uses too).
SCRIPTS = {"patience": ("patience-table.js", "patience.js"), "tricks": ("tricks.js",)}


def render_page(header: Header, game: str, payload: dict) -> str:
    """The whole HTML file for `game` ("patience" or "tricks"): the shell, the header in
    HTML, the payload as JSON, and the shared and game-specific CSS and JavaScript."""
    if header.tone not in TONES:
        raise ValueError(f"unknown tone {header.tone!r}")
    # No "<" at all inside the script element, so no text can close it or open a comment.
    data = json.dumps(payload, separators=(",", ":")).replace("<", "\\u003c")
    facts = "".join(f"<span class=\"fact\"><b>{escape(label)}</b> {escape(value)}</span>"
                    for label, value in header.facts)
    note = f"<p class=\"note\">{escape(header.note)}</p>" if header.note else ""
    more = "".join(f"<span class=\"fact\"><b>{escape(label)}</b> {escape(value)}</span>"
                   for label, value in header.details)
    more = f"<div class=\"facts\">{more}</div>" if more else ""
    text = f"<pre>{escape(header.deal_text)}</pre>" if header.deal_text else ""
    summary = "Statistics and the deal" if more and text else "Details" if more else "The deal"
    deal = (f"<details class=\"deal\"><summary>{summary}</summary>"
            f"{more}{text}</details>" if more or text else "")
    scripts = "".join(asset(name) for name in ("cards.js", "controls.js", *SCRIPTS[game]))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(header.title)}: {escape(header.verdict)}</title>
<style>{asset("page.css")}{asset(game + ".css")}</style></head>
<body class="game-{game}">
<header id="head"><h1>{escape(header.title)}</h1>
<span id="verdict" class="verdict {header.tone}">{escape(header.verdict)}</span>
<div class="facts">{facts}</div>{note}{deal}</header>
<main><section id="board"><div id="table"></div>
<div id="caption" aria-live="polite"></div>
<div id="controls">
<button id="first" title="first (Home)">{ICONS["first"]}</button><button id="prev" title="back (&#x2190;)">{ICONS["prev"]}</button><button id="play" title="play / pause (space)">{ICONS["play"]}</button><button id="next" title="forward (&#x2192;)">{ICONS["next"]}</button><button id="last" title="last (End)">{ICONS["last"]}</button>
<input id="slider" type="range" min="0" value="0" aria-label="jump to a move">
<span id="counter"></span>
<label>speed <select id="speed"><option value="1">1/s</option><option value="2">2/s</option><option value="4" selected>4/s</option><option value="8">8/s</option><option value="16">16/s</option></select></label>
</div></section>
<aside id="list"></aside></main>
<script id="replay-data" type="application/json">{data}</script>
<script>{scripts}</script>
</body></html>
"""
