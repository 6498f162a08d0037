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
    c_uint32,
)
from typing import Any, Callable, Optional, Sequence, Tuple, Type

from .errors import error_for_code

# --- constants (frames.h) -------------------------------------------------

FRAMES_OK = 0
FRAMES_APPEARANCE_VERSION = 1
FRAMES_LAYOUT_METRICS_VERSION = 1
FRAMES_LAYOUT_CAROUSEL = 0
FRAMES_LAYOUT_VERTICAL_LIST = 1
FRAMES_LAYOUT_TILES = 2

#: The header version this binding was written against (FRAMES_VERSION_*).
EXPECTED_VERSION_MAJOR = 0
EXPECTED_VERSION_NUMBER = 1000

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
)

_ErrCheck = Callable[[Any, Any, Tuple[Any, ...]], Any]


def make_errcheck(lib: ctypes.CDLL) -> _ErrCheck:
    """An errcheck that raises the FramesError subclass for a negative code,
    with the message the library stored for this thread (pygit2 check_error).
    ctypes runs it on the calling thread right after the foreign call."""
    last_message = lib.frames_error_last_message

    def check(result: int, func: Any, args: Tuple[Any, ...]) -> int:
        if result >= FRAMES_OK:
            return result
        raw = last_message()
        message = raw.decode("utf-8", "replace") if raw else ""
        raise error_for_code(result, message)

    return check


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
