#!/bin/sh
# exported_symbols — the library exports exactly the functions frames.h
# declares ("keep a test that the exported symbols equal
# the header's declarations").
#
# Compares the GLOBAL/WEAK defined symbols of the library's dynamic symbol
# table (readelf --dyn-syms; what another object can bind to) with the
# function names declared in frames.h, and fails listing the difference in
# either direction. Also fails if frames.map stops hiding the statically linked
# Swift runtime (any non-frames_ export).
#
# usage: exported_symbols.sh <cc> <header> <library>
set -eu
cc=$1
header=$2
library=$3
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sh "$here/header_functions.sh" "$cc" "$header" > "$tmp/header"
# Num: Value Size Type Bind Vis Ndx Name; Ndx UND = imported, not defined.
readelf --dyn-syms --wide "$library" |
    awk '$5 == "GLOBAL" || $5 == "WEAK" { if ($7 != "UND") { name = $8; sub(/@.*/, "", name); print name } }' |
    LC_ALL=C sort -u > "$tmp/exported"

echo "header declares $(wc -l < "$tmp/header") functions; $library exports $(wc -l < "$tmp/exported") symbols"
if [ ! -s "$tmp/header" ]; then
    echo "FAIL: found no function declarations in $header"
    exit 1
fi
status=0
missing=$(LC_ALL=C comm -23 "$tmp/header" "$tmp/exported")
extra=$(LC_ALL=C comm -13 "$tmp/header" "$tmp/exported")
if [ -n "$missing" ]; then
    echo "FAIL: declared in frames.h but not exported by the library:"
    echo "$missing" | sed 's/^/  /'
    status=1
fi
if [ -n "$extra" ]; then
    echo "FAIL: exported by the library but not declared in frames.h:"
    echo "$extra" | sed 's/^/  /'
    status=1
fi
if [ $status -eq 0 ]; then
    sed 's/^/  ok /' "$tmp/header"
    echo "PASS: exports == declarations"
fi
exit $status
