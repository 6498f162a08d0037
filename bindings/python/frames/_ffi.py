"""The ctypes mirror of frames.h: structures and one signature table.

Nothing here loads the library; ``_lib`` does that and calls :func:`bind`.
Keep this file in step with include/frames.h: one row per declared function,
fields in header order with the header's types.
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
    c_uint64,
    c_void_p,
)
from typing import Any, Callable, Optional, Sequence, Tuple, Type

from .errors import error_for_code

# --- constants (frames.h) -------------------------------------------------

FRAMES_OK = 0
FRAMES_APPEARANCE_VERSION = 1
FRAMES_LAYOUT_METRICS_VERSION = 1
FRAMES_LAYOUT_TYPE_CAROUSEL = 0
FRAMES_LAYOUT_TYPE_VERTICAL_LIST = 1
FRAMES_LAYOUT_TYPE_TILES = 2

#: The header version this binding was written against (FRAMES_VERSION_*).
EXPECTED_VERSION_MAJOR = 0
EXPECTED_VERSION_NUMBER = 2000

frames_result = c_int32
frames_layout_type = c_int32


class frames_appearance(ctypes.Structure):
    """struct frames_appearance, FRAMES_APPEARANCE_VERSION 1."""

    _fields_ = [
        ("version", c_uint32),
        ("layout_type", frames_layout_type),
        ("has_max_banners_count", c_bool),
        ("should_loop", c_bool),
        ("max_banners_count", c_int64),
        ("side_inset", c_double),
        ("leading_inset", c_double),
        ("trailing_inset", c_double),
        ("inter_item_spacing", c_double),
        ("column_spacing", c_double),
        ("row_spacing", c_double),
        ("corner_radius", c_double),
        ("has_leading_inset", c_bool),
        ("has_trailing_inset", c_bool),
        ("has_column_spacing", c_bool),
        ("has_row_spacing", c_bool),
    ]


class frames_rect(ctypes.Structure):
    _fields_ = [("x", c_double), ("y", c_double), ("width", c_double), ("height", c_double)]


class frames_point(ctypes.Structure):
    _fields_ = [("x", c_double), ("y", c_double)]


class frames_layout_metrics(ctypes.Structure):
    """struct frames_layout_metrics, FRAMES_LAYOUT_METRICS_VERSION 1."""

    _fields_ = [
        ("version", c_uint32),
        ("laid_out_count", c_size_t),
        ("item_width", c_double),
        ("leading_inset", c_double),
        ("trailing_inset", c_double),
        ("inter_item_spacing", c_double),
        ("column_spacing", c_double),
        ("row_spacing", c_double),
        ("content_width", c_double),
    ]


FRAMES_LAYOUT_BATCH_VERSION = 1


class frames_layout_batch(ctypes.Structure):
    """struct frames_layout_batch, FRAMES_LAYOUT_BATCH_VERSION 1."""

    _fields_ = [
        ("version", c_uint32),
        ("rtl", c_bool),
        ("container_widths", POINTER(c_double)),
        ("width_count", c_size_t),
        ("ratios", POINTER(c_double)),
        ("ratio_count", c_size_t),
        ("list_lengths", POINTER(c_size_t)),
        ("list_count", c_size_t),
        ("out_rects", POINTER(frames_rect)),
        ("rects_capacity", c_size_t),
        ("out_rect_ends", POINTER(c_size_t)),
        ("out_content_heights", POINTER(c_double)),
        ("layouts_capacity", c_size_t),
        ("out_rect_count", c_size_t),
    ]


# --- Engine and App Frames (frames.h sections "Engine", "App Frames") -------

FRAMES_ENGINE_OPTIONS_VERSION = 1
FRAMES_HOST_CALLBACKS_VERSION = 1
FRAMES_TRACE_LEVEL_OFF = 0
FRAMES_TRACE_LEVEL_ERROR = 1
FRAMES_TRACE_LEVEL_WARNING = 2
FRAMES_TRACE_LEVEL_INFO = 3
FRAMES_TRACE_LEVEL_DEBUG = 4
FRAMES_FRAME_DELEGATE_VERSION = 1

frames_app_state = c_int32
frames_frame_status = c_int32
frames_frame_error_code = c_int32
frames_height_mode = c_int32

#: Opaque handles (frames_engine *, frames_frame *) travel as c_void_p.
frames_engine_p = c_void_p
frames_frame_p = c_void_p


class frames_engine_options(ctypes.Structure):
    """struct frames_engine_options, FRAMES_ENGINE_OPTIONS_VERSION 1."""

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


class frames_frame_error(ctypes.Structure):
    _fields_ = [("code", frames_frame_error_code), ("http_status", c_int32), ("message", c_char_p)]


class frames_banner_info(ctypes.Structure):
    """struct frames_banner_info (borrowed during a callback)."""

    _fields_ = [
        ("id", c_char_p),
        ("ratio", c_double),
        ("duration_ms", c_int64),
        ("content_url", c_char_p),
    ]


# Callback types, created once (one CFUNCTYPE per callback type).
# user_data is a void *; the binding passes an integer key through it.
ANALYTICS_CB = ctypes.CFUNCTYPE(None, POINTER(frames_analytics_record), c_void_p)
RENDER_CB = ctypes.CFUNCTYPE(None, c_void_p, POINTER(frames_content), c_void_p)
OPEN_URL_CB = ctypes.CFUNCTYPE(c_bool, c_char_p, c_void_p)
PRELOADED_CB = ctypes.CFUNCTYPE(
    None,
    c_char_p,
    POINTER(frames_banner_info),
    c_size_t,
    POINTER(POINTER(frames_frame_error)),
    POINTER(frames_frame_error),
    c_void_p,
)
FREE_USER_DATA_CB = ctypes.CFUNCTYPE(None, c_void_p)
STATE_CHANGED_CB = ctypes.CFUNCTYPE(None, c_void_p)
TRACE_CB = ctypes.CFUNCTYPE(None, c_int32, c_char_p, c_void_p)
DID_CHANGE_STATUS_CB = ctypes.CFUNCTYPE(None, c_void_p, frames_frame_status, frames_frame_status, c_void_p)
DID_FAIL_CB = ctypes.CFUNCTYPE(None, c_void_p, POINTER(frames_frame_error), c_void_p)
DID_REQUEST_HEIGHT_CHANGE_CB = ctypes.CFUNCTYPE(None, c_void_p, c_double, c_void_p)
DID_REQUEST_DISMISS_CB = ctypes.CFUNCTYPE(None, c_void_p, c_void_p)
DID_TRIGGER_ACTION_CB = ctypes.CFUNCTYPE(None, c_void_p, c_char_p, c_void_p)


# --- Banner places (frames.h section "Banner places") -------------------------

FRAMES_BANNER_DELEGATE_VERSION = 1
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


BANNER_DID_UPDATE_CB = ctypes.CFUNCTYPE(None, c_void_p, c_bool, c_size_t, c_double, c_void_p)
BANNERS_LOADED_CB = ctypes.CFUNCTYPE(None, c_void_p, c_char_p, c_void_p)
BANNER_RENDER_CB = ctypes.CFUNCTYPE(
    None, c_void_p, c_size_t, POINTER(frames_banner_info), POINTER(c_uint8), c_size_t, c_void_p
)
BANNER_ROW_FAILED_CB = ctypes.CFUNCTYPE(None, c_void_p, c_size_t, POINTER(frames_frame_error), c_void_p)
BANNER_SHOW_CB = ctypes.CFUNCTYPE(None, c_void_p, c_size_t, POINTER(frames_banner_info), c_void_p)
BANNER_PLAYBACK_CB = ctypes.CFUNCTYPE(None, c_void_p, c_size_t, c_bool, c_bool, c_void_p)
BANNER_DID_SCROLL_CB = ctypes.CFUNCTYPE(None, c_void_p, c_size_t, c_void_p)
BANNER_ON_ACTION_CB = ctypes.CFUNCTYPE(None, c_void_p, c_char_p, c_void_p)
BANNER_WIDGET_EVENT_CB = ctypes.CFUNCTYPE(
    None, c_void_p, c_size_t, POINTER(frames_banner_info), c_char_p, c_char_p, c_void_p
)
BANNER_INPUT_REQUESTED_CB = ctypes.CFUNCTYPE(c_bool, c_void_p, c_size_t, frames_input_kind, c_char_p, c_void_p)


class frames_banner_delegate(ctypes.Structure):
    """struct frames_banner_delegate, FRAMES_BANNER_DELEGATE_VERSION 1."""

    _fields_ = [
        ("version", c_uint32),
        ("did_update", BANNER_DID_UPDATE_CB),
        ("banners_loaded", BANNERS_LOADED_CB),
        ("render", BANNER_RENDER_CB),
        ("row_failed", BANNER_ROW_FAILED_CB),
        ("show", BANNER_SHOW_CB),
        ("playback", BANNER_PLAYBACK_CB),
        ("did_scroll", BANNER_DID_SCROLL_CB),
        ("on_action", BANNER_ON_ACTION_CB),
        ("widget_event", BANNER_WIDGET_EVENT_CB),
        ("input_requested", BANNER_INPUT_REQUESTED_CB),
        ("user_data", c_void_p),
        ("free_user_data", FREE_USER_DATA_CB),
    ]


# --- Modal messages (frames.h section "Modal messages", IM-01..IM-07) ---------

frames_notification_result = c_int32
frames_message_font_source = c_int32


class frames_message_text(ctypes.Structure):
    """struct frames_message_text (borrowed during present_message)."""

    _fields_ = [
        ("text", c_char_p),
        ("color_rgba", c_uint32),
        ("font_name", c_char_p),
        ("font_size", c_double),
        ("font_source", frames_message_font_source),
        ("host_font", c_void_p),
    ]


class frames_message_button(ctypes.Structure):
    """struct frames_message_button (borrowed during present_message)."""

    _fields_ = [("label", frames_message_text), ("url", c_char_p), ("background_rgba", c_uint32)]


class frames_message(ctypes.Structure):
    """struct frames_message (borrowed during present_message)."""

    _fields_ = [
        ("message_id", c_char_p),
        ("campaign_id", c_char_p),
        ("variant_id", c_char_p),
        ("view_id", c_char_p),
        ("sent_at_ms", c_int64),
        ("arrived_at_ms", c_int64),
        ("background_rgba", c_uint32),
        ("image_url", c_char_p),
        ("image_alt", c_char_p),
        ("title", POINTER(frames_message_text)),
        ("body", POINTER(frames_message_text)),
        ("button_count", c_size_t),
        ("buttons", POINTER(frames_message_button)),
    ]


MESSAGE_WAKEUP_CB = ctypes.CFUNCTYPE(None, c_void_p)
PRESENT_MESSAGE_CB = ctypes.CFUNCTYPE(None, POINTER(frames_message), c_void_p)
CLOSE_MESSAGE_CB = ctypes.CFUNCTYPE(None, c_char_p, c_void_p)
MESSAGE_LINK_TAPPED_CB = ctypes.CFUNCTYPE(c_bool, c_char_p, c_char_p, c_void_p)
CAN_OPEN_URL_CB = ctypes.CFUNCTYPE(c_bool, c_char_p, c_void_p)
RESOLVE_FONT_CB = ctypes.CFUNCTYPE(c_void_p, c_char_p, c_double, c_void_p)


class frames_host_callbacks(ctypes.Structure):
    """struct frames_host_callbacks, FRAMES_HOST_CALLBACKS_VERSION 1."""

    _fields_ = [
        ("version", c_uint32),
        ("analytics", ANALYTICS_CB),
        ("render", RENDER_CB),
        ("open_url", OPEN_URL_CB),
        ("preloaded", PRELOADED_CB),
        ("user_data", c_void_p),
        ("free_user_data", FREE_USER_DATA_CB),
        ("state_changed", STATE_CHANGED_CB),
        ("trace", TRACE_CB),
        ("message_wakeup", MESSAGE_WAKEUP_CB),
        ("present_message", PRESENT_MESSAGE_CB),
        ("close_message", CLOSE_MESSAGE_CB),
        ("message_link_tapped", MESSAGE_LINK_TAPPED_CB),
        ("can_open_url", CAN_OPEN_URL_CB),
        ("resolve_font", RESOLVE_FONT_CB),
    ]


class frames_frame_delegate(ctypes.Structure):
    """struct frames_frame_delegate, FRAMES_FRAME_DELEGATE_VERSION 1."""

    _fields_ = [
        ("version", c_uint32),
        ("did_change_status", DID_CHANGE_STATUS_CB),
        ("did_fail", DID_FAIL_CB),
        ("did_request_height_change", DID_REQUEST_HEIGHT_CHANGE_CB),
        ("did_request_dismiss", DID_REQUEST_DISMISS_CB),
        ("did_trigger_action", DID_TRIGGER_ACTION_CB),
        ("user_data", c_void_p),
        ("free_user_data", FREE_USER_DATA_CB),
    ]


# --- Inline messages (frames.h section "Inline messages") ---------------------

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
        ("placement_key", c_char_p),
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
        ("size_changed", INLINE_SIZE_CB),
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
        ("opened_url", INLINE_URL_CB),
        ("opened_deep_link", INLINE_URL_CB),
        ("custom_action", INLINE_ACTION_CB),
        ("custom_method", INLINE_METHOD_CB),
        ("url_refused", INLINE_REFUSED_CB),
        ("user_data", c_void_p),
        ("free_user_data", FREE_USER_DATA_CB),
    ]


# --- the signature table ----------------------------------------------------

_Restype = Optional[Type[Any]]

#: (name, restype, argtypes, returns a frames_result checked by errcheck)
SIGNATURES: Tuple[Tuple[str, _Restype, Sequence[Type[Any]], bool], ...] = (
    # Versions
    ("frames_version_number", c_uint32, (), False),
    ("frames_version_string", c_char_p, (), False),
    # Results and errors
    ("frames_result_str", c_char_p, (frames_result,), False),
    ("frames_error_last_code", frames_result, (), False),
    ("frames_error_last_message", c_char_p, (), False),
    ("frames_error_clear", None, (), False),
    # Banner appearance
    ("frames_appearance_init", frames_result, (POINTER(frames_appearance), c_uint32), True),
    ("frames_appearance_validate", frames_result, (POINTER(frames_appearance),), True),
    # Banner layout geometry
    (
        "frames_layout_banners",
        frames_result,
        (
            POINTER(frames_appearance),  # appearance
            c_double,  # container_width
            POINTER(c_double),  # ratios
            c_size_t,  # count
            c_bool,  # rtl
            POINTER(frames_rect),  # out_rects
            c_size_t,  # rects_capacity
            POINTER(c_size_t),  # out_laid_out_count
            POINTER(c_double),  # out_content_height
        ),
        True,
    ),
    (
        "frames_layout_measure",
        frames_result,
        (
            POINTER(frames_appearance),  # appearance
            c_double,  # container_width
            c_size_t,  # count
            POINTER(frames_layout_metrics),  # out_metrics
        ),
        True,
    ),
    (
        "frames_layout_scroll_offset",
        frames_result,
        (
            POINTER(frames_appearance),  # appearance
            c_double,  # container_width
            c_double,  # viewport_height
            POINTER(c_double),  # ratios
            c_size_t,  # count
            c_bool,  # rtl
            c_size_t,  # index
            POINTER(frames_point),  # out_offset
        ),
        True,
    ),
    (
        "frames_layout_banners_batch",
        frames_result,
        (POINTER(frames_appearance), POINTER(frames_layout_batch)),  # appearance, batch
        True,
    ),
    # Engine
    ("frames_engine_options_init", frames_result, (POINTER(frames_engine_options), c_uint32), True),
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
    ("frames_engine_get_app_frames_enabled", frames_result, (frames_engine_p, POINTER(c_bool)), True),
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
    # App Frames
    ("frames_frame_status_str", c_char_p, (frames_frame_status,), False),
    ("frames_frame_status_is_loading", c_bool, (frames_frame_status,), False),
    ("frames_frame_status_is_error", c_bool, (frames_frame_status,), False),
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
    ("frames_frame_template_rendered", frames_result, (frames_frame_p, c_double, c_int64), True),
    ("frames_frame_template_failed", frames_result, (frames_frame_p, c_char_p, c_int64), True),
    ("frames_frame_template_dismissed", frames_result, (frames_frame_p, c_int64), True),
    ("frames_frame_template_action", frames_result, (frames_frame_p, c_char_p, c_int64), True),
    ("frames_frame_error_code_str", c_char_p, (frames_frame_error_code,), False),
    # Banner places
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
        (frames_banner_place_p, POINTER(frames_banner_delegate)),
        True,
    ),
    ("frames_banner_place_create", frames_result, (frames_banner_place_p, c_int64), True),
    ("frames_banner_place_refresh", frames_result, (frames_banner_place_p, c_int64), True),
    ("frames_engine_preload_banners", frames_result, (frames_engine_p, c_char_p, c_int64), True),
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
    ("frames_banner_place_user_interacted", frames_result, (frames_banner_place_p, c_int64), True),
    ("frames_banner_place_user_scrolled", frames_result, (frames_banner_place_p, c_size_t, c_int64), True),
    ("frames_banner_place_context_reset", frames_result, (frames_banner_place_p, c_size_t, c_int64), True),
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
        "frames_banner_place_request_input",
        frames_result,
        (frames_banner_place_p, c_size_t, frames_input_kind, c_char_p, c_int64),
        True,
    ),
    ("frames_banner_place_input_finished", frames_result, (frames_banner_place_p, c_int64), True),
    (
        "frames_banner_place_get_rows",
        frames_result,
        (frames_banner_place_p, c_int64, POINTER(frames_banner_row), c_size_t, POINTER(c_size_t)),
        True,
    ),
    ("frames_banner_place_get_current_index", frames_result, (frames_banner_place_p, POINTER(c_size_t)), True),
    (
        "frames_layout_visibility",
        frames_result,
        (POINTER(frames_rect), c_size_t, POINTER(frames_rect), POINTER(c_double), POINTER(c_bool)),
        True,
    ),
    # Inline messages
    ("frames_inline_trigger_str", c_char_p, (frames_inline_trigger,), False),
    ("frames_inline_view_status_str", c_char_p, (frames_inline_view_status,), False),
    (
        "frames_engine_set_inline_delegate",
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
    ("frames_inline_view_content_shown", frames_result, (frames_inline_view_p, c_int64), True),
    ("frames_inline_view_render_failed", frames_result, (frames_inline_view_p, c_char_p, c_int64), True),
    (
        "frames_inline_view_handle_message",
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
    ("frames_engine_track_event", frames_result, (frames_engine_p, c_char_p, c_char_p, c_int64), True),
    ("frames_inline_call_resolve", frames_result, (frames_engine_p, c_uint64, c_bool, c_char_p, c_int64), True),
    (
        "frames_engine_explain_inline",
        frames_result,
        (frames_engine_p, c_char_p, c_int64, POINTER(c_char_p), POINTER(c_size_t)),
        True,
    ),
    # Modal messages. handle_notification is unchecked: a payload that was
    # read gives a reason, not an exception (frames.messages).
    ("frames_notification_result_str", c_char_p, (frames_notification_result,), False),
    (
        "frames_engine_handle_notification",
        frames_result,
        (frames_engine_p, c_char_p, c_size_t, c_int64, POINTER(frames_notification_result)),
        False,
    ),
    ("frames_engine_confirm_message_displayed", frames_result, (frames_engine_p, c_char_p, c_int64), True),
    ("frames_engine_tap_message_button", frames_result, (frames_engine_p, c_char_p, c_size_t, c_int64), True),
    ("frames_engine_dismiss_message", frames_result, (frames_engine_p, c_char_p, c_int64), True),
)

_ErrCheck = Callable[[Any, Any, Tuple[Any, ...]], Any]


def last_error(lib: ctypes.CDLL, code: int) -> Exception:
    """The FramesError subclass for a negative code, with the message the
    library stored for this thread; call it right after the failing call."""
    raw = lib.frames_error_last_message()
    message = raw.decode("utf-8", "replace") if raw else ""
    return error_for_code(code, message)


def make_errcheck(lib: ctypes.CDLL) -> _ErrCheck:
    """An errcheck that raises the FramesError subclass for a negative code,
    with the message the library stored for this thread (pygit2 check_error).
    ctypes runs it on the calling thread right after the foreign call."""

    def check(result: int, func: Any, args: Tuple[Any, ...]) -> int:
        if result >= FRAMES_OK:
            return result
        raise last_error(lib, result)

    return check


def address_function(lib: ctypes.CDLL, name: str) -> Any:
    """The table's function ``name`` as a second foreign-function object
    that takes every pointer as an integer address (c_void_p) and returns
    the raw frames_result (no errcheck; the caller raises with
    :func:`last_error`).

    For the hot layout calls: ctypes converts an int to c_void_p far faster
    than it builds a typed pointer, and skipping the errcheck saves a
    Python call (docs/performance.md, "Python layout calls").  Same symbol
    and the same C types: object pointers are addresses to the C ABI."""
    for row, restype, argtypes, _checked in SIGNATURES:
        if row == name:
            params = [c_void_p if issubclass(t, ctypes._Pointer) else t for t in argtypes]
            function = ctypes.CFUNCTYPE(restype, *params)((name, lib))
            # Which header function it calls: Tests/python/binding_mirror
            # checks it against that function's SIGNATURES row.
            setattr(function, "frames_function", name)
            return function
    raise KeyError(name)


def bind(lib: ctypes.CDLL, names: Optional[Sequence[str]] = None) -> None:
    """Declares restype/argtypes (and the errcheck) of the functions in the
    table, or of ``names`` only.  A missing symbol raises AttributeError."""
    errcheck: Optional[_ErrCheck] = None
    for name, restype, argtypes, checked in SIGNATURES:
        if names is not None and name not in names:
            continue
        func = getattr(lib, name)
        func.restype = restype
        func.argtypes = list(argtypes)
        if checked:
            if errcheck is None:
                errcheck = make_errcheck(lib)
            func.errcheck = errcheck
