/*
 * Appearance of a banner place through the C API: defaults, fallbacks,
 * validation and the banner limit.
 *
 * Proves: BN-01 (layout types), BN-02 (maxBannersCount), BN-03 (defaults,
 * fallbacks, clamped tile gaps, rejected lengths), and the versioned-struct
 * convention of frames.h (FRAMES_ERR_VERSION).
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "frames.h"
#include "frames_test.h"

#define MAX_RECTS 64

static frames_appearance appearance_of(frames_layout_type type) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    a.layout_type = type;
    return a;
}

/* Lays out `count` banners of ratio 1 and returns how many were laid out, or
 * -1 on failure. */
static long laid_out(const frames_appearance *a, size_t count) {
    double ratios[MAX_RECTS];
    frames_rect rects[MAX_RECTS];
    size_t n = 0;
    double height = 0;
    size_t i;
    for (i = 0; i < count; i++) ratios[i] = 1.0;
    if (frames_layout_banners(a, 100.0, ratios, count, false, rects, MAX_RECTS, &n, &height) != FRAMES_OK)
        return -1;
    return (long)n;
}

static void test_defaults(void) {
    frames_appearance s = FRAMES_APPEARANCE_INIT;
    frames_appearance d;
    ft_section("BN-03", "FRAMES_APPEARANCE_INIT gives the BN-03 defaults");
    CHECK_INT(s.version, FRAMES_APPEARANCE_VERSION);
    CHECK_INT(s.layout_type, FRAMES_LAYOUT_TYPE_CAROUSEL); /* BN-01: carousel by default */
    CHECK(s.has_max_banners_count);
    CHECK_INT(s.max_banners_count, 20);               /* BN-02: default 20 */
    CHECK(s.should_loop);
    CHECK_DOUBLE(s.side_inset, 0.0);
    CHECK_DOUBLE(s.inter_item_spacing, 8.0);
    CHECK_DOUBLE(s.corner_radius, 16.0);
    CHECK(!s.has_leading_inset);
    CHECK(!s.has_trailing_inset);
    CHECK(!s.has_column_spacing);
    CHECK(!s.has_row_spacing);
    CHECK_RESULT(frames_appearance_validate(&s), FRAMES_OK);

    ft_section("BN-03", "frames_appearance_init gives the same values as FRAMES_APPEARANCE_INIT");
    memset(&d, 0xA5, sizeof d);
    CHECK_RESULT(frames_appearance_init(&d, FRAMES_APPEARANCE_VERSION), FRAMES_OK);
    CHECK_INT(d.version, s.version);
    CHECK_INT(d.layout_type, s.layout_type);
    CHECK(d.has_max_banners_count == s.has_max_banners_count);
    CHECK(d.should_loop == s.should_loop);
    CHECK_INT(d.max_banners_count, s.max_banners_count);
    CHECK_DOUBLE(d.side_inset, s.side_inset);
    CHECK_DOUBLE(d.leading_inset, s.leading_inset);
    CHECK_DOUBLE(d.trailing_inset, s.trailing_inset);
    CHECK_DOUBLE(d.inter_item_spacing, s.inter_item_spacing);
    CHECK_DOUBLE(d.column_spacing, s.column_spacing);
    CHECK_DOUBLE(d.row_spacing, s.row_spacing);
    CHECK_DOUBLE(d.corner_radius, s.corner_radius);
    CHECK(d.has_leading_inset == s.has_leading_inset);
    CHECK(d.has_trailing_inset == s.has_trailing_inset);
    CHECK(d.has_column_spacing == s.has_column_spacing);
    CHECK(d.has_row_spacing == s.has_row_spacing);
}

static void test_init_errors(void) {
    frames_appearance a;
    ft_section("BN-03", "frames_appearance_init: NULL and unknown versions; the struct is left untouched");
    frames_error_clear();
    CHECK_RESULT(frames_appearance_init(NULL, FRAMES_APPEARANCE_VERSION), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("appearance");
    memset(&a, 0x5A, sizeof a);
    CHECK_RESULT(frames_appearance_init(&a, FRAMES_APPEARANCE_VERSION + 1), FRAMES_ERR_VERSION);
    CHECK_INT(frames_error_last_code(), FRAMES_ERR_VERSION);
    CHECK_INT(a.version, 0x5A5A5A5AU);
    CHECK_RESULT(frames_appearance_init(&a, 0), FRAMES_ERR_VERSION);
    CHECK_INT(a.version, 0x5A5A5A5AU);
}

static void test_wrong_struct_version(void) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    double ratio = 1.0;
    frames_rect rect;
    size_t n = 99;
    double h = -1;
    frames_point p;
    ft_section("BN-03", "a struct with an unknown version is rejected with FRAMES_ERR_VERSION everywhere");
    a.version = FRAMES_APPEARANCE_VERSION + 1;
    CHECK_RESULT(frames_appearance_validate(&a), FRAMES_ERR_VERSION);
    CHECK_RESULT(frames_layout_banners(&a, 100, &ratio, 1, false, &rect, 1, &n, &h), FRAMES_ERR_VERSION);
    CHECK_INT(n, 99); /* no output written on failure */
    CHECK_DOUBLE(h, -1);
    CHECK_RESULT(frames_layout_scroll_offset(&a, 100, 0, &ratio, 1, false, 0, &p), FRAMES_ERR_VERSION);
    a.version = 0;
    CHECK_RESULT(frames_appearance_validate(&a), FRAMES_ERR_VERSION);
    CHECK_MESSAGE_MENTIONS("version");
}

static void test_layout_types(void) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    ft_section("BN-01", "the three layout types are accepted; unknown values are rejected naming layout_type");
    a.layout_type = FRAMES_LAYOUT_TYPE_CAROUSEL;
    CHECK_RESULT(frames_appearance_validate(&a), FRAMES_OK);
    a.layout_type = FRAMES_LAYOUT_TYPE_VERTICAL_LIST;
    CHECK_RESULT(frames_appearance_validate(&a), FRAMES_OK);
    a.layout_type = FRAMES_LAYOUT_TYPE_TILES;
    CHECK_RESULT(frames_appearance_validate(&a), FRAMES_OK);
    a.layout_type = 3;
    CHECK_RESULT(frames_appearance_validate(&a), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("layout_type");
    CHECK_MESSAGE_MENTIONS("3");
    a.layout_type = -1;
    CHECK_RESULT(frames_appearance_validate(&a), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("layout_type");
    CHECK_INT(laid_out(&a, 1), -1);
}

static void test_max_banners_count(void) {
    const frames_layout_type limited[2] = { FRAMES_LAYOUT_TYPE_VERTICAL_LIST, FRAMES_LAYOUT_TYPE_TILES };
    const char *names[2] = { "vertical list", "tiles" };
    frames_appearance a;
    int i;
    for (i = 0; i < 2; i++) {
        char what[128];
        snprintf(what, sizeof what, "%s: max count 20 default, none, 0, -3, 25 of 30", names[i]);
        ft_section("BN-02", what);
        a = appearance_of(limited[i]);
        CHECK_INT(laid_out(&a, 30), 20);              /* default limit 20 */
        CHECK_INT(laid_out(&a, 5), 5);                /* fewer than the limit */
        a.has_max_banners_count = false;              /* "all" */
        a.max_banners_count = 0;                      /* ignored while the flag is false */
        CHECK_INT(laid_out(&a, 30), 30);
        a.has_max_banners_count = true;
        a.max_banners_count = 0;                      /* 0 keeps none */
        CHECK_INT(laid_out(&a, 30), 0);
        a.max_banners_count = -3;                     /* negative counts as 0 */
        CHECK_INT(laid_out(&a, 30), 0);
        a.max_banners_count = 25;
        CHECK_INT(laid_out(&a, 30), 25);
        a.max_banners_count = INT64_MAX;
        CHECK_INT(laid_out(&a, 30), 30);
        a.max_banners_count = INT64_MIN;
        CHECK_INT(laid_out(&a, 30), 0);
    }

    ft_section("BN-02", "the carousel ignores max_banners_count");
    a = appearance_of(FRAMES_LAYOUT_TYPE_CAROUSEL);
    CHECK_INT(laid_out(&a, 30), 30);
    a.max_banners_count = 0;
    CHECK_INT(laid_out(&a, 30), 30);
    a.max_banners_count = -3;
    CHECK_INT(laid_out(&a, 30), 30);
    a.max_banners_count = 25;
    CHECK_INT(laid_out(&a, 30), 30);
    a.has_max_banners_count = false;
    CHECK_INT(laid_out(&a, 30), 30);
}

static void test_max_count_keeps_first_banners(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    const double ratios[4] = { 1.0, 2.0, 4.0, 0.5 };
    frames_rect rects[4];
    size_t n = 0;
    double h = 0;
    ft_section("BN-02", "the limit keeps the first banners in input order");
    a.max_banners_count = 2;
    CHECK_RESULT(frames_layout_banners(&a, 100, ratios, 4, false, rects, 4, &n, &h), FRAMES_OK);
    CHECK_INT(n, 2);
    CHECK_RECT(rects[0], 0, 0, 100, 100);  /* 100 / 1 */
    CHECK_RECT(rects[1], 0, 108, 100, 50); /* 100 / 2, after the 8-point gap */
    CHECK_DOUBLE(h, 158);
}

static void test_inset_fallbacks(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    const double ratio = 3.0;
    frames_rect r;
    size_t n;
    double h;
    ft_section("BN-03", "leading/trailing insets fall back to side_inset");
    a.side_inset = 10;
    a.leading_inset = 30;  /* ignored: has_leading_inset is false */
    a.trailing_inset = -5; /* ignored, not even validated */
    CHECK_RESULT(frames_layout_banners(&a, 375, &ratio, 1, false, &r, 1, &n, &h), FRAMES_OK);
    CHECK_RECT(r, 10, 0, 355, 118); /* 355 / 3 = 118.33 -> 118 */

    a.has_leading_inset = true; /* leading 30, trailing falls back to 10 */
    CHECK_RESULT(frames_layout_banners(&a, 375, &ratio, 1, false, &r, 1, &n, &h), FRAMES_OK);
    CHECK_RECT(r, 30, 0, 335, 112); /* 335 / 3 = 111.67 -> 112 */
    CHECK_RESULT(frames_layout_banners(&a, 375, &ratio, 1, true, &r, 1, &n, &h), FRAMES_OK);
    CHECK_RECT(r, 10, 0, 335, 112); /* RTL: leading 30 on the right */

    a.has_leading_inset = false;
    a.has_trailing_inset = true;
    a.trailing_inset = 5; /* leading falls back to 10 */
    CHECK_RESULT(frames_layout_banners(&a, 375, &ratio, 1, false, &r, 1, &n, &h), FRAMES_OK);
    CHECK_RECT(r, 10, 0, 360, 120);
    CHECK_RESULT(frames_layout_banners(&a, 375, &ratio, 1, true, &r, 1, &n, &h), FRAMES_OK);
    CHECK_RECT(r, 5, 0, 360, 120);
}

/* Second column's x and the second row's y of a 2x2 tiles grid at width 376
 * with ratio 1 banners; gaps as configured. */
static void tiles_gaps(const frames_appearance *a, double *column_x, double *row_y, double *cell) {
    const double ratios[3] = { 1.0, 1.0, 1.0 };
    frames_rect rects[3];
    size_t n = 0;
    double h = 0;
    *column_x = *row_y = *cell = -1;
    if (frames_layout_banners(a, 376, ratios, 3, false, rects, 3, &n, &h) != FRAMES_OK) return;
    *column_x = rects[1].x;
    *row_y = rects[2].y;
    *cell = rects[0].width;
}

static void test_tile_gap_fallbacks(void) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_TILES);
    double column_x, row_y, cell;
    const double bad[4] = { -1.0, NAN, INFINITY, -INFINITY };
    int i;

    ft_section("BN-03", "tiles: column/row spacing fall back to inter_item_spacing");
    a.inter_item_spacing = 12;
    a.column_spacing = 100; /* ignored while the flags are false */
    a.row_spacing = 100;
    tiles_gaps(&a, &column_x, &row_y, &cell);
    CHECK_DOUBLE(cell, 182);          /* (376 - 12) / 2 */
    CHECK_DOUBLE(column_x, 194);      /* 182 + 12 */
    CHECK_DOUBLE(row_y, 194);         /* 182 + 12 */

    a.has_column_spacing = true;
    a.column_spacing = 6;
    a.has_row_spacing = true;
    a.row_spacing = 20;
    tiles_gaps(&a, &column_x, &row_y, &cell);
    CHECK_DOUBLE(cell, 185);          /* (376 - 6) / 2 */
    CHECK_DOUBLE(column_x, 191);
    CHECK_DOUBLE(row_y, 205);         /* 185 + 20 */

    ft_section("BN-03", "tiles: negative, NaN or infinite gaps count as 0 (never an error)");
    for (i = 0; i < 4; i++) {
        a.column_spacing = bad[i];
        a.row_spacing = bad[i];
        CHECK_RESULT(frames_appearance_validate(&a), FRAMES_OK);
        tiles_gaps(&a, &column_x, &row_y, &cell);
        CHECK_DOUBLE(cell, 188);      /* 376 / 2 */
        CHECK_DOUBLE(column_x, 188);
        CHECK_DOUBLE(row_y, 188);
    }
}

static void check_rejected(frames_appearance a, const char *field, const char *value_text) {
    const double ratio = 1.0;
    frames_rect r;
    size_t n = 7;
    double h = -1;
    frames_point p;
    frames_error_clear();
    CHECK_RESULT(frames_appearance_validate(&a), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS(field);
    CHECK_MESSAGE_MENTIONS(value_text);
    frames_error_clear();
    CHECK_RESULT(frames_layout_banners(&a, 100, &ratio, 1, false, &r, 1, &n, &h), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS(field);
    CHECK_INT(n, 7);
    CHECK_DOUBLE(h, -1);
    frames_error_clear();
    CHECK_RESULT(frames_layout_scroll_offset(&a, 100, 0, &ratio, 1, false, 0, &p), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS(field);
}

static void test_rejected_lengths(void) {
    const double bad[4] = { -1.0, NAN, INFINITY, -INFINITY };
    const char *bad_text[4] = { "-1", "nan", "inf", "-inf" };
    int t, i;
    ft_section("BN-03", "negative or non-finite insets, spacing and corner radius are rejected, naming the field");
    for (t = FRAMES_LAYOUT_TYPE_CAROUSEL; t <= FRAMES_LAYOUT_TYPE_TILES; t++) {
        for (i = 0; i < 4; i++) {
            frames_appearance a = appearance_of(t);
            a.side_inset = bad[i];
            check_rejected(a, "side_inset", bad_text[i]);

            a = appearance_of(t);
            a.has_leading_inset = true;
            a.leading_inset = bad[i];
            check_rejected(a, "leading_inset", bad_text[i]);

            a = appearance_of(t);
            a.has_trailing_inset = true;
            a.trailing_inset = bad[i];
            check_rejected(a, "trailing_inset", bad_text[i]);

            a = appearance_of(t);
            a.inter_item_spacing = bad[i];
            check_rejected(a, "inter_item_spacing", bad_text[i]);

            a = appearance_of(t);
            a.corner_radius = bad[i];
            check_rejected(a, "corner_radius", bad_text[i]);
        }
    }
    {
        /* Zero lengths are fine. */
        frames_appearance a = FRAMES_APPEARANCE_INIT;
        a.inter_item_spacing = 0;
        a.corner_radius = 0;
        a.has_leading_inset = a.has_trailing_inset = true;
        CHECK_RESULT(frames_appearance_validate(&a), FRAMES_OK);
    }
    ft_section("BN-03", "validate with NULL");
    CHECK_RESULT(frames_appearance_validate(NULL), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("appearance");
}

int main(void) {
    test_defaults();
    test_init_errors();
    test_wrong_struct_version();
    test_layout_types();
    test_max_banners_count();
    test_max_count_keeps_first_banners();
    test_inset_fallbacks();
    test_tile_gap_fallbacks();
    test_rejected_lengths();
    return ft_finish("test_appearance");
}
