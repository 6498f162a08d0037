"""Diagnostic for docs/performance.md ("Banner layout", "What limits it"):
compares frames.layout_banners() as shipped with the same C call made with
the rect buffer cast by address (no ctypes reference cycle), and counts the
page faults per call. Not a test; reaches into the binding's private modules.

    FRAMES_LIBRARY=.build/release/libframes.so PYTHONPATH=bindings/python \\
        python3 bench/probe_py_buffer.py
"""

from __future__ import annotations

import ctypes
import gc
import os
import resource
import sys
import time
from typing import Any, Callable, Dict, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_layout import make_ratios  # noqa: E402
from frames import Appearance, LayoutType, layout_banners  # noqa: E402
from frames import _ffi  # noqa: E402
from frames._lib import lib  # noqa: E402
from frames._ratios import as_double_buffer  # noqa: E402

ROW = ctypes.c_double * 4
RECT_P = ctypes.POINTER(_ffi.frames_rect)


def direct(appearance: Appearance, width: float, ratios: Any, by_address: bool) -> Tuple[Any, float]:
    buffer = as_double_buffer(ratios)
    n = buffer.length
    count, height = ctypes.c_size_t(), ctypes.c_double()
    rows = (ROW * n)()
    out = ctypes.cast(ctypes.addressof(rows), RECT_P) if by_address else ctypes.cast(rows, RECT_P)
    lib.frames_layout_banners(appearance, width, buffer.pointer, n, False, out, n,
                              ctypes.byref(count), ctypes.byref(height))
    return rows, height.value


def main() -> None:
    rows = (ROW * 4)()
    ctypes.cast(rows, RECT_P)
    objects: Dict[Any, Any] = dict(rows._objects or {})  # typeshed says int values; they are the kept objects
    cyclic = any(v is rows for v in objects.values())
    print(f"ctypes.cast(rows, ...) puts rows in its own _objects (a cycle): {cyclic}")
    appearance = Appearance(layout=LayoutType.VERTICAL_LIST, max_banners_count=None,
                            side_inset=16, inter_item_spacing=8)
    for n in (1000, 100000, 1000000):
        ratios = make_ratios(n)
        variants: Tuple[Tuple[str, Callable[[], object]], ...] = (
            ("layout_banners (as shipped)", lambda: layout_banners(appearance, 390.0, ratios)),
            ("direct call, cast(rows)", lambda: direct(appearance, 390.0, ratios, False)),
            ("direct call, cast(addressof(rows))", lambda: direct(appearance, 390.0, ratios, True)),
        )
        for name, fn in variants:
            gc.collect()
            calls = max(5, 300000 // n)
            fn()
            times = []
            before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
            for _ in range(calls):
                t0 = time.perf_counter_ns()
                fn()
                times.append((time.perf_counter_ns() - t0) / n)
            faults = (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / calls
            times.sort()
            print(f"N={n:>9,} {name:36} median {times[len(times) // 2]:6.1f} ns/banner, "
                  f"{faults:8.1f} page faults/call ({n * 32 / 4096:.1f} pages written)")


if __name__ == "__main__":
    main()
