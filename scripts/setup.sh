#!/usr/bin/env bash
# Sets up everything libframes needs on a machine that has only the Swift
# toolchain, a C compiler and python3, then builds the library, the C tests
# and the example into build/. Idempotent: installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '\n== %s\n' "$*"; }

need_apt=()
command -v cmake >/dev/null 2>&1 || need_apt+=(cmake)
command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)
command -v g++ >/dev/null 2>&1 || need_apt+=(g++)
# The ABI checks: abidiff for the baseline, libffi for the sweep.
command -v abidiff >/dev/null 2>&1 || need_apt+=(abigail-tools)
pkg-config --exists libffi 2>/dev/null || need_apt+=(libffi-dev)
if [ ${#need_apt[@]} -gt 0 ]; then
    log "installing ${need_apt[*]} (Debian packages)"
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

need_pip=()
python3 -c 'import pytest' 2>/dev/null || need_pip+=(pytest)
python3 -c 'import mypy' 2>/dev/null || need_pip+=(mypy)
python3 -c 'import numpy' 2>/dev/null || need_pip+=(numpy)
if [ ${#need_pip[@]} -gt 0 ]; then
    log "installing ${need_pip[*]} (PyPI)"
    python3 -m pip install --quiet --disable-pip-version-check "${need_pip[@]}"
fi

log "building libframes (SwiftPM through CMake)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)"
