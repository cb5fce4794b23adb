"""Benchmark runs: decide fixed deal sets one after another and summarise speed; compare two
runs deal by deal.

Deals run sequentially in one process, so that timings are not disturbed by a sibling
worker; the kernel is loaded before the first timer starts (solver.patience.search warms it up).
"""
from __future__ import annotations

import math
from collections.abc import Callable

from solver.answer import Limits
from solver.survey.stats import percentile
from solver.survey.work import Job, Row, decide_number, rules_for

BENCH_FORMAT = "frog-bench/1"


def run_bench(deals: dict[str, list[int]], limits: Limits,
              on_row: Callable[[Row], None] | None = None) -> list[Row]:
    """Decide every (variant, deal) in order; `on_row` sees each result as it comes."""
    rows = []
    for variant, numbers in deals.items():
        job = Job(variant, rules_for(variant), limits)
        for number in numbers:
            row = decide_number(job, number)
            rows.append(row)
            if on_row:
                on_row(row)
    return rows


def summary(rows: list[Row]) -> dict:
    """Speed figures of a group of deals: median and 99th-percentile seconds, aggregate
    nodes/s (all nodes over all time, so long searches weigh as they cost), verdict counts,
    and the unknown deals with their node counts."""
    seconds = [row.seconds for row in rows]
    nodes = sum(row.nodes for row in rows)
    total = sum(seconds)
    return {
        "deals": len(rows),
        "winnable": sum(row.verdict == "winnable" for row in rows),
        "unwinnable": sum(row.verdict == "unwinnable" for row in rows),
        "unknown": sum(row.verdict == "unknown" for row in rows),
        "median_seconds": percentile(seconds, 50),
        "p99_seconds": percentile(seconds, 99),
        "total_seconds": total,
        "nodes": nodes,
        "nodes_per_second": nodes / total if total > 0 else 0.0,
        "unknown_deals": [{"variant": row.label, "deal": row.deal, "nodes": row.nodes}
                          for row in rows if row.verdict == "unknown"],
    }


def bench_document(rows: list[Row], set_name: str, limits: Limits, version: str) -> dict:
    """The JSON a bench run writes, and `compare` reads."""
    by_variant: dict[str, list[Row]] = {}
    for row in rows:
        by_variant.setdefault(row.label, []).append(row)
    return {
        "format": BENCH_FORMAT,
        "set": set_name,
        "solver_version": version,
        "limits": {"max_nodes": limits.max_nodes, "timeout": limits.timeout,
                   "memory": limits.memory},
        "deals": [{"variant": row.label, **{k: v for k, v in row.as_dict().items()
                                            if k != "label"}} for row in rows],
        "summary": {**{variant: summary(group) for variant, group in by_variant.items()},
                    "all": summary(rows)},
    }


def compare(old: dict, new: dict) -> dict:
    """Deal by deal, the second run against the first: node and time ratios (new / old),
    verdict changes, and contradictions (winnable in one run, unwinnable in the other: one of
    the two solvers is wrong). Deals in only one run are listed, not compared."""
    def index(document: dict) -> dict[tuple[str, int], dict]:
        return {(deal["variant"], deal["deal"]): deal for deal in document["deals"]}

    before, after = index(old), index(new)
    common = [key for key in before if key in after]
    deals = []
    for key in common:
        a, b = before[key], after[key]
        deals.append({
            "variant": key[0], "deal": key[1],
            "verdict_old": a["verdict"], "verdict_new": b["verdict"],
            "nodes_old": a["nodes"], "nodes_new": b["nodes"],
            "seconds_old": a["seconds"], "seconds_new": b["seconds"],
            "nodes_ratio": b["nodes"] / a["nodes"] if a["nodes"] else None,
            "time_ratio": b["seconds"] / a["seconds"] if a["seconds"] > 0 else None,
        })
    both_decided = [d for d in deals if "unknown" not in (d["verdict_old"], d["verdict_new"])
                    and d["time_ratio"]]
    return {
        "deals": deals,
        "only_old": [list(key) for key in before if key not in after],
        "only_new": [list(key) for key in after if key not in before],
        "newly_decided": [[d["variant"], d["deal"]] for d in deals
                          if d["verdict_old"] == "unknown" != d["verdict_new"]],
        "newly_unknown": [[d["variant"], d["deal"]] for d in deals
                          if d["verdict_new"] == "unknown" != d["verdict_old"]],
        "contradictions": [d for d in deals
                           if {d["verdict_old"], d["verdict_new"]} == {"winnable", "unwinnable"}],
        "time_old": sum(d["seconds_old"] for d in deals),
        "time_new": sum(d["seconds_new"] for d in deals),
        # The geometric mean weighs a 2x speed-up of a 1 ms deal like one of a 1 s deal.
        "geomean_time_ratio": math.exp(sum(math.log(d["time_ratio"]) for d in both_decided)
                                       / len(both_decided)) if both_decided else None,
    }
