"""frames.measure_layout: the numbers a layout derives before placing
anything (BN-02, BN-03, BN-05, BN-06), computed by hand from the SPEC."""

from __future__ import annotations

import math

import pytest

from frames import Appearance, InvalidArgumentError, LayoutMetrics, LayoutType, measure_layout


def test_bn06_carousel_content_width_covers_insets_pages_and_gaps() -> None:
    # BN-06: page = 390 - 2*24 = 342; content = 24 + 3*342 + 2*16 + 24.
    m = measure_layout(Appearance(side_inset=24, inter_item_spacing=16), 390, 3)
    assert m.item_width == 342
    assert m.content_width == 24 + 3 * 342 + 2 * 16 + 24
    # BN-02: the carousel ignores max_banners_count.
    assert measure_layout(Appearance(max_banners_count=1), 390, 7).laid_out_count == 7


def test_bn06_empty_carousel_is_as_wide_as_its_container() -> None:
    assert measure_layout(Appearance(side_inset=24), 390, 0).content_width == 390


def test_bn03_bn05_tiles_fallbacks_clamps_and_limit() -> None:
    # BN-03: leading falls back to side_inset, a negative column gap counts as
    # 0, the row gap falls back to inter_item_spacing; BN-05 cell width
    # (400 - 16 - 4 - 0) / 2 = 190; BN-02 limit 5 of 9.
    a = Appearance(
        layout=LayoutType.TILES,
        max_banners_count=5,
        side_inset=16,
        trailing_inset=4,
        inter_item_spacing=10,
        column_spacing=-3,
    )
    assert measure_layout(a, 400, 9) == LayoutMetrics(5, 190, 16, 4, 10, 0, 10, 400)


@pytest.mark.parametrize("limit, kept", [(None, 30), (0, 0), (-3, 0), (25, 25)])
def test_bn02_vertical_list_limit(limit: int | None, kept: int) -> None:
    a = Appearance(layout=LayoutType.VERTICAL_LIST, max_banners_count=limit)
    assert measure_layout(a, 390, 30).laid_out_count == kept


def test_xc07_bad_width_is_an_error_not_a_crash() -> None:
    with pytest.raises(InvalidArgumentError, match="container_width"):
        measure_layout(Appearance(), math.nan, 3)
