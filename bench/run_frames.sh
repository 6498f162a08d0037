#!/usr/bin/env bash
# App Frames engine benchmark (AF-12..AF-22; not a test, never run by the
# test suite).
#
#   bash bench/run_frames.sh [--reps R] [--placements P] [--per-placement F] [--no-assets] [--callgrind] [--strict]
#   bash bench/run.sh frames ...  (the same)
#
# Builds libframes (bench/lib.sh; FRAMES_LIBRARY=/path skips the build),
# compiles bench/bench_frames.c with gcc -O2 and runs it: 10,000 frames over
# 1,000 placements from attach to ready through the C API with an in-memory
# transport, R samples (default 7) on a fresh engine each, interleaved with
# a plain C floor doing the least any engine must for the same load
# (cJSON parsing the same JSON, SHA-256 through OpenSSL). One FIGURE line
# per figure (bench/bench_stats.h).
# Targets: a frame load within 5x of its floor (by time and by
# instructions); < 2 KB of heap per idle frame. --callgrind adds the
# instructions per frame load beside the floor's. Exit status 1 if a frame
# did not reach ready or a count is wrong; with --strict, 3 when a target is
# missed. See docs/performance.md, "App Frames engine".
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

STRICT=0
CALLGRIND=0
ARGS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --strict) STRICT=1; shift ;;
        --callgrind) CALLGRIND=1; shift ;;
        --reps|--placements|--per-placement) ARGS+=("$1" "$2"); shift 2 ;;
        --no-assets|--no-warmup) ARGS+=("$1"); shift ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) echo "run_frames.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

NAME=run_frames.sh
source "$ROOT/bench/lib.sh"
bench_start
bench_cc "$WORK/bench_frames" "$ROOT/bench/bench_frames.c" "$ROOT/Tests/c/sha256.c" -- -ldl

bench_print_machine
MISSED=0
bench_run bench_frames "$WORK/bench_frames" "${ARGS[@]}" "$LIB"
if [ "$CALLGRIND" = 1 ]; then
    echo "# instructions per frame load (callgrind, the smaller of two regions per side):"
    bench_callgrind "$WORK/bench_frames" "${ARGS[@]}" "$LIB" | tee "$WORK/ir.txt"
    grep -q MISSED "$WORK/ir.txt" && MISSED=1
fi
bench_print_load after
if [ "$STRICT" = 1 ] && [ "$MISSED" = 1 ]; then exit 3; fi
exit 0
