#!/bin/sh
# abi_check — frames.h has not changed the ABI recorded in abi/, unless the baseline was deliberately regenerated together with the
# version bump the change needs.
#
# The baseline (abi/, written only by update_baseline.sh) records:
#   VERSION                    the FRAMES_VERSION_MAJOR.MINOR.PATCH it describes
#   libframes.so.M.abi         abidw of a stub object compiled -g from frames.h
#   libframes.so.M.layout      sizeof/alignof/offsetof of every struct and field
#   libframes.so.M.functions   every function's return and parameter types
#
# The rule (frames.h: "Major version: incremented on an incompatible ABI
# change"; "Minor version: incremented when declarations are added"):
#   - no change to anything in the baseline: PASS (new functions and new
#     structs are additions: PASS with a note; update_baseline.sh records them
#     when the minor version is bumped for the release);
#   - a struct that starts with `uint32_t version` grew at its end
#     (compatible): FAIL until FRAMES_VERSION_MINOR is bumped and the baseline
#     regenerated with update_baseline.sh;
#   - anything else — a removed function, a changed return or parameter type,
#     a field moved, resized, retyped, removed or inserted, a struct without a
#     version field that grew, or any change abidiff reports to what the
#     baseline exports: INCOMPATIBLE: FAIL until FRAMES_VERSION_MAJOR is
#     bumped (a new soname) and the baseline regenerated with
#     update_baseline.sh (which refuses to record an incompatible change
#     without the major bump, and a compatible one without the minor bump).
#   - The baseline's major must be the header's: after a major bump the
#     baseline must be regenerated.
#   - While the major version is 0, MINOR plays MAJOR's part: an incompatible
#     change needs a minor bump (0.1 -> 0.2) and a regenerated baseline.
# Two independent comparisons decide: abi_tool.py compare (layout and
# signatures, exact) and abidiff --no-added-syms (libabigail, also sees
# typedef and callback-type changes); either reporting a change to the
# baseline's declarations fails.
#
# usage: abi_check.sh <cc> <clang> <include/frames.h> <baseline dir>
set -eu
cc=$1
clang=$2
header=$3
baseline=$4
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sh "$here/abi_generate.sh" "$cc" "$clang" "$header" "$tmp/current"
now=$(cat "$tmp/current/VERSION")
if [ ! -f "$baseline/VERSION" ]; then
    echo "FAIL: no ABI baseline in $baseline (create it: Tests/abi/update_baseline.sh)"
    exit 1
fi
base=$(cat "$baseline/VERSION")
so=libframes.so.${base%%.*}
echo "baseline: $baseline/$so.* describes frames.h $base; frames.h is now $now"
if [ "${now%%.*}" != "${base%%.*}" ]; then
    echo "FAIL: frames.h is major ${now%%.*} but the baseline describes major ${base%%.*}:"
    echo "  after a major bump, regenerate the baseline: Tests/abi/update_baseline.sh"
    exit 1
fi
older=$(printf '%s\n%s\n' "$base" "$now" | sort -t. -k1,1n -k2,2n -k3,3n | head -n 1)
if [ "$older" != "$base" ]; then
    echo "FAIL: frames.h $now is older than the baseline $base"
    exit 1
fi

status=0
set +e
python3 "$here/abi_tool.py" compare "$baseline/$so" "$tmp/current/$so" > "$tmp/compare.log"
class=$?
abidiff --no-added-syms --no-show-locs "$baseline/$so.abi" "$tmp/current/$so.abi" > "$tmp/abidiff.log" 2>&1
abirc=$?
set -e
cat "$tmp/compare.log"
if [ $((abirc & 3)) -ne 0 ]; then
    echo "FAIL: abidiff could not compare (exit $abirc):"
    sed 's/^/  /' "$tmp/abidiff.log"
    exit 1
fi
if [ "$abirc" -ne 0 ]; then
    echo "abidiff --no-added-syms $baseline/$so.abi <frames.h now> (exit $abirc):"
    sed 's/^/  | /' "$tmp/abidiff.log"
fi
case $class in
    0|10)
        if [ "$abirc" -ne 0 ]; then
            echo "FAIL: INCOMPATIBLE: abidiff reports a change to declarations of the baseline."
            echo "  Bump FRAMES_VERSION_MAJOR in frames.h and run Tests/abi/update_baseline.sh."
            status=1
        elif [ "$class" -eq 10 ]; then
            echo "PASS: additions only since the baseline $base (compatible); record them with"
            echo "  Tests/abi/update_baseline.sh when FRAMES_VERSION_MINOR is bumped."
        else
            echo "PASS: the ABI of frames.h $now equals the baseline $base (abidiff: no change)"
        fi ;;
    20)
        echo "FAIL: a compatible change to the baseline's structs (versioned struct grew at its end)."
        echo "  Bump FRAMES_VERSION_MINOR in frames.h and run Tests/abi/update_baseline.sh."
        status=1 ;;
    30)
        echo "FAIL: INCOMPATIBLE change to the ABI of the baseline $base."
        if [ "${base%%.*}" = 0 ]; then
            echo "  Either undo it, or (0.x) bump FRAMES_VERSION_MINOR in frames.h and run"
        else
            echo "  Either undo it, or bump FRAMES_VERSION_MAJOR in frames.h (a new soname) and run"
        fi
        echo "  Tests/abi/update_baseline.sh."
        status=1 ;;
    *)
        echo "FAIL: abi_tool.py compare failed (exit $class)"
        status=1 ;;
esac
exit $status
