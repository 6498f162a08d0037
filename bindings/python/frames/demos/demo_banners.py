"""Banner places at run time on a simulated home screen: ``python -m frames demo-banners``.

A home screen shows the same banner list (``banners.json`` of the campaigns
folder, bundled: ``demo_campaigns``) in two banner places: a carousel at the
top (``home_carousel``) and a vertical list of deals in a 400 pt high scroll
area below it (``deals_list``). The list names five banners; one is marked
``"available": false`` and one has no content file, so its row fails. A
virtual clock drives the engine through a short story:

1. launch: the carousel's list is preloaded (BN-14); when the home screen
   appears the carousel is created from the cache, with no request;
2. the carousel pages by itself, each banner for its own duration (BN-09),
   counting down on the failed banner's page too, then moving past it
   (BN-16); every index change is a didScroll (BN-08);
3. the deals list loads from the server; its rows become ready one by one;
   the banners more than 75 % visible play, muted, and count one view each
   (BN-10, BN-13); the user scrolls, the app jumps to a row (show_banner),
   the failed row is retried on its own (BN-16);
4. a touch restarts the carousel's countdown (BN-09); the user taps "next"
   and a page dot (show_next, show_banner, BN-08);
5. the app goes to the background and back: everything pauses and resumes
   (BN-09, BN-11);
6. a pull to refresh reloads the carousel: a new load, back to the first
   page (didScroll 0) and a new view for it (BN-13, BN-15).

Every callback the host receives and every analytics record is printed as a
timeline; the final screen is drawn as an SVG picture with --svg.
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Set

from ._command import EXIT_OK, EXIT_STATUS_HELP, CommandError, CommandParser, program_name, run
from ._recordings import EngineRecordings, add_record_argument
from .explain_option import add_explain_options, print_explanations
from .. import (
    AnalyticsRecord, Appearance, AppState, BannerInfo, BannerPlace, BannerPlaceDelegate, BannersDelegate, Engine,
    EngineOptions,
    FrameError, FrameErrorCode, Host, LayoutType, Navigation, Rect, Request, Response, RowState,
    VirtualClockDriver,
)
from ._timeline import Timeline, duration
from .demo import DEFAULT_FOLDER
from .demo_banner_folder import BANNERS_URL, BannerFolder
from .svg import percent

__all__ = ["BannerScreen", "Slot", "main"]

CAROUSEL = "home_carousel"
DEALS = "deals_list"
SCREEN_WIDTH = 390.0
#: The visible height of the deals list's scroll area.
DEALS_HEIGHT = 400.0


@dataclass
class Slot:
    """A banner place on the screen and what the host knows of it."""

    place: BannerPlace
    appearance: Appearance
    #: The width the host gave it.
    width: float
    #: What the host shows of the place's content (None: the place's own
    #: bounds, for the carousel, which pages by itself).
    viewport: Optional[Rect] = None
    #: The banners by index, as the callbacks named them.
    banners: Dict[int, BannerInfo] = field(default_factory=dict)
    #: The ids of failed rows no callback named, from place.banner_id (BN-16).
    ids: Dict[int, str] = field(default_factory=dict)
    titles: Dict[int, str] = field(default_factory=dict)
    count: int = 0
    height: float = 0.0
    views: List[str] = field(default_factory=list)
    #: The banners the host is playing now.
    playing: Set[int] = field(default_factory=set)

    @property
    def name(self) -> str:
        return self.place.placement_id

    def banner(self, index: int) -> str:
        info = self.banners.get(index)
        banner_id = info.id if info is not None else self.ids.get(index, "?")
        return f"{index} {banner_id}"


class _ScreenHost(Host, BannersDelegate):
    """The engine's host and banners delegate: analytics and preloads go to
    the screen."""

    def __init__(self, screen: "BannerScreen") -> None:
        self.screen = screen

    def analytics(self, record: AnalyticsRecord) -> None:
        extra = " ".join(f"{k}={v}" for k, v in record.fields.items())
        self.screen.timeline.add(record.placement_id or "-", f"analytics {record.name} {extra}".rstrip())
        slot = self.screen.slots.get(record.placement_id or "")
        if slot is not None and record.name == "banners.view":
            slot.views.append(record.fields.get("banner_id", record.campaign_id or "?"))

    def preloaded(self, placement_id: str, banners: Optional[List[BannerInfo]], error: Optional[FrameError]) -> None:
        screen = self.screen
        if banners is None:
            screen.timeline.add(placement_id, f"preload failed: {error.message if error else '?'}")
            return
        screen.preloads[placement_id] = banners
        failed = [f"{b.id} ({_code(b.content_error)})" for b in banners if b.content_error is not None]
        screen.timeline.add(placement_id, f"preloaded {len(banners)} banner(s): {', '.join(b.id for b in banners)}"
                            + (f"; content failed: {', '.join(failed)}" if failed else ""))


class BannerScreen(BannerPlaceDelegate):
    """The host: two banner places on a home screen, their "web views"
    (here: the content's <h1> is read) and the user's gestures."""

    def __init__(self, folder: Path, echo: bool = True, recordings: Optional[EngineRecordings] = None) -> None:
        self.backend = BannerFolder(folder)
        self.engine = Engine(b"", EngineOptions(banners_url=BANNERS_URL, device_id="demo-device", random_seed=7),
                             host=_ScreenHost(self), record=recordings.writer() if recordings else None)
        self.engine.banners.delegate = self.engine.host
        self.driver = VirtualClockDriver(self.engine, self._serve)
        self.timeline = Timeline(self.driver, echo=echo)
        self.slots: Dict[str, Slot] = {}
        self.preloads: Dict[str, List[BannerInfo]] = {}
        self.list_requests = 0
        self.timeline.add("campaigns", f"{self.backend.path.name} lists {len(self.backend.summary)} banner(s): "
                          + ", ".join(self.backend.summary))

    @property
    def now(self) -> int:
        return self.driver.now

    def _serve(self, request: Request) -> Response:
        answer = self.backend(request)
        if request.url == BANNERS_URL:
            self.list_requests += 1
            self.timeline.add("campaigns", f"{request.method} {request.url} -> the banner list")
        elif answer.status != 200:
            self.timeline.add("campaigns", f"{request.method} {request.url} -> {answer.status}")
        return answer

    def add(self, placement_id: str, appearance: Appearance, viewport: Optional[Rect]) -> Slot:
        place = self.engine.new_banner_place(placement_id, appearance)
        slot = self.slots[placement_id] = Slot(place, appearance, SCREEN_WIDTH, viewport)
        place.delegate = self
        place.set_container(SCREEN_WIDTH, False, now_ms=self.now)
        if viewport is not None:
            place.set_viewport(viewport, now_ms=self.now)
        for index, banner in enumerate(self.preloads.get(placement_id, [])):
            slot.banners[index] = banner
        return slot

    def slot(self, place: BannerPlace) -> Slot:
        return self.slots[place.placement_id]

    def say(self, place: BannerPlace, what: str) -> None:
        self.timeline.add(place.placement_id, what)

    # The places' delegate (BN-08..BN-17) ----------------------------------

    def updated(self, place: BannerPlace, is_content: bool, count: int, list_height: float) -> None:
        slot = self.slot(place)
        slot.count, slot.height = count, list_height
        self.say(place, f"didUpdate: {count} banner(s), height {list_height:g}" if is_content else "didUpdate: empty")

    def loaded(self, place: BannerPlace, placement_id: str) -> None:
        self.say(place, "bannersLoaded")

    def render(self, place: BannerPlace, index: int, banner: BannerInfo, content: bytes) -> None:
        slot = self.slot(place)
        slot.banners[index] = banner
        text = content.decode("utf-8", "replace")
        title = re.search(r"<h1>(.*?)</h1>", text)
        slot.titles[index] = html.unescape(title.group(1)) if title else banner.id
        self.say(place, f"render {slot.banner(index)} (plays {duration(banner.duration_ms)}): \"{slot.titles[index]}\"")

    def row_failed(self, place: BannerPlace, index: int, error: FrameError) -> None:
        slot = self.slot(place)
        # The callback names the row, not the banner: a place that loaded
        # its own list asks the place which banner the row is (BN-16); the
        # error's message says why, naming the content's URL.
        said = "" if index in slot.banners else f" — {error.message}"
        slot.ids[index] = place.banner_id(index)
        self.say(place, f"row {slot.banner(index)} failed, keeps its space: {_code(error)} "
                 f"(HTTP {error.http_status}){said}")

    def shown(self, place: BannerPlace, index: int, banner: BannerInfo) -> None:
        self.slot(place).banners[index] = banner
        self.say(place, f"show {index} {banner.id}")

    def playback_changed(self, place: BannerPlace, index: int, playing: bool, from_start: bool) -> None:
        slot = self.slot(place)
        banner = slot.banner(index)
        if not playing:
            what = f"pause {banner}"
        elif index in slot.playing:
            what = f"play {banner} again: its run ended (it repeats, no new view)"
        else:
            what = f"play {banner} from the start" if from_start else f"resume {banner}"
        (slot.playing.add if playing else slot.playing.discard)(index)
        self.say(place, what)

    def scrolled(self, place: BannerPlace, index: int) -> None:
        self.say(place, f"didScroll {self.slot(place).banner(index)}")

    # The story -----------------------------------------------------------

    def run(self) -> None:
        app = self.timeline.add
        app("app", f"launch: banners.preload({CAROUSEL})")
        self.engine.banners.preload(CAROUSEL, now_ms=self.now)
        self.driver.run_until_time(500)
        app("app", f"home screen appears: {CAROUSEL} (carousel) created from the preload")
        carousel = self.add(CAROUSEL, Appearance(layout=LayoutType.CAROUSEL, side_inset=16), None).place
        carousel.attach(now_ms=self.now)
        self.driver.run_until_time(2_000)
        app("app", f"{DEALS} (vertical list) scrolls in, {DEALS_HEIGHT:g} pt of it visible: created, loads")
        deals = self.add(DEALS, Appearance(layout=LayoutType.VERTICAL_LIST, side_inset=16),
                         Rect(0, 0, SCREEN_WIDTH, DEALS_HEIGHT)).place
        deals.attach(now_ms=self.now)
        self.driver.run_until_time(2_400)
        self.visible(deals)
        self.driver.run_until_time(6_500)
        self.touch(carousel)
        self.driver.run_until_time(9_000)
        self.scroll_deals(120.0, "the user scrolls the deals")
        self.driver.run_until_time(11_000)
        last = self.slot(deals).count - 1
        if last >= 0:
            self.navigate(deals, f"the app jumps to the last deal: show_banner({last})",
                          lambda: deals.show_banner(last, now_ms=self.now))
        self.driver.run_until_time(13_000)
        self.retry(deals)
        self.driver.run_until_time(17_000)
        self.navigate(carousel, "the user taps \"next\": show_next()", lambda: carousel.show_next(now_ms=self.now))
        self.driver.run_until_time(18_000)
        if self.slot(carousel).count > 1:
            self.navigate(carousel, "the user taps page dot 1: show_banner(1)",
                          lambda: carousel.show_banner(1, now_ms=self.now))
        self.driver.run_until_time(20_000)
        app("app", "the app goes to the background")
        self.engine.set_app_state(AppState.BACKGROUND, now_ms=self.now)
        self.driver.run_until_time(30_000)
        app("app", "the app comes back")
        self.engine.set_app_state(AppState.ACTIVE, now_ms=self.now)
        self.driver.run_until_time(32_000)
        app("app", f"pull to refresh: {CAROUSEL}.refresh(), a new load")
        carousel.refresh(now_ms=self.now)
        self.driver.run_until_time(36_000)
        self.visible(deals)
        for slot in self.slots.values():
            app(slot.name, f"views counted: {', '.join(slot.views) or 'none'}")
        app("app", f"done: {self.list_requests} banner list request(s) for {len(self.slots)} places "
            "(the carousel's create read the preload)")

    def touch(self, place: BannerPlace) -> None:
        """The user touches the carousel: its countdown restarts (BN-09)."""
        index = place.current_index
        rows = place.rows(now_ms=self.now)
        played = f", {duration(rows[index].position_ms)} into {self.slot(place).banner(index)}" if index < len(rows) else ""
        self.timeline.add("app", f"the user touches {place.placement_id}{played}: user_interacted(), "
                          "the countdown starts again")
        place.report_user_interaction(now_ms=self.now)

    def scroll_deals(self, y: float, why: str) -> None:
        slot = self.slots[DEALS]
        y = max(0.0, min(y, slot.height - DEALS_HEIGHT))
        self.timeline.add("app", f"{why}: {y:g} to {y + DEALS_HEIGHT:g} pt of it now on screen")
        slot.viewport = Rect(0, y, SCREEN_WIDTH, DEALS_HEIGHT)
        slot.place.set_viewport(slot.viewport, now_ms=self.now)
        self.visible(slot.place)

    def visible(self, place: BannerPlace) -> None:
        """One line: each row's state, visible share (BN-10) and playback."""
        slot = self.slot(place)
        rows = []
        for index, row in enumerate(place.rows(now_ms=self.now)):
            share = "?" if row.share is None else percent(row.share)
            state = "plays" if row.playing else ("failed" if row.state == RowState.FAILED else "paused")
            rows.append(f"{slot.banner(index)} {share} {state}")
        self.say(place, "rows: " + (" | ".join(rows) or "none"))

    def navigate(self, place: BannerPlace, what: str, call: Callable[[], Navigation]) -> None:
        self.timeline.add("app", what)
        navigation = call()
        if navigation.offset is None:
            self.say(place, f"nothing moves (index {navigation.index})")
            return
        offset = navigation.offset
        self.say(place, f"the host scrolls its content to ({offset.x:g}, {offset.y:g})")
        if place.placement_id == DEALS:
            self.scroll_deals(offset.y, "the deals list scrolled")

    def retry(self, place: BannerPlace) -> None:
        failed = [i for i, row in enumerate(place.rows(now_ms=self.now)) if row.state == RowState.FAILED]
        if not failed:
            self.timeline.add("app", f"no failed row to retry in {place.placement_id}")
            return
        self.timeline.add("app", f"the user taps \"retry\" on row {failed[0]}: retry_row({failed[0]})")
        place.retry_row(failed[0], now_ms=self.now)


def _code(error: Optional[FrameError]) -> str:
    if error is None:
        return "-"
    return error.code.string_value if isinstance(error.code, FrameErrorCode) else str(error.code)


def build_parser(prog: str) -> argparse.ArgumentParser:
    parser = CommandParser(prog=f"{prog} demo-banners", description=(__doc__ or "").split("\n\n")[0],
                           epilog=EXIT_STATUS_HELP)
    parser.add_argument("--campaigns", type=Path, default=DEFAULT_FOLDER,
                        help="folder with banners.json and the banner contents it points to (default: the "
                        "bundled demo_campaigns folder)")
    parser.add_argument("--svg", type=Path, default=None, help="where to draw the screen at the end (default: none)")
    add_explain_options(parser, "engine, banner_place-1 (the carousel), banner_place-2 (the list)")
    add_record_argument(parser, "one, the home screen's")
    return parser


def run_demo(arguments: Sequence[str]) -> int:
    """``frames demo-banners``: the story, then the picture; the exit status."""
    from .demo_banners_picture import screen_svg

    args = build_parser(program_name()).parse_args(arguments)
    with EngineRecordings(args.record) as recordings:
        screen = BannerScreen(args.campaigns, recordings=recordings)
        with screen.engine:
            screen.run()
            if args.svg is not None:
                try:
                    args.svg.parent.mkdir(parents=True, exist_ok=True)
                    args.svg.write_text(screen_svg(screen), encoding="utf-8")
                except OSError as error:
                    raise CommandError(f"cannot write {args.svg}: {error.strerror}") from None
                print(f"\nThe screen at the end: {args.svg}")
            print_explanations(screen.engine, args.explain, args.explain_json)
    return EXIT_OK


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m frames.demos.demo_banners`` (the same as ``frames demo-banners``)."""
    return run(run_demo, argv)


if __name__ == "__main__":
    sys.exit(main())
