/*
 * Banner layout geometry through frames_layout_banners(). Every expected
 * value is worked out by hand from the SPEC formulas in the comments.
 *
 * Proves: BN-04 (vertical list), BN-05 (tiles), BN-06 (carousel), each
 * refusing insets that leave no room for a banner, BN-07 (bad ratios), and the "rounded = halves away from zero" rule of the geometry
 * section.
 */
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "frames.h"
#include "frames_test.h"

#define CAP 16

static frames_rect rects[CAP];
static size_t laid;
static double height;

static frames_appearance appearance_of(frames_layout_type type) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    a.layout_type = type;
    return a;
}

static frames_result run(const frames_appearance *a, double width, const double *ratios, size_t count, bool rtl) {
    size_t i;
    for (i = 0; i < CAP; i++) {
        rects[i].x = rects[i].y = rects[i].width = rects[i].height = -12345;
    }
    laid = 777;
    height = -777;
    return frames_layout_banners(a, width, ratios, count, rtl, rects, CAP, &laid, &height);
}

static void test_vertical_list(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    const double ratios[3] = { 2.0, 3.0, 1.5 };
    const double halves[4] = { 2.0, 2.0, 2.0, 2.0 };

    ft_section("BN-04", "vertical list at 375: rows at the inset, 8 apart, full content height");
    /* heights: 375/2 = 187.5 -> 188 (half away from zero); 375/3 = 125;
     * 375/1.5 = 250. y: 0, 188+8 = 196, 196+125+8 = 329; height 329+250. */
    CHECK_RESULT(run(&a, 375, ratios, 3, false), FRAMES_OK);
    CHECK_INT(laid, 3);
    CHECK_RECT(rects[0], 0, 0, 375, 188);
    CHECK_RECT(rects[1], 0, 196, 375, 125);
    CHECK_RECT(rects[2], 0, 329, 375, 250);
    CHECK_DOUBLE(height, 579);
    CHECK_DOUBLE(rects[3].x, -12345); /* nothing written past the laid-out count */

    ft_section("BN-04", "halves round away from zero, not to even");
    /* 373/2 = 186.5 -> 187 (to-even would give 186); 375/2 = 187.5 -> 188;
     * 5/2 = 2.5 -> 3; 1/2 = 0.5 -> 1. */
    CHECK_RESULT(run(&a, 373, halves, 1, false), FRAMES_OK);
    CHECK_DOUBLE(rects[0].height, 187);
    CHECK_RESULT(run(&a, 5, halves, 1, false), FRAMES_OK);
    CHECK_DOUBLE(rects[0].height, 3);
    CHECK_RESULT(run(&a, 1, halves, 1, false), FRAMES_OK);
    CHECK_DOUBLE(rects[0].height, 1);
    /* 100/3 = 33.33 -> 33 and 100/1.5 = 66.67 -> 67 */
    {
        const double r[2] = { 3.0, 1.5 };
        CHECK_RESULT(run(&a, 100, r, 2, false), FRAMES_OK);
        CHECK_DOUBLE(rects[0].height, 33);
        CHECK_DOUBLE(rects[1].height, 67);
        CHECK_DOUBLE(height, 108); /* 33 + 8 + 67 */
    }

    ft_section("BN-04", "vertical list with insets, spacing and RTL");
    a.side_inset = 16;
    a.inter_item_spacing = 10;
    /* width 375 - 32 = 343; 343/2 = 171.5 -> 172; 343/3 = 114.33 -> 114;
     * 343/1.5 = 228.67 -> 229. y: 0, 182, 306; height 306 + 229 = 535. */
    CHECK_RESULT(run(&a, 375, ratios, 3, false), FRAMES_OK);
    CHECK_RECT(rects[0], 16, 0, 343, 172);
    CHECK_RECT(rects[1], 16, 182, 343, 114);
    CHECK_RECT(rects[2], 16, 306, 343, 229);
    CHECK_DOUBLE(height, 535);
    a.has_leading_inset = true;
    a.leading_inset = 40;
    /* width 375 - 40 - 16 = 319; RTL x = 375 - 40 - 319 = 16 (trailing 16 on
     * the left); LTR x = 40. 319/2 = 159.5 -> 160. */
    CHECK_RESULT(run(&a, 375, ratios, 1, true), FRAMES_OK);
    CHECK_RECT(rects[0], 16, 0, 319, 160);
    CHECK_RESULT(run(&a, 375, ratios, 1, false), FRAMES_OK);
    CHECK_RECT(rects[0], 40, 0, 319, 160);

    ft_section("BN-04", "vertical list: insets that leave no room for a banner are refused, naming the widths");
    a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    a.side_inset = 60;
    frames_error_clear();
    CHECK_RESULT(run(&a, 100, ratios, 3, false), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("container_width is 100");
    CHECK_MESSAGE_MENTIONS("no room for a banner");
    CHECK_MESSAGE_MENTIONS("(60.0 + 60.0)");
    CHECK_MESSAGE_MENTIONS("-20.0 points wide");
    CHECK_INT(laid, 777);       /* outputs untouched on failure */
    CHECK_DOUBLE(height, -777);
    CHECK_DOUBLE(rects[0].x, -12345);
    /* The boundary: a container exactly twice the side inset leaves 0. */
    a.side_inset = 50;
    CHECK_RESULT(run(&a, 100, ratios, 1, false), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("0.0 points wide");
    CHECK_RESULT(run(&a, 101, ratios, 1, false), FRAMES_OK);
    CHECK_RECT(rects[0], 50, 0, 1, 1);
    /* A size query says so too, before the capacity. */
    CHECK_RESULT(frames_layout_banners(&a, 100, ratios, 1, false, NULL, 0, &laid, &height),
                 FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("no room for a banner");
    /* Nothing to lay out (no banners, or a limit of 0): no room is needed. */
    CHECK_RESULT(run(&a, 100, NULL, 0, false), FRAMES_OK);
    CHECK_INT(laid, 0);
    a.max_banners_count = 0;
    CHECK_RESULT(run(&a, 100, ratios, 3, false), FRAMES_OK);
    CHECK_INT(laid, 0);

    ft_section("BN-04", "container width 0 with banners is refused; with none it lays out nothing");
    a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    CHECK_RESULT(run(&a, 0, ratios, 2, false), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("container_width is 0");
    CHECK_RESULT(run(&a, 0, NULL, 0, false), FRAMES_OK);
    CHECK_INT(laid, 0);
    CHECK_RESULT(run(&a, 375, ratios, 0, false), FRAMES_OK);
    CHECK_INT(laid, 0);
    CHECK_DOUBLE(height, 0);
}

static void test_tiles(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_TILES);
    const double ratios[5] = { 1.0, 2.0, 0.5, 1.5, 1.0 };
    const double squares[3] = { 1.0, 1.0, 1.0 };

    ft_section("BN-05", "tiles at 375, odd count: unrounded cell width, rows as tall as the tallest cell");
    /* cell = (375 - 0 - 0 - 8) / 2 = 183.5. heights: 183.5 -> 184 (half away),
     * 91.75 -> 92, 367, 122.33 -> 122, 184. Row 0 at y 0 is 184 tall; row 1
     * at 192 is 367 tall; row 2 (the odd banner, first column) at 567.
     * Second column x = 183.5 + 8 = 191.5. Height 567 + 184 = 751. */
    CHECK_RESULT(run(&a, 375, ratios, 5, false), FRAMES_OK);
    CHECK_INT(laid, 5);
    CHECK_RECT(rects[0], 0, 0, 183.5, 184);
    CHECK_RECT(rects[1], 191.5, 0, 183.5, 92);   /* top-aligned in its row */
    CHECK_RECT(rects[2], 0, 192, 183.5, 367);
    CHECK_RECT(rects[3], 191.5, 192, 183.5, 122);
    CHECK_RECT(rects[4], 0, 567, 183.5, 184);
    CHECK_DOUBLE(height, 751);

    ft_section("BN-05", "tiles RTL with an odd count: first column on the right, leading inset mirrored");
    /* leading 20, trailing 10, column gap 10, row gap 4:
     * cell = (375 - 20 - 10 - 10) / 2 = 167.5 -> height 168 (half away).
     * LTR columns at 20 and 20 + 167.5 + 10 = 197.5; RTL mirrors within 375:
     * first column at 375 - 20 - 167.5 = 187.5, second at 375 - 197.5 - 167.5
     * = 10. Rows at 0 and 168 + 4 = 172; height 172 + 168 = 340. */
    a.has_leading_inset = true;
    a.leading_inset = 20;
    a.has_trailing_inset = true;
    a.trailing_inset = 10;
    a.has_column_spacing = true;
    a.column_spacing = 10;
    a.has_row_spacing = true;
    a.row_spacing = 4;
    CHECK_RESULT(run(&a, 375, squares, 3, true), FRAMES_OK);
    CHECK_INT(laid, 3);
    CHECK_RECT(rects[0], 187.5, 0, 167.5, 168);
    CHECK_RECT(rects[1], 10, 0, 167.5, 168);
    CHECK_RECT(rects[2], 187.5, 172, 167.5, 168); /* odd last banner: first column, on the right */
    CHECK_DOUBLE(height, 340);
    CHECK_RESULT(run(&a, 375, squares, 3, false), FRAMES_OK);
    CHECK_RECT(rects[0], 20, 0, 167.5, 168);
    CHECK_RECT(rects[1], 197.5, 0, 167.5, 168);
    CHECK_RECT(rects[2], 20, 172, 167.5, 168);
    CHECK_DOUBLE(height, 340);

    ft_section("BN-05", "tiles: insets and a column gap that leave no room for a tile are refused");
    a = appearance_of(FRAMES_LAYOUT_TYPE_TILES);
    a.side_inset = 60;
    /* cell = (100 - 120 - 8) / 2 = -14 */
    CHECK_RESULT(run(&a, 100, squares, 3, false), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("container_width is 100");
    CHECK_MESSAGE_MENTIONS("column spacing (8.0)");
    CHECK_MESSAGE_MENTIONS("a tile would be -14.0 points wide");
    CHECK_INT(laid, 777);
    /* Just the column gap too wide: (100 - 0 - 100) / 2 = 0. */
    a.side_inset = 0;
    a.has_column_spacing = true;
    a.column_spacing = 100;
    CHECK_RESULT(run(&a, 100, squares, 2, false), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("column spacing (100.0)");
    a.column_spacing = 98; /* (100 - 98) / 2 = 1 */
    CHECK_RESULT(run(&a, 100, squares, 2, false), FRAMES_OK);
    CHECK_RECT(rects[1], 99, 0, 1, 1);

    ft_section("BN-05", "tiles: one banner and none");
    a = appearance_of(FRAMES_LAYOUT_TYPE_TILES);
    CHECK_RESULT(run(&a, 208, squares, 1, false), FRAMES_OK);
    CHECK_RECT(rects[0], 0, 0, 100, 100); /* (208 - 8) / 2 */
    CHECK_DOUBLE(height, 100);
    CHECK_RESULT(run(&a, 208, squares, 1, true), FRAMES_OK);
    CHECK_RECT(rects[0], 108, 0, 100, 100); /* RTL: first column on the right */
    CHECK_RESULT(run(&a, 208, NULL, 0, false), FRAMES_OK);
    CHECK_INT(laid, 0);
    CHECK_DOUBLE(height, 0);
}

static void test_carousel(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_CAROUSEL);
    const double ratios[3] = { 2.0, 1.0, 3.0 };

    ft_section("BN-06", "carousel at 375, inset 16: pages peek into the insets, centred in the tallest height");
    /* page = 375 - 16 - 16 = 343; heights 343/2 = 171.5 -> 172, 343,
     * 343/3 = 114.33 -> 114; tallest 343. y = (343 - h) / 2: 85.5, 0, 114.5.
     * x = 16 + i * (343 + 8): 16, 367, 718. Content width
     * 16 + 3*343 + 2*8 + 16 = 1077. */
    a.side_inset = 16;
    CHECK_RESULT(run(&a, 375, ratios, 3, false), FRAMES_OK);
    CHECK_INT(laid, 3);
    CHECK_RECT(rects[0], 16, 85.5, 343, 172);
    CHECK_RECT(rects[1], 367, 0, 343, 343);
    CHECK_RECT(rects[2], 718, 114.5, 343, 114);
    CHECK_DOUBLE(height, 343);

    ft_section("BN-06", "carousel RTL: the first page at the right end of the 1077-point content");
    /* x mirrored in the content width: 1077 - x - 343: 718, 367, 16. The first
     * page ends at 1061 = 1077 - 16 (leading inset on the right). */
    CHECK_RESULT(run(&a, 375, ratios, 3, true), FRAMES_OK);
    CHECK_RECT(rects[0], 718, 85.5, 343, 172);
    CHECK_RECT(rects[1], 367, 0, 343, 343);
    CHECK_RECT(rects[2], 16, 114.5, 343, 114);
    CHECK_DOUBLE(rects[0].x + rects[0].width, 1077 - 16);
    CHECK_DOUBLE(height, 343);

    ft_section("BN-06", "carousel with leading 24, trailing 8, spacing 12 (content width via the last page)");
    /* page = 375 - 24 - 8 = 343; x = 24 + i * 355: 24, 379; content width
     * 24 + 2*343 + 12 + 8 = 730. RTL: 730 - 24 - 343 = 363, 730 - 379 - 343 = 8. */
    a.side_inset = 0;
    a.has_leading_inset = true;
    a.leading_inset = 24;
    a.has_trailing_inset = true;
    a.trailing_inset = 8;
    a.inter_item_spacing = 12;
    CHECK_RESULT(run(&a, 375, ratios, 2, false), FRAMES_OK);
    CHECK_RECT(rects[0], 24, 85.5, 343, 172);
    CHECK_RECT(rects[1], 379, 0, 343, 343);
    CHECK_DOUBLE(rects[1].x + rects[1].width + 8, 730); /* content width */
    CHECK_RESULT(run(&a, 375, ratios, 2, true), FRAMES_OK);
    CHECK_RECT(rects[0], 363, 85.5, 343, 172);
    CHECK_RECT(rects[1], 8, 0, 343, 343);

    ft_section("BN-06", "carousel: insets wider than the container are refused; no banners need no room");
    a = appearance_of(FRAMES_LAYOUT_TYPE_CAROUSEL);
    a.side_inset = 300;
    CHECK_RESULT(run(&a, 375, ratios, 2, false), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("container_width is 375");
    CHECK_MESSAGE_MENTIONS("a carousel page would be -225.0 points wide");
    /* The carousel ignores max_banners_count (BN-02): a limit of 0 still lays out both. */
    a.max_banners_count = 0;
    CHECK_RESULT(run(&a, 375, ratios, 2, false), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(run(&a, 375, NULL, 0, false), FRAMES_OK);
    CHECK_INT(laid, 0);
    CHECK_DOUBLE(height, 0);
}

static void test_bad_ratios(void) {
    const frames_layout_type types[3] = { FRAMES_LAYOUT_TYPE_CAROUSEL, FRAMES_LAYOUT_TYPE_VERTICAL_LIST, FRAMES_LAYOUT_TYPE_TILES };
    const double bad[5] = { 0.0, -0.0, -1.0, NAN, INFINITY };
    int t, i;
    for (t = 0; t < 3; t++) {
        frames_appearance a = appearance_of(types[t]);
        ft_section("BN-07", "a ratio <= 0, NaN or infinite is rejected with its index named");
        for (i = 0; i < 5; i++) {
            double ratios[4] = { 1.0, 2.0, 1.0, 1.0 };
            ratios[2] = bad[i];
            frames_error_clear();
            CHECK_RESULT(run(&a, 375, ratios, 4, false), FRAMES_ERR_INVALID_ARGUMENT);
            CHECK_MESSAGE_MENTIONS("ratios[2]");
            CHECK_INT(laid, 777);       /* outputs untouched on failure */
            CHECK_DOUBLE(height, -777);
            CHECK_DOUBLE(rects[0].x, -12345);
        }
        {
            double ratios[2] = { -INFINITY, 1.0 };
            CHECK_RESULT(run(&a, 375, ratios, 2, true), FRAMES_ERR_INVALID_ARGUMENT);
            CHECK_MESSAGE_MENTIONS("ratios[0]");
        }
    }
    {
        /* Every ratio passed is checked, including ones past the banner limit. */
        frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
        const double ratios[3] = { 1.0, 1.0, -1.0 };
        a.max_banners_count = 1;
        CHECK_RESULT(run(&a, 375, ratios, 3, false), FRAMES_ERR_INVALID_ARGUMENT);
        CHECK_MESSAGE_MENTIONS("ratios[2]");
    }

    ft_section("BN-07", "a ratio of 1e-320 gives a height that is not finite: FRAMES_ERR_OVERFLOW");
    for (t = 0; t < 3; t++) {
        frames_appearance a = appearance_of(types[t]);
        const double tiny[2] = { 1.0, 1e-320 };
        frames_error_clear();
        CHECK_RESULT(run(&a, 375, tiny, 2, false), FRAMES_ERR_OVERFLOW);
        CHECK_INT(frames_error_last_code(), FRAMES_ERR_OVERFLOW);
        CHECK_INT(laid, 777);
        CHECK_DOUBLE(height, -777);
    }
    {
        /* Huge but finite heights are fine: 1e300 / 1e-5 = 1e305. */
        frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
        const double small[1] = { 1e-5 };
        CHECK_RESULT(run(&a, 1e300, small, 1, false), FRAMES_OK);
        CHECK(isfinite(height) && height > 1e304);
        /* The smallest normal double is fine at a tiny width. */
        {
            const double r[1] = { DBL_MIN };
            CHECK_RESULT(run(&a, 1e-300, r, 1, false), FRAMES_OK);
            CHECK(isfinite(height) && height > 0);
        }
    }
}

int main(void) {
    test_vertical_list();
    test_tiles();
    test_carousel();
    test_bad_ratios();
    return ft_finish("test_geometry");
}
