"""Errors the command turns into exit codes (argparse itself exits with 2 on bad usage)."""
from __future__ import annotations

class UserError(Exception):
    """Bad input or usage: printed as one line, exit code 2."""
