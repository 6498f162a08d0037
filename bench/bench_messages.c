/*
 * bench_messages.c — modal messages benchmark (IM-01): what the one call
 * allowed from any thread costs, alone and from 8 threads at once, and what
 * the owner thread pays to pick a waiting message up and present it; each
 * beside cJSON parsing the same push (bench/floors.h), interleaved.
 *
 * Not a test: run it with `bash bench/run_messages.sh` (or
 * `bash bench/run.sh messages`); see docs/performance.md.
 *
 *   bench_messages [--reps R] [--calls N] [--payload FILE]
 *                                          (default 7 repetitions, N = 90,000)
 *
 * The payload is a realistic silent push: the 1.2 KB of
 * Tests/fixtures/wire/messages/spring_sale.json (title, body, image, three
 * buttons with fonts and colours).
 *
 * messages.notification            handle_notification, one thread: N calls
 *                                  in batches of 900 (the inbox holds 1,000),
 *                                  the owner's pick-up between batches
 *                                  untimed; thread CPU time per call.
 * messages.notification_compacted  the same push without whitespace.
 * messages.notification_8_threads  8 threads call at once, N/8 each, while
 *                                  the owner (main) picks up; wall time per
 *                                  call, each thread's mean averaged. Floor:
 *                                  8 threads parsing with cJSON.
 * messages.pickup                  frames_engine_on_timeout picking a waiting
 *                                  message up (handed in untimed), deciding,
 *                                  entering it in the shown-once ledger,
 *                                  resolving its fonts and presenting it.
 * messages.activation              frames_engine_set_app_state(ACTIVE)
 *                                  presenting a message that waited.
 *   Each message of the last two has its own id, as pushes do, so the ledger
 *   grows to its capacity and evicts as in a long life.
 *
 * Floor of every figure: cJSON_Parse + cJSON_Delete of the same bytes, the
 * least a reader of the push pays. Target: messages.notification < 5 us.
 * Output: FIGURE lines (bench/bench_stats.h). Under callgrind (run with
 * --callgrind) one short repetition marks the single-thread regions.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_stats.h"
#include "floors.h"
#include "frames.h"

#define THREADS 8
#define BATCH 900

static char payload[4096];
static size_t payload_len;
/* The same push without the whitespace between tokens: what a host that
 * re-serialises the push's data hands in. */
static char compact[4096];
static size_t compact_len;
static volatile int floor_sink;

static void make_compact(void) {
    size_t i, n = 0;
    bool in_string = false, escaped = false;
    for (i = 0; i < payload_len && n + 1 < sizeof compact; i++) {
        char c = payload[i];
        if (in_string) {
            compact[n++] = c;
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
            compact[n++] = c;
        } else if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
            compact[n++] = c;
        }
    }
    compact[n] = '\0';
    compact_len = n;
}

static void load_payload(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "bench_messages: cannot read %s\n", path);
        exit(2);
    }
    payload_len = fread(payload, 1, sizeof payload - 1, f);
    fclose(f);
}

static void fail(const char *what, frames_result r) {
    fprintf(stderr, "bench_messages: %s failed: %d %s\n", what, (int)r, frames_error_last_message());
    exit(1);
}

/* --- the host --------------------------------------------------------------- */

static long presented;
static char shown[300];
static int font_object;

static void present(const frames_message *m, void *user_data) {
    (void)user_data;
    presented++;
    snprintf(shown, sizeof shown, "%s", m->message_id);
}

static void *resolve_font(const char *name, double size, void *user_data) {
    (void)size;
    (void)user_data;
    return name[0] == 'M' ? &font_object : NULL;
}

static void wakeup(void *user_data) { (void)user_data; }

static frames_engine *new_engine(void) {
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_messages_delegate messages = FRAMES_MESSAGES_DELEGATE_INIT;
    frames_engine *engine = NULL;
    frames_result r;
    host.resolve_font = resolve_font;
    host.message_wakeup = wakeup;
    messages.present = present;
    if ((r = frames_engine_new(NULL, NULL, 0, &host, &engine)) != FRAMES_OK) fail("frames_engine_new", r);
    if ((r = frames_messages_set_delegate(engine, &messages)) != FRAMES_OK) fail("frames_messages_set_delegate", r);
    return engine;
}

static void hand(frames_engine *engine, const char *data, size_t len, int64_t now) {
    frames_notification_result result;
    frames_result r = frames_messages_handle_notification(engine, (const uint8_t *)data, len, now, &result);
    if (r != FRAMES_OK || result != FRAMES_NOTIFICATION_RESULT_HANDLED) fail("frames_messages_handle_notification", r);
}

/* --- one thread ----------------------------------------------------------------- */

typedef struct push {
    const char *bytes;
    size_t len;
    long calls;
    const char *name;
} push;

/* One sample: ns per handle_notification call. */
static double notification_sample(void *ctx) {
    const push *p = ctx;
    frames_engine *engine = new_engine();
    double total = 0, t0;
    long done = 0;
    frames_engine_set_app_state(engine, FRAMES_APP_STATE_BACKGROUND, 0);
    bench_ir_begin();
    while (done < p->calls) {
        long n = p->calls - done < BATCH ? p->calls - done : BATCH, i;
        t0 = bench_cpu_ns();
        for (i = 0; i < n; i++) hand(engine, p->bytes, p->len, 1);
        total += bench_cpu_ns() - t0;
        bench_ir_pause();
        frames_engine_on_timeout(engine, 1); /* the pick-up: untimed */
        bench_ir_resume();
        done += n;
    }
    bench_ir_end(p->name, "figure", p->calls, BENCH_NONE);
    frames_engine_free(engine);
    return total / (double)p->calls;
}

/* One sample of the floor: ns per cJSON parse of the same bytes. */
static double cjson_sample(void *ctx) {
    const push *p = ctx;
    double t0;
    long i;
    int sink = 0;
    bench_ir_begin();
    t0 = bench_cpu_ns();
    for (i = 0; i < p->calls; i++) sink += floor_cjson_parse(p->bytes, p->len);
    t0 = bench_cpu_ns() - t0;
    bench_ir_end(p->name, "floor:cJSON_Parse", p->calls, BENCH_NONE);
    floor_sink = sink;
    return t0 / (double)p->calls;
}

/* --- 8 threads at once -------------------------------------------------------------- */

static frames_engine *contended_engine;
static atomic_int ready_threads, finished_threads;
static atomic_bool go;
static long per_thread;
static bool use_floor;
static double thread_ns[THREADS];
static atomic_long refused;
static double last_throughput;

static void *notifier(void *arg) {
    int t = (int)(intptr_t)arg, sink = 0;
    long i;
    double t0;
    atomic_fetch_add(&ready_threads, 1);
    while (!atomic_load(&go)) {}
    t0 = bench_wall_ns();
    for (i = 0; i < per_thread; i++) {
        if (use_floor) {
            sink += floor_cjson_parse(payload, payload_len);
        } else {
            frames_notification_result result;
            frames_result r = frames_messages_handle_notification(contended_engine, (const uint8_t *)payload,
                                                                  payload_len, 1, &result);
            if (r != FRAMES_OK) atomic_fetch_add(&refused, 1); /* inbox full: counted */
        }
    }
    thread_ns[t] = (bench_wall_ns() - t0) / (double)per_thread;
    floor_sink = sink;
    atomic_fetch_add(&finished_threads, 1);
    return NULL;
}

/* One sample: the threads' mean wall ns per call. */
static double contended_sample(void *ctx) {
    const push *p = ctx;
    bool floor = p->name == NULL;
    pthread_t threads[THREADS];
    double t0, wall, sum = 0;
    int t;
    per_thread = p->calls / THREADS;
    use_floor = floor;
    atomic_store(&ready_threads, 0);
    atomic_store(&finished_threads, 0);
    atomic_store(&go, false);
    if (!floor) {
        contended_engine = new_engine();
        frames_engine_set_app_state(contended_engine, FRAMES_APP_STATE_BACKGROUND, 0);
    }
    for (t = 0; t < THREADS; t++) pthread_create(&threads[t], NULL, notifier, (void *)(intptr_t)t);
    while (atomic_load(&ready_threads) < THREADS) {}
    t0 = bench_wall_ns();
    atomic_store(&go, true);
    /* The owner picks up while they hand in. */
    while (atomic_load(&finished_threads) < THREADS)
        if (!floor) frames_engine_on_timeout(contended_engine, 1);
    wall = bench_wall_ns() - t0;
    for (t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
    if (!floor) {
        frames_engine_on_timeout(contended_engine, 1);
        frames_engine_free(contended_engine);
        last_throughput = (double)(per_thread * THREADS) / (wall / 1e9);
    }
    for (t = 0; t < THREADS; t++) sum += thread_ns[t];
    return sum / THREADS;
}

/* --- pick-up and presentation ---------------------------------------------- */

static const char *with_id(long i, size_t *len) {
    static char text[4096];
    const char *id = strstr(payload, "msg-2024-05-01-spring");
    int prefix;
    if (!id) {
        fprintf(stderr, "bench_messages: the payload has no msg-2024-05-01-spring id\n");
        exit(2);
    }
    prefix = (int)(id - payload);
    *len = (size_t)snprintf(text, sizeof text, "%.*sm%08ld%s", prefix, payload, i, id + strlen("msg-2024-05-01-spring"));
    return text;
}

typedef struct owner {
    long count;
    bool activation; /* presented at activation, not by on_timeout */
    double empty_call; /* on_timeout with nothing to pick up, ns */
} owner;

/* One sample: ns per presentation. */
static double presentation_sample(void *ctx) {
    owner *o = ctx;
    const char *name = o->activation ? "messages.activation" : "messages.pickup";
    frames_engine *engine = new_engine();
    double t0, total = 0, empty_total = 0;
    long i;
    int64_t now = 1;
    size_t len;
    const char *text;
    presented = 0;
    bench_ir_begin();
    bench_ir_pause();
    for (i = 0; i < o->count; i++) {
        text = with_id(i, &len);
        if (o->activation) frames_engine_set_app_state(engine, FRAMES_APP_STATE_BACKGROUND, now);
        hand(engine, text, len, now);
        if (o->activation) frames_engine_on_timeout(engine, now); /* picked up, waiting */
        bench_ir_resume();
        t0 = bench_cpu_ns();
        if (o->activation) frames_engine_set_app_state(engine, FRAMES_APP_STATE_ACTIVE, now);
        else frames_engine_on_timeout(engine, now);
        total += bench_cpu_ns() - t0;
        bench_ir_pause();
        if (!shown[0]) {
            fprintf(stderr, "message %ld was not presented\n", i);
            fail("a presentation", FRAMES_ERR_INTERNAL);
        }
        frames_message_report_dismissed(engine, shown, now);
        shown[0] = '\0';
        now++;
        t0 = bench_cpu_ns();
        frames_engine_on_timeout(engine, now);
        empty_total += bench_cpu_ns() - t0;
    }
    bench_ir_resume();
    bench_ir_end(name, "figure", o->count, BENCH_NONE);
    if (presented != o->count) fail("presenting every message", FRAMES_ERR_INTERNAL);
    frames_engine_free(engine);
    o->empty_call = empty_total / (double)o->count;
    return total / (double)o->count;
}

static double presentation_floor(void *ctx) {
    const owner *o = ctx;
    const char *name = o->activation ? "messages.activation" : "messages.pickup";
    double total = 0, t0;
    long i;
    int sink = 0;
    size_t len;
    bench_ir_begin();
    bench_ir_pause();
    for (i = 0; i < o->count; i++) {
        const char *text = with_id(i, &len);
        bench_ir_resume();
        t0 = bench_cpu_ns();
        sink += floor_cjson_parse(text, len);
        total += bench_cpu_ns() - t0;
        bench_ir_pause();
    }
    bench_ir_resume();
    bench_ir_end(name, "floor:cJSON_Parse", o->count, BENCH_NONE);
    floor_sink = sink;
    return total / (double)o->count;
}

int main(int argc, char **argv) {
    int reps = 7, i, missed = 0;
    long calls = 90000, present_count = 5000;
    const char *fixture = "Tests/fixtures/wire/messages/spring_sale.json";
    bench_series u = {0}, uf = {0}, k = {0}, kf = {0}, c = {0}, cf = {0}, p = {0}, pf = {0}, a = {0}, af = {0};
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--calls") == 0 && i + 1 < argc) calls = atol(argv[++i]);
        else if (strcmp(argv[i], "--payload") == 0 && i + 1 < argc) fixture = argv[++i];
        else {
            fprintf(stderr, "usage: bench_messages [--reps R] [--calls N] [--payload FILE]\n");
            return 2;
        }
    }
    if (bench_under_callgrind()) {
        reps = 1;
        calls = 2 * BATCH;
        present_count = 200;
    }
    if (reps < 1 || reps > BENCH_MAX_REPS || calls < THREADS * 10) return 2;
    load_payload(fixture);
    make_compact();
    printf("# payload: %s, %zu bytes (%zu compacted); %ld calls per sample, %d repetitions interleaved\n", fixture,
           payload_len, compact_len, calls, reps);
    {
        push written = { payload, payload_len, calls, "messages.notification" };
        push compacted = { compact, compact_len, calls, "messages.notification_compacted" };
        push threads = { payload, payload_len, calls, "messages.notification_8_threads" };
        push threads_floor = { payload, payload_len, calls, NULL };
        owner pickup = { present_count, false, 0 }, activation = { present_count, true, 0 };
        /* Warm-up, untimed (and the regions it marks count for nothing:
         * bench_callgrind keeps each figure's smallest). */
        push warm = written;
        owner warm_owner = { present_count / 10, false, 0 };
        warm.calls = calls / 10;
        notification_sample(&warm);
        cjson_sample(&warm);
        presentation_sample(&warm_owner);

        bench_interleave(reps, notification_sample, &written, &u, cjson_sample, &written, &uf);
        bench_interleave(reps, notification_sample, &compacted, &k, cjson_sample, &compacted, &kf);
        if (!bench_under_callgrind())
            bench_interleave(reps, contended_sample, &threads, &c, contended_sample, &threads_floor, &cf);
        bench_interleave(reps, presentation_sample, &pickup, &p, presentation_floor, &pickup, &pf);
        bench_interleave(reps, presentation_sample, &activation, &a, presentation_floor, &activation, &af);

        missed |= bench_report("messages.notification", "us", &u, "cJSON_Parse", &uf,
                               (bench_target){ BENCH_FIGURE_BELOW, 5.0 });
        bench_report("messages.notification_compacted", "us", &k, "cJSON_Parse", &kf, BENCH_NONE);
        if (!bench_under_callgrind()) {
            bench_report("messages.notification_8_threads", "us", &c, "cJSON_Parse, 8 threads", &cf, BENCH_NONE);
            /* The owner has a ninth of the 2 cores against 8 notifiers: the
             * inbox fills, by design, and a refused call is still checked. */
            printf("# 8 threads: %.0f calls per second in all (last sample); %.0f %% of the calls found the inbox "
                   "full (FRAMES_NOTIFICATION_RESULT_INBOX_FULL)\n", last_throughput,
                   100.0 * (double)atomic_load(&refused) / ((double)reps * (double)(calls / THREADS * THREADS)));
        }
        bench_report("messages.pickup", "us", &p, "cJSON_Parse", &pf, BENCH_NONE);
        bench_report("messages.activation", "us", &a, "cJSON_Parse", &af, BENCH_NONE);
        printf("# an owner call with nothing to pick up (on_timeout): %.2f us\n", pickup.empty_call / 1000.0);
    }
    return missed ? 3 : 0;
}
