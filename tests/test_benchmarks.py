"""Every benchmark script still starts: its imports resolve and `--help` prints its usage.

The benchmarks are not run by the default test run (they take minutes to hours), so a
moved module would otherwise break them unnoticed until someone reruns a figure.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import process_env

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "benchmarks").glob("*.py"))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_benchmark_script_starts(script: Path) -> None:
    result = subprocess.run([sys.executable, str(script), "--help"], cwd=ROOT,
                            env=process_env(), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "usage:" in result.stdout
