#!/bin/sh
# update_baseline — (re)writes the ABI baseline in abi/ from frames.h, but only
# together with the version bump the change needs (see abi_check.sh):
#   - an incompatible change needs a FRAMES_VERSION_MAJOR above the baseline's
#     — while the major version is 0, a MINOR above the baseline's (0.x: a
#     minor version may change the ABI; frames.h, FRAMES_VERSION_MAJOR);
#   - a compatible change or additions need MAJOR.MINOR above the baseline's;
#   - no change at all: nothing to do (the baseline keeps its version).
# --force skips the rule (only for a baseline that is wrong, e.g. generated
# by a broken tool; say why in the commit).
#
# usage: update_baseline.sh [--force] [<cc> <clang> <include/frames.h> <abi dir>]
#   defaults: cc, /opt/swift/usr/bin/clang (or clang), include/frames.h, abi
set -eu
force=0
if [ "${1:-}" = "--force" ]; then force=1; shift; fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cc=${1:-${CC:-cc}}
clang=${2:-${FRAMES_CLANG:-$( [ -x /opt/swift/usr/bin/clang ] && echo /opt/swift/usr/bin/clang || echo clang)}}
header=${3:-$root/include/frames.h}
abi=${4:-$root/abi}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sh "$here/abi_generate.sh" "$cc" "$clang" "$header" "$tmp/current"
now=$(cat "$tmp/current/VERSION")
so=libframes.so.${now%%.*}
if [ -f "$abi/VERSION" ] && [ $force -eq 0 ]; then
    base=$(cat "$abi/VERSION")
    old=libframes.so.${base%%.*}
    set +e
    python3 "$here/abi_tool.py" compare "$abi/$old" "$tmp/current/$so"
    class=$?
    abidiff --no-added-syms --no-show-locs "$abi/$old.abi" "$tmp/current/$so.abi" > /dev/null 2>&1
    abirc=$?
    set -e
    # A versioned struct that grew (20) is a size change abidiff always reports;
    # abi_tool.py has checked it grew only at its end.
    [ "$abirc" -ne 0 ] && [ "$class" -lt 20 ] && class=30
    bm=${base%%.*}; rest=${base#*.}; bn=${rest%%.*}
    nm=${now%%.*}; rest=${now#*.}; nn=${rest%%.*}
    case $class in
        0)  echo "update_baseline: no ABI change since $base; nothing to do"; exit 0 ;;
        10|20)
            if [ "$nm" -lt "$bm" ] || { [ "$nm" -eq "$bm" ] && [ "$nn" -le "$bn" ]; }; then
                echo "update_baseline: REFUSED: additions/compatible changes need FRAMES_VERSION_MINOR above $bm.$bn (frames.h is $now)"
                exit 1
            fi ;;
        *)
            if [ "$bm" -eq 0 ] && [ "$nm" -eq 0 ]; then
                if [ "$nn" -le "$bn" ]; then
                    echo "update_baseline: REFUSED: in 0.x an incompatible change needs FRAMES_VERSION_MINOR above $bm.$bn (frames.h is $now)"
                    exit 1
                fi
            elif [ "$nm" -le "$bm" ]; then
                echo "update_baseline: REFUSED: an incompatible change needs FRAMES_VERSION_MAJOR above $bm (frames.h is $now)"
                exit 1
            fi
            rm -f "$abi/$old.abi" "$abi/$old.layout" "$abi/$old.functions" ;;
    esac
fi
mkdir -p "$abi"
cp "$tmp/current/$so.abi" "$tmp/current/$so.layout" "$tmp/current/$so.functions" "$tmp/current/VERSION" "$abi/"
echo "update_baseline: wrote $abi/$so.{abi,layout,functions} and VERSION ($now)"
