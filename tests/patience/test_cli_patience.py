"""End to end: `frog deal`, `frog show`, `frog verify` as a user types them (docs/rules.md exit
codes: 0 done / won, 1 an illegal or non-winning move list, 2 bad input with one line)."""
import json
import sys

import pytest
from tests.conftest import TINY, frog_process, one_error_line

from solver.patience.deal import deal_from_number, parse_deal
from solver.patience.rules import variant_rules


@pytest.fixture
def frog1_file(tmp_path):
    path = tmp_path / "frog1.txt"
    path.write_text(deal_from_number(variant_rules("pysol-frog"), 1).to_text("pysol-frog deal 1"))
    return path


TINY_WIN = """# the whole game
AC stock foundation
2C stock foundation
AD stock foundation
2D stock foundation
AH stock foundation
2H stock foundation
AS stock foundation
2S reserve foundation
"""


@pytest.fixture
def tiny_file(tmp_path):
    path = tmp_path / "tiny.txt"
    path.write_text(TINY)
    return path


def moves_file(tmp_path, text):
    path = tmp_path / "moves.txt"
    path.write_text(text)
    return path


# ------------------------------------------------------------ frog deal

def test_deal_pysol_frog_1_prints_pysolfc_game_1(frog):
    code, out, err = frog("deal", "--variant", "pysol-frog", "1")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[:4] == ["# pysol-frog deal 1", "variant: pysol-frog", "foundations: AS",
                         "reserve: 3D 5H JC KH 5S 5H KC KC 8D JD 8C 6C 6H"]
    assert lines[4].startswith("stock: TC 8D 4C JS QC 4H KD 2H TD 8S AC 7C 2H AD ")
    assert parse_deal(out) == deal_from_number(variant_rules("pysol-frog"), 1)


def test_deal_defaults_to_frog_deal_3(frog):
    code, out, _ = frog("deal")
    expected = deal_from_number(variant_rules("frog"), 3).to_text("frog deal 3")
    assert code == 0 and out == expected


def test_deal_frog_2_fetches_the_ace_of_clubs(frog):
    code, out, _ = frog("deal", "-v", "frog", "2")
    assert code == 0 and "foundations: AC\nreserve: 7D 3S QS 7S 7H TD 9H 9D JD QS QC JC 8D\n" in out


def test_deal_fly_7_json(frog):
    code, out, _ = frog("deal", "--variant", "fly", "7", "--json")
    data = json.loads(out)
    assert code == 0
    assert data == deal_from_number(variant_rules("fly"), 7).to_json()
    assert data["variant"] == "fly" and len(data["foundations"]) == 8
    assert set(data["foundations"]) == {"AC", "AD", "AH", "AS"} and len(data["reserve"]) == 13
    assert len(data["stock"]) == 83 and data["waste5"] == []


def test_deal_of_a_reduced_game_prints_its_rule_lines_and_reads_back(frog):
    code, out, _ = frog("deal", "--decks", "1", "--ranks", "5", "--waste-piles", "2",
                        "--reserve-size", "3", "--stock-play", "optional", "9")
    assert code == 0
    assert out.splitlines()[1:7] == ["variant: frog", "decks: 1", "ranks: 5", "waste-piles: 2",
                                     "reserve-size: 3", "stock-play: optional"]
    deal = parse_deal(out)
    assert deal.rules.card_count == 20 and deal.rules.stock_play == "optional"
    assert len(deal.reserve) == 3


def test_deal_reads_a_file_and_converts_it_to_json(frog, frog1_file):
    code, out, _ = frog("deal", frog1_file, "--json")
    assert code == 0 and parse_deal(out) == parse_deal(frog1_file.read_text())


def test_deal_reads_standard_input(frog, monkeypatch):
    import io
    monkeypatch.setattr(sys, "stdin", io.StringIO(TINY))
    code, out, _ = frog("deal", "-")
    assert code == 0 and out.startswith("# -\nvariant: plain-frog\ndecks: 1\n")
    assert "reserve: 2S\nstock: AC 2C AD 2D AH 2H AS\n" in out


def test_deal_large_numbers_use_the_second_generator(frog):
    code, out, _ = frog("deal", "-v", "pysol-frog", "32000")
    assert code == 0 and "reserve: KH 9H TD 6D 3D 9C TH JS JS 6C 3C KD 4H\nstock: AC 7S TH 7S" in out
    code, out, _ = frog("deal", str(10**20))
    assert code == 0 and out.startswith(f"# frog deal {10**20}\n")


# ------------------------------------------------------------ frog show

def test_show_a_deal_file(frog, frog1_file):
    code, out, err = frog("show", frog1_file)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith(f"{frog1_file}  [pysol-frog: decks 2, ranks 13, waste-piles 5")
    assert lines[1] == "Foundations  AS -- -- -- -- -- -- --"
    assert lines[2] == "Reserve      3D 5H JC KH 5S 5H KC KC 8D JD 8C 6C 6H   (13 cards, top last)"
    assert lines[3:8] == [f"Waste {i:<6} -" for i in range(1, 6)]
    assert lines[8].startswith("Stock        TC 8D 4C ") and lines[8].endswith("(90 cards, next first)")
    assert lines[9] == "Ranks A-K, 104 cards"


def test_show_a_numbered_deal_and_a_position_in_play(frog, tmp_path):
    code, out, _ = frog("show", "2", "--variant", "frog")
    assert code == 0 and "Foundations  AC -- -- --" in out and out.startswith("frog deal 2  [")
    position = tmp_path / "inplay.txt"
    position.write_text("variant: plain-frog\ndecks: 1\nranks: 2\nwaste-piles: 2\n"
                        "reserve-size: 1\nfoundations: 2C AD\nreserve: -\nstock: AH 2H\n"
                        "waste2: 2S 2D AS\n")
    code, out, _ = frog("show", position)
    assert code == 0
    assert "Foundations  2C AD -- --\n" in out and "Waste 2      2S 2D AS\n" in out
    assert "Waste 1      -\n" in out
    assert "Reserve      -   (0 cards, top last; 1 gone up of reserve-size 1)\n" in out


def test_show_refuses_a_short_reserve_whose_cards_are_not_up(frog, tmp_path, frog1_file):
    reserve = "3D 5H JC KH 5S 5H KC KC 8D JD 8C 6C 6H".split()
    short = tmp_path / "short.txt"
    short.write_text(frog1_file.read_text().replace(" ".join(reserve), " ".join(reserve[:3]))
                     .replace("stock: ", "stock: " + " ".join(reserve[3:]) + " "))
    code, out, err = frog("show", short)
    assert code == 2 and out == ""
    one_error_line(err, "short.txt", "line 4", "the reserve holds 3 cards under reserve-size 13",
                   "the 10 missing cards must have gone up")


# ------------------------------------------------------------ frog verify

def test_verify_a_winning_move_list(frog, tiny_file, tmp_path):
    code, out, err = frog("verify", tiny_file, moves_file(tmp_path, TINY_WIN))
    assert (code, out, err) == (0, "valid, won in 8 moves\n", "")


def test_verify_json_for_a_win(frog, tiny_file, tmp_path):
    code, out, _ = frog("verify", tiny_file, moves_file(tmp_path, TINY_WIN), "--json")
    assert code == 0
    assert json.loads(out) == {"valid": True, "won": True, "moves": 8, "illegal_line": None,
                               "reason": None, "cards_left": 0}


def test_verify_an_illegal_move_names_its_line_and_reason(frog, frog1_file, tmp_path):
    moves = moves_file(tmp_path, "TC stock w1\n\n# now the wrong card\n4C stock w2\n")
    code, out, err = frog("verify", frog1_file, moves)
    assert code == 1 and err == ""
    assert out == "illegal move on line 4: 4C stock w2: stock shows 8D, not 4C\n"


def test_verify_json_for_an_illegal_move(frog, frog1_file, tmp_path):
    moves = moves_file(tmp_path, "6H reserve w1\n")
    code, out, _ = frog("verify", frog1_file, moves, "--json")
    assert code == 1
    assert json.loads(out) == {
        "valid": False, "won": False, "moves": 0, "illegal_line": 1, "cards_left": 103,
        "reason": "6H reserve w1: only the card turned from the stock may go to a waste pile, "
                  "6H comes from the reserve"}


def test_verify_a_legal_list_that_does_not_win_exits_1(frog, frog1_file, tmp_path):
    code, out, _ = frog("verify", frog1_file, moves_file(tmp_path, "TC stock w1\n"))
    assert code == 1 and out == "valid but not won: 1 moves, 103 cards left\n"


def test_verify_a_numbered_deal_with_moves_on_standard_input(frog, monkeypatch):
    import io
    monkeypatch.setattr(sys, "stdin", io.StringIO("TC stock w1\n8D stock w2\n"))
    code, out, _ = frog("verify", "1", "-", "--variant", "pysol-frog")
    assert code == 1 and out == "valid but not won: 2 moves, 103 cards left\n"


def test_verify_honours_forced_stock_play_from_the_command_line(frog, tiny_file, tmp_path):
    moves = moves_file(tmp_path, "AC stock w1\n")
    code, out, _ = frog("verify", tiny_file, moves)
    assert code == 1 and out.startswith("valid but not won")
    code, out, _ = frog("verify", tiny_file, moves, "--stock-play", "forced")
    assert code == 1 and "it must go there" in out and "line 1" in out


# ------------------------------------------------------------ bad input: exit 2, one line

def test_missing_deal_file(frog, tmp_path):
    code, out, err = frog("show", tmp_path / "nope.txt")
    assert code == 2 and out == ""
    one_error_line(err, "nope.txt", "no such file")


def test_deal_file_with_an_unknown_card(frog, tmp_path, frog1_file):
    bad = tmp_path / "bad.txt"
    bad.write_text(frog1_file.read_text().replace("3D 5H JC", "3D 5X JC"))
    code, out, err = frog("deal", bad)
    assert code == 2 and out == ""
    one_error_line(err, "bad.txt", "line 4", "'5X'")


@pytest.mark.parametrize("command", ["deal", "show", "verify"])
def test_every_command_refuses_an_inconsistent_deal_with_exit_2(frog, tmp_path, frog1_file,
                                                                  command):
    bad = tmp_path / "bad.txt"
    bad.write_text(frog1_file.read_text() + "stock: AC\n")
    argv = [command, bad] + ([moves_file(tmp_path, "")] if command == "verify" else [])
    code, out, err = frog(*argv)
    assert code == 2 and out == ""
    one_error_line(err, "line 6", "'stock' given twice")


def test_invalid_json_deal(frog, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"variant": "frog",\n "reserve": [3D]}\n')
    code, _, err = frog("show", bad)
    assert code == 2
    one_error_line(err, "bad.json", "line 2", "invalid JSON")


def test_unreadable_move_list(frog, frog1_file, tmp_path):
    code, out, err = frog("verify", frog1_file, moves_file(tmp_path, "TC stock\n"))
    assert code == 2 and out == ""
    one_error_line(err, "moves.txt", "line 1", "expected 'CARD SOURCE TARGET'")


MEGABYTE = 1_000_000


@pytest.mark.parametrize("line, words", [
    ("x" * MEGABYTE, "expected 'CARD SOURCE TARGET', found 'xxxx"),
    ("7" * MEGABYTE + " stock w1", "is not a card"),
])
def test_a_megabyte_move_line_is_quoted_by_a_short_excerpt(frog, frog1_file, tmp_path, line,
                                                            words):
    code, out, err = frog("verify", frog1_file, moves_file(tmp_path, line + "\n"))
    assert code == 2 and out == ""
    one_error_line(err, "line 1", words, "...'")
    assert len(err) < 300, len(err)


@pytest.mark.parametrize("line", ["reserve: 3D " + "Q" * MEGABYTE,
                                  "x" * MEGABYTE + ": 1", "variant: " + "x" * MEGABYTE,
                                  "decks: " + "1" * MEGABYTE])
def test_a_megabyte_deal_line_is_quoted_by_a_short_excerpt(frog, tmp_path, line):
    bad = tmp_path / "big.txt"
    bad.write_text(line + "\n")
    code, out, err = frog("show", bad)
    assert code == 2 and out == ""
    one_error_line(err, "big.txt", "...'")
    assert len(err) < 400, len(err)


def test_missing_move_list(frog, frog1_file, tmp_path):
    code, _, err = frog("verify", frog1_file, tmp_path / "none.txt")
    assert code == 2
    one_error_line(err, "none.txt", "no such file")


@pytest.mark.parametrize("argv, words", [
    (["deal", "0"], "deal number must be 1 to 10^20, not 0"),
    (["deal", str(10**20 + 1)], "deal number must be 1 to 10^20"),
    (["deal", "--variant", "toad", "3"], "unknown variant 'toad'"),
    (["deal", "--decks", "0", "3"], "decks must be 1-8, not 0"),
    (["deal", "--ranks", "2", "--decks", "1", "3"], "reserve-size must be 0-8, not 13"),
    (["show", "--variant", "toad", "-"], "unknown variant 'toad'"),
])
def test_bad_numbers_and_rule_options(frog, monkeypatch, argv, words):
    import io
    monkeypatch.setattr(sys, "stdin", io.StringIO(TINY))
    code, out, err = frog(*argv)
    assert code == 2 and out == ""
    one_error_line(err, words)


def test_a_deal_argument_of_unicode_digits_is_bad_input(frog):
    code, _, err = frog("deal", "²")
    assert code == 2
    one_error_line(err)


def test_usage_errors_exit_2(frog):
    code, _, err = frog("deal", "--bogus")
    assert code == 2 and "unrecognized arguments: --bogus" in err and "Traceback" not in err
    code, _, err = frog("verify", "1")  # MOVES missing
    assert code == 2 and "MOVES" in err
    code, _, err = frog("deal", "--aces", "often")
    assert code == 2 and "invalid choice" in err


def test_no_command_prints_help_and_exits_2(frog):
    code, out, _ = frog()
    assert code == 2 and "usage: frog" in out and "Exit codes" in out


@pytest.mark.parametrize("argv", [["--help"], ["deal", "--help"], ["show", "--help"],
                                  ["verify", "--help"]])
def test_help_exits_0(frog, argv):
    code, out, _ = frog(*argv)
    assert code == 0 and out.startswith("usage: frog")


# ------------------------------------------------------------ as a separate process

def test_process_deal_exits_0_with_the_deal_file(tmp_path):
    result = frog_process("deal", "--variant", "pysol-frog", "3")
    assert result.returncode == 0 and result.stderr == ""
    assert "foundations: AD\nreserve: TD QH KC 2C 6H 3S JC 4H JD 9C KD 3C 6D\nstock: 4S 8H 8D 5S" \
        in result.stdout


def test_process_bad_input_exits_2_with_one_line_and_no_traceback(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("variant: frog\ncolour: red\n")
    result = frog_process("show", bad)
    assert result.returncode == 2 and result.stdout == ""
    one_error_line(result.stderr, "line 2", "unknown field 'colour'")


def test_process_verify_exit_codes(tmp_path, tiny_file):
    assert frog_process("verify", tiny_file, moves_file(tmp_path, TINY_WIN)).returncode == 0
    assert frog_process("verify", tiny_file, moves_file(tmp_path, "AC stock w1\n")).returncode == 1


# ------------------------------------------------------------ frog show: colour, --after

def test_show_after_moves_shows_that_position(frog, frog1_file, tmp_path):
    from solver.patience import deal_after, parse_move_list
    from cli.render import render_deal
    moves = moves_file(tmp_path, "TC stock w1\n8D stock w2\n4C stock w1\n")
    code, out, err = frog("show", frog1_file, "--after", moves)
    assert code == 0 and err == ""
    deal = parse_deal(frog1_file.read_text())
    reached = deal_after(deal, [m for _, m in parse_move_list(moves.read_text(), 5)])
    assert out == render_deal(reached, f"{frog1_file} after 3 moves") + "\n"
    assert "Waste 1      TC 4C\n" in out and "Waste 2      8D\n" in out
    assert "Stock        JS QC " in out


def test_show_colours_suits_only_when_asked_or_on_a_terminal(frog, frog1_file, monkeypatch):
    code, plain, _ = frog("show", frog1_file)
    assert code == 0 and "\033[" not in plain  # not a terminal: plain text
    code, coloured, _ = frog("show", frog1_file, "--color")
    assert code == 0 and "\033[31m" in coloured and "\u2665" in coloured
    assert "\033[31m\033[1m6\u2665\033[0m" in coloured  # the reserve's top: red and bold
    import re
    assert re.sub(r"\033\[[0-9;]*m", "", coloured).replace("\u2663", "C").replace(
        "\u2666", "D").replace("\u2665", "H").replace("\u2660", "S") == plain
    code, out, _ = frog("show", frog1_file, "--no-color")
    assert out == plain
    code, _, err = frog("show", frog1_file, "--no-color", "--color")
    assert code == 2 and "not allowed with" in err


def test_show_colour_follows_the_terminal_and_no_color(monkeypatch):
    import io
    from cli.render import wants_colour

    class Terminal(io.StringIO):
        encoding = "utf-8"

        def isatty(self):
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert wants_colour(Terminal())
    assert not wants_colour(Terminal(), no_color=True)
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_colour(Terminal()) and wants_colour(Terminal(), force=True)
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert not wants_colour(Terminal())


@pytest.mark.parametrize("argv", [["solve", "3", "--max-nodes"], ["nonsense"],
                                  ["deal", "--aces", "often"], ["solve", "3", "--what"]])
def test_usage_errors_are_one_line_too(frog, argv):
    """argparse's usage errors answer as every other bad input: one `frog: error:` line that
    names the problem and where the help is, exit 2, nothing on stdout."""
    code, out, err = frog(*argv)
    assert code == 2 and out == ""
    assert one_error_line(err).endswith("--help')")


def test_errors_quote_only_an_excerpt_of_a_huge_input(frog, tmp_path):
    """A megabyte pasted by mistake gives one short error line, not the megabyte back."""
    moves = tmp_path / "moves.txt"
    moves.write_text("7H stock " + "w" * 1_000_000 + "\n")
    deal = tmp_path / "deal.txt"
    deal.write_text("x" * 1_000_000 + "\n")
    for argv, words in [(("verify", "1", moves), ("unknown target", "1,000,000 characters")),
                        (("show", deal), ("expected 'key: value'", "1,000,000 characters")),
                        (("deal", "1" * 100_000), ("deal number must be 1 to 10^20",
                                                   "100,000 characters"))]:
        code, out, err = frog(*argv)
        assert code == 2 and len(err) < 300, (argv, len(err))
        one_error_line(err, *words)
