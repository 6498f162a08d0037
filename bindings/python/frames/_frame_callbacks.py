"""An App Frame's delegate callbacks (frames_frame_delegate, AF-01..AF-23):
``user_data`` is ``engine_key << 32 | slot_key`` (_callbacks), the frame
is found by its handle, weakly.
"""

from __future__ import annotations

import json
from typing import Any, Optional

from . import _ffi
from ._callbacks import _FREE_DELEGATE, EngineState, _delegate, _text
from .status import FrameError, FrameStatus, _error_code

__all__ = ["make_delegate"]


def _did_change_status(handle: Optional[int], status: int, previous: int, user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "did_change_status")
    if found is not None:
        state, frame, method = found
        state.guard(method, frame, _status(status), _status(previous))


def _did_fail(handle: Optional[int], error_p: Any, user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "did_fail")
    if found is not None:
        state, frame, method = found
        c = error_p.contents
        state.guard(method, frame, FrameError(_error_code(c.code), int(c.http_status), _text(c.message) or ""))


def _did_request_height_change(handle: Optional[int], height: float, user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "did_request_height_change")
    if found is not None:
        state, frame, method = found
        state.guard(method, frame, float(height))


def _did_request_dismiss(handle: Optional[int], user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "did_request_dismiss")
    if found is not None:
        state, frame, method = found
        state.guard(method, frame)


def _did_trigger_action(handle: Optional[int], data: Optional[bytes], user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "did_trigger_action")
    if found is not None:
        state, frame, method = found
        state.guard(lambda: method(frame, json.loads(data or b"{}")))


def _status(value: int) -> FrameStatus | int:
    try:
        return FrameStatus(value)
    except ValueError:  # a status added by a newer library
        return value


# The C-callable objects: module level, so they live as long as the library.
_DID_CHANGE_STATUS = _ffi.DID_CHANGE_STATUS_CB(_did_change_status)
_DID_FAIL = _ffi.DID_FAIL_CB(_did_fail)
_DID_REQUEST_HEIGHT_CHANGE = _ffi.DID_REQUEST_HEIGHT_CHANGE_CB(_did_request_height_change)
_DID_REQUEST_DISMISS = _ffi.DID_REQUEST_DISMISS_CB(_did_request_dismiss)
_DID_TRIGGER_ACTION = _ffi.DID_TRIGGER_ACTION_CB(_did_trigger_action)


def make_delegate(state: EngineState, slot_key: int) -> _ffi.frames_frame_delegate:
    """A C delegate whose user_data finds ``state.delegates[slot_key]``."""
    return _ffi.frames_frame_delegate(
        _ffi.FRAMES_FRAME_DELEGATE_VERSION,
        _DID_CHANGE_STATUS,
        _DID_FAIL,
        _DID_REQUEST_HEIGHT_CHANGE,
        _DID_REQUEST_DISMISS,
        _DID_TRIGGER_ACTION,
        (state.key << 32) | slot_key,
        _FREE_DELEGATE,
    )
