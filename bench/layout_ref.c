/*
 * layout_ref.c — plain C reference of libframes' vertical list (BN-04) and
 * tiles (BN-05) geometry, compiled with gcc -O2 as the benchmark's baseline.
 *
 * It is the same formula as Sources/FramesCore/Layout (BannerLayout+Batch,
 * +VerticalList, +Tiles, Support/Rounding.swift), operation for operation, so
 * that the rects are bit-for-bit equal (bench_layout.c checks this):
 *
 *  - Rounding: to nearest, halves away from zero, written inline exactly as
 *    roundHalfAwayFromZero() in Rounding.swift (|x| >= 2^52 or NaN passes
 *    through; otherwise truncate through int64 and compare the exact
 *    fraction with +-0.5). It does NOT call libm round(): at the default
 *    x86-64 target (no SSE4.1 roundsd) gcc -O2 emits a call for round(), and
 *    the Swift core avoids that call too, so using it here would handicap the
 *    baseline.
 *  - Validation: the same full pass over the ratios before anything is
 *    written, rejecting a ratio that is not a positive finite number (the
 *    library's BannerLayout.checkRatiosOf), and the same final check that the
 *    content height is finite (FRAMES_ERR_OVERFLOW).
 *  - Geometry: width = container - leading - trailing (tiles: minus the column
 *    gap, halved), clamped at 0; RTL mirrors x inside the container width;
 *    y accumulates height + gap; content height = y - gap (0 when empty);
 *    tiles rows are max(first, second) tall with Swift's max(a, b) = b >= a ? b : a.
 *
 * What it does NOT do (the library does, all O(1) per call): read and check
 * the frames_appearance struct (version, layout type, insets, spacing,
 * corner radius) and resolve BN-03 fallbacks, NULL-pointer checks, the
 * size_t-to-Int and rect-capacity checks, max_banners_count (the benchmark
 * lays out all banners), error messages, and the per-thread error state.
 * Those are per call, not per banner, so they only show at small N.
 */
#include "layout_ref.h"

#include <stdint.h>

#define TWO_POW_52 4503599627370496.0

static inline double round_half_away(double x)
{
    /* !(|x| < 2^52), including NaN: already an integer (or NaN). */
    if (!(x < TWO_POW_52 && x > -TWO_POW_52))
        return x;
    double truncated = (double)(int64_t)x;
    double fraction = x - truncated; /* exact */
    if (fraction >= 0.5)
        return truncated + 1.0;
    if (fraction <= -0.5)
        return truncated - 1.0;
    return truncated;
}

double ref_round_half_away(double x) { return round_half_away(x); }

static inline bool ratio_ok(double r)
{
    /* positive and finite; NaN fails r > 0, +inf fails r <= DBL_MAX. */
    return r > 0.0 && r <= 1.7976931348623157e308;
}

static inline int check_ratios(const double *ratios, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (!ratio_ok(ratios[i]))
            return FRAMES_ERR_INVALID_ARGUMENT;
    return FRAMES_OK;
}

static inline double dmax(double a, double b) { return b >= a ? b : a; }

static inline double directed(const ref_params *p, double x, double width)
{
    return p->rtl ? p->container_width - x - width : x;
}

static inline int list_body(const ref_params *p, const double *ratios, size_t count,
                            frames_rect *out, double *out_content_height)
{
    double width = dmax(0.0, p->container_width - p->leading_inset - p->trailing_inset);
    double x = directed(p, p->leading_inset, width);
    double spacing = p->inter_item_spacing;
    double y = 0.0;
    for (size_t i = 0; i < count; i++) {
        double h = round_half_away(width / ratios[i]);
        out[i].x = x;
        out[i].y = y;
        out[i].width = width;
        out[i].height = h;
        y += h + spacing;
    }
    double content = count > 0 ? y - spacing : 0.0;
    if (!(content - content == 0.0)) /* not finite */
        return FRAMES_ERR_OVERFLOW;
    *out_content_height = content;
    return FRAMES_OK;
}

static inline int tiles_body(const ref_params *p, const double *ratios, size_t count,
                             frames_rect *out, double *out_content_height)
{
    double width = dmax(0.0, (p->container_width - p->leading_inset - p->trailing_inset
                              - p->column_spacing) / 2);
    double x1 = directed(p, p->leading_inset, width);
    double x2 = directed(p, p->leading_inset + width + p->column_spacing, width);
    double gap = p->row_spacing;
    double y = 0.0;
    size_t i = 0;
    while (i + 1 < count) {
        double a = round_half_away(width / ratios[i]);
        double b = round_half_away(width / ratios[i + 1]);
        out[i].x = x1;
        out[i].y = y;
        out[i].width = width;
        out[i].height = a;
        out[i + 1].x = x2;
        out[i + 1].y = y;
        out[i + 1].width = width;
        out[i + 1].height = b;
        y += dmax(a, b) + gap;
        i += 2;
    }
    if (i < count) {
        double a = round_half_away(width / ratios[i]);
        out[i].x = x1;
        out[i].y = y;
        out[i].width = width;
        out[i].height = a;
        y += a + gap;
    }
    double content = count > 0 ? y - gap : 0.0;
    if (!(content - content == 0.0))
        return FRAMES_ERR_OVERFLOW;
    *out_content_height = content;
    return FRAMES_OK;
}

int ref_layout_vertical_list(const ref_params *p, const double *ratios, size_t count,
                             frames_rect *out, double *out_content_height)
{
    int rc = check_ratios(ratios, count);
    if (rc != FRAMES_OK)
        return rc;
    return list_body(p, ratios, count, out, out_content_height);
}

int ref_layout_tiles(const ref_params *p, const double *ratios, size_t count,
                     frames_rect *out, double *out_content_height)
{
    int rc = check_ratios(ratios, count);
    if (rc != FRAMES_OK)
        return rc;
    return tiles_body(p, ratios, count, out, out_content_height);
}

int ref_layout_vertical_list_nocheck(const ref_params *p, const double *ratios, size_t count,
                                     frames_rect *out, double *out_content_height)
{
    return list_body(p, ratios, count, out, out_content_height);
}

int ref_layout_tiles_nocheck(const ref_params *p, const double *ratios, size_t count,
                             frames_rect *out, double *out_content_height)
{
    return tiles_body(p, ratios, count, out, out_content_height);
}
