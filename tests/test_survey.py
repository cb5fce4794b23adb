"""Benchmarks and surveys: the store survives kill -9 without losing or repeating a
deal, the Wilson interval matches published values, the report and compare outputs carry
their fields, and the commands work end to end on tiny reduced games (a few ms per deal)."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tests.conftest import default_sigint, frog_argv, process_env

from solver.patience import NOISE, variant_rules
from solver.patience.search import SEQUENCES
from solver.patience.deal import deal_from_number
from solver.patience.methods import decide
from solver.answer import Limits
from solver.survey.bench import bench_document, compare
from solver.survey.stats import crosstab, percentile, summarise, wilson
from cli.main import main
from solver.survey.csv_rows import read_rows
from solver.survey.store import COLUMNS, Store, parse_deal_ranges
from solver.survey.blind_work import BlindRow
from solver.survey.work import (RETRY_SEQUENCE, Job, Row, decide_number, label, next_sequence,
                                rules_for)

#: A reduced game where most deals are won, some are lost, and each takes milliseconds.
TINY = ["--variant", "frog", "--ranks", "4", "--waste-piles", "2"]
TINY_LABEL = "frog --ranks 4 --waste-piles 2"
TINY_RULES = rules_for("frog", ranks=4, waste_piles=2)


def rows_of(db):
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT label, deal, verdict, nodes FROM results").fetchall()


def row(deal, verdict, nodes=100, seconds=0.01, label_="frog"):
    return Row(label_, deal, verdict, "time limit" if verdict == "unknown" else None, nodes,
               seconds, 10 if verdict == "winnable" else None, nodes / seconds)


# --- statistics -----------------------------------------------------------------------------

@pytest.mark.parametrize("successes, trials, low, high", [
    (5, 10, 0.2366, 0.7634),     # textbook example (e.g. Wikipedia, Brown-Cai-DasGupta 2001)
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (81, 263, 0.2553, 0.3662),   # statsmodels proportion_confint(81, 263, method="wilson")
    (1, 1000, 0.000177, 0.005643),
])
def test_wilson_interval_known_values(successes, trials, low, high):
    got_low, got_high = wilson(successes, trials)
    assert got_low == pytest.approx(low, abs=5e-5)
    assert got_high == pytest.approx(high, abs=5e-5)


def test_wilson_without_trials_is_the_whole_range_and_bad_counts_are_refused():
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_unknowns_count_as_losses_for_the_low_end_and_as_wins_for_the_high_end():
    rows = [row(i, "winnable") for i in range(1, 71)] + \
        [row(i, "unwinnable") for i in range(71, 91)] + \
        [row(i, "unknown", nodes=10**6) for i in range(91, 101)]
    report = summarise(rows)
    assert (report["deals"], report["winnable"], report["unwinnable"], report["unknown"]) == \
        (100, 70, 20, 10)
    assert report["win_rate"] == 0.7
    assert report["ci_low"] == wilson(70, 100)[0]
    assert report["ci_high"] == wilson(80, 100)[1]
    assert report["unknown_deals"] == list(range(91, 101))
    assert report["nodes"]["max"] == 10**6
    assert report["nodes_decided"]["max"] == 100
    assert report["solution_length"]["median"] == 10


def test_percentile_interpolates_between_order_statistics():
    assert percentile([3, 1, 2, 4], 50) == 2.5
    assert percentile(list(range(101)), 99) == 99
    assert percentile([], 50) is None


# --- deal ranges, labels, the store -------------------------------------------------------------

def test_crosstab_pairs_the_shared_deals():
    forced = [row(1, "winnable"), row(2, "unknown"), row(3, "winnable"), row(4, "winnable")]
    optional = [row(1, "winnable"), row(2, "winnable"), row(3, "unknown"), row(5, "winnable")]
    result = crosstab(forced, optional)
    assert result["deals"] == 3
    assert result["pairs"] == {"winnable/winnable": 1, "unknown/winnable": 1,
                               "winnable/unknown": 1}
    assert result["first_win_rate"] == result["second_win_rate"] == pytest.approx(2 / 3)


def test_deal_ranges():
    assert parse_deal_ranges("1-3,7,2-4") == [1, 2, 3, 7, 4]
    for bad in ("", "0-5", "5-1", "a-b", "1-2-3", "٣"):
        with pytest.raises(ValueError):
            parse_deal_ranges(bad)


def test_label_names_the_overridden_options_only():
    assert label(rules_for("pysol-frog")) == "pysol-frog"
    assert label(rules_for("frog", stock_play="optional")) == "frog --stock-play optional"
    assert label(TINY_RULES) == TINY_LABEL


def test_store_keeps_one_row_per_deal_and_survives_reopening(tmp_path):
    db = str(tmp_path / "s.sqlite")
    limits = Limits(timeout=1.0, memory=1 << 20)
    with Store(db) as store:
        store.save(row(1, "winnable"), "v", limits, {})
        store.save(row(2, "unknown"), "v", limits, {})
        store.save(row(2, "unknown"), "v", limits, {})  # a retried deal replaces, never adds
        with pytest.raises(ValueError):
            store.save(Row("frog", 3, "unknown", "interrupted", 5, 0.1, None, 50), "v", limits,
                       {})
    with Store(db, create=False) as store:
        assert store.done("frog") == {1, 2}
        assert store.done("other") == set()
        # a looser time limit re-decides the unknown deal; a tighter or equal one does not
        assert store.done("frog", Limits(timeout=2.0)) == {1}
        assert store.done("frog", Limits(timeout=1.0)) == {1, 2}
        assert store.done("frog", Limits(max_nodes=10**9, timeout=0.5)) == {1, 2}
        # another method re-decides an unknown deal under the same limits; the same does not
        assert store.done("frog", Limits(timeout=1.0), "search") == {1, 2}
        assert store.done("frog", Limits(timeout=1.0), "cpsat") == {1}
    assert sorted(rows_of(db)) == [("frog", 1, "winnable", 100), ("frog", 2, "unknown", 100)]


def test_a_store_without_the_method_column_gets_it_and_its_rows_are_the_searchs(tmp_path):
    """Stores written before rows named their method open as before: every old row came
    from the search, and new rows record theirs."""
    db = str(tmp_path / "old.sqlite")
    with sqlite3.connect(db) as connection:
        connection.execute(
            "CREATE TABLE results (label TEXT NOT NULL, deal INTEGER NOT NULL, verdict TEXT NOT"
            " NULL, reason TEXT, nodes INTEGER NOT NULL, seconds REAL NOT NULL, moves INTEGER,"
            " nodes_per_second REAL NOT NULL, solver_version TEXT NOT NULL, max_nodes INTEGER,"
            " timeout REAL, memory INTEGER NOT NULL, rules TEXT NOT NULL, decided_at TEXT NOT"
            " NULL DEFAULT 'then', PRIMARY KEY (label, deal)) WITHOUT ROWID")
        connection.execute("INSERT INTO results (label, deal, verdict, nodes, seconds,"
                           " nodes_per_second, solver_version, memory, rules) VALUES"
                           " ('frog', 1, 'winnable', 10, 0.1, 100, 'old', 1, '{}')")
    limits = Limits(timeout=1.0, memory=1 << 20)
    with Store(db, create=False) as store:
        assert [r.method for r in store.rows("frog")] == ["search"]
        store.save(Row("frog", 2, "winnable", None, 7, 0.1, 9, 70, "cpsat"), "v", limits, {})
        assert [r.method for r in store.rows("frog")] == ["search", "cpsat"]
        assert store.settings("frog")["method"] == ["cpsat", "search"]


def test_an_old_store_gets_the_policy_column_empty_for_open_play(tmp_path):
    db = str(tmp_path / "s.sqlite")
    with Store(db) as store:
        store.save(row(1, "winnable"), "v", Limits(timeout=1.0, memory=1 << 20), {})
    with sqlite3.connect(db) as connection:
        connection.execute("ALTER TABLE results DROP COLUMN policy")
    with Store(db, create=False) as store:
        assert [values[COLUMNS.index("policy")] for values in store.every_row()] == [None]


def _mixed_store(path):
    """A store with rows of every shape: two labels, each verdict, NULLs, a blind game."""
    limits = Limits(max_nodes=1000, timeout=2.5, memory=1 << 20)
    with Store(str(path)) as store:
        for number, verdict in enumerate(("winnable", "unwinnable", "unknown", "winnable"), 1):
            store.save(row(number, verdict, nodes=10 * number, seconds=0.1 / number), "0.1+abc",
                       limits, {"ranks": 4})
        store.save(row(7, "winnable", label_="fly"), "0.1+def", Limits(memory=1 << 20), {})
        store.save_blind(BlindRow("frog --policy greedy", 2, "greedy", False, 0.01, 40, 12, 2),
                         "0.1+abc", {"ranks": 4})
        return list(store.every_row())


@pytest.mark.parametrize("name", ["rows.csv.gz", "rows.csv"])
def test_export_then_import_gives_back_every_row_and_the_same_report(tmp_path, frog, name):
    db, csv_file, again = tmp_path / "s.sqlite", tmp_path / name, tmp_path / "again.sqlite"
    rows = _mixed_store(db)
    code, _, err = frog("survey", "--export", csv_file, "--db", db)
    assert code == 0 and "6 rows exported" in err
    assert csv_file.read_bytes()[:2] == (b"\x1f\x8b" if name.endswith(".gz") else b"la")
    code, _, err = frog("survey", "--import", csv_file, "--db", again)
    assert code == 0 and "6 rows imported" in err
    with Store(str(again), create=False) as store:
        assert list(store.every_row()) == rows
    assert any(values[COLUMNS.index("policy")] == "greedy" for values in rows)
    for options in ([], ["--json"], ["--markdown"], ["--json", "--pair", "frog", "fly"]):
        from_store, from_csv = frog("report", db, *options), frog("report", csv_file, *options)
        assert from_store[0] == 0 and from_store == from_csv, options
    # the same rows give the same bytes: a re-export of the import is identical
    code, _, _ = frog("survey", "--export", tmp_path / f"re-{name}", "--db", again)
    assert code == 0 and (tmp_path / f"re-{name}").read_bytes() == csv_file.read_bytes()


def _csv_lines(tmp_path):
    db = tmp_path / "s.sqlite"
    _mixed_store(db)
    path = tmp_path / "good.csv"
    assert main(["survey", "--export", str(path), "--db", str(db)]) == 0
    return path.read_text().splitlines(keepends=True)


@pytest.mark.parametrize("change, message", [
    (lambda lines: ["label,deal\n"] + lines[1:], "line 1: not a survey CSV"),
    (lambda lines: [], "line 1: not a survey CSV"),
    (lambda lines: lines[:3] + [lines[3].replace(",unwinnable,", ",lose,")] + lines[4:],
     "line 4: verdict 'lose' is not valid"),
    (lambda lines: lines[:4] + [lines[4].replace("frog,3,", "frog,three,")] + lines[5:],
     "line 5: deal 'three' is not valid"),
    (lambda lines: lines + [lines[1]], "line 8: deal 7 of 'fly' appears twice"),
    (lambda lines: lines[:2] + ["fly,8\n"], "line 3: 2 fields, not 18"),
    (lambda lines: lines[:1] + [lines[1].replace(",0.1+def,", ",,")], "solver_version '' is"),
    (lambda lines: lines[:1] + [lines[1].replace('{}', '[1]')], "rules '[1]' is not valid"),
    (lambda lines: lines[:1] + [lines[1].replace(",100,", ",-100,", 1)], "nodes '-100'"),
])
def test_a_bad_csv_is_one_line_and_exit_2(tmp_path, frog, change, message):
    bad = tmp_path / "bad.csv"
    bad.write_text("".join(change(_csv_lines(tmp_path))))
    for argv in (["report", bad], ["survey", "--import", bad, "--db", tmp_path / "new.sqlite"]):
        code, out, err = frog(*argv)
        assert code == 2 and out == "" and message in err, (argv, err)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "new.sqlite").exists()  # a failed import leaves no store behind


def test_import_and_export_refuse_what_they_cannot_do(tmp_path, frog):
    db = tmp_path / "s.sqlite"
    _mixed_store(db)
    csv_file = tmp_path / "rows.csv.gz"
    assert frog("survey", "--export", csv_file, "--db", db)[0] == 0
    cut = tmp_path / "cut.csv.gz"
    cut.write_bytes(csv_file.read_bytes()[:100])
    for argv, message in [
            (["--import", csv_file, "--db", db], "already holds 6 rows"),
            (["--import", tmp_path / "missing.csv", "--db", tmp_path / "n.sqlite"],
             "no such file"),
            (["--import", cut, "--db", tmp_path / "n.sqlite"], "not a survey CSV"),
            (["--export", csv_file, "--db", tmp_path / "missing.sqlite"], "no such file"),
            (["--export", tmp_path / "no-dir" / "x.csv", "--db", db], "cannot write"),
            (["--import", csv_file, "--db", db, "--deals", "1-5"], "take no --deals"),
            (["--import", csv_file, "--export", csv_file, "--db", db], "not allowed with"),
            (["--db", db, "--timeout", "1s"], "needs --deals")]:
        code, _, err = frog("survey", *argv)
        assert code == 2 and message in err and len(err.strip().splitlines()) == 1, argv
    assert not (tmp_path / "no-dir").exists() and not list(tmp_path.glob("*.part"))


def test_the_committed_surveys_are_a_csv_the_report_reads():
    path = Path(__file__).parent.parent / "benchmarks" / "results" / "surveys.csv.gz"
    rows = read_rows(str(path))
    labels = {values[0] for values in rows}
    assert {"frog", "pysol-frog", "fanny", "sir-tommy"} <= labels
    assert sum(values[0] == "frog" for values in rows) == 100_000


def test_a_file_that_is_not_a_store_is_refused(tmp_path, frog):
    junk = tmp_path / "junk.sqlite"
    junk.write_text("this is not a database, " * 100)
    code, _, err = frog("report", junk)
    assert code == 2 and "not a survey database" in err and "Traceback" not in err
    code, _, err = frog("report", tmp_path / "missing.sqlite")
    assert code == 2 and "no such file" in err


def test_a_row_is_what_the_solver_answers():
    job = Job(TINY_LABEL, TINY_RULES, Limits(timeout=5.0, memory=1 << 20))
    for number in (1, 2, 3):
        got = decide_number(job, number)
        direct = decide(deal_from_number(TINY_RULES, number), limits=job.limits)
        assert (got.deal, got.verdict, got.nodes) == (number, direct.verdict, direct.nodes)
        assert got.moves == (len(direct.moves) if direct.moves else None)


# --- the commands end to end ----------------------------------------------------------------------

def test_each_retry_pass_runs_the_restart_sequences_after_those_the_row_ran(tmp_path, frog):
    """Frog deal 3 is won by restart sequence 0 in 18,576 nodes, so it is unknown at 10K.
    A retry at 20K nodes runs the sequences after the first pass's (RETRY_SEQUENCE on: those
    already failed within the earlier budget) and leaves it unknown again; the next retry, at
    1M, runs the sequences after those, not the second pass's once more. Each row keeps its
    first sequence, and a deal stored for the first time by a retrying command runs
    sequence 0."""
    db = tmp_path / "retry.sqlite"
    common = ("--timeout", "60s", "--memory", "16M", "--db", db)
    assert frog("survey", "--variant", "frog", "--deals", "3", "--max-nodes", "10K",
                *common)[0] == 0
    for nodes, deals in (("20K", "3"), ("1M", "3-4")):
        code, _, err = frog("survey", "--variant", "frog", "--deals", deals, "--max-nodes",
                            nodes, "--retry-unknown", *common)
        assert code == 0, err
        with Store(db) as store:
            if nodes == "20K":
                assert store.sequences("frog") == {3: RETRY_SEQUENCE}
                (verdict,), = store.db.execute("SELECT verdict FROM results WHERE deal = 3")
                assert verdict == "unknown"
            else:
                rows = {deal: (verdict, nodes_, seed) for deal, verdict, nodes_, seed in
                        store.db.execute("SELECT deal, verdict, nodes, seed FROM results")}
    limits = Limits(max_nodes=1_000_000, timeout=60.0, memory=16 << 20)
    third = decide(deal_from_number(variant_rules("frog"), 3), limits=limits,
                   sequence=next_sequence(RETRY_SEQUENCE))
    second = decide(deal_from_number(variant_rules("frog"), 3), limits=limits,
                    sequence=RETRY_SEQUENCE)
    fresh = decide(deal_from_number(variant_rules("frog"), 4), limits=limits)
    assert third.nodes != second.nodes  # the two passes' sequences tell themselves apart
    assert rows == {3: (third.verdict, third.nodes, RETRY_SEQUENCE + SEQUENCES),
                    4: (fresh.verdict, fresh.nodes, 0)}


def test_a_row_without_its_sequence_is_retried_as_one_a_fresh_search_left(tmp_path, frog):
    """A row that keeps no sequence (stored before rows kept it) is retried from
    RETRY_SEQUENCE, the sequences after a fresh deal's."""
    db = tmp_path / "old.sqlite"
    with Store(db) as store:
        store.save(Row("frog", 3, "unknown", "node limit", 10_000, 0.1, None, 1e5),
                   "0.1+old", Limits(max_nodes=10_000, memory=16 << 20), {})
        assert store.sequences("frog") == {3: None}
    code, _, err = frog("survey", "--variant", "frog", "--deals", "3", "--max-nodes", "20K",
                        "--timeout", "60s", "--memory", "16M", "--db", db, "--retry-unknown")
    assert code == 0, err
    with Store(db) as store:
        assert store.sequences("frog") == {3: RETRY_SEQUENCE}


def test_a_cpsat_survey_retries_the_searchs_unknowns_and_says_so(tmp_path, frog):
    """The search stores most tiny deals as unknown at a 5-node limit (the lost ones are lost
    at the root); a retry with --method cpsat decides those the way the search does without
    a limit, and their rows say cpsat (and keep no restart sequence)."""
    db = tmp_path / "methods.sqlite"
    code, _, err = frog("survey", *TINY, "--deals", "1-12", "--max-nodes", "5",
                        "--timeout", "30s", "--memory", "1M", "--db", db)
    assert code == 0, err
    with Store(db) as store:
        first = {r.deal: r.verdict for r in store.rows(TINY_LABEL)}
    unknown = [n for n, verdict in first.items() if verdict == "unknown"]
    assert len(unknown) >= 10
    code, _, err = frog("survey", *TINY, "--deals", "1-12", "--method", "cpsat",
                        "--timeout", "30s", "--memory", "1M", "--db", db, "--retry-unknown")
    assert code == 0 and f"{len(unknown)} to decide" in err, err
    expected = {n: decide(deal_from_number(TINY_RULES, n), limits=Limits(memory=1 << 20)).verdict
                for n in range(1, 13)}
    with Store(db) as store:
        got = {r.deal: (r.verdict, r.method) for r in store.rows(TINY_LABEL)}
    assert got == {n: (verdict, "cpsat" if n in unknown else "search")
                   for n, verdict in expected.items()}
    with Store(db) as store:  # CP-SAT ran no restart sequence
        assert store.sequences(TINY_LABEL) == {n: None if n in unknown else 0
                                               for n in range(1, 13)}
    code, out, _ = frog("report", db)
    assert code == 0 and "--method cpsat" in out
    # decided rows are not retried, whatever the method
    code, _, err = frog("survey", *TINY, "--deals", "1-12", "--timeout", "30s",
                        "--memory", "1M", "--db", db, "--retry-unknown")
    assert code == 0 and "0 to decide" in err, err


def test_report_by_version_lists_each_pass_that_decided_rows(tmp_path, frog):
    """Frog deal 2 is won within 10K nodes and deal 3 is not (18,576 nodes): after a
    retry at 1M nodes the rows were decided by two passes, and --by-version shows both,
    the same from the store and from its CSV."""
    db = tmp_path / "passes.sqlite"
    for extra in (["--max-nodes", "10K"], ["--max-nodes", "1M", "--retry-unknown"]):
        code, _, err = frog("survey", "--variant", "frog", "--deals", "2-3", "--timeout", "60s",
                            "--memory", "16M", "--db", db, *extra)
        assert code == 0, err
    code, out, _ = frog("report", db, "--by-version", "--json")
    passes = json.loads(out)["frog"]["by_version"]
    assert [(p["max_nodes"], p["rows"], p["winnable"], p["unknown"], p["first_deal"])
            for p in passes] == [(10_000, 1, 1, 0, 2), (1_000_000, 1, 1, 0, 3)]
    assert {p["method"] for p in passes} == {"search"}
    assert all(p["solver_version"].startswith("0.1.0") for p in passes)
    csv_file = tmp_path / "passes.csv.gz"
    assert frog("survey", "--export", csv_file, "--db", db)[0] == 0
    code, out, _ = frog("report", csv_file, "--by-version", "--json")
    assert json.loads(out)["frog"]["by_version"] == passes
    code, out, _ = frog("report", db, "--by-version", "--markdown")
    lines = [line for line in out.splitlines() if line.startswith("| `frog` | 0.1.0")]
    assert [line.split(" | ")[3] for line in lines] == ["10,000", "1,000,000"]
    code, out, _ = frog("report", db, "--by-version")
    assert code == 0 and "max nodes" in out and "1,000,000" in out
    code, out, _ = frog("report", db)
    assert "max nodes" not in out


def test_survey_then_report_json(tmp_path, frog):
    db = tmp_path / "tiny.sqlite"
    code, _, err = frog("survey", *TINY, "--deals", "1-60", "--jobs", "2",
                        "--timeout", "5s", "--memory", "1M", "--db", db)
    assert code == 0, err
    code, out, _ = frog("report", db, "--json")
    assert code == 0
    report = json.loads(out)[TINY_LABEL]
    expected = [decide(deal_from_number(TINY_RULES, n), limits=Limits(memory=1 << 20)).verdict
                for n in range(1, 61)]
    assert report["deals"] == 60
    assert report["winnable"] == expected.count("winnable")
    assert report["unwinnable"] == expected.count("unwinnable")
    assert report["unknown"] == 0 and report["unwinnable"] > 0 and report["winnable"] > 0
    assert report["win_rate"] == pytest.approx(report["winnable"] / 60)
    assert (report["ci_low"], report["ci_high"]) == pytest.approx(wilson(report["winnable"], 60))
    assert {"nodes", "seconds", "solution_length", "settings"} <= set(report)
    assert report["settings"]["timeout"] == [5.0] and report["settings"]["memory"] == [1 << 20]
    # the same survey again decides nothing new; a wider range only the new deals
    code, _, err = frog("survey", *TINY, "--deals", "1-70", "--timeout", "5s",
                        "--memory", "1M", "--db", db)
    assert code == 0 and "60 already" in err and "10 to decide" in err
    assert len(rows_of(db)) == 70
    code, out, _ = frog("report", db)
    assert code == 0 and TINY_LABEL in out and "95% interval" in out
    code, out, _ = frog("report", db, "--markdown")
    assert code == 0 and f"| `{TINY_LABEL}` | 70 |" in out

    # the same deals under optional play: a pair table over the 30 shared deals
    code, _, err = frog("survey", *TINY, "--stock-play", "optional", "--deals", "41-70",
                        "--timeout", "5s", "--memory", "1M", "--db", db)
    assert code == 0, err
    optional = TINY_LABEL + " --stock-play optional"
    code, out, _ = frog("report", db, "--json", "--pair", TINY_LABEL, optional)
    pair = json.loads(out)["pair"]
    assert pair["labels"] == [TINY_LABEL, optional] and pair["deals"] == 30
    assert sum(pair["pairs"].values()) == 30
    # a forced win is a legal line under optional play too
    assert "winnable/unwinnable" not in pair["pairs"]
    code, _, err = frog("report", db, "--pair", TINY_LABEL, "toad")
    assert code == 2 and "no label 'toad'" in err


@pytest.mark.parametrize("argv, message", [
    (["--deals", "1-5", "--db", "x.sqlite"], "--timeout"),
    (["--deals", "5-1", "--timeout", "1s", "--db", "x.sqlite"], "--deals"),
    (["--deals", "1-5", "--timeout", "1s", "--db", "x.sqlite", "--jobs", "0"], "--jobs"),
    (["--deals", "1-5", "--timeout", "1s", "--db", "x.sqlite", "--variant", "toad"], "toad"),
    (["--deals", "1-5", "--timeout", "1s", "--db", "x.sqlite", "--address", "auto"], "ray"),
    (["--deals", "1-5", "--max-nodes", "1M", "--db", "x.sqlite", "--method", "cpsat"],
     "--method cpsat needs --timeout"),
    (["--deals", "1-5", "--timeout", "1s", "--max-nodes", "1M", "--db", "x.sqlite",
      "--method", "cpsat"], "no --max-nodes"),
    (["--deals", "1-5", "--timeout", "1s", "--db", "x.sqlite", "--method", "brute"],
     "invalid choice"),
])
def test_survey_bad_input_is_one_line_and_exit_2(tmp_path, frog, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    code, _, err = frog("survey", *argv)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_killed_survey_resumes_without_loss_or_duplicates(tmp_path):
    """kill -9 the whole survey (main process and workers) mid-run; every row committed
    before the kill stays, the rerun adds exactly the missing deals, and every stored verdict
    is the solver's."""
    db = tmp_path / "killed.sqlite"
    deals = 1500
    command = frog_argv("survey", *TINY, "--deals", f"1-{deals}", "--jobs", "2",
                        "--timeout", "5s", "--memory", "1M", "--db", db)
    # its own process group (start_new_session), so that one killpg reaches the pool's workers too
    process = subprocess.Popen(command, start_new_session=True, env=process_env(),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    before = []
    while time.monotonic() < deadline:
        time.sleep(0.2)
        if db.exists():
            try:
                before = rows_of(db)
            except sqlite3.OperationalError:
                continue  # the table is not created yet
            if len(before) >= 100:
                break
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    after_kill = rows_of(db)
    assert 100 <= len(after_kill) < deals, "the kill must land mid-survey"
    assert set(before) <= set(after_kill)  # nothing seen before the kill was lost

    rerun = subprocess.run(command, capture_output=True, text=True, timeout=120,
                           env=process_env())
    assert rerun.returncode == 0, rerun.stderr
    assert f"{len(after_kill)} already" in rerun.stderr
    final = rows_of(db)
    assert len(final) == deals == len({deal for _, deal, _, _ in final})
    assert set(after_kill) <= set(final)
    for _, deal, verdict, _ in final[::50]:
        assert verdict == decide(deal_from_number(TINY_RULES, deal),
                                 limits=Limits(memory=1 << 20)).verdict


@pytest.mark.parametrize("stop", ["ctrl-c", "kill"])
def test_ctrl_c_or_kill_stops_at_once_keeping_the_saved_rows(tmp_path, stop):
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) and `kill PID`
    (SIGTERM to the main process alone: how a survey in the background is stopped) both
    stop the survey at once with exit 3, keep every saved row, and leave no worker behind."""
    db = tmp_path / "interrupted.sqlite"
    command = frog_argv("survey", *TINY, "--deals", "1-5000", "--jobs", "2",
                        "--timeout", "5s", "--memory", "1M", "--db", db)
    process = subprocess.Popen(command, start_new_session=True, env=process_env(),
                               preexec_fn=default_sigint,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        time.sleep(0.2)
        try:
            if len(rows_of(db)) >= 50:
                break
        except sqlite3.OperationalError:
            continue
    if stop == "ctrl-c":
        os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C in a terminal does
    else:
        process.terminate()
    _, err = process.communicate(timeout=20)
    assert process.returncode == 3
    assert "stopped" in err and "run the same command to continue" in err
    assert "Traceback" not in err
    kept = rows_of(db)
    assert 50 <= len(kept) < 5000 and len({deal for _, deal, _, _ in kept}) == len(kept)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _group_alive(process.pid):
        time.sleep(0.1)
    assert not _group_alive(process.pid), "a worker outlived the survey"


def _group_alive(group: int) -> bool:
    """Whether any process of the process group is still running."""
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


def bench_run(tmp_path, frog, name):
    sets = tmp_path / "sets.json"
    sets.write_text(json.dumps({"quick": {"frog": [3, 9]}, "full": {"frog": [3, 8, 9]}}))
    code, out, _ = frog("bench", "--quick", "--json", "--sets", sets,
                        "--max-nodes", "1M", "--memory", "16M")
    assert code == 0
    path = tmp_path / name
    path.write_text(out)
    return json.loads(out), path


def test_bench_json_and_compare(tmp_path, frog):
    run, old = bench_run(tmp_path, frog, "old.json")
    assert [(d["variant"], d["deal"], d["verdict"]) for d in run["deals"]] == \
        [("frog", 3, "winnable"), ("frog", 9, "winnable")]
    summary = run["summary"]["frog"]
    assert summary["deals"] == 2 and summary["winnable"] == 2 and summary["unknown_deals"] == []
    assert summary["nodes"] == sum(d["nodes"] for d in run["deals"]) > 0
    assert summary["nodes_per_second"] > 0 and summary["p99_seconds"] >= summary["median_seconds"]

    # a "new" run: deal 3 twice as slow and now unknown, deal 9 unchanged
    new_run = json.loads(old.read_text())
    new_run["deals"][0].update(verdict="unknown", nodes=2 * run["deals"][0]["nodes"],
                               seconds=2 * run["deals"][0]["seconds"])
    new = tmp_path / "new.json"
    new.write_text(json.dumps(new_run))
    code, out, _ = frog("bench", "--compare", old, new)
    assert code == 0
    line3 = next(line for line in out.splitlines() if line.split()[:2] == ["frog", "3"])
    assert "winnable -> unknown" in line3 and line3.count("x2.00") == 2
    assert "newly unknown: frog 3" in out

    # winnable against unwinnable is a contradiction: exit 1, named
    new_run["deals"][1]["verdict"] = "unwinnable"
    new.write_text(json.dumps(new_run))
    code, out, _ = frog("bench", "--compare", old, new, "--json")
    assert code == 1
    result = json.loads(out)
    assert [(d["variant"], d["deal"]) for d in result["contradictions"]] == [("frog", 9)]
    code, out, _ = frog("bench", "--compare", old, new)
    assert "CONTRADICTION: frog 9" in out


def test_compare_matches_deals_and_lists_the_rest():
    def document(rows):
        return bench_document(rows, "quick", Limits(), "test")

    old = document([row(1, "winnable", 100, 1.0), row(2, "unknown", 500, 4.0)])
    new = document([row(1, "winnable", 50, 0.25), row(2, "winnable", 300, 1.0),
                    row(3, "winnable")])
    result = compare(old, new)
    assert [d["nodes_ratio"] for d in result["deals"]] == [0.5, 0.6]
    assert result["newly_decided"] == [["frog", 2]] and result["only_new"] == [["frog", 3]]
    assert result["geomean_time_ratio"] == pytest.approx(0.25)  # deal 1 only: both decided
    assert result["time_old"] == 5.0 and result["time_new"] == 1.25


def test_bench_bad_input(tmp_path, frog):
    code, _, err = frog("bench", "--compare", tmp_path / "a.json", tmp_path / "b.json")
    assert code == 2 and "no such file" in err
    (tmp_path / "a.json").write_text("{}")
    code, _, err = frog("bench", "--compare", tmp_path / "a.json", tmp_path / "a.json")
    assert code == 2 and "not a 'frog bench --json' file" in err
    (tmp_path / "sets.json").write_text('{"quick": {"toad": [1]}}')
    code, _, err = frog("bench", "--quick", "--sets", tmp_path / "sets.json")
    assert code == 2 and "unknown variant 'toad'" in err


def test_the_shipped_deal_sets_load():
    from solver.patience.rules import VARIANTS
    from solver.survey.deal_sets import load_sets

    sets = load_sets()
    assert set(sets) == {"quick", "full"}
    for name in sets:
        assert set(sets[name]) == set(VARIANTS)
    assert all(set(sets["quick"][v]) <= set(sets["full"][v]) for v in VARIANTS)


def test_report_plots(tmp_path, frog):
    pytest.importorskip("matplotlib")
    db = tmp_path / "p.sqlite"
    assert frog("survey", *TINY, "--deals", "1-30", "--timeout", "5s", "--memory", "1M",
                "--db", db)[0] == 0
    code, out, _ = frog("report", db, "--plots", tmp_path / "plots")
    assert code == 0
    for name in ("win_rate.png", "nodes.png"):
        assert (tmp_path / "plots" / name).read_bytes()[:4] == b"\x89PNG"


def test_report_plots_without_matplotlib_is_a_clear_error(tmp_path, frog, monkeypatch):
    db = tmp_path / "p.sqlite"
    with Store(str(db)) as store:
        store.save(row(1, "winnable"), "v", Limits(timeout=1.0), {})
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # makes `import matplotlib` fail
    code, _, err = frog("report", db, "--plots", tmp_path / "plots")
    assert code == 2 and "pip install 'frog-solver[plots]'" in err


def test_ray_engine_without_ray_is_a_clear_error(tmp_path, frog, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail
    code, _, err = frog("survey", *TINY, "--deals", "1-3", "--engine", "ray",
                        "--timeout", "1s", "--db", tmp_path / "r.sqlite")
    assert code == 2 and "pip install 'frog-solver[ray]'" in err


def test_ray_engine_against_a_local_instance(tmp_path, frog):
    ray = pytest.importorskip("ray")
    db = tmp_path / "ray.sqlite"
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        code, _, err = frog("survey", *TINY, "--deals", "1-40", "--engine", "ray",
                            "--jobs", "2", "--timeout", "5s", "--memory", "1M", "--db", db)
    finally:
        ray.shutdown()
    assert code == 0, err
    stored = {deal: verdict for _, deal, verdict, _ in rows_of(db)}
    assert sorted(stored) == list(range(1, 41))
    for deal in (1, 17, 40):
        assert stored[deal] == decide(deal_from_number(TINY_RULES, deal),
                                      limits=Limits(memory=1 << 20)).verdict


def test_report_limits_leave_out_the_node_limit_cpsat_rows_lack():
    """A label with CP-SAT rows (no node limit) and search rows lists the search rows'
    node limits, and the methods say which rows had none."""
    from cli.report import _limits_text
    settings = {"timeout": [30.0, 60.0], "max_nodes": [None, 1_000_000, 8_000_000],
                "memory": [256 << 20], "method": ["cpsat", "search"], "solver_version": ["x"]}
    assert _limits_text(settings) == ("--timeout 30s/60s --max-nodes 1000000/8000000 "
                                      "--memory 256M --method cpsat/search")
    assert _limits_text({**settings, "max_nodes": [None], "method": ["cpsat"]}) == \
        "--timeout 30s/60s --memory 256M --method cpsat"
