"""Modal messages through the Python binding (IM-01..IM-07, XC-02, XC-03,
XC-07, XC-10): the hand-off from any thread — a threading host and an
asyncio host —, when a message is shown, the presenter's view, taps and
the click chain, fonts, the shown-once ledger across a restart, and what
wrong inputs raise."""

from __future__ import annotations

import asyncio
import gc
import json
import threading
import warnings
from typing import Any, Callable, Dict, List, Optional, Tuple

import pytest

import frames
from frames import AppState, Message, NotificationResult

from backend import lost_delegates

HOUR = 3_600_000


def push(message_id: str, sent_at: int = 1_000, user_id: Optional[str] = None, **content: Any) -> Dict[str, Any]:
    """A push's data as the host receives it, with the message as an object."""
    body: Dict[str, Any] = {
        "title": {"text": f"Title of {message_id}", "font": {"name": "Brand-Bold", "size": 22}},
        "body": {"text": f"Body of {message_id}"},
        "buttons": [
            {"label": {"text": "Shop"}, "url": f"https://shop.test/{message_id}"},
            {"label": {"text": "Offers"}, "url": "myapp://offers"},
            {"label": {"text": "Later"}},
        ],
    }
    body.update(content)
    message: Dict[str, Any] = {"id": message_id, "sent_at": sent_at, "content": body}
    if user_id is not None:
        message["user_id"] = user_id
    return {"aps": {"content-available": 1}, "frames_message": message}


class Host(frames.Host):
    """Records analytics and opened links as lines of one transcript."""

    def __init__(self, log: List[str]) -> None:
        self.log = log
        #: The host keeps its messages delegate alive (AF-23).
        self.presenter: Optional[Presenter] = None

    def analytics(self, record: frames.AnalyticsRecord) -> None:
        fields = " ".join(f"{k}={v}" for k, v in record.fields.items() if k != "message_id")
        self.log.append(f"{record.name} {record.fields.get('message_id')}" + (f" {fields}" if fields else ""))

    def open_url(self, url: str) -> bool:
        self.log.append(f"open {url}")
        return True


class Presenter:
    """A messages delegate that records what it is given
    (frames.MessagesDelegate); ``links`` sees tapped links first."""

    def __init__(self, log: List[str]) -> None:
        self.log = log
        self.shown: List[Message] = []
        self.links: Optional[Callable[[str, str], bool]] = None

    def present(self, message: Message) -> None:
        self.shown.append(message)
        self.log.append(f"present {message.id}")

    def close(self, message_id: str) -> None:
        self.log.append(f"close {message_id}")

    def link_tapped(self, url: str, message_id: str) -> bool:
        return self.links(url, message_id) if self.links is not None else False


def make_engine(log: List[str]) -> Tuple[frames.Engine, Presenter]:
    host = Host(log)
    engine = frames.Engine(b"", host=host)
    presenter = host.presenter = Presenter(log)
    engine.messages.delegate = presenter
    return engine, presenter


# --- IM-01: the hand-off --------------------------------------------------------


def test_im01_outcomes_say_what_the_payload_was() -> None:
    log: List[str] = []
    engine, _ = make_engine(log)
    with engine:
        assert engine.messages.handle_notification(push("m1"), now_ms=0) == frames.NotificationOutcome(NotificationResult.HANDLED)
        other = engine.messages.handle_notification({"aps": {"content-available": 1}, "sync": "orders"}, now_ms=0)
        assert other.result == NotificationResult.NOT_A_MESSAGE and not other.handled and not other
        assert other.reason == "not an in-app message"
        bad = engine.messages.handle_notification(b'{"frames_message":{"id":"m2","content":{}}}', now_ms=0)
        assert bad.result == NotificationResult.MALFORMED
        assert bad.reason == 'frames_message: "sent_at" is missing'
        newer = push("m3")
        newer["frames_message"]["min_engine_version"] = "9.0.0"
        assert engine.messages.handle_notification(newer, now_ms=0).result == NotificationResult.NEEDS_NEWER_ENGINE
        # FCM data values are strings: the message as JSON text inside the push.
        fcm = {"frames_message": json.dumps(push("m4")["frames_message"]), "from": "1234"}
        assert engine.messages.handle_notification(json.dumps(fcm), now_ms=0).handled
        # IM-01 never counts a click, nor anything else, until the owner calls in.
        assert log == []


def test_im01_xc07_the_notification_limit_at_cap_minus_1_cap_cap_plus_1() -> None:
    engine, _ = make_engine([])
    base = json.dumps(push("m1")).encode()
    with engine:
        for size, expected in ((16_383, NotificationResult.HANDLED), (16_384, NotificationResult.HANDLED),
                               (16_385, NotificationResult.TOO_LARGE)):
            outcome = engine.messages.handle_notification(base + b" " * (size - len(base)), now_ms=0)
            assert outcome.result == expected, size
        assert outcome.reason == "the notification is 16385 bytes; the limit is 16384 bytes"


def test_im01_inbox_full_is_a_reason_not_an_exception() -> None:
    engine, _ = make_engine([])
    with engine:
        engine.set_app_state(AppState.BACKGROUND, now_ms=0)
        for i in range(1000):
            assert engine.messages.handle_notification(push(f"m{i}", sent_at=i), now_ms=0).handled
        full = engine.messages.handle_notification(push("one-more"), now_ms=0)
        assert full.result == NotificationResult.INBOX_FULL and "1000" in full.reason
        engine.on_timeout(now_ms=1)
        assert engine.messages.handle_notification(push("one-more", sent_at=5_000), now_ms=1).handled


def test_im01_the_next_deadline_is_due_while_the_inbox_holds_anything() -> None:
    log: List[str] = []
    engine, _ = make_engine(log)
    with engine:
        engine.on_timeout(now_ms=100)
        assert engine.next_deadline() is None
        engine.messages.handle_notification(push("m1"), now_ms=150)
        assert engine.next_deadline() == 100
        engine.on_timeout(now_ms=150)
        assert log == ["present m1"]
        assert engine.next_deadline() is None


def test_im01_xc02_a_threading_host_wakes_its_loop_from_the_push_thread() -> None:
    log: List[str] = []
    engine, presenter = make_engine(log)
    woken = threading.Event()
    wakeup_threads: List[str] = []

    def wakeup() -> None:  # runs on the push thread
        wakeup_threads.append(threading.current_thread().name)
        woken.set()

    engine.messages.wakeup = wakeup
    outcomes: List[frames.NotificationOutcome] = []
    wrong_thread: List[BaseException] = []

    def os_delivers() -> None:
        outcomes.append(engine.messages.handle_notification(push("m1"), now_ms=10))
        try:
            engine.on_timeout(now_ms=10)
        except frames.WrongThreadError as error:  # XC-02: only this call is allowed here
            wrong_thread.append(error)

    with engine:
        thread = threading.Thread(target=os_delivers, name="push-thread")
        thread.start()
        # The owner's loop: sleep until woken, then call in.
        assert woken.wait(10)
        thread.join()
        engine.on_timeout(now_ms=20)
        assert outcomes[0].handled and wakeup_threads == ["push-thread"]
        assert len(wrong_thread) == 1
        assert [m.id for m in presenter.shown] == ["m1"]


def test_im01_an_asyncio_host_is_woken_with_call_soon_threadsafe() -> None:
    log: List[str] = []
    engine, presenter = make_engine(log)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        shown = asyncio.Event()
        clock = [0]

        def drive() -> None:  # on the loop's thread, the engine's owner
            clock[0] += 1
            engine.on_timeout(now_ms=clock[0])
            if presenter.shown:
                shown.set()

        engine.messages.wakeup = lambda: loop.call_soon_threadsafe(drive)
        await loop.run_in_executor(None, lambda: engine.messages.handle_notification(push("m1"), now_ms=0))
        await asyncio.wait_for(shown.wait(), 10)

    with engine:
        asyncio.run(main())
        assert log == ["present m1"]


def test_im01_what_a_wakeup_raises_is_raised_on_the_notifying_thread() -> None:
    engine, _ = make_engine([])

    def broken() -> None:
        raise RuntimeError("the loop is gone")

    engine.messages.wakeup = broken
    with engine:
        with pytest.raises(RuntimeError, match="the loop is gone"):
            engine.messages.handle_notification(push("m1"), now_ms=0)
        # It was queued all the same: the next call of the owner picks it up.
        engine.on_timeout(now_ms=1)


def test_im01_eight_threads_hand_in_while_the_owner_runs_each_presented_at_most_once() -> None:
    log: List[str] = []
    engine, presenter = make_engine(log)
    handled: List[str] = []
    lock = threading.Lock()

    def notifier(t: int) -> None:
        for i in range(60):
            if engine.messages.handle_notification(push(f"t{t}-{i}", sent_at=i * 8 + t), now_ms=0).handled:
                with lock:
                    handled.append(f"t{t}-{i}")

    threads = [threading.Thread(target=notifier, args=(t,)) for t in range(8)]
    closed = 0
    with engine:
        for thread in threads:
            thread.start()
        now = 0
        while True:
            busy = any(thread.is_alive() for thread in threads)
            now += 1
            deadline = engine.next_deadline()
            if deadline is not None and deadline <= now:
                engine.on_timeout(now_ms=now)
            if closed < len(presenter.shown):  # the user closes what is shown
                closed += 1
                presenter.shown[-1].report_dismissed(now_ms=now)
            elif not busy and engine.next_deadline() is None:
                break
        presented = [m.id for m in presenter.shown]
        discarded = [line.split()[1] for line in log if line.startswith("messages.discard")]
        assert len(presented) == len(set(presented))  # IM-03: at most once
        assert len(handled) == 480
        assert sorted(presented + discarded) == sorted(handled)  # nothing lost, nothing twice


# --- IM-02..IM-04: when it is shown ---------------------------------------------


def test_im03_background_holds_the_newest_until_activation_within_6_hours() -> None:
    log: List[str] = []
    engine, _ = make_engine(log)
    with engine:
        engine.set_app_state(AppState.BACKGROUND, now_ms=0)
        engine.messages.handle_notification(push("old", sent_at=1), now_ms=10)
        engine.messages.handle_notification(push("new", sent_at=2), now_ms=20)
        engine.on_timeout(now_ms=20)
        assert log == ["messages.discard old reason=superseded"]
        engine.set_app_state(AppState.ACTIVE, now_ms=20 + 6 * HOUR - 1)
        assert log[-1] == "present new"


def test_im03_exactly_6_hours_is_too_old() -> None:
    log: List[str] = []
    engine, _ = make_engine(log)
    with engine:
        engine.set_app_state(AppState.BACKGROUND, now_ms=0)
        engine.messages.handle_notification(push("m1"), now_ms=10)
        engine.set_app_state(AppState.ACTIVE, now_ms=10 + 6 * HOUR)
        assert log == ["messages.discard m1 reason=expired"]


def waiting_since(arrived_ms: int, log: List[str]) -> frames.Engine:
    """An engine in the background whose owner picked up m1, which arrived
    at `arrived_ms`: m1 waits, its expiry timed, and nothing is logged yet."""
    engine, _ = make_engine(log)
    engine.set_app_state(AppState.BACKGROUND, now_ms=0)
    engine.messages.handle_notification(push("m1"), now_ms=arrived_ms)
    engine.on_timeout(now_ms=arrived_ms)
    assert log == []
    return engine


def test_im03_waiting_message_activated_1_ms_before_6_hours_is_presented() -> None:
    log: List[str] = []
    with waiting_since(1_000, log) as engine:
        engine.set_app_state(AppState.ACTIVE, now_ms=1_000 + 6 * HOUR - 1)
        assert log == ["present m1"]


def test_im03_waiting_message_activated_at_exactly_6_hours_is_discarded_not_presented() -> None:
    # The expiry timer is due at the same instant, but timers fire only in
    # on_timeout: a host may activate first, so the activation applies the
    # limit itself (presentIfPossible in
    # Sources/FramesCore/Messages/ModalMessagesController+Presentation.swift).
    log: List[str] = []
    with waiting_since(1_000, log) as engine:
        assert engine.next_deadline() == 1_000 + 6 * HOUR
        engine.set_app_state(AppState.ACTIVE, now_ms=1_000 + 6 * HOUR)
        assert log == ["messages.discard m1 reason=expired"]
        assert engine.next_deadline() is None


def test_im03_the_expiry_timer_discards_the_waiting_message_at_exactly_6_hours() -> None:
    log: List[str] = []
    with waiting_since(1_000, log) as engine:
        engine.on_timeout(now_ms=1_000 + 6 * HOUR - 1)
        assert log == []
        engine.on_timeout(now_ms=1_000 + 6 * HOUR)
        assert log == ["messages.discard m1 reason=expired"]
        engine.set_app_state(AppState.ACTIVE, now_ms=1_000 + 6 * HOUR)
        assert log == ["messages.discard m1 reason=expired"]


def test_im03_a_message_6_hours_old_when_first_picked_up_is_discarded_then_and_nothing_waits() -> None:
    # A host whose loop slept in the background calls in hours after the
    # push: the pick-up itself refuses it (refusal(of:) in
    # Sources/FramesCore/Messages/ModalMessagesController+Arrivals.swift),
    # leaving no deadline that would be due at once.
    log: List[str] = []
    engine, _ = make_engine(log)
    with engine:
        engine.set_app_state(AppState.BACKGROUND, now_ms=0)
        engine.messages.handle_notification(push("m1"), now_ms=1_000)
        engine.set_app_state(AppState.INACTIVE, now_ms=1_000 + 6 * HOUR)
        assert log == ["messages.discard m1 reason=expired"]
        assert engine.next_deadline() is None


def test_im03_logout_discards_the_waiting_message_and_withdraws_the_shown_one() -> None:
    log: List[str] = []
    engine, presenter = make_engine(log)
    with engine:
        engine.set_user("alice", now_ms=0)
        engine.messages.handle_notification(push("m1"), now_ms=1)
        engine.on_timeout(now_ms=1)
        engine.messages.handle_notification(push("m2", sent_at=2_000), now_ms=2)
        engine.set_user(None, now_ms=3)
        assert log == ["present m1", "messages.discard m2 reason=logout",
                       "messages.dismiss m1 displayed=false closed_by=engine reason=logout", "close m1"]
        with pytest.raises(frames.NotFoundError):
            presenter.shown[0].report_displayed(now_ms=4)


def test_im04_one_at_a_time_the_waiting_one_follows() -> None:
    log: List[str] = []
    engine, presenter = make_engine(log)
    with engine:
        engine.messages.handle_notification(push("m1"), now_ms=0)
        engine.on_timeout(now_ms=0)
        engine.messages.handle_notification(push("m2", sent_at=2_000), now_ms=1)
        engine.on_timeout(now_ms=1)
        assert [m.id for m in presenter.shown] == ["m1"]
        presenter.shown[0].report_dismissed(now_ms=2)
        assert [m.id for m in presenter.shown] == ["m1", "m2"]


# --- IM-05..IM-07: presenting, taps, fonts ----------------------------------------


class Fonts:
    """A font resolver: knows one font, as a host object."""

    def __init__(self) -> None:
        self.brand = object()
        self.asked: List[Tuple[str, float]] = []

    def resolve_font(self, name: str, size: float) -> Optional[object]:
        self.asked.append((name, size))
        return self.brand if name == "Brand-Bold" else None


def test_im05_im07_the_presenter_gets_everything_and_fonts_come_from_the_resolver() -> None:
    log: List[str] = []
    engine, presenter = make_engine(log)
    fonts = Fonts()
    engine.messages.font_resolver = fonts
    with engine:
        content: Dict[str, Any] = {"background_color": "#FFF8E1", "image": {"url": "https://cdn.test/a.png", "alt": "A"}}
        engine.messages.handle_notification(push("m1", **content), now_ms=5)
        engine.on_timeout(now_ms=5)
        m = presenter.shown[0]
        assert (m.id, m.arrived_at_ms, m.background, m.image_url, m.image_alt) == ("m1", 5, 0xFFF8E1FF,
                                                                                   "https://cdn.test/a.png", "A")
        assert m.title is not None and m.title.font is fonts.brand
        assert m.title.font_source == frames.MessageFontSource.RESOLVED and m.title.font_name == "Brand-Bold"
        assert m.body is not None and m.body.font_source == frames.MessageFontSource.SYSTEM and m.body.font is None
        assert m.title.color_hex == "#111111FF"
        assert [(b.index, b.label.text, b.url) for b in m.buttons] == [
            (0, "Shop", "https://shop.test/m1"), (1, "Offers", "myapp://offers"), (2, "Later", None)]
        assert fonts.asked == [("Brand-Bold", 22.0)]


def test_im05_displayed_once_and_a_dismissal_without_it_is_not_displayed() -> None:
    log: List[str] = []
    engine, presenter = make_engine(log)
    with engine:
        engine.messages.handle_notification(push("m1"), now_ms=0)
        engine.on_timeout(now_ms=0)
        presenter.shown[0].report_displayed(now_ms=1)
        presenter.shown[0].report_displayed(now_ms=2)
        presenter.shown[0].report_dismissed(now_ms=3)
        engine.messages.handle_notification(push("m2", sent_at=5_000), now_ms=4)
        engine.on_timeout(now_ms=4)
        engine.messages.report_dismissed("m2", now_ms=5)
        engine.messages.handle_notification(push("m2", sent_at=5_000), now_ms=6)
        engine.on_timeout(now_ms=6)
        assert log == ["present m1", "messages.displayed m1", "messages.dismiss m1 displayed=true closed_by=user",
                       "present m2", "messages.dismiss m2 displayed=false closed_by=user",
                       "messages.discard m2 reason=already_shown"]


def test_im06_the_click_chain_each_branch() -> None:
    log: List[str] = []
    engine, presenter = make_engine(log)
    answers = {"handler": True, "can_open": True}

    def handler(url: str, message_id: str) -> bool:
        log.append(f"handler {url}")
        assert message_id == presenter.shown[-1].id
        return answers["handler"]

    def can_open(url: str) -> bool:
        log.append(f"can open {url}")
        return answers["can_open"]

    presenter.links = handler
    engine.messages.can_open_url = can_open
    with engine:
        for i, (take, can, button) in enumerate(((True, True, 0), (False, True, 0), (False, False, 1), (False, True, 2))):
            answers["handler"], answers["can_open"] = take, can
            engine.messages.handle_notification(push(f"m{i}", sent_at=i), now_ms=i * 10)
            engine.on_timeout(now_ms=i * 10)
            presenter.shown[-1].report_displayed(now_ms=i * 10)
            with pytest.raises(frames.OutOfRangeError):
                presenter.shown[-1].report_button_tapped(3, now_ms=i * 10)
            presenter.shown[-1].report_button_tapped(button, now_ms=i * 10 + 1)
        clicks = [line for line in log if not line.startswith(("present", "messages.displayed"))]
        assert clicks == [
            "messages.click m0 button_index=0 url=https://shop.test/m0", "handler https://shop.test/m0",
            "messages.click m1 button_index=0 url=https://shop.test/m1", "handler https://shop.test/m1",
            "can open https://shop.test/m1", "open https://shop.test/m1",
            "messages.click m2 button_index=1 url=myapp://offers", "handler myapp://offers", "can open myapp://offers",
            "messages.click m3 button_index=2",
        ]


def test_im06_without_a_can_open_check_nothing_opens() -> None:
    log: List[str] = []
    engine, presenter = make_engine(log)
    with engine:
        engine.messages.handle_notification(push("m1"), now_ms=0)
        engine.on_timeout(now_ms=0)
        presenter.shown[0].report_displayed(now_ms=1)
        presenter.shown[0].report_button_tapped(0, now_ms=2)
        assert log[-1] == "messages.click m1 button_index=0 url=https://shop.test/m1"


def test_xc03_what_the_presenter_raises_is_raised_after_the_call() -> None:
    engine, _ = make_engine([])

    class Broken(frames.MessagesDelegate):
        def present(self, message: Message) -> None:
            raise ValueError(f"cannot draw {message.id}")

    broken = Broken()
    engine.messages.delegate = broken
    with engine:
        engine.messages.handle_notification(push("m1"), now_ms=0)
        with pytest.raises(ValueError, match="cannot draw m1"):
            engine.on_timeout(now_ms=0)
        engine.messages.report_dismissed("m1", now_ms=1)  # the engine stays usable


def test_af23_a_collected_messages_delegate_stops_its_callbacks_and_warns_once() -> None:
    log: List[str] = []
    engine, _ = make_engine(log)
    engine.messages.delegate = Presenter(log)  # a temporary: collected at once
    gc.collect()
    assert engine.messages.delegate is None
    with engine, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        engine.messages.handle_notification(push("m1"), now_ms=0)
        engine.on_timeout(now_ms=0)  # present: not delivered
        engine.set_user("someone-else", now_ms=1)  # close: not delivered either
        assert [line for line in log if line.startswith(("present", "close"))] == []
        assert lost_delegates(caught) == ["engine.messages"]


# --- XC-10: the ledger across a restart ------------------------------------------


def test_im03_xc10_shown_once_across_a_restart() -> None:
    log: List[str] = []
    engine, _ = make_engine(log)
    with engine:
        engine.messages.handle_notification(push("m1"), now_ms=0)
        engine.on_timeout(now_ms=0)
        blob = engine.export_state(now_ms=10, wall_clock_ms=1_700_000_000_000)
    log.clear()
    restarted, _ = make_engine(log)
    with restarted:
        restarted.import_state(blob, now_ms=5, wall_clock_ms=1_700_000_100_000)
        restarted.messages.handle_notification(push("m1"), now_ms=6)
        restarted.on_timeout(now_ms=6)
        assert log == ["messages.discard m1 reason=already_shown"]


def test_im03_xc10_a_push_from_another_thread_before_the_import_is_not_shown_again() -> None:
    log: List[str] = []
    engine, _ = make_engine(log)
    with engine:
        engine.messages.handle_notification(push("m1"), now_ms=0)
        engine.on_timeout(now_ms=0)
        engine.messages.report_dismissed("m1", now_ms=1)
        blob = engine.export_state(now_ms=10, wall_clock_ms=1_700_000_000_000)
    log.clear()
    # The restart: the push thread hands m1 in again before the owner imports
    # the stored state, and the engine starts active.
    restarted, presenter = make_engine(log)
    with restarted:
        pusher = threading.Thread(target=restarted.messages.handle_notification, args=(push("m1"),), kwargs={"now_ms": 2})
        pusher.start()
        pusher.join()
        restarted.import_state(blob, now_ms=5, wall_clock_ms=1_700_000_100_000)
        restarted.on_timeout(now_ms=6)
        assert presenter.shown == []
        assert log == ["messages.discard m1 reason=already_shown"]


def test_im03_xc10_a_message_shown_before_a_late_import_stays_shown_once() -> None:
    log: List[str] = []
    engine, presenter = make_engine(log)
    with engine:
        empty = engine.export_state(now_ms=0, wall_clock_ms=1_700_000_000_000)
        engine.messages.handle_notification(push("m1"), now_ms=1)
        engine.on_timeout(now_ms=1)
        engine.messages.report_dismissed("m1", now_ms=2)
        engine.import_state(empty, now_ms=3, wall_clock_ms=1_700_000_000_003)  # joins the ledgers: m1 stays shown
        engine.messages.handle_notification(push("m1"), now_ms=4)
        engine.on_timeout(now_ms=4)
        assert [m.id for m in presenter.shown] == ["m1"]
        assert log[-1] == "messages.discard m1 reason=already_shown"


def test_im05_im06_a_tap_before_the_confirmation_counts_and_frees_the_screen() -> None:
    log: List[str] = []
    engine, presenter = make_engine(log)
    with engine:
        engine.messages.handle_notification(push("m1"), now_ms=0)
        engine.on_timeout(now_ms=0)
        engine.messages.handle_notification(push("m2", sent_at=2_000), now_ms=1)
        engine.on_timeout(now_ms=1)
        log.clear()
        engine.messages.report_button_tapped("m1", 2, now_ms=2)  # the host drew it and the user tapped before it confirmed
        assert log == ["messages.displayed m1", "messages.click m1 button_index=2", "present m2"]
        with pytest.raises(frames.NotFoundError):
            engine.messages.report_displayed("m1", now_ms=3)
        assert [m.id for m in presenter.shown] == ["m1", "m2"]


@pytest.mark.parametrize("payload", [b"", b"   ", b"hello", b'{"aps":{"alert":"hi"',
                                     bytes([0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D]),
                                     bytes([0x0A, 0x05]) + b"hello" + bytes([0x10, 0x01]), b"x" * 40_000],
                         ids=["empty", "spaces", "text", "cut JSON", "bad UTF-8", "binary", "huge"])
def test_im01_a_push_that_does_not_claim_to_be_a_message_is_none_and_no_error(payload: bytes) -> None:
    log: List[str] = []
    engine, _ = make_engine(log)
    with engine:
        outcome = engine.messages.handle_notification(payload, now_ms=0)
        assert outcome.result == NotificationResult.NOT_A_MESSAGE, outcome
        assert engine.next_deadline() is None  # nothing was queued
        assert log == []


def test_im01_a_broken_push_that_claims_to_be_a_message_is_malformed_or_too_large() -> None:
    engine, _ = make_engine([])
    with engine:
        cut = engine.messages.handle_notification(b'{"frames_message":{"id":"m1","sent_at":1', now_ms=0)
        assert cut.result == NotificationResult.MALFORMED
        huge = engine.messages.handle_notification(b'{"frames_message":' + b" " * 20_000 + b"{}}", now_ms=0)
        assert huge.result == NotificationResult.TOO_LARGE


# --- XC-07: inputs ------------------------------------------------------------------


def test_xc07_wrong_inputs_raise_python_exceptions_naming_them() -> None:
    engine, _ = make_engine([])
    with engine:
        with pytest.raises(TypeError, match="payload must be bytes, str or a mapping"):
            engine.messages.handle_notification(None, now_ms=0)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="now_ms"):
            engine.messages.handle_notification(b"{}", now_ms=1.5)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="payload is not valid JSON"):
            engine.messages.handle_notification({"x": float("nan")}, now_ms=0)
        with pytest.raises(TypeError, match="delegate.present must be a method"):
            engine.messages.delegate = type("P", (), {"present": 1})()
        with pytest.raises(TypeError, match="can_open_url must be callable"):
            engine.messages.can_open_url = "yes"  # type: ignore[assignment]
        with pytest.raises(TypeError, match="font_resolver must have a resolve_font"):
            engine.messages.font_resolver = object()  # type: ignore[assignment]
        with pytest.raises(OverflowError, match="button_index"):
            engine.messages.report_button_tapped("m1", -1, now_ms=0)
        with pytest.raises(frames.NotFoundError, match="not on screen"):
            engine.messages.report_displayed("m1", now_ms=0)
    with pytest.raises(frames.InvalidHandleError):
        engine.messages.handle_notification(push("m1"), now_ms=0)
