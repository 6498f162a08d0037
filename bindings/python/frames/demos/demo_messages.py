"""Modal in-app messages delivered by silent push, the way a host lives
them (IM-01..IM-07): ``frames demo-messages`` (``python -m frames
demo-messages``).

A virtual clock drives one afternoon of an app. Silent pushes arrive on a
thread of their own, as the operating system delivers them; the host hands
each one to :meth:`frames.Engine.handle_notification` there, the engine's
wake-up tells the owner's loop to call in, and the engine decides: shown at
once, kept for the next activation (the newest, for 6 hours), or discarded.
The timeline prints every decision — after each push, what became of the
message, in the engine's own words (its explanation, XC-11) — every callback
and every analytics record, with what it means for the message; at the
end the last message presented is drawn as an SVG the way a host draws it —
card, image, texts in the fonts the resolver gave, buttons (drawn by
demo_messages_svg).
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

from ._command import EXIT_OK, EXIT_STATUS_HELP, CommandError, CommandParser, program_name, run
from ._recordings import EngineRecordings, add_record_argument
from ._timeline import HOUR, MINUTE, Timeline, duration
from .explain_option import add_explain_options, print_explanations
from .demo_messages_svg import DemoFont, describe_font, draw, texts_of
from ..engine import Engine, EngineOptions, Host
from ..explain import Reason
from ..messages import Message, MessagesDelegate
from ..records import AnalyticsRecord
from ..status import AppState

__all__ = ["MessagesStory", "DemoFont", "main", "run_messages_demo"]

SENT = 1_714_550_400_000  # the backend's clock: 2024-05-01 08:00 UTC


#: The fonts the app ships, by the panel's font name.
APP_FONTS = {
    "Montserrat-Bold": DemoFont("DejaVu Sans", "bold"),
    "Montserrat-SemiBold": DemoFont("DejaVu Sans", "bold"),
}


def push(message_id: str, minutes_sent: int, content: Dict[str, Any], user_id: Optional[str] = None) -> Dict[str, Any]:
    """A silent push's data as the app receives it (docs/wire-format.md §10)."""
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


#: What an analytics record's discard reason means for the message.
DISCARDS = {
    "superseded": "{id} will not be shown: a newer message replaced it",
    "duplicate": "only the repeated copy is dropped; {id} itself is kept",
    "expired": "{id} will not be shown: it turned 6 h old before the app was active",
    "logout": "{id} will not be shown: its user logged out while it waited",
    "user_changed": "{id} will not be shown: another user logged in while it waited",
    "already_shown": "{id} will not be shown again: it was shown before",
}


def fate(reason: Reason, now: int) -> str:
    """Where a message is, from the engine's explanation of it (XC-11)."""
    until = reason.until_ms
    fields = reason.fields
    words = {
        "presented": "it is on screen",
        "app_not_active": "it waits for the app to become active"
        + (f", for at most {duration(until - now)} more" if until is not None else ""),
        "another_on_screen": f"it waits: {reason.than} is on screen",
        "content_loading": "it waits for its content to download",
        "handed_in": "it waits for the app's main thread to pick it up",
        "shown_before": "it was shown already",
        "superseded": f"dropped: {fields.get('superseded_by', 'a newer message')} replaced it",
        "expired": "dropped: it turned 6 h old before the app was active",
        "already_shown": "dropped: it was shown before",
        "too_old": "dropped: it was sent too long ago",
        "logout": f"dropped: {fields.get('user_id', 'its user')} logged out",
        "user_changed": "dropped: another user logged in",
        "other_user": f"dropped: it is for {fields.get('user_id', 'another user')}",
        "content_failed": "dropped: its content could not be downloaded",
        "malformed": f"refused: {reason.detail}",
        "needs_newer_engine": "refused: it needs a newer version of the app",
    }
    return words.get(reason.code, reason.detail)


class MessagesStory(Host, MessagesDelegate):
    """The host: an owner loop with a wake-up event, the messages delegate
    that draws and routes the app's own links, a can-open check and a font
    resolver — the parts ``engine.messages`` takes."""

    def __init__(self, echo: bool = True, recordings: Optional[EngineRecordings] = None) -> None:
        self.now = 0
        self.timeline = Timeline(self, width=13, echo=echo)
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
        line = f"{record.name} {record.fields.get('message_id')} {fields}".rstrip()
        meaning = DISCARDS.get(str(record.fields.get("reason"))) if record.name == "messages.discard" else None
        if meaning:
            line += " — " + meaning.format(id=record.fields.get("message_id"))
        self.timeline.add("analytics", line)

    def open_url(self, url: str) -> bool:
        self.opened.append(url)
        self.timeline.add("host", f"opens {url}")
        return True

    def present(self, message: Message) -> None:
        self.shown = self.last_shown = message
        fonts = ", ".join(f"{part} {describe_font(text)}" for part, text in texts_of(message))
        self.timeline.add("presenter", f"shows {message.id}: \"{message.title.text if message.title else ''}\" "
                          f"({len(message.buttons)} buttons; fonts: {fonts})")

    def close(self, message_id: str) -> None:
        self.timeline.add("presenter", f"takes {message_id} off the screen")
        self.shown = None

    def link_tapped(self, url: str, message_id: str) -> bool:
        takes = url.startswith("shopandgo://")
        self.timeline.add("click handler", f"{url}: {'routed in the app' if takes else 'left to the engine'}")
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
        of its own; the app forwards it with the time it arrived. Then the
        owner calls in, and the line says what became of the message."""
        outcomes: List[Any] = []

        def os_thread() -> None:
            outcomes.append(self.engine.messages.handle_notification(json.dumps(data), now_ms=self.now))

        thread = threading.Thread(target=os_thread, name="push")
        thread.start()
        thread.join()
        message_id = data["frames_message"]["id"]
        outcome = outcomes[0]
        arrival = f"{message_id} arrives by silent push" + (f" ({note})" if note else "")
        if not outcome.handled:
            self.timeline.add("push thread", f"{arrival}: refused, {outcome.reason}")
            return
        self.timeline.add("push thread", arrival)
        self.at(self.now)  # woken: the owner calls in
        reason = self.engine.messages.explain(message_id, now_ms=self.now).reason
        self.timeline.add("engine", f"{message_id}: {fate(reason, self.now)}")

    def user(self, what: str) -> None:
        self.timeline.add("user", what)

    def run(self) -> None:
        self.timeline.add("app", "active")
        self.at(1_000)
        self.deliver(WELCOME, "the app is active")
        self.at(3_000)
        assert self.shown is not None
        self.shown.report_displayed(now_ms=self.now)
        self.at(6_000)
        self.user("taps \"Open basket\"")
        self.shown.report_button_tapped(0, now_ms=self.now)
        self.at(10_000)
        self.timeline.add("app", "goes to the background")
        self.engine.set_app_state(AppState.BACKGROUND, now_ms=self.now)
        self.at(1 * HOUR)
        self.deliver(FLASH_1, "the app is in the background")
        self.at(2 * HOUR)
        self.deliver(FLASH_2, "newer than flash-1")
        self.at(2 * HOUR + 30 * MINUTE)
        self.deliver(FLASH_2, "again: the push service delivered it twice")
        self.at(3 * HOUR)
        self.timeline.add("app", "becomes active: the waiting message is shown")
        self.engine.set_app_state(AppState.ACTIVE, now_ms=self.now)
        self.at(3 * HOUR + 2_000)
        assert self.shown is not None
        self.shown.report_displayed(now_ms=self.now)
        self.at(3 * HOUR + 9_000)
        self.user("taps \"My offers\"")
        self.shown.report_button_tapped(0, now_ms=self.now)
        self.at(3 * HOUR + MINUTE)
        self.timeline.add("app", "goes to the background")
        self.engine.set_app_state(AppState.BACKGROUND, now_ms=self.now)
        self.at(4 * HOUR)
        self.deliver(LATE, "the app is in the background")
        self.at(10 * HOUR + MINUTE)
        self.timeline.add("app", "becomes active, 6 h 1 min after reminder-1 came: nothing to show")
        self.engine.set_app_state(AppState.ACTIVE, now_ms=self.now)
        self.timeline.add("app", "alice logs in, the app goes to the background")
        self.engine.set_user("alice", now_ms=self.now)
        self.engine.set_app_state(AppState.BACKGROUND, now_ms=self.now)
        self.at(11 * HOUR)
        self.deliver(FOR_ALICE, "addressed to alice")
        self.at(11 * HOUR + 30 * MINUTE)
        self.timeline.add("app", "alice logs out")
        self.engine.set_user(None, now_ms=self.now)
        self.at(12 * HOUR)
        self.engine.set_app_state(AppState.ACTIVE, now_ms=self.now)
        self.timeline.add("app", "active again: nothing waits")

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
    parser = CommandParser(
        prog=f"{prog} demo-messages",
        description="Modal in-app messages arriving by silent push over an afternoon of an app: shown at once, "
        "kept for later, replaced by newer ones, dropped when too old or at logout; the last one shown is drawn.",
        epilog=EXIT_STATUS_HELP,
    )
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
