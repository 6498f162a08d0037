# Sourced by the set-up and test commands: installs what is missing, and
# only that. Debian packages through apt-get; PyPI packages only into the
# project's virtual environment build/venv, never into the system Python.
frames_repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FRAMES_VENV="$frames_repo/build/venv"

# apt_install PACKAGE...: installs the Debian packages named (none: nothing).
apt_install() {
    [ $# -gt 0 ] || return 0
    printf '\n== installing %s (Debian packages)\n' "$*"
    local sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "$@" >/dev/null
}

# venv_create: build/venv, made with python3 -m venv (python3-venv from
# Debian when the interpreter lacks it); made again when it no longer runs.
venv_create() {
    "$FRAMES_VENV/bin/python" -c '' 2>/dev/null && return 0
    rm -rf "$FRAMES_VENV"
    printf '\n== creating the virtual environment build/venv\n'
    if ! python3 -m venv "$FRAMES_VENV" >/dev/null 2>&1; then
        rm -rf "$FRAMES_VENV"
        apt_install python3-venv
        python3 -m venv "$FRAMES_VENV"
    fi
}

# venv_need MODULE[=PACKAGE]...: pip-installs into build/venv each package
# whose module does not import there yet.
venv_need() {
    local item module package need=()
    for item in "$@"; do
        module="${item%%=*}"
        package="${item#*=}"
        # -I: neither the working directory nor PYTHONPATH (in the repository
        # "import build" would find a build/ folder).
        "$FRAMES_VENV/bin/python" -I -c "import $module" 2>/dev/null || need+=("$package")
    done
    [ ${#need[@]} -gt 0 ] || return 0
    printf '\n== installing %s into build/venv (PyPI)\n' "${need[*]}"
    "$FRAMES_VENV/bin/python" -m pip install --quiet --disable-pip-version-check "${need[@]}"
}
