# Sourced by the bench/run*.sh scripts: the library they measure and the
# machine they run on. Expects ROOT, WORK and NAME (the script's name, for
# messages); sets LIB to the absolute path of the library.

# Sources may be edited while we build ("modified during the build"): retry.
bench_swiftpm_build() {
    local attempt
    for attempt in 1 2 3; do
        if (cd "$ROOT" && swift build -c release --product frames) >"$WORK/build.log" 2>&1; then
            return 0
        fi
        echo "# swift build attempt $attempt failed; retrying in 20 s" >&2
        sleep 20
    done
    return 1
}

# FRAMES_LIBRARY if set; else the SwiftPM release build (the same code the
# tests load through CMake); else the CMake build already there.
bench_find_library() {
    if [ -n "${FRAMES_LIBRARY:-}" ]; then
        LIB="$FRAMES_LIBRARY"
        echo "# using FRAMES_LIBRARY=$LIB (no build)"
    elif bench_swiftpm_build; then
        LIB="$ROOT/.build/release/libframes.so"
        echo "# built $LIB (swift build -c release --product frames)"
    elif [ -f "$ROOT/build/libframes.so.1" ]; then
        LIB="$ROOT/build/libframes.so.1"
        echo "# swift build failed (tail of its log below); using the CMake build $LIB" >&2
        tail -n 15 "$WORK/build.log" >&2
    else
        echo "$NAME: swift build -c release --product frames failed:" >&2
        tail -n 30 "$WORK/build.log" >&2
        exit 1
    fi
    [ -f "$LIB" ] || { echo "$NAME: $LIB does not exist" >&2; exit 1; }
    LIB="$(readlink -f "$LIB")"
}

# -O2 at gcc's default x86-64 target, the same baseline the Swift build uses
# (no -march=native on either side).
CFLAGS_BENCH="-O2 -std=c11 -Wall -Wextra"

bench_print_machine() {
    echo "# machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(uname -r)"
    echo "# swift:   $(swift --version 2>/dev/null | head -n1)"
    echo "# gcc:     $(gcc --version | head -n1) ($CFLAGS_BENCH)"
}
