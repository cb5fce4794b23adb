"""End-to-end tests of `frog tricks` as a user types it, bad input included."""
from __future__ import annotations

import json

import pytest

from solver.tricks.cards import parse_card
from solver.tricks.deal import make_deal
from solver.tricks.brute import brute_force
from solver.tricks.rules import Rules

SMALL = make_deal([[parse_card(c) for c in h] for h in
                   (["AC", "TC", "7H", "6S"], ["KC", "9H", "AS", "8D"], ["QC", "TH", "KS", "AD"])],
                  [parse_card("TD"), parse_card("QS"), parse_card("6C")])


@pytest.fixture
def deal_file(tmp_path):
    path = tmp_path / "deal.txt"
    path.write_text(SMALL.to_text())
    return path


def test_deal_prints_a_deal_file_that_solve_reads(frog, tmp_path):
    code, out, _ = frog("tricks", "deal", 17)
    assert code == 0 and out.startswith("game: frog-tricks\nhand1: ")
    (tmp_path / "d.txt").write_text(out)
    code, out, _ = frog("tricks", "solve", tmp_path / "d.txt", "--contract", "grand", "--bidder", 2)
    assert code == 0 and "bidder's points under perfect play" in out


def test_solve_prints_the_search_figures_only_with_stats(frog, deal_file):
    argv = ("tricks", "solve", deal_file, "--contract", "grand", "--bidder", "2")
    code, out, _ = frog(*argv)
    assert code == 0 and "bidder's points under perfect play" in out and "optimal line" in out
    assert "nodes" not in out and "solved in" not in out
    code, stats, _ = frog(*argv, "--stats")
    lines = stats.splitlines()
    assert code == 0 and "nodes" in stats and lines[:3] == out.splitlines()[:3]
    assert lines[3].startswith("solved in ") and lines[4].startswith("optimal line")
    _, table, _ = frog("tricks", "solve", deal_file, "--all")
    _, table_stats, _ = frog("tricks", "solve", deal_file, "--all", "--stats")
    assert "nodes" not in table and table_stats.startswith(table)
    assert table_stats[len(table):].startswith("solved 15 contracts in ")
    _, plain, _ = frog(*argv, "--json")
    _, with_stats, _ = frog(*argv, "--json", "--stats")
    assert json.loads(plain) == json.loads(with_stats) and json.loads(plain)["nodes"] > 0


@pytest.mark.parametrize("argv, contract, trump, bidder", [
    (["--contract", "grand", "--bidder", "2"], "grand", 2, 2),
    (["--contract", "chico", "--trump", "spades", "--bidder", "3", "--target", "61",
      "--must-overtrump"], "chico", 3, 3),
    (["--contract", "frog", "--bidder", "1"], "frog", 2, 1),
])
def test_solve_json_matches_minimax_and_its_line_verifies(frog, deal_file, tmp_path,
                                                           argv, contract, trump, bidder):
    code, out, _ = frog("tricks", "solve", deal_file, *argv, "--json",
                       "--line-file", tmp_path / "line.txt")
    answer = json.loads(out)
    rules = Rules(contract, bidder, trump, target=61 if "61" in argv else 60,
                  must_overtrump="--must-overtrump" in argv)
    assert code == 0
    assert answer["bidder_points"] == brute_force(SMALL, rules)
    assert answer["made"] == (answer["bidder_points"] >= rules.target)
    assert answer["payment"] == rules.payment(answer["bidder_points"])
    assert len(answer["discard"]) == (3 if contract == "frog" else 0)
    assert all(len(trick) == 3 for trick in answer["line"]) and len(answer["line"]) == 4
    extra = ["--must-overtrump"] if "--must-overtrump" in argv else []
    code, out, _ = frog("tricks", "verify", deal_file, tmp_path / "line.txt", *extra, "--json")
    assert code == 0 and json.loads(out)["bidder_points"] == answer["bidder_points"]


def test_all_lists_every_contract_for_every_seat(frog, deal_file):
    code, out, _ = frog("tricks", "solve", deal_file, "--all", "--json")
    table = json.loads(out)
    assert code == 0 and len(table) == 15
    for row in table:
        trump = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3}[row["trump"]]
        assert row["bidder_points"] == brute_force(SMALL, Rules(row["contract"], row["bidder"], trump))
    code, out, _ = frog("tricks", "solve", deal_file, "--all", "--scoring", "straight-solo")
    assert code == 0 and "frog " not in out and out.count("chico") == 9


def test_verify_refuses_the_first_illegal_card_naming_line_and_card(frog, deal_file, tmp_path):
    line = tmp_path / "bad.txt"
    line.write_text("contract: grand trump: hearts bidder: 2 discard: -\n"
                    "1:AC 2:KC 3:QC\n"
                    "1:6S 2:AS 3:KS   # seat 2 wins\n"
                    "2:8D 3:TH 1:TC\n")
    code, out, _ = frog("tricks", "verify", deal_file, line)
    assert code == 1
    assert "line 4: trick 3: seat 3 may not play TH: it does not follow suit" in out


def test_verify_refuses_an_unfinished_line(frog, deal_file, tmp_path):
    line = tmp_path / "short.txt"
    line.write_text("contract: grand bidder: 2\n1:AC 2:KC 3:QC\n")
    code, out, _ = frog("tricks", "verify", deal_file, line)
    assert code == 1 and "still to play" in out


@pytest.mark.parametrize("argv, message", [
    (["solve", "{deal}", "--contract", "chico", "--bidder", "1"], "needs --trump"),
    (["solve", "{deal}", "--contract", "grand"], "needs --contract and --bidder"),
    (["solve", "{deal}", "--contract", "frog", "--bidder", "1", "--scoring", "straight-solo"],
     "not a contract"),
    (["solve", "{bad}", "--all"], "line 2: unknown card 'ZZ'"),
    (["solve", "{missing}", "--all"], "cannot read"),
    (["verify", "{deal}", "{badline}"], "line 2: 'X:AC'"),
    (["deal", "0"], "deal number"),
])
def test_bad_input_is_one_line_and_exit_2(frog, deal_file, tmp_path, argv, message):
    (tmp_path / "bad.txt").write_text("hand1: AC\nhand2: ZZ\nhand3: 6C\n")
    (tmp_path / "badline.txt").write_text("contract: grand bidder: 1\nX:AC\n")
    paths = {"deal": deal_file, "bad": tmp_path / "bad.txt", "missing": tmp_path / "nope.txt",
             "badline": tmp_path / "badline.txt"}
    code, _, err = frog("tricks", *(a.format(**paths) for a in argv))
    assert code == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err


def test_errors_quote_only_an_excerpt_of_a_huge_input(frog, tmp_path):
    deal = tmp_path / "deal.txt"
    deal.write_text("hand1: " + "A" * 1_000_000 + "\n")
    for argv, words in [(("tricks", "solve", deal, "--all"), ("unknown card", "characters")),
                        (("tricks", "deal", "1" * 5000), ("deal number must be", "5,000")),
                        (("tricks", "solve", "1" * 5000, "--all"), ("deal number must be",)),
                        (("tricks", "deal", "seventeen"), ("written in digits",))]:
        code, out, err = frog(*argv)
        assert code == 2 and len(err) < 300, (argv, len(err))
        assert "Traceback" not in err and all(word in err for word in words), (argv, err)


def test_a_megabyte_line_of_plays_is_quoted_by_a_short_excerpt(frog, deal_file, tmp_path):
    (tmp_path / "line.txt").write_text("contract: grand bidder: 1\n" + "X" * 1_000_000 + ":AC\n")
    code, _, err = frog("tricks", "verify", deal_file, tmp_path / "line.txt")
    assert code == 2 and "...'" in err and err.count("\n") == 1 and len(err) < 300, err[:300]
