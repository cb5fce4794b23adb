"""Rank windows: can a lost sub-game of a few ranks prove a few-pile `frog` pack lost?

A window keeps the cards of ranks a..b of a deal, in their places and order (reserve,
stock, waste piles), relabelled 1..b-a+1; rank a-1 counts as complete (so a rank-a card
always fits) and play is optional. Why a lost window proves the deal lost: take a winning
line of the deal and delete every move of a card outside the window. Each remaining move
is legal in the window: a turned card comes in the same order; a card on top of a pile or
the reserve in the deal is on top there too (the cards above it have gone up, and cards
outside the window do not exist); a card that fits a foundation in the deal fits in the
window (the counts of ranks a..b are the same, and rank a always fits); under optional
play any turned card may go on any pile. The line ends with every window card up: a win.
So a lost window means a lost deal. (Forced play is not kept: the deal's line may put a
card on a pile that would be forced up in the window.)

The question this benchmark answers is how often a window is lost for full packs with 2, 3
and 4 waste piles: for each deal and each window of the given width, the search runs with
a node limit, and the deal counts as proved lost if any window is lost.

    python benchmarks/experiments/rank_windows.py --piles 2 3 --widths 4 5 7 --deals 1-10 --max-nodes 200K

`--deep` asks the question deeper in the tree, where the search actually spends its nodes:
the plain search (no restarts) runs on each deal and is paused every 30,011 nodes; along the
line it is then following, the positions after every third stock card from 40 cards before
the end are tried in turn (windows of 3-5 ranks, 5,000 nodes each), and at the first with a
lost window the plain search is run on that position alone (up to 3M nodes), to see how
many nodes the window saves and how much earlier than the dead test it fires.

    python benchmarks/experiments/rank_windows.py --deep --piles 2 3 4 --deals 1-2 --samples 4
"""
from __future__ import annotations

import argparse
import time

from cli.limits import node_count
from solver.answer import Limits
from solver.patience import Card, Deal, deal_from_number, variant_rules
from solver.patience import deal_after
from solver.patience.search import is_dead, kernel, solve
from solver.patience.search.decode import decode_line
from solver.patience.search.state import SearchArrays, Table
from solver.survey import parse_deal_ranges
from solver.survey import print_provenance


def window(deal: Deal, low: int, high: int) -> Deal:
    """The deal's cards of ranks low..high, relabelled from 1, rank low-1 complete,
    optional play."""
    def keep(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(Card(c.rank - low + 1, c.suit) for c in cards if low <= c.rank <= high)

    foundations = tuple(Card(min(top.rank, high) - low + 1, top.suit)
                        for top in deal.foundations if top.rank >= low)
    reserve = keep(deal.reserve)
    rules = deal.rules.with_overrides(ranks=high - low + 1, stock_play="optional",
                                      reserve_size=max(1, len(reserve)), aces="stay")
    return Deal(rules, foundations, reserve, keep(deal.stock),
                tuple(keep(pile) for pile in deal.waste))


def lost_window(deal: Deal, widths: tuple[int, ...], limits: Limits) -> str | None:
    """The first window (narrowest first) the search proves lost, as "a-b", or None."""
    for width in widths:
        for low in range(1, deal.rules.ranks - width + 2):
            if solve(window(deal, low, low + width - 1), limits, restarts=False).verdict \
                    == "unwinnable":
                return f"{low}-{low + width - 1}"
    return None


def deep(piles: list[int], deals: list[int], samples: int) -> None:
    """Where along the search's own lines a window is first lost (see the module doc)."""
    window_limits = Limits(max_nodes=5000, memory=1 << 20)
    for count in piles:
        rules = variant_rules("frog").with_overrides(waste_piles=count)
        for number in deals:
            deal = deal_from_number(rules, number)
            arrays, table = SearchArrays(deal), Table(1 << 26)
            arrays.reset(noise=0, seed=0)
            for sample in range(samples):
                arrays.run(table, 1 << 62, 30_011, kernel.ALL_OPTIONS)
                table.grow_if_needed(int(arrays.stats[kernel.ST_TT_STORES]))
                moves, _ = decode_line(deal, arrays.winning_codes())
                turns = [i for i, move in enumerate(moves) if move.source == "stock"]
                line = f"{count} piles, deal {number}, line {sample + 1} ({len(turns)} turns):"
                dead_at = next((t for t in range(1, len(turns) + 1)
                                if is_dead(deal_after(deal, moves[:turns[t - 1] + 1]))), None)
                for turned in range(max(5, len(turns) - 40), len(turns) + 1, 3):
                    position = deal_after(deal, moves[:turns[turned - 1] + 1])
                    found = lost_window(position, (3, 4, 5), window_limits)
                    if found:
                        plain = solve(position, Limits(max_nodes=3_000_000, memory=1 << 26),
                                      restarts=False)
                        print(f"{line} window {found} lost after turn {turned}; dead test "
                              f"first fires at turn {dead_at}; the plain search of that "
                              f"position: {plain.verdict}, {plain.nodes:,} nodes", flush=True)
                        break
                else:
                    print(f"{line} no window lost; dead test first at turn {dead_at}",
                          flush=True)



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--piles", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--widths", type=int, nargs="+", default=[4, 5, 7])
    parser.add_argument("--deals", type=parse_deal_ranges, default=parse_deal_ranges("1-10"),
                        help="deal numbers, e.g. 1-10 or 1-5,9")
    parser.add_argument("--max-nodes", type=node_count, default=200_000)
    parser.add_argument("--deep", action="store_true",
                        help="windows along the search's lines instead of at the start")
    parser.add_argument("--samples", type=int, default=4, help="lines per deal with --deep")
    args = parser.parse_args()
    print_provenance()
    deals = args.deals
    if args.deep:
        deep(args.piles, deals, args.samples)
        return
    limits = Limits(max_nodes=args.max_nodes, memory=1 << 24)
    print(f"deals {deals[0]}-{deals[-1]}, {args.max_nodes:,} nodes per window; per window: verdict "
          f"letter (w won, l lost, ? unknown)")
    for piles in args.piles:
        rules = variant_rules("frog").with_overrides(waste_piles=piles)
        for width in args.widths:
            proved, tally, start = 0, {"winnable": 0, "unwinnable": 0, "unknown": 0}, time.time()
            for number in deals:
                deal = deal_from_number(rules, number)
                letters = ""
                for low in range(1, rules.ranks - width + 2):
                    verdict = solve(window(deal, low, low + width - 1), limits).verdict
                    tally[verdict] += 1
                    letters += {"winnable": "w", "unwinnable": "l", "unknown": "?"}[verdict]
                proved += "l" in letters
                print(f"  {piles} piles, width {width}, deal {number}: {letters}", flush=True)
            print(f"{piles} piles, width {width}: {proved} of {len(deals)} deals proved lost; "
                  f"windows won {tally['winnable']}, lost {tally['unwinnable']}, unknown "
                  f"{tally['unknown']} ({time.time() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
