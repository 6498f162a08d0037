"""The Python benchmarks' half of bench/bench_stats.h: the interleaving of a
figure with its floor and the FIGURE line that reports them, in the same
format as the C benchmarks and bench/lib.sh:

  FIGURE <name> | <min> <unit> min, <median> median | floor <floor>: <min> min, <median> median
         | ratio <r> min, <r> median | target <text>: met|MISSED

(one line, fields separated by " | "; verdicts judged on the minima).
"""

from __future__ import annotations

import statistics
import time
from typing import Callable, List, Optional, Tuple

#: The scale of a unit from ns.
SCALE = {"ns": 1.0, "us": 1e3, "ms": 1e6}


def fmt(value: float) -> str:
    """A number as the FIGURE line writes it (bench_fmt in bench_stats.h)."""
    a = abs(value)
    return f"{value:.0f}" if a >= 100 else f"{value:.1f}" if a >= 10 else f"{value:.2f}" if a >= 1 else f"{value:.3f}"


def per_call_ns(fn: Callable[[], object], calls: int) -> float:
    """Process CPU ns per call of `calls` calls of fn."""
    c0 = time.process_time_ns()
    for _ in range(calls):
        fn()
    return (time.process_time_ns() - c0) / calls


def interleave(reps: int, figure: Callable[[], float], floor: Callable[[], float]) -> Tuple[List[float], List[float]]:
    """Samples of both sides, the figure first on even repetitions and the
    floor first on odd ones, so that a change of load falls on both."""
    f: List[float] = []
    b: List[float] = []
    for r in range(reps):
        if r % 2 == 0:
            f.append(figure())
            b.append(floor())
        else:
            b.append(floor())
            f.append(figure())
    return f, b


def figure_line(name: str, unit: str, figure: List[float], floor_name: str, floor: List[float],
                target: Optional[Tuple[str, float]] = None) -> Tuple[str, bool]:
    """The FIGURE line of samples in ns, shown in `unit`, and whether its
    target (kind "below", "ratio" or "excess", and a limit in `unit`) is
    missed."""
    s = SCALE[unit]
    fmin, fmed = min(figure) / s, statistics.median(figure) / s
    lmin, lmed = min(floor) / s, statistics.median(floor) / s
    # A floor below the clock's resolution has no ratio: say so rather than
    # divide by zero, and never count a ratio target as met on it.
    has_ratio = lmin > 0 and lmed > 0
    ratio = f"{fmin / lmin:.3f} min, {fmed / lmed:.3f} median" if has_ratio else "not measured"
    line = (f"FIGURE {name} | {fmt(fmin)} {unit} min, {fmt(fmed)} median | floor {floor_name}: {fmt(lmin)} min, "
            f"{fmt(lmed)} median | ratio {ratio} | ")
    if target is None:
        return line + "target none", False
    kind, limit = target
    if kind == "below":
        text, ok = f"< {fmt(limit)} {unit}", fmin < limit
    elif kind == "ratio":
        text, ok = f"ratio <= {limit:.2f}", has_ratio and fmin / lmin <= limit
    else:
        text, ok = f"figure - floor <= {fmt(limit)} {unit}", fmin - lmin <= limit
    return line + f"target {text}: {'met' if ok else 'MISSED'}", not ok
