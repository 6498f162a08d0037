"""The Python half of the layout-calls benchmark (not a test): what one
layout costs from Python, next to the same rule in pure Python and in
numpy, for tiles at N = 1, 20, 1,000 and 100,000 banners.

Run it with `bash bench/run_layout_calls.sh`, which runs the C half
(bench_layout_calls.c) on the same library first and prints one table;
see docs/performance.md, "Python layout calls".

    python3 bench/bench_layout_calls.py [--min-time SECONDS] [--sizes N,N,...]

Configuration as the C half: tiles, container 390 (the batch: the M widths
320, 322, ...), side inset 16, spacing 8, every banner laid out, LTR, the
ratios of bench_ratios.h (computed here with numpy, bit for bit).

Implementations, µs per layout:
  py_rule     the rule in pure Python as layout_banners applies it (the
              BN-03 fallbacks, the BN-07 check, the BN-02 limit, RTL, Rect
              results);
  py_pure     only the BN-05 arithmetic in pure Python (LTR, no checks,
              tuples): the leanest pure Python, for information;
  py_numpy    the same rule vectorised with numpy (an (n, 4) array);
  floor       the bare ctypes call the binding makes (prebuilt addresses,
              a warm output buffer): what ctypes itself costs;
  py_list     layout_banners(appearance, 390.0, <list>);
  py_array    layout_banners(appearance, 390.0, <numpy float64 array>);
  py_out      the same with out=<the previous result> (memory reused);
  py_batch    layout_banners_batch(appearance, <M widths>, <numpy ratios>,
              out=<the previous batch>), per layout (time / M);
  py_loop     a Python loop of M layout_banners calls, one per width,
              per layout (time / M);
  py_old      with --old-binding: an older binding's layout_banners with
              the list, on the same library (run_layout_calls.sh
              --compare-commit extracts one from git).
M is 50 (10 at N >= 100,000), as in the C half.

Before timing, every implementation's rects are compared with the
binding's, bit for bit (exit status 1 if they differ), and the content
height at 390 is printed as a CHECK line that run_layout_calls.sh compares
with the C half's.  The garbage collector stays enabled.

Output: RESULT <N> <impl> <median us> <min us> <samples> <calls/sample> <M>
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from array import array
from typing import Any, Callable, Dict, List, Tuple

import numpy as np

import frames
from frames import Appearance, LayoutType, Rect, layout_banners, layout_banners_batch
from frames import layout as _layout_module

WIDTH = 390.0
INSET = 16.0
SPACING = 8.0
TARGET_SAMPLE_NS = 2e6
MIN_SAMPLES = 21


def make_ratios(n: int) -> np.ndarray:
    """bench_ratios.h's ratios (splitmix64 of a counter), bit for bit."""
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


def _round_half_away(x: float) -> float:
    # SPEC "rounded" for x >= 0 (Python's round() rounds halves to even).
    truncated = float(int(x))
    return truncated + 1.0 if x - truncated >= 0.5 else truncated


def pure_tiles(width: float, ratios: List[float]) -> Tuple[List[Tuple[float, float, float, float]], float]:
    """The BN-05 arithmetic alone in pure Python, as lean as it gets: LTR,
    no checks, no limit, tuples (information: a floor for pure Python)."""
    cell = max(0.0, (width - INSET - INSET - SPACING) / 2)
    second = INSET + cell + SPACING
    rects: List[Tuple[float, float, float, float]] = []
    append = rects.append
    y = 0.0
    n = len(ratios)
    i = 0
    while i + 1 < n:
        first_h = _round_half_away(cell / ratios[i])
        second_h = _round_half_away(cell / ratios[i + 1])
        append((INSET, y, cell, first_h))
        append((second, y, cell, second_h))
        y += (second_h if second_h >= first_h else first_h) + SPACING
        i += 2
    if i < n:
        last = _round_half_away(cell / ratios[i])
        append((INSET, y, cell, last))
        y += last + SPACING
    return rects, (y - SPACING if n else 0.0)


def rule_tiles(appearance: Appearance, width: float, ratios: List[float], rtl: bool = False
               ) -> Tuple[List[Rect], float]:
    """What layout_banners does for tiles, written in pure Python as a
    script would: the BN-03 fallbacks, the BN-07 check of every ratio, the
    BN-02 limit, RTL, and Rect results."""
    leading = appearance.side_inset if appearance.leading_inset is None else appearance.leading_inset
    trailing = appearance.side_inset if appearance.trailing_inset is None else appearance.trailing_inset
    column = appearance.inter_item_spacing if appearance.column_spacing is None else appearance.column_spacing
    row = appearance.inter_item_spacing if appearance.row_spacing is None else appearance.row_spacing
    column = column if math.isfinite(column) and column > 0 else 0.0
    row = row if math.isfinite(row) and row > 0 else 0.0
    for i, ratio in enumerate(ratios):
        if not (ratio > 0 and math.isfinite(ratio)):
            raise ValueError(f"ratios[{i}] is {ratio}; a banner ratio must be a positive finite number")
    limit = appearance.max_banners_count
    count = len(ratios) if limit is None else min(len(ratios), max(0, limit))
    cell = max(0.0, (width - leading - trailing - column) / 2)
    first_x, second_x = leading, leading + cell + column
    if rtl:
        first_x, second_x = width - first_x - cell, width - second_x - cell
    rects: List[Rect] = []
    y = 0.0
    for i in range(0, count, 2):
        first = _round_half_away(cell / ratios[i])
        rects.append(Rect(first_x, y, cell, first))
        tallest = first
        if i + 1 < count:
            second = _round_half_away(cell / ratios[i + 1])
            rects.append(Rect(second_x, y, cell, second))
            tallest = max(first, second)
        y += tallest + row
    return rects, (y - row if count else 0.0)


def numpy_tiles(width: float, ratios: np.ndarray) -> Tuple[np.ndarray, float]:
    """BN-05 vectorised: an (n, 4) array and the content height."""
    n = len(ratios)
    cell = max(0.0, (width - INSET - INSET - SPACING) / 2)
    quotient = cell / ratios
    truncated = np.trunc(quotient)
    heights = truncated + (quotient - truncated >= 0.5)
    out = np.empty((n, 4))
    out[0::2, 0] = INSET
    out[1::2, 0] = INSET + cell + SPACING
    out[:, 2] = cell
    out[:, 3] = heights
    padded = np.zeros(2 * ((n + 1) // 2))
    padded[:n] = heights
    row_heights = np.maximum(padded[0::2], padded[1::2])
    steps = np.cumsum(row_heights + SPACING)
    tops = np.empty_like(steps)
    if len(tops):
        tops[0] = 0.0
        tops[1:] = steps[:-1]
    out[:, 1] = np.repeat(tops, 2)[:n]
    return out, (float(steps[-1] - SPACING) if n else 0.0)


def measure(impls: Dict[str, Tuple[Callable[[], Any], int]], min_time: float, min_samples: int) -> Dict[str, List[float]]:
    """Round-robin samples of every implementation; µs per layout."""
    calls_per_sample: Dict[str, int] = {}
    for name, (fn, _) in impls.items():
        start = time.perf_counter_ns()
        calls = 0
        while True:  # warm-up and calibration, ~50 ms
            fn()
            calls += 1
            if time.perf_counter_ns() - start >= 50_000_000:
                break
        per_call = (time.perf_counter_ns() - start) / calls
        calls_per_sample[name] = max(1, int(TARGET_SAMPLE_NS / per_call + 0.999))
    samples: Dict[str, List[float]] = {name: [] for name in impls}
    spent = {name: 0 for name in impls}
    names = list(impls)
    round_ = 0
    while any(len(samples[n]) < min_samples or spent[n] < min_time * 1e9 for n in names):
        for j in range(len(names)):
            name = names[(j + round_) % len(names)]
            fn, layouts = impls[name]
            k = calls_per_sample[name]
            loop = range(k)
            t0 = time.perf_counter_ns()
            for _ in loop:
                fn()
            dt = time.perf_counter_ns() - t0
            spent[name] += dt
            samples[name].append(dt / 1e3 / (k * layouts))
        round_ += 1
    for name in names:
        samples[name].sort()
        samples[name].append(float(calls_per_sample[name]))  # the last entry: K
    return samples


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--min-time", type=float, default=0.3)
    parser.add_argument("--sizes", default="1,20,1000,100000")
    parser.add_argument("--old-binding", metavar="DIR",
                        help="a directory holding an older binding as the package frames_old: "
                             "its layout_banners is timed too (py_old), the same run's reference")
    args = parser.parse_args()
    old_layout: Any = None
    old_appearance: Any = None
    if args.old_binding:
        sys.path.insert(0, args.old_binding)
        import frames_old  # type: ignore[import-not-found]

        old_layout = frames_old.layout_banners
        old_appearance = frames_old.Appearance(layout=frames_old.LayoutType.TILES, max_banners_count=None,
                                               side_inset=INSET, inter_item_spacing=SPACING)
    sizes = [int(s) for s in args.sizes.split(",")]
    from frames import _lib

    print(f"# python {sys.version.split()[0]}, numpy {np.__version__}, frames {frames.__version__}, "
          f"library {_lib.library_path}")
    appearance = Appearance(layout=LayoutType.TILES, max_banners_count=None, side_inset=INSET,
                            inter_item_spacing=SPACING)
    raw_layout = _layout_module._layout
    c_appearance = appearance._c_address  # type: ignore[attr-defined]
    status = 0
    for n in sizes:
        m = 10 if n >= 100_000 else 50
        ratios = make_ratios(n)
        as_list = ratios.tolist()
        widths = np.array([320.0 + 2.0 * i for i in range(m)])
        width_list = widths.tolist()

        # Bit-for-bit agreement before timing.
        result = layout_banners(appearance, WIDTH, ratios)
        mine = np.asarray(result.as_memoryview())
        rects, height = pure_tiles(WIDTH, as_list)
        rule_rects, rule_height = rule_tiles(appearance, WIDTH, as_list)
        vec, vec_height = numpy_tiles(WIDTH, ratios)
        batch = layout_banners_batch(appearance, widths, ratios)
        if (
            rects != [tuple(r) for r in mine.tolist()]
            or rule_rects != list(result.rects)
            or rule_height != result.content_height
            or not np.array_equal(vec, mine)
            or height != result.content_height
            or vec_height != result.content_height
            or any(np.asarray(batch[i].as_memoryview()).tolist() != layout_banners(appearance, w, ratios)
                   .as_memoryview().tolist() for i, w in enumerate(width_list))
        ):
            print(f"MISMATCH {n}: the implementations disagree", flush=True)
            status = 1
            continue
        print(f"CHECK {n} {float.hex(result.content_height)}", flush=True)

        reused = layout_banners(appearance, WIDTH, ratios)
        reused_batch = layout_banners_batch(appearance, widths, ratios)
        warm = array("d", [0.0]) * (4 * n + 2)
        warm_base = warm.buffer_info()[0]
        ratio_base = ratios.__array_interface__["data"][0]

        def loop() -> None:
            for w in width_list:
                layout_banners(appearance, w, ratios)

        impls: Dict[str, Tuple[Callable[[], Any], int]] = {
            "py_rule": (lambda: rule_tiles(appearance, WIDTH, as_list), 1),
            "py_pure": (lambda: pure_tiles(WIDTH, as_list), 1),
            "py_numpy": (lambda: numpy_tiles(WIDTH, ratios), 1),
            "floor": (lambda: raw_layout(c_appearance, WIDTH, ratio_base, n, False, warm_base, n,
                                         warm_base + 32 * n, warm_base + 32 * n + 8), 1),
            "py_list": (lambda: layout_banners(appearance, WIDTH, as_list), 1),
            "py_array": (lambda: layout_banners(appearance, WIDTH, ratios), 1),
            "py_out": (lambda: layout_banners(appearance, WIDTH, ratios, out=reused), 1),
            "py_batch": (lambda: layout_banners_batch(appearance, widths, ratios, out=reused_batch), m),
            "py_loop": (loop, m),
        }
        if old_layout is not None:
            impls["py_old"] = (lambda: old_layout(old_appearance, WIDTH, as_list), 1)
        samples = measure(impls, args.min_time, MIN_SAMPLES if n < 100_000 else 11)
        for name, values in samples.items():
            k = int(values.pop())
            median = values[len(values) // 2] if len(values) % 2 else 0.5 * (
                values[len(values) // 2 - 1] + values[len(values) // 2])
            print(f"RESULT {n} {name} {median:.4f} {values[0]:.4f} {len(values)} {k} {m}", flush=True)
        del result, reused, reused_batch, batch, warm
    return status


if __name__ == "__main__":
    sys.exit(main())
