"""`explain` and `frog verify --explain`: the move after which a played line could no longer
be won, checked against a direct solve of every prefix (small games, the brute force) and on
full frog deals (a solver's winning line with one move changed on purpose)."""
from __future__ import annotations

import json
import signal
import subprocess
import time

import pytest
from tests.conftest import default_sigint, frog_argv, process_env, seeded

from solver.answer import Limits, Result, Verdict
from solver.patience import (Position, deal_after, deal_from_number, parse_move_list, replay,
                             variant_rules)
from solver.patience.engine import IllegalMove, deals_along, play_leniently
from solver.patience.explain import LineDecider, NotNeeded, _next_position, explain
from solver.patience.methods import decide

SMALL = variant_rules("frog").with_overrides(decks=1, ranks=4, waste_piles=2, reserve_size=3)
QUICK = Limits(timeout=20, memory=1 << 26)


def brute(deal, limits=QUICK) -> Result:
    return decide(deal, method="brute", limits=limits)


def random_line(deal, rng) -> list:
    """Random legal moves from the deal until the game is won or stuck."""
    position, moves = Position.start(deal), []
    while position.legal_moves():
        move = rng.choice(position.legal_moves())
        moves.append(move)
        position = position.play(move)
    return moves


def truth(deal, moves) -> list[Verdict]:
    """The brute force's verdict of every position along the line."""
    return [brute(deal_after(deal, moves[:k])).verdict for k in range(len(moves) + 1)]


def lost_lines(seed, label: str, earliest: int):
    """(deal, moves, k) for the random lines of SMALL deals 1-39 that lose the win at move k,
    k >= `earliest` (the brute force decides every position)."""
    for number in range(1, 40):
        deal = deal_from_number(SMALL, number)
        moves = random_line(deal, seeded(seed, label, number))
        verdicts = truth(deal, moves)
        lost = [k for k in range(1, len(verdicts)) if verdicts[k - 1] is Verdict.WINNABLE
                and verdicts[k] is Verdict.UNWINNABLE]
        if lost and lost[0] >= earliest:
            yield deal, moves, lost[0]


@pytest.mark.parametrize("number", range(1, 13))
def test_explain_matches_a_solve_of_every_prefix(number, seed):
    deal = deal_from_number(SMALL, number)
    moves = random_line(deal, seeded(seed, "explain", number))
    verdicts = truth(deal, moves)
    assert Verdict.UNKNOWN not in verdicts
    # along a line, winnability is a prefix: never regained once lost
    assert verdicts == sorted(verdicts, key=lambda v: v is Verdict.UNWINNABLE)
    lost = [k for k in range(1, len(verdicts)) if verdicts[k - 1] is Verdict.WINNABLE
            and verdicts[k] is Verdict.UNWINNABLE]
    for decider in (lambda d, limits: brute(d), None):
        # no limit on the whole: run first on a fresh checkout, the first solve compiles
        # the search, which may take longer than an explanation's EXPLAIN_SECONDS
        found = explain(deal, moves, QUICK, seconds=None,
                        **({"decider": decider} if decider else {}))
        assert found.losing_move == (lost[0] if lost else None)
        assert found.start is (Verdict.WINNABLE if found.won else verdicts[0])
        if lost:
            k = lost[0]
            assert found.lost_by == moves[k - 1] and found.kept_by != moves[k - 1]
            kept = deal_after(deal, moves[:k - 1] + [found.kept_by])
            assert brute(kept).verdict is Verdict.WINNABLE
            assert found.line[0] == found.kept_by
            assert Position.start(deal_after(deal, moves[:k - 1])).play(found.kept_by)
            assert f"move {k}:" in found.summary()
        assert found.solves <= 2 + len(moves).bit_length()


def test_unknown_answers_never_name_a_move_and_narrow_the_interval(seed):
    """A solver that answers unknown for some positions: a move is named only when both
    neighbours are decided, and otherwise `between` holds the true losing move."""
    checked = 0
    for deal, moves, k in lost_lines(seed, "unknown", 3):
        positions = [deal_after(deal, moves[:j]) for j in range(len(moves) + 1)]
        for hidden in ({k - 1}, {k}, {0, k - 1}, set(range(1, len(moves) + 1)) - {len(moves)}):
            def blind(position, limits, hidden=hidden):
                if positions.index(position) in hidden:
                    return Result(Verdict.UNKNOWN, reason="time limit")
                return brute(position)
            found = explain(deal, moves, QUICK, decider=blind)
            if found.losing_move is not None:
                # a winning line from an earlier position went on with the moves played, so
                # the hidden position before the losing move is known winnable without a solve
                assert found.losing_move == k and k - 1 in hidden
                assert replay(positions[k - 1], found.line).won
                continue
            if found.end is Verdict.UNKNOWN:  # the end itself hidden: nothing is known lost
                assert found.between is None and found.summary().startswith("Unknown")
                continue
            first, last = found.between
            assert first <= k <= last
            assert "one of moves" in found.summary()
            if found.last_winnable is not None:  # its winning line is still offered
                assert found.line and found.kept_by is None
                assert replay(positions[found.last_winnable], found.line).won
                assert f"after move {first - 1}, {found.line[0].describe()} keeps it" \
                    in found.summary()
        checked += 1
    assert checked >= 3


def test_the_whole_explanation_stops_at_its_time_limit(seed):
    """Solves that answer unknown slowly: the explanation stops once its own time is up,
    says so, and names no move."""
    import time

    for number in range(1, 40):  # a line that does not win
        deal = deal_from_number(SMALL, number)
        moves = random_line(deal, seeded(seed, "time limit", number))
        if not replay(deal, moves).won and len(moves) > 8:
            break

    end = deal_after(deal, moves)

    def slow(position, limits):
        assert limits.timeout is not None and limits.timeout <= 0.3
        if position == end:
            return Result(Verdict.UNWINNABLE)
        time.sleep(0.1)
        return Result(Verdict.UNKNOWN, reason="time limit")
    found = explain(deal, moves, QUICK, decider=slow, seconds=0.3)
    assert found.stopped == "time limit" and found.losing_move is None
    assert 3 <= len(found.verdicts) <= 5 and found.seconds < 1.0
    assert found.between == (1, len(moves)) and "one of moves" in found.summary()


def test_progress_is_reported_after_every_solve_and_changes_no_answer(seed):
    """The progress callback sees each solve as it is made: one call per solve, the verdicts
    so far, an interval that only narrows, and the same answer as without a callback."""
    seen = 0
    for number in range(1, 40):
        deal = deal_from_number(SMALL, number)
        moves = random_line(deal, seeded(seed, "progress", number))
        reports = []

        def progress(found):
            reports.append((found.solves, dict(found.verdicts), found.last_winnable,
                            found.first_lost))
        found = explain(deal, moves, QUICK, progress=progress)
        assert found.to_json() | {"seconds": 0} == \
            explain(deal, moves, QUICK).to_json() | {"seconds": 0}
        assert [solves for solves, *_ in reports] == list(range(1, found.solves + 1))
        if not reports:  # a line that wins: nothing to solve
            assert found.won
            continue
        assert reports[-1][1] == found.verdicts
        for (_, before, low, high), (_, after, later_low, later_high) in zip(reports,
                                                                            reports[1:]):
            assert before.items() <= after.items()  # verdicts are only added
            assert low is None or later_low >= low  # the interval only narrows
            assert high is None or later_high <= high
        seen += found.solves > 2
    assert seen >= 3


def test_the_proof_after_the_losing_move_is_named(seed):
    """The answer says how the first lost position was proved: counting, in words, when the
    counting argument proves it, else the exhausted search."""
    kinds = set()
    for number in range(1, 40):
        deal = deal_from_number(SMALL, number)
        moves = random_line(deal, seeded(seed, "proof", number))
        found = explain(deal, moves, QUICK)
        if found.first_lost is None:
            assert found.proof() == [] and found.to_json()["proof"] is None
            continue
        proof = found.to_json()["proof"]
        assert proof["position"] == found.first_lost
        lost = deal_after(deal, moves[:found.first_lost])
        counted = decide(lost, limits=QUICK).why
        assert proof["kind"] == ("search" if counted is None else "counting")
        assert proof["text"] == found.proof() and found.proof()[0].startswith("Proof that")
        kinds.add(proof["kind"])
    assert kinds == {"search", "counting"}


def test_a_winning_line_that_follows_the_moves_played_decides_their_positions():
    """The deal's winning line, played for a while, then a move that loses: the positions
    along the shared start are known winnable from the deal's solve, without solves of their
    own, and the losing move is still named."""
    for number in range(1, 60):
        deal = deal_from_number(SMALL, number)
        win = brute(deal).moves
        if not win:
            continue
        position = Position.start(deal)
        for m, move in enumerate(win):
            losing = [other for other in position.legal_moves() if other != move and
                      brute(deal_after(deal, win[:m] + [other])).verdict is Verdict.UNWINNABLE]
            if m >= 3 and losing:
                break
            position = position.play(move)
        else:
            continue
        solved = []

        def counting(position, limits):
            solved.append(position)
            return brute(position)
        found = explain(deal, win[:m] + losing[:1], QUICK, decider=counting)
        assert found.losing_move == m + 1 and found.lost_by == losing[0]
        assert all(found.verdicts[j] is Verdict.WINNABLE for j in range(m + 1))
        assert not any(deal_after(deal, win[:j]) in solved for j in range(1, m + 1))
        return
    pytest.fail("no deal with a losing move along its winning line")


def test_explain_refuses_an_illegal_line():
    deal = deal_from_number(SMALL, 1)
    card = deal.stock[1]
    with pytest.raises(IllegalMove, match="move 1"):
        explain(deal, [Position.start(deal).legal_moves()[0]._replace(card=card)])


@pytest.fixture(scope="module")
def winning_line(tmp_path_factory):
    """A real frog deal, its line from `frog solve --moves-out`, and a late move changed to
    one that loses the win (found by solving the alternatives)."""
    from cli.main import main
    path = tmp_path_factory.mktemp("explain") / "win.txt"
    assert main(["solve", "1234", "-q", "--moves-out", str(path)]) == 0
    deal = deal_from_number(variant_rules("frog"), 1234)
    line = [move for _, move in parse_move_list(path.read_text(), 5)]
    position = Position.start(deal)
    for k, move in enumerate(line):
        if k >= 90:
            for other in position.legal_moves():
                if other != move and decide(deal_after(deal, line[:k] + [other]),
                                            limits=Limits(timeout=2)).verdict == "unwinnable":
                    return deal, line, k, other
        position = position.play(move)
    pytest.fail("no losing alternative found")


def test_verify_explain_finds_the_changed_move_of_a_full_game(frog, tmp_path, winning_line):
    deal, line, k, other = winning_line
    played = line[:k] + [other]
    position = Position.start(deal_after(deal, played))
    for _ in range(6):  # a few more moves after the losing one
        played.append(position.legal_moves()[0])
        position = position.play(played[-1])
    moves = tmp_path / "lost.txt"
    moves.write_text("".join(f"{move}\n" for move in played))
    code, out, _ = frog("verify", "1234", moves, "--explain", "--json", "--timeout", "20s")
    assert code == 1
    answer = json.loads(out)
    assert answer["losing_move"] == k + 1 and answer["explain"]["lost_by"] == str(other)
    kept = parse_move_list(answer["kept_by"], 5)[0][1]
    assert kept != other
    assert decide(deal_after(deal, line[:k] + [kept]), limits=Limits(timeout=20)).verdict \
        is Verdict.WINNABLE
    assert answer["explain"]["start"] == "winnable"
    code, out, _ = frog("verify", "1234", moves, "--explain")
    assert code == 1 and f"move {k + 1}: {other.describe()} lost the win" in out


def test_verify_explain_of_a_winning_or_still_winnable_line(frog, tmp_path, winning_line):
    deal, line, _, _ = winning_line
    moves = tmp_path / "moves.txt"
    moves.write_text("".join(f"{move}\n" for move in line))
    code, out, _ = frog("verify", "1234", moves, "--explain", "--json")
    assert code == 0 and json.loads(out)["won"] is True
    moves.write_text("".join(f"{move}\n" for move in line[:40]))
    code, out, _ = frog("verify", "1234", moves, "--explain", "--json")
    answer = json.loads(out)
    assert code == 1 and answer["losing_move"] is None
    assert answer["explain"]["end"] == "winnable" and answer["explain"]["solves"] == 1


def test_verify_explain_refuses_a_total_that_is_not_positive(frog, tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("")
    code, _, err = frog("verify", "1234", moves, "--explain", "--total", "0")
    assert code == 2 and "--total: the duration must be positive" in err
    assert "Traceback" not in err


def test_cpsat_beside_the_search_agrees_with_the_brute_force(seed):
    """CpsatBeside's answer on positions of small games, lost and won, is the brute force's;
    it runs only once started, and leaving the context stops it."""
    from solver.patience.portfolio import CpsatBeside

    rng = seeded(seed, "test_cpsat_beside_the_search_agrees_with_the_brute_force")
    verdicts = set()
    for i, number in enumerate(rng.sample(range(1, 200), 12)):
        start = deal_from_number(SMALL, number)
        moves = random_line(start, rng)  # it ends won or stuck: lost
        deal = deal_after(start, moves[:len(moves) - i % 3])
        with CpsatBeside(deal) as cpsat:
            assert not cpsat.started and cpsat.result() is None and cpsat.answer() is None
            cpsat.start(QUICK)
            answer = cpsat.result()
            assert answer.verdict is brute(deal).verdict and cpsat.answer() is answer
        verdicts.add(answer.verdict)
    assert verdicts == {Verdict.WINNABLE, Verdict.UNWINNABLE}


def test_cpsat_beside_raises_its_error_in_the_callers_thread(monkeypatch):
    from solver.answer import SolverBug
    from solver.patience import portfolio

    def broken(deal, limits, stop=None, hint=None):
        raise SolverBug("a line that fails its replay")

    monkeypatch.setattr(portfolio, "cpsat_opinion", broken)
    with pytest.raises(SolverBug, match="fails its replay"):
        with portfolio.CpsatBeside(deal_from_number(SMALL, 1)) as cpsat:
            cpsat.start(QUICK)


@pytest.fixture(scope="module")
def lost_tuned_game():
    """Frog deal 810004 as the `tuned` policy plays it blind (seed 810004): lost, from a
    winnable deal. The position after its losing move has 15 cards left in the stock and
    took the search alone more than 30 s to prove lost."""
    from solver.patience.blind import play_blind, policy_named

    deal = deal_from_number(variant_rules("frog"), 810004)
    played = play_blind(deal, policy_named("tuned"), seed=810004)
    assert not played.won
    return deal, list(played.moves)


def test_explain_names_a_move_that_cpsat_proves_lost(lost_tuned_game, monkeypatch):
    """CP-SAT beside the search proves the position after the losing move lost; the move
    is named, with a winning line from just before it that the rules engine replays.
    CP-SAT runs are hinted with a winning line of a position at most HINT_MOVES before
    their own."""
    from solver.patience import explain as explaining
    from solver.patience import portfolio

    deal, moves = lost_tuned_game
    hinted = []

    def recording(position, limits, stop=None, hint=None):
        hinted.append((position, hint))
        return opinion(position, limits, stop, hint)
    opinion = portfolio.cpsat_opinion
    monkeypatch.setattr(portfolio, "cpsat_opinion", recording)
    found = explain(deal, moves, Limits(timeout=20, memory=1 << 27), seconds=40)
    positions = [deal, *deals_along(deal, moves)]
    assert any(hint is not None for _, hint in hinted)
    for position, hint in hinted:
        k = positions.index(position)
        if hint is not None:
            nearby = range(max(0, k - explaining.HINT_MOVES), k)
            assert any(replay(positions[j], hint).won for j in nearby), k
    assert found.losing_move is not None, found.summary()
    k = found.losing_move
    assert found.to_json()["proof"]["kind"] == "cpsat" and found.proved_by[k] == "cpsat"
    assert "CP-SAT found no order" in found.proof()[0]
    before = deal_after(deal, moves[:k - 1])
    assert replay(before, found.line).won and found.line[0] != moves[k - 1]


def test_cpsat_with_its_time_already_spent_answers_unknown(seed):
    """A time limit already spent (explain's last solve may start with almost nothing left)
    gives `unknown`, not an error: CP-SAT itself refuses a negative limit."""
    from solver.patience.cpsat import cpsat_solve

    deal = deal_from_number(SMALL, seeded(seed, "spent").randint(1, 100))
    for timeout in (0.0, -0.5):
        answer = cpsat_solve(deal, Limits(timeout=timeout))
        assert answer.verdict in (Verdict.UNKNOWN, brute(deal).verdict)
        assert answer.verdict is not Verdict.UNKNOWN or answer.reason == "time limit"


def test_after_an_unknown_answer_the_bisection_tries_the_stretch_after_it():
    """Position 70 of 0-100 undecided: the next try is the middle of 71-99, the smaller
    positions, though 1-69 is wider; once 71-99 are tried, the stretch before it."""
    unknown = {70: Verdict.UNKNOWN}
    assert _next_position(0, 100, unknown) == 85
    assert _next_position(0, 100, {}) == 50
    after = {k: Verdict.UNKNOWN for k in range(70, 100)}
    assert _next_position(0, 100, after) == 35
    assert _next_position(0, 100, {k: Verdict.UNKNOWN for k in range(1, 100)}) is None


def test_a_deal_proved_lost_at_the_start_ends_the_bisection():
    """When the deal itself is proved lost there is nothing to bisect: no move lost the win
    (the bisection once looked for an untried position before the deal and failed)."""
    deal = deal_from_number(SMALL, 1)
    moves = random_line(deal, seeded(0, "lost at the start"))

    def lost(position, limits):
        return Result(Verdict.UNWINNABLE)

    found = explain(deal, moves, QUICK, decider=lost)
    assert found.start is Verdict.UNWINNABLE and found.losing_move is None
    assert found.solves == 2 and found.summary().startswith("The deal could never be won")


class BackgroundStandIn(LineDecider):
    """A LineDecider whose answers come from the brute force: its search answers unknown
    for the `hidden` positions, its CP-SAT, started on the first of them asked, answers the
    truth two solves later in the background (unless stopped first), and a second CP-SAT,
    handed a position (`hand`), answers when next asked."""

    def __init__(self, deal, hidden):
        super().__init__(deal, 1 << 20)
        self.hidden = hidden
        self.on = None
        self.ready_after = 0
        self.solves = 0
        self.answers = 0
        self.handed = []
        self.hands = 0

    def __call__(self, position, limits, wanted=None, hint=None):
        self.solves += 1
        if wanted is not None and not wanted():
            raise NotNeeded
        if position.stock not in self.hidden:
            return brute(position)
        if self.on is None:
            self.on, self.ready_after = position, self.solves + 2
        return Result(Verdict.UNKNOWN, "time limit")

    @property
    def working(self):
        return self.on is not None and self.solves < self.ready_after

    def wait(self):
        self.solves = self.ready_after

    def answered(self):
        if self.handed:
            position = self.handed.pop()
            return position, brute(position)
        if self.on is None or self.working:
            return None
        position, self.on = self.on, None
        self.answers += 1
        return position, brute(position)

    def keep(self, needed):
        if self.on is not None and not needed(self.on):
            self.on = None

    def close(self):
        self.on = None

    def hand(self, position, limits, hint=None):
        self.hands += 1
        self.handed.append(position)


def test_answers_from_cpsat_in_the_background_are_recorded_and_name_the_move(seed):
    """Positions the search leaves open are settled by CP-SAT's later answers: when the
    search can decide neither the position before the losing move nor the one after it,
    one goes to CP-SAT in the background and the other, once both were tried, to a second
    CP-SAT in the background, and the move named is still the brute force's."""
    checked = answers = hands = 0
    for deal, moves, k in lost_lines(seed, "background", 2):
        positions = [deal_after(deal, moves[:j]) for j in range(len(moves) + 1)]
        # the stocks of positions k-1 and k (a stock names a position along one line)
        hidden = [positions[k - 1].stock, positions[k].stock]
        stand_in = BackgroundStandIn(deal, hidden)
        found = explain(deal, moves, QUICK, decider=stand_in, seconds=60)
        assert found.losing_move == k, found.summary()
        assert found.verdicts[k - 1] is Verdict.WINNABLE
        assert found.verdicts[k] is Verdict.UNWINNABLE
        # k - 1 may be won by a line that follows the moves; once both were tried, a
        # second CP-SAT may take the one the first does not work on
        assert stand_in.answers + stand_in.hands >= 1
        answers += stand_in.answers
        hands += stand_in.hands
        checked += 1
    assert checked >= 5 and answers >= 1 and hands >= 1


def test_cpsat_goes_on_in_the_background_past_its_solves_limit(lost_tuned_game):
    """Each solve is allowed half a second, less than CP-SAT needs for the position after
    the losing move (about a second): CP-SAT goes on with it in the background while the
    search decides other positions, and its proof names the move. Without a limit on the
    whole explanation CP-SAT stops with its solve, and the position stays open."""
    deal, moves = lost_tuned_game
    short = Limits(timeout=0.5, memory=1 << 27)
    found = explain(deal, moves, short, seconds=60)
    assert found.losing_move is not None, found.summary()
    k = found.losing_move
    assert found.proved_by[k] == "cpsat"
    before = deal_after(deal, moves[:k - 1])
    assert replay(before, found.line).won and found.line[0] != moves[k - 1]
    alone = explain(deal, moves, short, seconds=None, max_solves=12)
    assert alone.losing_move is None and alone.first_lost != k


def test_ctrl_c_ends_an_explanation_with_what_it_knows(tmp_path):
    """Ctrl-C during `frog verify --explain` of a long explanation (a lost `tuned` game of
    frog deal 810011, whose interval stays open for the whole 30 s in every run of
    benchmarks/results/explain_speed.txt) stops it at once: the answer known so far, exit
    3, no traceback, and no solve after the interrupt."""
    from solver.patience.blind import play_blind, policy_named

    deal = deal_from_number(variant_rules("frog"), 810011)
    played = play_blind(deal, policy_named("tuned"), seed=810011)
    assert not played.won
    moves = tmp_path / "moves.txt"
    moves.write_text("".join(f"{move}\n" for move in played.moves))
    process = subprocess.Popen(frog_argv("verify", 810011, moves, "--explain", "--json"),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=process_env(), preexec_fn=default_sigint)
    time.sleep(5)
    interrupted = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert time.monotonic() - interrupted < 8, "the explanation went on after Ctrl-C"
    assert process.returncode == 3 and "Traceback" not in err
    answer = json.loads(out)["explain"]
    assert answer["stopped"] == "interrupted" and answer["losing_move"] is None


def test_a_winning_line_that_still_wins_played_leniently_decides_a_later_position():
    """A deal's winning line, then one move it does not play and random moves to a loss:
    where the line, played leniently (engine.play_leniently), still wins from after the
    other move, the latest position it wins from is known winnable without a solve of its
    own, and the explanation agrees with the brute force on every position it decided."""
    rng = seeded(0, "lenient explain")
    for number in range(1, 80):
        deal = deal_from_number(SMALL, number)
        win = brute(deal).moves
        if not win:
            continue
        for m in range(len(win) - 1):
            before = deal_after(deal, win[:m])
            others = [move for move in Position.start(before).legal_moves()
                      if move != win[m] and move.target != "F"]
            for other in others:
                after = deal_after(before, [other])
                rest = play_leniently(after, win[m:])
                if not replay(after, rest).won or rest[:1] == win[m:m + 1]:
                    continue
                moves = win[:m] + [other] + random_line(after, rng)
                if replay(deal, moves).won:
                    continue
                solved = []

                def counting(position, limits):
                    solved.append(position)
                    return brute(position)
                found = explain(deal, moves, QUICK, decider=counting)
                latest = max(j for j in range(m + 1, len(moves)) if replay(
                    deal_after(deal, moves[:j]),
                    play_leniently(deal_after(deal, moves[:j]), win)).won)
                assert found.verdicts[latest] is Verdict.WINNABLE
                assert deal_after(deal, moves[:latest]) not in solved
                for k, verdict in found.verdicts.items():
                    if verdict is not Verdict.UNKNOWN:
                        assert verdict is brute(deal_after(deal, moves[:k])).verdict
                return
    pytest.fail("no deal whose winning line survives another move")


#: The position of the `tuned` policy's lost game of frog deal 810003 (seed 810003) after
#: move 82 (32 stock cards): lost, which CP-SAT proves in a second or two, the search
#: without its copy test not in 30 s.
AFTER_MOVE_82 = """\
variant: frog
foundations: KD JS 8S 8C AS AS AC
reserve: 7C 2H 3C 3D 9C KS JS 9H 4H
stock: 6S 9S 2C 7D 4C TH 5D KH QC 5D JH 2S QH KC 5H 8D 5C KS 6D 6H 4D AD 3D 2D 9D JC JH TS 6H 3S QD JD
waste1: QS 7H 7S
waste2: 9S 8H 4D
waste4: QD
waste5: TH JD TC 8S KC 8C 9H TC KD QS QH KH TS
"""


def proved_in_background(decider: LineDecider, position) -> bool:
    """Wait for the CP-SAT working on `position` in the background: whether it proved the
    position lost."""
    answer = None
    while decider.working_on(position):
        decider.wait()
        answer = decider.answered() or answer
    assert answer is not None and answer[0] is position, answer
    return answer[1].verdict is Verdict.UNWINNABLE and answer[1].method == "cpsat"


def test_a_position_the_search_leaves_goes_to_a_second_cpsat(monkeypatch):
    """While CP-SAT works in the background on another position (here a whole deal, which
    keeps it busy for long), the search's position, after move 82, is not decided by the
    search within HAND_AFTER: its solve ends there, unknown, and a second CP-SAT in the
    background takes that position and proves it lost, while the first goes on with its
    own; with the two at work every core is taken (`full`). The search here runs without
    the copy test (which proves this position lost in a few seconds), so that only the
    second CP-SAT can answer: the search alone would answer unknown after its 12 s."""
    from solver.patience.deal import parse_deal_text
    from solver.patience.search import kernel

    monkeypatch.setattr(kernel, "ALL_OPTIONS",
                        kernel.ALL_OPTIONS & ~(kernel.OPT_COPIES | kernel.OPT_HALL))
    busy = deal_from_number(variant_rules("frog"), 1)
    lost = parse_deal_text(AFTER_MOVE_82)
    limits = Limits(timeout=12, memory=1 << 26)
    decider = LineDecider(lost, limits.memory)
    decider.deadline = time.monotonic() + 60
    try:
        decider.hand(busy, Limits(timeout=60, memory=limits.memory))
        assert decider.working_on(busy) and not decider.full
        handed = decider(lost, limits)
        assert handed.verdict is Verdict.UNKNOWN
        assert decider.working_on(lost) and decider.working_on(busy) and decider.full
        assert proved_in_background(decider, lost)
        assert decider.working_on(busy)
    finally:
        decider.close()


def test_the_search_leaves_its_position_to_the_cpsat_beside_it(monkeypatch):
    """With a deadline, the search beside its own position's CP-SAT stops after
    SEARCH_BESIDE (here 0.3 s, soon after CP-SAT starts), unknown, long before its solve's
    12 s, and leaves the position to that CP-SAT, which goes on in the background and
    proves it lost. (The copy test is off, as above, so that the search cannot prove it
    within the solve.)"""
    from solver.patience import explain as explaining
    from solver.patience.deal import parse_deal_text
    from solver.patience.search import kernel

    monkeypatch.setattr(kernel, "ALL_OPTIONS",
                        kernel.ALL_OPTIONS & ~(kernel.OPT_COPIES | kernel.OPT_HALL))
    monkeypatch.setattr(explaining, "SEARCH_BESIDE", 0.3)
    lost = parse_deal_text(AFTER_MOVE_82)
    limits = Limits(timeout=12, memory=1 << 26)
    decider = LineDecider(lost, limits.memory)
    decider.deadline = time.monotonic() + 60
    try:
        left = decider(lost, limits)
        assert left.verdict is Verdict.UNKNOWN and left.nodes > 0
        assert decider.working_on(lost) and decider.working
        assert proved_in_background(decider, lost)
    finally:
        decider.close()
