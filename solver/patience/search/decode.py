"""Turning the kernel's rank-only move codes back into real moves, checked by the engine.

The kernel knows ranks and pile indices only; the real cards come from following the line
in the reference engine (solver/patience/engine.py), which also refuses any illegal step. A line that
is refused or does not end in a win is a bug in the search, reported as `SolverBug`.
"""
from __future__ import annotations

from solver.answer import SolverBug
from solver.patience.deal import Deal
from solver.patience.engine import IllegalMove, Position
from solver.patience.line import FOUNDATION, RESERVE, STOCK, Move, pile_name
from solver.patience.search import kernel


def _place(code_part: int, is_source: bool) -> str:
    if is_source:
        if code_part == kernel.SRC_STOCK:
            return STOCK
        if code_part == kernel.SRC_RESERVE:
            return RESERVE
        return pile_name(code_part - kernel.SRC_PILE0)
    if code_part == kernel.TGT_FOUNDATION:
        return FOUNDATION
    return pile_name(code_part - kernel.TGT_PILE0)


def decode_win(deal: Deal, codes: list[int]) -> list[Move]:
    """The winning line as real moves; SolverBug unless the engine replays it to a win."""
    moves, position = decode_line(deal, codes)
    if not position.is_won():
        raise SolverBug(f"the search's line of {len(moves)} moves does not win")
    return moves


def decode_line(deal: Deal, codes: list[int]) -> tuple[list[Move], Position]:
    """Any line of the search (a win, or the path to a node it is searching) as real
    moves, with the position it reaches; SolverBug if the engine refuses a step."""
    position = Position.start(deal)
    moves = []
    for step, code in enumerate(codes, start=1):
        rank, source_code, target_code = kernel.move_parts(code)
        source, target = _place(source_code, True), _place(target_code, False)
        card = position.top(source)
        if card is None or card.rank != rank:
            raise SolverBug(f"step {step}: the search moves a rank-{rank} card from {source}, "
                            f"but it shows {card}")
        move = Move(card, source, target)
        try:
            position = position.play(move)
        except IllegalMove as exc:
            raise SolverBug(f"step {step}: {move} is illegal: {exc}") from None
        moves.append(move)
    return moves, position
