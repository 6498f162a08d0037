#!/usr/bin/env bash
# Inline messages benchmark (IL-01..IL-10, XC-10; not a test, never run by the
# test suite).
#
#   bash bench/run_inline.sh [--reps R] [--events N] [--messages M] [--callgrind] [--strict]
#
# Builds libframes (bench/lib.sh; FRAMES_LIBRARY=/path skips the build),
# compiles bench/bench_inline.c with gcc -O2 against it and runs it: an
# event trigger against 1,000 campaigns over 100 keys beside the same choice
# over C arrays; a bridge message round trip beside strstr + snprintf; the
# import and the export of 10,000 capping ledgers beside a copy and a CRC-32
# of the same bytes; interleaved. Then bench/bench_inline.py on the same
# library: the same calls from Python, each beside bare ctypes. One FIGURE
# line per figure (bench/bench_stats.h). Targets: an event < 20 us, a
# round trip < 5 us, an import within 5x and an export within 3x of their
# floor (by time and by instructions). --callgrind adds the C figures'
# instructions per operation. Exit status 1 if the scenario fails; with
# --strict, 3 when a target is missed. See docs/performance.md, "Inline
# messages".
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

STRICT=0
CALLGRIND=0
ARGS=()
PY_ARGS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --strict) STRICT=1; shift ;;
        --callgrind) CALLGRIND=1; shift ;;
        --reps) ARGS+=("$1" "$2"); PY_ARGS+=("$1" "$2"); shift 2 ;;
        --events|--messages) ARGS+=("$1" "$2"); shift 2 ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) echo "run_inline.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

NAME=run_inline.sh
source "$ROOT/bench/lib.sh"
bench_start
bench_cc "$WORK/bench_inline" "$ROOT/bench/bench_inline.c" "$ROOT/Tests/c/sha256.c"

bench_print_machine
MISSED=0
bench_run "the C benchmark" "$WORK/bench_inline" "${ARGS[@]}"
if [ "$CALLGRIND" = 1 ]; then
    echo "# instructions per operation (callgrind, the smaller of two regions per side):"
    bench_callgrind "$WORK/bench_inline" "${ARGS[@]}" | tee "$WORK/ir.txt"
    grep -q MISSED "$WORK/ir.txt" && MISSED=1
fi

echo "# Python: bench/bench_inline.py"
FRAMES_LIBRARY="$LIB" PYTHONPATH="$ROOT/bindings/python${PYTHONPATH:+:$PYTHONPATH}" \
    python3 "$ROOT/bench/bench_inline.py" "${PY_ARGS[@]}" ||
    { echo "run_inline.sh: the Python benchmark failed" >&2; exit 1; }
bench_print_load after
if [ "$STRICT" = 1 ] && [ "$MISSED" = 1 ]; then exit 3; fi
exit 0
