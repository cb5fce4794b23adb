"""The examples in the docstrings run, module by module, in the default `pytest`.

Every module of `solver/` and `cli/` is imported (an import error fails here, not only when a
user reaches that module) and its `>>>` examples run. The value types people call from
Python must carry examples: patience `Card`, `Move`, `Deal`, the trick-taking cards and
`Line`, and the answer types.
"""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cli
import solver

MODULES = sorted(
    info.name
    for package in (solver, cli)
    for info in pkgutil.walk_packages(package.__path__, prefix=package.__name__ + ".")
)

#: Objects whose docstrings must hold examples (module, attribute; "" for the module itself).
DOCUMENTED = [
    ("solver.answer", ""),
    ("solver.patience.cards", "Card"),
    ("solver.patience.line", "Move"),
    ("solver.patience.deal", "Deal"),
    ("solver.tricks.cards", ""),
    ("solver.tricks.line", "Line"),
]


def test_every_module_is_found():
    assert {"solver.answer", "solver.patience.methods", "solver.tricks.line",
            "cli.main"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder(exclude_empty=True).find(module, name):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} fail (see above)"


@pytest.mark.parametrize("module_name, attribute", DOCUMENTED)
def test_value_types_carry_examples(module_name: str, attribute: str) -> None:
    module = importlib.import_module(module_name)
    target = getattr(module, attribute) if attribute else module
    tests = doctest.DocTestFinder(recurse=False).find(target, f"{module_name}.{attribute}")
    assert sum(len(test.examples) for test in tests) >= 3, \
        f"{module_name}.{attribute or '(module)'}: its docstring needs examples"


def test_every_test_file_named_in_the_docs_exists():
    """README, docs/ and the docstrings name test files by path; each must exist (and no
    command in them runs a pytest from one machine's virtualenv)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    texts = [root / "README.md", *(root / "docs").glob("*.md"),
             *(root / "solver").rglob("*.py"), *(root / "cli").rglob("*.py"),
             *(root / "tests").rglob("*.py")]
    machine_specific = "venv/bin/" + "pytest"
    named = set()
    for path in texts:
        text = path.read_text(encoding="utf-8")
        assert machine_specific not in text, path
        named |= {(path.name, name) for name in re.findall(r"\btests/[\w/]+\.py\b", text)}
    assert len(named) >= 5
    missing = sorted((where, name) for where, name in named if not (root / name).exists())
    assert not missing, missing
