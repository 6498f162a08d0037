#!/usr/bin/env bash
# Layout calls benchmark: what one layout costs from Python and from C
# (not a test; never run by the test suite).
#
#   bash bench/run.sh calls [--repeat R] [--min-time SECONDS] [--sizes N,N,...] [--strict] [--keep DIR]
#                           [--compare-commit COMMIT]
#   bash bench/run_layout_calls.sh  (the same)
#
# Builds libframes like bench/run.sh (swift build -c release --product
# frames; the CMake build/libframes.so.1 only if that fails;
# FRAMES_LIBRARY=/path skips the build), compiles bench/bench_layout_calls.c
# with gcc -O2, runs it, then bench/bench_layout_calls.py on the same
# library, and prints one table, µs per layout, tiles at N = 1, 20, 1,000,
# 100,000: the rule in pure Python (as the binding applies it, and the lean
# arithmetic alone) and in numpy, the bare ctypes call, the
# binding per call (list and numpy ratios), with out=, the batched call
# and a Python loop of single calls (per layout of a 50-width sweep), and
# the library from C (warm and cold output buffer, a loop of single calls,
# the batch). Then the targets of docs/performance.md, "Python layout
# calls". With --repeat R both halves run R times; the table shows the
# median of the R medians. --compare-commit COMMIT also times the Python
# binding of that commit (git archive of bindings/python/frames) on the
# same library, as the reference a machine's speed of the day is read
# against. Exit status 1 if an implementation disagrees
# with another or a half fails; with --strict, 3 when a target is missed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

REPEAT=1
MIN_TIME=0.3
SIZES=1,20,1000,100000
STRICT=0
KEEP=
COMPARE=
while [ $# -gt 0 ]; do
    case "$1" in
        --repeat) REPEAT="$2"; shift 2 ;;
        --min-time) MIN_TIME="$2"; shift 2 ;;
        --sizes) SIZES="$2"; shift 2 ;;
        --strict) STRICT=1; shift ;;
        --keep) KEEP="$2"; shift 2 ;;
        --compare-commit) COMPARE="$2"; shift 2 ;;
        -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
        *) echo "run_layout_calls.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/frames-bench-calls.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

NAME=run_layout_calls.sh
source "$ROOT/bench/lib.sh"
bench_find_library

gcc $CFLAGS_BENCH -I"$ROOT/include" "$ROOT/bench/bench_layout_calls.c" -o "$WORK/bench_layout_calls" -ldl -lm

bench_print_machine
echo "# python:  $(python3 --version 2>&1)"
if ! python3 -c "import numpy" 2>/dev/null; then
    echo "run_layout_calls.sh: numpy is not importable; the Python half needs it" >&2
    exit 1
fi
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"

OLD_ARGS=()
if [ -n "$COMPARE" ]; then
    mkdir -p "$WORK/old"
    git -C "$ROOT" archive "$COMPARE" bindings/python/frames | tar -x -C "$WORK/old"
    mv "$WORK/old/bindings/python/frames" "$WORK/old/frames_old"
    OLD_ARGS=(--old-binding "$WORK/old")
    echo "# reference: the Python binding of $(git -C "$ROOT" rev-parse --short "$COMPARE") as frames_old"
fi

STATUS=0
for r in $(seq 1 "$REPEAT"); do
    echo "# run $r/$REPEAT" >&2
    SWIFT_BACKTRACE=enable=no "$WORK/bench_layout_calls" --min-time "$MIN_TIME" --sizes "$SIZES" "$LIB" \
        >"$WORK/c.$r.txt" || STATUS=1
    FRAMES_LIBRARY="$LIB" SWIFT_BACKTRACE=enable=no PYTHONPATH="$ROOT/bindings/python${PYTHONPATH:+:$PYTHONPATH}" \
        python3 "$ROOT/bench/bench_layout_calls.py" --min-time "$MIN_TIME" --sizes "$SIZES" "${OLD_ARGS[@]}" \
        >"$WORK/py.$r.txt" || STATUS=1
done
echo "# load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "$KEEP" ]; then
    mkdir -p "$KEEP" && cp "$WORK"/c.*.txt "$WORK"/py.*.txt "$KEEP"/
    echo "# raw outputs kept in $KEEP"
fi

python3 - "$WORK" "$REPEAT" "$STRICT" "$STATUS" <<'EOF'
import os, statistics, sys

work, repeat, strict, status = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", int(sys.argv[4])
results = {}  # (n, impl) -> [median per run]
layouts = {}  # n -> M
checks = {}   # (source, n) -> content height
problems = []
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
                results.setdefault((int(f[1]), f[2]), []).append(float(f[3]))
                layouts[int(f[1])] = int(f[7])
            elif f[0] == "CHECK":
                checks[(source, int(f[1]))] = float.fromhex(f[2])
            elif f[0] == "MISMATCH":
                problems.append(line.strip())
            elif f[0] == "#" and r == 1:
                print(line.rstrip())
for (source, n), height in sorted(checks.items()):
    if source == "py" and checks.get(("c", n)) != height:
        problems.append(f"content height N={n}: Python {height!r}, C {checks.get(('c', n))!r}")

def med(n, impl):
    v = results.get((n, impl))
    return statistics.median(v) if v else None

def fmt(x):
    if x is None:
        return "n/a"
    return f"{x:,.3f}" if x < 10 else f"{x:,.1f}" if x < 1000 else f"{x:,.0f}"

columns = [
    ("old binding", "py_old"),
    ("pure Python rule", "py_rule"), ("pure Python, lean", "py_pure"), ("numpy rule", "py_numpy"), ("ctypes floor", "floor"),
    ("binding, list", "py_list"), ("binding, numpy", "py_array"), ("binding out=", "py_out"),
    ("batched /layout", "py_batch"), ("Py loop /layout", "py_loop"),
    ("C warm", "c_warm"), ("C cold", "c_cold"), ("C loop /layout", "c_loop"), ("C batch /layout", "c_batch"),
]
sizes = sorted({n for n, _ in results})
head = ["N", "M"] + [title for title, _ in columns]
if not any(impl == "py_old" for _, impl in results):
    columns = columns[1:]
rows = [[f"{n:,}", str(layouts.get(n, ""))] + [fmt(med(n, impl)) for _, impl in columns] for n in sizes]
widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
line = lambda cells: "| " + " | ".join(str(c).rjust(w) for c, w in zip(cells, widths)) + " |"
print()
print(f"median µs per layout, tiles ({repeat} run(s)); M = layouts per batch (widths 320, 322, ...)")
print(line(head))
print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
for row in rows:
    print(line(row))

print()
missed = False
def target(text, value, limit, unit="x"):
    global missed
    if value is None:
        print(f"target {text}: not measured")
        return
    ok = value <= limit
    missed |= not ok
    shown = f"{value:.2f} µs" if unit == "us" else f"{value:.2f}x"
    print(f"target {text}: {shown} (limit {limit:g}{' µs' if unit == 'us' else 'x'}) -> {'HOLDS' if ok else 'MISSED'}")

for n, limit in ((1, 2.5), (20, 3.0)):
    if n in sizes:
        target(f"binding per call, N={n}, list ratios", med(n, "py_list"), limit, "us")
if 20 in sizes and med(20, "py_rule") and med(20, "py_list"):
    speedup = med(20, "py_rule") / med(20, "py_list")
    ok = speedup >= 3
    missed |= not ok
    print(f"target binding >= 3x faster than the rule in pure Python at N=20: {speedup:.2f}x "
          f"-> {'HOLDS' if ok else 'MISSED'}")
    if med(20, "py_pure"):
        print(f"  information N=20: the lean pure-Python arithmetic / the binding = "
              f"{med(20, 'py_pure') / med(20, 'py_list'):.2f}x")
for n in sizes:
    old, call = med(n, "py_old"), med(n, "py_list")
    if old and call:
        print(f"  information N={n:,}: the old binding per call / this one = {old / call:.2f}x")
for n in sizes:
    floor, call = med(n, "floor"), med(n, "py_list")
    if floor and call:
        print(f"  information N={n:,}: binding per call / ctypes floor = {call / floor:.2f}x "
              f"(+{call - floor:.2f} µs)")
if 100_000 in sizes and med(100_000, "py_out") and med(100_000, "c_warm"):
    target("out= at N=100,000 / C warm", med(100_000, "py_out") / med(100_000, "c_warm"), 1.3)
for n in sizes:
    batch, loop = med(n, "py_batch"), med(n, "c_loop")
    if batch and loop:
        target(f"batched per layout / C loop per layout, N={n:,}", batch / loop, 1.2)
for n in sizes:
    batch, pyloop = med(n, "py_batch"), med(n, "py_loop")
    if batch and pyloop:
        print(f"  information N={n:,}: a Python loop of single calls costs {pyloop / batch:.1f}x the batch per layout")

if problems or status:
    print("\nFAILED:" + "".join("\n  " + p for p in problems) + ("" if not status else "\n  a benchmark half failed"))
    sys.exit(1)
sys.exit(3 if strict and missed else 0)
EOF
