"""Banner layout geometry (SPEC BN-04..BN-08) over frames_layout_banners()
and frames_layout_scroll_offset().

A call from Python costs little more than the ctypes call itself
(docs/performance.md, "Python layout calls"): the Appearance's C struct is
built once, with the Appearance; the capacity is known before the call (a
layout never has more rects than ratios, BN-02), so there is one foreign
call; pointers travel as integer addresses; the result's buffer also
receives the count and the height, and its views are made only when read.
"""

from __future__ import annotations

import ctypes
import struct
import warnings
from array import array
from typing import Any, Iterator, NamedTuple, Optional, Sequence, Union, overload

from . import _ffi
from . import _layout_checks as check
from ._lib import lib
from ._out import WritableBuffer, out_buffer
from ._ratios import Ratios, double_address
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

_RECT = struct.Struct("=4d")
#: What the library writes after the rects of a result the binding
#: allocated: *out_laid_out_count (a size_t), then *out_content_height.
_TAIL = struct.Struct("@Nd")
_ZERO = array("d", [0.0])
#: Where a result's rects live: a buffer the binding allocated (reused and
#: grown as ``out=``), a caller's ``out=`` buffer, or a part of a batch.
_OWNED, _WRAPPED, _VIEW = 0, 1, 2
#: One row of zeros: the memory behind the views of an empty result.
_EMPTY_ROW = array("d", [0.0] * 4)

_layout = _ffi.address_function(lib, "frames_layout_banners")
_scroll_offset = _ffi.address_function(lib, "frames_layout_scroll_offset")


def appearance_address(appearance: Any) -> int:
    """The address of an Appearance's C struct (built with it)."""
    if type(appearance) is Appearance:
        return appearance._c_address  # type: ignore[attr-defined,no-any-return]
    if isinstance(appearance, Appearance):
        return appearance._c_address  # type: ignore[attr-defined,no-any-return]
    raise TypeError(f"appearance must be an Appearance, not {type(appearance).__name__}")


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
    """What frames_layout_banners() returned: ``rects``, one per banner laid
    out, in input order, and ``content_height``, the height the place
    reports.

    The rects live in one C buffer, read lazily: ``rects`` is a sequence of
    :class:`Rect` made as items are read, ``as_memoryview()`` a zero-copy
    (n, 4) view for numpy.  A result given back as ``out=`` is overwritten
    by that call (its views then show the new rects).
    """

    __slots__ = (
        "_owner",
        "_offset",
        "_address",
        "_capacity",
        "_kind",
        "_count",
        "content_height",
        "layout",
        "container_width",
        "rtl",
    )

    _owner: Any
    _offset: int
    _address: int
    _capacity: int
    _kind: int
    _count: int
    content_height: float
    layout: LayoutType
    container_width: float
    rtl: bool

    def __len__(self) -> int:
        return self._count

    @property
    def rects(self) -> RectSequence:
        """The rects, lazily read from the C buffer."""
        return RectSequence(self._bytes())

    @property
    def frames(self) -> RectSequence:
        """Deprecated alias of :attr:`rects` (a "frame" is an App Frame)."""
        warnings.warn("LayoutResult.frames is deprecated; use LayoutResult.rects", DeprecationWarning, stacklevel=2)
        return self.rects

    def _bytes(self) -> memoryview:
        if self._count == 0:
            return memoryview(b"")
        start = self._offset
        return memoryview(self._owner).cast("B")[start : start + self._count * _RECT.size].toreadonly()

    def as_memoryview(self) -> "memoryview[float]":
        """A read-only, zero-copy view of the rects: doubles of shape (n, 4),
        columns x, y, width, height.  ``numpy.asarray(result.as_memoryview())``
        shares the memory."""
        if self._count == 0:
            # A cast refuses a shape with a 0: cast one row, then slice it away.
            return memoryview(_EMPTY_ROW).cast("B").cast("d", [1, 4])[:0].toreadonly()
        start = self._offset
        data = memoryview(self._owner).cast("B")[start : start + self._count * _RECT.size]
        return data.cast("d", [self._count, 4]).toreadonly()

    def __repr__(self) -> str:
        return f"LayoutResult(rects={self.rects!r}, content_height={self.content_height!r})"


#: What ``out=`` accepts: a previous result or a writable buffer.
OutBuffer = Union[LayoutResult, WritableBuffer]


def _result(
    owner: Any, offset: int, address: int, capacity: int, kind: int, count: int, height: float,
    appearance: Appearance, width: float, rtl: bool, into: Optional[LayoutResult] = None,
) -> LayoutResult:
    result = LayoutResult.__new__(LayoutResult) if into is None else into
    result._owner = owner
    result._offset = offset
    result._address = address
    result._capacity = capacity
    result._kind = kind
    result._count = count
    result.content_height = height
    result.layout = appearance.layout
    result.container_width = width
    result.rtl = rtl
    return result


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
    """Measures a layout of ``count`` banners without their ratios, in O(1).

    ``count`` is an int in the C size_t range (OverflowError outside)."""
    appearance_address(appearance)
    width = check.length(container_width, "container_width")
    banners = check.size(count, "count")
    metrics = _ffi.frames_layout_metrics(version=_ffi.FRAMES_LAYOUT_METRICS_VERSION)
    lib.frames_layout_measure(appearance, width, banners, metrics)
    return LayoutMetrics(*(getattr(metrics, name) for name in LayoutMetrics._fields))


_new_result = LayoutResult.__new__


def _allocate(capacity: int) -> Any:
    # capacity rects, then the tail (_TAIL): one allocation per call.
    return _ZERO * (4 * capacity + 2)


def layout_banners(
    appearance: Appearance,
    container_width: float,
    ratios: Ratios,
    rtl: bool = False,
    *,
    out: Optional[OutBuffer] = None,
) -> LayoutResult:
    """Lays out banners (BN-04..BN-07) in one C call.

    ``ratios`` (width / height) may be a list, tuple, array('d'), a numpy
    array (float64 contiguous arrays are passed without a copy) or any
    iterable of numbers; an empty one lays out nothing (content height 0).
    ``container_width`` is a real number, ``rtl`` a bool.

    ``out`` reuses memory for repeated large layouts: a previous
    LayoutResult (overwritten and returned; its buffer grows when needed),
    or a writable float64 buffer — array('d'), a C-contiguous numpy
    float64 array such as ``numpy.empty((n, 4))``, a bytearray — holding at
    least 4 doubles per banner laid out (BufferTooSmallError, a ValueError,
    otherwise); the result's rects are then views of that buffer.
    """
    # The common case (an Appearance, a float width, a list of ratios, no
    # out=) is written out inline: every Python call and temporary object
    # here costs as much as the C layout of a few banners.
    if type(appearance) is Appearance:
        c_appearance = appearance._c_address  # type: ignore[attr-defined]
    else:
        c_appearance = appearance_address(appearance)
    width = container_width if type(container_width) is float else check.length(container_width, "container_width")
    if rtl is not False and rtl is not True:
        check.flag(rtl, "rtl")
    owner: object
    if type(ratios) is list:
        try:
            converted = array("d", ratios)
        except TypeError as error:
            raise TypeError(f"ratios must be real numbers: {error}") from None
        address, count = converted.buffer_info()
        owner = converted
    else:
        address, count, owner = double_address(ratios)
    limit = appearance._limit  # type: ignore[attr-defined]
    needed = count if limit is None or count <= limit else limit
    if out is not None:
        return _layout_into(out, c_appearance, appearance, width, address, count, owner, rtl, needed)
    buffer = _ZERO * (4 * needed + 2)
    base = buffer.buffer_info()[0]
    tail = 32 * needed
    rc = _layout(c_appearance, width, address, count, rtl, base, needed, base + tail, base + tail + 8)
    if rc:
        raise _ffi.last_error(lib, rc)
    result = _new_result(LayoutResult)
    result._owner = buffer
    result._offset = 0
    result._address = base
    result._capacity = needed
    result._kind = _OWNED
    result._count, result.content_height = _TAIL.unpack_from(buffer, tail)
    result.layout = appearance.layout
    result.container_width = width
    result.rtl = rtl
    return result


def _layout_into(
    out: OutBuffer, c_appearance: int, appearance: Appearance, width: float, address: int, count: int,
    owner: object, rtl: bool, needed: int,
) -> LayoutResult:
    into: Optional[LayoutResult] = None
    if isinstance(out, LayoutResult):
        into = out
        if into._kind == _VIEW:
            raise ValueError("out is one layout of a batch result; pass the batch result to layout_banners_batch, "
                             "or a LayoutResult of layout_banners")
        if into._kind == _OWNED and into._capacity < needed:
            buffer = _allocate(needed)
            into._owner, into._address, into._capacity = buffer, buffer.buffer_info()[0], needed
        memory, base, capacity, kind = into._owner, into._address, into._capacity, into._kind
    else:
        memory, base, capacity = out_buffer(out)
        kind = _WRAPPED
    if capacity < needed:
        raise BufferTooSmallError(
            BufferTooSmallError.CODE or -3, f"out holds {capacity} rects (4 doubles each); {needed} are needed"
        )
    if kind == _OWNED:
        # The binding's own buffers keep the tail after their capacity.
        tail_buffer, tail_offset = memory, 32 * capacity
        tail_address = base + tail_offset
    else:
        tail_buffer, tail_offset = _ZERO * 2, 0
        tail_address = tail_buffer.buffer_info()[0]
    rc = _layout(c_appearance, width, address, count, rtl, base, capacity, tail_address, tail_address + 8)
    if rc:
        raise _ffi.last_error(lib, rc)
    laid_out, height = _TAIL.unpack_from(tail_buffer, tail_offset)
    return _result(memory, 0, base, capacity, kind, laid_out, height, appearance, width, rtl, into)


def scroll_offset(
    appearance: Appearance,
    container_width: float,
    ratios: Ratios,
    index: int,
    rtl: bool = False,
    viewport_height: float = 0.0,
) -> Point:
    """The content offset that brings banner ``index`` into view (BN-08).

    Raises UnsupportedError for tiles, OutOfRangeError for an index that
    is not laid out (including negative indices) and OverflowError for one
    past the C size_t range.
    """
    c_appearance = appearance_address(appearance)
    width = check.length(container_width, "container_width")
    height = check.length(viewport_height, "viewport_height")
    direction = check.flag(rtl, "rtl")
    position = check.integer(index, "index")
    if position < 0:
        raise OutOfRangeError(
            OutOfRangeError.CODE or -5, f"index {position} is negative; banner indices start at 0"
        )
    position = check.size(position, "index")
    address, count, owner = double_address(ratios)
    point = _ffi.frames_point()
    rc = _scroll_offset(c_appearance, width, height, address, count, direction, position, ctypes.addressof(point))
    if rc:
        raise _ffi.last_error(lib, rc)
    return Point(point.x, point.y)

