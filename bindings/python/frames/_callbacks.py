"""Where the C callbacks of an engine find Python: the engine's state, the
keys carried through ``user_data``, and the lookups every callback module
shares (_host_callbacks, _frame_callbacks, _banner_callbacks,
_inline_callbacks, _message_callbacks).

One CFUNCTYPE per callback type (in _ffi) and one C-callable trampoline per
callback (in the callback modules), both created once at import.
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

import itertools
import threading
import time
import weakref
from typing import Any, Callable, Dict, List, Optional, Tuple

from . import _ffi
from .errors import WrongThreadError
from .records import BannerInfo
from .status import FrameError, _error_code

__all__ = ["EngineState", "DelegateSlot", "ENGINES"]

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


def _free_delegate(user_data: Optional[int]) -> None:
    if user_data is None:
        return
    state = ENGINES.get(user_data >> 32)
    if state is not None:
        state.delegates.pop(user_data & 0xFFFFFFFF, None)


# Every delegate's free_user_data (frames, banner places, inline views).
_FREE_DELEGATE = _ffi.FREE_USER_DATA_CB(_free_delegate)
