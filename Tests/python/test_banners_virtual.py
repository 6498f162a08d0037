"""Banner places through the Python binding on a virtual clock (no network):
VirtualClockDriver + the in-memory Backend's banner lists.  Test names carry
the SPEC rule ids (BN-02..BN-17, XC-02, XC-07)."""

from __future__ import annotations

import gc
import warnings
import weakref
import threading
from typing import Any, List, Optional, Sequence, Tuple, cast

import pytest

import frames
from frames import AppState, LayoutType as L

from backend import ENABLED_CONFIG, Backend, BannerSpec, Fault, PlaceRecorder, lost_delegates

HOME = "home"


def setup(
    banners: Optional[Sequence[BannerSpec]] = None, **options: Any
) -> Tuple[frames.Engine, frames.VirtualClockDriver, PlaceRecorder, Backend]:
    backend = Backend()
    if banners is not None:
        backend.banner_places[HOME] = list(banners)
    recorder = PlaceRecorder()
    opts = frames.EngineOptions(banners_url=backend.banners_url, placements_url=backend.placements_url,
                                device_id="device-1", **options)
    engine = frames.Engine(ENABLED_CONFIG, opts, recorder.host)
    engine.banners.delegate = recorder.host
    driver = frames.VirtualClockDriver(engine, backend.transport)
    backend.clock = lambda: driver.now
    return engine, driver, recorder, backend


def place_for(
    engine: frames.Engine, recorder: PlaceRecorder, layout: L = L.VERTICAL_LIST, width: float = 100,
    viewport: Optional[Tuple[float, float, float, float]] = None, place_id: str = HOME, now: int = 0,
    **appearance: Any,
) -> frames.BannerPlace:
    place = engine.new_banner_place(place_id, frames.Appearance(layout=layout, **appearance))
    place.delegate = recorder
    place.set_container(width, False, now_ms=now)
    if viewport is not None:
        place.set_viewport(viewport, now_ms=now)
    return place


def loaded(layout: L = L.VERTICAL_LIST, banners: Optional[Sequence[BannerSpec]] = None,
           viewport: Optional[Tuple[float, float, float, float]] = None, width: float = 100, **appearance: Any
           ) -> Tuple[frames.Engine, frames.VirtualClockDriver, PlaceRecorder, Backend, frames.BannerPlace]:
    """A place whose list and contents are loaded at t=0; the log is taken."""
    engine, driver, recorder, backend = setup(banners if banners is not None else squares(3))
    place = place_for(engine, recorder, layout, width, viewport, **appearance)
    place.attach(now_ms=0)
    driver.pump()
    recorder.take()
    return engine, driver, recorder, backend, place


def squares(count: int, duration_ms: int = 1_000) -> List[BannerSpec]:
    return [BannerSpec(f"b{i}", 1.0, duration_ms, content=f"<p>{i}</p>".encode()) for i in range(count)]


def playing(place: frames.BannerPlace, now: int) -> List[int]:
    return [i for i, row in enumerate(place.rows(now_ms=now)) if row.playing]


def list_requests(backend: Backend) -> int:
    return len(backend.banner_list_requests)


# --- BN-14: loading and the preload cache ------------------------------------


def test_BN_14_preload_then_create_on_two_places_with_the_same_id_makes_no_list_request() -> None:
    engine, driver, recorder, backend = setup(squares(2))
    engine.banners.preload(HOME, now_ms=0)
    driver.pump()
    assert list_requests(backend) == 1
    assert recorder.take() == ["preloaded home 2"]
    place_id, banners, error = recorder.preloads[0]
    assert (place_id, error) == (HOME, None)
    assert banners is not None and [b.id for b in banners] == ["b0", "b1"]
    assert banners[0].ratio == 1.0 and banners[0].duration_ms == 1_000
    assert banners[0].content_url == backend.base_url + "/banners/b0.html"

    first = place_for(engine, recorder, viewport=(0, 0, 100, 500))
    second = place_for(engine, recorder, viewport=(0, 0, 100, 500))
    first.attach(now_ms=0)
    second.attach(now_ms=0)
    driver.pump()
    assert list_requests(backend) == 1  # both read the cache
    log = recorder.take()
    assert log.count("loaded home") == 2
    assert all(row.state == frames.RowState.READY for row in first.rows(now_ms=0) + second.rows(now_ms=0))


def test_BN_14_without_preload_each_create_fetches_and_refresh_fetches() -> None:
    engine, driver, recorder, backend = setup(squares(2))
    first = place_for(engine, recorder)
    second = place_for(engine, recorder)
    first.attach(now_ms=0)
    driver.pump()
    assert list_requests(backend) == 1
    second.attach(now_ms=0)
    driver.pump()
    assert list_requests(backend) == 2
    first.refresh(now_ms=10)
    driver.pump()
    assert list_requests(backend) == 3
    assert backend.banner_list_requests == [HOME, HOME, HOME]


def test_BN_14_after_a_preload_refresh_fetches_and_the_cache_stays_for_later_places() -> None:
    engine, driver, recorder, backend = setup(squares(2))
    engine.banners.preload(HOME, now_ms=0)
    driver.pump()
    place = place_for(engine, recorder)
    place.attach(now_ms=0)
    driver.pump()
    assert list_requests(backend) == 1
    backend.banner_places[HOME] = squares(3)
    place.refresh(now_ms=5)
    driver.pump()
    assert list_requests(backend) == 2
    assert len(place.rows(now_ms=5)) == 3
    later = place_for(engine, recorder)
    later.attach(now_ms=6)
    driver.pump()
    assert list_requests(backend) == 2  # still cached, refreshed by the refresh
    assert len(later.rows(now_ms=6)) == 3
    # another preload fetches again
    engine.banners.preload(HOME, now_ms=7)
    driver.pump()
    assert list_requests(backend) == 3


def test_BN_14_a_preload_completes_with_an_error() -> None:
    engine, driver, recorder, backend = setup(squares(1), retry_max_attempts=1)
    backend.inject(backend.banners_path, Fault(status=500))
    engine.banners.preload(HOME, now_ms=0)
    driver.run_until_idle()
    assert recorder.take() == ["preload failed home"]
    place_id, banners, error = recorder.preloads[0]
    assert place_id == HOME and banners is None and error is not None
    assert error.code == frames.FrameErrorCode.RESOLUTION_FAILED
    assert isinstance(error.code, frames.FrameErrorCode) and error.code.string_value == "resolutionFailed"
    assert error.http_status == 500
    # not cached: a create fetches
    place = place_for(engine, recorder)
    place.attach(now_ms=driver.now)
    driver.pump()
    assert list_requests(backend) == 2


def test_BN_14_a_failed_list_updates_to_nothing_without_banners_loaded() -> None:
    engine, driver, recorder, backend = setup(squares(1), retry_max_attempts=1)
    backend.inject(backend.banners_path, Fault(status=500))
    place = place_for(engine, recorder)
    place.attach(now_ms=0)
    driver.run_until_idle()
    assert recorder.take() == ["update False 0 0"]
    assert place.rows(now_ms=driver.now) == []


# --- BN-02, BN-07: availability before maxBannersCount ----------------------------


def test_BN_02_BN_07_unavailable_and_bad_ratio_banners_are_dropped_before_max_banners_count() -> None:
    banners = [
        BannerSpec("a", 2.0),
        BannerSpec("gone", 1.0, available=False),
        BannerSpec("zero", 0),
        BannerSpec("negative", -1.5),
        BannerSpec("text", "wide"),
        BannerSpec("b", 1.0),
        BannerSpec("c", 0.5),
    ]
    engine, driver, recorder, backend = setup(banners)
    place = place_for(engine, recorder, max_banners_count=2)
    place.attach(now_ms=0)
    driver.pump()
    log = recorder.take()
    assert log[:2] == ["loaded home", "update True 2 158"]  # 50 + 8 + 100
    assert sorted(line for line in log if line.startswith("render")) == ["render 0 a", "render 1 b"]
    assert [r.rect.height for r in place.rows(now_ms=0)] == [50, 100]


def test_BN_02_max_banners_count_zero_gives_an_empty_list_and_the_carousel_ignores_it() -> None:
    engine, driver, recorder, backend = setup(squares(3))
    empty = place_for(engine, recorder, L.TILES, max_banners_count=0)
    empty.attach(now_ms=0)
    driver.pump()
    assert recorder.take() == ["loaded home", "update False 0 0"]
    carousel = place_for(engine, recorder, L.CAROUSEL, max_banners_count=1)
    carousel.attach(now_ms=0)
    driver.pump()
    assert recorder.take()[:2] == ["loaded home", "update True 3 100"]


# --- BN-15: events ---------------------------------------------------------------


@pytest.mark.parametrize(
    "layout, ratios, expected",
    [
        # 300 wide: rows 150, 300, 600 high, 8 apart
        (L.VERTICAL_LIST, [2.0, 1.0, 0.5], 150 + 8 + 300 + 8 + 600),
        # cells (300 - 8) / 2 = 146 wide: 73 | 146 tallest, then 292
        (L.TILES, [2.0, 1.0, 0.5], 146 + 8 + 292),
        # the tallest page at 300 wide
        (L.CAROUSEL, [2.0, 1.0, 0.5], 600),
    ],
)
def test_BN_15_did_update_reports_the_height_of_each_layout(layout: L, ratios: List[float], expected: float) -> None:
    banners = [BannerSpec(f"r{i}", ratio) for i, ratio in enumerate(ratios)]
    engine, driver, recorder, backend = setup(banners)
    place = place_for(engine, recorder, layout, width=300)
    place.attach(now_ms=0)
    driver.pump()
    assert recorder.log[:2] == ["loaded home", f"update True 3 {expected:g}"]
    appearance = frames.Appearance(layout=layout)
    assert recorder.heights == [frames.layout_banners(appearance, 300, ratios).content_height]
    recorder.take()
    # a new width is a list update (no load)
    place.set_container(200, False, now_ms=1)
    assert recorder.take()[0] == f"update True 3 {frames.layout_banners(appearance, 200, ratios).content_height:g}"
    # a refresh is a load
    place.refresh(now_ms=2)
    driver.pump()
    log = [line for line in recorder.take() if not line.startswith("pause")]  # a new load stops the old one
    assert log[:2] == ["loaded home", f"update True 3 {frames.layout_banners(appearance, 200, ratios).content_height:g}"]


def test_BN_15_widget_events_actions_and_their_records() -> None:
    engine, driver, recorder, backend, place = loaded(viewport=(0, 0, 100, 1000))
    place.report_widget_event(1, "quiz", {"answer": 2, "ok": True}, now_ms=5)
    place.report_widget_event(2, "tap", None, now_ms=6)
    place.report_action(0, "https://example.test/a", now_ms=7)
    assert recorder.take() == ['widget 1 b1 quiz {"answer": 2, "ok": true}', "widget 2 b2 tap -", "action https://example.test/a"]
    names = [(r.name, r.campaign_id, r.fields.get("target")) for r in recorder.records[-3:]]
    assert names == [("banners.widgetEvent", "b1", None), ("banners.widgetEvent", "b2", None),
                     ("banners.click", "b0", "https://example.test/a")]
    assert recorder.records[-3].fields["name"] == "quiz"
    with pytest.raises(frames.OutOfRangeError):
        place.report_action(3, "x", now_ms=8)


def test_BN_15_render_hands_over_the_checked_content() -> None:
    engine, driver, recorder, backend, place = loaded(banners=squares(2))
    assert recorder.contents == {0: b"<p>0</p>", 1: b"<p>1</p>"}


def test_BN_15_content_failing_its_checksum_fails_the_row_untrusted() -> None:
    engine, driver, recorder, backend = setup(squares(2), retry_max_attempts=1)
    backend.inject("/banners/b1.html", Fault(body=b"tampered"))
    place = place_for(engine, recorder)
    place.attach(now_ms=0)
    driver.run_until_idle()
    assert "failed 1 placementUntrusted" in recorder.take()


# --- BN-16: per-row failure and retry ----------------------------------------------


def test_BN_16_a_failed_row_keeps_its_space_and_is_retried_alone() -> None:
    engine, driver, recorder, backend = setup(squares(3), retry_max_attempts=1)
    backend.inject("/banners/b1.html", Fault(status=404))
    place = place_for(engine, recorder, viewport=(0, 0, 100, 1000))
    place.attach(now_ms=0)
    driver.pump()  # (not run_until_idle: playing banners repeat forever)
    log = recorder.take()
    assert log[:2] == ["loaded home", "update True 3 316"]
    assert "failed 1 downloadingFailed" in log
    assert "render 0 b0" in log and "render 2 b2" in log and "render 1 b1" not in log
    rows = place.rows(now_ms=driver.now)
    assert [r.state for r in rows] == [frames.RowState.READY, frames.RowState.FAILED, frames.RowState.READY]
    assert [r.rect.y for r in rows] == [0, 108, 216]  # its space is kept
    assert [r.playing for r in rows] == [True, False, True]

    with pytest.raises(frames.InvalidStateError):
        place.retry_row(0, now_ms=driver.now)  # only a failed row
    hits = len(backend.hits)
    place.retry_row(1, now_ms=driver.now)
    driver.pump()
    assert [path for _, _, path in backend.hits[hits:]] == ["/banners/b1.html"]
    assert recorder.take() == ["render 1 b1", "play 1", "show 1"]
    assert place.rows(now_ms=driver.now)[1].state == frames.RowState.READY


# --- BN-10: the 75 % rule -----------------------------------------------------------


def test_BN_10_a_banner_at_exactly_75_percent_pauses_and_at_75_percent_plus_1_point_plays() -> None:
    # 100 x 100 banners at y 0, 108, 216
    engine, driver, recorder, backend, place = loaded(viewport=(0, 25, 100, 100))
    assert place.rows(now_ms=0)[0].share == 0.75
    assert playing(place, 0) == []
    place.set_viewport((0, 24, 100, 100), now_ms=1)
    assert place.rows(now_ms=1)[0].share == 0.76
    assert recorder.take() == ["play 0", "show 0"]
    place.set_viewport((0, 25, 100, 100), now_ms=2)
    assert recorder.take() == ["pause 0"]
    # the pure function agrees
    rects = frames.layout_banners(frames.Appearance(layout=L.VERTICAL_LIST), 100, [1, 1, 1])
    assert frames.banner_visibility(rects, (0, 25, 100, 100))[0] == (0.75, False)
    assert frames.banner_visibility(rects, (0, 24, 100, 100))[0] == (0.76, True)


def test_BN_10_a_banner_taller_than_the_viewport_plays_above_75_percent_of_the_viewport_height() -> None:
    # ratio 0.25 at 100 wide: 400 high; viewport 300 high: 225 is 75 %
    engine, driver, recorder, backend, place = loaded(banners=[BannerSpec("tall", 0.25)], viewport=(0, 175, 100, 300))
    row = place.rows(now_ms=0)[0]
    assert row.rect.height == 400 and row.share == 0.75 and not row.playing
    place.set_viewport((0, 174, 100, 300), now_ms=1)
    assert place.rows(now_ms=1)[0].share == pytest.approx(226 / 300)
    assert recorder.take() == ["play 0", "show 0"]
    place.set_viewport((0, 0, 100, 300), now_ms=2)  # fills the viewport
    assert place.rows(now_ms=2)[0].share == 1.0 and playing(place, 2) == [0]
    assert frames.banner_visibility([(0, 0, 100, 400)], (0, 175, 100, 300)) == [(0.75, False)]


def test_BN_10_a_paused_banner_resumes_from_the_same_position_and_from_the_start_after_a_context_reset() -> None:
    engine, driver, recorder, backend, place = loaded(banners=squares(1, 5_000), viewport=(0, 0, 100, 100))
    assert recorder.take() == []
    driver.advance(1_200)
    place.set_viewport((0, 50, 100, 100), now_ms=driver.now)
    assert recorder.take() == ["pause 0"]
    assert place.rows(now_ms=driver.now)[0].position_ms == 1_200
    driver.advance(3_000)
    assert place.rows(now_ms=driver.now)[0].position_ms == 1_200
    place.set_viewport((0, 0, 100, 100), now_ms=driver.now)
    assert recorder.take() == ["resume 0"]  # the context lives
    driver.advance(300)
    assert place.rows(now_ms=driver.now)[0].position_ms == 1_500
    with pytest.raises(frames.InvalidStateError):
        place.report_web_context_reset(0, now_ms=driver.now)  # only while paused
    place.set_viewport((0, 50, 100, 100), now_ms=driver.now)
    place.report_web_context_reset(0, now_ms=driver.now)
    place.set_viewport((0, 0, 100, 100), now_ms=driver.now)
    assert recorder.take() == ["pause 0", "play 0"]  # from the start, no new view
    assert place.rows(now_ms=driver.now)[0].position_ms == 0


def test_BN_10_a_finished_banner_repeats_without_advancing_or_another_view() -> None:
    engine, driver, recorder, backend, place = loaded(banners=squares(2, 1_000), viewport=(0, 0, 100, 100))
    assert len(recorder.views) == 1
    driver.advance(1_000)
    driver.advance(1_000)
    assert recorder.take() == ["play 0", "play 0"]
    assert place.current_index == 0
    assert recorder.views == ["b0"]


def test_BN_10_a_vertical_list_with_an_unknown_viewport_plays_nothing() -> None:
    engine, driver, recorder, backend, place = loaded()
    assert playing(place, 0) == []
    assert all(row.share is None for row in place.rows(now_ms=0))
    assert recorder.views == []


# --- BN-11: pauses of the lists; BN-09: the carousel's ----------------------------------

VIEWPORTS = {
    L.VERTICAL_LIST: (0, 0, 100, 1000),
    L.TILES: (0, 0, 100, 1000),
    L.CAROUSEL: None,
}


@pytest.mark.parametrize("layout", [L.VERTICAL_LIST, L.TILES, L.CAROUSEL])
def test_BN_11_background_pauses_and_foreground_resumes_without_manual_pause(layout: L) -> None:
    engine, driver, recorder, backend, place = loaded(layout, viewport=VIEWPORTS[layout])
    before = playing(place, 0)
    assert before == ([0] if layout == L.CAROUSEL else [0, 1, 2])
    engine.set_app_state(AppState.BACKGROUND, now_ms=100)
    assert playing(place, 100) == []
    assert recorder.take() == [f"pause {i}" for i in before]
    engine.set_app_state(AppState.ACTIVE, now_ms=200)
    assert playing(place, 200) == before
    assert recorder.take() == [f"resume {i}" for i in before]


@pytest.mark.parametrize("layout", [L.VERTICAL_LIST, L.TILES])
def test_BN_11_a_list_keeps_a_manual_pause_through_scrolling_and_background_foreground(layout: L) -> None:
    engine, driver, recorder, backend, place = loaded(layout, viewport=VIEWPORTS[layout])
    place.pause(now_ms=100)
    assert playing(place, 100) == []
    place.set_viewport((0, 10, 100, 990), now_ms=150)
    engine.set_app_state(AppState.BACKGROUND, now_ms=200)
    engine.set_app_state(AppState.ACTIVE, now_ms=300)
    place.report_user_interaction(now_ms=350)
    assert playing(place, 350) == []
    place.resume(now_ms=400)
    assert playing(place, 400) == [0, 1, 2]
    # clicks stay enabled while paused
    place.pause(now_ms=500)
    place.report_action(1, "https://example.test", now_ms=510)
    assert recorder.records[-1].name == "banners.click"


def test_BN_09_a_carousel_drops_its_manual_pause_on_foreground() -> None:
    engine, driver, recorder, backend, place = loaded(L.CAROUSEL)
    place.pause(now_ms=100)
    assert recorder.take() == ["pause 0"]
    engine.set_app_state(AppState.BACKGROUND, now_ms=200)
    engine.set_app_state(AppState.ACTIVE, now_ms=300)
    assert playing(place, 300) == [0]
    assert recorder.take() == ["resume 0"]


def test_BN_09_a_carousel_drops_its_manual_pause_on_user_interaction() -> None:
    engine, driver, recorder, backend, place = loaded(L.CAROUSEL)
    place.pause(now_ms=100)
    place.report_user_interaction(now_ms=200)
    assert playing(place, 200) == [0]


def test_BN_11_reader_shown_and_hidden_pause_the_place() -> None:
    engine, driver, recorder, backend, place = loaded(viewport=(0, 0, 100, 1000))
    place.set_reader_shown(True, now_ms=10)
    assert playing(place, 10) == []
    place.set_reader_shown(False, now_ms=20)
    assert playing(place, 20) == [0, 1, 2]
    place.set_hidden(True, now_ms=30)
    assert playing(place, 30) == []
    place.set_hidden(False, now_ms=40)
    assert playing(place, 40) == [0, 1, 2]


# --- BN-09: the carousel timer --------------------------------------------------------


def test_BN_09_the_carousel_advances_after_each_duration_and_interaction_restarts_the_countdown() -> None:
    banners = [BannerSpec("a", 1.0, 1_000), BannerSpec("b", 1.0, 2_000), BannerSpec("c", 1.0, 500)]
    engine, driver, recorder, backend, place = loaded(L.CAROUSEL, banners)
    driver.advance(999)
    assert place.current_index == 0
    driver.advance(1)
    assert place.current_index == 1
    assert recorder.take() == ["scroll 1", "pause 0", "play 1", "show 1"]
    # 1,500 ms into b's 2,000: an interaction restarts the countdown
    driver.advance(1_500)
    place.report_user_interaction(now_ms=driver.now)
    driver.advance(1_999)
    assert place.current_index == 1
    driver.advance(1)
    assert place.current_index == 2
    driver.advance(500)  # loops
    assert place.current_index == 0
    assert recorder.take() == ["scroll 2", "pause 1", "play 2", "show 2", "scroll 0", "pause 2", "play 0"]
    # pause stops the timer, resume resumes it
    place.pause(now_ms=driver.now)
    driver.advance(10_000)
    assert place.current_index == 0
    place.resume(now_ms=driver.now)
    driver.advance(1_000)
    assert place.current_index == 1


def test_BN_09_without_loop_the_last_page_repeats() -> None:
    engine, driver, recorder, backend, place = loaded(L.CAROUSEL, squares(2), should_loop=False)
    driver.advance(1_000)
    assert place.current_index == 1
    recorder.take()
    driver.advance(1_000)
    assert place.current_index == 1
    assert recorder.take() == ["play 1"]


# --- BN-08: navigation ------------------------------------------------------------------


@pytest.mark.parametrize("loop", [True, False])
def test_BN_08_carousel_show_next_at_the_last_page(loop: bool) -> None:
    engine, driver, recorder, backend, place = loaded(L.CAROUSEL, squares(3), should_loop=loop, side_inset=10)
    appearance = frames.Appearance(layout=L.CAROUSEL, should_loop=loop, side_inset=10)
    to_last = place.show_banner(2, now_ms=1)
    assert to_last == frames.Navigation(2, True, frames.scroll_offset(appearance, 100, [1, 1, 1], 2))
    recorder.take()
    nav = place.show_next(now_ms=2)
    if loop:
        assert nav == frames.Navigation(0, True, frames.scroll_offset(appearance, 100, [1, 1, 1], 0))
        assert recorder.take()[0] == "scroll 0"
    else:
        assert nav == frames.Navigation(2, False, None)
        assert recorder.take() == []
    back = place.show_previous(now_ms=3)
    if loop:
        assert back.index == 2 and back.moved
    else:
        assert back == frames.Navigation(1, True, frames.scroll_offset(appearance, 100, [1, 1, 1], 1))


def test_BN_08_carousel_show_previous_at_the_first_page_without_loop_does_nothing() -> None:
    engine, driver, recorder, backend, place = loaded(L.CAROUSEL, squares(3), should_loop=False)
    assert place.show_previous(now_ms=1) == frames.Navigation(0, False, None)
    assert place.show_next(now_ms=2) == frames.Navigation(1, True, frames.Point(108, 0))


def test_BN_08_vertical_list_next_previous_do_nothing_and_show_banner_scrolls() -> None:
    engine, driver, recorder, backend, place = loaded(L.VERTICAL_LIST, squares(5), viewport=(0, 0, 100, 250))
    assert place.show_next(now_ms=1) == frames.Navigation(0, False, None)
    assert place.show_previous(now_ms=1) == frames.Navigation(0, False, None)
    appearance = frames.Appearance(layout=L.VERTICAL_LIST)
    ratios = [1.0] * 5
    for index in (1, 4, 0):
        nav = place.show_banner(index, now_ms=2)
        expected = frames.scroll_offset(appearance, 100, ratios, index, viewport_height=250)
        assert nav == frames.Navigation(index, True, expected)
        assert place.current_index == index
    assert place.show_banner(1, now_ms=3).offset == frames.Point(0, 108)
    assert place.show_banner(4, now_ms=3).offset == frames.Point(0, 532 - 250)  # clamped by the viewport
    with pytest.raises(frames.OutOfRangeError):
        place.show_banner(5, now_ms=4)


def test_BN_08_tiles_navigation_does_nothing() -> None:
    engine, driver, recorder, backend, place = loaded(L.TILES, squares(4))
    recorder.take()
    assert place.show_next(now_ms=1) == frames.Navigation(0, False, None)
    assert place.show_previous(now_ms=1) == frames.Navigation(0, False, None)
    assert place.show_banner(3, now_ms=1) == frames.Navigation(0, False, None)
    assert recorder.take() == []


def test_BN_08_a_swipe_fires_did_scroll() -> None:
    engine, driver, recorder, backend, place = loaded(L.CAROUSEL, squares(3))
    place.report_user_scrolled(2, now_ms=5)
    assert recorder.take()[0] == "scroll 2"
    assert place.current_index == 2


# --- BN-12, BN-13: tiles without a viewport; views -------------------------------------------


def test_BN_12_tiles_with_an_unknown_viewport_play_all_and_count_views() -> None:
    engine, driver, recorder, backend, place = loaded(L.TILES, squares(4))
    assert playing(place, 0) == [0, 1, 2, 3]
    assert sorted(recorder.views) == ["b0", "b1", "b2", "b3"]
    assert all(row.viewed and row.share is None for row in place.rows(now_ms=0))


def test_BN_12_tiles_known_to_be_hidden_do_not_play_or_count() -> None:
    engine, driver, recorder, backend = setup(squares(2))
    place = place_for(engine, recorder, L.TILES)
    place.set_hidden(True, now_ms=0)
    place.attach(now_ms=0)
    driver.pump()
    assert playing(place, 0) == [] and recorder.views == []
    place.set_hidden(False, now_ms=10)
    assert playing(place, 10) == [0, 1] and sorted(recorder.views) == ["b0", "b1"]


def test_BN_12_tiles_with_a_known_viewport_follow_the_75_percent_rule() -> None:
    # cells 46 x 46 at y 0 and 54
    engine, driver, recorder, backend, place = loaded(L.TILES, squares(4), viewport=(0, 0, 100, 60))
    assert playing(place, 0) == [0, 1]
    assert sorted(recorder.views) == ["b0", "b1"]


def test_BN_13_a_refresh_counts_views_again_and_a_repeat_does_not() -> None:
    engine, driver, recorder, backend, place = loaded(viewport=(0, 0, 100, 100), banners=squares(2, 1_000))
    assert recorder.views == ["b0"]
    driver.advance(3_000)  # three repeats
    assert recorder.views == ["b0"]
    place.set_viewport((0, 500, 100, 100), now_ms=driver.now)
    place.set_viewport((0, 0, 100, 100), now_ms=driver.now)  # seen again in the same load
    assert recorder.views == ["b0"]
    place.refresh(now_ms=driver.now)
    driver.pump()
    assert recorder.views == ["b0", "b0"]
    views = [r for r in recorder.records if r.name == "banners.view"]
    assert [(r.module, r.placement_id, r.fields["banner_id"]) for r in views] == [("banners", HOME, "b0")] * 2
    assert place.rows(now_ms=driver.now)[0].viewed


# --- BN-17: input ------------------------------------------------------------------------


def test_BN_17_input_pauses_a_list_until_input_finished() -> None:
    engine, driver, recorder, backend, place = loaded(viewport=(0, 0, 100, 1000))
    place.report_input_requested(1, frames.InputKind.EMAIL, "Your e-mail", now_ms=10)
    assert recorder.take() == ["pause 0", "pause 1", "pause 2", "input 1 email Your e-mail"]
    assert playing(place, 20) == []
    with pytest.raises(frames.InvalidStateError):
        place.report_input_requested(0, frames.InputKind.TEXT, "again", now_ms=30)
    place.report_input_finished(now_ms=40)
    assert recorder.take() == ["resume 0", "resume 1", "resume 2"]


def test_BN_17_declining_input_resumes_at_once() -> None:
    engine, driver, recorder, backend, place = loaded(viewport=(0, 0, 100, 1000))
    recorder.presents_input = False
    place.report_input_requested(0, frames.InputKind.TELEPHONE, "Phone", now_ms=10)
    assert playing(place, 10) == [0, 1, 2]
    assert recorder.take() == ["pause 0", "pause 1", "pause 2", "input 0 telephone Phone",
                               "resume 0", "resume 1", "resume 2"]
    # not shown any more: another request is accepted
    place.report_input_requested(0, frames.InputKind.TEXT, "Name", now_ms=20)


def test_BN_17_no_delegate_method_declines() -> None:
    engine, driver, recorder, backend, place = loaded(viewport=(0, 0, 100, 1000))

    class Minimal:
        pass

    minimal = Minimal()
    place.delegate = cast(frames.BannerPlaceDelegate, minimal)  # a delegate without methods at run time
    place.report_input_requested(0, frames.InputKind.TEXT, "Name", now_ms=10)
    assert playing(place, 10) == [0, 1, 2]


# --- XC-02, XC-07, delegate lifetime, exceptions ---------------------------------------------


def test_XC_02_a_place_used_from_another_thread_raises_and_changes_nothing() -> None:
    engine, driver, recorder, backend, place = loaded(viewport=(0, 0, 100, 1000))
    errors: List[BaseException] = []

    def other() -> None:
        for call in (lambda: place.pause(now_ms=5), lambda: place.rows(now_ms=5), lambda: engine.banners.preload(HOME, now_ms=5),
                     lambda: engine.new_banner_place("x", frames.Appearance())):
            try:
                call()
            except BaseException as error:  # noqa: B902
                errors.append(error)

    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert len(errors) == 4 and all(isinstance(e, frames.WrongThreadError) for e in errors)
    assert playing(place, 5) == [0, 1, 2]


def test_XC_07_a_closed_place_raises_invalid_handle_error() -> None:
    engine, driver, recorder, backend, place = loaded()
    place.close()
    place.close()  # idempotent
    assert place.closed
    for call in (lambda: place.attach(now_ms=1), lambda: place.rows(now_ms=1), lambda: place.show_next(now_ms=1),
                 lambda: place.set_viewport((0, 0, 1, 1), now_ms=1), lambda: place.current_index):
        with pytest.raises(frames.InvalidHandleError):
            call()
    with frames.BannerPlace(engine, HOME, frames.Appearance()) as other:
        assert not other.closed
    assert other.closed


def test_XC_07_closing_the_engine_closes_its_places() -> None:
    engine, driver, recorder, backend, place = loaded()
    engine.close()
    assert place.closed
    place.close()
    with pytest.raises(frames.InvalidHandleError):
        place.attach(now_ms=1)


def test_bad_inputs_raise_clear_errors() -> None:
    engine, driver, recorder, backend = setup(squares(1))
    with pytest.raises(frames.InvalidArgumentError):
        engine.new_banner_place("", frames.Appearance())
    with pytest.raises(frames.InvalidArgumentError):
        engine.new_banner_place(HOME, frames.Appearance(side_inset=-1))
    place = place_for(engine, recorder)
    with pytest.raises(frames.InvalidArgumentError):
        place.set_container(float("nan"), False, now_ms=0)
    with pytest.raises(frames.InvalidArgumentError):
        place.set_viewport((0, 0, -1, 10), now_ms=0)


def test_af23_a_collected_place_delegate_stops_its_callbacks_and_warns_once() -> None:
    engine, driver, recorder, backend = setup(squares(2))
    place = place_for(engine, recorder, viewport=(0, 0, 100, 500))
    temporary = PlaceRecorder()
    log = temporary.log
    released = weakref.ref(temporary)
    place.delegate = temporary
    assert len(engine._state.delegates) == 1
    del temporary
    gc.collect()
    assert released() is None and place.delegate is None  # the place does not keep it
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        place.attach(now_ms=0)
        driver.pump()  # updated, loaded, render, playback: none delivered
        place.show_banner(1, now_ms=1)
    assert log == []
    assert lost_delegates(caught) == [repr(place)]
    assert recorder.take() == []  # nothing else happened either
    place.delegate = recorder  # replacing it installs the new one, in the same slot count
    assert len(engine._state.delegates) == 1
    place.show_banner(0, now_ms=2)
    assert recorder.take() != []
    place.delegate = None
    assert engine._state.delegates == {}


def test_af23_a_collected_banners_delegate_stops_preloaded_and_warns_once() -> None:
    engine, driver, recorder, backend = setup(squares(2))
    preloads: List[str] = []

    class Temporary(frames.BannersDelegate):
        def preloaded(self, place_id: str, banners: Optional[List[frames.BannerInfo]],
                      error: Optional[frames.FrameError]) -> None:
            preloads.append(place_id)

    engine.banners.delegate = Temporary()
    gc.collect()
    assert engine.banners.delegate is None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        engine.banners.preload(HOME, now_ms=0)
        driver.pump()
        engine.banners.preload(HOME, now_ms=1)
        driver.pump()
    assert preloads == [] and recorder.take() == []
    assert lost_delegates(caught) == ["engine.banners"]
    engine.banners.delegate = recorder.host
    engine.banners.preload(HOME, now_ms=2)
    driver.pump()
    assert recorder.take() == ["preloaded home 2"]


def test_an_exception_in_a_delegate_is_raised_by_the_call_that_caused_it() -> None:
    engine, driver, recorder, backend, place = loaded(viewport=(0, 0, 100, 1000))

    class Boom(PlaceRecorder):
        def scrolled(self, place: frames.BannerPlace, index: int) -> None:
            raise RuntimeError(f"boom {index}")

    boom = Boom()
    place.delegate = boom
    with pytest.raises(RuntimeError, match="boom 2"):
        place.show_banner(2, now_ms=5)
    assert place.current_index == 2  # the state changed before the callback


def test_a_place_freed_inside_its_own_callback() -> None:
    engine, driver, recorder, backend = setup(squares(2))
    place = place_for(engine, recorder)

    class Closer(PlaceRecorder):
        def loaded(self, place: frames.BannerPlace, place_id: str) -> None:
            super().loaded(place, place_id)
            place.close()

    closer = Closer()
    place.delegate = closer
    place.attach(now_ms=0)
    driver.run_until_idle()
    assert place.closed
    assert closer.log == ["loaded home"]


def test_an_unreferenced_place_is_freed() -> None:
    engine, driver, recorder, backend = setup(squares(2))
    place = place_for(engine, recorder)
    place.attach(now_ms=0)
    del place
    gc.collect()
    assert engine._state.places == {}
    driver.run_until_idle()  # its requests are answered without crashing
    assert recorder.log == []


def test_BN_12_BN_13_tiles_with_an_unknown_viewport_count_no_views_in_background() -> None:
    # Nothing is seen in background: the BN-12 fallback counts views only
    # while the tiles can be seen; coming back counts them.
    engine, driver, recorder, backend = setup(squares(2))
    engine.set_app_state(AppState.BACKGROUND, now_ms=0)
    place = place_for(engine, recorder, L.TILES)
    place.attach(now_ms=0)
    driver.pump()
    assert playing(place, 0) == []
    assert recorder.views == []
    engine.set_app_state(AppState.ACTIVE, now_ms=10)
    assert recorder.views == ["b0", "b1"]


def test_error_code_names_come_from_the_library() -> None:
    from frames._lib import lib

    names = {code: code.string_value for code in frames.FrameErrorCode}
    assert names == {
        frames.FrameErrorCode.RESOLUTION_FAILED: "resolutionFailed",
        frames.FrameErrorCode.DOWNLOADING_FAILED: "downloadingFailed",
        frames.FrameErrorCode.PLACEMENT_UNTRUSTED: "placementUntrusted",
        frames.FrameErrorCode.RENDERING_FAILED: "renderingFailed",
    }
    assert lib.frames_frame_error_code_str(99) == b"unknown"
    assert str(frames.FrameErrorCode.RENDERING_FAILED) == "renderingFailed"


def test_a_host_without_preloaded_and_a_place_without_delegate_work() -> None:
    backend = Backend()
    backend.banner_places[HOME] = squares(2)
    engine = frames.Engine(ENABLED_CONFIG, frames.EngineOptions(banners_url=backend.banners_url),
                           cast(frames.Host, object()))
    driver = frames.VirtualClockDriver(engine, backend.transport)
    engine.banners.preload(HOME, now_ms=0)
    driver.pump()
    place = frames.BannerPlace(engine, HOME, frames.Appearance(layout=L.TILES))
    assert place.engine is engine and place.placement_id == HOME and place.delegate is None
    place.set_container(100, False, now_ms=0)
    place.attach(now_ms=0)
    driver.pump()
    assert backend.banner_list_requests == [HOME]
    assert playing(place, 0) == [0, 1]
    assert "BannerPlace 'home'" in repr(place)


def test_the_default_banners_url_is_the_libraries() -> None:
    engine = frames.Engine(b"", frames.EngineOptions(), None)
    place = engine.new_banner_place(HOME, frames.Appearance())
    place.attach(now_ms=0)
    request = engine.poll_request()
    assert request is not None and request.method == "POST"
    assert request.url == "https://frames.invalid/v1/banners"
    assert request.header("Content-Type") == "application/json"
