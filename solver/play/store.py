"""The games of `frog play`, kept in one SQLite file so that nothing played is ever lost.

Every change (a new game, a move, an undo, a hint or peek counted, an explanation) is
committed before the server answers the request that made it: a reload, a closed tab or a
killed server finds the game where it was. The file lives in the user's data directory
(`$XDG_DATA_HOME/frog/games.sqlite`, by default `~/.local/share/frog/games.sqlite`) unless
`--db` names another.
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    title TEXT NOT NULL,
    variant TEXT NOT NULL,
    deal TEXT NOT NULL,
    result TEXT NOT NULL DEFAULT 'playing',
    hints INTEGER NOT NULL DEFAULT 0,
    peeks INTEGER NOT NULL DEFAULT 0,
    explanation TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    game INTEGER NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    move TEXT NOT NULL,
    auto INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game, ply)
);
"""


def default_path() -> Path:
    """Where the games are kept when `--db` names no file."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                           "share")
    return Path(base) / "frog" / "games.sqlite"


@dataclass
class StoredGame:
    """One game as stored: its deal (deal-file text), its moves (text, with whether the
    automatic play made each), the counters, and the last explanation (JSON) if any."""

    id: int
    created: str
    updated: str
    title: str
    variant: str
    deal: str
    result: str
    hints: int
    peeks: int
    explanation: dict | None
    moves: list[tuple[str, bool]]


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class Store:
    """The games file. One connection shared by the server's threads behind a lock: the
    writes are tiny, and one writer keeps SQLite simple and every commit durable."""

    schema = SCHEMA  # a subclass keeping more in the same file adds its tables here

    def __init__(self, path: Path | str) -> None:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(self.schema)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(self, title: str, variant: str, deal: str) -> int:
        now = _now()
        with self._lock:
            cursor = self._db.execute(
                "INSERT INTO games (created, updated, title, variant, deal) VALUES (?,?,?,?,?)",
                (now, now, title, variant, deal))
            return int(cursor.lastrowid)

    def load(self, game: int) -> StoredGame | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, created, updated, title, variant, deal, result, hints, peeks, "
                "explanation FROM games WHERE id = ?", (game,)).fetchone()
            if row is None:
                return None
            moves = self._db.execute("SELECT move, auto FROM moves WHERE game = ? ORDER BY ply",
                                     (game,)).fetchall()
        explanation = json.loads(row[9]) if row[9] else None
        return StoredGame(*row[:9], explanation, [(text, bool(auto)) for text, auto in moves])

    def add_moves(self, game: int, first_ply: int, moves: list[tuple[str, bool]],
                  result: str) -> None:
        """Append moves (text, automatic?) from ply `first_ply` (1-based), in one commit."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.executemany("INSERT INTO moves (game, ply, move, auto) VALUES (?,?,?,?)",
                                 [(game, first_ply + i, text, int(auto))
                                  for i, (text, auto) in enumerate(moves)])
            self._touch(game, result)

    def truncate(self, game: int, plies: int, result: str) -> None:
        """Keep the first `plies` moves (an undo)."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM moves WHERE game = ? AND ply > ?", (game, plies))
            self._touch(game, result)

    def set_result(self, game: int, result: str) -> None:
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._touch(game, result)

    def count(self, game: int, what: str) -> None:
        """One more hint or peek used."""
        column = {"hint": "hints", "peek": "peeks"}[what]
        with self._lock:
            self._db.execute(f"UPDATE games SET {column} = {column} + 1, updated = ? "
                             f"WHERE id = ?", (_now(), game))

    def save_explanation(self, game: int, explanation: dict) -> None:
        with self._lock:
            self._db.execute("UPDATE games SET explanation = ? WHERE id = ?",
                             (json.dumps(explanation), game))

    def _touch(self, game: int, result: str) -> None:
        self._db.execute("UPDATE games SET result = ?, updated = ? WHERE id = ?",
                         (result, _now(), game))

    def games(self, limit: int = 200) -> list[dict]:
        """The most recently played games first, for the list of past games."""
        with self._lock:
            rows = self._db.execute(
                "SELECT g.id, g.created, g.updated, g.title, g.variant, g.result, g.hints, "
                "g.peeks, (SELECT COUNT(*) FROM moves m WHERE m.game = g.id) FROM games g "
                "ORDER BY g.updated DESC, g.id DESC LIMIT ?", (limit,)).fetchall()
        keys = ("id", "created", "updated", "title", "variant", "result", "hints", "peeks",
                "moves")
        return [dict(zip(keys, row)) for row in rows]

    def last(self) -> int | None:
        """The game played most recently, for `frog play --resume`."""
        listed = self.games(limit=1)
        return listed[0]["id"] if listed else None
