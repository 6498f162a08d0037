#!/usr/bin/env bash
# Banner layout benchmark (not a test; never run by the test suite).
# `bash bench/run.sh frames [...]` runs the App Frames engine benchmark
# instead (bench/run_frames.sh), `bash bench/run.sh calls [...]` the layout
# calls benchmark (bench/run_layout_calls.sh).
# `bash bench/run.sh messages [...]` the modal
# messages benchmark (bench/run_messages.sh), `bash bench/run.sh recording
# [...]` the recording benchmark (bench/run_recording.sh).
#
#   bash bench/run.sh [--repeat R] [--min-time SECONDS] [--sizes N,N,...] [--strict] [--keep DIR]
#
# Builds libframes (swift build -c release --product frames; falls back to a
# CMake build/libframes.so.1 only if the SwiftPM build fails), compiles the C
# benchmark with gcc -O2, runs it (plain C reference vs libframes through
# dlopen, with a bit-for-bit check of the rects), then the Python benchmark
# through bindings/python, and prints one table, median ns per banner:
#
#   layout | N | plain C -O2 | libframes from C | ratio | Python batched | ratio to C-lib
#
# and whether the targets hold at N = 100,000: libframes from C <= 1.5x the
# plain C loop, the Python batched call <= 2x libframes from C. With
# --repeat R the whole C + Python sequence runs R times; the table shows the
# median of the R medians and the spread (min..max of the R medians).
# --strict exits 3 when a target is missed (otherwise timing never fails).
# --keep DIR copies the raw outputs (RESULT lines with min, samples, K) there.
# Set FRAMES_LIBRARY=/path/libframes.so to skip the build and use that file.
# See docs/performance.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [ "${1:-}" = frames ]; then
    shift
    exec bash "$ROOT/bench/run_frames.sh" "$@"
fi
if [ "${1:-}" = calls ]; then
    shift
    exec bash "$ROOT/bench/run_layout_calls.sh" "$@"
elif [ "${1:-}" = recording ]; then
    shift
    exec bash "$ROOT/bench/run_recording.sh" "$@"
elif [ "${1:-}" = messages ]; then
    shift
    exec bash "$ROOT/bench/run_messages.sh" "$@"
fi

REPEAT=1
MIN_TIME=0.3
SIZES=10,1000,100000,1000000
STRICT=0
KEEP=
while [ $# -gt 0 ]; do
    case "$1" in
        --repeat) REPEAT="$2"; shift 2 ;;
        --min-time) MIN_TIME="$2"; shift 2 ;;
        --sizes) SIZES="$2"; shift 2 ;;
        --strict) STRICT=1; shift ;;
        --keep) KEEP="$2"; shift 2 ;;
        -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/frames-bench.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

NAME=run.sh
source "$ROOT/bench/lib.sh"
bench_find_library
# The benchmarks dlopen the file by path, so the soname (libframes.so.1)
# needs no symlink; the same file is loaded from C and from Python.

# --- the C benchmark ------------------------------------------------------------
gcc $CFLAGS_BENCH -I"$ROOT/include" "$ROOT/bench/bench_layout.c" "$ROOT/bench/layout_ref.c" \
    -o "$WORK/bench_layout" -ldl -lm

# --- machine --------------------------------------------------------------------
bench_print_machine
echo "# python:  $(python3 --version 2>&1)"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"

HAVE_PY=1
if [ ! -f "$ROOT/bindings/python/frames/__init__.py" ]; then
    echo "# bindings/python/frames is missing: Python columns are n/a" >&2
    HAVE_PY=0
elif ! python3 -c "import numpy" 2>/dev/null; then
    echo "# numpy is not importable: Python columns are n/a" >&2
    HAVE_PY=0
fi

C_STATUS=0
PY_STATUS=0
for r in $(seq 1 "$REPEAT"); do
    echo "# run $r/$REPEAT: C benchmark" >&2
    if ! "$WORK/bench_layout" --min-time "$MIN_TIME" --sizes "$SIZES" "$LIB" >"$WORK/c.$r.txt"; then
        C_STATUS=1
    fi
    if [ "$HAVE_PY" = 1 ]; then
        echo "# run $r/$REPEAT: Python benchmark" >&2
        if ! FRAMES_LIBRARY="$LIB" PYTHONPATH="$ROOT/bindings/python${PYTHONPATH:+:$PYTHONPATH}" \
            python3 "$ROOT/bench/bench_layout.py" --min-time "$MIN_TIME" --sizes "$SIZES" >"$WORK/py.$r.txt"; then
            PY_STATUS=1
        fi
    fi
done
echo "# load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "$KEEP" ]; then
    mkdir -p "$KEEP" && cp "$WORK"/c.*.txt "$KEEP"/ && { cp "$WORK"/py.*.txt "$KEEP"/ 2>/dev/null || true; }
    echo "# raw outputs kept in $KEEP"
fi

python3 - "$WORK" "$REPEAT" "$HAVE_PY" "$STRICT" "$C_STATUS" "$PY_STATUS" <<'EOF'
import os, statistics, sys

work, repeat, have_py, strict, c_status, py_status = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", \
    sys.argv[4] == "1", int(sys.argv[5]), int(sys.argv[6])
results = {}   # (layout, n, impl) -> [median per run]
mins = {}      # (layout, n, impl) -> [min per run]
checks = {}    # (source, layout, n) -> content height
mismatch = []
for r in range(1, repeat + 1):
    for source in ("c", "py"):
        path = os.path.join(work, f"{source}.{r}.txt")
        if not os.path.exists(path):
            continue
        for line in open(path):
            f = line.split()
            if not f:
                continue
            if f[0] == "RESULT":
                key = (f[1], int(f[2]), f[3])
                results.setdefault(key, []).append(float(f[4]))
                mins.setdefault(key, []).append(float(f[5]))
            elif f[0] == "CHECK":
                checks[(source, f[1], int(f[2]))] = float.fromhex(f[3])
            elif f[0] == "MISMATCH":
                mismatch.append(line.strip())
            elif f[0] == "#" and r == 1 and ("library" in line or "verified" not in line):
                print(line.rstrip())

for (source, layout, n), h in sorted(checks.items()):
    if source == "py" and checks.get(("c", layout, n)) != h:
        mismatch.append(f"content height {layout} N={n}: Python {h!r}, C {checks.get(('c', layout, n))!r}")

def med(key):
    v = results.get(key)
    return statistics.median(v) if v else None

def spread(key):
    v = results.get(key)
    return f"{min(v):.2f}..{max(v):.2f}" if v and len(v) > 1 else ""

def fmt(x, nd=2):
    return "n/a" if x is None else f"{x:.{nd}f}"

layouts = sorted({k[0] for k in results}, key=lambda s: (s != "tiles", s))
sizes = sorted({k[1] for k in results})
head = ["layout", "N", "plain C -O2", "libframes from C", "ratio", "Python batched", "ratio to C-lib",
        "Python array('d')"]
rows = []
for layout in layouts:
    for n in sizes:
        ref, lib, py, pya = (med((layout, n, i)) for i in ("ref", "lib", "py_numpy", "py_array"))
        rows.append([layout, f"{n:,}", fmt(ref), fmt(lib), fmt(lib / ref if ref and lib else None),
                     fmt(py), fmt(py / lib if py and lib else None), fmt(pya)])
widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
line = lambda cells: "| " + " | ".join(str(c).rjust(w) for c, w in zip(cells, widths)) + " |"
print()
print(f"median ns per banner ({repeat} run(s); Python batched = numpy float64 ratios, one layout_banners call)")
print(line(head))
print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
for row in rows:
    print(line(row))

def ratio_spread(layout, n, num, den):
    a, b = results.get((layout, n, num)), results.get((layout, n, den))
    if not a or not b or len(a) != len(b) or len(a) < 2:
        return ""
    v = [x / y for x, y in zip(a, b)]
    return f"{min(v):.2f}..{max(v):.2f}"

if repeat > 1:
    print()
    print("spread over the runs: per-run medians (min..max ns per banner) and per-run ratios")
    for layout in layouts:
        for n in sizes:
            print(f"  {layout:13} {n:>9,}  C {spread((layout, n, 'ref')):>11}  lib {spread((layout, n, 'lib')):>11}"
                  f"  py {spread((layout, n, 'py_numpy')):>15}  lib/C {ratio_spread(layout, n, 'lib', 'ref'):>10}"
                  f"  py/lib {ratio_spread(layout, n, 'py_numpy', 'lib'):>12}")

print()
print("information only (median ns per banner):")
for layout in layouts:
    for n in sizes:
        nocheck = med((layout, n, "ref_nocheck"))
        extra = [f"plain C without the ratio validation pass {fmt(nocheck)}"]
        last, view, it = (med((layout, n, i)) for i in ("touch_frames_last", "touch_numpy_view", "touch_frames_iter"))
        if last is not None:
            extra.append(f"result.rects[-1] {last * n:.0f} ns")
        if view is not None:
            extra.append(f"numpy.asarray(result.as_memoryview()) {view * n:.0f} ns")
        if it is not None:
            extra.append(f"iterating all result.rects {it:.0f} ns/banner")
        print(f"  {layout:13} {n:>9,}: " + "; ".join(extra))

print()
missed = False
N_TARGET = 100_000
for layout in layouts:
    ref, lib, py = (med((layout, N_TARGET, i)) for i in ("ref", "lib", "py_numpy"))
    if ref and lib:
        ok = lib <= 1.5 * ref
        missed |= not ok
        print(f"target {layout} N=100,000: libframes from C within 1.5x of plain C: "
              f"{lib / ref:.2f}x -> {'HOLDS' if ok else 'MISSED'}")
    else:
        print(f"target {layout} N=100,000: libframes from C: not measured")
    if py and lib:
        ok = py <= 2.0 * lib
        missed |= not ok
        print(f"target {layout} N=100,000: Python batched within 2x of libframes from C: "
              f"{py / lib:.2f}x -> {'HOLDS' if ok else 'MISSED'}")
    else:
        print(f"target {layout} N=100,000: Python batched: not measured")

status = 0
if mismatch or c_status:
    print("\nFAILED: the library's results differ from the reference's or the C benchmark failed:")
    for m in mismatch:
        print("  " + m)
    status = 1
if py_status:
    print("\nFAILED: the Python benchmark failed")
    status = 1
if status == 0 and strict and missed:
    status = 3
sys.exit(status)
EOF
