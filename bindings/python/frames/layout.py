"""Banner layout geometry (SPEC BN-04..BN-08) over frames_layout_banners()
and frames_layout_scroll_offset().

A call from Python costs little more than the ctypes call itself
(docs/performance.md, "Python layout calls"): the Appearance's C struct is
built once, with the Appearance; the capacity is known before the call (a
layout never has more rects than ratios, BN-02), so there is one foreign
call; pointers travel as integer addresses; the result's buffer also
holds the call block, which receives the count and the height, and its
views are made only when read.  A result given back as ``out=`` with the
same Appearance, rtl and list (or tuple) length writes only the width and
the ratios: the checks of the first call hold for the block it left; and
the ratios only when they differ from those it holds (unchanging()).
What the calls return (Rect, LayoutResult, ...) is in layout_result and
importable from here too.
"""

from __future__ import annotations

import ctypes
import functools
import struct
from array import array
from typing import Any, Callable, Dict, List, Optional, cast

from . import _ffi
from . import _layout_checks as check
from ._lib import lib
from ._out import out_buffer
from ._ratios import Ratios, double_address, not_real
from .appearance import Appearance
from .errors import BufferTooSmallError, OutOfRangeError
from .layout_result import (
    _END_WORD,
    _HEIGHT_WORD,
    _NO_LIST,
    _OWNED,
    _VIEW,
    _WRAPPED,
    LayoutMetrics,
    LayoutResult,
    OutBuffer,
    Point,
    Rect,
    RectSequence,
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

#: The call block of one layout: struct frames_layout_batch, then the words
#: its pointers point at — the list length, the rect end and the content
#: height the library writes, the width the library reads — then, for a
#: list, its ratios.  (The width the result reports is its _width, stored
#: once the call succeeded, so a failed call leaves a reused result as it
#: was.)  A two-argument foreign call costs far less through ctypes than
#: the nine arguments of frames_layout_banners (docs/performance.md, "Python
#: layout calls"); the layout is the same (frames.h).  Checked against the
#: ctypes mirror of the struct by the tests.
_CALL = struct.Struct("@I?PNPNPNPNPPNN" + "NNdd")
_CALL_WORDS = _CALL.size // 8
_LENGTH_OFFSET = 8 * (_END_WORD - 1)
_END_OFFSET = 8 * _END_WORD
_HEIGHT_OFFSET = 8 * _HEIGHT_WORD
_WIDTH_WORD = _HEIGHT_WORD + 1
_WIDTH_OFFSET = 8 * _WIDTH_WORD
_REPORT_SCRATCH = struct.Struct("@Nd")  # rect end, content height
_BATCH_VERSION = _ffi.FRAMES_LAYOUT_BATCH_VERSION
#: The pack_into of _CALL followed by the ratios of a list, and of the
#: ratios alone (what a reused result repacks), per count (small counts
#: kept).
_CALL_AND_RATIOS: Dict[int, Callable[..., None]] = {}
_RATIOS: Dict[int, Callable[..., None]] = {}


def packer(cache: Dict[int, Callable[..., None]], count: int, layout: str) -> Callable[..., None]:
    """The pack_into of struct ``layout`` for ``count`` ratios, kept in
    ``cache`` for small counts (struct's own cache holds the rest)."""
    pack_into = struct.Struct(layout).pack_into
    if count <= 256:
        cache[count] = pack_into
    return pack_into


def _call_and_ratios(count: int) -> Callable[..., None]:
    return packer(_CALL_AND_RATIOS, count, _CALL.format + f"{count}d")


def ratios_into(block: "array[float]", offset: int, count: int) -> Callable[..., None]:
    """The pack_into of ``count`` doubles bound to ``block`` at byte
    ``offset``, called with the ratios alone: ``pack(*ratios)`` hands the
    list to struct as one tuple, where ``pack_into(block, offset, *ratios)``
    first builds a list of all the arguments, then that tuple."""
    pack_into = _RATIOS.get(count) or packer(_RATIOS, count, f"@{count}d")
    return functools.partial(pack_into, block, offset)


#: A result's record of ratios when it has none: equal to no list or tuple.
UNKEPT = object()


def unchanging(ratios: Any) -> bool:
    """Whether the items of ``ratios`` keep their value while the list
    holds the same objects: floats (a float subclass's value is its float
    part, which is what struct packs), ints and bools, but not, say, a
    numpy 0-d array, which can change in place.

    A reused result keeps a copy of the list whose ratios its block holds
    (LayoutResult._list_pending, BatchLayoutResult._one_pending; a tuple
    is kept as is), dropped when the call fails.  When a later call passes
    a list equal to it whose items all keep their value, the copy becomes
    the record each call compares its list with (_list_ratios,
    _one_ratios), and an equal list is not packed again: ``==`` on two
    lists compares identical items by identity, a few instructions each,
    where packing a ratio costs about 85.  A number equal to a recorded
    one packs to the same double: the record comes from a call that
    succeeded, so it holds only positive finite ratios (BN-07), and
    neither -0.0 == 0.0 nor NaN arises."""
    types = {*map(type, ratios)}
    return types <= _UNCHANGING or all(issubclass(kind, float) for kind in types - _UNCHANGING)


_UNCHANGING = {float, int, bool}


def word_view(block: "array[float]", word: int) -> "memoryview[float]":
    """Double ``word`` of ``block`` as a 0-d view: ``view[()] = x`` writes
    it for less than half of what ``block[word] = x`` costs (array parses
    its argument with a format string; the view reads the float)."""
    return memoryview(block).cast("B")[8 * word : 8 * word + 8].cast("d", [])


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
    # The repeated call: the same Appearance object and rtl as the call that
    # filled out's block from a list, so the block is checked and packed
    # already but for the width and the ratios, and the ratios only when
    # they differ from those it holds (unchanging(), above).  A list of
    # another length fails the pack, as an item that is not a number does;
    # both take the path that packs the block whole (and says what is
    # wrong).  Every bytecode here costs about as much as the C layout of a
    # few banners: one condition, slots rather than the state tuple, no
    # other locals (the other paths are functions of their own).  ``x.__class__ is T``
    # costs CPython less than ``type(x) is T`` (an attribute load against a
    # global load and a call); an object that claims a class through
    # __class__ (a proxy) is then used as one, as isinstance() would.
    if out.__class__ is LayoutResult and (ratios.__class__ is list or ratios.__class__ is tuple) and (
        out._list_appearance is appearance and out._list_rtl is rtl and container_width.__class__ is float
    ):
        out._list_width[()] = container_width
        if ratios != out._list_ratios:
            if ratios == out._list_pending and unchanging(out._list_pending):
                out._list_ratios = out._list_pending
            else:
                try:
                    out._list_pack(*ratios)
                except struct.error:
                    return _layout_into(out, appearance, container_width, ratios, rtl)
                out._list_ratios = UNKEPT
                out._list_pending = ratios[:]
        rc = _batch(out._list_c_appearance, out._list_call)
        if rc:
            out._list_ratios = out._list_pending = UNKEPT
            state = out._state
            raise _failed(rc, state[11], container_width, state[12] + _CALL.size, state[10], rtl, state[2], state[3])
        out._width = container_width
        return out
    if out is not None:
        return _layout_into(out, appearance, container_width, ratios, rtl)
    return _layout_new(appearance, container_width, ratios, rtl)


def _layout_new(appearance: Appearance, container_width: float, ratios: Ratios, rtl: bool) -> LayoutResult:
    """layout_banners() without out=: a new result."""
    if type(appearance) is not Appearance:
        appearance_address(appearance)
    # Built with the Appearance: its struct's address, its BN-02 limit, its layout type.
    c_appearance, limit, layout = appearance._call  # type: ignore[attr-defined]
    width = container_width if type(container_width) is float else check.length(container_width, "container_width")
    if rtl is not False and rtl is not True:
        check.flag(rtl, "rtl")
    if type(ratios) is list or type(ratios) is tuple:
        # One allocation (the rects, the call block, a copy of the ratios)
        # and one pack_into (the call block and the ratios).
        count = len(ratios)
        needed = count if limit is None or count <= limit else limit
        word = 4 * needed
        buffer = _ZERO * (word + _CALL_WORDS + count)
        base = buffer.buffer_info()[0]
        call = base + 8 * word
        pack_into = _CALL_AND_RATIOS.get(count) or _call_and_ratios(count)
        try:
            pack_into(
                buffer, 8 * word, _BATCH_VERSION, rtl, call + _WIDTH_OFFSET, 1, call + _CALL.size, count,
                call + _LENGTH_OFFSET, 1, base, needed, call + _END_OFFSET, call + _HEIGHT_OFFSET, 1, 0, count,
                0, 0.0, width, *ratios,
            )
        except struct.error as error:
            raise not_real(ratios, "ratios", error) from None
        rc = _batch(c_appearance, call)
        if rc:
            raise _failed(rc, c_appearance, width, call + _CALL.size, count, rtl, base, needed)
        result = _new_result(LayoutResult)
        result._state = (buffer, 0, base, needed, _OWNED, buffer, word, layout, rtl, _NO_LIST, -1, c_appearance,
                         call)
        result._list_appearance = _NO_LIST
        result._width = width
        return result
    address, count, owner = double_address(ratios)
    needed = count if limit is None or count <= limit else limit
    word = 4 * needed
    buffer = _ZERO * (word + _CALL_WORDS)
    base = buffer.buffer_info()[0]
    call = base + 8 * word
    _CALL.pack_into(
        buffer, 8 * word, _BATCH_VERSION, rtl, call + _WIDTH_OFFSET, 1, address, count, call + _LENGTH_OFFSET, 1,
        base, needed, call + _END_OFFSET, call + _HEIGHT_OFFSET, 1, 0, count, 0, 0.0, width,
    )
    rc = _batch(c_appearance, call)
    if rc:
        raise _failed(rc, c_appearance, width, address, count, rtl, base, needed)
    result = _new_result(LayoutResult)
    result._state = (buffer, 0, base, needed, _OWNED, buffer, word, layout, rtl, _NO_LIST, -1, c_appearance, call)
    result._list_appearance = _NO_LIST
    result._width = width
    return result


def _layout_into(out: OutBuffer, appearance: Appearance, container_width: float, ratios: Ratios,
                 rtl: bool) -> LayoutResult:
    """layout_banners(..., out=out) but for the repeated call the caller
    inlines: every check, then the call block packed whole."""
    c_appearance = appearance_address(appearance)
    width = container_width if type(container_width) is float else check.length(container_width, "container_width")
    check.flag(rtl, "rtl")
    limit = appearance._limit  # type: ignore[attr-defined]
    listed = type(ratios) is list or type(ratios) is tuple
    if listed:
        address, count, owner = 0, len(cast(List[float], ratios)), None
    else:
        address, count, owner = double_address(ratios)
    needed = count if limit is None or count <= limit else limit
    into: Optional[LayoutResult] = None
    report = (0, 0.0)
    extra = count if listed else 0
    if isinstance(out, LayoutResult):
        into = out
        memory, _, base, capacity, kind, block, word = into._state[:7]
        report = _REPORT_SCRATCH.unpack_from(block, 8 * (word + _END_WORD))
        if kind == _VIEW:
            raise ValueError("out is one layout of a batch result; pass the batch result to layout_banners_batch, "
                             "or a LayoutResult of layout_banners")
        if kind == _OWNED:
            if capacity < needed or len(memory) < 4 * capacity + _CALL_WORDS + extra:
                capacity = max(capacity, needed)
                memory = _ZERO * (4 * capacity + _CALL_WORDS + extra)
                base = memory.buffer_info()[0]
                block, word = memory, 4 * capacity
        elif len(block) < _CALL_WORDS + extra:
            block, word = _ZERO * (_CALL_WORDS + extra), 0
    else:
        memory, base, capacity = out_buffer(out)
        kind = _WRAPPED
        block, word = _ZERO * (_CALL_WORDS + extra), 0
    if capacity < needed:
        raise BufferTooSmallError(
            BufferTooSmallError.CODE or -3, f"out holds {capacity} rects (4 doubles each); {needed} are needed"
        )
    call = block.buffer_info()[0] + 8 * word
    if listed:
        address = call + _CALL.size
        try:
            (_CALL_AND_RATIOS.get(count) or _call_and_ratios(count))(
                block, 8 * word, _BATCH_VERSION, rtl, call + _WIDTH_OFFSET, 1, address, count, call + _LENGTH_OFFSET,
                1, base, capacity, call + _END_OFFSET, call + _HEIGHT_OFFSET, 1, 0, count, *report, width,
                *cast(List[float], ratios),
            )
        except struct.error as error:
            # struct packs up to the item it refuses: the block may hold
            # this call's struct now.
            _forget_list(into)
            raise not_real(ratios, "ratios", error) from None
    else:
        _CALL.pack_into(
            block, 8 * word, _BATCH_VERSION, rtl, call + _WIDTH_OFFSET, 1, address, count, call + _LENGTH_OFFSET, 1,
            base, capacity, call + _END_OFFSET, call + _HEIGHT_OFFSET, 1, 0, count, *report, width,
        )
    rc = _batch(c_appearance, call)
    if rc:
        _forget_list(into)
        raise _failed(rc, c_appearance, width, address, count, rtl, base, capacity)
    result = _new_result(LayoutResult) if into is None else into
    if listed:
        result._state = (memory, 0, base, capacity, kind, block, word, appearance.layout, rtl, appearance, count,
                         c_appearance, call)
        # What the repeated call reads, one slot each (_list_appearance
        # last: it opens that call's path).
        result._list_rtl = rtl
        result._list_width = word_view(block, word + _WIDTH_WORD)
        result._list_pack = ratios_into(block, 8 * (word + _CALL_WORDS), count)
        result._list_ratios = UNKEPT
        result._list_pending = cast(List[float], ratios)[:]
        result._list_c_appearance = c_appearance
        result._list_call = call
        result._list_appearance = appearance
    else:
        result._state = (memory, 0, base, capacity, kind, block, word, appearance.layout, rtl, _NO_LIST, -1,
                         c_appearance, call)
        _clear_list(result)
    result._width = width
    return result


def _forget_list(into: Optional[LayoutResult]) -> None:
    """After a failed call that packed into the block of ``into`` (its
    struct may be this call's now): the next call packs it whole."""
    if into is not None:
        into._state = into._state[:9] + (_NO_LIST, -1) + into._state[11:]
        _clear_list(into)


def _clear_list(result: LayoutResult) -> None:
    """Closes the repeated call's path of ``result``, and lets go of the
    pack and the view it read: they hold the block they were made for,
    which may be one the result no longer uses."""
    result._list_appearance = _NO_LIST
    result._list_pack = result._list_width = None
    result._list_ratios = result._list_pending = UNKEPT


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

