"""The appearance of a banner place (SPEC BN-01..BN-03)."""

from __future__ import annotations

import ctypes
import enum
from dataclasses import dataclass
from functools import cached_property
from typing import Optional, Union

from . import _ffi
from ._lib import lib

__all__ = ["LayoutType", "Appearance"]

_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1
_INT32_MIN = -(2**31)
_INT32_MAX = 2**31 - 1


class LayoutType(enum.IntEnum):
    """How a banner place arranges its banners (BN-01); FRAMES_LAYOUT_*."""

    CAROUSEL = _ffi.FRAMES_LAYOUT_TYPE_CAROUSEL
    VERTICAL_LIST = _ffi.FRAMES_LAYOUT_TYPE_VERTICAL_LIST
    TILES = _ffi.FRAMES_LAYOUT_TYPE_TILES


def _clamp(value: int, low: int, high: int) -> int:
    return low if value < low else high if value > high else value


@dataclass(frozen=True)
class Appearance:
    """A banner place's appearance with the BN-03 defaults.

    ``None`` means "fall back": leading/trailing insets to ``side_inset``,
    column/row spacing to ``inter_item_spacing``, and for
    ``max_banners_count`` "all banners".  Values are checked by the library
    (``validate()`` or any layout call), never here.
    """

    layout: Union[LayoutType, int] = LayoutType.CAROUSEL
    max_banners_count: Optional[int] = 20
    should_loop: bool = True
    side_inset: float = 0.0
    leading_inset: Optional[float] = None
    trailing_inset: Optional[float] = None
    inter_item_spacing: float = 8.0
    column_spacing: Optional[float] = None
    row_spacing: Optional[float] = None
    corner_radius: float = 16.0

    @cached_property
    def _as_parameter_(self) -> "ctypes._Pointer[_ffi.frames_appearance]":
        # ctypes passes this wherever a frames_appearance* is expected. The
        # dataclass is frozen, so the struct is built once per Appearance.
        return ctypes.pointer(self.to_c())

    def to_c(self) -> _ffi.frames_appearance:
        """A new frames_appearance: frames_appearance_init, then the fields."""
        c = _ffi.frames_appearance()
        lib.frames_appearance_init(ctypes.byref(c), _ffi.FRAMES_APPEARANCE_VERSION)
        # Out-of-range Python ints are clamped, never wrapped: an unknown
        # layout stays unknown (and is reported by the library); a huge
        # max_banners_count stays huge, a very negative one means 0 (BN-02).
        c.layout_type = _clamp(int(self.layout), _INT32_MIN, _INT32_MAX)
        if self.max_banners_count is None:
            c.has_max_banners_count = False
        else:
            c.has_max_banners_count = True
            c.max_banners_count = _clamp(int(self.max_banners_count), _INT64_MIN, _INT64_MAX)
        c.should_loop = bool(self.should_loop)
        c.side_inset = float(self.side_inset)
        if self.leading_inset is not None:
            c.has_leading_inset = True
            c.leading_inset = float(self.leading_inset)
        if self.trailing_inset is not None:
            c.has_trailing_inset = True
            c.trailing_inset = float(self.trailing_inset)
        c.inter_item_spacing = float(self.inter_item_spacing)
        if self.column_spacing is not None:
            c.has_column_spacing = True
            c.column_spacing = float(self.column_spacing)
        if self.row_spacing is not None:
            c.has_row_spacing = True
            c.row_spacing = float(self.row_spacing)
        c.corner_radius = float(self.corner_radius)
        return c

    def validate(self) -> None:
        """Raises InvalidArgumentError (naming the field) if the library
        would reject this appearance; the same checks every layout makes."""
        lib.frames_appearance_validate(self)
