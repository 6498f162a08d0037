/*
 * test_inline_transcript.c — a full inline screen from C, as one transcript
 * (IL-01..IL-09, XC-10): two views sharing a placement key show the same
 * automatic campaign (one display towards its capping), an event replaces it
 * in both with a higher-priority campaign, the content's customMethod makes a
 * round trip, the content closes itself, and after a restart — a new engine
 * with the exported state — the capped campaign stays capped while the event
 * campaign still shows.
 */
#include <string.h>

#include "frames_test.h"
#include "inline_harness.h"
#include "recording_check.h"

/* Frees the world and replays its engine's recording (XC-12, XC-13). */
static void end_world(ih_world *w) {
    ih_free(w);
    ft_section("XC-12 XC-13", "the engine's recording replays identically");
    ft_check_replay(&w->recording, "test_inline_transcript");
}

static void script(ih_world *w) {
    strcpy(w->context, "{\"first_name\":\"Ada\"}");
    /* "welcome" may be displayed once a day; "flash_sale" outranks it. */
    ih_campaign(w, "welcome", "home_hero", "automatic", NULL, 10, 1, 86400000);
    ih_campaign(w, "flash_sale", "home_hero", "event", "cart_viewed", 2, 0, 0);
    ih_publish(w);
}

int main(void) {
    static ih_world w, after;
    ih_view *top, *bottom, *again;
    const uint8_t *blob = NULL;
    size_t blob_len = 0;
    static uint8_t saved[4096];
    size_t saved_len = 0;
    const char *json = NULL;
    size_t json_len = 0;

    ft_section("IL-01 IL-03 IL-06", "two views share home_hero: each is offered the automatic campaign and renders it");
    ih_init(&w, "myapp", 30000);
    script(&w);
    top = ih_view_new(&w, "top", "home_hero");
    bottom = ih_view_new(&w, "bottom", "home_hero");
    frames_inline_view_set_size(top->view, 343, 180, 0);
    frames_inline_view_set_size(bottom->view, 343, 120, 0);
    CHECK_RESULT(frames_inline_view_attach(top->view, 0), FRAMES_OK);
    CHECK_RESULT(frames_inline_view_attach(bottom->view, 0), FRAMES_OK);
    CHECK_INT(ih_pump(&w), 2);
    CHECK_TEXT(w.t.text,
               "top processing\n"
               "bottom processing\n"
               "context top welcome\n"
               "top render welcome ctx={\"first_name\":\"Ada\"}\n"
               "context bottom welcome\n"
               "bottom render welcome ctx={\"first_name\":\"Ada\"}\n");

    ft_section("IL-03 IL-05 XC-10", "both on screen: inApp.show per view, one display, one state change");
    fb_transcript_clear(&w.t);
    w.now = 100;
    CHECK_RESULT(frames_inline_view_report_content_shown(top->view, w.now), FRAMES_OK);
    CHECK_RESULT(frames_inline_view_report_content_shown(bottom->view, w.now), FRAMES_OK);
    CHECK_TEXT(w.t.text,
               "top loaded welcome\n"
               "analytics inApp.show inline-1 welcome trigger=automatic\n"
               "state_changed\n"
               "bottom loaded welcome\n"
               "analytics inApp.show inline-2 welcome trigger=automatic\n");

    ft_section("IL-02 IL-04", "an event: both attached views take the higher-priority campaign (updated, no global call)");
    fb_transcript_clear(&w.t);
    w.now = 1000;
    CHECK_RESULT(frames_inline_track_event(w.engine, "cart_viewed", "{\"items\":3}", w.now), FRAMES_OK);
    CHECK_INT(ih_pump(&w), 1);
    w.now = 1100;
    CHECK_RESULT(frames_inline_view_report_content_shown(top->view, w.now), FRAMES_OK);
    CHECK_RESULT(frames_inline_view_report_content_shown(bottom->view, w.now), FRAMES_OK);
    CHECK_TEXT(w.t.text,
               "top processing\n"
               "bottom processing\n"
               "context top flash_sale\n"
               "top render flash_sale ctx={\"first_name\":\"Ada\"}\n"
               "context bottom flash_sale\n"
               "bottom render flash_sale ctx={\"first_name\":\"Ada\"}\n"
               "top updated flash_sale\n"
               "analytics inApp.show inline-1 flash_sale trigger=event\n"
               "bottom updated flash_sale\n"
               "analytics inApp.show inline-2 flash_sale trigger=event\n");
    CHECK_INT(w.available_count, 0);

    ft_section("IL-07 IL-08", "the content's customMethod: a call to the host, resolved once, the reply back into the web view");
    fb_transcript_clear(&w.t);
    w.now = 2000;
    CHECK_RESULT(ih_send(&w, top, "{\"v\":1,\"id\":3,\"method\":\"customMethod\",\"args\":{\"name\":\"getCoupon\",\"params\":{\"cart\":\"c-42\"}}}"), FRAMES_OK);
    w.now = 2100;
    CHECK_RESULT(frames_inline_call_resolve(w.engine, w.last_call_id, true, "{\"code\":\"SPRING24\"}", w.now), FRAMES_OK);
    CHECK_RESULT(frames_inline_call_resolve(w.engine, w.last_call_id, true, "{}", w.now), FRAMES_ERR_ALREADY_RESOLVED);
    CHECK_TEXT(w.t.text,
               "method top getCoupon {\"cart\":\"c-42\"} call=1\n"
               "top reply {\"v\":1,\"id\":3,\"ok\":true,\"result\":{\"code\":\"SPRING24\"}}\n");

    ft_section("IL-09", "the bottom content closes itself: discard (closedBy=user), then the removal request");
    fb_transcript_clear(&w.t);
    w.now = 3000;
    CHECK_RESULT(ih_send(&w, bottom, "{\"v\":1,\"method\":\"close\"}"), FRAMES_OK);
    CHECK_TEXT(w.t.text, "analytics inApp.discard inline-2 flash_sale closedBy=user\nbottom remove flash_sale\n");

    ft_section("XC-10", "the state is exported (wall clock 1,700,000,004,000 at now 4,000) and the process ends");
    CHECK_RESULT(frames_engine_export_state(w.engine, 4000, 1700000004000LL, &blob, &blob_len), FRAMES_OK);
    CHECK(blob_len > 16 && blob_len <= sizeof saved);
    if (blob_len <= sizeof saved) {
        memcpy(saved, blob, blob_len);
        saved_len = blob_len;
    }
    end_world(&w);
    CHECK_INT(w.host_frees, 1);
    CHECK_INT(w.inline_delegate_frees, 1);

    ft_section("IL-05 XC-10", "a restart 6 s later: the imported ledger keeps welcome capped; the event campaign still shows");
    ih_init(&after, "myapp", 30000);
    script(&after);
    CHECK_RESULT(frames_engine_import_state(after.engine, saved, saved_len, 0, 1700000010000LL), FRAMES_OK);
    again = ih_view_new(&after, "again", "home_hero");
    CHECK_RESULT(frames_inline_view_attach(again->view, 0), FRAMES_OK);
    CHECK_INT(ih_pump(&after), 1);
    CHECK_TEXT(after.t.text, "");
    CHECK_RESULT(frames_inline_explain(after.engine, "home_hero", 10, &json, &json_len), FRAMES_OK);
    CHECK(json != NULL && strlen(json) == json_len);
    /* Displayed at wall ...000,100 = now -9,900 in the new process; a day later: 86,390,100. */
    CHECK(json != NULL && strstr(json, "{\"id\":\"welcome\",\"facts\":{\"priority\":10,\"trigger\":\"automatic\",\"event\":null,"
                                       "\"capping\":{\"max_displays\":1,\"period_ms\":86400000},\"displays\":1},"
                                       "\"reason\":{\"code\":\"capped\",\"detail\":\"capped until 86390100 ms\","
                                       "\"until_ms\":86390100}}") != NULL);
    CHECK(json != NULL && strstr(json, "{\"id\":\"flash_sale\",\"facts\":{\"priority\":2,\"trigger\":\"event\","
                                       "\"event\":\"cart_viewed\",\"capping\":null},\"reason\":{\"code\":\"trigger_not_met\"")
                           != NULL);
    after.now = 20;
    CHECK_RESULT(frames_inline_track_event(after.engine, "cart_viewed", NULL, after.now), FRAMES_OK);
    ih_pump(&after);
    CHECK_RESULT(frames_inline_view_report_content_shown(again->view, after.now), FRAMES_OK);
    CHECK_TEXT(after.t.text,
               "again processing\n"
               "context again flash_sale\n"
               "again render flash_sale ctx={\"first_name\":\"Ada\"}\n"
               "again loaded flash_sale\n"
               "analytics inApp.show inline-1 flash_sale trigger=event\n");
    end_world(&after);
    return ft_finish("test_inline_transcript");
}
