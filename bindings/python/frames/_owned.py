"""What frames, banner places and inline views share: a library handle
owned by an engine, freed by close() or by the garbage collector, and a
delegate held weakly (AF-23: the host owns it) until replaced, cleared or
the object freed."""

from __future__ import annotations

import ctypes
import weakref
from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple

from . import _check
from ._callbacks import DelegateSlot, EngineState, WeakDelegate
from .errors import FramesError

if TYPE_CHECKING:
    from .engine import Engine


def engine_state(engine: object) -> EngineState:
    """The state of an Engine; TypeError for anything else."""
    state = getattr(engine, "_state", None)
    if type(engine).__name__ != "Engine" or not isinstance(state, EngineState):
        raise TypeError(f"engine must be an Engine, not {_check._kind(engine)}")
    return state


def _free(state: EngineState, registry: "Dict[int, Any]", free: Any, handle: int) -> None:
    """weakref.finalize of an object that was not closed."""
    registry.pop(handle, None)
    if state.closed:
        return
    try:
        free(handle)
    except FramesError:  # another thread, or already gone
        pass


class EngineObject:
    """Base of Frame, BannerPlace and InlineView. Subclasses name their free and
    set-delegate functions, the registry of the engine state they live in,
    how to build their C delegate and the methods it looks up."""

    _engine: "Engine"
    _state: EngineState
    _handle: int
    _closed: bool
    _delegate: Optional[WeakDelegate]
    _finalizer: "weakref.finalize[Any, Any]"

    def _own(self, engine: "Engine", handle: Optional[int], kind: str) -> None:
        engine_state(engine)
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

    # Delegate ----------------------------------------------------------

    @property
    def delegate(self) -> Optional[Any]:
        """The delegate, or None (also once it was collected).  Any object
        with some of the delegate protocol's methods (a missing one is
        skipped) that can be weakly referenced (else TypeError).  Held
        weakly (AF-23): the host keeps it alive, or its callbacks stop; the
        first callback that finds it collected emits a RuntimeWarning
        naming this object.  Replaced by another, cleared by None."""
        held = self._delegate
        return None if held is None else held()

    @delegate.setter
    def delegate(self, delegate: Optional[object]) -> None:
        state = self._state
        if delegate is None:
            self._call(self._set_delegate_function(), None)
            self._delegate = None
            return
        _check.callables("delegate", delegate, self._delegate_methods())
        held = WeakDelegate("delegate", delegate)
        slot = DelegateSlot(self, state.new_slot_key())
        c_delegate = self._make_c_delegate(state, slot.key)
        state.delegates[slot.key] = slot
        previous = self._delegate
        self._delegate = held
        try:
            # The previous delegate's free_user_data drops its slot.
            self._call(self._set_delegate_function(), ctypes.byref(c_delegate))
        except BaseException:
            state.delegates.pop(slot.key, None)
            self._delegate = previous
            raise

    def _call(self, func: Any, *args: Any) -> Any:
        return self._state.call(func, self._handle, *args)


__all__ = ["EngineObject"]
