"""Banner playback from Python: the engine's calls through the binding,
each beside the same foreign call made with bare ctypes (not a test).

The Python half of bench/bench_playback.c, with the same place: a
vertical-list place (width 375, spacing 8, every banner laid out) loads
N = 1,000 banners (ratios cycling 1, 1.5, 2, 3) from an in-memory transport
(VirtualClockDriver), every row's content answered, so all rows are ready.

FIGURE lines (bench/bench_stats.py), process CPU time, samples interleaved
with their floor; the floor of every figure but the last is the same C
function called through ctypes with its arguments built beforehand
(frames._ffi.address_function: no checks, no objects made):

  playback.py.set_viewport   per step of a pass of a 60 Hz scroll (600 steps
                             over the whole list, down and up by turns),
                             the Python delegate's callbacks included (they
                             fire on both sides; they only count);
  playback.py.idle_step      set_viewport with the viewport it already has;
  playback.py.rows           place.rows(), every row (one copy of the rows);
  playback.py.current_index  the cheapest engine call;
  playback.py.callback       per callback the host receives: a scroll pass
                             with the delegate set over the same pass
                             without it, divided by the callbacks.

Target: an engine call adds at most ~2 us from Python (figure - floor).

    python3 bench/bench_playback.py [--banners N] [--steps S] [--reps R]

Run by bash bench/run_playback.sh after the C benchmark (FRAMES_LIBRARY and
PYTHONPATH=bindings/python set).  Exit status 1 when the place did not load
every banner or the engine and banner_visibility disagree on what plays; 3
when a target is missed.  The garbage collector stays enabled.
"""

from __future__ import annotations

import argparse
import ctypes
import hashlib
import json
import os
import sys
import time
from typing import Callable, List, Optional, Tuple

import frames
from frames import Appearance, LayoutType, _ffi
from frames._lib import lib as _library

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_stats import figure_line, interleave, per_call_ns  # noqa: E402

LIST_URL = "https://bench.test/v1/banners"
CONTENT = b"<div>banner</div>"
WIDTH = 375.0
VIEW_HEIGHT = 800.0
RATIOS = (1.0, 1.5, 2.0, 3.0)
ADDS_US = 2.0

Viewport = Tuple[float, float, float, float]


class Counter(frames.BannerPlaceDelegate):
    """The host side: counts callbacks, nothing else."""

    def __init__(self) -> None:
        self.callbacks = 0

    def playback_changed(self, place: frames.BannerPlace, index: int, playing: bool, from_start: bool) -> None:
        self.callbacks += 1

    def shown(self, place: frames.BannerPlace, index: int, banner: frames.BannerInfo) -> None:
        self.callbacks += 1

    def analytics(self, record: frames.AnalyticsRecord) -> None:
        self.callbacks += 1


def transport(n: int) -> frames.drivers.Transport:
    digest = hashlib.sha256(CONTENT).hexdigest()
    body = json.dumps({
        "banners": [
            {"id": f"b{i}", "ratio": RATIOS[i % 4], "duration_ms": 8_000,
             "content": {"url": f"https://bench.test/c/{i}.html", "sha256": digest}}
            for i in range(n)
        ]
    }).encode()

    def answer(request: frames.Request) -> frames.drivers.Answer:
        return frames.Response(200, body if request.url == LIST_URL else CONTENT)

    return answer


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--banners", type=int, default=1000)
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--reps", type=int, default=7)
    args = parser.parse_args(argv)
    n: int = args.banners
    steps: int = args.steps
    reps: int = args.reps
    if n < 1 or steps < 2 or reps < 1:
        parser.error("--banners >= 1, --steps >= 2, --reps >= 1")

    host = Counter()
    engine = frames.Engine(b"", frames.EngineOptions(banners_url=LIST_URL), host)
    driver = frames.VirtualClockDriver(engine, transport(n))
    appearance = Appearance(layout=LayoutType.VERTICAL_LIST, max_banners_count=None)
    place = engine.new_banner_place("bench", appearance)
    place.delegate = host
    place.set_container(WIDTH, False, now_ms=0)
    place.attach(now_ms=0)
    driver.pump()

    rows = place.rows(now_ms=0)
    ready = sum(r.state == frames.RowState.READY for r in rows)
    if len(rows) != n or ready != n:
        print(f"the place laid out {len(rows)} banners of {n}, {ready} ready", file=sys.stderr)
        return 1
    rects = [r.rect for r in rows]
    travel = max(0.0, rects[-1].y + rects[-1].height - VIEW_HEIGHT)
    viewports: List[Viewport] = [(0.0, travel * i / (steps - 1), WIDTH, VIEW_HEIGHT) for i in range(steps)]
    print(f"# {n} banners, {steps} steps per pass, {reps} samples per side interleaved; "
          f"library {frames.library_version()}")

    # The bare foreign calls, their arguments built once.
    bare_viewport = _ffi.address_function(_library, "frames_banner_place_set_viewport")
    bare_rows = _ffi.address_function(_library, "frames_banner_place_get_rows")
    bare_index = _ffi.address_function(_library, "frames_banner_place_get_current_index")
    handle = place._handle
    c_viewports = [_ffi.frames_rect(*v) for v in viewports]
    viewport_addresses = [ctypes.addressof(v) for v in c_viewports]
    row_buffer = (_ffi.frames_banner_row * n)()
    out_count = ctypes.c_size_t()
    rows_address, count_address = ctypes.addressof(row_buffer), ctypes.addressof(out_count)

    clock = [1_000]  # the engine's time moves on with every pass

    def scroll(step: Callable[[int, int], object]) -> float:
        """One pass through `step(i, now)`, process CPU ns per step."""
        order = range(steps) if clock[0] // 20_000 % 2 == 0 else range(steps - 1, -1, -1)
        t0 = clock[0]
        clock[0] += 20_000
        c0 = time.process_time_ns()
        for k, i in enumerate(order):
            step(i, t0 + k * 1000 // 60)
        return (time.process_time_ns() - c0) / steps

    def py_pass() -> float:
        return scroll(lambda i, now: place.set_viewport(viewports[i], now_ms=now))

    def bare_pass() -> float:
        return scroll(lambda i, now: bare_viewport(handle, viewport_addresses[i], now))

    callbacks_counted = [0, 0]  # callbacks and passes with the delegate

    def with_delegate() -> float:
        place.delegate = host
        before = host.callbacks
        ns = scroll(lambda i, now: place.set_viewport(viewports[i], now_ms=now))
        callbacks_counted[0] += host.callbacks - before
        callbacks_counted[1] += 1
        return ns

    def without_delegate() -> float:
        place.delegate = None
        return scroll(lambda i, now: place.set_viewport(viewports[i], now_ms=now))

    results: List[Tuple[str, List[float], List[float]]] = []
    py_pass()  # warm-up
    bare_pass()
    results.append(("playback.py.set_viewport", *interleave(reps, py_pass, bare_pass)))

    # Agreement: after the last step the engine plays what the pure rule says.
    last = viewports[0] if (clock[0] // 20_000 - 1) % 2 else viewports[-1]
    state = place.rows(now_ms=clock[0] - 1)
    expected = frames.banner_visibility(rects, last)
    mismatches = sum(1 for r, e in zip(state, expected) if r.playing != e[1])

    middle = steps // 2
    now = clock[0]
    place.set_viewport(viewports[middle], now_ms=now)
    calls = (
        ("playback.py.idle_step", 200, lambda: place.set_viewport(viewports[middle], now_ms=now),
         lambda: bare_viewport(handle, viewport_addresses[middle], now)),
        ("playback.py.rows", 20, lambda: place.rows(now_ms=now),
         lambda: bare_rows(handle, now, rows_address, n, count_address)),
        ("playback.py.current_index", 20_000, lambda: place.current_index,
         lambda: bare_index(handle, count_address)),
    )
    for name, k, figure, floor in calls:
        results.append((name, *interleave(max(reps, 15), lambda: per_call_ns(figure, k), lambda: per_call_ns(floor, k))))

    with_delegate()
    passes, per_pass = interleave(reps, with_delegate, without_delegate)
    place.delegate = host
    per_step = callbacks_counted[0] / (callbacks_counted[1] * steps)
    missed = False
    for name, figure_ns, floor_ns in results:
        line, miss = figure_line(name, "us", figure_ns, "bare ctypes", floor_ns, ("excess", ADDS_US))
        print(line)
        missed |= miss
    line, miss = figure_line("playback.py.callback", "us", [p / per_step for p in passes], "no delegate",
                             [p / per_step for p in per_pass], ("excess", ADDS_US))
    print(line)
    print(f"# {per_step:.2f} callbacks per step (playback, shown, analytics)")
    missed |= miss
    if mismatches:
        print(f"ERROR: {mismatches} rows differ between the engine and banner_visibility")
        return 1
    return 3 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
