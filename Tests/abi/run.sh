#!/usr/bin/env bash
# The ABI checks, from one command:
#
#   Tests/abi/run.sh [all|functions|sweep|baseline|selftest]...   (default: all)
#
#   functions  functions.json == what frames.h declares (check_functions.sh)
#   sweep      the libffi sweep over every function, each call in a forked
#              child, plus the trapping canary it must catch (ffi_sweep.c)
#   baseline   the ABI of frames.h against abi/ (abi_check.sh)
#   selftest   abi_check.sh catches edited headers (abi_check_selftest.sh)
#   all        all four
#
# Environment: FRAMES_LIBRARY (default build/libframes.so.1), CC (cc),
# FRAMES_CLANG / FRAMES_SWIFTC (default: the Swift toolchain's, else PATH),
# FRAMES_ABI_BUILD (build/abi), FRAMES_SWEEP_RANDOM (16 random combinations
# per function), FRAMES_SWEEP_SEED (1), FRAMES_ABI_NO_INSTALL=1 (never run
# apt-get; fail if libffi-dev or abigail-tools is missing).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"
export SWIFT_BACKTRACE=enable=no
lib=${FRAMES_LIBRARY:-$root/build/libframes.so.1}
cc=${CC:-cc}
pick() { for c in "$@"; do if [ -x "$c" ] || command -v "$c" > /dev/null 2>&1; then echo "$c"; return; fi; done; echo "$1"; }
clang=${FRAMES_CLANG:-$(pick /opt/swift/usr/bin/clang clang)}
swiftc=${FRAMES_SWIFTC:-$(pick /opt/swift/usr/bin/swiftc swiftc)}
out=${FRAMES_ABI_BUILD:-$root/build/abi}
steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(all)
[ "${steps[0]}" = all ] && steps=(functions sweep baseline selftest)
mkdir -p "$out"

# Debian packages, installed only when missing (idempotent).
need=()
pkg-config --exists libffi 2> /dev/null || need+=(libffi-dev)
command -v abidiff > /dev/null 2>&1 && command -v abidw > /dev/null 2>&1 || need+=(abigail-tools)
command -v pkg-config > /dev/null 2>&1 || need+=(pkg-config)
if [ ${#need[@]} -gt 0 ]; then
    if [ "${FRAMES_ABI_NO_INSTALL:-0}" = 1 ]; then echo "FAIL: missing ${need[*]} (FRAMES_ABI_NO_INSTALL=1)"; exit 1; fi
    echo "== installing ${need[*]} (apt-get)"
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need[@]}" > /dev/null
fi

status=0
timing=()
run_step() {
    local name=$1
    shift
    local t0 t1 rc
    t0=$(date +%s.%N)
    printf '\n== %s\n' "$name"
    set +e
    "$@"
    rc=$?
    set -e
    t1=$(date +%s.%N)
    timing+=("$(printf '%-10s %6.1f s  %s' "$name" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" "$([ $rc -eq 0 ] && echo ok || echo FAILED)")")
    [ $rc -eq 0 ] || status=1
}

sweep() {
    [ -e "$lib" ] || { echo "FAIL: $lib not found (build the library: scripts/setup.sh, or set FRAMES_LIBRARY)"; return 1; }
    "$cc" -std=gnu11 -O1 -g -Wall -Wextra -Werror -I "$root/include" -o "$out/ffi_sweep" "$here/ffi_sweep.c" \
        $(pkg-config --cflags --libs libffi) -ldl -lm || return 1
    # The canary: a separate Swift library that traps, never part of libframes.
    if [ ! -f "$out/libframes_abi_canary.so" ] || [ "$here/canary/canary.swift" -nt "$out/libframes_abi_canary.so" ] ||
       [ "$here/canary/canary.map" -nt "$out/libframes_abi_canary.so" ]; then
        "$swiftc" -O -parse-as-library -emit-library -static-stdlib -module-name FramesABICanary \
            -module-cache-path "$out/module-cache" "$here/canary/canary.swift" \
            -Xlinker --version-script="$here/canary/canary.map" -o "$out/libframes_abi_canary.so" || return 1
    fi
    "$out/ffi_sweep" --functions "$here/functions.json" --library "$lib" --canary "$out/libframes_abi_canary.so" \
        --random "${FRAMES_SWEEP_RANDOM:-16}" --seed "${FRAMES_SWEEP_SEED:-1}" 2> "$out/sweep.stderr"
}

for step in "${steps[@]}"; do
    case $step in
        functions) run_step functions sh "$here/check_functions.sh" "$clang" "$cc" include/frames.h "$here/functions.json" ;;
        sweep) run_step sweep sweep ;;
        baseline) run_step baseline sh "$here/abi_check.sh" "$cc" "$clang" include/frames.h abi ;;
        selftest) run_step selftest sh "$here/abi_check_selftest.sh" "$cc" "$clang" include/frames.h abi ;;
        *) echo "unknown step $step (all|functions|sweep|baseline|selftest)"; exit 2 ;;
    esac
done
printf '\n== ABI checks\n'
printf '%s\n' "${timing[@]}"
[ $status -eq 0 ] && echo "PASS" || echo "FAIL"
exit $status
