"""Reading a replay page back in tests: its embedded data, and checks that it is one
self-contained file."""
from __future__ import annotations

import json
import re

#: Anything that would make a page fetch something: it must open with no network.
EXTERNAL = re.compile(r"""(https?:|//[a-z]|<link\b|\bsrc=|@import|url\()""", re.IGNORECASE)


def page_data(html: str) -> dict:
    """The JSON the page embeds for its script."""
    match = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>',
                      html, re.DOTALL)
    assert match, "no embedded data"
    return json.loads(match.group(1))


def assert_self_contained(html: str) -> None:
    found = EXTERNAL.search(html)
    assert found is None, f"the page refers to something outside it: {found.group(0)!r}"
