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
from typing import Any, Dict, Iterator, NamedTuple, Optional, Sequence, Union, overload

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
_ZERO = array("d", [0.0])
#: Where a result's rects live: a buffer the binding allocated (reused and
#: grown as ``out=``), a caller's ``out=`` buffer, or a part of a batch.
_OWNED, _WRAPPED, _VIEW = 0, 1, 2
#: One row of zeros: the memory behind the views of an empty result.
_EMPTY_ROW = array("d", [0.0] * 4)

_layout = _ffi.address_function(lib, "frames_layout_banners")
_batch = _ffi.address_function(lib, "frames_layout_banners_batch")
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

    # One tuple, stored once per call: ten attribute stores would cost a
    # tenth of the whole call at small N (docs/performance.md).
    __slots__ = ("_state",)

    _state: "tuple[Any, int, int, int, int, int, float, LayoutType, float, bool]"

    def __len__(self) -> int:
        return self._state[5]

    @property
    def content_height(self) -> float:
        """The height the place reports (BN-04..BN-06)."""
        return self._state[6]

    @property
    def layout(self) -> LayoutType:
        return self._state[7]

    @property
    def container_width(self) -> float:
        return self._state[8]

    @property
    def rtl(self) -> bool:
        return self._state[9]

    @property
    def _address(self) -> int:
        """Where the rects start (a frames_rect *)."""
        return self._state[2]

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
        owner, start, _, _, _, count = self._state[:6]
        if count == 0:
            return memoryview(b"")
        return memoryview(owner).cast("B")[start : start + count * _RECT.size].toreadonly()

    def as_memoryview(self) -> "memoryview[float]":
        """A read-only, zero-copy view of the rects: doubles of shape (n, 4),
        columns x, y, width, height.  ``numpy.asarray(result.as_memoryview())``
        shares the memory."""
        owner, start, _, _, _, count = self._state[:6]
        if count == 0:
            # A cast refuses a shape with a 0: cast one row, then slice it away.
            return memoryview(_EMPTY_ROW).cast("B").cast("d", [1, 4])[:0].toreadonly()
        data = memoryview(owner).cast("B")[start : start + count * _RECT.size]
        return data.cast("d", [count, 4]).toreadonly()

    def __repr__(self) -> str:
        return f"LayoutResult(rects={self.rects!r}, content_height={self.content_height!r})"


#: What ``out=`` accepts: a previous result or a writable buffer.
OutBuffer = Union[LayoutResult, WritableBuffer]


def _result(
    owner: Any, offset: int, address: int, capacity: int, kind: int, count: int, height: float,
    appearance: Appearance, width: float, rtl: bool, into: Optional[LayoutResult] = None,
) -> LayoutResult:
    result = LayoutResult.__new__(LayoutResult) if into is None else into
    result._state = (owner, offset, address, capacity, kind, count, height, appearance.layout, width, rtl)
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

#: A one-layout frames_layout_batch, then the one width and list length it
#: points at and the two outputs it points to (its rect end and content
#: height): 19 words the binding packs with one pack_into.  A two-argument
#: foreign call costs far less through ctypes than the nine arguments of
#: frames_layout_banners (docs/performance.md, "Python layout calls"); the
#: layout is the same (frames.h).  Checked against the ctypes mirror of the
#: struct by the tests.
_CALL = struct.Struct("@I?PNPNPNPNPPNN" + "dNNd")
_CALL_WORDS = _CALL.size // 8
#: Scratch, not a mirror: the two outputs at the end of _CALL.
_OUT_SCRATCH = struct.Struct("@Nd")
_OUT_OFFSET = _CALL.size - _OUT_SCRATCH.size
_WIDTH_OFFSET = _OUT_OFFSET - 16
_LENGTH_OFFSET = _OUT_OFFSET - 8
_BATCH_VERSION = _ffi.FRAMES_LAYOUT_BATCH_VERSION
#: _CALL followed by the ratios of a list, per count (small counts kept).
_CALL_AND_RATIOS: Dict[int, struct.Struct] = {}


def _call_and_ratios(count: int) -> struct.Struct:
    packer = struct.Struct(_CALL.format + f"{count}d")
    if count <= 256:
        _CALL_AND_RATIOS[count] = packer
    return packer


def _allocate(capacity: int) -> Any:
    # capacity rects, then the call block: one allocation.
    return _ZERO * (4 * capacity + _CALL_WORDS)


def _failed(rc: int, c_appearance: int, width: float, address: int, count: int, rtl: bool, base: int,
            capacity: int) -> Exception:
    """The error of a failed layout, as frames_layout_banners() words it
    (its messages name container_width, not container_widths[0]): the same
    checks in the same order, so it fails the same way."""
    scratch = _ZERO * 2
    tail = scratch.buffer_info()[0]
    single = _layout(c_appearance, width, address, count, rtl, base, capacity, tail, tail + 8)
    return _ffi.last_error(lib, single if single else rc)


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
    limit = appearance._limit  # type: ignore[attr-defined]
    if out is None and type(ratios) is list:
        # One allocation (the rects, the call block, a copy of the ratios)
        # and one pack_into (the call block and the ratios).
        count = len(ratios)
        needed = count if limit is None or count <= limit else limit
        block = 32 * needed
        buffer = _ZERO * (4 * needed + _CALL_WORDS + count)
        base = buffer.buffer_info()[0]
        call = base + block
        packer = _CALL_AND_RATIOS.get(count) or _call_and_ratios(count)
        try:
            packer.pack_into(
                buffer, block, _BATCH_VERSION, rtl, call + _WIDTH_OFFSET, 1, call + _CALL.size, count,
                call + _LENGTH_OFFSET, 1, base, needed, call + _OUT_OFFSET, call + _OUT_OFFSET + 8, 1, 0, width,
                count, 0, 0.0, *ratios,
            )
        except struct.error as error:
            raise TypeError(f"ratios must be real numbers: {error}") from None
        address = call + _CALL.size
    else:
        address, count, owner = double_address(ratios)
        needed = count if limit is None or count <= limit else limit
        if out is not None:
            return _layout_into(out, c_appearance, appearance, width, address, count, owner, rtl, needed)
        block = 32 * needed
        buffer = _ZERO * (4 * needed + _CALL_WORDS)
        base = buffer.buffer_info()[0]
        call = base + block
        _CALL.pack_into(
            buffer, block, _BATCH_VERSION, rtl, call + _WIDTH_OFFSET, 1, address, count, call + _LENGTH_OFFSET, 1,
            base, needed, call + _OUT_OFFSET, call + _OUT_OFFSET + 8, 1, 0, width, count, 0, 0.0,
        )
    rc = _batch(c_appearance, call)
    if rc:
        raise _failed(rc, c_appearance, width, address, count, rtl, base, needed)
    laid_out, height = _OUT_SCRATCH.unpack_from(buffer, block + _OUT_OFFSET)
    result = _new_result(LayoutResult)
    result._state = (buffer, 0, base, needed, _OWNED, laid_out, height, appearance.layout, width, rtl)
    return result


def _layout_into(
    out: OutBuffer, c_appearance: int, appearance: Appearance, width: float, address: int, count: int,
    owner: object, rtl: bool, needed: int,
) -> LayoutResult:
    into: Optional[LayoutResult] = None
    if isinstance(out, LayoutResult):
        into = out
        memory, _, base, capacity, kind = into._state[:5]
        if kind == _VIEW:
            raise ValueError("out is one layout of a batch result; pass the batch result to layout_banners_batch, "
                             "or a LayoutResult of layout_banners")
        if kind == _OWNED and capacity < needed:
            memory = _allocate(needed)
            base, capacity = memory.buffer_info()[0], needed
    else:
        memory, base, capacity = out_buffer(out)
        kind = _WRAPPED
    if capacity < needed:
        raise BufferTooSmallError(
            BufferTooSmallError.CODE or -3, f"out holds {capacity} rects (4 doubles each); {needed} are needed"
        )
    if kind == _OWNED:
        # The binding's own buffers keep the call block after their rects.
        block_buffer, block = memory, 32 * capacity
        call = base + block
    else:
        block_buffer, block = _ZERO * _CALL_WORDS, 0
        call = block_buffer.buffer_info()[0]
    _CALL.pack_into(
        block_buffer, block, _BATCH_VERSION, rtl, call + _WIDTH_OFFSET, 1, address, count, call + _LENGTH_OFFSET, 1,
        base, capacity, call + _OUT_OFFSET, call + _OUT_OFFSET + 8, 1, 0, width, count, 0, 0.0,
    )
    rc = _batch(c_appearance, call)
    if rc:
        raise _failed(rc, c_appearance, width, address, count, rtl, base, capacity)
    laid_out, height = _OUT_SCRATCH.unpack_from(block_buffer, block + _OUT_OFFSET)
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

