"""An App Frame's delegate callbacks (frames_frame_delegate, AF-01..AF-23):
``user_data`` is ``engine_key << 32 | slot_key`` (_callbacks), whose slot
names the Frame.
"""

from __future__ import annotations

import ctypes
import json
from typing import Any, Callable

from . import _ffi
from ._callbacks import _FREE_DELEGATE, EngineState, _frame_error, _text, object_delegate, trampoline
from .records import Content
from .status import FrameStatus

__all__ = ["make_delegate"]

Method = Callable[..., Any]


@trampoline(_ffi.FRAME_RENDER_CB, object_delegate("render"))
def _render(state: EngineState, method: Method, frame: Any, handle: Any, content_p: Any) -> None:
    c = content_p.contents
    assets = tuple(
        (_text(c.assets[i].url) or "", ctypes.string_at(c.assets[i].bytes, c.assets[i].size) if c.assets[i].size else b"")
        for i in range(c.asset_count)
    )
    method(frame, Content(
        placement_id=_text(c.placement_id) or "",
        campaign_id=_text(c.campaign_id) or "",
        variant_id=_text(c.variant_id) or "",
        html=_text(c.template_html) or "",
        assets=assets,
        action_ids=tuple(_text(c.action_ids[i]) or "" for i in range(c.action_count)),
    ))


@trampoline(_ffi.FRAME_STATUS_CHANGED_CB, object_delegate("status_changed"))
def _status_changed(state: EngineState, method: Method, frame: Any, handle: Any, status: int, previous: int) -> None:
    method(frame, _status(status), _status(previous))


@trampoline(_ffi.FRAME_FAILED_CB, object_delegate("failed"))
def _failed(state: EngineState, method: Method, frame: Any, handle: Any, error_p: Any) -> None:
    method(frame, _frame_error(error_p))


@trampoline(_ffi.FRAME_HEIGHT_REQUESTED_CB, object_delegate("height_requested"))
def _height_requested(state: EngineState, method: Method, frame: Any, handle: Any, height: float) -> None:
    method(frame, float(height))


@trampoline(_ffi.FRAME_DISMISS_REQUESTED_CB, object_delegate("dismiss_requested"))
def _dismiss_requested(state: EngineState, method: Method, frame: Any, handle: Any) -> None:
    method(frame)


@trampoline(_ffi.FRAME_ACTION_TRIGGERED_CB, object_delegate("action_triggered"))
def _action_triggered(state: EngineState, method: Method, frame: Any, handle: Any, data: Any) -> None:
    method(frame, json.loads(data or b"{}"))


def _status(value: int) -> FrameStatus | int:
    try:
        return FrameStatus(value)
    except ValueError:  # a status added by a newer library
        return value


def make_delegate(state: EngineState, slot_key: int) -> _ffi.frames_frame_delegate:
    """A C delegate whose user_data finds ``state.delegates[slot_key]``."""
    return _ffi.frames_frame_delegate(
        _ffi.FRAMES_FRAME_DELEGATE_VERSION,
        _render,
        _status_changed,
        _failed,
        _height_requested,
        _dismiss_requested,
        _action_triggered,
        (state.key << 32) | slot_key,
        _FREE_DELEGATE,
    )
