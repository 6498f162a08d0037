"""Recording an engine (XC-12): ``Engine(config, record=writer,
record_redact=RecordRedact.USER_IDS)``.

The library hands the recording over one whole line at a time (its
newline included) through frames_engine_options.record_write, on the thread
of the call that wrote it; nothing is written anywhere else.  The writer is
a callable taking that line as ``bytes`` (``lines.append``) or a binary
file (``open(path, "wb")``, written with ``.write``).  The same writers
receive a replay's transcript (:func:`frames.replay`).

Where the lines go, the package keeps in ``_SINKS`` under an integer key
that travels through ``user_data`` — one C-callable trampoline for every
recording, made once at import, like the callbacks of ``_callbacks``.  A
Python exception cannot cross the C frames: the first one the writer
raises stops the recording (a recording with a gap no longer replays) and
is raised by the engine call during which it happened, after that call
returns (``EngineState.call``), or by :func:`frames.replay`.
"""

from __future__ import annotations

import ctypes
import enum
import io
import itertools
from typing import Any, Callable, Dict, Iterable, List, Optional, Protocol, Union

from . import _check, _ffi

__all__ = ["RecordRedact", "RecordingWriter", "BinaryWriter"]


class RecordRedact(enum.IntEnum):
    """What a recording hides (FRAMES_RECORD_REDACT_*, XC-12).  Pass one, or
    several in a set: ``{RecordRedact.USER_IDS, RecordRedact.BODIES}``."""

    #: Nothing hidden: the recording replays exactly.
    NONE = 0
    #: User ids become pseudonyms (user-1, user-2 ...), also inside request
    #: bodies and URLs; the recording still replays identically.
    USER_IDS = 1
    #: Backend answers, request bodies, pushes and content handed to the
    #: host become ``{"redacted": <length>}``; a replay diverges where they
    #: matter.
    BODIES = 2

    def __str__(self) -> str:
        return self.name.lower()


class BinaryWriter(Protocol):
    """A binary file, or anything with its ``write``."""

    def write(self, data: bytes, /) -> object: ...


#: Where a recording's lines go: a callable taking each line as bytes, or a
#: binary file.
RecordingWriter = Union[Callable[[bytes], object], BinaryWriter]


class _Sink:
    """One writer the library writes lines to, and where its first
    exception goes."""

    __slots__ = ("write", "errors", "broken")

    def __init__(self, write: Callable[[bytes], object], errors: List[BaseException]) -> None:
        self.write = write
        self.errors = errors
        self.broken = False


_KEYS = itertools.count(1)
#: sink key -> sink, from the engine's creation (or the replay's start) to
#: its free (or the replay's end).
_SINKS: Dict[int, _Sink] = {}


def _write(data: Any, length: int, user_data: Optional[int]) -> None:
    sink = _SINKS.get(user_data) if user_data is not None else None
    if sink is None or sink.broken:
        return
    try:
        sink.write(ctypes.string_at(data, length))
    except BaseException as error:  # noqa: B902 - raised after the C call returns
        sink.broken = True
        sink.errors.append(error)


#: The record_write / transcript of every recording; lives as long as the library.
WRITE_LINE = _ffi.RECORDING_WRITE_CB(_write)


def writer_function(name: str, writer: object) -> Callable[[bytes], object]:
    """What ``writer`` calls with each line: itself when callable, else its
    ``write``; a text file is refused now rather than at the first line."""
    if isinstance(writer, io.TextIOBase):
        raise TypeError(f"{name} must be a binary file (open it with 'wb'), not a text file")
    if callable(writer):
        return writer
    write = getattr(writer, "write", None)
    if not callable(write):
        raise TypeError(f"{name} must be a callable taking bytes or a binary file, not {_check._kind(writer)}")
    return write  # type: ignore[no-any-return]


def open_sink(name: str, writer: object, errors: List[BaseException]) -> int:
    """Registers ``writer``; the key to pass as user_data."""
    key = next(_KEYS)
    _SINKS[key] = _Sink(writer_function(name, writer), errors)
    return key


def close_sink(key: Optional[int]) -> None:
    """Forgets a sink: lines written after this are dropped."""
    if key is not None:
        _SINKS.pop(key, None)


def redaction(value: object) -> int:
    """record_redact's bits from one RecordRedact or a collection of them."""
    if isinstance(value, RecordRedact):
        return int(value)
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable) or isinstance(value, int):
        raise TypeError(
            "record_redact must be a RecordRedact or a set of them (e.g. {RecordRedact.USER_IDS, "
            f"RecordRedact.BODIES}}), not {_check._kind(value)}"
        )
    bits = 0
    for item in value:
        bits |= int(_check.member("record_redact item", item, RecordRedact))
    return bits


def record_into(options: _ffi.frames_engine_options, key: int, redact: int) -> None:
    """Turns recording on in an engine's options (XC-12)."""
    options.record_write = WRITE_LINE
    options.record_user_data = key
    options.record_redact = redact
