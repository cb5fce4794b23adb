"""How many sampled positions the open search wins within a sample's node budget, by the
size of its restarts (solver/patience/search/samples.py, `sample_strategy`).

The default blind policy plays `--deals` of `frog` (seed = the deal number); from each game
we keep the first position it sampled with about each of `--stocks` cards left in the
stock (within two), and deal `--samples` random orders of its unseen cards (fixed seed), as the
policy's samples are dealt. Every sampled position is then decided within each of `--nodes`
node caps with restarts of each `--descents` size (a multiple of the position's longest line, or
"standard": the full search's 1,000-node restarts): per stock size, the wins found, the
proofs of loss, and the seconds (one core). More wins in the same nodes means a sample's
hindsight verdict is closer to the truth for the same cost.

    python benchmarks/sample_restarts.py --deals 31-42 --nodes 2000 200000 --descents standard 1.25
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.answer import Verdict  # noqa: E402
from solver.patience.blind import play_blind, policy_named  # noqa: E402
from solver.patience.blind.sampling import as_deal, sample_position  # noqa: E402
from solver.patience.blind.view import View  # noqa: E402
from solver.patience.deal import Deal, deal_from_number  # noqa: E402
from solver.patience.rules import variant_rules  # noqa: E402
from solver.patience.search import decide_samples  # noqa: E402
from solver.survey import parse_deal_ranges  # noqa: E402
from solver.survey.provenance import print_provenance, provenance  # noqa: E402

#: How far from a wanted stock size a decision's view may be.
NEAR = 2


def views_of_games(deals: list[int], stocks: list[int]) -> dict[int, list[View]]:
    """Per stock size, the first view of each game that the policy sampled near it (the
    views its `observer` is shown: the decisions between two or more kinds of move)."""
    found: dict[int, list[View]] = {stock: [] for stock in stocks}
    seen: set[int] = set()

    def observe(view: View, choices: list) -> None:
        for stock in stocks:
            if abs(view.stock_count - stock) <= NEAR and stock not in seen:
                seen.add(stock)
                found[stock].append(view)

    policy = replace(policy_named("best"), observer=observe)
    rules = variant_rules("frog")
    for number in deals:
        seen.clear()
        play_blind(deal_from_number(rules, number), policy, number)
    return found


def descents_value(text: str) -> float | None:
    if text == "standard":
        return None
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number or 'standard': {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be positive: {text!r}")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=parse_deal_ranges, default=parse_deal_ranges("31-42"),
                        help="frog deals whose default-policy games give the positions")
    parser.add_argument("--stocks", type=int, nargs="+", default=[70, 50, 35, 20])
    parser.add_argument("--samples", type=int, default=25, help="sampled stocks a position")
    parser.add_argument("--nodes", type=int, nargs="+", default=[2000],
                        help="node caps of each search")
    parser.add_argument("--descents", type=descents_value, nargs="+",
                        default=[None, 1.0, 1.25, 1.5, 2.0],
                        help="restart sizes in descents, or 'standard'")
    parser.add_argument("--out", type=Path, help="also write the table here")
    args = parser.parse_args()
    print_provenance()
    views = views_of_games(args.deals, args.stocks)
    rng = random.Random(1)
    samples: dict[int, list[Deal]] = {
        stock: [as_deal(sample_position(view, rng)) for view in found
                for _ in range(args.samples)]
        for stock, found in views.items()}
    lines = [f"{len(args.deals)} games, {args.samples} samples a position; per stock size: "
             f"won / lost (proved) / samples, seconds",
             "nodes    descents " + "".join(f"{f'stock {stock}':>26}" for stock in args.stocks)]
    print("\n".join(lines), flush=True)
    for nodes in args.nodes:
        for descents in args.descents:
            cells = []
            for stock in args.stocks:
                start = time.perf_counter()
                verdicts = decide_samples(samples[stock], nodes, descents=descents)
                seconds = time.perf_counter() - start
                won = sum(v is Verdict.WINNABLE for v in verdicts)
                lost = sum(v is Verdict.UNWINNABLE for v in verdicts)
                cells.append(f"{won:>5} /{lost:>4} /{len(verdicts):>4} {seconds:6.2f}s")
            name = "standard" if descents is None else f"{descents:g}"
            lines.append(f"{nodes:<8} {name:<9}" + "".join(f"{cell:>26}" for cell in cells))
            print(lines[-1], flush=True)
    if args.out:
        args.out.write_text("\n".join([*provenance(), *lines]) + "\n")


if __name__ == "__main__":
    main()
