"""HttpDriver as a Python host uses it: requests performed concurrently on
worker threads (bounded), every engine call and callback on the owner
thread (XC-02, XC-03), against the loopback server with real faults — slow
answers, stalls past the deadline, connection resets, 5xx, Retry-After."""

from __future__ import annotations

import threading
import time
from typing import Any, Dict, List, Set, Tuple

import pytest

import frames
from frames import FrameStatus as S
from frames.http_driver import DEFAULT_MAX_CONCURRENCY

from backend import ARRIVAL_SLACK_MS, ENABLED_CONFIG, Campaign, Fault, LoopbackServer, Recorder

PLACEMENTS = "/v1/placements"
BASE_MS = 100
TIMEOUT_MS = 400


class ThreadWatch(Recorder):
    """A Recorder that also notes the thread of every callback."""

    def __init__(self) -> None:
        super().__init__()
        self.threads: Set[int] = set()

    def status_changed(self, frame: frames.Frame, status: frames.FrameStatus, previous: frames.FrameStatus) -> None:
        self.threads.add(threading.get_ident())
        super().status_changed(frame, status, previous)

    def render(self, frame: frames.Frame, content: frames.Content) -> None:
        self.threads.add(threading.get_ident())
        super().render(frame, content)

    def analytics(self, record: frames.AnalyticsRecord) -> None:
        self.threads.add(threading.get_ident())
        super().analytics(record)


def setup(server: LoopbackServer, placements: List[str], max_concurrency: int = DEFAULT_MAX_CONCURRENCY,
          **options: Any) -> Tuple[frames.Engine, frames.HttpDriver, ThreadWatch, Dict[str, frames.Frame]]:
    values: Dict[str, Any] = dict(placements_url=server.backend.placements_url, allow_insecure_http=True,
                                  retry_jitter=0.0, retry_base_delay_ms=BASE_MS, request_timeout_ms=TIMEOUT_MS)
    values.update(options)
    recorder = ThreadWatch()
    engine = frames.Engine(ENABLED_CONFIG, frames.EngineOptions(**values), recorder)
    driver = frames.HttpDriver(engine, max_concurrency=max_concurrency)
    recorder.clock = lambda: driver.now
    shown: Dict[str, frames.Frame] = {}
    for placement in placements:
        frame = engine.new_frame()
        frame.delegate = recorder
        recorder.name(frame, placement)
        frame.set_placement(placement, now_ms=driver.now)
        frame.attach(now_ms=driver.now)
        frame.set_laid_out_size(320, 100, now_ms=driver.now)
        shown[placement] = frame
    return engine, driver, recorder, shown


def statuses(shown: Dict[str, frames.Frame]) -> Dict[str, frames.FrameStatus]:
    return {name: frame.status for name, frame in shown.items()}


def settled(shown: Dict[str, frames.Frame]) -> bool:
    return all(not frame.status.is_loading for frame in shown.values())


def test_xc01_requests_are_in_flight_together(server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1", assets=[bytes([i]) * 100 for i in range(4)])]
    campaign = backend.placements["home"][0]
    for i in range(4):  # slow, well within the deadline
        backend.inject(backend.asset_path(campaign, i), Fault(stall_s=0.3))
    engine, driver, rec, shown = setup(server, ["home"], request_timeout_ms=5_000)
    with engine, driver:
        assert driver.run_until(lambda: settled(shown), 10)
        assert shown["home"].status == S.READY
        assert backend.max_active == 4  # all four slow assets were in flight at once
        assert [len(c.assets) for c in rec.contents] == [4]


def test_xc01_max_concurrency_bounds_requests_in_flight(server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1", assets=[bytes([i]) * 100 for i in range(5)])]
    campaign = backend.placements["home"][0]
    for i in range(5):
        backend.inject(backend.asset_path(campaign, i), Fault(stall_s=0.2))
    engine, driver, rec, shown = setup(server, ["home"], max_concurrency=2, request_timeout_ms=5_000)
    with engine, driver:
        peak_waiting = 0

        def done() -> bool:
            nonlocal peak_waiting
            peak_waiting = max(peak_waiting, driver.waiting)
            assert driver.in_flight <= 2
            return settled(shown)

        assert driver.run_until(done, 10)
        assert shown["home"].status == S.READY
        assert backend.max_active == 2
        assert peak_waiting == 3  # five assets at once: two running, three waiting in the driver
        assert driver.in_flight == 0 and driver.waiting == 0


def test_xc02_xc03_engine_calls_and_callbacks_stay_on_the_owner_thread(server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1", assets=[b"a" * 10, b"b" * 10])]
    backend.placements["promo"] = [Campaign("c2")]
    backend.inject(PLACEMENTS, Fault(status=503))
    engine, driver, rec, shown = setup(server, ["home", "promo"])
    with engine, driver:
        assert driver.run_until(lambda: settled(shown), 10)
        assert statuses(shown) == {"home": S.READY, "promo": S.READY}
        # The engine refuses calls from other threads (XC-02), so an answer
        # delivered from a worker would have raised; every callback ran here.
        assert rec.threads == {threading.get_ident()}
        workers = [t.name for t in threading.enumerate() if t.name.startswith("frames-http")]
        assert workers  # the requests did run on worker threads


def test_xc01_a_stalled_request_does_not_hold_up_the_others(server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["slow"] = [Campaign("c1")]
    backend.placements["fast"] = [Campaign("c2")]
    slow_content = backend.content_path(backend.placements["slow"][0])
    backend.inject(slow_content, Fault(stall_s=4.0))
    timeout_ms = 1_500
    engine, driver, rec, shown = setup(server, ["slow", "fast"], request_timeout_ms=timeout_ms)
    with engine, driver:
        assert driver.run_until(lambda: shown["fast"].status == S.READY, 10)
        assert shown["slow"].status == S.DOWNLOADING  # ready before the stalled one even timed out
        assert driver.run_until(lambda: settled(shown), 10)
        assert statuses(shown) == {"slow": S.READY, "fast": S.READY}  # timed out, retried (XC-06), loaded
        times = backend.hit_times(slow_content)
        assert len(times) == 2 and times[1] - times[0] >= timeout_ms + BASE_MS - ARRIVAL_SLACK_MS


def test_xc06_a_connection_reset_is_a_transport_failure_and_retried(server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1")]
    backend.inject(PLACEMENTS, Fault(reset=True))
    engine, driver, rec, shown = setup(server, ["home"])
    with engine, driver:
        assert driver.run_until(lambda: settled(shown), 10)
        assert shown["home"].status == S.READY
        assert [status for _, r, status in driver.log if r.url.endswith(PLACEMENTS)] == [None, 200]
        times = backend.hit_times(PLACEMENTS)
        assert len(times) == 2 and times[1] - times[0] >= BASE_MS


def test_xc06_resets_until_retries_run_out_is_error_resolving(server: LoopbackServer) -> None:
    backend = server.backend
    backend.inject(PLACEMENTS, *[Fault(reset=True)] * 2)
    engine, driver, rec, shown = setup(server, ["home"], retry_max_attempts=2)
    with engine, driver:
        assert driver.run_until(lambda: settled(shown), 10)
        error = shown["home"].error
        assert shown["home"].status == S.ERROR_RESOLVING and error is not None
        assert "transport error" in error.message and error.http_status == 0
        assert rec.take() == ["home status noPlacement->resolving", "home fail resolutionFailed",
                              "home status resolving->errorResolving"]


def test_xc06_slow_within_the_deadline_is_not_a_failure(server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1")]
    backend.inject(PLACEMENTS, Fault(stall_s=0.25))
    engine, driver, rec, shown = setup(server, ["home"])
    with engine, driver:
        assert driver.run_until(lambda: settled(shown), 10)
        assert shown["home"].status == S.READY
        assert len(backend.hit_times(PLACEMENTS)) == 1


def test_xc06_retry_after_and_5xx_delay_only_the_request_they_answer(server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["later"] = [Campaign("c1")]
    backend.placements["other"] = [Campaign("c2")]
    backend.placements["now"] = [Campaign("c3")]
    later = backend.content_path(backend.placements["later"][0])
    other = backend.content_path(backend.placements["other"][0])
    backend.inject(later, Fault(status=429, headers=(("Retry-After", "1"),)))
    backend.inject(other, Fault(status=502))
    engine, driver, rec, shown = setup(server, ["later", "other", "now"])
    with engine, driver:
        assert driver.run_until(lambda: shown["now"].status == S.READY and shown["other"].status == S.READY, 10)
        assert shown["later"].status == S.DOWNLOADING  # still waiting out its Retry-After
        assert driver.run_until(lambda: settled(shown), 10)
        assert statuses(shown) == {n: S.READY for n in shown}
        times = backend.hit_times(later)
        assert len(times) == 2 and times[1] - times[0] >= 1000  # the header, not the 100 ms backoff
        g = backend.hit_times(other)
        assert len(g) == 2 and BASE_MS <= g[1] - g[0] < 1000
        assert [s for _, r, s in driver.log if r.url.endswith(later)] == [429, 200]


def test_http_driver_refuses_a_bad_bound() -> None:
    with frames.Engine(ENABLED_CONFIG) as engine:
        with pytest.raises(ValueError, match="at least 1"):
            frames.HttpDriver(engine, max_concurrency=0)
        with pytest.raises(TypeError, match="must be an int"):
            frames.HttpDriver(engine, max_concurrency="4")  # type: ignore[arg-type]


def test_xc02_http_driver_perform_still_answers_inline(server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1")]
    engine, driver, rec, shown = setup(server, ["home"])
    with engine, driver:
        request = engine.poll_request()
        assert request is not None and request.url == backend.placements_url
        driver.perform(request)  # blocking, no worker thread
        assert driver.log[-1][2] == 200 and shown["home"].status == S.DOWNLOADING
        assert driver.in_flight == 0


def test_http_driver_close_drops_answers_still_running(server: LoopbackServer) -> None:
    backend = server.backend
    backend.placements["home"] = [Campaign("c1")]
    backend.inject(PLACEMENTS, Fault(stall_s=0.3))
    engine, driver, rec, shown = setup(server, ["home"])
    with engine:
        driver.step()
        assert driver.in_flight == 1
        driver.close()
        assert driver.step() is False  # a closed driver does nothing
        assert driver.run_until(lambda: False, timeout_s=30) is False  # at once, not after 30 s
        time.sleep(0.4)
        assert shown["home"].status == S.RESOLVING and driver.log == []
