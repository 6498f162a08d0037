"""Prints the engine's hot calls from Python next to the same calls from C
(the RESULT lines of bench_playback.c and bench_playback.py, process CPU
time per call) and what Python adds to each; run by bench/run_playback.sh.

    python3 bench/compare_playback.py C_OUTPUT PY_OUTPUT
"""

from __future__ import annotations

import re
import sys
from typing import Dict, Optional, Tuple

#: Python may add about this much per call (docs/performance.md).
LIMIT_US = 2.0


def main() -> int:
    values: Dict[Tuple[str, str], float] = {}
    for path in sys.argv[1:3]:
        for line in open(path):
            if line.startswith("RESULT "):
                name = line.split()[1]
                for key, value in re.findall(r"(\w+)=([-\d.]+)", line):
                    values[(name, key)] = float(value)

    def get(name: str, key: str = "median_us") -> Optional[float]:
        return values.get((name, key))

    banners = int(values.get(("c_get_rows", "banners"), 0))
    rows = [
        ("set_viewport, a scroll step (engine and callbacks)", get("c_step_cpu", "cpu_mean_us"),
         get("py_step_cpu", "cpu_mean_us"), None),
        ("set_viewport, nothing to change", get("c_idle_step"), get("py_idle_step"), get("bare_idle_step")),
        ("rows() / frames_banner_place_get_rows, every row", get("c_get_rows"), get("py_get_rows"),
         get("bare_get_rows")),
        ("current_index, the cheapest engine call", get("c_current_index"), get("py_current_index"),
         get("bare_current_index")),
    ]
    print()
    print(f"Engine calls from Python next to C, µs of process CPU per call ({banners:,} banners).")
    print("C runs in its own process; 'bare ctypes' is the same foreign call from Python with its")
    print("arguments built beforehand, in the Python process: the binding's own share is the difference.")
    print()
    print("| call | C | Python | Python - C | bare ctypes | binding over bare ctypes |")
    print("|---|---:|---:|---:|---:|---:|")
    adds: Dict[str, float] = {}
    for name, c, py, bare in rows:
        if c is None or py is None:
            print(f"| {name} | n/a | n/a | n/a | | |")
            continue
        over = "" if bare is None else f"{py - bare:+.2f}"
        bare_text = "" if bare is None else f"{bare:.2f}"
        print(f"| {name} | {c:.2f} | {py:.2f} | {py - c:+.2f} | {bare_text} | {over} |")
        if bare is not None:
            # What Python adds: the binding's share plus what ctypes itself
            # costs for the call (the bare call minus the C call's own cost
            # when the two processes ran at the same speed; never below 0).
            adds[name] = (py - bare) + max(0.0, bare - c)
    per_callback = get("py_callback")
    if per_callback is not None:
        # Measured in one Python process: the same passes with and without
        # the delegate. From C a callback is a function-pointer call.
        adds["each callback the host receives"] = per_callback
        callbacks = get("py_step_cpu", "callbacks_per_step")
        print(f"| each callback the host receives ({callbacks or 0:.2f} per step) | ~0 | | {per_callback:+.2f} | | |")
    print()
    for name, add in adds.items():
        verdict = "HOLDS" if add <= LIMIT_US else "MISSED"
        print(f"target Python adds <= ~{LIMIT_US:g} µs: {name}: {add:+.2f} µs -> {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
