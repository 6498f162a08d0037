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


def test_xc10_import_checks_its_arguments() -> None:
    with engine() as e:
        with pytest.raises(TypeError, match="blob"):
            e.import_state("FRST", now_ms=0, wall_clock_ms=WALL)  # type: ignore[arg-type]
        with pytest.raises(OverflowError, match="wall_clock_ms"):
            e.export_state(now_ms=0, wall_clock_ms=2**64)
