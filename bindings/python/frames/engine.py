"""The engine (XC-01..XC-10): sans-IO requests, timers, session,
identity, app state and consent, over frames_engine_*.

An Engine is bound to the thread that created it (XC-02): a call from any
other thread raises WrongThreadError and changes nothing.  The library owns
no clock: every call that needs the time takes the host's monotonic
milliseconds (``now_ms``).  A driver (frames.drivers) performs the requests
and fires the timers.
"""

from __future__ import annotations

import ctypes
import json
import os
import weakref
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Mapping, Optional, Tuple, Union

from . import _check, _ffi
from ._callbacks import ENGINES, EngineState
from ._host_callbacks import host_callbacks
from ._lib import lib
from .engine_options import EngineOptions
from .errors import FramesError
from .host import HOST_METHODS, Host
from .records import Request
from .status import AppState
from .trace import TraceLevel, level_for_logging
from .messages import Messages, NotificationOutcome, Payload, handle_notification

if TYPE_CHECKING:
    from .appearance import Appearance
    from .banners import BannerPlace
    from .frame import Frame
    from .inline import InlineDelegate, InlineView

__all__ = ["Engine", "EngineOptions", "Host", "Headers"]

#: Headers as a mapping or a sequence of (name, value).
Headers = Union[Mapping[str, str], Iterable[Tuple[str, str]]]


def _free_engine(state: EngineState) -> None:
    """weakref.finalize of an Engine that was not closed."""
    if state.handle is None or state.closed:
        return
    try:
        lib.frames_engine_free(state.handle)
    except FramesError:  # e.g. collected on another thread: nothing safe to do
        pass


class Engine:
    """An engine owned by the calling thread.

    ``config`` is the host configuration document (AF-01): bytes or text
    (JSON or an XML property list), or a path (os.PathLike) to read it from.
    ``host`` receives analytics, render requests and URLs to open.
    """

    def __init__(
        self,
        config: Union[bytes, str, "os.PathLike[str]"],
        options: Optional[EngineOptions] = None,
        host: Optional[Host] = None,
    ) -> None:
        document = _check.path_or_bytes("config", config)
        if options is not None:
            _check.instance("options", options, EngineOptions)
        c_options = (options or EngineOptions())._to_c()
        _check.callables("host", host, HOST_METHODS)
        #: The host, held strongly: the engine owns it.
        self._host = host
        #: Modal messages (IM-01..IM-07): the presenter, click handler,
        #: can-open check, font resolver and wake-up, and the reports.
        self.messages = Messages(self)
        state = EngineState()
        state.engine = weakref.ref(self)
        callbacks = host_callbacks(state)
        ENGINES[state.key] = state  # removed by the host's free_user_data
        handle = ctypes.c_void_p()
        # frames_engine_new calls free_user_data on failure too.
        state.call(
            lib.frames_engine_new,
            ctypes.byref(c_options),
            document or None,  # frames.h: NULL with config_len 0 = App Frames off
            len(document),
            ctypes.byref(callbacks),
            ctypes.byref(handle),
        )
        state.handle = handle.value
        self._state = state
        self._finalizer = weakref.finalize(self, _free_engine, state)
        level = level_for_logging()
        if level != TraceLevel.OFF:
            self.set_trace_level(level)

    # --- lifetime -------------------------------------------------------

    def close(self) -> None:
        """Frees the engine and every frame made from it (their handles
        become invalid).  Idempotent; callable inside a callback."""
        state = self._state
        if state.closed:
            return
        state.free_engine(lib.frames_engine_free)
        state.closed = True
        state.frames.clear()
        state.places.clear()
        state.views.clear()
        state.inline_delegate = None
        self._finalizer.detach()

    @property
    def closed(self) -> bool:
        return self._state.closed

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<frames.Engine {'closed' if self.closed else hex(self._state.handle or 0)}>"

    @property
    def host(self) -> Optional[Host]:
        return self._host

    # --- requests and timers (XC-01) -------------------------------------

    def poll_request(self) -> Optional[Request]:
        """The next request to perform, copied; None when none waits."""
        c = _ffi.frames_request()
        available = ctypes.c_bool()
        self._call(lib.frames_engine_poll_request, ctypes.byref(c), ctypes.byref(available))
        if not available.value:
            return None
        headers = tuple(
            ((c.header_names[i] or b"").decode("utf-8", "replace"), (c.header_values[i] or b"").decode("utf-8", "replace"))
            for i in range(c.header_count)
        )
        body = ctypes.string_at(c.body, c.body_len) if c.body_len else b""
        return Request(
            id=int(c.id),
            method=(c.method or b"").decode("ascii", "replace"),
            url=(c.url or b"").decode("utf-8", "replace"),
            headers=headers,
            body=body,
            deadline_ms=int(c.deadline_ms),
        )

    def complete_request(
        self, request_id: int, status: int, headers: Headers = (), body: bytes = b"", *, now_ms: int
    ) -> None:
        """Answers a request with an HTTP response (2xx success; others are
        failures retried per XC-06).  NotFoundError: no longer in flight."""
        c_id = _check.integer("request_id", request_id, _check.UINT64)
        c_status = _check.integer("status", status, _check.INT32)
        pairs = _header_pairs(headers)
        data = _check.byte_data("body", body)
        now = _check.time_ms(now_ms)
        count = len(pairs)
        names = (ctypes.c_char_p * max(count, 1))(*[n for n, _ in pairs])
        values = (ctypes.c_char_p * max(count, 1))(*[v for _, v in pairs])
        buffer = (ctypes.c_uint8 * max(len(data), 1)).from_buffer_copy(data or b"\0")
        self._call(lib.frames_engine_complete_request, c_id, c_status, names, values, count, buffer, len(data), now)

    def fail_request(self, request_id: int, message: Optional[str], now_ms: int) -> None:
        """Reports that a request could not be performed (retried, XC-06)."""
        c_id = _check.integer("request_id", request_id, _check.UINT64)
        encoded = _check.optional_text("message", message)
        self._call(lib.frames_engine_fail_request, c_id, encoded, _check.time_ms(now_ms))

    def next_deadline(self) -> Optional[int]:
        """When on_timeout must be called next (ms), or None."""
        deadline = ctypes.c_int64()
        has = ctypes.c_bool()
        self._call(lib.frames_engine_get_next_deadline, ctypes.byref(deadline), ctypes.byref(has))
        return int(deadline.value) if has.value else None

    def on_timeout(self, now_ms: int) -> None:
        """Fires every timer and request timeout due at now_ms."""
        self._call(lib.frames_engine_on_timeout, _check.time_ms(now_ms))

    # --- session, identity, app state, consent (XC-04) -------------------

    def start_session(self, session_id: Optional[str] = None, *, now_ms: int) -> None:
        """A new session ("session-N" when session_id is None); AF-22, AF-17."""
        encoded = _check.optional_text("session_id", session_id)
        self._call(lib.frames_engine_start_session, encoded, _check.time_ms(now_ms))

    def set_user(self, user_id: Optional[str], now_ms: int) -> None:
        """Login (an id) or logout (None) (AF-16)."""
        encoded = _check.optional_text("user_id", user_id)
        self._call(lib.frames_engine_set_user, encoded, _check.time_ms(now_ms))

    def set_app_state(self, state: AppState, now_ms: int) -> None:
        """background -> active refreshes App Frames (AF-16). An engine
        starts ``AppState.ACTIVE``; a host that starts in the background says
        so first (modal messages are presented only while active, IM-02)."""
        value = int(_check.member("state", state, AppState))
        self._call(lib.frames_engine_set_app_state, value, _check.time_ms(now_ms))

    def set_consent(self, granted: bool, now_ms: int) -> None:
        """Revoking disables every frame at once (AF-17)."""
        value = _check.boolean("granted", granted)
        self._call(lib.frames_engine_set_consent, value, _check.time_ms(now_ms))

    @property
    def app_frames_enabled(self) -> bool:
        """Whether the configuration document enabled App Frames (AF-01)."""
        enabled = ctypes.c_bool()
        self._call(lib.frames_engine_get_app_frames_enabled, ctypes.byref(enabled))
        return bool(enabled.value)

    # --- frames -------------------------------------------------------------

    def new_frame(self) -> "Frame":
        """A new frame (noPlacement, or disabled while App Frames are off)."""
        from .frame import Frame

        handle = ctypes.c_void_p()
        self._call(lib.frames_frame_new, ctypes.byref(handle))
        return Frame._adopt(self, handle.value)

    # --- banner places (BN-01..BN-17) ------------------------------------------

    def new_banner_place(self, place_id: str, appearance: "Appearance") -> "BannerPlace":
        """A banner place for ``place_id``; the appearance is checked now and
        fixed for the place's life.  Nothing loads until create()."""
        from .banners import BannerPlace

        return BannerPlace(self, place_id, appearance)

    def preload_banners(self, place_id: str, now_ms: int) -> None:
        """BN-14: fetches ``place_id``'s list into the cache every place with
        that id reads until a refresh or another preload; completes through
        the host's ``preloaded``."""
        encoded = _check.text("place_id", place_id)
        self._call(lib.frames_engine_preload_banners, encoded, _check.time_ms(now_ms))

    # --- inline messages (IL-01..IL-10) -------------------------------------------

    def new_inline_view(self, placement_key: str) -> "InlineView":
        """A view for ``placement_key`` (detached, no size, no delegate)."""
        from .inline import InlineView

        return InlineView(self, placement_key)

    @property
    def inline_delegate(self) -> Optional["InlineDelegate"]:
        """The global inline delegate (IL-07), held by the engine; None
        clears it.  Without one (or without an ``available`` of its own) no
        view is made for event triggers: ``explain_inline`` then says
        ``no_view`` for an event campaign with no view of its key."""
        return self._state.inline_delegate  # type: ignore[no-any-return]

    @inline_delegate.setter
    def inline_delegate(self, delegate: Optional["InlineDelegate"]) -> None:
        from ._inline_callbacks import make_inline_delegate
        from .inline import INLINE_DELEGATE_METHODS

        state = self._state
        if delegate is None:
            self._call(lib.frames_engine_set_inline_delegate, None)
            state.inline_delegate = None
            return
        _check.callables("inline_delegate", delegate, INLINE_DELEGATE_METHODS)
        c_delegate = make_inline_delegate(state, delegate)
        self._call(lib.frames_engine_set_inline_delegate, ctypes.byref(c_delegate))
        state.inline_delegate = delegate

    def track_event(self, name: str, properties: Optional[Mapping[str, Any]] = None, *, now_ms: int) -> None:
        """IL-02: the app tracked event ``name``; its event campaigns show in
        the attached views of their key, or in a view handed to the inline
        delegate's ``available``.  ``properties`` (a JSON-able mapping) are
        checked, not used by the choice."""
        encoded = _check.text("name", name)
        if properties is not None and not isinstance(properties, Mapping):
            raise TypeError(f"properties must be a mapping, not {type(properties).__name__}")
        data = _check.json_text("properties", dict(properties)) if properties is not None else None
        self._call(lib.frames_engine_track_event, encoded, data, _check.time_ms(now_ms))

    def explain_inline(self, placement_key: str, *, now_ms: int) -> Dict[str, Any]:
        """Why each inline campaign of ``placement_key`` is or is not shown
        now (docs/wire-format.md, "explain"): records nothing."""
        encoded = _check.text("placement_key", placement_key)
        text = ctypes.c_char_p()
        length = ctypes.c_size_t()
        self._call(lib.frames_engine_explain_inline, encoded, _check.time_ms(now_ms), ctypes.byref(text),
                   ctypes.byref(length))
        result: Dict[str, Any] = json.loads(ctypes.string_at(text, length.value))
        return result

    def set_trace_level(self, level: TraceLevel) -> None:
        """How much the engine reports to the ``frames`` logger (requests,
        retries, campaigns chosen or skipped and why, status changes). A new
        engine starts at what the logger lets through when logging is
        configured, else OFF."""
        self._call(lib.frames_engine_set_trace_level, int(_check.member("level", level, TraceLevel)))

    def export_state(self, now_ms: int, wall_clock_ms: int) -> bytes:
        """XC-10: the durable state as one versioned, checksummed blob to
        store (the engine writes no file). ``wall_clock_ms`` is the wall
        clock (ms since the Unix epoch, e.g. ``time.time_ns() // 1_000_000``)
        read with ``now_ms``: times in the blob are wall-clock times, so they
        survive a restart."""
        blob = ctypes.POINTER(ctypes.c_uint8)()
        length = ctypes.c_size_t()
        self._call(lib.frames_engine_export_state, _check.time_ms(now_ms),
                   _check.time_ms(wall_clock_ms, "wall_clock_ms"), ctypes.byref(blob), ctypes.byref(length))
        return ctypes.string_at(blob, length.value) if length.value else b""

    def import_state(self, blob: bytes, now_ms: int, wall_clock_ms: int) -> None:
        """XC-10: replaces the durable state with a blob ``export_state``
        wrote. A refused blob (corrupted, truncated, another kind: ValueError;
        a newer format: VersionError) changes nothing: the engine keeps the
        state it had. Call it first, before handing the engine to the threads
        that call ``handle_notification``: the engine starts active, so an
        earlier call would present a waiting push the blob says was shown."""
        data = _check.byte_data("blob", blob)
        self._call(lib.frames_engine_import_state, data, len(data), _check.time_ms(now_ms),
                   _check.time_ms(wall_clock_ms, "wall_clock_ms"))

    def handle_notification(self, payload: Payload, *, now_ms: int) -> NotificationOutcome:
        """IM-01: hands a silent push's data to the engine. The one method
        that may be called from any thread, at any time, also while the
        owner thread is inside the engine. ``payload`` is the push's data:
        its JSON (bytes or str) or the decoded mapping; ``now_ms`` the time
        it arrived on the host's monotonic clock (the 6-hour rule counts from
        there). Returns whether it was an in-app message and, if it was not
        taken, why; never counts a click. The message is presented on the
        owner thread at its next call into the engine (``messages.wakeup``
        and ``next_deadline()`` say when). InvalidHandleError once closed."""
        return handle_notification(self._state.handle, payload, now_ms)

    def _call(self, func: Any, *args: Any) -> Any:
        state = self._state
        return state.call(func, state.handle, *args)


def _header_pairs(headers: object) -> List[Tuple[bytes, bytes]]:
    """Headers as (name, value) pairs of UTF-8 bytes, each checked."""
    if isinstance(headers, Mapping):
        items: Iterable[object] = headers.items()
    elif isinstance(headers, (str, bytes, bytearray)) or not isinstance(headers, Iterable):
        raise TypeError(
            f"headers must be a mapping or a sequence of (name, value) pairs, not {type(headers).__name__}"
        )
    else:
        items = headers
    pairs: List[Tuple[bytes, bytes]] = []
    for position, item in enumerate(items):
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise TypeError(f"headers[{position}] must be a (name, value) pair of str, not {item!r}")
        name, value = item
        pairs.append((_check.text(f"headers[{position}] name", name), _check.text(f"headers[{position}] value", value)))
    return pairs
