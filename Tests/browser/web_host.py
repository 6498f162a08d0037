"""A host app made of real parts for the browser tests of the JS bridge
(IL-07, IL-08, IL-09): the app screen is a page of headless Chromium, each
inline view's web view one <iframe> in it, loaded from a loopback HTTP
server; the real engine (Python binding) answers.

It does what a mobile host does: injects the bridge script the library
ships into every web view before the content's scripts (or, with
``inject="late"``, after the page loaded, as an Android host does from
onPageFinished), carries each envelope the bridge posts to
``InlineView.report_bridge_message`` and each engine reply back into the
web view's ``SRInApp._receive``, lays the web view out at the size the
content asks for, and reports the content shown once its page loaded."""

from __future__ import annotations

import hashlib
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Tuple

from playwright.sync_api import Browser, Frame, Page

import frames

from inline_backend import InlineRecorder, InlineServer, campaign, content_url, new_view

#: The content of every campaign here: it uses every SRInApp call, one per
#: button, and writes what it saw (sizes, answers, errors) into ``seen``.
CONTENT = """<!doctype html>
<html><head><meta charset="utf-8"><title>Spring sale</title>
<script>
  var seen = [];
  function note(text) { seen.push(text); }
  function failed(error) { note("error " + error.code + " " + error.message); }
  function measure() {
    SRInApp.getComponentSize().then(function (s) { note("size " + s.width + "x" + s.height); }, failed);
  }
  function coupon(params) {
    SRInApp.customMethod("getCoupon", params).then(function (r) { note("coupon " + r.code); }, failed);
  }
  function start() { note("bridge " + typeof SRInApp.customMethod); measure(); }
  if (window.SRInApp) start(); else window.addEventListener("srinappready", start, { once: true });
</script></head>
<body>
<h1>Spring sale</h1>
<button id="measure" onclick="measure()">Size</button>
<button id="grow" onclick="SRInApp.setComponentSize(343, 180)">Grow</button>
<button id="coupon" onclick="coupon({cart: 'c-42'})">Coupon</button>
<button id="bad-coupon" onclick="coupon([1, 2])">Coupon (bad)</button>
<button id="shop" onclick="SRInApp.openUrl('https://shop.test/spring')">Shop</button>
<button id="script" onclick="SRInApp.openUrl('javascript:alert(1)')">Script</button>
<button id="cart" onclick="SRInApp.openDeeplink('shopapp://cart')">Cart</button>
<button id="share" onclick="SRInApp.handleCustomAction('share', {to: 'friends'})">Share</button>
<button id="buy" onclick="SRInApp.closeAndTrigger('tapped', {sku: 'A1'}, 'hero')">Buy</button>
<button id="close" onclick="SRInApp.close()">Close</button>
</body></html>
"""

CONTENT_BODY = json.dumps({"template": {"html": CONTENT}}).encode()


def web_campaign(id: str, key: str = "home", **options: Any) -> Dict[str, Any]:
    """An inline campaign whose content is CONTENT."""
    c = campaign(id, key=key, **options)
    c["content"]["sha256"] = hashlib.sha256(CONTENT_BODY).hexdigest()
    return c


class WebBackend(InlineServer):
    """The model inline backend, serving CONTENT for every campaign."""

    def answer(self, url: str) -> "tuple[int, tuple[()], bytes]":
        if url not in self.status and any(url == content_url(c["id"]) for c in self.campaigns):
            return 200, (), CONTENT_BODY
        return super().answer(url)


class PageServer:
    """Loopback HTTP: the app screen at / and each view's page at /view/NAME."""

    def __init__(self) -> None:
        self.pages: Dict[str, str] = {}
        pages = self.pages

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = pages.get(self.path.split("?")[0])
                data = (body or "not found").encode()
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


#: Injected into every frame; only a view's web view gets the bridge.
_GUARD = ("if (location.pathname.indexOf('/view/') === 0) {\n", "\n}")


class WebHost(InlineRecorder):
    """The host app: one Chromium page, one iframe per view (named as the
    recorder names the view).  ``messages`` has (view, method) of every
    envelope delivered; ``refused`` the errors of the ones the engine refused."""

    def __init__(self, browser: Browser, server: PageServer, names: List[str], inject: str = "start",
                 transport: str = "framesPostMessage") -> None:
        super().__init__()
        self.server = server
        self.now = 0
        self.messages: List[Tuple[str, str]] = []
        self.refused: List[Tuple[str, frames.FramesError]] = []
        self.replies: List[Tuple[frames.InlineView, str]] = []
        self.to_load: List[str] = []
        self.inject = inject
        self.page: Page = browser.new_page()
        if inject == "start":
            self.page.add_init_script(_GUARD[0] + frames.bridge_script() + _GUARD[1])
        # A binding reaches the page as a function of every frame, before
        # any script runs; under another name it is a transport the bridge
        # does not know yet (late_transport defines it).
        self.page.expose_binding(transport, self._post)
        server.pages["/"] = "<!doctype html><body style='margin:0'>" + "".join(
            f"<iframe name='{name}' style='border:0;display:block' width='343' height='120'></iframe>"
            for name in names) + "</body>"
        self.page.goto(server.url("/"))

    def frame(self, name: str) -> Frame:
        found = self.page.frame(name=name)
        assert found is not None, name
        return found

    # The engine's side.
    def render(self, view: frames.InlineView, content: frames.InlineContent) -> None:
        super().render(view, content)
        name = self.name(view)
        self.server.pages[f"/view/{name}"] = content.html
        self.to_load.append(name)

    def reply(self, view: frames.InlineView, text: str) -> None:
        super().reply(view, text)
        self.replies.append((view, text))

    def size_requested(self, view: frames.InlineView, message: frames.InlineMessage, width: float,
                       height: float) -> None:
        super().size_requested(view, message, width, height)
        # The host lays the web view out, then reports the size it got.
        self.page.evaluate("([n, w, h]) => { const f = document.querySelector(`iframe[name='${n}']`);"
                           " f.width = w; f.height = h; }", [self.name(view), width, height])
        view.set_size(width, height, now_ms=self.now)

    # The web views' side.
    def _post(self, source: Dict[str, Any], text: str) -> None:
        frame: Frame = source["frame"]
        view = self.views[frame.name]
        try:
            method = str(json.loads(text).get("method"))
        except ValueError:
            method = "?"
        self.messages.append((frame.name, method))
        try:
            view.report_bridge_message(text, now_ms=self.now)
        except frames.FramesError as error:
            self.refused.append((frame.name, error))
        self.deliver()

    def deliver(self) -> None:
        """Each reply of the engine into its view's web view, in order."""
        while self.replies:
            view, text = self.replies.pop(0)
            self.frame(self.name(view)).evaluate("text => SRInApp._receive(text)", text)

    def show(self) -> None:
        """Loads the pages the engine asked to render; once a page has
        loaded (and, injecting late, got the bridge) the content is shown."""
        while self.to_load:
            name = self.to_load.pop(0)
            frame = self.frame(name)
            frame.goto(self.server.url(f"/view/{name}"))
            if self.inject == "late":
                frame.evaluate(frames.bridge_script())
            self.views[name].report_content_shown(now_ms=self.now)

    def seen(self, name: str, count: int) -> List[str]:
        """What the content of view ``name`` saw, once it saw ``count`` things."""
        frame = self.frame(name)
        frame.wait_for_function(f"seen.length >= {count}", timeout=10_000)
        self.deliver()
        result: List[str] = frame.evaluate("seen")
        return result

    def methods(self, name: str, count: int = 0) -> List[str]:
        """The methods view ``name``'s web view posted, once it posted
        ``count``: a binding call reaches Python on its own schedule."""
        for _ in range(1000):
            found = [method for view, method in self.messages if view == name]
            if len(found) >= count:
                return found
            self.page.wait_for_timeout(10)
        raise AssertionError(f"{name} posted {found}, not {count} messages")

    def close(self) -> None:
        self.page.close()


def open_views(host: WebHost, engine: frames.Engine, backend: InlineServer, views: List[Tuple[str, str]]) -> None:
    """Views ``(name, placement key)`` at 343 x 120, attached, their
    content fetched and shown in their web views."""
    for name, key in views:
        view = new_view(engine, host, name, key)
        view.set_size(343, 120, now_ms=host.now)
        view.attach(now_ms=host.now)
    backend.pump(engine, host.now)
    host.show()
