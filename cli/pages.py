"""The `--html FILE` option of the commands that write replay pages, and its path check."""
from __future__ import annotations

import argparse
import os

from cli.errors import UserError


def add_html_argument(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--html", metavar="FILE",
                        help=f"also write a replay page of {what}: one self-contained HTML "
                        "file to open in a browser (no network needed)")


def check_page_path(path: str | None) -> None:
    """Refuse a page path that cannot be written before any work is done (exit 2)."""
    if path is None:
        return
    if os.path.isdir(path):
        raise UserError(f"{path}: is a directory (--html takes a file name)")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise UserError(f"{path}: no such directory: {folder}")
