/*
 * test_messages_notifications.c — frames_messages_handle_notification, the one
 * engine call allowed from any thread (SPEC IM-01, XC-02, XC-07, XC-08,
 * XC-09): what each kind of payload gives, the limits at cap - 1, cap and
 * cap + 1, the inbox's bound, the wake-up callback, the next deadline, the
 * calls from other threads and after the engine is freed, and what the
 * owner-thread message calls refuse.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frames_test.h"
#include "recording_check.h"

static int wakeups;
static int presented;
static frames_engine *wakeup_frees; /* when set, the wake-up tries to free it */
static frames_result free_from_wakeup = 1;

static void on_wakeup(void *user_data) {
    (void)user_data;
    wakeups++;
    if (wakeup_frees) free_from_wakeup = frames_engine_free(wakeup_frees);
}

static void on_present(const frames_message *m, void *user_data) {
    (void)m;
    (void)user_data;
    presented++;
}

/* The names of the analytics records, one per line. */
static char records[1024];

static void on_analytics(const frames_analytics_record *r, void *user_data) {
    size_t len = strlen(records);
    (void)user_data;
    snprintf(records + len, sizeof records - len, "%s\n", r->name);
}

/* The engine is recorded: pushes from other threads, refused ones and the
 * wake-up included; its recording must replay (XC-12, XC-13). */
static ft_recording recording;

static frames_engine *new_engine(void) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_messages_delegate messages = FRAMES_MESSAGES_DELEGATE_INIT;
    frames_engine *engine = NULL;
    host.message_wakeup = on_wakeup;
    host.analytics = on_analytics;
    messages.present = on_present;
    ft_record_into(&options, &recording);
    CHECK_INT(frames_engine_new(&options, NULL, 0, &host, &engine), FRAMES_OK);
    CHECK_INT(frames_messages_set_delegate(engine, &messages), FRAMES_OK);
    return engine;
}

static frames_result hand(frames_engine *engine, const char *payload, size_t len, int64_t now,
                          frames_notification_result *result) {
    *result = -1;
    return frames_messages_handle_notification(engine, (const uint8_t *)payload, len, now, result);
}

static const char message[] =
    "{\"frames_message\":{\"id\":\"m1\",\"sent_at\":1,\"content\":{\"title\":{\"text\":\"Hi\"}}}}";

/* A message padded with spaces to exactly `size` bytes (JSON allows them). */
static char *padded(size_t size) {
    char *text = malloc(size + 1);
    size_t base = strlen(message);
    if (!text) return NULL;
    memcpy(text, message, base);
    memset(text + base, ' ', size - base);
    text[size] = '\0';
    return text;
}

/* --- another thread hands in ---------------------------------------------- */

typedef struct {
    frames_engine *engine;
    frames_result r;
    frames_notification_result result;
    frames_result owner_call;
} from_thread;

static void *hand_from_thread(void *arg) {
    from_thread *t = arg;
    char payload[256];
    snprintf(payload, sizeof payload,
             "{\"frames_message\":{\"id\":\"from-thread\",\"sent_at\":5,\"content\":{\"title\":{\"text\":\"T\"}}}}");
    t->r = frames_messages_handle_notification(t->engine, (const uint8_t *)payload, strlen(payload), 10, &t->result);
    /* Every other engine call stays with the owner thread (XC-02). */
    t->owner_call = frames_message_report_displayed(t->engine, "from-thread", 10);
    return NULL;
}

int main(void) {
    frames_engine *engine = new_engine();
    frames_notification_result result;
    int64_t deadline = 0;
    bool has = true;
    char *text;
    int i;

    ft_section("IM-01", "what a payload is: handled, not a message, malformed, too large, newer engine");
    CHECK_INT(hand(engine, message, strlen(message), 5, &result), FRAMES_OK);
    CHECK_INT(result, FRAMES_NOTIFICATION_RESULT_HANDLED);
    CHECK_INT(hand(engine, "{\"aps\":{\"content-available\":1}}", 31, 5, &result), FRAMES_OK);
    CHECK_INT(result, FRAMES_NOTIFICATION_RESULT_NOT_A_MESSAGE);
    CHECK_INT(hand(engine, "[]", 2, 5, &result), FRAMES_OK);
    CHECK_INT(result, FRAMES_NOTIFICATION_RESULT_NOT_A_MESSAGE);
    CHECK_INT(hand(engine, "{\"frames_message\":{\"id\":\"m\"}}", 29, 5, &result), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_INT(result, FRAMES_NOTIFICATION_RESULT_MALFORMED);
    CHECK(ft_mentions(frames_error_last_message(), "sent_at"));
    CHECK_INT(hand(engine, "{\"frames_message\":{\"id\"", 24, 5, &result), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_INT(result, FRAMES_NOTIFICATION_RESULT_MALFORMED); /* claims to be ours, cut short */
    text = "{\"frames_message\":{\"id\":\"v9\",\"sent_at\":1,\"min_engine_version\":\"9.0.0\","
           "\"content\":{\"title\":{\"text\":\"x\"}}}}";
    CHECK_INT(hand(engine, text, strlen(text), 5, &result), FRAMES_ERR_VERSION);
    CHECK_INT(result, FRAMES_NOTIFICATION_RESULT_NEEDS_NEWER_ENGINE);
    CHECK(ft_mentions(frames_error_last_message(), "9.0.0"));

    ft_section("IM-01", "a push that does not claim to be a message is none, not an error: empty, not JSON, bad UTF-8, huge");
    {
#define OTHER(what, bytes) { what, bytes, sizeof bytes - 1 }
        static const struct { const char *what; const char *bytes; size_t len; } others[] = {
            OTHER("empty", ""),
            OTHER("cut-off JSON of another SDK", "{\"frames"),
            OTHER("plain text", "hello"),
            OTHER("invalid UTF-8", "{\"a\xc3\x28\":1}"),
            OTHER("binary", "\x0a\x05hello\x10\x01"),
        };
#undef OTHER
        size_t k;
        for (k = 0; k < sizeof others / sizeof others[0]; k++) {
            result = 77;
            if (hand(engine, others[k].bytes, others[k].len, 5, &result) != FRAMES_OK
                || result != FRAMES_NOTIFICATION_RESULT_NOT_A_MESSAGE)
                ft_fail(__FILE__, __LINE__, others[k].what, frames_error_last_message());
        }
        result = 77;
        CHECK_INT(frames_messages_handle_notification(engine, NULL, 0, 5, &result), FRAMES_OK);
        CHECK_INT(result, FRAMES_NOTIFICATION_RESULT_NOT_A_MESSAGE);
        text = malloc(40000);
        CHECK(text != NULL);
        if (text) {
            memset(text, 'x', 40000);
            result = 77;
            CHECK_INT(hand(engine, text, 40000, 5, &result), FRAMES_OK); /* someone else's large push */
            CHECK_INT(result, FRAMES_NOTIFICATION_RESULT_NOT_A_MESSAGE);
            memcpy(text + 20000, "\"frames_message\"", 16);
            CHECK_INT(hand(engine, text, 40000, 5, &result), FRAMES_ERR_INVALID_ARGUMENT);
            CHECK_INT(result, FRAMES_NOTIFICATION_RESULT_TOO_LARGE);
            free(text);
        }
        CHECK_INT(wakeups, 1); /* none of them was queued: only m1 woke the owner */
    }

    ft_section("IM-01 XC-07", "16,384 bytes: cap - 1 and cap are read, cap + 1 is too large");
    for (i = -1; i <= 1; i++) {
        size_t size = (size_t)(16384 + i);
        text = padded(size);
        CHECK(text != NULL);
        if (!text) continue;
        CHECK_INT(hand(engine, text, size, 5, &result), i <= 0 ? FRAMES_OK : FRAMES_ERR_INVALID_ARGUMENT);
        CHECK_INT(result, i <= 0 ? FRAMES_NOTIFICATION_RESULT_HANDLED : FRAMES_NOTIFICATION_RESULT_TOO_LARGE);
        free(text);
    }
    CHECK(strcmp(frames_error_last_message(), "the notification is 16385 bytes; the limit is 16384 bytes") == 0);

    ft_section("IM-01 XC-07 XC-08", "arguments: NULL out_result, NULL payload, NULL and stale handles write nothing");
    result = 77;
    CHECK_INT(frames_messages_handle_notification(engine, (const uint8_t *)message, strlen(message), 5, NULL),
              FRAMES_ERR_NULL_POINTER);
    CHECK_INT(frames_messages_handle_notification(engine, NULL, 3, 5, &result), FRAMES_ERR_NULL_POINTER);
    CHECK_INT(result, 77);
    CHECK_INT(frames_messages_handle_notification(NULL, (const uint8_t *)message, strlen(message), 5, &result),
              FRAMES_ERR_INVALID_HANDLE);
    CHECK_INT(result, 77);
    CHECK(strcmp(frames_notification_result_str(FRAMES_NOTIFICATION_RESULT_HANDLED), "handled") == 0);
    CHECK(strcmp(frames_notification_result_str(FRAMES_NOTIFICATION_RESULT_NOT_A_MESSAGE), "not an in-app message") == 0);
    CHECK(strcmp(frames_notification_result_str(FRAMES_NOTIFICATION_RESULT_INBOX_FULL), "inbox full") == 0);
    CHECK(strcmp(frames_notification_result_str(42), "unknown notification result") == 0);

    ft_section("IM-01", "one wake-up per empty inbox; the deadline is due while the inbox holds anything");
    /* Three handled so far (m1 and two padded copies), one wake-up. */
    CHECK_INT(wakeups, 1);
    CHECK_INT(frames_engine_get_next_deadline(engine, &deadline, &has), FRAMES_OK);
    CHECK(has && deadline == 5);
    CHECK_INT(frames_engine_on_timeout(engine, 20), FRAMES_OK);
    CHECK_INT(presented, 1); /* m1 once: the copies are duplicates */
    CHECK_INT(frames_engine_get_next_deadline(engine, &deadline, &has), FRAMES_OK);
    CHECK(!has);
    CHECK_INT(hand(engine, message, strlen(message), 30, &result), FRAMES_OK);
    CHECK_INT(wakeups, 2);
    CHECK_INT(frames_engine_get_next_deadline(engine, &deadline, &has), FRAMES_OK);
    CHECK(has && deadline == 20); /* arrived at 30, but the engine knows 20: due now either way */
    CHECK_INT(frames_engine_on_timeout(engine, 30), FRAMES_OK);

    ft_section("IM-01 XC-07", "the inbox holds 1,000 messages: the 1,001st is refused with a reason");
    CHECK_INT(frames_message_report_dismissed(engine, "m1", 40), FRAMES_OK);
    CHECK_INT(frames_engine_set_app_state(engine, FRAMES_APP_STATE_BACKGROUND, 40), FRAMES_OK);
    for (i = 0; i < 1000; i++) {
        char payload[160];
        snprintf(payload, sizeof payload,
                 "{\"frames_message\":{\"id\":\"fill-%d\",\"sent_at\":%d,\"content\":{\"title\":{\"text\":\"x\"}}}}", i, i);
        if (hand(engine, payload, strlen(payload), 50, &result) != FRAMES_OK) break;
    }
    CHECK_INT(i, 1000);
    CHECK_INT(hand(engine, message, strlen(message), 50, &result), FRAMES_ERR_INVALID_STATE);
    CHECK_INT(result, FRAMES_NOTIFICATION_RESULT_INBOX_FULL);
    CHECK(ft_mentions(frames_error_last_message(), "1000"));
    CHECK_INT(frames_engine_on_timeout(engine, 60), FRAMES_OK); /* picks all up: the newest waits */
    CHECK_INT(hand(engine, message, strlen(message), 60, &result), FRAMES_OK);
    CHECK_INT(frames_engine_set_app_state(engine, FRAMES_APP_STATE_ACTIVE, 70), FRAMES_OK);
    CHECK_INT(presented, 2); /* fill-999, the newest; m1 was shown before */

    ft_section("IM-01 XC-02", "another thread may hand in; every other message call stays with the owner");
    {
        from_thread t;
        pthread_t thread;
        t.engine = engine;
        CHECK_INT(pthread_create(&thread, NULL, hand_from_thread, &t), 0);
        CHECK_INT(pthread_join(thread, NULL), 0);
        CHECK_INT(t.r, FRAMES_OK);
        CHECK_INT(t.result, FRAMES_NOTIFICATION_RESULT_HANDLED);
        CHECK_INT(t.owner_call, FRAMES_ERR_WRONG_THREAD);
        CHECK_INT(frames_message_report_dismissed(engine, "fill-999", 80), FRAMES_OK);
        CHECK_INT(frames_engine_on_timeout(engine, 80), FRAMES_OK);
        CHECK_INT(presented, 3);
    }

    ft_section("IM-05 IM-06 XC-07", "owner-thread message calls refuse what does not fit, and change nothing");
    CHECK_INT(frames_message_report_displayed(engine, NULL, 90), FRAMES_ERR_NULL_POINTER);
    CHECK_INT(frames_message_report_displayed(engine, "", 90), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_INT(frames_message_report_displayed(engine, "\xff\xfe", 90), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_INT(frames_message_report_displayed(engine, "other", 90), FRAMES_ERR_NOT_FOUND);
    CHECK(ft_mentions(frames_error_last_message(), "from-thread"));
    CHECK_INT(frames_message_report_displayed(engine, "from-thread", 90), FRAMES_OK);
    CHECK_INT(frames_message_report_button_tapped(engine, "from-thread", (size_t)-1, 90), FRAMES_ERR_OUT_OF_RANGE);
    CHECK_INT(frames_message_report_button_tapped(engine, "from-thread", 0, 90), FRAMES_ERR_OUT_OF_RANGE);
    CHECK_INT(frames_message_report_button_tapped(NULL, "from-thread", 0, 90), FRAMES_ERR_INVALID_HANDLE);
    CHECK_INT(frames_message_report_dismissed(engine, NULL, 90), FRAMES_ERR_NULL_POINTER);
    CHECK_INT(frames_message_report_dismissed(engine, "from-thread", 95), FRAMES_OK);

    ft_section("IM-05 IM-06", "a tap before the confirmation counts: displayed, the click, closed; the next one follows");
    {
        static const char buttons[] =
            "{\"frames_message\":{\"id\":\"tap-first\",\"sent_at\":50,\"content\":{\"title\":{\"text\":\"T\"},"
            "\"buttons\":[{\"label\":{\"text\":\"OK\"}}]}}}";
        static const char next[] =
            "{\"frames_message\":{\"id\":\"next\",\"sent_at\":60,\"content\":{\"title\":{\"text\":\"N\"}}}}";
        int before = presented;
        CHECK_INT(hand(engine, buttons, strlen(buttons), 96, &result), FRAMES_OK);
        CHECK_INT(frames_engine_on_timeout(engine, 96), FRAMES_OK);
        CHECK_INT(hand(engine, next, strlen(next), 97, &result), FRAMES_OK);
        CHECK_INT(frames_engine_on_timeout(engine, 97), FRAMES_OK);
        CHECK_INT(presented, before + 1); /* "next" waits behind the one on screen */
        records[0] = '\0';
        CHECK_INT(frames_message_report_button_tapped(engine, "tap-first", 0, 98), FRAMES_OK);
        CHECK_STR(records, "messages.displayed\nmessages.click\n");
        CHECK_INT(presented, before + 2); /* closed by the tap: "next" is presented */
        CHECK_INT(frames_message_report_displayed(engine, "tap-first", 99), FRAMES_ERR_NOT_FOUND);
        CHECK_INT(frames_message_report_dismissed(engine, "next", 99), FRAMES_OK);
    }

    ft_section("IM-01 XC-07", "the wake-up callback cannot free its engine; a freed engine refuses hand-ins");
    wakeup_frees = engine;
    CHECK_INT(hand(engine, message, strlen(message), 100, &result), FRAMES_OK);
    CHECK_INT(free_from_wakeup, FRAMES_ERR_INVALID_STATE);
    wakeup_frees = NULL;
    CHECK_INT(frames_engine_free(engine), FRAMES_OK);
    CHECK_INT(hand(engine, message, strlen(message), 110, &result), FRAMES_ERR_INVALID_HANDLE);
    CHECK_INT(result, -1); /* hand() set it: nothing was written */
    CHECK_INT(frames_message_report_displayed(engine, "m1", 110), FRAMES_ERR_INVALID_HANDLE);
    ft_section("XC-12 XC-13", "the engine's recording replays identically");
    ft_check_replay(&recording, "the notifications engine");
    return ft_finish("test_messages_notifications");
}
