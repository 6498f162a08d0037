"""The C callbacks of inline messages (IL-01..IL-10): the inline module's
delegate (``user_data`` = the engine's key; the delegate lives on
``engine.inline``) and the view delegates (``user_data`` =
``engine_key << 32 | slot_key``, whose slot names the InlineView), found
and guarded by :func:`_callbacks.trampoline`.

Views the engine makes for event triggers (IL-02) first reach Python in
``available``: ``engine.inline`` makes a Python InlineView for the handle
there.
"""

from __future__ import annotations

import ctypes
import json
from typing import Any, Callable, Optional

from . import _ffi
from ._callbacks import (
    _FREE_DELEGATE,
    ENGINES,
    EngineState,
    Found,
    _frame_error,
    _text,
    module_delegate,
    object_delegate,
    trampoline,
)
from .inline_types import InlineCall, InlineContent, InlineDelegate, InlineMessage, InlineTrigger

__all__ = ["make_inline_delegate", "make_inline_view_delegate"]

Method = Callable[..., Any]


def _message(message_p: Any) -> Optional[InlineMessage]:
    if not message_p:
        return None
    c = message_p.contents
    try:
        trigger: "InlineTrigger | int" = InlineTrigger(c.trigger)
    except ValueError:  # a trigger added by a newer library
        trigger = int(c.trigger)
    return InlineMessage(
        placement_id=_text(c.placement_id) or "",
        campaign_id=_text(c.campaign_id) or "",
        trigger=trigger,
        priority=int(c.priority),
        event_name=_text(c.event_name),
        view_id=_text(c.view_id) or "",
    )


# --- the inline module's delegate (IL-02, IL-07, IL-08) --------------------------------


def _free_unwanted(view: Any, message: Optional[InlineMessage]) -> None:
    view.close()


_delegate_available = module_delegate("inline", "available")


def _find_available(user_data: Optional[int]) -> Optional[Found]:
    """The delegate's ``available``, or — once the delegate was collected —
    a stand-in that frees the view: the engine made it for the host, and
    nobody else would free it before the engine."""
    found = _delegate_available(user_data)
    if found is not None:
        return found
    state = ENGINES.get(user_data) if user_data is not None else None
    inline = state.module("inline") if state is not None else None
    return None if state is None or inline is None else (state, _free_unwanted, inline)


@trampoline(_ffi.INLINE_MESSAGE_CB, _find_available)
def _available(state: EngineState, method: Method, inline: Any, handle: Optional[int], message_p: Any) -> None:
    view = inline._view(handle)
    if view is None:
        return
    message = _message(message_p)
    if message is not None and view.placement_id is None:
        view.placement_id = message.placement_id
    method(view, message)


@trampoline(_ffi.INLINE_CONTEXT_CB, module_delegate("inline", "context_required"))
def _context_required(state: EngineState, method: Method, inline: Any, handle: Optional[int],
                      message_p: Any) -> Optional[int]:
    value = method(inline._view(handle), _message(message_p))
    if value is None:
        return None
    if isinstance(value, str):
        encoded = value.encode("utf-8")
    elif isinstance(value, dict):
        encoded = json.dumps(value, allow_nan=False).encode("utf-8")
    else:
        raise TypeError(f"context_required must return a dict, JSON text or None, not {type(value).__name__}")
    # Lent to the library until the next context: it copies it at once.
    state.context_buffer = ctypes.create_string_buffer(encoded)
    return ctypes.addressof(state.context_buffer)


@trampoline(_ffi.INLINE_URL_CB, module_delegate("inline", "open_url"))
def _open_url(state: EngineState, method: Method, inline: Any, handle: Optional[int], message_p: Any,
              url: Optional[bytes]) -> None:
    method(inline._view(handle), _message(message_p), _text(url) or "")


@trampoline(_ffi.INLINE_URL_CB, module_delegate("inline", "open_deep_link"))
def _open_deep_link(state: EngineState, method: Method, inline: Any, handle: Optional[int], message_p: Any,
                    link: Optional[bytes]) -> None:
    method(inline._view(handle), _message(message_p), _text(link) or "")


@trampoline(_ffi.INLINE_ACTION_CB, module_delegate("inline", "custom_action"))
def _custom_action(state: EngineState, method: Method, inline: Any, handle: Optional[int], message_p: Any,
                   name: Optional[bytes], params: Optional[bytes]) -> None:
    method(inline._view(handle), _message(message_p), _text(name) or "", json.loads(params or b"{}"))


@trampoline(_ffi.INLINE_METHOD_CB, module_delegate("inline", "custom_method"))
def _custom_method(state: EngineState, method: Method, inline: Any, handle: Optional[int], message_p: Any,
                   name: Optional[bytes], params: Optional[bytes], call_id: int) -> None:
    view = inline._view(handle)
    call = InlineCall(state, int(call_id))
    method(view, _message(message_p), _text(name) or "", json.loads(params or b"{}"), call)


@trampoline(_ffi.INLINE_REFUSED_CB, module_delegate("inline", "url_refused"))
def _url_refused(state: EngineState, method: Method, inline: Any, handle: Optional[int], message_p: Any,
                 url: Optional[bytes], deep_link: bool, reason: Optional[bytes]) -> None:
    method(inline._view(handle), _message(message_p), _text(url) or "", bool(deep_link), _text(reason) or "")


def _nothing_held(user_data: Optional[int]) -> None:
    # The delegate lives on engine.inline; C holds nothing for it.
    return None


# --- the view delegate (IL-06, IL-08) -------------------------------------------------


@trampoline(_ffi.INLINE_PROCESSING_CB, object_delegate("processing_started"))
def _processing_started(state: EngineState, method: Method, view: Any, handle: Any) -> None:
    method(view)


@trampoline(_ffi.INLINE_MESSAGE_CB, object_delegate("loaded"))
def _loaded(state: EngineState, method: Method, view: Any, handle: Any, message_p: Any) -> None:
    method(view, _message(message_p))


@trampoline(_ffi.INLINE_MESSAGE_CB, object_delegate("updated"))
def _updated(state: EngineState, method: Method, view: Any, handle: Any, message_p: Any) -> None:
    method(view, _message(message_p))


@trampoline(_ffi.INLINE_FAILED_CB, object_delegate("failed"))
def _failed(state: EngineState, method: Method, view: Any, handle: Any, message_p: Any, error_p: Any) -> None:
    method(view, _message(message_p), _frame_error(error_p))


@trampoline(_ffi.INLINE_SIZE_CB, object_delegate("size_requested"))
def _size_requested(state: EngineState, method: Method, view: Any, handle: Any, message_p: Any, width: float,
                    height: float) -> None:
    method(view, _message(message_p), float(width), float(height))


@trampoline(_ffi.INLINE_MESSAGE_CB, object_delegate("remove"))
def _remove(state: EngineState, method: Method, view: Any, handle: Any, message_p: Any) -> None:
    method(view, _message(message_p))


@trampoline(_ffi.INLINE_RENDER_CB, object_delegate("render"))
def _render(state: EngineState, method: Method, view: Any, handle: Any, content_p: Any) -> None:
    c = content_p.contents
    assets = tuple(
        (_text(c.assets[i].url) or "", ctypes.string_at(c.assets[i].bytes, c.assets[i].size) if c.assets[i].size else b"")
        for i in range(c.asset_count)
    )
    message = _message(c.message)
    assert message is not None  # the library always sends one
    method(view, InlineContent(message=message, html=_text(c.template_html) or "", assets=assets,
                               context=json.loads(c.context_json or b"{}")))


@trampoline(_ffi.INLINE_REPLY_CB, object_delegate("reply"))
def _reply(state: EngineState, method: Method, view: Any, handle: Any, text_p: Any, length: int) -> None:
    method(view, ctypes.string_at(text_p, length).decode("utf-8", "replace") if length else "")


# Module level, so they live as long as the library.
_FREE_INLINE_DELEGATE = _ffi.FREE_USER_DATA_CB(_nothing_held)


def _takes_views(delegate: Any) -> bool:
    """Whether the delegate has an ``available`` of its own: the
    InlineDelegate protocol's do-nothing default, inherited by a subclass,
    takes no view, and the engine must know that (IL-02: explain says
    ``no_view`` instead of a view made and dropped)."""
    method = getattr(type(delegate), "available", None)
    if method is None:
        return getattr(delegate, "available", None) is not None
    return method is not InlineDelegate.available


def make_inline_delegate(state: EngineState, delegate: Any) -> _ffi.frames_inline_delegate:
    """The inline module's C delegate of an engine; user_data is its key.
    ``available`` is NULL when ``delegate`` has none: the engine then makes
    no view for an event with nowhere to show (IL-02)."""
    return _ffi.frames_inline_delegate(
        _ffi.FRAMES_INLINE_DELEGATE_VERSION,
        _available if _takes_views(delegate) else _ffi.INLINE_MESSAGE_CB(),
        _context_required,
        _open_url,
        _open_deep_link,
        _custom_action,
        _custom_method,
        _url_refused,
        state.key,
        _FREE_INLINE_DELEGATE,
    )


def make_inline_view_delegate(state: EngineState, slot_key: int) -> _ffi.frames_inline_view_delegate:
    """A C view delegate whose user_data finds ``state.delegates[slot_key]``."""
    return _ffi.frames_inline_view_delegate(
        _ffi.FRAMES_INLINE_VIEW_DELEGATE_VERSION,
        _processing_started,
        _loaded,
        _updated,
        _failed,
        _size_requested,
        _remove,
        _render,
        _reply,
        (state.key << 32) | slot_key,
        _FREE_DELEGATE,
    )
