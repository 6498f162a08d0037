"""The bridge script the library ships, in headless Chromium, with the real
engine answering through the Python binding (IL-07, IL-08, IL-09): content
in a web view (an iframe of the app's page, see web_host.py) uses every
SRInApp call by its buttons, and the host relays envelopes and replies the
way a mobile host does."""

from __future__ import annotations

from typing import Iterator, List, Tuple

import pytest
from playwright.sync_api import Browser

import frames

from inline_backend import make_engine
from .web_host import PageServer, WebBackend, WebHost, open_views, web_campaign

Fixture = Tuple[WebHost, frames.Engine, WebBackend]


@pytest.fixture(scope="module")
def server() -> Iterator[PageServer]:
    pages = PageServer()
    yield pages
    pages.close()


def start(browser: Browser, server: PageServer, views: List[Tuple[str, str]], **host_options: str) -> Fixture:
    host = WebHost(browser, server, [name for name, _ in views], **host_options)
    backend = WebBackend([web_campaign("hero"), web_campaign("footer-offer", key="footer"),
                          web_campaign("after", key="after", trigger="event", event="tapped")])
    engine = make_engine(host, inline_url_schemes=("shopapp",), inline_call_timeout_ms=5_000)
    open_views(host, engine, backend, views)
    return host, engine, backend


@pytest.fixture
def one_view(browser: Browser, server: PageServer) -> Iterator[Fixture]:
    host, engine, backend = start(browser, server, [("v1", "home")])
    yield host, engine, backend
    host.close()
    engine.close()


def test_il08_ready_comes_first_then_the_content_calls_and_its_size_promise_resolves(one_view: Fixture) -> None:
    """The bridge injected before the content's scripts posts ready before
    anything the content calls; the content's first getComponentSize
    resolves with the size the host reported."""
    host, engine, backend = one_view
    assert host.seen("v1", 2) == ["bridge function", "size 343x120"]
    assert host.methods("v1", 2) == ["ready", "getComponentSize"]
    assert host.refused == []


def test_il08_injected_after_the_page_loaded_the_content_waits_for_srinappready(
        browser: Browser, server: PageServer) -> None:
    """An Android host injects when the page finished loading: content that
    waits for the "srinappready" event starts then, and ready still reaches
    the engine before the content's calls."""
    host, engine, backend = start(browser, server, [("v1", "home")], inject="late")
    try:
        assert host.seen("v1", 2) == ["bridge function", "size 343x120"]
        assert host.methods("v1", 2) == ["ready", "getComponentSize"]
    finally:
        host.close()
        engine.close()


def test_il08_messages_posted_before_the_transport_exists_arrive_in_order(
        browser: Browser, server: PageServer) -> None:
    """A host whose message handler is installed after the content ran:
    nothing is lost, and the waiting messages reach the engine in order
    before the next call; the early promise still resolves."""
    host, engine, backend = start(browser, server, [("v1", "home")], transport="hostPostLater")
    try:
        frame = host.frame("v1")
        frame.click("#grow")
        assert host.seen("v1", 1) == ["bridge function"]
        assert host.messages == []
        frame.evaluate("() => { window.framesPostMessage = window.hostPostLater; }")
        frame.click("#shop")
        assert host.seen("v1", 2) == ["bridge function", "size 343x120"]
        assert host.methods("v1", 4) == ["ready", "getComponentSize", "setComponentSize", "openUrl"]
        assert "open v1 https://shop.test/spring" in host.log
    finally:
        host.close()
        engine.close()


def test_il07_il08_custom_method_promises_resolve_and_reject(one_view: Fixture) -> None:
    """customMethod's promise resolves with the host's answer, rejects with
    the host's failure ("failed"), with "invalid" for arguments the engine
    refuses, and with "timeout" when the host never answers."""
    host, engine, backend = one_view
    frame = host.frame("v1")
    host.seen("v1", 2)
    frame.click("#coupon")
    frame.click("#coupon")
    frame.click("#coupon")
    frame.click("#bad-coupon")
    host.methods("v1", 6)
    assert len(host.calls) == 3
    host.calls[1].reject("no coupon today", now_ms=host.now)
    host.calls[0].resolve({"code": "SPRING24"}, now_ms=host.now)
    host.deliver()
    host.now = 6_000
    engine.on_timeout(now_ms=host.now)  # the third call is past inline_call_timeout_ms
    host.deliver()
    seen = host.seen("v1", 6)
    assert seen[2].startswith("error invalid "), seen
    assert seen[3:] == ["error failed no coupon today", "coupon SPRING24",
                        "error timeout the host did not answer within 5000 ms"]
    assert [type(error) for _, error in host.refused] == [frames.InvalidArgumentError]


def test_il08_il09_every_call_reaches_the_app_and_close_removes_the_view(one_view: Fixture) -> None:
    """Every SRInApp call of a tap becomes what the app sees: the layout
    (the web view really resized, getComponentSize then says so), the URL
    and deep link opened or refused, the custom action, then
    close-and-trigger's event, discard and removal; after that the view
    takes nothing more."""
    host, engine, backend = one_view
    frame = host.frame("v1")
    host.seen("v1", 2)
    host.take()
    for button in ("grow", "measure", "shop", "script", "cart", "share"):
        frame.click(f"#{button}")
    host.methods("v1", 8)
    assert host.seen("v1", 3)[2] == "size 343x180"
    assert frame.evaluate("innerHeight") == 180
    log = host.take()
    assert log[1].startswith('v1 reply {"v":1,"id":') and log[1].endswith('"ok":true,"result":{"width":343,"height":180}}')
    assert log[:1] + log[2:] == ["v1 size 343x180", "open v1 https://shop.test/spring", "refused v1 javascript:alert(1)",
                           "deeplink v1 shopapp://cart", "action v1 share {'to': 'friends'}"]
    frame.click("#buy")
    host.methods("v1", 9)
    assert host.take()[:3] == [
        'analytics inline.customEvent inline-1 hero action=tapped label=hero params={"sku":"A1"}',
        "analytics inApp.discard inline-1 hero closedBy=user", "v1 remove hero"]
    frame.click("#close")
    host.methods("v1", 10)
    assert [type(error) for _, error in host.refused] == [frames.InvalidStateError]
    assert host.methods("v1")[-2:] == ["closeAndTrigger", "close"]


def test_il07_il08_a_reloaded_page_gets_the_bridge_back_and_no_answer_meant_for_the_old_page(
        one_view: Fixture) -> None:
    """The web view reloads (its web context reset) while a customMethod
    waits: the bridge comes back (ready again, calls work), and the late
    answer to the old page's call settles nothing in the new page — its
    own call gets its own answer."""
    host, engine, backend = one_view
    frame = host.frame("v1")
    host.seen("v1", 2)
    frame.click("#coupon")
    host.methods("v1", 3)
    assert len(host.calls) == 1
    with frame.expect_navigation():
        frame.evaluate("location.reload()")
    assert host.seen("v1", 2) == ["bridge function", "size 343x120"]
    frame.click("#coupon")
    host.methods("v1", 6)
    assert len(host.calls) == 2
    host.calls[0].resolve({"code": "FOR-THE-OLD-PAGE"}, now_ms=host.now)
    host.deliver()
    host.calls[1].resolve({"code": "SPRING24"}, now_ms=host.now)
    host.deliver()
    assert host.seen("v1", 3) == ["bridge function", "size 343x120", "coupon SPRING24"]
    assert host.methods("v1") == ["ready", "getComponentSize", "customMethod", "ready", "getComponentSize",
                                  "customMethod"]
    assert host.refused == []


def test_il07_il08_two_views_on_one_page_each_get_their_own_answers(browser: Browser, server: PageServer) -> None:
    """Two inline views (two web views) on one screen: each one's calls
    reach its own view and each promise settles in its own page, though
    both bridges number their calls alike."""
    host, engine, backend = start(browser, server, [("v1", "home"), ("v2", "footer")])
    try:
        assert host.seen("v1", 2) == host.seen("v2", 2) == ["bridge function", "size 343x120"]
        host.take()
        host.frame("v2").click("#coupon")
        host.frame("v1").click("#coupon")
        host.frame("v2").click("#grow")
        host.frame("v1").click("#share")
        host.methods("v1", 4)
        host.methods("v2", 4)
        assert [line for line in host.take() if not line.startswith("method")] == [
            "v2 size 343x180", "action v1 share {'to': 'friends'}"]
        first, second = host.calls
        second.resolve({"code": "HOME"}, now_ms=host.now)
        first.resolve({"code": "FOOTER"}, now_ms=host.now)
        host.deliver()
        assert host.seen("v1", 3)[2:] == ["coupon HOME"]
        assert host.seen("v2", 3)[2:] == ["coupon FOOTER"]
        assert host.frame("v2").evaluate("innerHeight") == 180
        assert host.frame("v1").evaluate("innerHeight") == 120
    finally:
        host.close()
        engine.close()
