#!/usr/bin/env bash
# Inline messages benchmark (IL-01..IL-10, XC-10; not a test, never run by the
# test suite).
#
#   bash bench/run_inline.sh [--reps R] [--events N] [--messages M]
#
# Builds libframes like bench/run.sh (swift build -c release --product
# frames; FRAMES_LIBRARY=/path skips the build), compiles
# bench/bench_inline.c with gcc -O2 against it and runs it, then the Python
# half (bench/bench_inline.py). Targets: an event trigger against 1,000
# campaigns over 100 keys < 20 µs engine time from C; one bridge message
# round trip < 5 µs from C (Python reported); export and import of 10,000
# capping ledgers < 2 ms each. See docs/performance.md, "Inline messages".
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/frames-bench-inline.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

NAME=run_inline.sh
source "$ROOT/bench/lib.sh"
bench_find_library
ln -s "$LIB" "$WORK/libframes.so.1"
ln -s "$WORK/libframes.so.1" "$WORK/libframes.so"

gcc $CFLAGS_BENCH -I"$ROOT/include" -I"$ROOT/Tests/c" "$ROOT/bench/bench_inline.c" "$ROOT/Tests/c/sha256.c" \
    -o "$WORK/bench_inline" -L"$WORK" -lframes -Wl,-rpath,"$WORK"

bench_print_machine
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
SWIFT_BACKTRACE=enable=no "$WORK/bench_inline" "$@"

echo
echo "# Python: bench/bench_inline.py (FRAMES_LIBRARY=$LIB)"
FRAMES_LIBRARY="$LIB" SWIFT_BACKTRACE=enable=no PYTHONPATH="$ROOT/bindings/python${PYTHONPATH:+:$PYTHONPATH}" \
    python3 "$ROOT/bench/bench_inline.py"
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
