"""Exceptions raised for the negative result codes of libframes.

Every failure carries the library's ``code`` and the ``message`` it stored
for the calling thread (``frames_error_last_message()``), read right after
the failing call.  Each subclass also derives from the closest built-in
exception so that ``except ValueError`` etc. keep working (as pygit2 does).
"""

from __future__ import annotations

from typing import Dict, Type

__all__ = [
    "FramesError",
    "InvalidArgumentError",
    "NullPointerError",
    "BufferTooSmallError",
    "VersionError",
    "OutOfRangeError",
    "UnsupportedError",
    "OutOfMemoryError",
    "LayoutOverflowError",
    "InvalidHandleError",
    "WrongThreadError",
    "InvalidStateError",
    "NotFoundError",
    "AlreadyResolvedError",
    "InternalError",
    "error_for_code",
]


class FramesError(Exception):
    """A libframes call failed: ``code`` is the FRAMES_ERR_* value, ``message``
    what the library said was wrong."""

    #: The FRAMES_ERR_* code this class stands for (None for the base class,
    #: which is also raised for codes this binding does not know yet).
    CODE: int | None = None

    def __init__(self, code: int, message: str) -> None:
        super().__init__(code, message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message or f"libframes call failed with code {self.code}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class InvalidArgumentError(FramesError, ValueError):
    """FRAMES_ERR_INVALID_ARGUMENT (-1): a length, ratio or enum out of its domain."""

    CODE = -1


class NullPointerError(FramesError, ValueError):
    """FRAMES_ERR_NULL_POINTER (-2): a required pointer was NULL (a binding bug)."""

    CODE = -2


class BufferTooSmallError(FramesError, ValueError):
    """FRAMES_ERR_BUFFER_TOO_SMALL (-3): an output buffer was too small
    (e.g. an ``out=`` array; a ValueError, as numpy's for a wrong ``out``)."""

    CODE = -3


class VersionError(FramesError):
    """FRAMES_ERR_VERSION (-4): a struct version the library does not know."""

    CODE = -4


class OutOfRangeError(FramesError, IndexError):
    """FRAMES_ERR_OUT_OF_RANGE (-5): an index past the laid-out banners."""

    CODE = -5


class UnsupportedError(FramesError, NotImplementedError):
    """FRAMES_ERR_UNSUPPORTED (-6): the operation does not apply to this layout."""

    CODE = -6


class OutOfMemoryError(FramesError, MemoryError):
    """FRAMES_ERR_OUT_OF_MEMORY (-7)."""

    CODE = -7


class LayoutOverflowError(FramesError, OverflowError):
    """FRAMES_ERR_OVERFLOW (-8): a computed length or count is not representable."""

    CODE = -8


class InvalidHandleError(FramesError, ValueError):
    """FRAMES_ERR_INVALID_HANDLE: a NULL, freed or foreign handle (XC-07)."""

    CODE = -9


class WrongThreadError(FramesError):
    """FRAMES_ERR_WRONG_THREAD: an engine object used off its owner thread
    (XC-02)."""

    CODE = -10


class InvalidStateError(FramesError):
    """FRAMES_ERR_INVALID_STATE: the call does not fit the current state."""

    CODE = -11


class NotFoundError(FramesError, LookupError):
    """FRAMES_ERR_NOT_FOUND: e.g. a request that is no longer in flight."""

    CODE = -12


class AlreadyResolvedError(FramesError):
    """FRAMES_ERR_ALREADY_RESOLVED: something that completes exactly once was
    already completed, e.g. an inline customMethod call resolved twice or
    after its deadline (IL-07)."""

    CODE = -13


class InternalError(FramesError):
    """FRAMES_ERR_INTERNAL (-99): a bug in libframes; the library stays usable."""

    CODE = -99


_BY_CODE: Dict[int, Type[FramesError]] = {
    cls.CODE: cls
    for cls in (
        InvalidArgumentError,
        NullPointerError,
        BufferTooSmallError,
        VersionError,
        OutOfRangeError,
        UnsupportedError,
        OutOfMemoryError,
        LayoutOverflowError,
        InvalidHandleError,
        WrongThreadError,
        InvalidStateError,
        NotFoundError,
        AlreadyResolvedError,
        InternalError,
    )
    if cls.CODE is not None
}


def error_for_code(code: int, message: str) -> FramesError:
    """The exception for a negative result code; unknown codes give FramesError."""
    return _BY_CODE.get(code, FramesError)(code, message)
