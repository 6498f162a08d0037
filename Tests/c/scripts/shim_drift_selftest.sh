#!/bin/sh
# shim_drift_selftest — proves shim_drift.sh catches a drift: on a copy of the
# shims (Sources/ is never touched) it changes
#   1. a parameter type: frames_layout_banners' `_ rectsCapacity: UInt` to
#      UInt32 (uint32_t instead of size_t in C; still valid Swift), and
#   2. a pointer's constness: frames_appearance_validate's
#      UnsafePointer<frames_appearance>? to UnsafeMutablePointer (const lost),
# one at a time, and requires shim_drift.sh to fail naming the function.
#
# usage: shim_drift_selftest.sh <same arguments as shim_drift.sh>
set -eu
swiftc=$1
cc=$2
include_dir=$3
shims_dir=$4
modules_dir=$5
module_map=$6
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

# mutate <name> <file> <function> <sed expression>
mutate() {
    name=$1 file=$2 function=$3 expr=$4
    rm -rf "$tmp/shims"
    cp -R "$shims_dir" "$tmp/shims"
    sed -i "$expr" "$tmp/shims/$file"
    if cmp -s "$shims_dir/$file" "$tmp/shims/$file"; then
        echo "FAIL [$name]: the mutation did not apply to $file (the shim changed; update this test)"
        status=1
        return
    fi
    if sh "$here/shim_drift.sh" "$swiftc" "$cc" "$include_dir" "$tmp/shims" "$modules_dir" "$module_map" > "$tmp/log" 2>&1; then
        echo "FAIL [$name]: shim_drift.sh passed on a drifted shim"
        sed 's/^/  /' "$tmp/log"
        status=1
    elif grep -q "swiftc could not type-check" "$tmp/log"; then
        echo "FAIL [$name]: the mutated shims do not type-check, so the drift check was not exercised"
        sed 's/^/  /' "$tmp/log"
        status=1
    elif ! grep -q "$function" "$tmp/log" || ! grep -q "differs from its declaration" "$tmp/log"; then
        echo "FAIL [$name]: shim_drift.sh failed without naming $function"
        sed 's/^/  /' "$tmp/log"
        status=1
    else
        echo "ok [$name]: shim_drift.sh caught it:"
        grep -m 2 -i "error" "$tmp/log" | sed 's/^/    /'
    fi
}

mutate "size_t parameter becomes uint32_t" Layout.swift frames_layout_banners \
    's/_ rectsCapacity: UInt,/_ rectsCapacity: UInt32,/'
mutate "const pointer loses const" AppearanceCalls.swift frames_appearance_validate \
    's/frames_appearance_validate(_ appearance: UnsafePointer<frames_appearance>?)/frames_appearance_validate(_ appearance: UnsafeMutablePointer<frames_appearance>?)/'

# And the unmutated copy passes.
if sh "$here/shim_drift.sh" "$swiftc" "$cc" "$include_dir" "$shims_dir" "$modules_dir" "$module_map" > "$tmp/log" 2>&1; then
    echo "ok [unchanged shims]: shim_drift.sh passes"
else
    echo "FAIL [unchanged shims]: shim_drift.sh fails on the real shims"
    sed 's/^/  /' "$tmp/log"
    status=1
fi
[ $status -eq 0 ] && echo "PASS: the drift check catches drift"
exit $status
