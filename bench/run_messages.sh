#!/usr/bin/env bash
# Modal messages benchmark (IM-01; not a test, never run by the test suite).
#
#   bash bench/run_messages.sh [--reps R] [--calls N] [--callgrind] [--strict]
#   bash bench/run.sh messages [...]          (the same)
#
# Builds libframes (bench/lib.sh; FRAMES_LIBRARY=/path skips the build),
# compiles bench/bench_messages.c with gcc -O2 against it and runs it:
# handle_notification on one thread (the push as written and compacted) and
# from 8 threads at once, and the owner thread's pick-up and presentation of
# a waiting message, each beside cJSON parsing the same push, interleaved.
# Prints one FIGURE line per figure (bench/bench_stats.h); the target is
# < 5 us per call on one thread. --callgrind adds the instructions per call
# of the single-thread figures and their floors. --strict exits 3 when the
# target is missed. See docs/performance.md, "Modal messages".
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

ARGS=()
CALLGRIND=0
STRICT=0
while [ $# -gt 0 ]; do
    case "$1" in
        --reps|--calls) ARGS+=("$1" "$2"); shift 2 ;;
        --callgrind) CALLGRIND=1; shift ;;
        --strict) STRICT=1; shift ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "run_messages.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

NAME=run_messages.sh
source "$ROOT/bench/lib.sh"
bench_start
bench_cc "$WORK/bench_messages" "$ROOT/bench/bench_messages.c"

bench_print_machine
MISSED=0
bench_run "the benchmark" "$WORK/bench_messages" "${ARGS[@]}"
bench_print_load after
if [ "$CALLGRIND" = 1 ]; then
    echo "# instructions per call (callgrind, one short repetition):"
    bench_callgrind "$WORK/bench_messages"
fi
[ "$STRICT" = 1 ] && [ "$MISSED" = 1 ] && exit 3
exit 0
