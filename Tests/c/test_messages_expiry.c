/*
 * test_messages_expiry.c — the 6-hour limit of a modal message that waits
 * in the background (SPEC IM-03), at its boundary, through the C API: a
 * message that arrived at T is presented at an activation before T + 6 h
 * and discarded as expired at T + 6 h exactly ("6 hours or longer" is too
 * old), whichever way the engine meets that instant:
 *
 *   - the activation itself, with no on_timeout before it (the host's loop
 *     slept through the expiry deadline, or activation came first): the
 *     check in presentIfPossible,
 *     Sources/FramesCore/Messages/ModalMessagesController+Presentation.swift;
 *   - the expiry timer, at on_timeout(T + 6 h);
 *   - the pick-up, when the owner thread first calls in at T + 6 h: the
 *     check in refusal(of:),
 *     Sources/FramesCore/Messages/ModalMessagesController+Arrivals.swift.
 *
 * The outcome is read as a host sees it: whether the messages delegate's
 * present was called and the "messages.discard" analytics record with its
 * reason.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fake_backend.h"
#include "frames_test.h"
#include "recording_check.h"

#define SIX_HOURS (6 * 3600 * 1000LL)
/* The arrival time T: not 0, so an age mistaken for a time would show. */
#define T 1000LL

static fb_transcript transcript;

static void on_analytics(const frames_analytics_record *r, void *user_data) {
    size_t i;
    (void)user_data;
    for (i = 0; i < r->field_count; i++)
        if (strcmp(r->fields[i].key, "reason") == 0)
            fb_line(&transcript, "t=%lld %s reason=%s", (long long)r->time_ms, r->name, r->fields[i].value);
}

static void on_present(const frames_message *m, void *user_data) {
    (void)user_data;
    fb_line(&transcript, "present %s", m->message_id);
}

static const char push[] =
    "{\"aps\":{\"content-available\":1},"
    "\"frames_message\":{\"id\":\"m1\",\"sent_at\":1714550400000,\"content\":{\"title\":{\"text\":\"Hi\"}}}}";

/* Every engine is recorded; free_engine replays its recording (XC-12, XC-13). */
static ft_recording recording;

/* An engine with the recording host and messages delegate. */
static frames_engine *new_engine(void) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_messages_delegate messages = FRAMES_MESSAGES_DELEGATE_INIT;
    frames_engine *engine = NULL;
    host.analytics = on_analytics;
    messages.present = on_present;
    ft_record_into(&options, &recording);
    CHECK_RESULT(frames_engine_new(&options, NULL, 0, &host, &engine), FRAMES_OK);
    CHECK_RESULT(frames_messages_set_delegate(engine, &messages), FRAMES_OK);
    return engine;
}

static void free_engine(frames_engine *engine) {
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    ft_section("XC-12 XC-13", "the engine's recording replays identically");
    ft_check_replay(&recording, "an expiry engine");
}

/* An engine in the background holding m1, which arrived at T and was
 * picked up by the owner thread at T (so it waits, its expiry timed), and an
 * empty transcript. */
static frames_engine *waiting_since_t(void) {
    frames_engine *engine = new_engine();
    frames_notification_result result = -1;
    CHECK_RESULT(frames_engine_set_app_state(engine, FRAMES_APP_STATE_BACKGROUND, 0), FRAMES_OK);
    CHECK_RESULT(frames_messages_handle_notification(engine, (const uint8_t *)push, strlen(push), T, &result),
                 FRAMES_OK);
    CHECK_INT(result, FRAMES_NOTIFICATION_RESULT_HANDLED);
    CHECK_RESULT(frames_engine_on_timeout(engine, T), FRAMES_OK);
    fb_transcript_clear(&transcript);
    return engine;
}

static void test_activation_just_before_six_hours_presents(void) {
    frames_engine *engine = waiting_since_t();
    ft_section("IM-03", "waiting since T, activated at T + 6 h - 1 ms: presented");
    CHECK_RESULT(frames_engine_set_app_state(engine, FRAMES_APP_STATE_ACTIVE, T + SIX_HOURS - 1), FRAMES_OK);
    CHECK_TEXT(transcript.text, "present m1\n");
    free_engine(engine);
}

/* The expiry timer is due at the same instant, but timers fire only in
 * on_timeout: a host may well activate first, so the activation must apply
 * the limit itself. */
static void test_activation_at_six_hours_discards(void) {
    frames_engine *engine = waiting_since_t();
    int64_t deadline = 0;
    bool has = false;
    ft_section("IM-03", "waiting since T, activated at exactly T + 6 h with no on_timeout first: discarded as expired, not presented");
    CHECK_RESULT(frames_engine_get_next_deadline(engine, &deadline, &has), FRAMES_OK);
    CHECK(has);
    CHECK_INT(deadline, T + SIX_HOURS);
    CHECK_RESULT(frames_engine_set_app_state(engine, FRAMES_APP_STATE_ACTIVE, T + SIX_HOURS), FRAMES_OK);
    CHECK_TEXT(transcript.text, "t=21601000 messages.discard reason=expired\n");
    CHECK_RESULT(frames_engine_get_next_deadline(engine, &deadline, &has), FRAMES_OK);
    CHECK(!has);
    free_engine(engine);
}

static void test_expiry_timer_at_six_hours_discards(void) {
    frames_engine *engine = waiting_since_t();
    ft_section("IM-03", "waiting since T: on_timeout at T + 6 h - 1 ms keeps it; at T + 6 h it is discarded; a later activation presents nothing");
    CHECK_RESULT(frames_engine_on_timeout(engine, T + SIX_HOURS - 1), FRAMES_OK);
    CHECK_TEXT(transcript.text, "");
    CHECK_RESULT(frames_engine_on_timeout(engine, T + SIX_HOURS), FRAMES_OK);
    CHECK_TEXT(transcript.text, "t=21601000 messages.discard reason=expired\n");
    CHECK_RESULT(frames_engine_set_app_state(engine, FRAMES_APP_STATE_ACTIVE, T + SIX_HOURS), FRAMES_OK);
    CHECK_TEXT(transcript.text, "t=21601000 messages.discard reason=expired\n");
    free_engine(engine);
}

/* A host whose loop slept in the background calls in hours after the push.
 * A message already 6 hours old then must not wait (nor leave a deadline
 * that is due at once): it is discarded in the call that picks it up. */
static void test_picked_up_at_six_hours_discards(void) {
    frames_engine *engine;
    frames_notification_result result = -1;
    int64_t deadline = 0;
    bool has = true;
    ft_section("IM-03", "arrived at T, first picked up at exactly T + 6 h (app inactive): discarded then; nothing waits");
    engine = new_engine();
    CHECK_RESULT(frames_engine_set_app_state(engine, FRAMES_APP_STATE_BACKGROUND, 0), FRAMES_OK);
    CHECK_RESULT(frames_messages_handle_notification(engine, (const uint8_t *)push, strlen(push), T, &result),
                 FRAMES_OK);
    fb_transcript_clear(&transcript);
    CHECK_RESULT(frames_engine_set_app_state(engine, FRAMES_APP_STATE_INACTIVE, T + SIX_HOURS), FRAMES_OK);
    CHECK_TEXT(transcript.text, "t=21601000 messages.discard reason=expired\n");
    CHECK_RESULT(frames_engine_get_next_deadline(engine, &deadline, &has), FRAMES_OK);
    CHECK(!has);
    CHECK_RESULT(frames_engine_set_app_state(engine, FRAMES_APP_STATE_ACTIVE, T + SIX_HOURS), FRAMES_OK);
    CHECK_TEXT(transcript.text, "t=21601000 messages.discard reason=expired\n");
    free_engine(engine);
}

int main(void) {
    test_activation_just_before_six_hours_presents();
    test_activation_at_six_hours_discards();
    test_expiry_timer_at_six_hours_discards();
    test_picked_up_at_six_hours_discards();
    return ft_finish("test_messages_expiry");
}
