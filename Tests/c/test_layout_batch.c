/*
 * frames_layout_banners_batch(): many layouts in one call.
 *
 * Proves: every layout of a batch equals frames_layout_banners() for its
 * width and list, bit for bit (BN-04 vertical list, BN-05 tiles, BN-06
 * carousel, RTL, BN-02 limits per list); an empty ratio list lays out
 * nothing with content height 0, in the single and the batch call alike;
 * the shape rules (broadcasting, lengths adding up); BN-07 and width errors
 * naming their index; the buffer conventions (size query, nothing written on
 * failure); FRAMES_ERR_OVERFLOW naming its layout.
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "frames.h"
#include "frames_test.h"

#define MAX_RECTS 256

/* The batch call with its struct filled from positional arguments, so the
 * checks below read like the table they test; *total receives
 * out_rect_count. */
static frames_result batch_call(const frames_appearance *a, const double *widths, size_t width_count,
                                const double *ratios, size_t ratio_count, const size_t *lengths, size_t list_count,
                                bool rtl, frames_rect *rects, size_t rects_capacity, size_t *ends, double *heights,
                                size_t layouts_capacity, size_t *total) {
    frames_layout_batch b = FRAMES_LAYOUT_BATCH_INIT;
    frames_result rc;
    b.container_widths = widths;
    b.width_count = width_count;
    b.ratios = ratios;
    b.ratio_count = ratio_count;
    b.list_lengths = lengths;
    b.list_count = list_count;
    b.rtl = rtl;
    b.out_rects = rects;
    b.rects_capacity = rects_capacity;
    b.out_rect_ends = ends;
    b.out_content_heights = heights;
    b.layouts_capacity = layouts_capacity;
    b.out_rect_count = total ? *total : 0;
    rc = frames_layout_banners_batch(a, &b);
    if (total) *total = b.out_rect_count;
    return rc;
}

static frames_appearance appearance_of(frames_layout_type type) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    a.layout_type = type;
    return a;
}

/* Layout i of a batch (rects[start..ends[i]), heights[i]) against one
 * frames_layout_banners() call with the same width and list. */
static void check_layout(const frames_appearance *a, double width, const double *ratios, size_t count, bool rtl,
                         const frames_rect *rects, size_t start, size_t end, double height) {
    frames_rect single[MAX_RECTS];
    size_t n = 0;
    double h = -1;
    CHECK_RESULT(frames_layout_banners(a, width, ratios, count, rtl, single, MAX_RECTS, &n, &h), FRAMES_OK);
    CHECK_INT(end - start, n);
    CHECK(memcmp(single, rects + start, n * sizeof *single) == 0);
    CHECK(memcmp(&h, &height, sizeof h) == 0);
}

static void test_one_list_many_widths(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_TILES);
    const double ratios[5] = { 1.5, 1.0, 0.75, 2.0, 1.25 };
    const double widths[4] = { 320, 375, 390.5, 48 }; /* 48: tiles 4 wide */
    const size_t lengths[1] = { 5 };
    frames_rect rects[MAX_RECTS];
    size_t ends[4], total = 0;
    double heights[4];

    ft_section("BN-05 BN-03", "tiles: one list at four widths = four single layouts, bit for bit");
    a.side_inset = 16;
    a.has_row_spacing = true;
    a.row_spacing = 12;
    CHECK_RESULT(batch_call(&a, widths, 4, ratios, 5, lengths, 1, false, rects, MAX_RECTS, ends,
                            heights, 4, &total), FRAMES_OK);
    CHECK_INT(total, 20);
    for (size_t i = 0; i < 4; i++) {
        CHECK_INT(ends[i], 5 * (i + 1));
        check_layout(&a, widths[i], ratios, 5, false, rects, 5 * i, ends[i], heights[i]);
    }
    /* BN-05 by hand for 390.5: cell (390.5 - 32 - 8) / 2 = 175.25; heights
     * 116.83->117, 175.25->175, 233.67->234; rows 175 and 234 tall, 12 apart. */
    CHECK_RECT(rects[10], 16, 0, 175.25, 117);
    CHECK_RECT(rects[11], 16 + 175.25 + 8, 0, 175.25, 175);
    CHECK_RECT(rects[12], 16, 187, 175.25, 234);

    ft_section("BN-05", "RTL applies to every layout of the batch");
    CHECK_RESULT(batch_call(&a, widths, 4, ratios, 5, lengths, 1, true, rects, MAX_RECTS, ends,
                            heights, 4, &total), FRAMES_OK);
    for (size_t i = 0; i < 4; i++)
        check_layout(&a, widths[i], ratios, 5, true, rects, i == 0 ? 0 : ends[i - 1], ends[i], heights[i]);
}

static void test_many_lists_one_width(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    /* Lists of 3, 0 (empty), 4 and 1 ratios. */
    const double ratios[8] = { 2.0, 1.5, 3.0, 0.75, 1.0, 4.0, 2.5, 0.5 };
    const size_t lengths[4] = { 3, 0, 4, 1 };
    const double width = 375;
    frames_rect rects[MAX_RECTS];
    size_t ends[4], total = 0;
    double heights[4];

    ft_section("BN-04 BN-02", "vertical list: four lists at one width, the limit per list, an empty list");
    a.side_inset = 16;
    a.max_banners_count = 2;
    CHECK_RESULT(batch_call(&a, &width, 1, ratios, 8, lengths, 4, false, rects, MAX_RECTS, ends,
                            heights, 4, &total), FRAMES_OK);
    CHECK_INT(total, 2 + 0 + 2 + 1);
    CHECK_INT(ends[0], 2);
    CHECK_INT(ends[1], 2);
    CHECK_INT(ends[2], 4);
    CHECK_INT(ends[3], 5);
    CHECK_DOUBLE(heights[1], 0); /* the empty list */
    check_layout(&a, width, ratios, 3, false, rects, 0, ends[0], heights[0]);
    check_layout(&a, width, ratios + 3, 0, false, rects, ends[0], ends[1], heights[1]);
    check_layout(&a, width, ratios + 3, 4, false, rects, ends[1], ends[2], heights[2]);
    check_layout(&a, width, ratios + 7, 1, false, rects, ends[2], ends[3], heights[3]);
    /* BN-04 by hand: 343 / 2 = 171.5 -> 172, 343 / 1.5 = 228.67 -> 229. */
    CHECK_RECT(rects[0], 16, 0, 343, 172);
    CHECK_RECT(rects[1], 16, 180, 343, 229);
    CHECK_DOUBLE(heights[0], 180 + 229);
}

static void test_pairwise_carousel(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_CAROUSEL);
    const double ratios[5] = { 2.0, 1.0, 1.5, 3.0, 0.5 };
    const size_t lengths[3] = { 2, 2, 1 };
    const double widths[3] = { 300, 390, 200 };
    size_t offsets[4] = { 99, 0, 0, 0 };
    frames_rect rects[MAX_RECTS];
    size_t total = 0;
    double heights[3];

    ft_section("BN-06", "carousel: width i with list i; CSR offsets by passing offsets + 1");
    a.side_inset = 20;
    offsets[0] = 0;
    CHECK_RESULT(batch_call(&a, widths, 3, ratios, 5, lengths, 3, true, rects, MAX_RECTS,
                            offsets + 1, heights, 3, &total), FRAMES_OK);
    CHECK_INT(total, 5);
    CHECK_INT(offsets[0], 0);
    CHECK_INT(offsets[1], 2);
    CHECK_INT(offsets[2], 4);
    CHECK_INT(offsets[3], 5);
    for (size_t i = 0; i < 3; i++) {
        size_t first = 0;
        for (size_t j = 0; j < i; j++) first += lengths[j];
        check_layout(&a, widths[i], ratios + first, lengths[i], true, rects, offsets[i], offsets[i + 1], heights[i]);
    }
}

static void test_empty(void) {
    const frames_layout_type types[3] = { FRAMES_LAYOUT_TYPE_CAROUSEL, FRAMES_LAYOUT_TYPE_VERTICAL_LIST, FRAMES_LAYOUT_TYPE_TILES };
    const double widths[2] = { 100, 200 };
    const size_t zero = 0;
    size_t ends[2] = { 7, 7 }, n = 9, total = 9;
    double heights[2] = { -1, -1 }, h = -1;

    ft_section("BN-04 BN-05 BN-06", "an empty ratio list: 0 banners, content height 0, single and batch alike");
    for (int t = 0; t < 3; t++) {
        frames_appearance a = appearance_of(types[t]);
        CHECK_RESULT(frames_layout_banners(&a, 375, NULL, 0, false, NULL, 0, &n, &h), FRAMES_OK);
        CHECK_INT(n, 0);
        CHECK_DOUBLE(h, 0);
        CHECK_RESULT(batch_call(&a, widths, 2, NULL, 0, &zero, 1, false, NULL, 0, ends, heights, 2,
                                &total), FRAMES_OK);
        CHECK_INT(total, 0);
        CHECK_INT(ends[0], 0);
        CHECK_INT(ends[1], 0);
        CHECK_DOUBLE(heights[0], 0);
        CHECK_DOUBLE(heights[1], 0);
    }

    ft_section("BN-04", "no widths or no lists: no layout at all, NULL outputs are fine");
    {
        frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
        const double ratios[1] = { 1.0 };
        const size_t one = 1;
        total = 9;
        CHECK_RESULT(batch_call(&a, NULL, 0, ratios, 1, &one, 1, false, NULL, 0, NULL, NULL, 0,
                                &total), FRAMES_OK);
        CHECK_INT(total, 0);
        total = 9;
        CHECK_RESULT(batch_call(&a, widths, 1, NULL, 0, NULL, 0, false, NULL, 0, NULL, NULL, 0,
                                &total), FRAMES_OK);
        CHECK_INT(total, 0);
    }
}

static void test_no_room(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    const double widths[3] = { 375, 32, 200 };
    const double ratios[2] = { 1.0, 2.0 };
    const size_t lengths[3] = { 2, 0, 0 };
    frames_rect rects[MAX_RECTS];
    size_t ends[3] = { 7, 7, 7 }, total = 9;
    double heights[3] = { -1, -1, -1 };

    ft_section("BN-04", "batch: a width whose insets leave no room is refused by its index, like the single call");
    a.side_inset = 16;
    CHECK_RESULT(batch_call(&a, widths, 3, ratios, 2, lengths + 0, 1, false, rects, MAX_RECTS, ends, heights, 3,
                            &total), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("container_widths[1] is 32");
    CHECK_MESSAGE_MENTIONS("no room for a banner");
    CHECK_INT(ends[0], 7); /* nothing written */
    /* Width i with list i: the narrow width has no banner to place. */
    CHECK_RESULT(batch_call(&a, widths, 3, ratios, 2, lengths, 3, false, rects, MAX_RECTS, ends, heights, 3,
                            &total), FRAMES_OK);
    CHECK_INT(total, 2);
    CHECK_INT(ends[1], 2);
}

static void test_shape_errors(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    const double ratios[4] = { 1.0, 2.0, 1.0, 2.0 };
    const double widths[3] = { 100, 200, 300 };
    const size_t lengths[2] = { 2, 2 };
    const size_t short_lengths[2] = { 2, 1 };
    frames_rect rects[MAX_RECTS];
    size_t ends[3] = { 7, 7, 7 }, total = 9;
    double heights[3] = { -1, -1, -1 };

    ft_section("BN-04", "counts that do not broadcast (3 widths, 2 lists): FRAMES_ERR_INVALID_ARGUMENT");
    CHECK_RESULT(batch_call(&a, widths, 3, ratios, 4, lengths, 2, false, rects, MAX_RECTS, ends,
                            heights, 3, &total), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("width_count");
    CHECK_INT(total, 9);
    CHECK_INT(ends[0], 7);

    ft_section("BN-04", "lengths that do not add up to ratio_count: FRAMES_ERR_INVALID_ARGUMENT");
    CHECK_RESULT(batch_call(&a, widths, 1, ratios, 4, short_lengths, 2, false, rects, MAX_RECTS,
                            ends, heights, 3, &total), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("list_lengths");
    CHECK_INT(total, 9);

    ft_section("BN-04", "a bad width is named by its index");
    {
        const double bad_widths[3] = { 100, NAN, 300 };
        CHECK_RESULT(batch_call(&a, bad_widths, 3, ratios, 4, lengths + 1, 1, false, rects,
                                MAX_RECTS, ends, heights, 3, &total), FRAMES_ERR_INVALID_ARGUMENT);
        CHECK_MESSAGE_MENTIONS("container_widths[1]");
        CHECK_INT(ends[0], 7);
    }

    ft_section("BN-07", "a bad ratio is named by its flat index, even past the limit");
    {
        const double bad_ratios[4] = { 1.0, 2.0, 1.0, -2.0 };
        a.max_banners_count = 1;
        CHECK_RESULT(batch_call(&a, widths, 2, bad_ratios, 4, lengths, 2, false, rects, MAX_RECTS,
                                ends, heights, 3, &total), FRAMES_ERR_INVALID_ARGUMENT);
        CHECK_MESSAGE_MENTIONS("ratios[3]");
        CHECK_INT(ends[0], 7);
        a.max_banners_count = 20;
    }

    ft_section("BN-04", "NULL arguments: FRAMES_ERR_NULL_POINTER naming the parameter");
    CHECK_RESULT(frames_layout_banners_batch(&a, NULL), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("batch");
    CHECK_RESULT(batch_call(&a, NULL, 2, ratios, 4, lengths, 2, false, rects, MAX_RECTS, ends,
                            heights, 3, &total), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("container_widths");
    CHECK_RESULT(batch_call(&a, widths, 2, ratios, 4, NULL, 2, false, rects, MAX_RECTS, ends,
                            heights, 3, &total), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("list_lengths");
    CHECK_RESULT(batch_call(&a, widths, 2, ratios, 4, lengths, 2, false, rects, MAX_RECTS, NULL,
                            heights, 3, &total), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("out_rect_ends");
    CHECK_RESULT(batch_call(NULL, widths, 2, ratios, 4, lengths, 2, false, rects, MAX_RECTS, ends,
                            heights, 3, &total), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("appearance");
}

static void test_buffers(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_TILES);
    const double ratios[3] = { 1.0, 2.0, 0.5 };
    const double widths[4] = { 100, 200, 300, 400 };
    const size_t lengths[1] = { 3 };
    frames_rect rects[MAX_RECTS];
    size_t ends[4] = { 7, 7, 7, 7 }, total = 0;
    double heights[4] = { -1, -1, -1, -1 };

    ft_section("BN-05", "size query: too few rects -> FRAMES_ERR_BUFFER_TOO_SMALL with the count needed");
    rects[0].x = -42;
    CHECK_RESULT(batch_call(&a, widths, 4, ratios, 3, lengths, 1, false, NULL, 0, ends, heights, 4,
                            &total), FRAMES_ERR_BUFFER_TOO_SMALL);
    CHECK_INT(total, 12);
    CHECK_RESULT(batch_call(&a, widths, 4, ratios, 3, lengths, 1, false, rects, 11, ends, heights,
                            4, &total), FRAMES_ERR_BUFFER_TOO_SMALL);
    CHECK_INT(total, 12);
    CHECK_DOUBLE(rects[0].x, -42);
    CHECK_INT(ends[0], 7);

    ft_section("BN-05", "too few layout slots -> FRAMES_ERR_BUFFER_TOO_SMALL, nothing written");
    total = 0;
    CHECK_RESULT(batch_call(&a, widths, 4, ratios, 3, lengths, 1, false, rects, MAX_RECTS, ends,
                            heights, 3, &total), FRAMES_ERR_BUFFER_TOO_SMALL);
    CHECK_MESSAGE_MENTIONS("layouts");
    CHECK_INT(total, 12);
    CHECK_DOUBLE(rects[0].x, -42);
    CHECK_DOUBLE(heights[0], -1);
}

static void test_overflow(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    /* A positive finite ratio whose height is infinite at any width of a point or more
     * (BN-07 accepts it; the single call says FRAMES_ERR_OVERFLOW). */
    const double ratios[1] = { 1e-320 };
    const double widths[2] = { 1e-300, 100 };
    const size_t lengths[1] = { 1 };
    frames_rect rects[2];
    size_t ends[2] = { 7, 7 }, total = 0;
    double heights[2] = { -1, -1 };

    ft_section("BN-04", "an overflow is named by its layout; the layouts before it are written");
    CHECK_RESULT(batch_call(&a, widths, 2, ratios, 1, lengths, 1, false, rects, 2, ends, heights, 2,
                            &total), FRAMES_ERR_OVERFLOW);
    CHECK_MESSAGE_MENTIONS("layout 1");
    CHECK_INT(ends[0], 1);       /* width 1e-300: a height of about 1e20 */
    CHECK(heights[0] > 1e19 && heights[0] < 1e21);
}

static void test_struct(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    frames_layout_batch b = FRAMES_LAYOUT_BATCH_INIT;
    const double width = 100;
    const double ratios[2] = { 2.0, 1.0 };
    const size_t length = 2;
    frames_rect rects[2];
    size_t end = 7;
    double height = -1;

    ft_section("BN-04", "FRAMES_LAYOUT_BATCH_INIT is an empty batch: no layout, FRAMES_OK");
    CHECK_INT(b.version, FRAMES_LAYOUT_BATCH_VERSION);
    b.out_rect_count = 99;
    CHECK_RESULT(frames_layout_banners_batch(&a, &b), FRAMES_OK);
    CHECK_INT(b.out_rect_count, 0);

    ft_section("BN-04", "a version the library does not know: FRAMES_ERR_VERSION, nothing written");
    b.container_widths = &width;
    b.width_count = 1;
    b.ratios = ratios;
    b.ratio_count = 2;
    b.list_lengths = &length;
    b.list_count = 1;
    b.out_rects = rects;
    b.rects_capacity = 2;
    b.out_rect_ends = &end;
    b.out_content_heights = &height;
    b.layouts_capacity = 1;
    b.version = 2;
    CHECK_RESULT(frames_layout_banners_batch(&a, &b), FRAMES_ERR_VERSION);
    CHECK_MESSAGE_MENTIONS("frames_layout_batch");
    CHECK_INT(end, 7);

    ft_section("BN-04", "the same batch at version 1: one layout, out_rect_count written");
    b.version = FRAMES_LAYOUT_BATCH_VERSION;
    CHECK_RESULT(frames_layout_banners_batch(&a, &b), FRAMES_OK);
    CHECK_INT(b.out_rect_count, 2);
    CHECK_INT(end, 2);
    CHECK_RECT(rects[0], 0, 0, 100, 50);   /* 100 / 2 */
    CHECK_RECT(rects[1], 0, 58, 100, 100); /* 8 below */
    CHECK_DOUBLE(height, 158);
}

int main(void) {
    test_struct();
    test_one_list_many_widths();
    test_many_lists_one_width();
    test_pairwise_carousel();
    test_empty();
    test_no_room();
    test_shape_errors();
    test_buffers();
    test_overflow();
    return ft_finish("test_layout_batch");
}
