"""Replay from Python (XC-13): ``frames.replay(recording, engine_options=,
explain=, at_ms=, transcript=)`` — identical runs, a changed rule found at
the line where it first shows, and recordings that cannot be read."""

from __future__ import annotations

import json
import re
from typing import List

import pytest

import frames

from recorded_runs import failing_fetch, failing_options, inline_screen, lines_of


def test_xc13_a_recording_replays_identically_and_its_transcript_is_its_lines() -> None:
    recording = failing_fetch(attempts=2)
    transcript: List[bytes] = []
    report = frames.replay(recording, transcript=transcript.append)
    assert report == frames.ReplayReport(
        result="identical", divergence=None, lines=len(lines_of(recording)), matched=len(lines_of(recording)),
        library=frames.library_version(), recorded_by=frames.library_version(), redacted=(), explain=None)
    assert report.identical
    # Every line but the header (a replay does not write one), byte for byte.
    assert b"".join(transcript) == recording.split(b"\n", 1)[1]
    assert all(line.endswith(b"\n") and line.count(b"\n") == 1 for line in transcript)


def test_xc13_a_changed_rule_diverges_at_the_line_where_it_first_shows() -> None:
    # XC-06: recorded with two attempts, replayed with one. The replay
    # follows the recording until the first attempt fails; there the
    # recording waits for the retry, and one attempt gives up at once.
    recorded = failing_fetch(attempts=2)
    with_one = failing_fetch(attempts=1)
    report = frames.replay(recorded, engine_options=failing_options(attempts=1))
    assert not report.identical and report.result == "diverged"
    ours, theirs = lines_of(recorded), lines_of(with_one)
    # The engine-creation line differs (retry_max_attempts): replaced options are not compared.
    first = next(i for i in range(2, len(ours)) if ours[i] != theirs[i])
    assert ours[first - 1].startswith('{"call":"frames_engine_fail_request"')  # the first attempt's failure
    assert report.divergence == frames.Divergence(line=first + 1, expected=ours[first], got=theirs[first])
    assert report.matched == first and report.lines == len(ours)
    # What one attempt does at once: give up (the trace says so first when
    # logging is on, as under pytest; then the failed callback).
    assert report.divergence.got is not None
    assert re.search(r'"cb":"(trace|failed)".*(attempt 1 of 1 failed|after 1 attempt)', report.divergence.got)
    # The recorded options again: identical.
    assert frames.replay(recorded, engine_options=failing_options(attempts=2)).identical


def test_xc13_a_recording_cut_inside_a_line_is_refused_naming_that_line() -> None:
    recording = failing_fetch(attempts=2)
    lines = recording.splitlines(keepends=True)
    for line in (1, 2, len(lines) // 2, len(lines)):  # the header, the first call, a middle one, the last
        start = sum(len(text) for text in lines[:line - 1])
        for cut in (start + 1, start + len(lines[line - 1]) // 2, start + len(lines[line - 1]) - 1):
            with pytest.raises(frames.InvalidArgumentError, match=rf"^recording line {line} is cut short"):
                frames.replay(recording[:cut])


def test_xc13_a_recording_cut_at_a_line_boundary_replays_what_it_holds() -> None:
    recording = failing_fetch(attempts=2)
    lines = lines_of(recording)
    attach = next(i for i, line in enumerate(lines) if '"call":"frames_frame_attach"' in line)
    # After the call and what it made happen: a host that stopped there.
    settled = "".join(line + "\n" for line in lines[:attach + 2]).encode()
    assert lines[attach + 1].startswith('{"cb":"status_changed"')
    report = frames.replay(settled)
    assert report.identical and report.lines == attach + 2
    # Between the call and its callback: the replay writes what was cut off.
    cut = "".join(line + "\n" for line in lines[:attach + 1]).encode()
    report = frames.replay(cut)
    assert report.divergence == frames.Divergence(line=attach + 2, expected=None, got=lines[attach + 1])


@pytest.mark.parametrize("recording, error, message", [
    (b"", frames.InvalidArgumentError, "the recording is empty"),
    (b"garbage\n", frames.InvalidArgumentError, "recording line 1 is not a JSON object"),
    (b"\x89PNG\r\n\x1a\n", frames.InvalidArgumentError, "recording line 1"),
    (b'{"call":"frames_engine_new"}\n', frames.InvalidArgumentError, "recording line 1"),
    (b'{"frames_recording":2,"library":"9.0.0","redacted":[]}\n', frames.VersionError,
     "the recording has format 2; this library reads format 1"),
])
def test_xc13_what_is_not_a_recording_is_refused(recording: bytes, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        frames.replay(recording)


def test_xc13_a_line_the_library_cannot_issue_is_refused_naming_it() -> None:
    lines = lines_of(failing_fetch(attempts=2))
    lines.insert(5, '{"call":"frames_no_such_call","now_ms":0}')
    with pytest.raises(frames.InvalidArgumentError, match=r"recording line 6 calls frames_no_such_call"):
        frames.replay("".join(line + "\n" for line in lines).encode())
    newer = lines_of(failing_fetch(attempts=2))
    newer[0] = newer[0].replace('"frames_recording":1', '"frames_recording":3')
    with pytest.raises(frames.VersionError, match="format 3"):
        frames.replay("".join(line + "\n" for line in newer).encode())


def test_xc11_xc13_explain_during_a_replay_at_a_time_and_at_the_end() -> None:
    recording = inline_screen()
    times = sorted({json.loads(line)["now_ms"] for line in lines_of(recording)[1:] if '"now_ms"' in line})
    middle = times[len(times) // 2]
    report = frames.replay(recording, explain="inline:home_hero", at_ms=middle)
    assert report.identical and report.explain_error is None
    assert isinstance(report.explain, frames.Explanation)
    assert (report.explain.kind, report.explain.object, report.explain.now_ms) == (
        "inline_placement", "inline:home_hero", middle)
    # At the end: after the last call, before the engine was freed.
    at_end = frames.replay(recording, explain="inline:home_hero").explain
    assert isinstance(at_end, frames.Explanation) and at_end.now_ms == times[-1]
    assert at_end.candidate("welcome_back") is not None
    # The engine as a whole: every object it held then.
    snapshot = frames.replay(recording, explain="engine", at_ms=middle).explain
    assert isinstance(snapshot, frames.EngineSnapshot) and snapshot.find("inline:home_hero") is not None
    # An object the engine does not hold: the library's message, no explanation.
    missing = frames.replay(recording, explain="frame-9")
    assert missing.identical and missing.explain is None
    assert missing.explain_error is not None and "frame-9" in missing.explain_error
    # Explaining changes nothing the replay compares.
    assert frames.replay(recording).identical
    assert frames.replay(recording).explain is None


def test_xc13_a_transcript_writer_that_raises_is_raised_by_replay() -> None:
    def broken(line: bytes) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    with pytest.raises(BrokenPipeError):
        frames.replay(failing_fetch(attempts=1), transcript=broken)


def test_xc13_replay_arguments_are_checked() -> None:
    recording = failing_fetch(attempts=1)
    with pytest.raises(TypeError, match="recording must be bytes"):
        frames.replay(recording.decode())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at_ms says when to explain: it needs explain="):
        frames.replay(recording, at_ms=5)
    with pytest.raises(TypeError, match="engine_options must be an EngineOptions"):
        frames.replay(recording, engine_options={"retry_max_attempts": 1})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="explain must be a str"):
        frames.replay(recording, explain=3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="callable taking bytes or a binary file"):
        frames.replay(recording, transcript="out.jsonl")  # type: ignore[arg-type]
