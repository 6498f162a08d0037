/*
 * bench_inline.c — inline messages from C (IL-01..IL-10, XC-10); not a test.
 *
 * Four figures, each interleaved with a floor measured in the same run
 * (bench/bench_stats.h): the least any engine must do for the same work,
 * with no JSON, no callbacks' bookkeeping and no state machine — a lower
 * bound, not an equivalent.
 *
 *  inline.event   An event trigger against 1,000 campaigns over 100
 *                 placement keys, steady state (target < 20 us). Each key k
 *                 has 10 campaigns: 4 automatic (priorities 5..8), 2 on
 *                 demand, 4 event campaigns (priorities 1..4) named
 *                 evt_{(k+0..3) % 10}, so each of the 10 events has 40
 *                 campaigns over 40 keys; every campaign has a capping (3
 *                 per day) and a window. One attached view per key shows its
 *                 content. Every view already shows its best campaign: the
 *                 choice alone (index lookup, eligibility of 40 campaigns,
 *                 40 offers). Floor "C arrays": the same choice over C
 *                 arrays (sorted per event, decided-key flags, window and
 *                 capping checks, priority compares). The first firing of
 *                 each event (replacing content, renders, records) is
 *                 printed as a comment line.
 *  inline.bridge  One bridge message round trip (target < 5 us):
 *                 getComponentSize with a call id through
 *                 frames_inline_view_report_bridge_message to the reply
 *                 callback. Floor "strstr+snprintf": find the method in the
 *                 text, snprintf the reply, call the callback.
 *  inline.import  Importing a state blob of 10,000 capping ledgers (100
 *                 users x 100 campaigns, two times each) into a fresh engine
 *                 (target: within 5x of its floor). Floor "copy+CRC-32":
 *                 floor_copy_crc (bench/floors.h) of the same bytes.
 *  inline.export  Exporting the same ledgers (target: within 3x of the
 *                 same floor); every export is checked against the blob.
 *
 *   bench_inline [--reps R] [--events N] [--messages M]
 *
 * Times are the thread's CPU time (the engine runs inside the calls; host
 * callbacks count too). One FIGURE line per figure; under bench_callgrind
 * (bench/lib.sh) one short repetition whose marked regions give
 * instructions per operation. Exit status 1 when an engine call fails or
 * the scenario does not reach the state it measures; 3 when a target is
 * missed.
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
#include "sha256.h"

#define INLINE_URL "https://bench.test/v1/inline"
#define CONTENT_URL "https://bench.test/inline/content.json"
#define CONTENT "{\"template\":{\"html\":\"<p>inline message</p>\"}}"
#define KEYS 100
#define PER_KEY 10
#define EVENTS 10

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

static uint8_t crc_scratch[1 << 20];

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
    size_t cap = sizeof crc_scratch, len = 16;
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
    crc = (uint32_t)floor_copy_crc(crc_scratch, blob + 16, len - 16);
    blob[12] = (uint8_t)crc; blob[13] = (uint8_t)(crc >> 8); blob[14] = (uint8_t)(crc >> 16); blob[15] = (uint8_t)(crc >> 24);
    *out_len = len;
    return blob;
}

/* --- the samples ------------------------------------------------------------------ */

static const char *const event_names[EVENTS] = {"evt_0", "evt_1", "evt_2", "evt_3", "evt_4",
                                                "evt_5", "evt_6", "evt_7", "evt_8", "evt_9"};
static char *texts[1024];
static int event_calls = 20000, messages = 100000;
static const uint8_t *blob;
static size_t blob_len;
static uint8_t *blob_copy;
static frames_engine *export_engine;
static volatile unsigned long crc_sink;

/* One side of a figure: `ops` operations of `op`, timed and counted as
 * one region. */
typedef struct side {
    const char *figure, *label; /* "figure" or "floor:<name>" */
    const int *ops;
    void (*op)(int i);
    bench_target target;
} side;

static double sample_side(void *ctx) {
    const side *s = ctx;
    int i, ops = *s->ops;
    double t0;
    bench_ir_begin();
    t0 = bench_cpu_ns();
    for (i = 0; i < ops; i++) s->op(i);
    t0 = bench_cpu_ns() - t0;
    bench_ir_end(s->figure, s->label, ops, s->target);
    return t0 / ops;
}

static void event_op(int i) { frames_inline_track_event(engine, event_names[i % EVENTS], NULL, clock_ms); }

static void event_floor_op(int i) { floor_event(i % EVENTS, clock_ms); }

static void bridge_op(int i) {
    const char *m = texts[i % 1024];
    frames_inline_view_report_bridge_message(views[0], m, strlen(m), clock_ms);
}

static void bridge_floor_op(int i) {
    const char *m = texts[i % 1024];
    char reply[96];
    const char *method = strstr(m, "\"method\":\"");
    int n;
    if (!method || strncmp(method + 10, "getComponentSize", 16) != 0) fail("floor parse");
    n = snprintf(reply, sizeof reply, "{\"v\":1,\"id\":%d,\"ok\":true,\"result\":{\"width\":%d,\"height\":%d}}",
                 atoi(m + 12), 343, 120);
    on_reply(views[0], reply, (size_t)n, NULL);
}

/* An import into a fresh engine (created and freed outside the region). */
static double sample_import(void *ctx) {
    frames_engine_options o = FRAMES_ENGINE_OPTIONS_INIT;
    frames_engine *fresh;
    double t0;
    (void)ctx;
    if (frames_engine_new(&o, NULL, 0, NULL, &fresh) != FRAMES_OK) fail("engine");
    bench_ir_begin();
    t0 = bench_cpu_ns();
    if (frames_engine_import_state(fresh, blob, blob_len, 1, 1714600000000LL) != FRAMES_OK) fail("import");
    t0 = bench_cpu_ns() - t0;
    bench_ir_end("inline.import", "figure", 1, (bench_target){ BENCH_RATIO_AT_MOST, 5 });
    frames_engine_free(fresh);
    return t0;
}

static double sample_export(void *ctx) {
    const uint8_t *out = NULL;
    size_t out_len = 0;
    double t0;
    (void)ctx;
    bench_ir_begin();
    t0 = bench_cpu_ns();
    if (frames_engine_export_state(export_engine, 2, 1714600000001LL, &out, &out_len) != FRAMES_OK) fail("export");
    t0 = bench_cpu_ns() - t0;
    bench_ir_end("inline.export", "figure", 1, (bench_target){ BENCH_RATIO_AT_MOST, 3 });
    if (out_len != blob_len || memcmp(out, blob, blob_len) != 0) fail("the export is not the imported blob");
    return t0;
}

/* The floor of both: the same bytes copied and checksummed. ctx names the
 * figure whose region this is. */
static double sample_copy_crc(void *ctx) {
    double t0;
    bench_ir_begin();
    t0 = bench_cpu_ns();
    crc_sink = floor_copy_crc(blob_copy, blob, blob_len);
    t0 = bench_cpu_ns() - t0;
    bench_ir_end(ctx, "floor:copy+CRC-32", 1, BENCH_NONE);
    return t0;
}

int main(int argc, char **argv) {
    int reps = 9, i, e, missed = 0;
    size_t doc_len;
    char *doc;
    uint8_t *made;
    double first_ns;
    long before;
    frames_inline_view_status status;
    frames_engine_options o = FRAMES_ENGINE_OPTIONS_INIT;
    bench_series fe = {0}, le = {0}, fb = {0}, lb = {0}, fi = {0}, li = {0}, fx = {0}, lx = {0};
    const bench_target event_target = { BENCH_FIGURE_BELOW, 20 }, bridge_target = { BENCH_FIGURE_BELOW, 5 };
    side event = { "inline.event", "figure", &event_calls, event_op, event_target };
    side event_floor = { "inline.event", "floor:C arrays", &event_calls, event_floor_op, BENCH_NONE };
    side bridge = { "inline.bridge", "figure", &messages, bridge_op, bridge_target };
    side bridge_floor = { "inline.bridge", "floor:strstr+snprintf", &messages, bridge_floor_op, BENCH_NONE };

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--events") == 0 && i + 1 < argc) event_calls = atoi(argv[++i]);
        else if (strcmp(argv[i], "--messages") == 0 && i + 1 < argc) messages = atoi(argv[++i]);
        else { fprintf(stderr, "usage: bench_inline [--reps R] [--events N] [--messages M]\n"); return 2; }
    }
    if (bench_under_callgrind()) {
        reps = 2; /* the first region of each side pays one-time costs */
        event_calls = 1000;
        messages = 1000;
    }
    if (reps < 1 || reps > BENCH_MAX_REPS || event_calls < EVENTS || messages < 1) return 2;
    doc = campaigns_document(&doc_len);
    floor_build();
    for (i = 0; i < 1024; i++) {
        texts[i] = malloc(64);
        snprintf(texts[i], 64, "{\"v\":1,\"id\":%d,\"method\":\"getComponentSize\"}", i + 1);
    }
    made = ledger_blob(&blob_len);
    blob = made;
    blob_copy = malloc(blob_len);

    /* The state figures first: an import is what a host does at start-up. */
    if (frames_engine_new(&o, NULL, 0, NULL, &export_engine) != FRAMES_OK) fail("engine");
    if (frames_engine_import_state(export_engine, blob, blob_len, 1, 1714600000000LL) != FRAMES_OK) fail("import");
    bench_interleave(reps, sample_import, NULL, &fi, sample_copy_crc, "inline.import", &li);
    bench_interleave(reps, sample_export, NULL, &fx, sample_copy_crc, "inline.export", &lx);
    frames_engine_free(export_engine);

    /* The views and their first content, then the first firing of each event. */
    setup_engine(doc, doc_len);
    for (i = 0; i < KEYS; i++) {
        if (frames_inline_view_get_status(views[i], &status) != FRAMES_OK || status != FRAMES_INLINE_VIEW_STATUS_SHOWN)
            fail("a view does not show its automatic campaign");
    }
    before = renders;
    first_ns = bench_cpu_ns();
    for (e = 0; e < EVENTS; e++)
        if (frames_inline_track_event(engine, event_names[e], NULL, clock_ms) != FRAMES_OK) fail("track_event");
    first_ns = (bench_cpu_ns() - first_ns) / EVENTS;
    if (renders - before < KEYS) fail("the events replaced too little content");
    before = renders;
    bench_interleave(reps, sample_side, &event, &fe, sample_side, &event_floor, &le);
    if (renders != before) fail("steady-state events changed content");
    before = replies;
    bench_interleave(reps, sample_side, &bridge, &fb, sample_side, &bridge_floor, &lb);
    if (replies - before != (long)reps * messages * 2) fail("a message got no reply");
    frames_engine_free(engine);

    if (!bench_under_callgrind()) {
        missed |= bench_report("inline.event", "us", &fe, "C arrays", &le, event_target);
        missed |= bench_report("inline.bridge", "us", &fb, "strstr+snprintf", &lb, bridge_target);
        missed |= bench_report("inline.import", "ms", &fi, "copy+CRC-32", &li, (bench_target){ BENCH_RATIO_AT_MOST, 5 });
        missed |= bench_report("inline.export", "ms", &fx, "copy+CRC-32", &lx, (bench_target){ BENCH_RATIO_AT_MOST, 3 });
        printf("# first firing of each event (replaces content in 40 views, renders, records): %.2f us\n",
               first_ns / 1e3);
        printf("# %d samples per side; %d events and %d messages per sample; blob %zu bytes; %ld renders, "
               "%ld replies (%zu bytes), %ld records\n",
               reps, event_calls, messages, blob_len, renders, replies, reply_bytes, shows);
    }
    for (i = 0; i < 1024; i++) free(texts[i]);
    free(made);
    free(blob_copy);
    free(doc);
    return missed ? 3 : 0;
}
