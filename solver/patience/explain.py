"""Where did a played line lose the win? The move after which the game could no longer be won.

Along a played line winnability can only be lost, never regained: if the position after k
moves can be won, so can every earlier one (play the same moves, then the win). So the
positions of the line are winnable up to some move and unwinnable after it, and the move in
between is found by bisection with a logarithmic number of solves, each under its own limit.

An `unknown` answer (a limit reached) tells nothing about that position. The bisection then
tries the middle of the latest stretch of untried positions in the interval still open
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
and while CP-SAT works on one of them in the background (`LineDecider`), a second CP-SAT
takes the latest of the others for the rest of the time, so both cores run CP-SAT.

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
from solver.patience.portfolio import CpsatBeside

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
#: (time and nodes), the complete depth-first pass the rest; CP-SAT runs beside them when
#: at most CPSAT_STOCK cards are left in the stock (beyond it CP-SAT's model grows and
#: seldom decides in time; below it the second core is CP-SAT's), and with the whole
#: explanation's deadline the search stops after SEARCH_BESIDE, before its pass.
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
#: With the whole explanation's deadline, CP-SAT may work in the background on this many
#: positions at once, one a core. While one works, a position the search has not decided
#: within HAND_AFTER seconds goes to a second for the rest of its solve's time (see
#: `LineDecider`): the positions next to the losing move, which decide the answer, are the
#: hardest of the line, and CP-SAT decides many of them in 2-25 s where the search seldom
#: decides them at all.
CPSAT_SLOTS = 2
HAND_AFTER = 1.0
#: The search stops after SEARCH_BESIDE seconds on a position whose CP-SAT works beside it
#: and may outlive the solve (see `LineDecider`): the position is left to that CP-SAT, and
#: the search's core goes to the next position of the bisection. On the 218 games of
#: benchmarks/results/explain_speed.txt, 210 named in each of two runs, against 209 and
#: 207 with the search beside CP-SAT for the whole solve.
SEARCH_BESIDE = 3.0
#: How often `LineDecider.wait` looks whether a CP-SAT in the background stopped (seconds).
WAIT_SECONDS = 0.02

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
    search stops keeps working on its position in the background until the deadline: many
    positions that CP-SAT decides in 10-30 s are beyond one solve's limit, and a CP-SAT
    started again would begin from nothing (it keeps no table). The search beside it stops
    after SEARCH_BESIDE, before its complete pass: past the first seconds the search seldom
    decides a position that CP-SAT has not, and its core is worth more on the next position
    of the bisection. While CP-SAT works, the search goes on to other positions on the other
    core; one it has not decided within HAND_AFTER is handed to a second CP-SAT in the
    background, which takes the search's core for the rest of that solve's time: the
    search's solve ends there, and until one of the two CP-SATs stops (`full`, `wait`)
    nothing else runs. (A second CP-SAT left to the deadline would keep the search from the
    positions next to the losing move, which it often decides in a few seconds.) Once every
    position of the interval was tried, `hand` gives one to a second CP-SAT until the
    deadline. `answered` hands over their answers, one at a time, and `keep` stops a CP-SAT
    whose position is no longer needed. Without a deadline, CP-SAT stops with its solve.

    Either's "unwinnable" is a proof (the search exhausted, or CP-SAT's model infeasible:
    docs/cpsat.md) and every win is replayed (`checked`)."""

    def __init__(self, deal: Deal, memory: int) -> None:
        from solver.patience.search import LineTable  # loads the compiled search

        self._line = LineTable(deal, memory)
        self._memory = memory
        self.deadline: float | None = None
        self._beside: list[tuple[Deal, CpsatBeside]] = []

    def __call__(self, position: Deal, limits: Limits,
                 wanted: Callable[[], bool] | None = None,
                 hint: Sequence[Move] | None = None) -> Result:
        """Decide `position` within `limits`. `wanted`, asked as the search goes, says
        whether the position is still needed; NotNeeded is raised when it is not. `hint`,
        the winning line of an earlier position of the game, is CP-SAT's solution hint
        (cpsat.cpsat_solve). An unknown answer with reason "time limit" may come early,
        when the position was handed to CP-SAT in the background (`answered` tells its
        answer later)."""
        self._settle()
        beside = len(position.stock) <= CPSAT_STOCK and limits.timeout is not None
        searched_nodes = [0]

        def watch(nodes: int, seconds: float, restarts: int) -> None:
            searched_nodes[0] = nodes
            mine = self._cpsat_on(position)
            if mine is None:
                if beside and not self.full:
                    if not self.working and seconds >= CPSAT_AFTER:
                        self._start(position, limits.timeout - seconds, hint)
                    elif self.working and self.deadline is not None \
                            and seconds >= HAND_AFTER:
                        self._start(position, limits.timeout - seconds, hint, outlive=False)
                        raise _Handed
            elif mine.answer() is not None:
                raise _Answered
            elif mine.working and self.deadline is not None and seconds >= SEARCH_BESIDE:
                raise _Handed  # the position stays with the CP-SAT beside the search
            if wanted is not None and not wanted():
                raise NotNeeded
        try:
            result = self._searched(position, limits, watch)
        except _Answered:
            return self._cpsat_answer(position, searched_nodes[0])
        except _Handed:
            return Result(Verdict.UNKNOWN, "time limit", nodes=searched_nodes[0])
        mine = self._cpsat_on(position)
        if mine is None:
            return result
        if result.verdict is Verdict.UNKNOWN and result.reason != "interrupted":
            if mine.answer() is not None:
                return self._cpsat_answer(position, result.nodes)
            if self.deadline is None:
                opinion = mine.result()
                if opinion is not None and opinion.verdict is not Verdict.UNKNOWN:
                    return self._cpsat_answer(position, result.nodes)
        if self.deadline is None or result.verdict is not Verdict.UNKNOWN:
            self._stop(position)
        elif result.reason == "interrupted":
            self.close()
        return result

    def answered(self) -> tuple[Deal, Result] | None:
        """An answer of a CP-SAT in the background, once (its core is free again); None
        while they work, or when the ones that stopped had none."""
        self._settle()
        for position, cpsat in self._beside:
            if not cpsat.working:
                return position, self._cpsat_answer(position, 0)
        return None

    @property
    def working(self) -> bool:
        """Whether a CP-SAT is working in the background."""
        return any(cpsat.working for _, cpsat in self._beside)

    @property
    def full(self) -> bool:
        """Whether CP-SAT works in the background on as many positions as it may (with a
        deadline, CPSAT_SLOTS; else one): every core is taken."""
        slots = CPSAT_SLOTS if self.deadline is not None else 1
        return sum(cpsat.working for _, cpsat in self._beside) >= slots

    def working_on(self, position: Deal) -> bool:
        """Whether a CP-SAT in the background has `position`: working on it, or stopped
        with an answer that `answered` has not handed over yet."""
        return self._cpsat_on(position) is not None

    def hand(self, position: Deal, limits: Limits,
             hint: Sequence[Move] | None = None) -> None:
        """Hand `position` to a CP-SAT in the background until the deadline (without one,
        within `limits`): for a position the search already had its solve on, while another
        CP-SAT works on another position, so that both cores run CP-SAT. Nothing when
        CP-SAT works on it already, or on as many positions as it may."""
        self._settle()
        if not self.full and self._cpsat_on(position) is None and limits.timeout:
            self._start(position, limits.timeout, hint)

    def wait(self) -> None:
        """Wait until a CP-SAT in the background stops (answered, or at its deadline)."""
        while self._beside and all(cpsat.working for _, cpsat in self._beside):
            time.sleep(WAIT_SECONDS)

    def keep(self, needed: Callable[[Deal], bool]) -> None:
        """Stop each CP-SAT whose position is not `needed` any more."""
        for position, _ in list(self._beside):
            if not needed(position):
                self._stop(position)

    def close(self) -> None:
        """Stop every CP-SAT (the explanation is over)."""
        for position, _ in list(self._beside):
            self._stop(position)

    def _cpsat_on(self, position: Deal) -> CpsatBeside | None:
        for on, cpsat in self._beside:
            if on is position:
                return cpsat
        return None

    def _stop(self, position: Deal) -> None:
        for k, (on, cpsat) in enumerate(self._beside):
            if on is position:
                del self._beside[k]
                cpsat.stop()
                return

    def _settle(self) -> None:
        """Free the slots of CP-SATs that finished without an answer (at their deadline,
        or with nothing proved)."""
        for position, cpsat in list(self._beside):
            if not cpsat.working and cpsat.answer() is None:
                self._stop(position)

    def _start(self, position: Deal, solve_left: float, hint: Sequence[Move] | None,
               outlive: bool = True) -> None:
        """Start a CP-SAT on `position` in the background: until the deadline when there
        is one and it may `outlive` its solve, else for the `solve_left` seconds."""
        left = solve_left if self.deadline is None or not outlive \
            else self.deadline - time.monotonic()
        if left >= CPSAT_AFTER:
            cpsat = CpsatBeside(position, hint)
            self._beside.append((position, cpsat))
            cpsat.start(Limits(timeout=left, memory=self._memory))

    def _cpsat_answer(self, position: Deal, nodes: int) -> Result:
        cpsat = self._cpsat_on(position)
        assert cpsat is not None
        answer = _answered_by(cpsat.answer(), nodes)
        self._stop(position)
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


class _Handed(Exception):
    """The search leaves its position to a CP-SAT in the background (one it just started,
    or the one beside it after SEARCH_BESIDE) and stops (raised from its progress callback,
    between two of its chunks)."""


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
        """Decide position k (`by_cpsat`: hand it to CP-SAT in the background,
        LineDecider.hand); False when the whole explanation's time is up or Ctrl-C stopped
        it."""
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
                line.hand(positions[k], own, hint(k))
                return True
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
            busy = line is not None and line.full  # every core runs CP-SAT
            if high is None or found.solves >= max_solves or busy:
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
            # first; while CP-SAT works on one in the background, a second CP-SAT takes
            # another
            undecided = sorted(j for j in found.verdicts if needed(j))
            others = [j for j in undecided if line is None or not line.working_on(positions[j])]
            second = line is not None and line.working and bool(others) \
                and len(positions[others[-1]].stock) <= CPSAT_STOCK
            searching = solve((others or undecided)[-1], by_cpsat=second)
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
    (known lost): the middle of the latest stretch of untried positions between them; None
    when every position between them was tried.

    With no unknown answer this is plain bisection. After one, CP-SAT goes on with that
    position in the background (LineDecider), and the next try goes to the stretch after
    it: its positions have fewer cards left to turn, the quickest to decide either way, and
    the ones before it matter only if CP-SAT proves it lost (in the traces of the games left
    open, the undecided positions in the middle that CP-SAT decided later were mostly
    wins). On the 218 games of benchmarks/results/explain_speed.txt, 209 and 207 named in
    two runs, against 206 with the widest stretch first."""
    cuts = [low, *sorted(k for k in tried if low < k < high), high]
    gaps = [(b - a - 1, a) for a, b in zip(cuts, cuts[1:]) if b - a > 1]
    if not gaps:
        return None
    width, start = gaps[-1]
    end = start + width + 1
    middle = (start + end) / 2
    return min(range(start + 1, end), key=lambda k: (abs(k - middle), k))
