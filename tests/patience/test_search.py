"""The compiled search against the unpruned brute force, reduction by reduction.

Every pruning rule of solver/patience/search/kernel.py must never turn a win into "unwinnable": on
random small games (tests/patience/gen_games.py: every Ace procedure, forced and optional play,
positions in play) the search's verdict must equal the brute force's, with all reductions on,
with each one alone, with a tiny table (heavy replacement) and without restarts. Every win
is replayed by the rules engine (compare_methods). The games are drawn from the run's seed
(tests/conftest.py: FROG_SEED, printed in the report header). Soak:
FROG_SOAK=N pytest -m slow -k search_soak.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from tests.conftest import open_deal, seeded, soak_count
from tests.patience.gen_games import Tally, compare_methods, random_game, random_stacked_game

from solver.patience.brute import brute_solve
from solver.patience.deal import deal_from_number
from solver.patience import deal_after, replay
from solver.patience.rules import variant_rules
from solver.answer import Limits
from solver.patience.search import RULE_SWITCHES, SEQUENCES, driver, is_dead, kernel, solve

BRUTE_STATES = 200_000
SMALL_TABLE = Limits(memory=1 << 16)
#: Switches that only act together with another one (terms of the dead-position test).
NEEDS = {"same-rank": ("dead",), "higher-rank": ("dead",)}


def _games(count: int, seed: int, label: str, generator=random_game):
    rng = seeded(seed, "search", label)
    return [generator(rng) for _ in range(count)]


def _search(tiny: bool = False, **options):
    limits = SMALL_TABLE if tiny else Limits(memory=1 << 22)
    return lambda deal: solve(deal, limits, **options)


#: The restart sequence of the second core and of the survey retries (cycled noise), which
#: the one-core tests never run: the soak holds it to the brute force too.
SECOND_SEQUENCE = _search(seeds=(1,))


def _brute(deal):
    return brute_solve(deal, Limits(max_nodes=BRUTE_STATES))


def test_search_agrees_with_brute_force_on_random_games(seed: int) -> None:
    """500 games by default, 2,000 under FROG_SOAK (tests/conftest.py, soak_count)."""
    games = soak_count(500, 2000)
    tally = Tally()
    for deal in _games(games, seed, "all"):
        tally.add(deal, compare_methods(deal, {"brute": _brute, "search": _search()}))
    assert tally.unwinnable >= games // 20 and tally.winnable >= games // 2, tally.summary()
    assert tally.undecided <= 40, tally.summary()


@pytest.mark.parametrize("alone", sorted(RULE_SWITCHES))
def test_each_reduction_alone_agrees_with_brute_force(alone: str, seed: int) -> None:
    kept = (alone, *NEEDS.get(alone, ()))
    disabled = tuple(name for name in RULE_SWITCHES if name not in kept)
    for deal in _games(soak_count(150, 1000), seed, alone):
        compare_methods(deal, {"brute": _brute, "search": _search(disabled=disabled)})


DEAD_TERMS = {"plain": 0, "same-rank": kernel.OPT_DEAD_SAME,
              "higher-rank": kernel.OPT_DEAD_HIGHER,
              "both": kernel.OPT_DEAD_SAME | kernel.OPT_DEAD_HIGHER}


def _dead(deal, terms: int) -> bool:
    """The dead-position test on a deal's own position, with the given order terms."""
    return is_dead(deal, kernel.OPT_DEAD | terms)


def test_dead_and_copy_tests_never_fire_on_a_winnable_position(seed: int) -> None:
    """The dead test and the copy test directly: on random positions with deep reserves and
    cards stacked on the piles, every position the dead test (with each term, and both) or
    the copy test (without and with its tight counts' consequences, "hall") calls lost is
    lost by the brute force. Coverage: each term must fire where the plain test does not,
    the copy test where the dead test with both terms does not, and "hall" wherever the
    copy test does (beyond it: the next test). 300 positions by default (the brute force is
    plain Python), 1,000 under FROG_SOAK."""
    positions = soak_count(300, 1000)
    share = positions / 1000  # the coverage bounds below are for 1,000 positions
    fired_beyond_plain = {name: 0 for name in DEAD_TERMS}
    copies_beyond_dead = checked = 0
    for deal in _games(positions, seed, "dead test", random_stacked_game):
        fired = {name: _dead(deal, terms) for name, terms in DEAD_TERMS.items()}
        assert not fired["plain"] or all(fired.values()), "a term made the test weaker"
        fired["copies"] = is_dead(deal, kernel.OPT_COPIES)
        fired["hall"] = is_dead(deal, kernel.OPT_HALL)
        assert not fired["copies"] or fired["hall"], "the tight counts made the test weaker"
        if not any(fired.values()):
            continue
        for name in DEAD_TERMS:
            fired_beyond_plain[name] += fired[name] and not fired["plain"]
        copies_beyond_dead += fired["copies"] and not fired["both"]
        verdict = _brute(deal).verdict
        checked += verdict != "unknown"
        assert verdict != "winnable", f"a test fired {fired} on a win\n{deal.to_text()}"
    assert checked >= 100 * share, checked
    assert copies_beyond_dead >= 4 * share, copies_beyond_dead
    assert fired_beyond_plain["same-rank"] >= 40 * share, fired_beyond_plain
    assert fired_beyond_plain["higher-rank"] >= 8 * share, fired_beyond_plain
    assert fired_beyond_plain["both"] >= fired_beyond_plain["same-rank"] + 20 * share, \
        fired_beyond_plain


def test_tight_counts_fire_beyond_the_other_tests_only_on_lost_positions(seed: int) -> None:
    """The copy test's tight counts ("hall", kernel.copy_test with `tighten`) directly: it
    fires beyond the dead and copy tests about once in 400 random positions with deep
    reserves, so it is asked of 3,000 of them (10,000 under FROG_SOAK; the kernel's tests
    are quick and the brute force runs only where it fires alone), and every position it
    alone calls lost is lost by the brute force."""
    positions = soak_count(3000, 10_000)
    others = kernel.ALL_OPTIONS & ~kernel.OPT_HALL
    beyond = 0
    for deal in _games(positions, seed, "tight counts", random_stacked_game):
        if is_dead(deal, kernel.OPT_HALL) and not is_dead(deal, others):
            beyond += 1
            verdict = _brute(deal).verdict
            assert verdict != "winnable", f"the tight counts fired on a win\n{deal.to_text()}"
    assert beyond >= 3 * positions // 3000, beyond


def test_search_agrees_on_games_with_deep_reserves(seed: int) -> None:
    """The search against the brute force where the dead test's order terms bite: all
    reductions, and the dead test with each term alone. 120 games by default, 300 under
    FROG_SOAK."""
    games = soak_count(120, 300)
    tally = Tally()
    dead_only = tuple(name for name in RULE_SWITCHES if name not in DEAD_TERMS and name != "dead")
    for i, deal in enumerate(_games(games, seed, "deep reserves", random_stacked_game)):
        methods = {"brute": _brute, "search": _search()}
        if i % 3 == 0:
            methods["same-rank"] = _search(disabled=(*dead_only, "higher-rank"))
            methods["higher-rank"] = _search(disabled=(*dead_only, "same-rank"))
            for name in ("copies", "hall"):
                methods[name] = _search(disabled=tuple(
                    other for other in RULE_SWITCHES if other != name))
        tally.add(deal, compare_methods(deal, methods))
    assert tally.unwinnable >= games * 40 // 300 and tally.winnable >= games // 2, \
        tally.summary()
    assert tally.undecided <= 10, tally.summary()


def test_full_deal_lost_at_the_root() -> None:
    """`frog` deal 117, checked by hand: the reserve, top first, is KD 9S 8S TS 2S QD 8S 7D 6D
    4D 4S 2S 5C. The King goes up as at least the 1st King, with a 9 up then that is not
    9S; so 9S is at least the 2nd 9, the two 8S at least the 3rd and 4th 8, 7D the 5th 7,
    6D the 6th 6, 4D and 4S the 7th and 8th 4. When 4S goes up, all eight 3s and so all
    eight 2s are up, but the lower 2S is still under it: no line wins. Both order terms
    are needed (8S > 7D is a higher-rank step, 4D above 4S a same-rank one)."""
    deal = deal_from_number(variant_rules("frog"), 117)
    result = solve(deal, Limits(memory=1 << 20))
    assert (result.verdict, result.nodes) == ("unwinnable", 1)
    assert _dead(deal, DEAD_TERMS["both"])
    assert not any(_dead(deal, DEAD_TERMS[name]) for name in ("plain", "same-rank", "higher-rank"))


def test_plain_depth_first_and_tiny_table_agree(seed: int) -> None:
    """One descent without restarts, and a 1024-entry table that must keep replacing."""
    for deal in _games(300, seed, "plain"):
        compare_methods(deal, {"brute": _brute, "plain": _search(restarts=False),
                               "tiny-table": _search(tiny=True)})


def test_interleaved_sequences_sharing_a_table_agree(seed: int, monkeypatch) -> None:
    """Several restart sequences interleaved restart by restart on one table of lost
    positions (the strategy's one-core search), switching from the first restart on: the
    verdicts equal the brute force's, with the standard table and a tiny one."""
    monkeypatch.setattr(driver, "FIRST_TRY_NODES", 0)
    tally = Tally()
    for deal in _games(300, seed, "interleaved"):
        tally.add(deal, compare_methods(deal, {
            "brute": _brute, "interleaved": _search(seeds=tuple(range(SEQUENCES))),
            "interleaved, tiny table": _search(tiny=True, seeds=(1, 2))}))
    assert tally.unwinnable >= 15 and tally.winnable >= 150, tally.summary()


@pytest.mark.slow
@pytest.mark.skipif("FROG_SOAK" not in os.environ, reason="soak mode: set FROG_SOAK=N")
def test_search_soak(capsys: pytest.CaptureFixture[str], seed: int) -> None:
    count = int(os.environ["FROG_SOAK"])
    tally = Tally()
    rng = seeded(seed, "search", "soak")
    for i in range(count):
        deal = random_game(rng) if i % 2 == 0 else random_stacked_game(rng)
        tally.add(deal, compare_methods(deal, {"brute": _brute, "search": _search(),
                                               "second sequence": SECOND_SEQUENCE}))
    with capsys.disabled():
        print(f"\nsearch soak seed {seed}: {tally.summary()}")


@pytest.mark.parametrize("variant,number", [("frog", 3), ("frog", 9), ("pysol-frog", 3),
                                            ("fly", 5), ("fanny", 7), ("dicks-frog", 4),
                                            ("plain-frog", 4), ("pysol-fly", 1),
                                            ("pysol-fanny", 7), ("sir-tommy", 4)])
def test_full_deals_won_and_replayed(variant: str, number: int) -> None:
    deal = deal_from_number(variant_rules(variant), number)
    result = solve(deal, Limits(max_nodes=3_000_000, memory=1 << 24))
    assert result.verdict == "winnable", (variant, number, result.nodes)
    outcome = replay(deal, result.moves or [])
    assert outcome.valid and outcome.won
    assert result.stats["nodes_per_second"] > 0


def test_node_limit_gives_unknown_with_reason() -> None:
    deal = deal_from_number(variant_rules("frog"), 1)
    result = solve(deal, Limits(max_nodes=5000, memory=1 << 20))
    assert (result.verdict, result.reason, result.moves) == ("unknown", "node limit", None)
    assert result.nodes == 5000


def test_time_limit_gives_unknown_with_reason() -> None:
    deal = open_deal()
    result = solve(deal, Limits(timeout=0.3, memory=1 << 20))
    assert (result.verdict, result.reason) == ("unknown", "time limit")
    assert 0.3 <= result.seconds < 5


def test_position_in_play_is_solved_from_where_it_stands() -> None:
    """Play the first half of a found win, then solve the position reached."""
    deal = deal_from_number(variant_rules("frog"), 3)
    won = solve(deal, Limits(memory=1 << 22)).moves or []
    middle = deal_after(deal, won[:len(won) // 2])
    assert any(middle.waste) and middle.foundations != deal.foundations
    again = solve(middle, Limits(memory=1 << 22, max_nodes=1_000_000))
    assert again.verdict == "winnable" and replay(middle, again.moves or []).won


def test_every_search_function_is_compiled_without_numba_s_runtime() -> None:
    """kernel_jit sets the flags in one place; a function decorated by hand (or one that
    allocates, registered by allocating_jit) shows here. The runtime's reference counting
    costs a third of the kernel's time (docs/solver.md, Compiled without reference
    counting)."""
    from numba.core.registry import CPUDispatcher

    from solver.compiled import ALLOCATING
    from solver.patience.search import beam

    compiled = {f"{module.__name__}.{name}": function
                for module in (kernel, beam) for name, function in vars(module).items()
                if isinstance(function, CPUDispatcher)
                and function.py_func.__module__ == module.__name__}
    assert len(compiled) >= 40
    assert ALLOCATING == {"solver.patience.search.beam._expand"}
    for name, function in compiled.items():
        runtime = function.targetoptions.get("_nrt", True)
        assert runtime is (name in ALLOCATING), name
        assert function._cache.__class__.__name__ == "FunctionCache", name  # cache=True


def test_machine_code_cached_under_other_flags_is_forgotten(tmp_path: Path) -> None:
    """numba's cache does not notice a change of the flags alone (with the source files
    untouched): `forget_caches_of_other_flags` removes the cached functions when the flags
    written beside them differ, and keeps them (and everything else) when they are the same."""
    from solver.compiled import FLAGS_STAMP, forget_caches_of_other_flags

    cache = tmp_path / "search" / "__pycache__"
    cache.mkdir(parents=True)
    cached = [cache / "kernel.run-604.py311.nbi", cache / "kernel.run-604.py311.1.nbc"]
    source = cache / "kernel.cpython-311.pyc"
    for path in (*cached, source):
        path.write_text("old")
    forget_caches_of_other_flags(tmp_path, "nogil\n")  # nothing written yet: unknown flags
    assert not any(path.exists() for path in cached) and source.exists()
    assert (tmp_path / "__pycache__" / FLAGS_STAMP).read_text() == "nogil\n"
    for path in cached:
        path.write_text("new")
    forget_caches_of_other_flags(tmp_path, "nogil\n")  # the same flags: kept
    assert all(path.read_text() == "new" for path in cached)
    forget_caches_of_other_flags(tmp_path, "gil\n")  # other flags: forgotten
    assert not any(path.exists() for path in cached)
