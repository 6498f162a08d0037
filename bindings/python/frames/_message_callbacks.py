"""The C callbacks of modal messages (IM-01..IM-07): the messages delegate
(frames_messages_delegate: present, close, link_tapped) and the host
services messages use (can_open_url, resolve_font, message_wakeup).
``user_data`` is the engine's key in ``ENGINES`` (_callbacks); what the host
set lives on ``engine.messages``.

Every callback but the wake-up runs on the owner thread inside an engine
call, and stores what the host code raised for EngineState.call to re-raise.
The wake-up runs on the notifying thread inside handle_notification: what it
raises is kept per thread and re-raised when that call returns there.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable, Optional

from . import _ffi
from ._callbacks import EngineState, _text, module_attribute, module_delegate, thread_errors, trampoline
from .messages import Message, MessageButton, MessageFontSource, MessageText, Messages

__all__ = ["make_messages_delegate", "CAN_OPEN_URL", "RESOLVE_FONT", "MESSAGE_WAKEUP"]

_FONT_KEYS = itertools.count(1)

Method = Callable[..., Any]


@trampoline(_ffi.MESSAGE_WAKEUP_CB, module_attribute("messages", "wakeup"), errors=thread_errors)
def _wakeup(state: EngineState, hook: Method, messages: Messages) -> None:
    hook()


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


def _message(c: Any, messages: Messages) -> Message:
    return Message(
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


@trampoline(_ffi.MESSAGES_PRESENT_CB, module_delegate("messages", "present"))
def _present(state: EngineState, method: Method, messages: Messages, message_p: Any) -> None:
    try:
        message = _message(message_p.contents, messages)
    finally:
        # The resolver's answers were asked for this presentation only (with
        # no delegate they wait, a handful, for the next one).
        messages._fonts.clear()
    method(message)


@trampoline(_ffi.MESSAGES_CLOSE_CB, module_delegate("messages", "close"))
def _close(state: EngineState, method: Method, messages: Messages, message_id: Optional[bytes]) -> None:
    method(_text(message_id) or "")


@trampoline(_ffi.MESSAGES_LINK_TAPPED_CB, module_delegate("messages", "link_tapped"), default=False)
def _link_tapped(state: EngineState, method: Method, messages: Messages, url: Optional[bytes],
                 message_id: Optional[bytes]) -> bool:
    return bool(method(_text(url) or "", _text(message_id) or ""))


@trampoline(_ffi.CAN_OPEN_URL_CB, module_attribute("messages", "can_open_url"), default=False)
def _can_open_url(state: EngineState, can_open: Method, messages: Messages, url: Optional[bytes]) -> bool:
    return bool(can_open(_text(url) or ""))


@trampoline(_ffi.RESOLVE_FONT_CB, module_attribute("messages", "font_resolver"))
def _resolve_font(state: EngineState, resolver: Any, messages: Messages, name: Optional[bytes],
                  size: float) -> Optional[int]:
    font = resolver.resolve_font(_text(name) or "", float(size))
    if font is None:
        return None
    key = next(_FONT_KEYS)
    messages._fonts[key] = font
    return key


def _nothing_held(user_data: Optional[int]) -> None:
    # The delegate lives on engine.messages; C holds nothing for it.
    return None


# Module level, so they live as long as the library.
_FREE_MESSAGES_DELEGATE = _ffi.FREE_USER_DATA_CB(_nothing_held)
CAN_OPEN_URL = _can_open_url
RESOLVE_FONT = _resolve_font
MESSAGE_WAKEUP = _wakeup


def make_messages_delegate(state: EngineState) -> _ffi.frames_messages_delegate:
    """The messages module's C delegate of an engine; user_data is its key."""
    return _ffi.frames_messages_delegate(
        _ffi.FRAMES_MESSAGES_DELEGATE_VERSION, _present, _close, _link_tapped, state.key, _FREE_MESSAGES_DELEGATE
    )
