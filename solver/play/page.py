"""The play page and the "replay from there" page of `frog play`.

The play page is one HTML file with no data in it: it draws the table with the replay
page's own scripts (cards.js, patience-table.js) and asks the JSON API for everything
else, so any other front end can do what it does.
"""
from __future__ import annotations

from importlib import resources

from solver.patience import Deal, Move
from solver.replay import Header, patience_page
from solver.replay.page import asset

KEYS = [("U", "undo"), ("H", "hint"), ("P", "peek"), ("Space", "take the turned card"),
        ("1-9", "put it on that waste pile"), ("F", "put it up"), ("Esc", "let it go")]


def _own(name: str) -> str:
    return (resources.files("solver.play") / "assets" / name).read_text(encoding="utf-8")


def play_page() -> str:
    """The page itself (the same for every game: the game is named in its address)."""
    keys = " ".join(f"<kbd>{key}</kbd> {what}" for key, what in KEYS)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Frog</title>
<style>{asset("page.css")}{asset("patience.css")}{_own("play.css")}</style></head>
<body class="game-patience play">
<header id="head"><h1 id="title">Frog</h1>
<span id="verdict" class="verdict unknown">loading</span>
<div class="facts" id="facts"></div>
<nav><a id="games-link" href="#">Past games</a></nav></header>
<main><section id="board"><div id="table"></div>
<div id="caption" aria-live="polite"></div>
<div id="controls">
<button id="undo" title="undo the last move (U)">Undo</button>
<button id="hint" title="the blind advisor's choices (H)">Hint</button>
<button id="peek" title="can it still be won? the solver looks at the stock (P)">Peek</button>
<button id="give-up" title="end the game here and see which move lost the win">Give up</button>
<button id="new" title="a new random deal of this variant">New game</button>
<label><input type="checkbox" id="auto"> play safe cards up automatically</label>
</div></section>
<aside id="list"><div id="panel"></div><ol id="moves"></ol>
<div id="keys">{keys}</div></aside></main>
<script>{asset("cards.js")}{asset("patience-table.js")}{_own("play.js")}</script>
</body></html>
"""


def wrong_token_page() -> str:
    """What an address without this run's token opens (most often a tab left open while
    `frog play` restarted, which makes a new token): what happened and how to reopen the
    game, in place of the play page."""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Frog: reopen the game</title>
<style>{asset("page.css")}
#wrong-token {{ margin: 16px; max-width: 38em; font-size: 17px; }}
#wrong-token code {{ white-space: nowrap; font-weight: 600; }}</style></head>
<body><header id="head"><h1>Frog</h1></header>
<div id="wrong-token">
<p>This address is not the one <code>frog play</code> printed last: each start of
<code>frog play</code> makes a new one, so a tab left open from an earlier run no longer
reaches the game.</p>
<p>Every move is kept. Run <code>frog play --resume</code> to reopen the game played last,
or <code>frog play</code> and open Past games, and use the address it prints.</p>
</div></body></html>
"""


def replay_from_page(title: str, before: int, start: Deal, line: list[Move],
                     explained: dict) -> str:
    """The replay page of a winning line from the last position that could still be won."""
    header = Header(f"{title}: a win from move {before}", "winnable", "good",
                    [("lost by", f"move {before + 1}: {explained['lost_by']}"),
                     ("kept by", str(explained["kept_by"]))],
                    note=f"The position after move {before} could still be won; this line "
                    f"wins it, starting with {explained['kept_by']}.",
                    deal_text=start.to_text(f"{title} after {before} moves"))
    return patience_page(start, header, line)
