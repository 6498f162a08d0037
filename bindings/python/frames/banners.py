"""Banner places (SPEC BN-01..BN-17) over frames_banner_place_*.

``engine.banners`` is the module (its delegate, ``preload``); a BannerPlace
is bound to an engine's thread (XC-02) and to a placement id, with an
appearance fixed for its life.  The host reports its width, what is visible
(the viewport) and what the user does; the place tells its delegate what to
draw, what plays, what to count and where to scroll.  Delegates are held
weakly (AF-23): the host keeps them alive, or their callbacks stop.

The place's value types live in banner_types, its delegate protocol in
banner_delegate, and :func:`banner_visibility`, the library's 75 % rule
(BN-10) as a pure batched function, in visibility; all are importable from
here too.
"""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple, Union, final

from . import _check, _ffi
from ._banner_callbacks import make_banner_delegate
from ._callbacks import EngineState, WeakDelegate, hold
from ._lib import lib
from ._owned import EngineObject, engine_state
from ._rows import ROW, RowSequence, row_maker
from .appearance import Appearance
from .banner_delegate import BANNER_DELEGATE_METHODS, BANNERS_DELEGATE_METHODS, BannerPlaceDelegate, BannersDelegate
from .banner_types import BannerRow, InputKind, Navigation, RectLike, RowState, Visibility
from .errors import BufferTooSmallError
from .explain import Explanation, lent_explanation
from .layout import Point, Rect
from .visibility import banner_visibility, c_rect

if TYPE_CHECKING:
    from .engine import Engine

__all__ = [
    "Banners",
    "BannersDelegate",
    "BannerPlace",
    "BannerPlaceDelegate",
    "BannerRow",
    "RowState",
    "InputKind",
    "Navigation",
    "Visibility",
    "banner_visibility",
]


def _navigation(c: _ffi.frames_navigation) -> Navigation:
    offset = Point(float(c.offset.x), float(c.offset.y)) if c.moved else None
    return Navigation(int(c.index), bool(c.moved), offset)


@final
class BannerPlace(EngineObject):
    """A banner place: ``BannerPlace(engine, placement_id, appearance)`` or
    ``engine.new_banner_place(placement_id, appearance)``.  Width 0 and
    viewport unknown until set; nothing loads until :meth:`attach`."""

    def __init__(self, engine: "Engine", placement_id: str, appearance: Appearance) -> None:
        engine_state(engine)
        encoded = _check.text("placement_id", placement_id)
        _check.instance("appearance", appearance, Appearance)
        handle = ctypes.c_void_p()
        engine._call(lib.frames_banner_place_new, encoded, appearance, ctypes.byref(handle))
        self._own(engine, handle.value, "banner place")
        self._rows = (_ffi.frames_banner_row * 8)()
        self.placement_id = placement_id
        self.appearance = appearance

    def _registry(self) -> Dict[int, Any]:
        return self._state.places

    def _free_function(self) -> Any:
        return lib.frames_banner_place_free

    def _set_delegate_function(self) -> Any:
        return lib.frames_banner_place_set_delegate

    def _make_c_delegate(self, state: EngineState, key: int) -> ctypes.Structure:
        return make_banner_delegate(state, key)

    def _delegate_methods(self) -> Tuple[str, ...]:
        return BANNER_DELEGATE_METHODS

    def __enter__(self) -> "BannerPlace":
        return self

    def __repr__(self) -> str:
        return f"<frames.BannerPlace {self.placement_id!r} {hex(self._handle)}{' closed' if self.closed else ''}>"

    # --- loading (BN-14) ------------------------------------------------------

    def attach(self, *, now_ms: Optional[int] = None) -> None:
        """Starts following the placement: loads from the preload cache when
        the id was preloaded, else from the server."""
        self._call(lib.frames_banner_place_attach, self._state.now(now_ms))

    def refresh(self, *, now_ms: Optional[int] = None) -> None:
        """Loads the list again from the server: a new load (BN-13)."""
        self._call(lib.frames_banner_place_refresh, self._state.now(now_ms))

    def retry_row(self, index: int, *, now_ms: Optional[int] = None) -> None:
        """BN-16: downloads a failed row's content again, on its own."""
        self._call(lib.frames_banner_place_retry_row, _check.index(index), self._state.now(now_ms))

    # --- what the host sees (BN-10..BN-12) -------------------------------------

    def set_container(self, width: float, rtl: bool = False, *, now_ms: Optional[int] = None) -> None:
        """The place's width and direction; the geometry follows."""
        c_width = _check.real("width", width)
        c_rtl = _check.boolean("rtl", rtl)
        self._call(lib.frames_banner_place_set_container, c_width, c_rtl, self._state.now(now_ms))

    def set_viewport(self, viewport: Optional[RectLike], *, now_ms: Optional[int] = None) -> None:
        """What the user sees, in the place's content coordinates; None:
        unknown (tiles then play every banner, a vertical list none)."""
        now = self._state.now(now_ms)
        if viewport is None:
            self._call(lib.frames_banner_place_set_viewport, None, now)
        else:
            self._call(lib.frames_banner_place_set_viewport, ctypes.byref(c_rect("viewport", viewport)), now)

    def set_hidden(self, hidden: bool, *, now_ms: Optional[int] = None) -> None:
        """The host hid (True) or showed the whole place."""
        value = _check.boolean("hidden", hidden)
        self._call(lib.frames_banner_place_set_hidden, value, self._state.now(now_ms))

    def set_reader_shown(self, shown: bool, *, now_ms: Optional[int] = None) -> None:
        """BN-11: another reader covers the place; it pauses meanwhile."""
        value = _check.boolean("shown", shown)
        self._call(lib.frames_banner_place_set_reader_shown, value, self._state.now(now_ms))

    def pause(self, *, now_ms: Optional[int] = None) -> None:
        """BN-09, BN-11: manual pause (lists keep it until resume)."""
        self._call(lib.frames_banner_place_pause, self._state.now(now_ms))

    def resume(self, *, now_ms: Optional[int] = None) -> None:
        """Clears the manual pause and checks visibility again."""
        self._call(lib.frames_banner_place_resume, self._state.now(now_ms))

    def report_user_interaction(self, *, now_ms: Optional[int] = None) -> None:
        """BN-09: the user touched the place: a carousel's countdown restarts."""
        self._call(lib.frames_banner_place_report_user_interaction, self._state.now(now_ms))

    def report_user_scrolled(self, index: int, *, now_ms: Optional[int] = None) -> None:
        """BN-08: the user swiped the carousel to ``index``."""
        self._call(lib.frames_banner_place_report_user_scrolled, _check.index(index), self._state.now(now_ms))

    def report_web_context_reset(self, index: int, *, now_ms: Optional[int] = None) -> None:
        """BN-10: banner ``index``'s web context was reset (cell reuse)."""
        self._call(lib.frames_banner_place_report_web_context_reset, _check.index(index), self._state.now(now_ms))

    # --- navigation (BN-08) ---------------------------------------------------

    def show_next(self, *, now_ms: Optional[int] = None) -> Navigation:
        out = _ffi.frames_navigation()
        self._call(lib.frames_banner_place_show_next, self._state.now(now_ms), ctypes.byref(out))
        return _navigation(out)

    def show_previous(self, *, now_ms: Optional[int] = None) -> Navigation:
        out = _ffi.frames_navigation()
        self._call(lib.frames_banner_place_show_previous, self._state.now(now_ms), ctypes.byref(out))
        return _navigation(out)

    def show_banner(self, index: int, *, now_ms: Optional[int] = None) -> Navigation:
        """OutOfRangeError for an index the place does not have."""
        out = _ffi.frames_navigation()
        c_index = _check.index(index)
        self._call(lib.frames_banner_place_show_banner, c_index, self._state.now(now_ms), ctypes.byref(out))
        return _navigation(out)

    # --- what the content reports (BN-15, BN-17) -------------------------------

    def report_action(self, index: int, target: str, *, now_ms: Optional[int] = None) -> None:
        """A link inside banner ``index`` was tapped: action_triggered and a click."""
        c_index = _check.index(index)
        encoded = _check.text("target", target)
        self._call(lib.frames_banner_place_report_action, c_index, encoded, self._state.now(now_ms))

    def report_widget_event(self, index: int, name: str, data: Optional[Any], *, now_ms: Optional[int] = None) -> None:
        """A widget inside banner ``index`` reported an event; ``data`` is
        sent as JSON (None: none)."""
        c_index = _check.index(index)
        c_name = _check.text("name", name)
        encoded = None if data is None else _check.json_text("data", data)
        now = self._state.now(now_ms)
        self._call(lib.frames_banner_place_report_widget_event, c_index, c_name, encoded, now)

    def report_input_requested(self, index: int, kind: InputKind, prompt: str, *, now_ms: Optional[int] = None) -> None:
        """BN-17: banner ``index`` asks for input (the delegate decides)."""
        c_index = _check.index(index)
        c_kind = int(_check.member("kind", kind, InputKind))
        encoded = _check.text("prompt", prompt)
        self._call(lib.frames_banner_place_report_input_requested, c_index, c_kind, encoded, self._state.now(now_ms))

    def report_input_finished(self, *, now_ms: Optional[int] = None) -> None:
        """BN-17: the input dialog closed; playback is checked again."""
        self._call(lib.frames_banner_place_report_input_finished, self._state.now(now_ms))

    # --- state ------------------------------------------------------------------

    def rows(self, *, now_ms: Optional[int] = None) -> "RowSequence":
        """Every banner laid out, in list order, at ``now_ms``: a sequence
        of BannerRow, made as items are read (see _rows.py)."""
        now = self._state.now(now_ms)
        count = ctypes.c_size_t()
        while True:
            buffer = self._rows
            try:
                self._call(lib.frames_banner_place_get_rows, now, buffer, len(buffer), ctypes.byref(count))
                break
            except BufferTooSmallError:
                self._rows = (_ffi.frames_banner_row * max(count.value, 2 * len(buffer)))()
        # One copy of the C rows (the place's buffer is reused by the next call).
        return RowSequence(bytes(memoryview(buffer).cast("B")[: count.value * _ROW.size]), _MAKE_ROW)

    @property
    def current_index(self) -> int:
        """The carousel's page, or the row a list last scrolled to."""
        out = ctypes.c_size_t()
        self._call(lib.frames_banner_place_get_current_index, ctypes.byref(out))
        return int(out.value)

    def banner_id(self, index: int) -> str:
        """BN-16: the id of the banner in row ``index`` of the current list,
        whatever the row's state (loading, ready or failed): ``row_failed``
        names only the index.  OutOfRangeError (an IndexError) when
        ``index`` is not a row of the current list, none before it arrived."""
        c_index = _check.index(index)
        length = ctypes.c_size_t()
        buffer = ctypes.create_string_buffer(_BANNER_ID_BUFFER)
        self._call(lib.frames_banner_place_get_banner_id, c_index, buffer, len(buffer), ctypes.byref(length))
        return buffer.raw[: length.value].decode("utf-8")


    def explain(self, *, now_ms: Optional[int] = None) -> Explanation:
        """XC-11: the place's list, each banner's row and why it plays or
        not, and the banners it does not lay out.  A reading: nothing
        changes."""
        return lent_explanation(self._call, lib.frames_banner_place_explain, self._state.now(now_ms))

class Banners:
    """``engine.banners``: the banners module (BN-01..BN-17): its delegate
    (``preloaded``) and the calls answered by the module rather than by one
    place."""

    def __init__(self, state: EngineState) -> None:
        self._state = state
        self._delegate: Optional[WeakDelegate] = None

    def __repr__(self) -> str:
        return f"<frames.Banners delegate={self.delegate!r}>"

    @property
    def delegate(self) -> Optional[Any]:
        """The banners delegate (a :class:`BannersDelegate`: any object with
        ``preloaded`` that can be weakly referenced, else TypeError), or
        None (also once it was collected).  Held weakly (AF-23): the host
        keeps it alive, or ``preloaded`` stops; the first callback that
        finds it collected emits a RuntimeWarning.  Let go when replaced,
        cleared (None) or the engine closed."""
        return None if self._delegate is None else self._delegate()

    @delegate.setter
    def delegate(self, delegate: Optional[object]) -> None:
        _check.callables("delegate", delegate, BANNERS_DELEGATE_METHODS)
        self._delegate = hold("delegate", delegate)

    def preload(self, placement_id: str, *, now_ms: Optional[int] = None) -> None:
        """BN-14: fetches ``placement_id``'s list into the cache every place
        with that id reads until a refresh or another preload; completes
        through the delegate's ``preloaded``."""
        encoded = _check.text("placement_id", placement_id)
        state = self._state
        state.call(lib.frames_banners_preload, state.handle, encoded, state.now(now_ms))


#: A banner id is 1...256 bytes of UTF-8 (frames.h), plus its NUL.
_BANNER_ID_BUFFER = 257
#: struct frames_banner_row with the platform's alignment (checked at import).
_ROW = ROW
assert _ROW.size == ctypes.sizeof(_ffi.frames_banner_row), "frames_banner_row layout"
_ROW_STATES: Dict[int, Union[RowState, int]] = {int(s): s for s in RowState}
_MAKE_ROW = row_maker(Rect, BannerRow, _ROW_STATES)
