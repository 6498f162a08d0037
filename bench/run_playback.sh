#!/usr/bin/env bash
# Banner playback benchmark (not a test, never run by the test suite).
#
#   bash bench/run_playback.sh [--banners N] [--steps S] [--reps R] [--callgrind] [--strict]
#
# Builds libframes (bench/lib.sh; FRAMES_LIBRARY=/path skips the build),
# compiles bench/bench_playback.c with gcc -O2 against it and runs it: a
# vertical-list place with 1,000 ready banners, passes of a 60 Hz scroll of
# 10 seconds (600 set_viewport steps) beside a plain C loop computing the
# same shares, and frames_layout_visibility beside the same loop,
# interleaved. Then bench/bench_playback.py on the same library: the
# engine's calls from Python, each beside the same call through bare
# ctypes. One FIGURE line per figure (bench/bench_stats.h). Targets: < 50 us
# per step from C for 1,000 banners; an engine call adds <= ~2 us from
# Python. --callgrind adds the C figures' instructions per step. Exit status
# 1 if the place did not load or the engine and its reference disagree;
# with --strict, 3 when a target is missed. See docs/performance.md,
# "Banner playback".
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
        --banners|--steps|--reps) ARGS+=("$1" "$2"); shift 2 ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        *) echo "run_playback.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

NAME=run_playback.sh
source "$ROOT/bench/lib.sh"
bench_start
bench_cc "$WORK/bench_playback" "$ROOT/bench/bench_playback.c"

bench_print_machine
MISSED=0
bench_run "the C benchmark" "$WORK/bench_playback" "${ARGS[@]}"
if [ "$CALLGRIND" = 1 ]; then
    echo "# instructions per step (callgrind, one pass per side):"
    bench_callgrind "$WORK/bench_playback" "${ARGS[@]}"
fi

echo "# Python: bench/bench_playback.py"
FRAMES_LIBRARY="$LIB" PYTHONPATH="$ROOT/bindings/python${PYTHONPATH:+:$PYTHONPATH}" \
    bench_run "the Python benchmark" python3 "$ROOT/bench/bench_playback.py" "${ARGS[@]}"
bench_print_load after
if [ "$STRICT" = 1 ] && [ "$MISSED" = 1 ]; then exit 3; fi
exit 0
