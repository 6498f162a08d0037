"""XC-10: the durable-state blob through the Python binding. The modules
that fill it (capping, shown-once ledgers) test their own sections; here the
envelope: export, import, refusals."""

from __future__ import annotations

import struct
import zlib

import pytest

import frames

WALL = 1_700_000_000_000


def engine() -> frames.Engine:
    return frames.Engine(b"{}", frames.EngineOptions())


def test_xc10_an_empty_engine_exports_a_blob_that_imports() -> None:
    with engine() as e:
        blob = e.export_state(now_ms=0, wall_clock_ms=WALL)
        assert blob[:4] == b"FRST"
        version, _, length, crc = struct.unpack_from("<HHII", blob, 4)
        assert version == 1 and length == len(blob) - 16 and crc == zlib.crc32(blob[16:])
    with engine() as restarted:
        restarted.import_state(blob, now_ms=5, wall_clock_ms=WALL + 60_000)


@pytest.mark.parametrize(
    "mutate, error, words",
    [
        (lambda b: b[:-1], frames.InvalidArgumentError, "truncated"),
        (lambda b: b[:10], frames.InvalidArgumentError, "shorter than"),
        (lambda b: b"PK\x03\x04" + b[4:], frames.InvalidArgumentError, "another kind"),
        (lambda b: b[:4] + b"\x02\x00" + b[6:], frames.VersionError, "newer"),
        (lambda b: b[:-1] + bytes([b[-1] ^ 1]), frames.InvalidArgumentError, "checksum"),
    ],
)
def test_xc10_xc07_a_bad_blob_is_refused_with_a_clear_error(mutate: "object", error: type, words: str) -> None:
    with engine() as e:
        blob = bytearray(e.export_state(now_ms=0, wall_clock_ms=WALL))
        blob += b"\x00"  # a non-empty payload to corrupt: a count of 0 sections is one byte already
        good = bytes(blob[:-1])
        bad = mutate(good)  # type: ignore[operator]
        with pytest.raises(error, match=words):
            e.import_state(bad, now_ms=1, wall_clock_ms=WALL)
        e.import_state(good, now_ms=2, wall_clock_ms=WALL)  # still usable


class _Presenter:
    def __init__(self) -> None:
        self.shown: "list[str]" = []

    def present(self, message: frames.Message) -> None:
        self.shown.append(message.id)

    def close(self, message_id: str) -> None:
        pass


_PUSH = {"frames_message": {"id": "ledger-entry-7", "sent_at": 1, "content": {"title": {"text": "Hi"}}}}


def test_xc10_a_payload_byte_changed_after_export_is_refused_for_its_checksum() -> None:
    # The byte changed is inside a message id of the shown-once ledger, so
    # the payload still reads as a well-formed blob: only the CRC-32 in the
    # header can tell (StateBlob.decode, Sources/FramesCore/Core/StateBlob.swift).
    presenter = _Presenter()
    with engine() as e:
        e.messages.delegate = presenter
        e.messages.handle_notification(_PUSH, now_ms=10)
        e.on_timeout(now_ms=10)
        assert presenter.shown == ["ledger-entry-7"]
        blob = e.export_state(now_ms=20, wall_clock_ms=WALL + 20)
    at = blob.index(b"ledger-entry-7", 16)
    changed = blob[:at] + b"L" + blob[at + 1:]
    with engine() as restarted:
        with pytest.raises(frames.InvalidArgumentError, match="checksum"):
            restarted.import_state(changed, now_ms=0, wall_clock_ms=WALL + 100)
        # The unchanged blob imports and its ledger holds: the refusal was the byte's.
        restarted.import_state(blob, now_ms=0, wall_clock_ms=WALL + 100)
        restarted.messages.delegate = presenter
        restarted.messages.handle_notification(_PUSH, now_ms=10)
        restarted.on_timeout(now_ms=10)
        assert presenter.shown == ["ledger-entry-7"]


def test_xc10_import_checks_its_arguments() -> None:
    with engine() as e:
        with pytest.raises(TypeError, match="blob"):
            e.import_state("FRST", now_ms=0, wall_clock_ms=WALL)  # type: ignore[arg-type]
        with pytest.raises(OverflowError, match="wall_clock_ms"):
            e.export_state(now_ms=0, wall_clock_ms=2**64)


def test_xc10_a_blob_with_the_reserved_field_set_is_refused() -> None:
    with engine() as e:
        blob = bytearray(e.export_state(now_ms=0, wall_clock_ms=WALL))
        blob[6:8] = b"\xff\xff"
        with pytest.raises(frames.InvalidArgumentError, match="reserved"):
            e.import_state(bytes(blob), now_ms=1, wall_clock_ms=WALL)


def test_xc10_il05_im03_a_refused_import_changes_nothing() -> None:
    """A lifetime cap and the shown-once ledger survive a corrupted blob."""
    from inline_backend import InlineRecorder, InlineServer, campaign, make_engine, new_view

    rec = InlineRecorder()
    rec.show_on_render_ms = 0
    server = InlineServer([campaign("once", priority=1, max_displays=1)])
    with make_engine(rec) as e:
        shown: "list[str]" = []

        class Presenter:
            def present(self, message: frames.Message) -> None:
                shown.append(message.id)

            def close(self, message_id: str) -> None:
                return None

        presenter = Presenter()
        e.messages.delegate = presenter
        first = new_view(e, rec, "first")
        first.attach(now_ms=0)
        server.pump(e, 0)
        first.release()
        e.messages.handle_notification({"frames_message": {"id": "m1", "sent_at": 1, "content": {"title": {"text": "Hi"}}}},
                              now_ms=1)
        e.on_timeout(now_ms=1)
        e.messages.report_dismissed("m1", now_ms=2)
        before = e.export_state(now_ms=4, wall_clock_ms=WALL)
        corrupted = before[:-1] + bytes([before[-1] ^ 0x55])
        with pytest.raises(frames.InvalidArgumentError, match="kept its state"):
            e.import_state(corrupted, now_ms=4, wall_clock_ms=WALL)
        assert e.export_state(now_ms=4, wall_clock_ms=WALL) == before
        # The cap holds: a new view gets nothing; the message is not shown again.
        rec.take()
        again = new_view(e, rec, "again")
        again.attach(now_ms=5)
        server.pump(e, 5)
        assert again.status is frames.InlineViewStatus.IDLE, rec.take()
        assert e.inline.explain("home", now_ms=6).candidates[0].reason.code == "capped"
        e.messages.handle_notification({"frames_message": {"id": "m1", "sent_at": 1, "content": {"title": {"text": "Hi"}}}},
                              now_ms=7)
        e.on_timeout(now_ms=7)
        assert shown == ["m1"]
