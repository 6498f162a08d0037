"""Banner places (SPEC BN-01..BN-17) over frames_banner_place_*.

A BannerPlace is bound to an engine's thread (XC-02) and to a place id, with
an appearance fixed for its life.  The host reports its width, what is
visible (the viewport) and what the user does; the place tells its delegate
what to draw, what plays, what to count and where to scroll.  The delegate is
held weakly, like a Frame's (AF-23): when the host drops it, callbacks stop
silently.

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
from ._callbacks import EngineState
from ._lib import lib
from ._owned import EngineObject
from ._rows import ROW, RowSequence, row_maker
from .appearance import Appearance
from .banner_delegate import BANNER_DELEGATE_METHODS, BannerPlaceDelegate
from .banner_types import BannerRow, InputKind, Navigation, RectLike, RowState, Visibility
from .errors import BufferTooSmallError
from .layout import Point, Rect
from .visibility import banner_visibility, c_rect

if TYPE_CHECKING:
    from .engine import Engine

__all__ = [
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
class BannerPlace(EngineObject[BannerPlaceDelegate]):
    """A banner place: ``BannerPlace(engine, place_id, appearance)`` or
    ``engine.new_banner_place(place_id, appearance)``.  Width 0 and viewport
    unknown until set; nothing loads until :meth:`create`."""

    def __init__(self, engine: "Engine", place_id: str, appearance: Appearance) -> None:
        from .engine import Engine

        _check.instance("engine", engine, Engine)
        encoded = _check.text("place_id", place_id)
        _check.instance("appearance", appearance, Appearance)
        handle = ctypes.c_void_p()
        engine._call(lib.frames_banner_place_new, encoded, appearance, ctypes.byref(handle))
        self._own(engine, handle.value, "banner place")
        self._rows = (_ffi.frames_banner_row * 8)()
        self.place_id = place_id
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
        return f"<frames.BannerPlace {self.place_id!r} {hex(self._handle)}{' closed' if self.closed else ''}>"

    # --- loading (BN-14) ------------------------------------------------------

    def create(self, now_ms: int) -> None:
        """Starts loading: from the preload cache when the id was preloaded,
        else from the server."""
        self._call(lib.frames_banner_place_create, _check.time_ms(now_ms))

    def refresh(self, now_ms: int) -> None:
        """Loads the list again from the server: a new load (BN-13)."""
        self._call(lib.frames_banner_place_refresh, _check.time_ms(now_ms))

    def retry_row(self, index: int, now_ms: int) -> None:
        """BN-16: downloads a failed row's content again, on its own."""
        self._call(lib.frames_banner_place_retry_row, _check.index(index), _check.time_ms(now_ms))

    # --- what the host sees (BN-10..BN-12) -------------------------------------

    def set_container(self, width: float, rtl: bool = False, *, now_ms: int) -> None:
        """The place's width and direction; the geometry follows."""
        c_width = _check.real("width", width)
        c_rtl = _check.boolean("rtl", rtl)
        self._call(lib.frames_banner_place_set_container, c_width, c_rtl, _check.time_ms(now_ms))

    def set_viewport(self, viewport: Optional[RectLike], now_ms: int) -> None:
        """What the user sees, in the place's content coordinates; None:
        unknown (tiles then play every banner, a vertical list none)."""
        now = _check.time_ms(now_ms)
        if viewport is None:
            self._call(lib.frames_banner_place_set_viewport, None, now)
        else:
            self._call(lib.frames_banner_place_set_viewport, ctypes.byref(c_rect("viewport", viewport)), now)

    def set_hidden(self, hidden: bool, now_ms: int) -> None:
        """The host hid (True) or showed the whole place."""
        value = _check.boolean("hidden", hidden)
        self._call(lib.frames_banner_place_set_hidden, value, _check.time_ms(now_ms))

    def set_reader_shown(self, shown: bool, now_ms: int) -> None:
        """BN-11: another reader covers the place; it pauses meanwhile."""
        value = _check.boolean("shown", shown)
        self._call(lib.frames_banner_place_set_reader_shown, value, _check.time_ms(now_ms))

    def pause(self, now_ms: int) -> None:
        """BN-09, BN-11: manual pause (lists keep it until resume)."""
        self._call(lib.frames_banner_place_pause, _check.time_ms(now_ms))

    def resume(self, now_ms: int) -> None:
        """Clears the manual pause and checks visibility again."""
        self._call(lib.frames_banner_place_resume, _check.time_ms(now_ms))

    def user_interacted(self, now_ms: int) -> None:
        """BN-09: the user touched the place: a carousel's countdown restarts."""
        self._call(lib.frames_banner_place_user_interacted, _check.time_ms(now_ms))

    def user_scrolled(self, index: int, now_ms: int) -> None:
        """BN-08: the user swiped the carousel to ``index``."""
        self._call(lib.frames_banner_place_user_scrolled, _check.index(index), _check.time_ms(now_ms))

    def context_reset(self, index: int, now_ms: int) -> None:
        """BN-10: banner ``index``'s web context was reset (cell reuse)."""
        self._call(lib.frames_banner_place_context_reset, _check.index(index), _check.time_ms(now_ms))

    # --- navigation (BN-08) ---------------------------------------------------

    def show_next(self, now_ms: int) -> Navigation:
        out = _ffi.frames_navigation()
        self._call(lib.frames_banner_place_show_next, _check.time_ms(now_ms), ctypes.byref(out))
        return _navigation(out)

    def show_previous(self, now_ms: int) -> Navigation:
        out = _ffi.frames_navigation()
        self._call(lib.frames_banner_place_show_previous, _check.time_ms(now_ms), ctypes.byref(out))
        return _navigation(out)

    def show_banner(self, index: int, now_ms: int) -> Navigation:
        """OutOfRangeError for an index the place does not have."""
        out = _ffi.frames_navigation()
        c_index = _check.index(index)
        self._call(lib.frames_banner_place_show_banner, c_index, _check.time_ms(now_ms), ctypes.byref(out))
        return _navigation(out)

    # --- what the content reports (BN-15, BN-17) -------------------------------

    def report_action(self, index: int, target: str, now_ms: int) -> None:
        """A link inside banner ``index`` was tapped: on_action and a click."""
        c_index = _check.index(index)
        encoded = _check.text("target", target)
        self._call(lib.frames_banner_place_report_action, c_index, encoded, _check.time_ms(now_ms))

    def report_widget_event(self, index: int, name: str, data: Optional[Any], now_ms: int) -> None:
        """A widget inside banner ``index`` reported an event; ``data`` is
        sent as JSON (None: none)."""
        c_index = _check.index(index)
        c_name = _check.text("name", name)
        encoded = None if data is None else _check.json_text("data", data)
        now = _check.time_ms(now_ms)
        self._call(lib.frames_banner_place_report_widget_event, c_index, c_name, encoded, now)

    def request_input(self, index: int, kind: InputKind, prompt: str, now_ms: int) -> None:
        """BN-17: banner ``index`` asks for input (the delegate decides)."""
        c_index = _check.index(index)
        c_kind = int(_check.member("kind", kind, InputKind))
        encoded = _check.text("prompt", prompt)
        self._call(lib.frames_banner_place_request_input, c_index, c_kind, encoded, _check.time_ms(now_ms))

    def input_finished(self, now_ms: int) -> None:
        """BN-17: the input dialog closed; playback is checked again."""
        self._call(lib.frames_banner_place_input_finished, _check.time_ms(now_ms))

    # --- state ------------------------------------------------------------------

    def rows(self, now_ms: int) -> "RowSequence":
        """Every banner laid out, in list order, at ``now_ms``: a sequence
        of BannerRow, made as items are read (see _rows.py)."""
        now = _check.time_ms(now_ms)
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


#: A banner id is 1...256 bytes of UTF-8 (frames.h), plus its NUL.
_BANNER_ID_BUFFER = 257
#: struct frames_banner_row with the platform's alignment (checked at import).
_ROW = ROW
assert _ROW.size == ctypes.sizeof(_ffi.frames_banner_row), "frames_banner_row layout"
_ROW_STATES: Dict[int, Union[RowState, int]] = {int(s): s for s in RowState}
_MAKE_ROW = row_maker(Rect, BannerRow, _ROW_STATES)
