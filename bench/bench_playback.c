/*
 * bench_playback.c — the playback computation of a banner place on every
 * scroll step (not a test).
 *
 * A vertical-list place (width 375, spacing 8, every banner laid out) loads
 * N = 1,000 banners (ratios cycling 1, 1.5, 2, 3) from an in-memory
 * transport; every row's content is answered, so all rows are ready. Then
 * passes of a 60 Hz scroll of 10 seconds — 600
 * frames_banner_place_set_viewport calls with a viewport 800 points high
 * moving over the whole list, down on even passes and up on odd ones. That
 * call is the whole per-step engine work (the 75 % shares of every row,
 * what plays, pause/start callbacks, view records, the tick timer). The
 * host callbacks only count.
 *
 * FIGURE lines (bench/bench_stats.h), thread CPU time per step, one sample
 * per pass, interleaved with its floor:
 *   playback.set_viewport      the engine's step; floor: plain C computing
 *                              the same shares (BN-10, the tall-banner
 *                              variant included) and the > 0.75 test for
 *                              the N rects over the same viewports.
 *                              Target: < 50 us per step for 1,000 banners.
 *   playback.layout_visibility frames_layout_visibility, the library's pure
 *                              function, on the same rects; same floor.
 * Then "#" lines: the p95 of single steps (wall time), and what the calls
 * bench_playback.py times from Python cost from C.
 *
 *   bench_playback [--banners N] [--steps S] [--reps R]
 *
 * Exit status 1 when the place did not load every banner or the engine and
 * the plain C loop disagree on what plays; 3 when the target is missed.
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
#define WIDTH 375.0
#define VIEW_HEIGHT 800.0
#define TARGET_US 50.0

static int playbacks, shows, views;

static void on_playback(frames_banner_place *p, size_t i, bool playing, bool from_start, void *u) {
    (void)p; (void)i; (void)playing; (void)from_start; (void)u;
    playbacks++;
}
static void on_show(frames_banner_place *p, size_t i, const frames_banner_info *b, void *u) {
    (void)p; (void)i; (void)b; (void)u;
    shows++;
}
static void on_analytics(const frames_analytics_record *r, void *u) {
    (void)u;
    if (strcmp(r->name, "banners.view") == 0) views++;
}

/* --- the in-memory transport ---------------------------------------------- */
static char *list_body(int n, size_t *out_len) {
    static const char *ratios[4] = {"1", "1.5", "2", "3"};
    uint8_t digest[32];
    char sha[65];
    size_t cap = (size_t)n * 256 + 64, len = 0;
    char *body = malloc(cap);
    int i;
    if (!body) exit(2);
    floor_sha256(CONTENT, strlen(CONTENT), digest);
    for (i = 0; i < 32; i++) snprintf(sha + 2 * i, 3, "%02x", digest[i]);
    len += (size_t)snprintf(body + len, cap - len, "{\"banners\":[");
    for (i = 0; i < n; i++)
        len += (size_t)snprintf(body + len, cap - len,
                                "%s{\"id\":\"b%d\",\"ratio\":%s,\"duration_ms\":8000,"
                                "\"content\":{\"url\":\"https://bench.test/c/%d.html\",\"sha256\":\"%s\"}}",
                                i ? "," : "", i, ratios[i % 4], i, sha);
    len += (size_t)snprintf(body + len, cap - len, "]}");
    *out_len = len;
    return body;
}

static void pump(frames_engine *engine, const char *list, size_t list_len, int64_t now) {
    for (;;) {
        frames_request r;
        bool available = false;
        if (frames_engine_poll_request(engine, &r, &available) != FRAMES_OK || !available) return;
        if (strcmp(r.url, LIST_URL) == 0)
            frames_engine_complete_request(engine, r.id, 200, NULL, NULL, 0, (const uint8_t *)list, list_len, now);
        else
            frames_engine_complete_request(engine, r.id, 200, NULL, NULL, 0, (const uint8_t *)CONTENT,
                                           strlen(CONTENT), now);
    }
}

/* --- the plain C reference: BN-10 shares ---------------------------------- */
static double overlap(double s, double l, double ws, double wl) {
    double hi = s + l < ws + wl ? s + l : ws + wl, lo = s > ws ? s : ws;
    return hi - lo > 0 ? hi - lo : 0;
}
static int plain_shares(const frames_rect *r, size_t n, const frames_rect *v, double *shares, bool *eligible) {
    size_t i;
    int playing = 0;
    for (i = 0; i < n; i++) {
        double s = 0;
        if (r[i].width > 0 && r[i].height > 0 && v->width > 0 && v->height > 0) {
            double ws = overlap(r[i].x, r[i].width, v->x, v->width) / r[i].width;
            double vh = overlap(r[i].y, r[i].height, v->y, v->height);
            s = r[i].height > v->height ? ws * (vh / v->height) : ws * (vh / r[i].height);
        }
        shares[i] = s;
        eligible[i] = s > 0.75;
        playing += eligible[i];
    }
    return playing;
}

/* --- the passes ---------------------------------------------------------------- */

typedef enum { ENGINE, PLAIN, VISIBILITY } pass_kind;

typedef struct pass {
    pass_kind kind;
    const char *name;  /* the figure this pass belongs to */
    int passes;        /* passes made so far: their parity is the direction */
    frames_banner_place *place;
    const frames_rect *rects, *viewports;
    size_t count;
    int steps;
    double *shares;
    bool *eligible;
    double *step_wall; /* the engine's single steps, for the p95 */
    size_t walls;
    const frames_rect *last; /* the engine's last viewport */
} pass;

static volatile int sink;

/* One pass: thread CPU ns per step. */
static double run_pass(void *ctx) {
    pass *p = ctx;
    bool up = p->passes % 2 == 1;
    int64_t t0 = 1000 + (int64_t)p->passes * 20000;
    double c0;
    int i, s = 0;
    bench_ir_begin();
    c0 = bench_cpu_ns();
    for (i = 0; i < p->steps; i++) {
        const frames_rect *v = &p->viewports[up ? p->steps - 1 - i : i];
        if (p->kind == ENGINE) {
            double w0 = bench_wall_ns();
            frames_banner_place_set_viewport(p->place, v, t0 + (int64_t)i * 1000 / 60);
            p->step_wall[p->walls++] = bench_wall_ns() - w0;
            p->last = v;
        } else if (p->kind == PLAIN) {
            s += plain_shares(p->rects, p->count, v, p->shares, p->eligible);
        } else {
            frames_layout_visibility(p->rects, p->count, v, p->shares, p->eligible);
        }
    }
    c0 = bench_cpu_ns() - c0;
    bench_ir_end(p->name, p->kind == PLAIN ? "floor:plain C shares" : "figure", p->steps,
                 BENCH_NONE);
    sink = s;
    p->passes++;
    return c0 / p->steps;
}

/* Per-call CPU ns of the calls bench_playback.py times from Python:
 * median of 31 samples of K calls. */
static double per_call(frames_banner_place *place, int which, const frames_rect *v, int64_t now,
                       frames_banner_row *rows, size_t n) {
    static const int calls[3] = {200, 20, 20000};
    bench_series s = {0};
    int sample, call;
    for (sample = 0; sample < 31; sample++) {
        double c0 = bench_cpu_ns();
        for (call = 0; call < calls[which]; call++) {
            size_t index = 0;
            if (which == 0) frames_banner_place_set_viewport(place, v, now);
            else if (which == 1) frames_banner_place_get_rows(place, now, rows, n, &index);
            else frames_banner_place_get_current_index(place, &index);
            sink += (int)index;
        }
        bench_add(&s, (bench_cpu_ns() - c0) / calls[which]);
    }
    return bench_median(&s);
}

int main(int argc, char **argv) {
    int n = 1000, steps = 600, reps = 7, i, missed;
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    frames_banner_place_delegate d = FRAMES_BANNER_PLACE_DELEGATE_INIT;
    frames_engine *engine = NULL;
    frames_banner_place *place = NULL;
    frames_banner_row *rows;
    frames_rect *rects, *viewports;
    double *shares, *step_wall;
    bool *eligible;
    size_t count = 0, list_len, k;
    char *list;
    double content_height, travel, load_ns;
    int mismatches = 0;
    bench_series fe = {0}, fp = {0}, fv = {0}, fp2 = {0};

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--banners") == 0 && i + 1 < argc) n = atoi(argv[++i]);
        else if (strcmp(argv[i], "--steps") == 0 && i + 1 < argc) steps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = atoi(argv[++i]);
        else { fprintf(stderr, "usage: bench_playback [--banners N] [--steps S] [--reps R]\n"); return 2; }
    }
    if (bench_under_callgrind()) reps = 1;
    if (n < 1 || steps < 2 || reps < 1 || reps > BENCH_MAX_REPS) return 2;

    options.banners_url = LIST_URL;
    host.analytics = on_analytics;
    if (frames_engine_new(&options, NULL, 0, &host, &engine) != FRAMES_OK) {
        fprintf(stderr, "frames_engine_new: %s\n", frames_error_last_message());
        return 1;
    }
    a.layout_type = FRAMES_LAYOUT_TYPE_VERTICAL_LIST;
    a.has_max_banners_count = false;
    if (frames_banner_place_new(engine, "bench", &a, &place) != FRAMES_OK) return 1;
    d.playback_changed = on_playback;
    d.shown = on_show;
    frames_banner_place_set_delegate(place, &d);
    frames_banner_place_set_container(place, WIDTH, false, 0);
    list = list_body(n, &list_len);
    load_ns = bench_wall_ns();
    frames_banner_place_attach(place, 0);
    pump(engine, list, list_len, 0);
    load_ns = bench_wall_ns() - load_ns;

    rows = calloc((size_t)n, sizeof *rows);
    rects = calloc((size_t)n, sizeof *rects);
    shares = calloc((size_t)n, sizeof *shares);
    eligible = calloc((size_t)n, sizeof *eligible);
    viewports = calloc((size_t)steps, sizeof *viewports);
    step_wall = calloc((size_t)steps * (size_t)(reps + 1), sizeof *step_wall);
    if (!rows || !rects || !shares || !eligible || !viewports || !step_wall) return 2;
    if (frames_banner_place_get_rows(place, 0, rows, (size_t)n, &count) != FRAMES_OK || count != (size_t)n) {
        fprintf(stderr, "the place laid out %zu banners of %d: %s\n", count, n, frames_error_last_message());
        return 1;
    }
    for (k = 0; k < count; k++) {
        if (rows[k].state != FRAMES_ROW_STATE_READY) {
            fprintf(stderr, "row %zu is not ready\n", k);
            return 1;
        }
        rects[k] = rows[k].rect;
    }
    content_height = rects[n - 1].y + rects[n - 1].height;
    travel = content_height > VIEW_HEIGHT ? content_height - VIEW_HEIGHT : 0;
    for (i = 0; i < steps; i++) {
        viewports[i].x = 0;
        viewports[i].y = travel * (double)i / (double)(steps - 1);
        viewports[i].width = WIDTH;
        viewports[i].height = VIEW_HEIGHT;
    }
    printf("# %d banners, %d steps per pass (60 Hz, viewport %.0f high, %.0f points of travel), %d passes per side "
           "interleaved; load (attach, list, every content) %.2f ms\n",
           n, steps, VIEW_HEIGHT, travel, reps, load_ns / 1e6);

    {
        pass engine_pass = { ENGINE, "playback.set_viewport", 0, place, rects, viewports, count, steps,
                             shares, eligible, step_wall, 0, NULL };
        pass plain_pass = engine_pass, vis_pass = engine_pass, plain_pass2;
        plain_pass.kind = PLAIN;
        vis_pass.kind = VISIBILITY;
        vis_pass.name = "playback.layout_visibility";
        plain_pass2 = plain_pass;
        plain_pass2.name = vis_pass.name;
        /* Warm-up: one untimed pass of each (its regions count for nothing). */
        run_pass(&engine_pass);
        run_pass(&plain_pass);
        run_pass(&vis_pass);
        playbacks = 0;
        engine_pass.walls = 0;
        bench_interleave(reps, run_pass, &engine_pass, &fe, run_pass, &plain_pass, &fp);
        bench_interleave(reps, run_pass, &vis_pass, &fv, run_pass, &plain_pass2, &fp2);

        /* Agreement: after the last step the engine plays what the C loop says. */
        frames_banner_place_get_rows(place, 0, rows, (size_t)n, &count);
        plain_shares(rects, count, engine_pass.last, shares, eligible);
        for (k = 0; k < count; k++)
            if (rows[k].playing != eligible[k] || rows[k].share != shares[k]) mismatches++;

        missed = bench_report("playback.set_viewport", "us", &fe, "plain C shares", &fp,
                              (bench_target){ BENCH_FIGURE_BELOW, TARGET_US });
        bench_report("playback.layout_visibility", "us", &fv, "plain C shares", &fp2, BENCH_NONE);
        printf("# single steps (wall): median %.2f us, p95 %.2f us; callbacks: %d playback, %d shown, %d views\n",
               bench_percentile(step_wall, engine_pass.walls, 0.5) / 1e3,
               bench_percentile(step_wall, engine_pass.walls, 0.95) / 1e3, playbacks, shows, views);
    }
    if (!bench_under_callgrind()) {
        const frames_rect *v = &viewports[steps / 2];
        int64_t now = 1000 + (int64_t)(2 * reps + 2) * 20000;
        frames_banner_place_set_viewport(place, v, now);
        printf("# from C, CPU per call: set_viewport with nothing to change %.3f us, get_rows of every row %.3f us, "
               "get_current_index %.3f us\n", per_call(place, 0, v, now, rows, (size_t)n) / 1e3,
               per_call(place, 1, v, now, rows, (size_t)n) / 1e3, per_call(place, 2, v, now, rows, (size_t)n) / 1e3);
    }
    if (mismatches) printf("ERROR: %d rows differ between the engine and the plain C loop\n", mismatches);
    frames_engine_free(engine);
    return mismatches ? 1 : missed ? 3 : 0;
}
