/*
 * frames_layout_scroll_offset(): where showBannerWith(index) scrolls.
 *
 * Proves: BN-08 (carousel jumps to a page, LTR and RTL; the vertical list
 * scrolls to a row, clamped by its viewport; tiles do not scroll), with the
 * carousel content width of BN-06.
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frames.h"
#include "frames_test.h"

static frames_point offset;

static frames_appearance appearance_of(frames_layout_type type) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    a.layout_type = type;
    return a;
}

static frames_result scroll(const frames_appearance *a, double width, double viewport, const double *ratios,
                            size_t count, bool rtl, size_t index) {
    offset.x = offset.y = -999;
    return frames_layout_scroll_offset(a, width, viewport, ratios, count, rtl, index, &offset);
}

static void test_carousel(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_CAROUSEL);
    const double ratios[3] = { 2.0, 1.0, 3.0 };
    size_t i;

    ft_section("BN-08", "carousel LTR: page i at i * (page + spacing)");
    /* page 343 (375 - 2*16), step 351; content width 1077; max offset 702. */
    a.side_inset = 16;
    for (i = 0; i < 3; i++) {
        CHECK_RESULT(scroll(&a, 375, 0, ratios, 3, false, i), FRAMES_OK);
        CHECK_DOUBLE(offset.x, 351.0 * (double)i);
        CHECK_DOUBLE(offset.y, 0);
    }

    ft_section("BN-08", "carousel RTL: the first page at the largest offset (content width - container)");
    for (i = 0; i < 3; i++) {
        CHECK_RESULT(scroll(&a, 375, 0, ratios, 3, true, i), FRAMES_OK);
        CHECK_DOUBLE(offset.x, 702 - 351.0 * (double)i); /* 1077 - 375 = 702 */
        CHECK_DOUBLE(offset.y, 0);
    }

    ft_section("BN-08", "carousel: the viewport height is ignored; a single page gives 0 both ways");
    CHECK_RESULT(scroll(&a, 375, 50, ratios, 3, false, 2), FRAMES_OK);
    CHECK_DOUBLE(offset.x, 702);
    CHECK_RESULT(scroll(&a, 375, 0, ratios, 1, true, 0), FRAMES_OK);
    CHECK_DOUBLE(offset.x, 0);

    ft_section("BN-08", "carousel: the offset agrees with the laid-out page (page x - leading inset)");
    {
        frames_rect rects[3];
        size_t n;
        double h;
        CHECK_RESULT(frames_layout_banners(&a, 375, ratios, 3, true, rects, 3, &n, &h), FRAMES_OK);
        for (i = 0; i < 3; i++) {
            CHECK_RESULT(scroll(&a, 375, 0, ratios, 3, true, i), FRAMES_OK);
            /* RTL: the page's right edge sits at the leading inset from the
             * viewport's right edge. */
            CHECK_DOUBLE(offset.x + 375 - 16, rects[i].x + rects[i].width);
        }
    }

    ft_section("BN-08", "carousel: the banner limit does not apply; an index past the end is out of range");
    a.max_banners_count = 1;
    CHECK_RESULT(scroll(&a, 375, 0, ratios, 3, false, 2), FRAMES_OK);
    CHECK_DOUBLE(offset.x, 702);
    CHECK_RESULT(scroll(&a, 375, 0, ratios, 3, false, 3), FRAMES_ERR_OUT_OF_RANGE);
    CHECK_MESSAGE_MENTIONS("index 3");
    CHECK_DOUBLE(offset.x, -999); /* untouched */
    CHECK_RESULT(scroll(&a, 375, 0, ratios, 3, false, SIZE_MAX), FRAMES_ERR_OUT_OF_RANGE);
    CHECK_RESULT(scroll(&a, 375, 0, NULL, 0, false, 0), FRAMES_ERR_OUT_OF_RANGE);
}

static void test_vertical_list(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    const double ratios[3] = { 1.0, 2.0, 3.0 };

    ft_section("BN-08", "vertical list: the row's top with viewport 0");
    /* heights 375, 187.5 -> 188, 125; tops 0, 383, 579; content 704. */
    CHECK_RESULT(scroll(&a, 375, 0, ratios, 3, false, 0), FRAMES_OK);
    CHECK_DOUBLE(offset.x, 0);
    CHECK_DOUBLE(offset.y, 0);
    CHECK_RESULT(scroll(&a, 375, 0, ratios, 3, false, 1), FRAMES_OK);
    CHECK_DOUBLE(offset.y, 383);
    CHECK_RESULT(scroll(&a, 375, 0, ratios, 3, false, 2), FRAMES_OK);
    CHECK_DOUBLE(offset.y, 579);
    CHECK_DOUBLE(offset.x, 0);

    ft_section("BN-08", "vertical list: clamped to content height - viewport so it never scrolls past the end");
    CHECK_RESULT(scroll(&a, 375, 300, ratios, 3, false, 2), FRAMES_OK);
    CHECK_DOUBLE(offset.y, 404); /* 704 - 300 */
    CHECK_RESULT(scroll(&a, 375, 300, ratios, 3, false, 1), FRAMES_OK);
    CHECK_DOUBLE(offset.y, 383); /* below the limit: unchanged */
    CHECK_RESULT(scroll(&a, 375, 1000, ratios, 3, false, 2), FRAMES_OK);
    CHECK_DOUBLE(offset.y, 0);   /* everything fits */
    CHECK_RESULT(scroll(&a, 375, 300, ratios, 3, true, 2), FRAMES_OK);
    CHECK_DOUBLE(offset.x, 0);   /* RTL changes nothing vertically */
    CHECK_DOUBLE(offset.y, 404);

    ft_section("BN-08", "vertical list: only laid-out rows (max_banners_count) can be scrolled to");
    a.max_banners_count = 2;
    CHECK_RESULT(scroll(&a, 375, 0, ratios, 3, false, 1), FRAMES_OK);
    CHECK_DOUBLE(offset.y, 383);
    CHECK_RESULT(scroll(&a, 375, 300, ratios, 3, false, 1), FRAMES_OK);
    CHECK_DOUBLE(offset.y, 271); /* content of 2 rows: 375 + 8 + 188 = 571; 571 - 300 */
    CHECK_RESULT(scroll(&a, 375, 0, ratios, 3, false, 2), FRAMES_ERR_OUT_OF_RANGE);
    CHECK_DOUBLE(offset.y, -999);
    a.max_banners_count = 0;
    CHECK_RESULT(scroll(&a, 375, 0, ratios, 3, false, 0), FRAMES_ERR_OUT_OF_RANGE);

    ft_section("BN-08", "vertical list: a bad viewport height is rejected");
    a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    CHECK_RESULT(scroll(&a, 375, -1, ratios, 3, false, 0), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("viewport");
    CHECK_RESULT(scroll(&a, 375, NAN, ratios, 3, false, 0), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(scroll(&a, 375, INFINITY, ratios, 3, false, 0), FRAMES_ERR_INVALID_ARGUMENT);
}

static void test_tiles_and_errors(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_TILES);
    const double ratios[3] = { 1.0, 2.0, 3.0 };

    ft_section("BN-08", "tiles do not scroll themselves: FRAMES_ERR_UNSUPPORTED, nothing written");
    frames_error_clear();
    CHECK_RESULT(scroll(&a, 375, 0, ratios, 3, false, 0), FRAMES_ERR_UNSUPPORTED);
    CHECK_INT(frames_error_last_code(), FRAMES_ERR_UNSUPPORTED);
    CHECK_DOUBLE(offset.x, -999);
    CHECK_RESULT(scroll(&a, 375, 0, ratios, 3, true, 2), FRAMES_ERR_UNSUPPORTED);

    ft_section("BN-08", "scroll offset: NULL pointers and bad arguments");
    a = appearance_of(FRAMES_LAYOUT_TYPE_CAROUSEL);
    CHECK_RESULT(frames_layout_scroll_offset(&a, 375, 0, ratios, 3, false, 0, NULL), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("out_offset");
    CHECK_RESULT(frames_layout_scroll_offset(NULL, 375, 0, ratios, 3, false, 0, &offset), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("appearance");
    CHECK_RESULT(scroll(&a, 375, 0, NULL, 3, false, 0), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("ratios");
    CHECK_RESULT(scroll(&a, NAN, 0, ratios, 3, false, 0), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("container_width");
    {
        const double bad[3] = { 1.0, -2.0, 1.0 };
        CHECK_RESULT(scroll(&a, 375, 0, bad, 3, false, 0), FRAMES_ERR_INVALID_ARGUMENT);
        CHECK_MESSAGE_MENTIONS("ratios[1]");
    }
}

int main(void) {
    test_carousel();
    test_vertical_list();
    test_tiles_and_errors();
    return ft_finish("test_scroll_offset");
}
