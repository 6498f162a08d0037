"""Loading the library (frames/_lib.py), its version check, and the one line
every entry point prints when there is none (XC-08)."""

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
    assert frames.__version__ == "1.1.0"
    assert frames.library_version() == "1.1.0"
    from frames import _lib

    assert _lib.library_version_number == 1_001_000


def test_loads_in_an_otherwise_empty_environment(library_path: str) -> None:
    result = _run("import frames; print(frames.library_version())", {"FRAMES_LIBRARY": library_path})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "1.1.0"


def _one_line(result: "subprocess.CompletedProcess[str]") -> str:
    """The whole of stderr, which must be one line and no traceback."""
    assert result.returncode == 1, (result.returncode, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert lines[0].startswith("frames: error: ")
    return lines[0]


def test_bad_frames_library_is_one_line_naming_it(tmp_path: Path) -> None:
    missing = str(tmp_path / "nope" / "libframes.so.1")
    line = _one_line(_run("import frames", {"FRAMES_LIBRARY": missing}))
    assert missing in line and "FRAMES_LIBRARY" in line and "unset it" in line


@pytest.mark.parametrize("argv", [
    ["-c", "import frames"],
    ["-m", "frames", "layout", "--container-width", "1", "--ratios", "1"],
    ["-m", "frames", "demo"],
    ["-m", "frames.demos.cli", "demo-banners"],
    ["-m", "frames", "demo-messages"],
])
def test_nothing_found_is_one_line_saying_how_to_get_it(argv: "list[str]", tmp_path: Path) -> None:
    # A copy of the package without a library, where the system loader finds none.
    package = tmp_path / "frames"
    shutil.copytree(PACKAGE_ROOT / "frames", package, ignore=shutil.ignore_patterns("libframes.so*"))
    result = subprocess.run([sys.executable, *argv], env={}, cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    if result.returncode == 0:
        pytest.skip("a libframes is installed where the system loader finds it")
    line = _one_line(result)
    assert "libframes not found" in line and str(package) in line
    assert "pip install ./bindings/python" in line and "FRAMES_LIBRARY" in line


def test_a_caught_load_error_is_an_import_error_and_other_errors_keep_their_traceback(tmp_path: Path) -> None:
    code = textwrap.dedent("""
        try:
            import frames
        except ImportError as error:
            print(type(error).__name__, isinstance(error, ImportError))
        raise KeyError("unrelated")
    """)
    result = _run(code, {"FRAMES_LIBRARY": str(tmp_path / "missing.so")})
    assert result.stdout.split() == ["LibraryLoadError", "True"]
    assert "Traceback" in result.stderr and "KeyError: 'unrelated'" in result.stderr


def test_library_next_to_the_package_is_found(library_path: str, tmp_path: Path) -> None:
    package = tmp_path / "frames"
    shutil.copytree(PACKAGE_ROOT / "frames", package)
    shutil.copy(library_path, package / "libframes.so.1")
    result = subprocess.run(
        [sys.executable, "-c", "import frames, frames._lib as l; print(l.library_path)"],
        env={}, cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(package / "libframes.so.1")


@pytest.mark.parametrize(
    "number, text",
    [(1_001_001, "1.1.1"), (1_003_000, "1.3.0"), (1_000_001, "1.0.1"), (2000, "0.2.0"), (2_000_000, "2.0.0")]
)
def test_version_check(tmp_path: Path, number: int, text: str) -> None:
    # docs/abi-policy.md: the same major and >= the binding's number, else
    # ImportError; a newer 1.x only adds, so it passes the version check
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler")
    source = tmp_path / "fake.c"
    source.write_text(textwrap.dedent(f"""
        #include <stdint.h>
        uint32_t frames_version_number(void) {{ return {number}u; }}
        const char *frames_version_string(void) {{ return "{text}"; }}
    """))
    fake = tmp_path / "libframes.so.1"
    subprocess.run([compiler, "-shared", "-fPIC", str(source), "-o", str(fake)], check=True)
    line = _one_line(_run("import frames", {"FRAMES_LIBRARY": str(fake)}))
    if number in (1_001_001, 1_003_000):
        # a newer 1.x: the version check passes, then the missing symbols are reported
        assert "lacks a symbol" in line
    else:
        assert text in line and "1001000" in line


def test_repo_root_is_found_from_the_tests() -> None:
    assert (REPO_ROOT / "include" / "frames.h").exists()
    assert os.environ["FRAMES_LIBRARY"]


_HELP_COMMANDS = [
    ["--help"], ["-h"], ["layout", "--help"], ["demo", "--help"], ["demo-messages", "--help"],
    ["demo-inline", "--help"], ["demo-banners", "--help"], ["replay", "--help"],
]


@pytest.mark.parametrize("module", ["frames", "frames.demos.cli"])
@pytest.mark.parametrize("argv", _HELP_COMMANDS, ids=" ".join)
def test_the_command_helps_without_a_library(module: str, argv: "list[str]", tmp_path: Path) -> None:
    # XC-08: a newcomer reads --help before building anything; the library
    # is loaded when a command runs, not to describe one.
    missing = str(tmp_path / "missing" / "libframes.so.1")
    result = subprocess.run([sys.executable, "-m", module, *argv], env={"FRAMES_LIBRARY": missing},
                            cwd=PACKAGE_ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.startswith(("usage: python -m frames", "usage: frames")), result.stdout
    assert "exit status:" in result.stdout.replace("\n", " ")


def test_version_without_a_library_gives_the_package_part_then_one_error_line(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing" / "libframes.so.1")
    result = subprocess.run([sys.executable, "-m", "frames", "--version"], env={"FRAMES_LIBRARY": missing},
                            cwd=PACKAGE_ROOT, capture_output=True, text=True, timeout=60)
    assert result.stdout == f"frames {frames.__version__} (Python package)\n"
    assert _one_line(result).endswith("unset it to use the package's own copy")
    assert missing in result.stderr


def test_a_command_without_a_library_is_one_line_before_any_output(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing" / "libframes.so.1")
    result = subprocess.run(
        [sys.executable, "-m", "frames", "layout", "--container-width", "390", "--ratios", "1.5"],
        env={"FRAMES_LIBRARY": missing}, cwd=PACKAGE_ROOT, capture_output=True, text=True, timeout=60)
    assert result.stdout == ""
    assert missing in _one_line(result)


def test_the_installed_command_name_defers_the_library_too(tmp_path: Path) -> None:
    # The console script pip writes is a file named frames that imports
    # frames.demos.cli: the same deferral by its name.
    script = tmp_path / "frames"
    script.write_text("import sys\nfrom frames.demos.cli import main\nsys.exit(main())\n")
    env = {"FRAMES_LIBRARY": str(tmp_path / "missing.so"), "PYTHONPATH": str(PACKAGE_ROOT)}
    result = subprocess.run([sys.executable, str(script), "--help"], env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("usage: frames"), result.stderr
    # Anything else that imports frames still loads it at import.
    other = tmp_path / "app.py"
    other.write_text("import frames\n")
    result = subprocess.run([sys.executable, str(other)], env=env, capture_output=True, text=True, timeout=60)
    assert "FRAMES_LIBRARY is set but cannot be loaded" in _one_line(result)
