/*
 * fuzz_message — modal message payloads (IM-01, IM-05..IM-07). One input is
 * used twice:
 *   1. as a notification: frames_messages_handle_notification(bytes), then the
 *      owner picks it up; whatever is presented is read in full, confirmed
 *      and tapped (a button chosen by the input's length) or dismissed; the
 *      same bytes are handed in again (shown once: never presented twice),
 *      in the background, and the state blob round-trips;
 *   2. as a referenced content document: a notification whose content_ref
 *      carries the SHA-256 of the bytes (so the checksum passes and the
 *      content decoder is reached), the content GET answered with the bytes.
 * The result of handle_notification must be documented, and written exactly
 * when the payload was read; _MALFORMED and _TOO_LARGE only for bytes that
 * contain "frames_message" (IM-01); a presented message must be whole: its strings
 * readable, its fonts consistent, its buttons as many as it says.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

#define CONTENT_URL "https://cdn.test/messages/fz.json"

typedef struct ctx {
    const uint8_t *body;
    size_t len;
    char shown[300];
    size_t buttons;
    int presented;
    int font;
} ctx;

static ctx c;

static void present(const frames_message *m, void *user_data) {
    (void)user_data;
    fz_assert(c.shown[0] == '\0', "IM-04: %s presented while %s is on screen", m->message_id, c.shown);
    fz_read_message(m, &c.font);
    snprintf(c.shown, sizeof c.shown, "%s", m->message_id);
    c.buttons = m->button_count;
    c.presented++;
}

static void *resolve_font(const char *name, double size, void *user_data) {
    (void)user_data;
    (void)size;
    return strlen(name) % 2 == 0 ? &c.font : NULL;
}

static bool link_tapped(const char *url, const char *message_id, void *user_data) {
    (void)user_data;
    (void)strlen(message_id);
    return strlen(url) % 3 == 0;
}

static bool can_open_url(const char *url, void *user_data) {
    (void)user_data;
    return strlen(url) % 2 == 0;
}

static bool open_url(const char *url, void *user_data) {
    (void)user_data;
    (void)strlen(url);
    return true;
}

static void close_message(const char *message_id, void *user_data) {
    (void)user_data;
    fz_assert(strcmp(message_id, c.shown) == 0, "closed %s while %s is on screen", message_id, c.shown);
    c.shown[0] = '\0';
}

static void answer(frames_engine *engine, const frames_request *request, int64_t now, void *user) {
    ctx *x = (ctx *)user;
    fz_assert(strcmp(request->method, "GET") == 0, "request %s %s", request->method, request->url);
    /* The reference of step 2 gets the bytes; any other URL a fuzzed
     * content_ref names gets them too (its checksum then decides). */
    fz_check(frames_engine_complete_request(engine, request->id, 200, NULL, NULL, 0, x->body, x->len, now));
}

/* Hands `payload` in; the result must be documented and written exactly
 * when the payload was read, and _MALFORMED / _TOO_LARGE only for a payload
 * that claims to be a message (IM-01, fz_claims_message). Returns whether it
 * was handled. */
static bool hand(frames_engine *engine, const uint8_t *payload, size_t len, int64_t now) {
    frames_notification_result result = -7;
    frames_result rc = fz_check(frames_messages_handle_notification(engine, payload, len, now, &result));
    fz_check_notification(rc, result, payload, len, false);
    return result == FRAMES_NOTIFICATION_RESULT_HANDLED;
}

/* Closes what is on screen: a tap (after the confirmation) or a dismissal. */
static void close_shown(frames_engine *engine, int64_t now, size_t choice) {
    char id[300];
    if (!c.shown[0]) return;
    snprintf(id, sizeof id, "%s", c.shown);
    c.shown[0] = '\0';
    fz_expect(frames_message_report_displayed(engine, id, now), FRAMES_OK);
    fz_expect(frames_message_report_displayed(engine, id, now), FRAMES_OK);
    if (c.buttons > 0 && choice % 3 != 0) {
        fz_expect(frames_message_report_button_tapped(engine, id, c.buttons, now), FRAMES_ERR_OUT_OF_RANGE);
        fz_expect(frames_message_report_button_tapped(engine, id, choice % c.buttons, now), FRAMES_OK);
    } else {
        fz_expect(frames_message_report_dismissed(engine, id, now), FRAMES_OK);
    }
    fz_expect(frames_message_report_dismissed(engine, id, now), FRAMES_ERR_NOT_FOUND);
}

static frames_engine *new_engine(const frames_host_callbacks *host, const frames_messages_delegate *messages) {
    frames_engine *engine = fz_engine_new(host);
    fz_expect(frames_messages_set_delegate(engine, messages), FRAMES_OK);
    return engine;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    fz_init_environment();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_messages_delegate messages = FRAMES_MESSAGES_DELEGATE_INIT;
    frames_engine *engine;
    int64_t now = 1000;
    uint8_t *body = fz_copy(data, size);
    char sha[65], reference[512];
    const uint8_t *blob = NULL;
    size_t blob_len = 0;
    uint8_t *saved;
    int presented;

    memset(&c, 0, sizeof c);
    c.body = body;
    c.len = size;
    messages.present = present;
    messages.close = close_message;
    messages.link_tapped = link_tapped;
    host.can_open_url = can_open_url;
    host.open_url = open_url;
    host.resolve_font = resolve_font;
    engine = new_engine(&host, &messages);

    /* 1. The bytes as a notification. */
    if (hand(engine, body, size, now)) {
        fz_expect(frames_engine_on_timeout(engine, now), FRAMES_OK);
        fz_settle(engine, &now, answer, &c, 4); /* a content_ref of its own */
        close_shown(engine, now + 1, size);
        /* IM-03: the same message again is never presented twice, also
         * after a background. */
        fz_assert(hand(engine, body, size, now + 2), "the same bytes were not handled the second time");
        fz_expect(frames_engine_on_timeout(engine, now + 2), FRAMES_OK);
        fz_expect(frames_engine_set_app_state(engine, FRAMES_APP_STATE_BACKGROUND, now + 3), FRAMES_OK);
        hand(engine, body, size, now + 4);
        fz_expect(frames_engine_on_timeout(engine, now + 5), FRAMES_OK);
        fz_expect(frames_engine_set_app_state(engine, FRAMES_APP_STATE_ACTIVE, now + 6), FRAMES_OK);
        fz_settle(engine, &now, answer, &c, 4);
        fz_assert(c.presented <= 1, "IM-03: one message presented %d times", c.presented);
        close_shown(engine, now + 7, size + 1);
    }

    /* XC-10: the ledger goes into a new engine, as after a restart. */
    fz_expect(frames_engine_export_state(engine, now + 7, 1700000000000LL, &blob, &blob_len), FRAMES_OK);
    saved = fz_copy(blob, blob_len);
    fz_expect(frames_engine_free(engine), FRAMES_OK);
    memset(c.shown, 0, sizeof c.shown);
    engine = new_engine(&host, &messages);
    fz_expect(frames_engine_import_state(engine, saved, blob_len, now + 8, 1700000000001LL), FRAMES_OK);
    free(saved);
    presented = c.presented;
    if (hand(engine, body, size, now + 9)) {
        fz_expect(frames_engine_on_timeout(engine, now + 9), FRAMES_OK);
        fz_assert(presented == 0 || c.presented == presented, "IM-03: presented again after a restart");
        close_shown(engine, now + 9, size);
    }

    /* 2. The bytes as a referenced content document. */
    fz_sha256_hex(body, size, sha);
    snprintf(reference, sizeof reference,
             "{\"frames_message\":{\"id\":\"fz-ref\",\"sent_at\":1,\"content_ref\":{\"url\":\"%s\",\"sha256\":\"%s\"}}}",
             CONTENT_URL, sha);
    fz_expect(frames_engine_free(engine), FRAMES_OK);
    engine = new_engine(&host, &messages);
    presented = c.presented;
    fz_assert(hand(engine, (const uint8_t *)reference, strlen(reference), now + 10), "the reference was not handled");
    fz_settle(engine, &now, answer, &c, 4);
    fz_trace("reference: %s", c.presented > presented ? "presented" : "not presented");
    close_shown(engine, now + 20, size / 2);

    fz_expect(frames_engine_free(engine), FRAMES_OK);
    free(body);
    frames_error_clear();
    return 0;
}
