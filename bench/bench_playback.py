"""Banner playback per scroll step from Python (not a test).

The Python half of bench/bench_playback.c, with the same configuration so
the figures compare: a vertical-list place (width 375, spacing 8, every
banner laid out) loads N = 1,000 banners (ratios cycling 1, 1.5, 2, 3) from
an in-memory transport (VirtualClockDriver), every row's content answered,
so all rows are ready.  Then a 60 Hz scroll of 10 seconds — 600
BannerPlace.set_viewport calls with a viewport 800 points high moving from
the top of the list to its bottom (down on even passes, up on odd ones) —
is timed call by call with time.perf_counter_ns.  That call is the whole
per-step work a Python host pays: the ctypes call, the engine's playback
computation, and the Python delegate's playback/show callbacks (which only
count here).

Beside it, over the same rects and viewports:
  - banner_visibility(layout_result, viewport): the library's pure 75 %
    function for the N rects through the binding (one C call, the
    LayoutResult's buffer passed as is);
  - place.rows(now): reading every row's state back (1,000 BannerRow).

    python3 bench/bench_playback.py [--banners N] [--steps S] [--reps R]

Run by bash bench/run_playback.sh (which sets FRAMES_LIBRARY and
PYTHONPATH=bindings/python) after the C benchmark.  Prints RESULT lines
(median and p95 in µs per step) and a summary; exit status 1 when the place
did not load every banner or the engine and banner_visibility disagree on
what plays.  The garbage collector stays enabled while timing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import statistics
import sys
import time
from typing import Any, List, Optional, Tuple

import frames
from frames import Appearance, LayoutType

LIST_URL = "https://bench.test/v1/banners"
CONTENT = b"<div>banner</div>"
WIDTH = 375.0
VIEW_HEIGHT = 800.0
RATIOS = (1.0, 1.5, 2.0, 3.0)


class Counter:
    """The host side: counts callbacks, nothing else."""

    def __init__(self) -> None:
        self.playbacks = 0
        self.shows = 0
        self.views = 0
        self.records = 0

    def playback(self, place: frames.BannerPlace, index: int, playing: bool, from_start: bool) -> None:
        self.playbacks += 1

    def show(self, place: frames.BannerPlace, index: int, banner: frames.BannerInfo) -> None:
        self.shows += 1

    def analytics(self, record: frames.AnalyticsRecord) -> None:
        self.records += 1
        if record.name == "banners.view":
            self.views += 1


def transport(n: int) -> Any:
    digest = hashlib.sha256(CONTENT).hexdigest()
    body = json.dumps({
        "banners": [
            {"id": f"b{i}", "ratio": RATIOS[i % 4], "duration_ms": 5_000,
             "content": {"url": f"https://bench.test/banners/{i}.html", "sha256": digest}}
            for i in range(n)
        ]
    }).encode()

    def answer(request: frames.Request) -> frames.drivers.Answer:
        if request.url == LIST_URL:
            return frames.Response(200, body)
        return frames.Response(200, CONTENT)

    return answer


def percentile(values: List[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * (len(ordered) - 1) + 0.5))]


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--banners", type=int, default=1000)
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--reps", type=int, default=5)
    args = parser.parse_args(argv)
    n, steps, reps = args.banners, args.steps, args.reps
    if n < 1 or steps < 2 or reps < 1:
        parser.error("--banners >= 1, --steps >= 2, --reps >= 1")

    host = Counter()
    engine = frames.Engine(b"", frames.EngineOptions(banners_url=LIST_URL), host)
    driver = frames.VirtualClockDriver(engine, transport(n))
    appearance = Appearance(layout=LayoutType.VERTICAL_LIST, max_banners_count=None)
    place = engine.new_banner_place("bench", appearance)
    place.delegate = host
    place.set_container(WIDTH, False, now_ms=0)
    load0 = time.perf_counter_ns()
    place.create(0)
    driver.pump()
    load_ms = (time.perf_counter_ns() - load0) / 1e6

    rows = place.rows(0)
    if len(rows) != n or any(r.state != frames.RowState.READY for r in rows):
        print(f"the place laid out {len(rows)} banners of {n}, "
              f"{sum(r.state == frames.RowState.READY for r in rows)} ready", file=sys.stderr)
        return 1
    layout = frames.layout_banners(appearance, WIDTH, [RATIOS[i % 4] for i in range(n)])
    if list(layout.rects) != [r.rect for r in rows]:
        print("the place's rects differ from layout_banners()", file=sys.stderr)
        return 1
    content_height = rows[-1].rect.y + rows[-1].rect.height
    travel = max(0.0, content_height - VIEW_HEIGHT)
    viewports: List[Tuple[float, float, float, float]] = [
        (0.0, travel * i / (steps - 1), WIDTH, VIEW_HEIGHT) for i in range(steps)
    ]

    # Warm-up: one untimed pass of every variant.
    for v in viewports[::10]:
        place.set_viewport(v, 1)
        frames.banner_visibility(layout, v)
    host.playbacks = 0

    t_engine: List[float] = []
    t_vis: List[float] = []
    t_rows: List[float] = []
    mismatches = 0
    step_playbacks = 0  # during the timed set_viewport steps only (as the C run counts)
    step_callbacks = 0  # every callback of the timed steps: playback, show, analytics
    cpu_steps = 0.0
    clock = time.perf_counter_ns
    for rep in range(reps):
        order = viewports if rep % 2 == 0 else viewports[::-1]
        t0 = 1_000 + rep * 20_000
        before = host.playbacks
        shows_before = host.shows
        records_before = host.records
        c0 = time.process_time_ns()
        for i, v in enumerate(order):
            now = t0 + i * 1000 // 60
            a = clock()
            place.set_viewport(v, now)
            t_engine.append((clock() - a) / 1e3)
        cpu_steps += (time.process_time_ns() - c0) / 1e3
        step_playbacks += host.playbacks - before
        step_callbacks += host.playbacks - before + host.shows - shows_before + host.records - records_before
        for v in order:
            a = clock()
            frames.banner_visibility(layout, v)
            t_vis.append((clock() - a) / 1e3)
        # rows() is slower; time it on every 10th step, and check agreement
        for i, v in enumerate(order[::10]):
            now = t0 + 20_000 - 1
            place.set_viewport(v, now)
            a = clock()
            state = place.rows(now)
            t_rows.append((clock() - a) / 1e3)
            expected = frames.banner_visibility(layout, v)
            mismatches += sum(1 for r, e in zip(state, expected) if r.playing != e[1])

    # What one callback costs from Python: passes after the first (only
    # playback callbacks then), with and without the delegate, alternately
    # in this process; the engine's work is the same, and from C a callback
    # is a function-pointer call.
    per_callback: List[float] = []
    for pair in range(max(4, reps)):
        order = viewports if pair % 2 == 0 else viewports[::-1]
        cpu = {}
        calls = 0
        for with_delegate in (True, False):
            place.delegate = host if with_delegate else None
            t0 = 200_000 + pair * 40_000 + (0 if with_delegate else 20_000)
            before = host.playbacks
            c0 = time.process_time_ns()
            for i, v in enumerate(order):
                place.set_viewport(v, t0 + i * 1000 // 60)
            cpu[with_delegate] = (time.process_time_ns() - c0) / 1e3
            if with_delegate:
                calls = host.playbacks - before
        if calls:
            per_callback.append((cpu[True] - cpu[False]) / calls)
    place.delegate = host
    print(f"RESULT py_callback banners={n} median_us={statistics.median(per_callback):.3f} "
          f"samples={len(per_callback)}")

    # Per-call CPU costs, as bench_playback.c measures them (median of 31
    # samples of K calls): the step with nothing to change, rows(), and the
    # cheapest engine call.
    now = 1_000 + reps * 20_000
    middle = viewports[steps // 2]
    place.set_viewport(middle, now)
    # The bare foreign calls with arguments built beforehand, in this
    # process: what the binding adds on top of ctypes itself.
    import ctypes
    from frames import _ffi
    from frames._lib import lib as _library
    bare_viewport = _ffi.address_function(_library, "frames_banner_place_set_viewport")
    bare_rows = _ffi.address_function(_library, "frames_banner_place_get_rows")
    bare_index = _ffi.address_function(_library, "frames_banner_place_get_current_index")
    handle = place._handle
    c_middle = _ffi.frames_rect(*middle)
    row_buffer = (_ffi.frames_banner_row * n)()
    out_count = ctypes.c_size_t()
    middle_address, rows_address = ctypes.addressof(c_middle), ctypes.addressof(row_buffer)
    count_address = ctypes.addressof(out_count)
    per_call = {}
    for name, fn, calls in (
        ("py_idle_step", lambda: place.set_viewport(middle, now), 200),
        ("bare_idle_step", lambda: bare_viewport(handle, middle_address, now), 200),
        ("py_get_rows", lambda: place.rows(now), 20),
        ("bare_get_rows", lambda: bare_rows(handle, now, rows_address, n, count_address), 20),
        ("py_current_index", lambda: place.current_index, 20_000),
        ("bare_current_index", lambda: bare_index(handle, count_address), 20_000),
    ):
        samples = []
        for _ in range(31):
            c0 = time.process_time_ns()
            for _ in range(calls):
                fn()
            samples.append((time.process_time_ns() - c0) / 1e3 / calls)
        per_call[name] = (statistics.median(samples), percentile(samples, 0.95))
    for name, (median, p95) in per_call.items():
        print(f"RESULT {name} banners={n} median_us={median:.3f} p95_us={p95:.3f}")
    print(f"RESULT py_step_cpu banners={n} cpu_mean_us={cpu_steps / len(t_engine):.3f} "
          f"callbacks_per_step={step_callbacks / len(t_engine):.3f}")

    e50, e95 = statistics.median(t_engine), percentile(t_engine, 0.95)
    v50, v95 = statistics.median(t_vis), percentile(t_vis, 0.95)
    r50, r95 = statistics.median(t_rows), percentile(t_rows, 0.95)
    print(f"RESULT py_set_viewport banners={n} steps={len(t_engine)} median_us={e50:.2f} p95_us={e95:.2f}")
    print(f"RESULT py_banner_visibility banners={n} steps={len(t_vis)} median_us={v50:.2f} p95_us={v95:.2f}")
    print(f"RESULT py_rows banners={n} calls={len(t_rows)} median_us={r50:.2f} p95_us={r95:.2f}")
    print(f"RESULT py_callbacks playbacks={step_playbacks} shows={host.shows} views={host.views} "
          f"content_height={content_height:.0f} mismatches={mismatches}")
    print(f"RESULT py_load banners={n} load_ms={load_ms:.2f} (create, list and every content answer, untimed above)")
    print()
    print(f"{n} banners, {steps} steps x {reps} passes (60 Hz, viewport {VIEW_HEIGHT:.0f} high, "
          f"{travel:.0f} points of travel); Python {platform.python_version()}, "
          f"library {frames.library_version()} ({os.environ.get('FRAMES_LIBRARY', 'default search')})")
    print(f"  place.set_viewport (engine + ctypes + Python callbacks): median {e50:8.2f} us, p95 {e95:8.2f} us per step")
    print(f"  banner_visibility (pure, {n} rects, one C call):        median {v50:8.2f} us, p95 {v95:8.2f} us per step")
    print(f"  place.rows() ({n} BannerRow objects):                  median {r50:8.2f} us, p95 {r95:8.2f} us per call")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
