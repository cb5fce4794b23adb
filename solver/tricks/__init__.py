"""Frog, the trick-taking game: rules, deals and an exact double-dummy solver.

The flow mirrors the patience solver: deal file or number -> `Deal`; `Rules` (contract,
trump, bidder and the rule parameters of TRICKS.md); `search.solve` -> `Solution`, whose
line of play is replayed through the plain rules engine (`engine.replay`) before anyone
sees it.
"""
