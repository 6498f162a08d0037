"""The appearance of a banner place (SPEC BN-01..BN-03)."""

from __future__ import annotations

import ctypes
import enum
from dataclasses import dataclass, fields
from typing import Any, Dict, Optional

from . import _ffi
from . import _layout_checks as check
from ._lib import lib

__all__ = ["LayoutType", "Appearance"]


class LayoutType(enum.IntEnum):
    """How a banner place arranges its banners (BN-01); FRAMES_LAYOUT_*."""

    CAROUSEL = _ffi.FRAMES_LAYOUT_TYPE_CAROUSEL
    VERTICAL_LIST = _ffi.FRAMES_LAYOUT_TYPE_VERTICAL_LIST
    TILES = _ffi.FRAMES_LAYOUT_TYPE_TILES

    def __str__(self) -> str:
        return self.name.lower()


@dataclass(frozen=True)
class Appearance:
    """A banner place's appearance with the BN-03 defaults.

    ``None`` means "fall back": leading/trailing insets to ``side_inset``,
    column/row spacing to ``inter_item_spacing``, and for
    ``max_banners_count`` "all banners".  ``max_banners_count`` applies to
    the vertical list and tiles only: a carousel lays out every banner and
    ignores it (BN-02), as it ignores ``column_spacing`` and ``row_spacing``;
    ``should_loop`` is the carousel's only.

    Types are checked here, once: ``layout`` takes a :class:`LayoutType`
    (not its name or number: ``LayoutType["TILES"]`` converts a name),
    ``should_loop`` a bool, lengths a real number (int or float, not a bool
    or a str), ``max_banners_count`` an int in the C int64_t range
    (OverflowError outside).  Values — a negative or NaN inset — are the
    library's to judge: ``validate()`` or any layout call raises
    InvalidArgumentError naming the field.

    The C struct is built when the Appearance is, so a layout call passes it
    as is.
    """

    layout: LayoutType = LayoutType.CAROUSEL
    max_banners_count: Optional[int] = 20
    should_loop: bool = True
    side_inset: float = 0.0
    leading_inset: Optional[float] = None
    trailing_inset: Optional[float] = None
    inter_item_spacing: float = 8.0
    column_spacing: Optional[float] = None
    row_spacing: Optional[float] = None
    corner_radius: float = 16.0

    def __post_init__(self) -> None:
        if type(self.layout) is not LayoutType:
            raise TypeError(
                f"layout must be a LayoutType (e.g. LayoutType.TILES), not {type(self.layout).__name__} "
                f"{self.layout!r}; LayoutType[name] converts a name"
            )
        normalized: Dict[str, Any] = {
            "max_banners_count": None
            if self.max_banners_count is None
            else check.int64(self.max_banners_count, "max_banners_count"),
            "should_loop": check.flag(self.should_loop, "should_loop"),
            "side_inset": check.length(self.side_inset, "side_inset"),
            "leading_inset": check.optional_length(self.leading_inset, "leading_inset"),
            "trailing_inset": check.optional_length(self.trailing_inset, "trailing_inset"),
            "inter_item_spacing": check.length(self.inter_item_spacing, "inter_item_spacing"),
            "column_spacing": check.optional_length(self.column_spacing, "column_spacing"),
            "row_spacing": check.optional_length(self.row_spacing, "row_spacing"),
            "corner_radius": check.length(self.corner_radius, "corner_radius"),
        }
        for name, value in normalized.items():
            object.__setattr__(self, name, value)
        c = self._build()
        # Cached on the instance (never copied or pickled: __getstate__).
        object.__setattr__(self, "_c", c)
        address = ctypes.addressof(c)
        object.__setattr__(self, "_c_address", address)
        count = self.max_banners_count
        limit = None if self.layout is LayoutType.CAROUSEL or count is None else max(0, count)
        object.__setattr__(self, "_limit", limit)
        # What a layout call reads, in one attribute (frames/layout.py).
        object.__setattr__(self, "_call", (address, limit, self.layout))

    def _build(self) -> _ffi.frames_appearance:
        c = _ffi.frames_appearance()
        lib.frames_appearance_init(ctypes.byref(c), _ffi.FRAMES_APPEARANCE_VERSION)
        c.layout_type = int(self.layout)
        if self.max_banners_count is None:
            c.has_max_banners_count = False
        else:
            c.has_max_banners_count = True
            c.max_banners_count = self.max_banners_count
        c.should_loop = self.should_loop
        c.side_inset = self.side_inset
        if self.leading_inset is not None:
            c.has_leading_inset = True
            c.leading_inset = self.leading_inset
        if self.trailing_inset is not None:
            c.has_trailing_inset = True
            c.trailing_inset = self.trailing_inset
        c.inter_item_spacing = self.inter_item_spacing
        if self.column_spacing is not None:
            c.has_column_spacing = True
            c.column_spacing = self.column_spacing
        if self.row_spacing is not None:
            c.has_row_spacing = True
            c.row_spacing = self.row_spacing
        c.corner_radius = self.corner_radius
        return c

    # The cached struct and its address belong to this instance: a copy or
    # an unpickled Appearance builds its own.
    def __getstate__(self) -> Dict[str, Any]:
        return {field.name: getattr(self, field.name) for field in fields(self)}

    def __setstate__(self, state: Dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        self.__post_init__()

    @property
    def _as_parameter_(self) -> Any:
        # ctypes passes this wherever a frames_appearance* is expected.
        return ctypes.byref(self._c)  # type: ignore[attr-defined]

    def laid_out_count(self, count: int) -> int:
        """How many of ``count`` banners a layout of this appearance lays
        out (BN-02): all for the carousel or without a limit, else at most
        ``max_banners_count`` (a negative limit keeps none)."""
        limit: Optional[int] = self._limit  # type: ignore[attr-defined]
        return count if limit is None or count <= limit else limit

    def to_c(self) -> _ffi.frames_appearance:
        """A new frames_appearance: frames_appearance_init, then the fields."""
        return _ffi.frames_appearance.from_buffer_copy(self._c)  # type: ignore[attr-defined]

    def validate(self) -> None:
        """Raises InvalidArgumentError (naming the field) if the library
        would reject this appearance; the same checks every layout makes."""
        lib.frames_appearance_validate(self)
