"""frames.h section "Explain" (XC-11): every object's explanation as JSON
text the engine lends until its next call (frames_inline_explain, in the
inline section, answers in the same shape).
"""

from __future__ import annotations

from ctypes import POINTER, c_char_p, c_int64, c_size_t
from typing import Tuple

from ._ffi_app_frames import frames_frame_p
from ._ffi_banners import frames_banner_place_p
from ._ffi_base import SignatureRow, frames_result
from ._ffi_engine import frames_engine_p

EXPLAIN_SIGNATURES: Tuple[SignatureRow, ...] = (
    ("frames_frame_explain", frames_result, (frames_frame_p, c_int64, POINTER(c_char_p), POINTER(c_size_t)), True),
    (
        "frames_banner_place_explain",
        frames_result,
        (frames_banner_place_p, c_int64, POINTER(c_char_p), POINTER(c_size_t)),
        True,
    ),
    (
        "frames_message_explain",
        frames_result,
        (frames_engine_p, c_char_p, c_int64, POINTER(c_char_p), POINTER(c_size_t)),
        True,
    ),
    ("frames_engine_explain", frames_result, (frames_engine_p, c_int64, POINTER(c_char_p), POINTER(c_size_t)), True),
)
