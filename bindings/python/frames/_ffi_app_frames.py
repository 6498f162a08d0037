"""frames.h section "App Frames" (AF-01..AF-23): a frame's status and
error, its delegate and its calls.
"""

from __future__ import annotations

import ctypes
from ctypes import (
    POINTER,
    c_bool,
    c_char_p,
    c_double,
    c_int32,
    c_int64,
    c_size_t,
    c_uint32,
    c_void_p,
)
from typing import Tuple

from ._ffi_base import SignatureRow, frames_result
from ._ffi_engine import FREE_USER_DATA_CB, frames_content, frames_engine_p, frames_frame_error

FRAMES_FRAME_DELEGATE_VERSION = 1

frames_frame_status = c_int32
frames_frame_error_code = c_int32
frames_height_mode = c_int32

#: The opaque frames_frame * travels as c_void_p.
frames_frame_p = c_void_p

# Declared in _ffi_engine (the banners delegate's preloaded passes it too).
frames_frame_error._fields_ = [("code", frames_frame_error_code), ("http_status", c_int32), ("message", c_char_p)]

FRAME_RENDER_CB = ctypes.CFUNCTYPE(None, c_void_p, POINTER(frames_content), c_void_p)
FRAME_STATUS_CHANGED_CB = ctypes.CFUNCTYPE(None, c_void_p, frames_frame_status, frames_frame_status, c_void_p)
FRAME_FAILED_CB = ctypes.CFUNCTYPE(None, c_void_p, POINTER(frames_frame_error), c_void_p)
FRAME_HEIGHT_REQUESTED_CB = ctypes.CFUNCTYPE(None, c_void_p, c_double, c_void_p)
FRAME_DISMISS_REQUESTED_CB = ctypes.CFUNCTYPE(None, c_void_p, c_void_p)
FRAME_ACTION_TRIGGERED_CB = ctypes.CFUNCTYPE(None, c_void_p, c_char_p, c_void_p)


class frames_frame_delegate(ctypes.Structure):
    """struct frames_frame_delegate, FRAMES_FRAME_DELEGATE_VERSION 1."""

    _fields_ = [
        ("version", c_uint32),
        ("render", FRAME_RENDER_CB),
        ("status_changed", FRAME_STATUS_CHANGED_CB),
        ("failed", FRAME_FAILED_CB),
        ("height_requested", FRAME_HEIGHT_REQUESTED_CB),
        ("dismiss_requested", FRAME_DISMISS_REQUESTED_CB),
        ("action_triggered", FRAME_ACTION_TRIGGERED_CB),
        ("user_data", c_void_p),
        ("free_user_data", FREE_USER_DATA_CB),
    ]


APP_FRAMES_SIGNATURES: Tuple[SignatureRow, ...] = (
    # App Frames
    ("frames_app_frames_get_enabled", frames_result, (frames_engine_p, POINTER(c_bool)), True),
    ("frames_frame_status_str", c_char_p, (frames_frame_status,), False),
    ("frames_frame_status_is_loading", c_bool, (frames_frame_status,), False),
    ("frames_frame_status_is_error", c_bool, (frames_frame_status,), False),
    ("frames_frame_error_code_str", c_char_p, (frames_frame_error_code,), False),
    ("frames_frame_delegate_init", frames_result, (POINTER(frames_frame_delegate), c_uint32), True),
    ("frames_frame_new", frames_result, (frames_engine_p, POINTER(c_void_p)), True),
    ("frames_frame_free", frames_result, (frames_frame_p,), True),
    ("frames_frame_set_delegate", frames_result, (frames_frame_p, POINTER(frames_frame_delegate)), True),
    ("frames_frame_set_placement", frames_result, (frames_frame_p, c_char_p, c_int64), True),
    ("frames_frame_attach", frames_result, (frames_frame_p, c_int64), True),
    ("frames_frame_detach", frames_result, (frames_frame_p,), True),
    ("frames_frame_set_hidden", frames_result, (frames_frame_p, c_bool, c_int64), True),
    ("frames_frame_set_laid_out_size", frames_result, (frames_frame_p, c_double, c_double, c_int64), True),
    ("frames_frame_set_height_mode", frames_result, (frames_frame_p, frames_height_mode, c_double), True),
    ("frames_frame_get_status", frames_result, (frames_frame_p, POINTER(frames_frame_status)), True),
    ("frames_frame_get_placement_id", frames_result, (frames_frame_p, c_char_p, c_size_t, POINTER(c_size_t)), True),
    (
        "frames_frame_get_error",
        frames_result,
        (frames_frame_p, POINTER(frames_frame_error), POINTER(c_bool)),
        True,
    ),
    ("frames_frame_get_intrinsic_height", frames_result, (frames_frame_p, POINTER(c_double)), True),
    ("frames_frame_report_rendered", frames_result, (frames_frame_p, c_double, c_int64), True),
    ("frames_frame_report_render_failed", frames_result, (frames_frame_p, c_char_p, c_int64), True),
    ("frames_frame_report_dismissed", frames_result, (frames_frame_p, c_int64), True),
    ("frames_frame_report_action", frames_result, (frames_frame_p, c_char_p, c_int64), True),
)
