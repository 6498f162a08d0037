"""The library's 75 % rule (BN-10) as a pure, batched function,
frames_layout_visibility: for pictures and tests, and for hosts that place
banners themselves.
"""

from __future__ import annotations

import ctypes
import struct
from typing import Any, Iterable, List, Tuple, Union

from . import _check, _ffi
from ._lib import lib
from .banner_types import RectLike, Visibility
from .layout import LayoutResult, RectSequence

__all__ = ["banner_visibility"]

_RECT = struct.Struct("=4d")


def c_rect(name: str, rect: object) -> _ffi.frames_rect:
    """A checked frames_rect of a Rect or (x, y, width, height)."""
    return _ffi.frames_rect(*_check.rect(name, rect))


def _rect_array(rects: Union[LayoutResult, RectSequence, Iterable[RectLike]]) -> Tuple[Any, int]:
    """A frames_rect buffer for ``rects`` and its count; a LayoutResult's
    own buffer is passed as is (no copy)."""
    if isinstance(rects, LayoutResult):
        count = len(rects)
        if count == 0:
            return None, 0
        return ctypes.cast(rects._address, ctypes.POINTER(_ffi.frames_rect)), count
    if isinstance(rects, RectSequence) and rects._indices.step == 1:
        indices = rects._indices
        data = rects._view[indices.start * _RECT.size : indices.stop * _RECT.size]
        count = len(indices)
        if count == 0:
            return None, 0
        return (_ffi.frames_rect * count).from_buffer_copy(data), count
    if isinstance(rects, (str, bytes, bytearray)) or not isinstance(rects, Iterable):
        raise TypeError(
            f"rects must be a LayoutResult or a sequence of Rect or (x, y, width, height), not {type(rects).__name__}"
        )
    items = [_check.rect(f"rects[{i}]", item) for i, item in enumerate(rects)]
    array = (_ffi.frames_rect * max(len(items), 1))()
    for i, item in enumerate(items):
        array[i] = _ffi.frames_rect(*item)
    return (array if items else None), len(items)


def banner_visibility(
    rects: Union[LayoutResult, RectSequence, Iterable[RectLike]], viewport: RectLike
) -> List[Visibility]:
    """The library's 75 % rule (frames_layout_visibility, one C call for
    all): for each banner laid out at ``rects`` and seen through
    ``viewport`` (content coordinates), its share and whether it plays
    (share strictly above 0.75).  ``rects`` may be a LayoutResult (its
    buffer is used as is), its ``rects``, or any sequence of Rect or
    (x, y, width, height)."""
    array, count = _rect_array(rects)
    c_viewport = c_rect("viewport", viewport)
    shares = (ctypes.c_double * max(count, 1))()
    eligible = (ctypes.c_bool * max(count, 1))()
    lib.frames_layout_visibility(array, count, ctypes.byref(c_viewport), shares, eligible)
    if count == 0:
        return []
    flags = bytes(memoryview(eligible).cast("B")[:count])
    values = memoryview(shares).cast("B").cast("d")[:count].tolist()
    return list(zip(values, map(bool, flags)))
