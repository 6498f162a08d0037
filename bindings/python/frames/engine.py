"""The engine (XC-01..XC-10): sans-IO requests, timers, session,
identity, app state and consent, over frames_engine_*.

An Engine is bound to the thread that created it (XC-02): a call from any
other thread raises WrongThreadError and changes nothing.  The library owns
no clock: every call that needs the time takes the host's monotonic
milliseconds as the keyword ``now_ms``; omitted, it is ``Engine.clock()``
(monotonic time by default; a VirtualClockDriver installs its virtual
time).  A driver (frames.drivers) performs the requests and fires the
timers.  The modules' calls live on the engine's module objects:
``app_frames``, ``banners``, ``inline`` and ``messages``.
"""

from __future__ import annotations

import ctypes
import os
import time
import weakref
from typing import Any, Callable, Iterable, List, Mapping, Optional, Tuple, Union

from . import _check, _ffi
from ._banner_callbacks import make_banners_delegate
from ._callbacks import ENGINES, EngineState
from ._host_callbacks import host_callbacks
from ._lib import lib
from ._message_callbacks import make_messages_delegate
from .appearance import Appearance
from .banners import BannerPlace, Banners
from .engine_options import EngineOptions
from .errors import FramesError
from .explain import EngineSnapshot, Explanation, lent_snapshot
from .frame import AppFrames, Frame
from .host import HOST_METHODS, Host
from .inline import Inline, InlineView
from .messages import Messages
from .recording import RecordRedact, RecordingWriter, close_sink, open_sink, record_into, redaction
from .records import Request
from .status import AppState
from .trace import TraceLevel, level_for_logging

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
    close_sink(state.recording)


class Engine:
    """An engine owned by the calling thread.

    ``config`` is the host configuration document (AF-01): bytes or text
    (JSON or an XML property list), or a path (os.PathLike) to read it from.
    ``host`` (a :class:`Host`: any object with some of its methods) receives
    the engine-wide services: analytics, URLs to open, state changes; it is
    held strongly for the engine's life.

    The modules: :attr:`app_frames`, :attr:`banners`, :attr:`inline`,
    :attr:`messages`.  Every call that takes time takes ``now_ms=`` as a
    keyword and reads :attr:`clock` without it.

    ``record`` turns on the engine's recording (XC-12): every line of it,
    from this constructor on, goes to ``record`` — a callable taking the
    line as bytes, or a binary file — as the engine writes it;
    :func:`frames.replay` runs it again.  ``record_redact`` hides user ids
    (``RecordRedact.USER_IDS``: the recording still replays) or bodies
    (``RecordRedact.BODIES``), or both in a set.  What the writer raises
    stops the recording and is raised by the call during which it happened.
    """

    def __init__(
        self,
        config: Union[bytes, str, "os.PathLike[str]"],
        options: Optional[EngineOptions] = None,
        host: Optional[object] = None,
        *,
        record: Optional[RecordingWriter] = None,
        record_redact: Union[RecordRedact, Iterable[RecordRedact]] = RecordRedact.NONE,
    ) -> None:
        document = _check.path_or_bytes("config", config)
        if options is not None:
            _check.instance("options", options, EngineOptions)
        c_options = (options or EngineOptions())._to_c()
        redact = redaction(record_redact)
        if record is None and redact:
            raise ValueError("record_redact says what a recording hides: it needs record=")
        _check.callables("host", host, HOST_METHODS)
        self._host = host
        state = EngineState()
        state.engine = weakref.ref(self)
        self._state = state
        self._app_frames = AppFrames(state)
        self._banners = Banners(state)
        self._inline = Inline(self)
        self._messages = Messages(state)
        callbacks = host_callbacks(state)
        if record is not None:
            state.recording = open_sink("record", record, state.pending)
            record_into(c_options, state.recording, redact)
        ENGINES[state.key] = state  # removed by the host's free_user_data
        handle = ctypes.c_void_p()
        try:
            # frames_engine_new calls free_user_data on failure too.
            state.call(
                lib.frames_engine_new,
                ctypes.byref(c_options),
                document or None,  # frames.h: NULL with config_len 0 = App Frames off
                len(document),
                ctypes.byref(callbacks),
                ctypes.byref(handle),
            )
        except BaseException:
            # The recording's writer may raise once the engine exists: no
            # Engine comes of it, so nothing else would free it.
            if handle.value:
                lib.frames_engine_free(handle.value)
            close_sink(state.recording)
            raise
        state.handle = handle.value
        self._finalizer = weakref.finalize(self, _free_engine, state)
        # The module delegates are installed once and find the Python
        # delegate at each call, so setting one in Python costs no C call.
        self._call(lib.frames_banners_set_delegate, ctypes.byref(make_banners_delegate(state)))
        self._call(lib.frames_messages_set_delegate, ctypes.byref(make_messages_delegate(state)))
        level = level_for_logging()
        if level != TraceLevel.OFF:
            self.set_trace_level(level)

    # --- modules ----------------------------------------------------------

    @property
    def app_frames(self) -> AppFrames:
        """App Frames (AF-01..AF-23): ``enabled``; frames come from
        :meth:`new_frame`."""
        return self._app_frames

    @property
    def banners(self) -> Banners:
        """Banner places (BN-01..BN-17): ``delegate`` (``preloaded``),
        ``preload(placement_id)``; places come from :meth:`new_banner_place`."""
        return self._banners

    @property
    def inline(self) -> Inline:
        """Inline messages (IL-01..IL-10): ``delegate``, ``track_event``,
        ``explain``; views come from :meth:`new_inline_view`."""
        return self._inline

    @property
    def messages(self) -> Messages:
        """Modal messages (IM-01..IM-07): ``delegate`` (present, close,
        link_tapped), ``can_open_url``, ``font_resolver``, ``wakeup``,
        ``handle_notification`` and the ``report_*`` calls."""
        return self._messages

    # --- time ---------------------------------------------------------------

    @property
    def clock(self) -> Callable[[], int]:
        """What gives ``now_ms`` to a call made without it: a callable
        returning int milliseconds, ``time.monotonic_ns() // 1_000_000`` by
        default; a driver may install its own (VirtualClockDriver: its
        virtual time)."""
        return self._state.clock

    @clock.setter
    def clock(self, clock: Callable[[], int]) -> None:
        if not callable(clock):
            raise TypeError(f"clock must be callable (() -> int milliseconds), not {type(clock).__name__}")
        self._state.clock = clock

    # --- lifetime -------------------------------------------------------

    def close(self) -> None:
        """Frees the engine and every frame made from it (their handles
        become invalid).  Idempotent; callable inside a callback."""
        state = self._state
        if state.closed:
            return
        try:
            state.free_engine(lib.frames_engine_free)
            state.closed = True
        finally:
            # The host's free_user_data marks the state closed: the engine
            # is gone even when a callback or the recording's writer raised
            # during the free (raised here, after it).
            if state.closed:
                self._forget()

    def _forget(self) -> None:
        """What a freed engine leaves behind, dropped."""
        state = self._state
        close_sink(state.recording)
        state.frames.clear()
        state.places.clear()
        state.views.clear()
        self._inline._delegate = None
        self._banners._delegate = None
        self._messages._delegate = None
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
    def host(self) -> Optional[Any]:
        """The host given to the constructor, held for the engine's life."""
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
        self, request_id: int, status: int, headers: Headers = (), body: bytes = b"", *,
        now_ms: Optional[int] = None,
    ) -> None:
        """Answers a request with an HTTP response (2xx success; others are
        failures retried per XC-06).  NotFoundError: no longer in flight."""
        c_id = _check.integer("request_id", request_id, _check.UINT64)
        c_status = _check.integer("status", status, _check.INT32)
        pairs = _header_pairs(headers)
        data = _check.byte_data("body", body)
        now = self._state.now(now_ms)
        count = len(pairs)
        names = (ctypes.c_char_p * max(count, 1))(*[n for n, _ in pairs])
        values = (ctypes.c_char_p * max(count, 1))(*[v for _, v in pairs])
        buffer = (ctypes.c_uint8 * max(len(data), 1)).from_buffer_copy(data or b"\0")
        self._call(lib.frames_engine_complete_request, c_id, c_status, names, values, count, buffer, len(data), now)

    def fail_request(self, request_id: int, message: Optional[str], *, now_ms: Optional[int] = None) -> None:
        """Reports that a request could not be performed (retried, XC-06)."""
        c_id = _check.integer("request_id", request_id, _check.UINT64)
        encoded = _check.optional_text("message", message)
        self._call(lib.frames_engine_fail_request, c_id, encoded, self._state.now(now_ms))

    def next_deadline(self) -> Optional[int]:
        """When on_timeout must be called next (ms), or None."""
        deadline = ctypes.c_int64()
        has = ctypes.c_bool()
        self._call(lib.frames_engine_get_next_deadline, ctypes.byref(deadline), ctypes.byref(has))
        return int(deadline.value) if has.value else None

    def on_timeout(self, *, now_ms: Optional[int] = None) -> None:
        """Fires every timer and request timeout due at now_ms."""
        self._call(lib.frames_engine_on_timeout, self._state.now(now_ms))

    # --- session, identity, app state, consent (XC-04) -------------------

    def start_session(self, session_id: Optional[str] = None, *, now_ms: Optional[int] = None) -> None:
        """A new session ("session-N" when session_id is None); AF-22, AF-17."""
        encoded = _check.optional_text("session_id", session_id)
        self._call(lib.frames_engine_start_session, encoded, self._state.now(now_ms))

    def set_user(self, user_id: Optional[str], *, now_ms: Optional[int] = None) -> None:
        """Login (an id) or logout (None) (AF-16)."""
        encoded = _check.optional_text("user_id", user_id)
        self._call(lib.frames_engine_set_user, encoded, self._state.now(now_ms))

    def set_app_state(self, state: AppState, *, now_ms: Optional[int] = None) -> None:
        """background -> active refreshes App Frames (AF-16). An engine
        starts ``AppState.ACTIVE``; a host that starts in the background says
        so first (modal messages are presented only while active, IM-02)."""
        value = int(_check.member("state", state, AppState))
        self._call(lib.frames_engine_set_app_state, value, self._state.now(now_ms))

    def set_consent(self, granted: bool, *, now_ms: Optional[int] = None) -> None:
        """Revoking disables every frame at once (AF-17)."""
        value = _check.boolean("granted", granted)
        self._call(lib.frames_engine_set_consent, value, self._state.now(now_ms))

    # --- objects of the modules ---------------------------------------------

    def new_frame(self) -> Frame:
        """A new frame (noPlacement, or disabled while App Frames are off)."""
        handle = ctypes.c_void_p()
        self._call(lib.frames_frame_new, ctypes.byref(handle))
        return Frame._adopt(self, handle.value)

    def new_banner_place(self, placement_id: str, appearance: Appearance) -> BannerPlace:
        """A banner place for ``placement_id``; the appearance is checked
        now and fixed for the place's life.  Nothing loads until attach()."""
        return BannerPlace(self, placement_id, appearance)

    def new_inline_view(self, placement_id: str) -> InlineView:
        """A view for ``placement_id`` (detached, no size, no delegate)."""
        return InlineView(self, placement_id)

    # --- trace and durable state ----------------------------------------------

    def set_trace_level(self, level: TraceLevel) -> None:
        """How much the engine reports to the ``frames`` logger (requests,
        retries, campaigns chosen or skipped and why, status changes). A new
        engine starts at what the logger lets through when logging is
        configured, else OFF."""
        self._call(lib.frames_engine_set_trace_level, int(_check.member("level", level, TraceLevel)))

    def export_state(self, *, now_ms: Optional[int] = None, wall_clock_ms: Optional[int] = None) -> bytes:
        """XC-10: the durable state as one versioned, checksummed blob to
        store (the engine writes no file). ``wall_clock_ms`` is the wall
        clock (ms since the Unix epoch; ``time.time_ns() // 1_000_000``
        when omitted) read with ``now_ms``: times in the blob are wall-clock
        times, so they survive a restart."""
        blob = ctypes.POINTER(ctypes.c_uint8)()
        length = ctypes.c_size_t()
        self._call(lib.frames_engine_export_state, self._state.now(now_ms), _wall_clock(wall_clock_ms),
                   ctypes.byref(blob), ctypes.byref(length))
        return ctypes.string_at(blob, length.value) if length.value else b""

    def import_state(self, blob: bytes, *, now_ms: Optional[int] = None, wall_clock_ms: Optional[int] = None) -> None:
        """XC-10: replaces the durable state with a blob ``export_state``
        wrote. A refused blob (corrupted, truncated, another kind: ValueError;
        a newer format: VersionError) changes nothing: the engine keeps the
        state it had. Call it first, before handing the engine to the threads
        that call ``messages.handle_notification``: the engine starts
        active, so an earlier call would present a waiting push the blob says
        was shown."""
        data = _check.byte_data("blob", blob)
        self._call(lib.frames_engine_import_state, data, len(data), self._state.now(now_ms),
                   _wall_clock(wall_clock_ms))

    def explain(self, *, now_ms: Optional[int] = None) -> EngineSnapshot:
        """XC-11: the engine's snapshot: session, user, app state and
        consent, and every object's explanation — every frame, banner
        place, inline placement with a view or a campaign, and message the
        engine knows.  A reading: nothing is picked up or changed."""
        return lent_snapshot(self._call, lib.frames_engine_explain, self._state.now(now_ms))

    def explain_object(self, object_name: str, *, now_ms: Optional[int] = None) -> Union[Explanation, EngineSnapshot]:
        """XC-11 by name, the names the engine gives its objects: ``engine``,
        ``frame-<id>``, ``banner_place-<id>``, ``inline:<placement id>``,
        ``message:<message id>``.  An inline placement or a message is
        explained whether or not the engine knows it (``not_fetched``,
        ``unknown``); a frame or banner place must be one of the engine's:
        KeyError names the ones it has."""
        now_ms = self._state.now(now_ms)  # checked first, like every call's
        if not isinstance(object_name, str):
            raise TypeError(f"object_name must be str, not {type(object_name).__name__}")
        if object_name == "engine":
            return self.explain(now_ms=now_ms)
        if object_name.startswith("inline:"):
            return self.inline.explain(object_name[len("inline:"):], now_ms=now_ms)
        if object_name.startswith("message:"):
            return self.messages.explain(object_name[len("message:"):], now_ms=now_ms)
        if not object_name.startswith(("frame-", "banner_place-")):
            raise ValueError(f"object_name {object_name!r} is not an object name: engine, frame-<id>, "
                             "banner_place-<id>, inline:<placement id> or message:<message id>")
        snapshot = self.explain(now_ms=now_ms)
        found = snapshot.find(object_name)
        if found is None:
            held = [item.object for item in snapshot.objects if item.kind in ("frame", "banner_place")]
            raise KeyError(f"object_name {object_name}: not an object of this engine (freed, or never made); "
                           "it has: " + (", ".join(held) or "none"))
        return found

    def _call(self, func: Any, *args: Any) -> Any:
        state = self._state
        return state.call(func, state.handle, *args)


def _wall_clock(wall_clock_ms: Optional[int]) -> int:
    if wall_clock_ms is None:
        return time.time_ns() // 1_000_000
    return _check.time_ms(wall_clock_ms, "wall_clock_ms")


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
