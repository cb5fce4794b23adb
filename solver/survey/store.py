"""The survey store: one SQLite row per (label, deal), written as soon as a deal is decided.

Write-ahead logging plus a commit after every row means a survey killed at any moment (Ctrl-C,
kill -9, a power cut) keeps every row it reported, and the primary key means a resumed survey
can never count a deal twice. Only the standard library's sqlite3 is used. A store travels
as text: `solver.survey.csv_rows` writes it as CSV and rebuilds it from one.
"""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator

from solver.answer import Limits
from solver.survey.blind_work import BlindRow
from solver.survey.work import Row, asked_method

#: SQLite stores integers in 64 bits; deal numbers above this cannot be keys.
LARGEST_DEAL = (1 << 63) - 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    label TEXT NOT NULL,           -- variant, plus overridden rule options
    deal INTEGER NOT NULL,
    verdict TEXT NOT NULL,         -- winnable | unwinnable | unknown
    reason TEXT,                   -- why unknown: node limit | time limit | memory limit
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    moves INTEGER,                 -- length of the winning line
    nodes_per_second REAL NOT NULL,
    solver_version TEXT NOT NULL,
    max_nodes INTEGER,             -- the limits the deal was decided under (NULL = none)
    timeout REAL,
    memory INTEGER NOT NULL,
    rules TEXT NOT NULL,           -- every rule parameter, JSON
    decided_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    method TEXT NOT NULL DEFAULT 'search',  -- the method that answered (Row.method)
    policy TEXT,                   -- NULL: open play (every card known, the solver's answer);
                                   -- a row of play without that knowledge names its policy
                                   -- here, and its label names it too (the key is label, deal)
    seed INTEGER,                  -- blind play: the policy's random seed; open play: the
                                   -- search's first restart sequence (Row.sequence; NULL:
                                   -- CP-SAT alone, or a row stored before rows kept it)
    decisions INTEGER,             -- blind play: the policy's real choices (NULL: open play)
    PRIMARY KEY (label, deal)
) WITHOUT ROWID
"""

#: Every column of a row, in the table's order: the CSV form of a store has these, in this
#: order, as its header (a CSV written before the last columns were added may lack them).
COLUMNS = ("label", "deal", "verdict", "reason", "nodes", "seconds", "moves",
           "nodes_per_second", "solver_version", "max_nodes", "timeout", "memory", "rules",
           "decided_at", "method", "policy", "seed", "decisions")

#: Columns added since the first stores, with what older stores get on opening: all their
#: rows came from the search (the method's default), in open play (a NULL policy, seed and
#: decisions).
_ADDED_COLUMNS = {
    "method": "ALTER TABLE results ADD COLUMN method TEXT NOT NULL DEFAULT 'search'",
    "policy": "ALTER TABLE results ADD COLUMN policy TEXT",
    "seed": "ALTER TABLE results ADD COLUMN seed INTEGER",
    "decisions": "ALTER TABLE results ADD COLUMN decisions INTEGER",
}


class StoreError(Exception):
    """The file is not a survey store (or cannot be opened)."""


class Store:
    """A survey database. Use as a context manager, or call close()."""

    def __init__(self, path: str, create: bool = True) -> None:
        self.path = path
        try:
            if not create:
                # mode=ro would refuse to read a WAL file left by a killed survey; rw does not
                # create a missing file, which is the point.
                self.db = sqlite3.connect(f"file:{path}?mode=rw", uri=True)
            else:
                self.db = sqlite3.connect(path)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            if create:
                self.db.execute(_SCHEMA)
                self.db.commit()
            self.db.execute("SELECT label, deal, verdict FROM results LIMIT 1")
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(results)")}
            for column, statement in _ADDED_COLUMNS.items():
                if column not in columns:
                    self.db.execute(statement)
                    self.db.commit()
        except sqlite3.Error as exc:
            raise StoreError(f"{path}: not a survey database ({exc})") from None

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.db.close()

    def done(self, label: str, retry_under: Limits | None = None,
             method: str | None = None) -> set[int]:
        """Deal numbers already decided under `label`. With `retry_under`, an unknown row
        whose stopping limit (time or nodes) is tighter than that one's does not count as
        done, so that a rerun with a looser limit re-decides it; nor, with `method` too, does
        an unknown row another method left (CP-SAT may decide what the search did not, and
        the other way round)."""
        rows = self._read(
            "SELECT deal, verdict, reason, timeout, max_nodes, method FROM results"
            " WHERE label = ?", (label,))
        return {deal for deal, verdict, reason, timeout, max_nodes, row_method in rows
                if not (retry_under is not None and verdict == "unknown"
                        and (_looser(reason, timeout, max_nodes, retry_under)
                             or (method is not None
                                 and asked_method(row_method) != method)))}

    def sequences(self, label: str) -> dict[int, int | None]:
        """Each stored deal of an open-play label with its row's first restart sequence
        (the `seed` column; None where the row keeps none)."""
        return dict(self._read("SELECT deal, seed FROM results WHERE label = ?"
                               " AND policy IS NULL", (label,)))

    def save(self, row: Row, version: str, limits: Limits, rules: dict) -> None:
        """Store one decided deal and commit at once. A row replaces only an earlier row of the
        same deal (a retried unknown); the primary key rules out duplicates. The `seed` column
        keeps the row's first restart sequence (`Row.sequence`), for a later retry."""
        if row.verdict == "unknown" and row.reason == "interrupted":
            raise ValueError("an interrupted search is not a result; it must not be stored")
        self.db.execute(
            "INSERT OR REPLACE INTO results (label, deal, verdict, reason, nodes, seconds, moves,"
            " nodes_per_second, solver_version, max_nodes, timeout, memory, rules, method, seed)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (row.label, row.deal, row.verdict, row.reason, row.nodes, row.seconds, row.moves,
             row.nodes_per_second, version, limits.max_nodes, limits.timeout, limits.memory,
             json.dumps(rules, sort_keys=True), row.method, row.sequence))
        self.db.commit()

    def count(self) -> int:
        """How many rows the store holds, under every label."""
        return self._read("SELECT COUNT(*) FROM results")[0][0]

    def every_row(self) -> Iterator[tuple]:
        """Every stored row, all of its columns in `COLUMNS` order, by label and deal."""
        try:
            yield from self.db.execute(f"SELECT {', '.join(COLUMNS)} FROM results"
                                       " ORDER BY label, deal")
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: a damaged survey database ({exc})") from None

    def add_rows(self, rows: Iterable[tuple]) -> None:
        """Store whole rows (`COLUMNS` order, as `every_row` gives them) in one transaction:
        all of them, or none when one clashes with a stored row (sqlite3.IntegrityError)."""
        with self.db:
            self.db.executemany(f"INSERT INTO results ({', '.join(COLUMNS)}) VALUES"
                                f" ({', '.join('?' for _ in COLUMNS)})", rows)

    def labels(self) -> list[str]:
        return [label for (label,) in
                self._read("SELECT DISTINCT label FROM results ORDER BY label")]

    def rows(self, label: str) -> Iterator[Row]:
        query = ("SELECT label, deal, verdict, reason, nodes, seconds, moves, nodes_per_second,"
                 " method FROM results WHERE label = ? ORDER BY deal")
        for values in self._read(query, (label,)):
            yield Row(*values)

    def settings(self, label: str) -> dict[str, list]:
        """The distinct limits, methods and solver versions a label's rows were decided with (a
        report must say if a survey mixed them)."""
        settings = {}
        for column in ("timeout", "max_nodes", "memory", "method", "solver_version"):
            settings[column] = [value for (value,) in self._read(
                f"SELECT DISTINCT {column} FROM results WHERE label = ? ORDER BY {column}",
                (label,))]
        return settings

    def provenance(self, label: str) -> list[dict]:
        """Which solver version, method and limits decided a label's rows: one entry per
        (version, method, node limit, timeout), in the order the versions first stored a
        row, with its rows counted by verdict and its first and last deal. A survey whose
        unknowns were re-decided later (`--retry-unknown`) shows each pass as an entry."""
        groups = self._read(
            "SELECT solver_version, method, max_nodes, timeout, COUNT(*),"
            " SUM(verdict = 'winnable'), SUM(verdict = 'unwinnable'), SUM(verdict = 'unknown'),"
            " MIN(deal), MAX(deal), MIN(decided_at) FROM results WHERE label = ?"
            " GROUP BY solver_version, method, max_nodes, timeout"
            " ORDER BY MIN(decided_at), solver_version", (label,))
        keys = ("solver_version", "method", "max_nodes", "timeout", "rows", "winnable",
                "unwinnable", "unknown", "first_deal", "last_deal", "first_decided_at")
        return [dict(zip(keys, group)) for group in groups]

    def save_blind(self, row: BlindRow, version: str, rules: dict) -> None:
        """Store one game played without peeking and commit at once (docs/blind.md, Blind
        surveys). Its verdict is "won" or "lost", its label and `policy` name the policy;
        the search's columns have nothing to say of it: nodes 0, no limits, method
        "blind"."""
        self.db.execute(
            "INSERT OR REPLACE INTO results (label, deal, verdict, reason, nodes, seconds, moves,"
            " nodes_per_second, solver_version, max_nodes, timeout, memory, rules, method,"
            " policy, seed, decisions)"
            " VALUES (?, ?, ?, NULL, 0, ?, ?, 0, ?, NULL, NULL, 0, ?, 'blind', ?, ?, ?)",
            (row.label, row.deal, row.verdict, row.seconds, row.moves,
             version, json.dumps(rules, sort_keys=True), row.policy, row.seed, row.decisions))
        self.db.commit()

    def policies(self) -> dict[str, str | None]:
        """Every label with the policy its rows were played by (None: open play)."""
        return dict(self._read("SELECT label, MAX(policy) FROM results GROUP BY label"
                               " ORDER BY label"))

    def blind_rows(self, label: str) -> Iterator[BlindRow]:
        """The games of a blind label, by deal."""
        query = ("SELECT label, deal, policy, verdict = 'won', seconds, moves, decisions, seed"
                 " FROM results WHERE label = ? AND policy IS NOT NULL ORDER BY deal")
        for values in self._read(query, (label,)):
            yield BlindRow(*values[:3], bool(values[3]), *values[4:])

    def _read(self, query: str, parameters: tuple = ()) -> list[tuple]:
        """All the rows a query answers; StoreError when the file turns out to be damaged
        past its first page (a copy cut short), which opening it cannot see."""
        try:
            return self.db.execute(query, parameters).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: a damaged survey database ({exc})") from None


def _looser(reason: str | None, timeout: float | None, max_nodes: int | None,
            limits: Limits) -> bool:
    """Whether `limits` would let a search that stopped for `reason` run further."""
    if reason == "time limit":
        return timeout is not None and (limits.timeout is None or limits.timeout > timeout)
    if reason == "node limit":
        return max_nodes is not None and (limits.max_nodes is None or limits.max_nodes > max_nodes)
    return False


def parse_deal_ranges(text: str) -> list[int]:
    """'1-1000', '5', '1-10,20-30' -> the deal numbers in order, without repeats.
    ValueError with a one-line message on bad input."""
    numbers: dict[int, None] = {}
    for part in text.split(","):
        bounds = part.strip().split("-")
        if len(bounds) not in (1, 2) or not all(b.strip().isascii() and b.strip().isdigit()
                                                for b in bounds):
            raise ValueError(f"'{part.strip()}' is not a deal number or range like 1-1000")
        low, high = int(bounds[0]), int(bounds[-1])
        if low < 1 or high > LARGEST_DEAL or low > high:
            raise ValueError(f"'{part.strip()}': deal numbers run from 1 to {LARGEST_DEAL} "
                             "here, low end first")
        numbers.update(dict.fromkeys(range(low, high + 1)))
    return list(numbers)

