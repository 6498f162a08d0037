"""The engine calls a Python host makes on every frame (set_viewport,
rows(), the playback callbacks) keep their behaviour now that they are
cheaper: rows() is a lazy sequence that behaves like the list it was
(BN-10, BN-13, BN-16).  Timing is for bench/run_playback.sh, not here."""

from __future__ import annotations

from typing import Any, List

import pytest

import frames
from frames import LayoutType as L

from backend import ENABLED_CONFIG, Backend, BannerSpec, PlaceHost, PlaceRecorder


def _place(count: int) -> "tuple[frames.Engine, frames.BannerPlace, PlaceRecorder]":
    backend = Backend()
    backend.banner_places["home"] = [
        BannerSpec(f"b{i}", 1.0 + (i % 2), 1_000, content=f"<p>{i}</p>".encode()) for i in range(count)
    ]
    recorder = PlaceRecorder()
    engine = frames.Engine(ENABLED_CONFIG, frames.EngineOptions(banners_url=backend.banners_url), PlaceHost(recorder))
    engine.banners.delegate = engine.host
    driver = frames.VirtualClockDriver(engine, backend.transport)
    place = engine.new_banner_place("home", frames.Appearance(layout=L.VERTICAL_LIST, max_banners_count=None))
    place.delegate = recorder
    place.set_container(100, False, now_ms=0)
    place.set_viewport((0, 0, 100, 300), now_ms=0)
    place.attach(now_ms=0)
    driver.pump()
    return engine, place, recorder


def test_bn10_rows_is_a_sequence_like_the_list_it_replaced() -> None:
    engine, place, _ = _place(5)
    rows = place.rows(now_ms=0)
    as_list: List[Any] = list(rows)
    assert len(rows) == 5 and rows == as_list and as_list == list(rows)
    # BN-04 rects: 100 x 100 then 100 x 50 (ratio 2), rows 8 apart
    assert [row.rect for row in rows] == [
        frames.Rect(0, 0, 100, 100), frames.Rect(0, 108, 100, 50), frames.Rect(0, 166, 100, 100),
        frames.Rect(0, 274, 100, 50), frames.Rect(0, 332, 100, 100),
    ]
    assert rows[-1] == as_list[-1] and rows[1:3] == as_list[1:3] and rows[::2] == as_list[::2]
    assert rows + [] == as_list and [] + rows == as_list
    assert all(row.state == frames.RowState.READY for row in rows)
    # BN-10: the first three are more than 75 % visible in a 300-point viewport
    assert [row.playing for row in rows] == [True, True, True, False, False]
    with pytest.raises(IndexError):
        rows[5]
    with pytest.raises(TypeError):
        hash(rows)
    engine.close()


def test_bn10_rows_is_a_snapshot() -> None:
    # The place's C buffer is reused by the next call; an earlier result
    # keeps what it saw.
    engine, place, _ = _place(3)
    before = place.rows(now_ms=0)
    place.set_viewport((0, 1000, 100, 300), now_ms=1)
    after = place.rows(now_ms=1)
    assert [row.playing for row in before] == [True, True, True]
    assert [row.playing for row in after] == [False, False, False]
    engine.close()


def test_bn10_playback_callbacks_arrive_with_int_and_bool() -> None:
    engine, place, _ = _place(3)
    seen: List[Any] = []

    class Delegate(frames.BannerPlaceDelegate):
        def playback_changed(self, place: frames.BannerPlace, index: int, playing: bool, from_start: bool) -> None:
            seen.append((index, playing, from_start))

    delegate = Delegate()
    place.delegate = delegate
    place.set_viewport((0, 1000, 100, 300), now_ms=1)
    # BN-10: the three banners pause once they leave the viewport
    assert sorted(seen) == [(0, False, False), (1, False, False), (2, False, False)]
    assert all(type(i) is int and type(p) is bool and type(f) is bool for i, p, f in seen)
    engine.close()
