"""Do the hint's chances come true? Fit the chance model, and check it on other games.

The default policy plays one game of each deal of `--fit-deals` and of `--test-deals` (seed =
the deal number). Every decision it samples is recorded: the cards left in the stock, and
for the move it played, the samples won in hindsight and the samples drawn (what a hint
shows beside that move: the hint runs the same race, with at least two rounds of samples);
the game's result is the outcome of every record it holds. Records are appended to
`--records` (JSON lines) as each game ends, so a rerun plays only the deals not recorded yet.

The chance model (solver/patience/blind/calibration.py) is fitted on the fit deals' records
and judged on the test deals' records only: per decile of the predicted chance, the count,
the mean prediction and the actual win rate, and the expected calibration error (ECE), for
the fitted model and, for comparison, the raw hindsight share. `--write` ships the fitted
model with the package (solver/patience/blind/calibration.json).

    python benchmarks/calibration.py --fit-deals 30001-30200 --test-deals 31001-31200 --jobs 2
"""
from __future__ import annotations

import argparse
import dataclasses
import gzip
import json
import multiprocessing
import sys
import time
from pathlib import Path
from typing import IO

from solver.patience.blind import DEFAULT_POLICY, Choice, View, play_blind, policy_named
from solver.patience.blind.calibration import MODEL_FILE, fit, reliability, shipped
from solver.patience.deal import deal_from_number
from solver.patience.rules import variant_rules
from solver.survey import parse_deal_ranges, solver_version
from solver.survey.provenance import provenance

ROOT = Path(__file__).resolve().parent.parent


def records_of_game(variant: str, number: int) -> list[dict]:
    """Play the deal with the default policy, recording each sampled decision."""
    seen: list[tuple[int, int, int]] = []

    def observe(view: View, choices: list[Choice]) -> None:
        wins, samples = choices[0].hindsight or (0, 0)
        seen.append((view.stock_count, wins, samples))

    policy = dataclasses.replace(policy_named(DEFAULT_POLICY), observer=observe)
    game = play_blind(deal_from_number(variant_rules(variant), number), policy, seed=number)
    records = [{"deal": number, "variant": variant, "stock": stock, "wins": wins,
                "samples": samples, "won": game.won} for stock, wins, samples in seen]
    return records or [{"deal": number, "variant": variant, "stock": None, "won": game.won}]


def _work(task: tuple[str, int]) -> list[dict]:
    return records_of_game(*task)


def collect(path: Path, variant: str, deals: list[int], jobs: int) -> list[dict]:
    """Every record of `deals`, playing the deals not in `path` yet."""
    stored = []
    if path.exists():
        with _open(path, "r") as lines:
            stored = [json.loads(line) for line in lines]
    done = {(r["variant"], r["deal"]) for r in stored}
    todo = [(variant, n) for n in deals if (variant, n) not in done]
    with _open(path, "a") as out, multiprocessing.Pool(jobs) as pool:
        for count, records in enumerate(pool.imap_unordered(_work, todo), start=1):
            out.write("".join(json.dumps(r) + "\n" for r in records))
            out.flush()
            stored += records
            if count % 10 == 0 or count == len(todo):
                print(f"  {count}/{len(todo)} games", file=sys.stderr, flush=True)
    wanted = set(deals)
    return [r for r in stored if r["variant"] == variant and r["deal"] in wanted
            and r["stock"] is not None]


def _open(path: Path, mode: str) -> IO[str]:
    """The records file as text, gzip-compressed when its name ends in .gz (each game
    appended as one more gzip member, which a reader takes as one stream)."""
    return gzip.open(path, mode + "t") if path.suffix == ".gz" else path.open(mode)


def _fitted_on() -> str:
    data = json.loads(MODEL_FILE.read_text())
    return f"fitted on {data['variant']} deals {data['fit_deals']} at {data['commit']}"


def table(title: str, predicted: list[float], won: list[bool]) -> list[str]:
    rows, error = reliability(predicted, won)
    lines = [title, f"  {'predicted range':<17} {'decisions':>9} {'predicted':>9} {'actual':>7}"]
    for row in rows:
        lines.append(f"  {row['low']:6.1%} - {row['high']:6.1%}  {row['count']:>9} "
                     f"{row['predicted']:>9.1%} {row['actual']:>7.1%}")
    lines.append(f"  expected calibration error {error:.3f} ({len(won)} decisions)")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="frog")
    parser.add_argument("--fit-deals", type=parse_deal_ranges,
                        default=parse_deal_ranges("30001-30200"))
    parser.add_argument("--test-deals", type=parse_deal_ranges,
                        default=parse_deal_ranges("31001-31200"))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--records",
                        default=str(ROOT / "benchmarks/results/calibration.jsonl.gz"),
                        help="the decisions recorded, one JSON line each (.gz: compressed)")
    parser.add_argument("--out", default=str(ROOT / "benchmarks/results/calibration.txt"))
    parser.add_argument("--write", action="store_true",
                        help="ship the fitted model (solver/patience/blind/calibration.json)")
    args = parser.parse_args()
    if set(args.fit_deals) & set(args.test_deals):
        parser.error("the fit and test deals must not overlap")
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    path = Path(args.records)
    fitted_on = collect(path, args.variant, args.fit_deals, args.jobs)
    tested_on = collect(path, args.variant, args.test_deals, args.jobs)
    model = fit([(r["wins"], r["samples"], r["stock"], r["won"]) for r in fitted_on])
    won = [r["won"] for r in tested_on]
    games = {r["deal"] for r in tested_on}
    lines = [*provenance(),
             f"policy {policy_named(DEFAULT_POLICY).name}, variant {args.variant}; started "
             f"{started}",
             f"fitted on {len(fitted_on)} decisions of {len({r['deal'] for r in fitted_on})} "
             f"games (deals {args.fit_deals[0]}-{args.fit_deals[-1]}); judged on "
             f"{len(tested_on)} decisions of {len(games)} other games (deals "
             f"{args.test_deals[0]}-{args.test_deals[-1]}), "
             f"{sum(1 for d in games if any(r['won'] for r in tested_on if r['deal'] == d))} "
             f"of them won",
             f"model: logit(chance) = {model.a:.3f} + {model.b:.3f} s + {model.c:.3f} l + "
             f"{model.d:.3f} l s  (s = logit of the smoothed share, l = stock / 100)", ""]
    lines += table("the fitted chance, on the test games:",
                   [model.chance(r["wins"], r["samples"], r["stock"]) for r in tested_on], won)
    lines += [""] + table(f"the model frog hint ships ({_fitted_on()}), on the same "
                          f"decisions:", [shipped().chance(r["wins"], r["samples"], r["stock"])
                                          for r in tested_on], won)
    lines += [""] + table("the raw hindsight share, on the same decisions:",
                          [r["wins"] / r["samples"] for r in tested_on], won)
    text = "\n".join(lines) + "\n"
    print(text, end="")
    Path(args.out).write_text(text)
    if args.write:
        model.save(commit=solver_version(), date=started, variant=args.variant,
                   fit_deals=f"{args.fit_deals[0]}-{args.fit_deals[-1]}",
                   decisions=len(fitted_on))


if __name__ == "__main__":
    main()
