"""Banner geometry through the binding: BN-02, BN-04, BN-05, BN-06.

Expected values are computed by hand from the SPEC formulas (round_half_away
is SPEC "rounded"); the library is never used as its own oracle.
"""

from __future__ import annotations

from typing import List, Optional, Sequence

import pytest

from frames import Appearance, InvalidArgumentError, LayoutType, Rect, layout_banners

from conftest import round_half_away

LIST = LayoutType.VERTICAL_LIST
TILES = LayoutType.TILES
CAROUSEL = LayoutType.CAROUSEL


def expected_list(width: float, ratios: Sequence[float], leading: float, trailing: float,
                  spacing: float, rtl: bool = False) -> "tuple[List[Rect], float]":
    """BN-04 by hand."""
    avail = max(0.0, width - leading - trailing)
    x = width - leading - avail if rtl else leading
    rects, y = [], 0.0
    for ratio in ratios:
        h = round_half_away(avail / ratio)
        rects.append(Rect(x, y, avail, h))
        y += h + spacing
    return rects, (y - spacing if ratios else 0.0)


# --- BN-02 -----------------------------------------------------------------

@pytest.mark.parametrize("layout", list(LayoutType))
@pytest.mark.parametrize("limit, kept", [(None, 30), (0, 0), (-3, 0), (25, 25), (20, 20), (31, 30)])
def test_bn02_max_banners_count_per_layout(layout: LayoutType, limit: Optional[int], kept: int) -> None:
    # BN-02: lists and tiles keep the first `limit` (None = all, negative = 0);
    # the carousel ignores it.
    ratios = [1.0 + i / 10 for i in range(30)]
    r = layout_banners(Appearance(layout=layout, max_banners_count=limit), 300, ratios)
    expected = 30 if layout == CAROUSEL else kept
    assert len(r) == len(r.rects) == expected
    if layout == LIST and expected:
        # the first banners, in input order
        assert r.rects == expected_list(300, ratios[:expected], 0, 0, 8)[0]


def test_bn02_default_keeps_twenty_in_lists() -> None:
    # BN-02: default 20
    assert len(layout_banners(Appearance(layout=LIST), 100, [1.0] * 30)) == 20


# --- BN-04 vertical list ---------------------------------------------------

def test_bn04_half_point_height_rounds_away_from_zero() -> None:
    # BN-04: 375 / 2 = 187.5 -> 188 (round() would give 188 too, but 2.5 -> 2)
    r = layout_banners(Appearance(layout=LIST), 375, [2.0])
    assert r.rects == [Rect(0.0, 0.0, 375.0, 188.0)]
    assert r.content_height == 188.0


@pytest.mark.parametrize("width, ratio, height", [(1, 2, 1), (3, 2, 2), (5, 2, 3), (9, 2, 5), (1, 4, 0)])
def test_bn04_halves_round_away_from_zero_where_round_would_not(width: float, ratio: float, height: float) -> None:
    # BN-04: 0.5 -> 1, 1.5 -> 2, 2.5 -> 3, 4.5 -> 5 (halves away from zero), 0.25 -> 0
    r = layout_banners(Appearance(layout=LIST), width, [ratio])
    assert r.rects[0].height == height
    assert r.content_height == height


def test_bn04_rows_spacing_and_content_height() -> None:
    # BN-04: width 375 - 16 - 16 = 343; heights 171.5->172, 228.67->229,
    # 114.33->114, 457.33->457; rows 8 apart; full content height.
    r = layout_banners(Appearance(layout=LIST, side_inset=16), 375, [2, 1.5, 3, 0.75])
    assert r.rects == [
        Rect(16, 0, 343, 172),
        Rect(16, 180, 343, 229),
        Rect(16, 417, 343, 114),
        Rect(16, 539, 343, 457),
    ]
    assert r.content_height == 539 + 457


def test_bn04_leading_trailing_and_rtl() -> None:
    # BN-03 leading/trailing override side_inset; BN-04 RTL puts the
    # leading inset on the right.
    a = Appearance(layout=LIST, side_inset=99, leading_inset=30, trailing_inset=10, inter_item_spacing=5)
    ltr = layout_banners(a, 375, [1.0, 5.0])
    rtl = layout_banners(a, 375, [1.0, 5.0], rtl=True)
    assert ltr.rects == [Rect(30, 0, 335, 335), Rect(30, 340, 335, 67)]
    assert rtl.rects == [Rect(10, 0, 335, 335), Rect(10, 340, 335, 67)]
    assert ltr.content_height == rtl.content_height == 407


def test_bn03_leading_trailing_fall_back_to_side_inset() -> None:
    # BN-03: leading/trailing default to side_inset (only one given here)
    r = layout_banners(Appearance(layout=LIST, side_inset=20, leading_inset=5), 100, [1.0])
    assert r.rects == [Rect(5, 0, 75, 75)]


@pytest.mark.parametrize("layout, width, inset, banner", [
    (LIST, 100, 80, "a banner would be -60.0 points wide"),
    (LIST, 100, 50, "a banner would be 0.0 points wide"),
    (CAROUSEL, 390, 195, "a carousel page would be 0.0 points wide"),
    (TILES, 100, 46, "a tile would be 0.0 points wide"),  # (100 - 92 - 8) / 2
])
def test_bn04_bn05_bn06_insets_that_leave_no_room_are_refused_naming_the_widths(
        layout: LayoutType, width: float, inset: float, banner: str) -> None:
    # A layout whose banners would be 0 wide is a mistake in the numbers,
    # said as such (docs/decisions.md, "Layout: no room for a banner").
    with pytest.raises(InvalidArgumentError) as raised:
        layout_banners(Appearance(layout=layout, side_inset=inset), width, [1.0, 2.0])
    message = raised.value.message
    assert message.startswith(f"container_width is {width:.1f}, which leaves no room for a banner")
    assert f"({inset:.1f} + {inset:.1f})" in message and banner in message
    assert ("column spacing (8.0)" in message) == (layout == TILES)
    # Two points more than the insets (and the column gap) take and it lays
    # out; no banners need no room.
    roomy = 2 * inset + (8 if layout == TILES else 0) + 2
    assert layout_banners(Appearance(layout=layout, side_inset=inset), roomy, [1.0]).rects[0].width == (
        1 if layout == TILES else 2)
    assert len(layout_banners(Appearance(layout=layout, side_inset=inset), width, [])) == 0


def test_bn04_empty() -> None:
    r = layout_banners(Appearance(layout=LIST), 100, [])
    assert r.rects == [] and r.content_height == 0


# --- BN-05 tiles -------------------------------------------------------------

def test_bn05_tiles_exact_rects_odd_count() -> None:
    # BN-05: cell = (390 - 16 - 16 - 8) / 2 = 175; heights 116.67->117, 175,
    # 233.33->233; row 0 is 175 tall; the odd last banner takes the first column.
    r = layout_banners(Appearance(layout=TILES, side_inset=16), 390, [1.5, 1.0, 0.75])
    assert r.rects == [Rect(16, 0, 175, 117), Rect(199, 0, 175, 175), Rect(16, 183, 175, 233)]
    assert r.content_height == 183 + 233


def test_bn05_cell_width_is_not_rounded() -> None:
    # BN-05: (375 - 8) / 2 = 183.5, not rounded; height 183.5 -> 184
    r = layout_banners(Appearance(layout=TILES), 375, [1.0, 1.0])
    assert r.rects == [Rect(0, 0, 183.5, 184), Rect(191.5, 0, 183.5, 184)]
    assert r.content_height == 184


def test_bn05_rtl_odd_count_first_column_on_the_right() -> None:
    # BN-05 RTL: cell = (390 - 20 - 10 - 12) / 2 = 174; first column at
    # 390 - 20 - 174 = 196, second at 10; rows 6 apart.
    a = Appearance(layout=TILES, leading_inset=20, trailing_inset=10, column_spacing=12, row_spacing=6)
    r = layout_banners(a, 390, [1.0, 2.0, 0.5], rtl=True)
    assert r.rects == [Rect(196, 0, 174, 174), Rect(10, 0, 174, 87), Rect(196, 180, 174, 348)]
    assert r.content_height == 180 + 348
    ltr = layout_banners(a, 390, [1.0, 2.0, 0.5])
    assert [f.x for f in ltr.rects] == [20, 20 + 174 + 12, 20]


def test_bn03_tile_gaps_fall_back_to_inter_item_spacing() -> None:
    # BN-03: column/row spacing default to inter_item_spacing (10 here)
    r = layout_banners(Appearance(layout=TILES, inter_item_spacing=10), 210, [1.0, 1.0, 1.0])
    assert r.rects == [Rect(0, 0, 100, 100), Rect(110, 0, 100, 100), Rect(0, 110, 100, 100)]
    assert r.content_height == 210


def test_bn05_tallest_cell_sets_the_row_height_cells_top_aligned() -> None:
    # BN-05: row 0 is max(50, 200) = 200 tall; both cells at y 0
    r = layout_banners(Appearance(layout=TILES, inter_item_spacing=0), 200, [2.0, 0.5, 1.0])
    assert r.rects == [Rect(0, 0, 100, 50), Rect(100, 0, 100, 200), Rect(0, 200, 100, 100)]


# --- BN-06 carousel ----------------------------------------------------------

def test_bn06_carousel_rects_centred_in_the_tallest() -> None:
    # BN-06: page = 390 - 32 = 358; heights 238.67->239, 358, 477.33->477;
    # pages 358 + 8 apart from the leading inset; centred in 477.
    r = layout_banners(Appearance(side_inset=16), 390, [1.5, 1.0, 0.75])
    assert r.rects == [Rect(16, 119, 358, 239), Rect(382, 59.5, 358, 358), Rect(748, 0, 358, 477)]
    assert r.content_height == 477


def test_bn06_carousel_rtl_mirrors_the_order() -> None:
    # BN-06 RTL: content width 16 + 3*358 + 2*8 + 16 = 1122; x' = 1122 - x - 358
    r = layout_banners(Appearance(side_inset=16), 390, [1.5, 1.0, 0.75], rtl=True)
    assert [f.x for f in r.rects] == [748, 382, 16]
    assert [f.y for f in r.rects] == [119, 59.5, 0]
    assert r.content_height == 477


def test_bn06_carousel_leading_trailing_peek() -> None:
    # BN-06: page = 300 - 40 - 20 = 240; first page at the leading inset 40
    a = Appearance(leading_inset=40, trailing_inset=20, inter_item_spacing=10)
    r = layout_banners(a, 300, [2.0, 2.0])
    assert r.rects == [Rect(40, 0, 240, 120), Rect(290, 0, 240, 120)]
    # RTL: content width 40 + 480 + 10 + 20 = 550; first page ends at 550 - 40
    r = layout_banners(a, 300, [2.0, 2.0], rtl=True)
    assert r.rects == [Rect(270, 0, 240, 120), Rect(20, 0, 240, 120)]


def test_bn06_carousel_ignores_max_banners_count() -> None:
    # BN-02/BN-06: 30 pages even with max_banners_count 25
    r = layout_banners(Appearance(max_banners_count=25), 100, [1.0] * 30)
    assert len(r) == 30
    assert r.rects[29] == Rect(29 * 108, 0, 100, 100)


# --- what a wrong ratios argument says ----------------------------------------

@pytest.mark.parametrize("ratios, said", [
    (["1.5", "1"], "ratios[0] is '1.5' (str); each ratio must be a real number"),
    ((1.5, None), "ratios[1] is None (NoneType); each ratio must be a real number"),
    ([1.0, 2.0, [3.0]], "ratios[2] is [3.0] (list)"),
    (None, "ratios is None; pass a list of banner ratios (width / height)"),
])
def test_bn07_a_ratio_that_is_not_a_number_is_named_by_index_and_value(ratios: object, said: str) -> None:
    # The same check as the library's for a bad number (ratios[i] is ...),
    # one step earlier: what the caller passed, where.
    with pytest.raises(TypeError) as raised:
        layout_banners(Appearance(), 390, ratios)  # type: ignore[arg-type]
    assert str(raised.value).startswith(said), raised.value


def test_bn07_a_bad_number_is_still_the_library_s_message() -> None:
    with pytest.raises(InvalidArgumentError, match=r"ratios\[1\] is -1\.0; a banner ratio"):
        layout_banners(Appearance(), 390, [1.0, -1.0])


def test_bn05_a_batch_names_the_width_that_leaves_no_room() -> None:
    from frames import layout_banners_batch

    tiles = Appearance(layout=TILES, side_inset=16)
    with pytest.raises(InvalidArgumentError) as raised:
        layout_banners_batch(tiles, [390, 40], [1.0, 2.0])
    assert raised.value.message.startswith("container_widths[1] is 40.0, which leaves no room for a banner")
    assert "a tile would be 0.0 points wide" in raised.value.message
