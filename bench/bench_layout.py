"""ns per banner of the Python binding's layout_banners(), one batched call.

Not a test: run it with `bash bench/run.sh` (see docs/performance.md), which
sets FRAMES_LIBRARY and PYTHONPATH=bindings/python.

    python3 bench/bench_layout.py [--min-time SECONDS] [--sizes N,N,...]

Same configurations as bench_layout.c: container 390, side inset 16, spacing
8 (the tiles' gaps fall back to it), every banner laid out
(max_banners_count=None), LTR, and the same splitmix64 ratios in [0.5, 3]
(bit-identical to the C benchmark's; the content height is printed as a CHECK
line so run.sh can compare it with the C run).

Timed region: the layout_banners(...) call only, with the ratios pre-built
once as a numpy float64 array ("py_numpy") and as array('d') ("py_array").
That call includes what a Python caller always pays: argument conversion,
the ctypes call, and allocating (and zeroing) the result's rect buffer.
Reading the results is timed separately ("touch_*" lines), because
result.rects is lazy and costs nothing until it is read.

Output lines:
    RESULT <layout> <N> <impl> <median ns/banner> <min ns/banner> <samples> <calls/sample>
    CHECK  <layout> <N> <content height as float.hex>
Unlike timeit, the garbage collector stays enabled while timing.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from array import array
from typing import Any, Callable, List, Tuple

import numpy as np

import frames
from frames import Appearance, LayoutType, layout_banners

CONTAINER_WIDTH = 390.0
SIDE_INSET = 16.0
SPACING = 8.0
TARGET_SAMPLE_NS = 2e6
MIN_SAMPLES = 21


def make_ratios(n: int) -> np.ndarray:
    """The C benchmark's ratios (splitmix64 of a counter), bit for bit."""
    with np.errstate(over="ignore"):
        i = np.arange(n, dtype=np.uint64)
        z = np.uint64(0x2545F4914F6CDD1D) + (i + np.uint64(1)) * np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
    r = 0.5 + 2.5 * ((z >> np.uint64(11)).astype(np.float64) * 2.0**-53)
    r[0::16] = 2.0
    r[8::16] = 0.8
    return np.ascontiguousarray(r, dtype=np.float64)


def measure(fn: Callable[[], Any], n: int, min_time: float, min_samples: int = MIN_SAMPLES,
            max_samples: int = 100000) -> Tuple[float, float, int, int]:
    """Median and min ns per banner of fn(), K calls per sample."""
    start = time.perf_counter_ns()
    calls = 0
    while True:  # warm-up and calibration, ~50 ms
        fn()
        calls += 1
        if time.perf_counter_ns() - start >= 50_000_000:
            break
    per_call = (time.perf_counter_ns() - start) / calls
    k = max(1, int(TARGET_SAMPLE_NS / per_call + 0.999))
    samples: List[float] = []
    spent = 0
    min_ns = int(min_time * 1e9)
    loop = range(k)
    while (len(samples) < min_samples or spent < min_ns) and len(samples) < max_samples:
        t0 = time.perf_counter_ns()
        for _ in loop:
            fn()
        dt = time.perf_counter_ns() - t0
        spent += dt
        samples.append(dt / (k * n))
    return statistics.median(samples), min(samples), len(samples), k


def report(layout: str, n: int, impl: str, stats: Tuple[float, float, int, int]) -> None:
    median, minimum, count, k = stats
    print(f"RESULT {layout} {n} {impl} {median:.4f} {minimum:.4f} {count} {k}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min-time", type=float, default=0.3)
    parser.add_argument("--sizes", default="10,1000,100000,1000000")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]

    from frames import _lib  # only to print which library was loaded

    print(f"# python {sys.version.split()[0]}, numpy {np.__version__}, frames {frames.__version__}, "
          f"library {_lib.library_path} ({frames.library_version()})")
    all_ratios = make_ratios(max(sizes))
    layouts = (("tiles", LayoutType.TILES), ("vertical_list", LayoutType.VERTICAL_LIST))
    # The garbage collector stays enabled (unlike timeit): a caller's program
    # runs with it, and the binding's result buffers are only freed by it
    # (see docs/performance.md). It is run between configurations.
    for name, layout_type in layouts:
        appearance = Appearance(layout=layout_type, max_banners_count=None,
                                side_inset=SIDE_INSET, inter_item_spacing=SPACING)
        for n in sizes:
            as_numpy = all_ratios[:n].copy()
            as_array = array("d", as_numpy.tobytes())
            result = layout_banners(appearance, container_width=CONTAINER_WIDTH, ratios=as_numpy, rtl=False)
            result_a = layout_banners(appearance, container_width=CONTAINER_WIDTH, ratios=as_array, rtl=False)
            if len(result) != n or result.content_height != result_a.content_height:
                print(f"MISMATCH {name} {n}: numpy and array('d') results differ", flush=True)
                return 1
            print(f"CHECK {name} {n} {float.hex(result.content_height)}", flush=True)

            def call(ratios: Any) -> Callable[[], Any]:
                return lambda: layout_banners(appearance, container_width=CONTAINER_WIDTH, ratios=ratios, rtl=False)

            report(name, n, "py_numpy", measure(call(as_numpy), n, args.min_time))
            report(name, n, "py_array", measure(call(as_array), n, args.min_time))

            # Reading the results, outside the timed layout call.
            frames_view = result.rects  # a lazy view: O(1)
            # One Rect read.
            report(name, n, "touch_frames_last", measure(lambda: frames_view[-1], n, 0.05))
            # Every Rect built (one Python object per banner).
            report(name, n, "touch_frames_iter", measure(
                lambda: sum(1 for _ in frames_view), n, 0.1,
                min_samples=MIN_SAMPLES if n < 1_000_000 else 5, max_samples=200))
            # Zero-copy numpy view of all rects.
            report(name, n, "touch_numpy_view", measure(lambda: np.asarray(result.as_memoryview()), n, 0.05))
            del result, result_a, as_numpy, as_array, frames_view
            gc.collect()
    return 0


if __name__ == "__main__":
    sys.exit(main())
