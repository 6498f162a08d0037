"""Banner places that must not freeze, go stale or miscount, through the
Python binding on a virtual clock (VirtualClockDriver + the in-memory
Backend's banner lists): a carousel moves past a banner that cannot play
(BN-09, BN-16), every change of the current index is reported (BN-08,
BN-15), the viewport decides what a carousel plays and counts (BN-10,
BN-12, BN-13) and a preload is ready to show (BN-14).  Test names carry the
SPEC rule ids."""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

import pytest

import frames
from frames import AppState, LayoutType as L

from backend import ENABLED_CONFIG, Backend, BannerSpec, Fault, PlaceHost, PlaceRecorder

HOME = "home"


def squares(count: int, duration_ms: int = 1_000) -> List[BannerSpec]:
    return [BannerSpec(f"b{i}", 1.0, duration_ms, content=f"<p>{i}</p>".encode()) for i in range(count)]


def setup(banners: Sequence[BannerSpec]) -> Tuple[frames.Engine, frames.VirtualClockDriver, PlaceRecorder, Backend]:
    backend = Backend()
    backend.banner_places[HOME] = list(banners)
    recorder = PlaceRecorder()
    options = frames.EngineOptions(banners_url=backend.banners_url, placements_url=backend.placements_url,
                                   device_id="device-1", retry_max_attempts=1)
    engine = frames.Engine(ENABLED_CONFIG, options, PlaceHost(recorder))
    engine.banners.delegate = engine.host
    driver = frames.VirtualClockDriver(engine, backend.transport)
    backend.clock = lambda: driver.now
    return engine, driver, recorder, backend


def new_place(engine: frames.Engine, recorder: PlaceRecorder, layout: L,
              viewport: Optional[Tuple[float, float, float, float]] = None, place_id: str = HOME) -> frames.BannerPlace:
    place = engine.new_banner_place(place_id, frames.Appearance(layout=layout, inter_item_spacing=10.0))
    place.delegate = recorder
    place.set_container(100, False, now_ms=0)
    if viewport is not None:
        place.set_viewport(viewport, now_ms=0)
    return place


def carousel(count: int = 3, failing: Sequence[str] = (), viewport: Optional[Tuple[float, float, float, float]] = None
             ) -> Tuple[frames.Engine, frames.VirtualClockDriver, PlaceRecorder, Backend, frames.BannerPlace]:
    """A carousel of 100 x 100 pages, b0..b(count-1) of 1,000 ms each, loaded
    at 0 with the banners in ``failing`` answered 404."""
    engine, driver, recorder, backend = setup(squares(count))
    for banner_id in failing:
        backend.inject(f"/banners/{banner_id}.html", Fault(status=404))
    place = new_place(engine, recorder, L.CAROUSEL, viewport)
    place.attach(now_ms=0)
    driver.pump()
    return engine, driver, recorder, backend, place


def views(recorder: PlaceRecorder) -> List[str]:
    return [r.fields.get("banner_id", "?") for r in recorder.records if r.name == "banners.view"]


# --- BN-09, BN-16: the carousel never freezes -------------------------------------------


def test_BN_09_BN_16_a_failed_banners_page_stays_for_its_duration_then_the_carousel_moves_on() -> None:
    engine, driver, recorder, backend, place = carousel(failing=["b1"])
    assert "failed 1 downloadingFailed" in recorder.take()
    driver.advance(1_000)
    assert recorder.take() == ["scroll 1", "pause 0"]  # b1 cannot play: nothing starts
    assert place.current_index == 1
    assert engine.next_deadline() == 2_000  # its own duration, from arriving
    driver.advance(1_000)
    assert recorder.take() == ["scroll 2", "play 2", "show 2"]
    assert views(recorder) == ["b0", "b2"]


def test_BN_09_a_touch_restarts_the_countdown_of_a_page_that_cannot_play() -> None:
    engine, driver, recorder, backend, place = carousel(failing=["b1"])
    driver.advance(1_700)
    assert place.current_index == 1
    place.report_user_interaction(now_ms=driver.now)
    assert engine.next_deadline() == 2_700
    driver.advance(999)
    assert place.current_index == 1
    driver.advance(1)
    assert place.current_index == 2


def test_BN_09_BN_11_the_countdown_of_a_page_that_cannot_play_pauses_in_background() -> None:
    engine, driver, recorder, backend, place = carousel(failing=["b1"])
    driver.advance(1_400)
    engine.set_app_state(AppState.BACKGROUND, now_ms=driver.now)
    assert engine.next_deadline() is None
    driver.advance(10_000)
    assert place.current_index == 1
    engine.set_app_state(AppState.ACTIVE, now_ms=driver.now)
    assert engine.next_deadline() == driver.now + 600  # what was left
    driver.advance(600)
    assert place.current_index == 2


def test_BN_16_BN_09_a_row_retried_successfully_plays_when_its_turn_comes() -> None:
    engine, driver, recorder, backend, place = carousel(count=2, failing=["b1"])
    recorder.take()
    driver.advance(100)
    place.retry_row(1, now_ms=driver.now)  # the server answers now: no fault left
    driver.pump()
    assert recorder.take() == ["render 1 b1"]
    rows = place.rows(now_ms=driver.now)
    assert rows[1].state == frames.RowState.READY and not rows[1].playing  # not its turn yet
    driver.advance(900)
    assert recorder.take() == ["scroll 1", "pause 0", "play 1", "show 1"]


def test_BN_09_a_banner_still_loading_when_its_page_comes_does_not_stall_the_carousel() -> None:
    engine, driver, recorder, backend = setup(squares(2))
    for i in range(2):
        backend.inject(f"/banners/b{i}.html", Fault(stall_s=1.0))  # never answered in memory
    place = new_place(engine, recorder, L.CAROUSEL)
    place.attach(now_ms=0)
    driver.pump()
    assert recorder.take() == ["loaded home", "update True 2 100"]
    driver.advance(1_000)
    assert place.current_index == 1
    assert recorder.take() == ["scroll 1"]


def test_BN_16_banner_id_names_the_banner_of_a_failed_a_loading_and_a_ready_row() -> None:
    engine, driver, recorder, backend = setup(squares(3))
    backend.inject("/banners/b1.html", Fault(status=404))
    backend.inject("/banners/b2.html", Fault(stall_s=1.0))  # never answered in memory: stays loading
    place = new_place(engine, recorder, L.CAROUSEL)
    with pytest.raises(frames.OutOfRangeError, match="index 0 is not a banner of the place; it has 0"):
        place.banner_id(0)  # no list yet
    place.attach(now_ms=0)
    driver.pump()
    assert "failed 1 downloadingFailed" in recorder.take()
    states = [row.state for row in place.rows(now_ms=driver.now)]
    assert states == [frames.RowState.READY, frames.RowState.FAILED, frames.RowState.LOADING]
    assert [place.banner_id(i) for i in range(3)] == ["b0", "b1", "b2"]
    with pytest.raises(frames.OutOfRangeError, match="index 3 is not a banner of the place; it has 3"):
        place.banner_id(3)


def test_BN_16_banner_id_checks_its_index_like_the_other_index_methods() -> None:
    engine, driver, recorder, backend, place = carousel(count=1)
    assert place.banner_id(0) == "b0"
    with pytest.raises(TypeError, match="index must be an int, not bool"):
        place.banner_id(True)
    with pytest.raises(TypeError, match="index must be an int"):
        place.banner_id(0.0)  # type: ignore[arg-type]
    for call in (place.banner_id, lambda i: place.retry_row(i, now_ms=1)):
        with pytest.raises(OverflowError, match="index = -1 is out of the range of size_t"):
            call(-1)
    place.close()
    with pytest.raises(frames.InvalidHandleError):
        place.banner_id(0)


# --- BN-08, BN-15: every index change is reported ---------------------------------------


def test_BN_08_BN_15_a_refresh_back_to_the_first_page_fires_did_scroll_0() -> None:
    engine, driver, recorder, backend, place = carousel()
    place.show_banner(2, now_ms=10)
    recorder.take()
    place.refresh(now_ms=20)
    driver.pump()
    assert "scroll 0" in recorder.take()
    assert place.current_index == 0
    place.refresh(now_ms=30)  # already on the first page: no did_scroll
    driver.pump()
    assert not any(line.startswith("scroll") for line in recorder.take())


def test_BN_08_BN_15_a_failed_reload_resets_the_index_and_says_so() -> None:
    engine, driver, recorder, backend, place = carousel()
    place.show_banner(1, now_ms=30)
    recorder.take()
    backend.inject(backend.banners_path, Fault(status=404))
    place.refresh(now_ms=40)
    driver.pump()
    assert recorder.take() == ["pause 1", "update False 0 0", "scroll 0"]
    assert place.current_index == 0


# --- BN-10, BN-12, BN-13: the viewport ----------------------------------------------


def test_BN_10_BN_12_BN_13_a_carousel_entirely_outside_the_viewport_plays_advances_and_counts_nothing() -> None:
    engine, driver, recorder, backend, place = carousel(viewport=(0, 500, 100, 400))  # it is 0..100 high
    assert [row.playing for row in place.rows(now_ms=driver.now)] == [False, False, False]
    assert views(recorder) == [] and engine.next_deadline() is None
    driver.advance(5_000)
    assert place.current_index == 0
    recorder.take()
    place.set_viewport((0, 100, 100, 400), now_ms=driver.now)  # touching its edge: no shared area
    assert recorder.take() == []
    place.set_viewport((0, 60, 100, 400), now_ms=driver.now)  # scrolled into view
    assert recorder.take() == ["play 0", "show 0"]
    assert engine.next_deadline() == driver.now + 1_000
    place.set_viewport((0, 0, 0, 0), now_ms=driver.now + 500)  # an empty viewport is off screen too
    assert recorder.take() == ["pause 0"]
    assert engine.next_deadline() is None


def test_BN_13_a_carousel_page_reached_by_show_banner_while_paused_counts_its_view() -> None:
    engine, driver, recorder, backend, place = carousel(count=4)
    place.pause(now_ms=10)
    recorder.take()
    place.show_banner(2, now_ms=20)
    assert recorder.take() == ["scroll 2", "show 2"]
    row = place.rows(now_ms=20)[2]
    assert row.viewed and not row.playing
    assert views(recorder) == ["b0", "b2"]
    place.set_hidden(True, now_ms=30)  # hidden, a page reached is not on screen
    place.show_banner(1, now_ms=40)
    assert views(recorder) == ["b0", "b2"]


def test_BN_12_BN_13_a_hidden_tiles_place_counts_no_views_until_it_is_shown() -> None:
    engine, driver, recorder, backend = setup(squares(2))
    place = new_place(engine, recorder, L.TILES)
    place.set_hidden(True, now_ms=0)
    place.attach(now_ms=0)
    driver.pump()
    assert views(recorder) == [] and not any(row.viewed or row.playing for row in place.rows(now_ms=0))
    place.set_hidden(False, now_ms=10)
    assert views(recorder) == ["b0", "b1"]


# --- BN-14: preload means ready to show ----------------------------------------------


def test_BN_14_preload_reports_content_errors_and_a_later_place_shows_with_no_request() -> None:
    banners = squares(4)
    engine, driver, recorder, backend = setup(banners)
    backend.banner_places["other"] = [BannerSpec("o0", 1.0, 1_000)]
    backend.inject("/banners/b1.html", Fault(status=404))
    backend.inject("/banners/b3.html", Fault(body=b"<p>X</p>"))  # the same size, other bytes
    engine.banners.preload(HOME, now_ms=0)
    driver.pump()
    assert recorder.take() == ["preloaded home 4"]
    place_id, preloaded, error = recorder.preloads[0]
    assert (place_id, error) == (HOME, None) and preloaded is not None
    assert [b.id for b in preloaded] == ["b0", "b1", "b2", "b3"]
    errors = [b.content_error for b in preloaded]
    assert errors[0] is None and errors[2] is None
    assert errors[1] is not None and errors[1].code == frames.FrameErrorCode.DOWNLOADING_FAILED
    assert errors[1].http_status == 404
    assert errors[3] is not None and errors[3].code == frames.FrameErrorCode.PLACEMENT_UNTRUSTED

    hits = len(backend.hits)
    place = new_place(engine, recorder, L.VERTICAL_LIST)
    place.attach(now_ms=1)
    assert recorder.take() == ["loaded home", "update True 4 430", "render 0 b0", "failed 1 downloadingFailed",
                               "render 2 b2", "failed 3 placementUntrusted"]
    driver.pump()
    assert len(backend.hits) == hits  # no request at all: list and contents came from the preload
    assert recorder.contents == {0: b"<p>0</p>", 2: b"<p>2</p>"}

    place.retry_row(1, now_ms=2)  # a failed row is retried on its own
    driver.pump()
    assert [path for _, _, path in backend.hits[hits:]] == ["/banners/b1.html"]
    assert recorder.take() == ["render 1 b1"]

    other = new_place(engine, recorder, L.VERTICAL_LIST, place_id="other")
    other.attach(now_ms=3)  # another id: fetched
    assert recorder.take() == []
    driver.pump()
    assert backend.banner_list_requests == [HOME, "other"]
    assert recorder.take() == ["loaded other", "update True 1 100", "render 0 o0"]
