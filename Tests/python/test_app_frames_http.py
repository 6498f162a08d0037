"""App Frames against a real loopback HTTP server (conftest `server`),
driven by HttpDriver (urllib, real monotonic time): every injected fault
gives the statuses, callbacks (in order), retries and analytics its SPEC
rules say.  Retry delays are small so the suite stays fast."""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import pytest

import frames
from frames import FrameStatus as S

from backend import ARRIVAL_SLACK_MS, ENABLED_CONFIG, Campaign, Fault, LoopbackServer, Recorder

PLACEMENTS = "/v1/placements"
BASE_MS = 100
TIMEOUT_MS = 300
FAIL_RESOLVING = ["status noPlacement->resolving", "fail resolutionFailed", "status resolving->errorResolving"]
READY = ["status noPlacement->resolving", "status resolving->downloading", "status downloading->rendering",
         "render c1/A", "status rendering->ready", "height 100"]


def setup(server: LoopbackServer, **options: Any) -> Tuple[frames.Engine, frames.HttpDriver, Recorder, frames.Frame]:
    values: Dict[str, Any] = dict(placements_url=server.backend.placements_url, allow_insecure_http=True, retry_jitter=0.0,
                  retry_base_delay_ms=BASE_MS, request_timeout_ms=TIMEOUT_MS, device_id="device-1")
    values.update(options)
    recorder = Recorder()
    engine = frames.Engine(ENABLED_CONFIG, frames.EngineOptions(**values), recorder)
    driver = frames.HttpDriver(engine)
    recorder.clock = lambda: driver.now
    frame = engine.new_frame()
    frame.delegate = recorder
    frame.set_placement("home", now_ms=driver.now)
    frame.attach(now_ms=driver.now)
    return engine, driver, recorder, frame


def settle(driver: frames.HttpDriver, frame: frames.Frame, timeout_s: float = 10.0) -> None:
    """Runs until the frame rests (not loading) and nothing is timed but
    render timeouts."""
    assert driver.run_until(lambda: not frame.status.is_loading, timeout_s), frame.status


def gaps(times: List[int]) -> List[int]:
    return [b - a for a, b in zip(times, times[1:])]


def test_af12_xc06_5xx_are_retried_with_backoff_then_load(server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1", assets=[b"\x89PNG" + bytes(1000)])]
    backend.inject(PLACEMENTS, Fault(status=503), Fault(status=500))
    engine, driver, rec, frame = setup(server)
    frame.set_laid_out_size(320, 100, now_ms=driver.now)
    settle(driver, frame)
    assert frame.status == S.READY
    times = backend.hit_times(PLACEMENTS)
    assert len(times) == 3
    g = gaps(times)
    assert g[0] >= BASE_MS and g[1] >= 2 * BASE_MS  # jitter 0: at least the configured delays
    assert rec.take() == READY + ["record appFrames.impression"]
    impression = rec.records[0]
    assert (impression.name, impression.module, impression.placement_id, impression.campaign_id,
            impression.variant_id, impression.view_id, impression.session_id, impression.user_id) == \
        ("appFrames.impression", "appFrames", "home", "c1", "A", "frame-1", "session-1", None)
    assert rec.contents[0].assets[0][1] == b"\x89PNG" + bytes(1000)
    engine.close()


def test_af12_xc06_retries_exhausted_is_error_resolving(server: LoopbackServer) -> None:
    backend = server.backend
    backend.inject(PLACEMENTS, *[Fault(status=503)] * 4)
    engine, driver, rec, frame = setup(server)
    settle(driver, frame)
    assert rec.take() == FAIL_RESOLVING
    times = backend.hit_times(PLACEMENTS)
    assert len(times) == 4  # retry_max_attempts default 4
    assert all(gap >= expected for gap, expected in zip(gaps(times), [BASE_MS, 2 * BASE_MS, 4 * BASE_MS]))
    error = frame.error
    assert error is not None and error.code == frames.FrameErrorCode.RESOLUTION_FAILED
    assert error.http_status == 503 and "4 attempts" in error.message
    engine.close()


def test_xc06_429_retry_after_is_honoured(server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1")]
    backend.inject(PLACEMENTS, Fault(status=429, headers=(("Retry-After", "1"),)))
    engine, driver, rec, frame = setup(server)
    settle(driver, frame)
    assert frame.status == S.READY and rec.take() == READY
    times = backend.hit_times(PLACEMENTS)
    assert len(times) == 2 and times[1] - times[0] >= 1000
    engine.close()


def test_xc06_a_stalled_response_times_out_and_is_retried(server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1")]
    content = backend.content_path(backend.placements["home"][0])
    backend.inject(content, Fault(stall_s=3.0))
    engine, driver, rec, frame = setup(server)
    settle(driver, frame)
    assert frame.status == S.READY and rec.take() == READY
    times = backend.hit_times(content)
    assert len(times) == 2 and times[1] - times[0] >= TIMEOUT_MS + BASE_MS - ARRIVAL_SLACK_MS
    assert [status for _, request, status in driver.log if request.url.endswith(content)] == [None, 200]
    engine.close()


def test_xc06_stalls_until_retries_run_out_is_error_downloading(server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1")]
    content = backend.content_path(backend.placements["home"][0])
    backend.inject(content, *[Fault(stall_s=3.0)] * 2)
    engine, driver, rec, frame = setup(server, retry_max_attempts=2)
    settle(driver, frame)
    assert rec.take() == ["status noPlacement->resolving", "status resolving->downloading",
                          "fail downloadingFailed", "status downloading->errorDownloading"]
    error = frame.error
    assert error is not None and "timed out" in error.message and error.http_status == 0
    assert len(backend.hit_times(content)) == 2
    engine.close()


def test_xc06_truncated_placements_json_is_permanent(server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1")]
    backend.inject(PLACEMENTS, Fault(truncate=20))
    engine, driver, rec, frame = setup(server)
    settle(driver, frame)
    assert rec.take() == FAIL_RESOLVING
    assert len(backend.hit_times(PLACEMENTS)) == 1  # a malformed payload is not retried
    error = frame.error
    assert error is not None and "malformed" in error.message
    engine.close()


def test_af14_reported_asset_over_500kb_fails_before_fetching_it(server: LoopbackServer) -> None:
    backend = server.backend
    campaign = Campaign("c1", assets=[b"x"], reported_sizes=[512_001])
    backend.placements["home"] = [campaign]
    engine, driver, rec, frame = setup(server)
    settle(driver, frame)
    assert rec.take() == ["status noPlacement->resolving", "status resolving->downloading",
                          "fail downloadingFailed", "status downloading->errorDownloading"]
    assert backend.hit_times(backend.asset_path(campaign, 0)) == []
    assert len(backend.hit_times(backend.content_path(campaign))) == 1  # not retried
    engine.close()


def test_af14_received_asset_over_500kb_fails(server: LoopbackServer) -> None:
    backend = server.backend
    campaign = Campaign("c1", assets=[bytes(512_001)], reported_sizes=[1000])
    backend.placements["home"] = [campaign]
    engine, driver, rec, frame = setup(server)
    settle(driver, frame)
    assert rec.take()[-2:] == ["fail downloadingFailed", "status downloading->errorDownloading"]
    assert len(backend.hit_times(backend.asset_path(campaign, 0))) == 1
    error = frame.error
    assert error is not None and error.code == frames.FrameErrorCode.DOWNLOADING_FAILED
    engine.close()


def test_af14_checksum_mismatch_is_placement_untrusted(server: LoopbackServer) -> None:
    backend = server.backend
    campaign = Campaign("c1")
    backend.placements["home"] = [campaign]
    backend.lie_checksum.add(backend.content_path(campaign))
    engine, driver, rec, frame = setup(server)
    settle(driver, frame)
    assert rec.take() == ["status noPlacement->resolving", "status resolving->downloading",
                          "fail placementUntrusted", "status downloading->errorDownloading"]
    error = frame.error
    assert error is not None and error.code == frames.FrameErrorCode.PLACEMENT_UNTRUSTED
    assert rec.contents == [] and frame.intrinsic_height == 0
    engine.close()


def test_af14_plain_http_needs_the_explicit_option(server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1")]
    options = frames.EngineOptions(placements_url=backend.placements_url, allow_insecure_http=False)
    with pytest.raises(frames.InvalidArgumentError) as info:
        frames.Engine(ENABLED_CONFIG, options, Recorder())
    assert "allow_insecure_http" in info.value.message  # the placements URL itself is refused


def test_af20_af21_clicks_and_dismissal_are_recorded(server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1", actions=[{"id": "shop", "deep_link": "app://shop",
                                                            "custom_data": {"coupon": "C"}}])]
    engine, driver, rec, frame = setup(server)
    frame.set_laid_out_size(320, 100, now_ms=driver.now)
    settle(driver, frame)
    rec.take()
    frame.report_action("shop", now_ms=driver.now)
    frame.report_dismissed(now_ms=driver.now)
    assert rec.take() == ["open app://shop", "record appFrames.click", 'action {"coupon": "C"}',
                          "status ready->dismissed", "dismiss", "record appFrames.dismiss"]
    assert [r.name for r in rec.records] == ["appFrames.impression", "appFrames.click", "appFrames.dismiss"]
    assert rec.records[1].fields["action_id"] == "shop"
    engine.close()


def test_http_driver_maps_connection_errors_to_fail_request() -> None:
    recorder = Recorder()
    options = frames.EngineOptions(placements_url="http://127.0.0.1:9/v1/placements", allow_insecure_http=True,
                                   retry_max_attempts=2, retry_base_delay_ms=10, retry_jitter=0.0)
    with frames.Engine(ENABLED_CONFIG, options, recorder) as engine:
        driver = frames.HttpDriver(engine)
        recorder.clock = lambda: driver.now
        frame = engine.new_frame()
        frame.delegate = recorder
        frame.set_placement("home", now_ms=driver.now)
        frame.attach(now_ms=driver.now)
        assert driver.run_until(lambda: frame.status.is_error, 10)
        error = frame.error
        assert error is not None and "transport error" in error.message
        assert [status for _, _, status in driver.log] == [None, None]
