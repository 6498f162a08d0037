"""Finds and loads libframes, checks its version and binds the C API.

Search order:

1. ``$FRAMES_LIBRARY`` — a path to the shared library.  When it is set it is
   the only place tried: an explicit choice that fails is an error, not a
   reason to load some other copy.
2. ``libframes.so.0`` then ``libframes.so`` in this package's directory.
3. ``libframes.so.0`` through the system loader (LD_LIBRARY_PATH, ld.so.cache).

Any failure raises ImportError naming what was tried.  The library's
frames_version_number() must have the binding's major version and be at
least the version this binding was written against.
"""

from __future__ import annotations

import ctypes
import os
from typing import List, Tuple

from . import _ffi

__all__ = ["lib", "library_path", "library_version", "library_version_number"]

SONAME = "libframes.so.0"
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def _candidates() -> Tuple[List[str], bool]:
    """The names to try and whether they come from FRAMES_LIBRARY."""
    explicit = os.environ.get("FRAMES_LIBRARY")
    if explicit:
        return [explicit], True
    local = [os.path.join(_PACKAGE_DIR, name) for name in (SONAME, "libframes.so")]
    return [path for path in local if os.path.exists(path)] + [SONAME], False


def _load() -> Tuple[ctypes.CDLL, str]:
    names, explicit = _candidates()
    tried: List[str] = []
    for name in names:
        try:
            return ctypes.CDLL(name), name
        except OSError as error:
            tried.append(f"{name!r} ({error})")
    if explicit:
        hint = "FRAMES_LIBRARY is set, so no other location was tried"
    else:
        hint = (
            "set FRAMES_LIBRARY to the path of libframes.so.0, copy it into "
            f"{_PACKAGE_DIR}, or install it where the system loader finds it"
        )
    raise ImportError("libframes could not be loaded; tried " + "; ".join(tried) + ". " + hint)


def _check_version(cdll: ctypes.CDLL, path: str) -> int:
    _ffi.bind(cdll, ("frames_version_number", "frames_version_string"))
    number = int(cdll.frames_version_number())
    major = number // 1_000_000
    if major != _ffi.EXPECTED_VERSION_MAJOR or number < _ffi.EXPECTED_VERSION_NUMBER:
        raw = cdll.frames_version_string()
        text = raw.decode("ascii", "replace") if raw else "?"
        raise ImportError(
            f"{path} is libframes {text} (version number {number}); this binding needs "
            f"major version {_ffi.EXPECTED_VERSION_MAJOR} and a version number >= "
            f"{_ffi.EXPECTED_VERSION_NUMBER}"
        )
    return number


def _open() -> Tuple[ctypes.CDLL, str, int]:
    cdll, path = _load()
    number = _check_version(cdll, path)
    try:
        _ffi.bind(cdll)
    except AttributeError as error:
        raise ImportError(f"{path} lacks a symbol of frames.h: {error}") from error
    return cdll, path, number


lib, library_path, library_version_number = _open()


def library_version() -> str:
    """The version of the loaded library, "MAJOR.MINOR.PATCH"."""
    raw: bytes = lib.frames_version_string()
    return raw.decode("ascii")
