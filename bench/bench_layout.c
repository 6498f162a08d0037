/*
 * bench_layout.c — banner layout from C: frames_layout_banners() (through
 * the real shared library) beside a plain C loop computing the same rects
 * (layout_ref.c, gcc -O2), for the vertical list and tiles at N = 10,
 * 1,000, 100,000 and 1,000,000; and frames_layout_banners_batch over M
 * widths beside a C loop of M single calls.
 *
 * Not a test: run it with `bash bench/run.sh` (see docs/performance.md,
 * "Banner layout").
 *
 *   bench_layout [--reps R] [--sizes N,N,...] [LIBRARY]
 *
 * LIBRARY defaults to $FRAMES_LIBRARY. Output: one FIGURE line per figure
 * (bench/bench_stats.h), ns per banner:
 *
 *   layout.c.<layout>.<N>        the library beside plain C (with the same
 *                                validation pass); target at N = 100,000:
 *                                ratio <= 1.5
 *   layout.c.<layout>.<N>.nocheck  plain C without the validation pass
 *                                beside plain C with it (information)
 *   layout.c.batch.<N>           one frames_layout_banners_batch call for M
 *                                widths beside M single calls (tiles; per
 *                                layout, us; M = 50, 10 at N >= 100,000)
 *
 * Under callgrind (bench_callgrind in bench/lib.sh) each figure and floor
 * runs a short region instead and the script prints instructions per
 * banner (per layout for the batch).
 *
 * Method: ratios from bench_ratios.h. For each configuration the library's
 * rects are first compared bit for bit with the reference's, LTR and RTL
 * (exit status 1 if they differ), and the batch's with the loop's. A sample
 * is K back-to-back calls (K so that a sample takes ~2 ms), in the calling
 * thread's CPU time; figure and floor alternate (bench_interleave), R
 * repetitions (default 15). Every implementation writes into the same
 * pre-faulted output buffer.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "frames.h"
#include "bench_ratios.h"
#include "bench_stats.h"
#include "layout_ref.h"

typedef frames_result (*layout_fn)(const frames_appearance *, double, const double *, size_t, bool,
                                   frames_rect *, size_t, size_t *, double *);
typedef frames_result (*batch_fn)(const frames_appearance *, frames_layout_batch *);
typedef uint32_t (*version_fn)(void);
typedef const char *(*message_fn)(void);

static layout_fn lib_layout;
static batch_fn lib_batch;
static message_fn lib_message;

/* Benchmark configuration shared with bench_layout.py. */
#define CONTAINER_WIDTH 390.0
#define SIDE_INSET 16.0
#define SPACING 8.0

static const double TARGET_SAMPLE_NS = 2e6; /* ~2 ms per sample */
#define MAX_WIDTHS 50

enum { IMPL_REF, IMPL_LIB, IMPL_REF_NOCHECK, IMPL_LOOP, IMPL_BATCH, IMPL_COUNT };
static const char *const IMPL_NAMES[IMPL_COUNT] = {"ref", "lib", "ref_nocheck", "loop", "batch"};

typedef struct config {
    const char *name; /* "tiles" / "vertical_list" */
    frames_layout_type type;
    frames_appearance appearance;
    ref_params params;
    const double *ratios;
    size_t n;
    frames_rect *out;
    /* The batch and the loop of single calls: M widths 320, 322, ... */
    size_t m;
    double widths[MAX_WIDTHS];
    size_t ends[MAX_WIDTHS];
    double heights[MAX_WIDTHS];
    frames_rect *many; /* m * n rects */
    frames_layout_batch batch;
} config;

static double sink; /* keeps results observable */

static void call_impl(const config *c, int impl)
{
    double h = 0;
    size_t laid = 0;
    int rc;
    switch (impl) {
    case IMPL_REF:
        rc = c->type == FRAMES_LAYOUT_TYPE_TILES
                 ? ref_layout_tiles(&c->params, c->ratios, c->n, c->out, &h)
                 : ref_layout_vertical_list(&c->params, c->ratios, c->n, c->out, &h);
        break;
    case IMPL_REF_NOCHECK:
        rc = c->type == FRAMES_LAYOUT_TYPE_TILES
                 ? ref_layout_tiles_nocheck(&c->params, c->ratios, c->n, c->out, &h)
                 : ref_layout_vertical_list_nocheck(&c->params, c->ratios, c->n, c->out, &h);
        break;
    case IMPL_LOOP:
        rc = FRAMES_OK;
        for (size_t i = 0; i < c->m && rc == FRAMES_OK; i++) {
            rc = lib_layout(&c->appearance, c->widths[i], c->ratios, c->n, false, c->many + i * c->n, c->n, &laid,
                            &((config *)c)->heights[i]);
            ((config *)c)->ends[i] = (i + 1) * c->n;
        }
        h = c->heights[0];
        break;
    case IMPL_BATCH:
        rc = lib_batch(&c->appearance, (frames_layout_batch *)&c->batch);
        h = c->heights[0];
        break;
    default:
        rc = lib_layout(&c->appearance, CONTAINER_WIDTH, c->ratios, c->n, false, c->out, c->n, &laid, &h);
        break;
    }
    if (rc != FRAMES_OK) {
        fprintf(stderr, "bench_layout: %s failed with %d\n", IMPL_NAMES[impl], rc);
        exit(2);
    }
    sink += h;
}

/* Bit-for-bit comparison of the library with the reference, in LTR and RTL,
 * plus a check of the inline rounding against libm round(). Returns 0 if
 * equal. */
static int verify(config *c, frames_rect *scratch)
{
    for (int rtl = 0; rtl <= 1; rtl++) {
        ref_params p = c->params;
        p.rtl = rtl;
        double h_ref = -1, h_lib = -2;
        size_t laid = 0;
        memset(c->out, 0xAB, c->n * sizeof *c->out);
        memset(scratch, 0xCD, c->n * sizeof *scratch);
        int rc_ref = c->type == FRAMES_LAYOUT_TYPE_TILES
                         ? ref_layout_tiles(&p, c->ratios, c->n, scratch, &h_ref)
                         : ref_layout_vertical_list(&p, c->ratios, c->n, scratch, &h_ref);
        int rc_lib = lib_layout(&c->appearance, CONTAINER_WIDTH, c->ratios, c->n, rtl, c->out, c->n, &laid,
                                &h_lib);
        if (rc_ref != FRAMES_OK || rc_lib != FRAMES_OK) {
            fprintf(stderr, "verify %s N=%zu rtl=%d: ref rc %d, lib rc %d (%s)\n", c->name, c->n, rtl, rc_ref,
                    rc_lib, lib_message());
            return 1;
        }
        if (laid != c->n) {
            fprintf(stderr, "verify %s N=%zu: library laid out %zu rects\n", c->name, c->n, laid);
            return 1;
        }
        if (memcmp(&h_ref, &h_lib, sizeof h_ref) != 0) {
            fprintf(stderr, "verify %s N=%zu rtl=%d: content height ref %a lib %a\n", c->name, c->n, rtl, h_ref,
                    h_lib);
            return 1;
        }
        if (memcmp(scratch, c->out, c->n * sizeof *scratch) != 0) {
            for (size_t i = 0; i < c->n; i++) {
                if (memcmp(&scratch[i], &c->out[i], sizeof scratch[i]) != 0) {
                    fprintf(stderr,
                            "verify %s N=%zu rtl=%d: rect %zu differs: ref {%a,%a,%a,%a} lib {%a,%a,%a,%a}\n",
                            c->name, c->n, rtl, i, scratch[i].x, scratch[i].y, scratch[i].width,
                            scratch[i].height, c->out[i].x, c->out[i].y, c->out[i].width, c->out[i].height);
                    break;
                }
            }
            return 1;
        }
        size_t halves = 0;
        for (size_t i = 0; i < c->n; i++) {
            double q = scratch[i].width / c->ratios[i];
            if (q - trunc(q) == 0.5)
                halves++;
            if (scratch[i].height != round(q)) {
                fprintf(stderr, "verify %s N=%zu: height %zu is %a, libm round gives %a\n", c->name, c->n, i,
                        scratch[i].height, round(q));
                return 1;
            }
        }
        if (!rtl)
            printf("CHECK %s %zu %a\n", c->name, c->n, h_ref);
        printf("# verified %s N=%zu %s: %zu rects bit-identical (%zu exact halves), content height %.17g\n",
               c->name, c->n, rtl ? "rtl" : "ltr", c->n, halves, h_ref);
    }
    return 0;
}

/* The batch equals the loop of single calls, bit for bit. */
static int verify_batch(config *c)
{
    size_t bytes = c->m * c->n * sizeof(frames_rect);
    frames_rect *loop = malloc(bytes ? bytes : 1);
    double heights[MAX_WIDTHS];
    if (!loop) return 1;
    memset(c->many, 0xAB, bytes);
    call_impl(c, IMPL_LOOP);
    memcpy(loop, c->many, bytes);
    memcpy(heights, c->heights, sizeof heights);
    memset(c->many, 0xCD, bytes);
    call_impl(c, IMPL_BATCH);
    int bad = memcmp(loop, c->many, bytes) != 0 || memcmp(heights, c->heights, c->m * sizeof(double)) != 0;
    for (size_t i = 0; i < c->m && !bad; i++)
        bad = c->ends[i] != (i + 1) * c->n;
    free(loop);
    if (bad)
        fprintf(stderr, "bench_layout: N=%zu: the batch differs from the loop of single calls\n", c->n);
    else
        printf("# verified N=%zu: the batch of %zu widths equals %zu single calls bit for bit\n", c->n, c->m, c->m);
    return bad;
}

typedef struct sample_ctx {
    const config *c;
    int impl;
    uint64_t k;
    double per; /* operations per call: banners, or layouts for the batch and the loop */
} sample_ctx;

static double sample(void *ctx)
{
    sample_ctx *s = ctx;
    double t0 = bench_cpu_ns();
    for (uint64_t r = 0; r < s->k; r++)
        call_impl(s->c, s->impl);
    return (bench_cpu_ns() - t0) / ((double)s->k * s->per);
}

static uint64_t calls_per_sample(const config *c, int impl)
{
    double start = bench_cpu_ns(), spent;
    uint64_t calls = 0;
    do { /* warm-up and calibration, ~20 ms */
        call_impl(c, impl);
        calls++;
        spent = bench_cpu_ns() - start;
    } while (spent < 2e7);
    double k = ceil(TARGET_SAMPLE_NS / (spent / (double)calls));
    return k < 1 ? 1 : (uint64_t)k;
}

/* One figure beside its floor: interleaved samples, or under callgrind one
 * short region each. Returns 1 when the target is missed. */
static int compare(const config *c, const char *name, int figure, int floor, const char *floor_name, double per,
                   const char *unit, int reps, bench_target target)
{
    sample_ctx f = {c, figure, 0, per}, l = {c, floor, 0, per};
    if (bench_under_callgrind()) {
        long calls = c->n >= 100000 ? 2 : c->n >= 1000 ? 20 : 2000;
        if (figure == IMPL_BATCH) calls = c->n >= 100000 ? 1 : c->n >= 1000 ? 2 : 200;
        call_impl(c, figure);
        call_impl(c, floor);
        for (int side = 0; side < 2; side++) {
            int impl = side ? floor : figure;
            char label[64];
            snprintf(label, sizeof label, "floor:%s", floor_name);
            bench_ir_begin();
            for (long r = 0; r < calls; r++)
                call_impl(c, impl);
            bench_ir_end(name, side ? label : "figure", (long)((double)calls * per), target);
        }
        return 0;
    }
    f.k = calls_per_sample(c, figure);
    l.k = calls_per_sample(c, floor);
    bench_series fs = {{0}, 0}, ls = {{0}, 0};
    bench_interleave(reps, sample, &f, &fs, sample, &l, &ls);
    int missed = bench_report(name, unit, &fs, floor_name, &ls, target);
    fflush(stdout);
    return missed;
}

int main(int argc, char **argv)
{
    int reps = 15;
    const char *lib_path = getenv("FRAMES_LIBRARY");
    size_t sizes[16] = {10, 1000, 100000, 1000000};
    int nsizes = 4;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
            reps = atoi(argv[++i]);
            if (reps < 1) reps = 1;
            if (reps > BENCH_MAX_REPS) reps = BENCH_MAX_REPS;
        } else if (!strcmp(argv[i], "--sizes") && i + 1 < argc) {
            nsizes = 0;
            for (char *s = strtok(argv[++i], ","); s && nsizes < 16; s = strtok(NULL, ","))
                sizes[nsizes++] = (size_t)strtoull(s, NULL, 10);
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: bench_layout [--reps R] [--sizes N,..] [LIBRARY]\n");
            return 2;
        } else {
            lib_path = argv[i];
        }
    }
    if (!lib_path) {
        fprintf(stderr, "usage: bench_layout [--reps R] [--sizes N,..] LIBRARY (or set FRAMES_LIBRARY)\n");
        return 2;
    }
    void *lib = dlopen(lib_path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "bench_layout: %s\n", dlerror());
        return 2;
    }
    lib_layout = (layout_fn)dlsym(lib, "frames_layout_banners");
    lib_batch = (batch_fn)dlsym(lib, "frames_layout_banners_batch");
    lib_message = (message_fn)dlsym(lib, "frames_error_last_message");
    version_fn version = (version_fn)dlsym(lib, "frames_version_number");
    if (!lib_layout || !lib_batch || !lib_message || !version) {
        fprintf(stderr, "bench_layout: missing symbols in %s\n", lib_path);
        return 2;
    }
    printf("# library %s (version number %u)\n", lib_path, version());

    size_t max_n = 0;
    for (int i = 0; i < nsizes; i++)
        if (sizes[i] > max_n)
            max_n = sizes[i];
#define ROUND64(bytes) (((bytes) + 63) / 64 * 64)
    double *ratios = aligned_alloc(64, ROUND64(max_n * sizeof(double) + 8));
    frames_rect *out = aligned_alloc(64, ROUND64(max_n * sizeof(frames_rect) + 8));
    frames_rect *scratch = aligned_alloc(64, ROUND64(max_n * sizeof(frames_rect) + 8));
    if (!ratios || !out || !scratch) {
        fprintf(stderr, "bench_layout: out of memory\n");
        return 2;
    }
    bench_fill_ratios(ratios, max_n);

    const frames_layout_type types[2] = {FRAMES_LAYOUT_TYPE_TILES, FRAMES_LAYOUT_TYPE_VERTICAL_LIST};
    const char *names[2] = {"tiles", "vertical_list"};
    int failed = 0, missed = 0;
    for (int t = 0; t < 2; t++) {
        for (int s = 0; s < nsizes; s++) {
            config c;
            memset(&c, 0, sizeof c);
            c.name = names[t];
            c.type = types[t];
            frames_appearance a = FRAMES_APPEARANCE_INIT;
            a.layout_type = types[t];
            a.has_max_banners_count = false; /* lay out all N */
            a.side_inset = SIDE_INSET;
            a.inter_item_spacing = SPACING; /* tiles' gaps fall back to it */
            c.appearance = a;
            c.params = (ref_params){CONTAINER_WIDTH, SIDE_INSET, SIDE_INSET, SPACING, SPACING, SPACING, false};
            c.ratios = ratios;
            c.n = sizes[s];
            c.out = out;
            if (verify(&c, scratch)) {
                printf("MISMATCH %s %zu\n", c.name, c.n);
                failed = 1;
                continue;
            }
            char name[96];
            bench_target target = c.n == 100000 ? (bench_target){BENCH_RATIO_AT_MOST, 1.5} : BENCH_NONE;
            snprintf(name, sizeof name, "layout.c.%s.%zu", c.name, c.n);
            missed |= compare(&c, name, IMPL_LIB, IMPL_REF, "plain C", (double)c.n, "ns", reps, target);
            snprintf(name, sizeof name, "layout.c.%s.%zu.nocheck", c.name, c.n);
            compare(&c, name, IMPL_REF_NOCHECK, IMPL_REF, "plain C", (double)c.n, "ns", reps, BENCH_NONE);
            if (t != 0)
                continue;
            /* The batch of M widths beside M single calls (tiles). */
            c.m = c.n >= 100000 ? 10 : MAX_WIDTHS;
            for (size_t i = 0; i < c.m; i++)
                c.widths[i] = 320.0 + 2.0 * (double)i;
            c.many = malloc((c.m * c.n > 0 ? c.m * c.n : 1) * sizeof(frames_rect));
            if (!c.many) {
                fprintf(stderr, "bench_layout: out of memory\n");
                return 2;
            }
            c.batch = (frames_layout_batch)FRAMES_LAYOUT_BATCH_INIT;
            c.batch.container_widths = c.widths;
            c.batch.width_count = c.m;
            c.batch.ratios = ratios;
            c.batch.ratio_count = c.n;
            c.batch.list_lengths = &c.n;
            c.batch.list_count = 1;
            c.batch.out_rects = c.many;
            c.batch.rects_capacity = c.m * c.n;
            c.batch.out_rect_ends = c.ends;
            c.batch.out_content_heights = c.heights;
            c.batch.layouts_capacity = c.m;
            if (verify_batch(&c)) {
                failed = 1;
            } else {
                snprintf(name, sizeof name, "layout.c.batch.%zu", c.n);
                compare(&c, name, IMPL_BATCH, IMPL_LOOP, "C loop of single calls", (double)c.m, "us", reps,
                        BENCH_NONE);
            }
            free(c.many);
        }
    }
    if (sink == 42.0)
        puts("");
    free(ratios);
    free(out);
    free(scratch);
    if (failed) {
        fprintf(stderr, "bench_layout: the library's rects differ from the reference's\n");
        return 1;
    }
    return missed ? 3 : 0;
}
