"""Summaries of decided deals: Wilson intervals, percentiles, the per-label report.

The win rate of a survey with unknowns is bracketed, not guessed (as in the Solvitaire paper):
the low end of the 95% interval counts every unknown as a loss, the high end as a win.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from solver.survey.work import Row

Z95 = 1.959963984540054  # the two-sided 95% normal quantile


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion; (0, 1) when there are no trials.
    Preferred over the normal approximation because it stays inside [0, 1] and is honest
    near 0% and 100%, where patience win rates often lie."""
    if trials == 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile (0-100) by linear interpolation between order statistics;
    None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def distribution(values: Sequence[float]) -> dict[str, float | None]:
    """Median, 90th and 99th percentiles, maximum and mean."""
    return {"median": percentile(values, 50), "p90": percentile(values, 90),
            "p99": percentile(values, 99), "max": max(values) if values else None,
            "mean": sum(values) / len(values) if values else None}


def summarise(rows: Sequence[Row]) -> dict:
    """The report entry of one label: counts, win rate with its bracketed 95% interval, and
    the node, time and solution-length distributions."""
    count = {verdict: sum(1 for row in rows if row.verdict == verdict)
             for verdict in ("winnable", "unwinnable", "unknown")}
    deals = len(rows)
    ci_low, _ = wilson(count["winnable"], deals)
    _, ci_high = wilson(count["winnable"] + count["unknown"], deals)
    decided = [row for row in rows if row.verdict != "unknown"]
    return {
        "deals": deals,
        **count,
        "win_rate": count["winnable"] / deals if deals else None,
        "ci_low": ci_low,
        "ci_high": ci_high,
        "first_deal": min((row.deal for row in rows), default=None),
        "last_deal": max((row.deal for row in rows), default=None),
        "nodes": distribution([row.nodes for row in rows]),
        "nodes_decided": distribution([row.nodes for row in decided]),
        "seconds": distribution([row.seconds for row in rows]),
        "seconds_decided": distribution([row.seconds for row in decided]),
        "solution_length": distribution([row.moves for row in rows if row.moves is not None]),
        "unknown_deals": [row.deal for row in rows if row.verdict == "unknown"],
    }


def crosstab(first: Sequence[Row], second: Sequence[Row]) -> dict:
    """Verdicts of the deals two labels share (forced against optional play, say): counts
    for each (first verdict, second verdict) pair, keyed "winnable/unknown" and so on, and the
    win rates of both on exactly those deals."""
    verdicts = {row.deal: row.verdict for row in second}
    pairs = [(row.verdict, verdicts[row.deal]) for row in first if row.deal in verdicts]
    table: dict[str, int] = {}
    for pair in pairs:
        table["/".join(pair)] = table.get("/".join(pair), 0) + 1
    shared = len(pairs)
    return {
        "deals": shared,
        "pairs": dict(sorted(table.items())),
        "first_win_rate": sum(a == "winnable" for a, _ in pairs) / shared if shared else None,
        "second_win_rate": sum(b == "winnable" for _, b in pairs) / shared if shared else None,
    }


def sign_test(first_only: int, second_only: int) -> float:
    """The exact two-sided McNemar test (a sign test on the discordant pairs): the chance,
    were both equally strong, of a split of the `first_only + second_only` deals that only
    one of them won at least as uneven as this one. 1.0 when no deal splits them."""
    n = first_only + second_only
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(first_only, second_only) + 1))
    return min(1.0, 2 * tail / 2 ** n)


def summarise_blind(rows: Sequence) -> dict:
    """The report entry of one blind label (rows with `won`, `seconds`, `moves`,
    `decisions`): games, wins, losses, the win rate with its Wilson 95% interval, and the
    time and decision distributions."""
    games = len(rows)
    won = sum(1 for row in rows if row.won)
    low, high = wilson(won, games)
    return {
        "games": games,
        "won": won,
        "lost": games - won,
        "win_rate": won / games if games else None,
        "ci_low": low,
        "ci_high": high,
        "first_deal": min((row.deal for row in rows), default=None),
        "last_deal": max((row.deal for row in rows), default=None),
        "seconds": distribution([row.seconds for row in rows]),
        "decisions": distribution([row.decisions for row in rows]),
    }


def paired(first: Sequence, second: Sequence) -> dict:
    """Two blind policies on the deals both played: how many each won that the other lost,
    and the exact McNemar p-value of that split (below 0.05: significant at 95%)."""
    won = {row.deal: row.won for row in second}
    pairs = [(row.won, won[row.deal]) for row in first if row.deal in won]
    first_only = sum(1 for a, b in pairs if a and not b)
    second_only = sum(1 for a, b in pairs if b and not a)
    return {"deals": len(pairs), "first_only": first_only, "second_only": second_only,
            "both": sum(1 for a, b in pairs if a and b), "p_value": sign_test(first_only,
                                                                              second_only)}


def beside_open(blind_rows: Sequence, open_rows: Sequence[Row]) -> dict:
    """Open and blind play of the same rules on the deals both surveys hold: the open
    figures (`summarise`'s counts and bracketed interval) and the blind wins with their
    Wilson interval, on exactly those deals."""
    decided = {row.deal for row in open_rows}
    games = [row for row in blind_rows if row.deal in decided]
    played = {row.deal for row in games}
    shared = summarise([row for row in open_rows if row.deal in played])
    blind = summarise_blind(games)
    return {**{key: shared[key] for key in ("deals", "winnable", "unwinnable", "unknown",
                                            "win_rate", "ci_low", "ci_high")},
            "blind": {key: blind[key] for key in ("won", "lost", "win_rate", "ci_low",
                                                  "ci_high")}}
