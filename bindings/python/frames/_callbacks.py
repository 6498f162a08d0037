"""Where the C callbacks of an engine find Python: the engine's state, the
keys carried through ``user_data``, and :func:`trampoline`, the one
lookup-and-guard every callback module uses (_host_callbacks,
_frame_callbacks, _banner_callbacks, _inline_callbacks, _message_callbacks).

One CFUNCTYPE per callback type (in _ffi) and one C-callable trampoline per
callback (in the callback modules), both created once at import.
``user_data`` is an integer key, never an id(): the host callbacks and the
module delegates carry the engine's key into ``ENGINES``; an object's
delegate carries ``engine_key << 32 | slot_key`` into that engine's
``delegates``.  The free_user_data callbacks remove those entries, so
closing an engine leaves both maps empty.

Delegates are held weakly (AF-23: the host owns them) by what they are set
on, through a :class:`WeakDelegate` (a Frame, BannerPlace or InlineView
holds its own; ``engine.banners``, ``engine.inline`` and ``engine.messages``
hold the module delegates); a slot refers to its owner weakly too, so an
owner and its delegate may refer to each other and still be collected.  A
callback that finds its delegate collected is skipped; the first one warns
(RuntimeWarning), because a delegate dropped by mistake would otherwise go
unnoticed.

Exceptions raised by Python code inside a callback are caught (a Python
exception cannot cross the C frames), stored on the engine's state and
re-raised by :meth:`EngineState.call` when the outermost library call
returns.
"""

from __future__ import annotations

import inspect
import itertools
import os
import sys
import threading
import time
import warnings
import weakref
from typing import Any, Callable, Dict, List, Optional, Tuple

from . import _check, _ffi
from .errors import WrongThreadError
from .records import BannerInfo
from .status import FrameError, _error_code

__all__ = ["EngineState", "DelegateSlot", "WeakDelegate", "hold", "ENGINES", "monotonic_ms", "trampoline",
           "object_delegate", "module_delegate", "module_attribute", "host_method"]

_KEYS = itertools.count(1)


def monotonic_ms() -> int:
    """The default Engine.clock: monotonic time in milliseconds."""
    return time.monotonic_ns() // 1_000_000


class DelegateSlot:
    """One installed object delegate: its owner (Frame, BannerPlace,
    InlineView), weakly; the owner holds the delegate (weakly too)."""

    __slots__ = ("owner", "key")

    def __init__(self, owner: object, key: int) -> None:
        self.owner: "weakref.ref[Any]" = weakref.ref(owner)
        self.key = key


class WeakDelegate:
    """A delegate as what it is set on holds it: weakly (AF-23), with
    whether its loss was reported.  ``held()`` is the delegate or None."""

    __slots__ = ("_ref", "_reported")

    def __init__(self, name: str, delegate: object) -> None:
        try:
            self._ref: "weakref.ref[Any]" = weakref.ref(delegate)
        except TypeError:
            hint = " (a class with __slots__ needs '__weakref__' among them)" if hasattr(
                type(delegate), "__slots__") else ""
            raise TypeError(
                f"{name} must be an object that can be weakly referenced, not {_check._kind(delegate)}: "
                f"delegates are held weakly{hint}"
            ) from None
        self._reported = False

    def __call__(self) -> Optional[Any]:
        return self._ref()

    def found(self, state: "EngineState", owner: object) -> Optional[Any]:
        """The delegate for a callback about to run, or None once collected:
        the first time, a RuntimeWarning naming ``owner`` (its repr, or the
        text itself).  A warnings filter that makes it an error has it
        raised after the library call, like an exception of a callback."""
        delegate = self._ref()
        if delegate is None and not self._reported:
            self._reported = True
            name = owner if isinstance(owner, str) else repr(owner)
            try:
                _warn_host(
                    f"the delegate of {name} was garbage-collected; its callbacks stopped "
                    "(delegates are held weakly: keep a reference to it)"
                )
            except Warning as error:
                state.pending.append(error)
        return delegate


def hold(name: str, delegate: object) -> Optional[WeakDelegate]:
    """What a ``delegate`` setter stores: None for None."""
    return None if delegate is None else WeakDelegate(name, delegate)


_PACKAGE = os.path.dirname(os.path.abspath(__file__))


def _warn_host(message: str) -> None:
    """A RuntimeWarning attributed to the host's line that led here (the
    engine call or driver step), not to this package."""
    level = 2
    frame = sys._getframe(1)
    while frame.f_back is not None and os.path.dirname(os.path.abspath(frame.f_code.co_filename)) == _PACKAGE:
        frame = frame.f_back
        level += 1
    warnings.warn(message, RuntimeWarning, stacklevel=level)


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
        #: The last context text lent to the library (_inline_callbacks).
        self.context_buffer: Any = None
        #: slot key -> installed delegate.
        self.delegates: Dict[int, DelegateSlot] = {}
        self.pending: List[BaseException] = []
        self.depth = 0
        self._slot_keys = itertools.count(1)
        #: The thread that made the engine (its owner, XC-02).
        self.owner = threading.current_thread()
        #: Engine.clock: gives ``now_ms`` to every call made without it.
        self.clock: Callable[[], int] = monotonic_ms
        #: The key of the engine's recording writer (frames.recording), or
        #: None when it is not recorded.
        self.recording: Optional[int] = None

    def now(self, now_ms: Optional[int]) -> int:
        """``now_ms`` checked, or the engine's clock when it is None."""
        return _check.time_ms(self.clock() if now_ms is None else now_ms)

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

    @property
    def host(self) -> Any:
        engine = self.engine() if self.engine is not None else None
        return getattr(engine, "_host", None)

    def module(self, name: str) -> Any:
        """The engine's module object ``name`` (``banners``, ...), or None
        once the engine is gone."""
        engine = self.engine() if self.engine is not None else None
        return None if engine is None else getattr(engine, name, None)


_THREAD = threading.local()


def thread_errors(state: Optional[EngineState] = None) -> List[BaseException]:
    """What callbacks that run outside the owner's calls (the wake-up, on
    the notifying thread) raised on this thread."""
    errors: Optional[List[BaseException]] = getattr(_THREAD, "errors", None)
    if errors is None:
        errors = []
        _THREAD.errors = errors
    return errors


def raise_thread_errors() -> None:
    """Re-raises the first exception :func:`thread_errors` holds."""
    errors = thread_errors()
    if errors:
        first = errors[0]
        errors.clear()
        raise first


#: engine key -> state; an entry lives from engine creation to the host's
#: free_user_data.
ENGINES: Dict[int, EngineState] = {}


def _text(raw: Optional[bytes]) -> Optional[str]:
    return None if raw is None else raw.decode("utf-8", "replace")


#: What a lookup found: the engine's state, the method to call and, for an
#: object's delegate, the owner object passed first.
Found = Tuple[EngineState, Callable[..., Any], Any]
Lookup = Callable[[Optional[int]], Optional[Found]]


def object_delegate(name: str) -> Lookup:
    """Finds method ``name`` of the delegate of the object whose slot
    ``user_data`` names (``engine_key << 32 | slot_key``)."""

    def find(user_data: Optional[int]) -> Optional[Found]:
        if user_data is None:
            return None
        state = ENGINES.get(user_data >> 32)
        if state is None:
            return None
        slot = state.delegates.get(user_data & 0xFFFFFFFF)
        owner = slot.owner() if slot is not None else None
        if owner is None:
            return None
        held: Optional[WeakDelegate] = owner._delegate
        delegate = held.found(state, owner) if held is not None else None
        method = getattr(delegate, name, None) if delegate is not None else None
        return None if method is None else (state, method, owner)

    return find


def module_attribute(module: str, name: str) -> Lookup:
    """Finds ``engine.<module>.<name>`` (a callable the host set there);
    ``user_data`` is the engine's key."""

    def find(user_data: Optional[int]) -> Optional[Found]:
        state = ENGINES.get(user_data) if user_data is not None else None
        if state is None:
            return None
        owner = state.module(module)
        value = getattr(owner, name, None)
        return None if value is None else (state, value, owner)

    return find


def module_delegate(module: str, name: str) -> Lookup:
    """Finds method ``name`` of the delegate set on ``engine.<module>``;
    ``user_data`` is the engine's key."""
    label = f"engine.{module}"

    def find(user_data: Optional[int]) -> Optional[Found]:
        state = ENGINES.get(user_data) if user_data is not None else None
        if state is None:
            return None
        owner = state.module(module)
        held: Optional[WeakDelegate] = getattr(owner, "_delegate", None)
        delegate = held.found(state, label) if held is not None else None
        method = getattr(delegate, name, None) if delegate is not None else None
        return None if method is None else (state, method, owner)

    return find


def host_method(name: str) -> Lookup:
    """Finds method ``name`` of the engine's host; ``user_data`` is the
    engine's key."""

    def find(user_data: Optional[int]) -> Optional[Found]:
        state = ENGINES.get(user_data) if user_data is not None else None
        if state is None:
            return None
        method = getattr(state.host, name, None)
        return None if method is None else (state, method, None)

    return find


def trampoline(
    cfunctype: Any,
    lookup: Lookup,
    default: Any = None,
    errors: Optional[Callable[[EngineState], List[BaseException]]] = None,
) -> Callable[[Callable[..., Any]], Any]:
    """Makes ``body`` the C callback of type ``cfunctype``: the C arguments'
    last one, ``user_data``, is looked up; when nothing answers (engine
    gone, owner collected, delegate cleared or collected, method absent)
    the callback returns ``default`` at once.  Otherwise ``body(state,
    method, owner, *arguments)`` runs with the C arguments but
    ``user_data`` (an object's handle is its first C argument: ``owner``
    stands for it), and what it raises is stored for
    :meth:`EngineState.call` to re-raise after the library call, the
    callback returning ``default`` (``errors`` names another list, for a
    callback that runs outside the owner's calls).  The result is the
    C-callable object; the module keeps it as long as the library lives."""

    def wrap(body: Callable[..., Any]) -> Any:
        def c_function(*arguments: Any) -> Any:
            found = lookup(arguments[-1])
            if found is None:
                return default
            state = found[0]
            try:
                return body(state, found[1], found[2], *arguments[:-1])
            except BaseException as error:  # noqa: B902 - re-raised after the C call
                (state.pending if errors is None else errors(state)).append(error)
                return default

        c_function.__name__ = c_function.__qualname__ = body.__name__
        # What C calls: the body's C arguments and user_data, and its result
        # (Tests/python/binding_mirror compares them with the CFUNCTYPE).
        parameters = list(inspect.signature(body).parameters.values())[3:]
        user_data = inspect.Parameter("user_data", inspect.Parameter.POSITIONAL_OR_KEYWORD)
        returns = body.__annotations__.get("return", inspect.Signature.empty)
        c_function.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [*parameters, user_data], return_annotation=returns
        )
        c_function.__annotations__ = {"return": returns}
        return cfunctype(c_function)

    return wrap


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
