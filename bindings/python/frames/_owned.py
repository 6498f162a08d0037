"""What frames and banner places share: a library handle owned by an
engine, freed by close() or by the garbage collector, and a delegate held
weakly (AF-23)."""

from __future__ import annotations

import ctypes
import weakref
from typing import TYPE_CHECKING, Any, Dict, Generic, Optional, Tuple, TypeVar

from . import _check
from ._callbacks import DelegateSlot, EngineState
from .errors import FramesError

#: The delegate protocol of a subclass (FrameDelegate, BannerPlaceDelegate).
D = TypeVar("D")

if TYPE_CHECKING:
    from .engine import Engine


def _free(state: EngineState, registry: "Dict[int, Any]", free: Any, handle: int) -> None:
    """weakref.finalize of an object that was not closed."""
    registry.pop(handle, None)
    if state.closed:
        return
    try:
        free(handle)
    except FramesError:  # another thread, or already gone
        pass


class EngineObject(Generic[D]):
    """Base of Frame and BannerPlace. Subclasses name their free and
    set-delegate functions, the registry of the engine state they live in,
    how to build their C delegate and the methods it looks up."""

    _engine: "Engine"
    _state: EngineState
    _handle: int
    _closed: bool
    _delegate: Optional["weakref.ref[D]"]
    _finalizer: "weakref.finalize[Any, Any]"

    def _own(self, engine: "Engine", handle: Optional[int], kind: str) -> None:
        if handle is None:
            raise ValueError(f"the library returned a NULL {kind}")
        self._engine = engine  # an object keeps its engine alive
        self._state = engine._state
        self._handle = handle
        self._closed = False
        self._delegate = None
        registry = self._registry()
        registry[handle] = weakref.ref(self)
        self._finalizer = weakref.finalize(self, _free, self._state, registry, self._free_function(), handle)

    # Hooks -------------------------------------------------------------

    def _registry(self) -> "Dict[int, Any]":
        raise NotImplementedError

    def _free_function(self) -> Any:
        raise NotImplementedError

    def _set_delegate_function(self) -> Any:
        raise NotImplementedError

    def _make_c_delegate(self, state: EngineState, key: int) -> ctypes.Structure:
        raise NotImplementedError

    def _delegate_methods(self) -> Tuple[str, ...]:
        raise NotImplementedError

    # Lifetime ----------------------------------------------------------

    def close(self) -> None:
        """Frees the object (its delegate is released). Idempotent, also
        after its engine was closed; callable inside its own callbacks."""
        if self._closed:
            return
        if not self._state.closed:
            self._state.call(self._free_function(), self._handle)
        self._closed = True
        self._delegate = None
        self._registry().pop(self._handle, None)
        self._finalizer.detach()

    @property
    def closed(self) -> bool:
        return self._closed or self._state.closed

    @property
    def engine(self) -> "Engine":
        return self._engine

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # Delegate (AF-23: weak) ----------------------------------------------

    @property
    def delegate(self) -> Optional[D]:
        """The delegate, or None (also once the host dropped it)."""
        return self._delegate() if self._delegate is not None else None

    @delegate.setter
    def delegate(self, delegate: Optional[D]) -> None:
        state = self._state
        if delegate is None:
            self._call(self._set_delegate_function(), None)
            self._delegate = None
            return
        _check.callables("delegate", delegate, self._delegate_methods())
        try:
            weakref.ref(delegate)
        except TypeError:
            raise TypeError(
                f"the delegate is held weakly (AF-23), and a {type(delegate).__name__} "
                "cannot be referenced weakly; use an instance of a class"
            ) from None
        slot = DelegateSlot(delegate, state.new_slot_key())
        c_delegate = self._make_c_delegate(state, slot.key)
        state.delegates[slot.key] = slot
        try:
            # The previous delegate's free_user_data drops its slot.
            self._call(self._set_delegate_function(), ctypes.byref(c_delegate))
        except BaseException:
            state.delegates.pop(slot.key, None)
            raise
        self._delegate = weakref.ref(delegate)

    def _call(self, func: Any, *args: Any) -> Any:
        return self._state.call(func, self._handle, *args)


__all__ = ["EngineObject"]
