"""frames.h section "Modal messages" (IM-01..IM-07): the message a host
presents and the calls that hand off and answer one.
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
from ._ffi_engine import FREE_USER_DATA_CB, frames_engine_p, frames_message

frames_notification_result = c_int32
frames_message_font_source = c_int32


class frames_message_text(ctypes.Structure):
    """struct frames_message_text (borrowed during the delegate's present)."""

    _fields_ = [
        ("text", c_char_p),
        ("color_rgba", c_uint32),
        ("font_name", c_char_p),
        ("font_size", c_double),
        ("font_source", frames_message_font_source),
        ("host_font", c_void_p),
    ]


class frames_message_button(ctypes.Structure):
    """struct frames_message_button (borrowed during the delegate's present)."""

    _fields_ = [("label", frames_message_text), ("url", c_char_p), ("background_rgba", c_uint32)]


# Declared in _ffi_engine, before the sections that pass it.
frames_message._fields_ = [
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


MESSAGES_PRESENT_CB = ctypes.CFUNCTYPE(None, POINTER(frames_message), c_void_p)
MESSAGES_CLOSE_CB = ctypes.CFUNCTYPE(None, c_char_p, c_void_p)
MESSAGES_LINK_TAPPED_CB = ctypes.CFUNCTYPE(c_bool, c_char_p, c_char_p, c_void_p)

FRAMES_MESSAGES_DELEGATE_VERSION = 1


class frames_messages_delegate(ctypes.Structure):
    """struct frames_messages_delegate, FRAMES_MESSAGES_DELEGATE_VERSION 1."""

    _fields_ = [
        ("version", c_uint32),
        ("present", MESSAGES_PRESENT_CB),
        ("close", MESSAGES_CLOSE_CB),
        ("link_tapped", MESSAGES_LINK_TAPPED_CB),
        ("user_data", c_void_p),
        ("free_user_data", FREE_USER_DATA_CB),
    ]


MESSAGE_SIGNATURES: Tuple[SignatureRow, ...] = (
    # Modal messages. handle_notification is unchecked: a payload that was
    # read gives a reason, not an exception (frames.messages).
    ("frames_notification_result_str", c_char_p, (frames_notification_result,), False),
    (
        "frames_messages_handle_notification",
        frames_result,
        (frames_engine_p, c_char_p, c_size_t, c_int64, POINTER(frames_notification_result)),
        False,
    ),
    ("frames_messages_delegate_init", frames_result, (POINTER(frames_messages_delegate), c_uint32), True),
    ("frames_messages_set_delegate", frames_result, (frames_engine_p, POINTER(frames_messages_delegate)), True),
    ("frames_message_report_displayed", frames_result, (frames_engine_p, c_char_p, c_int64), True),
    ("frames_message_report_button_tapped", frames_result, (frames_engine_p, c_char_p, c_size_t, c_int64), True),
    ("frames_message_report_dismissed", frames_result, (frames_engine_p, c_char_p, c_int64), True),
)
