"""Loading the library (DESIGN "Python binding": _lib.py) and its version check."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import frames

from conftest import PACKAGE_ROOT, REPO_ROOT


def _run(code: str, env: "dict[str, str]") -> "subprocess.CompletedProcess[str]":
    # cwd is the package root, so `import frames` works without PYTHONPATH
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=PACKAGE_ROOT,
                          capture_output=True, text=True, timeout=60)


def test_versions() -> None:
    assert frames.__version__ == "0.1.0"
    assert frames.library_version() == "0.1.0"
    from frames import _lib

    assert _lib.library_version_number == 1000


def test_loads_in_an_otherwise_empty_environment(library_path: str) -> None:
    result = _run("import frames; print(frames.library_version())", {"FRAMES_LIBRARY": library_path})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "0.1.0"


def test_bad_frames_library_is_an_import_error_saying_what_was_tried(tmp_path: Path) -> None:
    missing = str(tmp_path / "nope" / "libframes.so.0")
    result = _run("import frames", {"FRAMES_LIBRARY": missing})
    assert result.returncode != 0
    assert "ImportError" in result.stderr and missing in result.stderr
    assert "FRAMES_LIBRARY" in result.stderr


def test_nothing_found_lists_the_system_loader_attempt() -> None:
    result = _run("import frames", {})
    if result.returncode == 0:
        pytest.skip("a libframes is installed next to the package or system-wide")
    assert "ImportError" in result.stderr and "libframes.so.0" in result.stderr


def test_library_next_to_the_package_is_found(library_path: str, tmp_path: Path) -> None:
    package = tmp_path / "frames"
    shutil.copytree(PACKAGE_ROOT / "frames", package)
    shutil.copy(library_path, package / "libframes.so.0")
    result = subprocess.run(
        [sys.executable, "-c", "import frames, frames._lib as l; print(l.library_path)"],
        env={}, cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(package / "libframes.so.0")


@pytest.mark.parametrize("number, text", [(2000, "0.2.0"), (999, "0.0.999"), (1_001_000, "1.1.0")])
def test_version_check(tmp_path: Path, number: int, text: str) -> None:
    # frames.h: same major and >= the binding's number, else ImportError
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler")
    source = tmp_path / "fake.c"
    source.write_text(textwrap.dedent(f"""
        #include <stdint.h>
        uint32_t frames_version_number(void) {{ return {number}u; }}
        const char *frames_version_string(void) {{ return "{text}"; }}
    """))
    fake = tmp_path / "libframes.so.0"
    subprocess.run([compiler, "-shared", "-fPIC", str(source), "-o", str(fake)], check=True)
    result = _run("import frames", {"FRAMES_LIBRARY": str(fake)})
    if number == 2000:
        # newer minor: the version check passes, then the missing symbols are reported
        assert "lacks a symbol" in result.stderr
    else:
        assert "ImportError" in result.stderr and text in result.stderr and "1000" in result.stderr
    assert result.returncode != 0


def test_repo_root_is_found_from_the_tests() -> None:
    assert (REPO_ROOT / "include" / "frames.h").exists()
    assert os.environ["FRAMES_LIBRARY"]
