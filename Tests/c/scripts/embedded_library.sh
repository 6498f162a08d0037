#!/bin/sh
# embedded_library — the library CMake builds with Embedded Swift is the one
# docs/decisions.md ("Embedded Swift") promises: it needs only libc and libm
# (and the loader), no glibc newer than 2.34 (RHEL 9, Ubuntu 22.04: no
# symbol version above GLIBC_2.34, no packed relative relocations, which
# need 2.36's loader), and stripped it is at most 1.5 MiB (1,572,864
# bytes), so a host that embeds it ships a library of that size.
#
# usage: embedded_library.sh <library> <strip>
set -eu
library=$1
strip=$2
limit=1572864
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

needed=$(readelf -d "$library" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')
echo "NEEDED: $needed"
if [ "$needed" != "libc.so.6 libm.so.6 " ]; then
    echo "FAIL: the Embedded library needs $needed; expected only libc.so.6 and libm.so.6"
    status=1
fi
versions=$(readelf -V "$library" | grep -o 'GLIBC_[0-9A-Z_.]*' | sort -u)
newest=$(echo "$versions" | sed -n 's/^GLIBC_\([0-9][0-9.]*\)$/\1/p' | sort -V | tail -n 1)
echo "newest glibc version: $newest"
if [ "$(printf '%s\n2.34\n' "$newest" | sort -V | tail -n 1)" != 2.34 ]; then
    echo "FAIL: the library needs GLIBC_$newest; it must load with glibc 2.34"
    status=1
fi
if echo "$versions" | grep -q GLIBC_ABI_DT_RELR; then
    echo "FAIL: the library has packed relative relocations (GLIBC_ABI_DT_RELR): glibc 2.36's loader only"
    status=1
fi
"$strip" --strip-unneeded -o "$tmp/stripped.so" "$library"
size=$(wc -c < "$tmp/stripped.so")
echo "stripped: $size bytes (limit $limit)"
if [ "$size" -gt "$limit" ]; then
    echo "FAIL: stripped, the library is $size bytes, over 1.5 MiB ($limit)"
    status=1
fi
[ $status -eq 0 ] && echo "PASS: only libc and libm, glibc $newest; $size bytes stripped"
exit $status
