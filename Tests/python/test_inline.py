"""Inline in-app messages through the Python binding (IL-01..IL-10, XC-04,
XC-10): views and their delegates, the global delegate, the three
triggers, priority and capping across a restart, the bridge message pump,
customMethod calls, explain — and that exceptions raised in callbacks reach
the caller after the library call, as everywhere in the binding."""

from __future__ import annotations

import gc
import json
import warnings
from typing import Any, Dict, List

import pytest

import frames

from backend import lost_delegates
from inline_backend import INLINE_URL, InlineRecorder, InlineServer, campaign, make_engine, new_view

WALL = 1_700_000_000_000


def test_il01_il06_automatic_renders_with_the_context_and_loads_when_shown() -> None:
    rec = InlineRecorder()
    rec.context = {"first_name": "Ada"}
    server = InlineServer([campaign("spring"), campaign("tile", trigger="on_demand", priority=1)])
    with make_engine(rec) as engine:
        hero = new_view(engine, rec, "hero")
        hero.set_size(343, 180, now_ms=0)
        hero.attach(now_ms=0)
        assert server.pump(engine, 0) == 2
        assert rec.take() == ["hero processing", "context hero spring", 'hero render spring ctx={"first_name": "Ada"}']
        assert hero.status is frames.InlineViewStatus.RENDERING
        assert rec.contents[0].html == "<p>spring</p>"
        assert rec.contents[0].message.trigger is frames.InlineTrigger.AUTOMATIC
        hero.report_content_shown(now_ms=10)
        assert rec.take() == ["hero loaded spring", "analytics inApp.show inline-1 spring trigger=automatic"]
        # IL-01: render() admits the on-demand campaign, of higher priority.
        hero.render(now_ms=20)
        server.pump(engine, 20)
        assert rec.take()[:1] == ["hero processing"]
        assert hero.status is frames.InlineViewStatus.RENDERING


def test_il02_il03_an_event_updates_attached_views_or_hands_a_new_view_to_available() -> None:
    rec = InlineRecorder()
    rec.show_on_render_ms = 5
    rec.attach_available_ms = 5
    server = InlineServer([
        campaign("base", priority=10),
        campaign("flash", trigger="event", event="cart_viewed", priority=3),
        campaign("thanks", key="footer", trigger="event", event="cart_viewed", priority=1),
    ])
    with make_engine(rec) as engine:
        a, b = new_view(engine, rec, "a"), new_view(engine, rec, "b")
        a.attach(now_ms=0)
        b.attach(now_ms=0)
        server.pump(engine, 0)
        rec.take()
        engine.inline.track_event("cart_viewed", {"items": 2}, now_ms=5)
        server.pump(engine, 5)
        log = rec.take()
        assert log[0] == "available footer thanks -> ev1"
        assert "a updated flash" in log and "b updated flash" in log and "ev1 loaded thanks" in log
        made = rec.views["ev1"]
        assert made.created_by_engine and made.status is frames.InlineViewStatus.SHOWN
        assert made.placement_id == "footer"
        # IL-03: inApp.show per view.
        assert [line for line in log if line.startswith("analytics")] == [
            "analytics inApp.show inline-3 thanks trigger=event",
            "analytics inApp.show inline-1 flash trigger=event",
            "analytics inApp.show inline-2 flash trigger=event",
        ]
        # Again: nothing changes, and no second view.
        engine.inline.track_event("cart_viewed", now_ms=6)
        assert rec.take() == []


def test_il04_il05_xc10_priority_capping_and_a_restart_keep_the_cap() -> None:
    rec = InlineRecorder()
    rec.show_on_render_ms = 0
    server = InlineServer([campaign("daily", priority=1, max_displays=1, period_ms=86_400_000),
                           campaign("fallback", priority=9),
                           campaign("equal", trigger="event", event="tie", priority=1)])
    with make_engine(rec) as engine:
        first, second = new_view(engine, rec, "first"), new_view(engine, rec, "second")
        first.attach(now_ms=0)
        second.attach(now_ms=0)
        server.pump(engine, 0)
        log = rec.take()
        assert "first loaded daily" in log and "second loaded daily" in log
        assert log.count("state_changed") == 1  # IL-03: one display for both views
        engine.inline.track_event("tie", now_ms=1)  # IL-04: equal priority does not replace
        assert rec.take() == []
        blob = engine.export_state(now_ms=1_000, wall_clock_ms=WALL + 1_000)

    rec2 = InlineRecorder()
    rec2.show_on_render_ms = 10
    with make_engine(rec2) as restarted:
        restarted.import_state(blob, now_ms=0, wall_clock_ms=WALL + 60_000)
        view = new_view(restarted, rec2, "again")
        view.attach(now_ms=10)
        server.pump(restarted, 10)
        assert "again loaded fallback" in rec2.take()
        why = restarted.inline.explain("home", now_ms=20)
        daily = why.candidate("daily")
        assert daily is not None and daily.reason.code == "capped"
        assert daily.reason.until_ms == -60_000 + 86_400_000  # displayed at wall +0 = now -60,000 here
        assert why.facts["views"] == ({"view_id": "inline-1", "attached": True, "closed_by_content": False,
                                       "status": "shown", "campaign_id": "fallback"},)
        assert why.showing == (frames.Showing("fallback", None, "inline-1", "shown"),)


def test_il06_failures_reach_the_view_delegate() -> None:
    rec = InlineRecorder()
    server = InlineServer([campaign("gone")])
    server.status["https://cdn.test/inline/gone.json"] = 404
    with make_engine(rec) as engine:
        view = new_view(engine, rec, "v")
        view.attach(now_ms=0)
        server.pump(engine, 0)
        assert rec.take() == ["v processing", "v failed gone downloadingFailed"]
        assert view.status is frames.InlineViewStatus.FAILED
        with pytest.raises(frames.InvalidStateError, match="failed"):
            view.report_content_shown(now_ms=1)


def shown_view(rec: InlineRecorder, **options: Any) -> "tuple[frames.Engine, frames.InlineView]":
    rec.show_on_render_ms = 0
    server = InlineServer([campaign("hero", priority=5),
                           campaign("after", key="footer", trigger="event", event="tapped", priority=1)])
    engine = make_engine(rec, **options)
    view = new_view(engine, rec, "v")
    view.set_size(343, 120, now_ms=0)
    view.attach(now_ms=0)
    server.pump(engine, 0)
    rec.take()
    return engine, view


def test_il08_the_bridge_message_pump_and_the_url_allow_list() -> None:
    rec = InlineRecorder()
    engine, view = shown_view(rec, inline_url_schemes=("myapp",))
    with engine:
        view.report_bridge_message('{"v":1,"id":1,"method":"getComponentSize"}', now_ms=1)
        view.report_bridge_message(b'{"v":1,"method":"setComponentSize","args":{"width":343,"height":200.5}}', now_ms=1)
        view.report_bridge_message('{"v":1,"method":"openDeeplink","args":{"url":"myapp://cart"}}', now_ms=1)
        view.report_bridge_message('{"v":1,"id":2,"method":"openUrl","args":{"url":"javascript:alert(1)"}}', now_ms=1)
        view.report_bridge_message('{"v":1,"method":"handleCustomAction","args":{"name":"share","params":{"to":"x"}}}', now_ms=1)
        log = rec.take()
        assert log[:4] == ['v reply {"v":1,"id":1,"ok":true,"result":{"width":343,"height":120}}', "v size 343x200.5",
                           "deeplink v myapp://cart", "refused v javascript:alert(1)"]
        assert json.loads(log[4].split(" ", 2)[2])["error"]["code"] == "refused"
        assert log[5] == "action v share {'to': 'x'}"
        with pytest.raises(frames.InvalidArgumentError, match='unknown method "explode"'):
            view.report_bridge_message('{"v":1,"id":3,"method":"explode"}', now_ms=2)
        with pytest.raises(ValueError, match="bridge message"):
            view.report_bridge_message("not json", now_ms=2)
        with pytest.raises(frames.VersionError):
            view.report_bridge_message('{"v":2,"method":"close"}', now_ms=2)
        with pytest.raises(TypeError, match="message"):
            view.report_bridge_message(42, now_ms=2)  # type: ignore[arg-type]
        assert view.status is frames.InlineViewStatus.SHOWN
    with pytest.raises(ValueError, match="always refused"):
        make_engine(InlineRecorder(), inline_url_schemes=("javascript",))
    with pytest.raises(TypeError, match="inline_url_schemes"):
        make_engine(InlineRecorder(), inline_url_schemes="myapp")


def test_il08_https_and_the_hosts_schemes_pass_the_allow_list_in_any_case() -> None:
    # IL-08: RFC 3986 makes schemes case-insensitive, and the allow-list
    # (Sources/FramesCore/Inline/URLAllowList.swift) lowercases both sides:
    # "HTTPS:" from content and a scheme the host spelled "MyApp" pass.
    rec = InlineRecorder()
    engine, view = shown_view(rec, inline_url_schemes=("MyApp",))
    with engine:
        view.report_bridge_message('{"v":1,"method":"openUrl","args":{"url":"HTTPS://example.com/x"}}', now_ms=1)
        view.report_bridge_message('{"v":1,"method":"openDeeplink","args":{"url":"myapp://x"}}', now_ms=1)
        view.report_bridge_message('{"v":1,"method":"openDeeplink","args":{"url":"MYAPP://x"}}', now_ms=1)
        assert rec.take() == ["open v HTTPS://example.com/x", "deeplink v myapp://x", "deeplink v MYAPP://x"]


@pytest.mark.parametrize("method, url, scheme", [
    ("openUrl", "JavaScript:alert(1)", "javascript"),
    ("openUrl", "JAVASCRIPT:alert(1)", "javascript"),
    ("openDeeplink", "File:///etc/passwd", "file"),
    ("openUrl", "DaTa:text/html,x", "data"),
])
def test_il08_javascript_file_and_data_are_always_refused_whatever_their_case(
        method: str, url: str, scheme: str) -> None:
    # IL-08: refused as "always refused", not merely as "not allowed":
    # spelled in capitals they must not pass for another scheme the host
    # could allow (Sources/FramesCore/Inline/URLAllowList.swift).
    rec = InlineRecorder()
    engine, view = shown_view(rec, inline_url_schemes=("myapp",))
    with engine:
        view.report_bridge_message(json.dumps({"v": 1, "id": 1, "method": method, "args": {"url": url}}), now_ms=1)
        refused, reply = rec.take()
        assert refused == f"refused v {url}"
        error = json.loads(reply.split(" ", 2)[2])["error"]
        assert error["code"] == "refused"
        assert error["message"].endswith(f'refused: the scheme "{scheme}:" is always refused')


@pytest.mark.parametrize("schemes", [("JavaScript",), ("JAVASCRIPT",), ("myapp", "File"), ("dAtA",)])
def test_il08_configuring_javascript_file_or_data_in_any_case_is_refused(schemes: "tuple[str, ...]") -> None:
    # IL-08: accepted case-sensitively, "JavaScript" would let content open
    # javascript: URLs spelled that way.
    with pytest.raises(frames.InvalidArgumentError, match="always refused"):
        make_engine(InlineRecorder(), inline_url_schemes=schemes)


def test_il09_close_and_close_and_trigger() -> None:
    rec = InlineRecorder()
    engine, view = shown_view(rec)
    with engine:
        view.report_bridge_message('{"v":1,"method":"closeAndTrigger","args":{"action":"tapped","label":"hero"}}', now_ms=3)
        assert rec.take()[:4] == [
            "analytics inline.customEvent inline-1 hero action=tapped label=hero params={}",
            "analytics inApp.discard inline-1 hero closedBy=user",
            "v remove hero",
            "available footer after -> ev1",
        ]
        with pytest.raises(frames.InvalidStateError):
            view.report_bridge_message('{"v":1,"method":"close"}', now_ms=4)


class RemovingRecorder(InlineRecorder):
    """A host that handles ``remove`` as the mobile hosts do: detaches the
    view (iOS), releases it (Android), or — careless — does nothing."""

    def __init__(self, handling: str) -> None:
        super().__init__()
        self.handling = handling

    def remove(self, view: frames.InlineView, message: frames.InlineMessage) -> None:
        super().remove(view, message)
        if self.handling == "detach":
            view.detach()
        elif self.handling == "release":
            view.release()


@pytest.mark.parametrize("handling", ["detach", "release", "ignore"])
@pytest.mark.parametrize("other_view", [False, True])
def test_il09_il02_close_and_trigger_on_its_own_key_never_reaches_the_closed_view(handling: str,
                                                                                   other_view: bool) -> None:
    rec = RemovingRecorder(handling)
    rec.show_on_render_ms = 0
    server = InlineServer([campaign("hero", priority=5), campaign("after", trigger="event", event="tapped", priority=1)])
    with make_engine(rec) as engine:
        closing = new_view(engine, rec, "closing")
        closing.attach(now_ms=0)
        server.pump(engine, 0)
        if other_view:
            other = new_view(engine, rec, "other")
            other.attach(now_ms=1)
            server.pump(engine, 1)
        rec.take()
        closing.report_bridge_message('{"v":1,"method":"closeAndTrigger","args":{"action":"tapped"}}', now_ms=3)
        server.pump(engine, 3)
        log = rec.take()
        assert [line for line in log if line.startswith("closing")] == ["closing remove hero"], log
        if other_view:
            assert "other updated after" in log and not any(line.startswith("available") for line in log), log
        else:
            assert "available home after -> ev1" in log, log
            assert any(line.startswith("ev1 render after") for line in log), log
        why = engine.inline.explain("home", now_ms=4)
        after = why.candidate("after")
        assert after is not None and after.reason.code == "shown", after


def test_il08_a_call_sent_after_close_gets_an_error_reply() -> None:
    rec = InlineRecorder()
    engine, view = shown_view(rec)
    with engine:
        view.report_bridge_message('{"v":1,"method":"close"}', now_ms=3)
        rec.take()
        with pytest.raises(frames.InvalidStateError, match="closed itself"):
            view.report_bridge_message('{"v":1,"id":9,"method":"getComponentSize"}', now_ms=4)
        (reply,) = rec.take()
        assert reply.startswith("v reply ")
        answer = json.loads(reply[len("v reply "):])
        assert answer["id"] == 9 and answer["ok"] is False and answer["error"]["code"] == "invalid"
        assert "closed itself" in answer["error"]["message"]


class NoAvailable:
    """A global delegate with no ``available``: it takes no new views."""

    def open_url(self, view: frames.InlineView, message: frames.InlineMessage, url: str) -> None:
        return None


class DefaultAvailable(frames.InlineDelegate):
    """Subclasses the protocol without writing ``available``: the protocol's
    do-nothing default takes no view either."""


@pytest.mark.parametrize("delegate", [None, NoAvailable(), DefaultAvailable()],
                         ids=["no delegate", "no available", "inherited default"])
def test_il02_explain_says_no_view_when_an_event_campaign_has_nowhere_to_show(delegate: Any) -> None:
    rec = InlineRecorder()
    server = InlineServer([campaign("cart", trigger="event", event="evB", priority=1)])
    with make_engine(rec) as engine:
        engine.inline.delegate = delegate
        engine.inline.track_event("evA", now_ms=0)
        server.pump(engine, 0)
        engine.inline.track_event("evB", now_ms=5)
        assert engine.poll_request() is None  # no view was made, so no content is fetched
        why = engine.inline.explain("home", now_ms=6)
        (cart,) = why.candidates
        assert cart.reason.code == "no_view" and cart.reason.at_ms == 5, cart
        assert "no available listener" in cart.reason.detail
        assert why.facts["views"] == ()


def test_il07_custom_method_resolves_exactly_once() -> None:
    rec = InlineRecorder()
    engine, view = shown_view(rec)
    with engine:
        view.report_bridge_message('{"v":1,"id":7,"method":"customMethod","args":{"name":"getCoupon","params":{"cart":"c-42"}}}',
                            now_ms=1)
        assert rec.take() == ["method v getCoupon {'cart': 'c-42'} call=1"]
        call = rec.calls[0]
        call.resolve({"code": "SPRING24"}, now_ms=2)
        assert rec.take() == ['v reply {"v":1,"id":7,"ok":true,"result":{"code":"SPRING24"}}']
        with pytest.raises(frames.AlreadyResolvedError, match="exactly once"):
            call.reject("late", now_ms=3)
        assert rec.take() == []
        with pytest.raises(TypeError, match="result"):
            call.resolve(object(), now_ms=3)


def test_il07_xc03_resolving_inside_the_callback_and_after_release() -> None:
    rec = InlineRecorder()
    engine, view = shown_view(rec)

    class Answering(InlineRecorder):
        def custom_method(self, view: frames.InlineView, message: frames.InlineMessage, name: str,
                          params: Dict[str, Any], call: frames.InlineCall) -> None:
            call.reject("no coupon", now_ms=5)
            rec.log.append("callback returns")

    answering = Answering()
    with engine:
        engine.inline.delegate = answering
        view.report_bridge_message('{"v":1,"id":9,"method":"customMethod","args":{"name":"m"}}', now_ms=5)
        assert rec.take() == ["callback returns",
                              'v reply {"v":1,"id":9,"ok":false,"error":{"code":"failed","message":"no coupon"}}']
        engine.inline.delegate = rec
        view.report_bridge_message('{"v":1,"id":10,"method":"customMethod","args":{"name":"m"}}', now_ms=6)
        view.release()
        rec.take()
        rec.calls[-1].resolve(42, now_ms=7)  # IL-07: the view is gone: succeeds, sends nothing
        assert rec.take() == []
        with pytest.raises(frames.InvalidHandleError):
            view.attach(now_ms=8)


def test_exceptions_in_inline_callbacks_are_raised_after_the_call() -> None:
    rec = InlineRecorder()
    engine, view = shown_view(rec)

    class Broken(InlineRecorder):
        def reply(self, view: frames.InlineView, text: str) -> None:
            raise RuntimeError("host bug in reply")

    broken = Broken()
    with engine:
        view.delegate = broken
        with pytest.raises(RuntimeError, match="host bug in reply"):
            view.report_bridge_message('{"v":1,"id":1,"method":"getComponentSize"}', now_ms=1)
        view.delegate = rec
        view.report_bridge_message('{"v":1,"id":2,"method":"getComponentSize"}', now_ms=2)  # still usable
        assert rec.take()[-1].startswith('v reply {"v":1,"id":2')


def test_il07_a_context_that_is_not_a_json_object_fails_the_render() -> None:
    class BadContext(InlineRecorder):
        def context_required(self, view: frames.InlineView, message: frames.InlineMessage) -> Any:
            return "[1, 2]"

    rec = BadContext()
    server = InlineServer([campaign("a")])
    with make_engine(rec) as engine:
        view = new_view(engine, rec, "v")
        view.attach(now_ms=0)
        server.pump(engine, 0)
        assert rec.take() == ["v processing", "v failed a renderingFailed"]


def test_xc04_consent_withdraws_content_and_explain_says_why() -> None:
    rec = InlineRecorder()
    engine, view = shown_view(rec)
    with engine:
        engine.set_consent(False, now_ms=10)
        assert rec.take() == ["v remove hero"]
        engine.inline.track_event("tapped", now_ms=11)
        assert rec.take() == [] and engine.poll_request() is None
        why = engine.inline.explain("home", now_ms=12)
        assert why.state == "no_consent" and why.reason.code == "no_consent"
        assert {c.reason.code for c in why.candidates} == {"no_consent"}


def test_il02_explain_and_track_event_check_their_inputs() -> None:
    with make_engine(InlineRecorder()) as engine:
        with pytest.raises(ValueError, match="placement key"):
            engine.inline.explain("", now_ms=0)
        with pytest.raises(TypeError, match="properties"):
            engine.inline.track_event("e", [1, 2], now_ms=0)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="properties"):
            engine.inline.track_event("e", {"x": float("nan")}, now_ms=0)
        with pytest.raises(TypeError, match="inline.delegate.available"):
            engine.inline.delegate = type("Bad", (), {"available": 3})()
        assert engine.inline.explain("home", now_ms=0).state == "not_fetched"


def test_il08_the_bridge_script_ships_with_the_package() -> None:
    text = frames.bridge_script()
    for method in ("getComponentSize", "setComponentSize", "closeAndTrigger", "openDeeplink",
                   "handleCustomAction", "customMethod", "_receive", "srinappready"):
        assert method in text
    assert frames.bridge_script_path().name == "frames-inline-bridge.js"


def test_af23_a_collected_view_delegate_stops_its_callbacks_and_warns_once() -> None:
    rendered: List[str] = []

    class Temporary:
        def render(self, view: frames.InlineView, content: frames.InlineContent) -> None:
            rendered.append(content.message.campaign_id)

        def processing_started(self, view: frames.InlineView) -> None:
            rendered.append("processing")

    rec = InlineRecorder()
    server = InlineServer([campaign("hero")])
    with make_engine(rec) as engine:
        view = engine.new_inline_view("home")
        view.delegate = Temporary()
        gc.collect()
        assert view.delegate is None
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            view.attach(now_ms=0)
            server.pump(engine, 0)
        assert rendered == []
        assert lost_delegates(caught) == [repr(view)]
        assert view.status is frames.InlineViewStatus.RENDERING  # the content waits for a host that draws it


def test_af23_a_collected_inline_delegate_stops_its_callbacks_warns_once_and_frees_the_views_made() -> None:
    rec = InlineRecorder()
    server = InlineServer([campaign("cart", trigger="event", event="cart_viewed", priority=1),
                           campaign("hero", key="hero")])
    with make_engine(rec) as engine:
        engine.inline.delegate = InlineRecorder()  # a temporary: collected at once
        gc.collect()
        assert engine.inline.delegate is None
        hero = new_view(engine, rec, "hero", key="hero")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            hero.attach(now_ms=0)
            server.pump(engine, 0)  # context_required: not asked
            for now in (1, 2, 3):
                engine.inline.track_event("cart_viewed", now_ms=now)  # available: nobody takes the view
                server.pump(engine, now)
        assert lost_delegates(caught) == ["engine.inline"]
        assert [line for line in rec.take() if not line.startswith(("analytics", "state_changed"))] == [
            "hero processing", "hero render hero ctx={}"]
        gc.collect()
        # The views the engine made for the events are the host's, and no
        # host took them: freed, rather than kept until the engine is.
        assert list(engine._state.views.values()) and all(
            ref() is hero for ref in engine._state.views.values())
        assert engine.inline.explain("home", now_ms=4).facts["views"] == ()
