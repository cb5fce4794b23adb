"""How an error message quotes the input it refuses: whole when short, else its start and
its length, so that a megabyte pasted by mistake still gives one readable line.

>>> excerpt("7X")
"'7X'"
>>> excerpt("w" * 1000)
"'wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww...' (1,000 characters)"
>>> excerpt("0", quote=False)
'0'
"""
from __future__ import annotations

#: The most characters of bad input an error message quotes.
LIMIT = 40


def excerpt(text: str, limit: int = LIMIT, quote: bool = True) -> str:
    """`text` in single quotes (bare without `quote`, for a number), cut to its first `limit`
    characters (and its length said) when it is longer."""
    mark = "'" if quote else ""
    if len(text) <= limit:
        return f"{mark}{text}{mark}"
    return f"{mark}{text[:limit]}...{mark} ({len(text):,} characters)"
