"""Finds and loads libframes, checks its version and binds the C API.

Search order:

1. ``$FRAMES_LIBRARY`` — a path to the shared library.  When it is set it is
   the only place tried: an explicit choice that fails is an error, not a
   reason to load some other copy.
2. ``libframes.so.1`` then ``libframes.so`` in this package's directory.
3. ``libframes.so.1`` through the system loader (LD_LIBRARY_PATH, ld.so.cache).

The library is loaded when this module is imported (``import frames``),
except in the ``frames`` command (``frames``, ``python -m frames``,
``python -m frames.demos.cli``): there it is loaded by the first use of
``lib`` — or by :func:`load`, which the command calls before it runs a
command — so ``--help`` and the package part of ``--version`` work without
a library.

Any failure raises LibraryLoadError, an ImportError whose message is one
line saying what was tried and how to get the library.  Left uncaught, it is
printed as that one line, without a traceback, by every entry point
(``import frames`` in a script, the ``frames`` command, ``python -m frames``):
a missing library is a set-up problem, not a bug to debug.  The library's
frames_version_number() must have the binding's major version and be at
least the version this binding was written against.
"""

from __future__ import annotations

import ctypes
import os
import sys
from types import TracebackType
from typing import Any, Callable, List, NoReturn, Optional, Tuple, Type, cast

from . import _ffi

__all__ = ["lib", "library_path", "library_version", "library_version_number", "load", "LibraryLoadError"]

SONAME = "libframes.so.1"
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))

#: How to get the library, appended to every "not found" message.
HOW_TO_GET_IT = (
    "get it with `pip install ./bindings/python` in a libframes checkout (needs the Swift "
    "toolchain; puts the library inside the package), or set FRAMES_LIBRARY to a built "
    "libframes.so.1 (cmake -S . -B build && cmake --build build)"
)


class LibraryLoadError(ImportError):
    """libframes could not be loaded: not found, not loadable, or the wrong
    version.  The message is one line."""


_Hook = Callable[[Type[BaseException], BaseException, Optional[TracebackType]], object]


def _one_line_hook(previous: _Hook) -> _Hook:
    def hook(kind: Type[BaseException], value: BaseException, traceback: Optional[TracebackType]) -> object:
        if isinstance(value, LibraryLoadError):
            sys.stderr.write(f"frames: error: {value}\n")
            return None
        return previous(kind, value, traceback)

    return hook


def _fail(message: str) -> NoReturn:
    """Raises LibraryLoadError; if nothing catches it, the interpreter prints
    its one line instead of a traceback (sys.excepthook, chained)."""
    sys.excepthook = _one_line_hook(sys.excepthook)
    raise LibraryLoadError(message)


def _candidates() -> Tuple[List[str], bool]:
    """The names to try and whether they come from FRAMES_LIBRARY."""
    explicit = os.environ.get("FRAMES_LIBRARY")
    if explicit:
        return [explicit], True
    local = [os.path.join(_PACKAGE_DIR, name) for name in (SONAME, "libframes.so")]
    return [path for path in local if os.path.exists(path)] + [SONAME], False


def _load() -> Tuple[ctypes.CDLL, str]:
    names, explicit = _candidates()
    failures: List[str] = []
    for name in names:
        try:
            return ctypes.CDLL(name), name
        except OSError as error:
            failures.append(_first_line(error))  # dlerror() names the file
    if explicit:
        _fail(
            f"FRAMES_LIBRARY is set but cannot be loaded ({failures[0]}); "
            "set it to a built libframes.so.1, or unset it to use the package's own copy"
        )
    local = "" if len(names) > 1 else f"{_PACKAGE_DIR} has no {SONAME}, "
    _fail(
        f"libframes not found: FRAMES_LIBRARY is not set, {local}and the system loader failed "
        f"({'; '.join(failures)}); {HOW_TO_GET_IT}"
    )


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _check_version(cdll: ctypes.CDLL, path: str) -> int:
    _ffi.bind(cdll, ("frames_version_number", "frames_version_string"))
    number = int(cdll.frames_version_number())
    major = number // 1_000_000
    # Within a major version the library only grows (docs/abi-policy.md):
    # any library of the same major version at least as new as the header
    # this package mirrors will do.
    if major != _ffi.EXPECTED_VERSION_MAJOR or number < _ffi.EXPECTED_VERSION_NUMBER:
        raw = cdll.frames_version_string()
        text = raw.decode("ascii", "replace") if raw else "?"
        _fail(
            f"{path} is libframes {text} (version number {number}); this binding needs "
            f"major version {_ffi.EXPECTED_VERSION_MAJOR} and a version "
            f"number >= {_ffi.EXPECTED_VERSION_NUMBER}: use the library and the package of one checkout or wheel"
        )
    return number


def _open() -> Tuple[ctypes.CDLL, str, int]:
    cdll, path = _load()
    try:
        number = _check_version(cdll, path)
        _ffi.bind(cdll)
    except AttributeError as error:
        _fail(f"{path} lacks a symbol of frames.h ({_first_line(error)}): it is not the libframes this package needs")
    return cdll, path, number


_loaded: Optional[Tuple[ctypes.CDLL, str, int]] = None


def load() -> Tuple[ctypes.CDLL, str, int]:
    """The library, its path and its version number, loaded on the first
    call; raises LibraryLoadError (again on every call) when it cannot be."""
    global _loaded
    if _loaded is None:
        _loaded = _open()
    return _loaded


def _the_frames_command() -> bool:
    """Whether this process is the ``frames`` command starting: the
    installed script, or ``python -m`` of frames or frames.demos.cli while
    the interpreter imports it (sys.argv[0] is then "-m")."""
    argv0 = sys.argv[0] if sys.argv else ""
    if os.path.basename(argv0) == "frames":
        return True
    if argv0 != "-m":
        return False
    original = list(getattr(sys, "orig_argv", []))
    module = original[original.index("-m") + 1] if "-m" in original[:-1] else ""
    return module in ("frames", "frames.demos.cli")


class _Deferred:
    """Stands for the library until it is first used, then loads it; each
    function looked up is kept, so later calls cost what they do on the
    library itself."""

    def loaded(self) -> ctypes.CDLL:
        return load()[0]

    def __getattr__(self, name: str) -> Any:
        value = getattr(load()[0], name)
        setattr(self, name, value)
        return value


lib: ctypes.CDLL
library_path: str
library_version_number: int

if _the_frames_command():
    lib = cast(ctypes.CDLL, _Deferred())
else:
    lib, library_path, library_version_number = load()


def __getattr__(name: str) -> Any:
    # In the frames command, library_path and library_version_number are
    # read from the library when first asked for.
    if name == "library_path":
        return load()[1]
    if name == "library_version_number":
        return load()[2]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def library_version() -> str:
    """The version of the loaded library, "MAJOR.MINOR.PATCH"."""
    raw: bytes = lib.frames_version_string()
    return raw.decode("ascii")
