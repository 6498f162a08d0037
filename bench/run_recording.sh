#!/usr/bin/env bash
# Recording benchmark (XC-12; not a test, never run by the test suite).
#
#   bash bench/run_recording.sh [--reps R] [--ticks N] [--callgrind] [--strict]
#   bash bench/run.sh recording [...]          (the same)
#
# Builds libframes (bench/lib.sh; FRAMES_LIBRARY=/path skips the build),
# compiles bench/bench_recording.c with gcc -O2 against it (with
# Tests/c/fake_backend.c answering the engine's requests) and runs it: four
# call mixes — frame layout reports, a carousel's viewport at 60 Hz, inline
# events, a transport round trip — with recording on (writing to an
# in-memory buffer) beside recording off (the floor), interleaved. Prints
# one FIGURE line per mix (bench/bench_stats.h); the target is on / off <=
# 1.10 for every mix. --callgrind adds the instructions per engine call,
# on and off. --strict exits 3 when a target is missed. See
# docs/performance.md, "Recording".
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

ARGS=()
CALLGRIND=0
STRICT=0
while [ $# -gt 0 ]; do
    case "$1" in
        --reps|--ticks) ARGS+=("$1" "$2"); shift 2 ;;
        --callgrind) CALLGRIND=1; shift ;;
        --strict) STRICT=1; shift ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "run_recording.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

NAME=run_recording.sh
source "$ROOT/bench/lib.sh"
bench_start
bench_cc "$WORK/bench_recording" "$ROOT/bench/bench_recording.c" "$ROOT/Tests/c/fake_backend.c" "$ROOT/Tests/c/sha256.c"

bench_print_machine
STATUS=0
"$WORK/bench_recording" "${ARGS[@]}" | tee "$WORK/recording.txt" || STATUS=$?
bench_print_load after
[ "$STATUS" = 0 ] || [ "$STATUS" = 3 ] || { echo "run_recording.sh: the benchmark failed (status $STATUS)" >&2; exit 1; }
if [ "$CALLGRIND" = 1 ]; then
    echo "# instructions per engine call (callgrind, one short repetition):"
    bench_callgrind "$WORK/bench_recording" | tee -a "$WORK/recording.txt"
fi
if [ "$STRICT" = 1 ] && grep -q 'MISSED' "$WORK/recording.txt"; then
    exit 3
fi
exit 0
