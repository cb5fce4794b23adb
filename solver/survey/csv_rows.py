"""A survey store as text: one CSV row per stored deal, gzip-compressed when the name ends
in `.gz`, and back again.

The CSV is the form results are kept in and compared by: a person can read and diff it, any
program can load it, and `read_rows` rebuilds the SQLite store from it in seconds. Its header
is the store's columns (`store.COLUMNS`) in order; an empty field is a NULL. Numbers are
written as Python writes them (`repr` for floats), so export then import gives back every row
exactly. The gzip header carries no time stamp and no name, so the same rows always give
the same bytes.
"""
from __future__ import annotations

import csv
import gc
import gzip
import io
import json
import os
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import IO

from solver.survey.store import COLUMNS, LARGEST_DEAL, Store

#: An open row's verdicts, then a blind row's (docs/blind.md, Blind surveys).
VERDICTS = ("winnable", "unwinnable", "unknown", "won", "lost")
#: The last columns of `COLUMNS`, which a CSV written before they were added lacks: its
#: rows get NULL there, as an older store does on opening.
LATER_COLUMNS = ("seed", "decisions")
#: SQLite files start with these bytes; gzip files with the last two.
SQLITE_MAGIC = b"SQLite format 3\x00"
GZIP_MAGIC = b"\x1f\x8b"


class CsvError(Exception):
    """The file is not a survey CSV; the message names the line and the field."""


def is_csv(path: str) -> bool:
    """Whether `path` holds survey CSV (plain or gzip) rather than a SQLite store: by its
    first bytes, so that a renamed file is still read for what it is."""
    try:
        with open(path, "rb") as handle:
            start = handle.read(len(SQLITE_MAGIC))
    except OSError:
        return path.endswith((".csv", ".csv.gz"))
    if start.startswith(SQLITE_MAGIC):
        return False
    return start.startswith(GZIP_MAGIC) or path.endswith((".csv", ".csv.gz"))


def write_rows(store: Store, path: str) -> int:
    """Write every row of `store` to `path` (gzip when it ends in .gz); the number of rows.
    The file appears complete or not at all: it is written beside `path` and renamed."""
    partial = f"{path}.part"
    count = 0
    try:
        with open(partial, "wb") as raw, _text_writer(raw, path.endswith(".gz")) as text:
            writer = csv.writer(text, lineterminator="\n")
            writer.writerow(COLUMNS)
            for row in store.every_row():
                writer.writerow("" if value is None else value for value in row)
                count += 1
        os.replace(partial, path)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
    return count


def _text_writer(raw: IO[bytes], compress: bool) -> IO[str]:
    if compress:
        raw = gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0)
    return io.TextIOWrapper(raw, encoding="utf-8", newline="")


def read_rows(path: str) -> list[tuple]:
    """The rows of a survey CSV, typed and checked, in `COLUMNS` order (ready for
    `Store.add_rows`). CsvError names the first bad line; OSError if it cannot be opened.
    The checks run a column at a time, and without the cycle collector: the rows are
    millions of small objects, none in a cycle, and collecting while they are made was a
    quarter of the time (280,000 rows: 3.6 s instead of 4.9 s on a loaded two-core machine)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _read_rows(path)
    finally:
        if collecting:
            gc.enable()


def _read_rows(path: str) -> list[tuple]:
    texts = _records(path)
    header = texts[0] if texts else []
    names = COLUMNS[:len(header)]
    if list(names) != header or len(names) < len(COLUMNS) - len(LATER_COLUMNS):
        raise CsvError(f"{path}: line 1: not a survey CSV (the header must be "
                       f"{','.join(COLUMNS)})")
    del texts[0]
    short = next((i for i, values in enumerate(texts) if len(values) != len(names)), None)
    if short is not None:
        raise CsvError(f"{path}: line {_line(path, short)}: {len(texts[short])} fields, not "
                       f"{len(names)}")
    columns = [_column(name, list(column), path)
               for name, column in zip(names, zip(*texts))] if texts else []
    missing = [[None] * len(texts)] * (len(COLUMNS) - len(names))  # NULL, as in older stores
    rows = list(zip(*columns, *missing))
    _check_unique(rows, path)
    return rows


def _records(path: str) -> list[list[str]]:
    """Every record of the file as text fields, the header first."""
    opener = gzip.open if _is_gzip(path) else open
    try:
        with opener(path, "rt", encoding="utf-8", newline="") as handle:
            return list(csv.reader(handle))
    except (UnicodeDecodeError, csv.Error, EOFError, gzip.BadGzipFile, zlib.error) as exc:
        raise CsvError(f"{path}: not a survey CSV ({exc})") from None


def _line(path: str, index: int) -> int:
    """The line of the file where row `index` (0 = the first after the header) ends; read
    again only for an error message, since a quoted field may hold a line break."""
    opener = gzip.open if _is_gzip(path) else open
    with opener(path, "rt", encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle)
        for _ in range(index + 2):
            next(reader)
        return reader.line_num


def load_rows(path: str, store: Store) -> int:
    """Add every row of the CSV at `path` to `store`, in one transaction; the number added."""
    rows = read_rows(path)
    store.add_rows(rows)
    return len(rows)


def _is_gzip(path: str) -> bool:
    with open(path, "rb") as handle:
        return handle.read(2) == GZIP_MAGIC


#: Each column's type and whether it may be empty (NULL); then the rule its values obey
#: (counts and times: 0 or more).
_TYPES: dict[str, tuple[type, bool]] = {
    "label": (str, False), "deal": (int, False), "verdict": (str, False),
    "reason": (str, True), "nodes": (int, False), "seconds": (float, False),
    "moves": (int, True), "nodes_per_second": (float, False), "solver_version": (str, False),
    "max_nodes": (int, True), "timeout": (float, True), "memory": (int, False),
    "rules": (str, False), "decided_at": (str, False), "method": (str, False),
    "policy": (str, True), "seed": (int, True), "decisions": (int, True),
}
_RULES: dict[str, tuple[Callable[[object], bool], str]] = {
    "deal": (lambda v: 1 <= v <= LARGEST_DEAL, f"deal numbers run from 1 to {LARGEST_DEAL}"),
    "verdict": (lambda v: v in VERDICTS, f"not one of {', '.join(VERDICTS)}"),
    "rules": (lambda v: _json_object(v), "not a JSON object"),
    "seed": (lambda v: True, ""),  # any integer: --seed may be negative
}
_COUNT = (lambda v: v >= 0, "negative")
_TIME = (lambda v: v >= 0, "not a time of 0 or more")  # nan too: it compares false


def _json_object(text: str) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except ValueError:
        return False


def _column(name: str, texts: list[str], path: str) -> list:
    """One column's values from their text, or CsvError at the first that is not valid."""
    kind, nullable = _TYPES[name]

    def bad(index: int, why: str) -> CsvError:
        return CsvError(f"{path}: line {_line(path, index)}: {name} '{texts[index]}' is not "
                        f"valid ({why})")

    if not nullable and "" in texts:
        raise bad(texts.index(""), "empty")
    try:
        values = [None if text == "" else kind(text) for text in texts] if nullable \
            else list(map(kind, texts))
    except ValueError:
        index = next(i for i, text in enumerate(texts) if not _parses(kind, text))
        raise bad(index, f"not {'an integer' if kind is int else 'a number'}") from None
    rule, why = _RULES.get(name) or (_COUNT if kind is int else _TIME if kind is float
                                     else (None, ""))
    if rule is not None:  # each distinct value checked once (every nan is its own value)
        wrong = {value for value in set(values) - {None} if not rule(value)}
        if wrong:
            raise bad(next(i for i, value in enumerate(values) if value in wrong), why)
    return values


def _parses(kind: type, text: str) -> bool:
    try:
        kind(text)
    except ValueError:
        return text == ""
    return True


def _check_unique(rows: list[tuple], path: str) -> None:
    keys = [(row[0], row[1]) for row in rows]
    if len(set(keys)) == len(keys):
        return
    seen: set[tuple[str, int]] = set()
    for index, key in enumerate(keys):
        if key in seen:
            raise CsvError(f"{path}: line {_line(path, index)}: deal {key[1]} of '{key[0]}' "
                           "appears twice")
        seen.add(key)


def open_results(path: str) -> Store:
    """The results at `path` to read: a SQLite store as it is, or a survey CSV loaded into
    a store in memory (so that a report reads both the same way). StoreError or CsvError
    when the file is neither."""
    if not is_csv(path):
        return Store(path, create=False)
    store = Store(":memory:")
    store.path = path
    try:
        load_rows(path, store)
    except BaseException:
        store.close()
        raise
    return store
