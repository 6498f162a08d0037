# Sourced by the scripts: points the Python package at the library in build/
# and puts the virtual environment build/venv (scripts/setup.sh) first on
# PATH, so python3 is its interpreter.
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export FRAMES_LIBRARY="$repo_root/build/libframes.so.1"
export PYTHONPATH="$repo_root/bindings/python${PYTHONPATH:+:$PYTHONPATH}"
if [ -x "$repo_root/build/venv/bin/python" ]; then
    export VIRTUAL_ENV="$repo_root/build/venv"
    export PATH="$VIRTUAL_ENV/bin:$PATH"
fi
# Swift's crash backtracer confuses sanitizers and fuzzers (docs/reliability.md).
export SWIFT_BACKTRACE=enable=no
