"""Recordings cross the language line (XC-12, XC-13): a real C host's
recording (bindings/c/examples/curl_host.c --record FILE, over real HTTP
with faults) replays identically from Python and from the command line,
and a Python host's replays identically from C
(bindings/c/examples/replay_example.c, which exits as ``frames replay``
does)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import List, Tuple

import pytest

import frames

from backend import Campaign, Fault, LoopbackServer
from c_programs import example_program, program_env
from recorded_runs import failing_fetch, inline_screen, lines_of

PLACEMENTS = "/v1/placements"


@pytest.fixture(scope="module")
def curl_host(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return example_program("curl_host", tmp_path_factory.mktemp("curl_host"), packages=["libcurl"],
                           also=["curl_transport.c"])


@pytest.fixture(scope="module")
def replay_example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return example_program("replay_example", tmp_path_factory.mktemp("replay_example"))


def c_replay(program: Path, path: Path, *options: str) -> Tuple[int, List[str], str]:
    result = subprocess.run([str(program), *options, str(path)], capture_output=True, text=True, timeout=60,
                            env=program_env())
    return result.returncode, result.stdout.splitlines(), result.stderr


def test_xc12_xc13_a_c_hosts_recording_replays_identically_in_python_and_c(
        curl_host: Path, replay_example: Path, server: LoopbackServer, tmp_path: Path) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1", html="<p>home</p>", assets=[b"\x89PNG" + bytes(300)])]
    backend.placements["promo"] = [Campaign("c2", html="<p>promo</p>")]
    backend.inject(PLACEMENTS, Fault(status=503))  # one retry on the way (XC-06)
    recording = tmp_path / "curl_host.jsonl"
    result = subprocess.run(
        [str(curl_host), "--allow-http", "--retry-base-ms", "100", "--record", str(recording),
         backend.placements_url, "home", "promo"], capture_output=True, text=True, timeout=60, env=program_env())
    assert (result.returncode, result.stderr) == (0, ""), result.stdout
    lines = lines_of(recording.read_bytes())
    assert json.loads(lines[0])["library"] == frames.library_version()
    assert lines[-1] == '{"call":"frames_engine_free"}'
    assert sum('"status":503' in line for line in lines) == 1  # the failed attempt is in it
    assert frames.replay(recording.read_bytes()).identical
    command = subprocess.run([sys.executable, "-m", "frames", "replay", "--quiet", str(recording)],
                             capture_output=True, text=True, timeout=60, env=program_env())
    assert command.returncode == 0 and command.stdout.startswith(f"identical: {len(lines)} lines")
    # And C replays what C recorded.
    code, out, err = c_replay(replay_example, recording, "--quiet")
    assert (code, err) == (0, "") and json.loads(out[-1])["result"] == "identical"


@pytest.mark.parametrize("story", ["failing_fetch", "inline_screen"])
def test_xc12_xc13_a_python_hosts_recording_replays_identically_in_c(
        replay_example: Path, tmp_path: Path, story: str) -> None:
    recording = failing_fetch(attempts=2) if story == "failing_fetch" else inline_screen()
    path = tmp_path / f"{story}.jsonl"
    path.write_bytes(recording)
    code, out, err = c_replay(replay_example, path)
    assert (code, err) == (0, "")
    assert out[:-1] == lines_of(recording)[1:]  # the transcript, then the report
    report = json.loads(out[-1])
    assert report["result"] == "identical" and report["divergence"] is None
    assert report["lines"] == report["matched"] == len(lines_of(recording))


def test_xc13_the_c_replay_program_exits_as_the_command_does(replay_example: Path, tmp_path: Path) -> None:
    recording = failing_fetch(attempts=2)
    lines = lines_of(recording)
    changed = tmp_path / "changed.jsonl"
    failed = next(n for n, line in enumerate(lines, 1) if line.startswith('{"cb":"failed"'))
    lines[failed - 1] = lines[failed - 1].replace("after 2 attempts", "after 9 attempts")
    changed.write_text("".join(line + "\n" for line in lines))
    code, out, _ = c_replay(replay_example, changed, "--quiet")
    assert code == 1 and json.loads(out[-1])["divergence"]["line"] == failed
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(recording[:-3])
    code, out, err = c_replay(replay_example, cut, "--quiet")
    assert code == 2 and out == [] and f"recording line {len(lines)} is cut short" in err
    code, _, err = c_replay(replay_example, tmp_path / "missing.jsonl")
    assert code == 2 and "cannot read" in err
