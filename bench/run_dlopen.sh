#!/usr/bin/env bash
# Library size and loading benchmark (docs/decisions.md, "Embedded Swift";
# not a test, never run by the test suite).
#
#   bash bench/run_dlopen.sh [--reps R]
#
# Builds libframes (bench/lib.sh; FRAMES_LIBRARY=/path skips the build) and
# prints what a host pays to ship and load it: its size stripped and
# gzipped, the libraries it needs (readelf), and bench/bench_dlopen.c's
# dlopen + first call in a fresh process beside dlopen of libm, interleaved.
# No target is judged here: the size limit is a test (ctest
# embedded_library). See docs/performance.md, "Library size and loading".
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

ARGS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --reps) ARGS+=("$1" "$2"); shift 2 ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "run_dlopen.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

NAME=run_dlopen.sh
source "$ROOT/bench/lib.sh"
bench_start
# Not bench_cc: this program links neither libframes nor libm, so that
# each dlopen loads them itself.
bench_need_floors
# shellcheck disable=SC2086  # CFLAGS_BENCH is a list of flags
gcc $CFLAGS_BENCH -I"$ROOT/bench" "$ROOT/bench/bench_dlopen.c" -o "$WORK/bench_dlopen"

bench_print_machine
strip --strip-unneeded -o "$WORK/stripped.so" "$LIB"
echo "# size:    $(wc -c < "$LIB") bytes as built, $(wc -c < "$WORK/stripped.so") stripped, $(gzip -9 -c "$WORK/stripped.so" | wc -c) stripped and gzipped"
echo "# needs:   $(readelf -d "$LIB" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
bench_run "the dlopen benchmark" "$WORK/bench_dlopen" "$LIB" libm.so.6 "${ARGS[@]+"${ARGS[@]}"}"
bench_print_load after
