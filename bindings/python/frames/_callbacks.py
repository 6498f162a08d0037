"""The C callbacks of an engine and its frames, and where they find Python.

One CFUNCTYPE per callback type (in _ffi) and one
C-callable trampoline per callback (here), both created once at import.
``user_data`` is an integer key, never an id(): the host callbacks carry the
engine's key into ``ENGINES``; a frame delegate carries
``engine_key << 32 | slot_key`` into that engine's ``delegates``.  The
free_user_data callbacks remove those entries, so closing an engine leaves
both maps empty.

Exceptions raised by Python code inside a callback are caught (a Python
exception cannot cross the C frames), stored on the engine's state and
re-raised by :meth:`EngineState.call` when the outermost library call
returns (pygit2 callbacks.py).
"""

from __future__ import annotations

import ctypes
import dataclasses
import itertools
import json
import threading
import time
import weakref
from typing import Any, Callable, Dict, List, Optional, Tuple

from . import _ffi
from .errors import WrongThreadError
from .records import AnalyticsRecord, BannerInfo, Content
from .status import FrameError, FrameStatus, _error_code
from .trace import LOGGER, logging_level

__all__ = ["EngineState", "DelegateSlot", "ENGINES", "host_callbacks", "make_delegate", "make_banner_delegate"]

_KEYS = itertools.count(1)


class DelegateSlot:
    """One installed delegate: a weak reference to the host's object."""

    __slots__ = ("ref", "key")

    def __init__(self, delegate: object, key: int) -> None:
        self.ref: "weakref.ref[object]" = weakref.ref(delegate)  # AF-23: weak
        self.key = key


class EngineState:
    """What the callbacks need of an engine; holds no reference to the
    Engine or Frame objects except weak ones, so they can be collected."""

    def __init__(self) -> None:
        self.key = next(_KEYS)
        self.handle: Optional[int] = None
        self.closed = False
        #: The Engine, weakly: its finalizer holds this state, so a strong
        #: reference (also through the host) would keep it alive forever.
        self.engine: Optional["weakref.ref[Any]"] = None
        #: frame handle -> the Python Frame (weak: the host owns frames).
        self.frames: Dict[int, "weakref.ref[Any]"] = {}
        #: banner place handle -> the Python BannerPlace (weak, like frames).
        self.places: Dict[int, "weakref.ref[Any]"] = {}
        #: inline view handle -> the Python InlineView (weak, like frames).
        self.views: Dict[int, "weakref.ref[Any]"] = {}
        #: The global inline delegate (IL-07), held strongly like the host,
        #: and the last context text lent to the library (_inline_callbacks).
        self.inline_delegate: Any = None
        self.context_buffer: Any = None
        #: slot key -> installed delegate.
        self.delegates: Dict[int, DelegateSlot] = {}
        self.pending: List[BaseException] = []
        self.depth = 0
        self._slot_keys = itertools.count(1)
        #: The thread that made the engine (its owner, XC-02).
        self.owner = threading.current_thread()

    def new_slot_key(self) -> int:
        return next(self._slot_keys)

    def call(self, func: Callable[..., Any], *args: Any) -> Any:
        """Calls a library function; afterwards, at the outermost level,
        re-raises the first exception a callback raised meanwhile (the
        library error, if any, becomes its __context__)."""
        self.depth += 1
        try:
            return func(*args)
        finally:
            self.depth -= 1
            if self.depth == 0 and self.pending:
                first = self.pending[0]
                self.pending.clear()
                raise first

    def free_engine(self, free: Callable[..., Any]) -> None:
        """Calls frames_engine_free, from the owner thread or (XC-02) from
        any thread once the owner ended.  threading.Thread.join() returns
        before the thread's system thread has finished exiting, and the
        library learns that a thread ended only at that very end; so when
        the owning Python thread is known to be finished, a WrongThreadError
        is retried for a moment (typically well under a millisecond) rather
        than raised, which would leak the engine."""
        deadline = time.monotonic() + 2.0
        while True:
            try:
                self.call(free, self.handle)
                return
            except WrongThreadError:
                if self.owner.is_alive() or time.monotonic() > deadline:
                    raise
            time.sleep(0.0002)

    def guard(self, func: Callable[..., Any], *args: Any) -> Any:
        """Runs host code inside a callback, storing what it raises."""
        try:
            return func(*args)
        except BaseException as error:  # noqa: B902 - re-raised after the C call
            self.pending.append(error)
            return None

    @property
    def host(self) -> Any:
        engine = self.engine() if self.engine is not None else None
        return getattr(engine, "_host", None)

    def frame(self, handle: Optional[int]) -> Any:
        if handle is None:
            return None
        ref = self.frames.get(handle)
        return ref() if ref is not None else None

    def place(self, handle: Optional[int]) -> Any:
        if handle is None:
            return None
        ref = self.places.get(handle)
        return ref() if ref is not None else None


#: engine key -> state; an entry lives from engine creation to the host's
#: free_user_data.
ENGINES: Dict[int, EngineState] = {}


def _text(raw: Optional[bytes]) -> Optional[str]:
    return None if raw is None else raw.decode("utf-8", "replace")


def _engine(user_data: Optional[int]) -> Optional[EngineState]:
    return None if user_data is None else ENGINES.get(user_data)


def _delegate(
    handle: Optional[int], user_data: Optional[int], name: str, banner: bool = False
) -> Optional[Tuple[EngineState, Any, Callable[..., Any]]]:
    if user_data is None:
        return None
    state = ENGINES.get(user_data >> 32)
    if state is None:
        return None
    slot = state.delegates.get(user_data & 0xFFFFFFFF)
    if slot is None:
        return None
    delegate = slot.ref()
    if delegate is None:  # AF-23: the host let it go; callbacks stop silently
        return None
    method = getattr(delegate, name, None)
    if method is None:
        return None
    # The owner's weak reference, looked up inline: this runs for every
    # callback of every scroll step (docs/performance.md).
    ref = (state.places if banner else state.frames).get(handle) if handle is not None else None
    owner = ref() if ref is not None else None
    if owner is None:
        return None
    return state, owner, method


def _delegate_slot(user_data: Optional[int], name: str) -> Optional[Tuple[EngineState, Callable[..., Any]]]:
    """The engine state and delegate method a delegate's user_data names."""
    if user_data is None:
        return None
    state = ENGINES.get(user_data >> 32)
    if state is None:
        return None
    slot = state.delegates.get(user_data & 0xFFFFFFFF)
    delegate = slot.ref() if slot is not None else None
    method = getattr(delegate, name, None)
    return None if method is None else (state, method)


def _banner_info(info_p: Any) -> BannerInfo:
    return _banner_from(info_p.contents)


def _banner_from(c: Any) -> BannerInfo:
    return BannerInfo(_text(c.id) or "", float(c.ratio), int(c.duration_ms), _text(c.content_url) or "")


def _frame_error(error_p: Any) -> FrameError:
    c = error_p.contents
    return FrameError(_error_code(c.code), int(c.http_status), _text(c.message) or "")


# --- host callbacks ----------------------------------------------------------


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


# --- delegate callbacks --------------------------------------------------------


def _did_change_status(handle: Optional[int], status: int, previous: int, user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "did_change_status")
    if found is not None:
        state, frame, method = found
        state.guard(method, frame, _status(status), _status(previous))


def _did_fail(handle: Optional[int], error_p: Any, user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "did_fail")
    if found is not None:
        state, frame, method = found
        c = error_p.contents
        state.guard(method, frame, FrameError(_error_code(c.code), int(c.http_status), _text(c.message) or ""))


def _did_request_height_change(handle: Optional[int], height: float, user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "did_request_height_change")
    if found is not None:
        state, frame, method = found
        state.guard(method, frame, float(height))


def _did_request_dismiss(handle: Optional[int], user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "did_request_dismiss")
    if found is not None:
        state, frame, method = found
        state.guard(method, frame)


def _did_trigger_action(handle: Optional[int], data: Optional[bytes], user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "did_trigger_action")
    if found is not None:
        state, frame, method = found
        state.guard(lambda: method(frame, json.loads(data or b"{}")))


# --- banner place delegate callbacks (BN-08..BN-17) ----------------------------


def _banner_did_update(handle: Optional[int], is_content: bool, count: int, height: float, user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "did_update", True)
    if found is not None:
        state, place, method = found
        state.guard(method, place, bool(is_content), int(count), float(height))


def _banners_loaded(handle: Optional[int], place_id: Optional[bytes], user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "banners_loaded", True)
    if found is not None:
        state, place, method = found
        state.guard(method, place, _text(place_id) or "")


def _banner_render(
    handle: Optional[int], index: int, info_p: Any, content_p: Any, size: int, user_data: Optional[int]
) -> None:
    found = _delegate(handle, user_data, "render", True)
    if found is not None:
        state, place, method = found
        content = ctypes.string_at(content_p, size) if size else b""
        state.guard(method, place, int(index), _banner_info(info_p), content)


def _banner_row_failed(handle: Optional[int], index: int, error_p: Any, user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "row_failed", True)
    if found is not None:
        state, place, method = found
        state.guard(method, place, int(index), _frame_error(error_p))


def _banner_show(handle: Optional[int], index: int, info_p: Any, user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "show", True)
    if found is not None:
        state, place, method = found
        state.guard(method, place, int(index), _banner_info(info_p))


def _banner_playback(handle: Optional[int], index: int, playing: bool, from_start: bool, user_data: Optional[int]) -> None:
    # The most frequent callback (several per scroll step): ctypes already
    # gives int and bool, and the guard is inlined.
    found = _delegate(handle, user_data, "playback", True)
    if found is not None:
        state, place, method = found
        try:
            method(place, index, playing, from_start)
        except BaseException as error:  # noqa: B902 - re-raised after the C call
            state.pending.append(error)


def _banner_did_scroll(handle: Optional[int], index: int, user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "did_scroll", True)
    if found is not None:
        state, place, method = found
        state.guard(method, place, int(index))


def _banner_on_action(handle: Optional[int], target: Optional[bytes], user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "on_action", True)
    if found is not None:
        state, place, method = found
        state.guard(method, place, _text(target) or "")


def _banner_widget_event(
    handle: Optional[int], index: int, info_p: Any, name: Optional[bytes], data: Optional[bytes],
    user_data: Optional[int],
) -> None:
    found = _delegate(handle, user_data, "widget_event", True)
    if found is not None:
        state, place, method = found
        banner = _banner_info(info_p)
        state.guard(lambda: method(place, int(index), banner, _text(name) or "", None if data is None else json.loads(data)))


def _banner_input_requested(
    handle: Optional[int], index: int, kind: int, prompt: Optional[bytes], user_data: Optional[int]
) -> bool:
    found = _delegate(handle, user_data, "input_requested", True)
    if found is None:
        return False
    state, place, method = found
    from .banners import InputKind  # the enum lives with the place

    try:
        typed: InputKind | int = InputKind(kind)
    except ValueError:  # a kind added by a newer library
        typed = kind
    return bool(state.guard(method, place, int(index), typed, _text(prompt) or ""))


def _free_delegate(user_data: Optional[int]) -> None:
    if user_data is None:
        return
    state = ENGINES.get(user_data >> 32)
    if state is not None:
        state.delegates.pop(user_data & 0xFFFFFFFF, None)


def _status(value: int) -> FrameStatus | int:
    try:
        return FrameStatus(value)
    except ValueError:  # a status added by a newer library
        return value


# The C-callable objects: module level, so they live as long as the library.
_ANALYTICS = _ffi.ANALYTICS_CB(_analytics)
_RENDER = _ffi.RENDER_CB(_render)
_OPEN_URL = _ffi.OPEN_URL_CB(_open_url)
_PRELOADED = _ffi.PRELOADED_CB(_preloaded)
_FREE_HOST = _ffi.FREE_USER_DATA_CB(_free_host)
_STATE_CHANGED = _ffi.STATE_CHANGED_CB(_state_changed)
_TRACE = _ffi.TRACE_CB(_trace)
_DID_CHANGE_STATUS = _ffi.DID_CHANGE_STATUS_CB(_did_change_status)
_DID_FAIL = _ffi.DID_FAIL_CB(_did_fail)
_DID_REQUEST_HEIGHT_CHANGE = _ffi.DID_REQUEST_HEIGHT_CHANGE_CB(_did_request_height_change)
_DID_REQUEST_DISMISS = _ffi.DID_REQUEST_DISMISS_CB(_did_request_dismiss)
_DID_TRIGGER_ACTION = _ffi.DID_TRIGGER_ACTION_CB(_did_trigger_action)
_FREE_DELEGATE = _ffi.FREE_USER_DATA_CB(_free_delegate)
_BANNER_DID_UPDATE = _ffi.BANNER_DID_UPDATE_CB(_banner_did_update)
_BANNERS_LOADED = _ffi.BANNERS_LOADED_CB(_banners_loaded)
_BANNER_RENDER = _ffi.BANNER_RENDER_CB(_banner_render)
_BANNER_ROW_FAILED = _ffi.BANNER_ROW_FAILED_CB(_banner_row_failed)
_BANNER_SHOW = _ffi.BANNER_SHOW_CB(_banner_show)
_BANNER_PLAYBACK = _ffi.BANNER_PLAYBACK_CB(_banner_playback)
_BANNER_DID_SCROLL = _ffi.BANNER_DID_SCROLL_CB(_banner_did_scroll)
_BANNER_ON_ACTION = _ffi.BANNER_ON_ACTION_CB(_banner_on_action)
_BANNER_WIDGET_EVENT = _ffi.BANNER_WIDGET_EVENT_CB(_banner_widget_event)
_BANNER_INPUT_REQUESTED = _ffi.BANNER_INPUT_REQUESTED_CB(_banner_input_requested)


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
    # Modal messages (IM-01..IM-07); imported here because that module
    # imports this one.
    from ._message_callbacks import install

    install(callbacks)
    return callbacks


def make_delegate(state: EngineState, slot_key: int) -> _ffi.frames_frame_delegate:
    """A C delegate whose user_data finds ``state.delegates[slot_key]``."""
    return _ffi.frames_frame_delegate(
        _ffi.FRAMES_FRAME_DELEGATE_VERSION,
        _DID_CHANGE_STATUS,
        _DID_FAIL,
        _DID_REQUEST_HEIGHT_CHANGE,
        _DID_REQUEST_DISMISS,
        _DID_TRIGGER_ACTION,
        (state.key << 32) | slot_key,
        _FREE_DELEGATE,
    )


def make_banner_delegate(state: EngineState, slot_key: int) -> _ffi.frames_banner_delegate:
    """A C banner delegate whose user_data finds ``state.delegates[slot_key]``."""
    return _ffi.frames_banner_delegate(
        _ffi.FRAMES_BANNER_DELEGATE_VERSION,
        _BANNER_DID_UPDATE,
        _BANNERS_LOADED,
        _BANNER_RENDER,
        _BANNER_ROW_FAILED,
        _BANNER_SHOW,
        _BANNER_PLAYBACK,
        _BANNER_DID_SCROLL,
        _BANNER_ON_ACTION,
        _BANNER_WIDGET_EVENT,
        _BANNER_INPUT_REQUESTED,
        (state.key << 32) | slot_key,
        _FREE_DELEGATE,
    )
