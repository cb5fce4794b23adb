"""The documentation is held to the repository: links resolve, no file cites a document
outside it, and the README's examples run as shown.

The README's example convention (also stated in an HTML comment in README.md):

- A line of a code block that starts with `$ frog ` is a command. The commands run in the
  order they appear, all in one empty directory, through the in-process `frog` fixture of
  tests/conftest.py, so a file one command writes is there for the next (as it is for a
  reader who types them in order).
- `> FILE` at the end of a command writes its standard output to FILE.
- A trailing `# exit N` comment states the exit code when it is not 0; any other `#`
  comment is ignored.
- The lines below a command, up to the next command or the end of the block, show its
  output: each of them that does not contain `...` must be a line of what the command
  printed (standard output or error), in the same order.
- Commands that cannot run here (installing, opening a browser, long benchmarks) are
  written without the `$ ` prefix.

The README's Python example is run too.
"""
from __future__ import annotations

import contextlib
import io
import re
import shlex
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

#: Names of documents outside the repository, and of source labels that mean nothing to a
#: reader; spelled in pieces so that this file does not mention them itself.
FORBIDDEN = ("RULES" + ".md", "TRICKS" + ".md", "FIND" + "INGS", "GUIDE" + ".md",
             "../" + "shared", "seed" + " 00")

_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_EXIT = re.compile(r"#\s*exit\s+(\d+)\s*$")


def tracked_files() -> set[str]:
    """Every path git tracks, relative to the repository root."""
    listing = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True, text=True).stdout
    return {path for path in listing.split("\0") if path}


def doc_pages() -> list[Path]:
    return [README, *sorted((ROOT / "docs").glob("*.md"))]


def slug(heading: str) -> str:
    """The anchor a Markdown renderer (GitHub's) gives a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return {slug(line.lstrip("#")) for line in text.splitlines() if re.match(r"#{1,6} ", line)}


def relative_links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return [target for target in _LINK.findall(text)
            if not re.match(r"[a-z][a-z0-9+.-]*:", target)]


@pytest.mark.parametrize("page", doc_pages(), ids=lambda page: page.name)
def test_links_resolve_to_tracked_files(page: Path) -> None:
    tracked = tracked_files()
    broken = []
    for target in relative_links(page):
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        relative = file.relative_to(ROOT).as_posix() if file.is_relative_to(ROOT) else None
        if relative not in tracked and not any(name.startswith(f"{relative}/")
                                               for name in tracked):
            broken.append(f"{target}: not a tracked file")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{target}: no heading '{anchor}' in {relative}")
    assert not broken, f"{page.name}: " + "; ".join(broken)


def test_no_file_cites_documents_outside_the_repository() -> None:
    offenders = []
    for name in sorted(tracked_files()):
        path = ROOT / name
        if not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data:
            continue  # binary
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            offenders += [f"{name}:{number}: {word}" for word in FORBIDDEN if word in line]
    assert not offenders, "\n".join(offenders[:50]) + f"\n({len(offenders)} in all)"


def readme_examples() -> list[tuple[str, list[str]]]:
    """The README's `$ frog` commands in order, each with the output lines shown below it."""
    examples: list[tuple[str, list[str]]] = []
    current: list[str] | None = None  # the shown output of the command being read
    in_fence = False
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_fence, current = not in_fence, None
            continue
        stripped = line.strip()
        if not (in_fence or line.startswith("    ")):
            if stripped:
                current = None  # prose ends a code block
        elif stripped.startswith("$ frog "):
            current = []
            examples.append((stripped[2:], current))
        elif stripped and current is not None:
            current.append(stripped)
    return examples


def parse_example(command: str) -> tuple[list[str], str | None, int]:
    """(the arguments after `frog`, the file of a `> FILE` redirection, the exit code)."""
    match = _EXIT.search(command)
    expected = int(match.group(1)) if match else 0
    words = shlex.split(command[:match.start()] if match else command, comments=True)
    assert words[0] == "frog", command
    words, target = words[1:], None
    if ">" in words:
        at = words.index(">")
        assert at == len(words) - 2, f"'> FILE' must end the command: {command}"
        words, target = words[:at], words[at + 1]
    return words, target, expected


def test_readme_states_its_example_convention() -> None:
    text = README.read_text(encoding="utf-8")
    assert re.search(r"<!--.*\$ frog.*# exit N.*-->", text, flags=re.S)
    assert len(readme_examples()) >= 10


def test_readme_examples_run_as_shown(frog, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    for command, shown in readme_examples():
        argv, target, expected = parse_example(command)
        code, out, err = frog(*argv)
        assert code == expected, f"{command}: exit {code}, not {expected}\n{err}"
        if target:
            Path(target).write_text(out, encoding="utf-8")
        printed = [line.strip() for line in (out + err).splitlines()]
        at = 0
        for line in shown:
            if "..." in line:
                continue
            assert line in printed[at:], f"{command}: the README shows '{line}'"
            at = printed.index(line, at) + 1


def test_readme_python_example_runs() -> None:
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks, "the README has a Python example"
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(blocks[0], "README.md", "exec"), {})
    assert output.getvalue().split()[0] == "winnable", output.getvalue()
