/*
 * The buffer conventions of frames_layout_banners(): required pointers, the
 * size-query pattern, empty input, container widths, and a million banners
 * in one call.
 *
 * Proves: the "Results"/"Ownership" conventions of frames.h for BN-04..BN-07
 * (FRAMES_ERR_NULL_POINTER naming the parameter, FRAMES_ERR_BUFFER_TOO_SMALL
 * reporting the needed count, no output written on failure) and BN-04/BN-05/
 * BN-06 at scale.
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "frames.h"
#include "frames_test.h"

static frames_appearance appearance_of(frames_layout_type type) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    a.layout_type = type;
    return a;
}

static void test_null_pointers(void) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    const double ratios[2] = { 1.0, 2.0 };
    frames_rect rects[2];
    size_t n = 5;
    double h = -1;

    ft_section("BN-04..BN-07", "NULL appearance and out parameters: FRAMES_ERR_NULL_POINTER naming the parameter");
    frames_error_clear();
    CHECK_RESULT(frames_layout_banners(NULL, 100, ratios, 2, false, rects, 2, &n, &h), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("appearance");
    CHECK_RESULT(frames_layout_banners(&a, 100, ratios, 2, false, rects, 2, NULL, &h), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("out_laid_out_count");
    CHECK_DOUBLE(h, -1);
    CHECK_RESULT(frames_layout_banners(&a, 100, ratios, 2, false, rects, 2, &n, NULL), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("out_content_height");
    CHECK_INT(n, 5);
    CHECK_RESULT(frames_layout_banners(&a, 100, NULL, 2, false, rects, 2, &n, &h), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("ratios");
    CHECK_INT(n, 5);
    /* out_rects may be NULL only with capacity 0. */
    CHECK_RESULT(frames_layout_banners(&a, 100, ratios, 2, false, NULL, 2, &n, &h), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("out_rects");
    CHECK_INT(n, 5);
    CHECK_DOUBLE(h, -1);
    CHECK_INT(frames_error_last_code(), FRAMES_ERR_NULL_POINTER);
}

static void test_size_query(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    const double ratios[5] = { 1.0, 2.0, 4.0, 1.0, 2.0 };
    frames_rect rects[5];
    size_t n = 0;
    double h = -1;

    ft_section("BN-04..BN-07", "size query: capacity 0 gives FRAMES_ERR_BUFFER_TOO_SMALL and the needed count");
    CHECK_RESULT(frames_layout_banners(&a, 100, ratios, 5, false, NULL, 0, &n, &h), FRAMES_ERR_BUFFER_TOO_SMALL);
    CHECK_INT(n, 5);
    CHECK_DOUBLE(h, -1); /* only *out_laid_out_count is written */
    CHECK_MESSAGE_MENTIONS("out_rects");

    ft_section("BN-02", "the needed count honours max_banners_count");
    a.max_banners_count = 3;
    n = 0;
    CHECK_RESULT(frames_layout_banners(&a, 100, ratios, 5, false, rects, 2, &n, &h), FRAMES_ERR_BUFFER_TOO_SMALL);
    CHECK_INT(n, 3);
    CHECK_RESULT(frames_layout_banners(&a, 100, ratios, 5, false, rects, 3, &n, &h), FRAMES_OK);
    CHECK_INT(n, 3);
    CHECK_DOUBLE(h, 100 + 8 + 50 + 8 + 25);
    a.max_banners_count = 0;
    CHECK_RESULT(frames_layout_banners(&a, 100, ratios, 5, false, NULL, 0, &n, &h), FRAMES_OK);
    CHECK_INT(n, 0);
    CHECK_DOUBLE(h, 0);

    ft_section("BN-07", "a size query with a bad ratio reports the ratio, not the size");
    {
        const double bad[3] = { 1.0, 1.0, NAN };
        a = appearance_of(FRAMES_LAYOUT_TYPE_CAROUSEL);
        n = 42;
        CHECK_RESULT(frames_layout_banners(&a, 100, bad, 3, false, NULL, 0, &n, &h), FRAMES_ERR_INVALID_ARGUMENT);
        CHECK_MESSAGE_MENTIONS("ratios[2]");
        CHECK_INT(n, 42);
    }

    ft_section("BN-04..BN-07", "a larger buffer than needed: nothing written past the count");
    {
        frames_rect big[8];
        size_t i;
        for (i = 0; i < 8; i++) big[i].x = big[i].y = big[i].width = big[i].height = -1;
        a = appearance_of(FRAMES_LAYOUT_TYPE_TILES);
        CHECK_RESULT(frames_layout_banners(&a, 208, ratios, 3, false, big, 8, &n, &h), FRAMES_OK);
        CHECK_INT(n, 3);
        CHECK_RECT(big[2], 0, 108, 100, 25); /* cell 100; row 0 is 100 tall; 100/4 = 25 */
        CHECK_RECT(big[3], -1, -1, -1, -1);
        CHECK_DOUBLE(h, 133);
    }
}

static void test_empty_and_widths(void) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    const double ratio = 1.0;
    frames_rect r;
    size_t n = 9;
    double h = -1;
    const double bad_widths[4] = { NAN, INFINITY, -INFINITY, -1.0 };
    int t, i;

    ft_section("BN-04..BN-06", "NULL ratios with count 0 is fine for every layout");
    for (t = FRAMES_LAYOUT_TYPE_CAROUSEL; t <= FRAMES_LAYOUT_TYPE_TILES; t++) {
        a = appearance_of(t);
        n = 9;
        h = -1;
        CHECK_RESULT(frames_layout_banners(&a, 375, NULL, 0, false, NULL, 0, &n, &h), FRAMES_OK);
        CHECK_INT(n, 0);
        CHECK_DOUBLE(h, 0);
    }

    ft_section("BN-04..BN-06", "a NaN, infinite or negative container width is rejected");
    for (t = FRAMES_LAYOUT_TYPE_CAROUSEL; t <= FRAMES_LAYOUT_TYPE_TILES; t++) {
        a = appearance_of(t);
        for (i = 0; i < 4; i++) {
            n = 9;
            frames_error_clear();
            CHECK_RESULT(frames_layout_banners(&a, bad_widths[i], &ratio, 1, false, &r, 1, &n, &h),
                         FRAMES_ERR_INVALID_ARGUMENT);
            CHECK_MESSAGE_MENTIONS("container_width");
            CHECK_INT(n, 9);
        }
        /* -0.0 is a width of 0, not a negative one: fine with no banner to
         * place, and with one it leaves no room (not a bad width). */
        CHECK_RESULT(frames_layout_banners(&a, -0.0, &ratio, 0, false, &r, 1, &n, &h), FRAMES_OK);
        CHECK_RESULT(frames_layout_banners(&a, -0.0, &ratio, 1, false, &r, 1, &n, &h), FRAMES_ERR_INVALID_ARGUMENT);
        CHECK_MESSAGE_MENTIONS("no room for a banner");
    }
}

static void test_million(void) {
    const size_t count = 1000000;
    double *ratios = malloc(count * sizeof *ratios);
    frames_rect *rects = malloc(count * sizeof *rects);
    frames_appearance a;
    size_t i, n = 0;
    double h = 0;

    if (ratios == NULL || rects == NULL) {
        CHECK(!"malloc failed");
        free(ratios);
        free(rects);
        return;
    }
    for (i = 0; i < count; i++) ratios[i] = 2.0;

    ft_section("BN-04", "a million banners in one call: vertical list, no limit");
    a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    a.has_max_banners_count = false;
    /* width 100, height 50 each, rows 58 apart. */
    CHECK_RESULT(frames_layout_banners(&a, 100, ratios, count, false, rects, count, &n, &h), FRAMES_OK);
    CHECK_INT(n, count);
    CHECK_RECT(rects[0], 0, 0, 100, 50);
    CHECK_RECT(rects[count - 1], 0, 58.0 * 999999, 100, 50);
    CHECK_DOUBLE(h, 50.0 * 1000000 + 8.0 * 999999);

    ft_section("BN-05", "a million banners in one call: tiles, no limit");
    a.layout_type = FRAMES_LAYOUT_TYPE_TILES;
    /* width 208: cells 100 wide, 50 tall; 500000 rows 58 apart. */
    CHECK_RESULT(frames_layout_banners(&a, 208, ratios, count, false, rects, count, &n, &h), FRAMES_OK);
    CHECK_INT(n, count);
    CHECK_RECT(rects[count - 1], 108, 58.0 * 499999, 100, 50);
    CHECK_DOUBLE(h, 50.0 * 500000 + 8.0 * 499999);

    ft_section("BN-06", "a million banners in one call: carousel (RTL)");
    a.layout_type = FRAMES_LAYOUT_TYPE_CAROUSEL;
    /* page 100, step 108; content width 1000000*100 + 999999*8; the first
     * page is at the right end. */
    CHECK_RESULT(frames_layout_banners(&a, 100, ratios, count, true, rects, count, &n, &h), FRAMES_OK);
    CHECK_INT(n, count);
    CHECK_RECT(rects[0], 108.0 * 999999, 0, 100, 50);
    CHECK_RECT(rects[count - 1], 0, 0, 100, 50);
    CHECK_DOUBLE(h, 50);

    ft_section("BN-02", "a million banners, default limit 20 for the vertical list");
    a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    CHECK_RESULT(frames_layout_banners(&a, 100, ratios, count, false, NULL, 0, &n, &h), FRAMES_ERR_BUFFER_TOO_SMALL);
    CHECK_INT(n, 20);

    free(ratios);
    free(rects);
}

int main(void) {
    test_null_pointers();
    test_size_query();
    test_empty_and_widths();
    test_million();
    return ft_finish("test_buffers");
}
