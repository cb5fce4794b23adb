"""The replay page of a patience game: every position of a move list, as the rules
engine plays it, drawn by `assets/patience.js`.

The page embeds one frame per position (the foundations' top cards, the reserve's top card
and size, the next stock cards and the stock's size, every waste pile) and one entry per
move (its text, its words, and where the card went), so the JavaScript holds no rules.
"""
from __future__ import annotations

from dataclasses import dataclass

from solver.patience import FOUNDATION, Deal, Move, deals_along, replay
from solver.replay.page import Header, render_page

#: How many stock cards the page shows ahead of the next one (open play: all are known).
STOCK_PREVIEW = 6


@dataclass(frozen=True)
class Refusal:
    """The first illegal move of a move list: its line in the file, the move and why."""

    line: int
    move: str
    reason: str


def frame(position: Deal) -> dict:
    """What the page draws for one position: foundations `f` (top card or "" for an empty
    one, in the engine's order), reserve top `r` and size `rn`, next stock cards `s` and
    stock size `sn`, waste piles `w` (bottom to top, card names joined by spaces)."""
    rules = position.rules
    tops = [str(card) for card in position.foundations]
    return {
        "f": tops + [""] * (rules.foundations - len(tops)),
        "r": str(position.reserve[-1]) if position.reserve else "",
        "rn": len(position.reserve),
        "s": " ".join(str(card) for card in position.stock[:STOCK_PREVIEW + 1]),
        "sn": len(position.stock),
        "w": [" ".join(str(card) for card in pile) for pile in position.waste],
    }


def _move_entry(move: Move, before: dict, after: dict) -> dict:
    """A move for the page: text, words, source and target (a foundation's slot number
    for a card that went up, found by comparing the frames around it)."""
    target = move.target
    if target == FOUNDATION:
        slot = next(i for i, (a, b) in enumerate(zip(before["f"], after["f"])) if a != b)
        target = f"f{slot + 1}"
    return {"c": str(move.card), "t": str(move), "from": move.source, "to": target,
            "d": move.describe().removeprefix(f"{move.card} ")}


def payload(deal: Deal, moves: list[Move], refusal: Refusal | None = None,
            won: bool = False) -> dict:
    """The data of a page: the frames of `moves` played from `deal` (they must be legal:
    `refusal` describes a first illegal move that follows them), and the moves."""
    frames = [frame(deal)] + [frame(position) for position in deals_along(deal, moves)]
    rules = deal.rules
    return {
        "rules": {"foundations": rules.foundations, "waste": rules.waste_piles,
                  "reserve": rules.reserve_size, "cards": rules.card_count},
        "deal": {"reserve": " ".join(map(str, deal.reserve)),
                 "stock": " ".join(map(str, deal.stock))},
        "frames": frames,
        "moves": [_move_entry(move, frames[i], frames[i + 1]) for i, move in enumerate(moves)],
        "refusal": None if refusal is None else
        {"line": refusal.line, "move": refusal.move, "reason": refusal.reason},
        "won": won,
    }


def patience_page(deal: Deal, header: Header, moves: list[Move],
                  refusal: Refusal | None = None) -> str:
    """The replay page of `moves` (legal, from `deal`) under `header`; with `refusal`, the
    illegal move that stopped the list is shown after them with its reason."""
    won = replay(deal, moves).won
    return render_page(header, "patience", payload(deal, moves, refusal, won))
