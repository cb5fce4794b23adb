"""How bidding advice samples the unseen cards by default, and the caveat every answer
carries; apart from the search (`bidding`), so the command line can show them in its help
without loading the compiled kernel."""
from __future__ import annotations

#: Random deals of the unseen cards per question, and the seed they are drawn from.
DEFAULT_SAMPLES = 200
DEFAULT_SEED = 1
NOTE = ("double-dummy values assume every card is visible: they overstate a declarer who "
        "cannot see the other hands, so read them as an upper estimate")
