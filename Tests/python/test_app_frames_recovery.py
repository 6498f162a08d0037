"""App Frames after things went wrong, and the rules users rely on, through
the Python binding on a virtual clock (VirtualClockDriver + the in-memory
Backend): consent and remote disable (AF-17), recovery from error statuses
(AF-11, AF-16), tampered assets and untrusted origins (AF-14), selection
(AF-13), impressions while hidden (AF-22), reading the placement id back
(AF-03), exact ids and keys (XC-07) and time (XC-01).  Test names carry the
SPEC rule ids."""

from __future__ import annotations

import json
from typing import Any, List, Tuple

import pytest

import frames
from frames import AppState, FrameStatus as S

from backend import ENABLED_CONFIG, Backend, Campaign, Fault, Recorder

NFC = "caf\u00e9"  # precomposed
NFD = "cafe\u0301"  # decomposed: canonically equivalent, other code points


def setup(backend: Backend, config: bytes = ENABLED_CONFIG, **options: Any
          ) -> Tuple[frames.Engine, frames.VirtualClockDriver, Recorder]:
    recorder = Recorder()
    opts = frames.EngineOptions(placements_url=backend.placements_url, device_id="device-1", retry_jitter=0.0,
                                **options)
    engine = frames.Engine(config, opts, recorder)
    driver = frames.VirtualClockDriver(engine, backend.transport)
    recorder.clock = lambda: driver.now
    backend.clock = lambda: driver.now
    return engine, driver, recorder


def show(engine: frames.Engine, recorder: Recorder, placement: str, now: int) -> frames.Frame:
    frame = engine.new_frame()
    frame.delegate = recorder
    frame.set_placement(placement, now_ms=now)
    frame.attach(now_ms=now)
    return frame


def status_of(frame: frames.Frame) -> frames.FrameStatus:
    """The status, read anew (a call, so mypy does not narrow it between reads)."""
    return frame.status


def foreground(engine: frames.Engine, now: int) -> None:
    engine.set_app_state(AppState.BACKGROUND, now_ms=now)
    engine.set_app_state(AppState.ACTIVE, now_ms=now)


def requested(driver: frames.VirtualClockDriver) -> List[str]:
    return [request.url for _, request in driver.log]


# --- AF-17: back only at the next session start ---------------------------------------


def everything_but_a_session(engine: frames.Engine, driver: frames.VirtualClockDriver, recorder: Recorder,
                             frame: frames.Frame) -> frames.Frame:
    """A foreground, a new frame attached, a login, a placement change, a
    minute: none of them may bring frames back.  Returns the new frame."""
    before = len(driver.log)
    foreground(engine, driver.now)
    second = show(engine, recorder, "home", driver.now)
    engine.set_user("ada", now_ms=driver.now)
    frame.set_placement("other", now_ms=driver.now)
    frame.set_placement("home", now_ms=driver.now)
    frame.detach()
    frame.attach(now_ms=driver.now)
    driver.advance(60_000)
    assert len(driver.log) == before  # nothing was requested
    assert status_of(frame) == S.DISABLED and status_of(second) == S.DISABLED
    return second


def test_AF_17_consent_granted_again_keeps_frames_disabled_until_the_session_starts() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("spring")]
    engine, driver, recorder = setup(backend)
    frame = show(engine, recorder, "home", 0)
    driver.run_until_idle()
    assert status_of(frame) == S.READY
    recorder.take()
    engine.set_consent(False, now_ms=driver.now)
    engine.set_consent(True, now_ms=driver.now)
    assert recorder.take() == ["status ready->disabled"]
    second = everything_but_a_session(engine, driver, recorder, frame)
    assert recorder.take() == []  # the new frame was created disabled and stayed
    engine.start_session(now_ms=driver.now)
    assert status_of(frame) == S.RESOLVING and status_of(second) == S.RESOLVING
    driver.run_until_idle()
    assert status_of(frame) == S.READY and status_of(second) == S.READY


def test_AF_17_a_remote_disable_keeps_frames_disabled_until_the_session_starts() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("spring")]
    backend.sdk_disabled = True
    engine, driver, recorder = setup(backend)
    frame = show(engine, recorder, "home", 0)
    driver.run_until_idle()
    assert recorder.take() == ["status noPlacement->resolving", "status resolving->disabled"]
    backend.sdk_disabled = False  # lifted on the server: nothing notices before a session
    everything_but_a_session(engine, driver, recorder, frame)
    assert recorder.take() == []
    engine.start_session("session-2", now_ms=driver.now)
    driver.run_until_idle()
    assert status_of(frame) == S.READY
    assert recorder.take()[:2] == ["status disabled->resolving", "status resolving->downloading"]


# --- AF-11, AF-16: error statuses recover at the next foreground ------------------------


def test_AF_11_AF_16_error_downloading_recovers_at_the_next_foreground() -> None:
    backend = Backend()
    campaign = Campaign("spring")
    backend.placements["home"] = [campaign]
    content = backend.content_path(campaign)
    backend.inject(content, *[Fault(status=503)] * 4)  # down for two loads of two attempts
    engine, driver, recorder = setup(backend, retry_max_attempts=2)
    frame = show(engine, recorder, "home", 0)
    driver.run_until_idle()
    assert status_of(frame) == S.ERROR_DOWNLOADING
    error = frame.error
    assert error is not None and error.code == frames.FrameErrorCode.DOWNLOADING_FAILED and error.http_status == 503
    recorder.take()
    # Still down at the first foreground: it tries again and fails again.
    driver.advance(1_000)
    foreground(engine, driver.now)
    driver.run_until_idle()
    assert status_of(frame) == S.ERROR_DOWNLOADING
    assert recorder.take() == ["status errorDownloading->downloading", "fail downloadingFailed",
                               "status downloading->errorDownloading"]
    # The backend is back: the next foreground loads it, no identity change needed.
    driver.advance(1_000)
    foreground(engine, driver.now)
    driver.run_until_idle()
    assert recorder.take() == ["status errorDownloading->downloading", "status downloading->rendering",
                               "render spring/A", "status rendering->ready", "height 100"]
    assert status_of(frame) == S.READY and frame.error is None


def test_AF_11_AF_16_error_resolving_and_error_rendering_recover_at_the_next_foreground() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("spring")]
    backend.inject("/v1/placements", Fault(status=500))
    engine, driver, recorder = setup(backend, retry_max_attempts=1)
    recorder.render_height = None  # the host answers renders itself
    frame = show(engine, recorder, "home", 0)
    driver.pump()
    assert status_of(frame) == S.ERROR_RESOLVING
    driver.advance(10)
    foreground(engine, driver.now)
    driver.pump()  # not until idle: the render timeout would fire
    assert status_of(frame) == S.RENDERING
    frame.report_render_failed("web view crashed", now_ms=driver.now)
    assert status_of(frame) == S.ERROR_RENDERING
    recorder.take()
    driver.advance(10)
    foreground(engine, driver.now)
    driver.pump()  # not until idle: the render timeout would fire
    assert status_of(frame) == S.RENDERING
    assert "render spring/A" in recorder.take()
    frame.report_rendered(80, now_ms=driver.now)
    assert status_of(frame) == S.READY


# --- AF-14: integrity and origin -------------------------------------------------------


def test_AF_14_an_asset_swapped_for_bytes_of_the_same_size_is_placement_untrusted() -> None:
    backend = Backend()
    campaign = Campaign("spring", assets=[b"genuine"])
    backend.placements["home"] = [campaign]
    forgery = b"forgery"
    assert len(forgery) == len(campaign.assets[0])
    backend.inject(backend.asset_path(campaign, 0), Fault(body=forgery))
    engine, driver, recorder = setup(backend)
    frame = show(engine, recorder, "home", 0)
    driver.run_until_idle()
    assert status_of(frame) == S.ERROR_DOWNLOADING
    error = frame.error
    assert error is not None and error.code == frames.FrameErrorCode.PLACEMENT_UNTRUSTED
    assert recorder.contents == []  # never handed to the host to render
    assert recorder.take() == ["status noPlacement->resolving", "status resolving->downloading",
                               "fail placementUntrusted", "status downloading->errorDownloading"]
    assert backend.base_url + backend.asset_path(campaign, 0) in requested(driver)


@pytest.mark.parametrize("allow_insecure_http", [False, True])
def test_AF_14_plain_http_content_under_an_https_placements_url(allow_insecure_http: bool) -> None:
    backend = Backend("https://api.test")
    campaign = Campaign("spring")
    backend.placements["home"] = [campaign]
    https_content = (backend.base_url + "/content/").encode()
    http_content = b"http://api.test/content/"

    def transport(request: frames.Request) -> frames.drivers.Answer:
        answer = backend.transport(request)  # answers by path, whatever the scheme
        if request.url == backend.placements_url and isinstance(answer, frames.Response):
            # The placements document, over https, points at plain-http content.
            return frames.Response(answer.status, answer.body.replace(https_content, http_content), answer.headers)
        return answer

    engine, driver, recorder = setup(backend, allow_insecure_http=allow_insecure_http)
    driver.transport = transport
    frame = show(engine, recorder, "home", 0)
    driver.run_until_idle()
    content_url = "http://api.test" + backend.content_path(campaign)
    if allow_insecure_http:  # the loopback-test switch: the same content loads
        assert status_of(frame) == S.READY and content_url in requested(driver)
        return
    assert status_of(frame) == S.ERROR_DOWNLOADING
    error = frame.error
    assert error is not None and error.code == frames.FrameErrorCode.PLACEMENT_UNTRUSTED
    assert requested(driver) == [backend.placements_url]  # the http URL was never requested
    assert recorder.contents == []


# --- AF-13: selection --------------------------------------------------------------------


def winner(campaigns: List[Campaign]) -> Tuple[frames.FrameStatus, List[str]]:
    backend = Backend()
    backend.placements["home"] = campaigns
    engine, driver, recorder = setup(backend)
    frame = show(engine, recorder, "home", 0)
    driver.run_until_idle()
    return frame.status, [c.campaign_id for c in recorder.contents]


def test_AF_13_same_priority_the_most_recently_created_campaign_wins() -> None:
    # Listed first and with the lower id, the older campaign loses all the same.
    status, rendered = winner([Campaign("a_old", "medium", created_at=1_714_000_000_000),
                               Campaign("z_new", "medium", created_at=1_714_550_400_000),
                               Campaign("m_newest_low", "low", created_at=1_715_000_000_000)])
    assert (status, rendered) == (S.READY, ["z_new"])
    status, rendered = winner([Campaign("z_new", "medium", created_at=1_714_550_400_000),
                               Campaign("a_old", "medium", created_at=1_714_000_000_000)])
    assert rendered == ["z_new"]
    # Priority comes first; an exact tie goes to the lowest id.
    assert winner([Campaign("newer_medium", "medium", created_at=2_000),
                   Campaign("older_high", "high", created_at=1_000)])[1] == ["older_high"]
    assert winner([Campaign("b_twin", "low", created_at=5), Campaign("a_twin", "low", created_at=5)])[1] == ["a_twin"]


def test_AF_13_a_campaign_with_nine_variants_is_dropped() -> None:
    nine = Campaign("nine", "high", created_at=2_000, variant_count=9)
    fallback = Campaign("fallback", "low", created_at=1_000)
    assert winner([nine, fallback]) == (S.READY, ["fallback"])
    assert winner([Campaign("nine", "high", variant_count=9)]) == (S.UNAVAILABLE, [])
    # 8 is the most a campaign may have: it still wins.
    assert winner([Campaign("eight", "high", created_at=2_000, variant_count=8), fallback])[1] == ["eight"]


# --- AF-22: impressions ------------------------------------------------------------------


def test_AF_22_no_impression_while_the_frame_is_hidden() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("spring")]
    engine, driver, recorder = setup(backend)
    frame = show(engine, recorder, "home", 0)
    frame.set_hidden(True, now_ms=0)
    frame.set_laid_out_size(320, 100, now_ms=0)
    driver.run_until_idle()
    assert status_of(frame) == S.READY

    def impressions() -> List[Tuple[int, str]]:
        return [(r.time_ms, r.session_id or "") for r in recorder.records if r.name == "appFrames.impression"]

    assert impressions() == []
    engine.start_session("session-2", now_ms=driver.now + 1)  # still hidden: nothing
    assert impressions() == []
    frame.set_hidden(False, now_ms=driver.now + 2)
    assert impressions() == [(driver.now + 2, "session-2")]
    frame.set_hidden(True, now_ms=driver.now + 3)
    engine.start_session("session-3", now_ms=driver.now + 4)
    assert len(impressions()) == 1
    frame.set_hidden(False, now_ms=driver.now + 5)
    assert impressions()[1:] == [(driver.now + 5, "session-3")]


# --- AF-03, XC-07: the placement id, exact ids and keys --------------------------------------


def test_AF_03_placement_id_reads_back_what_was_set() -> None:
    backend = Backend()
    backend.placements["home_top_banner"] = [Campaign("spring")]
    engine, driver, recorder = setup(backend)
    frame = engine.new_frame()
    assert frame.placement_id is None
    seen: List[Tuple[str, Any]] = []
    recorder.on_status = lambda f, status: seen.append((status.string_value, f.placement_id))
    frame.delegate = recorder
    frame.set_placement("home_top_banner", now_ms=0)
    frame.attach(now_ms=0)
    driver.run_until_idle()
    # The mobile SDK's example logs view.placementId in every callback.
    assert seen == [("resolving", "home_top_banner"), ("downloading", "home_top_banner"),
                    ("rendering", "home_top_banner"), ("ready", "home_top_banner")]
    longest = "p" * 256
    frame.set_placement(longest, now_ms=driver.now)
    assert frame.placement_id == longest
    frame.set_placement(NFD, now_ms=driver.now)
    placement = frame.placement_id
    assert placement == NFD and placement is not None and placement.encode() == b"cafe\xcc\x81"
    frame.set_placement(None, now_ms=driver.now)
    assert frame.placement_id is None and status_of(frame) == S.NO_PLACEMENT
    frame.close()
    with pytest.raises(frames.InvalidHandleError):
        frame.placement_id


def test_XC_07_a_decomposed_placement_id_does_not_pick_up_the_precomposed_placement() -> None:
    backend = Backend()
    backend.placements[NFC] = [Campaign("precomposed")]
    engine, driver, recorder = setup(backend)
    exact = show(engine, recorder, NFC, 0)
    other = show(engine, recorder, NFD, 0)
    driver.run_until_idle()
    assert status_of(exact) == S.READY and status_of(other) == S.UNAVAILABLE
    assert [(c.placement_id, c.campaign_id) for c in recorder.contents] == [(NFC, "precomposed")]
    # Both spellings on the server are two placements, each with its campaign.
    backend.placements[NFD] = [Campaign("decomposed")]
    foreground(engine, driver.now)
    driver.run_until_idle()
    assert status_of(other) == S.READY
    assert recorder.contents[-1].placement_id == NFD and recorder.contents[-1].campaign_id == "decomposed"


def test_XC_07_json_keys_differing_only_in_normalization_are_two_keys() -> None:
    both = b'{"Insider": {"App Frames Enabled": true}, "caf\\u00e9": 1, "cafe\\u0301": 2}'
    with frames.Engine(both) as engine:
        assert engine.app_frames.enabled
    raw = json.dumps({"Insider": {"App Frames Enabled": True}, NFC: 1, NFD: 2}, ensure_ascii=False).encode()
    with frames.Engine(raw) as engine:
        assert engine.app_frames.enabled
    for repeated in (b'{"caf\\u00e9": 1, "caf\\u00e9": 2}', '{"caf\u00e9": 1, "caf\\u00e9": 2}'.encode()):
        with pytest.raises(frames.InvalidArgumentError) as info:
            frames.Engine(repeated)
        assert "duplicate" in info.value.message


# --- XC-01: time never runs backwards -----------------------------------------------------


def test_XC_01_an_earlier_now_is_taken_as_the_latest_time() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("spring")]
    engine, driver, recorder = setup(backend, render_timeout_ms=1_000)
    recorder.render_height = None
    frame = engine.new_frame()
    frame.set_placement("home", now_ms=5_000)
    frame.attach(now_ms=5_000)
    while (request := engine.poll_request()) is not None:  # answered "at 100": the clock stepped back
        answer = backend.transport(request)
        assert isinstance(answer, frames.Response)
        engine.complete_request(request.id, answer.status, answer.headers, answer.body, now_ms=100)
    assert status_of(frame) == S.RENDERING
    assert engine.next_deadline() == 6_000  # the render timeout from 5,000, not from 100
    engine.on_timeout(now_ms=5_999)
    engine.on_timeout(now_ms=0)
    assert status_of(frame) == S.RENDERING
    engine.on_timeout(now_ms=6_000)
    assert status_of(frame) == S.ERROR_RENDERING
