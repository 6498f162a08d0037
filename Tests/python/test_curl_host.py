"""The libcurl C host (bindings/c/examples/curl_host.c) end to end against
the loopback HTTP server (backend.py), with real faults: slow answers,
stalls past the deadline, connection resets, 5xx and Retry-After.

The host is a real C program: the one CMake builds (FRAMES_CURL_HOST, set
by ctest's curl_host_loopback) or, without it, compiled here with libcurl.
Its stdout is one line per event (request, answer, failed, timeout,
status, fail, render, frame), so tests assert what a C host sees.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import List, Sequence, Tuple

import pytest

from backend import ARRIVAL_SLACK_MS, Campaign, Fault, LoopbackServer
from c_programs import example_program, program_env

PLACEMENTS = "/v1/placements"
BASE_MS = 100
TIMEOUT_MS = 400
READY = ["noPlacement -> resolving", "resolving -> downloading", "downloading -> rendering", "rendering -> ready"]


@pytest.fixture(scope="module")
def curl_host(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return example_program("curl_host", tmp_path_factory.mktemp("curl_host"), packages=["libcurl"],
                           also=["curl_transport.c"])


def run(curl_host: Path, server: LoopbackServer, placements: Sequence[str], *options: str,
        url: str | None = None) -> Tuple[int, List[str]]:
    command = [str(curl_host), "--allow-http", "--retry-base-ms", str(BASE_MS), "--retry-jitter", "0",
               "--request-timeout-ms", str(TIMEOUT_MS), "--run-ms", "20000", *options,
               url or server.backend.placements_url, *placements]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60, env=program_env())
    assert result.stderr == "", result.stderr  # engine calls never failed
    return result.returncode, result.stdout.splitlines()


def statuses(lines: List[str], placement: str) -> List[str]:
    prefix = f"status {placement} "
    return [line[len(prefix):] for line in lines if line.startswith(prefix)]


def lines_starting(lines: List[str], prefix: str) -> List[str]:
    return [line for line in lines if line.startswith(prefix)]


def gaps(times: List[int]) -> List[int]:
    return [b - a for a, b in zip(times, times[1:])]


def test_xc01_af06_curl_host_loads_every_placement_to_ready(curl_host: Path, server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1", html="<p>home</p>", assets=[b"\x89PNG" + bytes(3000), b"GIF89a"])]
    backend.placements["promo"] = [Campaign("c2", html="<p>promo</p>")]
    code, lines = run(curl_host, server, ["home", "promo"])
    assert code == 0, lines
    assert statuses(lines, "home") == READY and statuses(lines, "promo") == READY
    assert "render home c1/A: 11 bytes of HTML, 2 asset(s)" in lines
    assert lines[-2:] == ["frame home ready height 100", "frame promo ready height 100"]
    # One placements fetch for both frames (AF-12), then every document and asset once.
    assert len(backend.hit_times(PLACEMENTS)) == 1
    assert sorted(p for _, _, p in backend.hits[1:]) == ["/assets/c1/A/0", "/assets/c1/A/1", "/content/c1/A.json",
                                                         "/content/c2/A.json"]
    # AF-22: laid out with a height by the host's render, each frame records one impression.
    assert sorted(lines_starting(lines, "analytics")) == ["analytics appFrames.impression home",
                                                          "analytics appFrames.impression promo"]


def test_xc01_curl_host_runs_requests_concurrently_up_to_its_bound(curl_host: Path, server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1", assets=[bytes([i]) * 100 for i in range(4)])]
    campaign = backend.placements["home"][0]
    for i in range(4):  # each asset answers slowly, well within its deadline
        backend.inject(backend.asset_path(campaign, i), Fault(stall_s=0.3))
    code, lines = run(curl_host, server, ["home"], "--request-timeout-ms", "5000")
    assert code == 0, lines
    assert backend.max_active == 4  # all four slow assets were in flight at once


def test_xc01_curl_host_max_parallel_bounds_requests_in_flight(curl_host: Path, server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1", assets=[bytes([i]) * 100 for i in range(4)])]
    campaign = backend.placements["home"][0]
    for i in range(4):
        backend.inject(backend.asset_path(campaign, i), Fault(stall_s=0.2))
    code, lines = run(curl_host, server, ["home"], "--request-timeout-ms", "5000", "--max-parallel", "2")
    assert code == 0, lines
    assert backend.max_active == 2
    assert len(lines_starting(lines, "answer")) == 6  # placements, content, four assets


def test_xc06_curl_host_retries_5xx_with_backoff(curl_host: Path, server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1")]
    backend.inject(PLACEMENTS, Fault(status=503), Fault(status=500))
    code, lines = run(curl_host, server, ["home"])
    assert code == 0, lines
    assert [line.split()[2] for line in lines_starting(lines, "answer") if PLACEMENTS in line] == ["503", "500", "200"]
    times = backend.hit_times(PLACEMENTS)
    g = gaps(times)
    assert len(times) == 3 and g[0] >= BASE_MS and g[1] >= 2 * BASE_MS  # jitter 0: the configured delays
    assert statuses(lines, "home") == READY  # retries are invisible to the frame


def test_xc06_curl_host_passes_retry_after_through(curl_host: Path, server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1")]
    backend.inject(PLACEMENTS, Fault(status=429, headers=(("Retry-After", "1"),)))
    code, lines = run(curl_host, server, ["home"])
    assert code == 0, lines
    times = backend.hit_times(PLACEMENTS)
    # The computed delay would be 100 ms: only the header explains a second.
    assert len(times) == 2 and times[1] - times[0] >= 1000


def test_xc06_curl_host_retries_a_connection_reset(curl_host: Path, server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1")]
    content = backend.content_path(backend.placements["home"][0])
    backend.inject(content, Fault(reset=True))
    code, lines = run(curl_host, server, ["home"])
    assert code == 0, lines
    failed = [line for line in lines_starting(lines, "failed") if content in line]
    assert len(failed) == 1 and "reset" in failed[0].lower()
    assert len(backend.hit_times(content)) == 2
    assert statuses(lines, "home") == READY


def test_xc06_curl_host_waits_for_a_slow_answer_within_the_deadline(curl_host: Path, server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1")]
    content = backend.content_path(backend.placements["home"][0])
    backend.inject(content, Fault(stall_s=0.2))
    code, lines = run(curl_host, server, ["home"])
    assert code == 0, lines
    assert len(backend.hit_times(content)) == 1  # slow is not failed: no retry
    assert lines_starting(lines, "timeout") == []


def test_xc06_curl_host_leaves_a_stall_past_the_deadline_to_the_engine(curl_host: Path, server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1")]
    content = backend.content_path(backend.placements["home"][0])
    backend.inject(content, Fault(stall_s=3.0))
    code, lines = run(curl_host, server, ["home"])
    assert code == 0, lines
    assert len([line for line in lines_starting(lines, "timeout") if content in line]) == 1
    times = backend.hit_times(content)
    assert len(times) == 2 and times[1] - times[0] >= TIMEOUT_MS + BASE_MS - ARRIVAL_SLACK_MS
    assert statuses(lines, "home") == READY


def test_af09_af12_xc06_curl_host_reports_retries_exhausted(curl_host: Path, server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1")]
    backend.inject(PLACEMENTS, *[Fault(status=503)] * 4)
    code, lines = run(curl_host, server, ["home"])
    assert code == 2, lines
    assert statuses(lines, "home") == ["noPlacement -> resolving", "resolving -> errorResolving"]
    fail = lines_starting(lines, "fail home")
    assert len(fail) == 1 and fail[0].startswith("fail home resolutionFailed (HTTP 503)")
    assert lines.index(fail[0]) < lines.index("status home resolving -> errorResolving")  # AF-09: didFail first
    assert lines[-1] == "frame home errorResolving height 0"
    assert len(backend.hit_times(PLACEMENTS)) == 4


def test_af08_curl_host_no_campaign_is_unavailable(curl_host: Path, server: LoopbackServer) -> None:
    code, lines = run(curl_host, server, ["nothing_here"])
    assert code == 2, lines
    assert statuses(lines, "nothing_here") == ["noPlacement -> resolving", "resolving -> unavailable"]
    assert lines_starting(lines, "fail") == []


def test_xc06_curl_host_maps_connection_refused_to_fail_request(curl_host: Path, server: LoopbackServer) -> None:
    code, lines = run(curl_host, server, ["home"], "--retry-attempts", "2", url="http://127.0.0.1:9/v1/placements")
    assert code == 2, lines
    assert len(lines_starting(lines, "failed")) == 2
    assert lines[-1] == "frame home errorResolving height 0"


def test_curl_host_refuses_bad_usage_with_one_line(curl_host: Path) -> None:
    result = subprocess.run([str(curl_host), "--max-parallel", "0", "http://127.0.0.1:9/p", "home"],
                            capture_output=True, text=True, timeout=30, env=program_env())
    assert result.returncode == 1
    assert result.stderr.startswith("curl_host: unknown option or value out of range\nusage:")


def test_help_lists_every_option_on_stdout_and_exits_0(curl_host: Path) -> None:
    done = subprocess.run([str(curl_host), "--help"], capture_output=True, text=True, timeout=30, check=False,
                          env=program_env())
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("usage: curl_host ")
    for option in ("--allow-http", "--max-parallel", "--request-timeout-ms", "--retry-attempts", "--retry-base-ms",
                   "--retry-jitter", "--run-ms", "--record"):
        assert f"  {option} " in done.stdout, option
