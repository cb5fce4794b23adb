"""An unpruned brute-force decision for small games: the plainest possible witness.

Depth-first search over the reference engine's positions (solver.patience.engine.Position), trying every
legal move, with nothing but a visited set: no autoplay, no symmetry between waste piles or
foundations, no dead-position test, no move ordering. A deal is `unwinnable` only after every
position reachable from it has been expanded, which is exactly the definition of RULES.md.
Because it trusts nothing but `legal_moves` and `play`, it is the yardstick the pruned search
and the CP-SAT model are held to on small games; it is far too slow for a full deal.
"""
from __future__ import annotations

from dataclasses import dataclass

from solver.patience.deal import Deal
from solver.patience.engine import Move, Position

#: The key of a visited position. The reserve and the stock only ever lose their top card,
#: so their lengths name them exactly; foundations and waste piles are kept in full.
_Key = tuple[tuple[int, ...], int, int, tuple]


@dataclass(frozen=True)
class BruteResult:
    """`verdict` is winnable, unwinnable or unknown (the state limit was reached); `moves`
    a winning line for a win; `states` the number of distinct positions reached."""

    verdict: str
    moves: list[Move] | None
    states: int


def _key(position: Position) -> _Key:
    return (position.foundations, len(position.reserve), len(position.stock), position.waste)


def brute_solve(deal: Deal, max_states: int | None = None) -> BruteResult:
    """Decide `deal` by exhaustive search; `unknown` once more than `max_states` distinct
    positions would have to be stored."""
    start = Position.start(deal)
    #: Every position reached, with the position and move it was first reached by.
    parent: dict[_Key, tuple[Position, Move] | None] = {_key(start): None}
    stack = [start]
    while stack:
        position = stack.pop()
        if position.is_won():
            return BruteResult("winnable", _line_to(position, parent), len(parent))
        for move in position.legal_moves():
            child = position.play(move)
            key = _key(child)
            if key in parent:
                continue
            if max_states is not None and len(parent) >= max_states:
                return BruteResult("unknown", None, len(parent))
            parent[key] = (position, move)
            stack.append(child)
    return BruteResult("unwinnable", None, len(parent))


def _line_to(position: Position, parent: dict[_Key, tuple[Position, Move] | None]) -> list[Move]:
    """The moves from the start to `position`, following the first-reached links back."""
    moves: list[Move] = []
    link = parent[_key(position)]
    while link is not None:
        previous, move = link
        moves.append(move)
        link = parent[_key(previous)]
    moves.reverse()
    return moves
