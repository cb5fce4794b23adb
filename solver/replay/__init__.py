"""Replay pages: one self-contained HTML file that shows a game move by move.

The positions come from the games' own rules engines (computed here in Python and embedded
as data); the page's JavaScript only draws them, so a page can never disagree with
`frog verify` or `frog tricks verify`.
"""
