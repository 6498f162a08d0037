"""Ratio inputs of every kind and the lazy, zero-copy LayoutResult (BN-04..BN-06)."""

from __future__ import annotations

import ctypes
from array import array
from typing import Any, Iterator

import numpy as np
import pytest

from frames import Appearance, LayoutType, Rect, RectSequence, layout_banners
from frames._ratios import as_double_buffer

LIST = LayoutType.VERTICAL_LIST

RATIOS = [2.0, 1.5, 3.0, 0.75]
# BN-04 by hand: width 375 - 16 - 16 = 343; 171.5->172, 228.67->229, 114.33->114, 457.33->457
EXPECTED = [Rect(16, 0, 343, 172), Rect(16, 180, 343, 229), Rect(16, 417, 343, 114), Rect(16, 539, 343, 457)]
A = Appearance(layout=LIST, side_inset=16)


def _generator() -> Iterator[float]:
    yield from RATIOS


@pytest.mark.parametrize(
    "ratios",
    [
        RATIOS,
        tuple(RATIOS),
        array("d", RATIOS),
        array("f", RATIOS),  # converted in C
        np.array(RATIOS, dtype=np.float64),
        np.array(RATIOS, dtype=np.float32),
        np.array(RATIOS, dtype=">f8"),  # byte-swapped
        np.array([2.0, 9.0, 1.5, 9.0, 3.0, 9.0, 0.75, 9.0])[::2],  # non-contiguous slice
        np.array([2, 1.5, 3, 0.75], dtype=np.float64)[np.newaxis, :][0],
        memoryview(array("d", RATIOS)),
        memoryview(bytes(array("d", RATIOS))).cast("d"),  # read-only buffer
        _generator(),
    ],
    ids=["list", "tuple", "array-d", "array-f", "np-f64", "np-f32", "np-f64-be", "np-strided",
         "np-view", "memoryview", "memoryview-ro", "generator"],
)
def test_bn04_every_kind_of_ratio_input(ratios: Any) -> None:
    # BN-04 geometry is the same whatever container the ratios come in
    r = layout_banners(A, 375, ratios)
    assert r.rects == EXPECTED
    assert r.content_height == 996


def test_readonly_numpy_array() -> None:
    ratios = np.array(RATIOS)
    ratios.setflags(write=False)
    assert layout_banners(A, 375, ratios).rects == EXPECTED


def test_contiguous_float64_is_passed_without_a_copy() -> None:
    ratios = np.array(RATIOS)
    buffer = as_double_buffer(ratios)
    assert buffer.pointer is not None
    assert ctypes.cast(buffer.pointer, ctypes.c_void_p).value == ratios.ctypes.data
    d = array("d", RATIOS)
    buffer = as_double_buffer(d)
    assert buffer.pointer is not None
    assert ctypes.cast(buffer.pointer, ctypes.c_void_p).value == d.buffer_info()[0]


def test_two_dimensional_ratios_are_refused() -> None:
    with pytest.raises(ValueError):
        layout_banners(A, 375, np.ones((2, 2)))


def test_non_numbers_are_refused() -> None:
    with pytest.raises(TypeError):
        layout_banners(A, 375, ["a"])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        layout_banners(A, 375, "1,2")  # type: ignore[arg-type]


def test_rects_is_a_lazy_sequence_equal_to_a_list() -> None:
    r = layout_banners(A, 375, RATIOS)
    f = r.rects
    assert isinstance(f, RectSequence)
    assert f == EXPECTED and EXPECTED == f and f == tuple(EXPECTED)
    assert f != EXPECTED[:3] and f != EXPECTED[::-1]
    assert len(f) == 4
    assert f[0] == EXPECTED[0] and f[-1] == EXPECTED[-1]
    assert f[1:3] == EXPECTED[1:3] and f[::-1] == EXPECTED[::-1] and f[::2][1] == EXPECTED[2]
    assert list(f) == EXPECTED and list(f[1:]) == EXPECTED[1:]
    assert f.index(EXPECTED[2]) == 2 and EXPECTED[3] in f
    assert f[2].height == 114 and f[2].x == 16
    with pytest.raises(IndexError):
        f[4]
    with pytest.raises(TypeError):
        hash(f)


def test_as_memoryview_is_a_zero_copy_n_by_4_view() -> None:
    r = layout_banners(A, 375, RATIOS)
    view = r.as_memoryview()
    assert view.shape == (4, 4) and view.format == "d" and view.readonly
    rows: Any = view.tolist()
    assert rows == [list(rect) for rect in EXPECTED]
    a = np.asarray(view)
    assert a.shape == (4, 4) and a.dtype == np.float64
    assert np.shares_memory(a, np.asarray(r.as_memoryview()))
    assert a[3, 3] == 457


def test_empty_result_views() -> None:
    r = layout_banners(A, 375, [])
    assert r.rects == [] and len(r) == 0 and r.as_memoryview().shape == (0, 4)
    assert np.asarray(r.as_memoryview()).shape == (0, 4)


def test_bn04_a_million_ratios_in_one_call() -> None:
    # BN-04: 375 / 2 = 187.5 -> 188 per row, rows 8 apart; no timing asserts
    n = 1_000_000
    ratios = np.full(n, 2.0)
    r = layout_banners(Appearance(layout=LIST, max_banners_count=None), 375, ratios)
    assert len(r) == len(r.rects) == n
    assert r.rects[0] == Rect(0, 0, 375, 188)
    assert r.rects[500_000] == Rect(0, 500_000 * 196, 375, 188)
    assert r.rects[-1] == Rect(0, (n - 1) * 196, 375, 188)
    assert r.content_height == n * 188 + (n - 1) * 8
    a = np.asarray(r.as_memoryview())
    assert a.shape == (n, 4) and a[123_456, 1] == 123_456 * 196


def test_bn06_a_million_ratios_from_a_list() -> None:
    # BN-06: carousel; page 100, pages 108 apart; the tallest is 200 (ratio 0.5)
    n = 1_000_000
    ratios = [1.0] * n
    ratios[7] = 0.5
    r = layout_banners(Appearance(), 100, ratios)
    assert len(r) == n and r.content_height == 200
    assert r.rects[7] == Rect(7 * 108, 0, 100, 200)
    assert r.rects[-1] == Rect((n - 1) * 108, 50, 100, 100)


def test_a_layout_call_leaves_no_reference_cycles() -> None:
    # A cycle per call (a ctypes cast of a ctypes object) kept every rect
    # buffer alive until the garbage collector ran: a fresh page per 4 KiB on
    # every call, and 32 MB per call at a million banners.
    import gc

    ratios = array("d", [1.5] * 1000)
    appearance = Appearance(layout=LayoutType.TILES, max_banners_count=None)
    layout_banners(appearance, 390, ratios)
    gc.collect()
    gc.disable()
    try:
        for _ in range(100):
            layout_banners(appearance, 390, ratios)
            layout_banners(appearance, 390, list(ratios))
        # With a cycle per call this is at least 400 (two objects a call);
        # a few unrelated objects of the interpreter may show up.
        assert gc.collect() < 20
    finally:
        gc.enable()
