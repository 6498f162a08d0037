"""frames.h sections "Versions" and "Results and errors": what every
other section of the mirror builds on, and the shape of a signature row.
"""

from __future__ import annotations

from ctypes import c_char_p, c_int32, c_uint32
from typing import Any, Optional, Sequence, Tuple, Type

FRAMES_OK = 0

#: The header version this binding was written against (FRAMES_VERSION_*).
EXPECTED_VERSION_MAJOR = 1
EXPECTED_VERSION_NUMBER = 1_001_000

frames_result = c_int32

_Restype = Optional[Type[Any]]

#: One row of the signature table: (name, restype, argtypes, returns a
#: frames_result checked by errcheck).  Each section module lists its own
#: rows; _ffi.SIGNATURES joins them in header order.
SignatureRow = Tuple[str, _Restype, Sequence[Type[Any]], bool]

BASE_SIGNATURES: Tuple[SignatureRow, ...] = (
    # Versions
    ("frames_version_number", c_uint32, (), False),
    ("frames_version_string", c_char_p, (), False),
    # Results and errors
    ("frames_result_str", c_char_p, (frames_result,), False),
    ("frames_error_last_code", frames_result, (), False),
    ("frames_error_last_message", c_char_p, (), False),
    ("frames_error_clear", None, (), False),
)
