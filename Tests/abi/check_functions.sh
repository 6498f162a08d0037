#!/bin/sh
# check_functions — Tests/abi/functions.json (the machine-readable list of
# every function of frames.h that the libffi sweep reads) is exactly what
# gen_functions.py derives from the header now, in both directions: a
# function added to, removed from or changed in frames.h without
# regenerating the list fails here, and so does a hand edit of the list.
# As an independent second opinion, the list's function names must also equal
# those of Tests/c/scripts/header_functions.sh (the awk extractor the
# exported_symbols and shim_drift checks use).
#
# Regenerate after a deliberate header change:
#   python3 Tests/abi/gen_functions.py <clang> include/frames.h > Tests/abi/functions.json
#
# usage: check_functions.sh <clang> <cc> <include/frames.h> <functions.json>
set -eu
clang=$1
cc=$2
header=$3
committed=$4
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

python3 "$here/gen_functions.py" "$clang" "$header" > "$tmp/generated.json"
if ! cmp -s "$committed" "$tmp/generated.json"; then
    echo "FAIL: $committed differs from what frames.h gives (- committed, + header):"
    diff -u "$committed" "$tmp/generated.json" | sed 's/^/  /' | head -n 80
    echo "  regenerate: python3 Tests/abi/gen_functions.py $clang $header > $committed"
    status=1
fi

python3 -c 'import json, sys
for f in json.load(open(sys.argv[1]))["functions"]: print(f["name"])' "$committed" | LC_ALL=C sort -u > "$tmp/json.names"
sh "$here/../c/scripts/header_functions.sh" "$cc" "$header" > "$tmp/header.names"
if ! cmp -s "$tmp/json.names" "$tmp/header.names"; then
    echo "FAIL: function names of $committed and of header_functions.sh differ (< json, > header):"
    diff "$tmp/json.names" "$tmp/header.names" | grep '^[<>]' | sed 's/^/  /'
    status=1
fi
n=$(wc -l < "$tmp/json.names")
[ $status -eq 0 ] && echo "PASS: functions.json lists the $n functions of frames.h with their types (== header, == header_functions.sh)"
exit $status
