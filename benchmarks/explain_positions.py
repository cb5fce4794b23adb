"""How fast the search alone decides the positions that `frog verify --explain` finds hard,
with some of its reductions switched off or on: for measuring a reduction where the
explanation needs it.

The positions come from the lost games of benchmarks/explain_speed.py (its `--games` file)
and their rows in benchmarks/results/explain_speed.txt: for a game whose explanation ended
with a range "a-b", the positions after moves a, (a + b) // 2 and b - 1 (undecided there);
for a game whose losing move k was named after more than `--slow` seconds, the positions
after k - 1 and k (the two the naming needed). Of those, the ones with at most 60 stock
cards (MAX_STOCK: the explanation's hard ones) are each searched with the standard search
(restarts and beams, one process, a table of its own), `--seconds` each, one after another,
with the reductions `--disable` names off (none by default: every reduction of
solver.patience.search.RULE_SWITCHES on, "hall" included). Every win is replayed.

    python benchmarks/explain_positions.py benchmarks/results/explain_games.jsonl.gz --seconds 3
    python benchmarks/explain_positions.py benchmarks/results/explain_games.jsonl.gz --seconds 3 --disable hall
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.explain_speed import explained_moves, game_line, kept_games  # noqa: E402
from solver.answer import Limits, Verdict  # noqa: E402
from solver.patience.deal import Deal  # noqa: E402
from solver.patience.engine import deals_along  # noqa: E402
from solver.patience.rules import variant_rules  # noqa: E402
from solver.patience.search import RULE_SWITCHES, solve  # noqa: E402
from solver.survey.provenance import print_provenance, provenance  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "explain_speed.txt"
#: The most stock cards a position taken may have (the limit of CP-SAT and the depth-first
#: pass in the explanation when benchmarks/results/explain_positions.txt was measured).
MAX_STOCK = 60


def hard_positions(games: Path, slow: float) -> list[tuple[str, int, int, Deal]]:
    """(policy, deal, moves played, position), in the games file's order: see above."""
    rules = variant_rules("frog")
    explained = explained_moves(RESULTS)
    chosen = []
    for key, game in kept_games(games).items():
        if key not in explained:
            continue
        outcome, move, seconds = explained[key]
        if outcome == "range":
            a, b = map(int, move.split("-"))
            wanted = sorted({a, (a + b) // 2, b - 1})
        elif outcome == "named" and seconds > slow:
            wanted = [int(move) - 1, int(move)]
        else:
            continue
        deal, moves = game_line(game, rules)
        positions = [deal, *deals_along(deal, moves)]
        chosen += [(*key, k, positions[k]) for k in wanted
                   if len(positions[k].stock) <= MAX_STOCK]
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", type=Path, help="benchmarks/explain_speed.py's --games file")
    parser.add_argument("--seconds", type=float, default=3.0, help="per position (default 3)")
    parser.add_argument("--slow", type=float, default=5.0,
                        help="named games slower than this many seconds count (default 5)")
    parser.add_argument("--disable", action="append", default=[], choices=sorted(RULE_SWITCHES),
                        help="switch this reduction off (repeatable)")
    parser.add_argument("--out", type=Path, help="also write the results here")
    args = parser.parse_args()
    if not args.games.exists():
        parser.error(f"no games file {args.games}")
    print_provenance()
    lines = [f"disabled: {', '.join(args.disable) or 'none'}; {args.seconds:g} s each",
             f"{'policy':<6} {'deal':>7} {'pos':>4} {'stock':>5} {'verdict':<10} "
             f"{'seconds':>7} {'nodes':>11}"]
    print("\n".join(lines), flush=True)
    decided = nodes = seconds = 0
    positions = hard_positions(args.games, args.slow)
    for policy, number, k, deal in positions:
        result = solve(deal, Limits(timeout=args.seconds, memory=1 << 27),
                       disabled=tuple(args.disable))
        decided += result.verdict is not Verdict.UNKNOWN
        nodes += result.nodes
        seconds += result.seconds
        lines.append(f"{policy:<6} {number:>7} {k:>4} {len(deal.stock):>5} "
                     f"{result.verdict.value:<10} {result.seconds:>7.2f} {result.nodes:>11,}")
        print(lines[-1], flush=True)
    summary = (f"decided {decided} of {len(positions)}; {nodes:,} nodes in {seconds:.1f} s "
               f"({nodes / max(seconds, 1e-9) / 1e6:.2f}M nodes/s)")
    print(summary)
    if args.out:
        args.out.write_text("\n".join([*provenance(), *lines, summary]) + "\n")


if __name__ == "__main__":
    main()
