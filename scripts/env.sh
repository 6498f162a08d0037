# Sourced by the scripts: points the Python package at the library in build/.
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export FRAMES_LIBRARY="$repo_root/build/libframes.so.0"
export PYTHONPATH="$repo_root/bindings/python${PYTHONPATH:+:$PYTHONPATH}"
# Swift's crash backtracer confuses sanitizers and fuzzers (DESIGN.md).
export SWIFT_BACKTRACE=enable=no
