"""Replay (XC-13): ``frames.replay(recording)`` runs an engine's recording
(XC-12, ``Engine(record=...)``) again on a fresh engine through
frames_replay, and says whether the library still behaves as recorded —
or the first line where it does not.

The report is docs/wire-format.md §12 read into frozen dataclasses.  A
recording the library cannot read (cut in the middle of a line, not JSON,
a call it does not know) raises ``InvalidArgumentError`` and a newer
format ``VersionError``, each with the library's message naming the line.
"""

from __future__ import annotations

import ctypes
import json
from dataclasses import dataclass
from typing import Any, List, Literal, Optional, Tuple, Union

from . import _check, _ffi
from ._lib import lib
from .engine_options import EngineOptions
from .explain import EngineSnapshot, Explanation, parse_explanation
from .recording import RecordingWriter, WRITE_LINE, close_sink, open_sink

__all__ = ["replay", "ReplayReport", "Divergence"]


@dataclass(frozen=True)
class Divergence:
    """Where a replay first differed from its recording: ``line`` is the
    recording's line number (1-based; the header is line 1), ``expected``
    the recorded line (None when the replay wrote more than was recorded),
    ``got`` what the replay wrote there (None when it wrote nothing more)."""

    line: int
    expected: Optional[str]
    got: Optional[str]


@dataclass(frozen=True)
class ReplayReport:
    """What frames_replay answered (docs/wire-format.md §12)."""

    #: "identical" or "diverged".
    result: Literal["identical", "diverged"]
    #: The first difference, None when identical.
    divergence: Optional[Divergence]
    #: The recording's lines, its header included.
    lines: int
    #: The lines the replay reproduced, the header included.
    matched: int
    #: The library that replayed it, "MAJOR.MINOR.PATCH".
    library: str
    #: The library that recorded it.
    recorded_by: str
    #: What the recording hides: "user_ids", "bodies".
    redacted: Tuple[str, ...]
    #: The explanation asked for with ``explain=`` (XC-11): an
    #: :class:`Explanation`, or the :class:`EngineSnapshot` for ``"engine"``;
    #: None when none was asked for or the object could not be explained.
    explain: Union[Explanation, EngineSnapshot, None]
    #: Why the object asked for could not be explained (the library's
    #: message: not an object name, no such object then), else None.
    explain_error: Optional[str] = None

    @property
    def identical(self) -> bool:
        """The replay wrote every recorded line, in order, and nothing else."""
        return self.result == "identical"


def replay(
    recording: bytes,
    *,
    engine_options: Optional[EngineOptions] = None,
    explain: Optional[str] = None,
    at_ms: Optional[int] = None,
    transcript: Optional[RecordingWriter] = None,
) -> ReplayReport:
    """Replays ``recording`` (the bytes an engine's ``record`` writer got)
    on a fresh engine and compares every line it writes with the recorded
    one (XC-13).

    ``engine_options`` replaces the recorded options (their recording is
    not compared): replaying under other options shows where a rule's
    outcome changes.  ``explain`` names an object to explain during the
    replay (``"engine"``, ``"frame-3"``, ``"banner_place-2"``,
    ``"inline:home"``, ``"message:m1"``) just before the first call
    recorded later than ``at_ms``, or at the end of the recording when
    ``at_ms`` is None.  ``transcript`` receives every line the replay
    writes, as the ``record`` writer of an engine does.

    InvalidArgumentError: the recording cannot be read (the message names
    the line); VersionError: a recording format this library does not know.
    """
    data = _check.byte_data("recording", recording)
    if engine_options is not None:
        _check.instance("engine_options", engine_options, EngineOptions)
    name = _check.optional_text("explain", explain)
    if at_ms is not None and explain is None:
        raise ValueError("at_ms says when to explain: it needs explain=")
    when = _check.time_ms(at_ms, "at_ms") if at_ms is not None else _last_time(data)

    options = _ffi.frames_replay_options()
    lib.frames_replay_options_init(ctypes.byref(options), _ffi.FRAMES_REPLAY_OPTIONS_VERSION)
    # Kept referenced until frames_replay returns: the library reads them during the call.
    c_engine_options = engine_options._to_c() if engine_options is not None else None
    if c_engine_options is not None:
        options.engine_options = ctypes.pointer(c_engine_options)
    options.explain_object = name
    options.explain_at_ms = when
    errors: List[BaseException] = []
    key = open_sink("transcript", transcript, errors) if transcript is not None else None
    if key is not None:
        options.transcript = WRITE_LINE
        options.transcript_user_data = key
    report = ctypes.POINTER(ctypes.c_char)()
    length = ctypes.c_size_t()
    try:
        lib.frames_replay(data, len(data), ctypes.byref(options), ctypes.byref(report), ctypes.byref(length))
    finally:
        close_sink(key)
    if errors:
        raise errors[0]
    return _report(ctypes.string_at(report, length.value).decode("utf-8"))


def _last_time(recording: bytes) -> int:
    """The latest ``now_ms`` the recording passes in: "at the end" for
    explain.  Lines that are not JSON are left to the library to refuse."""
    latest = 0
    for line in recording.split(b"\n")[1:]:
        try:
            value = json.loads(line).get("now_ms")
        except (ValueError, AttributeError):
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            latest = max(latest, value)
    return latest


def _report(text: str) -> ReplayReport:
    document: Any = json.loads(text)
    divergence = document.get("divergence")
    explained = document.get("explain")
    # The library answers {"error": "..."} for an object it cannot explain.
    failed = explained.get("error") if isinstance(explained, dict) and set(explained) == {"error"} else None
    return ReplayReport(
        result=document["result"],
        divergence=None if divergence is None else Divergence(
            line=int(divergence["line"]), expected=divergence.get("expected"), got=divergence.get("got")),
        lines=int(document["lines"]),
        matched=int(document["matched"]),
        library=str(document["library"]),
        recorded_by=str(document["recorded_by"]),
        redacted=tuple(str(item) for item in document.get("redacted", ())),
        explain=None if explained is None or failed is not None else parse_explanation(json.dumps(explained)),
        explain_error=None if failed is None else str(failed),
    )
