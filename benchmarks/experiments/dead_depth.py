"""Where the dead-position test starts to fire: positions of random play, by stock cards turned.

For `frog` full packs with 2, 3 and 5 waste piles (deals 1-60 each), random play (a
foundation move with probability 0.8 when one exists, else any legal move; seed 3) is
sampled every 10 moves, and the dead test runs on each sampled position, plain (the
e2c0468 test) and with the order terms. Random play buries cards more than the search does,
so the rates are higher than in a search tree; the point is how early each test can fire.

    python benchmarks/experiments/dead_depth.py
"""
from __future__ import annotations

import argparse
import random

from solver.patience.deal import deal_from_number
from solver.patience.engine import Position, deal_after
from solver.patience.rules import variant_rules
from solver.patience.search import is_dead, kernel
from solver.survey import print_provenance


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    print_provenance()
    rng = random.Random(3)
    buckets: dict[tuple[int, int], list[int]] = {}
    for piles in (2, 3, 5):
        rules = variant_rules("frog").with_overrides(waste_piles=piles)
        for number in range(1, 61):
            deal = deal_from_number(rules, number)
            position, played = Position.start(deal), []
            for step in range(160):
                legal = position.legal_moves()
                if not legal:
                    break
                up = [move for move in legal if move.target == "foundation"]
                move = rng.choice(up) if up and rng.random() < 0.8 else rng.choice(legal)
                played.append(move)
                position = position.play(move)
                if step % 10 == 9:
                    now = deal_after(deal, played)
                    turned = len(deal.stock) - len(now.stock)
                    row = buckets.setdefault((piles, min(turned // 20, 4)), [0, 0, 0])
                    row[0] += 1
                    row[1] += is_dead(now, kernel.OPT_DEAD)
                    row[2] += is_dead(now, kernel.ALL_OPTIONS)
    for (piles, k), (count, plain, terms) in sorted(buckets.items()):
        span = f"{20 * k}-{20 * k + 19}" if k < 4 else f"{20 * k}-end"
        print(f"{piles} piles, stock cards turned {span}: {count} positions, "
              f"plain dead {plain}, with terms {terms}")


if __name__ == "__main__":
    main()
