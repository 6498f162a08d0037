#!/usr/bin/env bash
# Modal messages benchmark (IM-01; not a test, never run by the test suite).
#
#   bash bench/run_messages.sh [--reps R] [--calls N]
#   bash bench/run.sh messages [...]          (the same)
#
# Builds libframes like bench/run.sh (swift build -c release --product
# frames; the CMake build/libframes.so.1 only if that fails;
# FRAMES_LIBRARY=/path skips the build), compiles bench/bench_messages.c
# with gcc -O2 against it and runs it: handle_notification uncontended and
# from 8 threads at once, each beside a plain C locked hand-off measured in
# the same run, and the owner thread's pick-up and presentation of a waiting
# message beside an owner call with nothing to pick up. Prints RESULT lines
# per repetition and one table of medians; the target is < 5 us per
# uncontended call. See docs/performance.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

ARGS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --reps|--calls) ARGS+=("$1" "$2"); shift 2 ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "run_messages.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/frames-bench-messages.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

NAME=run_messages.sh
source "$ROOT/bench/lib.sh"
bench_find_library
ln -s "$LIB" "$WORK/libframes.so.1"
ln -s "$LIB" "$WORK/libframes.so"

gcc $CFLAGS_BENCH -I"$ROOT/include" "$ROOT/bench/bench_messages.c" -o "$WORK/bench_messages" \
    -L"$WORK" -lframes -Wl,-rpath,"$WORK" -lpthread

bench_print_machine
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$WORK/bench_messages" "${ARGS[@]}"
echo "# load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
