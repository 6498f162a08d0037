"""Inline messages from Python (not a test): the Python half of
bench/bench_inline.c, with the same scenario, each call beside the same C
function called through bare ctypes with its arguments built beforehand
(frames._ffi.address_function: no checks, no objects made).

FIGURE lines (bench/bench_stats.py), process CPU time, samples interleaved
with their floor:

  inline.py.event      Engine.inline.track_event against 1,000 campaigns over
                       100 placement keys, steady state (every view already
                       shows its best campaign);
  inline.py.bridge     one bridge message round trip:
                       InlineView.report_bridge_message of a getComponentSize
                       call to the Python delegate's ``reply`` (the reply
                       reaches Python on both sides);
  inline.py.import     Engine.import_state of 10,000 capping ledgers;
  inline.py.export     Engine.export_state of the same ledgers.

No target of their own (the targets are the C figures'): the ratio is what
the binding adds to the C call.

    python3 bench/bench_inline.py [--reps R]

Run by bash bench/run_inline.sh (FRAMES_LIBRARY and PYTHONPATH set).  Exit
status 1 when the scenario does not reach the state it measures or an
export differs from the blob imported.
"""

from __future__ import annotations

import argparse
import ctypes
import hashlib
import json
import os
import struct
import sys
import zlib
from typing import Any, List, Optional, Tuple

import frames
from frames import _ffi
from frames._lib import lib as _library

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_stats import figure_line, interleave, per_call_ns  # noqa: E402

INLINE_URL = "https://bench.test/v1/inline"
CONTENT = b'{"template":{"html":"<p>inline message</p>"}}'
KEYS, PER_KEY, EVENTS = 100, 10, 10
WALL = 1_714_600_000_000


def campaigns() -> bytes:
    sha = hashlib.sha256(CONTENT).hexdigest()
    items: List[Any] = []
    for k in range(KEYS):
        for j in range(PER_KEY):
            c: Any = {"id": f"c{k:03d}_{j}", "placement_key": f"k{k:03d}",
                      "capping": {"max_displays": 3, "period_ms": 86_400_000},
                      "starts_at": 1_714_500_000_000, "ends_at": 1_814_600_000_000,
                      "content": {"url": "https://bench.test/inline/content.json", "sha256": sha}}
            if j < 4:
                c.update(trigger="automatic", priority=5 + j)
            elif j < 6:
                c.update(trigger="on_demand", priority=10 + j)
            else:
                c.update(trigger="event", event=f"evt_{(k + j - 6) % EVENTS}", priority=j - 5)
            items.append(c)
    return json.dumps({"server_time": WALL, "campaigns": items}).encode()


class Host(frames.InlineViewDelegate):
    """The host side: shows what it is given, counts replies."""

    def __init__(self) -> None:
        self.replies = 0
        self.renders = 0

    def render(self, view: frames.InlineView, content: frames.InlineContent) -> None:
        self.renders += 1
        view.report_content_shown(now_ms=1)

    def reply(self, view: frames.InlineView, text: str) -> None:
        self.replies += 1


def ledger_blob() -> bytes:
    """100 users x 100 campaigns, two display times each (bench_inline.c's)."""
    def varint(v: int) -> bytes:
        out = bytearray()
        while v >= 0x80:
            out.append((v & 0x7F) | 0x80)
            v >>= 7
        out.append(v)
        return bytes(out)

    def string(s: str) -> bytes:
        return varint(len(s)) + s.encode()

    payload = bytearray(varint(100))
    for u in range(100):
        payload += string("inline.caps") + b"\x01" + string(f"user-{u:03d}") + varint(100)
        for c in range(100):
            payload += string(f"campaign-{c:03d}") + varint(2)
            for t in range(2):
                v = WALL + (u * 1000 + c * 10 + t) * 1000
                payload += varint((v << 1) ^ (v >> 63))
    return b"FRST" + struct.pack("<HHII", 1, 0, len(payload), zlib.crc32(bytes(payload))) + bytes(payload)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--reps", type=int, default=9, help="samples per side (default 9)")
    reps: int = parser.parse_args(argv).reps
    if reps < 1:
        parser.error("--reps >= 1")

    host = Host()
    engine = frames.Engine(b"", frames.EngineOptions(inline_url=INLINE_URL))
    views = []
    for k in range(KEYS):
        view = engine.new_inline_view(f"k{k:03d}")
        view.delegate = host
        view.set_size(343, 120, now_ms=1)
        view.attach(now_ms=1)
        views.append(view)
    document = campaigns()
    while (request := engine.poll_request()) is not None:
        body = document if request.url == INLINE_URL else CONTENT
        engine.complete_request(request.id, 200, body=body, now_ms=1)
    if host.renders != KEYS:
        print(f"bench_inline.py: {host.renders} renders, expected {KEYS}", file=sys.stderr)
        return 1
    names = [f"evt_{e}" for e in range(EVENTS)]
    for name in names:  # the first firing: replacements
        engine.inline.track_event(name, now_ms=1)
    renders = host.renders

    bare_event = _ffi.address_function(_library, "frames_inline_track_event")
    bare_bridge = _ffi.address_function(_library, "frames_inline_view_report_bridge_message")
    bare_import = _ffi.address_function(_library, "frames_engine_import_state")
    bare_export = _ffi.address_function(_library, "frames_engine_export_state")
    handle = engine._state.handle
    view0, view0_handle = views[0], views[0]._handle
    encoded_names = [n.encode() for n in names]
    messages = [f'{{"v":1,"id":{i + 1},"method":"getComponentSize"}}' for i in range(1024)]
    encoded_messages = [m.encode() for m in messages]
    counter = [0]

    def event() -> None:
        counter[0] += 1
        engine.inline.track_event(names[counter[0] % EVENTS], now_ms=1)

    def event_bare() -> None:
        counter[0] += 1
        bare_event(handle, encoded_names[counter[0] % EVENTS], None, 1)

    def bridge() -> None:
        counter[0] += 1
        view0.report_bridge_message(messages[counter[0] % 1024], now_ms=1)

    def bridge_bare() -> None:
        counter[0] += 1
        m = encoded_messages[counter[0] % 1024]
        bare_bridge(view0_handle, m, len(m), 1)

    results: List[Tuple[str, str, List[float], List[float]]] = []
    for name, unit, calls, figure, floor in (("inline.py.event", "us", 2_000, event, event_bare),
                                             ("inline.py.bridge", "us", 5_000, bridge, bridge_bare)):
        per_call_ns(figure, calls // 10)  # warm-up
        per_call_ns(floor, calls // 10)
        results.append((name, unit, *interleave(reps, lambda: per_call_ns(figure, calls),
                                                lambda: per_call_ns(floor, calls))))
    if host.renders != renders:
        print("bench_inline.py: steady-state events changed content", file=sys.stderr)
        return 1
    engine.close()

    blob = ledger_blob()
    with frames.Engine(b"", frames.EngineOptions()) as state_engine:
        state = state_engine._state.handle
        out_p = ctypes.c_void_p()
        out_len = ctypes.c_size_t()
        out_p_address, out_len_address = ctypes.addressof(out_p), ctypes.addressof(out_len)

        def import_py() -> None:
            state_engine.import_state(blob, now_ms=1, wall_clock_ms=WALL)

        def import_bare() -> None:
            bare_import(state, blob, len(blob), 1, WALL)

        def export_py() -> None:
            state_engine.export_state(now_ms=1, wall_clock_ms=WALL)

        def export_bare() -> None:
            bare_export(state, 1, WALL, out_p_address, out_len_address)

        import_py()
        if state_engine.export_state(now_ms=1, wall_clock_ms=WALL) != blob:
            print("bench_inline.py: the export is not the imported blob", file=sys.stderr)
            return 1
        for name, figure, floor in (("inline.py.import", import_py, import_bare),
                                    ("inline.py.export", export_py, export_bare)):
            results.append((name, "ms", *interleave(reps, lambda: per_call_ns(figure, 5),
                                                    lambda: per_call_ns(floor, 5))))

    for name, unit, figure_ns, floor_ns in results:
        print(figure_line(name, unit, figure_ns, "bare ctypes", floor_ns)[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
