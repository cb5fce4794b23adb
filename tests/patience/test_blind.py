"""Blind play (docs/blind.md): the view hides the stock from every policy, every policy's game
is legal, a hint's chances are a count over its samples, its seed reproduces it, the safe
autoplay rule loses no open win, and `frog hint` / `frog playout` answer as documented."""
from __future__ import annotations

import json
import os
import pty
import random
import signal
import subprocess
import threading
from collections import Counter
from dataclasses import fields

import pytest

from solver.answer import Verdict
from solver.patience import Deal, Move, Position, deal_after, decide, replay
from solver.patience.blind import POLICIES, POLICY_NAMES, View, hint, play_blind, policy_named
from solver.patience.blind.game import safe_move
from solver.patience.blind.policies import PYSOL, TIPS
from solver.patience.blind.sampling import (FIRST_ROUND, SamplePolicy, as_deal, outcomes,
                                            sample_position)
from solver.patience.deal import deal_from_number
from solver.patience.line import STOCK
from solver.patience.rules import variant_rules
from tests.conftest import (TINY, default_sigint, frog_argv, one_error_line, process_env,
                            read_pty_until, seeded)
from tests.patience.gen_games import random_game
from tests.test_startup import heavy_modules

VARIANTS = ("frog", "fanny", "plain-frog", "pysol-fanny")
FACE_DOWN = "pysol-fanny"


def reduced(variant: str, number: int) -> Deal:
    """A deal of `variant` cut down to A-5 in every suit, 3 waste piles, a reserve of 5."""
    rules = variant_rules(variant).with_overrides(ranks=5, waste_piles=3, reserve_size=5)
    return deal_from_number(rules, number)


def full(variant: str, number: int) -> Deal:
    return deal_from_number(variant_rules(variant), number)


def hides_reserve(deal: Deal, forget_reserve: bool) -> bool:
    return forget_reserve or deal.rules.variant == FACE_DOWN


def reshuffled(deal: Deal, rng: random.Random, keep: int, hidden_reserve: bool) -> Deal:
    """The same position with the stock's cards after the first `keep` shuffled, and with the
    reserve cards under its top among them when the player cannot see those: a position
    that agrees with `deal` on everything a player has seen."""
    hidden = list(deal.reserve[:-1]) if hidden_reserve and len(deal.reserve) > 1 else []
    pool = hidden + list(deal.stock[keep:])
    rng.shuffle(pool)
    reserve = tuple(pool[:len(hidden)]) + deal.reserve[len(hidden):]
    stock = deal.stock[:keep] + tuple(pool[len(hidden):])
    return Deal(deal.rules, deal.foundations, reserve, stock, deal.waste)


def midgame(deal: Deal, moves: int) -> Deal:
    """The position after the first `moves` moves of `tips`'s blind game of `deal`."""
    return deal_after(deal, play_blind(deal, TIPS).moves[:moves])


# --- the view hides the stock -----------------------------------------------------------------


def test_the_view_holds_no_stock_order(seed):
    """A View has the count of stock cards and the sorted multiset of unseen cards, nothing
    else about the stock: two positions whose stocks differ only in order look alike."""
    deal = midgame(full("frog", 11), 30)
    other = reshuffled(deal, seeded(seed, "view"), 1, False)
    assert other.stock != deal.stock and sorted(other.stock) == sorted(deal.stock)
    views = [View.of(Position.start(d), turned=True) for d in (deal, other)]
    assert views[0] == views[1] and hash(views[0]) == hash(views[1])
    names = {f.name for f in fields(View)}
    assert names == {"rules", "foundations", "reserve", "waste", "turned", "stock_count",
                     "unseen"}
    view = views[0]
    assert view.turned == deal.stock[0] and view.stock_count == len(deal.stock) - 1
    assert list(view.unseen) == sorted(deal.stock[1:])
    assert not any(hasattr(view, name) for name in ("stock", "position", "deal"))


@pytest.mark.parametrize("name", POLICIES)
@pytest.mark.parametrize("deal", [reduced("frog", 4), reduced("plain-frog", 2),
                                  reduced(FACE_DOWN, 3), full("frog", 3)],
                         ids=["frog-5", "plain-frog-5", "pysol-fanny-5", "frog"])
def test_a_hint_does_not_depend_on_the_stock_order(name, deal, seed):
    """Every policy: the same hint (choices and chances) for positions that differ only in
    what the player has not seen, with the same seed."""
    rng = seeded(seed, "hint", name, deal.rules.variant)
    position = midgame(deal, len(deal.stock) // 3)
    forget = rng.random() < 0.5
    other = reshuffled(position, rng, 1, hides_reserve(deal, forget))
    assert other != position
    first = hint(position, (), name, seed=5, forget_reserve=forget)
    again = hint(other, (), name, seed=5, forget_reserve=forget)
    assert first.choices and first == again


def stock_moves(moves) -> int:
    return sum(1 for move in moves if move.source == STOCK)


@pytest.mark.parametrize("name", POLICIES)
@pytest.mark.parametrize("variant", ["frog", "plain-frog", FACE_DOWN])
def test_a_blind_game_does_not_depend_on_the_unseen_stock(name, variant, seed):
    """Every policy: two deals whose stocks agree up to card j play the same moves until
    card j is turned (j moves from the stock before the first difference)."""
    rng = seeded(seed, "game", name, variant)
    for number in (1, 2):
        deal = reduced(variant, number)
        keep = rng.randint(2, len(deal.stock) - 2)
        other = reshuffled(deal, rng, keep, False)
        differ = next((j for j, (a, b) in enumerate(zip(deal.stock, other.stock)) if a != b),
                      None)
        if differ is None:
            continue
        games = [play_blind(d, policy_named(name), 3) for d in (deal, other)]
        a, b = games[0].moves, games[1].moves
        split = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        if a == b:
            assert stock_moves(a) <= differ
        else:
            assert stock_moves(a[:split]) == differ, (differ, split)


def test_fuzz_views_and_hints_ignore_the_unseen_cards(seed):
    """Random small games at random points of play: shuffling what the player has not seen
    (the stock after the turned card, forgotten reserve cards) changes neither the View nor
    any policy's hint."""
    rng = seeded(seed, "fuzz")
    checked = 0
    for _ in range(200):
        position = random_game(rng, in_play_share=0.8)
        if len(position.stock) < 3:
            continue
        forget = rng.random() < 0.3
        other = reshuffled(position, rng, 1, forget)
        views = [View.of(Position.start(d), True, forget) for d in (position, other)]
        assert views[0] == views[1]
        name = rng.choice(POLICY_NAMES)
        hint_seed = rng.randrange(1000)
        assert hint(position, (), name, hint_seed, forget) == hint(other, (), name, hint_seed,
                                                                  forget)
        checked += 1
    assert checked >= 100


# --- every game is legal ---------------------------------------------------------------------


class Watcher:
    """A policy that plays as `policy` and keeps every view it was shown."""

    def __init__(self, policy) -> None:
        self.policy, self.name, self.meaning = policy, policy.name, policy.meaning
        self.views: list[View] = []

    def rank(self, view, actions, rng, chances=True):
        self.views.append(view)
        return self.policy.rank(view, actions, rng, chances)


def check_game(deal: Deal, policy) -> None:
    watcher = Watcher(policy)
    game = play_blind(deal, watcher, seed=1)
    outcome = replay(deal, game.moves)
    assert outcome.valid, outcome.reason
    assert outcome.won == game.won == outcome.position.is_won()
    assert outcome.position.legal_moves() == []  # played to the end
    assert 0 < game.decisions == len(watcher.views) <= len(game.moves) + stock_moves(game.moves)
    if deal.rules.variant == FACE_DOWN:
        for view in watcher.views:
            assert all(card is None for card in view.reserve[:-1])
            assert not view.reserve or view.reserve[-1] is not None


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_policy_plays_legal_games(variant):
    """The greedy policies on full deals, every registered policy on reduced ones: each
    game replays through the rules engine, and its `won` is the engine's."""
    for number in (1, 2, 3):
        for policy in (PYSOL, TIPS):
            check_game(full(variant, number), policy)
        for policy in POLICIES.values():
            check_game(reduced(variant, number), policy)


def test_the_face_down_reserve_is_hidden_from_the_start():
    deal = full(FACE_DOWN, 5)
    view = View.of(Position.start(deal), turned=False)
    assert view.reserve[:-1] == (None,) * (len(deal.reserve) - 1)
    assert view.reserve[-1] == deal.reserve[-1]
    assert Counter(view.unseen) == Counter(deal.reserve[:-1] + deal.stock)


# --- a hint's chances are a count over its samples -------------------------------------------


def direct_chances(policy: SamplePolicy, view: View, actions, seed: int) -> dict[str, float]:
    """The sample policy's chances worked out independently: the same samples (its use of
    the generator: the base policy's ranking, then rounds of `sample_position`, FIRST_ROUND
    first, no more once every action is tied), each action's outcomes decided one by one
    by the open search (`decide`, which replays its wins), not by the batch entry point."""
    rng = random.Random(seed)
    policy.base.rank(view, actions, rng)
    turned = view.turned is not None
    wins = Counter()
    drawn = 0
    while drawn < policy.samples:
        count = min(FIRST_ROUND if drawn == 0 else policy.samples, policy.samples - drawn)
        for _ in range(count):
            position = sample_position(view, rng)
            for i, action in enumerate(actions):
                verdicts = [decide(as_deal(after)).verdict
                            for after in outcomes(position, action, turned)]
                assert "unknown" not in verdicts  # small games: every sample is decided
                wins[i] += "winnable" in verdicts
        drawn += count
        if len({wins[i] for i in range(len(actions))}) == 1:
            break
    return {str(action): wins[i] / drawn for i, action in enumerate(actions)}


def test_hint_chances_are_a_count_over_the_same_samples():
    """On one-deck games of A-6 every sample is decided, so the chance the policy reports
    for each move is exactly the share of its samples won after that move."""
    policy = SamplePolicy(PYSOL, samples=6, nodes=200_000)
    compared = split = 0
    for variant in ("frog", "plain-frog"):
        rules = variant_rules(variant).with_overrides(decks=1, ranks=6, waste_piles=2,
                                                      reserve_size=3)
        for number in range(1, 13):
            deal = deal_from_number(rules, number)
            moves = play_blind(deal, TIPS).moves
            for played in (len(moves) // 4, len(moves) // 2):
                position = Position.start(deal_after(deal, moves[:played]))
                view = View.of(position, bool(position.stock), forget_reserve=number % 3 == 0)
                actions = view.actions()
                if len(actions) < 2:
                    continue
                ranked = policy.rank(view, actions, random.Random(number))
                reported = {str(choice.action): choice.chance for choice in ranked}
                assert reported == direct_chances(policy, view, actions, number), \
                    (variant, number, played)
                chances = [choice.chance for choice in ranked]
                assert chances == sorted(chances, reverse=True)
                compared += 1
                split += len(set(chances)) > 1
    assert compared >= 25 and split >= 5  # positions where the moves' chances differ



def test_a_batch_of_samples_decides_each_as_it_would_alone():
    """`decide_samples` keeps the piles of the sample before when the next has the same
    waste piles, and clears its table only after a sample that stored in it: each verdict
    must still be the one the sample gets decided alone (stale piles or a stale lost
    position would change some). Positions after two moves, in an order that changes the
    piles between runs of equal ones."""
    from solver.patience.search import decide_samples

    deal = deal_from_number(variant_rules("frog"), 5)
    moves = play_blind(deal, policy_named("tuned")).moves
    position = Position.start(deal_after(deal, moves[:50]))
    view = View.of(position, True)
    first, second = view.actions()[:2]
    rng = random.Random(5)
    samples = [sample_position(view, rng) for _ in range(6)]
    batch = [as_deal(after) for action in (first, second, first)
             for sample in samples[:3] for after in outcomes(sample, action, True)]
    batch += [as_deal(after) for sample in samples[3:]
              for after in outcomes(sample, second, True)]
    alone = [decide_samples([one], 3_000)[0] for one in batch]
    assert decide_samples(batch, 3_000) == alone
    assert len(set(alone)) > 1  # won and undecided samples (which store), so a wrong one shows
    for threads in (2, 3):  # split between threads, each sample still gets its own verdict
        assert decide_samples(batch, 3_000, threads=threads) == alone, threads


def test_a_group_is_won_when_a_member_is_and_the_members_after_a_win_are_skipped(
        monkeypatch):
    """`decide_any` (a forced turn's placements on one sampled stock, the best counting):
    a group's verdict is its best member's as each member is decided alone, and the members
    after the first win are not searched; the same on two threads."""
    from solver.patience.search import decide_samples, samples

    deal = deal_from_number(variant_rules("frog"), 6)
    moves = play_blind(deal, policy_named("tuned")).moves
    view = View.of(Position.start(deal_after(deal, moves[:40])), True)
    rng = random.Random(6)
    positions = [as_deal(sample_position(view, rng)) for _ in range(24)]
    alone = decide_samples(positions, 1_500)
    groups = [positions[i:i + 3] for i in range(0, len(positions), 3)]
    best = [Verdict.WINNABLE if Verdict.WINNABLE in alone[i:i + 3]
            else Verdict.UNKNOWN if Verdict.UNKNOWN in alone[i:i + 3] else Verdict.UNWINNABLE
            for i in range(0, len(positions), 3)]
    assert len(set(best)) > 1  # won groups and others
    searched = Counter()
    real = samples.search_sample

    def counted(*args, **kwargs):
        searched["positions"] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(samples, "search_sample", counted)
    assert samples.decide_any(groups, 1_500) == best
    skipped = sum(len(group) - 1 - next(k for k, verdict in enumerate(alone[i:i + 3])
                                         if verdict is Verdict.WINNABLE)
                  for i, group in zip(range(0, len(positions), 3), groups)
                  if Verdict.WINNABLE in alone[i:i + 3])
    assert skipped > 0 and searched["positions"] == len(positions) - skipped
    assert samples.decide_any(groups, 1_500, threads=2) == best


def test_restarts_in_compiled_code_are_the_driver_s_node_for_node():
    """A sampled position's restarts run in compiled code (kernel.run_restarts) when nothing
    needs Python between them: the same verdict, and the same search, as the driver's
    restart loop (every statistic equal: table hits and stores, dead positions, autoplayed
    cards), at both restart sizes and two caps, on sampled positions of real games."""
    from solver.answer import Limits
    from solver.patience.search.driver import restart_loop
    from solver.patience.search.samples import SAMPLE_MEMORY, sample_strategy, search_sample
    from solver.patience.search.state import SearchArrays, Table

    rng = random.Random(17)
    positions = []
    for number in (17, 18):
        deal = deal_from_number(variant_rules("frog"), number)
        moves = play_blind(deal, policy_named("tuned")).moves
        for played in (20, 50, 80):
            view = View.of(Position.start(deal_after(deal, moves[:played])), True)
            positions += [as_deal(sample_position(view, rng)) for _ in range(12)]
    verdicts = Counter()
    for descents in (None, 1.25):
        for nodes in (300, 2_000):
            limits = Limits(max_nodes=nodes, memory=SAMPLE_MEMORY)
            for deal in positions:
                strategy = sample_strategy(deal, descents)
                compiled, driven = SearchArrays(deal), SearchArrays(deal)
                verdict = search_sample(compiled, Table(SAMPLE_MEMORY), limits, strategy)
                run = restart_loop(driven, Table(SAMPLE_MEMORY), limits, None, strategy)
                assert verdict == run.verdict
                assert list(compiled.stats) == list(driven.stats)
                verdicts[verdict] += 1
    assert verdicts[Verdict.WINNABLE] > 50 and verdicts[Verdict.UNKNOWN] > 50


def test_ctrl_c_while_threads_decide_samples_stops_them_all(monkeypatch):
    """A Ctrl-C in the calling thread (its search answers "interrupted") raises
    KeyboardInterrupt once the other threads have stopped at their next sample: they do not
    go on through their share of the batch."""
    from solver.patience.search import samples

    calls: Counter[bool] = Counter()
    real = samples.search_sample

    def interrupted_on_the_third(*args, **kwargs):
        calls[threading.current_thread() is threading.main_thread()] += 1
        if threading.current_thread() is threading.main_thread() and calls[True] == 3:
            raise KeyboardInterrupt  # as Ctrl-C does, in the calling thread only
        return real(*args, **kwargs)

    monkeypatch.setattr(samples, "search_sample", interrupted_on_the_third)
    deal = deal_from_number(variant_rules("frog"), 8)
    batch = [midgame(deal, 30)] * 400
    with pytest.raises(KeyboardInterrupt):
        samples.decide_samples(batch, 2_000, threads=2)
    assert calls[True] == 3 and calls[False] < 200  # the other thread stopped short


def test_threads_change_no_hint_and_no_label():
    """A sampling policy on two threads gives the same hint, chance for chance, and is
    filed under the same label (its stored games are the same games)."""
    from solver.survey.blind_work import policy_spec

    deal = deal_from_number(variant_rules("frog"), 21)
    moves = play_blind(deal, policy_named("tuned")).moves[:60]
    one, two = (hint(deal, moves, "best", seed=4, threads=threads) for threads in (1, 2))
    assert one.to_json() == two.to_json()
    assert len(one.choices) > 1
    for name in ("best", "sample"):
        assert policy_spec(policy_named(name, 2)) == policy_spec(policy_named(name))
        assert policy_named(name, 2).threads == 2
    assert policy_named("tuned", 2) is policy_named("tuned")  # nothing to thread


# --- the safe autoplay rule ------------------------------------------------------------------


def test_sample_restarts_are_about_one_descent_long():
    """`sample_strategy` sizes a sample's first restart from the position (1.25 descents of
    its longest line), and without `descents` is the standard search; either without the
    copy test, tight counts and all (SAMPLE_OPTIONS)."""
    from solver.patience.search import kernel
    from solver.patience.search.driver import Strategy
    from solver.patience.search.samples import SAMPLE_OPTIONS, line_moves, sample_strategy

    deal = midgame(full("frog", 3), 40)
    moves = line_moves(deal)  # every card left goes up once, and a stock card is placed first
    assert moves == Position.start(deal).cards_left() + len(deal.stock)
    assert SAMPLE_OPTIONS == kernel.ALL_OPTIONS & ~(kernel.OPT_COPIES | kernel.OPT_HALL)
    assert sample_strategy(deal, 1.25) == Strategy(first_budget=int(1.25 * moves),
                                                   options=SAMPLE_OPTIONS)
    assert sample_strategy(deal) == Strategy(options=SAMPLE_OPTIONS)


def test_short_sample_restarts_agree_with_the_brute_force():
    """With restarts of a descent or so (or shorter, or longer), a sample's search is still
    the complete search: on small games it decides every position within the cap, and as
    the brute force does."""
    from solver.patience.brute import brute_solve
    from solver.patience.search import decide_samples

    rng = random.Random(125)
    deals = [random_game(rng) for _ in range(120)]
    truth = [brute_solve(deal).verdict for deal in deals]
    assert len(set(truth)) == 2
    for descents in (0.5, 1.25, 3.0):
        assert decide_samples(deals, 1_000_000, descents=descents) == truth, descents


def test_short_sample_restarts_win_more_samples_in_the_same_nodes():
    """What the short restarts are for: sampled positions of a real game, decided within
    2,000 nodes, are won more often with restarts of 1.25 descents than with the standard
    1,000 nodes (about 40% more on benchmarks/results/sample_restarts.txt's positions)."""
    from solver.patience.search import decide_samples

    deal = deal_from_number(variant_rules("frog"), 33)
    moves = play_blind(deal, policy_named("tuned")).moves
    rng = random.Random(33)
    samples = []
    for played in (30, 45, 60):
        view = View.of(Position.start(deal_after(deal, moves[:played])), True)
        samples += [as_deal(sample_position(view, rng)) for _ in range(30)]
    won = {descents: sum(v.name == "WINNABLE" for v in decide_samples(samples, 2_000,
                                                                      descents=descents))
           for descents in (None, 1.25)}
    assert won[1.25] > won[None]


def test_a_safe_move_keeps_every_open_win(seed):
    """On small games: when the driver plays a fitting card up without asking, the open
    verdict of the position after it is the verdict of the position before."""
    rng = seeded(seed, "safe")
    checked = 0
    for _ in range(150):
        deal = random_game(rng, in_play_share=0.9)
        position = Position.start(deal)
        move = safe_move(View.of(position, not deal.rules.forced and bool(deal.stock)))
        if move is None:
            continue
        before = decide(deal, "brute").verdict
        after = decide(deal_after(deal, [move]), "brute").verdict
        assert before == after, f"{move}\n{deal.to_text()}"
        checked += 1
    assert checked >= 20


# --- frog hint -------------------------------------------------------------------------------


#: Moves of `pysol`'s blind game of frog deal 3 to a position where the turned card has five
#: places, and they are not all alike.
PREFIX = 39


def prefix_position() -> Deal:
    return deal_after(full("frog", 3), play_blind(full("frog", 3), PYSOL).moves[:PREFIX])


@pytest.fixture
def line_file(tmp_path):
    """The first PREFIX moves of `pysol`'s blind game of frog deal 3, as a move-list file."""
    moves = play_blind(full("frog", 3), PYSOL).moves[:PREFIX]
    path = tmp_path / "moves.txt"
    path.write_text("".join(f"{move}\n" for move in moves))
    return path


def test_frog_hint_prints_every_choice_with_its_chance(frog, line_file):
    code, out, err = frog("hint", "3", "--after", line_file, "--policy", "sample", "--seed", "4")
    assert code == 0, err
    position = prefix_position()
    turned = position.stock[0]
    lines = out.splitlines()
    assert lines[0] == (f"frog deal 3 after {PREFIX} moves: the turned card is {turned}, "
                        f"{len(position.stock) - 1} cards left in the stock")
    assert lines[1].startswith(f"Advice (sample, seed 4): {turned} from the stock to ")
    choices = [line for line in lines if line.startswith(f"  {turned} stock w")]
    assert len(choices) == 5 and all("%" in line and "sampled stocks" in line
                                     for line in choices)
    assert any(line.startswith("chance: the share of") for line in lines)
    assert lines[-1] == "The same hint again: --policy sample --seed 4"


def test_frog_hint_json_and_the_score_policies(frog, line_file):
    code, out, _ = frog("hint", "3", "--after", line_file, "--policy", "tips", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["deal"] == f"frog deal 3 after {PREFIX} moves" and data["variant"] == "frog"
    assert data["policy"] == "tips" and data["seed"] == 0 and not data["over"]
    assert data["best"] == data["choices"][0]["move"] and data["turned"]
    assert all(c["chance"] is None and c["note"].startswith("score ") for c in data["choices"])
    assert data["meaning"].startswith("no chances")
    assert data["stock_left"] == len(prefix_position().stock) - 1
    code, out, _ = frog("hint", "3", "--after", line_file, "--policy", "tips")
    assert all(line.split()[-2] == "score" for line in out.splitlines() if " stock w" in line)


def test_the_printed_seed_reproduces_the_hint(frog, line_file):
    """The same seed gives the same hint, line for line; the seed matters (some other seed
    draws other samples and answers otherwise)."""
    args = ("hint", "3", "--after", line_file, "--policy", "sample")
    _, out, _ = frog(*args, "--seed", "1")
    printed = out.splitlines()[-1].split("--seed ")[1]
    assert frog(*args, "--seed", printed)[1] == out
    others = {frog(*args, "--seed", n)[1] for n in (2, 3, 4)}
    assert others - {out}


def test_frog_hint_when_the_game_is_over(frog, tmp_path):
    game = play_blind(full("frog", 3), PYSOL)
    path = tmp_path / "all.txt"
    path.write_text("".join(f"{move}\n" for move in game.moves))
    code, out, _ = frog("hint", "3", "--after", path, "--policy", "pysol")
    left = replay(full("frog", 3), game.moves).position.cards_left()
    assert code == 0 and out.strip() == (f"frog deal 3 after {len(game.moves)} moves: the game "
                                         f"is over, nothing to play (lost, {left} cards left)")
    code, out, _ = frog("hint", "3", "--after", path, "--policy", "pysol", "--json")
    data = json.loads(out)
    assert (data["over"], data["won"], data["choices"], data["best"]) == (True, False, [], None)


@pytest.mark.parametrize("command", ["hint", "playout"])
def test_bad_input_is_one_line_and_exit_2(frog, tmp_path, command):
    code, _, err = frog(command, "3", "--policy", "psyol")
    assert code == 2
    one_error_line(err, "unknown policy 'psyol'", "pysol", "best")
    code, _, err = frog(command, str(tmp_path / "missing.txt"))
    assert code == 2 and one_error_line(err, "no such file")
    bad = tmp_path / "bad.txt"
    bad.write_text("4S stock w1\nKH reserve foundation\n")
    code, _, err = frog(command, "3", "--after", bad, "--policy", "pysol")
    assert code == 2 and one_error_line(err, "illegal move on line 2", "KH")
    for threads in ("0", "two", "65"):
        code, _, err = frog(command, "3", "--threads", threads)
        assert code == 2 and one_error_line(err, "--threads", "from 1 to 64", threads)


# --- frog playout ----------------------------------------------------------------------------


def test_frog_playout_lost_prints_the_line_and_exits_1(frog, tmp_path):
    page, moves = tmp_path / "game.html", tmp_path / "line.txt"
    code, out, err = frog("playout", "3", "--policy", "pysol", "--html", page,
                          "--moves-out", moves)
    game = play_blind(full("frog", 3), PYSOL)
    assert code == 1 and not game.won, err
    lines = out.splitlines()
    assert lines[0].startswith("frog deal 3: lost (")
    assert lines[0].endswith("blind playout by pysol, seed 0")
    assert lines[1].startswith(f"{len(game.moves)} moves, {game.decisions} decisions, ")
    assert lines[2] == f"Moves ({len(game.moves)}):"
    assert lines[3].endswith(f"1. {game.moves[0].describe()}") and len(lines) == 3 + len(game.moves)
    html = page.read_text()
    assert "blind playout" in html and "pysol" in html and ">lost<" in html
    code, out, _ = frog("verify", "3", moves)
    assert code == 1 and out.startswith(f"valid but not won: {len(game.moves)} moves")


def test_frog_playout_won_exits_0_with_json(frog, tmp_path):
    deal = tmp_path / "tiny.txt"
    deal.write_text(TINY)
    code, out, _ = frog("playout", deal, "--policy", "tips", "--json", "--seed", "9")
    data = json.loads(out)
    assert code == 0 and data["won"] and data["cards_left"] == 0
    assert (data["policy"], data["seed"], data["variant"]) == ("tips", 9, "plain-frog")
    assert len(data["moves"]) == 8 and data["decisions"] >= 0
    code, out, _ = frog("playout", "2", "--ranks", "5", "--waste-piles", "3",
                        "--reserve-size", "5", "--policy", "sample", "-q")
    assert code == (0 if play_blind(reduced("frog", 2), POLICIES["sample"]).won else 1)
    assert len(out.splitlines()) == 2


def test_ctrl_c_stops_a_playout_with_exit_3_and_keeps_its_moves(tmp_path):
    """The interrupt comes once the live line shows the game under way (stderr is a
    terminal, so the line is drawn), not after a guessed time: on a fast machine the whole
    playout of deal 5 takes under 8 s."""
    moves = tmp_path / "part.txt"
    leader, follower = pty.openpty()
    process = subprocess.Popen(frog_argv("playout", "5", "--policy", "sample", "--moves-out",
                                         moves), stdout=subprocess.PIPE, stderr=follower,
                               text=True, env=process_env(), preexec_fn=default_sigint)
    os.close(follower)
    shown = read_pty_until(leader, b"decisions", timeout=120)
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=60)
    err = read_pty_until(leader, None, timeout=10).decode()
    os.close(leader)
    assert b"moves" in shown and out == ""
    assert process.returncode == 3 and err.rstrip().endswith("frog: interrupted"), err
    assert "Traceback" not in err
    assert "interrupted" in moves.read_text().splitlines()[0]
    played = [Move.parse(line, 5) for line in moves.read_text().splitlines()[1:]]
    assert played and replay(full("frog", 5), played).valid


@pytest.mark.parametrize("argv, code", [
    (["hint", "3", "--policy", "pysol"], 0), (["playout", "3", "--policy", "tips", "-q"], 1),
    (["hint", "--help"], 0), (["playout", "--help"], 0),
])
def test_the_score_policies_need_no_search(argv, code):
    """`frog hint` and `frog playout` with a policy that searches nothing load no numba."""
    assert heavy_modules(*argv) == (code, [])
