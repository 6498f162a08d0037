"""The host callbacks of an engine (frames_host_callbacks): analytics,
App Frames' render, open_url, preloaded banners, state changes and the
trace.  ``user_data`` is the engine's key in ``ENGINES`` (_callbacks); the
modal message members are filled in by _message_callbacks.
"""

from __future__ import annotations

import ctypes
import dataclasses
from typing import Any, Optional

from . import _ffi
from ._callbacks import ENGINES, EngineState, _banner_from, _engine, _frame_error, _text
from ._message_callbacks import install as install_message_callbacks
from .records import AnalyticsRecord, Content
from .trace import LOGGER, logging_level

__all__ = ["host_callbacks"]


def _analytics(record_p: Any, user_data: Optional[int]) -> None:
    state = _engine(user_data)
    method = getattr(state.host, "analytics", None) if state is not None else None
    if state is None or method is None:
        return
    c = record_p.contents
    fields = {
        _text(c.fields[i].key) or "": _text(c.fields[i].value) or "" for i in range(c.field_count)
    }
    record = AnalyticsRecord(
        name=_text(c.name) or "",
        time_ms=int(c.time_ms),
        session_id=_text(c.session_id),
        user_id=_text(c.user_id),
        module=_text(c.module),
        placement_id=_text(c.placement_id),
        campaign_id=_text(c.campaign_id),
        variant_id=_text(c.variant_id),
        view_id=_text(c.view_id),
        fields=fields,
    )
    state.guard(method, record)


def _render(handle: Optional[int], content_p: Any, user_data: Optional[int]) -> None:
    state = _engine(user_data)
    method = getattr(state.host, "render", None) if state is not None else None
    if state is None or method is None:
        return
    frame = state.frame(handle)
    if frame is None:
        return
    c = content_p.contents
    assets = tuple(
        (_text(c.assets[i].url) or "", ctypes.string_at(c.assets[i].bytes, c.assets[i].size) if c.assets[i].size else b"")
        for i in range(c.asset_count)
    )
    content = Content(
        placement_id=_text(c.placement_id) or "",
        campaign_id=_text(c.campaign_id) or "",
        variant_id=_text(c.variant_id) or "",
        html=_text(c.template_html) or "",
        assets=assets,
        action_ids=tuple(_text(c.action_ids[i]) or "" for i in range(c.action_count)),
    )
    state.guard(method, frame, content)


def _open_url(url: Optional[bytes], user_data: Optional[int]) -> bool:
    state = _engine(user_data)
    method = getattr(state.host, "open_url", None) if state is not None else None
    if state is None or method is None:
        return False
    return bool(state.guard(method, _text(url) or ""))


def _preloaded(
    place_id: Optional[bytes],
    banners_p: Any,
    count: int,
    banner_errors_p: Any,
    error_p: Any,
    user_data: Optional[int],
) -> None:
    state = _engine(user_data)
    method = getattr(state.host, "preloaded", None) if state is not None else None
    if state is None or method is None:
        return
    error = _frame_error(error_p) if error_p else None
    banners = None
    if error is None:
        banners = [
            dataclasses.replace(
                _banner_from(banners_p[i]),
                content_error=_frame_error(banner_errors_p[i]) if banner_errors_p and banner_errors_p[i] else None,
            )
            for i in range(count)
        ]
    state.guard(method, _text(place_id) or "", banners, error)


def _state_changed(user_data: Optional[int]) -> None:
    state = _engine(user_data)
    method = getattr(state.host, "state_changed", None) if state is not None else None
    if state is not None and method is not None:
        state.guard(method)


def _trace(level: int, line: Optional[bytes], user_data: Optional[int]) -> None:
    LOGGER.log(logging_level(level), "%s", _text(line) or "")


def _free_host(user_data: Optional[int]) -> None:
    state = ENGINES.pop(user_data, None) if user_data is not None else None
    if state is not None:
        state.closed = True
        state.delegates.clear()
        state.frames.clear()
        state.places.clear()
        state.views.clear()
        state.inline_delegate = None


# The C-callable objects: module level, so they live as long as the library.
_ANALYTICS = _ffi.ANALYTICS_CB(_analytics)
_RENDER = _ffi.RENDER_CB(_render)
_OPEN_URL = _ffi.OPEN_URL_CB(_open_url)
_PRELOADED = _ffi.PRELOADED_CB(_preloaded)
_FREE_HOST = _ffi.FREE_USER_DATA_CB(_free_host)
_STATE_CHANGED = _ffi.STATE_CHANGED_CB(_state_changed)
_TRACE = _ffi.TRACE_CB(_trace)


def host_callbacks(state: EngineState) -> _ffi.frames_host_callbacks:
    """The host callbacks of an engine; user_data is its key."""
    callbacks = _ffi.frames_host_callbacks(
        version=_ffi.FRAMES_HOST_CALLBACKS_VERSION,
        analytics=_ANALYTICS,
        render=_RENDER,
        open_url=_OPEN_URL,
        preloaded=_PRELOADED,
        user_data=state.key,
        free_user_data=_FREE_HOST,
        state_changed=_STATE_CHANGED,
        trace=_TRACE,
    )
    install_message_callbacks(callbacks)  # modal messages (IM-01..IM-07)
    return callbacks
