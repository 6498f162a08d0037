"""What the layout calls return (BN-04..BN-08): Rect and Point, the lazy
RectSequence over a C buffer of frames_rect, LayoutResult (the rects and
the content height of one layout) and LayoutMetrics.

A result holds its C buffer and makes Rect objects only when they are read
(docs/performance.md, "Python layout calls").
"""

from __future__ import annotations

import struct
import warnings
from array import array
from typing import Any, Iterator, NamedTuple, Sequence, Union, overload

from ._out import WritableBuffer
from .appearance import LayoutType

__all__ = ["Rect", "Point", "RectSequence", "LayoutResult", "LayoutMetrics", "OutBuffer"]

_RECT = struct.Struct("=4d")
#: Where a result's rects live: a buffer the binding allocated (reused and
#: grown as ``out=``), a caller's ``out=`` buffer, or a part of a batch.
_OWNED, _WRAPPED, _VIEW = 0, 1, 2
#: One row of zeros: the memory behind the views of an empty result.
_EMPTY_ROW = array("d", [0.0] * 4)


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

    # One tuple, stored when a call packs the block whole (docs/performance.md):
    #  0 the owner of the rects' memory, 1 their byte offset in it, 2 their
    #  address, 3 the capacity in rects, 4 the kind (_OWNED, _WRAPPED,
    #  _VIEW), 5 the call block (an array('d') whose words _END_WORD and
    #  _HEIGHT_WORD, counted from 6, hold the rect count and the content
    #  height the library writes), 6 the block's first word, 7 the layout
    #  type, 8 rtl, 9 and 10 the appearance and the number of list ratios
    #  the block holds for the next ``out=`` call (_NO_LIST and -1 when it
    #  holds none), 11 the appearance's C struct address, 12 the block's
    #  address.  _width is the width the result reports, stored once a
    #  call succeeded: a failed call leaves the result as it was.
    #  The repeated ``out=`` call (layout.py) reads slots, one attribute
    #  load each where the tuple costs a load and a subscript: while the
    #  block holds a list, _list_appearance (9; _NO_LIST otherwise, the
    #  others then unset or None), _list_rtl, _list_c_appearance and
    #  _list_call (8, 11, 12), _list_pack, the pack_into of its ratios
    #  bound to where they go in the block, _list_width, a view of the
    #  width word the library reads, and _list_ratios and _list_pending, the
    #  records of the ratios the block holds (layout.unchanging() says what
    #  they are; layout.UNKEPT when there is none).
    __slots__ = ("_state", "_width", "_list_appearance", "_list_rtl", "_list_width", "_list_pack",
                 "_list_c_appearance", "_list_call", "_list_ratios", "_list_pending")

    _state: "tuple[Any, int, int, int, int, Any, int, LayoutType, bool, Any, int, int, int]"
    _width: float
    _list_appearance: object
    _list_rtl: bool
    # A memoryview of the width word and a pack_into, or None once the
    # path is closed (read only while it is open).
    _list_width: Any
    _list_pack: Any
    _list_c_appearance: int
    _list_call: int
    _list_ratios: Any
    _list_pending: Any

    def __len__(self) -> int:
        state = self._state
        count: int = _COUNT_SCRATCH.unpack_from(state[5], 8 * (state[6] + _END_WORD))[0]
        return count

    @property
    def content_height(self) -> float:
        """The height the place reports (BN-04..BN-06)."""
        state = self._state
        height: float = state[5][state[6] + _HEIGHT_WORD]
        return height

    @property
    def layout(self) -> LayoutType:
        return self._state[7]

    @property
    def container_width(self) -> float:
        return self._width

    @property
    def rtl(self) -> bool:
        return self._state[8]

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
        owner, start = self._state[:2]
        count = len(self)
        if count == 0:
            return memoryview(b"")
        return memoryview(owner).cast("B")[start : start + count * _RECT.size].toreadonly()

    def as_memoryview(self) -> "memoryview[float]":
        """A read-only, zero-copy view of the rects: doubles of shape (n, 4),
        columns x, y, width, height.  ``numpy.asarray(result.as_memoryview())``
        shares the memory."""
        owner, start = self._state[:2]
        count = len(self)
        if count == 0:
            # A cast refuses a shape with a 0: cast one row, then slice it away.
            return memoryview(_EMPTY_ROW).cast("B").cast("d", [1, 4])[:0].toreadonly()
        data = memoryview(owner).cast("B")[start : start + count * _RECT.size]
        return data.cast("d", [count, 4]).toreadonly()

    def __repr__(self) -> str:
        return f"LayoutResult(rects={self.rects!r}, content_height={self.content_height!r})"

    def __reduce_ex__(self, protocol: object) -> Any:
        raise not_copyable(self)


def not_copyable(result: object) -> TypeError:
    """Why a layout result is not copied or pickled: its state holds the
    addresses of its own buffers, so a copy given back as ``out=`` would
    have the library write into the original's memory, freed or not."""
    return TypeError(
        f"a {type(result).__name__} cannot be copied or pickled (its rects live in buffers its calls address); "
        "copy the rects instead: list(result.rects) or numpy.array(result.as_memoryview())"
    )


#: What ``out=`` accepts: a previous result or a writable buffer.
OutBuffer = Union[LayoutResult, WritableBuffer]

#: The words of a layout's call block (layout.py) the result reads: after
#: struct frames_layout_batch (13 words) come the list length, the rect end
#: and the content height (written by the library), the width the library
#: reads, then the ratios of a list.
_END_WORD, _HEIGHT_WORD = 14, 15
_COUNT_SCRATCH = struct.Struct("@N")
_ZERO = array("d", [0.0])
#: The appearance in the state of a result whose block holds no list: an
#: object no caller has, so the repeated ``out=`` call (layout.py) never
#: takes that block for one packed from a list.
_NO_LIST = object()


def _view(owner: Any, offset: int, address: int, count: int, height: float, layout: LayoutType, width: float,
          rtl: bool) -> LayoutResult:
    """A result over rects that live elsewhere (a batch's layout i): its
    own small block holds what it reports."""
    block = _ZERO * (_HEIGHT_WORD + 1)
    _COUNT_SCRATCH.pack_into(block, 8 * _END_WORD, count)
    block[_HEIGHT_WORD] = height
    result = LayoutResult.__new__(LayoutResult)
    result._state = (owner, offset, address, count, _VIEW, block, 0, layout, rtl, _NO_LIST, -1, 0, 0)
    result._list_appearance = _NO_LIST
    result._width = width
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
