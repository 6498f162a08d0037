/*
 * bench_layout_calls.c — the C half of the layout-calls benchmark: what one
 * layout costs when the library is called from C, for tiles at N = 1, 20,
 * 1,000 and 100,000 banners (bench_layout_calls.py is the Python half; run
 * both with `bash bench/run_layout_calls.sh`, see docs/performance.md).
 *
 * Not a test. Configuration shared with the Python half: tiles, container
 * 390 (the batch: widths 320, 322, ..., 418), side inset 16, spacing 8,
 * every banner laid out, LTR, the ratios of bench_ratios.h.
 *
 *   bench_layout_calls [--min-time SECONDS] [--sizes N,N,...] LIBRARY
 *
 * Implementations, per N (µs per layout):
 *   c_warm   frames_layout_banners into the same output buffer every call;
 *   c_cold   into memory never touched before (a fresh anonymous mapping
 *            per sample, a new slice of it per call; the mmap/munmap are
 *            outside the timed region, the first-touch page faults inside):
 *            what a fresh allocation per call costs at large N;
 *   c_loop   M single calls, one per width of the batch, into one warm
 *            buffer (per layout = time / M);
 *   c_batch  one frames_layout_banners_batch call for the M widths into
 *            the same warm buffer (per layout = time / M).
 * M is 50 (10 at N >= 100,000, to bound the memory to 32 MB).
 *
 * Before timing, the batch's rects and heights are compared with the loop's
 * bit for bit (exit status 1 if they differ), and a CHECK line carries the
 * content height at width 390 for the Python half to compare.
 *
 * Output: RESULT <N> <impl> <median us> <min us> <samples> <calls/sample> <M>
 * Samples of the implementations are interleaved round-robin; a sample is K
 * back-to-back calls (K so that a sample takes ~2 ms); sampling runs until
 * each implementation has >= --min-time seconds and >= 21 samples.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "bench_ratios.h"
#include "frames.h"

typedef frames_result (*layout_fn)(const frames_appearance *, double, const double *, size_t, bool, frames_rect *,
                                   size_t, size_t *, double *);
typedef frames_result (*batch_fn)(const frames_appearance *, frames_layout_batch *);
typedef const char *(*message_fn)(void);

static layout_fn lib_layout;
static batch_fn lib_batch;
static message_fn lib_message;

#define CONTAINER_WIDTH 390.0
#define MAX_WIDTHS 50
static const double TARGET_SAMPLE_NS = 2e6;
static const int MIN_SAMPLES = 21;
static const int MAX_SAMPLES = 100000;

enum { IMPL_WARM, IMPL_COLD, IMPL_LOOP, IMPL_BATCH, IMPL_COUNT };
static const char *const IMPL_NAMES[IMPL_COUNT] = {"c_warm", "c_cold", "c_loop", "c_batch"};

typedef struct config {
    frames_appearance appearance;
    const double *ratios;
    size_t n;
    size_t m;                      /* layouts of the loop and the batch */
    double widths[MAX_WIDTHS];
    frames_rect *warm;             /* n rects */
    frames_rect *many;             /* m * n rects */
    size_t ends[MAX_WIDTHS];
    double heights[MAX_WIDTHS];
    frames_layout_batch batch;     /* the M widths, the N ratios, into many */
    frames_rect *cold;             /* the current sample's fresh memory */
    size_t cold_next;              /* rects of it used so far */
} config;

static double sink;

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void fail(const char *what, int rc)
{
    fprintf(stderr, "bench_layout_calls: %s failed with %d: %s\n", what, rc, lib_message());
    exit(2);
}

static void call_impl(config *c, int impl)
{
    size_t laid = 0, total = 0;
    double h = 0;
    int rc;
    (void)total;
    switch (impl) {
    case IMPL_WARM:
        rc = lib_layout(&c->appearance, CONTAINER_WIDTH, c->ratios, c->n, false, c->warm, c->n, &laid, &h);
        if (rc != FRAMES_OK) fail("c_warm", rc);
        sink += h;
        break;
    case IMPL_COLD:
        rc = lib_layout(&c->appearance, CONTAINER_WIDTH, c->ratios, c->n, false, c->cold + c->cold_next, c->n,
                        &laid, &h);
        if (rc != FRAMES_OK) fail("c_cold", rc);
        c->cold_next += c->n;
        sink += h;
        break;
    case IMPL_LOOP:
        for (size_t i = 0; i < c->m; i++) {
            rc = lib_layout(&c->appearance, c->widths[i], c->ratios, c->n, false, c->many + i * c->n, c->n, &laid,
                            &c->heights[i]);
            if (rc != FRAMES_OK) fail("c_loop", rc);
            c->ends[i] = (i + 1) * c->n;
        }
        sink += c->heights[0];
        break;
    default:
        rc = lib_batch(&c->appearance, &c->batch);
        if (rc != FRAMES_OK) fail("c_batch", rc);
        total = c->batch.out_rect_count;
        sink += c->heights[0];
        break;
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The batch equals the loop of single calls, bit for bit. */
static int verify(config *c)
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
    if (bad) {
        fprintf(stderr, "bench_layout_calls: N=%zu: the batch differs from the loop of single calls\n", c->n);
        return 1;
    }
    size_t laid = 0;
    double h = 0;
    int rc = lib_layout(&c->appearance, CONTAINER_WIDTH, c->ratios, c->n, false, c->warm, c->n, &laid, &h);
    if (rc != FRAMES_OK) fail("check", rc);
    printf("CHECK %zu %a\n", c->n, h);
    printf("# verified N=%zu: the batch of %zu widths equals %zu single calls bit for bit\n", c->n, c->m, c->m);
    return 0;
}

static void measure(config *c, double min_time_s)
{
    double per_call[IMPL_COUNT];
    uint64_t k[IMPL_COUNT];
    size_t page = 4096;
    /* Warm-up and calibration (~50 ms each); c_cold calibrates on warm memory. */
    for (int impl = 0; impl < IMPL_COUNT; impl++) {
        int timed = impl == IMPL_COLD ? IMPL_WARM : impl;
        uint64_t start = now_ns(), calls = 0;
        do {
            call_impl(c, timed);
            calls++;
        } while (now_ns() - start < 50000000u);
        per_call[impl] = (double)(now_ns() - start) / (double)calls;
        double kk = ceil(TARGET_SAMPLE_NS / per_call[impl]);
        k[impl] = kk < 1 ? 1 : (uint64_t)kk;
    }
    /* Cold samples map K * n rects each: bound K so a sample maps <= 256 MB. */
    uint64_t cold_cap = (256u << 20) / (c->n * sizeof(frames_rect));
    if (k[IMPL_COLD] > cold_cap) k[IMPL_COLD] = cold_cap ? cold_cap : 1;

    double *samples[IMPL_COUNT];
    int count[IMPL_COUNT] = {0};
    uint64_t spent[IMPL_COUNT] = {0};
    for (int impl = 0; impl < IMPL_COUNT; impl++)
        samples[impl] = malloc(MAX_SAMPLES * sizeof(double));
    const uint64_t min_ns = (uint64_t)(min_time_s * 1e9);
    for (int round = 0;; round++) {
        int done = 1;
        for (int j = 0; j < IMPL_COUNT; j++) {
            int impl = (j + round) % IMPL_COUNT;
            if (count[impl] >= MAX_SAMPLES) continue;
            size_t mapped = 0;
            if (impl == IMPL_COLD) {
                mapped = ((k[impl] * c->n * sizeof(frames_rect)) + page - 1) / page * page;
                void *p = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
                if (p == MAP_FAILED) { perror("mmap"); exit(2); }
                c->cold = p;
                c->cold_next = 0;
            }
            uint64_t t0 = now_ns();
            for (uint64_t r = 0; r < k[impl]; r++)
                call_impl(c, impl);
            uint64_t dt = now_ns() - t0;
            if (impl == IMPL_COLD) munmap(c->cold, mapped);
            spent[impl] += dt;
            double layouts = (impl == IMPL_LOOP || impl == IMPL_BATCH) ? (double)c->m : 1.0;
            samples[impl][count[impl]++] = (double)dt / 1e3 / ((double)k[impl] * layouts);
            if (count[impl] < MIN_SAMPLES || spent[impl] < min_ns) done = 0;
        }
        if (done) break;
    }
    for (int impl = 0; impl < IMPL_COUNT; impl++) {
        qsort(samples[impl], count[impl], sizeof(double), cmp_double);
        double med = count[impl] % 2 ? samples[impl][count[impl] / 2]
                                     : 0.5 * (samples[impl][count[impl] / 2 - 1] + samples[impl][count[impl] / 2]);
        printf("RESULT %zu %s %.4f %.4f %d %llu %zu\n", c->n, IMPL_NAMES[impl], med, samples[impl][0], count[impl],
               (unsigned long long)k[impl], c->m);
        free(samples[impl]);
    }
    fflush(stdout);
}

int main(int argc, char **argv)
{
    double min_time = 0.3;
    const char *lib_path = getenv("FRAMES_LIBRARY");
    size_t sizes[16] = {1, 20, 1000, 100000};
    int nsizes = 4;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--min-time") && i + 1 < argc) {
            min_time = atof(argv[++i]);
        } else if (!strcmp(argv[i], "--sizes") && i + 1 < argc) {
            nsizes = 0;
            for (char *s = strtok(argv[++i], ","); s && nsizes < 16; s = strtok(NULL, ","))
                sizes[nsizes++] = (size_t)strtoull(s, NULL, 10);
        } else {
            lib_path = argv[i];
        }
    }
    if (!lib_path) {
        fprintf(stderr, "usage: bench_layout_calls [--min-time S] [--sizes N,..] LIBRARY\n");
        return 2;
    }
    void *lib = dlopen(lib_path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "bench_layout_calls: %s\n", dlerror());
        return 2;
    }
    lib_layout = (layout_fn)dlsym(lib, "frames_layout_banners");
    lib_batch = (batch_fn)dlsym(lib, "frames_layout_banners_batch");
    lib_message = (message_fn)dlsym(lib, "frames_error_last_message");
    if (!lib_layout || !lib_batch || !lib_message) {
        fprintf(stderr, "bench_layout_calls: missing symbols in %s\n", lib_path);
        return 2;
    }
    printf("# library %s\n", lib_path);

    int failed = 0;
    for (int s = 0; s < nsizes; s++) {
        config c;
        memset(&c, 0, sizeof c);
        frames_appearance a = FRAMES_APPEARANCE_INIT;
        a.layout_type = FRAMES_LAYOUT_TYPE_TILES;
        a.has_max_banners_count = false;
        a.side_inset = 16;
        a.inter_item_spacing = 8;
        c.appearance = a;
        c.n = sizes[s];
        c.m = c.n >= 100000 ? 10 : MAX_WIDTHS;
        for (size_t i = 0; i < c.m; i++)
            c.widths[i] = 320.0 + 2.0 * (double)i;
        double *ratios = malloc((c.n ? c.n : 1) * sizeof(double));
        c.warm = malloc((c.n ? c.n : 1) * sizeof(frames_rect));
        c.many = malloc((c.m * c.n > 0 ? c.m * c.n : 1) * sizeof(frames_rect));
        if (!ratios || !c.warm || !c.many) {
            fprintf(stderr, "bench_layout_calls: out of memory\n");
            return 2;
        }
        bench_fill_ratios(ratios, c.n);
        c.ratios = ratios;
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
        if (verify(&c)) {
            failed = 1;
        } else {
            measure(&c, min_time);
        }
        free(ratios);
        free(c.warm);
        free(c.many);
    }
    if (sink == 42.0) puts("");
    return failed;
}
