"""Explanations for `frog play` as jobs, in a process of their own (see solver/play/work.py
for why solver calls leave the server's process): the server starts a job and answers at
once, the process reports after every solve, and the page asks for the progress until the
answer comes (docs/play.md, Explain in the API). One job runs at a time, the others wait; a
cancelled job's process, or one past EXPLAIN_SECONDS + GRACE_SECONDS, is ended and a fresh
one started. Explain has the limits of `frog verify --explain` (solver.patience.explain).
"""
from __future__ import annotations

import json
import multiprocessing
import os
import queue
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from solver.patience.explain import EXPLAIN_SECONDS
from solver.play.work import GRACE_SECONDS, Busy, parse_game, start_worker


def explain_task(deal_text: str, moves: list[str], report: Callable[[dict], None],
                 decider=None) -> dict:
    """The explanation of the line (solver.patience.explain) under explain's own limits,
    those of `frog verify --explain`; `report` gets the progress after every solve
    (`progress_of`). `decider` is explain's (tests slow it down)."""
    from solver.patience.explain import explain

    deal, played = parse_game(deal_text, moves)
    clock = time.monotonic()
    return explain(deal, played, decider=decider,
                   progress=lambda found: report(progress_of(
                       found, time.monotonic() - clock))).to_json()


def progress_of(found, seconds: float) -> dict:
    """What an explanation (solver.patience.explain.Explanation) found so far, as plain
    data: the solves and nodes, and the verdict of each position solved."""
    return {"solves": found.solves, "nodes": found.nodes, "seconds": round(seconds, 3),
            "verdicts": {str(k): str(v) for k, v in sorted(found.verdicts.items())}}


def progress_view(moves: int, verdicts: dict[str, str], solves: int = 0, nodes: int = 0,
                  seconds: float = 0.0, queued: bool = False) -> dict:
    """An explanation's progress as the API gives it (docs/play.md, Explain in the API):
    the solves, nodes and seconds so far, the verdicts of the positions solved (position k:
    after k of the `moves`), the last position known winnable and the first known lost,
    the moves one of which lost the win (`between`, once a position is known lost), and
    all that in one sentence (`text`)."""
    won = [int(k) for k, verdict in verdicts.items() if verdict == "winnable"]
    lost = [int(k) for k, verdict in verdicts.items() if verdict == "unwinnable"]
    low, high = (max(won) if won else None), (min(lost) if lost else None)
    return {"solves": solves, "nodes": nodes, "seconds": round(seconds, 1),
            "limit": EXPLAIN_SECONDS, "verdicts": verdicts,
            "last_winnable": low, "first_lost": high,
            "between": None if not high else [1 if low is None else low + 1, high],
            "text": "Waiting for the solver, which explains one game at a time." if queued
            else _known_so_far(moves, verdicts, low, high)}


def _known_so_far(moves: int, verdicts: dict[str, str], low: int | None,
                  high: int | None) -> str:
    end = "the deal" if moves == 0 else f"the position after move {moves}"
    if high is None:
        if low == moves:
            return f"{end[0].upper()}{end[1:]} can still be won."
        if str(moves) in verdicts:
            return f"{end[0].upper()}{end[1:]} was not decided within its limit."
        return f"Solving {end}, where the game ended."
    if high == 0:
        return "The deal could never be won."
    if low is None:
        known = "was not decided within its limit" if "0" in verdicts else "is being solved"
        return f"The position after move {high} is lost; whether the deal could be won {known}."
    if high - low == 1:
        return f"Move {high} lost the win."
    start = "The deal was winnable" if low == 0 else f"The deal was winnable up to move {low}"
    return f"{start}; the win was lost at one of moves {low + 1}-{high}."


def _warm_explain() -> None:
    """Load the compiled search and explain's code by explaining a line of a tiny deal."""
    from solver.patience import Position, deal_from_number, variant_rules
    from solver.patience.explain import explain

    deal = deal_from_number(variant_rules("frog").with_overrides(
        decks=1, ranks=4, waste_piles=2, reserve_size=3), 1)
    position, moves = Position.start(deal), []
    while position.legal_moves() and len(moves) < 6:
        moves.append(position.legal_moves()[-1])
        position = position.play(moves[-1])
    explain(deal, moves)


def _explainer(connection, parent: int, task) -> None:
    """The explain process: warm, then one job after another, each a JSON line (the deal's
    text and the moves) answered by JSON lines: {"progress": ...} after every solve, then
    {"answer": ...} or {"failed": "why"}."""
    start_worker(parent)
    _warm_explain()

    def send(message: dict) -> None:
        connection.send_bytes(json.dumps(message).encode())

    while True:
        try:
            job = json.loads(connection.recv_bytes())
        except (EOFError, OSError):
            return
        try:
            answer = task(job["deal"], job["moves"], lambda progress: send({"progress": progress}))
        except Exception as exc:  # the server says so, and goes on
            send({"failed": f"{type(exc).__name__}: {exc}"})
        else:
            send({"answer": answer})


#: The states of an explain job: waiting for the job before it, running, and finished
#: (answered, cancelled, or failed: its process stopped or gave no answer in time).
QUEUED, RUNNING, DONE, CANCELLED, FAILED = "queued", "running", "done", "cancelled", "failed"
ACTIVE = (QUEUED, RUNNING)


@dataclass(eq=False)
class ExplainJob:
    """One explanation asked for: game `game`'s line `moves`, and where it has got to.
    `store` keeps the answer (it is called before the job counts as done)."""

    game: int
    deal: str
    moves: list[str]
    store: Callable[[dict], None]
    status: str = QUEUED
    progress: dict | None = None  # the process's last report (`progress_of`)
    answer: dict | None = None
    reason: str | None = None  # why it failed
    started: float | None = None  # time.monotonic() when its process got it
    ended: float | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    finished: threading.Event = field(default_factory=threading.Event)

    @property
    def seconds(self) -> float:
        """How long it has run (the clock stops when it ends)."""
        if self.started is None:
            return 0.0
        return (self.ended or time.monotonic()) - self.started


class Explains:
    """The explanations of `frog play`: one process of its own (started fresh, like the
    pool's) runs one job at a time, the others wait their turn; at most one job per game.
    A thread hands the jobs to the process and reads its reports; a cancelled job, or one
    without an answer EXPLAIN_SECONDS + GRACE_SECONDS after it started, has its process
    ended (and the next job a fresh one). `task` is `explain_task` or, in tests, a slower
    one: a function the process can import by name."""

    #: How often the thread looks for a cancel between two reports (seconds).
    TICK = 0.1

    def __init__(self, task: Callable = explain_task) -> None:
        self._task = task
        self._lock = threading.Lock()
        self._jobs: dict[int, ExplainJob] = {}
        self._queue: queue.Queue[ExplainJob | None] = queue.Queue()
        self._process = None
        self._connection = None
        self._thread: threading.Thread | None = None
        self._closed = False

    def warm(self) -> None:
        """Start the process now, so that the first explanation does not wait for it."""
        with self._lock:
            self._running()

    def job(self, game: int) -> ExplainJob | None:
        """The game's last job (any state), if any."""
        with self._lock:
            return self._jobs.get(game)

    def start(self, game: int, deal: str, moves: list[str],
              store: Callable[[dict], None]) -> ExplainJob:
        """Explain `moves` of `game`: the job already at work on them, else a new one (and
        the game's job on other moves, if any, cancelled)."""
        with self._lock:
            if self._closed:
                raise Busy("the server is stopping")
            old = self._jobs.get(game)
            if old is not None and old.moves == moves and old.status in ACTIVE:
                return old
            if old is not None:
                self._cancel(old)
            job = ExplainJob(game, deal, list(moves), store)
            self._jobs[game] = job
            self._queue.put(job)
            self._running()
            return job

    def cancel(self, game: int, wait: float = 10.0) -> ExplainJob | None:
        """Stop the game's job if it is queued or running; returns it once it has stopped
        (or after `wait` seconds), None when the game has no job."""
        with self._lock:
            job = self._jobs.get(game)
            if job is None:
                return None
            self._cancel(job)
        job.finished.wait(wait)
        return job

    def forget(self, game: int) -> None:
        """Cancel the game's job and drop it (its moves were changed)."""
        with self._lock:
            job = self._jobs.pop(game, None)
            if job is not None:
                self._cancel(job)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            for job in self._jobs.values():
                self._cancel(job)
            self._queue.put(None)
            self._end_process()

    # ------------------------------------------------------------ under the lock

    def _cancel(self, job: ExplainJob) -> None:
        job.cancel.set()
        if job.status == QUEUED:  # never started: nothing to stop
            self._finish(job, CANCELLED)

    def _finish(self, job: ExplainJob, status: str, reason: str | None = None) -> None:
        if job.status not in ACTIVE:
            return
        job.status, job.reason = status, reason
        job.ended = time.monotonic() if job.started is not None else None
        job.finished.set()

    def _running(self) -> None:
        """The process and the thread, started if not yet (or no longer) running."""
        if self._closed:
            return
        if self._process is None or not self._process.is_alive():
            self._end_process()
            context = multiprocessing.get_context("spawn")
            ours, theirs = context.Pipe()
            self._process = context.Process(target=_explainer, daemon=True,
                                            args=(theirs, os.getpid(), self._task))
            self._process.start()
            theirs.close()
            self._connection = ours
        if self._thread is None:
            self._thread = threading.Thread(target=self._serve, daemon=True,
                                            name="frog-explains")
            self._thread.start()

    def _end_process(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.join(5)
            self._connection.close()
        self._process = self._connection = None

    # ------------------------------------------------------------ the thread

    def _serve(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            with self._lock:
                if job.status != QUEUED:  # cancelled while it waited
                    continue
                self._running()
                if self._connection is None:  # closed
                    self._finish(job, CANCELLED)
                    continue
                connection = self._connection
                job.status, job.started = RUNNING, time.monotonic()
            self._follow(job, connection)

    def _follow(self, job: ExplainJob, connection) -> None:
        """Send `job` to the process and read its reports until it ends one way or another."""
        deadline = job.started + EXPLAIN_SECONDS + GRACE_SECONDS
        failed, healthy = None, False
        try:
            connection.send_bytes(json.dumps({"deal": job.deal, "moves": job.moves}).encode())
            while not job.cancel.is_set():
                if time.monotonic() > deadline:
                    failed = f"no answer within {deadline - job.started:g} s; try again"
                    break
                if not connection.poll(self.TICK):
                    continue
                message = json.loads(connection.recv_bytes())
                if "progress" in message:
                    job.progress = message["progress"]
                    continue
                if "answer" in message:
                    job.store(message["answer"])
                    job.answer = message["answer"]
                    with self._lock:
                        self._finish(job, DONE)
                    return
                failed, healthy = f"the explanation failed: {message.get('failed')}", True
                break
        except (EOFError, OSError):
            failed = "the solver process stopped; try again"
        except Exception as exc:  # storing the answer, a garbled report: said, not raised
            print(f"frog play: internal error explaining game {job.game}: "
                  f"{type(exc).__name__}: {exc}", file=sys.stderr)
            failed = f"internal error: {type(exc).__name__}"
        with self._lock:
            if not healthy and self._connection is connection:
                self._end_process()  # a process that did not finish its job is ended
                self._running()  # and a fresh one warms for the next
            self._finish(job, CANCELLED if failed is None else FAILED, failed)
