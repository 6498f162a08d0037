"""Modal in-app messages delivered by silent push (IM-01..IM-07), the way a
host lives them: ``python -m frames.demos.demo_messages`` (``frames demo`` runs it
after the home screen).

A virtual clock drives one afternoon of an app. Silent pushes arrive on a
thread of their own, as the operating system delivers them; the host hands
each one to :meth:`frames.Engine.handle_notification` there, the engine's
wake-up tells the owner's loop to call in, and the engine decides: shown at
once, kept for the next activation (the newest, for 6 hours), or discarded.
The timeline prints every decision, callback and analytics record; at the
end the last message presented is drawn as an SVG the way a host draws it —
card, image, texts in the fonts the resolver gave, buttons (drawn by
demo_messages_svg).
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

from ._command import EXIT_OK, EXIT_STATUS_HELP, CommandError, CommandParser, program_name, run
from ._recordings import EngineRecordings, add_record_argument
from .explain_option import add_explain_options, print_explanations
from .demo_messages_svg import DemoFont, describe_font, draw, texts_of
from ..engine import Engine, EngineOptions, Host
from ..messages import Message, MessagesDelegate
from ..records import AnalyticsRecord
from ..status import AppState

__all__ = ["MessagesStory", "DemoFont", "main", "run_messages_demo"]

MINUTE = 60_000
HOUR = 60 * MINUTE
SENT = 1_714_550_400_000  # the backend's clock: 2024-05-01 08:00 UTC


#: The fonts the app ships, by the panel's font name.
APP_FONTS = {
    "Montserrat-Bold": DemoFont("DejaVu Sans", "bold"),
    "Montserrat-SemiBold": DemoFont("DejaVu Sans", "bold"),
}


def push(message_id: str, minutes_sent: int, content: Dict[str, Any], user_id: Optional[str] = None) -> Dict[str, Any]:
    """A silent push's data as the app receives it (docs/wire-format.md §7)."""
    message: Dict[str, Any] = {"id": message_id, "sent_at": SENT + minutes_sent * MINUTE,
                               "campaign_id": message_id.rsplit("-", 1)[0], "content": content}
    if user_id is not None:
        message["user_id"] = user_id
    return {"aps": {"content-available": 1}, "frames_message": message}


def card(title: str, body: str, buttons: List[Dict[str, Any]], image: Optional[Dict[str, str]] = None,
         background: str = "#FFFFFF") -> Dict[str, Any]:
    content: Dict[str, Any] = {
        "background_color": background,
        "title": {"text": title, "color": "#1B5E20", "font": {"name": "Montserrat-Bold", "size": 22}},
        "body": {"text": body, "color": "#37474F", "font": {"name": "Montserrat-Regular", "size": 15}},
        "buttons": buttons,
    }
    if image is not None:
        content["image"] = image
    return content


WELCOME = push("welcome-1", 0, card(
    "Welcome back, Alice!", "Your basket is waiting for you.",
    [{"label": {"text": "Open basket", "font": {"name": "Montserrat-SemiBold", "size": 17}},
      "url": "https://shop.example.com/basket", "background_color": "#2E7D32"},
     {"label": {"text": "Later", "color": "#2E7D32"}, "background_color": "#E8F5E9"}]))
FLASH_1 = push("flash-1", 60, card("Flash sale", "Everything -20 % for two hours.",
                                   [{"label": {"text": "Shop"}, "url": "https://shop.example.com/flash"}]))
FLASH_2 = push("flash-2", 120, card(
    "Flash sale: 30% off", "The whole garden shop, until Sunday. Your coupon is already in your account.",
    [{"label": {"text": "My offers", "font": {"name": "Montserrat-SemiBold", "size": 17}},
      "url": "shopandgo://offers", "background_color": "#2E7D32"},
     {"label": {"text": "Not now", "color": "#2E7D32"}, "background_color": "#E8F5E9"}],
    image={"url": "https://cdn.example.com/messages/garden.png", "alt": "Flowers in a basket"},
    background="#FFF8E1"))
LATE = push("reminder-1", 250, card("Still thinking?", "Your basket misses you.",
                                    [{"label": {"text": "Open basket"}, "url": "https://shop.example.com/basket"}]))
FOR_ALICE = push("coupon-1", 700, card("A coupon for you", "10 % off your next order.",
                                       [{"label": {"text": "Use it"}, "url": "shopandgo://coupons"}]), user_id="alice")


@dataclass
class Timeline:
    """One line per event, at the virtual time."""

    lines: List[str] = field(default_factory=list)
    echo: bool = True

    def add(self, now: int, who: str, what: str) -> None:
        hours, rest = divmod(now, HOUR)
        line = f"{hours:>2}:{rest // MINUTE:02d}:{rest % MINUTE // 1000:02d}  {who:<12} {what}"
        self.lines.append(line)
        if self.echo:
            print(line)


class MessagesStory(Host, MessagesDelegate):
    """The host: an owner loop with a wake-up event, the messages delegate
    that draws and routes the app's own links, a can-open check and a font
    resolver — the parts ``engine.messages`` takes."""

    def __init__(self, echo: bool = True, recordings: Optional[EngineRecordings] = None) -> None:
        self.now = 0
        self.timeline = Timeline(echo=echo)
        self.engine = Engine(b"", EngineOptions(device_id="demo-device"), host=self,
                             record=recordings.writer() if recordings else None)
        self.woken = threading.Event()
        self.shown: Optional[Message] = None
        self.last_shown: Optional[Message] = None
        self.opened: List[str] = []
        messages = self.engine.messages
        messages.delegate = self
        messages.can_open_url = self.can_open
        messages.font_resolver = self
        messages.wakeup = self.woken.set  # on the push thread: just a flag

    # The host side ---------------------------------------------------------

    def analytics(self, record: AnalyticsRecord) -> None:
        fields = " ".join(f"{k}={v}" for k, v in record.fields.items() if k != "message_id")
        self.timeline.add(self.now, "analytics", f"{record.name} {record.fields.get('message_id')} {fields}".rstrip())

    def open_url(self, url: str) -> bool:
        self.opened.append(url)
        self.timeline.add(self.now, "host", f"opens {url}")
        return True

    def present(self, message: Message) -> None:
        self.shown = self.last_shown = message
        fonts = ", ".join(f"{part} {describe_font(text)}" for part, text in texts_of(message))
        self.timeline.add(self.now, "presenter", f"draws {message.id}: \"{message.title.text if message.title else ''}\" "
                          f"({len(message.buttons)} buttons; {fonts})")

    def close(self, message_id: str) -> None:
        self.timeline.add(self.now, "presenter", f"removes {message_id}")
        self.shown = None

    def link_tapped(self, url: str, message_id: str) -> bool:
        takes = url.startswith("shopandgo://")
        self.timeline.add(self.now, "click handler", f"{url}: {'routed in the app' if takes else 'left to the engine'}")
        return takes

    def can_open(self, url: str) -> bool:
        return url.startswith("https://")

    def resolve_font(self, name: str, size: float) -> Optional[object]:
        return APP_FONTS.get(name)

    # The owner's loop and the OS --------------------------------------------

    def at(self, now: int) -> None:
        """Moves the clock, calling in whenever the engine's deadline or a
        wake-up says so."""
        while True:
            deadline = self.engine.next_deadline()
            if self.woken.is_set() or (deadline is not None and deadline <= now):
                self.woken.clear()
                self.now = max(self.now, min(now, deadline if deadline is not None else now))
                self.engine.on_timeout(now_ms=self.now)
                continue
            break
        self.now = now

    def deliver(self, data: Dict[str, Any], note: str = "") -> None:
        """The operating system hands a silent push to the app on a thread
        of its own; the app forwards it with the time it arrived."""
        outcomes: List[Any] = []

        def os_thread() -> None:
            outcomes.append(self.engine.messages.handle_notification(json.dumps(data), now_ms=self.now))

        thread = threading.Thread(target=os_thread, name="push")
        thread.start()
        thread.join()
        message_id = data["frames_message"]["id"]
        self.timeline.add(self.now, "push thread", f"{message_id} handed in: {outcomes[0].result.name.lower()}"
                          + (f" ({note})" if note else ""))
        self.at(self.now)  # woken: the owner calls in

    def user(self, what: str) -> None:
        self.timeline.add(self.now, "user", what)

    def run(self) -> None:
        self.timeline.add(self.now, "app", "active")
        self.at(1_000)
        self.deliver(WELCOME, "app active: shown at once")
        self.at(3_000)
        assert self.shown is not None
        self.shown.report_displayed(now_ms=self.now)
        self.at(6_000)
        self.user("taps \"Open basket\"")
        self.shown.report_button_tapped(0, now_ms=self.now)
        self.at(10_000)
        self.timeline.add(self.now, "app", "goes to the background")
        self.engine.set_app_state(AppState.BACKGROUND, now_ms=self.now)
        self.at(1 * HOUR)
        self.deliver(FLASH_1, "background: kept")
        self.at(2 * HOUR)
        self.deliver(FLASH_2, "newer: replaces flash-1")
        self.at(2 * HOUR + 30 * MINUTE)
        self.deliver(FLASH_2, "the push service delivered it again")
        self.at(3 * HOUR)
        self.timeline.add(self.now, "app", "becomes active: the waiting message is shown")
        self.engine.set_app_state(AppState.ACTIVE, now_ms=self.now)
        self.at(3 * HOUR + 2_000)
        assert self.shown is not None
        self.shown.report_displayed(now_ms=self.now)
        self.at(3 * HOUR + 9_000)
        self.user("taps \"My offers\"")
        self.shown.report_button_tapped(0, now_ms=self.now)
        self.at(3 * HOUR + MINUTE)
        self.timeline.add(self.now, "app", "goes to the background")
        self.engine.set_app_state(AppState.BACKGROUND, now_ms=self.now)
        self.at(4 * HOUR)
        self.deliver(LATE, "background: kept")
        self.at(10 * HOUR + MINUTE)
        self.timeline.add(self.now, "app", "becomes active, 6 h 1 min after reminder-1 came: nothing to show")
        self.engine.set_app_state(AppState.ACTIVE, now_ms=self.now)
        self.timeline.add(self.now, "app", "alice logs in, the app goes to the background")
        self.engine.set_user("alice", now_ms=self.now)
        self.engine.set_app_state(AppState.BACKGROUND, now_ms=self.now)
        self.at(11 * HOUR)
        self.deliver(FOR_ALICE, "for alice: kept")
        self.at(11 * HOUR + 30 * MINUTE)
        self.timeline.add(self.now, "app", "alice logs out")
        self.engine.set_user(None, now_ms=self.now)
        self.at(12 * HOUR)
        self.engine.set_app_state(AppState.ACTIVE, now_ms=self.now)
        self.timeline.add(self.now, "app", "active again: nothing waits")

    # The picture ----------------------------------------------------------

    def svg(self) -> str:
        message = self.last_shown
        if message is None:
            raise RuntimeError("no message was presented")
        return draw(message)


def run_messages_demo(svg: Path, echo: bool = True, explain: Sequence[str] = (), explain_json: bool = False,
                      recordings: Optional[EngineRecordings] = None) -> MessagesStory:
    """The story, then the picture of the last message presented, then the
    explanations asked for (``--explain``, XC-11)."""
    story = MessagesStory(echo=echo, recordings=recordings)
    with story.engine:
        story.run()
        try:
            svg.parent.mkdir(parents=True, exist_ok=True)
            svg.write_text(story.svg(), encoding="utf-8")
        except OSError as error:
            raise CommandError(f"cannot write {svg}: {error.strerror}") from None
        if echo:
            print(f"\nThe last message presented: {svg}")
        print_explanations(story.engine, explain, explain_json)
    return story


def build_parser(prog: str) -> argparse.ArgumentParser:
    parser = CommandParser(prog=f"{prog} demo-messages", description=(__doc__ or "").split("\n\n")[0],
                           epilog=EXIT_STATUS_HELP)
    parser.add_argument("--svg", type=Path, default=Path("out/message.svg"),
                        help="where to draw the last message presented (default: out/message.svg)")
    add_explain_options(parser, "engine, message:<id> of every push of the story")
    add_record_argument(parser, "one, the app's")
    return parser


def run_demo(arguments: Sequence[str]) -> int:
    args = build_parser(program_name()).parse_args(arguments)
    with EngineRecordings(args.record) as recordings:
        run_messages_demo(args.svg, explain=args.explain, explain_json=args.explain_json, recordings=recordings)
    return EXIT_OK


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m frames.demos.demo_messages``."""
    return run(run_demo, argv)


if __name__ == "__main__":
    sys.exit(main())
