"""The Python package as a new user gets it (bindings/python/setup.py,
build_libframes.py), in real virtual environments under build/packaging/:

- ``pip install ./bindings/python`` with the Swift toolchain builds
  libframes.so into the package: ``import frames``, the ``frames`` command
  and ``python -m frames`` work with no environment variable;
- ``pip wheel`` gives a py3-none-manylinux wheel that auditwheel agrees with
  and that installs and runs where no Swift toolchain is on PATH, loading
  nothing from the toolchain;
- FRAMES_LIBRARY still overrides the library inside the package;
- without the library, each entry point prints one line saying how to get it;
- a copy of the package without the Swift sources fails to build with one
  line; an sdist carries the sources and builds on its own.

Slow (pip, a Swift build from the sdist): the "packaging" stage of
scripts/test.sh runs it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Dict, List, Optional

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
PACKAGE = REPO_ROOT / "bindings" / "python"
WORK = REPO_ROOT / "build" / "packaging"
TIMEOUT = 3600
# The package version as pyproject.toml states it (the library's own version
# must agree with it: checked below after install).
_STATED = re.search(r'^version = "([^"]+)"', (PACKAGE / "pyproject.toml").read_text(), re.M)
assert _STATED, "bindings/python/pyproject.toml states no version"
VERSION = _STATED.group(1)


def _swift_dir() -> Path:
    swift = shutil.which("swift")
    if swift is None:
        pytest.fail("the packaging tests need the Swift toolchain on PATH")
    return Path(swift).resolve().parent


def _env(with_toolchain: bool = True) -> Dict[str, str]:
    """The caller's environment minus everything that would point Python at
    a library or package by hand; optionally without the toolchain on PATH."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("FRAMES_LIBRARY", "PYTHONPATH", "VIRTUAL_ENV", "LD_LIBRARY_PATH", "LD_PRELOAD")}
    if not with_toolchain:
        toolchain = _swift_dir()
        kept = [p for p in env.get("PATH", "").split(os.pathsep)
                if p and not (Path(p) / "swift").exists() and Path(p).resolve() != toolchain]
        env["PATH"] = os.pathsep.join(kept)
        assert shutil.which("swift", path=env["PATH"]) is None
    return env


def run(command: List[str], env: Optional[Dict[str, str]] = None, cwd: Path = REPO_ROOT,
        check: bool = True) -> "subprocess.CompletedProcess[str]":
    result = subprocess.run(command, env=env if env is not None else _env(), cwd=cwd,
                            capture_output=True, text=True, timeout=TIMEOUT)
    if check:
        assert result.returncode == 0, f"{command}\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
    return result


def venv(name: str) -> Path:
    path = WORK / name
    shutil.rmtree(path, ignore_errors=True)
    run([sys.executable, "-m", "venv", str(path)])
    return path


def pip(environment: Path, *args: str, env: Optional[Dict[str, str]] = None,
        check: bool = True) -> "subprocess.CompletedProcess[str]":
    return run([str(environment / "bin" / "python"), "-m", "pip", "--disable-pip-version-check", *args],
               env=env, check=check)


def tool(name: str) -> str:
    """A test tool installed next to the interpreter running the tests
    (build/venv: scripts/test.sh packaging installs them)."""
    path = Path(sys.executable).parent / name
    if not path.exists():
        pytest.fail(f"{name} not found next to {sys.executable}: `bash scripts/test.sh packaging` installs it")
    return str(path)


def assert_one_line_how_to_get_it(result: "subprocess.CompletedProcess[str]") -> None:
    assert result.returncode == 1, (result.returncode, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert lines[0].startswith("frames: error: libframes not found")
    assert "pip install ./bindings/python" in lines[0] and "FRAMES_LIBRARY" in lines[0]


def check_layout(command: List[str], env: Dict[str, str]) -> None:
    out = run(command + ["layout", "--layout", "tiles", "--container-width", "390", "--ratios", "1.5,1,0.75",
                         "--side-inset", "16", "--json"], env=env).stdout
    # BN-05: cells (390 - 32 - 8) / 2 = 175 wide
    assert [(f["x"], f["width"]) for f in json.loads(out)["frames"]] == [(16, 175), (199, 175), (16, 175)]


@pytest.fixture(scope="module", autouse=True)
def fresh_work_dir() -> None:
    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)


def test_pip_install_builds_the_library_into_the_package() -> None:
    environment = venv("venv-install")
    python = str(environment / "bin" / "python")
    pip(environment, "install", str(PACKAGE))
    env = _env()

    where = run([python, "-c", "import frames, frames._lib as l; print(l.library_path, frames.library_version())"],
                env=env, cwd=WORK).stdout.split()
    installed = Path(where[0])
    assert installed.name == "libframes.so.1" and installed.parent.parent.name == "site-packages"
    assert str(environment) in str(installed) and where[1] == VERSION
    # stripped: no static symbol table
    assert b".symtab" not in installed.read_bytes()
    # IL-08: the inline bridge script ships inside the package.
    bridge = run([python, "-c", "import frames; print(frames.bridge_script_path())"], env=env, cwd=WORK).stdout.strip()
    # The library imports no demo; the demos and their campaigns ship in frames.demos.
    run([python, "-c", "import sys, frames; assert not [m for m in sys.modules if m.startswith('frames.demos')]"],
        env=env, cwd=WORK)
    run([python, "-c", "import frames.demos.demo as d; assert (d.DEFAULT_FOLDER / 'placements.json').is_file()"],
        env=env, cwd=WORK)
    assert Path(bridge).parent == installed.parent and "SRInApp" in Path(bridge).read_text()

    check_layout([str(environment / "bin" / "frames")], env)
    check_layout([python, "-m", "frames"], env)
    demo = run([python, "-m", "frames", "demo", "--svg", str(WORK / "home.svg")], env=env, cwd=WORK)
    assert "appFrames.impression" in demo.stdout and (WORK / "home.svg").exists()

    # FRAMES_LIBRARY still overrides the package's own copy
    other = WORK / "override" / "libframes.so.1"
    other.parent.mkdir()
    shutil.copy(installed, other)
    chosen = run([python, "-c", "import frames._lib as l; print(l.library_path)"],
                 env=dict(env, FRAMES_LIBRARY=str(other)), cwd=WORK).stdout.strip()
    assert chosen == str(other)

    # Without the library: one line at every entry point, no traceback.
    installed.unlink()
    for command in ([str(environment / "bin" / "frames"), "layout", "--container-width", "1", "--ratios", "1"],
                    [python, "-m", "frames", "demo"],
                    [python, "-c", "import frames"]):
        assert_one_line_how_to_get_it(run(command, env=env, cwd=WORK, check=False))


def test_the_wheel_is_manylinux_and_runs_without_the_toolchain() -> None:
    wheels = WORK / "wheels"
    run([sys.executable, "-m", "pip", "--disable-pip-version-check", "wheel", "--no-deps",
         "-w", str(wheels), str(PACKAGE)])
    (wheel,) = wheels.glob("frames-*.whl")
    match = re.fullmatch(rf"frames-{re.escape(VERSION)}-py3-none-(manylinux_2_\d+_[a-z0-9_]+)\.whl", wheel.name)
    assert match, wheel.name
    tag = match.group(1)

    shown = " ".join(run([tool("auditwheel"), "show", str(wheel)]).stdout.split())
    assert f'is consistent with the following platform tag: "{tag}"' in shown, shown
    assert f'This constrains the platform tag to "{tag}"' in shown, shown
    # The wheel bundles the Embedded Swift build, which needs libc and libm
    # and nothing else (docs/decisions.md, "Embedded Swift");
    # FRAMES_EMBEDDED_SWIFT=0 bundles the standard-mode build instead.
    if os.environ.get("FRAMES_EMBEDDED_SWIFT", "1") != "0":
        with zipfile.ZipFile(wheel) as archive:
            (member,) = [name for name in archive.namelist() if name.endswith("/libframes.so.1")]
            bundled = WORK / "wheel-libframes.so.1"
            bundled.write_bytes(archive.read(member))
        dynamic = run(["readelf", "-d", str(bundled)]).stdout
        needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic)
        assert sorted(needed) == ["libc.so.6", "libm.so.6"], dynamic

    environment = venv("venv-wheel")
    bare = _env(with_toolchain=False)
    pip(environment, "install", "--no-index", str(wheel), env=bare)
    check_layout([str(environment / "bin" / "frames")], bare)
    # Nothing of the toolchain is mapped into a process that uses the package.
    toolchain = str(_swift_dir().parent.parent)
    probe = (
        "import frames\n"
        "r = frames.layout_banners(frames.Appearance(), 100, [2])\n"
        "maps = open('/proc/self/maps').read()\n"
        f"print(r.content_height, {toolchain!r} in maps, frames._lib.library_path)\n"
    )
    height, from_toolchain, path = run([str(environment / "bin" / "python"), "-c", probe],
                                       env=bare, cwd=WORK).stdout.split()
    assert (height, from_toolchain) == ("50.0", "False")
    assert path.startswith(str(environment))


def test_a_copy_without_the_swift_sources_fails_with_one_clear_line(tmp_path: Path) -> None:
    copy = tmp_path / "python"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("build", "*.egg-info", "libframes.so*",
                                                                  "__pycache__"))
    environment = venv("venv-copy")
    result = pip(environment, "wheel", "--no-deps", "-w", str(tmp_path / "out"), str(copy), check=False)
    assert result.returncode != 0
    output = result.stdout + result.stderr
    lines = [line.strip() for line in output.splitlines() if "cannot build libframes" in line]
    assert len(lines) == 1, output[-3000:]
    assert "the libframes Swift sources are not next to this package" in lines[0]
    assert "FRAMES_SOURCE_DIR" in lines[0] and "pip install ./bindings/python" in lines[0]


def test_the_sdist_carries_the_swift_sources_and_builds_on_its_own() -> None:
    sdists = WORK / "sdist"
    run([tool("pyproject-build"), "--sdist", "--outdir", str(sdists), str(PACKAGE)])
    (sdist,) = sdists.glob(f"frames-{VERSION}.tar.gz")
    with tarfile.open(sdist) as archive:
        names = set(archive.getnames())
    for member in ("setup.py", "build_libframes.py", "libframes/Package.swift", "libframes/include/frames.h",
                   "libframes/Sources/FramesCABI/frames.map", "libframes/bindings/bridge/frames-inline-bridge.js"):
        assert f"frames-{VERSION}/{member}" in names, member
    # Built in pip's temporary directory, far from the checkout: a full Swift build.
    environment = venv("venv-sdist")
    pip(environment, "install", str(sdist))
    check_layout([str(environment / "bin" / "frames")], _env())
