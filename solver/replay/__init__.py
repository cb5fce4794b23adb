"""Replay pages: one self-contained HTML file that shows a game move by move.

The positions come from the games' own rules engines (computed here in Python and embedded
as data); the page's JavaScript only draws them, so a page can never disagree with
`frog verify` or `frog tricks verify`.
"""
from solver.replay.page import Header
from solver.replay.patience import Refusal, patience_page
from solver.replay.tricks import tricks_page

__all__ = ["Header", "Refusal", "patience_page", "tricks_page"]
