#!/usr/bin/env bash
# Recording benchmark (XC-12; not a test, never run by the test suite).
#
#   bash bench/run_recording.sh [--reps R] [--ticks N] [--callgrind] [--strict]
#   bash bench/run.sh recording [...]          (the same)
#
# Builds libframes like bench/run.sh (swift build -c release --product
# frames; the CMake build/libframes.so.1 only if that fails;
# FRAMES_LIBRARY=/path skips the build), compiles bench/bench_recording.c
# with gcc -O2 against it (with Tests/c/fake_backend.c answering the
# engine's requests) and runs it: four call mixes — frame layout reports,
# a carousel's viewport at 60 Hz, inline events, a transport round trip —
# with recording off (the reference) and on, writing to an in-memory
# buffer, interleaved in one run. Prints RESULT lines per repetition and a
# table of medians (min) per engine call with the on/off ratio; the target
# is on/off <= 1.10 for every mix. --callgrind also counts the instructions
# per engine call of each mix, off and on (valgrind --tool=callgrind,
# collecting bench_recording's timed_ticks only). --strict exits 3 when a
# target is missed. See docs/performance.md.
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
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) echo "run_recording.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/frames-bench-recording.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

NAME=run_recording.sh
source "$ROOT/bench/lib.sh"
bench_find_library
ln -s "$LIB" "$WORK/libframes.so.1"
ln -s "$LIB" "$WORK/libframes.so"

gcc $CFLAGS_BENCH -I"$ROOT/include" -I"$ROOT/Tests/c" "$ROOT/bench/bench_recording.c" "$ROOT/Tests/c/fake_backend.c" \
    "$ROOT/Tests/c/sha256.c" -o "$WORK/bench_recording" -L"$WORK" -lframes -Wl,-rpath,"$WORK"

bench_print_machine
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
export SWIFT_BACKTRACE=enable=no
"$WORK/bench_recording" "${ARGS[@]}" | tee "$WORK/recording.txt"
echo "# load after:  $(cut -d' ' -f1-3 /proc/loadavg)"

if [ "$CALLGRIND" = 1 ]; then
    command -v valgrind >/dev/null 2>&1 || { echo "run_recording.sh: --callgrind needs valgrind" >&2; exit 2; }
    echo
    printf '%-10s %16s %16s %9s\n' "mix" "Ir/call off" "Ir/call on" "on/off"
    for mix in frames viewport event request; do
        for mode in off on; do
            out="$WORK/callgrind.$mix.$mode"
            valgrind --tool=callgrind --toggle-collect=timed_ticks --callgrind-out-file="$out" \
                "$WORK/bench_recording" --only "$mix" --mode "$mode" --ticks 300 > "$WORK/cg.txt" 2>/dev/null
            # The engine calls the mix made: its summary line ends "calls N".
            calls=$(awk '{print $NF}' "$WORK/cg.txt")
            # awk reads to the end: with pipefail an early exit would fail the pipe.
            total=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ && !n {gsub(",", "", $1); print $1; n = 1}')
            printf -v "ir_$mode" '%s' $(( total / calls ))
        done
        printf '%-10s %16s %16s %8.3fx\n' "$mix" "$ir_off" "$ir_on" "$(echo "$ir_on / $ir_off" | bc -l)"
    done
fi

if [ "$STRICT" = 1 ] && grep -q 'MISSED' "$WORK/recording.txt"; then
    exit 3
fi
exit 0
