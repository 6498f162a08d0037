/*
 * messages_example.c — a C host of modal in-app messages (SPEC IM-01..IM-07).
 *
 * Silent pushes arrive on a thread of their own (here: a "push thread" that
 * plays the operating system). The host forwards each one to
 * frames_messages_handle_notification — the one engine call allowed from any
 * thread — with the time it arrived on the host's monotonic clock. The
 * engine's message_wakeup callback, run on that push thread, wakes the
 * owner's loop; the owner calls frames_engine_on_timeout, and the engine
 * decides: present now, keep the newest until the app is active again
 * (for 6 hours at most), or discard. The host draws what its messages
 * delegate's present hands it, confirms it is on screen, and reports taps
 * and dismissals.
 *
 * The owner's loop is the usual shape of a sans-IO host (XC-01): sleep
 * until the engine's next deadline or a wake-up, whichever comes first,
 * then call in. Here it also plays the user, one scripted step per message
 * shown, so the run prints the same story every time:
 *
 *   1. app active: a push is presented at once; the user taps "Shop now"
 *      and the host's click handler routes the https link itself;
 *   2. app in the background: two pushes arrive; the newer replaces the
 *      older; the app comes back and the newer one is presented; the user
 *      taps "My offers", a myapp:// link the click handler leaves to the
 *      engine, and the host says it cannot open it;
 *   3. the host restarts with the state it stored: the last message,
 *      delivered again, is not shown again.
 *
 * The order at start-up matters (IM-03, XC-10): the owner thread imports
 * the stored state first, and only then hands the engine to the push
 * thread (`hand_to_push_thread`). The engine starts in the active state,
 * so a push taken in before the import could be presented at the owner's
 * next call — before the engine knew it was shown in an earlier run.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "frames.h"

/* --- the host's loop: a wake-up flag under a mutex ------------------------- */

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    bool woken;
    int pushes_requested; /* how many pushes the push thread may send */
    int pushes_sent;
    bool quit;
} loop_state;

static loop_state loop = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false, 0, 0, false };

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* IM-01: runs on the push thread. Post a wake-up and return. */
static void on_wakeup(void *user_data) {
    (void)user_data;
    pthread_mutex_lock(&loop.lock);
    loop.woken = true;
    pthread_cond_broadcast(&loop.changed);
    pthread_mutex_unlock(&loop.lock);
}

/* Sleeps until `deadline` (or 200 ms with none) or a wake-up. */
static void wait_for_work(bool has_deadline, int64_t deadline) {
    int64_t until = has_deadline ? deadline : now_ms() + 200;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    pthread_mutex_lock(&loop.lock);
    if (!loop.woken && until > now_ms()) {
        int64_t wait = until - now_ms();
        if (wait > 200) wait = 200;
        ts.tv_sec += (time_t)(wait / 1000);
        ts.tv_nsec += (long)(wait % 1000) * 1000000L;
        if (ts.tv_nsec >= 1000000000L) { ts.tv_sec++; ts.tv_nsec -= 1000000000L; }
        pthread_cond_timedwait(&loop.changed, &loop.lock, &ts);
    }
    loop.woken = false;
    pthread_mutex_unlock(&loop.lock);
}

/* --- the "operating system": silent pushes on their own thread ----------- */

static const char *const pushes[] = {
    "{\"aps\":{\"content-available\":1},\"frames_message\":{\"id\":\"welcome-1\",\"sent_at\":1714550400000,"
    "\"campaign_id\":\"welcome\",\"content\":{"
    "\"title\":{\"text\":\"Welcome back!\",\"font\":{\"name\":\"Montserrat-Bold\",\"size\":22}},"
    "\"body\":{\"text\":\"Your basket is waiting for you.\"},"
    "\"buttons\":[{\"label\":{\"text\":\"Shop now\"},\"url\":\"https://shop.example.com/basket\"},"
    "{\"label\":{\"text\":\"Later\"}}]}}}",
    "{\"aps\":{\"content-available\":1},\"frames_message\":{\"id\":\"sale-1\",\"sent_at\":1714550500000,"
    "\"content\":{\"title\":{\"text\":\"Flash sale\"}}}}",
    "{\"aps\":{\"content-available\":1},\"frames_message\":{\"id\":\"sale-2\",\"sent_at\":1714550600000,"
    "\"campaign_id\":\"spring_sale\",\"content\":{"
    "\"title\":{\"text\":\"Flash sale: 30% off\",\"font\":{\"name\":\"Montserrat-Bold\",\"size\":22}},"
    "\"buttons\":[{\"label\":{\"text\":\"My offers\"},\"url\":\"myapp://offers\"}]}}}",
};

/* The engine the push thread hands pushes to, under loop.lock; NULL while
 * there is none ready for them (before the stored state is imported, and
 * while the engine is being replaced): pushes then wait. */
static frames_engine *engine_pub;

static void *push_thread(void *arg) {
    (void)arg;
    for (;;) {
        frames_engine *engine;
        int index;
        frames_notification_result result;
        frames_result r;
        pthread_mutex_lock(&loop.lock);
        while (!loop.quit && (loop.pushes_sent >= loop.pushes_requested || !engine_pub))
            pthread_cond_wait(&loop.changed, &loop.lock);
        if (loop.quit) {
            pthread_mutex_unlock(&loop.lock);
            return NULL;
        }
        index = loop.pushes_sent < 3 ? loop.pushes_sent : 2; /* the fourth is sale-2 again */
        engine = engine_pub;
        pthread_mutex_unlock(&loop.lock);

        r = frames_messages_handle_notification(engine, (const uint8_t *)pushes[index], strlen(pushes[index]), now_ms(),
                                                &result);
        printf("[push thread] push %d: %s%s%s\n", index + 1, frames_notification_result_str(result),
               r == FRAMES_OK ? "" : ": ", r == FRAMES_OK ? "" : frames_error_last_message());
        pthread_mutex_lock(&loop.lock);
        loop.pushes_sent++;
        pthread_cond_broadcast(&loop.changed);
        pthread_mutex_unlock(&loop.lock);
    }
}

static void request_pushes(int count) {
    pthread_mutex_lock(&loop.lock);
    loop.pushes_requested += count;
    pthread_cond_broadcast(&loop.changed);
    while (loop.pushes_sent < loop.pushes_requested) pthread_cond_wait(&loop.changed, &loop.lock);
    pthread_mutex_unlock(&loop.lock);
}

/* --- the host callbacks and the messages delegate (owner thread) ---------- */

static char shown_id[257];
static size_t shown_buttons;
static int font_montserrat_bold; /* stands for a loaded font object */

static void *resolve_font(const char *name, double size, void *user_data) {
    (void)user_data;
    (void)size;
    /* IM-07: the app ships Montserrat-Bold; every other name: system font. */
    return strcmp(name, "Montserrat-Bold") == 0 ? &font_montserrat_bold : NULL;
}

static void print_text(const char *what, const frames_message_text *t) {
    if (!t) return;
    printf("  | %-6s %s  [%s %g pt]\n", what, t->text,
           t->font_source == FRAMES_MESSAGE_FONT_SOURCE_RESOLVED ? t->font_name : "system font", t->font_size);
}

static void present(const frames_message *m, void *user_data) {
    size_t i;
    (void)user_data;
    printf("present %s (%s)\n", m->message_id, m->campaign_id ? m->campaign_id : "no campaign");
    print_text("title", m->title);
    print_text("body", m->body);
    for (i = 0; i < m->button_count; i++)
        printf("  | [%s] -> %s\n", m->buttons[i].label.text, m->buttons[i].url ? m->buttons[i].url : "(closes)");
    snprintf(shown_id, sizeof shown_id, "%s", m->message_id);
    shown_buttons = m->button_count;
}

static bool link_tapped(const char *url, const char *message_id, void *user_data) {
    (void)user_data;
    (void)message_id;
    if (strncmp(url, "https://shop.example.com/", 25) == 0) {
        printf("click handler: routing %s in the app\n", url);
        return true;
    }
    printf("click handler: leaving %s to the engine\n", url);
    return false;
}

static bool can_open_url(const char *url, void *user_data) {
    (void)user_data;
    bool can = strncmp(url, "https://", 8) == 0;
    printf("can open %s? %s\n", url, can ? "yes" : "no");
    return can;
}

static bool open_url(const char *url, void *user_data) {
    (void)user_data;
    printf("open %s\n", url);
    return true;
}

static void analytics(const frames_analytics_record *r, void *user_data) {
    size_t i;
    (void)user_data;
    printf("analytics %s", r->name);
    for (i = 0; i < r->field_count; i++) printf(" %s=%s", r->fields[i].key, r->fields[i].value);
    printf("\n");
}

static frames_engine *start_engine(void) {
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_messages_delegate messages = FRAMES_MESSAGES_DELEGATE_INIT;
    frames_engine *engine = NULL;
    host.analytics = analytics;
    host.open_url = open_url;
    host.message_wakeup = on_wakeup;
    host.can_open_url = can_open_url;
    host.resolve_font = resolve_font;
    messages.present = present;
    messages.link_tapped = link_tapped;
    if (frames_engine_new(NULL, NULL, 0, &host, &engine) != FRAMES_OK) {
        fprintf(stderr, "frames_engine_new: %s\n", frames_error_last_message());
        exit(1);
    }
    if (frames_messages_set_delegate(engine, &messages) != FRAMES_OK) {
        fprintf(stderr, "frames_messages_set_delegate: %s\n", frames_error_last_message());
        exit(1);
    }
    return engine;
}

/* After the stored state is imported (or there is none): pushes may now
 * reach this engine. NULL takes it back before the engine is freed. */
static void hand_to_push_thread(frames_engine *engine) {
    pthread_mutex_lock(&loop.lock);
    engine_pub = engine;
    pthread_cond_broadcast(&loop.changed);
    pthread_mutex_unlock(&loop.lock);
}

/* Runs the owner's loop until a message is on screen, or `ms` pass. */
static bool run_until_shown(frames_engine *engine, int64_t ms) {
    int64_t end = now_ms() + ms;
    shown_id[0] = '\0';
    while (now_ms() < end) {
        int64_t deadline = 0;
        bool has = false;
        frames_engine_get_next_deadline(engine, &deadline, &has);
        if (has && deadline <= now_ms()) frames_engine_on_timeout(engine, now_ms());
        if (shown_id[0]) return true;
        wait_for_work(has, deadline);
    }
    return false;
}

static int fail(const char *what) {
    fprintf(stderr, "messages_example: %s\n", what);
    pthread_mutex_lock(&loop.lock);
    loop.quit = true;
    pthread_cond_broadcast(&loop.changed);
    pthread_mutex_unlock(&loop.lock);
    return 1;
}

int main(void) {
    pthread_t pusher;
    frames_engine *engine = start_engine();
    uint8_t saved[4096];
    const uint8_t *blob = NULL;
    size_t blob_len = 0;
    int64_t wall = (int64_t)time(NULL) * 1000;

    if (pthread_create(&pusher, NULL, push_thread, NULL) != 0) return fail("no push thread");
    hand_to_push_thread(engine); /* the first run: no stored state to import */

    printf("== 1. app active\n");
    request_pushes(1);
    if (!run_until_shown(engine, 2000)) return fail("welcome-1 was not presented");
    frames_message_report_displayed(engine, shown_id, now_ms());        /* IM-05: on screen now */
    frames_message_report_button_tapped(engine, shown_id, 0, now_ms()); /* IM-06: "Shop now" */

    printf("== 2. app in the background\n");
    frames_engine_set_app_state(engine, FRAMES_APP_STATE_BACKGROUND, now_ms());
    request_pushes(2);
    if (run_until_shown(engine, 100)) return fail("a message was presented in the background");
    printf("(app comes back)\n");
    frames_engine_set_app_state(engine, FRAMES_APP_STATE_ACTIVE, now_ms());
    if (!shown_id[0] && !run_until_shown(engine, 2000)) return fail("sale-2 was not presented");
    frames_message_report_displayed(engine, shown_id, now_ms());
    frames_message_report_button_tapped(engine, shown_id, 0, now_ms()); /* "My offers" */

    /* XC-10: what a host stores before it quits (a file, its preferences). */
    if (frames_engine_export_state(engine, now_ms(), wall, &blob, &blob_len) != FRAMES_OK || blob_len > sizeof saved)
        return fail("export_state failed");
    memcpy(saved, blob, blob_len);
    hand_to_push_thread(NULL);
    frames_engine_free(engine);

    printf("== 3. after a restart\n");
    engine = start_engine();
    /* The state first, the push thread second: see the comment at the top. */
    if (frames_engine_import_state(engine, saved, blob_len, now_ms(), wall) != FRAMES_OK)
        return fail("import_state failed");
    hand_to_push_thread(engine);
    request_pushes(1); /* sale-2, delivered again */
    if (run_until_shown(engine, 100)) return fail("sale-2 was shown twice");

    pthread_mutex_lock(&loop.lock);
    loop.quit = true;
    pthread_cond_broadcast(&loop.changed);
    pthread_mutex_unlock(&loop.lock);
    pthread_join(pusher, NULL);
    frames_engine_free(engine);
    printf("done\n");
    return 0;
}
