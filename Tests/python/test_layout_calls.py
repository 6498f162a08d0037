"""The layout calls as a Python user meets them: argument types, ``out=``,
the batched call, empty ratio lists and the ``rects`` name (BN-02..BN-08).

Expected geometry is computed by hand from the SPEC formulas (or compared
with the single call, itself proven by test_geometry.py).
"""

from __future__ import annotations

import copy
import ctypes
import dataclasses
import math
import pickle
import warnings
from array import array
from fractions import Fraction
from typing import Any, Callable, Dict, List

import numpy as np
import pytest

import frames
from frames import (
    Appearance,
    BatchLayoutResult,
    BufferTooSmallError,
    InvalidArgumentError,
    LayoutType,
    Rect,
    layout_banners,
    layout_banners_batch,
    measure_layout,
    scroll_offset,
)

LIST = LayoutType.VERTICAL_LIST
TILES = LayoutType.TILES
CAROUSEL = LayoutType.CAROUSEL
TILES_A = Appearance(layout=TILES, side_inset=16)
# BN-05 by hand: cell (390 - 32 - 8) / 2 = 175; 116.67->117, 175, 233.33->233
TILES_390 = [Rect(16, 0, 175, 117), Rect(199, 0, 175, 175), Rect(16, 183, 175, 233)]


# --- rects, and frames as a deprecated alias ---------------------------------------

def test_rects_and_the_deprecated_frames_alias() -> None:
    r = layout_banners(TILES_A, 390, [1.5, 1.0, 0.75])
    assert r.rects == TILES_390 and r.content_height == 416
    with pytest.warns(DeprecationWarning, match="rects"):
        legacy = r.frames
    assert legacy == r.rects
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert "rects=" in repr(r)  # the repr reads rects, without a warning


# --- argument types: the exception a Python user expects -------------------------

@pytest.mark.parametrize("rtl", ["no", "", 1, 0, None, 1.0])
def test_rtl_takes_only_a_bool(rtl: Any) -> None:
    with pytest.raises(TypeError, match="rtl"):
        layout_banners(TILES_A, 390, [1.0], rtl=rtl)
    with pytest.raises(TypeError, match="rtl"):
        scroll_offset(Appearance(), 390, [1.0], 0, rtl=rtl)
    with pytest.raises(TypeError, match="rtl"):
        layout_banners_batch(TILES_A, [390], [1.0], rtl=rtl)


@pytest.mark.parametrize("width", ["390", b"390", None, True, [390], 1j])
def test_lengths_take_real_numbers(width: Any) -> None:
    with pytest.raises(TypeError, match="container_width"):
        layout_banners(TILES_A, width, [1.0])
    with pytest.raises(TypeError, match="container_width"):
        measure_layout(TILES_A, width, 1)
    with pytest.raises(TypeError, match="viewport_height"):
        scroll_offset(Appearance(), 390, [1.0], 0, viewport_height=width)


@pytest.mark.parametrize("width", [390, 390.0, np.float64(390), np.float32(390), np.int64(390), Fraction(390)])
def test_every_real_number_is_a_length(width: Any) -> None:
    assert layout_banners(TILES_A, width, [1.5, 1.0, 0.75]).rects == TILES_390
    assert measure_layout(TILES_A, width, 3).item_width == 175


def test_an_int_too_large_for_a_double_is_an_overflow_error() -> None:
    with pytest.raises(OverflowError):
        layout_banners(TILES_A, 10**400, [1.0])


@pytest.mark.parametrize(
    "field, value",
    [
        ("should_loop", "yes"), ("should_loop", 1), ("should_loop", None),
        ("side_inset", "4"), ("side_inset", True), ("side_inset", None),
        ("leading_inset", "1"), ("trailing_inset", False), ("inter_item_spacing", [8]),
        ("column_spacing", "0"), ("row_spacing", b"1"), ("corner_radius", "16"),
        ("max_banners_count", 2.5), ("max_banners_count", True), ("max_banners_count", "20"),
    ],
)
def test_appearance_fields_are_typed(field: str, value: Any) -> None:
    # Checked once, when the Appearance is built (not on every layout call).
    with pytest.raises(TypeError, match=field):
        Appearance(**{field: value})


def test_appearance_accepts_numpy_and_int_values() -> None:
    count: Any = np.int64(2)
    a = Appearance(layout=TILES, side_inset=np.float64(16), max_banners_count=count, inter_item_spacing=8)
    assert a.side_inset == 16.0 and type(a.max_banners_count) is int
    assert layout_banners(a, 390, [1.5, 1.0, 0.75]).rects == TILES_390[:2]


def test_appearance_copies_pickles_and_replacements_are_independent() -> None:
    # The C struct is built with the Appearance; copies build their own.
    a = Appearance(layout=TILES, side_inset=16)
    for other in (copy.copy(a), copy.deepcopy(a), pickle.loads(pickle.dumps(a))):
        assert other == a
        assert layout_banners(other, 390, [1.5, 1.0, 0.75]).rects == TILES_390
    wider = dataclasses.replace(a, side_inset=0)
    assert wider != a
    assert layout_banners(wider, 390, [1.0, 1.0]).rects == [Rect(0, 0, 191, 191), Rect(199, 0, 191, 191)]
    del a
    assert layout_banners(wider, 390, [1.0]).rects == [Rect(0, 0, 191, 191)]


@pytest.mark.parametrize("count", [-1, 2**64, -(2**70)])
def test_counts_outside_size_t_are_overflow_errors(count: int) -> None:
    with pytest.raises(OverflowError, match="count"):
        measure_layout(TILES_A, 390, count)


@pytest.mark.parametrize("index", [1.0, "0", True, None])
def test_index_is_an_int(index: Any) -> None:
    with pytest.raises(TypeError, match="index"):
        scroll_offset(Appearance(), 390, [1.0], index)


def test_appearance_must_be_an_appearance() -> None:
    for call in (
        lambda: layout_banners(None, 390, [1.0]),  # type: ignore[arg-type]
        lambda: measure_layout("tiles", 390, 1),  # type: ignore[arg-type]
        lambda: scroll_offset(Appearance().to_c(), 390, [1.0], 0),  # type: ignore[arg-type]
        lambda: layout_banners_batch({}, 390, [1.0]),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match="appearance"):
            call()


def test_no_ctypes_or_attribute_error_reaches_the_user() -> None:
    bad_calls: List[Callable[[], Any]] = [
        lambda: layout_banners(TILES_A, 390, ["a"]),  # type: ignore[list-item]
        lambda: layout_banners(TILES_A, 390, [None]),  # type: ignore[list-item]
        lambda: layout_banners(TILES_A, 390, [[1.0]]),  # type: ignore[list-item]
        lambda: layout_banners(TILES_A, 390, 3),  # type: ignore[arg-type]
        lambda: layout_banners(TILES_A, 390, [1.0], out=object()),  # type: ignore[arg-type]
        lambda: layout_banners(TILES_A, 390, [1.0], out=b"immutable"),  # type: ignore[arg-type]
        lambda: layout_banners(TILES_A, "x", [1.0]),  # type: ignore[arg-type]
        lambda: measure_layout(TILES_A, 390, "3"),  # type: ignore[arg-type]
        lambda: scroll_offset(Appearance(), 390, [1.0], "0"),  # type: ignore[arg-type]
        lambda: layout_banners_batch(TILES_A, ["a"], [1.0]),  # type: ignore[list-item]
        lambda: layout_banners_batch(TILES_A, [390], [1.0], lengths=["1"]),
        lambda: layout_banners_batch(TILES_A, [390], [[1.0], ["x"]]),  # type: ignore[arg-type]
        lambda: layout_banners_batch(TILES_A, [390], [1.0], out=object()),  # type: ignore[arg-type]
    ]
    for call in bad_calls:
        with pytest.raises(Exception) as info:
            call()
        assert not isinstance(info.value, (ctypes.ArgumentError, AttributeError)), repr(info.value)
        assert isinstance(info.value, (TypeError, ValueError, OverflowError)), repr(info.value)


# --- empty ratio lists: 0 banners, content height 0, everywhere ---------------------

@pytest.mark.parametrize("layout", list(LayoutType))
@pytest.mark.parametrize("empty", [[], (), array("d"), np.array([], dtype=np.float64)], ids=["list", "tuple", "array", "numpy"])
def test_an_empty_ratio_list_lays_out_nothing(layout: LayoutType, empty: Any) -> None:
    # BN-04..BN-06 with no banner: nothing to place, nothing to report.
    a = Appearance(layout=layout, side_inset=16)
    r = layout_banners(a, 390, empty)
    assert len(r) == 0 and r.rects == [] and r.content_height == 0
    assert np.asarray(r.as_memoryview()).shape == (0, 4)
    assert measure_layout(a, 390, 0).laid_out_count == 0
    reused = layout_banners(a, 390, empty, out=np.empty((0, 4)))
    assert len(reused) == 0 and reused.content_height == 0
    batch = layout_banners_batch(a, [320, 390], empty)
    assert [len(x) for x in batch] == [0, 0] and list(batch.content_heights) == [0, 0]
    assert list(batch.offsets) == [0, 0, 0]


# --- out=: large layouts reuse their memory -----------------------------------------

def test_out_numpy_array_receives_the_rects() -> None:
    out = np.full((5, 4), -1.0)
    r = layout_banners(TILES_A, 390, [1.5, 1.0, 0.75], out=out)
    assert r.rects == TILES_390 and r.content_height == 416 and len(r) == 3
    assert out[:3].tolist() == [list(x) for x in TILES_390]
    assert (out[3:] == -1).all()  # only the rects laid out are written
    assert np.shares_memory(np.asarray(r.as_memoryview()), out)


@pytest.mark.parametrize(
    "make", [lambda: np.zeros(12), lambda: array("d", [0.0] * 12), lambda: bytearray(96),
             lambda: memoryview(bytearray(96))],
    ids=["numpy-flat", "array-d", "bytearray", "memoryview"],
)
def test_out_other_writable_buffers(make: Callable[[], Any]) -> None:
    out = make()
    assert layout_banners(TILES_A, 390, [1.5, 1.0, 0.75], out=out).rects == TILES_390
    assert list(memoryview(out).cast("B").cast("d"))[:4] == list(TILES_390[0])


def test_out_too_small_is_a_value_error() -> None:
    with pytest.raises(BufferTooSmallError) as info:
        layout_banners(TILES_A, 390, [1.0] * 3, out=np.empty((2, 4)))
    assert isinstance(info.value, ValueError) and "3" in str(info.value)
    # BN-02: only the banners laid out need room
    limited = Appearance(layout=LIST, max_banners_count=2)
    assert len(layout_banners(limited, 390, [1.0] * 50, out=np.empty((2, 4)))) == 2


@pytest.mark.parametrize(
    "out, error",
    [
        (np.empty((3, 4), dtype=np.float32), TypeError),
        (np.empty((3, 4), dtype=np.int64), TypeError),
        (np.empty((4, 3))[:, :2], ValueError),  # not contiguous
        (array("f", [0.0] * 12), TypeError),
        (b"\0" * 96, TypeError),
        (memoryview(bytes(96)), TypeError),
    ],
    ids=["float32", "int64", "strided", "array-f", "bytes", "readonly-view"],
)
def test_out_must_be_writable_contiguous_doubles(out: Any, error: type) -> None:
    with pytest.raises(error):
        layout_banners(TILES_A, 390, [1.0], out=out)


def test_out_readonly_numpy_array() -> None:
    out = np.empty((3, 4))
    out.setflags(write=False)
    with pytest.raises(TypeError, match="writable"):
        layout_banners(TILES_A, 390, [1.0], out=out)


def test_out_a_previous_result_is_reused_in_place() -> None:
    ratios = np.full(100_000, 2.0)
    a = Appearance(layout=LIST, max_banners_count=None)
    first = layout_banners(a, 375, ratios)
    memory = np.asarray(first.as_memoryview())
    for width in (375, 300, 375):
        again = layout_banners(a, width, ratios, out=first)
        assert again is first
        assert np.shares_memory(np.asarray(again.as_memoryview()), memory)
        # BN-04: width / 2 rounded, rows 8 apart
        height = math.floor(width / 2 + 0.5)
        assert again.rects[-1] == Rect(0, 99_999 * (height + 8), width, height)
        assert again.container_width == width and again.content_height == 100_000 * height + 99_999 * 8
    # Fewer banners fit in the same memory; more make it grow once.
    assert len(layout_banners(a, 375, ratios[:10], out=first)) == 10
    assert np.shares_memory(np.asarray(first.as_memoryview()), memory)
    bigger = layout_banners(a, 375, np.full(100_001, 2.0), out=first)
    assert bigger is first and len(bigger) == 100_001


def test_out_result_of_a_caller_buffer_keeps_that_buffer() -> None:
    out = np.empty((4, 4))
    r = layout_banners(TILES_A, 390, [1.0], out=out)
    r2 = layout_banners(TILES_A, 390, [1.5, 1.0, 0.75], out=r)
    assert r2 is r and r.rects == TILES_390 and out[2].tolist() == list(TILES_390[2])
    with pytest.raises(BufferTooSmallError):
        layout_banners(TILES_A, 390, [1.0] * 5, out=r)


# --- the batched call ----------------------------------------------------------------

@pytest.mark.parametrize("layout", list(LayoutType))
@pytest.mark.parametrize("rtl", [False, True])
def test_batch_sweep_of_widths_equals_single_layouts(layout: LayoutType, rtl: bool) -> None:
    # BN-04..BN-06: layout i of the batch is the single layout at width i.
    a = Appearance(layout=layout, side_inset=16, max_banners_count=3)
    ratios = [1.5, 1.0, 0.75, 2.0]
    widths = np.linspace(320, 430, 50)
    batch = layout_banners_batch(a, widths, ratios, rtl=rtl)
    assert isinstance(batch, BatchLayoutResult) and len(batch) == 50
    rects = np.asarray(batch.as_memoryview())
    offsets = np.asarray(batch.offsets)
    for i, width in enumerate(widths):
        single = layout_banners(a, float(width), ratios, rtl=rtl)
        assert batch[i].rects == single.rects
        assert batch.content_heights[i] == batch[i].content_height == single.content_height
        assert batch[i].container_width == batch.container_widths[i] == width
        assert rects[offsets[i]:offsets[i + 1]].tolist() == [list(x) for x in single.rects]
    assert offsets[0] == 0 and offsets[-1] == len(rects) == 50 * len(single)
    assert batch[-1].rects == batch[49].rects and [len(x) for x in batch[:2]] == [len(single)] * 2


def test_batch_many_lists_at_one_width() -> None:
    # BN-04 and BN-02 per list; an empty list in the middle.
    a = Appearance(layout=LIST, side_inset=16, max_banners_count=2)
    lists = [[2.0, 1.5, 3.0], [], [0.75, 1.0, 4.0], [0.5]]
    batch = layout_banners_batch(a, 375, lists)
    assert [len(x) for x in batch] == [2, 0, 2, 1]
    assert list(batch.offsets) == [0, 2, 2, 4, 5]
    for i, ratios in enumerate(lists):
        assert batch[i].rects == layout_banners(a, 375, ratios).rects
    # BN-04 by hand: 343 / 2 = 171.5 -> 172, 343 / 1.5 -> 229
    assert batch[0].rects == [Rect(16, 0, 343, 172), Rect(16, 180, 343, 229)]
    assert batch.content_heights[1] == 0
    # The same lists flat with their lengths, and as numpy arrays.
    flat = [r for ratios in lists for r in ratios]
    same = layout_banners_batch(a, 375, np.array(flat), lengths=np.array([3, 0, 3, 1]))
    assert same.rects == batch.rects and list(same.offsets) == list(batch.offsets)
    assert layout_banners_batch(a, 375, flat, lengths=[3, 0, 3, 1]).rects == batch.rects


def test_batch_pairs_width_i_with_list_i_and_takes_2d_arrays() -> None:
    a = Appearance(layout=CAROUSEL, side_inset=20)
    grid = np.array([[2.0, 1.0], [1.5, 3.0], [0.5, 1.0]])
    widths = [300.0, 390.0, 200.0]
    batch = layout_banners_batch(a, widths, grid, rtl=True)
    for i in range(3):
        assert batch[i].rects == layout_banners(a, widths[i], grid[i], rtl=True).rects


def test_batch_shape_and_value_errors() -> None:
    a = Appearance(layout=LIST)
    with pytest.raises(InvalidArgumentError, match="width_count"):
        layout_banners_batch(a, [100, 200, 300], [[1.0], [2.0]])
    with pytest.raises(InvalidArgumentError, match="list_lengths"):
        layout_banners_batch(a, 100, [1.0, 2.0, 3.0], lengths=[1, 1])
    with pytest.raises(InvalidArgumentError, match=r"container_widths\[1\]"):
        layout_banners_batch(a, [100, math.nan], [1.0])
    with pytest.raises(InvalidArgumentError, match=r"ratios\[3\]"):
        layout_banners_batch(a, 100, [1.0, 2.0, 1.0, -1.0], lengths=[2, 2])
    with pytest.raises(OverflowError, match="lengths"):
        layout_banners_batch(a, 100, [1.0], lengths=[-1])
    with pytest.raises(OverflowError, match="lengths"):
        layout_banners_batch(a, 100, np.ones(1), lengths=np.array([-1, 2]))
    with pytest.raises(TypeError, match="lengths"):
        layout_banners_batch(a, 100, [1.0], lengths=[True])
    with pytest.raises(TypeError, match="container_widths"):
        layout_banners_batch(a, "390", [1.0])  # type: ignore[arg-type]


def test_batch_out_reuses_its_memory() -> None:
    a = Appearance(layout=TILES, max_banners_count=None)
    ratios = np.full(1000, 1.5)
    first = layout_banners_batch(a, np.linspace(320, 430, 50), ratios)
    memory = np.asarray(first.as_memoryview())
    again = layout_banners_batch(a, np.linspace(330, 440, 50), ratios, out=first)
    assert again is first and np.shares_memory(np.asarray(again.as_memoryview()), memory)
    assert again[0].rects == layout_banners(a, 330.0, ratios).rects
    smaller = layout_banners_batch(a, [390], ratios[:4], out=first)
    assert len(smaller) == 1 and len(smaller[0]) == 4 and list(smaller.offsets) == [0, 4]


def test_batch_no_layout_when_there_is_no_width() -> None:
    batch = layout_banners_batch(TILES_A, [], [1.0, 2.0])
    assert len(batch) == 0 and list(batch.offsets) == [0] and batch.rects == []
    assert np.asarray(batch.as_memoryview()).shape == (0, 4)


def test_frames_layout_batch_mirrors_match_the_header() -> None:
    # The ctypes mirror and the struct formats the binding packs have the
    # C layout of frames_layout_batch: compile a probe against frames.h.
    import shutil
    import struct as struct_module
    import subprocess
    import tempfile
    from pathlib import Path

    from frames import _ffi
    from frames import layout as layout_module
    from frames import layout_batch as batch_module

    from conftest import REPO_ROOT

    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler")
    fields = [field[0] for field in _ffi.frames_layout_batch._fields_]
    probe = ["#include <stdio.h>", "#include <stddef.h>", '#include "frames.h"', "int main(void) {",
             'printf("%zu\\n", sizeof(frames_layout_batch));']
    probe += [f'printf("%zu\\n", offsetof(frames_layout_batch, {f}));' for f in fields]
    probe += ["frames_layout_batch b = FRAMES_LAYOUT_BATCH_INIT;", 'printf("%u\\n", b.version);', "return 0; }"]
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text("\n".join(probe))
        exe = Path(tmp) / "probe"
        subprocess.run([compiler, "-I", str(REPO_ROOT / "include"), str(source), "-o", str(exe)], check=True)
        lines = [int(x) for x in subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout.split()]
    size, offsets, version = lines[0], lines[1:-1], lines[-1]
    assert size == ctypes.sizeof(_ffi.frames_layout_batch)
    assert offsets == [getattr(_ffi.frames_layout_batch, f).offset for f in fields]
    assert version == _ffi.FRAMES_LAYOUT_BATCH_VERSION
    # The packed formats: the struct first, then the binding's own words.
    assert batch_module._CALL.size == size == struct_module.calcsize(batch_module._CALL.format)
    assert layout_module._CALL.format.startswith(batch_module._CALL.format)
    packed = struct_module.Struct(batch_module._CALL.format)
    sample = packed.pack(*range(1, 15))
    c = _ffi.frames_layout_batch.from_buffer_copy(sample)
    assert (c.version, c.rtl, c.width_count, c.ratio_count, c.list_count, c.rects_capacity, c.layouts_capacity,
            c.out_rect_count) == (1, True, 4, 6, 8, 10, 13, 14)


# --- a reused result: the repeated call checks what the first one did ------------------

def test_a_reused_result_follows_each_call() -> None:
    # BN-05 at each width, rtl and count; the same object every time.
    r = layout_banners(TILES_A, 390, [1.5, 1.0, 0.75])
    for width, ratios, rtl in ((390.0, [1.5, 1.0, 0.75], False), (300.0, [1.5, 1.0, 0.75], False),
                               (300.0, [2.0, 1.0, 0.5], False), (300.0, [2.0, 1.0, 0.5], True),
                               (390.0, [1.0], True), (390.0, [1.0], True), (390, [1.0], True)):
        again = layout_banners(TILES_A, width, ratios, rtl, out=r)
        fresh = layout_banners(TILES_A, width, ratios, rtl)
        assert again is r and r.rects == fresh.rects and r.content_height == fresh.content_height
        assert r.container_width == width and r.rtl is rtl and len(r) == len(fresh)
    other = Appearance(layout=LIST, side_inset=16)
    assert layout_banners(other, 390.0, [1.0], True, out=r).rects == [Rect(16, 0, 358, 358)]
    assert r.layout is LIST


def test_a_reused_result_still_checks_its_arguments() -> None:
    r = layout_banners(TILES_A, 390.0, [1.0, 2.0])
    layout_banners(TILES_A, 390.0, [1.0, 2.0], out=r)
    with pytest.raises(TypeError, match="rtl"):
        layout_banners(TILES_A, 390.0, [1.0, 2.0], 1, out=r)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"ratios\[1\]"):
        layout_banners(TILES_A, 390.0, [1.0, "2"], out=r)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="appearance"):
        layout_banners(TILES_A.to_c(), 390.0, [1.0, 2.0], out=r)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="container_width"):
        layout_banners(TILES_A, "390", [1.0, 2.0], out=r)  # type: ignore[arg-type]


def test_a_reused_result_after_a_refused_list_of_another_length() -> None:
    # struct packs a list up to the item it refuses: the block a refused
    # call leaves is not taken for the one the result's last layout packed.
    r = layout_banners(TILES_A, 390.0, [1.5, 1.0])
    layout_banners(TILES_A, 390.0, [1.5, 1.0], out=r)
    before = (list(r.rects), r.content_height, r.container_width, len(r))
    for bad, rtl in (([1.0, 1.0, "x"], False), (["x"], True), ([None], False)):
        with pytest.raises(TypeError, match=r"ratios\[\d\]"):
            layout_banners(TILES_A, 300.0, bad, rtl, out=r)  # type: ignore[arg-type]
        assert (list(r.rects), r.content_height, r.container_width, len(r)) == before
        assert layout_banners(TILES_A, 390.0, [1.5, 1.0], out=r).rects == before[0]
    # A tuple is reused as a list is.
    for ratios in ((2.0, 0.5), [2.0, 0.5], (2.0, 0.5, 1.0)):
        assert layout_banners(TILES_A, 300.0, ratios, out=r).rects == layout_banners(TILES_A, 300.0, list(ratios)).rects
        assert r.container_width == 300.0


@pytest.mark.parametrize("bad", [dict(width=math.nan), dict(width=-1.0), dict(ratios=[1.0, -2.0]),
                                 dict(ratios=[1.0, math.inf]), dict(width=20.0)],
                         ids=["nan-width", "negative-width", "negative-ratio", "infinite-ratio", "no-room"])
def test_a_failed_call_leaves_a_reused_result_as_it_was(bad: Any) -> None:
    # BN-07 and BN-03: the library refuses; the result keeps the last layout.
    r = layout_banners(TILES_A, 390.0, [1.5, 1.0])
    layout_banners(TILES_A, 390.0, [1.5, 1.0], out=r)
    before = (list(r.rects), r.content_height, r.container_width, len(r))
    with pytest.raises(InvalidArgumentError):
        layout_banners(TILES_A, bad.get("width", 390.0), bad.get("ratios", [1.5, 1.0]), out=r)
    assert (list(r.rects), r.content_height, r.container_width, len(r)) == before
    assert layout_banners(TILES_A, 300.0, [1.5, 1.0], out=r).rects == layout_banners(TILES_A, 300.0, [1.5, 1.0]).rects
    # A batch given back as out= after a failed call is whatever that call
    # left; the next call overwrites it whole.
    batch = layout_banners_batch(TILES_A, 390.0, [1.5, 1.0])
    with pytest.raises(InvalidArgumentError):
        layout_banners_batch(TILES_A, bad.get("width", 390.0), bad.get("ratios", [1.5, 1.0]), out=batch)
    assert layout_banners_batch(TILES_A, 300.0, [1.5, 1.0], out=batch)[0].rects == r.rects


@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy, pickle.dumps])
def test_results_are_not_copied(copier: Callable[[Any], Any]) -> None:
    # A copy would keep the addresses of the original's buffers: given back
    # as out=, it would have the library write into the original's memory.
    for result in (layout_banners(TILES_A, 390.0, [1.5, 1.0]), layout_banners_batch(TILES_A, 390.0, [1.5, 1.0])):
        with pytest.raises(TypeError, match="cannot be copied or pickled"):
            copier(result)


def test_a_reused_batch_of_one_list_takes_lists_of_lists_of_its_length() -> None:
    # One list of one ratio, then one list of lists: the same count, yet
    # not the one list the block was packed for.
    batch = layout_banners_batch(TILES_A, 390.0, [1.5])
    again = layout_banners_batch(TILES_A, 390.0, [[1.5, 1.0]], out=batch)
    assert again is batch and len(batch) == 1 and batch[0].rects == layout_banners(TILES_A, 390.0, [1.5, 1.0]).rects


def test_a_reused_batch_of_one_list_at_one_width() -> None:
    batch = layout_banners_batch(TILES_A, 390, [1.5, 1.0, 0.75])
    assert batch[0].rects == TILES_390 and list(batch.container_widths) == [390]
    for width, ratios, rtl in ((300.0, [1.5, 1.0, 0.75], False), (300.0, [1.5, 1.0, 0.75], True),
                               (390.0, [2.0], True), (np.float64(320), [2.0], True)):
        again = layout_banners_batch(TILES_A, width, ratios, rtl=rtl, out=batch)
        single = layout_banners(TILES_A, width, ratios, rtl)
        assert again is batch and len(batch) == 1 and batch[0].rects == single.rects
        assert list(batch.content_heights) == [single.content_height] and list(batch.container_widths) == [width]
    with pytest.raises(TypeError, match="rtl"):
        layout_banners_batch(TILES_A, 320.0, [2.0], rtl=1, out=batch)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"ratios\[0\]"):
        layout_banners_batch(TILES_A, 320.0, [None], rtl=True, out=batch)  # type: ignore[arg-type]
    # Back to many widths with the same memory.
    assert [len(x) for x in layout_banners_batch(TILES_A, [300, 390], [1.0, 2.0], out=batch)] == [2, 2]


def test_the_batch_takes_rtl_and_lengths_by_position_too() -> None:
    # rtl is the fourth argument, as in layout_banners; then lengths.
    assert layout_banners_batch(TILES_A, 390.0, [1.5, 1.0], True)[0].rects == layout_banners(
        TILES_A, 390.0, [1.5, 1.0], True
    ).rects
    assert layout_banners_batch(TILES_A, 390.0, [1.5, 1.0, 2.0], False, [2, 1]).rects == layout_banners_batch(
        TILES_A, 390.0, [1.5, 1.0, 2.0], lengths=[2, 1]
    ).rects


@pytest.mark.parametrize("bad", [{"width": math.nan}, {"width": -1.0}, {"ratios": [1.5, 0.0]}])
def test_a_reused_result_fails_as_a_new_call_does(bad: Dict[str, Any]) -> None:
    # The repeated out= calls raise what the whole path raises, message and all.
    width, ratios = bad.get("width", 390.0), bad.get("ratios", [1.5, 1.0])
    messages = []
    for reuse in (False, True):
        result = layout_banners(TILES_A, 390.0, [1.5, 1.0]) if reuse else None
        batch = layout_banners_batch(TILES_A, 390.0, [1.5, 1.0]) if reuse else None
        with pytest.raises(InvalidArgumentError) as single:
            layout_banners(TILES_A, width, ratios, out=result)
        with pytest.raises(InvalidArgumentError) as many:
            layout_banners_batch(TILES_A, width, ratios, out=batch)
        messages.append((str(single.value), str(many.value)))
    assert messages[0] == messages[1]


# --- a reused result and the ratios it holds (BN-04, BN-07): equal ratios are not packed again --

def _both(width: float, ratios: Any, rtl: bool = False) -> List[Any]:
    """What a fresh call of each kind lays out: the reference."""
    return [list(layout_banners(TILES_A, width, list(ratios), rtl).rects)] * 2


def _reused(result: Any, batch: Any, width: float, ratios: Any, rtl: bool = False) -> List[Any]:
    single = list(layout_banners(TILES_A, width, ratios, rtl, out=result).rects)
    many = list(layout_banners_batch(TILES_A, width, ratios, rtl, out=batch)[0].rects) if type(ratios) is list \
        else single
    return [single, many]


def test_a_list_changed_in_place_is_laid_out_anew() -> None:
    # BN-04: the same list object, called again and again (from the third
    # call the result compares it with its record and packs nothing), then
    # changed in place: each call lays out what the list holds then.
    ratios: List[Any] = [1.5, 1.0, 0.75]
    r, batch = layout_banners(TILES_A, 390.0, ratios), layout_banners_batch(TILES_A, 390.0, ratios)
    for _ in range(4):
        assert _reused(r, batch, 390.0, ratios) == _both(390.0, ratios)
    for index, value in ((0, 2.0), (2, 0.5), (1, 3), (1, True), (0, Fraction(1, 2)), (2, np.float64(1.25))):
        ratios[index] = value
        for width in (390.0, 390.0, 300.0, 300.0):
            assert _reused(r, batch, width, ratios) == _both(width, ratios)
    ratios.append(2.0)
    assert _reused(r, batch, 390.0, ratios) == _both(390.0, ratios)
    del ratios[:2]
    assert _reused(r, batch, 390.0, ratios) == _both(390.0, ratios)


def test_a_number_that_changes_in_place_is_read_on_every_call() -> None:
    # BN-04: a numpy 0-d array in a list is the same object after it changes: its
    # value is packed on every call, never taken from a record.
    # (Second: a batch takes a list whose first item is iterable for a list of lists.)
    cell = np.array(1.5)
    ratios: List[Any] = [1.0, cell]
    r, batch = layout_banners(TILES_A, 390.0, ratios), layout_banners_batch(TILES_A, 390.0, ratios)
    for value in (1.5, 1.5, 2.0, 2.0, 0.8, 0.8, 0.8):
        cell[()] = value
        assert _reused(r, batch, 390.0, ratios) == _both(390.0, [1.0, value])


def test_equal_ratios_in_new_lists_and_tuples() -> None:
    # BN-04: an equal list or tuple, new or the same, lays out as a fresh call.
    r, batch = layout_banners(TILES_A, 390.0, [1.5, 1.0]), layout_banners_batch(TILES_A, 390.0, [1.5, 1.0])
    for ratios in ([1.5, 1.0], [1.5, 1.0], [3 / 2, 1], (1.5, 1.0), (1.5, 1.0), [1.5, 1.0], [2.5, 1.0], (2.5, 1.0),
                   (2.5, 1.0), [np.float64(2.5), 1.0], [2.5, 1.0]):
        for _ in range(3):
            assert _reused(r, batch, 390.0, ratios) == _both(390.0, ratios)
    # Other ratios once, between calls with the list the result compares with.
    first, second = [1.5, 1.0], [0.5, 2.0]
    for ratios in (first, first, first, second, first, first, second, second, second, first, second):
        assert _reused(r, batch, 390.0, ratios) == _both(390.0, ratios)


def test_a_refused_ratio_is_named_as_given_after_an_equal_one() -> None:
    # BN-07: -0.0 == 0.0, yet the message names the ratio the call was given.
    r, batch = layout_banners(TILES_A, 390.0, [1.5]), layout_banners_batch(TILES_A, 390.0, [1.5])
    layout_banners(TILES_A, 390.0, [1.5], out=r)  # the repeated call's path: open from here on
    for given in (0.0, 0.0, -0.0, -0.0, 0.0, math.nan, math.nan):
        for call in (lambda: layout_banners(TILES_A, 390.0, [given], out=r),
                     lambda: layout_banners_batch(TILES_A, 390.0, [given], out=batch)):
            with pytest.raises(InvalidArgumentError, match=rf"ratios\[0\] is {given}; "):
                call()
    assert _reused(r, batch, 390.0, [1.5]) == _both(390.0, [1.5])
    assert _reused(r, batch, 390.0, [1.5]) == _both(390.0, [1.5])
