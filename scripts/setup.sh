#!/usr/bin/env bash
# Sets up what the main job (scripts/demo.sh) needs on a machine that has the
# Swift toolchain and python3, then builds libframes, the C examples and the
# C tests into build/. Installs, only when missing:
#   - cmake, gcc and g++ (Debian packages): the CMake build;
#   - the virtual environment build/venv (python3-venv from Debian if the
#     interpreter cannot make one), with no packages in it: the demo needs
#     only Python's standard library.
# Test-only tools are installed by scripts/test.sh. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh

need_apt=()
command -v cmake >/dev/null 2>&1 || need_apt+=(cmake)
command -v gcc >/dev/null 2>&1 || need_apt+=(gcc)
command -v g++ >/dev/null 2>&1 || need_apt+=(g++)
apt_install "${need_apt[@]}"
venv_create

printf '\n== building libframes (SwiftPM through CMake)\n'
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)"
