"""A banner place against a real loopback HTTP server (conftest `server`),
driven by HttpDriver: the list is POSTed to banners_url with the place id,
every banner's content is fetched and checked (BN-14..BN-16)."""

from __future__ import annotations

import json

import frames
from frames import LayoutType as L

from backend import ENABLED_CONFIG, BannerSpec, Fault, LoopbackServer, PlaceRecorder


def test_BN_14_BN_16_one_place_loads_its_list_and_contents_over_http(server: LoopbackServer) -> None:
    backend = server.backend
    backend.banner_places["home"] = [
        BannerSpec("a", 2.0, content=b"<div>a</div>"),
        BannerSpec("hidden", 1.0, available=False),
        BannerSpec("b", 1.0, content=bytes(range(256)) * 40),  # any bytes, checked by SHA-256
        BannerSpec("c", 0.5, content=b"<div>c</div>"),
    ]
    backend.banner_places["other"] = [BannerSpec("z", 1.0)]
    backend.inject("/banners/c.html", Fault(status=503))  # retried (XC-06)
    recorder = PlaceRecorder()
    options = frames.EngineOptions(banners_url=backend.banners_url, allow_insecure_http=True, retry_jitter=0.0,
                                   retry_base_delay_ms=50, request_timeout_ms=2_000, device_id="device-1")
    with frames.Engine(ENABLED_CONFIG, options, recorder.host) as engine:
        engine.banners.delegate = recorder.host
        driver = frames.HttpDriver(engine)
        with engine.new_banner_place("home", frames.Appearance(layout=L.VERTICAL_LIST, side_inset=10)) as place:
            place.delegate = recorder
            place.set_container(220, False, now_ms=driver.now)
            place.set_viewport((0, 0, 220, 2_000), now_ms=driver.now)
            place.attach(now_ms=driver.now)
            assert driver.run_until(lambda: len(recorder.contents) == 3, 10)
            assert backend.banner_list_requests == ["home"]
            list_posts = [r for _, r, _ in driver.log if r.url == backend.banners_url]
            assert len(list_posts) == 1 and list_posts[0].method == "POST"
            body = json.loads(list_posts[0].body)
            assert body["place_id"] == "home" and body["device_id"] == "device-1"
            assert recorder.contents == {0: b"<div>a</div>", 1: bytes(range(256)) * 40, 2: b"<div>c</div>"}
            assert [status for _, r, status in driver.log if r.url.endswith("/banners/c.html")] == [503, 200]
            assert recorder.log[:2] == ["loaded home", "update True 3 716"]  # 100 + 8 + 200 + 8 + 400
            rows = place.rows(now_ms=driver.now)
            assert [r.state for r in rows] == [frames.RowState.READY] * 3
            assert all(r.playing for r in rows)
            assert sorted(recorder.views) == ["a", "b", "c"]
