"""The patience replay page without a browser: the positions it embeds are the rules
engine's, it is one small self-contained file, and bad paths are refused cleanly."""
from __future__ import annotations

import pytest
from tests.conftest import SMALL_LOST, TINY, one_error_line
from tests.replaypage import assert_self_contained, page_data

from solver.patience import Position, deal_from_number, parse_deal, parse_move_list, variant_rules
from solver.replay import Header, patience_page
from solver.replay.patience import frame

LIMIT = 300 * 1024



def check_frames_against_engine(deal, moves, frames) -> None:
    """Each frame is the engine's position after that many moves: the reserve's top and
    size, the stock, every waste pile, and the foundations (ranks by slot, suits from the
    cards that went up)."""
    position = Position.start(deal)
    assert len(frames) == len(moves) + 1
    for step, shown in enumerate(frames):
        if step:
            position = position.play(moves[step - 1])
        assert shown["rn"] == len(position.reserve)
        assert shown["r"] == (str(position.reserve[-1]) if position.reserve else "")
        assert shown["sn"] == len(position.stock)
        assert shown["s"].split() == [str(c) for c in position.stock[:len(shown["s"].split())]]
        assert shown["s"] or not position.stock
        assert shown["w"] == [" ".join(map(str, pile)) for pile in position.waste]
        ranks = ["A23456789TJQK".index(top[0]) + 1 if top else 0 for top in shown["f"]]
        assert ranks == list(position.foundations), step


@pytest.fixture(scope="module")
def won_game(tmp_path_factory):
    """Frog deal 3 solved through the command, with its page and its move list."""
    folder = tmp_path_factory.mktemp("won")
    page, moves = folder / "win.html", folder / "win.txt"
    from cli.main import main
    assert main(["solve", "3", "-q", "--html", str(page), "--moves-out", str(moves)]) == 0
    deal = deal_from_number(variant_rules("frog"), 3)
    parsed = [move for _, move in parse_move_list(moves.read_text(), 5)]
    return deal, parsed, page.read_text(encoding="utf-8")


def test_solve_page_embeds_the_engines_positions(won_game):
    deal, moves, html = won_game
    data = page_data(html)
    check_frames_against_engine(deal, moves, data["frames"])
    assert [entry["t"] for entry in data["moves"]] == [str(move) for move in moves]
    assert data["moves"][0]["d"] == moves[0].describe().removeprefix(f"{moves[0].card} ")
    assert data["won"] is True and data["refusal"] is None
    last = data["frames"][-1]
    assert last["rn"] == last["sn"] == 0 and all(top[0] == "K" for top in last["f"])


def test_a_full_game_page_is_small_and_self_contained(won_game):
    deal, moves, html = won_game
    assert len(moves) > 100 and deal.rules.card_count == 104
    assert len(html.encode("utf-8")) < LIMIT
    assert_self_contained(html)
    assert "frog deal 3" in html and "winnable" in html and "table hits" in html


def test_foundation_targets_name_the_slot_that_changed(won_game):
    _, moves, html = won_game
    data = page_data(html)
    for i, (move, entry) in enumerate(zip(moves, data["moves"])):
        if move.target == "foundation":
            slot = int(entry["to"][1:]) - 1
            assert data["frames"][i + 1]["f"][slot] == str(move.card)
            assert data["frames"][i]["f"][slot] != str(move.card) or move.card.rank == 1
        else:
            assert entry["to"] == move.target


def test_verify_page_shows_the_legal_prefix_and_the_refused_move(frog, tmp_path, won_game):
    deal, moves, _ = won_game
    bad = tmp_path / "bad.txt"
    lines = [str(move) for move in moves[:8]] + [f"{moves[20].card} stock w2"]
    bad.write_text("# eight good moves, then one the stock does not show\n" + "\n".join(lines))
    page = tmp_path / "game.html"
    code, out, err = frog("verify", "3", bad, "--html", page)
    assert code == 1 and out.startswith("illegal move on line 10:") and err == ""
    data = page_data(page.read_text(encoding="utf-8"))
    check_frames_against_engine(deal, moves[:8], data["frames"])
    assert data["refusal"]["line"] == 10 and "stock shows" in data["refusal"]["reason"]
    assert data["won"] is False


def test_verify_page_of_a_won_game(frog, tmp_path):
    deal_file, moves_file = tmp_path / "tiny.txt", tmp_path / "moves.txt"
    deal_file.write_text(TINY)
    moves_file.write_text("\n".join(["AC stock foundation", "2C stock foundation",
                                     "AD stock foundation", "2D stock foundation",
                                     "AH stock foundation", "2H stock foundation",
                                     "AS stock foundation", "2S reserve foundation"]))
    page = tmp_path / "tiny.html"
    code, out, _ = frog("verify", deal_file, moves_file, "--html", page)
    assert code == 0 and out == "valid, won in 8 moves\n"
    data = page_data(page.read_text(encoding="utf-8"))
    assert data["won"] is True and len(data["frames"]) == 9
    assert data["frames"][-1]["f"] == ["2C", "2D", "2H", "2S"]


def test_unknown_answer_shows_the_deal_and_the_reason(frog, tmp_path):
    page = tmp_path / "unknown.html"
    code, _, _ = frog("solve", "1", "--max-nodes", "1K", "-q", "--html", page)
    assert code == 3
    html = page.read_text(encoding="utf-8")
    data = page_data(html)
    assert data["moves"] == [] and len(data["frames"]) == 1
    deal = deal_from_number(variant_rules("frog"), 1)
    assert data["frames"][0] == frame(deal)
    assert data["deal"] == {"reserve": " ".join(map(str, deal.reserve)),
                            "stock": " ".join(map(str, deal.stock))}  # every card, in order
    assert "unknown (node limit)" in html and "node limit" in html
    assert "reserve: " in html  # the deal itself, as a deal file


def test_unwinnable_answer_says_so(frog, tmp_path):
    deal = tmp_path / "lost.txt"
    deal.write_text(SMALL_LOST)
    page = tmp_path / "lost.html"
    code, _, _ = frog("solve", deal, "--html", page)
    assert code == 1
    html = page.read_text(encoding="utf-8")
    assert "unwinnable" in html and "exhausted" in html and page_data(html)["moves"] == []


def test_page_header_escapes_text():
    deal = parse_deal(TINY)
    html = patience_page(deal, Header("<b>x</b>", "won", "good", [("a&b", "<i>")]), [])
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html and "a&amp;b" in html


@pytest.mark.parametrize("command", [["solve", "3"], ["verify", "3", "MOVES"]])
def test_bad_page_paths_exit_2_with_one_line(frog, tmp_path, command):
    moves = tmp_path / "moves.txt"
    moves.write_text("")
    argv = [str(moves) if word == "MOVES" else word for word in command]
    code, out, err = frog(*argv, "--html", tmp_path / "no" / "such" / "x.html")
    assert code == 2 and out == ""
    one_error_line(err, "no such directory")
    code, out, err = frog(*argv, "--html", tmp_path)
    assert code == 2
    one_error_line(err, "is a directory")
