"""Builds and runs real C programs against libframes for the Python tests:
the README examples and the libcurl host.  Programs are compiled the way
a C user compiles them (C99, strict warnings, the repository's frames.h,
the library the tests use), and run with the library found through rpath.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Dict, List, Sequence

import pytest

from conftest import LIBRARY_PATH, REPO_ROOT

STRICT_FLAGS = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"]


def c_compiler() -> str:
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not compiler:
        pytest.fail("no C compiler found (set CC, or install gcc)")
    return compiler


def pkg_config(package: str) -> List[str]:
    """Compiler and linker flags of a pkg-config package; fails the test
    with what to install when it is missing."""
    hints = {"libcurl": "libcurl4-openssl-dev (Debian); scripts/test.sh installs it"}
    try:
        out = subprocess.run(["pkg-config", "--cflags", "--libs", package], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.fail(f"{package} development files not found: install {hints.get(package, package)}")
    return out.stdout.split()


def compile_c(source: Path, output: Path, packages: Sequence[str] = (), also: Sequence[Path] = ()) -> Path:
    """Compiles ``source`` (and the sources ``also``) into ``output`` against
    frames.h and the tests' libframes (and the given pkg-config packages);
    fails the test with the compiler's message."""
    library = Path(LIBRARY_PATH).resolve()
    extra: List[str] = []
    for package in packages:
        extra += pkg_config(package)
    # Under scripts/sanitizers.sh the library needs the sanitizer runtime
    # (and, for TSan, libdispatch) that the suite preloads: link those too,
    # as that script links its C programs.
    for preloaded in filter(None, os.environ.get("LD_PRELOAD", "").split(":")):
        extra += [preloaded, f"-Wl,-rpath,{Path(preloaded).parent}"]
    command = [c_compiler(), *STRICT_FLAGS, "-I", str(REPO_ROOT / "include"), str(source), *map(str, also), "-o", str(output),
               str(library), f"-Wl,-rpath,{library.parent}", *extra]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        pytest.fail(f"{source} does not compile:\n{' '.join(command)}\n{result.stderr}")
    return output


def example_program(name: str, directory: Path, packages: Sequence[str] = (), also: Sequence[str] = ()) -> Path:
    """A program of bindings/c/examples: the one CMake built, when ctest
    names it in ``FRAMES_<NAME>`` (FRAMES_CURL_HOST), else compiled here
    into ``directory`` from ``<name>.c`` and the sources ``also``."""
    built = os.environ.get(f"FRAMES_{name.upper()}")
    if built:
        return Path(built)
    source = REPO_ROOT / "bindings" / "c" / "examples" / f"{name}.c"
    return compile_c(source, directory / name, packages, [source.with_name(other) for other in also])


def program_env(extra: Dict[str, str] | None = None) -> Dict[str, str]:
    """The environment a test program runs in: the Swift backtracer off
    (DESIGN: testing tools), the tests' library for Python, plus ``extra``."""
    env = dict(os.environ)
    env["SWIFT_BACKTRACE"] = "enable=no"
    env["FRAMES_LIBRARY"] = LIBRARY_PATH
    package_root = str(REPO_ROOT / "bindings" / "python")
    env["PYTHONPATH"] = package_root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.update(extra or {})
    return env
