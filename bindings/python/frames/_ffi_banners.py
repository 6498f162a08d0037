"""frames.h section "Banner places" (BN-01..BN-17): a place's rows,
navigation, delegate and calls, and the visibility rule.
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
    c_uint8,
    c_uint32,
    c_void_p,
)
from typing import Tuple

from ._ffi_base import SignatureRow, frames_result
from ._ffi_engine import FREE_USER_DATA_CB, frames_banner_info, frames_engine_p, frames_frame_error
from ._ffi_layout import frames_appearance, frames_point, frames_rect

FRAMES_BANNER_PLACE_DELEGATE_VERSION = 1
FRAMES_BANNERS_DELEGATE_VERSION = 1
FRAMES_INPUT_KIND_TEXT = 0
FRAMES_INPUT_KIND_EMAIL = 1
FRAMES_INPUT_KIND_TELEPHONE = 2
FRAMES_ROW_STATE_LOADING = 0
FRAMES_ROW_STATE_READY = 1
FRAMES_ROW_STATE_FAILED = 2

frames_input_kind = c_int32
frames_row_state = c_int32
#: frames_banner_place * travels as c_void_p.
frames_banner_place_p = c_void_p

# Declared in _ffi_engine (the frame error's section needs it first).
frames_banner_info._fields_ = [
    ("id", c_char_p),
    ("ratio", c_double),
    ("duration_ms", c_int64),
    ("content_url", c_char_p),
]


class frames_navigation(ctypes.Structure):
    _fields_ = [("index", c_size_t), ("moved", c_bool), ("offset", frames_point)]


class frames_banner_row(ctypes.Structure):
    _fields_ = [
        ("rect", frames_rect),
        ("state", frames_row_state),
        ("share_known", c_bool),
        ("playing", c_bool),
        ("viewed", c_bool),
        ("share", c_double),
        ("position_ms", c_int64),
    ]


BANNER_UPDATED_CB = ctypes.CFUNCTYPE(None, c_void_p, c_bool, c_size_t, c_double, c_void_p)
BANNER_LOADED_CB = ctypes.CFUNCTYPE(None, c_void_p, c_char_p, c_void_p)
BANNER_RENDER_CB = ctypes.CFUNCTYPE(
    None, c_void_p, c_size_t, POINTER(frames_banner_info), POINTER(c_uint8), c_size_t, c_void_p
)
BANNER_ROW_FAILED_CB = ctypes.CFUNCTYPE(None, c_void_p, c_size_t, POINTER(frames_frame_error), c_void_p)
BANNER_SHOWN_CB = ctypes.CFUNCTYPE(None, c_void_p, c_size_t, POINTER(frames_banner_info), c_void_p)
BANNER_PLAYBACK_CHANGED_CB = ctypes.CFUNCTYPE(None, c_void_p, c_size_t, c_bool, c_bool, c_void_p)
BANNER_SCROLLED_CB = ctypes.CFUNCTYPE(None, c_void_p, c_size_t, c_void_p)
BANNER_ACTION_TRIGGERED_CB = ctypes.CFUNCTYPE(None, c_void_p, c_char_p, c_void_p)
BANNER_WIDGET_REPORTED_CB = ctypes.CFUNCTYPE(
    None, c_void_p, c_size_t, POINTER(frames_banner_info), c_char_p, c_char_p, c_void_p
)
BANNER_INPUT_REQUESTED_CB = ctypes.CFUNCTYPE(c_bool, c_void_p, c_size_t, frames_input_kind, c_char_p, c_void_p)
BANNERS_PRELOADED_CB = ctypes.CFUNCTYPE(
    None,
    c_char_p,
    POINTER(frames_banner_info),
    c_size_t,
    POINTER(POINTER(frames_frame_error)),
    POINTER(frames_frame_error),
    c_void_p,
)


class frames_banner_place_delegate(ctypes.Structure):
    """struct frames_banner_place_delegate, FRAMES_BANNER_PLACE_DELEGATE_VERSION 1."""

    _fields_ = [
        ("version", c_uint32),
        ("updated", BANNER_UPDATED_CB),
        ("loaded", BANNER_LOADED_CB),
        ("render", BANNER_RENDER_CB),
        ("row_failed", BANNER_ROW_FAILED_CB),
        ("shown", BANNER_SHOWN_CB),
        ("playback_changed", BANNER_PLAYBACK_CHANGED_CB),
        ("scrolled", BANNER_SCROLLED_CB),
        ("action_triggered", BANNER_ACTION_TRIGGERED_CB),
        ("widget_reported", BANNER_WIDGET_REPORTED_CB),
        ("input_requested", BANNER_INPUT_REQUESTED_CB),
        ("user_data", c_void_p),
        ("free_user_data", FREE_USER_DATA_CB),
    ]


class frames_banners_delegate(ctypes.Structure):
    """struct frames_banners_delegate, FRAMES_BANNERS_DELEGATE_VERSION 1:
    the banners module's events with no place."""

    _fields_ = [
        ("version", c_uint32),
        ("preloaded", BANNERS_PRELOADED_CB),
        ("user_data", c_void_p),
        ("free_user_data", FREE_USER_DATA_CB),
    ]


BANNER_SIGNATURES: Tuple[SignatureRow, ...] = (
    (
        "frames_banner_place_delegate_init",
        frames_result,
        (POINTER(frames_banner_place_delegate), c_uint32),
        True,
    ),
    ("frames_banners_delegate_init", frames_result, (POINTER(frames_banners_delegate), c_uint32), True),
    ("frames_banners_set_delegate", frames_result, (frames_engine_p, POINTER(frames_banners_delegate)), True),
    ("frames_banners_preload", frames_result, (frames_engine_p, c_char_p, c_int64), True),
    (
        "frames_banner_place_new",
        frames_result,
        (frames_engine_p, c_char_p, POINTER(frames_appearance), POINTER(c_void_p)),
        True,
    ),
    ("frames_banner_place_free", frames_result, (frames_banner_place_p,), True),
    (
        "frames_banner_place_set_delegate",
        frames_result,
        (frames_banner_place_p, POINTER(frames_banner_place_delegate)),
        True,
    ),
    ("frames_banner_place_attach", frames_result, (frames_banner_place_p, c_int64), True),
    ("frames_banner_place_refresh", frames_result, (frames_banner_place_p, c_int64), True),
    (
        "frames_banner_place_set_container",
        frames_result,
        (frames_banner_place_p, c_double, c_bool, c_int64),
        True,
    ),
    (
        "frames_banner_place_set_viewport",
        frames_result,
        (frames_banner_place_p, POINTER(frames_rect), c_int64),
        True,
    ),
    ("frames_banner_place_set_hidden", frames_result, (frames_banner_place_p, c_bool, c_int64), True),
    ("frames_banner_place_set_reader_shown", frames_result, (frames_banner_place_p, c_bool, c_int64), True),
    ("frames_banner_place_pause", frames_result, (frames_banner_place_p, c_int64), True),
    ("frames_banner_place_resume", frames_result, (frames_banner_place_p, c_int64), True),
    ("frames_banner_place_report_user_interaction", frames_result, (frames_banner_place_p, c_int64), True),
    ("frames_banner_place_report_user_scrolled", frames_result, (frames_banner_place_p, c_size_t, c_int64), True),
    ("frames_banner_place_report_web_context_reset", frames_result, (frames_banner_place_p, c_size_t, c_int64), True),
    ("frames_banner_place_retry_row", frames_result, (frames_banner_place_p, c_size_t, c_int64), True),
    (
        "frames_banner_place_show_next",
        frames_result,
        (frames_banner_place_p, c_int64, POINTER(frames_navigation)),
        True,
    ),
    (
        "frames_banner_place_show_previous",
        frames_result,
        (frames_banner_place_p, c_int64, POINTER(frames_navigation)),
        True,
    ),
    (
        "frames_banner_place_show_banner",
        frames_result,
        (frames_banner_place_p, c_size_t, c_int64, POINTER(frames_navigation)),
        True,
    ),
    (
        "frames_banner_place_report_action",
        frames_result,
        (frames_banner_place_p, c_size_t, c_char_p, c_int64),
        True,
    ),
    (
        "frames_banner_place_report_widget_event",
        frames_result,
        (frames_banner_place_p, c_size_t, c_char_p, c_char_p, c_int64),
        True,
    ),
    (
        "frames_banner_place_report_input_requested",
        frames_result,
        (frames_banner_place_p, c_size_t, frames_input_kind, c_char_p, c_int64),
        True,
    ),
    ("frames_banner_place_report_input_finished", frames_result, (frames_banner_place_p, c_int64), True),
    (
        "frames_banner_place_get_rows",
        frames_result,
        (frames_banner_place_p, c_int64, POINTER(frames_banner_row), c_size_t, POINTER(c_size_t)),
        True,
    ),
    ("frames_banner_place_get_current_index", frames_result, (frames_banner_place_p, POINTER(c_size_t)), True),
    (
        "frames_banner_place_get_banner_id",
        frames_result,
        (frames_banner_place_p, c_size_t, c_char_p, c_size_t, POINTER(c_size_t)),
        True,
    ),
    (
        "frames_layout_visibility",
        frames_result,
        (POINTER(frames_rect), c_size_t, POINTER(frames_rect), POINTER(c_double), POINTER(c_bool)),
        True,
    ),
)
