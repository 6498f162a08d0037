/*
 * layout_ref.h — a plain C reference of libframes' banner geometry for the
 * vertical list (BN-04) and tiles (BN-05), used only by the benchmark
 * (bench_layout.c) as the "what would a hand-written C loop cost" baseline.
 * See layout_ref.c for what it does and does not do.
 */
#ifndef FRAMES_BENCH_LAYOUT_REF_H
#define FRAMES_BENCH_LAYOUT_REF_H

#include <stdbool.h>
#include <stddef.h>

#include "frames.h"

/* The already-resolved geometry parameters (what the library's
 * ResolvedAppearance holds after BN-03 fallbacks). */
typedef struct ref_params {
    double container_width;
    double leading_inset;
    double trailing_inset;
    double inter_item_spacing; /* vertical list row gap */
    double column_spacing;     /* tiles, already clamped at 0 */
    double row_spacing;        /* tiles, already clamped at 0 */
    bool rtl;
} ref_params;

/* Return codes mirror the library's: 0, FRAMES_ERR_INVALID_ARGUMENT for a
 * ratio that is not a positive finite number (nothing written),
 * FRAMES_ERR_OVERFLOW for a non-finite content height. */
int ref_layout_vertical_list(const ref_params *p, const double *ratios, size_t count,
                             frames_rect *out, double *out_content_height);
int ref_layout_tiles(const ref_params *p, const double *ratios, size_t count,
                     frames_rect *out, double *out_content_height);

/* The same loops without the validation pass over the ratios: only used to
 * show what that pass costs; not the baseline of the targets. */
int ref_layout_vertical_list_nocheck(const ref_params *p, const double *ratios, size_t count,
                                     frames_rect *out, double *out_content_height);
int ref_layout_tiles_nocheck(const ref_params *p, const double *ratios, size_t count,
                             frames_rect *out, double *out_content_height);

/* The inline rounding the reference uses, exported so the benchmark can check
 * it against libm round() once (outside any timed region). */
double ref_round_half_away(double x);

#endif
