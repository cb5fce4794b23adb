"""An unpruned brute-force decision for small games: the plainest possible witness.

Depth-first search over the reference engine's positions (solver.patience.engine.Position), trying every
legal move, with nothing but a visited set: no autoplay, no symmetry between waste piles or
foundations, no dead-position test, no move ordering. A deal is `unwinnable` only after every
position reachable from it has been expanded, which is exactly the definition of docs/rules.md
(The question).
Because it trusts nothing but `legal_moves` and `play`, it is the yardstick the pruned search
and the CP-SAT model are held to on small games; it is far too slow for a full deal.
"""
from __future__ import annotations

import time

from solver.answer import Limits, Result, Verdict
from solver.patience.deal import Deal
from solver.patience.engine import Position
from solver.patience.line import Move

#: The key of a visited position. The reserve and the stock only ever lose their top card,
#: so their lengths name them exactly; foundations and waste piles are kept in full.
_Key = tuple[tuple[int, ...], int, int, tuple]


def _key(position: Position) -> _Key:
    return (position.foundations, len(position.reserve), len(position.stock), position.waste)


#: Positions held in memory per GiB of --memory (each is a tuple of tuples in a dict).
STATES_PER_GIB = 2_000_000
#: How often (in expanded positions) the clock is read.
CLOCK_EVERY = 1024


def brute_solve(deal: Deal, limits: Limits = Limits()) -> Result:
    """Decide `deal` by exhaustive search, within `limits`.

    Its nodes are distinct positions stored: `max_nodes` caps them, and so does `memory`
    (at STATES_PER_GIB); `timeout` is checked every CLOCK_EVERY expansions; Ctrl-C gives
    `unknown`, "interrupted". A limit never gives `unwinnable`: that needs the whole space.
    """
    started = time.perf_counter()
    cap = max(1000, int(limits.memory / (1 << 30) * STATES_PER_GIB))
    cap_reason = "memory limit"
    if limits.max_nodes is not None and limits.max_nodes <= cap:
        cap, cap_reason = limits.max_nodes, "node limit"
    start = Position.start(deal)
    #: Every position reached, with the position and move it was first reached by.
    parent: dict[_Key, tuple[Position, Move] | None] = {_key(start): None}
    stack = [start]
    expanded = 0
    verdict, reason, moves = Verdict.UNWINNABLE, None, None
    try:
        while stack:
            position = stack.pop()
            if position.is_won():
                verdict, moves = Verdict.WINNABLE, _line_to(position, parent)
                break
            expanded += 1
            if limits.timeout is not None and expanded % CLOCK_EVERY == 0 \
                    and time.perf_counter() - started >= limits.timeout:
                verdict, reason = Verdict.UNKNOWN, "time limit"
                break
            if _expand(position, parent, stack, cap):
                verdict, reason = Verdict.UNKNOWN, cap_reason
                break
    except KeyboardInterrupt:
        verdict, reason, moves = Verdict.UNKNOWN, "interrupted", None
    return Result(verdict, reason, moves, len(parent), time.perf_counter() - started, "brute",
                  {"states": len(parent)})


def _expand(position: Position, parent: dict[_Key, tuple[Position, Move] | None],
            stack: list[Position], cap: int) -> bool:
    """Push every unseen child of `position`; True when one more would exceed `cap`."""
    for move in position.legal_moves():
        child = position.play(move)
        key = _key(child)
        if key in parent:
            continue
        if len(parent) >= cap:
            return True
        parent[key] = (position, move)
        stack.append(child)
    return False


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
