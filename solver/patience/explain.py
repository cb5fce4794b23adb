"""Where did a played line lose the win? The move after which the game could no longer be won.

Along a played line winnability can only be lost, never regained: if the position after k
moves can be won, so can every earlier one (play the same moves, then the win). So the
positions of the line are winnable up to some move and unwinnable after it, and the move in
between is found by bisection with a logarithmic number of solves, each under its own limit.

An `unknown` answer (a limit reached) tells nothing about that position. The bisection then
tries the middle of the widest stretch of untried positions in the interval still open
(`_next_position`), and a move is only ever named the losing one when the positions on both
sides of it are decided: the one before it winnable, the one after it unwinnable. When
unknown answers leave the interval open, the answer says so: the win was lost at one of
moves `between[0]..between[1]`, and it still gives the winning line from the last position
known winnable.

The whole explanation has a time limit too (EXPLAIN_SECONDS): the positions that stay
undecided are those whose proof of loss is a tree too large to exhaust in the time, and more
tries next to them seldom decide one (docs/solver.md, Explaining a lost game). Once every
position of the open interval was tried, the time left goes to trying the latest undecided
one again: the solves share their table, so a new try goes on where the last one stopped;
and while CP-SAT works on one of them in the background (`LineDecider`), CP-SAT alone takes
the latest of the others for the rest of the time, so both cores run CP-SAT.

Wins found on the way decide more than their own position: where the line begins with the
moves played next, or still wins when played leniently from a later position
(engine.play_leniently), those positions are winnable too, each with its line replayed.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from solver.answer import Limits, Progress, Result, Verdict
from solver.patience.deal import Deal
from solver.patience.engine import IllegalMove, deals_along, play_leniently, replay
from solver.patience.line import Move
from solver.patience.loss_reason import CopyReason, LossReason
from solver.patience.portfolio import CpsatBeside, cpsat_opinion

#: Each solve's default time limit (seconds) and table size: explaining a game is a few
#: solves in a row, most of them of positions late in the game, which are quick.
SOLVE_SECONDS = 10.0
SOLVE_MEMORY = 1 << 28
#: No explanation runs more solves than this, whatever the unknown answers.
MAX_SOLVES = 40
#: The whole explanation's time limit (seconds): no solve starts after it, and the last one
#: gets what is left of it.
EXPLAIN_SECONDS = 30.0
#: Each solve (see `LineDecider`): the standard search gets QUICK_SHARE of its limits
#: (time and nodes), the complete depth-first pass the rest; CP-SAT runs beside them for
#: the whole time limit when at most CPSAT_STOCK cards are left in the stock (beyond it
#: CP-SAT's model grows and seldom decides in time; below it the second core is CP-SAT's).
#: On the 18 lost games benchmarks/results/explain_speed.txt left open at commit 1d9f3e2,
#: explained one after the other on the idle machine, a limit of 75 named 3 losing moves
#: (positions of 61-75 stock cards decided by CP-SAT let the bisection on), 60 none; on all
#: 218 games, 205 against 200 (5 gained, none lost).
QUICK_SHARE = 0.5
CPSAT_STOCK = 75
#: CP-SAT is hinted with the winning line of a position at most this many moves before
#: its own (see `explain`'s `hint`).
HINT_MOVES = 10
#: CP-SAT starts only once the search has run this long (seconds) without an answer: most
#: positions are decided in milliseconds, less than building CP-SAT's model takes.
CPSAT_AFTER = 0.25
#: While CP-SAT works on another position in the background, a position the search has not
#: decided within CPSAT_AFTER gets CP-SAT's quick look first: CP-SAT alone for at most this
#: long (seconds) on the search's core, which many lost positions of 30-40 stock cards take
#: to prove (some by propagation alone) where the search would need minutes.
LOOK_SECONDS = 1.5

Decider = Callable[[Deal, Limits], Result]


@dataclass
class Explanation:
    """What bisecting a played line found. Positions are numbered by the moves played to
    reach them: 0 is the deal, `moves` the end of the line. `verdicts` holds each solved
    position's verdict; `losing_move` (1-based) is set only when the position before it is
    known winnable and the one after it known unwinnable, and then `kept_by` is a move from
    the position before it that keeps the win, the first of the winning line `line`. When
    the move is not named, `line` is the winning line from the last position known winnable
    (`last_winnable`). `proofs` holds, for each position proved lost, the counting argument
    that proves it (a LossReason or CopyReason) or None when the proof is the exhausted
    search or CP-SAT's infeasible model, and `proved_by` the method that proved it
    ("search", "cpsat").
    `stopped` says why the bisection ended before naming a move ("time limit": the whole
    explanation's; "solve limit": MAX_SOLVES; "interrupted": Ctrl-C), else None. `solves`
    counts the solves made, those that tried an undecided position again included."""

    moves: int
    won: bool
    verdicts: dict[int, Verdict] = field(default_factory=dict)
    losing_move: int | None = None
    lost_by: Move | None = None
    kept_by: Move | None = None
    line: list[Move] | None = None
    seconds: float = 0.0
    nodes: int = 0
    solves: int = 0
    proofs: dict[int, LossReason | CopyReason | None] = field(default_factory=dict)
    proved_by: dict[int, str] = field(default_factory=dict)
    stopped: str | None = None

    @property
    def start(self) -> Verdict:
        """The deal's verdict from the start (winnable when any later position is)."""
        if self.won or self.last_winnable is not None:
            return Verdict.WINNABLE
        return self.verdicts.get(0, Verdict.UNKNOWN)

    @property
    def end(self) -> Verdict:
        """The verdict of the position the line reached."""
        if self.won:
            return Verdict.WINNABLE
        if self.first_lost is not None:
            return Verdict.UNWINNABLE
        return self.verdicts.get(self.moves, Verdict.UNKNOWN)

    @property
    def last_winnable(self) -> int | None:
        won = [k for k, verdict in self.verdicts.items() if verdict is Verdict.WINNABLE]
        return max(won) if won else None

    @property
    def first_lost(self) -> int | None:
        lost = [k for k, verdict in self.verdicts.items() if verdict is Verdict.UNWINNABLE]
        return min(lost) if lost else None

    @property
    def between(self) -> tuple[int, int] | None:
        """When unknown answers left it open: the first and last move that may have lost
        the win (None when the losing move is known, or the question does not arise)."""
        if self.losing_move is not None or self.won or self.end is not Verdict.UNWINNABLE:
            return None
        if self.start is Verdict.UNWINNABLE and self.verdicts.get(0) is Verdict.UNWINNABLE:
            return None
        low = self.last_winnable
        return (1 if low is None else low + 1, self.first_lost or self.moves)

    def summary(self) -> str:
        """The answer in one or two sentences, for people."""
        if self.won:
            return f"The line wins in {self.moves} moves."
        if self.losing_move is not None:
            assert self.lost_by is not None and self.kept_by is not None
            return (f"The deal was winnable; move {self.losing_move}: {self.lost_by.describe()} "
                    f"lost the win; {self.kept_by.describe()} kept it.")
        if self.end is Verdict.WINNABLE:
            plural = "" if self.moves == 1 else "s"
            return (f"The position after {self.moves} move{plural} can still be won: no move "
                    f"lost the win.")
        if self.verdicts.get(0) is Verdict.UNWINNABLE:
            return "The deal could never be won: no move lost the win."
        if self.end is Verdict.UNKNOWN:
            return ("Unknown: the position the line reached was not decided within the limit, "
                    "so it is not known whether the win was lost.")
        first, last = self.between or (1, self.moves)
        if self.last_winnable is None:
            return (f"Unknown: the deal was not decided within the limit; if it was winnable, "
                    f"the win was lost at one of moves {first}-{last}.")
        keep = "" if not self.line else \
            f" From the position after move {first - 1}, {self.line[0].describe()} keeps it."
        return (f"The deal was winnable; the win was lost at one of moves {first}-{last} "
                f"(the positions between them were not decided within the limit).{keep}")

    def proof(self) -> list[str]:
        """How the first position known lost was proved, as text lines: the counting
        argument in words (as `frog solve` prints it), or that its search was exhausted;
        none when no position was proved lost."""
        k = self.first_lost
        if k is None or self.won:
            return []
        where = "the deal" if k == 0 else f"the position after move {k}"
        why = self.proofs.get(k)
        if why is not None:
            return [f"Proof that {where} is lost, by counting:", *why.lines()]
        if self._proof_kind(k) == "cpsat":
            return [f"Proof that {where} is lost: CP-SAT found no order of turns and moves to "
                    "the foundations that the rules allow (its model of the game from there "
                    "is infeasible)."]
        return [f"Proof that {where} is lost: the search tried every line from it."]

    def _proof_kind(self, k: int) -> str:
        """How position k was proved lost: "counting", "cpsat" or "search"."""
        if self.proofs.get(k) is not None:
            return "counting"
        return "cpsat" if "cpsat" in self.proved_by.get(k, "") else "search"

    def _proof_json(self) -> dict[str, object] | None:
        k = self.first_lost
        if k is None or self.won:
            return None
        return {"position": k, "kind": self._proof_kind(k), "text": self.proof()}

    def to_json(self) -> dict[str, object]:
        """The machine form (docs/play.md, Explain)."""
        return {
            "moves": self.moves, "won": self.won,
            "start": str(self.start), "end": str(self.end),
            "losing_move": self.losing_move,
            "lost_by": None if self.lost_by is None else str(self.lost_by),
            "kept_by": None if self.kept_by is None else str(self.kept_by),
            "line": None if self.line is None else [str(move) for move in self.line],
            "between": None if self.between is None else list(self.between),
            "verdicts": {str(k): str(v) for k, v in sorted(self.verdicts.items())},
            "line_from": None if self.line is None else self.last_winnable,
            "proof": self._proof_json(),
            "stopped": self.stopped,
            "solves": self.solves, "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
            "summary": self.summary(),
        }


class NotNeeded(Exception):
    """Raised by `LineDecider` when the explanation no longer needs the position it is
    deciding (an answer for another position, from CP-SAT in the background, settled it)."""


class LineDecider:
    """The search and CP-SAT, deciding positions of `deal`'s lines; the searches share one
    table of lost positions (search.LineTable, `memory` bytes): what one solve proves lost,
    the others know.

    The search runs the standard search (restarts and beams: quick to find a win) for
    QUICK_SHARE of the limits, then one complete depth-first pass on the same table for the
    rest: beams never prove anything and restarts abandon the open subtrees they cut, so on
    a lost position the pass needs about half the nodes. Beyond CPSAT_STOCK stock cards no
    pass could exhaust the tree within a solve, and the standard search gets it all. Proving
    a position lost still means exhausting its tree, which grows with the cards left to
    turn; CP-SAT's clause learning keeps instead the reasons a partial timeline fails (a
    card that must wait on a pile under one that must go up later), and on lost positions of
    played games with 15-35 stock cards left it proved in 1-8 s what the search could not in
    30. So when at most CPSAT_STOCK cards are left and there is a time limit, CP-SAT runs
    beside the search on a second core (`portfolio.CpsatBeside`) once the search has gone
    CPSAT_AFTER without an answer, and the first to decide answers. CP-SAT starts from a
    hint when the explanation has one (`explain`'s `hint`: a winning line of a position a
    few moves earlier, which often wins this one with small changes).

    CP-SAT may outlive the solve that started it. With a `deadline` (the whole
    explanation's, on time.monotonic's clock), a CP-SAT left undecided when its solve's
    search stops keeps working on its position until the deadline, while the search goes
    on to other positions on its own core: many positions that CP-SAT decides in 10-30 s
    are beyond one solve's limit, and a CP-SAT started again would begin from nothing (it
    keeps no table). One CP-SAT works at a time (one spare core); `answered` hands over its
    answer once, and `keep` stops it when its position is no longer needed, which frees it
    for the position being searched. A position searched while it works gets CP-SAT's quick
    look instead (`_look`, LOOK_SECONDS on the search's core, once, after CPSAT_AFTER).
    Without a deadline, CP-SAT stops with its solve.

    Either's "unwinnable" is a proof (the search exhausted, or CP-SAT's model infeasible:
    docs/cpsat.md) and every win is replayed (`checked`)."""

    def __init__(self, deal: Deal, memory: int) -> None:
        from solver.patience.search import LineTable  # loads the compiled search

        self._line = LineTable(deal, memory)
        self._memory = memory
        self.deadline: float | None = None
        self._cpsat: CpsatBeside | None = None
        self._cpsat_on: Deal | None = None

    def __call__(self, position: Deal, limits: Limits,
                 wanted: Callable[[], bool] | None = None,
                 hint: Sequence[Move] | None = None) -> Result:
        """Decide `position` within `limits`. `wanted`, asked as the search goes, says
        whether the position is still needed; NotNeeded is raised when it is not. `hint`,
        the winning line of an earlier position of the game, is CP-SAT's solution hint
        (cpsat.cpsat_solve)."""
        self._settle()
        beside = len(position.stock) <= CPSAT_STOCK and limits.timeout is not None
        searched_nodes = [0]
        looked: list[Result] = []

        def watch(nodes: int, seconds: float, restarts: int) -> None:
            searched_nodes[0] = nodes
            if beside and seconds >= CPSAT_AFTER:
                if self._cpsat is None:
                    self._start_cpsat(position, limits.timeout - seconds, hint)
                elif self._cpsat_on is not position and not looked:
                    looked.append(self._look(position, limits.timeout - seconds, wanted, hint))
                    if looked[0].verdict is not Verdict.UNKNOWN:
                        raise _Answered
            if self._cpsat_on is position and self._cpsat.answer() is not None:
                raise _Answered
            if wanted is not None and not wanted():
                raise NotNeeded
        try:
            result = self._searched(position, limits, watch)
        except _Answered:
            if looked and looked[0].verdict is not Verdict.UNKNOWN:
                return _checked(position, _answered_by(looked[0], searched_nodes[0]))
            return self._cpsat_answer(position, searched_nodes[0])
        if self._cpsat_on is not position:
            return result
        if result.verdict is Verdict.UNKNOWN and result.reason != "interrupted":
            if self._cpsat.answer() is not None:
                return self._cpsat_answer(position, result.nodes)
            if self.deadline is None:
                opinion = self._cpsat.result()
                if opinion is not None and opinion.verdict is not Verdict.UNKNOWN:
                    return self._cpsat_answer(position, result.nodes)
        if self.deadline is None or result.verdict is not Verdict.UNKNOWN \
                or result.reason == "interrupted":
            self.close()
        return result

    def answered(self) -> tuple[Deal, Result] | None:
        """CP-SAT's answer for the position it works on in the background, once (then
        CP-SAT is free again); None while it works, or when it stopped without one."""
        if self._cpsat is None or self._cpsat.working:
            return None
        position = self._cpsat_on
        if self._cpsat.answer() is None:
            self.close()
            return None
        return position, self._cpsat_answer(position, 0)

    @property
    def working(self) -> bool:
        """Whether CP-SAT is working in the background."""
        return self._cpsat is not None and self._cpsat.working

    def working_on(self, position: Deal) -> bool:
        """Whether CP-SAT is working on `position` in the background."""
        return self.working and self._cpsat_on is position

    def cpsat_alone(self, position: Deal, limits: Limits,
                    wanted: Callable[[], bool] | None = None,
                    hint: Sequence[Move] | None = None) -> Result:
        """Decide `position` with CP-SAT alone, in the foreground, within `limits`: for a
        position the search already had its solve on while CP-SAT works on another in the
        background, so both cores run CP-SAT, each on its own position. `wanted` is asked
        every tenth of a second; NotNeeded is raised when the position no longer is;
        `hint` as for a solve."""
        unwanted = []

        def stop() -> bool:
            if wanted is not None and not wanted():
                unwanted.append(True)
            return bool(unwanted)
        result = cpsat_opinion(position, Limits(timeout=limits.timeout, memory=self._memory),
                               stop=stop, hint=hint)
        if unwanted:
            raise NotNeeded
        return _checked(position, result)

    def _look(self, position: Deal, solve_left: float, wanted: Callable[[], bool] | None,
              hint: Sequence[Move] | None) -> Result:
        """CP-SAT's quick look at `position` while CP-SAT in the background works on
        another: up to LOOK_SECONDS on the search's own core, the search waiting."""
        left = min(LOOK_SECONDS, solve_left)
        if self.deadline is not None:
            left = min(left, self.deadline - time.monotonic())
        if left <= 0:
            return Result(Verdict.UNKNOWN, "time limit", method="cpsat")
        return cpsat_opinion(position, Limits(timeout=left, memory=self._memory),
                             stop=None if wanted is None else (lambda: not wanted()),
                             hint=hint)

    def wait(self) -> None:
        """Wait until CP-SAT in the background stops (answered, or at its deadline)."""
        if self._cpsat is not None:
            self._cpsat.result()

    def keep(self, needed: Callable[[Deal], bool]) -> None:
        """Stop CP-SAT if the position it works on is not `needed` any more."""
        if self._cpsat is not None and not needed(self._cpsat_on):
            self.close()

    def close(self) -> None:
        """Stop CP-SAT (the explanation is over, or its position no longer needed)."""
        if self._cpsat is not None:
            cpsat, self._cpsat, self._cpsat_on = self._cpsat, None, None
            cpsat.stop()

    def _settle(self) -> None:
        """Free CP-SAT's slot when it finished without an answer (at its deadline, or
        with nothing proved)."""
        if self._cpsat is not None and not self._cpsat.working \
                and self._cpsat.answer() is None:
            self.close()

    def _start_cpsat(self, position: Deal, solve_left: float,
                     hint: Sequence[Move] | None) -> None:
        left = solve_left if self.deadline is None else self.deadline - time.monotonic()
        if left >= CPSAT_AFTER:
            self._cpsat, self._cpsat_on = CpsatBeside(position, hint), position
            self._cpsat.start(Limits(timeout=left, memory=self._memory))

    def _cpsat_answer(self, position: Deal, nodes: int) -> Result:
        answer = _answered_by(self._cpsat.answer(), nodes)
        self.close()
        return _checked(position, answer)

    def _searched(self, position: Deal, limits: Limits, progress: Progress) -> Result:
        from solver.patience.methods import decide
        from solver.patience.search import solve

        share = QUICK_SHARE if len(position.stock) <= CPSAT_STOCK else 1.0
        quick = decide(position, limits=_share(limits, share), progress=progress,
                       line=self._line)
        if quick.reason not in ("node limit", "time limit"):
            return quick
        rest = Limits(None if limits.max_nodes is None else limits.max_nodes - quick.nodes,
                      None if limits.timeout is None else limits.timeout - quick.seconds,
                      limits.memory)

        def going_on(nodes: int, seconds: float, restarts: int) -> None:
            progress(quick.nodes + nodes, quick.seconds + seconds, restarts)

        proof = _checked(position, solve(position, rest, going_on, restarts=False,
                                         beams=False, line=self._line))
        proof.nodes += quick.nodes
        proof.seconds += quick.seconds
        return proof


class _Answered(Exception):
    """CP-SAT decided the position: the search beside it stops (raised from its progress
    callback, between two of its chunks; the shared table keeps only finished subtrees)."""


def _checked(position: Deal, result: Result) -> Result:
    """methods.checked: the win replayed, a loss given its counting proof when it has one."""
    from solver.patience.methods import checked

    return checked(position, result)


def _answered_by(opinion: Result | None, nodes: int) -> Result:
    """CP-SAT's answer, with the nodes the search beside it took (CP-SAT counts conflicts,
    not nodes)."""
    assert opinion is not None
    opinion.nodes = nodes
    return opinion


def _share(limits: Limits, share: float) -> Limits:
    """`limits` with `share` of their nodes and seconds (at least one node)."""
    return Limits(None if limits.max_nodes is None else max(1, int(limits.max_nodes * share)),
                  None if limits.timeout is None else limits.timeout * share, limits.memory)


def explain(deal: Deal, moves: list[Move], limits: Limits | None = None,
            max_solves: int = MAX_SOLVES, decider: Decider | None = None,
            seconds: float | None = EXPLAIN_SECONDS,
            progress: Callable[[Explanation], None] | None = None) -> Explanation:
    """Bisect the legal line `moves` from `deal` for the move that lost the win, each solve
    under `limits` (by default SOLVE_SECONDS and SOLVE_MEMORY) and all of them within
    `seconds` (None: no limit on the whole). IllegalMove when a move of the line is illegal.
    `decider` decides one position (by default a `LineDecider`, whose CP-SAT may work on
    in the background until the whole explanation's time is up; tests pass other
    functions, which get no background). `progress`, when given, is called after every
    solve, and after every answer from the background, with the explanation as it stands
    (`solves`, `nodes` and `verdicts` so far; `seconds` is set only at the end)."""
    limits = limits or Limits(timeout=SOLVE_SECONDS, memory=SOLVE_MEMORY)
    played = replay(deal, moves)
    if not played.valid:
        raise IllegalMove(f"move {played.illegal_line}: {played.reason}")
    clock = time.monotonic()
    found = Explanation(len(moves), played.won)
    if played.won:
        return found
    positions = [deal, *deals_along(deal, moves)]
    index = {id(position): k for k, position in enumerate(positions)}
    if decider is None:
        decider = LineDecider(deal, limits.memory)
    line = decider if isinstance(decider, LineDecider) else None
    if line is not None and seconds is not None:
        line.deadline = clock + seconds
    lines: dict[int, list[Move]] = {}

    def needed(k: int) -> bool:
        """Whether position k still lies strictly inside the interval left open."""
        low, high = found.last_winnable, found.first_lost
        return (low is None or k > low) and (high is None or k < high)

    def record(k: int, result: Result) -> None:
        found.verdicts[k] = result.verdict
        found.nodes += result.nodes
        if result.verdict is Verdict.WINNABLE:
            won_from(k, list(result.moves or []))
            later_win(k)
        elif result.verdict is Verdict.UNWINNABLE:
            found.proofs[k] = result.why
            found.proved_by[k] = result.method
        if progress is not None:
            progress(found)

    def won_from(k: int, win: list[Move]) -> None:
        """Position k is won by `win`. Where the line begins with the moves played next,
        the positions they reach are winnable too, by the rest of it: no solve needed."""
        lines[k] = win
        j = k
        while j < len(moves) and j - k < len(win) - 1 and moves[j] == win[j - k]:
            j += 1
            found.verdicts[j] = Verdict.WINNABLE
            lines[j] = win[j - k:]

    def later_win(k: int) -> None:
        """The latest position after k that the winning line of k, played leniently
        (engine.play_leniently), wins: a move played since that put a card on another pile
        than the line, or an up the line makes later, often leaves the rest of the line
        good. Its win is replayed by the engine, so it is a proof; no solve needed."""
        high = found.first_lost if found.first_lost is not None else len(moves) + 1
        for j in range(high - 1, k, -1):
            if found.verdicts.get(j) is Verdict.WINNABLE:
                return
            win = play_leniently(positions[j], lines[k])
            if replay(positions[j], win).won:
                found.verdicts[j] = Verdict.WINNABLE
                won_from(j, win)
                return

    def absorb() -> None:
        """Take CP-SAT's answer from the background, if it has one, and stop it if its
        position is no longer needed."""
        if line is None:
            return
        answered = line.answered()
        if answered is not None:
            record(index[id(answered[0])], answered[1])
        line.keep(lambda position: needed(index[id(position)]))

    def still_needed(k: int) -> Callable[[], bool]:
        def ask() -> bool:
            absorb()
            return needed(k)
        return ask

    def hint(k: int) -> list[Move] | None:
        """The winning line of the latest position before k known winnable, when it lies
        at most HINT_MOVES moves before k: a few moves from position k such a line often
        wins there too, with changes that CP-SAT, guided by it, finds in a few hundred
        conflicts; a line from far earlier is out of step with what was played since, and
        misleads CP-SAT (docs/solver.md, Explaining a lost game)."""
        earlier = [j for j in lines if k - HINT_MOVES <= j < k]
        return lines[max(earlier)] if earlier else None

    def solve(k: int, by_cpsat: bool = False) -> bool:
        """Decide position k (`by_cpsat`: with CP-SAT alone, LineDecider.cpsat_alone);
        False when the whole explanation's time is up or Ctrl-C stopped it."""
        own = limits
        if seconds is not None:
            left = seconds - (time.monotonic() - clock)
            if left <= 0:
                found.stopped = "time limit"
                return False
            own = replace(limits, timeout=left if limits.timeout is None or by_cpsat
                          else min(limits.timeout, left))
        found.solves += 1
        try:
            if line is None:
                result = decider(positions[k], own)
            elif by_cpsat:
                result = line.cpsat_alone(positions[k], own, still_needed(k), hint(k))
            else:
                result = line(positions[k], own, still_needed(k), hint(k))
        except NotNeeded:
            return True
        record(k, result)
        if result.reason == "interrupted":  # Ctrl-C: what is known so far is the answer
            found.stopped = "interrupted"
            return False
        return True

    try:
        searching = solve(len(moves))  # the end first: a lost end is usually proved in a blink
        if searching and found.verdicts[len(moves)] is not Verdict.WINNABLE and len(moves) > 0:
            searching = solve(0)
        while searching:
            absorb()
            low = found.last_winnable
            high = found.first_lost
            if high is not None and high - (-1 if low is None else low) == 1:
                break  # nothing between: the losing move is named, or the deal itself is lost
            if high is None or found.solves >= max_solves:
                if line is not None and line.working:
                    try:
                        line.wait()  # CP-SAT may still settle it within the time left
                    except KeyboardInterrupt:
                        found.stopped = "interrupted"
                        break
                    continue
                if high is not None:
                    found.stopped = "solve limit"
                break
            k = _next_position(-1 if low is None else low, high, found.verdicts)
            if k is not None:
                searching = solve(k)
                continue
            # every position between was tried: try an undecided one again, the latest
            # first; while CP-SAT works on one in the background, CP-SAT takes another
            undecided = sorted(j for j in found.verdicts if needed(j))
            others = [j for j in undecided if line is None or not line.working_on(positions[j])]
            alone = line is not None and line.working and bool(others) \
                and len(positions[others[-1]].stock) <= CPSAT_STOCK
            searching = solve((others or undecided)[-1], by_cpsat=alone)
        absorb()
    finally:
        if line is not None:
            line.close()
    low, high = found.last_winnable, found.first_lost
    if low is not None and high is not None:
        found.line = lines[low]
        if high - low == 1:
            found.losing_move = high
            found.lost_by = moves[low]
            found.kept_by = found.line[0]
    found.seconds = time.monotonic() - clock
    return found


def _next_position(low: int, high: int, tried: dict[int, Verdict]) -> int | None:
    """The next position to decide strictly between `low` (known winnable, or -1) and `high`
    (known lost): the middle of the widest stretch of untried positions between them, the
    later of equally wide ones; None when every position between them was tried.

    With no unknown answer this is plain bisection. After one, the positions next to it are
    about as hard (most unknowns are proofs of loss too large for the limit), so the next try
    goes to the middle of a stretch untried so far: the positions decided then narrow the
    interval where they can, and among equal stretches the later one holds the smaller
    positions, the quicker to decide."""
    cuts = [low, *sorted(k for k in tried if low < k < high), high]
    gaps = [(b - a - 1, a) for a, b in zip(cuts, cuts[1:]) if b - a > 1]
    if not gaps:
        return None
    width, start = max(gaps)
    end = start + width + 1
    middle = (start + end) / 2
    return min(range(start + 1, end), key=lambda k: (abs(k - middle), k))
