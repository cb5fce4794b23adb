"""Replay pages: one self-contained HTML file that shows a game move by move.

The positions come from the games' own rules engines (computed here in Python and embedded
as data); the page's JavaScript only draws them, so a page can never disagree with
`frog verify` or `frog tricks verify`.

Each name loads its module on first use, so that a patience command does not import the
trick-taking game's rules to draw a patience page, nor either page's code when it writes
no page.
"""
from __future__ import annotations

import importlib
from typing import Any

#: Each name and the module of this package that holds it.
_MODULES = {"Header": "page", "Refusal": "patience", "patience_page": "patience",
            "tricks_page": "tricks"}

__all__ = ["Header", "Refusal", "patience_page", "tricks_page"]


def __getattr__(name: str) -> Any:
    """The page names, each imported with its module on first use."""
    if name in _MODULES:
        return getattr(importlib.import_module(f"solver.replay.{_MODULES[name]}"), name)
    raise AttributeError(f"module 'solver.replay' has no attribute {name!r}")
