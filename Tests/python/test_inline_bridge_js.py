"""The bridge script the library ships, run in a real JavaScript engine
(node) against the real engine (IL-07, IL-08, IL-09): every SRInApp call
becomes an envelope the engine accepts, replies settle the content's
promises, and refused or failed calls reject them."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional

import pytest

import frames

from inline_backend import InlineRecorder, InlineServer, campaign, make_engine, new_view

HERE = Path(__file__).resolve().parent
NODE = shutil.which("node") or shutil.which("nodejs")


class WebView:
    """The node page: posts go to the view, replies come back in."""

    def __init__(self, view: frames.InlineView, late_transport: bool = False) -> None:
        if NODE is None:
            pytest.fail("node is needed to run the bridge script (Debian: nodejs)")
        self.view = view
        self.logs: List[str] = []
        self.posts: List[str] = []
        self.results: List[Optional[frames.FramesError]] = []
        args = [NODE, str(HERE / "inline_web_view.js"), str(frames.bridge_script_path())]
        if late_transport:
            args.append("late")
        self.process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.now = 0

    def command(self, command: Dict[str, Any]) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        self.drain()

    def drain(self) -> None:
        assert self.process.stdout is not None
        while True:
            line = self.process.stdout.readline()
            assert line, "the web view ended"
            message = json.loads(line)
            if "done" in message:
                return
            if "log" in message:
                self.logs.append(message["log"])
            if "post" in message:
                self.deliver(message["post"])

    def deliver(self, text: str) -> None:
        self.posts.append(text)
        try:
            self.view.report_bridge_message(text, now_ms=self.now)
            self.results.append(None)
        except frames.FramesError as error:
            self.results.append(error)

    def run(self, code: str) -> None:
        self.command({"run": code})

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=10)


class Host(InlineRecorder):
    """Keeps the replies for the web view (pass_replies), as a host does."""

    def __init__(self) -> None:
        super().__init__()
        self.pending_replies: List[str] = []

    def reply(self, view: frames.InlineView, text: str) -> None:
        super().reply(view, text)
        self.pending_replies.append(text)


@pytest.fixture
def page() -> Iterator["tuple[Host, frames.Engine, WebView]"]:
    host = Host()
    host.show_on_render_ms = 0
    server = InlineServer([campaign("hero"), campaign("after", key="footer", trigger="event", event="tapped")])
    engine = make_engine(host, inline_url_schemes=("shopapp",))
    view = new_view(engine, host, "v")
    view.set_size(343, 120, now_ms=0)
    view.attach(now_ms=0)
    server.pump(engine, 0)
    web = WebView(view)
    yield host, engine, web
    web.close()
    engine.close()


def pass_replies(host: Host, web: WebView) -> None:
    while host.pending_replies:
        web.command({"reply": host.pending_replies.pop(0)})


def test_il08_the_script_announces_ready_and_the_engine_accepts_it(page: "tuple[Host, frames.Engine, WebView]") -> None:
    host, engine, web = page
    web.run("log('loaded')")
    assert web.posts[0] == '{"v":1,"id":0,"method":"ready","args":{}}'
    assert web.results[0] is None
    assert "event srinappready" in web.logs


def test_il08_get_component_size_and_custom_method_promises_settle(page: "tuple[Host, frames.Engine, WebView]") -> None:
    host, engine, web = page
    web.run("SRInApp.getComponentSize().then(s => log('size ' + s.width + 'x' + s.height))")
    pass_replies(host, web)
    web.run("SRInApp.customMethod('getCoupon', {cart: 'c-42'}).then(r => log('coupon ' + r.code),"
            " e => log('error ' + e.code + ' ' + e.message))")
    assert host.calls and host.calls[0].id == 1
    host.calls[0].resolve({"code": "SPRING24"}, now_ms=1)
    pass_replies(host, web)
    web.run("SRInApp.customMethod('other').then(r => log('ok'), e => log('error ' + e.code + ' ' + e.message))")
    host.calls[1].reject("no coupon", now_ms=2)
    pass_replies(host, web)
    assert [log for log in web.logs if not log.startswith("event")] == [
        "size 343x120", "coupon SPRING24", "error failed no coupon"]
    assert all(result is None for result in web.results)


def test_il08_il09_every_call_is_an_envelope_the_engine_accepts(page: "tuple[Host, frames.Engine, WebView]") -> None:
    host, engine, web = page
    host.take()
    web.run("SRInApp.setComponentSize(300, 250)")
    web.run("SRInApp.openDeeplink('shopapp://cart')")
    web.run("SRInApp.openUrl('https://shop.test/spring')")
    web.run("SRInApp.openUrl('javascript:alert(1)')")
    web.run("SRInApp.handleCustomAction('share', {to: 'friends'})")
    web.run("SRInApp.closeAndTrigger('tapped', {sku: 'A1'}, 'hero')")
    assert all(result is None for result in web.results), web.results
    log = host.take()
    assert log[:5] == ["v size 300x250", "deeplink v shopapp://cart", "open v https://shop.test/spring",
                       "refused v javascript:alert(1)", "action v share {'to': 'friends'}"]
    assert log[5:8] == ['analytics inline.customEvent inline-1 hero action=tapped label=hero params={"sku":"A1"}',
                        "analytics inApp.discard inline-1 hero closedBy=user", "v remove hero"]
    # After close the view shows nothing: a further message is refused.
    web.run("SRInApp.close()")
    assert isinstance(web.results[-1], frames.InvalidStateError)


def test_il08_a_refused_call_with_an_answer_rejects_its_promise(page: "tuple[Host, frames.Engine, WebView]") -> None:
    host, engine, web = page
    # A params value the engine's schema refuses: the promise rejects.
    web.run("SRInApp.customMethod('m', [1, 2]).then(() => log('resolved'), e => log('rejected ' + e.code))")
    assert isinstance(web.results[-1], frames.InvalidArgumentError)
    pass_replies(host, web)
    assert "rejected invalid" in web.logs


def test_il08_messages_wait_for_a_late_transport_and_injecting_twice_keeps_one_bridge() -> None:
    host = Host()
    host.show_on_render_ms = 0
    server = InlineServer([campaign("hero")])
    with make_engine(host) as engine:
        view = new_view(engine, host, "v")
        view.attach(now_ms=0)
        server.pump(engine, 0)
        web = WebView(view, late_transport=True)
        try:
            web.run("SRInApp.setComponentSize(10, 20); log(typeof SRInApp.__framesBridge)")
            assert web.posts == []
            web.run(frames.bridge_script() + "; log('again')")  # a second injection is a no-op
            web.command({"transport": True})
            assert [json.loads(p)["method"] for p in web.posts] == ["ready", "setComponentSize"]
            assert "again" in web.logs
        finally:
            web.close()
