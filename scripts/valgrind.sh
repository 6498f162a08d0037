#!/usr/bin/env bash
# valgrind memcheck over the C test programs (XC-07).
#
#   bash scripts/valgrind.sh [program...]     (default: every program below)
#
# Runs each program of build/Tests/c (the plain CMake build: libframes.so
# with the Swift runtime linked in statically, as shipped), plus
# Tests/stress/thread_stress.c (a short run: threads and their per-thread
# error state come and go), under memcheck with
#   --leak-check=full --errors-for-leak-kinds=definite,indirect
#   --error-exitcode=23 --suppressions=Tests/valgrind/swift-runtime.supp
# so any invalid read/write, use of uninitialised memory, bad free, or any
# byte definitely or indirectly lost fails the program. "Possibly lost"
# blocks are printed in the summary line (0 expected: the only ones seen are
# the Swift runtime's metadata-cache index, suppressed as such) but do not
# fail; "still reachable" blocks are the runtime's caches and globals.
# Logs: build/valgrind/<program>.log. Installs valgrind (Debian) if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"
export SWIFT_BACKTRACE=enable=no

if ! command -v valgrind >/dev/null 2>&1; then
    printf '\n== installing valgrind (Debian package)\n'
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq valgrind >/dev/null
fi

# The plain build (scripts/setup.sh makes it; scripts/test.sh runs that first).
if [ ! -x build/Tests/c/test_version ]; then
    bash scripts/setup.sh
fi

out="$repo/build/valgrind"
mkdir -p "$out"
rm -f "$out"/*.log

# thread_stress against the plain library, built here with the compiler the
# C tests use.
cc="${CC:-cc}"
"$cc" -std=c11 -O1 -g -Wall -Wextra -Werror -pedantic -I include -I Tests/c \
    -o "$out/thread_stress" Tests/stress/thread_stress.c Tests/c/fake_backend.c Tests/c/sha256.c \
    -L build -lframes -Wl,-rpath,"$repo/build" -lpthread -lm
# IM-01: the notification stress and the messages example, the same way.
"$cc" -std=c11 -O1 -g -Wall -Wextra -Werror -pedantic -I include \
    -o "$out/message_stress" Tests/stress/message_stress.c -L build -lframes -Wl,-rpath,"$repo/build" -lpthread
"$cc" -std=c11 -O1 -g -Wall -Wextra -Werror -pedantic -I include \
    -o "$out/messages_example" bindings/c/examples/messages_example.c -L build -lframes -Wl,-rpath,"$repo/build" -lpthread

programs=()
if [ $# -gt 0 ]; then
    programs=("$@")
else
    for p in build/Tests/c/test_* build/Tests/c/header_compiles_*; do
        [ -x "$p" ] && [ -f "$p" ] && programs+=("$p")
    done
    programs+=("$out/thread_stress" "$out/message_stress" "$out/messages_example")
    [ -x build/bindings/c/examples/inline_example ] && programs+=(build/bindings/c/examples/inline_example)
fi

supp="$repo/Tests/valgrind/swift-runtime.supp"
failed=0
total=0
start=$SECONDS
printf '\n== valgrind memcheck (%s)\n' "$(valgrind --version)"
for p in "${programs[@]}"; do
    name="$(basename "$p")"
    args=()
    vg_extra=()
    [ "$name" = thread_stress ] && args=(20)
    [ "$name" = message_stress ] && args=(100 10)
    # The stress programs wait for their other threads with sched_yield.
    # valgrind runs one thread at a time, and its default lock hands the CPU
    # back unfairly: a run once took 621 s instead of 5 s, the owner thread
    # starved by eight spinning intruders. --fair-sched=yes queues threads.
    case "$name" in thread_stress|message_stress) vg_extra=(--fair-sched=yes) ;; esac
    # test_engine_handles checks that 5000 failed engine creations grow RSS
    # by less than 4 MiB; memcheck's freed-block queue (--freelist-vol, 20 MB)
    # delays reuse by design, so that program runs with the queue off.
    [ "$name" = test_engine_handles ] && vg_extra=(--freelist-vol=0 --freelist-big-blocks=0)
    total=$((total + 1))
    t0=$SECONDS
    rc=0
    valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite,indirect \
        --errors-for-leak-kinds=definite,indirect --error-exitcode=23 \
        --track-origins=yes --num-callers=40 --suppressions="$supp" --gen-suppressions=all \
        "${vg_extra[@]}" "$p" "${args[@]}" >"$out/$name.log" 2>&1 || rc=$?
    # "definitely 0, indirectly 0, possibly 0 bytes lost; 0 errors"
    lost="$(grep -E '(definitely|indirectly|possibly) lost:' "$out/$name.log" |
        sed -E 's/.*(definitely|indirectly|possibly) lost: ([0-9,]+) bytes.*/\1 \2/' | paste -sd ',' - | sed 's/,/, /g')"
    errors="$(grep -E 'ERROR SUMMARY' "$out/$name.log" | sed -E 's/.*ERROR SUMMARY: ([0-9,]+) errors.*/\1 errors/' | tail -n 1)"
    if [ "$rc" -ne 0 ]; then
        failed=$((failed + 1))
        printf '  FAIL %-26s exit %d (%ds) %s -- build/valgrind/%s.log\n' "$name" "$rc" $((SECONDS - t0)) "$errors" "$name"
        grep -E -A30 'Invalid|uninitialised|definitely lost in|indirectly lost in|Mismatched|FAIL ' "$out/$name.log" |
            head -n 60 | sed 's/^/    /'
    else
        printf '  ok   %-26s (%ds) %s bytes lost; %s\n' "$name" $((SECONDS - t0)) "${lost:-?}" "$errors"
    fi
done
printf '\nvalgrind: %d passed, %d failed (%ds)\n' $((total - failed)) "$failed" $((SECONDS - start))
[ "$failed" -eq 0 ]
