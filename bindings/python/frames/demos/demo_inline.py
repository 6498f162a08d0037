"""Inline in-app messages on a simulated screen: ``python -m frames demo-inline``.

A home screen embeds two inline views for the placement key ``home_hero``
(one at the top, one further down) around the app's own content; the
footer key ``home_footer`` has no view.  A virtual clock drives the engine
through a short story, and each view's "web view" plays what the content's
script (the bridge, ``frames-inline-bridge.js``) would post:

1. the views are attached: the automatic campaign ``welcome_back`` shows in
   both (one display towards its once-a-day capping) and its content asks
   for its size;
2. the app tracks ``cart_viewed``: the event campaign ``flash_sale``
   outranks it and replaces it in both views, and ``free_shipping`` — for
   the footer, which has no view — arrives in a view the engine makes and
   hands to the host (``available``);
3. the shopper taps "Get my coupon": the content's ``customMethod`` goes to
   the host, which answers once; a link to ``javascript:`` is refused, the
   app's own deep link is opened;
4. the shopper closes the lower banner: discard, then removal;
5. the app saves the engine's state and restarts: ``welcome_back`` stays
   capped, and ``explain`` says why.

Every callback, bridge message, reply and analytics record is printed as a
timeline; the screen at the end of step 4 is drawn as an SVG picture.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ._command import EXIT_OK, EXIT_STATUS_HELP, CommandError, CommandParser, program_name, run
from ._recordings import EngineRecordings, add_record_argument
from ._timeline import Timeline, clock, duration
from .explain_option import add_explain_options, print_explanations
from .demo_phone import SCREEN_WIDTH, Block, phone_svg
from ..drivers import VirtualClockDriver
from ..engine import Engine, EngineOptions, Host
from ..explain import Explanation, Reason
from ..inline import InlineCall, InlineContent, InlineDelegate, InlineMessage, InlineView, InlineViewDelegate
from ..records import AnalyticsRecord, Request, Response
from ..status import FrameError

__all__ = ["InlineScreen", "main"]

INLINE_URL = "https://campaigns.local/inline"
APP_CONTENT_HEIGHT = 200.0
SPACING = 16.0
WALL_CLOCK_START = 1_714_600_000_000

#: The campaigns the demo backend serves, with their content.
CAMPAIGNS: List[Dict[str, Any]] = [
    {"id": "welcome_back", "placement_key": "home_hero", "trigger": "automatic", "priority": 10,
     "capping": {"max_displays": 1, "period_ms": 86_400_000},
     "html": '<div data-color="#3949ab" data-height="150"><h1>Welcome back, {{first_name}}</h1></div>'},
    {"id": "flash_sale", "placement_key": "home_hero", "trigger": "event", "event": "cart_viewed", "priority": 2,
     "html": '<div data-color="#d81b60" data-height="170"><h1>Flash sale: 30% off</h1>'
             '<button onclick="SRInApp.customMethod(\'getCoupon\', {})">Get my coupon</button></div>'},
    {"id": "free_shipping", "placement_key": "home_footer", "trigger": "event", "event": "cart_viewed",
     "priority": 5, "html": '<div data-color="#00897b" data-height="90"><h1>Free shipping today</h1></div>'},
]


class InlineBackend:
    """Serves the campaigns document and the content documents, with the
    checksums a backend computes."""

    def __init__(self) -> None:
        self.requests = 0
        self.contents: Dict[str, bytes] = {}
        campaigns = []
        for campaign in CAMPAIGNS:
            body = json.dumps({"template": {"html": campaign["html"]}}).encode()
            url = f"https://campaigns.local/inline/{campaign['id']}.json"
            self.contents[url] = body
            entry = {k: v for k, v in campaign.items() if k != "html"}
            entry["content"] = {"url": url, "sha256": hashlib.sha256(body).hexdigest()}
            campaigns.append(entry)
        self.document = json.dumps({"server_time": WALL_CLOCK_START, "campaigns": campaigns}).encode()

    def __call__(self, request: Request) -> Response:
        self.requests += 1
        body = self.document if request.url == INLINE_URL else self.contents.get(request.url)
        return Response(200 if body is not None else 404, body or b"", latency_ms=40)


#: When the app starts again after the restart, in the story's time.
RESTART_MS = 60_000


@dataclass
class Slot:
    """A place on the screen and the view in it."""

    name: str
    view: InlineView
    color: str = "#90a4ae"
    title: str = ""
    height: float = 0.0
    campaign: str = ""
    removed: bool = False
    #: The content's next bridge call id (the script counts from 1).
    next_id: int = 1


def why_not(reason: Reason, now: int, offset: int = 0) -> str:
    """Why a campaign shows or not, from the engine's explanation (XC-11);
    ``offset`` turns the engine's time into the story's."""
    until = reason.until_ms
    if reason.code == "capped":
        again = f"; it can show again in {duration(until - now)} (at {clock(until + offset)})" if until is not None else ""
        return f"not shown: it was shown as often as its campaign allows{again}"
    if reason.code == "trigger_not_met":
        return f"not shown yet: {reason.detail.split(': ', 1)[-1].replace('the host', 'the app')}"
    if reason.code == "lower_priority":
        return f"not shown: {reason.than} comes first"
    if reason.code in ("shown", "eligible"):
        return "shown" if reason.code == "shown" else "shows at its next trigger"
    return reason.detail


class _ScreenHost(Host):
    """The engine's host: analytics and saved state go to the screen."""

    def __init__(self, screen: "InlineScreen") -> None:
        self.screen = screen

    def analytics(self, record: AnalyticsRecord) -> None:
        extra = " ".join(f"{k}={v}" for k, v in record.fields.items())
        self.screen.timeline.add(record.view_id or "-",
                                 f"analytics {record.name} campaign={record.campaign_id} {extra}".rstrip())

    def state_changed(self) -> None:
        screen = self.screen
        screen.saved_state = screen.engine.export_state(now_ms=screen.now, wall_clock_ms=WALL_CLOCK_START + screen.now)
        screen.timeline.add("app", f"state changed: saved {len(screen.saved_state)} bytes")


class InlineScreen(InlineDelegate, InlineViewDelegate):
    """The host: views in a vertical stack, a "web view" per view that posts
    what the content's script would, and the global inline delegate."""

    def __init__(self, echo: bool = True, recordings: Optional[EngineRecordings] = None) -> None:
        self.backend = InlineBackend()
        self.echo = echo
        self.recordings = recordings
        self.engine, self.driver = self._start()
        self.timeline = Timeline(self.driver, width=14, echo=echo)
        self.slots: List[Slot] = []
        self.opened: List[str] = []
        self.calls: List[InlineCall] = []
        self.saved_state = b""
        self.explanation: Optional[Explanation] = None
        for name in ("top hero", "lower hero"):
            self._embed(name, self.engine.new_inline_view("home_hero"))

    def _start(self) -> Tuple[Engine, VirtualClockDriver]:
        engine = Engine(b"", EngineOptions(inline_url=INLINE_URL, device_id="demo-device",
                                           inline_url_schemes=("shop",)), host=_ScreenHost(self),
                        record=self.recordings.writer() if self.recordings else None)
        engine.inline.delegate = self
        return engine, VirtualClockDriver(engine, self.backend)

    @property
    def now(self) -> int:
        return self.driver.now

    def _embed(self, name: str, view: InlineView) -> Slot:
        slot = Slot(name, view)
        view.delegate = self
        view.set_size(SCREEN_WIDTH, 0.0, now_ms=self.now)
        self.slots.append(slot)
        return slot

    def slot(self, view: InlineView) -> Slot:
        return next(s for s in self.slots if s.view is view)

    def post(self, slot: Slot, method: str, args: Optional[Dict[str, Any]] = None, answer: bool = False) -> None:
        """The content's script posts one bridge envelope, as
        frames-inline-bridge.js writes it; the host forwards it."""
        call_id = 0
        if answer:
            call_id, slot.next_id = slot.next_id, slot.next_id + 1
        text = json.dumps({"v": 1, "id": call_id, "method": method, "args": args or {}}, separators=(",", ":"))
        self.timeline.add(slot.name, f"bridge -> {text}")
        slot.view.report_bridge_message(text, now_ms=self.now)

    # The global inline delegate (IL-02, IL-07, IL-08) -----------------------

    def available(self, view: InlineView, message: InlineMessage) -> None:
        self.timeline.add("engine", f"available: a new view for {message.placement_id} ({message.campaign_id})")
        slot = self._embed("footer", view)
        view.attach(now_ms=self.now)
        self.timeline.add(slot.name, "embedded at the bottom of the screen")

    def context_required(self, view: InlineView, message: InlineMessage) -> Optional[Dict[str, Any]]:
        return {"first_name": "Ada"}

    def open_url(self, view: InlineView, message: InlineMessage, url: str) -> None:
        self.opened.append(url)
        self.timeline.add(self.slot(view).name, f"open {url}")

    def open_deep_link(self, view: InlineView, message: InlineMessage, link: str) -> None:
        self.opened.append(link)
        self.timeline.add(self.slot(view).name, f"open deep link {link}")

    def custom_method(self, view: InlineView, message: InlineMessage, name: str, params: Dict[str, Any],
                      call: InlineCall) -> None:
        self.timeline.add(self.slot(view).name, f"customMethod {name}({params}) -> call {call.id}, answered later")
        self.calls.append(call)

    def url_refused(self, view: InlineView, message: InlineMessage, url: str, deep_link: bool, reason: str) -> None:
        self.timeline.add(self.slot(view).name, f"refused {url}: {reason}")

    # The views' delegate (IL-06) ---------------------------------------------

    def processing_started(self, view: InlineView) -> None:
        self.timeline.add(self.slot(view).name, "processing a campaign")

    def render(self, view: InlineView, content: InlineContent) -> None:
        slot = self.slot(view)
        color = re.search(r'data-color="([^"]*)"', content.html)
        title = re.search(r"<h1>(.*?)</h1>", content.html)
        slot.color = color.group(1) if color else slot.color
        name = str(content.context.get("first_name", ""))
        slot.title = html.unescape(title.group(1)).replace("{{first_name}}", name) if title else slot.campaign
        slot.campaign = content.message.campaign_id
        self.timeline.add(slot.name, f"render {slot.campaign} (context {json.dumps(content.context)})")
        # The page is loaded and on screen; its script announces itself.
        view.report_content_shown(now_ms=self.now)
        self.post(slot, "ready")
        height = re.search(r'data-height="([^"]*)"', content.html)
        self.post(slot, "setComponentSize", {"width": SCREEN_WIDTH, "height": float(height.group(1)) if height else 100})

    def loaded(self, view: InlineView, message: InlineMessage) -> None:
        self.timeline.add(self.slot(view).name, f"loaded {message.campaign_id}")

    def updated(self, view: InlineView, message: InlineMessage) -> None:
        self.timeline.add(self.slot(view).name, f"updated to {message.campaign_id}")

    def failed(self, view: InlineView, message: Optional[InlineMessage], error: FrameError) -> None:
        self.timeline.add(self.slot(view).name, f"failed: {error.message}")

    def size_requested(self, view: InlineView, message: InlineMessage, width: float, height: float) -> None:
        slot = self.slot(view)
        slot.height = height
        view.set_size(width, height, now_ms=self.now)
        self.timeline.add(slot.name, f"content asks for {width:g} x {height:g}: laid out")

    def remove(self, view: InlineView, message: InlineMessage) -> None:
        slot = self.slot(view)
        slot.removed = True
        self.timeline.add(slot.name, f"remove {message.campaign_id}: taken off the screen")

    def reply(self, view: InlineView, text: str) -> None:
        self.timeline.add(self.slot(view).name, f"bridge <- {text}")

    # The story ---------------------------------------------------------------

    def run(self) -> None:
        self.timeline.add("app", "home screen appears: two home_hero views attached")
        for slot in self.slots:
            slot.view.attach(now_ms=self.now)
        self.driver.run_until_time(1_000)
        top = self.slots[0]
        self.post(top, "getComponentSize", answer=True)
        self.driver.run_until_time(2_000)
        self.timeline.add("app", "the shopper opens the cart: track_event(cart_viewed)")
        self.engine.inline.track_event("cart_viewed", {"items": 3}, now_ms=self.now)
        self.driver.run_until_time(3_000)
        self.timeline.add("app", "the shopper taps \"Get my coupon\" in the top banner")
        self.post(top, "customMethod", {"name": "getCoupon", "params": {"cart": "c-42"}}, answer=True)
        self.driver.run_until_time(3_200)
        self.calls[-1].resolve({"code": "FLASH30"}, now_ms=self.now)
        self.driver.run_until_time(4_000)
        self.post(top, "openUrl", {"url": "javascript:alert(document.cookie)"})
        self.post(top, "openDeeplink", {"url": "shop://cart"})
        self.driver.run_until_time(5_000)
        self.timeline.add("app", "the shopper closes the lower banner")
        self.post(self.slots[1], "close")
        self.driver.run_until_idle()

    def restart(self) -> None:
        """The process ends and starts again with the saved state."""
        # The new process starts at wall-clock minute 1 of the story: its
        # engine's time 0 is the story's 0:01:00.000.
        self.timeline.add("app", f"the app quits; at {clock(RESTART_MS)} it starts again and a new engine reads "
                          f"the {len(self.saved_state)} bytes saved")
        self.engine.close()
        self.timeline.offset = RESTART_MS
        self.engine, self.driver = self._start()
        self.timeline.clock = self.driver
        self.engine.import_state(self.saved_state, now_ms=0, wall_clock_ms=WALL_CLOCK_START + RESTART_MS)
        again = self.engine.new_inline_view("home_hero")
        again.delegate = self
        self.slots.append(Slot("after restart", again))
        again.attach(now_ms=self.now)
        self.driver.run_until_idle()
        self.explanation = self.engine.inline.explain("home_hero", now_ms=self.now)
        for campaign in self.explanation.candidates:
            self.timeline.add("engine", f"{campaign.id}: {why_not(campaign.reason, self.now, self.timeline.offset)}")

    # The picture ---------------------------------------------------------------

    def stack(self) -> List[Tuple[str, float, Optional[Slot]]]:
        """(label, height, slot) top to bottom at the end of the story;
        removed views take no space."""
        items: List[Tuple[str, float, Optional[Slot]]] = []
        order = ["top hero", None, "lower hero", "footer"]
        for name in order:
            if name is None:
                items.append(("your own content", APP_CONTENT_HEIGHT, None))
                continue
            slot = next((s for s in self.slots if s.name == name), None)
            if slot is not None and not slot.removed and slot.height > 0:
                items.append((name, slot.height, slot))
        return items

    def svg(self) -> str:
        blocks = [Block(height, label) if slot is None else
                  Block(height, f"{slot.view.placement_id or 'home_footer'} · {label} · {slot.campaign} · "
                        f"{height:g} pt", slot.color, slot.title)
                  for label, height, slot in self.stack()]
        notes: List[str] = []
        removed = [s.name for s in self.slots if s.removed]
        if removed:
            notes.append(f"closed by the shopper, no space taken: {', '.join(removed)}")
        capped = [c for c in (self.explanation.candidates if self.explanation else ()) if c.reason.code == "capped"]
        if capped:
            notes.append(f"after a restart: {capped[0].id} shown enough for today, not again")
        return phone_svg(blocks, SPACING, notes, bottom=56.0)


def build_parser(prog: str) -> argparse.ArgumentParser:
    parser = CommandParser(prog=f"{prog} demo-inline", description=(__doc__ or "").split("\n\n")[0],
                           epilog=EXIT_STATUS_HELP)
    parser.add_argument("--svg", type=Path, default=Path("out/inline.svg"),
                        help="where to write the screen (default: out/inline.svg)")
    add_explain_options(parser, "engine, inline:home_hero, inline:home_footer (after the restart)")
    add_record_argument(parser, "the first run's, then the one after the restart")
    return parser


def run_demo(arguments: Sequence[str]) -> int:
    """``frames demo-inline``: the story, the picture, the restart; the exit status."""
    args = build_parser(program_name()).parse_args(arguments)
    with EngineRecordings(args.record) as recordings:
        screen = InlineScreen(recordings=recordings)
        screen.run()
        try:
            args.svg.parent.mkdir(parents=True, exist_ok=True)
            picture = screen.svg()
            screen.restart()
            args.svg.write_text(screen.svg() if screen.explanation else picture, encoding="utf-8")
            print_explanations(screen.engine, args.explain, args.explain_json)
        except OSError as error:
            raise CommandError(f"cannot write {args.svg}: {error.strerror}") from None
        finally:
            screen.engine.close()
        print(f"\nThe screen at the end: {args.svg}")
        for label, item_height, _ in screen.stack():
            print(f"  {label:<20} {item_height:>6g} pt")
    return EXIT_OK


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m frames.demos.demo_inline`` (the same as ``frames demo-inline``)."""
    return run(run_demo, argv)


if __name__ == "__main__":
    sys.exit(main())
