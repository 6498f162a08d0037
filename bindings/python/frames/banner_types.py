"""The values a banner place gives and takes (BN-08..BN-17): what content
asks the user to type, a row's state, where a navigation left the place,
one banner's row, one banner's visibility, and a rect as the host gives it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple, Optional, Sequence, Tuple, Union

from . import _ffi
from .layout import Point, Rect

__all__ = ["BannerRow", "InputKind", "Navigation", "RectLike", "RowState", "Visibility"]

#: A viewport or rect as the host gives it: a Rect or (x, y, width, height).
RectLike = Union[Rect, Tuple[float, float, float, float], Sequence[float]]


class InputKind(enum.IntEnum):
    """What banner content asks the user to type (FRAMES_INPUT_*, BN-17)."""

    TEXT = _ffi.FRAMES_INPUT_KIND_TEXT
    EMAIL = _ffi.FRAMES_INPUT_KIND_EMAIL
    TELEPHONE = _ffi.FRAMES_INPUT_KIND_TELEPHONE

    def __str__(self) -> str:
        return self.name.lower()


class RowState(enum.IntEnum):
    """A banner row's content state (FRAMES_ROW_*, BN-16)."""

    LOADING = _ffi.FRAMES_ROW_STATE_LOADING
    READY = _ffi.FRAMES_ROW_STATE_READY
    FAILED = _ffi.FRAMES_ROW_STATE_FAILED

    def __str__(self) -> str:
        return self.name.lower()


@dataclass(frozen=True)
class Navigation:
    """Where a navigation call left the place (BN-08): the current index,
    whether the host must scroll, and the content offset to scroll to
    (None when nothing moves)."""

    index: int
    moved: bool
    offset: Optional[Point]


class BannerRow(NamedTuple):
    """One banner's state (frames_banner_row) at the time asked."""

    #: Where the banner is laid out (frames_layout_banners).
    rect: Rect
    state: Union[RowState, int]
    #: The share the 75 % rule compares (BN-10); None while the viewport is unknown.
    share: Optional[float]
    playing: bool
    #: Counted as viewed in this load (BN-13).
    viewed: bool
    #: Played time of the current run.
    position_ms: int


#: (share, eligible) of one banner: the share the 75 % rule compares and
#: whether it is strictly above 0.75 (BN-10).  Plain tuples: building 1,000
#: named ones would cost ten times the C call.
Visibility = Tuple[float, bool]
