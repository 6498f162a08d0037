"""Every ```python block of README.md, bindings/*/README.md, docs/*.md and
docs/guides/*.md passes ``mypy --strict`` against the package's own hints.

test_readme_examples runs the examples; this checks that what they show a
host writing — a plain object with some delegate methods, keyword
``now_ms``, the module objects on the engine — is what the hints accept, so
a host that type-checks its code meets no error the docs did not have.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import List, Tuple

import pytest

from conftest import PACKAGE_ROOT, REPO_ROOT

DOCUMENTS = sorted(
    [REPO_ROOT / "README.md", *REPO_ROOT.glob("bindings/*/README.md"), *(REPO_ROOT / "docs").glob("*.md"),
     *(REPO_ROOT / "docs" / "guides").glob("*.md")]
)
FENCE = re.compile(r"^(?P<fence>```+)\s*(?P<lang>[\w+-]*)\s*$")


def python_blocks(path: Path) -> List[Tuple[int, str]]:
    """(line, code) of each ```python block of a Markdown file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found: List[Tuple[int, str]] = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        start, fence = i, opening.group("fence")
        i += 1
        body: List[str] = []
        while i < len(lines) and lines[i].strip() != fence:
            body.append(lines[i])
            i += 1
        i += 1
        if opening.group("lang").lower() == "python":
            found.append((start + 1, "\n".join(body) + "\n"))
    return found


BLOCKS = [(path, line, code) for path in DOCUMENTS for line, code in python_blocks(path)]


def test_there_are_python_examples_to_check() -> None:
    names = {path.relative_to(REPO_ROOT).as_posix() for path, _, _ in BLOCKS}
    assert {"README.md", "docs/getting-started.md", "bindings/python/README.md"} <= names
    assert {"docs/guides/app-frames.md", "docs/guides/banner-places.md"} <= names


def test_every_python_example_passes_mypy_strict(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    files: List[Path] = []
    where = {}
    for path, line, code in BLOCKS:
        stem = re.sub(r"\W", "_", path.relative_to(REPO_ROOT).with_suffix("").as_posix())
        # One module per block: each example stands alone, as test_readme_examples runs it.
        target = tmp_path / f"{stem}_line{line}.py"
        target.write_text(code, encoding="utf-8")
        files.append(target)
        where[target.name] = f"{path.relative_to(REPO_ROOT)}:{line}"
    env = dict(os.environ, MYPYPATH=str(PACKAGE_ROOT))
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", str(tmp_path / ".mypy"),
         "--scripts-are-modules", *map(str, files)],
        capture_output=True, text=True, env=env, cwd=tmp_path,
    )
    report = result.stdout
    for name, place in where.items():
        report = report.replace(str(tmp_path / name), place).replace(name, place)
    assert result.returncode == 0, report
