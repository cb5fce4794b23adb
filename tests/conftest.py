"""What every test shares: the `frog` command run in-process, and the one random seed.

- `frog(*argv) -> (exit code, stdout, stderr)` runs `frog ARGV` as a user types it, in this
  process (argparse's own exits included); `one_error_line(err, *words)` asserts the bad-input
  answer of docs/rules.md: exactly one `frog: error: ...` line naming the problem, no traceback.
  `frog_process(*argv)` runs it as a separate process, for what only a real process shows
  (Ctrl-C, kill -9).
- `seed`: every random test draws from one seed, FROG_SEED in the environment or
  DEFAULT_SEED. It is printed in the report header and beside every failing test that used
  it, so a failure replays exactly: `FROG_SEED=<seed> pytest <test id>`. `rng(seed, label)`
  gives each test (or each case of a test) its own stream of that seed. Hypothesis draws
  from the same seed and keeps no example database, so its runs replay too.
"""
from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEED_VARIABLE = "FROG_SEED"
DEFAULT_SEED = 20261201
#: `frog` as a separate process: the console script's entry point, from this checkout.
FROG_COMMAND = [sys.executable, "-c", "from cli.main import run; run()"]


# --- the seed -----------------------------------------------------------------------------------

def run_seed() -> int:
    """FROG_SEED from the environment, else DEFAULT_SEED."""
    text = os.environ.get(SEED_VARIABLE, "").strip()
    if not text:
        return DEFAULT_SEED
    try:
        return int(text)
    except ValueError:
        raise pytest.UsageError(f"{SEED_VARIABLE} must be a whole number, not {text!r}") from None


def soak_count(default: int, full: int) -> int:
    """How many random games a differential test plays: `default` in the default run, which
    must stay within six minutes on two cores; `full` whenever FROG_SOAK is set, so that a
    soak run (`FROG_SOAK=N pytest`) checks the default tests at their full counts too."""
    return full if "FROG_SOAK" in os.environ else default


def seeded(seed: int, *labels: object) -> random.Random:
    """A generator for one use of the seed: the same seed and labels give the same stream in
    every process (a str seed is hashed with SHA-512, not with Python's per-process hash)."""
    return random.Random("/".join([str(seed), *map(str, labels)]))


@pytest.fixture
def seed() -> int:
    """The run's seed (FROG_SEED, else DEFAULT_SEED); shown beside the test if it fails."""
    return run_seed()


def pytest_configure(config: pytest.Config) -> None:
    seed_value = run_seed()
    try:
        from hypothesis import core, settings
    except ImportError:
        return
    if config.getoption("hypothesis_seed", None) is None:
        core.global_force_seed = seed_value  # what --hypothesis-seed does
    settings.register_profile("frog", database=None, print_blob=True)
    if config.getoption("hypothesis_profile", None) is None:
        settings.load_profile("frog")


def pytest_report_header(config: pytest.Config) -> str:
    return (f"random seed: {run_seed()} (FROG_SEED; rerun a failure with "
            f"FROG_SEED={run_seed()} pytest TEST_ID)")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    outcome = yield
    report = outcome.get_result()
    uses_seed = ("seed" in getattr(item, "fixturenames", ())
                 or getattr(getattr(item, "obj", None), "is_hypothesis_test", False))
    if report.failed and uses_seed:
        report.sections.append(
            ("random seed", f"{SEED_VARIABLE}={run_seed()} pytest '{item.nodeid}'"))


# --- a game every method wins in a blink ---------------------------------------------------------

#: One deck of A-2, one waste pile: turning the whole stock up wins.
TINY = """variant: plain-frog
decks: 1
ranks: 2
waste-piles: 1
reserve-size: 1
foundations: -
reserve: 2S
stock: AC 2C AD 2D AH 2H AS
"""


#: Lost: the reserve's 3C hides AD, and six cards must share the one waste pile before the
#: first stock Ace, burying 2S 2D 2C under 3S; the search proves it in a few hundred nodes.
SMALL_LOST = """variant: frog
decks: 1
ranks: 3
waste-piles: 1
reserve-size: 2
aces: stay
reserve: AD 3C
stock: 2S 2D 2C 3S 3H 2H AC AS AH 3D
"""

#: `frog` deal 1 dealt to two waste piles: no search here has decided it (the few-pile
#: frontier, README), so a node or time limit always stops the search. The command's
#: arguments; `open_deal()` is the same deal for the Python API.
OPEN_DEAL_ARGS = ("1", "--waste-piles", "2")


def open_deal():
    """The deal of OPEN_DEAL_ARGS."""
    from solver.patience import deal_from_number, variant_rules
    return deal_from_number(variant_rules("frog").with_overrides(waste_piles=2), 1)


# --- the command ----------------------------------------------------------------------------------

Frog = Callable[..., "tuple[int, str, str]"]


@pytest.fixture
def frog(capsys: pytest.CaptureFixture[str]) -> Frog:
    """`frog(*argv) -> (exit code, stdout, stderr)`: the command run in this process."""
    from cli.main import main

    def run(*argv: object) -> tuple[int, str, str]:
        capsys.readouterr()  # only this command's output
        try:
            code = main([str(arg) for arg in argv])
        except SystemExit as exc:  # argparse usage errors and --help
            # what the process would exit with: None is 0, a message is 1
            code = 0 if exc.code is None else exc.code if isinstance(exc.code, int) else 1
        out, err = capsys.readouterr()
        return int(code), out, err

    return run


def one_error_line(err: str, *words: str) -> str:
    """Assert that stderr is one 'frog: error:' line containing `words`, no traceback."""
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("frog: error: "), err
    for word in words:
        assert word in lines[0], (word, err)
    return lines[0]


def frog_process(*argv: object, **options) -> subprocess.CompletedProcess:
    """`frog ARGV` as a separate process (text output captured; options go to
    subprocess.run, timeout 120 s by default)."""
    options.setdefault("capture_output", True)
    options.setdefault("text", True)
    options.setdefault("timeout", 120)
    options.setdefault("env", process_env())
    return subprocess.run(frog_argv(*argv), **options)


def frog_argv(*argv: object) -> list[str]:
    """The command line of `frog ARGV` for subprocess.Popen."""
    return [*FROG_COMMAND, *map(str, argv)]


def default_sigint() -> None:
    """`preexec_fn` for a process that a test interrupts: SIGINT acts as in a terminal even
    when pytest itself runs where SIGINT is ignored (a background job of a script), which
    the child would otherwise inherit, and then never see the interrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def process_env() -> dict[str, str]:
    """The environment for a `frog` process: this checkout first on the module path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def read_pty_until(fd: int, marker: bytes | None, timeout: float) -> bytes:
    """What a pseudo-terminal's leader reads until MARKER appears (None: until the other
    side closes), or the timeout passes."""
    seen, end = b"", time.monotonic() + timeout
    while time.monotonic() < end and (marker is None or marker not in seen):
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the other side closed (Linux reports EIO)
                break
            if not chunk:
                break
            seen += chunk
    return seen
