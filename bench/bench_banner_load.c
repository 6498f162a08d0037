/*
 * bench_banner_load.c — loading a banner place (BN-14..BN-16), from C; not a
 * test.
 *
 * For N banners (1,000 and 10,000 by default) a place is created and its
 * list and every banner's content are answered from memory, at one time
 * (every request polled and completed in turn, as a host would). The time
 * measured is the engine's: every frames_* call from the attach to the last
 * answer (the bodies are built beforehand). Three layouts, because each
 * does other work per arriving row: a vertical list with an 800-point
 * viewport (a few rows play), tiles without a viewport (BN-12: every row
 * plays and counts a view — the most work per row), and a carousel.
 *
 * Loading must be linear: each arriving row is evaluated alone, never the
 * whole list again. Targets: 1,000 banners < 5 ms; 10,000 at most 12x
 * 1,000. The ratio column is the check: O(N^2) work shows as ~100x.
 *
 * Beside it, in the same run, a plain C reference of the work no engine can
 * skip: one pass over the list's bytes and the SHA-256 of every banner's
 * content (Tests/c/sha256.c). This VM's speed drifts during a session, so
 * the engine/reference ratio is the figure that travels.
 *
 *   bench_banner_load [--banners N[,N...]] [--reps R] [--layout L]
 *
 * --layout 0, 1 or 2 (FRAMES_LAYOUT_*) measures that layout alone.
 *
 * Prints RESULT lines and a table; exit status 1 when a place did not load
 * every banner.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "frames.h"
#include "sha256.h"

#define LIST_URL "https://bench.test/v1/banners"
#define CONTENT "<div>banner</div>"

static long events;

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

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static char *list_body(int n, size_t *out_len) {
    char sha[65];
    size_t cap = (size_t)n * 200 + 64, len = 0;
    char *body = malloc(cap);
    int i;
    if (!body) exit(2);
    sha256_hex(CONTENT, strlen(CONTENT), sha);
    len += (size_t)snprintf(body + len, cap - len, "{\"banners\":[");
    for (i = 0; i < n; i++)
        len += (size_t)snprintf(body + len, cap - len,
                                "%s{\"id\":\"b%d\",\"ratio\":%d,\"duration_ms\":5000,"
                                "\"content\":{\"url\":\"https://bench.test/c/%d\",\"sha256\":\"%s\"}}",
                                i ? "," : "", i, 1 + i % 3, i, sha);
    len += (size_t)snprintf(body + len, cap - len, "]}");
    *out_len = len;
    return body;
}

/* The C reference: scan the list's bytes once (counting objects, as any
 * reader must look at every byte) and hash every content body. */
static double reference(const char *list, size_t list_len, int n) {
    volatile size_t objects = 0;
    char hex[65];
    double start = now_ms();
    size_t i;
    int b;
    for (i = 0; i < list_len; i++) objects += list[i] == '{';
    for (b = 0; b < n; b++) sha256_hex(CONTENT, strlen(CONTENT), hex);
    (void)objects;
    return now_ms() - start;
}

/* One load: milliseconds of engine time, or -1 when the place did not load. */
static double load(frames_layout_type layout, const char *list, size_t list_len, int n) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    frames_banner_place_delegate d = FRAMES_BANNER_PLACE_DELEGATE_INIT;
    frames_engine *engine = NULL;
    frames_banner_place *place = NULL;
    frames_rect viewport = {0, 0, 375, 800};
    frames_banner_row row;
    size_t count = 0;
    double start, elapsed;
    bool ok;

    options.banners_url = LIST_URL;
    host.analytics = on_analytics;
    if (frames_engine_new(&options, NULL, 0, &host, &engine) != FRAMES_OK) return -1;
    a.layout_type = layout;
    a.has_max_banners_count = false;
    d.render = on_render;
    d.playback_changed = on_playback;
    if (frames_banner_place_new(engine, "bench", &a, &place) != FRAMES_OK) return -1;
    frames_banner_place_set_delegate(place, &d);
    frames_banner_place_set_container(place, 375, false, 0);
    if (layout == FRAMES_LAYOUT_TYPE_VERTICAL_LIST) frames_banner_place_set_viewport(place, &viewport, 0);

    start = now_ms();
    frames_banner_place_attach(place, 0);
    for (;;) {
        frames_request r;
        bool available = false;
        if (frames_engine_poll_request(engine, &r, &available) != FRAMES_OK || !available) break;
        if (strcmp(r.url, LIST_URL) == 0)
            frames_engine_complete_request(engine, r.id, 200, NULL, NULL, 0, (const uint8_t *)list, list_len, 1);
        else
            frames_engine_complete_request(engine, r.id, 200, NULL, NULL, 0, (const uint8_t *)CONTENT,
                                           strlen(CONTENT), 1);
    }
    elapsed = now_ms() - start;

    /* Every row ready: the last one, and the count. */
    ok = frames_banner_place_get_rows(place, 1, NULL, 0, &count) == FRAMES_ERR_BUFFER_TOO_SMALL && count == (size_t)n;
    if (ok) {
        frames_banner_row *rows = malloc(count * sizeof *rows);
        ok = rows && frames_banner_place_get_rows(place, 1, rows, count, &count) == FRAMES_OK;
        if (ok) row = rows[count - 1], ok = row.state == FRAMES_ROW_STATE_READY;
        free(rows);
    }
    frames_engine_free(engine);
    return ok ? elapsed : -1;
}

int main(int argc, char **argv) {
    int sizes[8] = {1000, 10000}, size_count = 2, reps = 5, only = -1, i, s, l, rep;
    static const struct { frames_layout_type type; const char *name; } layouts[] = {
        {FRAMES_LAYOUT_TYPE_VERTICAL_LIST, "vertical list (800-pt viewport)"},
        {FRAMES_LAYOUT_TYPE_TILES, "tiles, no viewport (all play)"},
        {FRAMES_LAYOUT_TYPE_CAROUSEL, "carousel"},
    };
    double median[3][8], ref[8];

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--banners") == 0 && i + 1 < argc) {
            char *p = argv[++i];
            size_count = 0;
            while (*p && size_count < 8) {
                sizes[size_count++] = atoi(p);
                while (*p && *p != ',') p++;
                if (*p == ',') p++;
            }
        } else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
            reps = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--layout") == 0 && i + 1 < argc) {
            only = atoi(argv[++i]);
        } else {
            fprintf(stderr, "usage: bench_banner_load [--banners N[,N...]] [--reps R] [--layout L]\n");
            return 2;
        }
    }
    if (reps < 1 || reps > 100) return 2;

    for (s = 0; s < size_count; s++) {
        size_t len;
        char *list = list_body(sizes[s], &len);
        {
            double t[100];
            for (rep = 0; rep < reps; rep++) t[rep] = reference(list, len, sizes[s]);
            qsort(t, (size_t)reps, sizeof t[0], cmp_double);
            ref[s] = t[reps / 2];
            printf("RESULT banner_load_reference banners=%d median_ms=%.3f\n", sizes[s], ref[s]);
        }
        for (l = 0; l < 3; l++) {
            double t[100];
            if (only >= 0 && (int)layouts[l].type != only) continue;
            for (rep = 0; rep < reps; rep++) {
                t[rep] = load(layouts[l].type, list, len, sizes[s]);
                if (t[rep] < 0) {
                    fprintf(stderr, "%s with %d banners did not load every banner\n", layouts[l].name, sizes[s]);
                    return 1;
                }
            }
            qsort(t, (size_t)reps, sizeof t[0], cmp_double);
            median[l][s] = t[reps / 2];
            printf("RESULT banner_load layout=%d banners=%d median_ms=%.3f per_banner_us=%.3f\n", (int)layouts[l].type,
                   sizes[s], median[l][s], median[l][s] * 1000.0 / sizes[s]);
        }
        free(list);
    }

    printf("\n%-34s", "engine time to load, median");
    for (s = 0; s < size_count; s++) printf(" %10d", sizes[s]);
    if (size_count > 1) printf("   ratio last/first");
    printf("\n");
    printf("%-34s", "C reference: scan list, hash bodies");
    for (s = 0; s < size_count; s++) printf(" %7.2f ms", ref[s]);
    if (size_count > 1) printf("   %5.1fx", ref[size_count - 1] / ref[0]);
    printf("\n");
    for (l = 0; l < 3; l++) {
        if (only >= 0 && (int)layouts[l].type != only) continue;
        printf("%-34s", layouts[l].name);
        for (s = 0; s < size_count; s++) printf(" %7.2f ms", median[l][s]);
        if (size_count > 1)
            printf("   %5.1fx (x%d banners)", median[l][size_count - 1] / median[l][0], sizes[size_count - 1] / sizes[0]);
        printf("\n");
    }
    for (l = 0; l < 3; l++) {
        if (only >= 0 && (int)layouts[l].type != only) continue;
        printf("# %s: %.1fx the C reference at %d banners\n", layouts[l].name, median[l][0] / ref[0], sizes[0]);
    }
    printf("# targets: 1,000 banners < 5 ms; 10,000 at most 12x 1,000 (%ld callbacks counted)\n", events);
    return 0;
}
