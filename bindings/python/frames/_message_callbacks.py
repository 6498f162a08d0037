"""The C callbacks of modal messages (IM-01..IM-07) and where they find
Python: ``user_data`` is the engine's key in ``ENGINES`` (see _callbacks);
the parts the host set live on ``engine.messages``.

Every callback but the wake-up runs on the owner thread inside an engine
call, and stores what the host code raised for EngineState.call to re-raise.
The wake-up runs on the notifying thread inside handle_notification: what it
raises is kept per thread and re-raised when that call returns there.
"""

from __future__ import annotations

import itertools
import threading
from typing import Any, List, Optional

from . import _ffi
from ._callbacks import ENGINES, EngineState
from .messages import Message, MessageButton, MessageFontSource, MessageText, Messages

__all__ = ["install", "raise_wakeup_errors"]

_FONT_KEYS = itertools.count(1)
_PENDING = threading.local()


def _text(raw: Optional[bytes]) -> Optional[str]:
    return None if raw is None else raw.decode("utf-8", "replace")


def _messages(user_data: Optional[int]) -> "tuple[Optional[EngineState], Optional[Messages]]":
    state = ENGINES.get(user_data) if user_data is not None else None
    engine = state.engine() if state is not None and state.engine is not None else None
    return state, getattr(engine, "messages", None)


def _pending() -> List[BaseException]:
    errors: Optional[List[BaseException]] = getattr(_PENDING, "errors", None)
    if errors is None:
        errors = []
        _PENDING.errors = errors
    return errors


def raise_wakeup_errors() -> None:
    """Re-raises the first exception a wake-up raised on this thread."""
    errors = _pending()
    if errors:
        first = errors[0]
        errors.clear()
        raise first


def _wakeup(user_data: Optional[int]) -> None:
    _, messages = _messages(user_data)
    hook = messages.wakeup if messages is not None else None
    if hook is None:
        return
    try:
        hook()
    except BaseException as error:  # noqa: B902 - re-raised after the C call, on this thread
        _pending().append(error)


def _text_from(c: Any, messages: Messages) -> MessageText:
    source = MessageFontSource(c.font_source) if c.font_source in (0, 1) else MessageFontSource.SYSTEM
    font = messages._fonts.get(c.host_font or 0) if source == MessageFontSource.RESOLVED else None
    return MessageText(
        text=_text(c.text) or "",
        color=int(c.color_rgba),
        font_name=_text(c.font_name),
        font_size=float(c.font_size),
        font_source=source,
        font=font,
    )


def _present(message_p: Any, user_data: Optional[int]) -> None:
    state, messages = _messages(user_data)
    if state is None or messages is None:
        return
    try:
        c = message_p.contents
        message = Message(
            id=_text(c.message_id) or "",
            campaign_id=_text(c.campaign_id),
            variant_id=_text(c.variant_id),
            view_id=_text(c.view_id) or "",
            sent_at_ms=int(c.sent_at_ms),
            arrived_at_ms=int(c.arrived_at_ms),
            background=int(c.background_rgba),
            image_url=_text(c.image_url),
            image_alt=_text(c.image_alt),
            title=_text_from(c.title.contents, messages) if c.title else None,
            body=_text_from(c.body.contents, messages) if c.body else None,
            buttons=tuple(
                MessageButton(
                    index=i,
                    label=_text_from(c.buttons[i].label, messages),
                    url=_text(c.buttons[i].url),
                    background=int(c.buttons[i].background_rgba),
                )
                for i in range(c.button_count)
            ),
            _owner=messages._self_ref,
        )
    finally:
        # The resolver's answers were asked for this presentation only.
        messages._fonts.clear()
    presenter = messages.presenter
    method = getattr(presenter, "present", None)
    if method is not None:
        state.guard(method, message)


def _close(message_id: Optional[bytes], user_data: Optional[int]) -> None:
    state, messages = _messages(user_data)
    method = getattr(messages.presenter, "close", None) if messages is not None else None
    if state is not None and method is not None:
        state.guard(method, _text(message_id) or "")


def _link_tapped(url: Optional[bytes], message_id: Optional[bytes], user_data: Optional[int]) -> bool:
    state, messages = _messages(user_data)
    handler = messages.click_handler if messages is not None else None
    if state is None or handler is None:
        return False
    return bool(state.guard(handler, _text(url) or ""))


def _can_open_url(url: Optional[bytes], user_data: Optional[int]) -> bool:
    state, messages = _messages(user_data)
    can_open = messages.can_open_url if messages is not None else None
    if state is None or can_open is None:
        return False
    return bool(state.guard(can_open, _text(url) or ""))


def _resolve_font(name: Optional[bytes], size: float, user_data: Optional[int]) -> Optional[int]:
    state, messages = _messages(user_data)
    resolver = messages.font_resolver if messages is not None else None
    if state is None or messages is None or resolver is None:
        return None
    font = state.guard(resolver.resolve_font, _text(name) or "", float(size))
    if font is None:
        return None
    key = next(_FONT_KEYS)
    messages._fonts[key] = font
    return key


# The C-callable objects: module level, so they live as long as the library.
_WAKEUP = _ffi.MESSAGE_WAKEUP_CB(_wakeup)
_PRESENT = _ffi.PRESENT_MESSAGE_CB(_present)
_CLOSE = _ffi.CLOSE_MESSAGE_CB(_close)
_LINK_TAPPED = _ffi.MESSAGE_LINK_TAPPED_CB(_link_tapped)
_CAN_OPEN_URL = _ffi.CAN_OPEN_URL_CB(_can_open_url)
_RESOLVE_FONT = _ffi.RESOLVE_FONT_CB(_resolve_font)


def install(callbacks: _ffi.frames_host_callbacks) -> None:
    """Fills the modal-message members of an engine's host callbacks."""
    callbacks.message_wakeup = _WAKEUP
    callbacks.present_message = _PRESENT
    callbacks.close_message = _CLOSE
    callbacks.message_link_tapped = _LINK_TAPPED
    callbacks.can_open_url = _CAN_OPEN_URL
    callbacks.resolve_font = _RESOLVE_FONT

