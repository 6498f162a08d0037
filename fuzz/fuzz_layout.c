/*
 * fuzz_layout — the appearance/geometry inputs (SPEC BN-01..BN-10):
 * bytes -> a frames_appearance (every field, the version included), a
 * container width, a viewport height, ratios, an index and a viewport ->
 * frames_appearance_init, frames_appearance_validate, frames_layout_banners
 * (also with a short buffer), frames_layout_measure,
 * frames_layout_scroll_offset, frames_layout_visibility and
 * frames_layout_banners_batch (the input's last bytes choose its widths or
 * a split of the list).
 *
 * Beyond "no crash, only documented codes" it checks what the header
 * promises of a success: finite rects and heights (FRAMES_ERR_OVERFLOW
 * otherwise), laid_out <= count, the BUFFER_TOO_SMALL protocol, measure and
 * layout agreeing on the count, shares in [0, 1], and a batch whose every
 * layout is the single layout's, rect for rect.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

#define MAX_RATIOS 512

static void check_rect_finite(const frames_rect *r, size_t i, frames_layout_type type) {
    /* Known (fuzz/known-issues.txt): an origin can be NaN or inf while the
     * content size is finite (carousel: 0 * (width + spacing = inf); tiles:
     * inset + column + gap overflowing). */
    (void)type;
    if (isfinite(r->width) && isfinite(r->height) && fz_known("nonfinite-rect-origin")) return;
    fz_assert(isfinite(r->x) && isfinite(r->y) && isfinite(r->width) && isfinite(r->height),
              "rect %zu is (%g, %g, %g x %g) after FRAMES_OK", i, r->x, r->y, r->width, r->height);
}

static bool same_rect(const frames_rect *a, const frames_rect *b) {
    return a->x == b->x && a->y == b->y && a->width == b->width && a->height == b->height;
}

/* frames_appearance_init: the defaults of FRAMES_APPEARANCE_INIT for the
 * current version; any other version is refused and the struct untouched. */
static void check_appearance_init(uint32_t version) {
    static const frames_appearance defaults = FRAMES_APPEARANCE_INIT;
    frames_appearance a, untouched;
    frames_result rc;
    memset(&a, 0xA5, sizeof a);
    memcpy(&untouched, &a, sizeof a);
    rc = fz_check(frames_appearance_init(&a, version));
    if (version == FRAMES_APPEARANCE_VERSION) {
        fz_assert(rc == FRAMES_OK, "frames_appearance_init(%u) returned %d", version, (int)rc);
        fz_assert(a.version == defaults.version && a.layout_type == defaults.layout_type &&
                      a.has_max_banners_count == defaults.has_max_banners_count && a.should_loop == defaults.should_loop &&
                      a.max_banners_count == defaults.max_banners_count && a.side_inset == defaults.side_inset &&
                      a.inter_item_spacing == defaults.inter_item_spacing && a.corner_radius == defaults.corner_radius &&
                      a.has_leading_inset == defaults.has_leading_inset && a.has_row_spacing == defaults.has_row_spacing,
                  "frames_appearance_init is not FRAMES_APPEARANCE_INIT");
    } else {
        fz_assert(rc == FRAMES_ERR_VERSION && memcmp(&a, &untouched, sizeof a) == 0,
                  "frames_appearance_init(%u) returned %d or wrote the struct", version, (int)rc);
    }
    fz_expect(frames_appearance_init(NULL, version), FRAMES_ERR_NULL_POINTER);
}

/* frames_layout_banners_batch (BN-04..BN-07): layout i is exactly what
 * frames_layout_banners gives for its width and list, so the batch
 * succeeds exactly when every single layout does. Either up to three
 * widths (the layout's, two from the input) with the whole ratio list, or
 * the layout's width with the list split in two. */
static void check_batch(const frames_appearance *a, double width, const double *ratios, size_t count, bool rtl,
                        fz_data *d) {
    frames_layout_batch b = FRAMES_LAYOUT_BATCH_INIT;
    double widths[3];
    size_t lengths[2], ends[3], need, i, first = 0, total = 0;
    double heights[3];
    frames_rect *out, *single;
    bool split = fz_bool(d), all_ok = true;
    size_t width_count = 1 + fz_range(d, 3), layouts;
    frames_result rc, single_rc[3];
    widths[0] = width;
    widths[1] = fz_double(d);
    widths[2] = fz_double(d);
    lengths[0] = count ? fz_range(d, (uint32_t)count + 1) : 0;
    lengths[1] = count - lengths[0];
    if (split) width_count = 1;
    layouts = split ? 2 : width_count;
    out = (frames_rect *)calloc(3 * (count ? count : 1), sizeof *out);
    single = (frames_rect *)calloc(count ? count : 1, sizeof *single);
    if (out == NULL || single == NULL) abort();

    /* The single layouts. */
    for (i = 0; i < layouts; i++) {
        const double *list = split && i == 1 ? ratios + lengths[0] : ratios;
        size_t n = split ? lengths[i] : count, laid = 0;
        double h = -1;
        single_rc[i] = fz_check(frames_layout_banners(a, split ? width : widths[i], list, n, rtl, single, n, &laid, &h));
        if (single_rc[i] != FRAMES_OK) all_ok = false;
        else total += laid;
    }

    b.rtl = rtl;
    b.container_widths = widths;
    b.width_count = width_count;
    b.ratios = ratios;
    b.ratio_count = count;
    b.list_lengths = split ? lengths : &b.ratio_count;
    b.list_count = split ? 2 : 1;
    b.out_rects = out;
    b.rects_capacity = 3 * count;
    b.out_rect_ends = ends;
    b.out_content_heights = heights;
    b.layouts_capacity = layouts;
    rc = fz_check(frames_layout_banners_batch(a, &b));
    fz_assert((rc == FRAMES_OK) == all_ok, "the batch returned %d, the single layouts %d %d %d", (int)rc, (int)single_rc[0],
              layouts > 1 ? (int)single_rc[1] : 0, layouts > 2 ? (int)single_rc[2] : 0);
    if (rc == FRAMES_OK) {
        fz_assert(b.out_rect_count == total && ends[layouts - 1] == total, "the batch wrote %zu rects, the layouts %zu",
                  b.out_rect_count, total);
        for (i = 0; i < layouts; i++) {
            const double *list = split && i == 1 ? ratios + lengths[0] : ratios;
            size_t n = split ? lengths[i] : count, laid = 0, j;
            double h = -1;
            fz_expect(frames_layout_banners(a, split ? width : widths[i], list, n, rtl, single, n, &laid, &h), FRAMES_OK);
            fz_assert(ends[i] >= first && ends[i] - first == laid, "layout %zu: %zu rects in the batch, %zu alone", i,
                      ends[i] - first, laid);
            fz_assert(heights[i] == h, "layout %zu: height %.17g in the batch, %.17g alone", i, heights[i], h);
            for (j = 0; j < laid; j++)
                fz_assert(same_rect(&out[first + j], &single[j]), "layout %zu rect %zu differs from the single layout", i, j);
            first = ends[i];
        }
        /* One rect short: BUFFER_TOO_SMALL with the need, nothing else written. */
        if (total > 0) {
            b.rects_capacity = total - 1;
            b.out_rect_count = 0;
            fz_expect(frames_layout_banners_batch(a, &b), FRAMES_ERR_BUFFER_TOO_SMALL);
            need = b.out_rect_count;
            fz_assert(need == total, "BUFFER_TOO_SMALL reported %zu rects, %zu needed", need, total);
        }
    }
    free(out);
    free(single);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    fz_init_environment();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_data d = {data, size};
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    double width, viewport_height, *ratios;
    frames_rect *rects;
    frames_rect viewport;
    size_t count, i, laid_out = 0, index;
    double content_height = 0;
    bool rtl, layout_ok;
    frames_layout_metrics metrics = FRAMES_LAYOUT_METRICS_INIT;
    frames_point offset;
    uint8_t flags;
    frames_result rc;

    /* The appearance: mostly valid shapes, every field reachable. */
    flags = fz_u8(&d);
    a.version = (flags & 0xF0) == 0xF0 ? fz_u32(&d) : FRAMES_APPEARANCE_VERSION;
    a.layout_type = (flags & 0x0C) == 0x0C ? (frames_layout_type)fz_u32(&d) : (frames_layout_type)(flags & 3) % 3;
    a.has_max_banners_count = fz_bool(&d);
    a.should_loop = fz_bool(&d);
    a.max_banners_count = (int64_t)fz_u64(&d);
    if ((a.max_banners_count & 0x100) == 0) a.max_banners_count = a.max_banners_count % 64; /* small, maybe < 0 */
    a.side_inset = fz_double(&d);
    a.leading_inset = fz_double(&d);
    a.trailing_inset = fz_double(&d);
    a.inter_item_spacing = fz_double(&d);
    a.column_spacing = fz_double(&d);
    a.row_spacing = fz_double(&d);
    a.corner_radius = fz_double(&d);
    a.has_leading_inset = fz_bool(&d);
    a.has_trailing_inset = fz_bool(&d);
    a.has_column_spacing = fz_bool(&d);
    a.has_row_spacing = fz_bool(&d);
    width = fz_double(&d);
    viewport_height = fz_double(&d);
    rtl = fz_bool(&d);
    index = fz_u16(&d);
    viewport.x = fz_double(&d);
    viewport.y = fz_double(&d);
    viewport.width = fz_double(&d);
    viewport.height = fz_double(&d);

    count = fz_range(&d, MAX_RATIOS + 1);
    ratios = (double *)calloc(count ? count : 1, sizeof *ratios);
    rects = (frames_rect *)calloc(count ? count : 1, sizeof *rects);
    if (ratios == NULL || rects == NULL) abort();
    for (i = 0; i < count; i++) ratios[i] = d.n ? fz_double(&d) : 1.0 + (double)(i % 3);
    if (index >= 0x8000) index = count ? index % count : 0;

    fz_trace("appearance v%u type %d max %d/%lld loop %d side %.17g lead %d/%.17g trail %d/%.17g spacing %.17g "
             "col %d/%.17g row %d/%.17g radius %.17g; width %.17g viewport_h %.17g rtl %d index %zu count %zu "
             "ratio0 %.17g",
             a.version, (int)a.layout_type, (int)a.has_max_banners_count, (long long)a.max_banners_count,
             (int)a.should_loop, a.side_inset, (int)a.has_leading_inset, a.leading_inset, (int)a.has_trailing_inset,
             a.trailing_inset, a.inter_item_spacing, (int)a.has_column_spacing, a.column_spacing,
             (int)a.has_row_spacing, a.row_spacing, a.corner_radius, width, viewport_height, (int)rtl, index, count,
             count ? ratios[0] : 0.0);
    fz_check(frames_appearance_validate(&a));
    check_appearance_init(a.version);

    /* Lay out into a buffer of the exact size. */
    rc = fz_check(frames_layout_banners(&a, width, ratios, count, rtl, rects, count, &laid_out, &content_height));
    layout_ok = rc == FRAMES_OK;
    if (layout_ok) {
        fz_assert(laid_out <= count, "laid out %zu of %zu", laid_out, count);
        fz_assert(isfinite(content_height) && content_height >= 0, "content height %g", content_height);
        for (i = 0; i < laid_out; i++) check_rect_finite(&rects[i], i, a.layout_type);
    }

    /* The same with a buffer one too small: BUFFER_TOO_SMALL with the need. */
    if (layout_ok && laid_out > 0) {
        size_t need = 0;
        double h = -1;
        rc = fz_check(frames_layout_banners(&a, width, ratios, count, rtl, rects, laid_out - 1, &need, &h));
        fz_assert(rc == FRAMES_ERR_BUFFER_TOO_SMALL, "capacity %zu for %zu rects gave %d", laid_out - 1, laid_out,
                  (int)rc);
        fz_assert(need == laid_out, "BUFFER_TOO_SMALL reported %zu, laid out %zu", need, laid_out);
    }

    /* Measure: O(1) for any count; agrees with the layout on the count. */
    rc = fz_check(frames_layout_measure(&a, width, count, &metrics));
    if (rc == FRAMES_OK && layout_ok)
        fz_assert(metrics.laid_out_count == laid_out, "measure says %zu, layout %zu", metrics.laid_out_count, laid_out);
    {
        frames_layout_metrics big = FRAMES_LAYOUT_METRICS_INIT;
        size_t huge = (size_t)fz_u64(&d);
        fz_check(frames_layout_measure(&a, width, huge, &big));
    }

    /* Scroll offset of a banner (maybe past the end). */
    rc = fz_check(frames_layout_scroll_offset(&a, width, viewport_height, ratios, count, rtl, index, &offset));
    if (rc == FRAMES_OK) fz_assert(isfinite(offset.x) && isfinite(offset.y), "offset (%g, %g)", offset.x, offset.y);

    /* Visibility of what was laid out (or of raw rects) through a viewport. */
    {
        size_t n = layout_ok ? laid_out : 0;
        double *shares;
        bool *eligible;
        if (n == 0 && count > 0) {
            /* Raw rects from the ratios' bytes. */
            n = count / 4;
            for (i = 0; i < n; i++) {
                rects[i].x = ratios[4 * i];
                rects[i].y = ratios[4 * i + 1];
                rects[i].width = ratios[4 * i + 2];
                rects[i].height = ratios[4 * i + 3];
            }
        }
        shares = (double *)calloc(n ? n : 1, sizeof *shares);
        eligible = (bool *)calloc(n ? n : 1, sizeof *eligible);
        if (shares == NULL || eligible == NULL) abort();
        rc = fz_check(frames_layout_visibility(rects, n, &viewport, shares, eligible));
        if (rc == FRAMES_OK)
            for (i = 0; i < n; i++) {
                /* Known: a share can exceed 1 when the coordinates are so
                 * large that their spacing (ulp) is near the banner's size
                 * (fuzz/known-issues.txt). */
                fz_assert((shares[i] >= 0.0 && shares[i] <= 1.0) || fz_known("share-above-one"),
                          "share %zu is %.17g for rect (%.17g, %.17g, %.17g x %.17g) in viewport (%.17g, %.17g, "
                          "%.17g x %.17g)", i, shares[i], rects[i].x, rects[i].y, rects[i].width, rects[i].height,
                          viewport.x, viewport.y, viewport.width, viewport.height);
                fz_assert(eligible[i] == (shares[i] > 0.75), "eligible %zu is %d for share %g", i, (int)eligible[i],
                          shares[i]);
            }
        free(shares);
        free(eligible);
    }

    check_batch(&a, width, ratios, count, rtl, &d);

    free(ratios);
    free(rects);
    frames_error_clear();
    return 0;
}
