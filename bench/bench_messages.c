/*
 * bench_messages.c — modal messages benchmark (IM-01): what the one call
 * allowed from any thread costs, alone and from 8 threads at once, and what
 * the owner thread pays to pick a waiting message up and present it.
 *
 * Not a test: run it with `bash bench/run_messages.sh` (or
 * `bash bench/run.sh messages`); see docs/performance.md.
 *
 *   bench_messages [--reps R] [--calls N]        (default 5 repetitions, N = 90,000)
 *
 * The payload is a realistic silent push: the 1.3 KB of
 * Tests/fixtures/wire/messages/spring_sale.json (title, body, image, three
 * buttons with fonts and colours).
 *
 * U  handle_notification uncontended: N calls on one thread, in batches of
 *    900 (the inbox holds 1,000); the owner's pick-up between batches is not
 *    timed. Per call: mean, and p50/p99 of individually timed calls; for the
 *    fixture as written (pretty-printed) and compacted.
 * C  8 threads call handle_notification at once, N/8 calls each, while the
 *    owner thread (main) picks the inbox up in a loop. Per call: each
 *    thread's mean; throughput: all calls over the wall time.
 * P  the owner's pick-up and presentation: a message waits in the inbox
 *    (handed in untimed), then frames_engine_on_timeout picks it up, decides,
 *    enters it in the shown-once ledger, resolves its fonts (a resolver is
 *    set) and calls the presenter — timed; dismissing it is not. Also the
 *    activation that presents a message waiting in the background
 *    (frames_engine_set_app_state). Each message has its own id, as pushes
 *    do, so the ledger grows to its capacity and evicts as in a long life.
 *
 * References in the same run, plain C at gcc -O2:
 *   U, C  a locked hand-off that does not read the payload: malloc + memcpy
 *         of the bytes and an append to a pthread-mutex-guarded queue, the
 *         floor of any inbox a notifying thread can drop a message into;
 *   P     frames_engine_on_timeout with an empty inbox: the floor of an
 *         owner-thread call, so the difference is what pick-up and
 *         presentation add.
 * Single-thread phases are timed in the thread's CPU time, the 8-thread
 * phase in wall time (waiting for the lock is its point).
 * Targets: U < 5 us per call from C. The others are reported.
 * Output: RESULT lines per repetition and a table of medians (min..max).
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_stats.h"
#include "frames.h"

#define THREADS 8
#define BATCH 900
#define MAX_REPS BENCH_MAX_REPS

static char payload[4096];
static size_t payload_len;
/* The same push without the whitespace between tokens: what a host that
 * re-serialises the push's data hands in. */
static char compact[4096];
static size_t compact_len;

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

/* Wall time: what the 8 threads wait for each other. */
static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* The calling thread's CPU time: the single-thread phases on a machine
 * shared with other work (a preempted call is not a slow call). */
static double cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
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

/* --- the reference inbox: a locked copy ------------------------------------- */

typedef struct ref_node {
    struct ref_node *next;
    size_t len;
    unsigned char bytes[];
} ref_node;

typedef struct {
    pthread_mutex_t lock;
    ref_node *head, *tail;
    long count;
} ref_inbox;

static ref_inbox ref = { PTHREAD_MUTEX_INITIALIZER, NULL, NULL, 0 };

static void ref_hand(const char *data, size_t len) {
    ref_node *n = malloc(sizeof *n + len);
    if (!n) abort();
    n->next = NULL;
    n->len = len;
    memcpy(n->bytes, data, len);
    pthread_mutex_lock(&ref.lock);
    if (ref.tail) ref.tail->next = n; else ref.head = n;
    ref.tail = n;
    ref.count++;
    pthread_mutex_unlock(&ref.lock);
}

static long ref_drain(void) {
    ref_node *n;
    long count = 0;
    pthread_mutex_lock(&ref.lock);
    n = ref.head;
    ref.head = ref.tail = NULL;
    ref.count = 0;
    pthread_mutex_unlock(&ref.lock);
    while (n) {
        ref_node *next = n->next;
        volatile unsigned char sink = n->bytes[n->len - 1];
        (void)sink;
        free(n);
        n = next;
        count++;
    }
    return count;
}

/* --- U: uncontended ---------------------------------------------------------- */

static void uncontended(const char *data, size_t len, long calls, double *lib_mean, double *lib_p50, double *lib_p99,
                        double *ref_mean) {
    frames_engine *engine = new_engine();
    static double samples[BATCH];
    double total = 0, t0, ref_total = 0;
    long done = 0, s = 0;
    double *all = malloc(sizeof(double) * (size_t)calls);
    if (!all) abort();
    frames_engine_set_app_state(engine, FRAMES_APP_STATE_BACKGROUND, 0);
    while (done < calls) {
        long n = calls - done < BATCH ? calls - done : BATCH, i;
        t0 = cpu_ns();
        for (i = 0; i < n; i++) hand(engine, data, len, 1);
        total += cpu_ns() - t0;
        frames_engine_on_timeout(engine, 1); /* the pick-up: untimed */
        done += n;
    }
    /* Individually timed calls for the percentiles. */
    done = 0;
    while (done < calls) {
        long n = calls - done < BATCH ? calls - done : BATCH, i;
        for (i = 0; i < n; i++) {
            t0 = cpu_ns();
            hand(engine, data, len, 1);
            samples[i] = cpu_ns() - t0;
        }
        for (i = 0; i < n; i++) all[s++] = samples[i];
        frames_engine_on_timeout(engine, 1);
        done += n;
    }
    qsort(all, (size_t)s, sizeof all[0], bench_cmp_double);
    *lib_p50 = all[s / 2];
    *lib_p99 = all[(s * 99) / 100];
    free(all);
    frames_engine_free(engine);
    *lib_mean = total / (double)calls;

    done = 0;
    while (done < calls) {
        long n = calls - done < BATCH ? calls - done : BATCH, i;
        t0 = cpu_ns();
        for (i = 0; i < n; i++) ref_hand(data, len);
        ref_total += cpu_ns() - t0;
        ref_drain();
        done += n;
    }
    *ref_mean = ref_total / (double)calls;
}

/* --- C: 8 threads at once ------------------------------------------------------ */

static frames_engine *contended_engine;
static atomic_int ready_threads, finished_threads;
static atomic_bool go;
static long per_thread;
static bool use_reference;
static double thread_ns[THREADS];
static atomic_long refused;

static void *notifier(void *arg) {
    int t = (int)(intptr_t)arg;
    long i;
    double t0;
    atomic_fetch_add(&ready_threads, 1);
    while (!atomic_load(&go)) {}
    t0 = now_ns();
    for (i = 0; i < per_thread; i++) {
        if (use_reference) {
            ref_hand(payload, payload_len);
        } else {
            frames_notification_result result;
            frames_result r = frames_messages_handle_notification(contended_engine, (const uint8_t *)payload,
                                                                  payload_len, 1, &result);
            if (r != FRAMES_OK) atomic_fetch_add(&refused, 1); /* inbox full: counted */
        }
    }
    thread_ns[t] = (now_ns() - t0) / (double)per_thread;
    atomic_fetch_add(&finished_threads, 1);
    return NULL;
}

static void contended(long calls, bool reference, double *mean, double *throughput, long *refusals) {
    pthread_t threads[THREADS];
    double t0, wall, sum = 0;
    int t;
    per_thread = calls / THREADS;
    use_reference = reference;
    atomic_store(&ready_threads, 0);
    atomic_store(&finished_threads, 0);
    atomic_store(&go, false);
    atomic_store(&refused, 0);
    if (!reference) {
        contended_engine = new_engine();
        frames_engine_set_app_state(contended_engine, FRAMES_APP_STATE_BACKGROUND, 0);
    }
    for (t = 0; t < THREADS; t++) pthread_create(&threads[t], NULL, notifier, (void *)(intptr_t)t);
    while (atomic_load(&ready_threads) < THREADS) {}
    t0 = now_ns();
    atomic_store(&go, true);
    /* The owner picks up while they hand in. */
    while (atomic_load(&finished_threads) < THREADS) {
        if (reference) ref_drain();
        else frames_engine_on_timeout(contended_engine, 1);
    }
    wall = now_ns() - t0;
    for (t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
    if (reference) ref_drain();
    else {
        frames_engine_on_timeout(contended_engine, 1);
        frames_engine_free(contended_engine);
    }
    for (t = 0; t < THREADS; t++) sum += thread_ns[t];
    *mean = sum / THREADS;
    *throughput = (double)(per_thread * THREADS) / (wall / 1e9);
    *refusals = atomic_load(&refused);
}

/* --- P: pick-up and presentation ---------------------------------------------- */

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

static void presentation(long count, double *pickup, double *activation, double *empty_call) {
    frames_engine *engine = new_engine();
    double t0, total = 0, act_total = 0, empty_total = 0;
    long i;
    int64_t now = 1;
    size_t len;
    const char *text;
    presented = 0;
    for (i = 0; i < count; i++) {
        text = with_id(i, &len);
        hand(engine, text, len, now);
        t0 = cpu_ns();
        frames_engine_on_timeout(engine, now);
        total += cpu_ns() - t0;
        if (!shown[0]) { fprintf(stderr, "message %ld was not presented\n", i); fail("a presentation", FRAMES_ERR_INTERNAL); }
        frames_message_report_dismissed(engine, shown, now);
        shown[0] = '\0';
        now++;
        t0 = cpu_ns();
        frames_engine_on_timeout(engine, now);
        empty_total += cpu_ns() - t0;
    }
    if (presented != count) fail("presenting every message", FRAMES_ERR_INTERNAL);
    for (i = 0; i < count; i++) {
        text = with_id(count + i, &len);
        frames_engine_set_app_state(engine, FRAMES_APP_STATE_BACKGROUND, now);
        hand(engine, text, len, now);
        frames_engine_on_timeout(engine, now); /* picked up, waiting */
        t0 = cpu_ns();
        frames_engine_set_app_state(engine, FRAMES_APP_STATE_ACTIVE, now);
        act_total += cpu_ns() - t0;
        frames_message_report_dismissed(engine, shown, now);
        shown[0] = '\0';
        now++;
    }
    if (presented != 2 * count) fail("presenting at activation", FRAMES_ERR_INTERNAL);
    frames_engine_free(engine);
    *pickup = total / (double)count;
    *activation = act_total / (double)count;
    *empty_call = empty_total / (double)count;
}

int main(int argc, char **argv) {
    int reps = 5, r, i;
    long calls = 90000, present_count = 5000;
    const char *fixture = "Tests/fixtures/wire/messages/spring_sale.json";
    double u_lib[MAX_REPS], u_p50[MAX_REPS], u_p99[MAX_REPS], u_ref[MAX_REPS];
    double k_lib[MAX_REPS], k_p50[MAX_REPS], k_p99[MAX_REPS], k_ref[MAX_REPS];
    double c_lib[MAX_REPS], c_tp[MAX_REPS], c_ref[MAX_REPS], c_ref_tp[MAX_REPS];
    double p_pick[MAX_REPS], p_act[MAX_REPS], p_empty[MAX_REPS];
    long refusals_total = 0;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--calls") == 0 && i + 1 < argc) calls = atol(argv[++i]);
        else if (strcmp(argv[i], "--payload") == 0 && i + 1 < argc) fixture = argv[++i];
        else {
            fprintf(stderr, "usage: bench_messages [--reps R] [--calls N] [--payload FILE]\n");
            return 2;
        }
    }
    if (reps < 1 || reps > MAX_REPS || calls < THREADS * 10) return 2;
    load_payload(fixture);
    make_compact();
    printf("# payload: %s, %zu bytes (%zu compacted); %ld calls per phase, %d repetitions\n", fixture, payload_len,
           compact_len, calls, reps);

    /* Warm-up, untimed. */
    {
        double a, b, c, d;
        long e;
        uncontended(payload, payload_len, calls / 10, &a, &b, &c, &d);
        contended(calls / 10, false, &a, &b, &e);
        presentation(present_count / 10, &a, &b, &c);
    }
    for (r = 0; r < reps; r++) {
        long refusals = 0, none = 0;
        uncontended(payload, payload_len, calls, &u_lib[r], &u_p50[r], &u_p99[r], &u_ref[r]);
        uncontended(compact, compact_len, calls, &k_lib[r], &k_p50[r], &k_p99[r], &k_ref[r]);
        contended(calls, false, &c_lib[r], &c_tp[r], &refusals);
        contended(calls, true, &c_ref[r], &c_ref_tp[r], &none);
        presentation(present_count, &p_pick[r], &p_act[r], &p_empty[r]);
        refusals_total += refusals;
        printf("RESULT %d u_lib_ns=%.0f u_p50_ns=%.0f u_p99_ns=%.0f u_ref_ns=%.0f k_lib_ns=%.0f k_p50_ns=%.0f "
               "c_lib_ns=%.0f c_lib_per_s=%.0f "
               "c_ref_ns=%.0f c_ref_per_s=%.0f c_refused=%ld pickup_present_ns=%.0f activation_present_ns=%.0f "
               "empty_call_ns=%.0f\n", r + 1, u_lib[r], u_p50[r], u_p99[r], u_ref[r], k_lib[r], k_p50[r], c_lib[r], c_tp[r], c_ref[r],
               c_ref_tp[r], refusals, p_pick[r], p_act[r], p_empty[r]);
    }

#define ROW(label, v, ref_v, unit, scale)                                                                   \
    printf("%-52s %10.2f %s (%.2f..%.2f)   %10.2f %s   %6.1fx\n", label, median(v, reps) / (scale), unit,   \
           minimum(v, reps) / (scale), maximum(v, reps) / (scale), median(ref_v, reps) / (scale), unit,      \
           median(v, reps) / median(ref_v, reps))
    printf("\n%-52s %30s   %13s   %7s\n", "median of the repetitions (min..max)", "libframes", "reference", "ratio");
    ROW("U handle_notification, 1 thread, mean per call", u_lib, u_ref, "us", 1000.0);
    printf("%-52s %10.2f us p50, %.2f us p99\n", "U handle_notification, 1 thread, per call", median(u_p50, reps) / 1000.0,
           median(u_p99, reps) / 1000.0);
    ROW("U the same push compacted, mean per call", k_lib, k_ref, "us", 1000.0);
    printf("%-52s %10.2f us p50, %.2f us p99\n", "U compacted, per call", median(k_p50, reps) / 1000.0,
           median(k_p99, reps) / 1000.0);
    ROW("C handle_notification, 8 threads at once, per call", c_lib, c_ref, "us", 1000.0);
    printf("%-52s %10.0f /s               %10.0f /s\n", "C calls per second, all 8 threads", median(c_tp, reps),
           median(c_ref_tp, reps));
    printf("%-52s %ld over all repetitions\n", "C calls refused (inbox full)", refusals_total);
    ROW("P pick-up + presentation (on_timeout)", p_pick, p_empty, "us", 1000.0);
    ROW("P activation presenting a waiting message", p_act, p_empty, "us", 1000.0);
    printf("\ntarget: handle_notification uncontended < 5 us from C: %.2f us (p50 %.2f) as written, %.2f us (p50 %.2f) "
           "compacted -> %s\n", median(u_lib, reps) / 1000.0, median(u_p50, reps) / 1000.0, median(k_lib, reps) / 1000.0,
           median(k_p50, reps) / 1000.0, median(u_p50, reps) < 5000.0 ? "met" : "MISSED");
    return 0;
}
