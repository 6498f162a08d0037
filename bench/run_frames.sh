#!/usr/bin/env bash
# App Frames engine benchmark (AF-12..AF-22; not a test, never run by the
# test suite).
#
#   bash bench/run.sh frames [--reps R] [--placements P] [--per-placement F] [--no-assets] [--strict] [--keep DIR]
#   bash bench/run_frames.sh  (the same)
#
# Builds libframes like bench/run.sh (swift build -c release --product
# frames; the CMake build/libframes.so.1 only if that fails;
# FRAMES_LIBRARY=/path skips the build), compiles bench/bench_frames.c with
# gcc -O2 and runs it: one untimed warm-up at a tenth of the size, then R
# repetitions (default 5), each on a fresh engine, of 10,000 frames over
# 1,000 placements from creation to ready through the C API with an
# in-memory transport. It prints the per-repetition RESULT lines and one
# table of medians with the reference (a plain C floor, same run) and the
# targets (< 20 us of engine time per frame load, < 2 KB per idle frame).
# Exit status 1 if a frame did not reach ready or a count is wrong; with
# --strict, 3 when a target is missed. See docs/performance.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

STRICT=0
KEEP=
ARGS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --strict) STRICT=1; shift ;;
        --keep) KEEP="$2"; shift 2 ;;
        --reps|--placements|--per-placement) ARGS+=("$1" "$2"); shift 2 ;;
        --no-assets|--no-warmup) ARGS+=("$1"); shift ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) echo "run_frames.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/frames-bench-frames.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

NAME=run_frames.sh
source "$ROOT/bench/lib.sh"
bench_find_library

gcc $CFLAGS_BENCH -I"$ROOT/include" -I"$ROOT/Tests/c" "$ROOT/bench/bench_frames.c" "$ROOT/Tests/c/sha256.c" -o "$WORK/bench_frames" -ldl

bench_print_machine
echo "# glibc:   $(ldd --version | head -n1)"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"

STATUS=0
"$WORK/bench_frames" "${ARGS[@]}" "$LIB" | tee "$WORK/frames.txt" || STATUS=$?
echo "# load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "$KEEP" ]; then
    mkdir -p "$KEEP" && cp "$WORK/frames.txt" "$KEEP"/
    echo "# raw output kept in $KEEP/frames.txt"
fi
if [ "$STATUS" -ne 0 ]; then
    echo "FAILED: bench_frames exited with status $STATUS" >&2
    exit 1
fi
if [ "$STRICT" = 1 ] && grep -q -- '-> MISSED' "$WORK/frames.txt"; then
    exit 3
fi
exit 0
