"""PNG plots of a survey report (matplotlib, the optional `plots` extra, imported only here)."""
from __future__ import annotations

from pathlib import Path

from solver.survey.work import Row


class PlotsUnavailable(Exception):
    """matplotlib is not installed."""


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise PlotsUnavailable("plots need matplotlib: pip install 'frog-solver[plots]'") \
            from None
    matplotlib.use("Agg")  # files only; never needs a display
    import matplotlib.pyplot as plt

    return plt


def write_plots(report: dict[str, dict], rows: dict[str, list[Row]], directory: Path) -> list[Path]:
    """win_rate.png (per label, the win rate with its bracketed 95% interval) and
    nodes.png (nodes per deal, log-spaced bins and a log axis, one outline per label)."""
    plt = _pyplot()
    directory.mkdir(parents=True, exist_ok=True)
    labels = list(report)

    figure, axes = plt.subplots(figsize=(max(6.0, 1.1 * len(labels) + 2), 4.5))
    rates = [report[label]["win_rate"] or 0.0 for label in labels]
    below = [rate - report[label]["ci_low"] for rate, label in zip(rates, labels)]
    above = [report[label]["ci_high"] - rate for rate, label in zip(rates, labels)]
    axes.bar(range(len(labels)), rates, color="tab:green", alpha=0.7)
    axes.errorbar(range(len(labels)), rates, yerr=[below, above], fmt="none", ecolor="black",
                  capsize=4)
    axes.set_xticks(range(len(labels)))
    axes.set_xticklabels([f"{label}\n({report[label]['deals']} deals)" for label in labels],
                         rotation=30, ha="right", fontsize=8)
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate (perfect play)")
    axes.set_title("Win rate, 95% Wilson interval (unknowns as losses..as wins)", fontsize=10)
    figure.tight_layout()
    win_path = directory / "win_rate.png"
    figure.savefig(win_path, dpi=120)
    plt.close(figure)

    figure, axes = plt.subplots(figsize=(7, 4.5))
    all_nodes = [max(1, row.nodes) for group in rows.values() for row in group]
    if all_nodes:
        low, high = min(all_nodes), max(all_nodes)
        steps = 40
        bins = [low * (high / low) ** (i / steps) for i in range(steps + 1)] if high > low \
            else [low * 0.9, high * 1.1]
        for label in labels:
            axes.hist([max(1, row.nodes) for row in rows[label]], bins=bins, histtype="step",
                      label=label, linewidth=1.2)
        axes.legend(fontsize=7)
    axes.set_xscale("log")
    axes.set_xlabel("nodes per deal (log scale)")
    axes.set_ylabel("deals")
    axes.set_title("Nodes per deal (unknowns pile up at the node limit)")
    figure.tight_layout()
    nodes_path = directory / "nodes.png"
    figure.savefig(nodes_path, dpi=120)
    plt.close(figure)
    return [win_path, nodes_path]
