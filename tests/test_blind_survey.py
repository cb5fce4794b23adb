"""Blind surveys (docs/blind.md, Blind surveys): `frog survey --policy` plays each deal once
without peeking and stores it like an open survey's row; the store resumes without
duplicates after kill -9; `frog report` counts wins with the Wilson interval and sets open
and blind rates side by side; the paired test of two policies is the exact sign test."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from tests.conftest import frog_argv, process_env

from solver.patience.blind import play_blind, policy_named
from solver.patience.deal import deal_from_number
from solver.patience.engine import replay
from solver.survey.blind_work import BlindJob, play_number, policy_spec
from solver.survey.stats import paired, sign_test, summarise_blind, wilson
from solver.survey.work import label, rules_for

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
    assert policy_spec(sample) == (f"sample(base=pysol,samples={sample.samples},"
                                   f"nodes={sample.nodes},horizon={sample.horizon})")
    assert policy_spec(policy_named("pysol")) == "pysol"


def test_summarise_blind_counts_and_interval():
    rows = [play_number(BlindJob(TINY_LABEL, TINY_RULES, "pysol"), n) for n in range(1, 31)]
    summary = summarise_blind(rows)
    won = sum(row.won for row in rows)
    assert (summary["games"], summary["won"], summary["lost"]) == (30, won, 30 - won)
    assert (summary["ci_low"], summary["ci_high"]) == pytest.approx(wilson(won, 30))
