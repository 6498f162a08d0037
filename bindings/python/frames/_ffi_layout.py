"""frames.h sections "Banner appearance" and "Banner layout geometry"
(BN-01..BN-07): the pure layout calls and their structs.
"""

from __future__ import annotations

import ctypes
from ctypes import POINTER, c_bool, c_double, c_int32, c_int64, c_size_t, c_uint32
from typing import Tuple

from ._ffi_base import SignatureRow, frames_result

FRAMES_APPEARANCE_VERSION = 1
FRAMES_LAYOUT_METRICS_VERSION = 1
FRAMES_LAYOUT_TYPE_CAROUSEL = 0
FRAMES_LAYOUT_TYPE_VERTICAL_LIST = 1
FRAMES_LAYOUT_TYPE_TILES = 2

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


LAYOUT_SIGNATURES: Tuple[SignatureRow, ...] = (
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
    ("frames_layout_metrics_init", frames_result, (POINTER(frames_layout_metrics), c_uint32), True),
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
    ("frames_layout_batch_init", frames_result, (POINTER(frames_layout_batch), c_uint32), True),
    (
        "frames_layout_banners_batch",
        frames_result,
        (POINTER(frames_appearance), POINTER(frames_layout_batch)),  # appearance, batch
        True,
    ),
)
