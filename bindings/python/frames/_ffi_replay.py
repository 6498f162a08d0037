"""frames.h section "Recording and replay" (XC-12, XC-13): the replay's
options and call.  The recording's own fields are in ``_ffi_engine``
(frames_engine_options version 2), where the header puts them.
"""

from __future__ import annotations

import ctypes
from ctypes import POINTER, c_char, c_char_p, c_int64, c_size_t, c_uint32, c_void_p
from typing import Tuple

from ._ffi_base import SignatureRow, frames_result
from ._ffi_engine import RECORDING_WRITE_CB, frames_engine_options

FRAMES_REPLAY_OPTIONS_VERSION = 1


class frames_replay_options(ctypes.Structure):
    """struct frames_replay_options, FRAMES_REPLAY_OPTIONS_VERSION 1."""

    _fields_ = [
        ("version", c_uint32),
        ("transcript", RECORDING_WRITE_CB),
        ("transcript_user_data", c_void_p),
        ("engine_options", POINTER(frames_engine_options)),
        ("explain_object", c_char_p),
        ("explain_at_ms", c_int64),
    ]


REPLAY_SIGNATURES: Tuple[SignatureRow, ...] = (
    # Recording and replay
    ("frames_replay_options_init", frames_result, (POINTER(frames_replay_options), c_uint32), True),
    (
        "frames_replay",
        frames_result,
        (
            c_char_p,  # recording: bytes passed by address, NULs included
            c_size_t,  # recording_len
            POINTER(frames_replay_options),  # options
            POINTER(POINTER(c_char)),  # out_report: read with its length
            POINTER(c_size_t),  # out_len
        ),
        True,
    ),
)
