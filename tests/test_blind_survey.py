"""Blind surveys (docs/blind.md, Blind surveys): `frog survey --policy` plays each deal once
without peeking and stores it like an open survey's row; the store resumes without
duplicates after kill -9; `frog report` counts wins with the Wilson interval and sets open
and blind rates side by side; the paired test of two policies is the exact sign test."""
import json
import os
import signal
import sqlite3
import subprocess
import time

import pytest
from tests.conftest import default_sigint, frog_argv, one_error_line, process_env

from solver.patience.blind import play_blind, policy_named
from solver.patience.deal import deal_from_number
from solver.patience.engine import replay
from solver.survey.blind_work import BlindJob, play_number, policy_spec
from solver.survey.stats import paired, sign_test, summarise_blind, wilson
from solver.survey.work import rules_for

#: The reduced game of the open survey tests: a pysol game takes about 2 ms, most are won.
TINY = ["--variant", "frog", "--ranks", "4", "--waste-piles", "2"]
TINY_RULES = rules_for("frog", ranks=4, waste_piles=2)
TINY_LABEL = "frog --ranks 4 --waste-piles 2"
PYSOL_LABEL = TINY_LABEL + " --policy pysol"


def blind_rows_of(db):
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT label, deal, verdict, policy, seed, decisions"
                                  " FROM results WHERE policy IS NOT NULL").fetchall()


def direct_wins(policy, deals, seed_base=0):
    """Wins counted by playing each deal here, as the survey should have."""
    return {n for n in deals
            if play_blind(deal_from_number(TINY_RULES, n), policy_named(policy),
                          seed_base + n).won}


# --- statistics -----------------------------------------------------------------------------

@pytest.mark.parametrize("first_only, second_only, p", [
    (10, 2, 0.03857),   # 2 x (1 + 12 + 66) / 4096; scipy binomtest(2, 12).pvalue
    (2, 10, 0.03857),
    (0, 5, 0.0625),
    (5, 5, 1.0),
    (0, 0, 1.0),
    (6, 0, 0.03125),    # 2 / 2^6: the fewest discordant deals that are significant
    (5, 0, 0.0625),
])
def test_sign_test_known_values(first_only, second_only, p):
    assert sign_test(first_only, second_only) == pytest.approx(p, abs=5e-5)


def test_paired_counts_only_the_shared_deals():
    first = [play_number(BlindJob(TINY_LABEL, TINY_RULES, "pysol"), n) for n in range(1, 41)]
    second = [play_number(BlindJob(TINY_LABEL, TINY_RULES, "tips"), n) for n in range(11, 51)]
    pair = paired(first, second)
    won_first = {row.deal for row in first if row.won}
    won_second = {row.deal for row in second if row.won}
    shared = set(range(11, 41))
    assert pair["deals"] == 30
    assert pair["first_only"] == len((won_first - won_second) & shared)
    assert pair["second_only"] == len((won_second - won_first) & shared)
    assert pair["both"] == len(won_first & won_second & shared)
    assert pair["p_value"] == sign_test(pair["first_only"], pair["second_only"])


def test_a_blind_row_is_the_game_the_policy_plays():
    row = play_number(BlindJob(TINY_LABEL, TINY_RULES, "tips", seed=100), 7)
    game = play_blind(deal_from_number(TINY_RULES, 7), policy_named("tips"), 107)
    assert (row.won, row.moves, row.decisions, row.seed) == (game.won, len(game.moves),
                                                             game.decisions, 107)
    assert row.label == TINY_LABEL + " --policy tips" and row.policy == "tips"
    assert replay(deal_from_number(TINY_RULES, 7), game.moves).won == game.won


def test_policy_spec_names_the_settings_so_best_rows_stay_meaningful():
    sample = policy_named("sample")
    spec = policy_spec(policy_named("best"))
    assert spec.startswith(f"{policy_named('best').name}")
    assert policy_spec(sample) == (f"sample(base={sample.base.name},samples={sample.samples},"
                                   f"nodes={sample.nodes},horizon={sample.horizon})")
    assert policy_spec(policy_named("pysol")) == "pysol"


def test_summarise_blind_counts_and_interval():
    rows = [play_number(BlindJob(TINY_LABEL, TINY_RULES, "pysol"), n) for n in range(1, 31)]
    summary = summarise_blind(rows)
    won = sum(row.won for row in rows)
    assert (summary["games"], summary["won"], summary["lost"]) == (30, won, 30 - won)
    assert (summary["ci_low"], summary["ci_high"]) == pytest.approx(wilson(won, 30))


# --- frog survey --policy and frog report -----------------------------------------------------

def test_blind_survey_stores_each_game_once_and_the_report_counts_them(tmp_path, frog):
    db = tmp_path / "blind.sqlite"
    code, _, err = frog("survey", *TINY, "--deals", "1-40", "--policy", "pysol", "--jobs", "2",
                        "--db", db)
    assert code == 0, err
    stored = blind_rows_of(db)
    assert sorted(deal for _, deal, _, _, _, _ in stored) == list(range(1, 41))
    assert {(label_, policy) for label_, _, _, policy, _, _ in stored} == {(PYSOL_LABEL, "pysol")}
    wins = direct_wins("pysol", range(1, 41))
    assert {deal for _, deal, verdict, _, _, _ in stored if verdict == "won"} == wins
    assert all(seed == deal for _, deal, _, _, seed, _ in stored)
    # the same command again plays nothing; a wider range only the new deals
    code, _, err = frog("survey", *TINY, "--deals", "1-50", "--policy", "pysol", "--db", db)
    assert code == 0 and "40 already" in err and "10 to play" in err
    assert len(blind_rows_of(db)) == 50
    wins |= direct_wins("pysol", range(41, 51))

    code, out, _ = frog("report", db, "--json")
    entry = json.loads(out)[PYSOL_LABEL]
    assert (entry["kind"], entry["rules_label"], entry["policy"]) == ("blind", TINY_LABEL,
                                                                      "pysol")
    assert (entry["games"], entry["won"], entry["lost"]) == (50, len(wins), 50 - len(wins))
    assert (entry["ci_low"], entry["ci_high"]) == pytest.approx(wilson(len(wins), 50))
    assert "open" not in entry  # no open survey of these rules yet
    code, out, _ = frog("report", db)
    assert code == 0 and "policy" in out and "open play" not in out


def test_report_sets_open_and_blind_rates_side_by_side(tmp_path, frog):
    db = tmp_path / "both.sqlite"
    assert frog("survey", *TINY, "--deals", "1-30", "--policy", "tips", "--seed", "5",
                "--db", db)[0] == 0
    assert frog("survey", *TINY, "--deals", "11-40", "--timeout", "5s", "--memory", "1M",
                "--db", db)[0] == 0
    code, out, _ = frog("report", db, "--json")
    report = json.loads(out)
    assert report[TINY_LABEL]["kind"] == "open" and report[TINY_LABEL]["deals"] == 30
    beside = report[TINY_LABEL + " --policy tips"]["open"]
    won_open = report[TINY_LABEL]["winnable"]
    assert beside["deals"] == 20  # deals 11-30, in both surveys
    blind_wins = direct_wins("tips", range(11, 31), seed_base=5)
    assert beside["blind"]["won"] == len(blind_wins)
    assert (beside["blind"]["ci_low"], beside["blind"]["ci_high"]) == pytest.approx(
        wilson(len(blind_wins), 20))
    assert beside["winnable"] <= won_open and beside["winnable"] >= len(blind_wins)
    code, out, _ = frog("report", db)
    assert code == 0 and "open win rate" in out and "blind win rate" in out
    line = [line for line in out.splitlines() if line.startswith(TINY_LABEL + "  tips")][-1]
    assert f"{100 * len(blind_wins) / 20:.1f}%" in line


@pytest.mark.parametrize("argv, words", [
    (["--policy", "toad"], ["--policy", "toad", "pysol"]),
    (["--policy", "pysol", "--timeout", "5s"], ["--timeout", "blind"]),
    (["--policy", "pysol", "--method", "cpsat"], ["--method"]),
    (["--seed", "3", "--timeout", "5s"], ["--seed", "--policy"]),
])
def test_blind_survey_bad_input_is_one_line_and_exit_2(tmp_path, frog, argv, words):
    code, _, err = frog("survey", *TINY, "--deals", "1-5", "--db", tmp_path / "x.sqlite", *argv)
    assert code == 2
    one_error_line(err, *words)


def test_killed_blind_survey_resumes_without_loss_or_duplicates(tmp_path):
    db = tmp_path / "killed.sqlite"
    deals = 6000
    command = frog_argv("survey", *TINY, "--deals", f"1-{deals}", "--policy", "pysol",
                        "--jobs", "2", "--db", db)
    process = subprocess.Popen(command, start_new_session=True, env=process_env(),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    before = wait_for_rows(db, 100)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    after_kill = blind_rows_of(db)
    assert 100 <= len(after_kill) < deals, "the kill must land mid-survey"
    assert set(before) <= set(after_kill)
    rerun = subprocess.run(command, capture_output=True, text=True, timeout=300,
                           env=process_env())
    assert rerun.returncode == 0, rerun.stderr
    assert f"{len(after_kill)} already" in rerun.stderr
    final = blind_rows_of(db)
    assert len(final) == deals == len({deal for _, deal, _, _, _, _ in final})
    wins = direct_wins("pysol", range(1, deals + 1, 97))
    assert {deal for _, deal, verdict, _, _, _ in final
            if verdict == "won" and deal % 97 == 1} == wins


def test_ctrl_c_stops_a_blind_survey_keeping_its_games(tmp_path):
    db = tmp_path / "interrupted.sqlite"
    command = frog_argv("survey", *TINY, "--deals", "1-20000", "--policy", "pysol",
                        "--jobs", "2", "--db", db)
    process = subprocess.Popen(command, start_new_session=True, env=process_env(),
                               preexec_fn=default_sigint, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    wait_for_rows(db, 50)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 3 and "run the same command to continue" in err
    assert "Traceback" not in err
    kept = blind_rows_of(db)
    assert 50 <= len(kept) < 20000 and len({row[1] for row in kept}) == len(kept)


def wait_for_rows(db, count, seconds=60):
    """The blind rows once at least `count` are stored (or what there is after `seconds`)."""
    deadline = time.monotonic() + seconds
    rows = []
    while time.monotonic() < deadline and len(rows) < count:
        time.sleep(0.2)
        try:
            rows = blind_rows_of(db) if db.exists() else []
        except sqlite3.OperationalError:
            continue  # the table is not created yet
    return rows


def test_blind_survey_on_ray(tmp_path, frog):
    ray = pytest.importorskip("ray")
    db = tmp_path / "ray.sqlite"
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        code, _, err = frog("survey", *TINY, "--deals", "1-30", "--policy", "pysol",
                            "--engine", "ray", "--jobs", "2", "--db", db)
    finally:
        ray.shutdown()
    assert code == 0, err
    stored = blind_rows_of(db)
    assert sorted(row[1] for row in stored) == list(range(1, 31))
    assert {row[1] for row in stored if row[2] == "won"} == direct_wins("pysol", range(1, 31))


def test_blind_rows_travel_through_csv_and_an_older_csv_still_reads(tmp_path, frog):
    db, csv_path, copy = tmp_path / "s.sqlite", tmp_path / "s.csv", tmp_path / "copy.sqlite"
    assert frog("survey", *TINY, "--deals", "1-20", "--policy", "pysol", "--db", db)[0] == 0
    assert frog("survey", *TINY, "--deals", "1-10", "--timeout", "5s", "--db", db)[0] == 0
    assert frog("survey", "--export", csv_path, "--db", db)[0] == 0
    assert frog("survey", "--import", csv_path, "--db", copy)[0] == 0
    assert sorted(blind_rows_of(copy)) == sorted(blind_rows_of(db))
    assert frog("report", csv_path, "--json")[1] == frog("report", db, "--json")[1]
    # a CSV written before the seed and decisions columns: its rows get NULL there
    lines = csv_path.read_text().splitlines()
    assert lines[0].endswith(",policy,seed,decisions")
    old = tmp_path / "old.csv"
    old.write_text("\n".join(line.rsplit(",", 2)[0] for line in lines
                             if line.startswith("label") or "--policy" not in line) + "\n")
    code, out, err = frog("report", old, "--json")
    assert code == 0, err
    assert json.loads(out)[TINY_LABEL]["deals"] == 10
    truncated = tmp_path / "bad.csv"
    truncated.write_text("\n".join(line.rsplit(",", 3)[0] for line in lines) + "\n")
    code, _, err = frog("report", truncated)
    assert code == 2
    one_error_line(err, "header")
