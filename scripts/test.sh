#!/usr/bin/env bash
# Runs every test: Swift (swift test), C (ctest) and Python (pytest, mypy).
set -euo pipefail
cd "$(dirname "$0")/.."
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

printf '\n== Python typing (mypy --strict)\n'
python3 -m mypy --strict bindings/python/frames Tests/python

printf '\n== Python tests (pytest)\n'
python3 -m pytest Tests/python -q
