"""Commands that search nothing start without numba and the compiled kernels: each command
runs in a fresh interpreter, which then reports the heavy modules it imported.

(Timings are recorded in benchmarks/results/startup.txt, not asserted: they depend on the
machine and its load.)"""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest
from tests.conftest import ROOT, process_env

from solver.answer import Limits
from solver.survey import Row, Store, write_rows

#: Runs `frog ARGV` (argv from the command line) and prints, on the last line of stderr,
#: the modules it imported that a search needs.
PROBE = """
import contextlib, io, json, sys
from cli.main import main
try:
    with contextlib.redirect_stdout(io.StringIO()):
        code = main(sys.argv[1:])
except SystemExit as exc:  # --help
    code = exc.code or 0
heavy = sorted(name for name in sys.modules
               if name.split(".")[0] in ("numba", "llvmlite", "ortools")
               or name.endswith(".kernel"))
print(json.dumps({"code": code, "heavy": heavy[:5]}), file=sys.stderr)
"""


def heavy_modules(*argv: object) -> tuple[int, list[str]]:
    """The exit code of `frog ARGV` and the first few search modules it imported."""
    process = subprocess.run([sys.executable, "-c", PROBE, *map(str, argv)], cwd=ROOT,
                             env=process_env(), capture_output=True, text=True, timeout=120)
    report = json.loads(process.stderr.strip().splitlines()[-1])
    return report["code"], report["heavy"]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """A survey CSV of two rows and a move list that wins nothing."""
    folder = tmp_path_factory.mktemp("startup")
    with Store(str(folder / "s.sqlite")) as store:
        for deal, verdict in ((1, "winnable"), (2, "unwinnable")):
            store.save(Row("frog", deal, verdict, None, 10, 0.01, 9 if deal == 1 else None,
                           1000.0), "v", Limits(timeout=1.0, memory=1 << 20), {})
        write_rows(store, str(folder / "s.csv.gz"))
    (folder / "moves.txt").write_text("")
    return folder


@pytest.mark.parametrize("argv, code", [
    (["--help"], 0), (["deal", "5"], 0), (["show", "5"], 0),
    (["verify", "5", "{moves}"], 1), (["report", "{csv}"], 0), (["report", "{db}"], 0),
    (["solve", "--help"], 0), (["survey", "--help"], 0), (["bench", "--help"], 0),
    (["tricks", "deal", "5"], 0), (["tricks", "bid", "--help"], 0),
])
def test_commands_without_a_search_import_no_numba(files, argv, code):
    argv = [arg.format(moves=files / "moves.txt", csv=files / "s.csv.gz",
                       db=files / "s.sqlite") for arg in argv]
    assert heavy_modules(*argv) == (code, [])


def test_the_probe_sees_a_search(files):
    """The same probe on a command that searches: it finds numba and the kernel."""
    code, heavy = heavy_modules("solve", "117", "--jobs", "1")
    assert code == 1 and heavy and heavy[0].startswith("llvmlite")


#: Runs a search in process, then reports whether numba's BLAS probe pulled in SciPy's
#: linear algebra, and whether that module can still be imported afterwards.
BLAS_PROBE = """
import json, sys
from solver.patience import deal_from_number, decide, variant_rules
from solver.answer import Limits
result = decide(deal_from_number(variant_rules("frog"), 3), "search", Limits(max_nodes=10**6))
loaded = "scipy.linalg.cython_blas" in sys.modules
import scipy.linalg.cython_blas
print(json.dumps({"verdict": result.verdict, "blas_during_search": loaded}), file=sys.stderr)
"""


@pytest.mark.skipif(importlib.util.find_spec("scipy") is None,
                    reason="SciPy is not installed: numba has no BLAS to probe")
def test_a_search_skips_numbas_scipy_probe_and_leaves_scipy_importable():
    """solver.compiled keeps numba from importing SciPy's BLAS (0.2 s of every solve), and
    takes its mark away, so SciPy still imports in the same process."""
    process = subprocess.run([sys.executable, "-c", BLAS_PROBE], cwd=ROOT, env=process_env(),
                             capture_output=True, text=True, timeout=300)
    assert process.returncode == 0, process.stderr
    report = json.loads(process.stderr.strip().splitlines()[-1])
    assert report == {"verdict": "winnable", "blas_during_search": False}


def test_a_slow_load_is_announced_once_and_a_waiting_one_is_not(caplog):
    """The first run after install compiles the kernel for several seconds: one INFO line
    says so once the loading has used a CPU second. Waiting (a busy machine, here a sleep)
    uses no CPU and says nothing."""
    import time

    from solver.patience.search import driver

    with caplog.at_level("INFO", logger="solver"):
        with driver._announced_if_slow("the test", "1"):
            time.sleep(driver.SLOW_LOAD_CPU_SECONDS + 0.5)
        assert caplog.records == []
        with driver._announced_if_slow("the test", "1"):
            began = time.process_time()
            while time.process_time() - began < driver.SLOW_LOAD_CPU_SECONDS + 0.5:
                pass
    assert [r.getMessage() for r in caplog.records] == \
        ["compiling the test, once after install (about 1 s)..."]
