"""`frog play`: Frog in a browser, with a hint, a peek, and the move that lost the win.

A small local server (server.py) keeps every game in SQLite (store.py), checks every move
with the rules engine (game.py), runs the solver calls in worker processes (work.py; the
explanations as jobs, explain_jobs.py) and serves one page (page.py) that uses nothing but
its JSON API (docs/play.md).
"""
