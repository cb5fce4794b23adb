"""The sessions of `frog tricks play`, kept in the games file of `frog play` (store.py).

A session is its rule options, its first deal number, the user's place at the table and
the list of its actions (``deal``, ``frog``, ``discard TD QH 6H``, ``play AH``...), each
committed before the server answers: the session, its hands and its score table are
rebuilt from them (`solver.tricks.table.Session.replay`), so a reload or a killed server
loses nothing and `--resume` continues where it stopped.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from solver.play.store import SCHEMA, Store, _now

TABLE_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    options TEXT NOT NULL,
    first_deal INTEGER NOT NULL,
    place INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS table_actions (
    tab INTEGER NOT NULL REFERENCES tables(id),
    ply INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (tab, ply)
);
"""


@dataclass
class StoredTable:
    """One session as stored: the rule options (`Table`'s fields), the first deal, the
    user's place and the actions in order."""

    id: int
    options: dict
    first_deal: int
    place: int
    actions: list[str]


class TableStore(Store):
    """The games file with the sessions at the table in it too."""

    schema = SCHEMA + TABLE_SCHEMA

    def create_table(self, options: dict, first_deal: int, place: int) -> int:
        now = _now()
        with self._lock:
            cursor = self._db.execute(
                "INSERT INTO tables (created, updated, options, first_deal, place) "
                "VALUES (?,?,?,?,?)", (now, now, json.dumps(options), first_deal, place))
            return int(cursor.lastrowid)

    def load_table(self, table: int) -> StoredTable | None:
        with self._lock:
            row = self._db.execute("SELECT id, options, first_deal, place FROM tables "
                                   "WHERE id = ?", (table,)).fetchone()
            if row is None:
                return None
            actions = self._db.execute("SELECT action FROM table_actions WHERE tab = ? "
                                       "ORDER BY ply", (table,)).fetchall()
        return StoredTable(row[0], json.loads(row[1]), row[2], row[3], [a for a, in actions])

    def add_action(self, table: int, ply: int, action: str) -> None:
        """Store action number `ply` (1-based); a second writer of the same ply fails."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("INSERT INTO table_actions (tab, ply, action) VALUES (?,?,?)",
                             (table, ply, action))
            self._db.execute("UPDATE tables SET updated = ? WHERE id = ?", (_now(), table))

    def truncate_table(self, table: int, plies: int) -> None:
        """Keep the first `plies` actions (an undo)."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM table_actions WHERE tab = ? AND ply > ?",
                             (table, plies))
            self._db.execute("UPDATE tables SET updated = ? WHERE id = ?", (_now(), table))

    def last_table(self) -> int | None:
        """The session played most recently, for `frog tricks play --resume`."""
        with self._lock:
            row = self._db.execute("SELECT id FROM tables ORDER BY updated DESC, id DESC "
                                   "LIMIT 1").fetchone()
        return row[0] if row else None
