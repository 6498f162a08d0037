"""Banner layout geometry (SPEC BN-04..BN-08) over frames_layout_banners()
and frames_layout_scroll_offset()."""

from __future__ import annotations

import ctypes
import struct
from typing import Any, Iterator, NamedTuple, Sequence, Union, overload

from . import _ffi
from ._lib import lib
from ._ratios import Ratios, as_double_buffer
from .appearance import Appearance, LayoutType
from .errors import BufferTooSmallError, OutOfRangeError

__all__ = [
    "Rect",
    "Point",
    "RectSequence",
    "LayoutResult",
    "LayoutMetrics",
    "layout_banners",
    "measure_layout",
    "scroll_offset",
]

_SIZE_MAX = 2 ** (8 * ctypes.sizeof(ctypes.c_size_t)) - 1
_RECT = struct.Struct("=4d")
_RECT_ROW = ctypes.c_double * 4


class Rect(NamedTuple):
    """A rectangle in points; y grows downwards (frames_rect)."""

    x: float
    y: float
    width: float
    height: float


class Point(NamedTuple):
    """A point in points, e.g. a scroll offset (frames_point)."""

    x: float
    y: float


class RectSequence(Sequence[Rect]):
    """A read-only, lazy sequence of Rect over a buffer of frames_rect.

    Rect objects are made when an item is read, not when the layout is
    computed.  Equal to any sequence of the same rects (e.g. a list of Rect
    or of 4-tuples).  Slices are views too.
    """

    __slots__ = ("_view", "_indices")

    def __init__(self, view: memoryview, indices: range | None = None) -> None:
        # view: 1-D unsigned bytes, 32 bytes per rect.
        self._view = view
        self._indices = range(len(view) // _RECT.size) if indices is None else indices

    def __len__(self) -> int:
        return len(self._indices)

    @overload
    def __getitem__(self, index: int) -> Rect: ...

    @overload
    def __getitem__(self, index: slice) -> "RectSequence": ...

    def __getitem__(self, index: Union[int, slice]) -> Union[Rect, "RectSequence"]:
        if isinstance(index, slice):
            return RectSequence(self._view, self._indices[index])
        position = self._indices[index]  # IndexError and negative indices as list
        return Rect._make(_RECT.unpack_from(self._view, position * _RECT.size))

    def __iter__(self) -> Iterator[Rect]:
        indices = self._indices
        if indices.step == 1:
            start, stop = indices.start * _RECT.size, indices.stop * _RECT.size
            return map(Rect._make, _RECT.iter_unpack(self._view[start:stop]))
        return (Rect._make(_RECT.unpack_from(self._view, i * _RECT.size)) for i in indices)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RectSequence):
            if len(self) != len(other):
                return False
            return all(a == b for a, b in zip(self, other))
        if isinstance(other, (list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        if len(self) <= 8:
            return f"RectSequence({list(self)!r})"
        return f"RectSequence([{self[0]!r}, ..., {self[-1]!r}], len={len(self)})"


class LayoutResult:
    """What frames_layout_banners() returned: one rect per banner laid out,
    in input order, and the height the place reports."""

    __slots__ = ("_rows", "_count", "content_height", "layout", "container_width", "rtl")

    def __init__(
        self,
        rows: "ctypes.Array[Any]",
        count: int,
        content_height: float,
        layout: LayoutType | int,
        container_width: float,
        rtl: bool,
    ) -> None:
        self._rows = rows  # (c_double * 4) * max(capacity, 1); owns the memory
        self._count = count
        self.content_height = content_height
        self.layout = layout
        self.container_width = container_width
        self.rtl = rtl

    @property
    def frames(self) -> RectSequence:
        """The rects, lazily read from the C buffer."""
        return RectSequence(self._bytes())

    def __len__(self) -> int:
        return self._count

    def _bytes(self) -> memoryview:
        return memoryview(self._rows).cast("B")[: self._count * _RECT.size].toreadonly()

    def as_memoryview(self) -> "memoryview[float]":
        """A read-only, zero-copy view of the rects: doubles of shape (n, 4),
        columns x, y, width, height.  ``numpy.asarray(result.as_memoryview())``
        shares the memory."""
        full = memoryview(self._rows).cast("B").cast("d", [len(self._rows), 4])
        return full[: self._count].toreadonly()

    def __repr__(self) -> str:
        return (
            f"LayoutResult(frames={self.frames!r}, content_height={self.content_height!r})"
        )


class LayoutMetrics(NamedTuple):
    """What a layout derives before placing anything (frames_layout_metrics):
    the banners laid out, their width, the insets and gaps in effect after
    the BN-03 fallbacks and clamps, and the scrollable content width."""

    laid_out_count: int
    item_width: float
    leading_inset: float
    trailing_inset: float
    inter_item_spacing: float
    column_spacing: float
    row_spacing: float
    content_width: float


def measure_layout(appearance: Appearance, container_width: float, count: int) -> LayoutMetrics:
    """Measures a layout of ``count`` banners without their ratios, in O(1)."""
    metrics = _ffi.frames_layout_metrics(version=_ffi.FRAMES_LAYOUT_METRICS_VERSION)
    lib.frames_layout_measure(appearance, float(container_width), max(0, int(count)), ctypes.byref(metrics))
    return LayoutMetrics(*(getattr(metrics, name) for name in LayoutMetrics._fields))


def layout_banners(
    appearance: Appearance,
    container_width: float,
    ratios: Ratios,
    rtl: bool = False,
) -> LayoutResult:
    """Lays out banners (BN-04..BN-07); one C call in the common case.

    ``ratios`` (width / height) may be a list, tuple, array('d'), a numpy
    array (float64 contiguous arrays are passed without a copy) or any
    iterable of numbers.
    """
    width = float(container_width)
    buffer = as_double_buffer(ratios)
    capacity = measure_layout(appearance, width, buffer.length).laid_out_count
    laid_out = ctypes.c_size_t(0)
    height = ctypes.c_double(0.0)
    while True:
        # At least one row so that memoryview casts work for empty results
        # (a cast refuses zero-sized shapes); the library is told `capacity`.
        rows = (_RECT_ROW * max(capacity, 1))()
        # Cast from the address: ctypes.cast(rows, ...) would make rows refer
        # to itself, a cycle that keeps every buffer alive until the garbage
        # collector runs (a page fault per 4 KiB on every call).
        out = ctypes.cast(ctypes.addressof(rows), ctypes.POINTER(_ffi.frames_rect)) if capacity else None
        try:
            lib.frames_layout_banners(
                appearance,
                width,
                buffer.pointer,
                buffer.length,
                bool(rtl),
                out,
                capacity,
                ctypes.byref(laid_out),
                ctypes.byref(height),
            )
        except BufferTooSmallError:
            # The library writes the count it needs with this error.
            if laid_out.value <= capacity:
                raise
            capacity = laid_out.value
            continue
        break
    return LayoutResult(rows, laid_out.value, height.value, appearance.layout, width, bool(rtl))


def scroll_offset(
    appearance: Appearance,
    container_width: float,
    ratios: Ratios,
    index: int,
    rtl: bool = False,
    viewport_height: float = 0.0,
) -> Point:
    """The content offset that brings banner ``index`` into view (BN-08).

    Raises UnsupportedError for tiles and OutOfRangeError for an index that
    is not laid out (including negative indices).
    """
    index = int(index)
    if index < 0:
        raise OutOfRangeError(
            OutOfRangeError.CODE or -5, f"index {index} is negative; banner indices start at 0"
        )
    buffer = as_double_buffer(ratios)
    point = _ffi.frames_point()
    lib.frames_layout_scroll_offset(
        appearance,
        float(container_width),
        float(viewport_height),
        buffer.pointer,
        buffer.length,
        bool(rtl),
        min(index, _SIZE_MAX),
        ctypes.byref(point),
    )
    return Point(point.x, point.y)
