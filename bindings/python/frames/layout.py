"""Banner layout geometry (SPEC BN-04..BN-08) over frames_layout_banners()
and frames_layout_scroll_offset().

A call from Python costs little more than the ctypes call itself
(docs/performance.md, "Python layout calls"): the Appearance's C struct is
built once, with the Appearance; the capacity is known before the call (a
layout never has more rects than ratios, BN-02), so there is one foreign
call; pointers travel as integer addresses; the result's buffer also
receives the count and the height, and its views are made only when read.
What the calls return (Rect, LayoutResult, ...) is in layout_result and
importable from here too.
"""

from __future__ import annotations

import ctypes
import struct
from array import array
from typing import Any, Dict, Optional

from . import _ffi
from . import _layout_checks as check
from ._lib import lib
from ._out import out_buffer
from ._ratios import Ratios, double_address, not_real
from .appearance import Appearance
from .errors import BufferTooSmallError, OutOfRangeError
from .layout_result import (
    _OWNED,
    _VIEW,
    _WRAPPED,
    LayoutMetrics,
    LayoutResult,
    OutBuffer,
    Point,
    Rect,
    RectSequence,
    _result,
)

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

_ZERO = array("d", [0.0])

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
            raise not_real(ratios, "ratios", error) from None
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

