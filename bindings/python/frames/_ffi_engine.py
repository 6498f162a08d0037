"""frames.h section "Engine" (XC-01..XC-10, XC-12): options (with the
recording's writer and redaction), the host's request and callback records,
the host callbacks and the engine's calls.
"""

from __future__ import annotations

import ctypes
from ctypes import (
    POINTER,
    c_bool,
    c_char,
    c_char_p,
    c_double,
    c_int32,
    c_int64,
    c_size_t,
    c_uint8,
    c_uint32,
    c_uint64,
    c_void_p,
)
from typing import Tuple

from ._ffi_base import SignatureRow, frames_result

FRAMES_ENGINE_OPTIONS_VERSION = 2
FRAMES_RECORD_REDACT_NONE = 0
FRAMES_RECORD_REDACT_USER_IDS = 1
FRAMES_RECORD_REDACT_BODIES = 2
FRAMES_HOST_CALLBACKS_VERSION = 1
FRAMES_TRACE_LEVEL_OFF = 0
FRAMES_TRACE_LEVEL_ERROR = 1
FRAMES_TRACE_LEVEL_WARNING = 2
FRAMES_TRACE_LEVEL_INFO = 3
FRAMES_TRACE_LEVEL_DEBUG = 4

frames_app_state = c_int32
frames_record_redact = c_uint32

#: The opaque frames_engine * travels as c_void_p.
frames_engine_p = c_void_p


# Forward declarations, as in the header: the delegates of several
# sections pass these records, which their own sections define.  ctypes takes a pointer to an
# incomplete Structure; each section sets its _fields_ once, at import of
# _ffi (before any call can pass one).
class frames_frame_error(ctypes.Structure):
    """struct frames_frame_error; fields in _ffi_app_frames ("App Frames")."""


class frames_banner_info(ctypes.Structure):
    """struct frames_banner_info (borrowed during a callback); fields in
    _ffi_banners ("Banner places")."""


class frames_message(ctypes.Structure):
    """struct frames_message (borrowed during the messages delegate's present); fields in
    _ffi_messages ("Modal messages")."""


#: frames_recording_write_fn: one whole line of a recording or a replay's
#: transcript, ``len`` bytes with its newline and no NUL after them, so the
#: bytes arrive as a pointer (c_char_p would read past them to a NUL).
RECORDING_WRITE_CB = ctypes.CFUNCTYPE(None, POINTER(c_char), c_size_t, c_void_p)


class frames_engine_options(ctypes.Structure):
    """struct frames_engine_options, FRAMES_ENGINE_OPTIONS_VERSION 2 (2 adds
    the record_* fields, XC-12)."""

    _fields_ = [
        ("version", c_uint32),
        ("retry_max_attempts", c_uint32),
        ("placements_url", c_char_p),
        ("device_id", c_char_p),
        ("session_id", c_char_p),
        ("retry_base_delay_ms", c_int64),
        ("retry_factor", c_double),
        ("retry_max_delay_ms", c_int64),
        ("retry_jitter", c_double),
        ("retry_max_retry_after_ms", c_int64),
        ("request_timeout_ms", c_int64),
        ("render_timeout_ms", c_int64),
        ("random_seed", c_uint64),
        ("allow_insecure_http", c_bool),
        ("banners_url", c_char_p),
        ("inline_url", c_char_p),
        ("inline_url_schemes", c_char_p),
        ("inline_call_timeout_ms", c_int64),
        ("inline_refresh_interval_ms", c_int64),
        ("record_write", RECORDING_WRITE_CB),
        ("record_user_data", c_void_p),
        ("record_redact", frames_record_redact),
    ]


class frames_analytics_field(ctypes.Structure):
    _fields_ = [("key", c_char_p), ("value", c_char_p)]


class frames_analytics_record(ctypes.Structure):
    """struct frames_analytics_record (borrowed during the callback)."""

    _fields_ = [
        ("name", c_char_p),
        ("time_ms", c_int64),
        ("session_id", c_char_p),
        ("user_id", c_char_p),
        ("module", c_char_p),
        ("placement_id", c_char_p),
        ("campaign_id", c_char_p),
        ("variant_id", c_char_p),
        ("view_id", c_char_p),
        ("field_count", c_size_t),
        ("fields", POINTER(frames_analytics_field)),
    ]


class frames_asset(ctypes.Structure):
    # bytes as a raw pointer: c_char_p would stop at the first NUL
    _fields_ = [("url", c_char_p), ("bytes", POINTER(c_uint8)), ("size", c_size_t)]


class frames_content(ctypes.Structure):
    """struct frames_content (borrowed during the render callback)."""

    _fields_ = [
        ("placement_id", c_char_p),
        ("campaign_id", c_char_p),
        ("variant_id", c_char_p),
        ("template_html", c_char_p),
        ("asset_count", c_size_t),
        ("assets", POINTER(frames_asset)),
        ("action_count", c_size_t),
        ("action_ids", POINTER(c_char_p)),
    ]


class frames_request(ctypes.Structure):
    """struct frames_request (borrowed until the next call on the engine)."""

    _fields_ = [
        ("id", c_uint64),
        ("method", c_char_p),
        ("url", c_char_p),
        ("header_count", c_size_t),
        ("header_names", POINTER(c_char_p)),
        ("header_values", POINTER(c_char_p)),
        ("body", POINTER(c_uint8)),
        ("body_len", c_size_t),
        ("deadline_ms", c_int64),
    ]


# Callback types, created once (one CFUNCTYPE per callback type).
# user_data is a void *; the binding passes an integer key through it.
ANALYTICS_CB = ctypes.CFUNCTYPE(None, POINTER(frames_analytics_record), c_void_p)
OPEN_URL_CB = ctypes.CFUNCTYPE(c_bool, c_char_p, c_void_p)
CAN_OPEN_URL_CB = ctypes.CFUNCTYPE(c_bool, c_char_p, c_void_p)
RESOLVE_FONT_CB = ctypes.CFUNCTYPE(c_void_p, c_char_p, c_double, c_void_p)
STATE_CHANGED_CB = ctypes.CFUNCTYPE(None, c_void_p)
TRACE_CB = ctypes.CFUNCTYPE(None, c_int32, c_char_p, c_void_p)
MESSAGE_WAKEUP_CB = ctypes.CFUNCTYPE(None, c_void_p)
FREE_USER_DATA_CB = ctypes.CFUNCTYPE(None, c_void_p)


class frames_host_callbacks(ctypes.Structure):
    """struct frames_host_callbacks, FRAMES_HOST_CALLBACKS_VERSION 1: the
    engine-wide services only."""

    _fields_ = [
        ("version", c_uint32),
        ("analytics", ANALYTICS_CB),
        ("open_url", OPEN_URL_CB),
        ("can_open_url", CAN_OPEN_URL_CB),
        ("resolve_font", RESOLVE_FONT_CB),
        ("state_changed", STATE_CHANGED_CB),
        ("trace", TRACE_CB),
        ("message_wakeup", MESSAGE_WAKEUP_CB),
        ("user_data", c_void_p),
        ("free_user_data", FREE_USER_DATA_CB),
    ]


ENGINE_SIGNATURES: Tuple[SignatureRow, ...] = (
    # Engine
    ("frames_engine_options_init", frames_result, (POINTER(frames_engine_options), c_uint32), True),
    ("frames_host_callbacks_init", frames_result, (POINTER(frames_host_callbacks), c_uint32), True),
    (
        "frames_engine_new",
        frames_result,
        (
            POINTER(frames_engine_options),  # options
            c_char_p,  # config
            c_size_t,  # config_len
            POINTER(frames_host_callbacks),  # host
            POINTER(c_void_p),  # out_engine
        ),
        True,
    ),
    ("frames_engine_free", frames_result, (frames_engine_p,), True),
    (
        "frames_engine_poll_request",
        frames_result,
        (frames_engine_p, POINTER(frames_request), POINTER(c_bool)),
        True,
    ),
    (
        "frames_engine_complete_request",
        frames_result,
        (
            frames_engine_p,  # engine
            c_uint64,  # request_id
            c_int32,  # http_status
            POINTER(c_char_p),  # header_names
            POINTER(c_char_p),  # header_values
            c_size_t,  # header_count
            POINTER(c_uint8),  # body
            c_size_t,  # body_len
            c_int64,  # now_ms
        ),
        True,
    ),
    ("frames_engine_fail_request", frames_result, (frames_engine_p, c_uint64, c_char_p, c_int64), True),
    (
        "frames_engine_get_next_deadline",
        frames_result,
        (frames_engine_p, POINTER(c_int64), POINTER(c_bool)),
        True,
    ),
    ("frames_engine_on_timeout", frames_result, (frames_engine_p, c_int64), True),
    ("frames_engine_start_session", frames_result, (frames_engine_p, c_char_p, c_int64), True),
    ("frames_engine_set_user", frames_result, (frames_engine_p, c_char_p, c_int64), True),
    ("frames_engine_set_app_state", frames_result, (frames_engine_p, frames_app_state, c_int64), True),
    ("frames_engine_set_consent", frames_result, (frames_engine_p, c_bool, c_int64), True),
    ("frames_engine_set_trace_level", frames_result, (frames_engine_p, c_int32), True),
    (
        "frames_engine_export_state",
        frames_result,
        (frames_engine_p, c_int64, c_int64, POINTER(POINTER(c_uint8)), POINTER(c_size_t)),
        True,
    ),
    ("frames_engine_import_state", frames_result, (frames_engine_p, c_char_p, c_size_t, c_int64, c_int64), True),
)
