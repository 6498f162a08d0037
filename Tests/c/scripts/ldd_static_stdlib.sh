#!/bin/sh
# ldd_static_stdlib — libframes.so loads in a process without a Swift
# toolchain: the Swift standard library is linked in statically, so ldd lists
# only the C/C++ runtime (libc, libm, libstdc++, libgcc_s), the loader and the
# vDSO; and the soname is libframes.so.<MAJOR> ("Build and
# packaging").
#
# usage: ldd_static_stdlib.sh <library> <expected soname>
set -eu
library=$1
soname=$2
status=0

echo "ldd $library:"
ldd "$library" | sed 's/^/  /'
unexpected=$(ldd "$library" | awk '{ print $1 }' | sed 's|.*/||' |
    grep -Ev '^(libc\.so\.[0-9]+|libm\.so\.[0-9]+|libstdc\+\+\.so\.[0-9]+|libgcc_s\.so\.[0-9]+|ld-linux[-a-z0-9_.]*\.so\.[0-9]+|linux-vdso\.so\.[0-9]+|linux-gate\.so\.[0-9]+)$' || true)
if [ -n "$unexpected" ]; then
    echo "FAIL: unexpected runtime dependencies (is the Swift runtime linked dynamically?):"
    echo "$unexpected" | sed 's/^/  /'
    status=1
fi
if ldd "$library" | grep -q "not found"; then
    echo "FAIL: a dependency is not found"
    status=1
fi
if readelf -d "$library" | grep -Eq 'NEEDED.*(swift|Foundation|dispatch|BlocksRuntime)'; then
    echo "FAIL: DT_NEEDED names a Swift runtime library"
    status=1
fi

actual=$(readelf -d "$library" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
echo "SONAME: $actual"
if [ "$actual" != "$soname" ]; then
    echo "FAIL: SONAME is '$actual', expected '$soname'"
    status=1
fi
[ $status -eq 0 ] && echo "PASS: only the C/C++ runtime is needed; SONAME $soname"
exit $status
