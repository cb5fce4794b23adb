"""A line of moves as the commands show it: numbered in words on the terminal, and as a
move-list file (the format `frog verify` and `--after` read)."""
from __future__ import annotations

from collections.abc import Sequence

from cli.files import write_text
from solver.patience import Move


def numbered_moves(moves: Sequence[Move]) -> list[str]:
    """One line per move, numbered from 1 and in words: ' 7. 7H from the stock to waste
    pile 3'."""
    width = len(str(len(moves)))
    return [f"{i:>{width}}. {move.describe()}" for i, move in enumerate(moves, 1)]


def write_move_list(path: str, moves: Sequence[Move], heading: str) -> None:
    """Write `moves` as a move-list file under a `# heading` comment line."""
    write_text(path, f"# {heading}: {len(moves)} moves\n" + "".join(f"{move}\n" for move in moves))
