/*
 * test_inline_views.c — inline views from C: the three triggers, views
 * sharing a key, views the engine makes for events, priority and capping,
 * failures, release, and what the C layer refuses (IL-01..IL-06, IL-10,
 * XC-03, XC-07).
 */
#include <stdlib.h>
#include <string.h>

#include "frames_test.h"
#include "inline_harness.h"
#include "recording_check.h"

/* Frees the world and replays its engine's recording (XC-12, XC-13). */
static void end_world(ih_world *w) {
    ih_free(w);
    ft_section("XC-12 XC-13", "the engine's recording replays identically");
    ft_check_replay(&w->recording, "test_inline_views");
}

static frames_inline_view_status status_of(ih_view *v) {
    frames_inline_view_status s = -1;
    frames_inline_view_get_status(v->view, &s);
    return s;
}

static void test_automatic_and_on_demand(void) {
    ih_world w;
    ih_view *hero, *tile;
    ft_section("IL-01 IL-06", "automatic on attach, on demand on render(); the render request carries the context");
    ih_init(&w, NULL, 0);
    strcpy(w.context, "{\"first_name\":\"Ada\"}");
    ih_campaign(&w, "spring", "home", "automatic", NULL, 10, 0, 0);
    ih_campaign(&w, "help", "settings", "on_demand", NULL, 5, 0, 0);
    ih_publish(&w);
    hero = ih_view_new(&w, "hero", "home");
    tile = ih_view_new(&w, "tile", "settings");
    CHECK_INT(status_of(hero), FRAMES_INLINE_VIEW_STATUS_IDLE);
    CHECK_RESULT(frames_inline_view_attach(hero->view, 0), FRAMES_OK);
    CHECK_RESULT(frames_inline_view_attach(tile->view, 0), FRAMES_OK);
    CHECK_INT(ih_pump(&w), 2); /* the campaigns POST, then spring's content */
    CHECK_TEXT(w.t.text, "hero processing\ncontext hero spring\nhero render spring ctx={\"first_name\":\"Ada\"}\n");
    CHECK_INT(status_of(hero), FRAMES_INLINE_VIEW_STATUS_RENDERING);
    CHECK_INT(status_of(tile), FRAMES_INLINE_VIEW_STATUS_IDLE);
    fb_transcript_clear(&w.t);
    w.now = 10;
    CHECK_RESULT(frames_inline_view_report_content_shown(hero->view, w.now), FRAMES_OK);
    CHECK_TEXT(w.t.text, "hero loaded spring\nanalytics inApp.show inline-1 spring trigger=automatic\n");
    fb_transcript_clear(&w.t);
    CHECK_RESULT(frames_inline_view_render(tile->view, w.now), FRAMES_OK);
    ih_pump(&w);
    CHECK_TEXT(w.t.text, "tile processing\ncontext tile help\ntile render help ctx={\"first_name\":\"Ada\"}\n");
    end_world(&w);
    CHECK_INT(w.inline_delegate_frees, 1);
    CHECK_INT(w.views[0].delegate_frees, 1);
    CHECK_INT(w.views[1].delegate_frees, 1);
}

static void test_events(void) {
    ih_world w;
    ih_view *a, *b, *detached;
    ft_section("IL-02 IL-03", "an event updates every attached view of its key; with none attached a view is made and handed to available once");
    ih_init(&w, NULL, 0);
    w.show_on_render = true;
    w.attach_available = true;
    ih_campaign(&w, "base", "home", "automatic", NULL, 10, 0, 0);
    ih_campaign(&w, "flash", "home", "event", "cart_viewed", 3, 0, 0);
    ih_campaign(&w, "thanks", "footer", "event", "cart_viewed", 1, 0, 0);
    ih_publish(&w);
    a = ih_view_new(&w, "a", "home");
    b = ih_view_new(&w, "b", "home");
    detached = ih_view_new(&w, "d", "home");
    frames_inline_view_attach(a->view, 0);
    frames_inline_view_attach(b->view, 0);
    ih_pump(&w);
    fb_transcript_clear(&w.t);
    w.now = 100;
    CHECK_RESULT(frames_inline_track_event(w.engine, "cart_viewed", "{\"items\":2}", w.now), FRAMES_OK);
    ih_pump(&w);
    CHECK_TEXT(w.t.text,
               "available footer thanks -> ev1\n"
               "ev1 processing\n"
               "a processing\n"
               "b processing\n"
               "context ev1 thanks\n"
               "ev1 render thanks ctx={}\n"
               "ev1 loaded thanks\n"
               "analytics inApp.show inline-4 thanks trigger=event\n"
               /* One download for both views: both render requests were
                * queued before either view reported its content shown. */
               "context a flash\n"
               "a render flash ctx={}\n"
               "context b flash\n"
               "b render flash ctx={}\n"
               "a updated flash\n"
               "analytics inApp.show inline-1 flash trigger=event\n"
               "b updated flash\n"
               "analytics inApp.show inline-2 flash trigger=event\n");
    CHECK_INT(status_of(detached), FRAMES_INLINE_VIEW_STATUS_IDLE);
    /* Again: every view already shows its best campaign; no new view. */
    fb_transcript_clear(&w.t);
    CHECK_RESULT(frames_inline_track_event(w.engine, "cart_viewed", NULL, w.now), FRAMES_OK);
    CHECK_TEXT(w.t.text, "");
    CHECK_INT(w.available_count, 1);
    /* A view the engine made is the host's: freeing it works like any other. */
    CHECK_RESULT(frames_inline_view_free(w.views[3].view), FRAMES_OK);
    CHECK_INT(w.views[3].delegate_frees, 1);
    end_world(&w);
}

static void test_priority_and_capping(void) {
    ih_world w;
    ih_view *a, *b, *c;
    int i;
    ft_section("IL-04 IL-05 IL-03", "a displayed campaign is replaced only by a strictly higher priority; capping counts one display for views sharing a key");
    ih_init(&w, NULL, 0);
    w.show_on_render = true;
    ih_campaign(&w, "capped", "home", "automatic", NULL, 1, 2, 60000);
    ih_campaign(&w, "fallback", "home", "automatic", NULL, 9, 0, 0);
    ih_campaign(&w, "same", "home", "event", "tie", 1, 0, 0);
    ih_publish(&w);
    a = ih_view_new(&w, "a", "home");
    b = ih_view_new(&w, "b", "home");
    frames_inline_view_attach(a->view, 0);
    frames_inline_view_attach(b->view, 0);
    ih_pump(&w);
    /* Both show it: one display, one ledger change. */
    CHECK(strstr(w.t.text, "a loaded capped") != NULL);
    CHECK(strstr(w.t.text, "b loaded capped") != NULL);
    CHECK(strstr(w.t.text, "state_changed\n") != NULL && strstr(strstr(w.t.text, "state_changed\n") + 1, "state_changed") == NULL);
    fb_transcript_clear(&w.t);
    CHECK_RESULT(frames_inline_track_event(w.engine, "tie", NULL, 1), FRAMES_OK); /* equal priority: kept */
    CHECK_TEXT(w.t.text, "");
    /* A second display (new view after both went), then the cap is reached. */
    frames_inline_view_free(a->view);
    frames_inline_view_free(b->view);
    for (i = 0; i < 2; i++) {
        c = ih_view_new(&w, i == 0 ? "c" : "e", "home");
        fb_transcript_clear(&w.t);
        w.now = 1000 + i;
        frames_inline_view_attach(c->view, w.now);
        ih_pump(&w);
        CHECK(strstr(w.t.text, i == 0 ? "c loaded capped" : "e loaded fallback") != NULL);
        frames_inline_view_free(c->view);
    }
    /* After the period it is back. */
    c = ih_view_new(&w, "f", "home");
    fb_transcript_clear(&w.t);
    w.now = 60001;
    frames_inline_view_attach(c->view, w.now);
    ih_pump(&w);
    CHECK(strstr(w.t.text, "f loaded capped") != NULL);
    end_world(&w);
}

static void test_failures_and_release(void) {
    ih_world w;
    ih_view *a, *b;
    fb_response *row;
    frames_inline_view *stale;
    frames_inline_view_status s = 77;
    ft_section("IL-06 IL-10", "failed download, tampered content, host render failure; release: nothing reaches the view");
    ih_init(&w, NULL, 0);
    ih_campaign(&w, "gone", "k1", "automatic", NULL, 1, 0, 0);
    ih_campaign(&w, "evil", "k2", "automatic", NULL, 1, 0, 0);
    ih_publish(&w);
    fb_set_text(&w.backend, "https://cdn.test/inline/gone.json", 404, "");
    row = fb_set_text(&w.backend, "https://cdn.test/inline/evil.json", 200, "{\"template\":{\"html\":\"<p>EVIL</p>\"}}");
    CHECK(row != NULL);
    a = ih_view_new(&w, "a", "k1");
    b = ih_view_new(&w, "b", "k2");
    frames_inline_view_attach(a->view, 0);
    frames_inline_view_attach(b->view, 0);
    ih_pump(&w);
    CHECK_TEXT(w.t.text, "a processing\nb processing\na failed gone downloadingFailed\nb failed evil placementUntrusted\n");
    CHECK_INT(status_of(a), FRAMES_INLINE_VIEW_STATUS_FAILED);
    CHECK_RESULT(frames_inline_view_report_content_shown(a->view, 1), FRAMES_ERR_INVALID_STATE);
    CHECK_MESSAGE_MENTIONS("failed");
    CHECK_RESULT(frames_inline_view_report_render_failed(a->view, "no web view", 1), FRAMES_ERR_INVALID_STATE);
    /* Release: the handle is dead at once; the delegate is freed once. */
    stale = a->view;
    CHECK_RESULT(frames_inline_view_free(stale), FRAMES_OK);
    CHECK_INT(a->delegate_frees, 1);
    CHECK_RESULT(frames_inline_view_attach(stale, 2), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_inline_view_get_status(stale, &s), FRAMES_ERR_INVALID_HANDLE);
    CHECK_INT(s, 77);
    CHECK_RESULT(frames_inline_view_free(stale), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_inline_view_free(NULL), FRAMES_OK);
    end_world(&w);
    /* After the engine is gone its views are stale too. */
    CHECK_RESULT(frames_inline_view_attach(b->view, 3), FRAMES_ERR_INVALID_HANDLE);
    CHECK_INT(b->delegate_frees, 1);
}

static void test_inputs(void) {
    ih_world w;
    ih_view *v;
    frames_inline_view *out = (frames_inline_view *)0x1;
    frames_frame *frame = NULL;
    const char *json = NULL;
    size_t len = 0;
    frames_inline_delegate bad = FRAMES_INLINE_DELEGATE_INIT;
    frames_inline_view_delegate badv = FRAMES_INLINE_VIEW_DELEGATE_INIT;
    frames_engine_options o = FRAMES_ENGINE_OPTIONS_INIT;
    frames_engine *e = NULL;
    char key[300];
    ft_section("XC-07 XC-08 IL-08", "bad inputs get an error code and a message; nothing changes");
    ih_init(&w, NULL, 0);
    memset(key, 'k', 257);
    key[257] = '\0';
    CHECK_RESULT(frames_inline_view_new(w.engine, "", &out), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("placement key");
    CHECK_RESULT(frames_inline_view_new(w.engine, key, &out), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_inline_view_new(w.engine, "\xff\xfe", &out), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_inline_view_new(w.engine, NULL, &out), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_inline_view_new(w.engine, "k", NULL), FRAMES_ERR_NULL_POINTER);
    CHECK(out == (frames_inline_view *)0x1);
    v = ih_view_new(&w, "v", "home");
    CHECK_RESULT(frames_inline_view_set_size(v->view, -1, 10, 0), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_inline_view_set_size(v->view, 10, NAN, 0), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_inline_view_get_status(v->view, NULL), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_inline_track_event(w.engine, "", NULL, 0), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_inline_track_event(w.engine, "e", "[1]", 0), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("properties_json");
    CHECK_RESULT(frames_inline_track_event(w.engine, NULL, NULL, 0), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_inline_call_resolve(w.engine, 1, true, "null", 0), FRAMES_ERR_NOT_FOUND);
    CHECK_RESULT(frames_inline_explain(w.engine, "", 0, &json, &len), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_inline_explain(w.engine, "home", 0, NULL, &len), FRAMES_ERR_NULL_POINTER);
    bad.version = 2;
    CHECK_RESULT(frames_inline_set_delegate(w.engine, &bad), FRAMES_ERR_VERSION);
    badv.version = 0;
    CHECK_RESULT(frames_inline_view_set_delegate(v->view, &badv), FRAMES_ERR_VERSION);
    /* Handles of the wrong kind. */
    CHECK_RESULT(frames_frame_new(w.engine, &frame), FRAMES_OK);
    CHECK_RESULT(frames_inline_view_attach((frames_inline_view *)frame, 0), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_frame_attach((frames_frame *)v->view, 0), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_inline_view_attach(NULL, 0), FRAMES_ERR_INVALID_HANDLE);
    /* Options: refused schemes and bad times are creation errors. */
    o.inline_url_schemes = "myapp, javascript";
    CHECK_RESULT(frames_engine_new(&o, NULL, 0, NULL, &e), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("always refused");
    o.inline_url_schemes = "myapp,,mailto";
    CHECK_RESULT(frames_engine_new(&o, NULL, 0, NULL, &e), FRAMES_ERR_INVALID_ARGUMENT);
    o.inline_url_schemes = NULL;
    o.inline_call_timeout_ms = -1;
    CHECK_RESULT(frames_engine_new(&o, NULL, 0, NULL, &e), FRAMES_ERR_INVALID_ARGUMENT);
    o.inline_call_timeout_ms = 0;
    o.inline_url = "http://api.test/inline";
    CHECK_RESULT(frames_engine_new(&o, NULL, 0, NULL, &e), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("inline_url");
    CHECK(e == NULL);
    CHECK_STR(frames_inline_trigger_str(FRAMES_INLINE_TRIGGER_EVENT), "event");
    CHECK_STR(frames_inline_trigger_str(-1), "unknown");
    CHECK_STR(frames_inline_view_status_str(FRAMES_INLINE_VIEW_STATUS_FAILED), "failed");
    CHECK_STR(frames_inline_view_status_str(5), "unknown");
    CHECK_STR(frames_result_str(FRAMES_ERR_ALREADY_RESOLVED), "already resolved");
    end_world(&w);
}

static void test_no_inline_no_request(void) {
    frames_engine *e = NULL;
    frames_request r;
    bool available = true;
    ft_section("IL-01", "an engine whose host never uses inline messages fetches no campaigns, even at a session start");
    CHECK_RESULT(frames_engine_new(NULL, NULL, 0, NULL, &e), FRAMES_OK);
    CHECK_RESULT(frames_engine_start_session(e, NULL, 0), FRAMES_OK);
    CHECK_RESULT(frames_engine_set_app_state(e, FRAMES_APP_STATE_BACKGROUND, 1), FRAMES_OK);
    CHECK_RESULT(frames_engine_set_app_state(e, FRAMES_APP_STATE_ACTIVE, 1000000), FRAMES_OK);
    CHECK_RESULT(frames_engine_poll_request(e, &r, &available), FRAMES_OK);
    CHECK(!available);
    frames_engine_free(e);
}

static void test_no_view_no_listener(void) {
    ih_world w;
    const char *json = NULL;
    size_t len = 0;
    ft_section("IL-02", "an event campaign with no view of its key and no available: explain says no_view, and when");
    ih_init(&w, NULL, 0);
    ih_set_takes_views(&w, false);
    ih_campaign(&w, "cart", "home", "event", "evB", 1, 0, 0);
    ih_publish(&w);
    CHECK_RESULT(frames_inline_track_event(w.engine, "evA", NULL, 0), FRAMES_OK);
    ih_pump(&w);
    CHECK_RESULT(frames_inline_track_event(w.engine, "evB", NULL, 5), FRAMES_OK);
    CHECK_INT((int)ih_pump(&w), 0); /* no view made: no content fetched */
    CHECK_TEXT(w.t.text, "");
    CHECK_RESULT(frames_inline_explain(w.engine, "home", 6, &json, &len), FRAMES_OK);
    CHECK(json != NULL && strstr(json, "\"reason\":{\"code\":\"no_view\",\"detail\":\"eligible, but") != NULL);
    CHECK(json != NULL && strstr(json, "with nowhere to show it\",\"at_ms\":5}") != NULL);
    CHECK(json != NULL && strstr(json, "no available listener") != NULL);
    end_world(&w);
}

int main(void) {
    test_automatic_and_on_demand();
    test_events();
    test_priority_and_capping();
    test_failures_and_release();
    test_inputs();
    test_no_inline_no_request();
    test_no_view_no_listener();
    return ft_finish("test_inline_views");
}
