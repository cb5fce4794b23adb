"""How often a winning line found a few moves earlier still wins a later position of a lost
game, taken move for move and played leniently (`engine.play_leniently`).

`frog verify --explain` knows a winning line of every position it found winnable. Before,
a later position of the game counted as winnable without a solve only where the line began
with the moves played since (taken move for move); now the line is also played leniently
from the later positions, and the latest it wins from is winnable (solver/patience/explain.py).
This counts both on lost `tuned` games of benchmarks/explain_speed.py whose losing move m is
known: for positions j = m-8, m-6, m-4, m-2, the search's winning line of j (`--timeout`
each), and for every later position i < m (all winnable), whether the line wins from i.

    python benchmarks/experiments/lenient_wins.py GAMES --deals 810001-810250 --most 40

GAMES is explain_speed.py's `--games` file (benchmarks/results/explain_games.jsonl.gz
holds its games); the losing moves come from its results
(`--results`, default benchmarks/results/explain_speed.txt: games named there).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks.explain_speed import explained_moves, game_line, kept_games  # noqa: E402
from solver.answer import Limits, Verdict  # noqa: E402
from solver.patience.engine import deals_along, play_leniently, replay  # noqa: E402
from solver.patience.methods import decide  # noqa: E402
from solver.patience.rules import variant_rules  # noqa: E402
from solver.survey import parse_deal_ranges  # noqa: E402
from solver.survey.provenance import print_provenance  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=Path)
    parser.add_argument("--deals", type=parse_deal_ranges, default="810001-810250")
    parser.add_argument("--most", type=int, default=40, help="at most this many games")
    parser.add_argument("--timeout", type=float, default=2.0)
    parser.add_argument("--results", type=Path,
                        default=ROOT / "benchmarks/results/explain_speed.txt")
    args = parser.parse_args()
    print_provenance()
    rules = variant_rules("frog")
    games = {deal: game for (policy, deal), game in kept_games(args.games).items()
             if policy == "tuned"}
    losing = {deal: int(move) for (policy, deal), (outcome, move, _)
              in explained_moves(args.results).items()
              if policy == "tuned" and outcome == "named"}
    chosen = [deal for deal in args.deals if deal in losing and deal in games][:args.most]
    pairs = in_order = lenient = 0
    for number in chosen:
        deal, moves = game_line(games[number], rules)
        positions = [deal, *deals_along(deal, moves)]
        m = losing[number]
        for j in range(max(0, m - 8), m - 1, 2):
            found = decide(positions[j], limits=Limits(timeout=args.timeout))
            if found.verdict is not Verdict.WINNABLE:
                continue
            line = found.moves
            for i in range(j + 1, m):
                pairs += 1
                in_order += line[:i - j] == moves[j:i]
                lenient += replay(positions[i], play_leniently(positions[i], line)).won
    print(f"{len(chosen)} games, {pairs} (line, later position) pairs: the line wins "
          f"{in_order} taken move for move, {lenient} played leniently")


if __name__ == "__main__":
    main()
