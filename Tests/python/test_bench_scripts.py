"""The Python benchmark scripts under bench/ still run against today's
binding: each imports (its module level runs, against the library), and
each that takes arguments answers --help.  No benchmark runs here (they are
timed, and timing never belongs in the tests); their types are checked by
the python stage's ``mypy --strict`` line (scripts/test.sh), which names
``bench/*.py``.  A script whose imports name something the package no
longer has fails here before anyone runs it by hand.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import PACKAGE_ROOT, REPO_ROOT

SCRIPTS = sorted((REPO_ROOT / "bench").glob("*.py"))


def run(*args: str) -> "subprocess.CompletedProcess[str]":
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(PACKAGE_ROOT), str(REPO_ROOT / "bench")]))
    return subprocess.run([sys.executable, *args], cwd=REPO_ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def test_there_are_bench_scripts() -> None:
    names = {path.name for path in SCRIPTS}
    assert {"bench_playback.py", "bench_stats.py"} <= names


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_bench_script_imports(script: Path) -> None:
    # run_name other than __main__: the module level only, not the benchmark.
    result = run("-c", f"import runpy; runpy.run_path({str(script)!r}, run_name='bench_import_check')")
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("script", [path for path in SCRIPTS if "argparse" in path.read_text(encoding="utf-8")],
                         ids=lambda path: path.name)
def test_bench_script_answers_help(script: Path) -> None:
    result = run(str(script), "--help")
    assert result.returncode == 0, result.stderr
    assert "usage:" in result.stdout
