/*
 * bench_playback.c — the playback computation of a banner place on every
 * scroll step (not a test).
 *
 * A vertical-list place (width 375, spacing 8, every banner laid out) loads
 * N = 1,000 banners (ratios cycling 1, 1.5, 2, 3) from an in-memory
 * transport; every row's content is answered, so all rows are ready. Then a
 * 60 Hz scroll of 10 seconds — 600 frames_banner_place_set_viewport calls
 * with a viewport 800 points high that moves from the top of the list to its
 * bottom — is timed call by call: that call is the whole per-step engine
 * work (the 75 % shares of every row, what plays, pause/start callbacks,
 * view records, the tick timer). The host callbacks only count.
 *
 * Beside it, in the same run and over the same rects and viewports:
 *   - plain C: a loop computing the same shares (BN-10, the tall-banner
 *     variant included) and the > 0.75 test for the N rects;
 *   - frames_layout_visibility: the library's pure function for N rects.
 *
 * Wall time per step (CLOCK_MONOTONIC) is reported as median and p95 in µs;
 * process CPU time (CLOCK_PROCESS_CPUTIME_ID) over all steps as a mean.
 * Target: median engine time per step < 50 µs from C for 1,000 banners.
 *
 *   bench_playback [--banners N] [--steps S] [--reps R]
 *
 * Prints RESULT lines and a table; exit status 1 when the place did not load
 * every banner or the engine and the plain C loop disagree on what plays.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sha256.h"
#include "frames.h"

#define LIST_URL "https://bench.test/v1/banners"
#define CONTENT "<div>banner</div>"
#define WIDTH 375.0
#define VIEW_HEIGHT 800.0

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

static double now_us(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile(double *v, size_t n, double p) {
    size_t i;
    qsort(v, n, sizeof *v, cmp_double);
    i = (size_t)(p * (double)(n - 1) + 0.5);
    return v[i < n ? i : n - 1];
}

/* The content checksum in the list: Tests/c/sha256.c. */

/* --- the in-memory transport ---------------------------------------------- */
static char *list_body(int n, size_t *out_len) {
    static const char *ratios[4] = {"1", "1.5", "2", "3"};
    char sha[65];
    size_t cap = (size_t)n * 256 + 64, len = 0;
    char *body = malloc(cap);
    int i;
    if (!body) exit(2);
    sha256_hex(CONTENT, strlen(CONTENT), sha);
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

int main(int argc, char **argv) {
    int n = 1000, steps = 600, reps = 5, i, rep;
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    frames_banner_place_delegate d = FRAMES_BANNER_PLACE_DELEGATE_INIT;
    frames_engine *engine = NULL;
    frames_banner_place *place = NULL;
    frames_banner_row *rows;
    frames_rect *rects, *viewports;
    double *shares, *t_engine, *t_plain, *t_vis, cpu_engine = 0, cpu_plain = 0, cpu_vis = 0;
    bool *eligible;
    size_t count = 0, list_len, total, k;
    char *list;
    double content_height, travel, load_us;
    volatile int sink = 0;
    int mismatches = 0;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--banners") == 0 && i + 1 < argc) n = atoi(argv[++i]);
        else if (strcmp(argv[i], "--steps") == 0 && i + 1 < argc) steps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = atoi(argv[++i]);
        else { fprintf(stderr, "usage: bench_playback [--banners N] [--steps S] [--reps R]\n"); return 2; }
    }
    if (n < 1 || steps < 2 || reps < 1) return 2;

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
    load_us = now_us(CLOCK_MONOTONIC);
    frames_banner_place_attach(place, 0);
    pump(engine, list, list_len, 0);
    load_us = now_us(CLOCK_MONOTONIC) - load_us;

    rows = calloc((size_t)n, sizeof *rows);
    rects = calloc((size_t)n, sizeof *rects);
    shares = calloc((size_t)n, sizeof *shares);
    eligible = calloc((size_t)n, sizeof *eligible);
    viewports = calloc((size_t)steps, sizeof *viewports);
    total = (size_t)steps * (size_t)reps;
    t_engine = calloc(total, sizeof(double));
    t_plain = calloc(total, sizeof(double));
    t_vis = calloc(total, sizeof(double));
    if (!rows || !rects || !shares || !eligible || !viewports || !t_engine || !t_plain || !t_vis) return 2;
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

    /* Warm-up: one untimed pass of every variant. */
    for (i = 0; i < steps; i += 10) {
        frames_banner_place_set_viewport(place, &viewports[i], 1);
        sink += plain_shares(rects, count, &viewports[i], shares, eligible);
        frames_layout_visibility(rects, count, &viewports[i], shares, eligible);
    }
    playbacks = 0;

    for (rep = 0; rep < reps; rep++) {
        /* Each repetition scrolls down on even passes, up on odd ones, so
         * every step changes what plays at the same rate. */
        int64_t t0 = 1000 + (int64_t)rep * 20000;
        double c0, c1;
        c0 = now_us(CLOCK_PROCESS_CPUTIME_ID);
        for (i = 0; i < steps; i++) {
            const frames_rect *v = &viewports[rep % 2 ? steps - 1 - i : i];
            double w0 = now_us(CLOCK_MONOTONIC), w1;
            frames_banner_place_set_viewport(place, v, t0 + (int64_t)i * 1000 / 60);
            w1 = now_us(CLOCK_MONOTONIC);
            t_engine[(size_t)rep * (size_t)steps + (size_t)i] = w1 - w0;
        }
        c1 = now_us(CLOCK_PROCESS_CPUTIME_ID);
        cpu_engine += c1 - c0;

        c0 = now_us(CLOCK_PROCESS_CPUTIME_ID);
        for (i = 0; i < steps; i++) {
            const frames_rect *v = &viewports[rep % 2 ? steps - 1 - i : i];
            double w0 = now_us(CLOCK_MONOTONIC), w1;
            sink += plain_shares(rects, count, v, shares, eligible);
            w1 = now_us(CLOCK_MONOTONIC);
            t_plain[(size_t)rep * (size_t)steps + (size_t)i] = w1 - w0;
        }
        c1 = now_us(CLOCK_PROCESS_CPUTIME_ID);
        cpu_plain += c1 - c0;

        c0 = now_us(CLOCK_PROCESS_CPUTIME_ID);
        for (i = 0; i < steps; i++) {
            const frames_rect *v = &viewports[rep % 2 ? steps - 1 - i : i];
            double w0 = now_us(CLOCK_MONOTONIC), w1;
            frames_layout_visibility(rects, count, v, shares, eligible);
            w1 = now_us(CLOCK_MONOTONIC);
            t_vis[(size_t)rep * (size_t)steps + (size_t)i] = w1 - w0;
        }
        c1 = now_us(CLOCK_PROCESS_CPUTIME_ID);
        cpu_vis += c1 - c0;
    }

    /* Agreement: after the last step the engine plays what the C loop says. */
    {
        const frames_rect *v = &viewports[(reps - 1) % 2 ? 0 : steps - 1];
        frames_banner_place_get_rows(place, 0, rows, (size_t)n, &count);
        plain_shares(rects, count, v, shares, eligible);
        for (k = 0; k < count; k++)
            if (rows[k].playing != eligible[k] || rows[k].share != shares[k]) mismatches++;
    }

    /* Per-call costs for the Python comparison (bench_playback.py measures
     * the same calls): process CPU time over K calls, median of 31 samples.
     *   idle_step     set_viewport with the viewport it already has: the
     *                 engine's step with nothing to change, no callback;
     *   get_rows      frames_banner_place_get_rows of every row;
     *   current_index frames_banner_place_get_current_index (the cheapest
     *                 engine call: handle lookup, thread check, a read). */
    {
        enum { SAMPLES = 31 };
        const char *names[3] = {"c_idle_step", "c_get_rows", "c_current_index"};
        const int calls[3] = {200, 20, 20000};
        const frames_rect *v = &viewports[steps / 2];
        int64_t now = 1000 + (int64_t)reps * 20000;
        frames_banner_place_set_viewport(place, v, now);
        for (int which = 0; which < 3; which++) {
            double per_call[SAMPLES];
            for (int sample = 0; sample < SAMPLES; sample++) {
                double c0 = now_us(CLOCK_PROCESS_CPUTIME_ID);
                for (int call = 0; call < calls[which]; call++) {
                    size_t index = 0;
                    if (which == 0) frames_banner_place_set_viewport(place, v, now);
                    else if (which == 1) frames_banner_place_get_rows(place, now, rows, (size_t)n, &count);
                    else frames_banner_place_get_current_index(place, &index);
                    sink += (int)index;
                }
                per_call[sample] = (now_us(CLOCK_PROCESS_CPUTIME_ID) - c0) / calls[which];
            }
            printf("RESULT %s banners=%d median_us=%.3f p95_us=%.3f\n", names[which], n,
                   percentile(per_call, SAMPLES, 0.5), percentile(per_call, SAMPLES, 0.95));
        }
        printf("RESULT c_step_cpu banners=%d cpu_mean_us=%.3f\n", n, cpu_engine / (double)total);
    }

    {
        double e50 = percentile(t_engine, total, 0.5), e95 = percentile(t_engine, total, 0.95);
        double p50 = percentile(t_plain, total, 0.5), p95 = percentile(t_plain, total, 0.95);
        double v50 = percentile(t_vis, total, 0.5), v95 = percentile(t_vis, total, 0.95);
        double steps_all = (double)total;
        printf("RESULT engine_set_viewport banners=%d steps=%zu median_us=%.2f p95_us=%.2f cpu_mean_us=%.2f\n", n,
               total, e50, e95, cpu_engine / steps_all);
        printf("RESULT plain_c_shares banners=%d steps=%zu median_us=%.2f p95_us=%.2f cpu_mean_us=%.2f\n", n, total,
               p50, p95, cpu_plain / steps_all);
        printf("RESULT frames_layout_visibility banners=%d steps=%zu median_us=%.2f p95_us=%.2f cpu_mean_us=%.2f\n", n,
               total, v50, v95, cpu_vis / steps_all);
        printf("RESULT callbacks playbacks=%d shows=%d views=%d content_height=%.0f mismatches=%d\n", playbacks, shows,
               views, content_height, mismatches);
        printf("RESULT load banners=%d load_ms=%.2f (attach, list and every content answer, untimed above)\n", n,
               load_us / 1000.0);
        printf("\n%d banners, %d steps x %d passes (60 Hz, viewport %.0f high, %.0f points of travel), "
               "µs per step:\n\n",
               n, steps, reps, VIEW_HEIGHT, travel);
        printf("| per scroll step                                    | median | p95    | CPU mean | x plain C |\n");
        printf("|----------------------------------------------------|-------:|-------:|---------:|----------:|\n");
        printf("| libframes from C: frames_banner_place_set_viewport | %6.2f | %6.2f | %8.2f | %9.1f |\n", e50, e95,
               cpu_engine / steps_all, e50 / p50);
        printf("| libframes: frames_layout_visibility (pure shares)  | %6.2f | %6.2f | %8.2f | %9.1f |\n", v50, v95,
               cpu_vis / steps_all, v50 / p50);
        printf("| plain C -O2: the same shares and > 0.75 test       | %6.2f | %6.2f | %8.2f | %9.1f |\n", p50, p95,
               cpu_plain / steps_all, 1.0);
        printf("\ntarget: median engine time per step < 50 us from C for %d banners: %s (%.2f us)\n", n,
               e50 < 50.0 ? "HOLDS" : "MISSED", e50);
        if (mismatches) printf("ERROR: %d rows differ between the engine and the plain C loop\n", mismatches);
        (void)sink;
        frames_engine_free(engine);
        return mismatches ? 1 : (e50 < 50.0 ? 0 : 3);
    }
}
