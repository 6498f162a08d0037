#!/usr/bin/env bash
# Runs the tests, by stage:
#
#   bash scripts/test.sh [STAGE...]      (no argument: every stage, in this order)
#
#   swift       swift test
#   c           ctest: C unit tests, ABI checks, thread stress, soak, install,
#               the library's size and dependencies (the Embedded Swift build)
#   standard    the fallback: the library built in standard mode by SwiftPM
#               (CMake -DFRAMES_EMBEDDED_SWIFT=OFF, build/standard-cmake) and
#               the same ctest suite on it
#   sanitizers  ASan+LSan and TSan over the C tests, the thread stress and pytest
#   valgrind    memcheck over the C programs and the thread stress
#   fuzz        every reproducer and seed, then FUZZ_SECONDS (10) per target
#   python      mypy --strict, then pytest Tests/python
#   packaging   pip install, pip wheel + auditwheel, the sdist (Tests/packaging; slow)
#   pictures    every picture of the main job through rsvg-convert (Tests/pictures)
#   browser     headless Chromium: the JS bridge with the real engine, every
#               picture's labels measured by the browser (Tests/browser)
#
# First the main job's set-up (scripts/setup.sh: compilers, build/venv, the
# build), then the test-only tools of the chosen stages, when missing: Debian
# packages, and PyPI packages into build/venv, never into the system Python.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh

all=(swift c standard sanitizers valgrind fuzz python packaging pictures browser)
stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=("${all[@]}")
for stage in "${stages[@]}"; do
    case " ${all[*]} " in
        *" $stage "*) ;;
        *) echo "frames: usage error: unknown stage '$stage'; stages: ${all[*]}" >&2; exit 2 ;;
    esac
done
has() { local s; for s in "${stages[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }

# Debian packages first: CMake registers the install test only when it finds
# pkg-config, so they must be there before scripts/setup.sh configures.
need_apt=()
if has c || has standard; then
    # the ABI checks (abidiff, libffi) and the install test (pkg-config)
    command -v abidiff >/dev/null 2>&1 || need_apt+=(abigail-tools)
    command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)
    pkg-config --exists libffi 2>/dev/null || need_apt+=(libffi-dev)
fi
if has c || has standard || has python; then
    # the libcurl example host (bindings/c/examples/curl_host.c) and its tests
    command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)
    pkg-config --exists libcurl 2>/dev/null || need_apt+=(libcurl4-openssl-dev)
fi
has valgrind && { command -v valgrind >/dev/null 2>&1 || need_apt+=(valgrind); }
if has pictures; then
    command -v rsvg-convert >/dev/null 2>&1 || need_apt+=(librsvg2-bin)
fi
if has pictures || has browser; then
    [ -n "$(fc-list 2>/dev/null)" ] || need_apt+=(fonts-dejavu-core)
fi
# Debian's Chromium, driven by Playwright: Playwright's own browser
# downloads are never used (Tests/browser/conftest.py).
has browser && { command -v chromium >/dev/null 2>&1 || need_apt+=(chromium); }
apt_install "${need_apt[@]}"

bash scripts/setup.sh
source scripts/env.sh

# PyPI packages, into build/venv.
need_pip=()
# the C stages' curl host example runs a loopback server test with pytest
{ has c || has standard; } && need_pip+=(pytest)
has sanitizers && need_pip+=(pytest numpy)
# playwright: mypy checks Tests/browser too
has python && need_pip+=(pytest mypy numpy playwright)
has packaging && need_pip+=(pytest auditwheel build)
has pictures && need_pip+=(pytest)
has browser && need_pip+=(pytest playwright)
[ ${#need_pip[@]} -eq 0 ] || venv_need $(printf '%s\n' "${need_pip[@]}" | sort -u)

run_stage() {
    case "$1" in
        swift)
            printf '\n== Swift tests\n'
            swift test > build/swift-test.log 2>&1 || { cat build/swift-test.log; return 1; }
            grep -E 'Test run with|Executed' build/swift-test.log | tail -n 2 ;;
        c)
            printf '\n== C tests (ctest)\n'
            ctest --test-dir build --output-on-failure -j "$(nproc)" ;;
        standard)
            printf '\n== Standard-mode Swift: the fallback library (SwiftPM), and the C tests on it (ctest)\n'
            cmake -S . -B build/standard-cmake -DCMAKE_BUILD_TYPE=Release -DFRAMES_EMBEDDED_SWIFT=OFF >/dev/null
            cmake --build build/standard-cmake -j "$(nproc)" > build/standard-build.log 2>&1 ||
                { tail -n 60 build/standard-build.log; return 1; }
            ctest --test-dir build/standard-cmake --output-on-failure -j "$(nproc)" ;;
        sanitizers)
            printf '\n== Sanitizers: ASan+LSan and TSan over the C tests, the thread stress and pytest\n'
            bash scripts/sanitizers.sh all ;;
        valgrind)
            printf '\n== valgrind memcheck over the C tests and the thread stress\n'
            bash scripts/valgrind.sh ;;
        fuzz)
            printf '\n== Fuzzing: every reproducer and seed, then %s s per target\n' "${FUZZ_SECONDS:-10}"
            bash fuzz/replay.sh
            bash fuzz/run.sh "${FUZZ_SECONDS:-10}" ;;
        python)
            printf '\n== Python typing (mypy --strict)\n'
            python3 -m mypy --strict bindings/python/frames bindings/python/build_libframes.py \
                Tests/python Tests/packaging Tests/pictures Tests/browser bench/*.py
            printf '\n== Python tests (pytest)\n'
            python3 -m pytest Tests/python -q ;;
        packaging)
            printf '\n== Packaging: pip install, pip wheel + auditwheel, the sdist (build/packaging)\n'
            python3 -m pytest Tests/packaging -q ;;
        pictures)
            printf '\n== Pictures: the main job'"'"'s SVGs through rsvg-convert\n'
            python3 -m pytest Tests/pictures -q ;;
        browser)
            printf '\n== Browser: the JS bridge and the pictures in headless Chromium (Playwright)\n'
            python3 -m pytest Tests/browser -q ;;
    esac
}

times=()
for stage in "${stages[@]}"; do
    start=$SECONDS
    run_stage "$stage"
    times+=("$(printf '%-11s %4ds' "$stage" $((SECONDS - start)))")
done
printf '\n== passed: %s\n' "${stages[*]}"
printf '  %s\n' "${times[@]}"
