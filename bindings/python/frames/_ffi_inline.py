"""frames.h section "Inline messages" (IL-01..IL-10): the inline message
records, the two delegates and the calls.
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
    c_uint64,
    c_void_p,
)
from typing import Tuple

from ._ffi_base import SignatureRow, frames_result
from ._ffi_engine import FREE_USER_DATA_CB, frames_asset, frames_engine_p, frames_frame_error

FRAMES_INLINE_TRIGGER_AUTOMATIC = 0
FRAMES_INLINE_TRIGGER_ON_DEMAND = 1
FRAMES_INLINE_TRIGGER_EVENT = 2
FRAMES_INLINE_VIEW_STATUS_IDLE = 0
FRAMES_INLINE_VIEW_STATUS_PROCESSING = 1
FRAMES_INLINE_VIEW_STATUS_RENDERING = 2
FRAMES_INLINE_VIEW_STATUS_SHOWN = 3
FRAMES_INLINE_VIEW_STATUS_FAILED = 4
FRAMES_INLINE_VIEW_DELEGATE_VERSION = 1
FRAMES_INLINE_DELEGATE_VERSION = 1

frames_inline_trigger = c_int32
frames_inline_view_status = c_int32
#: frames_inline_view * travels as c_void_p.
frames_inline_view_p = c_void_p


class frames_inline_message(ctypes.Structure):
    _fields_ = [
        ("placement_id", c_char_p),
        ("campaign_id", c_char_p),
        ("trigger", frames_inline_trigger),
        ("priority", c_int32),
        ("event_name", c_char_p),
        ("view_id", c_char_p),
    ]


class frames_inline_content(ctypes.Structure):
    _fields_ = [
        ("message", POINTER(frames_inline_message)),
        ("template_html", c_char_p),
        ("asset_count", c_size_t),
        ("assets", POINTER(frames_asset)),
        ("context_json", c_char_p),
    ]


INLINE_PROCESSING_CB = ctypes.CFUNCTYPE(None, c_void_p, c_void_p)
INLINE_MESSAGE_CB = ctypes.CFUNCTYPE(None, c_void_p, POINTER(frames_inline_message), c_void_p)
INLINE_FAILED_CB = ctypes.CFUNCTYPE(
    None, c_void_p, POINTER(frames_inline_message), POINTER(frames_frame_error), c_void_p
)
INLINE_SIZE_CB = ctypes.CFUNCTYPE(None, c_void_p, POINTER(frames_inline_message), c_double, c_double, c_void_p)
INLINE_RENDER_CB = ctypes.CFUNCTYPE(None, c_void_p, POINTER(frames_inline_content), c_void_p)
INLINE_REPLY_CB = ctypes.CFUNCTYPE(None, c_void_p, POINTER(ctypes.c_char), c_size_t, c_void_p)
#: Returns the host's text as an address (or None): a ctypes callback cannot
#: hand back a Python bytes object without leaking it.
INLINE_CONTEXT_CB = ctypes.CFUNCTYPE(c_char_p, c_void_p, POINTER(frames_inline_message), c_void_p)
INLINE_URL_CB = ctypes.CFUNCTYPE(None, c_void_p, POINTER(frames_inline_message), c_char_p, c_void_p)
INLINE_ACTION_CB = ctypes.CFUNCTYPE(None, c_void_p, POINTER(frames_inline_message), c_char_p, c_char_p, c_void_p)
INLINE_METHOD_CB = ctypes.CFUNCTYPE(
    None, c_void_p, POINTER(frames_inline_message), c_char_p, c_char_p, c_uint64, c_void_p
)
INLINE_REFUSED_CB = ctypes.CFUNCTYPE(
    None, c_void_p, POINTER(frames_inline_message), c_char_p, c_bool, c_char_p, c_void_p
)


class frames_inline_view_delegate(ctypes.Structure):
    """struct frames_inline_view_delegate, FRAMES_INLINE_VIEW_DELEGATE_VERSION 1."""

    _fields_ = [
        ("version", c_uint32),
        ("processing_started", INLINE_PROCESSING_CB),
        ("loaded", INLINE_MESSAGE_CB),
        ("updated", INLINE_MESSAGE_CB),
        ("failed", INLINE_FAILED_CB),
        ("size_requested", INLINE_SIZE_CB),
        ("remove", INLINE_MESSAGE_CB),
        ("render", INLINE_RENDER_CB),
        ("reply", INLINE_REPLY_CB),
        ("user_data", c_void_p),
        ("free_user_data", FREE_USER_DATA_CB),
    ]


class frames_inline_delegate(ctypes.Structure):
    """struct frames_inline_delegate, FRAMES_INLINE_DELEGATE_VERSION 1."""

    _fields_ = [
        ("version", c_uint32),
        ("available", INLINE_MESSAGE_CB),
        ("context_required", INLINE_CONTEXT_CB),
        ("open_url", INLINE_URL_CB),
        ("open_deep_link", INLINE_URL_CB),
        ("custom_action", INLINE_ACTION_CB),
        ("custom_method", INLINE_METHOD_CB),
        ("url_refused", INLINE_REFUSED_CB),
        ("user_data", c_void_p),
        ("free_user_data", FREE_USER_DATA_CB),
    ]


INLINE_SIGNATURES: Tuple[SignatureRow, ...] = (
    ("frames_inline_trigger_str", c_char_p, (frames_inline_trigger,), False),
    ("frames_inline_view_status_str", c_char_p, (frames_inline_view_status,), False),
    (
        "frames_inline_view_delegate_init",
        frames_result,
        (POINTER(frames_inline_view_delegate), c_uint32),
        True,
    ),
    ("frames_inline_delegate_init", frames_result, (POINTER(frames_inline_delegate), c_uint32), True),
    (
        "frames_inline_set_delegate",
        frames_result,
        (frames_engine_p, POINTER(frames_inline_delegate)),
        True,
    ),
    ("frames_inline_view_new", frames_result, (frames_engine_p, c_char_p, POINTER(c_void_p)), True),
    ("frames_inline_view_free", frames_result, (frames_inline_view_p,), True),
    (
        "frames_inline_view_set_delegate",
        frames_result,
        (frames_inline_view_p, POINTER(frames_inline_view_delegate)),
        True,
    ),
    ("frames_inline_view_attach", frames_result, (frames_inline_view_p, c_int64), True),
    ("frames_inline_view_detach", frames_result, (frames_inline_view_p,), True),
    ("frames_inline_view_render", frames_result, (frames_inline_view_p, c_int64), True),
    ("frames_inline_view_set_size", frames_result, (frames_inline_view_p, c_double, c_double, c_int64), True),
    ("frames_inline_view_report_content_shown", frames_result, (frames_inline_view_p, c_int64), True),
    ("frames_inline_view_report_render_failed", frames_result, (frames_inline_view_p, c_char_p, c_int64), True),
    (
        "frames_inline_view_report_bridge_message",
        frames_result,
        (frames_inline_view_p, c_char_p, c_size_t, c_int64),
        True,
    ),
    (
        "frames_inline_view_get_status",
        frames_result,
        (frames_inline_view_p, POINTER(frames_inline_view_status)),
        True,
    ),
    ("frames_inline_track_event", frames_result, (frames_engine_p, c_char_p, c_char_p, c_int64), True),
    ("frames_inline_call_resolve", frames_result, (frames_engine_p, c_uint64, c_bool, c_char_p, c_int64), True),
    (
        "frames_inline_explain",
        frames_result,
        (frames_engine_p, c_char_p, c_int64, POINTER(c_char_p), POINTER(c_size_t)),
        True,
    ),
)
