"""Builds libframes.so for the Python package and names the wheel's platform.

Used by setup.py at build time only (never installed).  Where the Swift
sources are, in order:

1. ``$FRAMES_SOURCE_DIR`` — a libframes checkout (its Package.swift);
2. ``libframes/`` next to setup.py — an sdist carries the Swift package there;
3. ``../..`` from setup.py — bindings/python inside a libframes checkout,
   which is what ``pip install ./bindings/python`` builds (pip builds in
   place).

``$FRAMES_PREBUILT_LIBRARY`` (a built libframes.so.1) skips the Swift build:
for packagers who built the library with CMake already.  Anything missing is
reported as one line (BuildError) saying what to do.
"""

from __future__ import annotations

import os
import platform
import shutil
import struct
import subprocess
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Set, Tuple

__all__ = ["BuildError", "find_sources", "build_library", "install_library", "install_bridge_script", "platform_tag",
           "SDIST_SOURCES"]

HERE = Path(__file__).resolve().parent

#: What an sdist carries of the checkout (under libframes/): all that
#: scripts/build_embedded.sh and `swift build --product frames` read, the
#: test target's folder included because Package.swift declares it.
SDIST_SOURCES = ("Package.swift", "Sources", "include", "Tests/FramesCoreTests", "bindings/bridge",
                 "scripts/build_embedded.sh")

#: The libraries every manylinux system has (PEP 600, auditwheel's policy).
MANYLINUX_LIBRARIES = {
    "libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1", "libutil.so.1",
    "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1", "libgcc_s.so.1", "libstdc++.so.6",
}
_GLIBC_FILES = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1", "libutil.so.1",
                "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1"}


class BuildError(Exception):
    """Why the library cannot be built; one line."""


def _is_checkout(path: Path) -> bool:
    return (path / "Package.swift").is_file() and (path / "include" / "frames.h").is_file() and (
        path / "Sources" / "FramesCABI"
    ).is_dir()


def find_sources() -> Path:
    explicit = os.environ.get("FRAMES_SOURCE_DIR")
    if explicit:
        path = Path(explicit).resolve()
        if not _is_checkout(path):
            raise BuildError(f"FRAMES_SOURCE_DIR={explicit} is not a libframes checkout (no Package.swift, "
                             "include/frames.h and Sources/FramesCABI there)")
        return path
    for candidate in (HERE / "libframes", HERE.parent.parent):
        if _is_checkout(candidate):
            return candidate
    raise BuildError(
        f"the libframes Swift sources are not next to this package ({HERE}): build it from a libframes "
        "checkout (`pip install ./bindings/python`) or from its sdist, or set FRAMES_SOURCE_DIR to a "
        "checkout, or FRAMES_PREBUILT_LIBRARY to a built libframes.so.1"
    )


def build_library(log: List[str]) -> Path:
    """The path of a libframes.so built (or given) for this package."""
    prebuilt = os.environ.get("FRAMES_PREBUILT_LIBRARY")
    if prebuilt:
        if not Path(prebuilt).is_file():
            raise BuildError(f"FRAMES_PREBUILT_LIBRARY={prebuilt} is not a file")
        log.append(f"using FRAMES_PREBUILT_LIBRARY={prebuilt}")
        return Path(prebuilt)
    root = find_sources()
    swift = shutil.which("swift")
    if swift is None:
        raise BuildError(
            "`swift` is not on PATH: building libframes needs the Swift toolchain (swift.org/install); "
            "or install a prebuilt frames wheel, or set FRAMES_PREBUILT_LIBRARY to a built libframes.so.1"
        )
    # The library CMake builds, in the directory CMake uses too (build/ of
    # the checkout): after `cmake --build build` this build is a no-op, and
    # the other way round: the Embedded Swift library, or with
    # FRAMES_EMBEDDED_SWIFT=0 the standard-mode one, as CMake's option of
    # that name chooses.
    if os.environ.get("FRAMES_EMBEDDED_SWIFT", "1") != "0":
        scratch = root / "build" / "embedded"
        command = ["bash", str(root / "scripts" / "build_embedded.sh"), str(scratch)]
        built = scratch / "libframes.so.1"
    else:
        scratch = root / "build" / "swiftpm"
        command = [swift, "build", "-c", "release", "--product", "frames",
                   "--package-path", str(root), "--scratch-path", str(scratch)]
        built = scratch / "release" / "libframes.so"
    log.append("building libframes: " + " ".join(command))
    result = subprocess.run(command, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        tail = "\n".join(result.stdout.splitlines()[-40:])
        raise BuildError(f"building libframes failed (exit {result.returncode}); its last lines:\n{tail}")
    if not built.is_file():
        raise BuildError(f"building libframes succeeded but {built} is missing")
    return built


def install_library(built: Path, package_dir: Path, log: List[str]) -> Path:
    """Copies the library into the package as libframes.so.1 (its soname,
    the first name frames._lib looks for), stripped when strip exists:
    1.4 MiB (the standard-mode build: about 8.1 MB instead of 17.6 MB)."""
    target = package_dir / "libframes.so.1"
    package_dir.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(built, target)
    os.chmod(target, 0o755)
    strip = shutil.which("strip")
    if strip is not None:
        subprocess.run([strip, "--strip-unneeded", str(target)], check=True)
    else:
        log.append("strip not found: the library is installed with its symbols")
    log.append(f"libframes: {target} ({target.stat().st_size} bytes)")
    return target


def install_bridge_script(package_dir: Path, log: List[str]) -> Path:
    """Copies the inline messages' JS bridge (bindings/bridge) into the
    package, where frames.bridge_script_path() looks first (IL-08)."""
    source = find_sources() / "bindings" / "bridge" / "frames-inline-bridge.js"
    if not source.is_file():
        raise BuildError(f"{source} is missing from the libframes sources")
    target = package_dir / source.name
    package_dir.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    log.append(f"bridge script: {target}")
    return target


# --- the platform tag (PEP 600) ----------------------------------------------------


def _elf_needs(path: Path) -> Tuple[Set[str], Dict[str, Set[str]]]:
    """DT_NEEDED names and the symbol versions required from each
    (.gnu.version_r) of a 64-bit little-endian ELF file."""
    data = path.read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise BuildError(f"{path} is not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]

    def string(table: int, offset: int) -> str:
        start = sections[table][4] + offset
        return data[start:data.index(b"\0", start)].decode("ascii", "replace")

    needed: Set[str] = set()
    versions: Dict[str, Set[str]] = {}
    for _name, kind, _flags, _addr, offset, size, link, info, _align, entsize in sections:
        if kind == 6:  # SHT_DYNAMIC
            for position in range(offset, offset + size, 16):
                tag, value = struct.unpack_from("<qQ", data, position)
                if tag == 1:  # DT_NEEDED
                    needed.add(string(link, value))
        elif kind == 0x6FFFFFFE:  # SHT_GNU_verneed
            position = offset
            for _ in range(info):
                _version, count, file_name, aux, next_need = struct.unpack_from("<HHIII", data, position)
                library = string(link, file_name)
                entry = position + aux
                for _ in range(count):
                    _hash, _flag, _other, name, next_aux = struct.unpack_from("<IHHII", data, entry)
                    versions.setdefault(library, set()).add(string(link, name))
                    entry += next_aux
                position += next_need
    return needed, versions


def _glibc_versions(versions: Dict[str, Set[str]]) -> Iterator[Tuple[int, int]]:
    for library, names in versions.items():
        if library in _GLIBC_FILES:
            for name in names:
                if name.startswith("GLIBC_") and name[6:].replace(".", "").isdigit():
                    parts = [int(p) for p in name[6:].split(".")]
                    yield parts[0], parts[1] if len(parts) > 1 else 0
                elif name == "GLIBC_ABI_DT_RELR":
                    # Packed relative relocations: the loader of glibc 2.36
                    # and later (auditwheel counts it so too).
                    yield 2, 36


def platform_tag(library: Path) -> str:
    """manylinux_2_<minor>_<arch> for the newest glibc symbol the library
    needs (what auditwheel computes), or linux_<arch> when it needs a
    library no manylinux system promises."""
    arch = platform.machine()
    needed, versions = _elf_needs(library)
    if not needed <= MANYLINUX_LIBRARIES:
        return f"linux_{arch}"
    major, minor = max(_glibc_versions(versions), default=(2, 17))
    if major != 2:
        return f"linux_{arch}"
    return f"manylinux_2_{max(minor, 17)}_{arch}"


def main() -> Optional[int]:
    """``python build_libframes.py LIBRARY``: print its platform tag."""
    import sys

    print(platform_tag(Path(sys.argv[1])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
