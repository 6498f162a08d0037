#!/bin/sh
# abi_check_selftest — proves abi_check.sh and update_baseline.sh enforce the
# rule: each case edits a copy of frames.h and requires the expected verdict
# against the committed baseline (abi/), in a temporary copy of it.
#
# usage: abi_check_selftest.sh <cc> <clang> <include/frames.h> <baseline dir>
set -eu
cc=$1
clang=$2
header=$3
baseline=$4
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

# case <name> <expect: pass|fail> <grep pattern the log must contain> <sed expression...>
case_() {
    name=$1 expect=$2 pattern=$3
    shift 3
    mkdir -p "$tmp/h"
    cp "$header" "$tmp/h/frames.h"
    for expr in "$@"; do sed -i "$expr" "$tmp/h/frames.h"; done
    if [ $# -gt 0 ] && cmp -s "$header" "$tmp/h/frames.h"; then
        echo "FAIL [$name]: the edit did not apply (frames.h changed; update this test)"
        status=1
        return
    fi
    if sh "$here/abi_check.sh" "$cc" "$clang" "$tmp/h/frames.h" "$baseline" > "$tmp/log" 2>&1; then got=pass; else got=fail; fi
    if [ "$got" != "$expect" ] || ! grep -q "$pattern" "$tmp/log"; then
        echo "FAIL [$name]: expected $expect with '$pattern', got $got:"
        sed 's/^/    /' "$tmp/log"
        status=1
    else
        echo "ok [$name]: $got — $(grep -m1 "$pattern" "$tmp/log" | sed 's/^ *//')"
    fi
}

case_ "unchanged header" pass "equals the baseline"
case_ "fields of frames_rect swapped" fail "INCOMPATIBLE" \
    '/^typedef struct frames_rect {/,/^} frames_rect;/{s/^    double x;/    double TMP;/;s/^    double y;/    double x;/;s/^    double TMP;/    double y;/}'
case_ "function removed" fail "function frames_engine_set_consent removed" \
    's/^frames_result frames_engine_set_consent(.*$//'
case_ "parameter type changed (bool -> int32_t)" fail "function frames_frame_set_hidden changed" \
    's/^frames_result frames_frame_set_hidden(frames_frame \*frame, bool hidden/frames_result frames_frame_set_hidden(frames_frame *frame, int32_t hidden/'
case_ "function added" pass "additions only" \
    's/^frames_result frames_engine_set_consent(\(.*\)$/frames_result frames_engine_set_consent(\1\nframes_result frames_engine_new_thing(frames_engine *engine);/'
case_ "versioned struct grew at its end" fail "Bump FRAMES_VERSION_MINOR" \
    's/^    bool has_row_spacing;/    bool has_row_spacing;\n    double new_field;/'
case_ "unversioned struct grew (frames_request)" fail "no version field" \
    's/^    int64_t deadline_ms;/    int64_t deadline_ms;\n    int32_t new_field;/'
case_ "typedef widened (frames_result int64_t)" fail "INCOMPATIBLE" \
    's/^typedef int32_t frames_result;/typedef int64_t frames_result;/'
case_ "major bumped without a new baseline" fail "regenerate the baseline" \
    's/^#define FRAMES_VERSION_MAJOR 1/#define FRAMES_VERSION_MAJOR 2/'

# update_baseline: refuses an incompatible change without the major bump,
# records it with the bump, and then abi_check passes.
cp -R "$baseline" "$tmp/abi"
cp "$header" "$tmp/h/frames.h"
sed -i 's/^frames_result frames_engine_set_consent(.*$//' "$tmp/h/frames.h"
if sh "$here/update_baseline.sh" "$cc" "$clang" "$tmp/h/frames.h" "$tmp/abi" > "$tmp/log" 2>&1; then
    echo "FAIL [update_baseline without bump]: it accepted an incompatible change"; sed 's/^/    /' "$tmp/log"; status=1
else
    echo "ok [update_baseline without bump]: $(grep REFUSED "$tmp/log")"
fi
sed -i 's/^#define FRAMES_VERSION_MAJOR 1/#define FRAMES_VERSION_MAJOR 2/' "$tmp/h/frames.h"
if sh "$here/update_baseline.sh" "$cc" "$clang" "$tmp/h/frames.h" "$tmp/abi" > "$tmp/log" 2>&1 &&
   sh "$here/abi_check.sh" "$cc" "$clang" "$tmp/h/frames.h" "$tmp/abi" > "$tmp/log2" 2>&1 &&
   [ -f "$tmp/abi/libframes.so.2.abi" ] && [ ! -f "$tmp/abi/libframes.so.1.abi" ]; then
    echo "ok [update_baseline with major bump]: baseline now $(cat "$tmp/abi/VERSION"), abi_check passes"
else
    echo "FAIL [update_baseline with major bump]:"; cat "$tmp/log" "$tmp/log2" 2>/dev/null | sed 's/^/    /'; status=1
fi

# From 1.0 a minor bump cannot record an incompatible change: only a new
# major version can (docs/abi-policy.md).
rm -rf "$tmp/abi"
cp -R "$baseline" "$tmp/abi"
cp "$header" "$tmp/h/frames.h"
sed -i 's/^frames_result frames_engine_set_consent(.*$//; s/^#define FRAMES_VERSION_MINOR [0-9]*/#define FRAMES_VERSION_MINOR 99/' "$tmp/h/frames.h"
if sh "$here/update_baseline.sh" "$cc" "$clang" "$tmp/h/frames.h" "$tmp/abi" > "$tmp/log" 2>&1; then
    echo "FAIL [1.x: update_baseline with a minor bump]: it recorded an incompatible change"; sed 's/^/    /' "$tmp/log"; status=1
else
    echo "ok [1.x: update_baseline with a minor bump]: $(grep REFUSED "$tmp/log")"
fi

[ $status -eq 0 ] && echo "PASS: abi_check catches every incompatible change it is shown"
exit $status
