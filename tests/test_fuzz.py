"""Fuzzing everything a user can type or feed in, through the `frog` command itself.

Deal files (text and JSON) with cards deleted, duplicated, swapped or garbled, bad keys,
wrong counts, binary junk and empty files; move lists; trick-taking deals and lines of
play; odd option values (negative, zero, huge, not numbers, unknown names). The only
acceptable answers (docs/rules.md, Exit codes) are:

- a verdict: `frog solve` exits 0, 1 or 3; `frog verify` 0 or 1 (1 for a bad move list);
  a command that did its job exits 0;
- bad input: exit 2 with one line `frog: error: ...` naming the problem (argparse's own
  usage errors: its usage lines, then one `frog ...: error: ...` line);

never a traceback, never exit 4, never an exception out of `main`. Every case is drawn
from the run's seed (tests/conftest.py, FROG_SEED) and a failure prints the command and
the files it read, so it replays exactly. The default run tries a few hundred cases with
tiny limits; FROG_SOAK=N runs N more (pytest -m slow tests/test_fuzz.py).
"""
from __future__ import annotations

import functools
import io
import json
import os
import random
import sys
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from tests.conftest import seeded

from solver.patience.deal import deal_from_number
from solver.patience import Position
from solver.patience.rules import variant_rules
from solver.tricks.cards import card_name

#: Exit codes each command may give for input it accepts (bad input is always 2).
ANSWERS = {"solve": {0, 1, 3}, "verify": {0, 1}, "deal": {0}, "show": {0},
           "tricks solve": {0}, "tricks verify": {0, 1}, "tricks deal": {0},
           "survey": {0, 3}, "report": {0}, "bench": {0, 1, 3}}
#: Every search is cut short: the fuzz is about input, not about solving.
SMALL_LIMITS = ["--max-nodes", "2000", "--timeout", "5s", "--memory", "1M"]


@dataclass
class Case:
    """One command line and the files it reads (name -> bytes), and stdin."""

    kind: str
    command: str
    argv: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    stdin: str = ""

    def describe(self) -> str:
        shown = "\n".join(f"--- {name}:\n{content[:600]!r}" for name, content in self.files.items())
        return f"[{self.kind}] frog {' '.join(self.argv)}\n{shown}" + \
            (f"\n--- stdin:\n{self.stdin[:600]!r}" if self.stdin else "")


# --- garbage -------------------------------------------------------------------------------------

GARBAGE_TOKENS = ["", "-", "--", "#", ":", "X", "ZZ", "10", "1H", "11C", "5X", "AH1", "A", "H",
                  "TT", "0S", "KH,", "QS;", "ÄH", "٣H", "²C", "\t", "null", "[]", "{}", "AC:",
                  "1:AC", "4:AC", "seat", "w0", "w9", "W1", "foundation2", "STOCK", "reserve",
                  "x" * 300, "🂡", "\x00", "\x7f", "é", "AC" * 40]
TEXT_KEYS = ["variant", "decks", "ranks", "waste-piles", "reserve-size", "aces", "stock-play",
             "foundations", "reserve", "stock", "waste1", "waste2", "waste0", "waste17",
             "waste99", "deck", "colour", "Variant", "STOCK", "", "#", "game", "hand1"]
TRICKS_KEYS = ["game", "hand1", "hand2", "hand3", "hand4", "widow", "leader", "taken",
               "contract", "bidder", "Hand1", "", "stock"]
NUMBERS = ["-1", "0", "1", "2", "3", "8", "9", "13", "14", "99", "abc", "", "1.5", "1e3",
           "0x10", "+3", "-0", "٣", "²", str(10**20), str(10**20 + 1), str(10**30),
           "9" * 5000, " 7 ", "NaN", "inf", "1_000"]
VARIANT_NAMES = ["frog", "fly", "fanny", "dicks-frog", "plain-frog", "pysol-frog", "pysol-fly",
                 "pysol-fanny", "sir-tommy", "toad", "FROG", "", "frog ", "pysol_frog", "é",
                 "-v", "--help-me"]


def junk_bytes(rng: random.Random, size: int) -> bytes:
    return bytes(rng.randrange(256) for _ in range(size))


def mutate_text(rng: random.Random, text: str, keys: list[str]) -> bytes:
    """One to three random edits of a line-oriented file; bytes, since some are not UTF-8."""
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        edit = rng.randrange(14)
        if not lines:
            lines = [""]
        i = rng.randrange(len(lines))
        key, colon, value = lines[i].partition(":")
        tokens = value.split()
        if edit == 0 and tokens:  # delete a card (or word)
            del tokens[rng.randrange(len(tokens))]
        elif edit == 1 and tokens:  # duplicate one
            tokens.insert(rng.randrange(len(tokens) + 1), rng.choice(tokens))
        elif edit == 2:  # swap two words between two lines
            j = rng.randrange(len(lines))
            other = lines[j].partition(":")
            if tokens and other[2].split():
                theirs = other[2].split()
                a, b = rng.randrange(len(tokens)), rng.randrange(len(theirs))
                tokens[a], theirs[b] = theirs[b], tokens[a]
                if j != i:
                    lines[j] = f"{other[0]}:{' '.join(theirs)}"
        elif edit == 3:  # a garbage word
            tokens.insert(rng.randrange(len(tokens) + 1), rng.choice(GARBAGE_TOKENS))
        elif edit == 4:  # delete a line
            del lines[i]
            continue
        elif edit == 5:  # duplicate a line
            lines.insert(rng.randrange(len(lines) + 1), lines[i])
            continue
        elif edit == 6:  # swap two lines
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            continue
        elif edit == 7:  # another key
            key = rng.choice(keys)
        elif edit == 8:  # a rule line with an odd number or name
            lines.insert(i, f"{rng.choice(keys)}: {rng.choice(NUMBERS + VARIANT_NAMES)}")
            continue
        elif edit == 9:  # a line of junk
            lines.insert(i, "".join(rng.choice(GARBAGE_TOKENS) for _ in range(rng.randint(1, 4))))
            continue
        elif edit == 10:  # no colon
            colon = ""
        elif edit == 11:  # cut the file short
            joined = "\n".join(lines)
            lines = joined[:rng.randrange(len(joined) + 1)].splitlines()
            continue
        elif edit == 12:  # binary junk, possibly not UTF-8
            return "\n".join(lines).encode() + junk_bytes(rng, rng.randint(1, 40))
        else:  # another encoding
            return "\n".join(lines).encode("latin-1", errors="replace") + "é\n".encode("latin-1")
        lines[i] = f"{key}{colon} {' '.join(tokens)}" if colon else f"{key} {' '.join(tokens)}"
    return ("\n".join(lines) + rng.choice(["\n", "", "\r\n", "\n\n\n"])).encode()


#: (A lone surrogate such as "\ud800" is left to test_a_lone_surrogate_in_json_is_bad_input:
#: only a real process has stderr's backslashreplace.)
def gentle_text(rng: random.Random, text: str) -> bytes:
    """Edits that often keep a file valid: two cards swapped, comments, blank lines, case,
    tabs, CRLF, '10' for 'T' (so that the fuzz also reaches the solvers and the replay)."""
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        edit = rng.randrange(6)
        if edit == 0:  # swap two cards anywhere
            words = [(i, j) for i, line in enumerate(lines)
                     for j, word in enumerate(line.partition(":")[2].split())]
            if len(words) >= 2:
                (i1, j1), (i2, j2) = rng.sample(words, 2)
                row1, row2 = lines[i1].partition(":"), lines[i2].partition(":")
                w1, w2 = row1[2].split(), row2[2].split()
                if i1 == i2:
                    w1[j1], w1[j2] = w1[j2], w1[j1]
                    lines[i1] = f"{row1[0]}: {' '.join(w1)}"
                else:
                    w1[j1], w2[j2] = w2[j2], w1[j1]
                    lines[i1], lines[i2] = f"{row1[0]}: {' '.join(w1)}", f"{row2[0]}: {' '.join(w2)}"
        elif edit == 1:
            lines.insert(rng.randrange(len(lines) + 1), rng.choice(["", "# a comment", "   "]))
        elif edit == 2 and lines:
            i = rng.randrange(len(lines))
            lines[i] = lines[i] + "   # trailing comment"
        elif edit == 3:
            lines = [line.lower() if rng.random() < 0.5 else line.upper() for line in lines]
        elif edit == 4:
            lines = [line.replace(" ", "\t") if rng.random() < 0.3 else line for line in lines]
        else:
            lines = [line.replace("T", "10") if ":" in line and rng.random() < 0.5 else line
                     for line in lines]
    return (rng.choice(["\n", "\r\n"]).join(lines) + "\n").encode()


ODD_JSON_VALUES = [None, True, 1.5, -1, 0, 10**30, "", "x", [], {}, [["AC"]], [1, 2], "AC 2C",
                   ["AC", None], {"AC": 1}, "\u00e9\u0000", [True]]


def mutate_json(rng: random.Random, data: dict) -> bytes:
    data = json.loads(json.dumps(data))
    for _ in range(rng.randint(1, 3)):
        edit = rng.randrange(9)
        keys = list(data) if isinstance(data, dict) else []
        if edit == 0 and keys:
            del data[rng.choice(keys)]
        elif edit == 1 and keys:
            data[rng.choice(keys)] = rng.choice(ODD_JSON_VALUES)
        elif edit == 2 and isinstance(data, dict):
            data[rng.choice(TEXT_KEYS)] = rng.choice(ODD_JSON_VALUES + NUMBERS)
        elif edit == 3 and keys:  # a card list edited
            key = rng.choice(keys)
            if isinstance(data[key], list) and data[key]:
                cards = data[key]
                op = rng.randrange(3)
                if op == 0:
                    del cards[rng.randrange(len(cards))]
                elif op == 1:
                    cards.append(rng.choice(cards))
                else:
                    cards[rng.randrange(len(cards))] = rng.choice(GARBAGE_TOKENS)
        elif edit == 4:
            data = rng.choice([[], "frog", 3, None, [data]])
        elif edit == 5:
            text = json.dumps(data)
            return text[:rng.randrange(len(text) + 1)].encode()
        elif edit == 6:
            return ("{\"variant\": " + "[" * rng.choice([10, 5000, 100000])).encode()
        elif edit == 7:
            return json.dumps(data).encode() + junk_bytes(rng, rng.randint(1, 20))
        else:
            return json.dumps(data, indent=rng.choice([None, 1])).replace('"', "'").encode()
    return json.dumps(data).encode()


# --- what the fuzz starts from ----------------------------------------------------------------------

def patience_deal(rng: random.Random, small: bool = True):
    """A reduced deal (or, sometimes, a full one, or a position a few moves in)."""
    if small or rng.random() < 0.8:
        rules = variant_rules(rng.choice(["frog", "fly", "fanny", "plain-frog", "pysol-frog"]))
        rules = rules.with_overrides(decks=rng.randint(1, 2), ranks=rng.randint(2, 4),
                                     waste_piles=rng.randint(0, 3),
                                     reserve_size=rng.randint(0, 4))
    else:
        rules = variant_rules(rng.choice(["frog", "pysol-frog", "sir-tommy", "fanny"]))
    return deal_from_number(rules, rng.randint(1, 1000))


def random_moves(rng: random.Random, deal, count: int) -> list[str]:
    position, moves = Position.start(deal), []
    for _ in range(count):
        legal = position.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(str(move))
        position = position.play(move)
    return moves


def mutate_moves(rng: random.Random, moves: list[str]) -> bytes:
    lines = list(moves) or [""]
    for _ in range(rng.randint(0, 3)):
        i = rng.randrange(len(lines))
        edit = rng.randrange(7)
        words = lines[i].split()
        if edit == 0:
            del lines[i]
        elif edit == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif edit == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif edit == 3 and words:
            words[rng.randrange(len(words))] = rng.choice(GARBAGE_TOKENS)
            lines[i] = " ".join(words)
        elif edit == 4:
            lines[i] += " " + rng.choice(GARBAGE_TOKENS + ["# comment", "extra"])
        elif edit == 5:
            return ("\n".join(lines)).encode() + junk_bytes(rng, rng.randint(1, 30))
        else:
            lines[i] = " ".join(words[:rng.randrange(len(words) + 1)])
        if not lines:
            lines = [""]
    return ("\n".join(lines) + "\n").encode()


def tricks_deal_text(rng: random.Random, full: bool = False) -> str:
    size = 11 if full else rng.randint(1, 4)
    widow = 3 if full else rng.randint(0, 3)
    cards = rng.sample(range(36), 3 * size + widow)
    lines = ["game: frog-tricks"]
    lines += [f"hand{seat + 1}: " + " ".join(card_name(c) for c in cards[seat * size:(seat + 1) * size])
              for seat in range(3)]
    lines.append("widow: " + (" ".join(card_name(c) for c in cards[3 * size:]) or ""))
    if rng.random() < 0.3:
        lines.append(f"leader: {rng.randint(1, 3)}")
    if rng.random() < 0.3:
        lines.append(f"taken: {rng.randint(0, 20)} {rng.randint(0, 20)}")
    return "\n".join(lines) + "\n"


CONTRACT_OPTIONS = [["--contract", "grand", "--bidder", "1"],
                    ["--contract", "frog", "--bidder", "2"],
                    ["--contract", "chico", "--trump", "spades", "--bidder", "3"],
                    ["--contract", "chico", "--bidder", "1"],
                    ["--contract", "chico", "--trump", "hearts", "--bidder", "2"],
                    ["--contract", "chico", "--trump", "purple", "--bidder", "2"],
                    ["--contract", "grand"], ["--bidder", "2"], ["--all"],
                    ["--all", "--bidder", "1"], ["--contract", "toad", "--bidder", "1"],
                    ["--contract", "grand", "--bidder", "4"],
                    ["--contract", "grand", "--bidder", "0"]]
TRICKS_RULE_OPTIONS = [[], ["--target", "61"], ["--target", "62"], ["--must-overtrump"],
                       ["--scoring", "straight-solo"], ["--scoring", "slough"],
                       ["--scoring", "none"], ["--players", "5"], ["--players", "7"],
                       ["--players", "-1"], ["--json"], ["--target", "abc"]]


# --- the cases ---------------------------------------------------------------------------------------

def deal_file_case(rng: random.Random) -> Case:
    """A mutated deal file (text or JSON) through deal, show, verify or solve."""
    deal = patience_deal(rng, small=False)
    if rng.random() < 0.3:
        content = gentle_text(rng, deal.to_text(rng.choice([None, "a title"])))
        name = "deal.txt"
    elif rng.random() < 0.5:
        content = mutate_text(rng, deal.to_text(rng.choice([None, "a title"])), TEXT_KEYS)
        name = "deal.txt"
    else:
        content = mutate_json(rng, deal.to_json())
        name = "deal.json"
    if rng.random() < 0.05:
        content = rng.choice([b"", b"\n", b"   \n\t\n", b"# only a comment\n", b"{}",
                              junk_bytes(rng, 200), b"\xff\xfe\x00v\x00a\x00r"])
    command = rng.choice(["deal", "show", "verify", "solve", "solve"])
    source = name
    stdin = ""
    if rng.random() < 0.1:  # the same file on standard input
        source, stdin = "-", content.decode("utf-8", errors="replace")
    argv = [command, source]
    files = {name: content}
    if command == "verify":
        files["moves.txt"] = ("\n".join(random_moves(rng, deal, rng.randint(0, 6))) + "\n").encode()
        argv.append("moves.txt")
    if command == "deal" and rng.random() < 0.5:
        argv.append("--json")
    if command == "solve":
        argv += SMALL_LIMITS + rng.choice([[], ["--json"], ["-q"], ["--method", "brute"]])
    return Case("deal file", command, argv, files, stdin)


def move_list_case(rng: random.Random) -> Case:
    """A mutated move list (often a winning one) through verify or solve --after."""
    deal = patience_deal(rng)
    moves = random_moves(rng, deal, rng.randint(0, 12))
    files = {"deal.txt": deal.to_text().encode(), "moves.txt": mutate_moves(rng, moves)}
    if rng.random() < 0.7:
        return Case("move list", "verify", ["verify", "deal.txt", "moves.txt"]
                    + rng.choice([[], ["--json"]]), files)
    return Case("move list", "solve", ["solve", "deal.txt", "--after", "moves.txt"]
                + SMALL_LIMITS, files)


def option_case(rng: random.Random) -> Case:
    """Odd option values and deal numbers for the patience commands."""
    command = rng.choice(["deal", "show", "solve", "solve", "verify"])
    deal = rng.choice(["3", "1", "0", "-1", str(10**20), str(10**20 + 1), str(10**30), "abc",
                       "٣", "1e5", "3.0", "+3", "", "missing.txt", ".", "/"])
    argv = [command, deal]
    options = {
        "--variant": VARIANT_NAMES, "--decks": NUMBERS, "--ranks": NUMBERS,
        "--waste-piles": NUMBERS, "--reserve-size": NUMBERS,
        "--aces": ["frog", "pysol", "fly", "dicks", "stay", "often", ""],
        "--stock-play": ["forced", "optional", "sometimes", ""],
    }
    if command == "solve":
        options.update({
            "--max-nodes": ["-1", "0", "1", "2K", "1.5K", "abc", "", "1T", "2000", " 5k ",
                            str(10**30), "9" * 5000 + "G"],
            "--timeout": ["abc", "0", "-1", "1ms", "0.001s", "1s", "3 weeks", "1e3", "nan",
                          "inf", "", "99999999h", "2m", "0.5"],
            "--memory": ["0", "1", "64K", "63K", "1M", "1T", "-1", "abc", "1GiB", "1.5M", "",
                         "1mb", "9" * 5000],
            "--method": ["search", "cpsat", "brute", "portfolio", "guess", ""],
            "--noise": ["0", "-5", "1", "120", "abc", str(10**30)],
            "--moves-out": ["/nonexistent/dir/win.txt", "out.txt", "."],
        })
    if command == "verify":
        argv.append(rng.choice(["moves.txt", "missing.txt", "-", "."]))
    for name in rng.sample(sorted(options), rng.randint(1, 3)):
        argv += [name, rng.choice(options[name])]
    small = rng.random() < 0.8
    if command == "solve":
        limits = {"--max-nodes": "2000", "--timeout": "5s", "--memory": "1M"}
        method = argv[argv.index("--method") + 1] if "--method" in argv else "search"
        if method in ("cpsat", "portfolio", "brute") or small:
            # a full deal is too big for the witnesses: keep the game reduced
            argv += ["--decks", "1", "--ranks", "3", "--waste-piles", "2", "--reserve-size", "2"]
        for name, value in limits.items():  # the last value given wins in argparse
            if name not in argv:
                argv += [name, value]
    elif small and command == "verify":
        argv += ["--decks", "1", "--ranks", "3"]
    files = {"moves.txt": b"AC stock foundation\nQQ\n"}
    return Case("options", command, argv, files, stdin="TC stock w1\n")


def tricks_case(rng: random.Random) -> Case:
    """Mutated trick-taking deals and lines through tricks deal, solve and verify."""
    kind = rng.randrange(4)
    if kind == 0:
        number = rng.choice(["1", "17", "0", "-3", str(10**20), str(10**20 + 1), str(10**30),
                             "abc", "٣", "", "1.0"])
        return Case("tricks", "tricks deal", ["tricks", "deal", number])
    text = tricks_deal_text(rng, full=rng.random() < 0.1)
    full = text.count(" ") > 30
    content = rng.choice([mutate_text(rng, text, TRICKS_KEYS), gentle_text(rng, text),
                          text.encode()])
    if rng.random() < 0.03:
        content = rng.choice([b"", b"\n", junk_bytes(rng, 100)])
    files = {"deal.txt": content}
    rules = rng.choice(TRICKS_RULE_OPTIONS)
    if kind in (1, 2):
        contract = rng.choice(CONTRACT_OPTIONS)
        if full and "--all" in contract:
            contract = CONTRACT_OPTIONS[0]  # fifteen full solves are too slow for the fuzz
        argv = ["tricks", "solve", "deal.txt", *contract, *rules]
        if rng.random() < 0.2:
            argv += ["--line-file", rng.choice(["line.txt", "/nonexistent/dir/line.txt"])]
        return Case("tricks", "tricks solve", argv, files)
    header = rng.choice(["contract: grand trump: hearts bidder: 2 discard: -",
                         "contract: chico trump: spades bidder: 3 discard: -",
                         "contract: frog bidder: 1 discard: 6S 7S 8S",
                         "contract: chico bidder: 1", "contract: toad bidder: 1",
                         "contract: grand bidder: 9", "bidder: 1", "", "contract grand",
                         "contract: grand bidder: 1 colour: red"])
    hands = [line.partition(":")[2].split() for line in text.splitlines()[1:4]]
    tricks = [" ".join(f"{seat + 1}:{hands[seat][t]}" for seat in range(3))
              for t in range(min(len(h) for h in hands))]
    line_text = header + "\n" + "\n".join(tricks) + "\n"
    files["line.txt"] = rng.choice([
        mutate_text(rng, line_text, ["contract", "trump", "bidder", "discard", "1", "4", "seat"]),
        gentle_text(rng, line_text), line_text.encode()])
    return Case("tricks", "tricks verify", ["tricks", "verify", "deal.txt", "line.txt", *rules],
                files)


def survey_case(rng: random.Random) -> Case:
    """Odd survey, report and bench options (the valid ones decide two tiny deals)."""
    kind = rng.randrange(3)
    if kind == 0:
        def either(good: str, bad: list[str]) -> str:
            return good if rng.random() < 0.7 else rng.choice(bad)

        argv = ["survey", "--variant", either("frog", ["toad", "", "sir-tommy"]),
                "--ranks", "3", "--decks", "1", "--waste-piles", "2", "--reserve-size", "2",
                "--deals", either("1-2", ["0-5", "5-1", "a-b", "", "1-2-3", "٣", f"1-{10**30}",
                                          "-1", "2"]),
                "--db", either("s.sqlite", ["/nonexistent/dir/s.sqlite", ".", ""]),
                "--no-progress"]
        argv += rng.choice([["--timeout", "5s"], ["--max-nodes", "500"], [], ["--timeout", "x"],
                            ["--jobs", "0", "--timeout", "5s"], ["--jobs", "-2", "--max-nodes", "9"],
                            ["--engine", "warp", "--timeout", "1s"],
                            ["--address", "auto", "--timeout", "1s"], ["--max-nodes", "0"]])
        return Case("survey", "survey", argv)
    if kind == 1:
        store = survey_store()
        files = {"db.sqlite": rng.choice([store, store, store[:rng.randrange(len(store))], b"",
                                          b"SQLite format 3\x00" + junk_bytes(rng, 200),
                                          junk_bytes(rng, 300), b"not a database"])}
        argv = ["report", rng.choice(["db.sqlite", "db.sqlite", "missing.sqlite", "."])]
        argv += rng.choice([[], ["--json"], ["--markdown"], ["--pair", "frog", "toad"],
                            ["--pair", "frog", "frog"], ["--pair", "frog", "frog --ranks 3"],
                            ["--plots", "db.sqlite"], ["--json", "--markdown"]])
        return Case("survey", "report", argv, files)
    files = {"a.json": mutate_bench(rng), "b.json": mutate_bench(rng),
             "sets.json": mutate_json(rng, {"quick": {"frog": [3]}, "full": {"frog": [3]}})}
    if rng.random() < 0.5:
        argv = ["bench", "--compare", "a.json", rng.choice(["b.json", "missing.json"])]
    else:
        argv = ["bench", "--quick", "--json", "--sets", "sets.json", "--max-nodes", "2000",
                "--memory", "1M"]
    return Case("survey", "bench", argv, files)


@functools.lru_cache(maxsize=1)
def survey_store() -> bytes:
    """The bytes of a small survey database: two labels, a few deals each."""
    import tempfile

    from solver.answer import Limits
    from solver.survey.store import Store
    from solver.survey.work import Row

    with tempfile.TemporaryDirectory() as where:
        path = Path(where) / "store.sqlite"
        with Store(str(path)) as store:
            for label in ("frog", "frog --ranks 3"):
                for deal in range(1, 6):
                    verdict = ("winnable", "unwinnable", "unknown")[deal % 3]
                    store.save(Row(label, deal, verdict, "time limit" if verdict == "unknown"
                                   else None, 100 * deal, 0.01 * deal,
                                   20 if verdict == "winnable" else None, 1e4),
                               "test", Limits(timeout=1.0), {})
        return path.read_bytes()


def bench_run_json() -> dict:
    """A `frog bench --json` document of two deals."""
    from solver.answer import Limits
    from solver.survey.bench import bench_document
    from solver.survey.work import Row

    rows = [Row("frog", 3, "winnable", None, 1200, 0.01, 90, 120000.0),
            Row("frog", 9, "unknown", "node limit", 5000, 0.05, None, 100000.0)]
    return bench_document(rows, "quick", Limits(max_nodes=5000), "test")


def mutate_bench(rng: random.Random) -> bytes:
    """A bench run with its deals edited: keys deleted, odd values, verdicts changed."""
    document = bench_run_json()
    if rng.random() < 0.3:
        return mutate_json(rng, document)
    for _ in range(rng.randint(1, 3)):
        deal = rng.choice(document["deals"])
        key = rng.choice(sorted(deal))
        if rng.random() < 0.3:
            del deal[key]
        else:
            deal[key] = rng.choice(ODD_JSON_VALUES + ["winnable", "unwinnable", 0, -1, 0.0])
    if rng.random() < 0.2:
        document["deals"] = rng.choice([None, {}, "x", [1], [[]]])
    return json.dumps(document).encode()


KINDS = {"deal file": deal_file_case, "move list": move_list_case, "options": option_case,
         "tricks": tricks_case, "survey": survey_case}
#: Random cases per kind in the default run (with the fixed lists below: about 700).
DEFAULT_CASES = {"deal file": 150, "move list": 80, "options": 120, "tricks": 120, "survey": 20}


# --- running a case -------------------------------------------------------------------------------

def run_case(frog, case: Case, where: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """Run the case in `where`; fail on anything but an acceptable answer; the exit code."""
    for name, content in case.files.items():
        (where / name).write_bytes(content)
    monkeypatch.chdir(where)
    monkeypatch.setattr(sys, "stdin", io.StringIO(case.stdin))
    try:
        code, out, err = frog(*case.argv)
    except BaseException as exc:  # anything out of main is a bug, KeyboardInterrupt aside
        if isinstance(exc, KeyboardInterrupt):
            raise
        pytest.fail(f"exception out of main:\n{case.describe()}\n{traceback.format_exc()}")
    finally:
        for name in case.files:
            (where / name).unlink(missing_ok=True)
    check_answer(case, code, out, err)
    return code


def check_answer(case: Case, code: int, out: str, err: str) -> None:
    context = f"{case.describe()}\n--- exit {code}; stdout:\n{out[:800]}\n--- stderr:\n{err[:2000]}"
    assert "Traceback" not in err and "Traceback" not in out, context
    assert code != 4 and "internal error" not in err, context
    if code == 2:
        lines = err.strip().splitlines()
        assert lines and out == "", context
        assert len(lines) == 1 and lines[0].startswith("frog: error: "), context
        assert len(lines[0]) > len("frog: error: ") + 5, context
        return
    assert code in ANSWERS[case.command], context
    for line in err.strip().splitlines():  # no error text beside an answer
        assert line.startswith(("frog: note:", "frog survey", "frog: interrupted")) \
            or " deals, " in line or ": done, " in line, context


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_fuzz(kind: str, seed: int, frog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = seeded(seed, "fuzz", kind)
    answers: Counter[tuple[str, int]] = Counter()
    for number in range(DEFAULT_CASES[kind]):
        case = KINDS[kind](rng)
        case.kind = f"{kind} #{number}"
        answers[case.command, run_case(frog, case, tmp_path, monkeypatch)] += 1
    print(f"{kind}: {len(answers)} (command, exit code) pairs: {sorted(answers.items())}")
    seen_codes = {code for _, code in answers}
    # the fuzz reaches both sides: input refused, and input accepted and answered (the
    # surveys' accepted side is rare here; tests/test_survey.py holds it)
    assert 2 in seen_codes, seen_codes
    assert kind == "survey" or seen_codes - {2}, seen_codes


@pytest.mark.slow
@pytest.mark.skipif("FROG_SOAK" not in os.environ, reason="soak mode: set FROG_SOAK=N")
def test_fuzz_soak(seed: int, frog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                   capsys: pytest.CaptureFixture[str]) -> None:
    """FROG_SOAK=100000 pytest -m slow tests/test_fuzz.py: N cases of every kind but the
    surveys (a process pool each), drawn from FROG_SEED."""
    count = int(os.environ["FROG_SOAK"])
    rng = seeded(seed, "fuzz", "soak")
    kinds = [kind for kind in sorted(KINDS) if kind != "survey"]
    for number in range(count):
        kind = rng.choice(kinds)
        case = KINDS[kind](rng)
        case.kind = f"{kind} #{number} (soak)"
        run_case(frog, case, tmp_path, monkeypatch)
    with capsys.disabled():
        print(f"\nfuzz soak seed {seed}: {count} cases, no traceback, no exit 4")


def test_a_lone_surrogate_in_json_is_bad_input(tmp_path: Path) -> None:
    """JSON can spell a character no file can hold ("\\ud800"); the error line naming it
    must still print (a real process: stderr escapes what it cannot encode)."""
    from tests.conftest import frog_process, one_error_line

    deal = tmp_path / "deal.json"
    deal.write_text('{"variant": "frog", "reserve": ["\\ud800"]}')
    result = frog_process("show", deal)
    assert result.returncode == 2 and result.stdout == ""
    one_error_line(result.stderr, "deal.json", "is not a card")


#: Odd limit values, each tried with every method (the random cases meet few of them with
#: cpsat or brute: a 10^30 node limit reached CP-SAT's 64-bit parameter that way).
ODD_LIMITS = {
    "--max-nodes": ["-1", "0", "1", "2K", "1.5K", "1T", str(10**18), str(10**18 + 1), str(10**30),
                    "9" * 400, "9" * 5000 + "G"],
    "--timeout": ["0", "-1", "1ms", "0.001s", "3 weeks", "nan", "99999999h", "9" * 400],
    "--memory": ["0", "63K", "64K", "1.5M", "1GiB", "1T", "99999999999999999999G", "9" * 400],
    "--noise": ["0", "-5", "1", str(10**6), str(10**6 + 1), str(10**30)],
}


@pytest.mark.parametrize("method", ["search", "cpsat", "brute", "portfolio"])
def test_odd_limits_with_every_method(method: str, frog) -> None:
    reduced = ["--decks", "1", "--ranks", "3", "--waste-piles", "2", "--reserve-size", "2"]
    answers: Counter[int] = Counter()
    for option, values in ODD_LIMITS.items():
        for value in values:
            argv = ["solve", "4", "--method", method, *reduced, option, value]
            for name, limit in (("--max-nodes", "2000"), ("--timeout", "5s")):
                if name != option:  # the search is always cut short
                    argv += [name, limit]
            code, out, err = frog(*argv)
            check_answer(Case("odd limits", "solve", argv), code, out, err)
            answers[code] += 1
    assert answers[2] >= 20 and answers[0] + answers[1] + answers[3] >= 8, answers


def test_a_damaged_survey_database_is_bad_input(frog, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A survey database cut short anywhere (a copy that stopped): a report or exit 2 with
    one line, for every output form (a label without rows was a TypeError)."""
    store = survey_store()
    answers: Counter[int] = Counter()
    for end in range(0, len(store) + 1, 256):
        for form in ([], ["--markdown"], ["--json"]):
            case = Case(f"damaged store, {end} bytes", "report", ["report", "db.sqlite", *form],
                        {"db.sqlite": store[:end]})
            answers[run_case(frog, case, tmp_path, monkeypatch)] += 1
    assert answers[0] >= 3 and answers[2] >= 30, answers
