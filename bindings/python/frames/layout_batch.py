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
import struct
import sys
from array import array
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union, overload

from . import _ffi
from . import _layout_checks as check
from ._lib import lib
from ._ratios import Ratios, double_address, from_interface, not_real, writable_doubles
from .appearance import Appearance, LayoutType
from .layout import UNKEPT, appearance_address, packer, ratios_into, unchanging, word_view
from .layout_result import _NO_LIST, LayoutResult, RectSequence, _view, not_copyable

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

    __slots__ = ("_rects", "_rects_base", "_rects_capacity", "_offsets", "_offsets_base", "_heights", "_heights_base",
                 "_layouts_capacity", "_call", "_call_base", "_meta", "_one_appearance", "_one_rtl", "_one_width",
                 "_one_pack", "_one_c_appearance", "_one_ratios", "_one_pending")

    _rects: Any
    _rects_base: int
    _rects_capacity: int
    _offsets: Any
    _offsets_base: int
    _heights: Any
    _heights_base: int
    _layouts_capacity: int
    _call: Any
    _call_base: int
    #: (widths, width count, layouts, layout type, rtl): one store a call.
    _meta: "tuple[Any, int, int, LayoutType, bool]"
    #: When _call holds one list of ratios at one width, the next call with
    #: the same appearance and rtl writes only the width and the ratios:
    #: _one_appearance and _one_rtl are those of the call that packed it
    #: (_one_appearance is _NO_LIST when _call holds anything else, and the
    #: other _one_ slots are then stale), _one_width a view of the width
    #: word, _one_pack the pack_into of the ratios bound to where they go in
    #: _call, _one_c_appearance the appearance's C struct address,
    #: _one_ratios and _one_pending the records of the ratios _call holds
    #: (layout.unchanging() says what they are).  Slots
    #: rather than one tuple: the repeated call reads each once, and an
    #: attribute of its own costs less to read than an item of a tuple.
    _one_appearance: object
    _one_rtl: bool
    _one_width: "memoryview[float]"
    _one_pack: Callable[..., None]
    _one_c_appearance: int
    _one_ratios: Any
    _one_pending: Any

    @property
    def _widths(self) -> Any:
        return self._meta[0]

    @property
    def _width_count(self) -> int:
        return self._meta[1]

    @property
    def _layouts(self) -> int:
        return self._meta[2]

    @property
    def layout(self) -> LayoutType:
        return self._meta[3]

    @property
    def rtl(self) -> bool:
        return self._meta[4]

    @property
    def _rect_count(self) -> int:
        # out_rect_count, where the last call left it.
        count: int = _COUNT_SCRATCH.unpack_from(self._call, 8 * _COUNT_WORD)[0]
        return count

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
        return _view(self._rects, 32 * start, self._rects_base + 32 * start, end - start, self._heights[position],
                     self.layout, float(self._widths[0 if self._width_count == 1 else position]), self.rtl)

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
    def content_heights(self) -> "memoryview[float]":
        """The height each layout reports, read-only."""
        return memoryview(self._heights).cast("B").cast("d")[: self._layouts].toreadonly()

    @property
    def container_widths(self) -> "memoryview[float]":
        """The container width of each layout, read-only.  A width array
        given to the call is read, not copied: changing it changes this."""
        widths = self._widths
        if self._width_count == 1:
            widths = array("d", [float(widths[0])]) * self._layouts
        return memoryview(widths).cast("B").cast("d")[: self._layouts].toreadonly()

    def __repr__(self) -> str:
        return f"<BatchLayoutResult {self._layouts} layouts, {self._rect_count} rects>"

    def __reduce_ex__(self, protocol: object) -> Any:
        raise not_copyable(self)


_new_batch = BatchLayoutResult.__new__


def _grow_rects(result: BatchLayoutResult, rects: int) -> None:
    result._rects = buffer = _ZERO * (4 * rects)
    result._rects_base = buffer.buffer_info()[0]
    result._rects_capacity = rects


def _grow_layouts(result: BatchLayoutResult, layouts: int) -> None:
    # offsets: a leading 0, then the library's end index per layout.
    result._offsets = offsets = _SIZE_ZERO * (layouts + 1)
    result._offsets_base = offsets.buffer_info()[0]
    result._heights = heights = _ZERO * layouts
    result._heights_base = heights.buffer_info()[0]
    result._layouts_capacity = layouts


def _widths(container_widths: Any) -> Tuple[Any, int, int]:
    """(widths, address, count) for one width or many; ``widths`` is
    indexable and keeps the memory alive."""
    kind = type(container_widths)
    if kind is array and container_widths.typecode == "d":
        address, count = container_widths.buffer_info()
        return container_widths, address, count
    if kind is float or kind is int:
        widths = array("d", [check.length(container_widths, "container_widths")])
        return widths, widths.buffer_info()[0], 1
    if kind is not list and kind is not tuple:
        fast = writable_doubles(container_widths)
        if fast is not None:
            return fast[2], fast[0], fast[1]
    if isinstance(container_widths, numbers.Real):  # numpy scalars, Fractions, bool (refused)
        widths = array("d", [check.length(container_widths, "container_widths")])
        return widths, widths.buffer_info()[0], 1
    address, count, owner = double_address(container_widths, "container_widths")
    if isinstance(owner, array):
        return owner, address, count
    widths = array("d")
    widths.frombytes(ctypes.string_at(address, 8 * count))
    return widths, widths.buffer_info()[0], count


def _ratio_lists(ratios: Any, lengths: Optional[Lengths]) -> Tuple[int, int, object, Any, int]:
    """(ratio address, ratio count, ratio owner, lengths or None for one
    list of them all, list count)."""
    if lengths is not None:
        address, count, owner = double_address(ratios)
        interface = getattr(lengths, "__array_interface__", None) if "numpy" in sys.modules else None
        if interface is not None:
            numpy: Any = sys.modules["numpy"]
            integers: Any = lengths
            if integers.ndim != 1 or integers.dtype.kind not in "iu":
                raise TypeError("lengths must be a one-dimensional array of integers")
            if integers.size and int(integers.min()) < 0:
                raise OverflowError("lengths must not be negative")
            lengths_array: Any = numpy.ascontiguousarray(integers, dtype=numpy.uintp)
        else:
            lengths_array = array(_SIZE, [check.size(length, "lengths[]") for length in lengths])
        return address, count, (owner, lengths_array), lengths_array, len(lengths_array)
    kind = type(ratios)
    if kind is list or kind is tuple:
        if not _ratios_list(ratios):
            return _lists(ratios)
    elif kind is not array:
        fast = writable_doubles(ratios)
        if fast is not None:
            return fast[0], fast[1], fast[2], None, 1
        interface = getattr(ratios, "__array_interface__", None) if "numpy" in sys.modules else None
        if interface is not None:
            if len(interface["shape"]) == 2:
                numpy = sys.modules["numpy"]
                rows, columns = (int(extent) for extent in interface["shape"])
                try:
                    flat = numpy.ascontiguousarray(ratios, dtype=numpy.float64).reshape(-1)
                except (TypeError, ValueError) as error:
                    raise TypeError(f"ratios must be real numbers: {error}") from None
                return flat.__array_interface__["data"][0], rows * columns, flat, array(_SIZE, [columns]) * rows, rows
            address, count, owner = from_interface(ratios, interface, "ratios")
            return address, count, owner, None, 1
    address, count, owner = double_address(ratios)
    return address, count, owner, None, 1


def _ratios_list(ratios: Sequence[Any]) -> bool:
    """Whether a list or tuple is one list of ratios rather than a list of
    lists: its first item is a number, or anything else that is not
    iterable (then the packer refuses it by its index)."""
    return not ratios or isinstance(ratios[0], numbers.Real) or not hasattr(ratios[0], "__iter__")


def _lists(lists: Sequence[Any]) -> Tuple[int, int, object, Any, int]:
    flat = array("d")
    sizes = []
    for row in lists:
        try:
            part = row if type(row) is array and row.typecode == "d" else array("d", row)
        except TypeError as error:
            raise TypeError(f"ratios must be lists of real numbers: {error}") from None
        flat.extend(part)
        sizes.append(len(part))
    return flat.buffer_info()[0], len(flat), flat, array(_SIZE, sizes), len(sizes)


#: struct frames_layout_batch, then one size_t: the length of a one-list
#: batch, which list_lengths points at.  Checked against the ctypes mirror
#: (and that against the header) by the tests.  One list at one width
#: (the single layout as a batch) adds its width and its ratios.
_CALL = struct.Struct("@I?PNPNPNPNPPNN")
_CALL_AND_LENGTH = struct.Struct(_CALL.format + "N")
_CALL_WORDS = _CALL.size // 8
_COUNT_WORD = _CALL_WORDS - 1
_COUNT_SCRATCH = struct.Struct("@N")
_WIDTH_OFFSET = _CALL_AND_LENGTH.size
_BATCH_VERSION = _ffi.FRAMES_LAYOUT_BATCH_VERSION
#: The pack_into of _CALL_AND_LENGTH, the width and ``count`` ratios, per
#: count (small counts kept).
_ONE_LIST: Dict[int, Callable[..., None]] = {}


def _one_list_packer(count: int) -> Callable[..., None]:
    return packer(_ONE_LIST, count, _CALL_AND_LENGTH.format + f"d{count}d")


def _one_list(appearance: Appearance, c_appearance: int, width: float, ratios: List[Any], rtl: bool,
              out: Optional[BatchLayoutResult]) -> BatchLayoutResult:
    """One list of ratios at one width: the width and the ratios are packed
    into the call block, and the result remembers how to repack them."""
    count = len(ratios)
    limit = appearance._limit  # type: ignore[attr-defined]
    rects_needed = count if limit is None or count <= limit else limit
    if out is None:
        result = _new_batch(BatchLayoutResult)
        _grow_rects(result, rects_needed)
        _grow_layouts(result, 1)
    else:
        result = out
        result._one_appearance = _NO_LIST
        if result._rects_capacity < rects_needed:
            _grow_rects(result, rects_needed)
    call = result._call if out is not None else _ZERO
    if len(call) < _CALL_WORDS + 2 + count:
        result._call = call = _ZERO * (_CALL_WORDS + 2 + count)
        result._call_base = call.buffer_info()[0]
    base = result._call_base
    try:
        (_ONE_LIST.get(count) or _one_list_packer(count))(
            call, 0, _BATCH_VERSION, rtl, base + _WIDTH_OFFSET, 1, base + _WIDTH_OFFSET + 8, count,
            base + _CALL.size, 1, result._rects_base, result._rects_capacity, result._offsets_base + 8,
            result._heights_base, result._layouts_capacity, 0, count, width, *ratios,
        )
    except struct.error as error:
        raise not_real(ratios, "ratios", error) from None
    rc = _batch(c_appearance, base)
    if rc:
        raise _ffi.last_error(lib, rc)
    # The width the result reports is the word the library reads.
    result._meta = (memoryview(call)[_CALL_WORDS + 1:_CALL_WORDS + 2], 1, 1, appearance.layout, rtl)
    result._one_appearance = appearance
    result._one_rtl = rtl
    result._one_width = word_view(call, _CALL_WORDS + 1)
    result._one_pack = ratios_into(call, _WIDTH_OFFSET + 8, count)
    result._one_c_appearance = c_appearance
    result._one_ratios = UNKEPT
    result._one_pending = ratios[:]
    return result


def layout_banners_batch(
    appearance: Appearance,
    container_widths: Widths,
    ratios: Union[Ratios, Sequence[Ratios]],
    rtl: bool = False,
    lengths: Optional[Lengths] = None,
    *,
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
    if out.__class__ is BatchLayoutResult and ratios.__class__ is list:
        # One list at one width, with the appearance and rtl of the call
        # that filled out's block from one list: only the width and the
        # ratios change, the ratios only when they differ from those the
        # block holds (layout.unchanging()).  A list of another length
        # fails the pack, as a list of lists or an item that is not a
        # number does: the whole path tells them apart.  The checks read
        # __class__, as layout_banners does (layout.py says why).
        if out._one_appearance is appearance and out._one_rtl is rtl and container_widths.__class__ is float and (
            lengths is None
        ):
            out._one_width[()] = container_widths
            if ratios != out._one_ratios:
                if ratios == out._one_pending and unchanging(out._one_pending):
                    out._one_ratios = out._one_pending
                else:
                    try:
                        out._one_pack(*ratios)
                    except struct.error:
                        return _layout_batch(appearance, container_widths, ratios, lengths, rtl, out)
                    out._one_ratios = UNKEPT
                    out._one_pending = ratios[:]
            if _batch(out._one_c_appearance, out._call_base):
                # No local for the code (each costs this call): a failed
                # call changes nothing it reads, so it fails again the same way.
                out._one_ratios = out._one_pending = UNKEPT
                raise _ffi.last_error(lib, _batch(out._one_c_appearance, out._call_base))
            return out
    return _layout_batch(appearance, container_widths, ratios, lengths, rtl, out)


def _layout_batch(appearance: Appearance, container_widths: Widths, ratios: Union[Ratios, Sequence[Ratios]],
                  lengths: Optional[Lengths], rtl: bool, out: Optional[BatchLayoutResult]) -> BatchLayoutResult:
    """layout_banners_batch() but for the repeated call it inlines (its
    own function: every local variable here would cost that call too)."""
    if type(appearance) is Appearance:
        c_appearance = appearance._c_address  # type: ignore[attr-defined]
    else:
        c_appearance = appearance_address(appearance)
    if rtl is not False and rtl is not True:
        check.flag(rtl, "rtl")
    if out is not None and type(out) is not BatchLayoutResult:
        raise TypeError(f"out must be a BatchLayoutResult of an earlier call, not {type(out).__name__}")
    if type(ratios) is list and lengths is None and _ratios_list(ratios):
        kind = type(container_widths)
        if kind is float or kind is int or (kind is not bool and isinstance(container_widths, numbers.Real)):
            return _one_list(appearance, c_appearance, check.length(container_widths, "container_widths"), ratios,
                             rtl, out)
    widths, widths_address, width_count = _widths(container_widths)
    # ratios_owner keeps the ratios' (and lengths') memory alive through the call.
    ratios_address, ratio_count, ratios_owner, lengths_array, list_count = _ratio_lists(ratios, lengths)
    if width_count == list_count or list_count == 1:
        layouts = width_count
    elif width_count == 1:
        layouts = list_count
    else:
        layouts = max(width_count, list_count)  # the library says why not
    if list_count == 1:
        limit = appearance._limit  # type: ignore[attr-defined]
        one = ratio_count if lengths_array is None else int(lengths_array[0])
        rects_needed = layouts * (one if limit is None or one <= limit else limit)
    else:
        # Each list once: at most all the ratios (BN-02 may keep fewer; the
        # library reports how many it wrote).
        rects_needed = ratio_count
    if out is None:
        result = _new_batch(BatchLayoutResult)
        _grow_rects(result, rects_needed)
        _grow_layouts(result, layouts)
        result._call = call = _ZERO * (_CALL_WORDS + 1)
        result._call_base = call_base = call.buffer_info()[0]
    else:
        result = out
        result._one_appearance = _NO_LIST
        if result._rects_capacity < rects_needed:
            _grow_rects(result, rects_needed)
        if result._layouts_capacity < layouts:
            _grow_layouts(result, layouts)
        call = result._call
        call_base = result._call_base
    if lengths_array is None:
        # One list: list_lengths points at the word after the struct.
        lengths_address = call_base + _CALL.size
    elif isinstance(lengths_array, array):
        lengths_address = lengths_array.buffer_info()[0]
    else:
        lengths_address = lengths_array.__array_interface__["data"][0]
    _CALL_AND_LENGTH.pack_into(
        call, 0, _BATCH_VERSION, rtl, widths_address, width_count, ratios_address, ratio_count,
        lengths_address, list_count, result._rects_base, result._rects_capacity, result._offsets_base + 8,
        result._heights_base, result._layouts_capacity, 0, ratio_count,
    )
    rc = _batch(c_appearance, call_base)
    if rc:
        raise _ffi.last_error(lib, rc)
    result._meta = (widths, width_count, layouts, appearance.layout, rtl)
    result._one_appearance = _NO_LIST
    return result
