"""The solver calls of `frog play` (hint, peek, explain), run in processes of their own.

The compiled search lets go of Python's interpreter lock while it runs, but a solve is more
than the compiled search: its Python parts (the driver between the search's chunks, the
replay that checks a win, CP-SAT's model and its thread) take the lock and a core, and an
explanation runs the search and CP-SAT side by side. In worker processes a solve takes
nothing from the server's own process, which goes on answering every other request at once,
and a solve that must stop (an explanation cancelled, or one past its time) is stopped by
ending its process, which a thread cannot be.

Hint and peek go to a small pool (`Workers`): each call has a time limit of its own (the
solver's), and the server waits for the answer a little longer than that at most
(`Workers.run`), answering 503 if the workers are busy past it. Explanations go to a process
of their own (`explain_jobs.Explains`), one at a time, as jobs: the server starts one and answers at
once, the process reports after every solve, and the page asks for the progress until the
answer comes; a cancelled job's process is ended and a fresh one started. Explain has the
limits of `frog verify --explain` (solver.patience.explain: SOLVE_SECONDS each solve,
EXPLAIN_SECONDS in all). The tasks take and return plain data (deal-file text, move
strings, JSON-ready dicts), so nothing but text crosses between the processes.
"""
from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import signal
import threading
import time

from solver.answer import Limits

#: The peek's time limit and the table size of every solve made for the page.
PEEK_SECONDS = 10.0
MEMORY = 1 << 28
#: How much longer than a task's own limit the server waits before giving up on it.
GRACE_SECONDS = 15.0


class Busy(RuntimeError):
    """The workers did not answer in time (the request gets 503, the server goes on)."""


class Unavailable(RuntimeError):
    """The hint is missing from this installation (the request gets 501)."""


def parse_game(deal_text: str, moves: list[str]):
    from solver.patience import Move, parse_deal

    deal = parse_deal(deal_text)
    return deal, [Move.parse(text, deal.rules.waste_piles) for text in moves]


def warm() -> bool:
    """Load the compiled search in a worker before the first real call needs it."""
    from solver.patience import methods  # noqa: F401

    return True


def peek_task(deal_text: str, moves: list[str], seconds: float) -> dict:
    """Can the position still be won? The open solver, which knows the stock."""
    from solver.patience import deal_after
    from solver.patience.methods import decide

    deal, played = parse_game(deal_text, moves)
    result = decide(deal_after(deal, played), limits=Limits(timeout=seconds, memory=MEMORY))
    return {"verdict": str(result.verdict), "reason": result.reason,
            "seconds": round(result.seconds, 3), "limit": seconds,
            "why": None if result.why is None else " ".join(result.why.lines())}


def hint_task(deal_text: str, moves: list[str]) -> dict:
    """The blind advisor's choices for the position (it never reads the stock order)."""
    try:
        from solver.patience.blind import DEFAULT_POLICY, default_threads, hint
    except ImportError:
        return {"unavailable": "the hint is not part of this installation"}
    deal, played = parse_game(deal_text, moves)
    return hint(deal, played, policy=DEFAULT_POLICY, seed=0,
                threads=default_threads()).to_json()


def start_worker(parent: int) -> None:
    """Ctrl-C stops the server, which then stops its workers: they do not see it. A server
    killed outright cannot stop them, so each worker also leaves when its parent is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


class Workers:
    """A small pool of worker processes (started fresh, not forked from a threaded
    server) that runs the tasks above."""

    def __init__(self, processes: int = 2) -> None:
        self._processes = processes
        self._start()

    def _start(self) -> None:
        context = multiprocessing.get_context("spawn")
        self._pool = concurrent.futures.ProcessPoolExecutor(
            self._processes, mp_context=context, initializer=start_worker,
            initargs=(os.getpid(),))  # the server, even if gone before a worker starts
        for _ in range(self._processes):
            self._pool.submit(warm)

    def run(self, wait: float, task, *args) -> dict:
        """Run `task(*args)` in a worker; Busy when no answer comes within `wait` seconds."""
        future = self._pool.submit(task, *args)
        try:
            answer = future.result(timeout=wait)
        except concurrent.futures.TimeoutError:
            future.cancel()
            raise Busy(f"no answer within {wait:g} s: the solver is busy, try again") from None
        except concurrent.futures.process.BrokenProcessPool:
            self._start()  # a worker died (killed, out of memory): fresh ones for the next call
            raise Busy("a solver process stopped; try again") from None
        if isinstance(answer, dict) and "unavailable" in answer:
            raise Unavailable(answer["unavailable"])
        return answer

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
