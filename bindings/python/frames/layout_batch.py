"""Many layouts in one call (frames_layout_banners_batch, SPEC BN-04..BN-07):
the same ratios at many container widths — a sweep over device widths —,
many ratio lists at one width, or width i with list i.

One C call for the whole batch: the appearance and every ratio are checked
once, and the results land in three flat buffers (the rects of every
layout one after the other, the offsets where each layout starts, the
content heights), each readable from numpy without a copy.
"""

from __future__ import annotations

import ctypes
import numbers
import sys
from array import array
from typing import Any, Iterator, List, Optional, Sequence, Tuple, Union, overload

from . import _ffi
from . import _layout_checks as check
from ._lib import lib
from ._ratios import Ratios, double_address
from .appearance import Appearance, LayoutType
from .layout import _VIEW, LayoutResult, RectSequence, appearance_address

__all__ = ["BatchLayoutResult", "layout_banners_batch"]

_batch = _ffi.address_function(lib, "frames_layout_banners_batch")

#: The array typecode of a C size_t.
_SIZE = next(code for code in ("L", "Q") if array(code).itemsize == ctypes.sizeof(ctypes.c_size_t))
_SIZE_ZERO = array(_SIZE, [0])
_ZERO = array("d", [0.0])
_EMPTY_ROW = array("d", [0.0] * 4)

#: A width or widths: one number, or a sequence / array of numbers.
Widths = Union[float, Ratios]
#: List lengths: a sequence of ints or a numpy integer array.
Lengths = Union[Sequence[int], Any]


class BatchLayoutResult(Sequence[LayoutResult]):
    """The layouts of one batch, in order: ``result[i]`` is layout i (a
    :class:`LayoutResult` viewing the batch's memory).

    The flat buffers, for numpy (``numpy.asarray`` shares the memory):

    - ``as_memoryview()``: every rect, shape (total, 4);
    - ``offsets``: layout i's rects are rows ``offsets[i]:offsets[i + 1]``
      (``len(result) + 1`` entries, the first 0);
    - ``content_heights``: one per layout;
    - ``container_widths``: the width of each layout.

    A result given back as ``out=`` is overwritten by that call.
    """

    __slots__ = ("_rects", "_offsets", "_heights", "_widths", "_width_count", "_layouts", "_rect_count", "layout",
                 "rtl")

    _rects: Any
    _offsets: Any
    _heights: Any
    _widths: Any
    _width_count: int
    _layouts: int
    _rect_count: int
    layout: LayoutType
    rtl: bool

    def __len__(self) -> int:
        return self._layouts

    @overload
    def __getitem__(self, index: int) -> LayoutResult: ...

    @overload
    def __getitem__(self, index: slice) -> List[LayoutResult]: ...

    def __getitem__(self, index: Union[int, slice]) -> Union[LayoutResult, List[LayoutResult]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._layouts))]
        position = range(self._layouts)[index]  # IndexError and negative indices as list
        start, end = self._offsets[position], self._offsets[position + 1]
        result = LayoutResult.__new__(LayoutResult)
        result._owner = self._rects
        result._offset = 32 * start
        result._address = self._rects.buffer_info()[0] + 32 * start
        result._capacity = end - start
        result._kind = _VIEW
        result._count = end - start
        result.content_height = self._heights[position]
        result.layout = self.layout
        result.container_width = self._widths[0 if self._width_count == 1 else position]
        result.rtl = self.rtl
        return result

    def __iter__(self) -> Iterator[LayoutResult]:
        return (self[i] for i in range(self._layouts))

    @property
    def rects(self) -> RectSequence:
        """Every rect of every layout, lazily read (layout after layout)."""
        return RectSequence(memoryview(self._rects).cast("B")[: 32 * self._rect_count].toreadonly())

    def as_memoryview(self) -> "memoryview[float]":
        """A read-only, zero-copy view of every rect: doubles of shape
        (total, 4), columns x, y, width, height."""
        if self._rect_count == 0:
            return memoryview(_EMPTY_ROW).cast("B").cast("d", [1, 4])[:0].toreadonly()
        data = memoryview(self._rects).cast("B")[: 32 * self._rect_count]
        return data.cast("d", [self._rect_count, 4]).toreadonly()

    @property
    def offsets(self) -> memoryview:
        """``len(self) + 1`` indices into the rects, read-only: layout i is
        rects ``offsets[i]`` to ``offsets[i + 1]``."""
        return memoryview(self._offsets)[: self._layouts + 1].toreadonly()

    @property
    def content_heights(self) -> memoryview:
        """The height each layout reports, read-only."""
        return memoryview(self._heights)[: self._layouts].toreadonly()

    @property
    def container_widths(self) -> memoryview:
        """The container width of each layout, read-only."""
        widths = self._widths
        if self._width_count == 1 and self._layouts != 1:
            widths = widths[:1] * self._layouts
        return memoryview(widths)[: self._layouts].toreadonly()

    def __repr__(self) -> str:
        return f"<BatchLayoutResult {self._layouts} layouts, {self._rect_count} rects>"


def _widths(container_widths: Any) -> Tuple["array[float]", int, int]:
    """(array('d') of the widths, its address, count) for one width or many;
    the binding keeps its own copy to tell each layout its width."""
    if isinstance(container_widths, numbers.Real):
        widths = array("d", [check.length(container_widths, "container_widths")])
        return widths, widths.buffer_info()[0], 1
    address, count, owner = double_address(container_widths, "container_widths")
    if isinstance(owner, array):
        return owner, address, count
    widths = array("d")
    widths.frombytes(ctypes.string_at(address, 8 * count))
    return widths, widths.buffer_info()[0], count


def _is_list_of_lists(ratios: Any) -> bool:
    if type(ratios) is list or type(ratios) is tuple:
        return len(ratios) > 0 and not isinstance(ratios[0], numbers.Real)
    return False


def _ratio_lists(ratios: Any, lengths: Optional[Lengths]) -> Tuple[int, int, object, Any, int]:
    """(ratio address, ratio count, ratio owner, lengths array, list count)."""
    if lengths is not None:
        address, count, owner = double_address(ratios)
        if hasattr(lengths, "__array_interface__") and "numpy" in sys.modules:
            numpy: Any = sys.modules["numpy"]
            integers: Any = lengths
            if integers.ndim != 1 or integers.dtype.kind not in "iu":
                raise TypeError("lengths must be a one-dimensional array of integers")
            if integers.size and int(integers.min()) < 0:
                raise OverflowError("lengths must not be negative")
            lengths_array = array(_SIZE, numpy.ascontiguousarray(integers, dtype=numpy.uintp).tobytes())
        else:
            lengths_array = array(_SIZE, [check.size(length, "lengths[]") for length in lengths])
        return address, count, owner, lengths_array, len(lengths_array)
    if _is_list_of_lists(ratios) or (
        hasattr(ratios, "__array_interface__") and len(ratios.__array_interface__["shape"]) == 2
    ):
        flat = array("d")
        sizes = []
        for row in ratios:
            try:
                part = row if type(row) is array and row.typecode == "d" else array("d", row)
            except TypeError as error:
                raise TypeError(f"ratios must be lists of real numbers: {error}") from None
            flat.extend(part)
            sizes.append(len(part))
        return flat.buffer_info()[0], len(flat), flat, array(_SIZE, sizes), len(sizes)
    address, count, owner = double_address(ratios)
    return address, count, owner, array(_SIZE, [count]), 1


def layout_banners_batch(
    appearance: Appearance,
    container_widths: Widths,
    ratios: Union[Ratios, Sequence[Ratios]],
    *,
    lengths: Optional[Lengths] = None,
    rtl: bool = False,
    out: Optional[BatchLayoutResult] = None,
) -> BatchLayoutResult:
    """Many layouts in one C call; layout i equals
    ``layout_banners(appearance, width i, list i, rtl)``.

    ``container_widths`` is one width or a sequence / numpy array of
    widths.  ``ratios`` is one list of ratios (laid out at every width), a
    list of lists or a 2-D numpy array (one list per row), or — with
    ``lengths`` — all lists one after the other, list i being the next
    ``lengths[i]`` ratios.  The counts of widths and lists broadcast as
    numpy shapes do: one of them may be 1, otherwise they must be equal
    (InvalidArgumentError).  An empty list lays out nothing (content
    height 0).

    ``out`` is a previous BatchLayoutResult whose memory is reused (grown
    when needed) and which is returned, overwritten.
    """
    c_appearance = appearance_address(appearance)
    direction = check.flag(rtl, "rtl")
    if out is not None and not isinstance(out, BatchLayoutResult):
        raise TypeError(f"out must be a BatchLayoutResult of an earlier call, not {type(out).__name__}")
    widths, widths_address, width_count = _widths(container_widths)
    # ratios_owner keeps the ratios' memory alive through the call.
    ratios_address, ratio_count, ratios_owner, lengths_array, list_count = _ratio_lists(ratios, lengths)
    if width_count == list_count or list_count == 1:
        layouts = width_count
    elif width_count == 1:
        layouts = list_count
    else:
        layouts = max(width_count, list_count)  # the library says why not
    if list_count == 1:
        rects_needed = layouts * appearance.laid_out_count(lengths_array[0])
    else:
        # Each list once: at most all the ratios (BN-02 may keep fewer; the
        # library reports how many it wrote).
        rects_needed = ratio_count
    result = out if out is not None else BatchLayoutResult.__new__(BatchLayoutResult)
    if out is None or len(out._rects) < 4 * rects_needed:
        result._rects = _ZERO * (4 * rects_needed)
    if out is None or len(out._offsets) < layouts + 2:
        result._offsets = _SIZE_ZERO * (layouts + 2)
    if out is None or len(out._heights) < layouts:
        result._heights = _ZERO * layouts
    rects_base = result._rects.buffer_info()[0]
    offsets_base = result._offsets.buffer_info()[0]
    size = result._offsets.itemsize
    result._offsets[0] = 0
    rc = _batch(
        c_appearance, widths_address, width_count, ratios_address, ratio_count, lengths_array.buffer_info()[0],
        list_count, direction, rects_base, len(result._rects) // 4, offsets_base + size,
        result._heights.buffer_info()[0], min(len(result._heights), len(result._offsets) - 2),
        offsets_base + size * (len(result._offsets) - 1),
    )
    if rc:
        raise _ffi.last_error(lib, rc)
    result._widths = widths
    result._width_count = width_count
    result._layouts = layouts
    result._rect_count = result._offsets[-1]
    result.layout = appearance.layout
    result.rtl = direction
    return result
