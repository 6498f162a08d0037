"""The home screen of the App Frames full example, run against campaigns served
from a local folder: ``python -m frames demo``.

Two App Frames, ``home_top_banner`` and ``home_bottom_banner``, sit in a
vertical stack (spacing 16) around the app's own content. A virtual clock
drives the engine through a short story — load, an action tapped in the top
banner, the bottom banner closed by the user, a trip to the background and
back — and every status change, callback and analytics record is printed as
a timeline. At the end the screen is drawn as the user sees it: collapsed
frames take no space.

The campaigns folder plays the backend: ``placements.json`` answers the
placements fetch and every ``https://campaigns.local/<path>`` URL is the file
``<folder>/<path>``. Like a real backend it computes the checksums and
sizes, so the folder's files can be edited freely — and a file it cannot
read as JSON is served as it is, with one note naming the file, so the
timeline shows what the engine really does with it (a collapsed frame, an
error status), never a traceback.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ._command import EXIT_OK, EXIT_STATUS_HELP, CommandError, CommandParser, program_name, run
from ._recordings import EngineRecordings, add_record_argument
from ._timeline import Timeline
from .explain_option import add_explain_options, print_explanations
from ..engine import Engine, EngineOptions, Host
from ..frame import Frame, FrameDelegate
from ..records import AnalyticsRecord, Content, Request, Response
from .demo_phone import SCREEN_WIDTH, Block, phone_svg
from ..drivers import VirtualClockDriver
from ..status import AppState, FrameError, FrameErrorCode, FrameStatus

__all__ = ["CampaignFolder", "HomeScreen", "main"]

DEFAULT_FOLDER = Path(__file__).with_name("demo_campaigns")
ORIGIN = "https://campaigns.local/"
PLACEMENTS_URL = ORIGIN + "placements"
CONFIG = b'{"Insider": {"App Frames Enabled": true}}'
STACK_SPACING = 16.0
APP_CONTENT_HEIGHT = 220.0
PLACEMENTS = ("home_top_banner", "home_bottom_banner")


class CampaignFolder:
    """A folder of JSON files that answers the engine's requests the way a
    backend would: checksums and sizes are computed, never trusted.

    The files name each other under the placeholder origin ``ORIGIN``;
    ``origin`` serves them elsewhere (frames.demos.campaign_server: a loopback
    address) by rewriting it in the JSON documents before sealing."""

    def __init__(self, root: Path, origin: str = ORIGIN) -> None:
        self.root = root
        self.origin = origin
        self.requests = 0
        #: One line per file the folder could not seal (not JSON, not the
        #: expected shape): such a file is served as it is.
        self.notes: List[str] = []
        self._files: Dict[str, bytes] = {}
        content_dir = root / "content"
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.name != "placements.json":
                body = path.read_bytes()
                self._files[origin + path.relative_to(root).as_posix()] = (
                    self._rehomed(body) if path.suffix == ".json" else body)
        # Content documents name their assets; fill in what the files say.
        for url, body in list(self._files.items()):
            if url.startswith(origin + "content/") and (content_dir / url.rsplit("/", 1)[-1]).exists():
                self._files[url] = self._sealed(url[len(origin):], body, self._sealed_content)
        self._placements = self._sealed(
            "placements.json", self._rehomed((root / "placements.json").read_bytes()), self._sealed_placements)

    def _sealed(self, name: str, body: bytes, seal: "Callable[[bytes], bytes]") -> bytes:
        """``seal(body)``, or ``body`` itself with a note when the file is
        not the JSON document a backend would have written."""
        try:
            return seal(body)
        except json.JSONDecodeError as error:
            problem = f"is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        except UnicodeDecodeError:
            problem = "is not UTF-8 text"
        except (AttributeError, TypeError, KeyError) as error:
            problem = f"does not have the expected shape ({type(error).__name__}: {error})"
        if not body.strip():
            problem = "is empty"
        self.notes.append(f"{self.root / name} {problem}; served as it is")
        return body

    def _rehomed(self, body: bytes) -> bytes:
        return body if self.origin == ORIGIN else body.replace(ORIGIN.encode(), self.origin.encode())

    def _sealed_content(self, body: bytes) -> bytes:
        document = json.loads(body)
        for asset in document.get("assets") or []:
            data = self._files.get(asset.get("url", ""), b"")
            asset["size"] = len(data)
            asset["sha256"] = hashlib.sha256(data).hexdigest()
        return json.dumps(document, indent=1).encode("utf-8")

    def _sealed_placements(self, body: bytes) -> bytes:
        document = json.loads(body)
        for placement in document.get("placements", {}).values():
            for campaign in placement.get("campaigns", []):
                for variant in campaign.get("variants", []):
                    content = variant.get("content", {})
                    data = self._files.get(content.get("url", ""), b"")
                    content["sha256"] = hashlib.sha256(data).hexdigest()
        return json.dumps(document, indent=1).encode("utf-8")

    def __call__(self, request: Request) -> Response:
        self.requests += 1
        if request.url == self.origin + "placements":
            return Response(200, self._placements, latency_ms=120)
        body = self._files.get(request.url)
        if body is None:
            return Response(404, latency_ms=40)
        return Response(200, body, latency_ms=60)


@dataclass
class Slot:
    """One App Frame of the stack and what the host drew in it."""

    placement_id: str
    frame: Frame
    title: str = ""
    color: str = "#90a4ae"
    in_stack: bool = True


class HomeScreen(Host, FrameDelegate):
    """The host: it owns the stack, draws templates (here: reads the
    template's data-height, data-color and <h1>) and reports back."""

    def __init__(self, folder: Path, echo: bool = True, recordings: Optional[EngineRecordings] = None) -> None:
        self.backend = CampaignFolder(folder)
        options = EngineOptions(placements_url=PLACEMENTS_URL, device_id="demo-device", random_seed=7)
        self.engine = Engine(CONFIG, options, host=self, record=recordings.writer() if recordings else None)
        self.driver = VirtualClockDriver(self.engine, self.backend)
        self.timeline = Timeline(self.driver, echo=echo)
        self.slots: Dict[int, Slot] = {}
        self.opened: List[str] = []
        self.contents: Dict[str, Content] = {}
        for note in self.backend.notes:
            self.timeline.add("campaigns", note)
        for placement_id in PLACEMENTS:
            frame = self.engine.new_frame()
            frame.delegate = self
            frame.set_placement(placement_id, now_ms=self.now)
            self.slots[id(frame)] = Slot(placement_id, frame)

    @property
    def now(self) -> int:
        return self.driver.now

    def slot(self, frame: Frame) -> Slot:
        return self.slots[id(frame)]

    # The host side of the engine -----------------------------------------

    def analytics(self, record: AnalyticsRecord) -> None:
        extra = " ".join(f"{k}={v}" for k, v in record.fields.items())
        self.timeline.add(record.placement_id or "-", f"analytics {record.name} campaign={record.campaign_id} "
                          f"variant={record.variant_id} session={record.session_id} {extra}".rstrip())

    def render(self, frame: Frame, content: Content) -> None:
        slot = self.slot(frame)
        self.contents[slot.placement_id] = content
        height = _attribute(content.html, "data-height", 100.0)
        slot.color = str(_attribute(content.html, "data-color", "#90a4ae"))
        match = re.search(r"<h1>(.*?)</h1>", content.html)
        slot.title = html.unescape(match.group(1)) if match else content.campaign_id
        assets = len(content.assets)
        self.timeline.add(slot.placement_id, f"draws {content.campaign_id} (variant {content.variant_id}, "
                          f"{assets} asset{'' if assets == 1 else 's'}): {height:g} pt tall")
        frame.report_rendered(float(height), now_ms=self.now)
        frame.set_laid_out_size(SCREEN_WIDTH, frame.intrinsic_height, now_ms=self.now)

    def open_url(self, url: str) -> bool:
        self.opened.append(url)
        self.timeline.add("app", f"opens {url}")
        return True

    # The delegate of both frames -----------------------------------------

    def status_changed(self, frame: Frame, status: FrameStatus, previous: FrameStatus) -> None:
        self.timeline.add(self.slot(frame).placement_id, f"status {previous.string_value} -> {status.string_value}")

    def failed(self, frame: Frame, error: FrameError) -> None:
        self.timeline.add(self.slot(frame).placement_id, f"failed {FrameErrorCode(error.code).string_value}: {error.message}")

    def height_requested(self, frame: Frame, height: float) -> None:
        self.timeline.add(self.slot(frame).placement_id, f"asks the stack for {height:g} pt")

    def dismiss_requested(self, frame: Frame) -> None:
        slot = self.slot(frame)
        self.timeline.add(slot.placement_id, "dismiss requested -> removed from the stack")
        slot.in_stack = False
        frame.close()

    def action_triggered(self, frame: Frame, data: Dict[str, Any]) -> None:
        self.timeline.add(self.slot(frame).placement_id, f"action data {json.dumps(data, sort_keys=True)}")

    # The story -----------------------------------------------------------

    def frame_of(self, placement_id: str) -> Frame:
        return next(s.frame for s in self.slots.values() if s.placement_id == placement_id)

    def run(self) -> None:
        self.timeline.add("app", "home screen appears: both frames attached")
        for slot in self.slots.values():
            slot.frame.attach(now_ms=self.now)
        self.driver.run_until_time(1_500)
        self.tap("home_top_banner")
        self.driver.run_until_time(3_000)
        self.close("home_bottom_banner")
        self.driver.run_until_time(5_000)
        self.timeline.add("app", "app goes to the background")
        self.engine.set_app_state(AppState.BACKGROUND, now_ms=self.now)
        self.driver.run_until_time(65_000)
        self.timeline.add("app", "app comes back: placements refresh, the top banner stays")
        self.engine.set_app_state(AppState.ACTIVE, now_ms=self.now)
        self.driver.run_until_idle()
        self.timeline.add("app", f"done: {self.backend.requests} request(s) served by the campaigns folder")

    def tap(self, placement_id: str) -> None:
        """The user taps the first action the banner shows — only one that
        exists, on a banner that is on screen."""
        frame = self.frame_of(placement_id)
        content = self.contents.get(placement_id)
        if frame.closed or frame.status != FrameStatus.READY or content is None or not content.action_ids:
            self.timeline.add("app", f"nothing to tap in {placement_id} ({self.state_of(frame)})")
            return
        action = content.action_ids[0]
        self.timeline.add("app", f"user taps \"{action}\" in {placement_id}")
        frame.report_action(action, now_ms=self.now)

    def close(self, placement_id: str) -> None:
        """The user closes the banner, if it is on screen."""
        frame = self.frame_of(placement_id)
        if frame.closed or frame.status != FrameStatus.READY:
            self.timeline.add("app", f"nothing to close in {placement_id} ({self.state_of(frame)})")
            return
        self.timeline.add("app", f"user closes {placement_id}")
        frame.report_dismissed(now_ms=self.now)

    @staticmethod
    def state_of(frame: Frame) -> str:
        return "removed" if frame.closed else frame.status.string_value

    # The picture ---------------------------------------------------------

    def stack(self) -> List[Tuple[str, float, Optional[Slot]]]:
        """(label, height, slot) of every visible item, top to bottom;
        frames with no content collapse to zero height and take no space."""
        items: List[Tuple[str, float, Optional[Slot]]] = []
        for placement_id, app_content in (("home_top_banner", False), (None, True), ("home_bottom_banner", False)):
            if app_content:
                items.append(("your own content", APP_CONTENT_HEIGHT, None))
                continue
            slot = next(s for s in self.slots.values() if s.placement_id == placement_id)
            height = 0.0 if (not slot.in_stack or slot.frame.closed) else slot.frame.intrinsic_height
            if height > 0:
                items.append((placement_id or "", height, slot))
        return items

    def svg(self) -> str:
        blocks = [Block(height, label) if slot is None else
                  Block(height, f"{label} · {height:g} pt · {slot.frame.status.string_value}", slot.color, slot.title)
                  for label, height, slot in self.stack()]
        shown = {id(slot) for _, _, slot in self.stack()}
        collapsed = [s.placement_id or "" for s in self.slots.values() if id(s) not in shown]
        notes = [f"collapsed, no space taken: {', '.join(collapsed)}"] if collapsed else []
        return phone_svg(blocks, STACK_SPACING, notes)


def _attribute(text: str, name: str, default: Any) -> Any:
    match = re.search(rf'{name}="([^"]*)"', text)
    if not match:
        return default
    value = html.unescape(match.group(1))
    return float(value) if isinstance(default, float) else value


def build_parser(prog: str) -> argparse.ArgumentParser:
    parser = CommandParser(prog=f"{prog} demo", description=(__doc__ or "").split("\n\n")[0],
                           epilog=EXIT_STATUS_HELP)
    parser.add_argument("--campaigns", type=Path, default=DEFAULT_FOLDER,
                        help="folder with placements.json and the files it points to (default: the bundled "
                        "demo_campaigns folder)")
    parser.add_argument("--svg", type=Path, default=Path("out/home.svg"),
                        help="where to write the screen (default: out/home.svg)")
    add_explain_options(parser, "engine, frame-1 and frame-2 (home_top_banner, home_bottom_banner; one the "
                        "user closes is freed), inline:<placement id>")
    add_record_argument(parser, "the home screen's")
    return parser


def run_demo(arguments: Sequence[str]) -> int:
    """``frames demo``: the story, then the picture; the exit status."""
    args = build_parser(program_name()).parse_args(arguments)
    if not (args.campaigns / "placements.json").is_file():
        raise CommandError(f"{args.campaigns} has no placements.json")
    with EngineRecordings(args.record) as recordings:
        screen = HomeScreen(args.campaigns, recordings=recordings)
        with screen.engine:
            screen.run()
            try:
                args.svg.parent.mkdir(parents=True, exist_ok=True)
                args.svg.write_text(screen.svg(), encoding="utf-8")
            except OSError as error:
                raise CommandError(f"cannot write {args.svg}: {error.strerror}") from None
            print(f"\nThe screen at the end: {args.svg}")
            for label, item_height, slot in screen.stack():
                print(f"  {label:<20} {item_height:>6g} pt")
            print_explanations(screen.engine, args.explain, args.explain_json)
    return EXIT_OK


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m frames.demos.demo`` (the same as ``frames demo``)."""
    return run(run_demo, argv)


if __name__ == "__main__":
    sys.exit(main())
