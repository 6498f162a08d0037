/*
 * bench_banner_load.c — loading a banner place (BN-14..BN-16) from C, beside
 * the least the same bytes cost through kept C libraries (bench/floors.h),
 * interleaved. Not a test: run it with `bash bench/run_banner_load.sh`; see
 * docs/performance.md, "Banner loading".
 *
 *   bench_banner_load [--banners N] [--growth M] [--reps R] [--only WHAT]
 *                                (default N = 1,000, M = 10,000, 9 repetitions)
 *
 * One load: a place is created, attached, and its list and every banner's
 * content are answered from memory, every request polled and completed in
 * turn as a host would, until every row is ready. Timed (thread CPU time):
 * every frames_* call from the attach to the last answer; the bodies are
 * built beforehand and the host's callbacks only count.
 *
 * banner_load.vertical_list  a vertical list with an 800-point viewport (a
 *                            few rows play);
 * banner_load.carousel       a carousel (its first page plays);
 * banner_load.tiles          tiles without a viewport (BN-12: every row
 *                            plays and counts a view — the most work per
 *                            answer).
 *   Floor of the three, measured once per repetition and shared:
 *   cJSON parsing the list, and per banner the SHA-256 of its content
 *   (OpenSSL) and two crossings of the C ABI (frames_version_number, the
 *   cheapest exported call: a host polls and completes each request).
 *   Target: ratio <= 1.5, by time (minima) and by instructions.
 * banner_load.list_read      the list's answer to a place that lays out no
 *                            banner (max_banners_count 0): the list read
 *                            and its rules (BN-07), no row. Floor:
 *                            cJSON parsing the same bytes. Target: ratio
 *                            <= 1.5.
 * banner_load.growth         loading M banners (vertical list) beside
 *                            loading N: the ratio is the check that loading
 *                            is linear (target <= 12 for M/N = 10).
 *
 * Every repetition measures the sides in a rotated order, so a change in
 * the machine's load falls on each alike. Under callgrind (run_banner_load.sh
 * --callgrind) two short repetitions mark regions instead (bench_stats.h).
 * --only NAME runs one side once (list_answer, cjson: what run_banner_load.sh
 * counts the list read's own function by; vertical_list, carousel, tiles: one
 * layout's load alone, for a profiler).
 *
 * Exit status: 1 when a place did not end with every row ready, 3 when a
 * target is missed.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_stats.h"
#include "floors.h"
#include "frames.h"

#define LIST_URL "https://bench.test/v1/banners"
#define CONTENT "<div>banner</div>"
#define CONTENT_LEN (sizeof CONTENT - 1)

static long events;
static volatile long sink;
/* Off under --only: run_banner_load.sh then counts one function's
 * instructions (--toggle-collect), which the regions' toggles would upset. */
static bool marks = true;

static void mark_begin(void) { if (marks) bench_ir_begin(); }
static void mark_pause(void) { if (marks) bench_ir_pause(); }
static void mark_resume(void) { if (marks) bench_ir_resume(); }

static void on_render(frames_banner_place *p, size_t i, const frames_banner_info *b, const uint8_t *c, size_t n,
                      void *u) {
    (void)p; (void)i; (void)b; (void)c; (void)n; (void)u;
    events++;
}
static void on_playback(frames_banner_place *p, size_t i, bool playing, bool from_start, void *u) {
    (void)p; (void)i; (void)playing; (void)from_start; (void)u;
    events++;
}
static void on_analytics(const frames_analytics_record *r, void *u) {
    (void)r; (void)u;
    events++;
}

/* The list the backend answers: ~170 bytes per banner, each naming its
 * content's URL and SHA-256. */
typedef struct list_doc {
    int banners;
    char *bytes;
    size_t len;
} list_doc;

static list_doc make_list(int n) {
    list_doc d = {n, NULL, 0};
    uint8_t digest[32];
    char sha[65];
    size_t cap = (size_t)n * 200 + 64;
    int i;
    d.bytes = malloc(cap);
    if (!d.bytes) exit(2);
    floor_sha256(CONTENT, CONTENT_LEN, digest);
    for (i = 0; i < 32; i++) snprintf(sha + 2 * i, 3, "%02x", digest[i]);
    d.len += (size_t)snprintf(d.bytes + d.len, cap - d.len, "{\"banners\":[");
    for (i = 0; i < n; i++)
        d.len += (size_t)snprintf(d.bytes + d.len, cap - d.len,
                                  "%s{\"id\":\"b%d\",\"ratio\":%d,\"duration_ms\":5000,"
                                  "\"content\":{\"url\":\"https://bench.test/c/%d\",\"sha256\":\"%s\"}}",
                                  i ? "," : "", i, 1 + i % 3, i, sha);
    d.len += (size_t)snprintf(d.bytes + d.len, cap - d.len, "]}");
    return d;
}

/* --- one load ------------------------------------------------------------------ */

typedef struct load_case {
    const char *name;       /* FIGURE name */
    frames_layout_type layout;
    bool viewport;          /* an 800-point viewport (lists) */
    bool lay_out_none;      /* max_banners_count 0: the list's answer alone */
    const list_doc *list;
} load_case;

static void fail(const char *what) {
    fprintf(stderr, "bench_banner_load: %s: %s\n", what, frames_error_last_message());
    exit(1);
}

/* Every row ready (or, laying out none, no row): else the run is wrong. */
static void check_rows(frames_banner_place *place, const load_case *c) {
    size_t count = 0;
    frames_banner_row *rows;
    size_t i;
    size_t want = c->lay_out_none ? 0 : (size_t)c->list->banners;
    if (frames_banner_place_get_rows(place, 1, NULL, 0, &count) != (want ? FRAMES_ERR_BUFFER_TOO_SMALL : FRAMES_OK) ||
        count != want) {
        fprintf(stderr, "bench_banner_load: %s: %zu rows, expected %zu\n", c->name, count, want);
        exit(1);
    }
    if (!want) return;
    rows = malloc(count * sizeof *rows);
    if (!rows || frames_banner_place_get_rows(place, 1, rows, count, &count) != FRAMES_OK) fail("get_rows");
    for (i = 0; i < count; i++)
        if (rows[i].state != FRAMES_ROW_STATE_READY) {
            fprintf(stderr, "bench_banner_load: %s: row %zu is not ready\n", c->name, i);
            exit(1);
        }
    free(rows);
}

/* One load: ns of thread CPU time in the engine's calls. */
static double load_sample(void *ctx) {
    const load_case *c = ctx;
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    frames_banner_place_delegate d = FRAMES_BANNER_PLACE_DELEGATE_INIT;
    frames_engine *engine = NULL;
    frames_banner_place *place = NULL;
    frames_rect viewport = {0, 0, 375, 800};
    double t0, elapsed;

    options.banners_url = LIST_URL;
    host.analytics = on_analytics;
    if (frames_engine_new(&options, NULL, 0, &host, &engine) != FRAMES_OK) fail("frames_engine_new");
    a.layout_type = c->layout;
    a.has_max_banners_count = c->lay_out_none;
    a.max_banners_count = 0;
    d.render = on_render;
    d.playback_changed = on_playback;
    if (frames_banner_place_new(engine, "bench", &a, &place) != FRAMES_OK) fail("frames_banner_place_new");
    frames_banner_place_set_delegate(place, &d);
    frames_banner_place_set_container(place, 375, false, 0);
    if (c->viewport) frames_banner_place_set_viewport(place, &viewport, 0);

    mark_begin();
    t0 = bench_cpu_ns();
    frames_banner_place_attach(place, 0);
    for (;;) {
        frames_request r;
        bool available = false;
        if (frames_engine_poll_request(engine, &r, &available) != FRAMES_OK || !available) break;
        if (strcmp(r.url, LIST_URL) == 0)
            frames_engine_complete_request(engine, r.id, 200, NULL, NULL, 0, (const uint8_t *)c->list->bytes,
                                           c->list->len, 1);
        else
            frames_engine_complete_request(engine, r.id, 200, NULL, NULL, 0, (const uint8_t *)CONTENT, CONTENT_LEN, 1);
    }
    elapsed = bench_cpu_ns() - t0;
    mark_pause();
    check_rows(place, c);
    frames_engine_free(engine);
    mark_resume(); /* the caller's bench_ir_end closes the region */
    return elapsed;
}

/* --- the floors ---------------------------------------------------------------- */

/* cJSON parses the list; per banner, the SHA-256 of its content and two
 * crossings of the C ABI. */
static double load_floor_sample(void *ctx) {
    const list_doc *list = ctx;
    uint8_t digest[32];
    double t0;
    long s = 0;
    int i;
    mark_begin();
    t0 = bench_cpu_ns();
    s += floor_cjson_parse(list->bytes, list->len);
    for (i = 0; i < list->banners; i++) {
        floor_sha256(CONTENT, CONTENT_LEN, digest);
        s += digest[0] + (long)frames_version_number() + (long)frames_version_number();
    }
    t0 = bench_cpu_ns() - t0;
    sink = s;
    return t0;
}

static double cjson_sample(void *ctx) {
    const list_doc *list = ctx;
    double t0;
    mark_begin();
    t0 = bench_cpu_ns();
    sink = floor_cjson_parse(list->bytes, list->len);
    t0 = bench_cpu_ns() - t0;
    return t0;
}

/* --- the run ------------------------------------------------------------------- */

/* One side of a repetition: its sample function, and where its samples go. */
typedef struct side {
    bench_sample_fn fn;
    void *ctx;
    bench_series series;
    const char *ir_name; /* the figure its callgrind region belongs to */
    const char *ir_side; /* "figure" or "floor:<name>" */
} side;

/* Repetition r runs the sides starting from side r % n. */
static void rotate(side *sides, int n, int reps) {
    int r, k;
    for (r = 0; r < reps; r++)
        for (k = 0; k < n; k++) {
            side *s = &sides[(r + k) % n];
            double v = s->fn(s->ctx);
            bench_add(&s->series, v);
        }
}

int main(int argc, char **argv) {
    int banners = 1000, growth = 10000, reps = 9, i, missed = 0;
    const char *only = NULL;
    const bench_target ratio15 = {BENCH_RATIO_AT_MOST, 1.5}, ratio12 = {BENCH_RATIO_AT_MOST, 12};

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--banners") == 0 && i + 1 < argc) banners = atoi(argv[++i]);
        else if (strcmp(argv[i], "--growth") == 0 && i + 1 < argc) growth = atoi(argv[++i]);
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) only = argv[++i];
        else {
            fprintf(stderr, "usage: bench_banner_load [--banners N] [--growth M] [--reps R] [--only list_answer|cjson|vertical_list|carousel|tiles]\n");
            return 2;
        }
    }
    if (banners < 1 || growth < 1 || reps < 1 || reps > BENCH_MAX_REPS) {
        fprintf(stderr, "bench_banner_load: --banners and --growth must be >= 1, --reps 1..%d\n", BENCH_MAX_REPS);
        return 2;
    }

    list_doc list = make_list(banners), big = make_list(growth);
    load_case list_case = {"banner_load.vertical_list", FRAMES_LAYOUT_TYPE_VERTICAL_LIST, true, false, &list};
    load_case carousel = {"banner_load.carousel", FRAMES_LAYOUT_TYPE_CAROUSEL, false, false, &list};
    load_case tiles = {"banner_load.tiles", FRAMES_LAYOUT_TYPE_TILES, false, false, &list};
    load_case answer = {"banner_load.list_read", FRAMES_LAYOUT_TYPE_VERTICAL_LIST, true, true, &list};
    load_case grown = {"banner_load.growth", FRAMES_LAYOUT_TYPE_VERTICAL_LIST, true, false, &big};
    load_case growth_base = {"banner_load.growth", FRAMES_LAYOUT_TYPE_VERTICAL_LIST, true, false, &list};

    if (only) {
        marks = false;
        if (strcmp(only, "list_answer") == 0) load_sample(&answer);
        else if (strcmp(only, "cjson") == 0) cjson_sample(&list);
        else if (strcmp(only, "vertical_list") == 0) load_sample(&list_case);
        else if (strcmp(only, "carousel") == 0) load_sample(&carousel);
        else if (strcmp(only, "tiles") == 0) load_sample(&tiles);
        else {
            fprintf(stderr, "bench_banner_load: --only list_answer, cjson, vertical_list, carousel or tiles, not %s\n", only);
            return 2;
        }
        return 0;
    }

    if (bench_under_callgrind()) {
        /* Each layout's region beside a floor region under its own name. */
        static char growth_floor[64];
        snprintf(growth_floor, sizeof growth_floor, "floor:%d banners", banners);
        side sides[] = {
            {load_floor_sample, &list, {{0}, 0}, "banner_load.vertical_list", "floor:cJSON+SHA-256+C ABI"},
            {load_sample, &list_case, {{0}, 0}, "banner_load.vertical_list", "figure"},
            {load_floor_sample, &list, {{0}, 0}, "banner_load.carousel", "floor:cJSON+SHA-256+C ABI"},
            {load_sample, &carousel, {{0}, 0}, "banner_load.carousel", "figure"},
            {load_floor_sample, &list, {{0}, 0}, "banner_load.tiles", "floor:cJSON+SHA-256+C ABI"},
            {load_sample, &tiles, {{0}, 0}, "banner_load.tiles", "figure"},
            {cjson_sample, &list, {{0}, 0}, "banner_load.list_read", "floor:cJSON_Parse"},
            {load_sample, &answer, {{0}, 0}, "banner_load.list_read", "figure"},
            {load_sample, &growth_base, {{0}, 0}, "banner_load.growth", growth_floor},
            {load_sample, &grown, {{0}, 0}, "banner_load.growth", "figure"},
        };
        int k, n = (int)(sizeof sides / sizeof sides[0]);
        for (i = 0; i < 2; i++)
            for (k = 0; k < n; k++) {
                sides[k].fn(sides[k].ctx);
                bench_ir_end(sides[k].ir_name, sides[k].ir_side, 1,
                             strcmp(sides[k].ir_name, "banner_load.growth") == 0 ? ratio12 : ratio15);
            }
        return 0;
    }

    {
        /* The three layouts and their shared floor, rotated. */
        side sides[] = {
            {load_floor_sample, &list, {{0}, 0}, "", ""},
            {load_sample, &list_case, {{0}, 0}, "", ""},
            {load_sample, &carousel, {{0}, 0}, "", ""},
            {load_sample, &tiles, {{0}, 0}, "", ""},
        };
        rotate(sides, 4, reps);
        missed |= bench_report(list_case.name, "ms", &sides[1].series, "cJSON+SHA-256+C ABI", &sides[0].series, ratio15);
        missed |= bench_report(carousel.name, "ms", &sides[2].series, "cJSON+SHA-256+C ABI", &sides[0].series, ratio15);
        missed |= bench_report(tiles.name, "ms", &sides[3].series, "cJSON+SHA-256+C ABI", &sides[0].series, ratio15);
    }
    {
        bench_series f = {{0}, 0}, l = {{0}, 0};
        bench_interleave(reps, load_sample, &answer, &f, cjson_sample, &list, &l);
        missed |= bench_report(answer.name, "ms", &f, "cJSON_Parse", &l, ratio15);
    }
    {
        bench_series f = {{0}, 0}, l = {{0}, 0};
        char floor_name[64];
        bench_interleave(reps < 5 ? reps : 5, load_sample, &grown, &f, load_sample, &growth_base, &l);
        snprintf(floor_name, sizeof floor_name, "%d banners", banners);
        printf("# banner_load.growth: %d banners beside %d (vertical list)\n", growth, banners);
        missed |= bench_report(grown.name, "ms", &f, floor_name, &l, ratio12);
    }
    printf("# %ld callbacks counted\n", events);
    free(list.bytes);
    free(big.bytes);
    return missed ? 3 : 0;
}
