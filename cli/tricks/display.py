"""How a person reads cards and tricks of Frog, the trick-taking game, on a terminal.

Suit symbols by default (`A♥ 10♠`), the file letters with `--ascii` (`AH TS`, as deal and
line files spell them). A played line is shown one trick a row: who led, the cards in
playing order, who won, the points in the trick and the bidder's running total against
the target, so a hand can be followed without counting.
"""
from __future__ import annotations

from collections.abc import Iterable

from solver.tricks import POINTS, Rules, card_name, sort_hand, winning_index

SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card_text(c: int, ascii_only: bool = False) -> str:
    """`A♥`, `10♠` (or `AH`, `TS` with `ascii_only`)."""
    name = card_name(c)
    if ascii_only:
        return name
    rank = "10" if name[0] == "T" else name[0]
    return rank + SYMBOLS[name[1]]


def cards_text(cards: Iterable[int], ascii_only: bool = False, sort: bool = True) -> str:
    """Cards separated by spaces, in hand order (suit C D H S, strongest first) if `sort`."""
    cards = sort_hand(cards) if sort else list(cards)
    return " ".join(card_text(c, ascii_only) for c in cards) or "-"


def play_text(seat: int, c: int, ascii_only: bool = False) -> str:
    """One card of a trick with its seat: `2:A♥`."""
    return f"{seat}:{card_text(c, ascii_only)}"


def trick_rows(rules: Rules, start_points: int, tricks: list[list[tuple[int, int]]],
               ascii_only: bool = False, first_number: int = 1) -> list[str]:
    """The tricks as a table; `start_points` is the bidder's total before the first trick
    shown (widow or discards and points already won).

    An unfinished last trick is shown with its cards and no winner.
    """
    rows = [f"{'trick':>5}  {'led':<4} {'cards in playing order':<24} "
            f"{'won by':<17}{'points':>6}  {'bidder/target':>13}"]
    total = start_points
    for number, trick in enumerate(tricks, first_number):
        plays = "  ".join(f"{play_text(seat, c, ascii_only):<6}" for seat, c in trick)
        if len(trick) < 3:
            rows.append(f"{number:>5}  {trick[0][0]:<4} {plays:<24} (unfinished)")
            continue
        cards = [c for _, c in trick]
        winner = trick[winning_index(cards, rules.trump)][0]
        points = sum(POINTS[c] for c in cards)
        side = "(bidder)" if winner == rules.bidder else "(defender)"
        if winner == rules.bidder:
            total += points
        rows.append(f"{number:>5}  {trick[0][0]:<4} {plays:<24} seat {winner} {side:<10}"
                    f"{points:>6}  {total:>6} / {rules.target}")
    return rows


def solution_rows(solution, ascii_only: bool = False) -> list[str]:
    """A solved contract's optimal line as the trick table, starting from what the bidder
    holds before play (widow or discards, and points already taken)."""
    rules, deal = solution.rules, solution.deal
    return trick_rows(rules, deal.banked(rules.contract, solution.discard), solution.line,
                      ascii_only)
