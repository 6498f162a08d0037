#!/usr/bin/env bash
# Banner playback benchmark (not a test, never run by the
# test suite).
#
#   bash bench/run_playback.sh [--banners N] [--steps S] [--reps R] [--strict]
#
# Builds libframes like bench/run.sh (swift build -c release --product
# frames; the CMake build/libframes.so.1 only if that fails;
# FRAMES_LIBRARY=/path skips the build), compiles bench/bench_playback.c with
# gcc -O2 against it and runs it: a vertical-list place with 1,000 ready
# banners, then a 60 Hz scroll of 10 seconds (600 set_viewport steps) per
# pass, R passes (default 5), timed step by step beside a plain C loop and
# frames_layout_visibility over the same rects, and the per-call costs of
# the engine's hot calls; then bench/bench_playback.py on the same library,
# and bench/compare_playback.py: those calls from Python next to C, and
# what the binding adds to each (~2 us at most is the aim).
# Target: median engine time per step < 50 us from C for 1,000 banners.
# Exit status 1 if the place did not load or the engine and the C loop
# disagree; with --strict, 3 when the target is missed. See
# docs/performance.md, "Banner playback" and "Python layout calls and engine
# calls from Python".
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

STRICT=0
ARGS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --strict) STRICT=1; shift ;;
        --banners|--steps|--reps) ARGS+=("$1" "$2"); shift 2 ;;
        -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
        *) echo "run_playback.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/frames-bench-playback.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

NAME=run_playback.sh
source "$ROOT/bench/lib.sh"
bench_find_library
# Link by name against a private copy of the soname, whatever the file is called.
ln -s "$LIB" "$WORK/libframes.so.1"
ln -s "$WORK/libframes.so.1" "$WORK/libframes.so"

gcc $CFLAGS_BENCH -I"$ROOT/include" -I"$ROOT/Tests/c" "$ROOT/bench/bench_playback.c" "$ROOT/Tests/c/sha256.c" -o "$WORK/bench_playback" \
    -L"$WORK" -lframes -Wl,-rpath,"$WORK"

bench_print_machine
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"

STATUS=0
SWIFT_BACKTRACE=enable=no "$WORK/bench_playback" "${ARGS[@]}" >"$WORK/c.txt" || STATUS=$?
cat "$WORK/c.txt"
if [ "$STATUS" = 1 ] || [ "$STATUS" = 2 ]; then
    echo "run_playback.sh: the C benchmark failed (status $STATUS)" >&2
    exit 1
fi

echo
echo "# Python: bench/bench_playback.py (FRAMES_LIBRARY=$LIB)"
PY_STATUS=0
FRAMES_LIBRARY="$LIB" SWIFT_BACKTRACE=enable=no PYTHONPATH="$ROOT/bindings/python${PYTHONPATH:+:$PYTHONPATH}" \
    python3 "$ROOT/bench/bench_playback.py" "${ARGS[@]}" >"$WORK/py.txt" || PY_STATUS=$?
cat "$WORK/py.txt"
[ "$PY_STATUS" = 0 ] || echo "# the Python benchmark failed (status $PY_STATUS)" >&2

# The engine's hot calls from Python next to the same calls from C.
python3 "$ROOT/bench/compare_playback.py" "$WORK/c.txt" "$WORK/py.txt"

if [ "$STATUS" = 3 ] && [ "$STRICT" = 1 ]; then exit 3; fi
exit 0
