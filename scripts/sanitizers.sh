#!/usr/bin/env bash
# The C and Python test suites and the thread stress test under
# AddressSanitizer (with LeakSanitizer) and ThreadSanitizer (XC-02, XC-07).
#
#   bash scripts/sanitizers.sh [address|thread|all]     (default: all)
#
# For each mode it
#   1. builds libframes.so instrumented, as CMake builds it: the Embedded
#      Swift build (scripts/build_embedded.sh --sanitize MODE,
#      build/sanitize-MODE/embedded), or with FRAMES_EMBEDDED_SWIFT=0 the
#      standard build (swift build --sanitize=MODE, build/sanitize-MODE/swiftpm);
#      and copies it to build/sanitize-MODE/lib/libframes.so.1 (+ the
#      libframes.so link);
#   2. compiles every C test program (Tests/c/test_*.c, header_compiles.c),
#      Tests/stress/thread_stress.c, Tests/stress/message_stress.c and the
#      inline and messages examples with clang -fsanitize=MODE against it;
#   3. runs each program (ASan: detect_leaks=1; TSan: the default report
#      settings), then the Python suite with LD_PRELOAD of the same runtime.
# Any sanitizer report, or any test failure, fails the script. Per-mode times
# are printed at the end.
#
# How the instrumented library links its runtime: both builds link with
# `-z defs` (no undefined symbols in the .so), so the library is linked against the
# shared sanitizer runtime of the toolchain's clang
# (libclang_rt.{asan,tsan}-x86_64.so, DT_NEEDED + RUNPATH). Every host then
# uses that same shared runtime: C programs link with -shared-libsan, Python
# preloads it (an uninstrumented interpreter must load the runtime first).
#
# Logs: build/sanitize-MODE/logs/<program>.log (sanitizer reports included).
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"
mode_arg="${1:-all}"

case "$mode_arg" in
    address) modes=(address) ;;
    thread) modes=(thread) ;;
    all) modes=(address thread) ;;
    *) echo "usage: $0 [address|thread|all]" >&2; exit 2 ;;
esac

# Harness-wide settings (docs/reliability.md): no Swift backtracer.
export SWIFT_BACKTRACE=enable=no
export PYTHONPATH="$repo/bindings/python${PYTHONPATH:+:$PYTHONPATH}"
# Low parallelism: other builds share these 2 cores.
jobs="${FRAMES_SANITIZER_JOBS:-1}"

swift_bin="$(dirname "$(readlink -f "$(command -v swift)")")"
clang="$swift_bin/clang"
[ -x "$clang" ] || { echo "sanitizers.sh: no clang next to swift ($swift_bin)" >&2; exit 1; }
rt_dir="$(dirname "$("$clang" -print-file-name=libclang_rt.asan-x86_64.so)")"
# The toolchain's TSan runtime intercepts libdispatch and refers to its
# symbols (_dispatch_data_destructor_munmap): every TSan process must load
# the toolchain's libdispatch and libBlocksRuntime too (docs/reliability.md).
swift_lib="$(readlink -f "$swift_bin/../lib/swift/linux")"
# TSan suppressions: only the Swift runtime's own uninstrumented
# synchronization (Mutex slow paths, swift_once), each entry explained there.
tsan_supp="$repo/Tests/stress/tsan.supp"

# thread_stress must name every function of frames.h (a new function gets
# its wrong-thread or thread-safe call there).
bash Tests/stress/header_coverage.sh include/frames.h Tests/stress/thread_stress.c
[ -f "$rt_dir/libclang_rt.asan-x86_64.so" ] || { echo "sanitizers.sh: no sanitizer runtimes in $rt_dir" >&2; exit 1; }

# Python test dependencies, in build/venv (scripts/test.sh installs them;
# so does this script when run on its own). Never the system Python.
source "$repo/scripts/install.sh"
venv_create
venv_need pytest numpy
export PATH="$FRAMES_VENV/bin:$PATH"

log() { printf '\n== %s\n' "$*"; }

# Sanitizer reports in a log: the banners every runtime prints.
report_pattern='ERROR: AddressSanitizer|ERROR: LeakSanitizer|WARNING: ThreadSanitizer|ThreadSanitizer: reported|SUMMARY: (Address|Leak|Thread|UndefinedBehavior)Sanitizer|runtime error:'

summary=()
overall=0

run_mode() {
    local mode="$1" short runtime dir lib bin logs start failures=0 programs=0 src name flags=()
    local preload extra_libs=()
    case "$mode" in
        address) short=asan ;;
        thread) short=tsan ;;
    esac
    runtime="$rt_dir/libclang_rt.$short-x86_64.so"
    preload="$runtime"
    if [ "$mode" = thread ]; then
        extra_libs=(-L "$swift_lib" -ldispatch -lBlocksRuntime -Wl,-rpath,"$swift_lib")
        preload="$runtime:$swift_lib/libdispatch.so:$swift_lib/libBlocksRuntime.so"
    fi
    dir="$repo/build/sanitize-$mode"
    lib="$dir/lib"
    bin="$dir/bin"
    logs="$dir/logs"
    mkdir -p "$lib" "$bin" "$logs"
    rm -f "$logs"/*.log
    start=$SECONDS

    if [ "${FRAMES_EMBEDDED_SWIFT:-1}" != 0 ]; then
        log "[$mode] building libframes.so with Embedded Swift, -sanitize=$mode (build/sanitize-$mode/embedded)"
        bash scripts/build_embedded.sh "$dir/embedded" --sanitize "$mode" >"$logs/swift-build.txt" 2>&1 ||
            { cat "$logs/swift-build.txt"; return 1; }
        cp -f "$dir/embedded/libframes.so.1" "$lib/libframes.so.1"
    else
        log "[$mode] building libframes.so with --sanitize=$mode (build/sanitize-$mode/swiftpm)"
        swift build -c release --product frames --sanitize="$mode" \
            --scratch-path "$dir/swiftpm" -j "$jobs" \
            -Xlinker "$runtime" -Xlinker -rpath -Xlinker "$rt_dir" >"$logs/swift-build.txt" 2>&1 ||
            { cat "$logs/swift-build.txt"; return 1; }
        cp -f "$dir/swiftpm/release/libframes.so" "$lib/libframes.so.1"
    fi
    ln -sf libframes.so.1 "$lib/libframes.so"
    local build_time=$((SECONDS - start))

    log "[$mode] building the C test programs with clang -fsanitize=$mode"
    flags=(-fsanitize="$mode" -shared-libsan -g -O1 -fno-omit-frame-pointer
           -std=gnu11 -Wall -Wextra
           -I "$repo/include" -I "$repo/Tests/c"
           -DFRAMES_FIXTURES_DIR="\"$repo/Tests/fixtures/wire\""
           -DFRAMES_CMAKE_VERSION="\"$(sed -n 's/^#define FRAMES_VERSION_STRING "\(.*\)"/\1/p' include/frames.h)\"")
    local link=(-L "$lib" -lframes -Wl,-rpath,"$lib" -Wl,-rpath,"$rt_dir" "${extra_libs[@]}" -lpthread -lm)
    local sources=()
    for src in Tests/c/test_*.c Tests/c/header_compiles.c Tests/stress/thread_stress.c \
               Tests/stress/message_stress.c bindings/c/examples/inline_example.c \
               bindings/c/examples/messages_example.c; do
        [ -f "$src" ] && sources+=("$src")
    done
    for src in "${sources[@]}"; do
        name="$(basename "$src" .c)"
        "$clang" "${flags[@]}" -o "$bin/$name" "$src" Tests/c/fake_backend.c Tests/c/sha256.c Tests/c/banner_harness.c Tests/c/inline_harness.c "${link[@]}" \
            >"$logs/$name.compile.txt" 2>&1 || { cat "$logs/$name.compile.txt"; return 1; }
    done

    log "[$mode] running the C test programs"
    # halt_on_error is the ASan default; TSan keeps going and reports each
    # race once. Both exit 23 after a report so a report is never a pass.
    local san_env
    if [ "$mode" = address ]; then
        san_env="ASAN_OPTIONS=detect_leaks=1:exitcode=23:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
    else
        san_env="TSAN_OPTIONS=exitcode=23:halt_on_error=0:second_deadlock_stack=1:suppressions=$tsan_supp:print_suppressions=1"
    fi
    local t0 rc extra args
    for src in "${sources[@]}"; do
        name="$(basename "$src" .c)"
        programs=$((programs + 1))
        t0=$SECONDS
        rc=0
        extra=""
        args=()
        # Fewer owner rounds under the sanitizers (each is 5-15x slower);
        # the intruders still interleave with every round.
        [ "$name" = thread_stress ] && args=(100)
        [ "$name" = message_stress ] && args=(300 40)
        # test_engine_handles checks that 5000 failed engine creations do not
        # grow RSS by 4 MiB. Under ASan two of its own mechanisms grow RSS by
        # design: the quarantine (freed memory is not reused until 256 MiB
        # were freed) and the fake stacks of use-after-return detection
        # (touched lazily). Measured: +4736 pages with the defaults, +26 with
        # both off. That program runs with them off; LeakSanitizer and every
        # bounds check stay on.
        if [ "$mode" = address ] && [ "$name" = test_engine_handles ]; then
            extra=":quarantine_size_mb=0:detect_stack_use_after_return=0"
        fi
        env "$san_env$extra" "$bin/$name" "${args[@]}" >"$logs/$name.log" 2>&1 || rc=$?
        if [ "$rc" -ne 0 ] || grep -Eq "$report_pattern" "$logs/$name.log"; then
            failures=$((failures + 1))
            printf '  FAIL %-28s exit %d (%ds) -- build/sanitize-%s/logs/%s.log:\n' "$name" "$rc" $((SECONDS - t0)) "$mode" "$name"
            grep -E -A40 "$report_pattern|FAIL " "$logs/$name.log" | head -n 80 | sed 's/^/    /'
        else
            printf '  ok   %-28s (%ds) %s\n' "$name" $((SECONDS - t0)) "$(tail -n 1 "$logs/$name.log")"
        fi
    done
    local c_time=$((SECONDS - start - build_time))

    log "[$mode] Python suite (pytest, LD_PRELOAD=$(basename "$runtime"))"
    # The real interpreter, not a pyenv shim: a shim is a bash script, and
    # LD_PRELOAD would instrument bash instead of python.
    local py py_log="$logs/pytest.log" py_env report_dir="$logs/python-reports"
    py="$(python3 -c 'import sys; print(sys.executable)')"
    rm -rf "$report_dir"
    mkdir -p "$report_dir"
    # Reports go to files (log_path, one per process, child processes
    # included) and are judged by the filter below, not by exit codes:
    # - ASan: any error report fails. Leak detection is ON, but the
    #   uninstrumented interpreter never frees everything at exit (CPython's
    #   obmalloc arenas, numpy's ufunc tables, interned strings; and the gcc
    #   that test_appearance.py runs): ~670 KB in ~550 allocations per run,
    #   none with a libframes frame. So a leak report fails only when its
    #   allocation stack passes through libframes.so. exitcode=0 keeps those
    #   interpreter leaks from failing child processes that the tests run.
    # - TSan: any report fails.
    if [ "$mode" = address ]; then
        py_env="ASAN_OPTIONS=detect_leaks=1:exitcode=0:log_path=$report_dir/asan"
    else
        py_env="TSAN_OPTIONS=exitcode=0:halt_on_error=0:suppressions=$tsan_supp:log_path=$report_dir/tsan"
    fi
    # Four tests start a child interpreter with an empty environment on
    # purpose (loading without FRAMES_LIBRARY/LD_PRELOAD); a library linked
    # against the sanitizer runtime cannot load there without the preload
    # ("ASan runtime does not come first"). They run in the plain suite.
    local deselect=(
        --deselect Tests/python/test_cli.py::test_python_dash_m_frames
        --deselect Tests/python/test_cli.py::test_cli_piped_into_head_ends_quietly_with_status_0
        --deselect Tests/python/test_loading.py::test_loads_in_an_otherwise_empty_environment
        --deselect Tests/python/test_loading.py::test_library_next_to_the_package_is_found
    )
    t0=$SECONDS
    rc=0
    env "$py_env" LD_PRELOAD="$preload" FRAMES_LIBRARY="$lib/libframes.so.1" \
        "$py" -m pytest Tests/python -q -p no:cacheprovider "${deselect[@]}" >"$py_log" 2>&1 || rc=$?
    programs=$((programs + 1))
    local findings
    findings="$(python3 - "$report_dir" <<'PY'
import glob, re, sys
# One report block per blank-line-separated paragraph of each report file.
out = []
for path in sorted(glob.glob(sys.argv[1] + "/*")):
    text = open(path, errors="replace").read()
    for block in re.split(r"\n\s*\n", text):
        if re.search(r"(Direct|Indirect) leak of", block):
            if "libframes" in block:
                out.append(path + ":\n" + block)
        elif re.search(r"ERROR: AddressSanitizer|WARNING: ThreadSanitizer|runtime error:", block):
            out.append(path + ":\n" + block)
print("\n\n".join(out))
PY
)"
    if [ "$rc" -ne 0 ] || [ -n "$findings" ]; then
        failures=$((failures + 1))
        printf '  FAIL pytest exit %d (%ds) -- build/sanitize-%s/logs/pytest.log, python-reports/:\n' "$rc" $((SECONDS - t0)) "$mode"
        { printf '%s\n' "$findings"; grep -E "^(FAILED|ERROR)" "$py_log"; } | head -n 120 | sed 's/^/    /'
    else
        printf '  ok   pytest (%ds) %s; %s interpreter-only leak reports ignored\n' $((SECONDS - t0)) \
            "$(tail -n 1 "$py_log")" "$(cat "$report_dir"/* 2>/dev/null | grep -cE '(Direct|Indirect) leak of' || true)"
    fi
    local py_time=$((SECONDS - t0))
    local total=$((SECONDS - start))

    summary+=("$(printf '%-8s build %3ds, C programs %3ds, pytest %3ds, total %3ds: %d run, %d failed' \
        "$mode" "$build_time" "$c_time" "$py_time" "$total" "$programs" "$failures")")
    [ "$failures" -eq 0 ] || overall=1
}

for m in "${modes[@]}"; do
    run_mode "$m" || { overall=1; summary+=("$m: build failed"); }
done

log "sanitizers summary"
for line in "${summary[@]}"; do echo "  $line"; done
exit "$overall"
