"""What `import frames` costs: a fresh interpreter importing the package
beside a bare one (`python3 -c pass`), wall time of the whole process,
interleaved, minimum and median.

Not a test: run it with `bash bench/run.sh import` (see docs/performance.md,
"Importing frames"), which sets FRAMES_LIBRARY and PYTHONPATH.

    python3 bench/bench_import.py [--reps R]

FIGURE lines (bench/bench_stats.py), ms per process:

  import.frames        python3 -c 'import frames' beside python3 -c pass
                       (target: figure - floor <= 50 ms);
  import.layout        the same plus one layout_banners call (the layout
                       modules imported on first use), for information;
  import.engine        `from frames import Engine, VirtualClockDriver`, for
                       information;
  import.http_driver   `from frames import HttpDriver` (http.client, email,
                       urllib), for information.

Then the modules `import frames` spends most in, from one run of
`python3 -X importtime -c 'import frames'` (self time, µs), as comments.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from typing import Dict, List, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_stats import figure_line, interleave  # noqa: E402

#: name -> the code the figure's interpreter runs.
FIGURES: Dict[str, str] = {
    "frames": "import frames",
    "layout": "import frames\nframes.layout_banners(frames.Appearance(), 390, [1.0])",
    "engine": "from frames import Engine, VirtualClockDriver",
    "http_driver": "from frames import HttpDriver",
}
LIMIT_MS = 50.0


def run_ns(code: str) -> float:
    """Wall ns of one interpreter running ``code`` (it must succeed)."""
    start = time.perf_counter_ns()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    elapsed = time.perf_counter_ns() - start
    if done.returncode != 0:
        raise SystemExit(f"bench_import: python3 -c {code!r} failed: {done.stderr.strip()}")
    return float(elapsed)


def heaviest(count: int = 8) -> List[str]:
    """The modules `import frames` spends most in (self time, one run)."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", "import frames"], capture_output=True, text=True)
    rows = []
    for line in done.stderr.splitlines():
        match = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)", line)
        if match:
            rows.append((int(match.group(1)), int(match.group(2)), match.group(4)))
    rows.sort(reverse=True)
    return [f"#   {own:6d} us self, {total:6d} us with what it imports: {name}" for own, total, name in rows[:count]]


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--reps", type=int, default=21)
    args = parser.parse_args(argv)
    run_ns("import frames")  # warm the file cache and the byte code
    status = 0
    for name, code in FIGURES.items():
        figure, floor = interleave(args.reps, lambda: run_ns(code), lambda: run_ns("pass"))
        target = ("excess", LIMIT_MS) if name == "frames" else None
        line, missed = figure_line(f"import.{name}", "ms", figure, "python3 -c pass", floor, target)
        print(line, flush=True)
        if missed:
            status = 3
    print("# where `import frames` spends its time (python3 -X importtime, one run):")
    print("\n".join(heaviest()))
    return status


if __name__ == "__main__":
    sys.exit(main())
