/*
 * bench_inline.c — inline messages from C (IL-01..IL-10, XC-10); not a test.
 *
 * Three measurements, each beside a plain-C "floor" in the same run: the
 * least any engine must do for the same work, with no JSON, no callbacks'
 * bookkeeping and no state machine — a lower bound, not an equivalent.
 *
 *  A. An event trigger against 1,000 campaigns over 100 placement keys
 *     (target < 20 µs engine time). Each key k has 10 campaigns: 4 automatic
 *     (priorities 5..8), 2 on demand, 4 event campaigns (priorities 1..4)
 *     named evt_{(k+0..3) % 10}, so each of the 10 events has 40 campaigns
 *     over 40 keys; every campaign has a capping (3 per day) and a window.
 *     One attached view per key shows its content (all campaigns share one
 *     content document, downloaded once). Measured:
 *       A1 the first time each event fires: it replaces content in the
 *          views whose campaign it outranks — render requests, the host's
 *          report_content_shown from inside the render callback,
 *          inApp.show records, ledger updates;
 *       A2 steady state: events fired again, every view already shows its
 *          best campaign — the choice alone (index lookup, eligibility of 40
 *          campaigns, 40 offers).
 *     Floor: the same choice over C arrays (sorted per event, decided-key
 *     flags, window and capping checks, priority compares).
 *  B. One bridge message round trip (target < 5 µs): getComponentSize with
 *     a call id through frames_inline_view_report_bridge_message to the reply
 *     callback. Floor: find the method in the text, snprintf the reply, call
 *     the callback.
 *  C. Exporting and importing a state with 10,000 capping ledgers (100 users
 *     x 100 campaigns, two times each; target < 2 ms each). Floor: CRC-32
 *     and a copy of the same number of bytes.
 *
 *   bench_inline [--reps R] [--events N] [--messages M]
 *
 * Times are CPU time of the process (CLOCK_PROCESS_CPUTIME_ID): the work done
 * inside the engine calls, host callbacks included (they only count here).
 * Prints RESULT lines and a table; exit status 1 when an engine call fails or
 * the scenario did not reach the state it measures.
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

#define INLINE_URL "https://bench.test/v1/inline"
#define CONTENT_URL "https://bench.test/inline/content.json"
#define CONTENT "{\"template\":{\"html\":\"<p>inline message</p>\"}}"
#define KEYS 100
#define PER_KEY 10
#define EVENTS 10

/* CPU time of this (single-threaded) process: the engine runs inside the
 * calls, so other processes' load on a shared machine does not count. */
static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof v[0], cmp_double);
    return v[n / 2];
}

static void fail(const char *what) {
    fprintf(stderr, "bench_inline: %s: %s\n", what, frames_error_last_message());
    exit(1);
}

/* --- the host ------------------------------------------------------------------ */

static frames_engine *engine;
static int64_t clock_ms = 1;
static long renders, replies, shows;
static size_t reply_bytes;

static void on_render(frames_inline_view *view, const frames_inline_content *c, void *u) {
    (void)c; (void)u;
    renders++;
    if (frames_inline_view_report_content_shown(view, clock_ms) != FRAMES_OK) fail("content_shown");
}
static void on_reply(frames_inline_view *view, const char *json, size_t len, void *u) {
    (void)view; (void)json; (void)u;
    replies++;
    reply_bytes += len;
}
static void on_analytics(const frames_analytics_record *r, void *u) {
    (void)r; (void)u;
    shows++;
}

static char *campaigns_document(size_t *out_len) {
    char sha[65];
    size_t cap = (size_t)KEYS * PER_KEY * 400 + 64, len = 0;
    char *doc = malloc(cap);
    int k, j;
    if (!doc) exit(2);
    sha256_hex(CONTENT, strlen(CONTENT), sha);
    len += (size_t)snprintf(doc + len, cap - len, "{\"server_time\":1714600000000,\"campaigns\":[");
    for (k = 0; k < KEYS; k++) {
        for (j = 0; j < PER_KEY; j++) {
            char trigger[64];
            int priority;
            if (j < 4) { snprintf(trigger, sizeof trigger, "\"automatic\""); priority = 5 + j; }
            else if (j < 6) { snprintf(trigger, sizeof trigger, "\"on_demand\""); priority = 10 + j; }
            else { snprintf(trigger, sizeof trigger, "\"event\",\"event\":\"evt_%d\"", (k + j - 6) % EVENTS); priority = j - 5; }
            len += (size_t)snprintf(doc + len, cap - len,
                                    "%s{\"id\":\"c%03d_%d\",\"placement_key\":\"k%03d\",\"trigger\":%s,\"priority\":%d,"
                                    "\"capping\":{\"max_displays\":3,\"period_ms\":86400000},"
                                    "\"starts_at\":1714500000000,\"ends_at\":1814600000000,"
                                    "\"content\":{\"url\":\"" CONTENT_URL "\",\"sha256\":\"%s\"}}",
                                    (k || j) ? "," : "", k, j, k, trigger, priority, sha);
        }
    }
    len += (size_t)snprintf(doc + len, cap - len, "]}");
    *out_len = len;
    return doc;
}

static void pump(const char *doc, size_t doc_len) {
    for (;;) {
        frames_request r;
        bool available = false;
        if (frames_engine_poll_request(engine, &r, &available) != FRAMES_OK) fail("poll");
        if (!available) return;
        if (strcmp(r.url, INLINE_URL) == 0) {
            if (frames_engine_complete_request(engine, r.id, 200, NULL, NULL, 0, (const uint8_t *)doc, doc_len, clock_ms))
                fail("complete campaigns");
        } else if (frames_engine_complete_request(engine, r.id, 200, NULL, NULL, 0, (const uint8_t *)CONTENT,
                                                  strlen(CONTENT), clock_ms)) {
            fail("complete content");
        }
    }
}

static frames_inline_view *views[KEYS];

static void setup_engine(const char *doc, size_t doc_len) {
    frames_engine_options o = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks h = FRAMES_HOST_CALLBACKS_INIT;
    frames_inline_delegate g = FRAMES_INLINE_DELEGATE_INIT;
    frames_inline_view_delegate d = FRAMES_INLINE_VIEW_DELEGATE_INIT;
    int k;
    o.inline_url = INLINE_URL;
    h.analytics = on_analytics;
    if (frames_engine_new(&o, NULL, 0, &h, &engine) != FRAMES_OK) fail("engine");
    if (frames_inline_set_delegate(engine, &g) != FRAMES_OK) fail("inline delegate");
    d.render = on_render;
    d.reply = on_reply;
    for (k = 0; k < KEYS; k++) {
        char key[16];
        snprintf(key, sizeof key, "k%03d", k);
        if (frames_inline_view_new(engine, key, &views[k]) != FRAMES_OK) fail("view");
        frames_inline_view_set_delegate(views[k], &d);
        frames_inline_view_set_size(views[k], 343, 120, clock_ms);
        if (frames_inline_view_attach(views[k], clock_ms) != FRAMES_OK) fail("attach");
    }
    pump(doc, doc_len);
}

/* --- A: the C floor of an event trigger ----------------------------------------- */

typedef struct floor_campaign {
    int key, priority, id;
    int64_t starts, ends;
    int max_displays;
} floor_campaign;

static floor_campaign floor_by_event[EVENTS][KEYS * 4];
static int floor_count[EVENTS];
static int floor_current[KEYS];   /* the priority each view shows */
static int floor_displays[KEYS * PER_KEY];
static volatile long floor_offers;

static void floor_build(void) {
    int k, j, e, a, b;
    for (k = 0; k < KEYS; k++) {
        floor_current[k] = 5;
        for (j = 6; j < PER_KEY; j++) {
            e = (k + j - 6) % EVENTS;
            floor_by_event[e][floor_count[e]++] = (floor_campaign){k, j - 5, k * PER_KEY + j, 0, INT64_MAX, 3};
        }
    }
    /* Sorted by priority, as an index would keep them. */
    for (e = 0; e < EVENTS; e++)
        for (a = 1; a < floor_count[e]; a++)
            for (b = a; b > 0 && floor_by_event[e][b].priority < floor_by_event[e][b - 1].priority; b--) {
                floor_campaign t = floor_by_event[e][b];
                floor_by_event[e][b] = floor_by_event[e][b - 1];
                floor_by_event[e][b - 1] = t;
            }
}

static void floor_event(int e, int64_t now) {
    static bool decided[KEYS];
    int i;
    memset(decided, 0, sizeof decided);
    for (i = 0; i < floor_count[e]; i++) {
        const floor_campaign *c = &floor_by_event[e][i];
        if (decided[c->key] || now < c->starts || now >= c->ends || floor_displays[c->id] >= c->max_displays) continue;
        decided[c->key] = true;
        if (c->priority < floor_current[c->key]) floor_current[c->key] = c->priority;
        floor_offers++;
    }
}

/* --- C: a state blob of 10,000 ledgers, and CRC-32 for the floor ----------------- */

/* Slicing-by-8, as the library's CRC32.swift: the floor is the least work,
 * not a slow reference. */
static uint32_t crc_table[8][256];

static void crc_init(void) {
    uint32_t i, j, c;
    for (i = 0; i < 256; i++) {
        for (c = i, j = 0; j < 8; j++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[0][i] = c;
    }
    for (j = 1; j < 8; j++)
        for (i = 0; i < 256; i++) crc_table[j][i] = (crc_table[j - 1][i] >> 8) ^ crc_table[0][crc_table[j - 1][i] & 0xFF];
}

static uint32_t crc32(const uint8_t *p, size_t n) {
    uint32_t c = 0xFFFFFFFFu;
    while (n >= 8) {
        uint32_t lo = c ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
        c = crc_table[7][lo & 0xFF] ^ crc_table[6][(lo >> 8) & 0xFF] ^ crc_table[5][(lo >> 16) & 0xFF] ^
            crc_table[4][lo >> 24] ^ crc_table[3][p[4]] ^ crc_table[2][p[5]] ^ crc_table[1][p[6]] ^ crc_table[0][p[7]];
        p += 8;
        n -= 8;
    }
    while (n--) c = crc_table[0][(c ^ *p++) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

static void put_varint(uint8_t *out, size_t *len, uint64_t v) {
    while (v >= 0x80) { out[(*len)++] = (uint8_t)(v | 0x80); v >>= 7; }
    out[(*len)++] = (uint8_t)v;
}

static void put_string(uint8_t *out, size_t *len, const char *s) {
    size_t n = strlen(s);
    put_varint(out, len, n);
    memcpy(out + *len, s, n);
    *len += n;
}

/* 100 users x 100 campaigns, two display times each (wall clock ms). */
static uint8_t *ledger_blob(size_t *out_len) {
    size_t cap = 2000000, len = 16;
    uint8_t *blob = calloc(1, cap);
    int u, c, t;
    uint32_t crc;
    if (!blob) exit(2);
    put_varint(blob, &len, 100);
    for (u = 0; u < 100; u++) {
        char user[16];
        snprintf(user, sizeof user, "user-%03d", u);
        put_string(blob, &len, "inline.caps");
        blob[len++] = 1;
        put_string(blob, &len, user);
        put_varint(blob, &len, 100);
        for (c = 0; c < 100; c++) {
            char id[16];
            snprintf(id, sizeof id, "campaign-%03d", c);
            put_string(blob, &len, id);
            put_varint(blob, &len, 2);
            for (t = 0; t < 2; t++) {
                int64_t v = 1714600000000LL + (int64_t)(u * 1000 + c * 10 + t) * 1000;
                put_varint(blob, &len, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63));
            }
        }
    }
    memcpy(blob, "FRST\x01\x00\x00\x00", 8);
    blob[8] = (uint8_t)(len - 16); blob[9] = (uint8_t)((len - 16) >> 8);
    blob[10] = (uint8_t)((len - 16) >> 16); blob[11] = (uint8_t)((len - 16) >> 24);
    crc = crc32(blob + 16, len - 16);
    blob[12] = (uint8_t)crc; blob[13] = (uint8_t)(crc >> 8); blob[14] = (uint8_t)(crc >> 16); blob[15] = (uint8_t)(crc >> 24);
    *out_len = len;
    return blob;
}

int main(int argc, char **argv) {
    int reps = 5, event_calls = 20000, messages = 100000, i, rep, e;
    size_t doc_len, blob_len;
    char *doc;
    uint8_t *blob, *copy;
    double a1[100], a2[100], af[100], b[100], bf[100], ci[100], ce[100], cf[100];
    char **texts;
    frames_inline_view_status status;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--events") == 0 && i + 1 < argc) event_calls = atoi(argv[++i]);
        else if (strcmp(argv[i], "--messages") == 0 && i + 1 < argc) messages = atoi(argv[++i]);
        else { fprintf(stderr, "usage: bench_inline [--reps R] [--events N] [--messages M]\n"); return 2; }
    }
    if (reps < 1 || reps > 100 || event_calls < EVENTS || messages < 1) return 2;
    doc = campaigns_document(&doc_len);
    crc_init();
    floor_build();
    texts = malloc(sizeof *texts * 1024);
    for (i = 0; i < 1024; i++) {
        texts[i] = malloc(64);
        snprintf(texts[i], 64, "{\"v\":1,\"id\":%d,\"method\":\"getComponentSize\"}", i + 1);
    }
    blob = ledger_blob(&blob_len);
    copy = malloc(blob_len);

    /* C first: an import is what a host does at start-up. Import and export
     * are timed in separate engines, each freed right after, so neither
     * measures what the other left in the heap. The first import of the
     * process also pays one-time costs (the Swift runtime's metadata, page
     * faults): it is the max of the import column. */
    for (rep = 0; rep < reps; rep++) {
        double t0;
        const uint8_t *out = NULL;
        size_t out_len = 0;
        frames_engine_options o = FRAMES_ENGINE_OPTIONS_INIT;
        if (frames_engine_new(&o, NULL, 0, NULL, &engine) != FRAMES_OK) fail("engine");
        t0 = now_ns();
        if (frames_engine_import_state(engine, blob, blob_len, 1, 1714600000000LL) != FRAMES_OK) fail("import");
        ci[rep] = (now_ns() - t0) / 1e6;
        frames_engine_free(engine);

        if (frames_engine_new(&o, NULL, 0, NULL, &engine) != FRAMES_OK) fail("engine");
        if (frames_engine_import_state(engine, blob, blob_len, 1, 1714600000000LL) != FRAMES_OK) fail("import");
        t0 = now_ns();
        if (frames_engine_export_state(engine, 2, 1714600000001LL, &out, &out_len) != FRAMES_OK) fail("export");
        ce[rep] = (now_ns() - t0) / 1e6;
        if (out_len != blob_len || memcmp(out + 16, blob + 16, blob_len - 16) != 0)
            fail("the export is not the imported blob");
        frames_engine_free(engine);

        t0 = now_ns();
        memcpy(copy, blob, blob_len);
        if (crc32(copy + 16, blob_len - 16) == 0) fail("crc");
        cf[rep] = (now_ns() - t0) / 1e6;
    }

    for (rep = 0; rep < reps; rep++) {
        double t0;
        long before;
        /* A1: the first firing of each event (replacements, renders). */
        clock_ms = 1;
        setup_engine(doc, doc_len);
        for (i = 0; i < KEYS; i++) {
            if (frames_inline_view_get_status(views[i], &status) != FRAMES_OK || status != FRAMES_INLINE_VIEW_STATUS_SHOWN)
                fail("a view does not show its automatic campaign");
        }
        before = renders;
        t0 = now_ns();
        for (e = 0; e < EVENTS; e++) {
            char name[16];
            snprintf(name, sizeof name, "evt_%d", e);
            if (frames_inline_track_event(engine, name, NULL, clock_ms) != FRAMES_OK) fail("track_event");
        }
        a1[rep] = (now_ns() - t0) / EVENTS / 1e3;
        if (renders - before < KEYS) fail("the events replaced too little content");
        /* A2: steady state. */
        before = renders;
        t0 = now_ns();
        for (i = 0; i < event_calls; i++) {
            static const char *const names[EVENTS] = {"evt_0", "evt_1", "evt_2", "evt_3", "evt_4",
                                                      "evt_5", "evt_6", "evt_7", "evt_8", "evt_9"};
            frames_inline_track_event(engine, names[i % EVENTS], NULL, clock_ms);
        }
        a2[rep] = (now_ns() - t0) / event_calls / 1e3;
        if (renders != before) fail("steady-state events changed content");
        /* Floor of A2. */
        t0 = now_ns();
        for (i = 0; i < event_calls; i++) floor_event(i % EVENTS, clock_ms);
        af[rep] = (now_ns() - t0) / event_calls / 1e3;

        /* B: bridge round trips on view 0. */
        before = replies;
        t0 = now_ns();
        for (i = 0; i < messages; i++) {
            const char *m = texts[i % 1024];
            frames_inline_view_report_bridge_message(views[0], m, strlen(m), clock_ms);
        }
        b[rep] = (now_ns() - t0) / messages / 1e3;
        if (replies - before != messages) fail("a message got no reply");
        t0 = now_ns();
        for (i = 0; i < messages; i++) {
            const char *m = texts[i % 1024];
            char reply[96];
            const char *method = strstr(m, "\"method\":\"");
            int n;
            if (!method || strncmp(method + 10, "getComponentSize", 16) != 0) fail("floor parse");
            n = snprintf(reply, sizeof reply, "{\"v\":1,\"id\":%d,\"ok\":true,\"result\":{\"width\":%d,\"height\":%d}}",
                         atoi(m + 12), 343, 120);
            on_reply(views[0], reply, (size_t)n, NULL);
        }
        bf[rep] = (now_ns() - t0) / messages / 1e3;
        frames_engine_free(engine);

    }

    {
        /* Sorted copies for min..max (median() sorts in place too). */
        double m_a1 = median(a1, reps), m_a2 = median(a2, reps), m_af = median(af, reps), m_b = median(b, reps),
               m_bf = median(bf, reps), m_ci = median(ci, reps), m_ce = median(ce, reps), m_cf = median(cf, reps);
        printf("RESULT inline_event_first_us=%.2f min=%.2f max=%.2f\n", m_a1, a1[0], a1[reps - 1]);
        printf("RESULT inline_event_us=%.2f min=%.2f max=%.2f floor_us=%.3f\n", m_a2, a2[0], a2[reps - 1], m_af);
        printf("RESULT inline_bridge_round_trip_us=%.3f min=%.3f max=%.3f floor_us=%.3f\n", m_b, b[0], b[reps - 1], m_bf);
        printf("RESULT inline_state_import_ms=%.3f min=%.3f max=%.3f export_ms=%.3f min=%.3f max=%.3f floor_ms=%.3f "
               "bytes=%zu\n", m_ci, ci[0], ci[reps - 1], m_ce, ce[0], ce[reps - 1], m_cf, blob_len);
        printf("\n%-52s %12s %18s %12s %9s\n", "measure (median of reps, CPU time)", "libframes", "min..max", "C floor",
               "target");
        printf("%-52s %9.2f us %8.2f..%-8.2f %12s %9s\n", "A1 event, first firing (replaces, renders)", m_a1, a1[0],
               a1[reps - 1], "", "");
        printf("%-52s %9.2f us %8.2f..%-8.2f %9.3f us %9s\n", "A2 event trigger, 1,000 campaigns / 100 keys", m_a2,
               a2[0], a2[reps - 1], m_af, "< 20 us");
        printf("%-52s %9.3f us %8.3f..%-8.3f %9.3f us %9s\n", "B  bridge round trip (getComponentSize -> reply)", m_b,
               b[0], b[reps - 1], m_bf, "< 5 us");
        printf("%-52s %9.3f ms %8.3f..%-8.3f %9.3f ms %9s\n", "C  import 10,000 capping ledgers", m_ci, ci[0],
               ci[reps - 1], m_cf, "< 2 ms");
        printf("%-52s %9.3f ms %8.3f..%-8.3f %9.3f ms %9s\n", "C  export 10,000 capping ledgers", m_ce, ce[0],
               ce[reps - 1], m_cf, "< 2 ms");
    }
    printf("# %d reps; %d events and %d messages per rep; blob %zu bytes; %ld renders, %ld replies (%zu bytes), %ld records\n",
           reps, event_calls, messages, blob_len, renders, replies, reply_bytes, shows);
    for (i = 0; i < 1024; i++) free(texts[i]);
    free(texts);
    free(blob);
    free(copy);
    free(doc);
    return 0;
}
