#!/usr/bin/env bash
# Sets up what the main job (scripts/demo.sh) needs on a machine that has the
# Swift toolchain and python3, then builds into build/:
#
#   bash scripts/setup.sh             libframes, the C examples and the C tests
#                                     (scripts/test.sh, docs/getting-started.md)
#   bash scripts/setup.sh --library   libframes only, quietly: the build's
#                                     output goes to build/setup.log and is
#                                     printed only when the build fails
#                                     (scripts/demo.sh)
#
# Installs, only when missing:
#   - cmake, gcc and g++ (Debian packages): the CMake build;
#   - the virtual environment build/venv (python3-venv from Debian if the
#     interpreter cannot make one), with no packages in it: the demo needs
#     only Python's standard library.
# Test-only tools are installed by scripts/test.sh. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh

library_only=false
case "${1:-}" in
    "") ;;
    --library) library_only=true ;;
    *) echo "frames: usage error: unknown option '$1'; usage: bash scripts/setup.sh [--library]" >&2; exit 2 ;;
esac

need_apt=()
command -v cmake >/dev/null 2>&1 || need_apt+=(cmake)
command -v gcc >/dev/null 2>&1 || need_apt+=(gcc)
command -v g++ >/dev/null 2>&1 || need_apt+=(g++)
apt_install "${need_apt[@]}"
venv_create

if $library_only; then
    # frames_library is the CMake target that builds the library and puts
    # build/libframes.so.1 and its links in place: all the demo loads.
    log=build/setup.log
    mkdir -p build
    if ! { cmake -S . -B build -DCMAKE_BUILD_TYPE=Release &&
           cmake --build build --target frames_library -j "$(nproc)"; } >"$log" 2>&1; then
        cat "$log" >&2
        echo "frames: error: building libframes failed (the log above is in $log)" >&2
        exit 1
    fi
    exit 0
fi

printf '\n== building libframes (CMake: Embedded Swift, scripts/build_embedded.sh)\n'
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)"
