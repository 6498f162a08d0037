#!/usr/bin/env bash
# Runs every test: Swift (swift test), C (ctest: unit tests, ABI checks, thread
# stress, soak), sanitizers (ASan+LSan, TSan), valgrind, fuzzing (reproducers
# and FUZZ_SECONDS per target, 60 by default) and Python (mypy, pytest).
set -euo pipefail
cd "$(dirname "$0")/.."
# Test-only: libcurl's headers for the libcurl example host and its tests
# (bindings/c/examples/curl_host.c), before CMake configures.
if ! pkg-config --exists libcurl 2>/dev/null; then
    printf '\n== installing libcurl4-openssl-dev (Debian package)\n'
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq libcurl4-openssl-dev >/dev/null
fi
bash scripts/setup.sh
source scripts/env.sh

printf '\n== Swift tests\n'
swift test > build/swift-test.log 2>&1 || { cat build/swift-test.log; exit 1; }
grep -E 'Test run with|Executed' build/swift-test.log | tail -n 2

printf '\n== C tests (ctest)\n'
ctest --test-dir build --output-on-failure -j "$(nproc)"

printf '\n== Sanitizers: ASan+LSan and TSan over the C tests, the thread stress and pytest\n'
bash scripts/sanitizers.sh all

printf '\n== valgrind memcheck over the C tests and the thread stress\n'
bash scripts/valgrind.sh

printf '\n== Fuzzing: every reproducer and seed, then %s s per target\n' "${FUZZ_SECONDS:-60}"
bash fuzz/replay.sh
bash fuzz/run.sh "${FUZZ_SECONDS:-60}"

printf '\n== Python typing (mypy --strict)\n'
python3 -m mypy --strict bindings/python/frames Tests/python

printf '\n== Python tests (pytest)\n'
python3 -m pytest Tests/python -q
