"""How fast `frog verify --explain` names the move that lost a blind game.

Two steps, both resumable. First the blind policies play the deals of `--tuned-deals` and
`--best-deals` (seed = the deal number; deals no other benchmark uses) and every game is
kept in `--games` (one JSON line a game), so that a rerun, or a later commit, explains
exactly the same lost games. Then every lost game is explained, one after another in this
process, as `frog verify --explain` does (the same per-solve limit, `--timeout`), and one
line per game reports the outcome, the seconds, the solves and the nodes searched (each
game also kept in `--rows` as soon as it is explained, so that an interrupted run goes on
where it stopped; empty `--rows` to explain every game again). The
summary counts, among the lost games whose deal was not proved lost (`winnable`: those
where the explanation found a winnable position, and those where it found none in its time,
which count as not named), the share whose losing move was named and the share named within
`--within` seconds, and gives the median, 90th percentile and slowest times, per policy and
in all, headed by the command, commit, date and machine.

    python benchmarks/explain_speed.py --tuned-deals 810001-810250 --best-deals 820001-820060
"""
from __future__ import annotations

import argparse
import gzip
import json
import math
import sys
import time
from pathlib import Path

from solver.answer import Limits
from solver.patience.blind import play_blind, policy_named
from solver.patience.deal import Deal, deal_from_number
from solver.patience.explain import SOLVE_MEMORY, SOLVE_SECONDS, Explanation, explain
from solver.patience.line import Move
from solver.patience.rules import Rules, variant_rules
from solver.survey import parse_deal_ranges
from solver.survey.provenance import print_provenance, provenance
from solver.survey.stats import distribution

ROOT = Path(__file__).resolve().parent.parent
#: The issue's bar: a losing move named within this many seconds.
WITHIN_SECONDS = 30.0


def _opener(path: Path):  # -> open or gzip.open
    """How a games file is opened: gzipped when its name ends in .gz."""
    return gzip.open if path.suffix == ".gz" else open


def kept_games(path: Path) -> dict[tuple[str, int], dict]:
    """(policy, deal) -> game, of the games file `path` in its order (empty when there is
    none). The other benchmarks of the explanation (cpsat_positions.py,
    experiments/lenient_wins.py) read their games here too."""
    if not path.exists():
        return {}
    with _opener(path)(path, "rt") as kept:
        games = [json.loads(line) for line in kept.read().splitlines()]
    return {(game["policy"], game["deal"]): game for game in games}


def game_line(game: dict, rules: Rules) -> tuple[Deal, list[Move]]:
    """A kept game's deal and its moves, as `explain` takes them (the other benchmarks of
    the explanation rebuild their positions from these too)."""
    return deal_from_number(rules, game["deal"]), \
        [Move.parse(text, rules.waste_piles) for text in game["moves"]]


def explained_moves(results: Path) -> dict[tuple[str, int], tuple[str, str, float]]:
    """(policy, deal) -> (outcome, move, seconds) of each game's row in a results file
    written by this script: the move named, "a-b" for a range, "-" for none."""
    rows = {}
    for line in results.read_text().splitlines():
        fields = line.split()
        if len(fields) == 9 and fields[0] in ("tuned", "best") and fields[1].isdigit():
            rows[fields[0], int(fields[1])] = (fields[4], fields[5], float(fields[6]))
    return rows


def play_games(path: Path, variant: str, plan: list[tuple[str, list[int]]]) -> list[dict]:
    """Every game of `plan` ((policy, deals) pairs), played now unless `path` has it."""
    games = kept_games(path)
    rules = variant_rules(variant)
    missing = [(policy, number) for policy, deals in plan for number in deals
               if (policy, number) not in games]
    if missing:  # a kept file is left as it is when it has every game
        with _opener(path)(path, "at") as out:
            for policy, number in missing:
                played = play_blind(deal_from_number(rules, number), policy_named(policy),
                                    seed=number)
                game = {"policy": policy, "deal": number, "won": played.won,
                        "seconds": round(played.seconds, 2),
                        "moves": [str(move) for move in played.moves]}
                games[policy, number] = game
                out.write(json.dumps(game) + "\n")
                out.flush()
                print(f"  played {policy} {number}: {'won' if played.won else 'lost'} "
                      f"({played.seconds:.1f} s)", file=sys.stderr, flush=True)
    return [games[policy, number] for policy, deals in plan for number in deals]


def outcome(found: Explanation) -> str:
    """One word for what the explanation found."""
    if found.losing_move is not None:
        return "named"
    if found.between is not None:
        return "range"
    if found.start.value == "unwinnable":
        return "deal-lost"
    return "unknown"


def summary_lines(rows: list[dict], within: float) -> list[str]:
    """Per policy and in all: the lost games of deals not proved lost, named, named in
    time, and the distribution of seconds and solves. A game whose explanation found no
    winnable position within its time (start unknown) is counted, as not named: leaving it
    out would raise the share whenever an explanation fails that badly."""
    lines = [f"{'policy':<8} {'lost':>5} {'winnable':>8} {'named':>6} {'share':>7} "
             f"{'in time':>7} {'median s':>8} {'p90 s':>6} {'max s':>6} {'solves':>13} "
             f"{'nodes (median)':>14}"]
    for policy in [*dict.fromkeys(row["policy"] for row in rows), "all"]:
        mine = [row for row in rows if policy in ("all", row["policy"])]
        winnable = [row for row in mine if row["start"] != "unwinnable"]
        named = [row for row in winnable if row["outcome"] == "named"]
        in_time = [row for row in named if row["seconds"] <= within]
        seconds = distribution([row["seconds"] for row in winnable] or [0.0])
        solves = distribution([row["solves"] for row in winnable] or [0])
        nodes = distribution([row["nodes"] for row in winnable] or [0])
        # rounded down, so that a share just short of a bar never shows as reaching it
        share = math.floor(1000 * len(in_time) / len(winnable)) / 10 if winnable else 0.0
        lines.append(
            f"{policy:<8} {len(mine):>5} {len(winnable):>8} {len(named):>6} {share:>6.1f}% "
            f"{len(in_time):>7} {seconds['median']:>8.2f} {seconds['p90']:>6.1f} "
            f"{seconds['max']:>6.1f} {solves['median']:>4g} (max {solves['max']:>2}) "
            f"{nodes['median']:>14,.0f}")
    lines.append(f"share: named within {within:g} s, of the lost games whose deal was not "
                 "proved lost")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="frog")
    parser.add_argument("--tuned-deals", type=parse_deal_ranges, default=[],
                        help="deals the `tuned` policy plays")
    parser.add_argument("--best-deals", type=parse_deal_ranges, default=[],
                        help="deals the default policy (`best`) plays")
    parser.add_argument("--games", type=Path, default=Path("/tmp/explain_games.jsonl"),
                        help="the played games, kept between runs (JSON lines, gzipped when the "
                             "name ends in .gz): benchmarks/results/explain_games.jsonl.gz has "
                             "the games of explain_speed.txt")
    parser.add_argument("--rows", type=Path, default=Path("/tmp/explain_rows.jsonl"),
                        help="each explained game, kept between runs (JSON lines): a rerun "
                             "explains only the games not in it")
    parser.add_argument("--timeout", type=float, default=SOLVE_SECONDS,
                        help="each solve's time limit, seconds (as `frog verify --explain`)")
    parser.add_argument("--within", type=float, default=WITHIN_SECONDS)
    parser.add_argument("--most", type=int, help="explain at most this many lost games a policy")
    parser.add_argument("--play-only", action="store_true", help="play the games, explain none")
    parser.add_argument("--out", type=Path, help="also write the results here")
    args = parser.parse_args()
    print_provenance()
    plan = [("tuned", args.tuned_deals), ("best", args.best_deals)]
    games = play_games(args.games, args.variant, plan)
    lost = [game for game in games if not game["won"]]
    if args.most is not None:
        lost = [game for policy, _ in plan
                for game in [game for game in lost if game["policy"] == policy][:args.most]]
    print(f"{len(games)} games played, {len(lost)} lost", flush=True)
    if args.play_only:
        return
    rules = variant_rules(args.variant)
    limits = Limits(timeout=args.timeout, memory=SOLVE_MEMORY)
    lines = [f"{'policy':<6} {'deal':>7} {'moves':>5} {'start':<10} {'outcome':<9} "
             f"{'move':>5} {'seconds':>8} {'solves':>6} {'nodes':>11}"]
    print(lines[0], flush=True)
    kept = {}
    if args.rows.exists():
        for text in args.rows.read_text().splitlines():
            row = json.loads(text)
            kept[row["policy"], row["deal"]] = row
    rows = []
    for game in lost:
        if (game["policy"], game["deal"]) in kept:
            rows.append(kept[game["policy"], game["deal"]])
            lines.append(rows[-1]["line"])
            print(lines[-1], flush=True)
            continue
        deal, moves = game_line(game, rules)
        began = time.perf_counter()
        found = explain(deal, moves, limits)
        row = {"policy": game["policy"], "deal": game["deal"], "start": str(found.start),
               "outcome": outcome(found), "seconds": time.perf_counter() - began,
               "solves": found.solves, "nodes": found.nodes}
        rows.append(row)
        move = found.losing_move if found.losing_move is not None else \
            "-" if found.between is None else f"{found.between[0]}-{found.between[1]}"
        lines.append(f"{row['policy']:<6} {row['deal']:>7} {len(moves):>5} {row['start']:<10} "
                     f"{row['outcome']:<9} {move!s:>5} {row['seconds']:>8.2f} "
                     f"{row['solves']:>6} {row['nodes']:>11,}")
        print(lines[-1], flush=True)
        with args.rows.open("a") as out:
            out.write(json.dumps({**row, "line": lines[-1]}) + "\n")
    summary = ["", *summary_lines(rows, args.within)]
    print("\n".join(summary))
    if args.out:
        args.out.write_text("\n".join([*provenance(), *lines, *summary]) + "\n")


if __name__ == "__main__":
    main()
