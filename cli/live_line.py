"""A progress line on a terminal's standard error, rewritten in place while work runs."""
from __future__ import annotations

import sys
import time

PROGRESS_AFTER = 1.0  # seconds of work before the line appears (short work shows none)
REDRAW = 0.25  # seconds between redraws at most


class LiveLine:
    """Shows `text` over itself once the work has run PROGRESS_AFTER seconds, at most every
    REDRAW seconds; `clear` wipes it, so the answer printed after starts on a clean line."""

    def __init__(self) -> None:
        self.last = 0.0
        self.width = 0

    def show(self, seconds: float, text: str) -> None:
        now = time.monotonic()
        if seconds < PROGRESS_AFTER or now - self.last < REDRAW:
            return
        self.last = now
        sys.stderr.write(f"\r{text}   ")
        sys.stderr.flush()
        self.width = max(self.width, len(text) + 3)

    def clear(self) -> None:
        if self.width:
            sys.stderr.write("\r" + " " * self.width + "\r")
            sys.stderr.flush()
