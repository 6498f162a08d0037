"""Build steps pyproject.toml cannot declare: libframes.so is built (SwiftPM)
and copied into the package, the wheel is tagged for the platform it runs on
(py3-none-manylinux_2_N_<arch>: no Python extension, one C library loaded by
ctypes), and an sdist carries the Swift sources.  See build_libframes.py."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import List, Tuple

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist
from setuptools.dist import Distribution

try:
    from setuptools.command.bdist_wheel import bdist_wheel  # setuptools >= 70.1
except ImportError:  # pragma: no cover - older setuptools
    from wheel.bdist_wheel import bdist_wheel  # type: ignore[no-redef]

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import build_libframes as support  # noqa: E402  (next to this file, not installed)


def _fail(error: support.BuildError) -> SystemExit:
    return SystemExit(f"error: cannot build libframes for the frames package: {error}")


class BuildPy(build_py):
    """Python files as usual, then libframes.so.1 into the package."""

    def run(self) -> None:
        super().run()
        log: List[str] = []
        try:
            built = support.build_library(log)
            package = HERE / "frames" if getattr(self, "editable_mode", False) else Path(self.build_lib) / "frames"
            support.install_library(built, package, log)
            support.install_bridge_script(package, log)
        except support.BuildError as error:
            raise _fail(error) from None
        for line in log:
            print(line)


class NativeDistribution(Distribution):
    """Carries native code (the library), so it installs to platlib and the
    wheel is not "pure" — auditwheel refuses a .so in a purelib wheel."""

    def has_ext_modules(self) -> bool:
        return True


class BdistWheel(bdist_wheel):
    """A platform wheel: the library is native code, the Python is not."""

    def get_tag(self) -> Tuple[str, str, str]:
        library = Path(self.get_finalized_command("build_py").build_lib) / "frames" / "libframes.so.1"
        return "py3", "none", support.platform_tag(library)


class Sdist(sdist):
    """An sdist that builds anywhere with the Swift toolchain: the Swift
    package goes in as libframes/ (build_libframes.find_sources looks there)."""

    def make_release_tree(self, base_dir: str, files: List[str]) -> None:
        super().make_release_tree(base_dir, files)
        try:
            root = support.find_sources()
        except support.BuildError as error:
            raise _fail(error) from None
        target = Path(base_dir) / "libframes"
        for item in support.SDIST_SOURCES:
            source = root / item
            if source.is_dir():
                shutil.copytree(source, target / item, ignore=shutil.ignore_patterns("__pycache__", ".*"))
            else:
                (target / item).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target / item)


os.chdir(HERE)
setup(distclass=NativeDistribution, cmdclass={"build_py": BuildPy, "bdist_wheel": BdistWheel, "sdist": Sdist})
