/*
 * soak.c — creating and freeing handles does not grow the process
 * (XC-07).
 *
 * Creates and frees 1,000,000 frames, 100,000 engines and 100,000 banner
 * places through the C API, and checks that resident memory (the second
 * field of /proc/self/statm) grows by less than 1 MiB between a warm-up
 * point (after a first, smaller pass of every kind, so allocator pools and
 * the library's lazy globals exist) and the end. Every object is used, not
 * only made: frames get a delegate, a placement and are attached (their
 * resolve requests are answered 404 in batches), engines get host callbacks
 * and a frame and a place that engine_free must free, places get a delegate
 * and a width. Every free_user_data must run exactly once.
 *
 *   soak [scale]     scale divides every count (default 1; `soak 10` is a
 *                    quick run); prints the RSS figures and the time per kind.
 *
 * Prints "soak: N checks, M failed"; exits 1 on any failure.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "frames.h"

#define FRAMES_TOTAL 1000000L
#define ENGINES_TOTAL 100000L
#define PLACES_TOTAL 100000L
#define RSS_LIMIT_BYTES (1024L * 1024L)

static long checks, failures;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        checks++;                                                                      \
        if (!(cond)) {                                                                 \
            failures++;                                                                \
            if (failures <= 20)                                                        \
                printf("  FAIL soak.c:%d: %s -- last error %d \"%s\"\n", __LINE__, #cond, \
                       (int)frames_error_last_code(), frames_error_last_message());    \
        }                                                                              \
    } while (0)

static const char config[] = "{\"Insider\": {\"App Frames Enabled\": true}}";

static long frees_expected, frees_seen;

static void count_free(void *user_data) {
    (void)user_data;
    frees_seen++;
}

static void on_status(frames_frame *f, frames_frame_status s, frames_frame_status p, void *u) {
    (void)f;
    (void)s;
    (void)p;
    (void)u;
}

static void on_update(frames_banner_place *p, bool is_content, size_t n, double h, void *u) {
    (void)p;
    (void)is_content;
    (void)n;
    (void)h;
    (void)u;
}

static long rss_bytes(void) {
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f) return -1;
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = -1;
    fclose(f);
    return resident < 0 ? -1 : resident * sysconf(_SC_PAGESIZE);
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Answers every queued request with 404 (not retried: XC-06). */
static void drain(frames_engine *engine, int64_t now) {
    for (;;) {
        frames_request request;
        bool available = false;
        if (frames_engine_poll_request(engine, &request, &available) != FRAMES_OK || !available) return;
        CHECK(frames_engine_complete_request(engine, request.id, 404, NULL, NULL, 0, NULL, 0, now) == FRAMES_OK);
    }
}

static frames_engine *new_engine(void) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_engine *engine = NULL;
    options.placements_url = "https://api.test/v1/placements";
    options.banners_url = "https://api.test/v1/banners";
    host.free_user_data = count_free;
    frees_expected++;
    CHECK(frames_engine_new(&options, (const uint8_t *)config, sizeof config - 1, &host, &engine) == FRAMES_OK);
    return engine;
}

static void frames_pass(frames_engine *engine, long count, int64_t *now) {
    static const char *const placements[4] = { "home_top", "home_bottom", "cart", "profile" };
    frames_frame_delegate d = FRAMES_FRAME_DELEGATE_INIT;
    long i;
    d.status_changed = on_status;
    d.free_user_data = count_free;
    for (i = 0; i < count; i++) {
        frames_frame *frame = NULL;
        CHECK(frames_frame_new(engine, &frame) == FRAMES_OK);
        frees_expected++;
        CHECK(frames_frame_set_delegate(frame, &d) == FRAMES_OK);
        CHECK(frames_frame_set_placement(frame, placements[i & 3], *now) == FRAMES_OK);
        CHECK(frames_frame_attach(frame, *now) == FRAMES_OK);
        CHECK(frames_frame_free(frame) == FRAMES_OK);
        if ((i & 1023) == 1023) {
            *now += 1;
            drain(engine, *now);
        }
    }
    drain(engine, *now);
}

static void engines_pass(long count) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    long i;
    for (i = 0; i < count; i++) {
        frames_engine *engine = new_engine();
        frames_frame *frame = NULL;
        frames_banner_place *place = NULL;
        CHECK(frames_frame_new(engine, &frame) == FRAMES_OK);
        CHECK(frames_frame_set_placement(frame, "home_top", 0) == FRAMES_OK);
        CHECK(frames_banner_place_new(engine, "home_banners", &a, &place) == FRAMES_OK);
        /* engine_free frees the frame and the place with it. */
        CHECK(frames_engine_free(engine) == FRAMES_OK);
    }
}

static void places_pass(frames_engine *engine, long count, int64_t now) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    frames_banner_place_delegate d = FRAMES_BANNER_PLACE_DELEGATE_INIT;
    frames_rect viewport = { 0, 0, 375, 200 };
    long i;
    d.updated = on_update;
    d.free_user_data = count_free;
    for (i = 0; i < count; i++) {
        frames_banner_place *place = NULL;
        a.layout_type = (frames_layout_type)(i % 3);
        CHECK(frames_banner_place_new(engine, "home_banners", &a, &place) == FRAMES_OK);
        CHECK(frames_banner_place_set_delegate(place, &d) == FRAMES_OK);
        frees_expected++;
        CHECK(frames_banner_place_set_container(place, 375, (i & 1) != 0, now) == FRAMES_OK);
        CHECK(frames_banner_place_set_viewport(place, &viewport, now) == FRAMES_OK);
        CHECK(frames_banner_place_free(place) == FRAMES_OK);
    }
}

int main(int argc, char **argv) {
    long scale = argc > 1 ? atol(argv[1]) : 1;
    long n_frames, n_engines, n_places, rss_start, rss_warm, rss_end, growth;
    int64_t now = 0;
    double t0, t_frames, t_engines, t_places;
    frames_engine *engine;

    if (scale < 1) scale = 1;
    n_frames = FRAMES_TOTAL / scale;
    n_engines = ENGINES_TOTAL / scale;
    n_places = PLACES_TOTAL / scale;
    rss_start = rss_bytes();

    /* Warm-up: a first pass of every kind (2 % of the counts). */
    engine = new_engine();
    frames_pass(engine, n_frames / 50 + 1, &now);
    engines_pass(n_engines / 50 + 1);
    places_pass(engine, n_places / 50 + 1, now);
    rss_warm = rss_bytes();

    t0 = now_s();
    frames_pass(engine, n_frames, &now);
    t_frames = now_s() - t0;
    t0 = now_s();
    engines_pass(n_engines);
    t_engines = now_s() - t0;
    t0 = now_s();
    places_pass(engine, n_places, now);
    t_places = now_s() - t0;
    CHECK(frames_engine_free(engine) == FRAMES_OK);
    rss_end = rss_bytes();

    growth = rss_end - rss_warm;
    printf("soak: %ld frames in %.2f s, %ld engines in %.2f s, %ld banner places in %.2f s\n", n_frames, t_frames,
           n_engines, t_engines, n_places, t_places);
    printf("  RSS at start %ld KiB, after warm-up %ld KiB, at the end %ld KiB: growth %+ld KiB (limit %ld KiB)\n",
           rss_start / 1024, rss_warm / 1024, rss_end / 1024, growth / 1024, RSS_LIMIT_BYTES / 1024);
    printf("  free_user_data: %ld expected, %ld ran\n", frees_expected, frees_seen);
    CHECK(rss_start > 0 && rss_warm > 0 && rss_end > 0);
    CHECK(growth < RSS_LIMIT_BYTES);
    CHECK(frees_seen == frees_expected);
    printf("soak: %ld checks, %ld failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
