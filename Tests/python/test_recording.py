"""Recording from Python (XC-12): ``Engine(config, record=writer,
record_redact=...)`` — the lines a writer receives, writers that fail, the
arguments' checks, and what redaction hides."""

from __future__ import annotations

import gc
import io
import json
import weakref
from pathlib import Path
from typing import List

import pytest

import frames
from frames import recording as recording_module

from recorded_runs import home_screen, lines_of, parsed

KINDS = {"call", "ret", "cb", "answer", "push"}


def scripted(engine: frames.Engine) -> None:
    """Some calls that change state, for the writers to receive."""
    engine.set_user("alice", now_ms=5)
    engine.set_app_state(frames.AppState.BACKGROUND, now_ms=10)
    engine.new_frame().set_placement("home", now_ms=12)
    engine.set_consent(False, now_ms=20)


def test_xc12_a_callable_and_a_binary_file_receive_the_same_lines_one_per_call(tmp_path: Path) -> None:
    calls: List[bytes] = []
    with frames.Engine(b"", record=calls.append) as engine:
        scripted(engine)
    path = tmp_path / "engine.jsonl"
    with open(path, "wb") as file:
        with frames.Engine(b"", record=file) as engine:
            scripted(engine)
    assert path.read_bytes() == b"".join(calls)
    assert all(type(line) is bytes and line.endswith(b"\n") and line.count(b"\n") == 1 for line in calls)
    header, *rest = parsed(b"".join(calls))
    assert header == {"frames_recording": 1, "library": frames.library_version(), "redacted": []}
    assert all(next(iter(line)) in KINDS for line in rest)
    names = [line["call"] for line in rest if "call" in line]
    assert names[0] == "frames_engine_new" and names[-1] == "frames_engine_free"
    assert "frames_engine_set_user" in names and "frames_frame_set_placement" in names
    # Pure queries are not recorded.
    with frames.Engine(b"", record=calls.append) as engine:
        before = len(calls)
        engine.next_deadline()
        assert engine.app_frames.enabled is False
        assert len(calls) == before


def test_xc12_a_writer_that_raises_stops_the_recording_and_the_call_raises_it() -> None:
    lines: List[bytes] = []

    def writer(line: bytes) -> None:
        if b"frames_engine_set_app_state" in line:
            raise OSError(28, "No space left on device")
        lines.append(line)

    engine = frames.Engine(b"", record=writer)
    engine.set_user("alice", now_ms=5)
    with pytest.raises(OSError, match="No space left"):
        engine.set_app_state(frames.AppState.BACKGROUND, now_ms=10)
    # The call itself ran; the recording stopped at the gap: nothing more.
    count = len(lines)
    engine.set_consent(False, now_ms=20)
    engine.close()
    assert len(lines) == count and engine.closed
    assert not any(b"set_consent" in line or b"frames_engine_free" in line for line in lines)


def test_xc12_a_writer_that_raises_at_once_leaves_no_engine_behind() -> None:
    def broken(line: bytes) -> None:
        raise ValueError("I/O operation on closed file")

    sinks = dict(recording_module._SINKS)
    with pytest.raises(ValueError, match="closed file"):
        frames.Engine(b"", record=broken)
    assert recording_module._SINKS == sinks
    gc.collect()
    from frames._callbacks import ENGINES

    assert all(not state.recording or state.recording in sinks for state in ENGINES.values())


def test_xc12_an_engine_closed_after_its_file_raises_once_and_is_closed(tmp_path: Path) -> None:
    with open(tmp_path / "r.jsonl", "wb") as file:
        engine = frames.Engine(b"", record=file)
        engine.set_user("alice", now_ms=5)
    with pytest.raises(ValueError, match="closed file"):
        engine.close()  # the free's line meets the closed file
    assert engine.closed
    engine.close()  # idempotent


def test_xc12_the_writer_is_held_for_the_engines_life_only() -> None:
    class Writer:
        def __init__(self) -> None:
            self.lines: List[bytes] = []

        def __call__(self, line: bytes) -> None:
            self.lines.append(line)

    writer = Writer()
    gone = weakref.ref(writer)
    engine = frames.Engine(b"", record=writer)
    del writer
    gc.collect()
    assert gone() is not None  # the engine keeps it: lines still come
    engine.set_user("alice", now_ms=1)
    engine.close()
    gc.collect()
    assert gone() is None
    unclosed = Writer()
    left = weakref.ref(unclosed)
    frames.Engine(b"", record=unclosed)  # collected at once: its finalizer frees it
    del unclosed
    gc.collect()
    assert left() is None


def test_xc12_record_and_record_redact_are_checked(tmp_path: Path) -> None:
    with open(tmp_path / "text.jsonl", "w") as text:
        with pytest.raises(TypeError, match="binary file"):
            frames.Engine(b"", record=text)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="callable taking bytes or a binary file, not int 42"):
        frames.Engine(b"", record=42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"record_redact must be a RecordRedact or a set of them"):
        frames.Engine(b"", record=io.BytesIO(), record_redact=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"RecordRedact"):
        frames.Engine(b"", record=io.BytesIO(), record_redact={"user_ids"})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="needs record="):
        frames.Engine(b"", record_redact=frames.RecordRedact.USER_IDS)
    both = io.BytesIO()
    with frames.Engine(b"", record=both, record_redact={frames.RecordRedact.USER_IDS, frames.RecordRedact.BODIES}):
        pass
    assert json.loads(lines_of(both.getvalue())[0])["redacted"] == ["user_ids", "bodies"]
    assert str(frames.RecordRedact.USER_IDS) == "user_ids"


def test_xc12_xc13_user_ids_become_pseudonyms_and_the_recording_replays_identically() -> None:
    plain = home_screen()
    redacted = home_screen(frames.RecordRedact.USER_IDS)
    assert b"alice@example.com" in plain and b"bob@example.com" in plain
    assert b"alice" not in redacted and b"bob" not in redacted
    calls = [line for line in parsed(redacted) if line.get("call") == "frames_engine_set_user"]
    assert [line["user_id"] for line in calls] == ["user-1", "user-2", "user-1"]  # in order of first sight
    # Inside request bodies too: the placements fetches say who asks.
    bodies = [line["body"] for line in parsed(redacted) if line.get("ret") == "frames_engine_poll_request"]
    assert any('"user-1"' in body for body in bodies) and not any("example.com" in body for body in bodies)
    # Only the ids changed: the rest of each line is the plain recording's.
    pseudonyms = {"alice@example.com": "user-1", "bob@example.com": "user-2"}
    expected = plain.decode()
    for user, pseudonym in pseudonyms.items():
        expected = expected.replace(user, pseudonym)
    assert lines_of(redacted)[1:] == expected.splitlines()[1:]
    report = frames.replay(redacted)
    assert report.identical and report.redacted == ("user_ids",) and report.lines == len(lines_of(redacted))


def test_xc12_xc13_a_redacted_user_bucketed_into_another_variant_diverges_at_its_request() -> None:
    # The variant is the user id's bucket (AF-13): a pseudonym has its own
    # bucket, so a replay can only report where the variant differs.
    plain = home_screen(first="dave@x.org")
    assert '"variant_id":"B"' in plain.decode()  # the user's own bucket
    report = frames.replay(home_screen(frames.RecordRedact.USER_IDS, first="dave@x.org"))
    assert not report.identical and report.divergence is not None
    assert "spring_sale_b.json" in (report.divergence.expected or "")
    assert "spring_sale_a.json" in (report.divergence.got or "")


def test_xc12_bodies_become_their_length() -> None:
    plain = parsed(home_screen())
    redacted = parsed(home_screen(frames.RecordRedact.BODIES))
    assert len(plain) == len(redacted)
    hidden = 0
    for mine, theirs in zip(plain, redacted):
        for key in ("body", "template_html", "config"):
            if key in mine:
                length = len(mine[key].encode("utf-8"))
                assert theirs[key] == {"redacted": length}, (key, mine)
                hidden += 1
    assert hidden >= 6  # the config, the requests, the answers, the template
    assert redacted[0]["redacted"] == ["bodies"]
    # Readable, and a replay says where the missing bytes matter (XC-13).
    report = frames.replay(home_screen(frames.RecordRedact.BODIES))
    assert report.redacted == ("bodies",) and not report.identical
    # The replay hides what the recording hid, so the lines compare past the
    # hidden configuration, up to the first thing it decided.
    assert report.divergence is not None and report.divergence.line > 2
