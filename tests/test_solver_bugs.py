"""A solver bug is never a verdict: exit 4 with one `frog: internal error:` line, no traceback.

Each method's winning line is made wrong on purpose (monkeypatched), so that the check
every answer passes before it is shown must catch it: the rules engine's replay in
`solver.patience.methods.decide` (and CP-SAT's own replay), and the trick solver's replay
of its optimal line against the value it found. And the limits every method honours: the
brute force stops at --timeout (it used to run on to its state cap), CP-SAT at --max-nodes.
"""
from __future__ import annotations

import json
import time

import pytest
from tests.conftest import OPEN_DEAL_ARGS, TINY

METHODS = ("search", "cpsat", "brute", "portfolio")


@pytest.fixture
def tiny(tmp_path):
    path = tmp_path / "tiny.txt"
    path.write_text(TINY)
    return path


def one_internal_error(code: int, out: str, err: str, *words: str) -> str:
    """Exit 4, nothing on stdout, one `frog: internal error:` line on stderr."""
    assert code == 4, (code, out, err)
    assert out == "" and "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("frog: internal error: "), err
    for word in words:
        assert word in lines[0], (word, err)
    return lines[0]


def _without_last_move(solve):
    """Wrap a method: its winning line loses its last move (it no longer wins)."""
    def wrapped(*args, **kwargs):
        result = solve(*args, **kwargs)
        if result.moves:
            result.moves = result.moves[:-1]
        return result
    return wrapped


def test_the_tiny_game_is_won_by_every_method(frog, tiny):
    """The premise of the tests below: unpatched, each method answers winnable, exit 0."""
    for method in METHODS:
        code, out, err = frog("solve", tiny, "--method", method, "--timeout", "60s", "-q")
        assert (code, err) == (0, ""), (method, out, err)
        assert ": winnable" in out


@pytest.mark.parametrize("method", METHODS)
def test_a_failing_replay_exits_4(frog, tiny, monkeypatch, method):
    """The rules engine refuses every line: whatever the method, exit 4, never 'winnable'."""
    import solver.patience.methods as methods
    from solver.patience.engine import replay

    def refuses(deal, moves, lines=None):
        real = replay(deal, moves, lines)
        return type(real)(real.position, real.moves_played, False, 1, "refused by the test")

    monkeypatch.setattr(methods, "replay", refuses)
    one_internal_error(*frog("solve", tiny, "--method", method, "--timeout", "60s"),
                       "fails its replay", "refused by the test")


@pytest.mark.parametrize("method, target, attribute", [
    ("search", "solver.patience.search.parallel", "solve"),
    ("portfolio", "solver.patience.search.parallel", "solve"),
    ("brute", "solver.patience.brute", "brute_solve"),
])
def test_a_method_whose_line_does_not_win_exits_4(frog, tiny, monkeypatch, method, target,
                                                 attribute):
    import importlib

    module = importlib.import_module(target)
    monkeypatch.setattr(module, attribute, _without_last_move(getattr(module, attribute)))
    # --jobs 1: the patched function is the one-process search, as the parallel module calls
    # it (tests/patience/test_parallel.py patches the parallel workers)
    message = one_internal_error(*frog("solve", tiny, "--method", method, "--json",
                                       "--jobs", "1"), "winning line fails its replay")
    assert "does not win" in message


def test_a_cpsat_line_that_does_not_win_exits_4(frog, tiny, monkeypatch):
    """CP-SAT replays its own line before it answers."""
    from solver.patience import cpsat

    real = cpsat._Model.moves
    monkeypatch.setattr(cpsat._Model, "moves", lambda self, solver: real(self, solver)[:-1])
    one_internal_error(*frog("solve", tiny, "--method", "cpsat", "--timeout", "60s"),
                       "CP-SAT line does not win")


def test_a_solver_bug_in_a_survey_exits_4_keeping_the_rows(frog, tmp_path, monkeypatch):
    """The workers are forked from this process, so they inherit the patched replay."""
    import solver.patience.methods as methods
    from solver.patience.engine import replay

    def refuses(deal, moves, lines=None):
        real = replay(deal, moves, lines)
        return type(real)(real.position, real.moves_played, False, 1, "refused by the test")

    monkeypatch.setattr(methods, "replay", refuses)
    db = tmp_path / "bug.sqlite"
    code, out, err = frog("survey", "--variant", "frog", "--ranks", "4", "--waste-piles", "2",
                          "--deals", "1-5", "--timeout", "5s", "--memory", "1M", "--db", db,
                          "--no-progress")
    assert code == 4 and out == "" and "Traceback" not in err, err
    last = err.strip().splitlines()[-1]
    assert last.startswith("frog: internal error: ") and "refused by the test" in last
    assert "the rows before it are saved" in last
    assert all(line.startswith("frog") for line in err.strip().splitlines()), err


def test_a_solver_bug_in_bench_exits_4(frog, tmp_path, monkeypatch):
    import solver.patience.methods as methods
    from solver.patience.engine import replay

    def refuses(deal, moves, lines=None):
        real = replay(deal, moves, lines)
        return type(real)(real.position, real.moves_played, False, 1, "refused by the test")

    monkeypatch.setattr(methods, "replay", refuses)
    sets = tmp_path / "sets.json"
    sets.write_text(json.dumps({"quick": {"frog": [3]}, "full": {"frog": [3]}}))
    one_internal_error(*frog("bench", "--quick", "--json", "--sets", sets, "--max-nodes", "1M",
                             "--memory", "16M"), "frog deal 3", "refused by the test")


# --- the trick-taking game -------------------------------------------------------------------

TRICKS_DEAL = """game: frog-tricks
hand1: AC TC 7H 6S
hand2: KC 9H AS 8D
hand3: QC TH KS AD
widow: TD QS 6C
"""


@pytest.fixture
def tricks_deal(tmp_path):
    path = tmp_path / "deal.txt"
    path.write_text(TRICKS_DEAL)
    return path


def test_tricks_solve_answers_unpatched(frog, tricks_deal):
    code, out, err = frog("tricks", "solve", tricks_deal, "--contract", "grand", "--bidder", 2)
    assert (code, err) == (0, "") and "bidder's points under perfect play" in out


@pytest.mark.parametrize("argv", [["--contract", "grand", "--bidder", "2"],
                                  ["--contract", "frog", "--bidder", "1"],
                                  ["--all"]])
def test_a_tricks_line_that_misses_its_value_exits_4(frog, tricks_deal, monkeypatch, argv):
    """The optimal line is replayed and must end with the total the search found: replay
    it one trick short and the check must refuse it."""
    from solver.tricks.search import driver

    real = driver.replay
    monkeypatch.setattr(driver, "replay", lambda deal, rules, discard, line:
                        real(deal, rules, discard, line[:-1]))
    one_internal_error(*frog("tricks", "solve", tricks_deal, *argv), "the search said")


def test_a_tricks_search_with_a_wrong_value_exits_4(frog, tricks_deal, monkeypatch):
    """A search that overstates the bidder's points by one: no line reaches that value."""
    from solver.tricks.search import driver

    real = driver.Searcher.value
    monkeypatch.setattr(driver.Searcher, "value",
                        lambda self, *args, **kwargs: real(self, *args, **kwargs) + 1)
    code, out, err = frog("tricks", "solve", tricks_deal, "--contract", "grand", "--bidder", 2)
    one_internal_error(code, out, err)


# --- limits every method honours ---------------------------------------------------------------

def test_brute_force_honours_the_timeout(frog):
    """Frog deal 3 is far too big for the brute force: --timeout 1s must stop it with
    unknown (time limit), exit 3, long before its state cap."""
    frog("solve", "3", "--method", "brute", "--max-nodes", "2000")  # imports, warm caches
    started = time.monotonic()
    code, out, err = frog("solve", "3", "--method", "brute", "--timeout", "1s", "--json")
    elapsed = time.monotonic() - started
    data = json.loads(out)
    assert code == 3, (out, err)
    assert (data["verdict"], data["reason"], data["method"]) == ("unknown", "time limit", "brute")
    assert 1.0 <= data["seconds"] < 5 and elapsed < 15


def test_brute_force_honours_the_node_limit(frog):
    code, out, _ = frog("solve", "3", "--method", "brute", "--max-nodes", "5K", "--json")
    data = json.loads(out)
    assert code == 3 and (data["verdict"], data["reason"]) == ("unknown", "node limit")
    assert data["nodes"] == 5000


def test_cpsat_honours_the_node_limit(frog, tmp_path):
    """--max-nodes caps CP-SAT's conflicts: on a game it cannot solve without search, a
    tiny cap gives unknown (node limit), exit 3; without the cap it is decided."""
    deal = tmp_path / "mid.txt"
    code, text, _ = frog("deal", "--variant", "frog", "--decks", "1", "--ranks", "6",
                         "--waste-piles", "2", "--reserve-size", "4", "1")
    deal.write_text(text)
    code, out, err = frog("solve", deal, "--method", "cpsat", "--max-nodes", "1",
                          "--timeout", "60s", "--json")
    data = json.loads(out)
    assert code == 3, (out, err)
    assert (data["verdict"], data["reason"], data["method"]) == ("unknown", "node limit", "cpsat")
    assert data["nodes"] >= 1 and data["seconds"] < 60
    code, out, _ = frog("solve", deal, "--method", "cpsat", "--timeout", "60s", "--json")
    assert code in (0, 1) and json.loads(out)["verdict"] in ("winnable", "unwinnable")


def test_a_table_that_cannot_grow_keeps_searching(frog, monkeypatch):
    """--memory larger than the machine has: when growing the table fails, the search goes
    on with the table it has (replacing entries) instead of dying with a MemoryError."""
    from solver.patience.search import state

    real = state.Table._allocate

    def no_memory_beyond_the_start(self, entries):
        if entries > state.Table.START_ENTRIES:
            raise MemoryError
        real(self, entries)

    monkeypatch.setattr(state.Table, "_allocate", no_memory_beyond_the_start)
    # the open deal stays unknown; one job, so the statistics are one table's
    code, out, err = frog("solve", *OPEN_DEAL_ARGS, "--max-nodes", "800K", "--memory", "1G",
                          "--json", "--jobs", "1")
    data = json.loads(out)
    assert code == 3 and err == ""
    assert (data["verdict"], data["reason"], data["nodes"]) == ("unknown", "node limit", 800_000)
    assert data["stats"]["table_entries"] == state.Table.START_ENTRIES
    assert data["stats"]["table_stores"] > state.Table.START_ENTRIES // 2  # it tried to grow
