/*
 * frames_layout_measure(): what a layout derives without the ratios.
 *
 * Proves: BN-02 (the limit per layout, ignored by the carousel), BN-03 (the
 * inset fallback, the tile gap fallback and clamp), BN-05 (cell width) and
 * BN-06 (the carousel's content width); the output struct's version rule.
 */
#include <math.h>
#include <stddef.h>

#include "frames.h"
#include "frames_test.h"

static void test_carousel(void) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    frames_layout_metrics m = FRAMES_LAYOUT_METRICS_INIT;

    ft_section("BN-06", "carousel: content width = insets + pages + gaps; BN-02 the limit is ignored");
    a.side_inset = 24;
    a.inter_item_spacing = 16;
    a.max_banners_count = 1;
    CHECK_RESULT(frames_layout_measure(&a, 390, 3, &m), FRAMES_OK);
    CHECK_INT((long)m.laid_out_count, 3);
    CHECK_DOUBLE(m.item_width, 342);                       /* 390 - 48 */
    CHECK_DOUBLE(m.content_width, 24 + 3 * 342 + 2 * 16 + 24);
    CHECK_DOUBLE(m.leading_inset, 24);
    CHECK_DOUBLE(m.trailing_inset, 24);

    ft_section("BN-06", "an empty carousel is as wide as its container");
    CHECK_RESULT(frames_layout_measure(&a, 390, 0, &m), FRAMES_OK);
    CHECK_DOUBLE(m.content_width, 390);
}

static void test_tiles(void) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    frames_layout_metrics m = FRAMES_LAYOUT_METRICS_INIT;

    ft_section("BN-02 BN-03 BN-05", "tiles: fallbacks and clamps in effect, cell width, limit");
    a.layout_type = FRAMES_LAYOUT_TYPE_TILES;
    a.max_banners_count = 5;
    a.side_inset = 16;
    a.has_trailing_inset = true;
    a.trailing_inset = 4;
    a.inter_item_spacing = 10;
    a.has_column_spacing = true;
    a.column_spacing = -3;      /* clamps to 0 */
    CHECK_RESULT(frames_layout_measure(&a, 400, 9, &m), FRAMES_OK);
    CHECK_INT((long)m.laid_out_count, 5);
    CHECK_DOUBLE(m.item_width, 190);                       /* (400 - 16 - 4 - 0) / 2 */
    CHECK_DOUBLE(m.leading_inset, 16);
    CHECK_DOUBLE(m.trailing_inset, 4);
    CHECK_DOUBLE(m.column_spacing, 0);
    CHECK_DOUBLE(m.row_spacing, 10);
    CHECK_DOUBLE(m.content_width, 400);

    ft_section("BN-02", "no limit keeps all; a negative limit keeps none");
    a.has_max_banners_count = false;
    CHECK_RESULT(frames_layout_measure(&a, 400, 9, &m), FRAMES_OK);
    CHECK_INT((long)m.laid_out_count, 9);
    a.has_max_banners_count = true;
    a.max_banners_count = -3;
    CHECK_RESULT(frames_layout_measure(&a, 400, 9, &m), FRAMES_OK);
    CHECK_INT((long)m.laid_out_count, 0);
}

static void test_errors(void) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    frames_layout_metrics m = FRAMES_LAYOUT_METRICS_INIT;

    ft_section("XC-07", "NULL, a bad width and an unknown metrics version are errors");
    CHECK_RESULT(frames_layout_measure(NULL, 390, 1, &m), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("appearance");
    CHECK_RESULT(frames_layout_measure(&a, 390, 1, NULL), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("out_metrics");
    CHECK_RESULT(frames_layout_measure(&a, NAN, 1, &m), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("container_width");
    m.version = 99;
    CHECK_RESULT(frames_layout_measure(&a, 390, 1, &m), FRAMES_ERR_VERSION);
    CHECK_INT((long)m.version, 99); /* untouched */
}

int main(void) {
    test_carousel();
    test_tiles();
    test_errors();
    return ft_finish("test_measure");
}
