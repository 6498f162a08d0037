"""Inline in-app messages (SPEC IL-01..IL-10): ``engine.inline`` and
:class:`InlineView`, over frames_inline_*.

An InlineView shows inline messages for a placement id inside the host's
layout; the engine decides which campaign it shows and when, and what the
content's JavaScript may do.  The host draws content in a web view with
the bridge script injected (:func:`bridge_script`), forwards every message
the script posts to :meth:`InlineView.report_bridge_message`, and passes
every reply (its delegate's ``reply``) back into the web view with
``SRInApp._receive(text)``.

Views belong to their engine's thread (XC-02).  A view holds its delegate,
and ``engine.inline`` the module's :class:`InlineDelegate`, weakly (AF-23):
the host keeps them alive, or their callbacks stop.
"""

from __future__ import annotations

import ctypes
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any, Dict, Mapping, Optional, Union, final

from . import _check
from ._callbacks import EngineState, WeakDelegate
from ._inline_callbacks import make_inline_delegate, make_inline_view_delegate
from ._lib import lib
from ._owned import EngineObject, engine_state
from .explain import Explanation, lent_explanation
from .inline_types import (
    INLINE_DELEGATE_METHODS,
    INLINE_VIEW_DELEGATE_METHODS,
    InlineCall,
    InlineContent,
    InlineDelegate,
    InlineMessage,
    InlineTrigger,
    InlineViewDelegate,
    InlineViewStatus,
)

if TYPE_CHECKING:
    from .engine import Engine

__all__ = [
    "Inline",
    "InlineView",
    "InlineViewDelegate",
    "InlineDelegate",
    "InlineMessage",
    "InlineContent",
    "InlineCall",
    "InlineTrigger",
    "InlineViewStatus",
    "bridge_script",
    "bridge_script_path",
]

#: The file the library ships for web views (IL-08).
BRIDGE_SCRIPT_NAME = "frames-inline-bridge.js"


@final
class InlineView(EngineObject):
    """A view for a placement id: ``engine.new_inline_view(placement_id)`` or
    ``InlineView(engine, placement_id)``.  Detached, size 0 x 0 (IL-10: no
    default size), no delegate; views the engine makes for events come
    through the inline delegate's ``available``."""

    def __init__(self, engine: "Engine", placement_id: str) -> None:
        engine_state(engine)
        encoded = _check.text("placement_id", placement_id)
        handle = ctypes.c_void_p()
        engine._call(lib.frames_inline_view_new, encoded, ctypes.byref(handle))
        self._own(engine, handle.value, "inline view")
        self.placement_id: Optional[str] = placement_id
        self.created_by_engine = False

    @classmethod
    def _adopt(cls, engine: "Engine", handle: int) -> "InlineView":
        self = object.__new__(cls)
        self._own(engine, handle, "inline view")
        # Set from the message of `available`, the callback that brings it.
        self.placement_id = None
        self.created_by_engine = True
        return self

    def _registry(self) -> Dict[int, Any]:
        return self._state.views

    def _free_function(self) -> Any:
        return lib.frames_inline_view_free

    def _set_delegate_function(self) -> Any:
        return lib.frames_inline_view_set_delegate

    def _make_c_delegate(self, state: EngineState, key: int) -> ctypes.Structure:
        return make_inline_view_delegate(state, key)

    def _delegate_methods(self) -> "tuple[str, ...]":
        return INLINE_VIEW_DELEGATE_METHODS

    def __enter__(self) -> "InlineView":
        return self

    def __repr__(self) -> str:
        return f"<frames.InlineView {self.placement_id!r} {hex(self._handle)}{' released' if self.closed else ''}>"

    def release(self) -> None:
        """IL-10: unregisters the view; nothing reaches it afterwards.  The
        same as close()."""
        self.close()

    # --- the host's side (IL-01, IL-06, IL-10) ----------------------------------

    def attach(self, *, now_ms: Optional[int] = None) -> None:
        """IL-01: the view is in the hierarchy: automatic campaigns show."""
        self._call(lib.frames_inline_view_attach, self._state.now(now_ms))

    def detach(self) -> None:
        """The view left the hierarchy: events no longer update it."""
        self._call(lib.frames_inline_view_detach)

    def render(self, *, now_ms: Optional[int] = None) -> None:
        """IL-01: the on-demand trigger."""
        self._call(lib.frames_inline_view_render, self._state.now(now_ms))

    def set_size(self, width: float, height: float, *, now_ms: Optional[int] = None) -> None:
        """The laid-out size in dp (what getComponentSize answers, IL-10)."""
        c_width = _check.real("width", width)
        c_height = _check.real("height", height)
        self._call(lib.frames_inline_view_set_size, c_width, c_height, self._state.now(now_ms))

    def report_content_shown(self, *, now_ms: Optional[int] = None) -> None:
        """The content asked for is on screen: loaded or updated, inApp.show
        recorded, one display towards capping (IL-03, IL-05, IL-06)."""
        self._call(lib.frames_inline_view_report_content_shown, self._state.now(now_ms))

    def report_render_failed(self, message: Optional[str], *, now_ms: Optional[int] = None) -> None:
        """The host could not draw the content (failed, renderingFailed)."""
        encoded = _check.optional_text("message", message)
        self._call(lib.frames_inline_view_report_render_failed, encoded, self._state.now(now_ms))

    def report_bridge_message(self, message: Union[str, bytes], *, now_ms: Optional[int] = None) -> None:
        """IL-08: one message the bridge script posted, as its JSON text.
        Replies come through the delegate's ``reply``.  A refused message
        raises (ValueError for a malformed or unknown one) and changes
        nothing."""
        if isinstance(message, str):
            data = message.encode("utf-8", "surrogatepass")
        else:
            data = _check.byte_data("message", message)
        self._call(lib.frames_inline_view_report_bridge_message, data, len(data), self._state.now(now_ms))

    @property
    def status(self) -> InlineViewStatus:
        out = ctypes.c_int32()
        self._call(lib.frames_inline_view_get_status, ctypes.byref(out))
        return InlineViewStatus(out.value)


class Inline:
    """``engine.inline``: the inline module (IL-01..IL-10): its delegate and
    the calls answered by the module rather than by one view."""

    def __init__(self, engine: "Engine") -> None:
        self._engine_ref: "weakref.ref[Engine]" = weakref.ref(engine)
        self._state: EngineState = engine._state
        self._delegate: Optional[WeakDelegate] = None

    def __repr__(self) -> str:
        return f"<frames.Inline delegate={self.delegate!r}>"

    @property
    def delegate(self) -> Optional[Any]:
        """The inline delegate (an :class:`InlineDelegate`: any object with
        some of its methods that can be weakly referenced, else TypeError),
        or None (also once it was collected).  Held weakly (AF-23): the
        host keeps it alive, or its callbacks stop; the first callback that
        finds it collected emits a RuntimeWarning.  Let go when replaced,
        cleared (None) or the engine closed.  Without one (or without an
        ``available`` of its own) no view is made for event triggers:
        ``explain`` then says ``no_view`` for an event campaign with no view
        of its placement."""
        return None if self._delegate is None else self._delegate()

    @delegate.setter
    def delegate(self, delegate: Optional[object]) -> None:
        state = self._state
        if delegate is None:
            self._call(lib.frames_inline_set_delegate, None)
            self._delegate = None
            return
        _check.callables("inline.delegate", delegate, INLINE_DELEGATE_METHODS)
        held = WeakDelegate("inline.delegate", delegate)
        c_delegate = make_inline_delegate(state, delegate)
        self._call(lib.frames_inline_set_delegate, ctypes.byref(c_delegate))
        self._delegate = held

    def track_event(
        self, name: str, properties: Optional[Mapping[str, Any]] = None, *, now_ms: Optional[int] = None
    ) -> None:
        """IL-02: the app tracked event ``name``; its event campaigns show in
        the attached views of their placement, or in a view handed to the
        inline delegate's ``available``.  ``properties`` (a JSON-able
        mapping) are checked, not used by the choice."""
        encoded = _check.text("name", name)
        if properties is not None and not isinstance(properties, Mapping):
            raise TypeError(f"properties must be a mapping, not {type(properties).__name__}")
        data = _check.json_text("properties", dict(properties)) if properties is not None else None
        self._call(lib.frames_inline_track_event, encoded, data, self._state.now(now_ms))

    def explain(self, placement_id: str, *, now_ms: Optional[int] = None) -> Explanation:
        """XC-11: the campaigns the placement's views show, and why each
        campaign the engine knows for it is or is not shown now
        (docs/wire-format.md, "explain").  A reading: nothing changes."""
        encoded = _check.text("placement_id", placement_id)
        return lent_explanation(self._call, lib.frames_inline_explain, encoded, self._state.now(now_ms))

    def _view(self, handle: Optional[int]) -> Optional[InlineView]:
        """The Python InlineView of a handle; one is made for a view the
        engine made (IL-02)."""
        if handle is None:
            return None
        ref = self._state.views.get(handle)
        view: Optional[InlineView] = ref() if ref is not None else None
        if view is None:
            engine = self._engine_ref()
            if engine is not None:
                view = InlineView._adopt(engine, handle)
        return view

    def _call(self, func: Any, *args: Any) -> Any:
        state = self._state
        return state.call(func, state.handle, *args)


def bridge_script_path() -> Path:
    """Where the bridge script is: inside the installed package, or in the
    source tree (bindings/bridge) when the package runs from a checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / BRIDGE_SCRIPT_NAME, here.parent.parent / "bridge" / BRIDGE_SCRIPT_NAME):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(
        f"{BRIDGE_SCRIPT_NAME} is neither in the package ({here}) nor in a libframes checkout's bindings/bridge"
    )


def bridge_script() -> str:
    """The bridge script's text, to inject into a web view before the
    content's own scripts (IL-08)."""
    return bridge_script_path().read_text(encoding="utf-8")
