"""The parallel portfolio (`decide(..., jobs=N)`, `frog solve --jobs N`): independent restart
sequences, limits as totals, the first decisive answer, worker failures as SolverBug, and
Ctrl-C stopping every process."""
from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from solver.answer import Limits, Result, SolverBug, Verdict
from solver.patience import decide, deal_from_number, parse_deal, variant_rules
from solver.patience.portfolio import HANDOVER_NODES, HANDOVER_TIME_SHARE, cpsat_handover
from solver.patience.search import parallel, solve, warm_up
from tests.conftest import (OPEN_DEAL_ARGS, SMALL_LOST, TINY, default_sigint, frog_argv,
                            one_error_line, open_deal, process_env)


needs_fork = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                                reason="the failure tests patch the workers through fork")


def frog(number: int):
    return deal_from_number(variant_rules("frog"), number)


def test_seed_zero_is_the_standard_sequence_node_for_node():
    """Seed 0 and jobs=1 are the one-process search, node for node (`frog` deal 3, the README's
    first example)."""
    nodes = solve(frog(3)).nodes
    assert solve(frog(3), seeds=(0,)).nodes == nodes
    assert decide(frog(3), jobs=1).nodes == nodes  # decided by sequence 0 alone


def test_other_seeds_are_other_complete_searches():
    deal = frog(3)
    seeded = [solve(deal, Limits(max_nodes=5_000_000), seeds=(seed,)) for seed in (0, 1, 2)]
    assert {result.verdict for result in seeded} == {Verdict.WINNABLE}
    assert len({result.nodes for result in seeded}) == 3
    assert [result.stats.get("seeds") for result in seeded] == [None, "1", "2"]
    lost = parse_deal(SMALL_LOST)
    assert all(solve(lost, seeds=(seed,)).verdict is Verdict.UNWINNABLE for seed in range(4))
    for bad in ((-1,), (), (1, 1)):
        with pytest.raises(ValueError):
            solve(deal, seeds=bad)


def test_worker_plans_split_the_limits():
    plans = parallel.worker_plans(2, 20, Limits(max_nodes=1_000_001, timeout=10.0,
                                                memory=1 << 30), 200_000, 1.5)
    # the strategy's eight sequences, four to a worker; each runs at its own sequence_noise
    assert [(plan.seeds, plan.noise) for plan in plans] == [((0, 2, 4, 6), 20),
                                                            ((1, 3, 5, 7), 20)]
    assert sum(plan.limits.max_nodes for plan in plans) == 800_001
    assert all(plan.limits.memory == 1 << 29 for plan in plans)
    assert all(plan.limits.timeout == pytest.approx(8.5) for plan in plans)
    # no worker is started with a zero node budget
    assert len(parallel.worker_plans(4, 20, Limits(max_nodes=202), 200, 0.0)) == 2


def test_a_deal_won_in_the_first_try_starts_no_process():
    result = decide(frog(3), jobs=2)
    assert result.verdict is Verdict.WINNABLE and result.nodes == decide(frog(3), jobs=1).nodes
    assert result.stats["jobs"] == 2 and "worker" not in result.stats
    assert not multiprocessing.active_children()


def test_node_limit_is_the_total_over_all_workers():
    progress: list[int] = []
    result = decide(open_deal(), limits=Limits(max_nodes=700_000), jobs=2,
                    progress=lambda nodes, seconds, restarts: progress.append(nodes))
    assert (result.verdict, result.reason) == (Verdict.UNKNOWN, "node limit")
    assert result.nodes == 700_000 and result.stats["jobs"] == 2
    assert max(progress) <= 700_000 and max(progress) > parallel.FIRST_TRY_NODES
    assert not multiprocessing.active_children()


def test_time_limit_is_wall_clock_for_the_whole(monkeypatch):
    """The first try and the workers share one time limit. The kernel is compiled before the
    clock starts (a cold compile cache takes seconds, outside any limit, and the workers
    inherit the compiled code), so that only the search's own stopping is timed."""
    monkeypatch.setattr(parallel, "FIRST_TRY_NODES", 1000)  # workers start on a loaded machine
    warm_up()
    start = time.perf_counter()
    result = decide(open_deal(), limits=Limits(timeout=2.0), jobs=2)
    assert (result.verdict, result.reason) == (Verdict.UNKNOWN, "time limit")
    assert time.perf_counter() - start < 2.0 + parallel.STOP_GRACE
    assert result.nodes > 1000 and result.stats["jobs"] == 2
    assert not multiprocessing.active_children()


def test_workers_decide_wins_and_losses(monkeypatch):
    """With the first try cut to a few nodes, the workers answer; their win is replayed
    (decide does it) and their loss is a proof from one complete search."""
    monkeypatch.setattr(parallel, "FIRST_TRY_NODES", 10)
    won = decide(frog(3), jobs=2)
    assert won.verdict is Verdict.WINNABLE and won.stats["worker"] in (0, 1)
    assert won.stats["seed"] == won.stats["worker"] and won.stats["noise"] in (20, 30)
    lost = decide(parse_deal(SMALL_LOST), jobs=3)
    assert lost.verdict is Verdict.UNWINNABLE and lost.stats["jobs"] == 3
    assert not multiprocessing.active_children()


def _patch_workers(monkeypatch, behaviour, first_try_nodes: int = 10):
    """Make the workers (processes other than this one) call `behaviour` with solve's
    arguments instead of solve."""
    parent = os.getpid()
    real = parallel.solve

    def patched(*args, **kwargs):
        if os.getpid() == parent:
            return real(*args, **kwargs)
        return behaviour(*args, **kwargs)

    monkeypatch.setattr(parallel, "solve", patched)
    monkeypatch.setattr(parallel, "FIRST_TRY_NODES", first_try_nodes)


def _raise(*args, **kwargs) -> Result:
    raise RuntimeError("boom in the kernel")


def _bad_line(*args, **kwargs) -> Result:
    return Result(Verdict.WINNABLE, moves=[])


def _die(*args, **kwargs) -> Result:
    os._exit(9)


@needs_fork
@pytest.mark.parametrize("behaviour,words", [
    (_raise, "RuntimeError: boom in the kernel"),
    (_bad_line, "fails its replay"),
    (_die, "without an answer")])
def test_a_worker_failure_is_a_solver_bug(monkeypatch, behaviour, words):
    _patch_workers(monkeypatch, behaviour)
    with pytest.raises(SolverBug, match=words):
        decide(open_deal(), limits=Limits(timeout=30.0), jobs=2)
    assert not multiprocessing.active_children()


@needs_fork
def test_a_worker_bug_exits_4_without_a_traceback(monkeypatch, frog):
    _patch_workers(monkeypatch, _raise)
    code, _, err = frog("solve", *OPEN_DEAL_ARGS, "--jobs", "2", "--timeout", "30s")
    assert code == 4 and "internal error" in err and "boom" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("value", ["0", "-2", "two", "1000"])
def test_bad_jobs_is_one_error_line(frog, value):
    code, _, err = frog("solve", "3", "--jobs", value)
    assert code == 2
    one_error_line(err, "--jobs")


def test_json_says_how_many_jobs(frog):
    code, out, _ = frog("solve", "3", "--jobs", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["jobs"] == 2 and data["stats"]["jobs"] == 2
    won_in_the_first_try = data["nodes"]
    code, out, _ = frog("solve", "3", "--jobs", "1", "--json")
    data = json.loads(out)
    assert data["jobs"] == 1 and data["nodes"] == won_in_the_first_try
    code, out, _ = frog("solve", "3", "--json")  # every core by default
    assert json.loads(out)["jobs"] == len(os.sched_getaffinity(0)) \
        if hasattr(os, "sched_getaffinity") else os.cpu_count()


def _children(pid: int) -> set[int]:
    """The processes whose parent is `pid` (Linux /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("whole_group", [False, True], ids=["parent-only", "terminal-like"])
def test_ctrl_c_stops_every_worker_and_reports_the_statistics(whole_group):
    """SIGINT to the command alone (as `kill -INT`) or to its whole process group (as a
    terminal's Ctrl-C): unknown (interrupted), exit 3, nodes of all processes, and no
    worker left running."""
    subprocess.run(frog_argv("solve", "9", "-q"), capture_output=True, timeout=600)
    argv = frog_argv("solve", *OPEN_DEAL_ARGS, "--jobs", "2", "--json", "--memory", "64M")
    process = subprocess.Popen(argv,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=whole_group, env=process_env(),
                               preexec_fn=default_sigint)
    workers: set[int] = set()
    deadline = time.monotonic() + 120
    while len(workers) < 2 and time.monotonic() < deadline:  # the first try, then 2 workers
        time.sleep(0.2)
        workers = _children(process.pid)
    assert len(workers) >= 2, "the workers did not start"
    time.sleep(2)
    if whole_group:
        os.killpg(process.pid, signal.SIGINT)
    else:
        process.send_signal(signal.SIGINT)
    started = time.monotonic()
    out, err = process.communicate(timeout=60)
    assert time.monotonic() - started < parallel.STOP_GRACE + 5, "too slow to stop"
    data = json.loads(out)
    assert process.returncode == 3, err
    assert (data["verdict"], data["reason"]) == ("unknown", "interrupted")
    assert data["nodes"] > parallel.FIRST_TRY_NODES and data["jobs"] == 2
    assert "Traceback" not in err
    assert not [pid for pid in workers if _alive(pid)]


def test_spawned_workers_load_the_kernel_themselves(monkeypatch):
    """Where the platform cannot fork (macOS, Windows) the workers are spawned: fresh
    interpreters that import the search (once, for time)."""
    monkeypatch.setattr(parallel, "_context", lambda: multiprocessing.get_context("spawn"))
    monkeypatch.setattr(parallel, "FIRST_TRY_NODES", 10)
    result = decide(frog(3), limits=Limits(timeout=300.0), jobs=2)
    assert result.verdict is Verdict.WINNABLE and result.stats["worker"] in (0, 1)
    assert not multiprocessing.active_children()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_workers_stop_when_the_command_is_killed():
    """kill -9 of the command leaves no search running: each worker notices that its parent
    is gone between two kernel chunks."""
    argv = frog_argv("solve", *OPEN_DEAL_ARGS, "--jobs", "2", "-q", "--memory", "64M")
    process = subprocess.Popen(argv,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=process_env())
    workers: set[int] = set()
    deadline = time.monotonic() + 120
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        workers = _children(process.pid)
    assert len(workers) >= 2, "the workers did not start"
    process.kill()
    process.wait()
    deadline = time.monotonic() + 30
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [pid for pid in workers if _alive(pid)]


def test_the_progress_line_is_one_line_for_all_jobs(capsys):
    from cli.solve import _ProgressLine

    meter = _ProgressLine(2)
    meter(3_000_000, 2.0, 40)
    meter.clear()
    err = capsys.readouterr().err
    assert "3,000,000 nodes" in err and "restarts 40 on 2 jobs" in err and "\n" not in err


# ---- the portfolio: the last worker hands over to CP-SAT, beside the restart sequences

def test_portfolio_plans_hand_the_last_worker_over_to_cpsat():
    plans = parallel.worker_plans(3, 20, Limits(max_nodes=1_000_001, timeout=10.0,
                                                memory=3 << 30), 200_000, 1.5,
                                  handover=cpsat_handover())
    assert [(plan.method, plan.seeds) for plan in plans] == [
        ("search", (0, 3, 6)), ("search", (1, 4, 7)), ("cpsat", (2, 5))]
    assert [plan.limits.max_nodes for plan in plans] == [266_667, 266_667, 266_667]
    assert all(plan.limits.memory == 1 << 30 for plan in plans)
    assert all(plan.limits.timeout == pytest.approx(8.5) for plan in plans)
    assert plans[2].name.startswith("search-then-CP-SAT worker 2")
    # under a time limit the sequence hands over after a share of it at the latest
    assert [plan.search_seconds for plan in plans[:2]] == [None, None]
    assert plans[2].search_seconds == pytest.approx(8.5 * HANDOVER_TIME_SHARE)
    # without a node limit the sequence gets HANDOVER_NODES, then CP-SAT the rest of the time
    last = parallel.worker_plans(2, 20, Limits(), 200_000, 0.0, handover=cpsat_handover())[-1]
    assert (last.method, last.limits.max_nodes) == ("cpsat", HANDOVER_NODES)
    assert last.search_seconds is None
    with pytest.raises(ValueError):
        parallel.worker_plans(1, 20, Limits(), 0, 0.0, handover=cpsat_handover())


def test_the_search_loads_no_cpsat():
    """The portfolio (solver/patience/portfolio.py) joins the search and CP-SAT: the search
    package runs, in parallel too, without OR-Tools or the CP-SAT model."""
    code = ("import sys; from solver.patience.search import parallel, solve; "
            "print(sorted(m for m in sys.modules if m.startswith(('ortools', "
            "'solver.patience.cpsat'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).parent.parent.parent, check=True).stdout
    assert out.strip() == "[]"


def _hang_but_the_last(*args, **kwargs) -> Result:
    """Search workers that never answer, except that the last worker's (of 2: its sequences
    start at seed 1) stops at once at its node limit: CP-SAT has to answer."""
    if kwargs.get("seeds", (0,))[0] == 1:
        return Result(Verdict.UNKNOWN, "node limit", nodes=7)
    time.sleep(600)
    return Result(Verdict.UNKNOWN, "time limit")


def _patch_searches_to_hang_but_the_last(monkeypatch) -> None:
    _patch_workers(monkeypatch, _hang_but_the_last, first_try_nodes=0)  # small games fall in 10


@needs_fork
@pytest.mark.parametrize("text, verdict", [(SMALL_LOST, Verdict.UNWINNABLE),
                                           (TINY, Verdict.WINNABLE)], ids=["lost", "won"])
def test_the_cpsat_worker_answers_when_no_search_does(monkeypatch, text, verdict):
    """The search workers are made to hang: the answer is CP-SAT's (a proof of loss, or a
    win that decide replays), and the hanging workers are terminated."""
    _patch_searches_to_hang_but_the_last(monkeypatch)
    result = decide(parse_deal(text), "portfolio", Limits(timeout=120.0), jobs=2)
    assert result.verdict is verdict and result.method == "portfolio/cpsat"
    assert result.stats["worker"] == 1 and "seed" not in result.stats
    assert result.nodes == 7  # the sequence's nodes before the hand-over, not conflicts
    assert result.stats["conflicts"] >= 0
    assert (result.moves is not None) == (verdict is Verdict.WINNABLE)
    assert not multiprocessing.active_children()


def _hang_but_the_last_on_its_time_share(deal, limits, *args, **kwargs) -> Result:
    """As `_hang_but_the_last`, but the last worker's sequence stops at its own time limit,
    which must be its share of the whole."""
    if kwargs.get("seeds", (0,))[0] == 1:
        assert limits.timeout < 60 * HANDOVER_TIME_SHARE + 1e-9
        return Result(Verdict.UNKNOWN, "time limit", nodes=5)
    time.sleep(600)
    return Result(Verdict.UNKNOWN, "time limit")


@needs_fork
def test_the_cpsat_worker_hands_over_at_its_share_of_the_time(monkeypatch):
    """Under a time limit the last worker's sequence has only a share of it, and stopping
    at that limit hands over to CP-SAT like its node limit does."""
    _patch_workers(monkeypatch, _hang_but_the_last_on_its_time_share, first_try_nodes=0)
    result = decide(parse_deal(SMALL_LOST), "portfolio", Limits(timeout=60.0), jobs=2)
    assert result.verdict is Verdict.UNWINNABLE and result.method == "portfolio/cpsat"
    assert result.nodes == 5
    assert not multiprocessing.active_children()


def test_the_cpsat_worker_stops_when_the_searches_end():
    """CP-SAT has no node limit of its own: it stops with the searches, and the node count
    and the reason are theirs."""
    start = time.perf_counter()
    result = decide(open_deal(), "portfolio", Limits(max_nodes=700_000), jobs=2)
    assert (result.verdict, result.reason) == (Verdict.UNKNOWN, "node limit")
    assert result.nodes == 700_000 and result.method == "portfolio"
    assert time.perf_counter() - start < 60
    assert not multiprocessing.active_children()


def test_the_portfolio_on_two_cores_wins_what_either_wins(monkeypatch):
    """Nothing patched: a search worker or CP-SAT answers, and the answer is right."""
    monkeypatch.setattr(parallel, "FIRST_TRY_NODES", 0)
    lost = decide(parse_deal(SMALL_LOST), "portfolio", Limits(timeout=120.0), jobs=2)
    assert lost.verdict is Verdict.UNWINNABLE and lost.method in (
        "portfolio/search", "portfolio/cpsat")
    won = decide(frog(3), "portfolio", Limits(timeout=120.0), jobs=2)
    assert won.verdict is Verdict.WINNABLE and won.method in (
        "portfolio/search", "portfolio/cpsat")
    assert not multiprocessing.active_children()


@needs_fork
def test_a_cpsat_worker_failure_is_a_solver_bug_naming_it(monkeypatch):
    from solver.patience import cpsat

    _patch_searches_to_hang_but_the_last(monkeypatch)
    monkeypatch.setattr(cpsat, "cpsat_solve", _raise)
    with pytest.raises(SolverBug, match="CP-SAT worker 1 .*failed: RuntimeError: boom"):
        decide(parse_deal(TINY), "portfolio", Limits(timeout=120.0), jobs=2)
    assert not multiprocessing.active_children()


def test_sir_tommy_defaults_to_the_portfolio(frog):
    from solver.patience import default_method

    assert default_method(variant_rules("sir-tommy")) == "portfolio"
    assert {default_method(variant_rules(v)) for v in ("frog", "pysol-frog", "fanny")} == {
        "search"}
    for argv, method in [(["--variant", "sir-tommy"], "portfolio/search"),
                         ([], "search"),
                         (["--variant", "sir-tommy", "--method", "search"], "search")]:
        code, out, _ = frog("solve", "3", *argv, "--json")
        assert code == 0 and json.loads(out)["method"] == method, argv
