/*
 * message_stress.c — frames_messages_handle_notification from 8 threads while
 * the owner thread runs the engine (SPEC IM-01, IM-03, IM-04, XC-02, XC-07).
 *
 * Part 1, "delivery". 8 notifier threads hand in their messages (and, for
 * every seventh, a second delivery of a neighbour's message: the
 * duplicates a push service produces) with arrival times read from the
 * owner's clock, and call the host's wake-up. Meanwhile the owner thread
 * loops: calls on_timeout when the next deadline is due, confirms, taps and
 * dismisses what it is shown, sends the app to the background and back,
 * and exports the state now and then. Every message carries its id in its
 * title, body and link, so the presenter checks that what it got is whole
 * and belongs to that id. At the end the owner drains everything and checks
 * the accounting per message id:
 *   - presented at most once (IM-03), "displayed" at most once (IM-05);
 *   - nothing lost: every delivery that handle_notification reported as
 *     handled ended exactly once, presented or recorded as discarded
 *     (superseded, duplicate, already_shown, ...);
 *   - nothing torn: every presented message's texts and link match its id.
 *
 * Part 2, "free". Rounds of: an engine is created, 8 threads hand in
 * notifications as fast as they can, and the owner frees the engine
 * mid-stream. Every hand-in must answer FRAMES_OK, FRAMES_ERR_INVALID_STATE
 * (inbox full) or FRAMES_ERR_INVALID_HANDLE — and must be
 * FRAMES_ERR_INVALID_HANDLE when it started after free returned. The
 * wake-up callback, which lingers to widen the window, must never run once
 * free_user_data ran. scripts/sanitizers.sh runs this under TSan and ASan.
 *
 *   message_stress [messages_per_thread] [free_rounds]   (default 1000 100)
 *
 * Prints the accounting and "message_stress: N checks, M failed"; exits
 * non-zero on any failure.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frames.h"

#define THREADS 8
#define MAX_PER_THREAD 20000

static atomic_long checks;
static atomic_long failures;

static void fail_at(int line, const char *what, long got) {
    atomic_fetch_add(&failures, 1);
    printf("  FAIL message_stress.c:%d: %s (got %ld)\n", line, what, got);
    fflush(stdout);
}

#define CHECK(cond) \
    do { atomic_fetch_add(&checks, 1); if (!(cond)) fail_at(__LINE__, #cond, 0); } while (0)
#define CHECK_EQ(a, b) \
    do { long ms_a_ = (long)(a), ms_b_ = (long)(b); atomic_fetch_add(&checks, 1); \
         if (ms_a_ != ms_b_) fail_at(__LINE__, #a " == " #b, ms_a_); } while (0)

/* --- part 1: delivery ------------------------------------------------------- */

static int per_thread;
static _Atomic(frames_engine *) engine_pub;
static atomic_llong clock_ms;
static atomic_int finished_threads;
static atomic_long wakeups;
/* Per message id (thread * per_thread + index). */
static atomic_int handled[THREADS * MAX_PER_THREAD];
static atomic_long inbox_full;
/* Written by owner-thread callbacks only. */
static int presented[THREADS * MAX_PER_THREAD];
static int discarded[THREADS * MAX_PER_THREAD];
static int displayed[THREADS * MAX_PER_THREAD];
static long reasons[16];
static const char *reason_names[16];
static int reason_count;
static long torn;
static char on_screen[64];
static bool confirmed;

static int id_index(const char *id) {
    int t = -1, i = -1;
    if (sscanf(id, "t%d-%d", &t, &i) != 2 || t < 0 || t >= THREADS || i < 0 || i >= per_thread) return -1;
    return t * per_thread + i;
}

static long long sent_at_of(int t, int i) { return 1700000000000LL + (long long)i * THREADS + t; }

static void filler(char *out, size_t cap, const char *id) {
    size_t used = 0;
    while (used + strlen(id) + 2 < cap) used += (size_t)snprintf(out + used, cap - used, "%s.", id);
    out[used] = '\0';
}

static int payload_for(char *out, size_t cap, int t, int i) {
    char id[32], body[400];
    snprintf(id, sizeof id, "t%d-%d", t, i);
    filler(body, sizeof body, id);
    return snprintf(out, cap,
                    "{\"aps\":{\"content-available\":1},\"frames_message\":{\"id\":\"%s\",\"sent_at\":%lld,\"content\":{"
                    "\"title\":{\"text\":\"title-%s\"},\"body\":{\"text\":\"%s\"},"
                    "\"buttons\":[{\"label\":{\"text\":\"go-%s\"},\"url\":\"https://x.test/%s\"},{\"label\":{\"text\":\"x\"}}]}}}",
                    id, sent_at_of(t, i), id, body, id, id);
}

static void deliver(frames_engine *engine, int t, int i) {
    char payload[1024];
    frames_notification_result result = -1;
    int n = payload_for(payload, sizeof payload, t, i);
    frames_result r = frames_messages_handle_notification(engine, (const uint8_t *)payload, (size_t)n,
                                                          atomic_load(&clock_ms), &result);
    if (r == FRAMES_OK) {
        CHECK_EQ(result, FRAMES_NOTIFICATION_RESULT_HANDLED);
        atomic_fetch_add(&handled[t * per_thread + i], 1);
    } else {
        CHECK_EQ(r, FRAMES_ERR_INVALID_STATE);
        CHECK_EQ(result, FRAMES_NOTIFICATION_RESULT_INBOX_FULL);
        atomic_fetch_add(&inbox_full, 1);
    }
}

static void *notifier(void *arg) {
    int t = (int)(intptr_t)arg, i;
    frames_engine *engine = atomic_load(&engine_pub);
    for (i = 0; i < per_thread; i++) {
        deliver(engine, t, i);
        if (i % 7 == 0) deliver(engine, (t + 1) % THREADS, i); /* a neighbour's, delivered twice */
        sched_yield(); /* pushes come one by one, not in one burst per thread */
    }
    atomic_fetch_add(&finished_threads, 1);
    return NULL;
}

static void on_wakeup(void *user_data) {
    (void)user_data;
    atomic_fetch_add(&wakeups, 1);
}

static void on_present(const frames_message *m, void *user_data) {
    char id[32], expected[512], body[400];
    int idx = id_index(m->message_id);
    bool whole;
    (void)user_data;
    CHECK(idx >= 0);
    if (idx < 0) return;
    presented[idx]++;
    snprintf(id, sizeof id, "%s", m->message_id);
    filler(body, sizeof body, id);
    snprintf(expected, sizeof expected, "title-%s", id);
    whole = m->title && strcmp(m->title->text, expected) == 0 && m->body && strcmp(m->body->text, body) == 0 &&
            m->button_count == 2 && m->buttons[0].url != NULL;
    if (whole) {
        snprintf(expected, sizeof expected, "https://x.test/%s", id);
        whole = strcmp(m->buttons[0].url, expected) == 0 && m->buttons[1].url == NULL;
    }
    if (!whole) torn++;
    CHECK(on_screen[0] == '\0'); /* IM-04: one at a time */
    snprintf(on_screen, sizeof on_screen, "%s", m->message_id);
    confirmed = false;
}

static bool on_link(const char *url, const char *message_id, void *user_data) {
    (void)url;
    (void)message_id;
    (void)user_data;
    return true;
}

static void on_analytics(const frames_analytics_record *r, void *user_data) {
    const char *id = NULL, *reason = NULL;
    size_t f;
    int idx, k;
    (void)user_data;
    for (f = 0; f < r->field_count; f++) {
        if (strcmp(r->fields[f].key, "message_id") == 0) id = r->fields[f].value;
        if (strcmp(r->fields[f].key, "reason") == 0) reason = r->fields[f].value;
    }
    if (!id) return;
    idx = id_index(id);
    CHECK(idx >= 0);
    if (idx < 0) return;
    if (strcmp(r->name, "messages.discard") == 0) {
        discarded[idx]++;
        for (k = 0; k < reason_count && strcmp(reason_names[k], reason) != 0; k++) {}
        if (k == reason_count && reason_count < 16) reason_names[reason_count++] = strdup(reason ? reason : "?");
        if (k < 16) reasons[k]++;
    } else if (strcmp(r->name, "messages.displayed") == 0) {
        displayed[idx]++;
    }
}

static void owner_step(frames_engine *engine, long iteration, int64_t now) {
    int64_t deadline = 0;
    bool has = false;
    CHECK_EQ(frames_engine_get_next_deadline(engine, &deadline, &has), FRAMES_OK);
    if (has && deadline <= now) CHECK_EQ(frames_engine_on_timeout(engine, now), FRAMES_OK);
    /* Idle: let the notifiers run (valgrind runs one thread at a time). */
    else if (!on_screen[0]) sched_yield();
    if (on_screen[0]) {
        char id[64];
        snprintf(id, sizeof id, "%s", on_screen);
        if (!confirmed && iteration % 2 == 0) {
            CHECK_EQ(frames_message_report_displayed(engine, id, now), FRAMES_OK);
            confirmed = true;
        } else {
            on_screen[0] = '\0'; /* before the call: it may present the next one */
            if (confirmed) CHECK_EQ(frames_message_report_button_tapped(engine, id, (size_t)(iteration % 2), now), FRAMES_OK);
            else CHECK_EQ(frames_message_report_dismissed(engine, id, now), FRAMES_OK);
        }
    }
    if (iteration % 997 == 0) CHECK_EQ(frames_engine_set_app_state(engine, FRAMES_APP_STATE_BACKGROUND, now), FRAMES_OK);
    if (iteration % 997 == 60) CHECK_EQ(frames_engine_set_app_state(engine, FRAMES_APP_STATE_ACTIVE, now), FRAMES_OK);
    if (iteration % 4099 == 0) {
        const uint8_t *blob = NULL;
        size_t len = 0;
        CHECK_EQ(frames_engine_export_state(engine, now, now + 1700000000000LL, &blob, &len), FRAMES_OK);
    }
}

static void delivery(void) {
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_messages_delegate messages = FRAMES_MESSAGES_DELEGATE_INIT;
    frames_engine *engine = NULL;
    pthread_t threads[THREADS];
    long iteration = 0, presented_total = 0, discarded_total = 0, handled_total = 0, duplicates_handled = 0;
    int t, i, k;

    host.analytics = on_analytics;
    host.message_wakeup = on_wakeup;
    messages.present = on_present;
    messages.link_tapped = on_link;
    CHECK_EQ(frames_engine_new(NULL, NULL, 0, &host, &engine), FRAMES_OK);
    /* Before the engine is published: no notifier can hand in yet. */
    CHECK_EQ(frames_messages_set_delegate(engine, &messages), FRAMES_OK);
    atomic_store(&engine_pub, engine);
    atomic_store(&clock_ms, 1);

    for (t = 0; t < THREADS; t++) CHECK_EQ(pthread_create(&threads[t], NULL, notifier, (void *)(intptr_t)t), 0);
    while (atomic_load(&finished_threads) < THREADS) {
        int64_t now = atomic_fetch_add(&clock_ms, 1) + 1;
        owner_step(engine, ++iteration, now);
    }
    for (t = 0; t < THREADS; t++) CHECK_EQ(pthread_join(threads[t], NULL), 0);

    /* Drain: active, and close whatever is shown until nothing follows. */
    {
        int64_t now = atomic_fetch_add(&clock_ms, 1) + 1;
        CHECK_EQ(frames_engine_set_app_state(engine, FRAMES_APP_STATE_ACTIVE, now), FRAMES_OK);
        for (k = 0; k < 10000; k++) {
            char id[64];
            CHECK_EQ(frames_engine_on_timeout(engine, now), FRAMES_OK);
            if (!on_screen[0]) break;
            snprintf(id, sizeof id, "%s", on_screen);
            on_screen[0] = '\0';
            CHECK_EQ(frames_message_report_dismissed(engine, id, now), FRAMES_OK);
        }
    }

    for (t = 0; t < THREADS; t++) {
        for (i = 0; i < per_thread; i++) {
            int idx = t * per_thread + i, h = atomic_load(&handled[idx]);
            CHECK(presented[idx] <= 1);              /* IM-03: at most once */
            CHECK(displayed[idx] <= presented[idx]); /* IM-05 */
            if (h != presented[idx] + discarded[idx]) {
                fail_at(__LINE__, "a handled delivery ended neither presented nor discarded (or twice)", idx);
            }
            atomic_fetch_add(&checks, 1);
            handled_total += h;
            if (h > 1) duplicates_handled += h - 1;
            presented_total += presented[idx];
            discarded_total += discarded[idx];
        }
    }
    CHECK_EQ(torn, 0);
    CHECK(presented_total > 0);
    CHECK(atomic_load(&wakeups) > 0);
    printf("delivery: %d threads x %d messages (+1/7 delivered twice): %ld handled (%ld second deliveries), "
           "%ld inbox full\n", THREADS, per_thread, handled_total, duplicates_handled, atomic_load(&inbox_full));
    printf("  owner: %ld iterations; %ld wake-ups; %ld presented, %ld discarded, %ld torn\n", iteration,
           atomic_load(&wakeups), presented_total, discarded_total, torn);
    for (k = 0; k < reason_count; k++) printf("  discarded %-14s %ld\n", reason_names[k], reasons[k]);
    CHECK_EQ(frames_engine_free(engine), FRAMES_OK);
}

/* --- part 2: free while notifying ------------------------------------------- */

typedef struct host_data {
    atomic_int alive;
    struct host_data *next; /* the graveyard: freed only at the end */
} host_data;

static host_data *graveyard;
static atomic_int round_no;        /* the round whose engine is published */
static atomic_int freed_round;     /* the last round whose free returned */
static atomic_long round_handins;
static atomic_long late_wakeups;
static atomic_long answers[4];     /* ok, inbox full, invalid handle, after-free ok */
static atomic_bool stop;
static _Atomic(frames_engine *) victim;

static void wake_slowly(void *user_data) {
    host_data *data = user_data;
    int k;
    if (atomic_load(&data->alive) != 1) atomic_fetch_add(&late_wakeups, 1);
    for (k = 0; k < 3; k++) sched_yield(); /* a wake-up still running when free begins */
    if (atomic_load(&data->alive) != 1) atomic_fetch_add(&late_wakeups, 1);
}

static void free_data(void *user_data) {
    host_data *data = user_data;
    atomic_store(&data->alive, 0);
}

static void *hammer(void *arg) {
    char payload[256];
    int n = 0;
    (void)arg;
    while (!atomic_load(&stop)) {
        frames_engine *engine = atomic_load(&victim);
        int round = atomic_load(&round_no);
        bool freed_before = atomic_load(&freed_round) >= round;
        frames_notification_result result;
        frames_result r;
        int len = snprintf(payload, sizeof payload,
                           "{\"frames_message\":{\"id\":\"r%d-%d\",\"sent_at\":%d,\"content\":{\"title\":{\"text\":\"x\"}}}}",
                           round, n, n);
        n++;
        if (!engine) {
            sched_yield();
            continue;
        }
        r = frames_messages_handle_notification(engine, (const uint8_t *)payload, (size_t)len, n, &result);
        atomic_fetch_add(&round_handins, 1);
        if (r == FRAMES_OK) {
            atomic_fetch_add(&answers[0], 1);
            if (freed_before) {
                atomic_fetch_add(&answers[3], 1);
                fail_at(__LINE__, "a hand-in that started after free returned was accepted", round);
            }
        } else if (r == FRAMES_ERR_INVALID_STATE) {
            atomic_fetch_add(&answers[1], 1);
        } else if (r == FRAMES_ERR_INVALID_HANDLE) {
            atomic_fetch_add(&answers[2], 1);
        } else {
            fail_at(__LINE__, "unexpected result from handle_notification", r);
        }
        atomic_fetch_add(&checks, 1);
        /* Leave the owner its turn (valgrind runs one thread at a time). */
        if (r != FRAMES_OK || n % 8 == 0) sched_yield();
    }
    return NULL;
}

static void free_race(int rounds) {
    pthread_t threads[THREADS];
    int t, r;
    for (t = 0; t < THREADS; t++) CHECK_EQ(pthread_create(&threads[t], NULL, hammer, NULL), 0);
    for (r = 1; r <= rounds; r++) {
        frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
        frames_engine *engine = NULL;
        host_data *data = calloc(1, sizeof *data);
        long spins = 0;
        CHECK(data != NULL);
        if (!data) break;
        atomic_store(&data->alive, 1);
        data->next = graveyard;
        graveyard = data;
        host.message_wakeup = wake_slowly;
        host.user_data = data;
        host.free_user_data = free_data;
        CHECK_EQ(frames_engine_new(NULL, NULL, 0, &host, &engine), FRAMES_OK);
        atomic_store(&round_handins, 0);
        atomic_store(&round_no, r);
        atomic_store(&victim, engine);
        /* Free mid-stream: after a few hand-ins, a different number each round. */
        while (atomic_load(&round_handins) < 8 + (r % 5) * 16 && spins++ < 100000) sched_yield();
        if (r % 2 == 0) CHECK_EQ(frames_engine_on_timeout(engine, r), FRAMES_OK); /* the owner picks some up */
        CHECK_EQ(frames_engine_free(engine), FRAMES_OK);
        CHECK_EQ(atomic_load(&data->alive), 0);
        atomic_store(&freed_round, r);
    }
    atomic_store(&stop, true);
    for (t = 0; t < THREADS; t++) CHECK_EQ(pthread_join(threads[t], NULL), 0);
    CHECK_EQ(atomic_load(&late_wakeups), 0);
    CHECK(atomic_load(&answers[2]) > 0);
    printf("free: %d rounds; hand-ins: %ld accepted, %ld inbox full, %ld invalid handle; "
           "%ld accepted after free, %ld wake-ups after free_user_data\n", rounds, atomic_load(&answers[0]),
           atomic_load(&answers[1]), atomic_load(&answers[2]), atomic_load(&answers[3]), atomic_load(&late_wakeups));
    while (graveyard) {
        host_data *next = graveyard->next;
        free(graveyard);
        graveyard = next;
    }
}

int main(int argc, char **argv) {
    int rounds, k;
    per_thread = argc > 1 ? atoi(argv[1]) : 1000;
    rounds = argc > 2 ? atoi(argv[2]) : 100;
    if (per_thread < 1 || per_thread > MAX_PER_THREAD) per_thread = 1000;
    if (rounds < 1) rounds = 100;
    delivery();
    free_race(rounds);
    for (k = 0; k < reason_count; k++) free((void *)reason_names[k]);
    printf("message_stress: %ld checks, %ld failed\n", atomic_load(&checks), atomic_load(&failures));
    return atomic_load(&failures) == 0 ? 0 : 1;
}
