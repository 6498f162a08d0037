"""The host callbacks of an engine (frames_host_callbacks): the engine-wide
services.  ``user_data`` is the engine's key in ``ENGINES`` (_callbacks).
analytics, open_url and state_changed go to the host; the trace goes to the
``frames`` logger; the services only modal messages use today (the
can-open check, fonts, the wake-up) are filled in by _message_callbacks.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from . import _ffi
from ._callbacks import ENGINES, EngineState, _text, host_method, trampoline
from ._message_callbacks import CAN_OPEN_URL, MESSAGE_WAKEUP, RESOLVE_FONT
from .records import AnalyticsRecord
from .trace import LOGGER, logging_level

__all__ = ["host_callbacks"]

Method = Callable[..., Any]


@trampoline(_ffi.ANALYTICS_CB, host_method("analytics"))
def _analytics(state: EngineState, method: Method, _: None, record_p: Any) -> None:
    c = record_p.contents
    fields = {
        _text(c.fields[i].key) or "": _text(c.fields[i].value) or "" for i in range(c.field_count)
    }
    method(AnalyticsRecord(
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
    ))


@trampoline(_ffi.OPEN_URL_CB, host_method("open_url"), default=False)
def _open_url(state: EngineState, method: Method, _: None, url: Optional[bytes]) -> bool:
    return bool(method(_text(url) or ""))


@trampoline(_ffi.STATE_CHANGED_CB, host_method("state_changed"))
def _state_changed(state: EngineState, method: Method, _: None) -> None:
    method()


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


# Module level, so they live as long as the library.
_FREE_HOST = _ffi.FREE_USER_DATA_CB(_free_host)
_TRACE = _ffi.TRACE_CB(_trace)


def host_callbacks(state: EngineState) -> _ffi.frames_host_callbacks:
    """The host callbacks of an engine; user_data is its key."""
    return _ffi.frames_host_callbacks(
        version=_ffi.FRAMES_HOST_CALLBACKS_VERSION,
        analytics=_analytics,
        open_url=_open_url,
        can_open_url=CAN_OPEN_URL,
        resolve_font=RESOLVE_FONT,
        state_changed=_state_changed,
        trace=_TRACE,
        message_wakeup=MESSAGE_WAKEUP,
        user_data=state.key,
        free_user_data=_FREE_HOST,
    )
