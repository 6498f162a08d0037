#!/usr/bin/env bash
# Banner layout benchmarks (not a test; never run by the test suite).
#
#   bash bench/run.sh [c|python|import]... [--reps R] [--sizes N,N,...] [--callgrind] [--strict]
#   bash bench/run.sh frames|messages|recording [...]   # those benchmarks' scripts (run_*.sh)
#
# Builds libframes (bench/lib.sh; FRAMES_LIBRARY=/path skips the build) and
# runs, by default all three parts:
#
#   c       bench/bench_layout.c (gcc -O2): the library from C beside a plain
#           C loop (layout_ref.c) for the vertical list and tiles, and the
#           batch beside a C loop of single calls (docs/performance.md,
#           "Banner layout"); --sizes defaults to 10,1000,100000,1000000;
#   python  bench/bench_layout.py: each layout call of the Python binding
#           beside the bare ctypes call with the same data ("Python layout
#           calls and engine calls from Python"); --sizes 1,20,1000,100000;
#   import  bench/bench_import.py: `import frames` beside a bare
#           interpreter ("Importing frames").
#
# One FIGURE line per figure (bench/bench_stats.h): figure and floor
# interleaved, minimum and median, their ratio and the target's verdict,
# judged on the minima. --callgrind adds instruction counts: the C
# figures' per banner (bench_callgrind), the Python calls' per call at
# N = 1 and 20 (the instructions inside itertools.starmap's calls, less
# those of an empty call), and `import frames` less `python3 -c pass`.
# Exit status 1 if the library's rects differ from a reference's or a part
# fails; with --strict, 3 when a target is missed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

case "${1:-}" in
    frames|messages|recording)
        part="$1"
        shift
        exec bash "$ROOT/bench/run_$part.sh" "$@" ;;
esac

PARTS=()
REPS=
SIZES=
CALLGRIND=0
STRICT=0
while [ $# -gt 0 ]; do
    case "$1" in
        c|python|import) PARTS+=("$1"); shift ;;
        --reps) REPS="$2"; shift 2 ;;
        --sizes) SIZES="$2"; shift 2 ;;
        --callgrind) CALLGRIND=1; shift ;;
        --strict) STRICT=1; shift ;;
        -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
[ ${#PARTS[@]} -gt 0 ] || PARTS=(c python import)

NAME=run.sh
source "$ROOT/bench/lib.sh"
bench_start
bench_print_machine
echo "# python:  $(python3 --version 2>&1)"
bench_print_load before

export FRAMES_LIBRARY="$LIB"
# The interpreter itself, for valgrind: a python3 on PATH may be a
# launcher script (pyenv's shim), whose exec callgrind does not follow.
PYTHON="$(python3 -c 'import sys; print(sys.executable)')"
export PYTHONPATH="$ROOT/bindings/python${PYTHONPATH:+:$PYTHONPATH}"
MISSED=0

# python_ir FIGURE N FLOOR [LIMIT]: instructions per call of a Python
# figure and of its floor, less those of an empty call (NONE_IR, per N), as
# a FIGURE line.
python_ir() {
    local calls=2000 fig flo
    fig=$(bench_callgrind_function starmap_next "$calls" "$PYTHON" "$ROOT/bench/bench_layout.py" --instructions "$1" "$2" "$calls")
    flo=$(bench_callgrind_function starmap_next "$calls" "$PYTHON" "$ROOT/bench/bench_layout.py" --instructions "$1.floor" "$2" "$calls")
    bench_line "layout.py.$1.$2.ir" Ir "$((fig - NONE_IR))" "" "$3" "$((flo - NONE_IR))" "" ${4:+ratio "$4"}
}

for part in "${PARTS[@]}"; do
    case "$part" in
        c)
            echo "# C: bench/bench_layout.c"
            bench_cc "$WORK/bench_layout" "$ROOT/bench/bench_layout.c" "$ROOT/bench/layout_ref.c" -- -ldl
            rc=0
            "$WORK/bench_layout" ${REPS:+--reps "$REPS"} ${SIZES:+--sizes "$SIZES"} "$LIB" | grep -v '^# verified' || rc=${PIPESTATUS[0]}
            bench_status "$rc" "bench_layout"
            if [ "$CALLGRIND" = 1 ]; then
                echo "# instructions per banner (per layout for the batch), callgrind:"
                bench_callgrind "$WORK/bench_layout" --reps 1 --sizes "${SIZES:-10,1000,100000}" "$LIB"
            fi ;;
        python)
            echo "# Python: bench/bench_layout.py"
            rc=0
            python3 "$ROOT/bench/bench_layout.py" ${REPS:+--reps "$REPS"} ${SIZES:+--sizes "$SIZES"} || rc=$?
            bench_status "$rc" "bench_layout.py"
            if [ "$CALLGRIND" = 1 ]; then
                echo "# instructions per call (callgrind, less an empty call's):"
                for n in 1 20; do
                    NONE_IR=$(bench_callgrind_function starmap_next 2000 "$PYTHON" "$ROOT/bench/bench_layout.py" \
                        --instructions none "$n" 2000)
                    python_ir list "$n" "bare ctypes"
                    python_ir out "$n" "bare ctypes" 2
                    python_ir out_changed "$n" "bare ctypes"
                    python_ir batch1_vs_out "$n" "layout_banners out=" 1
                    [ "$n" != 1 ] || python_ir numpy "$n" "bare ctypes"
                    [ "$n" != 1 ] || python_ir vs_rule "$n" "pure Python rule"
                done
            fi ;;
        import)
            echo "# Importing frames: bench/bench_import.py"
            rc=0
            python3 "$ROOT/bench/bench_import.py" ${REPS:+--reps "$REPS"} || rc=$?
            bench_status "$rc" "bench_import.py"
            if [ "$CALLGRIND" = 1 ]; then
                fig=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$PYTHON" -c 'import frames' 2>&1 |
                    awk '/Collected :/ { print $NF }')
                flo=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$PYTHON" -c pass 2>&1 |
                    awk '/Collected :/ { print $NF }')
                bench_line import.frames.ir Ir "$fig" "" "python3 -c pass" "$flo" ""
            fi ;;
    esac
done
bench_print_load after
if [ "$STRICT" = 1 ] && [ "$MISSED" = 1 ]; then exit 3; fi
exit 0
