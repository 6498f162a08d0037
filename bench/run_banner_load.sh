#!/usr/bin/env bash
# Banner loading benchmark (BN-14..BN-16; not a test, never run by the test
# suite).
#
#   bash bench/run_banner_load.sh [--banners N] [--growth M] [--reps R] [--callgrind] [--strict]
#
# Builds libframes (bench/lib.sh; FRAMES_LIBRARY=/path skips the build),
# compiles bench/bench_banner_load.c with gcc -O2 against it and runs it:
# a place of N banners (1,000) loaded from memory in three layouts, each
# beside cJSON parsing the list plus, per banner, OpenSSL's SHA-256 of its
# content and two crossings of the C ABI, interleaved; the list's answer
# alone beside cJSON parsing it; M banners (10,000) beside N. One FIGURE
# line per figure (bench/bench_stats.h). Targets: layouts and list read at
# most 1.5x their floors, M/N = 10 at most 12x. --callgrind adds the
# instructions per load of every figure and its floor, and those of the
# list read's own function (BannerList.read) beside cJSON's. --strict
# exits 3 when a target is missed. See docs/performance.md, "Banner loading".
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

ARGS=()
CALLGRIND=0
STRICT=0
while [ $# -gt 0 ]; do
    case "$1" in
        --banners|--growth|--reps) ARGS+=("$1" "$2"); shift 2 ;;
        --callgrind) CALLGRIND=1; shift ;;
        --strict) STRICT=1; shift ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) echo "run_banner_load.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

NAME=run_banner_load.sh
source "$ROOT/bench/lib.sh"
bench_start
bench_cc "$WORK/bench_banner_load" "$ROOT/bench/bench_banner_load.c"

bench_print_machine
MISSED=0
bench_run "the C benchmark" "$WORK/bench_banner_load" "${ARGS[@]+"${ARGS[@]}"}"
if [ "$CALLGRIND" = 1 ]; then
    echo "# instructions per load (callgrind, two short repetitions, the smaller count):"
    bench_callgrind "$WORK/bench_banner_load" "${ARGS[@]+"${ARGS[@]}"}" | tee "$WORK/ir.txt"
    grep -q MISSED "$WORK/ir.txt" && MISSED=1
    # The list read alone: the instructions inside the Swift function that
    # reads the list (BannerList.read), beside cJSON_Parse + cJSON_Delete.
    # The Embedded build's link-time optimization inlines that function
    # into its caller, so there is nothing to count it by; the
    # standard-mode build (FRAMES_EMBEDDED_SWIFT=0) keeps it.
    if nm "$LIB" 2>/dev/null | grep -q '10FramesCore10BannerListV4read'; then
        READ=$(bench_callgrind_function '$?10FramesCore10BannerListV4read*' 1 "$WORK/bench_banner_load" "${ARGS[@]+"${ARGS[@]}"}" --only list_answer)
        CJSON=$(bench_callgrind_function floor_cjson_parse 1 "$WORK/bench_banner_load" "${ARGS[@]+"${ARGS[@]}"}" --only cjson)
        bench_line banner_load.list_read.parse.ir Ir "$READ" "" cJSON_Parse "$CJSON" "" ratio 1.5 | tee "$WORK/parse.txt"
        grep -q MISSED "$WORK/parse.txt" && MISSED=1
    else
        echo "# banner_load.list_read.parse.ir: not measured: BannerList.read is inlined in this library (FRAMES_EMBEDDED_SWIFT=0 measures it)"
    fi
fi
bench_print_load after
[ "$STRICT" = 1 ] && [ "$MISSED" = 1 ] && exit 3
exit 0
