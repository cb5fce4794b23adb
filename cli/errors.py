"""Errors the command turns into exit codes (argparse itself exits with 2 on bad usage)."""
from __future__ import annotations

class UserError(Exception):
    """Bad input or usage: printed as one line, exit code 2."""


class InternalError(Exception):
    """A bug found at run time (for example a win that fails its replay): exit code 4."""
