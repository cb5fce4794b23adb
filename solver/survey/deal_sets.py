"""The fixed benchmark deal sets: which numbered deals `frog bench` decides.

The sets live in benchmarks/sets.json (data, not code, so that adding a hard deal found by a
survey is a one-line change reviewed like any other). A set maps each variant to deal numbers;
"quick" is a one-minute subset, "full" adds the hardest deals the surveys found.
"""
from __future__ import annotations

import json
from pathlib import Path

from solver.patience import VARIANTS

SETS_FILE = Path("benchmarks") / "sets.json"


def default_sets_path() -> Path:
    """benchmarks/sets.json of the checkout the package was installed from in editable mode,
    else of the current directory (a clone, after a plain `pip install .`)."""
    beside_package = Path(__file__).resolve().parents[2] / SETS_FILE
    return beside_package if beside_package.exists() else Path.cwd() / SETS_FILE


class DealSetError(Exception):
    """The sets file is missing or malformed; the message names the problem."""


def load_sets(path: Path | None = None) -> dict[str, dict[str, list[int]]]:
    """{set name: {variant: [deal numbers]}}, checked: known variants, positive integers."""
    path = path or default_sets_path()
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DealSetError(f"{path}: no such file (benchmark deal sets)") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise DealSetError(f"{path}: cannot read: {exc}") from None
    if not isinstance(data, dict):
        raise DealSetError(f"{path}: must be a JSON object of deal sets")
    sets = {name: body for name, body in data.items() if not name.startswith("_")}
    for name, body in sets.items():
        if not isinstance(body, dict):
            raise DealSetError(f"{path}: set '{name}' must map variants to deal lists")
        for variant, deals in body.items():
            if variant not in VARIANTS:
                raise DealSetError(f"{path}: set '{name}': unknown variant '{variant}'")
            if not isinstance(deals, list) or not all(
                    isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in deals):
                raise DealSetError(f"{path}: set '{name}', {variant}: deals must be a list of "
                                   "positive integers")
    return sets
