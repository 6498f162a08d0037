"""App Frames through the Python binding on a virtual clock (no network):
VirtualClockDriver + the in-memory Backend.  Test names carry the SPEC ids."""

from __future__ import annotations

import ctypes
import gc
import warnings
import weakref
import math
from pathlib import Path
from typing import Any, List, Optional, Tuple

import pytest

import frames
from frames import AppState, FrameStatus as S

from backend import ENABLED_CONFIG, Backend, Campaign, Fault, Recorder, lost_delegates
from conftest import REPO_ROOT

CONFIG_DIR = REPO_ROOT / "Tests" / "fixtures" / "wire" / "config"
PLACEMENTS = "/v1/placements"


def setup(
    backend: Optional[Backend] = None, config: Any = ENABLED_CONFIG, **options: Any
) -> Tuple[frames.Engine, frames.VirtualClockDriver, Recorder, Backend]:
    backend = backend or Backend()
    recorder = Recorder()
    opts = frames.EngineOptions(placements_url=backend.placements_url, device_id="device-1", **options)
    engine = frames.Engine(config, opts, recorder)
    driver = frames.VirtualClockDriver(engine, backend.transport)
    recorder.clock = lambda: driver.now
    backend.clock = lambda: driver.now
    return engine, driver, recorder, backend


def show(engine: frames.Engine, recorder: Recorder, placement: str, now: int = 0) -> frames.Frame:
    frame = engine.new_frame()
    frame.delegate = recorder
    frame.set_placement(placement, now_ms=now)
    frame.attach(now_ms=now)
    return frame


LOAD = [
    "status noPlacement->resolving",
    "status resolving->downloading",
    "status downloading->rendering",
]


# --- XC-06: the exact retry schedule for a seeded jitter --------------------


class SplitMix64:
    """frames.h: the jitter draws from SplitMix64 seeded with random_seed."""

    MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.state = seed

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def unit(self) -> float:
        return (self.next() >> 11) * 2.0**-53


def expected_schedule(seed: int, attempts: int, base: int, factor: float, cap: int, jitter: float) -> List[int]:
    """Start times of attempts 1..attempts when each fails at once (frames.h
    frames_engine_options): min(cap, base*factor^(n-1)) scaled by a factor
    from [1-jitter, 1+jitter), rounded half away from zero (Swift .rounded())."""
    rng = SplitMix64(seed)
    times, now = [0], 0
    for n in range(1, attempts):
        delay = min(float(cap), base * factor ** (n - 1))
        scaled = delay * (1 - jitter + 2 * jitter * rng.unit())
        now += int(math.floor(scaled + 0.5))
        times.append(now)
    return times


@pytest.mark.parametrize("seed", [0, 42, 0xDEADBEEF])
def test_xc06_retry_schedule_with_seeded_jitter_is_exact(seed: int) -> None:
    backend = Backend()
    backend.inject(PLACEMENTS, *[Fault(status=503)] * 10)
    engine, driver, rec, _ = setup(backend, retry_max_attempts=6, retry_base_delay_ms=700, retry_factor=3.0,
                                   retry_max_delay_ms=20_000, retry_jitter=0.5, random_seed=seed)
    frame = show(engine, rec, "home")
    driver.run_until_idle()
    times = [t for t, r in driver.log]
    assert times == expected_schedule(seed, 6, 700, 3.0, 20_000, 0.5)
    assert rec.take() == ["status noPlacement->resolving", "fail resolutionFailed", "status resolving->errorResolving"]
    error = frame.error
    assert error is not None and error.code == frames.FrameErrorCode.RESOLUTION_FAILED
    assert error.http_status == 503 and "6 attempts" in error.message


def test_xc06_retry_after_replaces_the_delay_and_permanent_4xx_is_not_retried() -> None:
    backend = Backend()
    backend.inject(PLACEMENTS, Fault(status=429, headers=(("Retry-After", "7"),)), Fault(status=404))
    engine, driver, rec, _ = setup(backend, retry_jitter=0.0)
    frame = show(engine, rec, "home")  # kept: a dropped Frame is freed
    driver.run_until_idle()
    assert [t for t, _ in driver.log] == [0, 7000]
    assert rec.take()[-2:] == ["fail resolutionFailed", "status resolving->errorResolving"]


def test_xc06_transport_errors_and_timeouts_retry() -> None:
    backend = Backend()
    calls: List[int] = []

    def transport(request: frames.Request) -> frames.drivers.Answer:
        calls.append(len(calls))
        if len(calls) == 1:
            return frames.TransportError("connection refused")
        if len(calls) == 2:
            return None  # never answered: times out at the deadline
        return backend.transport(request)

    backend.placements["home"] = [Campaign("c1")]
    engine, driver, rec, _ = setup(backend, retry_jitter=0.0, retry_base_delay_ms=100, request_timeout_ms=500)
    driver.transport = transport
    frame = show(engine, rec, "home")
    driver.run_until_idle()
    # attempt 1 at 0 fails; attempt 2 at 100 times out at 600; attempt 3 at 800
    assert [t for t, _ in driver.log][:3] == [0, 100, 800]
    assert frame.status == S.READY


# --- AF-01 / AF-02: the opt-in, from a realistic Info.plist -----------------


def test_af01_info_plist_enabled() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1")]
    engine, driver, rec, _ = setup(backend, config=CONFIG_DIR / "Info-enabled.plist")
    assert engine.app_frames.enabled
    frame = show(engine, rec, "home")
    driver.run_until_idle()
    assert frame.status == S.READY


@pytest.mark.parametrize("name", ["Info-misplaced-top-level.plist", "Info-string-yes.plist",
                                  "Info-integer-one.plist", "Info-false.plist", "Info-absent.plist",
                                  "config-misplaced-top-level.json", "config-string-yes.json"])
def test_af01_af02_other_configurations_disable_silently(name: str) -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1")]
    engine, driver, rec, _ = setup(backend, config=(CONFIG_DIR / name).read_bytes())
    assert not engine.app_frames.enabled
    frame = show(engine, rec, "home")
    frame.set_laid_out_size(320, 100, now_ms=0)
    driver.run_until_idle()
    engine.start_session(now_ms=10)
    engine.set_app_state(AppState.BACKGROUND, now_ms=20)
    engine.set_app_state(AppState.ACTIVE, now_ms=30)
    driver.run_until_idle()
    assert frame.status == S.DISABLED and frame.error is None
    assert driver.log == [] and backend.hits == []
    assert rec.take() == []  # no callback at all, not even a status change


def test_af01_malformed_configuration_is_an_error_with_a_message() -> None:
    gc.collect()  # engines of earlier tests in reference cycles go now, not during the check
    before = set(frames._callbacks.ENGINES)
    with pytest.raises(frames.InvalidArgumentError) as info:
        frames.Engine(b"{not json", None, Recorder())
    assert info.value.code == -1 and "configuration" in info.value.message
    assert set(frames._callbacks.ENGINES) == before  # free_user_data ran on failure


# --- AF-07..AF-10: callbacks and their order ---------------------------------


def test_af06_af07_a_load_moves_forward_and_fires_each_transition_once() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1", assets=[b"\x89PNG\x00\x01"])]
    engine, driver, rec, _ = setup(backend)
    frame = show(engine, rec, "home")
    driver.run_until_idle()
    assert rec.take() == LOAD + ["render c1/A", "status rendering->ready", "height 100"]
    assert rec.contents[0].assets == ((backend.base_url + "/assets/c1/A/0", b"\x89PNG\x00\x01"),)
    assert frame.intrinsic_height == 100 and frame.status.string_value == "ready"


def test_af08_no_campaign_is_unavailable_not_an_error() -> None:
    backend = Backend()
    backend.placements["home"] = []
    engine, driver, rec, _ = setup(backend)
    frame = show(engine, rec, "home")
    driver.run_until_idle()
    assert rec.take() == ["status noPlacement->resolving", "status resolving->unavailable"]
    assert frame.error is None and frame.intrinsic_height == 0


def test_af09_a_second_failure_on_the_same_error_status_is_silent() -> None:
    backend = Backend()
    backend.inject(PLACEMENTS, Fault(status=400), Fault(status=400, body=b"again"))
    engine, driver, rec, _ = setup(backend)
    frame = show(engine, rec, "home")
    driver.run_until_idle()
    assert rec.take() == ["status noPlacement->resolving", "fail resolutionFailed", "status resolving->errorResolving"]
    first = frame.error
    # foreground refresh: a new fetch that fails the same way lands on the same status
    engine.set_app_state(AppState.BACKGROUND, now_ms=driver.now)
    engine.set_app_state(AppState.ACTIVE, now_ms=driver.now)
    driver.run_until_idle()
    assert len(driver.log) == 2
    assert rec.take() == []  # neither didFail nor didChangeStatus (AF-09)
    assert frame.status == S.ERROR_RESOLVING and frame.error is not None and first is not None
    assert frame.error.code == first.code  # AF-10: the error stays non-null


def test_af10_render_failure_and_render_timeout() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1")]
    engine, driver, rec, _ = setup(backend, render_timeout_ms=2_000)
    rec.render_height = None
    frame = show(engine, rec, "home")
    driver.run_until_idle()
    assert driver.now == 2_000  # the render timeout fired at its exact deadline
    assert rec.take()[-3:] == ["render c1/A", "fail renderingFailed", "status rendering->errorRendering"]
    error = frame.error
    assert error is not None and error.code == frames.FrameErrorCode.RENDERING_FAILED and "2000 ms" in error.message
    with pytest.raises(frames.InvalidStateError):
        frame.report_rendered(50, now_ms=driver.now)


# --- AF-16 / AF-17: refresh, identity, consent ----------------------------------


def test_af16_foreground_refresh_keeps_ready_without_flicker_and_follows_changes() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1")]
    backend.placements["promo"] = [Campaign("p1")]
    engine, driver, rec, _ = setup(backend)
    home, promo = show(engine, rec, "home"), show(engine, rec, "promo")
    rec.name(home, "home")
    rec.name(promo, "promo")
    driver.run_until_idle()
    rec.take()
    engine.set_app_state(AppState.INACTIVE, now_ms=driver.now)
    engine.set_app_state(AppState.ACTIVE, now_ms=driver.now)
    driver.run_until_idle()
    assert len(driver.log) == 3  # inactive -> active is no foreground: no refresh
    engine.set_app_state(AppState.BACKGROUND, now_ms=driver.now)
    driver.run_until_idle()
    assert len(driver.log) == 3
    engine.set_app_state(AppState.ACTIVE, now_ms=driver.now)
    driver.run_until_idle()
    assert len(driver.log) == 4 and driver.log[-1][1].url.endswith(PLACEMENTS)
    assert rec.take() == []  # same selection: stays ready, no flicker
    backend.placements["home"] = [Campaign("c2")]
    backend.placements["promo"] = []
    engine.set_app_state(AppState.BACKGROUND, now_ms=driver.now)
    engine.set_app_state(AppState.ACTIVE, now_ms=driver.now)
    driver.run_until_idle()
    assert rec.take() == [
        "home status ready->downloading", "promo status ready->unavailable",
        "home status downloading->rendering", "home render c2/A", "home status rendering->ready", "home height 100",
    ]


def test_af16_identity_change_drops_the_previous_users_answers() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1")]
    engine, driver, rec, _ = setup(backend)
    frame = show(engine, rec, "home")
    driver.run_until_idle()
    rec.take()
    # login while a refresh for the anonymous user is in flight: its answer is dropped
    engine.set_app_state(AppState.BACKGROUND, now_ms=driver.now)
    engine.set_app_state(AppState.ACTIVE, now_ms=driver.now)
    stale = engine.poll_request()
    assert stale is not None
    engine.set_user("user-1", now_ms=driver.now)
    with pytest.raises(frames.NotFoundError):
        engine.complete_request(stale.id, 200, (), b'{"placements": {}}', now_ms=driver.now)
    driver.run_until_idle()
    assert b'"user_id":"user-1"' in driver.log[-1][1].body
    assert frame.status == S.READY and rec.take() == []  # same campaign for the new user: no flicker
    backend.placements["home"] = []
    engine.set_user(None, now_ms=driver.now)  # logout re-resolves
    driver.run_until_idle()
    assert b'"user_id":null' in driver.log[-1][1].body
    assert rec.take() == ["status ready->unavailable"]


def test_af17_consent_revoked_disables_at_once_and_returns_at_the_next_session() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1")]
    engine, driver, rec, _ = setup(backend)
    frame = show(engine, rec, "home")
    frame.set_laid_out_size(320, 100, now_ms=0)
    driver.run_until_idle()
    rec.take()
    engine.set_consent(False, now_ms=driver.now)
    assert rec.take() == ["status ready->disabled"]
    assert frame.intrinsic_height == 0 and engine.next_deadline() is None
    engine.set_consent(True, now_ms=driver.now)
    driver.advance(60_000)
    assert frame.status == S.DISABLED and len(driver.log) == 2  # no reload before a session starts
    engine.start_session(now_ms=driver.now)
    driver.run_until_idle()
    assert rec.take() == [
        "status disabled->resolving", "status resolving->downloading", "status downloading->rendering",
        "render c1/A", "status rendering->ready", "height 100", "record appFrames.impression",
    ]


def test_af17_sdk_disabled_remotely() -> None:
    backend = Backend()
    backend.sdk_disabled = True
    engine, driver, rec, _ = setup(backend)
    frame = show(engine, rec, "home")
    driver.run_until_idle()
    assert rec.take() == ["status noPlacement->resolving", "status resolving->disabled"]
    assert frame.status == S.DISABLED


# --- AF-18..AF-22: size, dismissal, actions, impressions ------------------------


def test_af18_fixed_height_mode() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1")]
    engine, driver, rec, _ = setup(backend)
    frame = show(engine, rec, "home")
    frame.set_height_mode(frames.HeightMode.FIXED, 64)
    driver.run_until_idle()
    assert frame.status == S.READY and frame.intrinsic_height == 64
    with pytest.raises(frames.InvalidArgumentError):
        frame.set_height_mode(frames.HeightMode.FIXED, float("nan"))


def test_af20_dismiss_order_and_closing_the_frame_inside_the_callback() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1")]
    engine, driver, rec, _ = setup(backend)
    frame = show(engine, rec, "home")
    other = show(engine, rec, "home")  # AF-05: a second frame of the same placement
    rec.name(frame, "a")
    rec.name(other, "b")
    driver.run_until_idle()
    rec.take()
    rec.on_dismiss = lambda f: f.close()  # XC-03: free the frame from its own callback
    frame.report_dismissed(now_ms=driver.now)
    assert rec.take() == ["a status ready->dismissed", "a dismiss", "record appFrames.dismiss"]
    assert frame.closed and other.status == S.READY
    with pytest.raises(frames.InvalidHandleError):
        frame.status
    record = rec.records[-1]
    assert (record.name, record.placement_id, record.campaign_id, record.variant_id) == \
        ("appFrames.dismiss", "home", "c1", "A")
    assert len(engine._state.frames) == 1 and len(engine._state.delegates) == 1


def test_af21_action_navigates_records_then_passes_custom_data() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1", actions=[
        {"id": "shop_now", "deep_link": "app://shop/spring", "custom_data": {"coupon": "SPRING24", "discount_percent": 20}},
        {"id": "learn_more", "deep_link": "https://example.com/spring"},
        {"id": "empty", "custom_data": {}},
    ])]
    engine, driver, rec, _ = setup(backend)
    frame = show(engine, rec, "home")
    driver.run_until_idle()
    rec.take()
    assert rec.contents[-1].action_ids == ("shop_now", "learn_more", "empty")
    frame.report_action("shop_now", now_ms=driver.now)
    assert rec.take() == ["open app://shop/spring", "record appFrames.click",
                          'action {"coupon": "SPRING24", "discount_percent": 20}']
    assert rec.records[-1].fields == {"action_id": "shop_now", "deep_link": "app://shop/spring"}
    frame.report_action("learn_more", now_ms=driver.now)
    frame.report_action("empty", now_ms=driver.now)
    assert rec.take() == ["open https://example.com/spring", "record appFrames.click", "record appFrames.click"]
    with pytest.raises(frames.InvalidArgumentError) as info:
        frame.report_action("nope", now_ms=driver.now)
    assert "nope" in info.value.message


def test_af22_impressions_need_screen_and_a_new_session_counts_again() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1")]
    engine, driver, rec, _ = setup(backend)
    frame = show(engine, rec, "home")
    frame.set_hidden(True, now_ms=0)
    driver.run_until_idle()
    assert frame.status == S.READY
    assert [r.name for r in rec.records] == []  # loaded, but hidden and not laid out
    frame.set_laid_out_size(320, 100, now_ms=5)
    assert rec.records == []
    frame.set_hidden(False, now_ms=6)
    assert [(r.name, r.time_ms, r.session_id, r.view_id) for r in rec.records] == \
        [("appFrames.impression", 6, "session-1", "frame-1")]
    frame.set_laid_out_size(320, 120, now_ms=7)
    frame.set_hidden(True, now_ms=8)
    frame.set_hidden(False, now_ms=9)
    assert len(rec.records) == 1  # one per frame per content per session
    engine.start_session("s-2", now_ms=10)
    assert [(r.name, r.session_id) for r in rec.records[1:]] == [("appFrames.impression", "s-2")]


# --- AF-23: the frame holds its delegate weakly ---------------------------------------------


def test_af23_a_collected_frame_delegate_stops_its_callbacks_and_warns_once() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1")]
    engine, driver, host, _ = setup(backend)
    frame = show(engine, host, "home")
    calls: List[str] = []

    class Temporary:
        def status_changed(self, frame: frames.Frame, status: S, previous: S) -> None:
            calls.append(f"{previous}->{status}")

        def render(self, frame: frames.Frame, content: frames.Content) -> None:
            calls.append("render")

    frame.delegate = Temporary()  # no other reference: collected at once
    gc.collect()
    assert frame.delegate is None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        driver.advance(1_000)  # status changes and a render, none delivered
    assert calls == []
    assert frame.status == S.RENDERING  # nobody rendered: nothing else happened
    assert lost_delegates(caught) == [repr(frame)]  # one warning for all those callbacks
    # A delegate set again is called again, and warns again once it is lost.
    frame.delegate = host
    host.log.clear()
    frame.report_rendered(80, now_ms=driver.now)
    assert frame.status == S.READY and host.log == ["status rendering->ready", "height 80"]
    frame.delegate = Temporary()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        frame.report_dismissed(now_ms=driver.now)
    assert calls == [] and lost_delegates(caught) == [repr(frame)]


def test_af23_xc03_a_lost_delegate_warning_made_an_error_is_raised_after_the_call() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1")]
    engine, driver, host, _ = setup(backend)
    frame = show(engine, host, "home")
    frame.delegate = Recorder()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(RuntimeWarning, match="garbage-collected"):
            driver.advance(1_000)
        driver.advance(1_000)  # reported once: the next callbacks are skipped quietly
    assert frame.status == S.RENDERING


def test_af23_callbacks_stop_when_the_delegate_goes_and_a_frame_and_its_delegate_are_collected() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1")]
    engine, driver, host, _ = setup(backend)
    frame = show(engine, host, "home")
    first = Recorder()
    released = weakref.ref(first)
    frame.delegate = first
    del first
    frame.delegate = Recorder()
    gc.collect()
    assert released() is None
    frame.delegate = None
    assert engine._state.delegates == {}
    host.log.clear()
    backend.placements["home"] = [Campaign("c2")]
    engine.set_app_state(AppState.BACKGROUND, now_ms=driver.now)
    engine.set_app_state(AppState.ACTIVE, now_ms=driver.now)
    driver.run_until_idle()
    assert host.log == [r for r in host.log if r.startswith("record ")]  # no delegate: no callback

    class Owning(Recorder):
        """A delegate that refers to its frame: a cycle the collector frees."""

    owning = Owning()
    cyclic = engine.new_frame()
    cyclic.delegate = owning
    owning.frame = cyclic  # type: ignore[attr-defined]
    handle = cyclic._handle
    del owning, cyclic
    gc.collect()
    assert handle not in engine._state.frames and engine._state.delegates == {}


# --- XC-03: exceptions and re-entrancy -------------------------------------------------


def test_xc03_an_exception_in_a_callback_is_raised_after_the_call() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1")]
    engine, driver, rec, _ = setup(backend)

    def boom(frame: frames.Frame, status: frames.FrameStatus) -> None:
        if status == S.RESOLVING:
            raise KeyError("from the delegate")

    rec.on_status = boom
    frame = engine.new_frame()
    frame.delegate = rec
    frame.set_placement("home", now_ms=0)
    with pytest.raises(KeyError, match="from the delegate"):
        frame.attach(now_ms=0)
    assert frame.status == S.RESOLVING  # the call itself completed
    driver.run_until_idle()
    assert frame.status.string_value == "ready"


def test_xc03_closing_the_engine_inside_a_callback() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1")]
    engine, driver, rec, _ = setup(backend)
    frame = show(engine, rec, "home")
    rec.on_status = lambda f, s: engine.close() if s == S.DOWNLOADING else None
    driver.pump()
    assert engine.closed and frame.closed
    assert rec.take() == ["status noPlacement->resolving", "status resolving->downloading"]
    assert engine._state.key not in frames._callbacks.ENGINES
    assert engine._state.frames == {} and engine._state.delegates == {}
    with pytest.raises(frames.InvalidHandleError):
        engine.poll_request()
    frame.close()  # idempotent once the engine freed it


def test_engine_options_defaults_match_the_header() -> None:
    c = frames._ffi.frames_engine_options()
    frames._lib.lib.frames_engine_options_init(c, frames._ffi.FRAMES_ENGINE_OPTIONS_VERSION)
    ours = frames.EngineOptions()._to_c()
    for row in frames._ffi.frames_engine_options._fields_:
        name = row[0]
        if hasattr(row[1], "_argtypes_"):  # a function pointer: compared by address (NULL: None)
            assert ctypes.cast(getattr(ours, name), ctypes.c_void_p).value == ctypes.cast(
                getattr(c, name), ctypes.c_void_p).value, name
            continue
        assert getattr(ours, name) == getattr(c, name), name


def test_af06_status_helpers_come_from_the_library() -> None:
    names = [s.string_value for s in S]
    assert names == ["noPlacement", "disabled", "resolving", "downloading", "rendering", "ready", "unavailable",
                     "dismissed", "errorResolving", "errorDownloading", "errorRendering"]
    assert [s for s in S if s.is_loading] == [S.RESOLVING, S.DOWNLOADING, S.RENDERING]
    assert [s for s in S if s.is_error] == [S.ERROR_RESOLVING, S.ERROR_DOWNLOADING, S.ERROR_RENDERING]


def test_path_config_is_read(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    path.write_bytes(ENABLED_CONFIG)
    with frames.Engine(path) as engine:
        assert engine.app_frames.enabled
