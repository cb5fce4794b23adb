"""`frog tricks selfplay` as a user types it: a whole hand by the computer at every seat,
whose line `frog tricks verify` accepts with the same points, and bad input."""
from __future__ import annotations

import json

import pytest
from tests.conftest import one_error_line

from solver.tricks import card_name, deal_from_number, parse_line, replay


def test_selfplay_json_and_its_line_verify_with_the_same_points(frog, tmp_path):
    line = tmp_path / "hand.txt"
    code, out, err = frog("tricks", "selfplay", 17, "--json", "--line-out", line,
                          "--scoring", "slough")
    assert code == 0, err
    hand = json.loads(out)
    assert [(c["seat"], c["bid"]) for c in hand["auction"]] == [(1, "frog"), (2, "pass"),
                                                                (3, "pass")]
    assert (hand["contract"], hand["bidder"], len(hand["discard"])) == ("frog", 1, 3)
    parsed = parse_line(line.read_text())
    rules = parsed.rules(scoring="slough")
    game = replay(deal_from_number(17), rules, parsed.discard, parsed.tricks)
    assert game.finished and game.points[0] == hand["points"]
    assert hand["payment"] == rules.payment(hand["points"])
    assert len(hand["line"]) == 11 and hand["double_dummy_points"] == 99
    code, out, _ = frog("tricks", "verify", 17, line, "--scoring", "slough", "--json")
    assert code == 0 and json.loads(out)["bidder_points"] == hand["points"]
    # the same seed gives the same hand
    assert json.loads(frog("tricks", "selfplay", 17, "--json", "--scoring", "slough")[1])[
        "line"] == hand["line"]


def test_a_hand_all_pass_is_thrown_in(frog, tmp_path):
    code, out, _ = frog("tricks", "selfplay", 18, "--json")
    hand = json.loads(out)
    assert code == 0 and hand["contract"] is None and hand["payment"] == 0
    assert [c["bid"] for c in hand["auction"]] == ["pass"] * 3
    code, _, err = frog("tricks", "selfplay", 18, "--line-out", tmp_path / "x.txt")
    assert code == 2 and one_error_line(err, "thrown in")


@pytest.mark.parametrize("argv, words", [
    (("nosuch.txt",), ("cannot read nosuch.txt",)),
    (("17", "--players", "7"), ("players must be 3 to 5 under foster",)),
    (("17", "--scoring", "straight-solo", "--inactive", "bogus"), ("invalid choice",)),
    (("17", "--line-out", "/nonexistent/dir/x.txt"), ("cannot write",)),
])
def test_bad_input_is_one_line_and_exit_2(frog, argv, words):
    code, out, err = frog("tricks", "selfplay", *argv)
    assert code == 2 and out == ""
    one_error_line(err, *words)


def test_a_reduced_deal_is_refused(frog, tmp_path):
    path = tmp_path / "small.txt"
    deal = deal_from_number(17)
    path.write_text("game: frog-tricks\n" + "".join(
        f"hand{i}: {' '.join(card_name(c) for c in h[:4])}\n"
        for i, h in enumerate(deal.hands, 1)) + "widow: \n")
    code, _, err = frog("tricks", "selfplay", path)
    assert code == 2 and one_error_line(err, "full deal")
