"""Every benchmark script still starts: its imports resolve and `--help` prints its usage.

The benchmarks are not run by the default test run (they take minutes to hours), so a
moved module would otherwise break them unnoticed until someone reruns a figure.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from solver.survey import provenance
from tests.conftest import process_env

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "benchmarks").glob("*.py")) + \
    sorted((ROOT / "benchmarks" / "experiments").glob("*.py"))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(ROOT / "benchmarks")))
def test_benchmark_script_starts(script: Path) -> None:
    result = subprocess.run([sys.executable, str(script), "--help"], cwd=ROOT,
                            env=process_env(), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "usage:" in result.stdout


def test_provenance_names_the_command_commit_date_and_machine() -> None:
    lines = provenance([str(ROOT / "benchmarks" / "loss_ladder.py"), "--deals", "1-3 5"])
    assert lines[0] == "$ python benchmarks/loss_ladder.py --deals '1-3 5'"
    assert re.fullmatch(r"commit \S+, \d{4}-\d\d-\d\d \d\d:\d\d UTC, \d+ cores, load average "
                        r"[\d.]+ [\d.]+ [\d.]+, Python 3\.\d+\.\d+", lines[1]), lines[1]


#: Scripts that still write their own header (their switch to `print_provenance` is due).
OWN_HEADER: set[str] = set()


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(ROOT / "benchmarks")))
def test_every_benchmark_heads_its_output_with_the_provenance(script: Path) -> None:
    if script.name in OWN_HEADER:
        pytest.skip("writes its own header")
    assert re.search(r"\b(print_)?provenance\(\)", script.read_text())


def test_blind_benchmark_counts_the_games_and_resumes_from_its_store(tmp_path: Path) -> None:
    """A tiny run of benchmarks/blind.py: its win counts are the games' own, its pair line
    the counts of deals one policy won and the other lost, and a rerun plays nothing."""
    from solver.patience.blind import play_blind, policy_named
    from solver.patience.deal import deal_from_number
    from solver.patience.rules import variant_rules

    out, db = tmp_path / "blind.txt", tmp_path / "blind.sqlite"
    command = [sys.executable, "benchmarks/blind.py", "--variants", "fly", "--policies",
               "pysol", "tips", "--deals", "1-30", "--db", str(db), "--out", str(out)]
    first = subprocess.run(command, cwd=ROOT, env=process_env(), capture_output=True,
                           text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    assert "30/30 played" in first.stderr
    won = {name: {n for n in range(1, 31)
                  if play_blind(deal_from_number(variant_rules("fly"), n), policy_named(name),
                                n).won}
           for name in ("pysol", "tips")}
    lines = out.read_text().splitlines()
    for name in ("pysol", "tips"):
        line = next(line for line in lines if line.split()[:2] == ["fly", name])
        assert line.split()[2:4] == ["30", str(len(won[name]))]
        assert line.split()[-1] == "100.0%"  # every game of a score policy within 10 s
    pair = next(line for line in lines if line.split()[:3] == ["fly", "pysol", "tips"])
    assert pair.split()[3:6] == ["30", str(len(won["pysol"] - won["tips"])),
                                 str(len(won["tips"] - won["pysol"]))]
    again = subprocess.run(command, cwd=ROOT, env=process_env(), capture_output=True,
                           text=True, timeout=300)
    assert again.returncode == 0 and "played" not in again.stderr
    assert again.stdout.splitlines()[3:] == lines[3:]  # the same table; only the header moves


def test_hint_speed_times_a_hint_process_every_n_cards_of_the_games() -> None:
    """benchmarks/hint_speed.py with a fast policy: it times one `frog hint` process at every
    5th card each game turned, and its win count is the games' own."""
    from solver.patience.blind import play_blind, policy_named
    from solver.patience.deal import deal_from_number
    from solver.patience.line import STOCK
    from solver.patience.rules import variant_rules

    command = [sys.executable, "benchmarks/hint_speed.py", "--variant", "fanny", "--deals",
               "1-3", "--policy", "tuned", "--every", "5"]
    result = subprocess.run(command, cwd=ROOT, env=process_env(), capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    games = [play_blind(deal_from_number(variant_rules("fanny"), n), policy_named("tuned"), n)
             for n in range(1, 4)]
    turns = [sum(1 for move in game.moves if move.source == STOCK) for game in games]
    rows = [line.split() for line in result.stdout.splitlines() if line[:5].strip()[:1].isdigit()]
    assert sum(int(row[1]) for row in rows) == sum((t + 4) // 5 for t in turns)
    assert f"all hints: {sum((t + 4) // 5 for t in turns)}," in result.stdout
    assert f"games: 3, won {sum(game.won for game in games)}," in result.stdout


def test_beam_share_counts_the_beams_own_nodes_and_wins() -> None:
    """benchmarks/beam_share.py --width: its node and win counts are those of the same
    beams run directly."""
    from solver.patience.deal import deal_from_number
    from solver.patience.rules import variant_rules
    from solver.patience.search.beam import beam_search
    from solver.patience.search.state import SearchArrays

    command = [sys.executable, "benchmarks/beam_share.py", "--variant", "fanny", "--deals",
               "2,6", "--width", "64"]
    result = subprocess.run(command, cwd=ROOT, env=process_env(), capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    beams = [beam_search(SearchArrays(deal_from_number(variant_rules("fanny"), n)), 64,
                         noise=2, seed=seed) for n in (2, 6) for seed in range(2)]
    nodes, wins = sum(spent for _, spent in beams), sum(won for won, _ in beams)
    assert f"2 beams of width 64 each: {nodes:,} nodes, {wins} won," in result.stdout


def test_calibration_fits_on_one_set_and_judges_on_the_other(tmp_path: Path) -> None:
    """benchmarks/calibration.py on recorded decisions (nothing left to play): the model is
    fitted on the fit deals only, the tables count the test deals' decisions, and records of
    other deals are ignored."""
    import gzip
    import json as jsonlib
    import random

    rng = random.Random(3)
    records = tmp_path / "records.jsonl.gz"
    with gzip.open(records, "wt") as out:
        for deal in [*range(1, 21), *range(101, 111), 999]:
            won = rng.random() < 0.6
            for stock in range(0, 80, 8):
                wins = rng.randint(8, 16) if won else rng.randint(0, 10)
                out.write(jsonlib.dumps({"deal": deal, "variant": "frog", "stock": stock,
                                         "wins": wins, "samples": 16, "won": won}) + "\n")
    out_file = tmp_path / "table.txt"
    command = [sys.executable, "benchmarks/calibration.py", "--fit-deals", "1-20",
               "--test-deals", "101-110", "--records", str(records), "--out", str(out_file)]
    result = subprocess.run(command, cwd=ROOT, env=process_env(), capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    text = out_file.read_text()
    assert text == result.stdout
    assert "fitted on 200 decisions of 20 games" in text
    assert "judged on 100 decisions of 10 other games" in text
    assert text.count("expected calibration error") >= 2
    overlap = subprocess.run(command[:2] + ["--fit-deals", "1-20", "--test-deals", "20-30"],
                             cwd=ROOT, env=process_env(), capture_output=True, text=True)
    assert overlap.returncode == 2 and "must not overlap" in overlap.stderr


def test_explain_speed_explains_every_lost_game_once_played(tmp_path: Path) -> None:
    """benchmarks/explain_speed.py on two lost `tuned` games whose losing move is found in a
    second: a row for each, both named, and the played games kept for the next run."""
    games = tmp_path / "games.jsonl"
    command = [sys.executable, "benchmarks/explain_speed.py", "--tuned-deals", "810002,810005",
               "--games", str(games), "--out", str(tmp_path / "out.txt")]
    for _ in range(2):  # the second run reads the games instead of playing them
        result = subprocess.run(command, cwd=ROOT, env=process_env(), capture_output=True,
                                text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        assert "2 games played, 2 lost" in result.stdout
        rows = [line.split() for line in result.stdout.splitlines()
                if line.startswith("tuned ") and "%" not in line]
        assert [(row[1], row[4], row[5]) for row in rows] == [("810002", "named", "132"),
                                                              ("810005", "named", "146")]
        assert re.search(r"^all +2 +2 +2 +100\.0% +2 ", result.stdout, re.M), result.stdout
    assert len(games.read_text().splitlines()) == 2
    assert (tmp_path / "out.txt").read_text().startswith("$ python benchmarks/explain_speed.py")


def test_loss_ladder_switches_on_what_frog_solve_leaves_off() -> None:
    """`--enable hall` runs the row with every reduction on; by default the row runs as
    `frog solve` does (OFF_FOR_DEALS off); `--enable` with `--disable` is refused."""
    from solver.patience.search.driver import OFF_FOR_DEALS

    def ladder(*options: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "benchmarks/loss_ladder.py", "--rows", "frog-r5",
                               "--deals", "1", "--max-nodes", "1K", *options], cwd=ROOT,
                              env=process_env(), capture_output=True, text=True, timeout=300)

    enabled, default = ladder("--enable", "hall"), ladder()
    assert enabled.returncode == 0 and default.returncode == 0, enabled.stderr + default.stderr
    assert "disabled: none;" in enabled.stdout
    assert f"disabled: {', '.join(OFF_FOR_DEALS)};" in default.stdout
    refused = ladder("--enable", "hall", "--disable", "dead")
    assert refused.returncode == 2 and "do not go together" in refused.stderr
