#!/usr/bin/env bash
# Banner loading benchmark (BN-14..BN-16; not a test, never run by the test
# suite).
#
#   bash bench/run_banner_load.sh [--banners N[,N...]] [--reps R]
#
# Builds libframes like bench/run.sh (swift build -c release --product
# frames; FRAMES_LIBRARY=/path skips the build), compiles
# bench/bench_banner_load.c with gcc -O2 against it and runs it: places of
# 1,000 and 10,000 banners (three layouts) loaded from memory, engine time
# side by side with the 10,000/1,000 ratio. Targets: 1,000 banners < 5 ms,
# 10,000 at most 12x 1,000. See docs/performance.md, "Banner loading".
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/frames-bench-load.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

NAME=run_banner_load.sh
source "$ROOT/bench/lib.sh"
bench_find_library
ln -s "$LIB" "$WORK/libframes.so.1"
ln -s "$WORK/libframes.so.1" "$WORK/libframes.so"

gcc $CFLAGS_BENCH -I"$ROOT/include" -I"$ROOT/Tests/c" "$ROOT/bench/bench_banner_load.c" "$ROOT/Tests/c/sha256.c" \
    -o "$WORK/bench_banner_load" -L"$WORK" -lframes -Wl,-rpath,"$WORK"

bench_print_machine
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
SWIFT_BACKTRACE=enable=no "$WORK/bench_banner_load" "$@"
