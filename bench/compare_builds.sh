#!/usr/bin/env bash
# The library's two builds side by side (docs/decisions.md, "Embedded
# Swift"; not a test, never run by the test suite):
#
#   bash bench/compare_builds.sh [SCRIPT...]     (default: every bench/run*.sh)
#
# Builds the Embedded Swift library (scripts/build_embedded.sh into
# build/embedded, what CMake installs) and the standard-mode one (swift build
# -c release --product frames), runs each benchmark script once with each
# (FRAMES_LIBRARY), standard first, and prints every FIGURE of both runs on
# one line: the two minima, Embedded over standard, and each one's ratio to
# the floor of its own run — the figure to judge by when the machine's load
# moved between the runs. "slower" marks an Embedded figure more than 10%
# above the standard one by both measures. Logs: build/compare/<script>.<build>.log.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
scripts=("$@")
[ ${#scripts[@]} -gt 0 ] || scripts=(run.sh run_banner_load.sh run_frames.sh run_inline.sh run_messages.sh
                                     run_playback.sh run_recording.sh run_dlopen.sh)
out="$ROOT/build/compare"
mkdir -p "$out"

echo "# building the Embedded Swift library (scripts/build_embedded.sh)"
bash scripts/build_embedded.sh build/embedded > "$out/build-embedded.log" 2>&1 ||
    { tail -n 30 "$out/build-embedded.log" >&2; exit 1; }
echo "# building the standard-mode library (swift build -c release --product frames)"
swift build -c release --product frames > "$out/build-standard.log" 2>&1 ||
    { tail -n 30 "$out/build-standard.log" >&2; exit 1; }
embedded="$ROOT/build/embedded/libframes.so.1"
standard="$ROOT/.build/release/libframes.so"

for script in "${scripts[@]}"; do
    name="$(basename "$script" .sh)"
    for build in standard embedded; do
        lib=$standard
        [ "$build" = embedded ] && lib=$embedded
        echo "# $name with the $build library"
        FRAMES_LIBRARY="$lib" bash "bench/$(basename "$script")" > "$out/$name.$build.log" 2>&1 ||
            { echo "# $name ($build) exited $?: build/compare/$name.$build.log" >&2; }
    done
    python3 - "$out/$name.standard.log" "$out/$name.embedded.log" <<'PY'
import re, sys
def figures(path):
    found = {}
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.match(r"FIGURE (\S+) \| ([0-9.]+) (\S+)", line)
        if m and m.group(1) not in found:
            r = re.search(r"\| ratio ([0-9.]+)", line)
            found[m.group(1)] = (float(m.group(2)), m.group(3), float(r.group(1)) if r else None)
    return found
a, b = figures(sys.argv[1]), figures(sys.argv[2])
for key in a:
    if key not in b:
        continue
    (sa, unit, ra), (sb, _, rb) = a[key], b[key]
    rel = sb / sa if sa else float("nan")
    floors = f"  floor ratio {ra:.3f} -> {rb:.3f}" if ra is not None and rb is not None else ""
    slower = rel > 1.10 and (ra is None or rb is None or rb / ra > 1.10)
    print(f"COMPARE {key} | standard {sa:g} {unit} | embedded {sb:g} {unit} | {rel:.3f}x{floors}{'  slower' if slower else ''}")
PY
done
