"""Inline messages from Python (not a test): the Python half of
bench/bench_inline.c, with the same scenario so the figures compare.

  A. an event trigger against 1,000 campaigns over 100 placement keys,
     steady state (every view already shows its best campaign):
     Engine.track_event;
  B. one bridge message round trip: InlineView.handle_message of a
     getComponentSize call to the Python delegate's ``reply``;
  C. Engine.import_state / export_state of 10,000 capping ledgers.

Each timed in a loop with time.perf_counter_ns; the median of 5 repetitions
is printed beside the C targets (the Python figures have no target of their
own; B is reported as the brief asks).  Run by bash bench/run_inline.sh.
"""

from __future__ import annotations

import hashlib
import json
import statistics
import struct
import sys
import time
import zlib
from typing import Any, List

import frames

INLINE_URL = "https://bench.test/v1/inline"
CONTENT = b'{"template":{"html":"<p>inline message</p>"}}'
KEYS, PER_KEY, EVENTS = 100, 10, 10


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
    return json.dumps({"server_time": 1_714_600_000_000, "campaigns": items}).encode()


class Host(frames.InlineViewDelegate, frames.InlineDelegate):
    def __init__(self) -> None:
        self.replies = 0
        self.renders = 0

    def render(self, view: frames.InlineView, content: frames.InlineContent) -> None:
        self.renders += 1
        view.content_shown(1)

    def reply(self, view: frames.InlineView, text: str) -> None:
        self.replies += 1


def ledger_blob() -> bytes:
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
                v = 1_714_600_000_000 + (u * 1000 + c * 10 + t) * 1000
                payload += varint((v << 1) ^ (v >> 63))
    return b"FRST" + struct.pack("<HHII", 1, 0, len(payload), zlib.crc32(bytes(payload))) + bytes(payload)


def main() -> int:
    document = campaigns()
    blob = ledger_blob()
    event_us: List[float] = []
    bridge_us: List[float] = []
    import_ms: List[float] = []
    export_ms: List[float] = []
    for _ in range(5):
        host = Host()
        engine = frames.Engine(b"", frames.EngineOptions(inline_url=INLINE_URL))
        engine.inline_delegate = host
        views = []
        for k in range(KEYS):
            view = engine.new_inline_view(f"k{k:03d}")
            view.delegate = host
            view.set_size(343, 120, now_ms=1)
            view.attach(1)
            views.append(view)
        while (request := engine.poll_request()) is not None:
            body = document if request.url == INLINE_URL else CONTENT
            engine.complete_request(request.id, 200, body=body, now_ms=1)
        if host.renders != KEYS:
            print(f"bench_inline.py: {host.renders} renders, expected {KEYS}", file=sys.stderr)
            return 1
        names = [f"evt_{e}" for e in range(EVENTS)]
        for name in names:  # the first firing: replacements
            engine.track_event(name, now_ms=1)
        before = host.renders
        n = 5_000
        start = time.perf_counter_ns()
        for i in range(n):
            engine.track_event(names[i % EVENTS], now_ms=1)
        event_us.append((time.perf_counter_ns() - start) / n / 1e3)
        assert host.renders == before
        messages = [f'{{"v":1,"id":{i + 1},"method":"getComponentSize"}}' for i in range(1024)]
        n = 20_000
        view0 = views[0]
        start = time.perf_counter_ns()
        for i in range(n):
            view0.handle_message(messages[i % 1024], now_ms=1)
        bridge_us.append((time.perf_counter_ns() - start) / n / 1e3)
        assert host.replies == n
        engine.close()

        with frames.Engine(b"", frames.EngineOptions()) as state_engine:
            start = time.perf_counter_ns()
            state_engine.import_state(blob, now_ms=1, wall_clock_ms=1_714_600_000_000)
            import_ms.append((time.perf_counter_ns() - start) / 1e6)
            start = time.perf_counter_ns()
            out = state_engine.export_state(now_ms=2, wall_clock_ms=1_714_600_000_001)
            export_ms.append((time.perf_counter_ns() - start) / 1e6)
            assert out[16:] == blob[16:]

    print(f"RESULT py_inline_event_us={statistics.median(event_us):.2f}")
    print(f"RESULT py_inline_bridge_round_trip_us={statistics.median(bridge_us):.2f}")
    print(f"RESULT py_inline_state_import_ms={statistics.median(import_ms):.3f} "
          f"export_ms={statistics.median(export_ms):.3f}")
    print()
    print(f"{'Python (median of 5)':58} {'libframes':>12}")
    print(f"{'A2 Engine.track_event, 1,000 campaigns / 100 keys':58} {statistics.median(event_us):9.2f} us")
    print(f"{'B  InlineView.handle_message round trip (reply in Python)':58} {statistics.median(bridge_us):9.2f} us")
    print(f"{'C  Engine.import_state, 10,000 ledgers':58} {statistics.median(import_ms):9.3f} ms")
    print(f"{'C  Engine.export_state, 10,000 ledgers':58} {statistics.median(export_ms):9.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
