"""Running the `frog` command in-process for end-to-end tests."""
from __future__ import annotations

import pytest


def run_frog(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    """Run `frog ARGV` in-process: (exit code, stdout, stderr)."""
    from cli.main import main

    try:
        code = main([str(arg) for arg in argv])
    except SystemExit as exc:  # argparse usage errors and --help
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(err: str, *words: str) -> str:
    """Assert that stderr is one 'frog: error:' line containing `words`, no traceback."""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("frog: error: ")
    for word in words:
        assert word in lines[0]
    return lines[0]
