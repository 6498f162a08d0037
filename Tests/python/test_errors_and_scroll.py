"""Errors (codes, messages, recovery), BN-07 and scroll offsets (BN-08)."""

from __future__ import annotations

import re
from pathlib import Path

import math
import pickle
import threading
from typing import List

import pytest

import frames
from frames import (
    Appearance,
    FramesError,
    InvalidArgumentError,
    LayoutType,
    OutOfRangeError,
    Point,
    Rect,
    UnsupportedError,
    layout_banners,
    scroll_offset,
)
from frames.errors import error_for_code

LIST = LayoutType.VERTICAL_LIST
TILES = LayoutType.TILES


@pytest.mark.parametrize("layout", list(LayoutType))
@pytest.mark.parametrize("bad", [0.0, -1.5, math.nan, math.inf, -math.inf])
def test_bn07_bad_ratio_is_rejected_naming_its_index(layout: LayoutType, bad: float) -> None:
    # BN-07: the pure geometry call rejects the ratio, naming its index
    with pytest.raises(InvalidArgumentError) as info:
        layout_banners(Appearance(layout=layout), 390, [1.0, 2.0, bad, 1.0])
    assert info.value.code == -1
    assert "ratios[2]" in info.value.message


def test_bn07_bad_ratio_beyond_max_banners_count_is_still_rejected() -> None:
    # BN-07: ratios are checked before the limit applies
    with pytest.raises(InvalidArgumentError, match=r"ratios\[3\]"):
        layout_banners(Appearance(layout=LIST, max_banners_count=1), 390, [1.0, 1.0, 1.0, -1.0])


@pytest.mark.parametrize("width", [math.nan, math.inf, -math.inf, -1.0])
def test_non_finite_or_negative_container_width(width: float) -> None:
    for layout in LayoutType:
        with pytest.raises(InvalidArgumentError) as info:
            layout_banners(Appearance(layout=layout), width, [1.0])
        assert "container_width" in info.value.message


def test_errors_carry_code_and_message() -> None:
    with pytest.raises(FramesError) as info:
        Appearance(corner_radius=-2).validate()
    error = info.value
    assert isinstance(error, InvalidArgumentError) and isinstance(error, ValueError)
    assert error.code == -1
    assert "corner_radius" in error.message
    assert str(error) == error.message
    assert pickle.loads(pickle.dumps(error)).message == error.message


def test_error_classes_per_code() -> None:
    expected = {
        -1: frames.InvalidArgumentError,
        -2: frames.NullPointerError,
        -3: frames.BufferTooSmallError,
        -4: frames.VersionError,
        -5: frames.OutOfRangeError,
        -6: frames.UnsupportedError,
        -7: frames.OutOfMemoryError,
        -8: frames.LayoutOverflowError,
        -9: frames.InvalidHandleError,
        -10: frames.WrongThreadError,
        -11: frames.InvalidStateError,
        -12: frames.NotFoundError,
        -99: frames.InternalError,
    }
    for code, cls in expected.items():
        error = error_for_code(code, "m")
        assert type(error) is cls and error.code == code and error.message == "m"
        assert isinstance(error, FramesError)
    unknown = error_for_code(-1234, "later code")
    assert type(unknown) is FramesError and unknown.code == -1234


def test_xc08_every_header_code_has_its_own_exception_class() -> None:
    # XC-08: the header's FRAMES_ERR_* numbers are the contract; a code added
    # there without a Python class would surface as the bare base class.
    header = (Path(__file__).resolve().parents[2] / "include" / "frames.h").read_text()
    codes = [int(v) for v in re.findall(r"#define FRAMES_ERR_[A-Z_]+ \((-\d+)\)", header)]
    assert len(codes) >= 13
    classes = [type(error_for_code(code, "m")) for code in codes]
    assert FramesError not in classes
    assert len(set(classes)) == len(codes)


def test_overflow_maps_to_layout_overflow_error() -> None:
    # frames.h: FRAMES_ERR_OVERFLOW for a height that is not finite (ratio 1e-320)
    with pytest.raises(frames.LayoutOverflowError) as info:
        layout_banners(Appearance(layout=LIST), 390, [1e-320])
    assert info.value.code == -8 and info.value.message


def test_the_library_stays_usable_after_errors() -> None:
    with pytest.raises(InvalidArgumentError, match=r"ratios\[0\]"):
        layout_banners(Appearance(layout=LIST), 100, [-1.0])
    # BN-04: 100 / 2 = 50
    assert layout_banners(Appearance(layout=LIST), 100, [2.0]).rects == [Rect(0, 0, 100, 50)]
    with pytest.raises(InvalidArgumentError) as info:
        layout_banners(Appearance(layout=LIST), 100, [1.0, math.nan])
    assert "ratios[1]" in info.value.message  # the new message, not the old one


def test_messages_are_per_thread() -> None:
    messages: List[str] = []

    def fail(index: int) -> None:
        ratios = [1.0] * 8
        ratios[index] = -1.0
        try:
            layout_banners(Appearance(), 100, ratios)
        except InvalidArgumentError as error:
            messages.append(error.message)

    threads = [threading.Thread(target=fail, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(messages) == 8
    assert {m.split(" ")[0] for m in messages} == {f"ratios[{i}]" for i in range(8)}


# --- BN-08 scroll offsets ----------------------------------------------------

CAROUSEL_A = Appearance(side_inset=16)  # page 358, step 366, content width 1122


def test_bn08_carousel_scroll_offset_ltr() -> None:
    # BN-08: the page sits at the leading inset: x = index * (358 + 8)
    ratios = [1.5, 1.0, 0.75]
    assert scroll_offset(CAROUSEL_A, 390, ratios, 0) == Point(0, 0)
    assert scroll_offset(CAROUSEL_A, 390, ratios, 1) == Point(366, 0)
    assert scroll_offset(CAROUSEL_A, 390, ratios, 2) == Point(732, 0)


def test_bn08_carousel_scroll_offset_rtl() -> None:
    # BN-08 RTL: x = 1122 - 390 - index * 366; the first page is the largest offset
    ratios = [1.5, 1.0, 0.75]
    assert scroll_offset(CAROUSEL_A, 390, ratios, 0, rtl=True) == Point(732, 0)
    assert scroll_offset(CAROUSEL_A, 390, ratios, 1, rtl=True) == Point(366, 0)
    assert scroll_offset(CAROUSEL_A, 390, ratios, 2, rtl=True) == Point(0, 0)


def test_bn08_vertical_list_scroll_offset_clamps_with_viewport() -> None:
    # BN-08 with BN-04 rows at 0, 180, 417, 539; content height 996
    a = Appearance(layout=LIST, side_inset=16)
    ratios = [2.0, 1.5, 3.0, 0.75]
    assert scroll_offset(a, 375, ratios, 3) == Point(0, 539)  # viewport 0: the row's top
    assert scroll_offset(a, 375, ratios, 3, viewport_height=600) == Point(0, 996 - 600)
    assert scroll_offset(a, 375, ratios, 1, viewport_height=600) == Point(0, 180)
    assert scroll_offset(a, 375, ratios, 2, viewport_height=5000) == Point(0, 0)


def test_bn08_vertical_list_bad_viewport_height() -> None:
    with pytest.raises(InvalidArgumentError):
        scroll_offset(Appearance(layout=LIST), 375, [1.0], 0, viewport_height=math.nan)


def test_bn08_tiles_do_not_scroll() -> None:
    # BN-08: tiles -> FRAMES_ERR_UNSUPPORTED
    with pytest.raises(UnsupportedError) as info:
        scroll_offset(Appearance(layout=TILES), 375, [1.0, 1.0], 0)
    assert info.value.code == -6 and info.value.message


@pytest.mark.parametrize("index", [3, 2**40, 2**64 - 1, -1])
def test_bn08_index_out_of_range(index: int) -> None:
    with pytest.raises(OutOfRangeError) as info:
        scroll_offset(Appearance(), 375, [1.0, 1.0, 1.0], index)
    assert info.value.code == -5 and info.value.message
    assert isinstance(info.value, IndexError)


def test_bn08_index_past_size_t_is_an_overflow_error() -> None:
    # An index no C size_t holds: OverflowError, as for every integer
    # argument outside its C type.
    with pytest.raises(OverflowError, match="index"):
        scroll_offset(Appearance(), 375, [1.0, 1.0, 1.0], 2**70)


def test_bn08_list_index_beyond_max_banners_count_is_out_of_range() -> None:
    # BN-02 + BN-08: only laid-out banners can be scrolled to
    a = Appearance(layout=LIST, max_banners_count=2)
    assert scroll_offset(a, 100, [1.0, 1.0, 1.0], 1) == Point(0, 108)
    with pytest.raises(OutOfRangeError):
        scroll_offset(a, 100, [1.0, 1.0, 1.0], 2)


def test_bn07_scroll_offset_checks_ratios() -> None:
    with pytest.raises(InvalidArgumentError, match=r"ratios\[1\]"):
        scroll_offset(Appearance(), 100, [1.0, 0.0], 0)
