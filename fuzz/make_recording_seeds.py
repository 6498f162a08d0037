#!/usr/bin/env python3
"""Writes the seeds of fuzz_recording (fuzz/seeds/fuzz_recording/): real
recordings (XC-12) of the C tests of every module, one file per engine.

Each C test that records its engines (Tests/c/recording_check.h) appends
every recording to the file FT_DUMP_RECORDING names; a recording starts with
its header line ({"frames_recording":...}), which is where this splits them.
From each test it keeps a few of different sizes (the smallest, the middle
one and the largest under MAX_BYTES); a recording over MAX_BYTES is cut at
its last line boundary under it — still a recording, replayed up to there.

Needs the C tests built (cmake --build build). Deterministic for one
library version (the header names it). Usage, from the repository root:
    python3 fuzz/make_recording_seeds.py [BUILD_DIR]     # default build
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fuzz", "seeds", "fuzz_recording")
HEADER = b'{"frames_recording"'
MAX_BYTES = 12_000
PER_TEST = 3
TESTS = [
    "test_app_frames_example", "test_app_frames_recovery", "test_engine_transport",
    "test_banner_places", "test_banner_recovery",
    "test_inline_views", "test_inline_bridge", "test_inline_transcript",
    "test_messages_transcript", "test_messages_expiry", "test_messages_notifications", "test_state_blob",
]


def recordings(program: str) -> list:
    with tempfile.TemporaryDirectory() as tmp:
        dump = os.path.join(tmp, "dump.jsonl")
        env = dict(os.environ, FT_DUMP_RECORDING=dump, SWIFT_BACKTRACE="enable=no")
        subprocess.run([program], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        with open(dump, "rb") as f:
            data = f.read()
    starts = [i for i in range(len(data)) if data.startswith(HEADER, i) and (i == 0 or data[i - 1] == 10)]
    return [data[a:b] for a, b in zip(starts, starts[1:] + [len(data)])]


def cut(recording: bytes) -> bytes:
    if len(recording) <= MAX_BYTES:
        return recording
    return recording[: recording.rindex(b"\n", 0, MAX_BYTES) + 1]


def main() -> None:
    build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    total = 0
    for test in TESTS:
        found = sorted({cut(r) for r in recordings(os.path.join(build, "Tests", "c", test))}, key=lambda r: (len(r), r))
        picks = sorted({0, len(found) // 2, len(found) - 1})[:PER_TEST] if found else []
        for n, i in enumerate(picks):
            name = "%s-%d.jsonl" % (test.removeprefix("test_"), n + 1)
            with open(os.path.join(OUT, name), "wb") as f:
                f.write(found[i])
            total += len(found[i])
    print("fuzz/make_recording_seeds.py: %d seeds, %d bytes in %s" % (len(os.listdir(OUT)), total, OUT))


if __name__ == "__main__":
    main()
