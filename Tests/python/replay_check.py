"""Every engine the suite creates is recorded and must replay identically
(XC-12, XC-13): conftest's autouse fixture installs :func:`recording_engines`
around each test and calls :meth:`EngineRecordings.check` at its end.

The suite drives engines through every module, every callback and the odd
edge (errors, closing inside callbacks, pushes from other threads), far
more than the replay's own tests do; a recording that does not replay
identically is a bug of the recording or of the replay, found where it
happens.  A test opts out with ``@pytest.mark.no_replay_check("why")``.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Iterator, List, Optional

import pytest

import frames
import frames.engine

__all__ = ["EngineRecordings", "recording_engines"]


class EngineRecordings:
    """The recordings of the engines made during one test, each a list of
    lines, in the order the engines were made."""

    def __init__(self) -> None:
        self.recordings: List[List[bytes]] = []

    def check(self, test: str) -> None:
        """Replays every recording; fails naming the engine and the first
        difference."""
        problems = []
        for number, lines in enumerate(self.recordings, 1):
            if len(lines) < 2:  # refused before the engine existed: nothing to replay
                continue
            recording = b"".join(lines)
            try:
                report = frames.replay(recording)
            except frames.FramesError as error:
                problems.append(f"engine {number}: the recording cannot be replayed: {error}")
                continue
            if not report.identical:
                assert report.divergence is not None
                problems.append(
                    f"engine {number}: diverged at line {report.divergence.line} of {report.lines}\n"
                    f"    expected: {report.divergence.expected}\n    got:      {report.divergence.got}")
        if problems:
            pytest.fail(f"{test}: a recorded engine does not replay identically (XC-13):\n  " + "\n  ".join(problems),
                        pytrace=False)


@functools.lru_cache(maxsize=None)
def _original_init() -> Callable[..., None]:
    init: Callable[..., None] = frames.engine.Engine.__init__
    return init


def recording_engines(monkeypatch: pytest.MonkeyPatch) -> Iterator[EngineRecordings]:
    """Records every Engine made while it is active, unless the test asks
    for a recording of its own (``record``, ``record_redact``)."""
    found = EngineRecordings()
    original = _original_init()

    @functools.wraps(original)
    def init(self: Any, *args: Any, record: Optional[Any] = None, **kwargs: Any) -> None:
        if record is None and "record_redact" not in kwargs:  # a test that records says so
            lines: List[bytes] = []
            found.recordings.append(lines)
            record = lines.append
        original(self, *args, record=record, **kwargs)

    monkeypatch.setattr(frames.engine.Engine, "__init__", init)
    yield found
