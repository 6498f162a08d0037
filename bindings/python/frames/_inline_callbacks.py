"""The C callbacks of inline messages (IL-01..IL-10) and where they find
Python: the global inline delegate (user_data = the engine's key) and the
view delegates (user_data = engine_key << 32 | slot_key), as in
_callbacks.py.  Exceptions raised by host code are stored and re-raised
after the library call (EngineState.guard).

Views the engine makes for event triggers (IL-02) first reach Python in
``available``: a Python InlineView is made for the handle there.
"""

from __future__ import annotations

import ctypes
import json
from typing import TYPE_CHECKING, Any, Callable, Optional, Tuple

from . import _ffi
from ._callbacks import ENGINES, EngineState, _delegate_slot, _frame_error, _text

if TYPE_CHECKING:
    from .inline import InlineMessage

__all__ = ["make_inline_delegate", "make_inline_view_delegate"]


def _message(message_p: Any) -> Optional["InlineMessage"]:
    from .inline import InlineMessage, InlineTrigger

    if not message_p:
        return None
    c = message_p.contents
    try:
        trigger: "InlineTrigger | int" = InlineTrigger(c.trigger)
    except ValueError:  # a trigger added by a newer library
        trigger = int(c.trigger)
    return InlineMessage(
        placement_key=_text(c.placement_key) or "",
        campaign_id=_text(c.campaign_id) or "",
        trigger=trigger,
        priority=int(c.priority),
        event_name=_text(c.event_name),
        view_id=_text(c.view_id) or "",
    )


def _view(state: EngineState, handle: Optional[int]) -> Any:
    """The Python InlineView of a handle; one is made for a view the engine
    made (IL-02)."""
    if handle is None:
        return None
    ref = state.views.get(handle)
    view = ref() if ref is not None else None
    if view is None and state.engine is not None:
        engine = state.engine()
        if engine is not None:
            from .inline import InlineView

            view = InlineView._adopt(engine, handle)
    return view


def _global(user_data: Optional[int], name: str) -> Optional[Tuple[EngineState, Callable[..., Any]]]:
    state = ENGINES.get(user_data) if user_data is not None else None
    delegate = state.inline_delegate if state is not None else None
    method = getattr(delegate, name, None)
    if state is None or method is None:
        return None
    return state, method


def _for_view(handle: Optional[int], user_data: Optional[int], name: str) -> Optional[Tuple[EngineState, Any, Callable[..., Any]]]:
    found = _delegate_slot(user_data, name)
    if found is None:
        return None
    state, method = found
    view = _view(state, handle)
    return None if view is None else (state, view, method)


# --- the global inline delegate (IL-02, IL-07, IL-08) --------------------------------


def _available(handle: Optional[int], message_p: Any, user_data: Optional[int]) -> None:
    state = ENGINES.get(user_data) if user_data is not None else None
    if state is None:
        return
    # Made even when the delegate lacks `available`: the view is then dropped
    # with its Python object (weakref.finalize frees it), never leaked.
    view = _view(state, handle)
    message = _message(message_p)
    if view is not None and message is not None and view.placement_key is None:
        view.placement_key = message.placement_key
    found = _global(user_data, "available")
    if found is not None and view is not None:
        found[0].guard(found[1], view, message)


def _context_required(handle: Optional[int], message_p: Any, user_data: Optional[int]) -> Optional[int]:
    found = _global(user_data, "context_required")
    if found is None:
        return None
    state, method = found
    view = _view(state, handle)

    def text() -> Optional[bytes]:
        value = method(view, _message(message_p))
        if value is None:
            return None
        if isinstance(value, str):
            return value.encode("utf-8")
        if isinstance(value, dict):
            return json.dumps(value, allow_nan=False).encode("utf-8")
        raise TypeError(f"context_required must return a dict, JSON text or None, not {type(value).__name__}")

    encoded = state.guard(text)
    if encoded is None:
        return None
    # Lent to the library until the next context: it copies it at once.
    state.context_buffer = ctypes.create_string_buffer(encoded)
    return ctypes.addressof(state.context_buffer)


def _opened_url(handle: Optional[int], message_p: Any, url: Optional[bytes], user_data: Optional[int]) -> None:
    found = _global(user_data, "opened_url")
    if found is not None:
        state, method = found
        state.guard(method, _view(state, handle), _message(message_p), _text(url) or "")


def _opened_deep_link(handle: Optional[int], message_p: Any, link: Optional[bytes], user_data: Optional[int]) -> None:
    found = _global(user_data, "opened_deep_link")
    if found is not None:
        state, method = found
        state.guard(method, _view(state, handle), _message(message_p), _text(link) or "")


def _custom_action(
    handle: Optional[int], message_p: Any, name: Optional[bytes], params: Optional[bytes], user_data: Optional[int]
) -> None:
    found = _global(user_data, "custom_action")
    if found is not None:
        state, method = found
        view = _view(state, handle)
        state.guard(lambda: method(view, _message(message_p), _text(name) or "", json.loads(params or b"{}")))


def _custom_method(
    handle: Optional[int],
    message_p: Any,
    name: Optional[bytes],
    params: Optional[bytes],
    call_id: int,
    user_data: Optional[int],
) -> None:
    from .inline import InlineCall

    found = _global(user_data, "custom_method")
    if found is not None:
        state, method = found
        view = _view(state, handle)
        engine = state.engine() if state.engine is not None else None
        if engine is None:
            return
        call = InlineCall(engine, int(call_id))
        state.guard(lambda: method(view, _message(message_p), _text(name) or "", json.loads(params or b"{}"), call))


def _url_refused(
    handle: Optional[int],
    message_p: Any,
    url: Optional[bytes],
    deep_link: bool,
    reason: Optional[bytes],
    user_data: Optional[int],
) -> None:
    found = _global(user_data, "url_refused")
    if found is not None:
        state, method = found
        state.guard(method, _view(state, handle), _message(message_p), _text(url) or "", bool(deep_link),
                    _text(reason) or "")


def _free_inline_delegate(user_data: Optional[int]) -> None:
    # The delegate object stays where Engine.inline_delegate put it; nothing
    # of C's is held for it.
    return None


# --- the view delegate (IL-06, IL-08) -------------------------------------------------


def _processing_started(handle: Optional[int], user_data: Optional[int]) -> None:
    found = _for_view(handle, user_data, "processing_started")
    if found is not None:
        state, view, method = found
        state.guard(method, view)


def _loaded(handle: Optional[int], message_p: Any, user_data: Optional[int]) -> None:
    found = _for_view(handle, user_data, "loaded")
    if found is not None:
        state, view, method = found
        state.guard(method, view, _message(message_p))


def _updated(handle: Optional[int], message_p: Any, user_data: Optional[int]) -> None:
    found = _for_view(handle, user_data, "updated")
    if found is not None:
        state, view, method = found
        state.guard(method, view, _message(message_p))


def _failed(handle: Optional[int], message_p: Any, error_p: Any, user_data: Optional[int]) -> None:
    found = _for_view(handle, user_data, "failed")
    if found is not None:
        state, view, method = found
        state.guard(method, view, _message(message_p), _frame_error(error_p))


def _size_changed(handle: Optional[int], message_p: Any, width: float, height: float, user_data: Optional[int]) -> None:
    found = _for_view(handle, user_data, "size_changed")
    if found is not None:
        state, view, method = found
        state.guard(method, view, _message(message_p), float(width), float(height))


def _remove(handle: Optional[int], message_p: Any, user_data: Optional[int]) -> None:
    found = _for_view(handle, user_data, "remove")
    if found is not None:
        state, view, method = found
        state.guard(method, view, _message(message_p))


def _render(handle: Optional[int], content_p: Any, user_data: Optional[int]) -> None:
    from .inline import InlineContent

    found = _for_view(handle, user_data, "render")
    if found is None:
        return
    state, view, method = found
    c = content_p.contents
    assets = tuple(
        (_text(c.assets[i].url) or "", ctypes.string_at(c.assets[i].bytes, c.assets[i].size) if c.assets[i].size else b"")
        for i in range(c.asset_count)
    )

    def deliver() -> None:
        message = _message(c.message)
        assert message is not None  # the library always sends one
        content = InlineContent(message=message, html=_text(c.template_html) or "", assets=assets,
                                context=json.loads(c.context_json or b"{}"))
        method(view, content)

    state.guard(deliver)


def _reply(handle: Optional[int], text_p: Any, length: int, user_data: Optional[int]) -> None:
    found = _for_view(handle, user_data, "reply")
    if found is not None:
        state, view, method = found
        text = ctypes.string_at(text_p, length).decode("utf-8", "replace") if length else ""
        state.guard(method, view, text)


# The C-callable objects: module level, so they live as long as the library.
_AVAILABLE = _ffi.INLINE_MESSAGE_CB(_available)
_CONTEXT_REQUIRED = _ffi.INLINE_CONTEXT_CB(_context_required)
_OPENED_URL = _ffi.INLINE_URL_CB(_opened_url)
_OPENED_DEEP_LINK = _ffi.INLINE_URL_CB(_opened_deep_link)
_CUSTOM_ACTION = _ffi.INLINE_ACTION_CB(_custom_action)
_CUSTOM_METHOD = _ffi.INLINE_METHOD_CB(_custom_method)
_URL_REFUSED = _ffi.INLINE_REFUSED_CB(_url_refused)
_FREE_INLINE_DELEGATE = _ffi.FREE_USER_DATA_CB(_free_inline_delegate)
_PROCESSING_STARTED = _ffi.INLINE_PROCESSING_CB(_processing_started)
_LOADED = _ffi.INLINE_MESSAGE_CB(_loaded)
_UPDATED = _ffi.INLINE_MESSAGE_CB(_updated)
_FAILED = _ffi.INLINE_FAILED_CB(_failed)
_SIZE_CHANGED = _ffi.INLINE_SIZE_CB(_size_changed)
_REMOVE = _ffi.INLINE_MESSAGE_CB(_remove)
_RENDER = _ffi.INLINE_RENDER_CB(_render)
_REPLY = _ffi.INLINE_REPLY_CB(_reply)


def _takes_views(delegate: Any) -> bool:
    """Whether the delegate has an ``available`` of its own: the
    InlineDelegate protocol's do-nothing default, inherited by a subclass,
    takes no view, and the engine must know that (IL-02: explain says
    ``no_view`` instead of a view made and dropped)."""
    from .inline import InlineDelegate

    method = getattr(type(delegate), "available", None)
    if method is None:
        return getattr(delegate, "available", None) is not None
    return method is not InlineDelegate.available


def make_inline_delegate(state: EngineState, delegate: Any) -> _ffi.frames_inline_delegate:
    """The global inline delegate of an engine; user_data is its key.
    ``available`` is NULL when ``delegate`` has none: the engine then makes
    no view for an event with nowhere to show (IL-02)."""
    return _ffi.frames_inline_delegate(
        _ffi.FRAMES_INLINE_DELEGATE_VERSION,
        _AVAILABLE if _takes_views(delegate) else _ffi.INLINE_MESSAGE_CB(),
        _CONTEXT_REQUIRED,
        _OPENED_URL,
        _OPENED_DEEP_LINK,
        _CUSTOM_ACTION,
        _CUSTOM_METHOD,
        _URL_REFUSED,
        state.key,
        _FREE_INLINE_DELEGATE,
    )


def make_inline_view_delegate(state: EngineState, slot_key: int) -> _ffi.frames_inline_view_delegate:
    """A C view delegate whose user_data finds ``state.delegates[slot_key]``."""
    from ._callbacks import _FREE_DELEGATE

    return _ffi.frames_inline_view_delegate(
        _ffi.FRAMES_INLINE_VIEW_DELEGATE_VERSION,
        _PROCESSING_STARTED,
        _LOADED,
        _UPDATED,
        _FAILED,
        _SIZE_CHANGED,
        _REMOVE,
        _RENDER,
        _REPLY,
        (state.key << 32) | slot_key,
        _FREE_DELEGATE,
    )
