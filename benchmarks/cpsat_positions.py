"""How fast CP-SAT alone decides the positions `frog verify --explain` left undecided.

The positions come from the lost games of benchmarks/explain_speed.py (its `--games` file)
whose explanation ended with a range "a-b" in benchmarks/results/explain_speed.txt: position
a-1 (after a-1 moves) was proved winnable, position b lost, and a..b-1 stayed undecided.
From each such game we take the last undecided position, b-1, and for a range of three or
more positions also its middle one, (a+b-1)//2; of those with MIN_STOCK..MAX_STOCK stock
cards left, `--positions` evenly spread over the list (in file order) are solved with
CP-SAT alone (one worker, as beside the search), `--seconds` each, one after another.

`--redundant` names the model's redundant constraint families to use (default: the
model's own, solver.patience.cpsat.REDUNDANT; "none" for the plain model), and `--param
NAME=VALUE` sets a CP-SAT parameter over cpsat_solve's own (presolve PRESOLVE, linearization
level LINEARIZATION, AllDifferent expansion ALLDIFF_EXPANSION), so that variants are
measured on the same positions.
Every win is replayed; times are wall and process CPU seconds (CP-SAT works in one thread).

    python benchmarks/cpsat_positions.py --positions 40 --seconds 20
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from ortools.sat.python import cp_model

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.explain_speed import explained_moves, game_line, kept_games  # noqa: E402
from solver.answer import Limits, Verdict  # noqa: E402
from solver.patience import cpsat  # noqa: E402
from solver.patience.deal import Deal  # noqa: E402
from solver.patience.engine import deals_along  # noqa: E402
from solver.patience.rules import variant_rules  # noqa: E402
from solver.survey.provenance import print_provenance, provenance  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RANGES = ROOT / "benchmarks" / "results" / "explain_speed.txt"
#: The stock sizes of interest: below it CP-SAT mostly decides already, above it hardly
#: anything decides in seconds.
MIN_STOCK, MAX_STOCK = 22, 60


def explained_ranges(path: Path) -> dict[tuple[str, int], tuple[int, int]]:
    """(policy, deal) -> (a, b) for each game whose explanation ended with a range."""
    return {key: tuple(map(int, move.split("-")))
            for key, (outcome, move, _) in explained_moves(path).items() if outcome == "range"}


def chosen_positions(games: Path, count: int) -> list[tuple[str, int, int, Deal]]:
    """(policy, deal, moves played, position): deterministic, see the module docstring."""
    rules = variant_rules("frog")
    ranges = explained_ranges(RANGES)
    candidates = []
    for key, game in kept_games(games).items():
        if key not in ranges:
            continue
        a, b = ranges[key]
        deal, moves = game_line(game, rules)
        positions = [deal, *deals_along(deal, moves)]
        wanted = sorted({b - 1, (a + b - 1) // 2} if b - a >= 3 else {b - 1})
        for k in wanted:
            if MIN_STOCK <= len(positions[k].stock) <= MAX_STOCK:
                candidates.append((*key, k, positions[k]))
    if count >= len(candidates):
        return candidates
    return [candidates[round(j * (len(candidates) - 1) / (count - 1))] for j in range(count)]


def solve(deal: Deal, seconds: float, redundant: frozenset[str],
          params: dict[str, str]) -> tuple[str, float, float, int]:
    """CP-SAT on `deal` (cpsat_solve, one worker, its win replayed) with these redundant
    constraints and parameters: (verdict, wall seconds, CPU seconds, conflicts)."""
    cpu = time.process_time()
    result = cpsat.cpsat_solve(deal, Limits(timeout=seconds), redundant=redundant,
                               parameters=params)
    cpu = time.process_time() - cpu
    verdict = {Verdict.WINNABLE: "winnable", Verdict.UNWINNABLE: "lost"}.get(result.verdict, "-")
    return verdict, result.seconds, cpu, result.nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", type=Path, nargs="?", default=Path("/tmp/explain_games.jsonl"),
                        help="benchmarks/explain_speed.py's --games file")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--redundant", default=None,
                        help="comma-separated redundant constraint families, or 'none'")
    parser.add_argument("--param", action="append", default=[], help="CP-SAT NAME=VALUE")
    parser.add_argument("--only", help="solve only these indices of the list (e.g. 0,3,7)")
    parser.add_argument("--out", type=Path, help="also write the results here")
    args = parser.parse_args()
    print_provenance()
    redundant = cpsat.REDUNDANT if args.redundant is None else frozenset(
        () if args.redundant == "none" else args.redundant.split(","))
    if any("=" not in item for item in args.param):
        parser.error("--param takes NAME=VALUE")
    params = dict(item.split("=", 1) for item in args.param)
    try:
        probe = cp_model.CpSolver()
        for name, value in params.items():
            cpsat.set_parameter(probe, name, value)
    except ValueError as error:
        parser.error(str(error))
    header = (f"redundant: {','.join(sorted(redundant)) or 'none'}; "
              f"params: {' '.join(args.param) or 'default'}; {args.seconds:g} s each")
    lines = [header, f"{'#':>2} {'policy':<6} {'deal':>7} {'pos':>4} {'stock':>5} "
                     f"{'verdict':<8} {'wall':>6} {'cpu':>6} {'conflicts':>10}"]
    print("\n".join(lines), flush=True)
    positions = chosen_positions(args.games, args.positions)
    only = None if args.only is None else {int(j) for j in args.only.split(",")}
    rows = []
    for j, (policy, number, k, deal) in enumerate(positions):
        if only is not None and j not in only:
            continue
        verdict, wall, cpu, conflicts = solve(deal, args.seconds, redundant, params)
        rows.append((len(deal.stock), verdict, wall, cpu))
        lines.append(f"{j:>2} {policy:<6} {number:>7} {k:>4} {len(deal.stock):>5} "
                     f"{verdict:<8} {wall:>6.2f} {cpu:>6.2f} {conflicts:>10,}")
        print(lines[-1], flush=True)
    decided = [row for row in rows if row[1] != "-"]
    lost = sum(1 for row in rows if row[1] == "lost")
    times = [row[3] for row in decided]
    summary = (f"decided {len(decided)}/{len(rows)} ({lost} lost, {len(decided) - lost} "
               f"winnable); CPU seconds of the decided: median "
               f"{statistics.median(times) if times else 0:.2f}, max "
               f"{max(times, default=0):.2f}; all: {sum(row[3] for row in rows):.1f}")
    print(summary)
    if args.out:
        args.out.write_text("\n".join([*provenance(), *lines, summary]) + "\n")


if __name__ == "__main__":
    main()
