"""Writing the commands' output files (move lists, line files, replay pages) in one way."""
from __future__ import annotations

from cli.errors import UserError


def write_text(path: str, text: str) -> None:
    """Write `text` to `path`; UserError (exit 2, one line) when it cannot be written."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        raise UserError(f"{path}: cannot write: {exc.strerror or exc}") from None
