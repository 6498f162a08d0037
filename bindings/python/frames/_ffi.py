"""The ctypes mirror of frames.h: structures and one signature table.

One module per header section holds that section's constants, structs,
callback types and signature rows (``_ffi_base``: versions, results and
errors; ``_ffi_layout``: banner appearance and layout geometry;
``_ffi_engine``; ``_ffi_app_frames``; ``_ffi_banners``; ``_ffi_inline``;
``_ffi_messages``; ``_ffi_replay``: recording and replay; ``_ffi_explain``).
This module gathers them: every name of every section is reachable here as
``_ffi.<name>``, and ``SIGNATURES`` is the whole table, in header order,
that :func:`bind` declares and Tests/python/binding_mirror compares with
the header.

Nothing here loads the library; ``_lib`` does that and calls :func:`bind`.
Keep the sections in step with include/frames.h: one row per declared
function, fields in header order with the header's types.
"""

from __future__ import annotations

import ctypes
from ctypes import c_void_p
from typing import Any, Callable, Optional, Sequence, Tuple

from ._ffi_base import *  # noqa: F403
from ._ffi_layout import *  # noqa: F403
from ._ffi_engine import *  # noqa: F403
from ._ffi_app_frames import *  # noqa: F403
from ._ffi_banners import *  # noqa: F403
from ._ffi_inline import *  # noqa: F403
from ._ffi_messages import *  # noqa: F403
from ._ffi_replay import *  # noqa: F403
from ._ffi_explain import *  # noqa: F403
from ._ffi_base import BASE_SIGNATURES, FRAMES_OK, SignatureRow
from ._ffi_layout import LAYOUT_SIGNATURES
from ._ffi_engine import ENGINE_SIGNATURES
from ._ffi_app_frames import APP_FRAMES_SIGNATURES
from ._ffi_banners import BANNER_SIGNATURES
from ._ffi_inline import INLINE_SIGNATURES
from ._ffi_messages import MESSAGE_SIGNATURES
from ._ffi_replay import REPLAY_SIGNATURES
from ._ffi_explain import EXPLAIN_SIGNATURES
from .errors import error_for_code

#: (name, restype, argtypes, returns a frames_result checked by errcheck),
#: every function of frames.h, section by section.
SIGNATURES: Tuple[SignatureRow, ...] = (
    BASE_SIGNATURES
    + LAYOUT_SIGNATURES
    + ENGINE_SIGNATURES
    + APP_FRAMES_SIGNATURES
    + BANNER_SIGNATURES
    + INLINE_SIGNATURES
    + MESSAGE_SIGNATURES
    + REPLAY_SIGNATURES
    + EXPLAIN_SIGNATURES
)

_ErrCheck = Callable[[Any, Any, Tuple[Any, ...]], Any]


def last_error(lib: ctypes.CDLL, code: int) -> Exception:
    """The FramesError subclass for a negative code, with the message the
    library stored for this thread; call it right after the failing call."""
    raw = lib.frames_error_last_message()
    message = raw.decode("utf-8", "replace") if raw else ""
    return error_for_code(code, message)


def make_errcheck(lib: ctypes.CDLL) -> _ErrCheck:
    """An errcheck that raises the FramesError subclass for a negative code,
    with the message the library stored for this thread (pygit2 check_error).
    ctypes runs it on the calling thread right after the foreign call."""

    def check(result: int, func: Any, args: Tuple[Any, ...]) -> int:
        if result >= FRAMES_OK:
            return result
        raise last_error(lib, result)

    return check


def address_function(lib: ctypes.CDLL, name: str) -> Any:
    """The table's function ``name`` as a second foreign-function object
    that takes every pointer as an integer address (c_void_p) and returns
    the raw frames_result (no errcheck; the caller raises with
    :func:`last_error`).

    For the hot layout calls: ctypes converts an int to c_void_p far faster
    than it builds a typed pointer, and skipping the errcheck saves a
    Python call (docs/performance.md, "Python layout calls").  Same symbol
    and the same C types: object pointers are addresses to the C ABI."""
    if not isinstance(lib, ctypes.CDLL):
        return _BoundOnFirstCall(lib, name)
    for row, restype, argtypes, _checked in SIGNATURES:
        if row == name:
            params = [c_void_p if issubclass(t, ctypes._Pointer) else t for t in argtypes]
            function = ctypes.CFUNCTYPE(restype, *params)((name, lib))
            # Which header function it calls: Tests/python/binding_mirror
            # checks it against that function's SIGNATURES row.
            setattr(function, "frames_function", name)
            return function
    raise KeyError(name)


class _BoundOnFirstCall:
    """address_function() for the ``frames`` command's stand-in of a library
    not loaded yet (frames._lib): the library is loaded, and the function
    bound, by the first call."""

    def __init__(self, lib: Any, name: str) -> None:
        self._lib = lib
        self._function: Any = None
        self.frames_function = name

    def __call__(self, *arguments: Any) -> Any:
        if self._function is None:
            self._function = address_function(self._lib.loaded(), self.frames_function)
        return self._function(*arguments)


def bind(lib: ctypes.CDLL, names: Optional[Sequence[str]] = None) -> None:
    """Declares restype/argtypes (and the errcheck) of the functions in the
    table, or of ``names`` only.  A missing symbol raises AttributeError."""
    errcheck: Optional[_ErrCheck] = None
    for name, restype, argtypes, checked in SIGNATURES:
        if names is not None and name not in names:
            continue
        func = getattr(lib, name)
        func.restype = restype
        func.argtypes = list(argtypes)
        if checked:
            if errcheck is None:
                errcheck = make_errcheck(lib)
            func.errcheck = errcheck
