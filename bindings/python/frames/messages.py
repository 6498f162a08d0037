"""Modal in-app messages delivered by silent push (SPEC IM-01..IM-07):
``engine.messages``.

The host forwards every silent push it receives to
:meth:`Messages.handle_notification` — the one engine call that may be made
from any thread, at any time — and the engine decides whether and when the
message is shown; the host draws what its delegate is given and reports
back::

    engine.messages.delegate = my_delegate      # present, close, link_tapped
    engine.messages.can_open_url = can_open     # (url) -> bool
    engine.messages.font_resolver = my_fonts    # resolve_font(name, size)
    engine.messages.wakeup = loop_wakeup        # () -> None, any thread

    # on whatever thread the push arrives:
    outcome = engine.messages.handle_notification(push_data)

    # on the owner thread, inside present() or later:
    message.report_displayed()           # IM-05: on screen now
    message.report_button_tapped(0)      # IM-06: records a click, closes
    message.report_dismissed()           # closed without a button

Every call takes ``now_ms=`` (keyword) and reads the engine's clock without
it.  The message reaches the owner thread at its next call that changes
state (on_timeout, set_app_state, ...); ``wakeup`` — called on the
notifying thread when the inbox stops being empty — and
``Engine.next_deadline()``, which is due while anything waits, tell the
host to call in:

- a threading host sets an Event in ``wakeup`` and its loop calls
  ``engine.on_timeout()`` when the Event is set or the deadline passes;
- an asyncio host passes ``lambda: loop.call_soon_threadsafe(drive)``, where
  ``drive`` calls ``engine.on_timeout()`` on the loop's thread.

A tapped button's link goes to the delegate's ``link_tapped`` first; when
it does not take it, it opens with the host's ``open_url`` (frames.Host),
asked only after ``can_open_url`` said True; without ``can_open_url``
nothing opens.
"""

from __future__ import annotations

import ctypes
import weakref
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Callable, Dict, Mapping, Optional, Protocol, Tuple, Union

from . import _check
from ._callbacks import EngineState, WeakDelegate, hold, raise_thread_errors
from ._lib import lib
from .errors import error_for_code
from .explain import Explanation, lent_explanation

__all__ = [
    "NotificationResult",
    "NotificationOutcome",
    "MessageFontSource",
    "MessageText",
    "MessageButton",
    "Message",
    "MessagesDelegate",
    "MESSAGES_DELEGATE_METHODS",
    "CanOpenURL",
    "FontResolver",
    "Messages",
    "Payload",
]

#: A push's data as the host has it: the JSON bytes or text, or the decoded
#: mapping (it is serialised as JSON).
Payload = Union[bytes, bytearray, memoryview, str, Mapping[str, Any]]


class NotificationResult(IntEnum):
    """What handle_notification made of a payload (frames_notification_result)."""

    #: An in-app message: queued for the owner thread.
    HANDLED = 0
    #: Another push: ignored.
    NOT_A_MESSAGE = 1
    #: It carries "frames_message", but that is unusable.
    MALFORMED = 2
    #: Over 16,384 bytes.
    TOO_LARGE = 3
    #: XC-09: it needs a newer engine.
    NEEDS_NEWER_ENGINE = 4
    #: 1,000 messages already wait for the owner thread.
    INBOX_FULL = 5

    def __str__(self) -> str:
        """The name, e.g. "not_a_message" (frames_notification_result_str
        gives a description: the outcome's ``reason``)."""
        return self.name.lower()


class MessageFontSource(IntEnum):
    """Which font a text is drawn with (IM-07, frames_message_font_source)."""

    #: No resolver, no panel font name, or the resolver answered None.
    SYSTEM = 0
    #: The resolver's answer: ``MessageText.font``.
    RESOLVED = 1

    def __str__(self) -> str:
        return self.name.lower()


@dataclass(frozen=True)
class NotificationOutcome:
    """The answer of handle_notification: the result, and for a payload
    that was not handled, why."""

    result: NotificationResult
    reason: str = ""

    @property
    def handled(self) -> bool:
        return self.result == NotificationResult.HANDLED

    def __bool__(self) -> bool:
        return self.handled


@dataclass(frozen=True)
class MessageText:
    """A text of a message and how to draw it (IM-07)."""

    text: str
    #: 0xRRGGBBAA.
    color: int
    #: The panel's font name; None when it set none.
    font_name: Optional[str]
    font_size: float
    font_source: MessageFontSource
    #: What the font resolver returned, with MessageFontSource.RESOLVED.
    font: Optional[object] = field(default=None, compare=False)

    @property
    def color_hex(self) -> str:
        """"#RRGGBBAA"."""
        return f"#{self.color:08X}"


@dataclass(frozen=True)
class MessageButton:
    """A button (IM-06): report a tap with ``Message.report_button_tapped(index)``."""

    index: int
    label: MessageText
    #: The link (https://, myapp://...); None: the button only closes.
    url: Optional[str]
    #: 0xRRGGBBAA.
    background: int


@dataclass(frozen=True)
class Message:
    """A message to draw (IM-05), copied from the delegate's ``present``."""

    id: str
    campaign_id: Optional[str]
    variant_id: Optional[str]
    #: The analytics view id of this presentation, e.g. "message-3".
    view_id: str
    #: The backend's send time, wall-clock ms.
    sent_at_ms: int
    #: The ``now_ms`` it was handed in with.
    arrived_at_ms: int
    #: 0xRRGGBBAA.
    background: int
    image_url: Optional[str]
    image_alt: Optional[str]
    title: Optional[MessageText]
    body: Optional[MessageText]
    buttons: Tuple[MessageButton, ...]
    _owner: Optional["weakref.ref[Messages]"] = field(default=None, repr=False, compare=False)

    def _messages(self) -> "Messages":
        owner = self._owner() if self._owner is not None else None
        if owner is None:
            raise RuntimeError(f"message {self.id!r} belongs to no live engine")
        return owner

    def report_displayed(self, *, now_ms: Optional[int] = None) -> None:
        """IM-05: it is on screen now."""
        self._messages().report_displayed(self.id, now_ms=now_ms)

    def report_button_tapped(self, button_index: int, *, now_ms: Optional[int] = None) -> None:
        """IM-06: button ``button_index`` was tapped."""
        self._messages().report_button_tapped(self.id, button_index, now_ms=now_ms)

    def report_dismissed(self, *, now_ms: Optional[int] = None) -> None:
        """Closed without a button (or it could not be drawn)."""
        self._messages().report_dismissed(self.id, now_ms=now_ms)

    def explain(self, *, now_ms: Optional[int] = None) -> Explanation:
        """XC-11: this message's explanation (``engine.messages.explain``)."""
        return self._messages().explain(self.id, now_ms=now_ms)


class MessagesDelegate(Protocol):
    """The messages module's delegate (frames_messages_delegate), a
    typing.Protocol: any object with some of these methods (a missing one
    is skipped; every method here defaults to nothing).  Called on the
    owner thread inside an engine call (XC-03)."""

    def present(self, message: Message) -> None:
        """IM-02, IM-05: draw ``message``, then report it displayed once on
        screen."""
        return None

    def close(self, message_id: str) -> None:
        """The engine withdrew the message on screen (logout, another user,
        consent revoked): remove it."""
        return None

    def link_tapped(self, url: str, message_id: str) -> bool:
        """IM-06: a tapped button's link, seen first: True when handled;
        otherwise ``can_open_url`` and the host's ``open_url`` open it."""
        return False


#: The methods the engine looks up on a messages delegate.
MESSAGES_DELEGATE_METHODS = ("present", "close", "link_tapped")


class CanOpenURL(Protocol):
    """IM-06: whether the host can open ``url`` (then Host.open_url opens it)."""

    def __call__(self, url: str) -> bool: ...


class FontResolver(Protocol):
    """IM-07: the host's font for the panel's font name and size, or None
    for the system font.  The answer comes back as ``MessageText.font``."""

    def resolve_font(self, name: str, size: float) -> Optional[object]:
        return None


def _checked_callable(name: str, value: object) -> None:
    if value is not None and not callable(value):
        raise TypeError(f"{name} must be callable or None, not {type(value).__name__}")


class Messages:
    """``engine.messages``: the messages module (IM-01..IM-07): its delegate,
    the host parts it asks (can-open check, fonts, wake-up) and the calls.
    Set the parts at any time on the owner thread; ``wakeup`` is read on
    notifying threads.  The delegate is held weakly, like every delegate
    (AF-23); the parts — callables and the font resolver, often a lambda or
    a bound method made on the spot — strongly, until replaced, cleared or
    the engine is closed."""

    def __init__(self, state: EngineState) -> None:
        self._state = state
        self._delegate: Optional[WeakDelegate] = None
        self._can_open_url: Optional[CanOpenURL] = None
        self._font_resolver: Optional[FontResolver] = None
        self._wakeup: Optional[Callable[[], object]] = None
        #: The font resolver's answers during one presentation, by the key
        #: the C side carries as host_font (IM-07).
        self._fonts: Dict[int, object] = {}
        self._self_ref: "weakref.ref[Messages]" = weakref.ref(self)

    def __repr__(self) -> str:
        return f"<frames.Messages delegate={self.delegate!r}>"

    @property
    def delegate(self) -> Optional[Any]:
        """The messages delegate (present, close, link_tapped; any object
        that can be weakly referenced, else TypeError), or None (also once
        it was collected).  Held weakly (AF-23): the host keeps it alive, or
        messages are no longer presented; the first callback that finds it
        collected emits a RuntimeWarning.  Let go when replaced, cleared
        (None) or the engine closed."""
        return None if self._delegate is None else self._delegate()

    @delegate.setter
    def delegate(self, value: Optional[object]) -> None:
        _check.callables("delegate", value, MESSAGES_DELEGATE_METHODS)
        self._delegate = hold("delegate", value)

    @property
    def can_open_url(self) -> Optional[CanOpenURL]:
        """The host callbacks' ``can_open_url``: whether a link can open."""
        return self._can_open_url

    @can_open_url.setter
    def can_open_url(self, value: Optional[CanOpenURL]) -> None:
        _checked_callable("can_open_url", value)
        self._can_open_url = value

    @property
    def font_resolver(self) -> Optional[FontResolver]:
        """The host callbacks' ``resolve_font``: an object with
        ``resolve_font(name, size)``."""
        return self._font_resolver

    @font_resolver.setter
    def font_resolver(self, value: Optional[FontResolver]) -> None:
        if value is not None and not callable(getattr(value, "resolve_font", None)):
            raise TypeError(f"font_resolver must have a resolve_font(name, size) method, not {type(value).__name__}")
        self._font_resolver = value

    @property
    def wakeup(self) -> Optional[Callable[[], object]]:
        """The host callbacks' ``message_wakeup``: called on the notifying
        thread when a message waits for the owner thread to call in; keep it
        short (post to the owner's loop)."""
        return self._wakeup

    @wakeup.setter
    def wakeup(self, value: Optional[Callable[[], object]]) -> None:
        _checked_callable("wakeup", value)
        self._wakeup = value

    # --- the module's calls ----------------------------------------------------

    def handle_notification(self, payload: Payload, *, now_ms: Optional[int] = None) -> NotificationOutcome:
        """IM-01: hands a silent push's data to the engine. The one call
        that may be made from any thread, at any time, also while the owner
        thread is inside the engine. ``payload`` is the push's data: its
        JSON (bytes or str) or the decoded mapping; ``now_ms`` the time it
        arrived on the engine's clock (the 6-hour rule counts from there).
        Returns whether it was an in-app message and, if it was not taken,
        why; never counts a click. The message is presented on the owner
        thread at its next call into the engine (``wakeup`` and
        ``Engine.next_deadline()`` say when). InvalidHandleError once
        closed."""
        return handle_notification(self._state.handle, payload, self._state.now(now_ms))

    def report_displayed(self, message_id: str, *, now_ms: Optional[int] = None) -> None:
        """IM-05: ``message_id`` is on screen; "displayed" is recorded once.
        NotFoundError: it is not the message on screen."""
        encoded = _check.text("message_id", message_id)
        self._call(lib.frames_message_report_displayed, encoded, self._state.now(now_ms))

    def report_button_tapped(self, message_id: str, button_index: int, *, now_ms: Optional[int] = None) -> None:
        """IM-06: a tap always counts: records a click and closes the
        message, then follows the button's link: the delegate's
        ``link_tapped``, else ``can_open_url`` and Host.open_url. Before
        report_displayed, the tap proves the message was on screen:
        "displayed" is recorded first, once (IM-05). OutOfRangeError for a
        button it does not have."""
        encoded = _check.text("message_id", message_id)
        index = _check.index(button_index, "button_index")
        self._call(lib.frames_message_report_button_tapped, encoded, index, self._state.now(now_ms))

    def report_dismissed(self, message_id: str, *, now_ms: Optional[int] = None) -> None:
        """The message closed without a button; recorded with whether it was
        displayed.  It is not shown again either way."""
        encoded = _check.text("message_id", message_id)
        self._call(lib.frames_message_report_dismissed, encoded, self._state.now(now_ms))

    def explain(self, message_id: str, *, now_ms: Optional[int] = None) -> Explanation:
        """XC-11: where message ``message_id`` is — on screen, waiting and
        why, handed in — or how it ended: discarded and why, refused at
        hand-in, shown before; ``unknown`` when the engine never had it or
        forgot it.  A reading: nothing is picked up or changed."""
        encoded = _check.text("message_id", message_id)
        return lent_explanation(self._call, lib.frames_message_explain, encoded, self._state.now(now_ms))

    def _call(self, func: Any, *args: Any) -> Any:
        state = self._state
        return state.call(func, state.handle, *args)


def payload_bytes(payload: object) -> bytes:
    """A push's data as the JSON bytes handle_notification reads."""
    if isinstance(payload, (bytes, bytearray, memoryview)):
        return bytes(payload)
    if isinstance(payload, str):
        return _check.text("payload", payload)
    if isinstance(payload, Mapping):
        return _check.json_text("payload", dict(payload))
    raise TypeError(f"payload must be bytes, str or a mapping (the push's data), not {type(payload).__name__}")


def handle_notification(handle: Optional[int], payload: object, now_ms: int) -> NotificationOutcome:
    """frames_messages_handle_notification, from any thread.  Touches no
    Python state of the engine."""
    data = payload_bytes(payload)
    result = ctypes.c_int32(-1)
    code = lib.frames_messages_handle_notification(handle, data, len(data), now_ms, ctypes.byref(result))
    raise_thread_errors()
    if code == 0:
        kind = NotificationResult(result.value)
        reason = "" if kind == NotificationResult.HANDLED else lib.frames_notification_result_str(result.value).decode()
        return NotificationOutcome(kind, reason)
    raw = lib.frames_error_last_message()
    message = raw.decode("utf-8", "replace") if raw else ""
    if result.value >= 0:  # the payload was read: a reason, not an error
        return NotificationOutcome(NotificationResult(result.value), message)
    raise error_for_code(code, message)
