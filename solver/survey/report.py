"""The report of a survey store: one entry per label, as `frog report --json` prints it.

An open label's entry (kind "open") holds its win rate with the Wilson interval, the node and
time figures and the limits its rows were decided under; a blind label's (kind "blind") holds
its games' wins, and beside them the open survey of the same rules on the same deals when the
store holds one (docs/blind.md, Blind surveys).
"""
from __future__ import annotations

from solver.survey.blind_work import rules_label_of
from solver.survey.stats import beside_open, summarise, summarise_blind
from solver.survey.work import Row


def report_document(open_rows: dict[str, list[Row]], blind_games: dict[str, list],
                    policies: dict[str, str | None], settings: dict[str, dict],
                    versions: dict[str, list] | None = None) -> dict[str, dict]:
    """Every label's entry, open labels first. `settings` and `policies` are the store's,
    by label; `versions`, when given, adds each open label's rows by solver version, method
    and limits (key "by_version")."""
    versions = versions or {}
    document = {}
    for label, rows in open_rows.items():
        document[label] = {"kind": "open", **summarise(rows), "settings": settings[label]}
        if label in versions:
            document[label]["by_version"] = versions[label]
    for label, games in blind_games.items():
        document[label] = _blind_entry(label, policies[label], games, open_rows,
                                       settings[label])
    return document


def _blind_entry(label: str, policy: str, games: list, open_rows: dict[str, list[Row]],
                 settings: dict) -> dict:
    """A blind label's entry: its wins and interval, and beside them (key "open") the open
    survey of the same rules on the same deals, when the store holds one."""
    rules_label = rules_label_of(label, policy)
    entry = {"kind": "blind", "rules_label": rules_label, "policy": policy,
             **summarise_blind(games), "settings": {"solver_version": settings["solver_version"]}}
    if rules_label in open_rows:
        entry["open"] = {"label": rules_label, **beside_open(games, open_rows[rules_label])}
    return entry
