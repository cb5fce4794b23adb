"""End to end: `frog solve` as a user types it (verdicts, exit codes, JSON fields, the move
list written for `frog verify`, limits, Ctrl-C)."""
from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import time

import pytest
from tests.conftest import (SMALL_LOST, default_sigint, frog_argv, one_error_line, process_env,
                            read_pty_until)



def test_default_deal_is_won_with_a_readable_numbered_line(frog):
    """A player reads the verdict, then the line: no search figures between them."""
    code, out, _ = frog("solve")
    assert code == 0
    assert out.startswith("frog deal 3: winnable\nWinning line (")
    assert "\n  1. " in out and "from the stock to" in out
    assert "nodes" not in out and "table hits" not in out and "method" not in out


def test_stats_adds_the_search_figures_and_counters(frog):
    code, out, _ = frog("solve", "3", "--stats", "--jobs", "1")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "frog deal 3: winnable"
    assert lines[1].startswith("method search, ") and "nodes/s" in lines[1]
    assert "table hits" in lines[2] and "restarts" in lines[2]
    assert lines[3].startswith("Winning line (")
    code, quiet, _ = frog("solve", "3", "--stats", "--jobs", "1", "-q")
    assert code == 0 and quiet.splitlines()[:1] == lines[:1] and "Winning line" not in quiet
    assert "table hits" in quiet


def test_a_lost_deal_shows_its_reason_without_the_counters(frog):
    """Deal 117 is lost by counting: the default output is the verdict and the reason."""
    code, out, _ = frog("solve", "117")
    assert code == 1 and out.startswith("frog deal 117: unwinnable\n")
    assert "why:" in out and "nodes" not in out and "table hits" not in out
    code, stats, _ = frog("solve", "117", "--stats")
    assert code == 1 and "why:" in stats and "table hits" in stats


def test_json_keeps_the_counters_with_or_without_stats(frog):
    _, plain, _ = frog("solve", "9", "--json", "--jobs", "1")
    _, stats, _ = frog("solve", "9", "--json", "--jobs", "1", "--stats")
    plain, stats = json.loads(plain), json.loads(stats)
    assert "table_hits" in plain["stats"] and plain["nodes"] > 0
    assert plain.keys() == stats.keys() and plain["stats"].keys() == stats["stats"].keys()
    assert plain["nodes"] == stats["nodes"] and plain["moves"] == stats["moves"]


def test_moves_out_replays_with_verify(frog, tmp_path):
    moves = tmp_path / "win.txt"
    code, _, _ = frog("solve", "3", "-v", "pysol-frog", "--moves-out", moves, "-q")
    assert code == 0
    code, out, _ = frog("verify", "3", "-v", "pysol-frog", moves)
    assert code == 0 and out.startswith("valid, won in ")


def test_json_has_the_rules_md_fields(frog):
    code, out, _ = frog("solve", "9", "--json")
    data = json.loads(out)
    assert code == 0
    for key in ("verdict", "reason", "moves", "nodes", "seconds", "variant", "rules", "method",
                "limits", "stats"):
        assert key in data
    assert data["verdict"] == "winnable" and data["reason"] is None
    assert data["rules"]["waste-piles"] == 5 and data["variant"] == "frog"
    assert all(len(move.split()) == 3 for move in data["moves"])
    assert "table_hits" in data["stats"] and "nodes_per_second" in data["stats"]


def test_unwinnable_small_game_exits_1(frog, tmp_path):
    deal = tmp_path / "lost.txt"
    deal.write_text(SMALL_LOST)
    code, out, _ = frog("solve", deal)
    assert code == 1 and ": unwinnable" in out
    for method in ("brute", "cpsat"):
        code, out, _ = frog("solve", deal, "--method", method, "--timeout", "30s")
        assert code == 1 and ": unwinnable" in out


def test_node_limit_exits_3_with_statistics(frog):
    code, out, _ = frog("solve", "39", "--max-nodes", "20K", "--json")
    data = json.loads(out)
    assert code == 3 and (data["verdict"], data["reason"]) == ("unknown", "node limit")
    assert data["nodes"] == 20_000 and data["limits"]["max_nodes"] == 20_000


@pytest.mark.parametrize("option,value,words", [
    ("--max-nodes", "ten", "node count"), ("--timeout", "3 weeks", "duration"),
    ("--memory", "1T", "memory size"), ("--method", "guess", "invalid choice"),
    # beyond 64 bits (CP-SAT refused them with a TypeError) or beyond a float
    ("--max-nodes", str(10**30), "1 to 10^18"), ("--memory", "99999999999999999999G", "at most"),
    ("--max-nodes", "9" * 400, "too large"), ("--timeout", "9" * 400, "too large")])
def test_bad_limits_exit_2(frog, option, value, words):
    code, _, err = frog("solve", "3", option, value)
    assert code == 2 and words in err and "Traceback" not in err


def test_bad_deal_file_exits_2_naming_the_line(frog, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text(SMALL_LOST.replace("3D", "3D 3D"))
    code, _, err = frog("solve", bad)
    assert code == 2
    one_error_line(err, "line 8", "3D")


def test_ctrl_c_gives_unknown_interrupted_with_statistics():
    """The interrupt comes once the live line shows the search under way (stderr is a
    terminal, so the line is drawn), not after a guessed time: on a loaded machine the
    kernel may still be loading after several seconds. With two waste piles deal 1 stays
    unknown for minutes (loss ladder benchmark), so the interrupt lands in the search."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(frog_argv("solve", "1", "--waste-piles", "2", "--stats",
                                         "--memory", "64M"),
                               stdout=subprocess.PIPE, stderr=follower, text=True,
                               env=process_env(), preexec_fn=default_sigint)
    os.close(follower)
    shown = read_pty_until(leader, b"nodes", timeout=600)
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=60)
    err = read_pty_until(leader, None, timeout=10).decode()
    os.close(leader)
    assert b"nodes" in shown
    assert process.returncode == 3, err
    verdict, counts = out.splitlines()[:2]
    assert verdict == "frog deal 1: unknown (interrupted)"
    nodes = int(counts.split(", ")[1].split()[0].replace(",", ""))
    assert nodes > 0 and "Traceback" not in err


def test_noise_changes_the_restarts_and_must_be_positive(frog):
    """Frog deal 183 stays unknown within 200K nodes at the default noise and is won with
    noise 120 (the restarts are seeded, so this is reproducible with --jobs 1: on several
    processes other sequences run too)."""
    code, _, _ = frog("solve", "183", "--max-nodes", "200K", "-q", "--jobs", "1")
    assert code == 3
    code, out, _ = frog("solve", "183", "--noise", "120", "--max-nodes", "200K", "-q",
                        "--jobs", "1")
    assert code == 0 and ": winnable" in out
    code, _, err = frog("solve", "7", "--noise", "0")
    assert code == 2
    one_error_line(err, "--noise")
    code, _, err = frog("solve", "7", "--noise", str(10**30))  # was an OverflowError
    assert code == 2
    one_error_line(err, "--noise must be 1 to 1,000,000")


@pytest.mark.parametrize("method", ["cpsat", "brute"])
def test_ctrl_c_stops_the_witnesses_too(method):
    """CP-SAT and the brute force stop at Ctrl-C with unknown (interrupted), exit 3: a full
    deal keeps both busy far longer than the 5 s before the interrupt (CP-SAT used to catch
    SIGINT itself, and its answer could not tell an interrupt from a limit)."""
    process = subprocess.Popen(frog_argv("solve", "5", "--method", method, "--json",
                                         "--timeout", "120s"),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=process_env(), preexec_fn=default_sigint)
    time.sleep(5)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 3, err
    data = json.loads(out)
    assert (data["verdict"], data["reason"], data["method"]) == ("unknown", "interrupted", method)
    assert data["seconds"] < 60 and "Traceback" not in err


def test_ctrl_c_while_a_method_loads_answers_unknown_interrupted(frog, monkeypatch):
    """An interrupt that arrives before the method handles Ctrl-C itself (OR-Tools still
    importing, say) gives the same answer as one during the search: unknown, interrupted,
    exit 3, with the JSON object."""
    from solver.patience import methods

    def interrupted(*_):
        raise KeyboardInterrupt

    monkeypatch.setattr(methods, "_cpsat", interrupted)
    code, out, err = frog("solve", "5", "--method", "cpsat", "--timeout", "5s", "--json")
    data = json.loads(out)
    assert code == 3 and (data["verdict"], data["reason"]) == ("unknown", "interrupted")
