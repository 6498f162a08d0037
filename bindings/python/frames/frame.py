"""App Frames (SPEC AF-01..AF-23) over frames_frame_*.

A Frame is made by Engine.new_frame() and belongs to the engine's thread.
It holds its delegate weakly (AF-23): the host keeps the delegate alive, or
its callbacks stop.  Frames compose; they are not meant to be subclassed.
"""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Any, Dict, Optional, Protocol, Tuple, final

from . import _check, _ffi
from ._callbacks import EngineState
from ._frame_callbacks import make_delegate
from ._lib import lib
from ._owned import EngineObject

from .explain import Explanation, lent_explanation
from .records import Content
from .status import FrameError, FrameStatus, HeightMode, _error_code

if TYPE_CHECKING:
    from .engine import Engine

__all__ = ["AppFrames", "Frame", "FrameDelegate"]


class FrameDelegate(Protocol):
    """What a frame asks of and tells its host (frames_frame_delegate, a
    typing.Protocol).

    Any object with some of these methods will do (a missing one is
    skipped); derive from it to have the signatures checked.  Called on the
    owner thread after the state change (XC-03); a method may call back
    into the engine."""

    def render(self, frame: "Frame", content: Content) -> None:
        """Draw ``content`` in ``frame``, then report through
        frame.report_rendered / report_render_failed."""
        return None

    def status_changed(self, frame: "Frame", status: FrameStatus, previous: FrameStatus) -> None:
        """AF-07: on every transition and only on a transition."""
        return None

    def failed(self, frame: "Frame", error: FrameError) -> None:
        """AF-09: on entering an error status, before status_changed."""
        return None

    def height_requested(self, frame: "Frame", height: float) -> None:
        """AF-19: the template reported a new optimal height."""
        return None

    def dismiss_requested(self, frame: "Frame") -> None:
        """AF-20: the user closed the content; the status is dismissed."""
        return None

    def action_triggered(self, frame: "Frame", data: Dict[str, Any]) -> None:
        """AF-21: an action with non-empty custom data."""
        return None


#: The methods a frame looks up on its delegate.
FRAME_DELEGATE_METHODS = (
    "render",
    "status_changed",
    "failed",
    "height_requested",
    "dismiss_requested",
    "action_triggered",
)


#: Ids are at most 256 bytes (XC-07); with the NUL one buffer always fits.
_PLACEMENT_ID_BUFFER = 257


@final
class Frame(EngineObject):
    """An App Frame: placement id, attached flag, hidden flag, laid-out
    size, height mode and a delegate (AF-03)."""

    def __init__(self) -> None:
        raise TypeError("frames are made by Engine.new_frame()")

    @classmethod
    def _adopt(cls, engine: "Engine", handle: Optional[int]) -> "Frame":
        self = object.__new__(cls)
        self._own(engine, handle, "frame")
        return self

    def _registry(self) -> Dict[int, Any]:
        return self._state.frames

    def _free_function(self) -> Any:
        return lib.frames_frame_free

    def _set_delegate_function(self) -> Any:
        return lib.frames_frame_set_delegate

    def _make_c_delegate(self, state: EngineState, key: int) -> ctypes.Structure:
        return make_delegate(state, key)

    def _delegate_methods(self) -> Tuple[str, ...]:
        return FRAME_DELEGATE_METHODS

    def __enter__(self) -> "Frame":
        return self

    def __repr__(self) -> str:
        return f"<frames.Frame {hex(self._handle)}{' closed' if self.closed else ''}>"

    # --- inputs (AF-03, AF-04, AF-18) ------------------------------------

    def set_placement(self, placement_id: Optional[str], *, now_ms: Optional[int] = None) -> None:
        """Binds the frame to a placement id, or to none (noPlacement)."""
        encoded = _check.optional_text("placement_id", placement_id)
        self._call(lib.frames_frame_set_placement, encoded, self._state.now(now_ms))

    def attach(self, *, now_ms: Optional[int] = None) -> None:
        """AF-04: the frame is in the visible hierarchy and follows its placement."""
        self._call(lib.frames_frame_attach, self._state.now(now_ms))

    def detach(self) -> None:
        """AF-04: keeps status and content, follows no updates."""
        self._call(lib.frames_frame_detach)

    def set_hidden(self, hidden: bool, *, now_ms: Optional[int] = None) -> None:
        """AF-04, AF-22: hiding does not stop loading; it blocks impressions."""
        value = _check.boolean("hidden", hidden)
        self._call(lib.frames_frame_set_hidden, value, self._state.now(now_ms))

    def set_laid_out_size(self, width: float, height: float, *, now_ms: Optional[int] = None) -> None:
        """The size the host laid the frame out at (AF-22)."""
        c_width = _check.real("width", width)
        c_height = _check.real("height", height)
        self._call(lib.frames_frame_set_laid_out_size, c_width, c_height, self._state.now(now_ms))

    def set_height_mode(self, mode: HeightMode, fixed_height: float = 0.0) -> None:
        """AF-18: intrinsic (default) or fixed at fixed_height."""
        value = int(_check.member("mode", mode, HeightMode))
        self._call(lib.frames_frame_set_height_mode, value, _check.real("fixed_height", fixed_height))

    # --- state (AF-06, AF-10, AF-18) -------------------------------------------

    @property
    def status(self) -> FrameStatus:
        out = ctypes.c_int32()
        self._call(lib.frames_frame_get_status, ctypes.byref(out))
        return FrameStatus(out.value)

    @property
    def placement_id(self) -> Optional[str]:
        """AF-03: the placement id the frame is bound to, None without one."""
        length = ctypes.c_size_t()
        buffer = ctypes.create_string_buffer(_PLACEMENT_ID_BUFFER)
        self._call(lib.frames_frame_get_placement_id, buffer, len(buffer), ctypes.byref(length))
        return buffer.raw[: length.value].decode("utf-8") if length.value else None

    @property
    def error(self) -> Optional[FrameError]:
        """Non-None exactly while the status is an error status (AF-10)."""
        c = _ffi.frames_frame_error()
        has = ctypes.c_bool()
        self._call(lib.frames_frame_get_error, ctypes.byref(c), ctypes.byref(has))
        if not has.value:
            return None
        message = (c.message or b"").decode("utf-8", "replace")
        return FrameError(_error_code(c.code), int(c.http_status), message)

    @property
    def intrinsic_height(self) -> float:
        out = ctypes.c_double()
        self._call(lib.frames_frame_get_intrinsic_height, ctypes.byref(out))
        return float(out.value)

    # --- the template side (AF-10, AF-19..AF-21) -----------------------------

    def report_rendered(self, height: float, *, now_ms: Optional[int] = None) -> None:
        """Content on screen with this optimal height (rendering -> ready)."""
        value = _check.real("height", height)
        self._call(lib.frames_frame_report_rendered, value, self._state.now(now_ms))

    def report_render_failed(self, message: Optional[str], *, now_ms: Optional[int] = None) -> None:
        """The host could not render the template: errorRendering."""
        encoded = _check.optional_text("message", message)
        self._call(lib.frames_frame_report_render_failed, encoded, self._state.now(now_ms))

    def report_dismissed(self, *, now_ms: Optional[int] = None) -> None:
        """AF-20: the user closed the content."""
        self._call(lib.frames_frame_report_dismissed, self._state.now(now_ms))

    def report_action(self, action_id: str, *, now_ms: Optional[int] = None) -> None:
        """AF-21: the user triggered an action of the content."""
        encoded = _check.text("action_id", action_id)
        self._call(lib.frames_frame_report_action, encoded, self._state.now(now_ms))


    def explain(self, *, now_ms: Optional[int] = None) -> Explanation:
        """XC-11: what the frame shows and why, or why nothing, and the
        campaigns its placement was offered.  A reading: nothing changes."""
        return lent_explanation(self._call, lib.frames_frame_explain, self._state.now(now_ms))

class AppFrames:
    """``engine.app_frames``: the App Frames module (AF-01..AF-23)."""

    def __init__(self, state: EngineState) -> None:
        self._state = state

    def __repr__(self) -> str:
        return "<frames.AppFrames>"

    @property
    def enabled(self) -> bool:
        """Whether the configuration document enabled App Frames (AF-01)."""
        state = self._state
        enabled = ctypes.c_bool()
        state.call(lib.frames_app_frames_get_enabled, state.handle, ctypes.byref(enabled))
        return bool(enabled.value)
