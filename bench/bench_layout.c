/*
 * bench_layout.c — ns per banner of frames_layout_banners() (through the real
 * shared library, loaded with dlopen) next to a plain C loop implementing the
 * same formula (layout_ref.c, gcc -O2), for the vertical list and tiles at
 * N = 10, 1,000, 100,000 and 1,000,000.
 *
 * Not a test: run it with `bash bench/run.sh` (see docs/performance.md).
 *
 *   bench_layout [--min-time SECONDS] [--sizes N,N,...] [LIBRARY]
 *   bench_layout --profile tiles|vertical_list ref|lib|ref_nocheck N CALLS [LIBRARY]
 *
 * --profile makes CALLS untimed calls of one implementation (after the
 * bit-for-bit check), for `valgrind --tool=callgrind` (docs/performance.md).
 *
 * LIBRARY defaults to $FRAMES_LIBRARY. Output: human-readable lines and, for
 * bench/run.sh, one machine-readable line per measurement:
 *
 *   RESULT <layout> <N> <impl> <median ns/banner> <min ns/banner> <samples> <calls/sample>
 *   CHECK  <layout> <N> <content height as %a>
 *
 * impl is "ref" (the plain C baseline, with the validation pass), "lib"
 * (libframes) or "ref_nocheck" (the plain C loop without the validation pass,
 * for information only).
 *
 * Method: ratios are a deterministic splitmix64 mix in [0.5, 3] (plus exact
 * 2.0 and 0.8 every 16 banners so that halves occur and the rounding is
 * exercised). For each configuration the library's rects are first compared
 * bit for bit with the reference's (exit status 1 if they differ), then every
 * implementation is warmed up, a sample is K back-to-back calls (K chosen so a
 * sample takes >= ~2 ms; K = 1 for large N), samples of the implementations are
 * interleaved round-robin so they see the same machine state, and sampling
 * runs until each implementation has spent >= --min-time seconds (default
 * 0.3) and has >= 21 samples. Timing is CLOCK_MONOTONIC. All implementations
 * write into the same output buffer, so cache state is comparable.
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
#include "layout_ref.h"

typedef frames_result (*layout_fn)(const frames_appearance *, double, const double *, size_t, bool,
                                   frames_rect *, size_t, size_t *, double *);
typedef uint32_t (*version_fn)(void);
typedef const char *(*message_fn)(void);

static layout_fn lib_layout;
static message_fn lib_message;

/* Benchmark configuration shared with bench_layout.py. */
#define CONTAINER_WIDTH 390.0
#define SIDE_INSET 16.0
#define SPACING 8.0

static const double TARGET_SAMPLE_NS = 2e6; /* ~2 ms per sample */
static const int MIN_SAMPLES = 21;
static const int MAX_SAMPLES = 100000;

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

enum { IMPL_REF, IMPL_LIB, IMPL_REF_NOCHECK, IMPL_COUNT };
static const char *const IMPL_NAMES[IMPL_COUNT] = {"ref", "lib", "ref_nocheck"};

typedef struct config {
    const char *name; /* "tiles" / "vertical_list" */
    frames_layout_type type;
    frames_appearance appearance;
    ref_params params;
    const double *ratios;
    size_t n;
    frames_rect *out;
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

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
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

static void measure(const config *c, double min_time_s)
{
    /* Warm-up and calibration: time single calls until ~50 ms were spent. */
    double per_call[IMPL_COUNT];
    for (int impl = 0; impl < IMPL_COUNT; impl++) {
        uint64_t start = now_ns(), calls = 0;
        do {
            call_impl(c, impl);
            calls++;
        } while (now_ns() - start < 50000000u);
        per_call[impl] = (double)(now_ns() - start) / (double)calls;
    }
    uint64_t k[IMPL_COUNT];
    for (int impl = 0; impl < IMPL_COUNT; impl++) {
        double kk = ceil(TARGET_SAMPLE_NS / per_call[impl]);
        k[impl] = kk < 1 ? 1 : (uint64_t)kk;
    }
    double *samples[IMPL_COUNT];
    int count[IMPL_COUNT] = {0};
    uint64_t spent[IMPL_COUNT] = {0};
    for (int impl = 0; impl < IMPL_COUNT; impl++)
        samples[impl] = malloc(MAX_SAMPLES * sizeof(double));
    const uint64_t min_ns = (uint64_t)(min_time_s * 1e9);
    for (int round = 0;; round++) {
        int done = 1;
        for (int j = 0; j < IMPL_COUNT; j++) {
            int impl = (j + round) % IMPL_COUNT; /* rotate the order */
            if (count[impl] >= MAX_SAMPLES)
                continue;
            uint64_t t0 = now_ns();
            for (uint64_t r = 0; r < k[impl]; r++)
                call_impl(c, impl);
            uint64_t dt = now_ns() - t0;
            spent[impl] += dt;
            samples[impl][count[impl]++] = (double)dt / ((double)k[impl] * (double)c->n);
            if (count[impl] < MIN_SAMPLES || spent[impl] < min_ns)
                done = 0;
        }
        if (done)
            break;
    }
    for (int impl = 0; impl < IMPL_COUNT; impl++) {
        qsort(samples[impl], count[impl], sizeof(double), cmp_double);
        double med = count[impl] % 2 ? samples[impl][count[impl] / 2]
                                     : 0.5 * (samples[impl][count[impl] / 2 - 1] + samples[impl][count[impl] / 2]);
        printf("RESULT %s %zu %s %.4f %.4f %d %llu\n", c->name, c->n, IMPL_NAMES[impl], med, samples[impl][0],
               count[impl], (unsigned long long)k[impl]);
        free(samples[impl]);
    }
    fflush(stdout);
}

int main(int argc, char **argv)
{
    double min_time = 0.3;
    const char *lib_path = getenv("FRAMES_LIBRARY");
    size_t sizes[16] = {10, 1000, 100000, 1000000};
    int nsizes = 4;
    const char *profile_layout = NULL, *profile_impl = NULL;
    unsigned long long profile_calls = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--profile") && i + 4 < argc) {
            profile_layout = argv[++i];
            profile_impl = argv[++i];
            sizes[0] = (size_t)strtoull(argv[++i], NULL, 10);
            nsizes = 1;
            profile_calls = strtoull(argv[++i], NULL, 10);
        } else if (!strcmp(argv[i], "--min-time") && i + 1 < argc) {
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
        fprintf(stderr, "usage: bench_layout [--min-time S] [--sizes N,..] LIBRARY (or set FRAMES_LIBRARY)\n");
        return 2;
    }
    void *lib = dlopen(lib_path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "bench_layout: %s\n", dlerror());
        return 2;
    }
    lib_layout = (layout_fn)dlsym(lib, "frames_layout_banners");
    lib_message = (message_fn)dlsym(lib, "frames_error_last_message");
    version_fn version = (version_fn)dlsym(lib, "frames_version_number");
    if (!lib_layout || !lib_message || !version) {
        fprintf(stderr, "bench_layout: missing symbols in %s\n", lib_path);
        return 2;
    }
    printf("# library %s (version number %u)\n", lib_path, version());

    size_t max_n = 0;
    for (int i = 0; i < nsizes; i++)
        if (sizes[i] > max_n)
            max_n = sizes[i];
#define ROUND64(bytes) (((bytes) + 63) / 64 * 64)
    double *ratios = aligned_alloc(64, ROUND64(max_n * sizeof(double)));
    frames_rect *out = aligned_alloc(64, ROUND64(max_n * sizeof(frames_rect)));
    frames_rect *scratch = aligned_alloc(64, ROUND64(max_n * sizeof(frames_rect)));
    if (!ratios || !out || !scratch) {
        fprintf(stderr, "bench_layout: out of memory\n");
        return 2;
    }
    bench_fill_ratios(ratios, max_n);

    const frames_layout_type types[2] = {FRAMES_LAYOUT_TYPE_TILES, FRAMES_LAYOUT_TYPE_VERTICAL_LIST};
    const char *names[2] = {"tiles", "vertical_list"};
    int failed = 0;
    for (int t = 0; t < 2; t++) {
        if (profile_layout && strcmp(profile_layout, names[t]) != 0)
            continue;
        for (int s = 0; s < nsizes; s++) {
            config c = {0};
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
            if (profile_impl) {
                int impl = -1;
                for (int j = 0; j < IMPL_COUNT; j++)
                    if (!strcmp(profile_impl, IMPL_NAMES[j]))
                        impl = j;
                if (impl < 0) {
                    fprintf(stderr, "bench_layout: unknown implementation %s\n", profile_impl);
                    return 2;
                }
                for (unsigned long long r = 0; r < profile_calls; r++)
                    call_impl(&c, impl);
                printf("# profiled %llu calls of %s %s N=%zu\n", profile_calls, profile_impl, c.name, c.n);
                continue;
            }
            measure(&c, min_time);
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
    return 0;
}
