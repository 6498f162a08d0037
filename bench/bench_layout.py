"""Banner layout from Python: each layout call of the binding beside the
bare ctypes call that passes the same data (the floor), tiles at N = 1, 20,
1,000 and 100,000 banners.

Not a test: run it with `bash bench/run.sh` (see docs/performance.md,
"Python layout calls"), which sets FRAMES_LIBRARY and PYTHONPATH.

    python3 bench/bench_layout.py [--sizes N,N,...] [--reps R]
    python3 bench/bench_layout.py --instructions FIGURE N CALLS

Configuration as bench_layout.c: tiles, container 390, side inset 16,
spacing 8 (the gaps fall back to it), every banner laid out, LTR, the
ratios of bench_ratios.h (computed here with numpy, bit for bit); the
sweep lays out the same ratios at M widths 320, 322, ... (M = 50; 10 at
N >= 100,000).

Figures (FIGURE lines, bench/bench_stats.py; µs per layout, process CPU
time, figure and floor interleaved, R repetitions, default 11):

  layout.py.list.N     layout_banners(appearance, 390.0, <list>): a new
                       result each call;
  layout.py.out.N      the same with out=<the previous result> and the
                       same list (targets at N = 1 and 20: ratio <= 2);
  layout.py.out_changed.N  the same with out=, the list alternating between
                       two of the same length and other values (every call
                       packs its ratios);
  layout.py.numpy.N    layout_banners(appearance, 390.0, <numpy float64>);
  layout.py.out_numpy.N  the same with out=;
  layout.py.batch1.N   layout_banners_batch(appearance, 390.0, <list>,
                       out=<the previous batch>): one layout as a batch;
  layout.py.sweep.N    layout_banners_batch over the M widths, numpy ratios,
                       out=, per layout;
each beside the bare ctypes call of frames_layout_banners_batch with the
call block that figure's call leaves (the same appearance, widths, ratios
and output buffers, packed beforehand); and

  layout.py.batch1_vs_out.N   the one-layout batch beside the single call
                       with out= (target at N = 1 and 20: ratio <= 1);
  layout.py.vs_rule.N  layout_banners with a list and out= beside the rule
                       written in pure Python as a script would (BN-02,
                       BN-03 and BN-07 checks, Rect results) (target at
                       N = 1: ratio <= 1).

--instructions runs CALLS untimed calls of one side of one figure (FIGURE
as above without N, FIGURE.floor, or "none": an empty call) through
itertools.starmap, for
`valgrind --tool=callgrind --toggle-collect=starmap_next` (run.sh
--callgrind): the instructions of those calls alone.

Before timing, every implementation's rects are compared with the single
call's, bit for bit (exit status 1 if they differ).  The garbage collector
stays enabled.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import sys
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import frames  # noqa: E402
from frames import Appearance, LayoutType, Rect, layout_banners, layout_banners_batch  # noqa: E402
from frames import layout as _layout_module  # noqa: E402

from bench_stats import figure_line, interleave, per_call_ns  # noqa: E402

WIDTH = 390.0
INSET = 16.0
SPACING = 8.0
TARGET_SAMPLE_NS = 2e6
#: Ratio targets on the minima: figure -> (sizes it applies at, limit).
TARGETS: Dict[str, Tuple[Tuple[int, ...], float]] = {
    "out": ((1, 20), 2.0),
    "batch1_vs_out": ((1, 20), 1.0),
    "vs_rule": ((1,), 1.0),
}

_bare = _layout_module._batch


def make_ratios(n: int) -> "np.ndarray[Any, np.dtype[np.float64]]":
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


Call = Callable[[], object]


def figures(n: int) -> Tuple[Dict[str, Tuple[Call, Call, str, int]], bool]:
    """name -> (figure, floor, floor name, layouts per call) at N = n, and
    whether every implementation agreed with the single call."""
    appearance = Appearance(layout=LayoutType.TILES, max_banners_count=None, side_inset=INSET,
                            inter_item_spacing=SPACING)
    m = 10 if n >= 100_000 else 50
    ratios = make_ratios(n)
    as_list: List[float] = ratios.tolist()
    widths = np.array([320.0 + 2.0 * i for i in range(m)])

    single = layout_banners(appearance, WIDTH, as_list)
    expected = np.asarray(single.as_memoryview()).tolist()
    out = layout_banners(appearance, WIDTH, as_list)
    layout_banners(appearance, WIDTH, as_list, out=out)
    # The same ratios scaled: another list of another value in every item.
    other: List[float] = [r * 1.25 for r in as_list]
    changed = layout_banners(appearance, WIDTH, other)
    layout_banners(appearance, WIDTH, as_list, out=changed)
    lists = itertools.cycle((other, as_list))
    next_list = lists.__next__
    out_numpy = layout_banners(appearance, WIDTH, ratios)
    layout_banners(appearance, WIDTH, ratios, out=out_numpy)
    batch1 = layout_banners_batch(appearance, WIDTH, as_list)
    layout_banners_batch(appearance, WIDTH, as_list, out=batch1)
    sweep = layout_banners_batch(appearance, widths, ratios)
    rule_rects, rule_height = rule_tiles(appearance, WIDTH, as_list)
    agree = (
        np.asarray(layout_banners(appearance, WIDTH, ratios).as_memoryview()).tolist() == expected
        and np.asarray(out.as_memoryview()).tolist() == expected
        and np.asarray(changed.as_memoryview()).tolist() == expected
        and np.asarray(layout_banners(appearance, WIDTH, other, out=changed).as_memoryview()).tolist()
        == np.asarray(layout_banners(appearance, WIDTH, other).as_memoryview()).tolist()
        and np.asarray(out_numpy.as_memoryview()).tolist() == expected
        and np.asarray(batch1.as_memoryview()).tolist() == expected
        and all(np.asarray(sweep[i].as_memoryview()).tolist()
                == np.asarray(layout_banners(appearance, float(w), ratios).as_memoryview()).tolist()
                for i, w in enumerate(widths.tolist()))
        and rule_rects == list(single.rects) and rule_height == single.content_height
    )

    def bare(state: Tuple[Any, ...]) -> Call:
        # The call block a figure's call leaves, passed again as is; the
        # lambda holds the state, and with it the memory the block names.
        return lambda: _bare(state[11], state[12])

    c_appearance = appearance._c_address  # type: ignore[attr-defined]
    list_state, numpy_state = single._state, layout_banners(appearance, WIDTH, ratios)._state
    table: Dict[str, Tuple[Call, Call, str, int]] = {
        "list": (lambda: layout_banners(appearance, WIDTH, as_list), bare(list_state), "bare ctypes", 1),
        "out": (lambda: layout_banners(appearance, WIDTH, as_list, out=out), bare(out._state), "bare ctypes", 1),
        # Both sides take the next list (the floor's block is the same
        # either way: a list is true, so the call is made).
        "out_changed": (lambda: layout_banners(appearance, WIDTH, next_list(), out=changed),
                        lambda: next_list() and _bare(changed._state[11], changed._state[12]), "bare ctypes", 1),
        "numpy": (lambda: layout_banners(appearance, WIDTH, ratios), bare(numpy_state), "bare ctypes", 1),
        "out_numpy": (lambda: layout_banners(appearance, WIDTH, ratios, out=out_numpy), bare(out_numpy._state),
                      "bare ctypes", 1),
        "batch1": (lambda: layout_banners_batch(appearance, WIDTH, as_list, out=batch1),
                   lambda: _bare(c_appearance, batch1._call_base), "bare ctypes", 1),
        "sweep": (lambda: layout_banners_batch(appearance, widths, ratios, out=sweep),
                  lambda: _bare(c_appearance, sweep._call_base), "bare ctypes", m),
        "batch1_vs_out": (lambda: layout_banners_batch(appearance, WIDTH, as_list, out=batch1),
                          lambda: layout_banners(appearance, WIDTH, as_list, out=out), "layout_banners out=", 1),
    }
    if n <= 1000:
        table["vs_rule"] = (lambda: layout_banners(appearance, WIDTH, as_list, out=out),
                            lambda: rule_tiles(appearance, WIDTH, as_list), "pure Python rule", 1)
    return table, agree


def calls_per_sample(fn: Call) -> int:
    per_call = per_call_ns(fn, 1)
    calls = 1
    while calls * per_call < 2e7 and calls < 1_000_000:  # calibrate on ~20 ms
        calls *= 4
        per_call = per_call_ns(fn, calls)
    return max(1, int(TARGET_SAMPLE_NS / per_call + 0.999))


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", default="1,20,1000,100000")
    parser.add_argument("--reps", type=int, default=11)
    parser.add_argument("--instructions", nargs=3, metavar=("FIGURE", "N", "CALLS"),
                        help="run CALLS untimed calls of one side (FIGURE or FIGURE.floor) at N banners")
    args = parser.parse_args(argv)
    if args.instructions:
        name, n, calls = args.instructions[0], int(args.instructions[1]), int(args.instructions[2])
        table, agree = figures(n)
        if name == "none":  # what the loop and an empty call cost, to subtract
            fn: Call = lambda: None  # noqa: E731
        else:
            figure, floor, _, _ = table[name.removesuffix(".floor")]
            fn = floor if name.endswith(".floor") else figure
        for _ in itertools.starmap(fn, itertools.repeat((), calls)):
            pass
        return 0 if agree else 1

    from frames import _lib

    print(f"# python {sys.version.split()[0]}, numpy {np.__version__}, frames {frames.__version__}, "
          f"library {_lib.library_path}")
    status = 0
    for n in (int(s) for s in args.sizes.split(",")):
        table, agree = figures(n)
        if not agree:
            print(f"MISMATCH {n}: the implementations disagree", flush=True)
            status = 1
            continue
        for name, (figure, floor, floor_name, layouts) in table.items():
            fk, lk = calls_per_sample(figure), calls_per_sample(floor)
            reps = args.reps if n < 100_000 else max(3, args.reps // 2)
            f, b = interleave(reps, lambda: per_call_ns(figure, fk) / layouts, lambda: per_call_ns(floor, lk) / layouts)
            sizes, limit = TARGETS.get(name, ((), 0.0))
            line, missed = figure_line(f"layout.py.{name}.{n}", "us", f, floor_name, b,
                                       ("ratio", limit) if n in sizes else None)
            print(line, flush=True)
            if missed and status == 0:
                status = 3
    return status


if __name__ == "__main__":
    sys.exit(main())
