#!/usr/bin/env bash
# The library's two builds side by side (docs/decisions.md, "Embedded
# Swift"; not a test, never run by the test suite):
#
#   bash bench/compare_builds.sh [SCRIPT...]     (default: every bench/run*.sh)
#
# Builds the Embedded Swift library (scripts/build_embedded.sh into
# build/embedded, what CMake installs) and the standard-mode one (swift build
# -c release --product frames), runs each benchmark script ROUNDS times
# (default 2) with each (FRAMES_LIBRARY), alternating — standard, Embedded,
# standard, Embedded — and prints every FIGURE on one line: each build's
# minimum over its rounds, Embedded over standard, and each one's best
# ratio to the floor of its own run — the figure to judge by when the
# machine's load moved between the runs. "slower" marks an Embedded figure
# more than 10% above the standard one by both measures. Logs:
# build/compare/<script>.<build>.<round>.log. Env: ROUNDS.
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

rounds=${ROUNDS:-2}
for script in "${scripts[@]}"; do
    name="$(basename "$script" .sh)"
    for round in $(seq "$rounds"); do
        for build in standard embedded; do
            lib=$standard
            [ "$build" = embedded ] && lib=$embedded
            echo "# $name with the $build library, round $round"
            FRAMES_LIBRARY="$lib" bash "bench/$(basename "$script")" > "$out/$name.$build.$round.log" 2>&1 ||
                { echo "# $name ($build) exited $?: build/compare/$name.$build.$round.log" >&2; }
        done
    done
    python3 - "$rounds" "$out/$name" <<'PY'
import re, sys
def figures(paths):
    found = {}
    for path in paths:
        seen = set()
        for line in open(path, encoding="utf-8", errors="replace"):
            m = re.match(r"FIGURE (\S+) \| ([0-9.]+) (\S+)", line)
            if not m or m.group(1) in seen:
                continue
            seen.add(m.group(1))
            r = re.search(r"\| ratio ([0-9.]+)", line)
            value, ratio = float(m.group(2)), float(r.group(1)) if r else None
            old = found.get(m.group(1))
            if old is not None:
                value = min(value, old[0])
                ratio = old[2] if ratio is None else ratio if old[2] is None else min(ratio, old[2])
            found[m.group(1)] = (value, m.group(3), ratio)
    return found
rounds, stem = int(sys.argv[1]), sys.argv[2]
a = figures([f"{stem}.standard.{r}.log" for r in range(1, rounds + 1)])
b = figures([f"{stem}.embedded.{r}.log" for r in range(1, rounds + 1)])
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
