"""Appearance, its C mirror and its validation (BN-01..BN-03)."""

from __future__ import annotations

import math
import re

import pytest

import frames
from frames import Appearance, InvalidArgumentError, LayoutType, layout_banners
from frames import _ffi

LIST = LayoutType.VERTICAL_LIST
TILES = LayoutType.TILES
CAROUSEL = LayoutType.CAROUSEL


def test_bn01_layout_type_values() -> None:
    # BN-01: FRAMES_LAYOUT_* values; carousel is the default.
    assert (int(LayoutType.CAROUSEL), int(LayoutType.VERTICAL_LIST), int(LayoutType.TILES)) == (0, 1, 2)
    assert Appearance().layout is LayoutType.CAROUSEL


def test_bn03_defaults_of_appearance() -> None:
    # BN-03 (and BN-02's default limit of 20)
    a = Appearance()
    assert a.layout == LayoutType.CAROUSEL
    assert a.max_banners_count == 20
    assert a.should_loop is True
    assert a.side_inset == 0.0
    assert a.leading_inset is None and a.trailing_inset is None
    assert a.inter_item_spacing == 8.0
    assert a.column_spacing is None and a.row_spacing is None
    assert a.corner_radius == 16.0
    a.validate()


def test_bn03_defaults_agree_with_frames_appearance_init() -> None:
    # BN-03: Appearance() converts to exactly FRAMES_APPEARANCE_INIT.
    c = Appearance().to_c()
    expected = (1, 0, True, True, 20, 0.0, 0.0, 0.0, 8.0, 0.0, 0.0, 16.0, False, False, False, False)
    assert tuple(getattr(c, field[0]) for field in _ffi.frames_appearance._fields_) == expected


def test_appearance_is_frozen_and_keyword_built() -> None:
    a = Appearance(layout=TILES, side_inset=4)
    with pytest.raises(AttributeError):
        a.side_inset = 5  # type: ignore[misc]
    assert a == Appearance(layout=TILES, side_inset=4.0)


def test_appearance_optionals_set_has_flags() -> None:
    # BN-03: an explicit value sets its has_* flag, None leaves the fallback.
    c = Appearance(leading_inset=3, trailing_inset=4, column_spacing=5, row_spacing=6, max_banners_count=None).to_c()
    assert (c.has_leading_inset, c.leading_inset) == (True, 3.0)
    assert (c.has_trailing_inset, c.trailing_inset) == (True, 4.0)
    assert (c.has_column_spacing, c.column_spacing) == (True, 5.0)
    assert (c.has_row_spacing, c.row_spacing) == (True, 6.0)
    assert c.has_max_banners_count is False


def test_bn02_max_banners_count_outside_int64_raises_overflow_error() -> None:
    # BN-02: the C field is an int64_t; a Python int outside it is refused
    # when the Appearance is built, never clamped or wrapped.
    for bad in (2**63, 2**70, -(2**63) - 1):
        with pytest.raises(OverflowError, match="max_banners_count"):
            Appearance(max_banners_count=bad)
    assert Appearance(max_banners_count=2**63 - 1).to_c().max_banners_count == 2**63 - 1
    assert Appearance(max_banners_count=-(2**63)).to_c().max_banners_count == -(2**63)
    ratios = [1.0] * 5
    assert len(layout_banners(Appearance(layout=LIST, max_banners_count=2**63 - 1), 100, ratios)) == 5
    assert len(layout_banners(Appearance(layout=LIST, max_banners_count=-(2**63)), 100, ratios)) == 0


def _names_field(pattern: str, error: InvalidArgumentError) -> bool:
    return re.search(pattern, error.message, re.IGNORECASE) is not None


@pytest.mark.parametrize(
    "field, pattern",
    [
        ("side_inset", r"side_?inset"),
        ("leading_inset", r"leading_?inset"),
        ("trailing_inset", r"trailing_?inset"),
        ("inter_item_spacing", r"inter_?item_?spacing"),
        ("corner_radius", r"corner_?radius"),
    ],
)
@pytest.mark.parametrize("bad", [-1.0, math.nan, math.inf, -math.inf])
def test_bn03_negative_or_non_finite_lengths_are_rejected_naming_the_field(field: str, pattern: str, bad: float) -> None:
    # BN-03: other non-finite or negative lengths are rejected with a clear error.
    a = Appearance(**{field: bad})  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError) as info:
        a.validate()
    assert info.value.code == -1
    assert _names_field(pattern, info.value), info.value.message
    # every layout call makes the same check
    for layout in LayoutType:
        b = Appearance(layout=layout, **{field: bad})  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentError) as info:
            layout_banners(b, 100, [1.0])
        assert _names_field(pattern, info.value), info.value.message


def test_bn01_layout_takes_the_enum_only() -> None:
    # BN-01: the layout is a LayoutType; a number (known or not) or a name
    # is a TypeError naming the field, before anything reaches ctypes.
    for bad in (3, -1, 2**40, 2, "TILES", "tiles", None, 2.0):
        with pytest.raises(TypeError, match="layout"):
            Appearance(layout=bad)  # type: ignore[arg-type]
    assert Appearance(layout=LayoutType["TILES"]).layout is TILES


@pytest.mark.parametrize("bad", [-5.0, math.nan, math.inf, -math.inf])
def test_bn03_tile_gaps_clamp_instead_of_failing(bad: float) -> None:
    # BN-03: column/row spacing negative or non-finite -> 0, never an error.
    a = Appearance(layout=TILES, column_spacing=bad, row_spacing=bad, max_banners_count=None)
    a.validate()
    r = layout_banners(a, 200, [1.0, 1.0, 2.0])
    cell = 200 / 2  # (200 - 0 - 0 - 0) / 2
    assert r.rects == [
        frames.Rect(0, 0, cell, 100),
        frames.Rect(cell, 0, cell, 100),
        frames.Rect(0, 100, cell, 50),  # row spacing 0
    ]
    assert r.content_height == 150
