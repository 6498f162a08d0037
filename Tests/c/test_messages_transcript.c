/*
 * test_messages_transcript.c — modal messages through the C API, as a host
 * lives them (SPEC IM-01..IM-07, XC-03, XC-05, XC-10), compared as whole
 * callback transcripts, order included:
 *
 *   a push arrives in the background and waits; a newer one replaces it;
 *   the activation 5 hours later presents the newer one with its fonts
 *   resolved; the host confirms it; taps go through every branch of the
 *   click chain (the handler takes the link; the handler declines and the
 *   host can open it; a button without a link; referenced content fetched
 *   and checked on the way); the app restarts with the shown-once ledger
 *   exported and imported, so the first message is not shown again; a host
 *   without a click handler whose can_open_url says no; a message dismissed
 *   before it was ever displayed; and a logout that discards the waiting
 *   message.
 *
 * The referenced content is served by the scripted in-memory transport of
 * fake_backend.c (XC-01).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_backend.h"
#include "frames_test.h"
#include "recording_check.h"

#define H (3600 * 1000LL)
#define WALL0 1714550400000LL

/* --- the host ------------------------------------------------------------- */

static fb_transcript transcript;
static int wakeups;
static bool handler_answer;
static bool can_open_answer;
static int brand_font; /* its address is "the host's font object" */
static const uint8_t *saved_blob;
static uint8_t blob_copy[4096];
static size_t blob_len;

static void on_analytics(const frames_analytics_record *r, void *user_data) {
    char fields[512] = "";
    size_t i, used = 0;
    (void)user_data;
    for (i = 0; i < r->field_count; i++) {
        if (strcmp(r->fields[i].key, "message_id") == 0) continue;
        used += (size_t)snprintf(fields + used, sizeof fields - used, " %s=%s", r->fields[i].key, r->fields[i].value);
        if (used >= sizeof fields) break;
    }
    fb_line(&transcript, "t=%lld %s %s user=%s%s", (long long)r->time_ms, r->name,
            r->field_count > 0 ? r->fields[0].value : "-", r->user_id ? r->user_id : "-", fields);
}

static const char *font_text(const frames_message_text *t) {
    if (t->font_source == FRAMES_MESSAGE_FONT_SOURCE_RESOLVED)
        return t->host_font == &brand_font ? "brand font" : "unknown host font";
    return "system font";
}

static void on_present(const frames_message *m, void *user_data) {
    size_t i;
    (void)user_data;
    fb_line(&transcript, "present %s (%s/%s) sent=%lld arrived=%lld bg=#%08X", m->message_id,
            m->campaign_id ? m->campaign_id : "-", m->variant_id ? m->variant_id : "-", (long long)m->sent_at_ms,
            (long long)m->arrived_at_ms, (unsigned)m->background_rgba);
    if (m->title)
        fb_line(&transcript, "  title \"%s\" #%08X %s %g pt -> %s", m->title->text, (unsigned)m->title->color_rgba,
                m->title->font_name ? m->title->font_name : "-", m->title->font_size, font_text(m->title));
    if (m->body)
        fb_line(&transcript, "  body \"%s\" %s %g pt -> %s", m->body->text,
                m->body->font_name ? m->body->font_name : "-", m->body->font_size, font_text(m->body));
    if (m->image_url) fb_line(&transcript, "  image %s (%s)", m->image_url, m->image_alt ? m->image_alt : "-");
    for (i = 0; i < m->button_count; i++)
        fb_line(&transcript, "  button %u \"%s\" -> %s, %s", (unsigned)i, m->buttons[i].label.text,
                m->buttons[i].url ? m->buttons[i].url : "(no link)", font_text(&m->buttons[i].label));
}

static void on_close(const char *message_id, void *user_data) {
    (void)user_data;
    fb_line(&transcript, "close %s", message_id);
}

static bool on_link(const char *url, const char *message_id, void *user_data) {
    (void)user_data;
    fb_line(&transcript, "click handler %s (%s) -> %s", url, message_id, handler_answer ? "true" : "false");
    return handler_answer;
}

static bool on_can_open(const char *url, void *user_data) {
    (void)user_data;
    fb_line(&transcript, "can open %s -> %s", url, can_open_answer ? "true" : "false");
    return can_open_answer;
}

static bool on_open(const char *url, void *user_data) {
    (void)user_data;
    fb_line(&transcript, "open %s", url);
    return true;
}

static void *on_font(const char *name, double size, void *user_data) {
    (void)user_data;
    fb_line(&transcript, "font? %s %g", name, size);
    return strcmp(name, "Brand-Bold") == 0 ? &brand_font : NULL;
}

static void on_wakeup(void *user_data) {
    (void)user_data;
    wakeups++;
}

static void on_state_changed(void *user_data) {
    (void)user_data;
    fb_line(&transcript, "state changed");
}

/* --- pushes --------------------------------------------------------------- */

static char push_text[2048];

static const char *push(const char *id, long long sent_at, const char *extra) {
    snprintf(push_text, sizeof push_text,
             "{\"aps\":{\"content-available\":1},\"frames_message\":{\"id\":\"%s\",\"sent_at\":%lld%s,"
             "\"campaign_id\":\"spring_sale\",\"variant_id\":\"A\",\"content\":{"
             "\"image\":{\"url\":\"https://cdn.test/%s.png\",\"alt\":\"Flowers\"},"
             "\"title\":{\"text\":\"Title of %s\",\"color\":\"#1B5E20\",\"font\":{\"name\":\"Brand-Bold\",\"size\":22}},"
             "\"body\":{\"text\":\"Body of %s\",\"font\":{\"name\":\"Brand-Regular\",\"size\":15}},"
             "\"buttons\":[{\"label\":{\"text\":\"Shop\",\"font\":{\"name\":\"Brand-Bold\",\"size\":22}},"
             "\"url\":\"https://shop.test/%s\"},"
             "{\"label\":{\"text\":\"Offers\"},\"url\":\"myapp://offers\"},{\"label\":{\"text\":\"Later\"}}]}}}",
             id, sent_at, extra, id, id, id, id);
    return push_text;
}

static frames_notification_result hand(frames_engine *engine, const char *payload, int64_t now) {
    frames_notification_result result = -1;
    frames_result r = frames_messages_handle_notification(engine, (const uint8_t *)payload, strlen(payload), now, &result);
    fb_line(&transcript, "t=%lld notification -> %s (%s)", (long long)now, frames_notification_result_str(result),
            frames_result_str(r));
    return result;
}

/* Every engine of the story is recorded; each recording must replay. */
static ft_recording recording;

static frames_engine *new_engine(bool with_handler) {
    frames_engine_options o = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_messages_delegate messages = FRAMES_MESSAGES_DELEGATE_INIT;
    frames_engine *engine = NULL;
    host.analytics = on_analytics;
    host.open_url = on_open;
    host.state_changed = on_state_changed;
    host.message_wakeup = on_wakeup;
    host.can_open_url = on_can_open;
    host.resolve_font = with_handler ? on_font : NULL;
    messages.present = on_present;
    messages.close = on_close;
    messages.link_tapped = with_handler ? on_link : NULL;
    o.device_id = "device-1";
    ft_record_into(&o, &recording);
    CHECK_INT(frames_engine_new(&o, NULL, 0, &host, &engine), FRAMES_OK);
    CHECK_INT(frames_messages_set_delegate(engine, &messages), FRAMES_OK);
    return engine;
}

/* --- the story ------------------------------------------------------------ */

static const char expected_first_life[] =
    "t=1000 notification -> handled (ok)\n"
    "t=2000 notification -> handled (ok)\n"
    "t=2000 messages.discard m1 user=- reason=superseded\n"
    "font? Brand-Bold 22\n"
    "font? Brand-Regular 15\n"
    "present m2 (spring_sale/A) sent=1714550402000 arrived=2000 bg=#FFFFFFFF\n"
    "  title \"Title of m2\" #1B5E20FF Brand-Bold 22 pt -> brand font\n"
    "  body \"Body of m2\" Brand-Regular 15 pt -> system font\n"
    "  image https://cdn.test/m2.png (Flowers)\n"
    "  button 0 \"Shop\" -> https://shop.test/m2, brand font\n"
    "  button 1 \"Offers\" -> myapp://offers, system font\n"
    "  button 2 \"Later\" -> (no link), system font\n"
    "state changed\n"
    "t=18002000 messages.displayed m2 user=-\n"
    "t=18003000 messages.click m2 user=- button_index=0 url=https://shop.test/m2\n"
    "click handler https://shop.test/m2 (m2) -> true\n"
    "t=18004000 notification -> handled (ok)\n"
    "font? Brand-Bold 22\n"
    "font? Brand-Regular 15\n"
    "present m3 (spring_sale/A) sent=1714550403000 arrived=18004000 bg=#FFFFFFFF\n"
    "  title \"Title of m3\" #1B5E20FF Brand-Bold 22 pt -> brand font\n"
    "  body \"Body of m3\" Brand-Regular 15 pt -> system font\n"
    "  image https://cdn.test/m3.png (Flowers)\n"
    "  button 0 \"Shop\" -> https://shop.test/m3, brand font\n"
    "  button 1 \"Offers\" -> myapp://offers, system font\n"
    "  button 2 \"Later\" -> (no link), system font\n"
    "state changed\n"
    "t=18005000 messages.displayed m3 user=-\n"
    "t=18006000 messages.click m3 user=- button_index=0 url=https://shop.test/m3\n"
    "click handler https://shop.test/m3 (m3) -> false\n"
    "can open https://shop.test/m3 -> true\n"
    "open https://shop.test/m3\n"
    "t=18007000 notification -> handled (ok)\n"
    "font? Inter-SemiBold 20\n"
    "present msg-order-8841 (-/-) sent=1714600000000 arrived=18007000 bg=#FFFFFFFF\n"
    "  title \"Your order has shipped\" #111111FF Inter-SemiBold 20 pt -> system font\n"
    "  body \"Track it on its way to you.\" - 16 pt -> system font\n"
    "  button 0 \"Track\" -> shopandgo://orders/8841, system font\n"
    "state changed\n"
    "t=18008000 messages.displayed msg-order-8841 user=user-42\n"
    "t=18009000 messages.click msg-order-8841 user=user-42 button_index=0 url=shopandgo://orders/8841\n"
    "click handler shopandgo://orders/8841 (msg-order-8841) -> true\n";

static const char expected_second_life[] =
    "t=100 notification -> handled (ok)\n"
    "t=100 notification -> handled (ok)\n"
    "t=100 messages.discard m2 user=user-42 reason=already_shown\n"
    "present m4 (spring_sale/A) sent=1714550404000 arrived=100 bg=#FFFFFFFF\n"
    "  title \"Title of m4\" #1B5E20FF Brand-Bold 22 pt -> system font\n"
    "  body \"Body of m4\" Brand-Regular 15 pt -> system font\n"
    "  image https://cdn.test/m4.png (Flowers)\n"
    "  button 0 \"Shop\" -> https://shop.test/m4, system font\n"
    "  button 1 \"Offers\" -> myapp://offers, system font\n"
    "  button 2 \"Later\" -> (no link), system font\n"
    "state changed\n"
    "t=200 messages.displayed m4 user=user-42\n"
    "t=300 messages.click m4 user=user-42 button_index=1 url=myapp://offers\n"
    "can open myapp://offers -> false\n"
    "t=400 notification -> handled (ok)\n"
    "present m5 (spring_sale/A) sent=1714550405000 arrived=400 bg=#FFFFFFFF\n"
    "  title \"Title of m5\" #1B5E20FF Brand-Bold 22 pt -> system font\n"
    "  body \"Body of m5\" Brand-Regular 15 pt -> system font\n"
    "  image https://cdn.test/m5.png (Flowers)\n"
    "  button 0 \"Shop\" -> https://shop.test/m5, system font\n"
    "  button 1 \"Offers\" -> myapp://offers, system font\n"
    "  button 2 \"Later\" -> (no link), system font\n"
    "state changed\n"
    "t=500 messages.dismiss m5 user=user-42 displayed=false closed_by=user\n"
    "t=600 notification -> handled (ok)\n"
    "t=700 messages.discard m6 user=- reason=logout\n"
    "t=900 notification -> handled (ok)\n"
    "t=900 messages.discard m5 user=- reason=already_shown\n";

int main(void) {
    fb_backend backend;
    frames_engine *engine;
    int64_t deadline = 0;
    bool has = false;
    char content_ref[512], sha[65];
    const char *document = "{\"title\":{\"text\":\"Your order has shipped\",\"font\":{\"name\":\"Inter-SemiBold\",\"size\":20}},"
                           "\"body\":{\"text\":\"Track it on its way to you.\"},"
                           "\"buttons\":[{\"label\":{\"text\":\"Track\"},\"url\":\"shopandgo://orders/8841\"}]}";

    fb_init(&backend);
    fb_set_text(&backend, "https://cdn.test/messages/order-8841.json", 200, document);
    fb_sha256_hex(document, strlen(document), sha);
    snprintf(content_ref, sizeof content_ref,
             "{\"frames_message\":{\"id\":\"msg-order-8841\",\"sent_at\":1714600000000,\"user_id\":\"user-42\","
             "\"content_ref\":{\"url\":\"https://cdn.test/messages/order-8841.json\",\"sha256\":\"%s\"}}}", sha);

    ft_section("IM-01 IM-02 IM-03 IM-05 IM-06 IM-07 XC-03 XC-05", "one app life: background, newer, activation, taps");
    fb_transcript_clear(&transcript);
    engine = new_engine(true);
    CHECK_INT(frames_engine_set_app_state(engine, FRAMES_APP_STATE_BACKGROUND, 0), FRAMES_OK);

    /* IM-01, IM-03: a push in the background waits; the deadline says call in. */
    CHECK_INT(hand(engine, push("m1", WALL0 + 1000, ""), 1000), FRAMES_NOTIFICATION_RESULT_HANDLED);
    CHECK_INT(wakeups, 1);
    CHECK_INT(frames_engine_get_next_deadline(engine, &deadline, &has), FRAMES_OK);
    CHECK(has && deadline == 0); /* the latest time the engine knows: due now */
    CHECK_INT(frames_engine_on_timeout(engine, 1000), FRAMES_OK);
    /* IM-03: waiting now, with its 6-hour expiry timed. */
    CHECK_INT(frames_engine_get_next_deadline(engine, &deadline, &has), FRAMES_OK);
    CHECK(has && deadline == 1000 + 6 * H);

    /* IM-03: a newer one replaces it. */
    CHECK_INT(hand(engine, push("m2", WALL0 + 2000, ""), 2000), FRAMES_NOTIFICATION_RESULT_HANDLED);
    CHECK_INT(wakeups, 2);
    CHECK_INT(frames_engine_on_timeout(engine, 2000), FRAMES_OK);

    /* IM-02, IM-03, IM-07: active 5 h later: presented, fonts resolved. */
    CHECK_INT(frames_engine_set_app_state(engine, FRAMES_APP_STATE_ACTIVE, 2000 + 5 * H), FRAMES_OK);
    CHECK_INT(frames_message_report_displayed(engine, "m2", 2000 + 5 * H), FRAMES_OK);
    CHECK_INT(frames_message_report_displayed(engine, "m2", 2000 + 5 * H), FRAMES_OK); /* once */
    /* IM-06: the click handler takes the link. */
    handler_answer = true;
    CHECK_INT(frames_message_report_button_tapped(engine, "m2", 0, 3000 + 5 * H), FRAMES_OK);

    /* IM-06: the handler declines; the host can open it: opened. */
    hand(engine, push("m3", WALL0 + 3000, ""), 4000 + 5 * H);
    CHECK_INT(frames_engine_on_timeout(engine, 4000 + 5 * H), FRAMES_OK);
    CHECK_INT(frames_message_report_displayed(engine, "m3", 5000 + 5 * H), FRAMES_OK);
    handler_answer = false;
    can_open_answer = true;
    CHECK_INT(frames_message_report_button_tapped(engine, "m3", 3, 6000 + 5 * H), FRAMES_ERR_OUT_OF_RANGE);
    CHECK_INT(frames_message_report_button_tapped(engine, "m3", 0, 6000 + 5 * H), FRAMES_OK);

    /* IM-05: referenced content is fetched and checked (AF-14) first. */
    CHECK_INT(frames_engine_set_user(engine, "user-42", 6500 + 5 * H), FRAMES_OK);
    hand(engine, content_ref, 7000 + 5 * H);
    CHECK_INT(frames_engine_on_timeout(engine, 7000 + 5 * H), FRAMES_OK);
    CHECK_INT((int)fb_pump(&backend, engine, 7000 + 5 * H), 1);
    CHECK_INT(frames_message_report_displayed(engine, "msg-order-8841", 8000 + 5 * H), FRAMES_OK);
    handler_answer = true;
    CHECK_INT(frames_message_report_button_tapped(engine, "msg-order-8841", 0, 9000 + 5 * H), FRAMES_OK);
    CHECK_TEXT(transcript.text, expected_first_life);

    /* XC-10: the host stores the state and restarts. */
    CHECK_INT(frames_engine_export_state(engine, 10000 + 5 * H, WALL0 + 10000 + 5 * H, &saved_blob, &blob_len), FRAMES_OK);
    CHECK(blob_len > 0 && blob_len <= sizeof blob_copy);
    if (blob_len <= sizeof blob_copy) memcpy(blob_copy, saved_blob, blob_len);
    CHECK_INT(frames_engine_free(engine), FRAMES_OK);
    ft_check_replay(&recording, "the modal messages story");

    ft_section("IM-03 IM-05 IM-06 IM-07 XC-10", "after a restart: the ledger kept; no handler; dismissed; logout");
    fb_transcript_clear(&transcript);
    engine = new_engine(false);
    CHECK_INT(frames_engine_import_state(engine, blob_copy, blob_len, 50, WALL0 + 6 * H), FRAMES_OK);
    CHECK_INT(frames_engine_set_user(engine, "user-42", 60), FRAMES_OK);
    /* IM-03: m2 again (the push redelivered) is not shown again. */
    hand(engine, push("m2", WALL0 + 2000, ""), 100);
    hand(engine, push("m4", WALL0 + 4000, ""), 100);
    CHECK_INT(frames_engine_on_timeout(engine, 100), FRAMES_OK);
    CHECK_INT(frames_message_report_displayed(engine, "m4", 200), FRAMES_OK);
    /* IM-06: no click handler, and the host cannot open myapp://: not opened. */
    can_open_answer = false;
    CHECK_INT(frames_message_report_button_tapped(engine, "m4", 1, 300), FRAMES_OK);
    /* IM-05: dismissed before it was displayed: not counted, not shown again. */
    hand(engine, push("m5", WALL0 + 5000, ""), 400);
    CHECK_INT(frames_engine_on_timeout(engine, 400), FRAMES_OK);
    CHECK_INT(frames_message_report_dismissed(engine, "m5", 500), FRAMES_OK);
    CHECK_INT(frames_message_report_dismissed(engine, "m5", 550), FRAMES_ERR_NOT_FOUND);
    /* IM-03: logout discards the waiting message. */
    CHECK_INT(frames_engine_set_app_state(engine, FRAMES_APP_STATE_BACKGROUND, 550), FRAMES_OK);
    hand(engine, push("m6", WALL0 + 6000, ""), 600);
    CHECK_INT(frames_engine_set_user(engine, NULL, 700), FRAMES_OK);
    CHECK_INT(frames_engine_set_app_state(engine, FRAMES_APP_STATE_ACTIVE, 800), FRAMES_OK);
    hand(engine, push("m5", WALL0 + 7000, ""), 900);
    CHECK_INT(frames_engine_on_timeout(engine, 900), FRAMES_OK);
    CHECK_TEXT(transcript.text, expected_second_life);
    CHECK(!transcript.overflow);

    CHECK_INT(frames_engine_free(engine), FRAMES_OK);
    ft_check_replay(&recording, "the modal messages story");
    fb_free(&backend);
    return ft_finish("test_messages_transcript");
}
