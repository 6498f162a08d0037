/*
 * bench_recording.c — what recording (XC-12) costs per engine call: the
 * same call mixes on an engine without a recording and on one whose every
 * line goes to an in-memory buffer, interleaved in one run.
 *
 * Not a test: run it with `bash bench/run_recording.sh` (or
 * `bash bench/run.sh recording`); see docs/performance.md.
 *
 *   bench_recording [--reps R] [--ticks N]
 *
 * Workloads, each on a fresh engine per measurement, set up untimed (the
 * in-memory backend of Tests/c/fake_backend.c answers the requests):
 *
 *   frames     10 frames of "home" shown (placements, content, rendered):
 *              per tick, for each frame, set_laid_out_size (a new width)
 *              and report_rendered (a new height) — a host's layout pass.
 *   viewport   a carousel of 5 loaded banners: per tick (16 ms, 60 Hz),
 *              set_viewport scrolled by a point and on_timeout — the
 *              playback timers fire and call back as they come due.
 *   event      inline messages, 20 campaigns on 4 attached views: per tick
 *              track_event with properties (no campaign waits for it).
 *   request    a banner list refreshed: per tick refresh, then every
 *              request polled and completed — the list (5 banners, ~1 KB of
 *              JSON) and the contents — a transport round trip.
 *
 * Each workload is timed in the thread's CPU time over N ticks, with
 * recording on (the figure, recording.<workload>) and off (the floor),
 * interleaved (bench/bench_stats.h); per engine call: the time over the
 * ticks' calls. Target: on / off <= 1.10 for every workload, by the minima
 * and by instructions (run under callgrind by run_recording.sh
 * --callgrind: one short repetition, the timed ticks marked).
 *
 * The recording goes to a 16 MB buffer that starts again at its beginning
 * when full: what a host that keeps the last lines in memory pays (a
 * memcpy per line), not a file's.
 *
 * Output: FIGURE lines, and the lines recorded per measurement.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_stats.h"
#include "fake_backend.h"
#include "frames.h"

#define FRAMES 10
#define BANNERS 5
#define CAMPAIGNS 20
#define VIEWS 4

static const char CONFIG[] = "{\"Insider\":{\"App Frames Enabled\":true}}";
static const char PLACEMENTS_URL[] = "https://api.bench/v1/placements";
static const char BANNERS_URL[] = "https://api.bench/v1/banners";
static const char INLINE_URL[] = "https://api.bench/v1/inline";
static const char CONTENT_URL[] = "https://cdn.bench/frames/home.json";
static const char CONTENT_DOC[] =
    "{\"template\":{\"html\":\"<div class=\\\"banner\\\"><h1>Spring sale</h1><p>Up to 40% off</p></div>\"},"
    "\"action_ids\":[\"shop\",\"close\"]}";

static void fail(const char *what, frames_result r) {
    fprintf(stderr, "bench_recording: %s failed: %d %s\n", what, (int)r, frames_error_last_message());
    exit(1);
}

#define CALL(expr)                                       \
    do {                                                 \
        frames_result rc_ = (expr);                      \
        if (rc_ != FRAMES_OK) fail(#expr, rc_);          \
    } while (0)

/* --- the recording's buffer ------------------------------------------------- */

#define SINK_BYTES (16u << 20)
static char *sink;
static size_t sink_at;
static unsigned long sink_lines;

static void record_write(const char *bytes, size_t len, void *user_data) {
    (void)user_data;
    if (sink_at + len > SINK_BYTES) sink_at = 0;
    if (len <= SINK_BYTES) memcpy(sink + sink_at, bytes, len);
    sink_at += len;
    sink_lines++;
}

/* --- the engine and its backend --------------------------------------------- */

static fb_backend backend;
static frames_engine *engine;
static int64_t now = 1000;
static long callbacks;

static void on_render(frames_frame *frame, const frames_content *content, void *ud) {
    (void)frame; (void)content; (void)ud;
    callbacks++;
}

static void on_analytics(const frames_analytics_record *r, void *ud) {
    (void)r; (void)ud;
    callbacks++;
}

static void on_shown(frames_banner_place *place, size_t index, const frames_banner_info *banner, void *ud) {
    (void)place; (void)index; (void)banner; (void)ud;
    callbacks++;
}

static void on_scrolled(frames_banner_place *place, size_t index, void *ud) {
    (void)place; (void)index; (void)ud;
    callbacks++;
}

static void new_engine(bool recording) {
    frames_engine_options o = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    o.placements_url = PLACEMENTS_URL;
    o.banners_url = BANNERS_URL;
    o.inline_url = INLINE_URL;
    o.device_id = "bench-device";
    if (recording) o.record_write = record_write;
    host.analytics = on_analytics;
    fb_init(&backend);
    now = 1000;
    CALL(frames_engine_new(&o, (const uint8_t *)CONFIG, strlen(CONFIG), &host, &engine));
}

static void free_engine(void) {
    CALL(frames_engine_free(engine));
    fb_free(&backend);
    engine = NULL;
}

/* --- frames ----------------------------------------------------------------- */

static frames_frame *frames[FRAMES];

static void frames_setup(void) {
    char sha[65], body[1024];
    int i;
    fb_sha256_hex(CONTENT_DOC, strlen(CONTENT_DOC), sha);
    snprintf(body, sizeof body,
             "{\"placements\":{\"home\":{\"campaigns\":[{\"id\":\"spring\",\"priority\":\"high\",\"created_at\":1,"
             "\"variants\":[{\"id\":\"A\",\"weight\":1,\"content\":{\"url\":\"%s\",\"sha256\":\"%s\"}}]}]}}}",
             CONTENT_URL, sha);
    fb_set_text(&backend, PLACEMENTS_URL, 200, body);
    fb_set_text(&backend, CONTENT_URL, 200, CONTENT_DOC);
    for (i = 0; i < FRAMES; i++) {
        frames_frame_delegate d = FRAMES_FRAME_DELEGATE_INIT;
        d.render = on_render;
        CALL(frames_frame_new(engine, &frames[i]));
        CALL(frames_frame_set_delegate(frames[i], &d));
        CALL(frames_frame_set_placement(frames[i], "home", now));
        CALL(frames_frame_set_laid_out_size(frames[i], 390, 0, now));
        CALL(frames_frame_attach(frames[i], now));
    }
    fb_pump(&backend, engine, now);
    for (i = 0; i < FRAMES; i++) CALL(frames_frame_report_rendered(frames[i], 120, now));
}

static int frames_tick(long t) {
    int i;
    now += 16;
    for (i = 0; i < FRAMES; i++) {
        CALL(frames_frame_set_laid_out_size(frames[i], 320 + (double)(t % 64), 120, now));
        CALL(frames_frame_report_rendered(frames[i], 120 + (double)(t % 2), now));
    }
    return 2 * FRAMES;
}

/* --- a carousel at 60 Hz ---------------------------------------------------- */

static frames_banner_place *place;

static void banners_script(void) {
    char body[4096], sha[65], url[128], content[64];
    size_t len = 0;
    int i;
    len += (size_t)snprintf(body + len, sizeof body - len, "{\"banners\":[");
    for (i = 0; i < BANNERS; i++) {
        snprintf(content, sizeof content, "<div>banner %d</div>", i);
        snprintf(url, sizeof url, "https://cdn.bench/banners/b%d.html", i);
        fb_sha256_hex(content, strlen(content), sha);
        fb_set_text(&backend, url, 200, content);
        len += (size_t)snprintf(body + len, sizeof body - len,
                                "%s{\"id\":\"b%d\",\"ratio\":2.0,\"duration_ms\":3000,\"available\":true,"
                                "\"content\":{\"url\":\"%s\",\"sha256\":\"%s\"}}",
                                i ? "," : "", i, url, sha);
    }
    snprintf(body + len, sizeof body - len, "]}");
    fb_set_text(&backend, BANNERS_URL, 200, body);
}

static void place_setup(void) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    frames_banner_place_delegate d = FRAMES_BANNER_PLACE_DELEGATE_INIT;
    frames_rect v = { 0, 0, 390, 800 };
    banners_script();
    a.layout_type = FRAMES_LAYOUT_TYPE_CAROUSEL;
    d.shown = on_shown;
    d.scrolled = on_scrolled;
    CALL(frames_banner_place_new(engine, "home_carousel", &a, &place));
    CALL(frames_banner_place_set_delegate(place, &d));
    CALL(frames_banner_place_set_container(place, 390, false, now));
    CALL(frames_banner_place_attach(place, now));
    fb_pump(&backend, engine, now);
    CALL(frames_banner_place_set_viewport(place, &v, now));
}

static int viewport_tick(long t) {
    frames_rect v = { 0, (double)(t % 400), 390, 800 };
    now += 16;
    CALL(frames_banner_place_set_viewport(place, &v, now));
    CALL(frames_engine_on_timeout(engine, now));
    return 2;
}

/* --- inline events ------------------------------------------------------------- */

static frames_inline_view *views[VIEWS];

static void inline_setup(void) {
    char doc[16384], sha[65], url[128];
    static const char content[] = "{\"template\":{\"html\":\"<p>hello</p>\"}}";
    size_t len = 0;
    int i;
    fb_sha256_hex(content, strlen(content), sha);
    len += (size_t)snprintf(doc + len, sizeof doc - len, "{\"server_time\":1700000000000,\"campaigns\":[");
    for (i = 0; i < CAMPAIGNS; i++) {
        snprintf(url, sizeof url, "https://cdn.bench/inline/c%d.json", i);
        fb_set_text(&backend, url, 200, content);
        len += (size_t)snprintf(doc + len, sizeof doc - len,
                                "%s{\"id\":\"c%d\",\"placement_key\":\"key%d\",\"trigger\":\"event\",\"event\":\"ev%d\","
                                "\"priority\":%d,\"content\":{\"url\":\"%s\",\"sha256\":\"%s\"}}",
                                i ? "," : "", i, i % VIEWS, i, i, url, sha);
    }
    snprintf(doc + len, sizeof doc - len, "]}");
    fb_set_text(&backend, INLINE_URL, 200, doc);
    for (i = 0; i < VIEWS; i++) {
        char key[16];
        snprintf(key, sizeof key, "key%d", i);
        CALL(frames_inline_view_new(engine, key, &views[i]));
        CALL(frames_inline_view_attach(views[i], now));
    }
    fb_pump(&backend, engine, now);
}

static int event_tick(long t) {
    char props[64];
    snprintf(props, sizeof props, "{\"page\":\"product\",\"index\":%ld}", t % 1000);
    now += 16;
    CALL(frames_inline_track_event(engine, "page_viewed", props, now));
    return 1;
}

/* --- a transport round trip ---------------------------------------------------- */

static int request_tick(long t) {
    (void)t;
    now += 16;
    CALL(frames_banner_place_refresh(place, now));
    backend.log_count = 0;
    /* refresh, a poll and a completion per request, the poll that found nothing */
    return 1 + 2 * (int)fb_pump(&backend, engine, now) + 1;
}

/* --- the runs ------------------------------------------------------------------- */

typedef struct workload {
    const char *name;
    const char *what;
    void (*setup)(void);
    int (*tick)(long t);
} workload;

static const workload workloads[] = {
    { "recording.frames", "frames: set_laid_out_size + report_rendered", frames_setup, frames_tick },
    { "recording.viewport", "banner place: set_viewport + on_timeout, 60 Hz", place_setup, viewport_tick },
    { "recording.event", "inline: track_event with properties", inline_setup, event_tick },
    { "recording.request", "transport: refresh, poll + complete (~1 KB list)", place_setup, request_tick },
};
#define WORKLOADS (sizeof workloads / sizeof workloads[0])
#define TARGET ((bench_target){ BENCH_RATIO_AT_MOST, 1.10 })

typedef struct mix {
    const workload *w;
    bool recording;
    long ticks;
    unsigned long lines; /* recorded by the last measurement */
} mix;

/* One sample: ns per engine call of a workload, recording off or on. */
static double measure(void *ctx) {
    mix *m = ctx;
    double t0, elapsed;
    long t, calls = 0;
    new_engine(m->recording);
    m->w->setup();
    sink_lines = 0;
    bench_ir_begin();
    t0 = bench_cpu_ns();
    for (t = 0; t < m->ticks; t++) calls += m->w->tick(t);
    elapsed = bench_cpu_ns() - t0;
    bench_ir_end(m->w->name, m->recording ? "figure" : "floor:recording off", calls,
                 m->recording ? TARGET : BENCH_NONE);
    m->lines = sink_lines;
    free_engine();
    return elapsed / (double)calls;
}

int main(int argc, char **argv) {
    int reps = 7, i, missed = 0;
    long ticks = 3000;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--ticks") == 0 && i + 1 < argc) ticks = atol(argv[++i]);
        else {
            fprintf(stderr, "usage: bench_recording [--reps R] [--ticks N]\n");
            return 2;
        }
    }
    if (bench_under_callgrind()) {
        reps = 1;
        ticks = 300;
    }
    if (reps < 1 || reps > BENCH_MAX_REPS || ticks < 1) return 2;
    sink = malloc(SINK_BYTES);
    if (!sink) return 1;

    printf("# %ld ticks per measurement, %d repetitions, recording on and off interleaved\n", ticks, reps);
    for (i = 0; i < (int)WORKLOADS; i++) {
        mix on = { &workloads[i], true, ticks, 0 }, off = { &workloads[i], false, ticks, 0 };
        mix warm_on = { &workloads[i], true, ticks / 10 + 1, 0 }, warm_off = { &workloads[i], false, ticks / 10 + 1, 0 };
        bench_series f = { 0 }, l = { 0 };
        measure(&warm_off); /* warm-up, untimed */
        measure(&warm_on);
        bench_interleave(reps, measure, &on, &f, measure, &off, &l);
        missed |= bench_report(workloads[i].name, "ns", &f, "recording off", &l, TARGET);
        printf("# %s: %s; %lu lines recorded per measurement\n", workloads[i].name, workloads[i].what, on.lines);
    }
    free(sink);
    return missed ? 3 : 0;
}
