"""The trick-taking replay page without a browser: every frame is the rules engine's
position after that card, the page is self-contained, and bad paths are refused cleanly."""
from __future__ import annotations

import pytest
from tests.conftest import one_error_line
from tests.replaypage import assert_self_contained, page_data

from solver.replay.tricks import payload
from solver.tricks.cards import card_name, sort_hand
from solver.tricks.deal import deal_from_number
from solver.tricks.engine import Game, IllegalPlay
from solver.tricks.line import parse_line
from solver.tricks.rules import Rules


def check_frames_against_engine(deal, rules, discard, tricks, data) -> None:
    """Frame k + 2 is the engine's game after k cards: hands, points, and the trick on
    the table (the open one, or the one just completed with its winner)."""
    game = Game.start(deal, rules, discard)
    frames = data["frames"]
    assert frames[0]["h"] == [" ".join(card_name(c) for c in sort_hand(h)) for h in deal.hands]
    assert len(frames) == 2 + sum(len(trick) for trick in tricks)
    step = 1
    for trick in tricks:
        for index, (seat, c) in enumerate(trick):
            assert frames[step]["h"] == [" ".join(card_name(x) for x in sort_hand(h))
                                         for h in game.hands]
            assert frames[step]["p"] == game.points
            game.play(c)
            step += 1
            shown = frames[step]
            on_table = [f"{s}:{card_name(x)}" for s, x in trick[:index + 1]]
            assert shown["t"].split() == on_table
            assert shown["win"] == (0 if game.trick else game.leader)
            assert shown["lead"] == trick[0][0]
    assert frames[-1]["p"] == game.points and not any(frames[-1]["h"])


@pytest.fixture(scope="module")
def solved(tmp_path_factory):
    """Deal 17 as grand for seat 2, solved through the command with a page and a line."""
    folder = tmp_path_factory.mktemp("hand")
    page, line = folder / "hand.html", folder / "line.txt"
    from cli.main import main
    assert main(["tricks", "solve", "17", "--contract", "grand", "--bidder", "2",
                 "--html", str(page), "--line-file", str(line)]) == 0
    return page.read_text(encoding="utf-8"), parse_line(line.read_text())


def test_page_embeds_the_engines_positions(solved):
    html, line = solved
    deal, rules = deal_from_number(17), Rules("grand", 2)
    data = page_data(html)
    check_frames_against_engine(deal, rules, line.discard, line.tricks, data)
    assert data["contract"] == "grand" and data["trump"] == "H" and data["bidder"] == 2
    assert len(data["tricks"]) == 11 and all(row["win"] in (1, 2, 3) for row in data["tricks"])
    assert data["tricks"][-1]["totals"] == data["frames"][-1]["p"]
    assert data["steps"][2]["d"].startswith("seat 1 leads")
    assert data["result"] == "The bidder (seat 2) takes 39 points: lost, payment -168."


def test_page_is_self_contained_and_states_the_answer(solved):
    html, _ = solved
    assert_self_contained(html)
    assert len(html.encode("utf-8")) < 100 * 1024
    assert "39 points: lost" in html and "grand" in html and "payment" in html


def test_frog_contract_shows_the_discard():
    deal = deal_from_number(17)
    rules = Rules("frog", 2)
    hand = sorted(deal.hands[1] + deal.widow)
    discard = [deal.widow[0], deal.widow[1], deal.widow[2]]
    data = payload(deal, rules, discard, [])
    assert data["discard"] and "takes up the widow" in data["steps"][1]["d"]
    assert data["frames"][1]["h"][1] == " ".join(card_name(c) for c in sort_hand(
        [c for c in hand if c not in discard]))


def test_an_illegal_line_is_refused_before_drawing():
    deal = deal_from_number(17)
    with pytest.raises(IllegalPlay):
        payload(deal, Rules("grand", 2), [], [[(2, deal.hands[1][0])]])


def test_bad_page_paths_exit_2_with_one_line(frog, tmp_path):
    base = ["tricks", "solve", "17", "--contract", "grand", "--bidder", "2"]
    code, out, err = frog(*base, "--html", tmp_path / "nope" / "hand.html")
    assert code == 2 and out == ""
    one_error_line(err, "no such directory")
    code, _, err = frog("tricks", "solve", "17", "--all", "--html", tmp_path / "x.html")
    assert code == 2
    one_error_line(err, "--html needs a single contract")


def test_frog_contract_page_from_the_command(frog, tmp_path):
    from tests.tricks.test_cli import SMALL
    deal_file, page, line_file = tmp_path / "small.txt", tmp_path / "hand.html", tmp_path / "l.txt"
    deal_file.write_text(SMALL.to_text())
    code, out, err = frog("tricks", "solve", deal_file, "--contract", "frog",
                              "--bidder", "2", "--html", page, "--line-file", line_file)
    assert code == 0 and err == ""
    line = parse_line(line_file.read_text())
    data = page_data(page.read_text(encoding="utf-8"))
    check_frames_against_engine(SMALL, Rules("frog", 2), line.discard, line.tricks, data)
    assert sorted(data["discard"].split()) == sorted(card_name(c) for c in line.discard)
    assert f"discards {data['discard']}" in data["steps"][1]["d"]
