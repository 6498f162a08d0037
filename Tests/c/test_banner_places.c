/*
 * test_banner_places.c — banner places through the C API (SPEC BN-02, BN-07,
 * BN-08..BN-17), over the scripted banner backend and the recording host and
 * delegate of banner_harness.h, whose transcript lines the tests compare
 * whole, order included. "banners.view" analytics records are counted per
 * banner id (BN-13).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_backend.h"
#include "frames_test.h"
#include "banner_harness.h"
#include "recording_check.h"

#define LIST_URL BH_LIST_URL

/* Every engine is recorded; free_engine replays its recording (XC-12, XC-13). */
static ft_recording recording;

static frames_engine *new_engine(void) {
    return bh_new_engine(&recording);
}

static void free_engine(frames_engine *engine) {
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    ft_section("XC-12 XC-13", "the engine's recording replays identically");
    ft_check_replay(&recording, "a banner places engine");
}

static frames_appearance appearance_of(frames_layout_type layout) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    a.layout_type = layout;
    a.inter_item_spacing = 10;
    return a;
}

/* A place with a delegate and width 100 (nothing loaded yet). */
static frames_banner_place *new_place(frames_engine *engine, const char *placement_id, const frames_appearance *a,
                                      recorder *r) {
    frames_banner_place *place = NULL;
    frames_banner_place_delegate d;
    CHECK_RESULT(frames_banner_place_new(engine, placement_id, a, &place), FRAMES_OK);
    if (place == NULL) return NULL;
    if (r) {
        d = bh_delegate_for(r);
        CHECK_RESULT(frames_banner_place_set_delegate(place, &d), FRAMES_OK);
    }
    CHECK_RESULT(frames_banner_place_set_container(place, 100, false, 0), FRAMES_OK);
    return place;
}

static void viewport(frames_banner_place *place, double y, double height, int64_t now) {
    frames_rect v;
    v.x = 0;
    v.y = y;
    v.width = 100;
    v.height = height;
    CHECK_RESULT(frames_banner_place_set_viewport(place, &v, now), FRAMES_OK);
}

static size_t get_rows(frames_banner_place *place, int64_t now, frames_banner_row *rows, size_t cap) {
    size_t count = 0;
    CHECK_RESULT(frames_banner_place_get_rows(place, now, rows, cap, &count), FRAMES_OK);
    return count;
}

/* ------------------------------------------------------------------------ */
/* BN-14 loading and the preload cache                                       */
/* ------------------------------------------------------------------------ */

static void test_preload_cache(void) {
    frames_engine *engine;
    frames_banner_place *a, *b, *c, *d;
    recorder ra = {0, true, NULL, 0, false}, rb = {0, true, NULL, 0, false};
    recorder rc = {0, true, NULL, 0, false}, rd = {0, true, NULL, 0, false};
    frames_appearance list = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);

    ft_section("BN-14 BN-15", "preload fetches the list and every content; two places with the id show them with no request");
    bs_reset();
    host_frees = 0;
    bs_add("home", "h1", "1", 5000);
    bs_add("home", "h2", "2", 5000);
    engine = new_engine();
    CHECK_RESULT(frames_banners_preload(engine, "home", 0), FRAMES_OK);
    CHECK_TEXT(preload_text.text, ""); /* complete only once every content is in */
    CHECK_INT(bs_pump(engine, 1), 3);
    CHECK_INT(banner_server.list_requests, 1);
    CHECK_INT(banner_server.content_requests, 2);
    CHECK_TEXT(preload_text.text, "preload home 2 h1,h2\n");

    a = new_place(engine, "home", &list, &ra);
    b = new_place(engine, "home", &list, &rb);
    CHECK_RESULT(frames_banner_place_attach(a, 2), FRAMES_OK);
    CHECK_TEXT(take(), "loaded home\nupdate 1 2 160\nrender 0 h1\nrender 1 h2\n");
    CHECK_RESULT(frames_banner_place_attach(b, 2), FRAMES_OK);
    CHECK_TEXT(take(), "loaded home\nupdate 1 2 160\nrender 0 h1\nrender 1 h2\n");
    CHECK_INT(bs_pump(engine, 3), 0); /* the cache answered both, contents included */
    CHECK_INT(banner_server.list_requests, 1);
    CHECK_INT(banner_server.content_requests, 2);

    ft_section("BN-14", "refresh fetches; the refreshed list is what later places read");
    bs_add("home", "h3", "1", 5000);
    CHECK_RESULT(frames_banner_place_refresh(a, 4), FRAMES_OK);
    CHECK_INT(banner_server.list_requests, 1); /* not before the host polls */
    bs_pump(engine, 5);
    CHECK_INT(banner_server.list_requests, 2);
    CHECK_TEXT(take(), "loaded home\nupdate 1 3 270\nrender 0 h1\nrender 1 h2\nrender 2 h3\n");
    c = new_place(engine, "home", &list, &rc);
    CHECK_RESULT(frames_banner_place_attach(c, 6), FRAMES_OK);
    bs_pump(engine, 6);
    CHECK_INT(banner_server.list_requests, 2);
    CHECK_TEXT(take(), "loaded home\nupdate 1 3 270\nrender 0 h1\nrender 1 h2\nrender 2 h3\n");

    ft_section("BN-14", "without a preload every attach fetches");
    bs_add("other", "o1", "1", 5000);
    d = new_place(engine, "other", &list, &rd);
    CHECK_RESULT(frames_banner_place_attach(d, 7), FRAMES_OK);
    CHECK_TEXT(take(), ""); /* nothing before the answer */
    bs_pump(engine, 8);
    CHECK_INT(banner_server.list_requests, 3);
    CHECK_TEXT(take(), "loaded other\nupdate 1 1 100\nrender 0 o1\n");
    CHECK_RESULT(frames_banner_place_attach(d, 9), FRAMES_OK);
    bs_pump(engine, 9);
    CHECK_INT(banner_server.list_requests, 4);
    CHECK_TEXT(take(), "loaded other\nupdate 1 1 100\nrender 0 o1\n");
    CHECK_RESULT(frames_banner_place_free(d), FRAMES_OK);
    CHECK_INT(rd.frees, 1);
    d = new_place(engine, "other", &list, &rd);
    CHECK_RESULT(frames_banner_place_attach(d, 10), FRAMES_OK);
    bs_pump(engine, 10);
    CHECK_INT(banner_server.list_requests, 5);

    ft_section("BN-14", "a failed preload completes with its error");
    bs_place_for("broken")->list_status = 400;
    fb_transcript_clear(&preload_text);
    CHECK_RESULT(frames_banners_preload(engine, "broken", 11), FRAMES_OK);
    bs_pump(engine, 11);
    CHECK_TEXT(preload_text.text, "preload broken failed resolutionFailed 400\n");
    CHECK_RESULT(frames_banners_preload(engine, "", 11), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_banners_preload(engine, NULL, 11), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_banners_preload(NULL, "home", 11), FRAMES_ERR_INVALID_HANDLE);

    ft_section("BN-15", "a failed list load: updated with no content, no loaded");
    {
        recorder re = {0, true, NULL, 0, false};
        frames_banner_place *e = new_place(engine, "broken", &list, &re);
        take();
        CHECK_RESULT(frames_banner_place_attach(e, 12), FRAMES_OK);
        bs_pump(engine, 12);
        CHECK_TEXT(take(), "update 0 0 0\n");
        /* Freed here: its delegate's user_data lives in this block. */
        CHECK_RESULT(frames_banner_place_free(e), FRAMES_OK);
        CHECK_INT(re.frees, 1);
    }

    free_engine(engine);
    CHECK_INT(ra.frees + rb.frees + rc.frees, 3);
    CHECK_INT(rd.frees, 2);
    CHECK_INT(host_frees, 1);
}

/* ------------------------------------------------------------------------ */
/* BN-02, BN-07 availability before max_banners_count; BN-15 heights         */
/* ------------------------------------------------------------------------ */

static void test_availability_and_heights(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false};
    frames_banner_place *place;
    frames_appearance a;
    frames_banner_row rows[8];
    size_t n;

    ft_section("BN-02 BN-07", "unavailable and bad-ratio banners are dropped before max_banners_count");
    bs_reset();
    bs_add("p", "b0", "1", 5000);
    bs_add("p", "b1", "1", 5000)->available = false;
    bs_add("p", "b2", "0", 5000);
    bs_add("p", "b3", "-1.5", 5000);
    bs_add("p", "b4", "\"2\"", 5000);
    bs_add("p", "b5", "2", 5000);
    bs_add("p", "b6", "0.5", 5000);
    bs_add("p", "b7", "1", 5000);
    engine = new_engine();
    CHECK_RESULT(frames_banners_preload(engine, "p", 0), FRAMES_OK);
    bs_pump(engine, 0);
    CHECK_TEXT(preload_text.text, "preload p 4 b0,b5,b6,b7\n");

    a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    a.max_banners_count = 2;
    place = new_place(engine, "p", &a, &r);
    CHECK_RESULT(frames_banner_place_attach(place, 1), FRAMES_OK);
    bs_pump(engine, 1);
    /* b0 (100) + 10 + b5 (round(100 / 2) = 50) */
    CHECK_TEXT(take(), "loaded p\nupdate 1 2 160\nrender 0 b0\nrender 1 b5\n");
    n = get_rows(place, 1, rows, 8);
    CHECK_INT(n, 2);
    CHECK_RECT(rows[0].rect, 0, 0, 100, 100);
    CHECK_RECT(rows[1].rect, 0, 110, 100, 50);
    CHECK_RESULT(frames_banner_place_free(place), FRAMES_OK);

    a.max_banners_count = -3; /* counts as 0 */
    place = new_place(engine, "p", &a, &r);
    CHECK_RESULT(frames_banner_place_attach(place, 2), FRAMES_OK);
    bs_pump(engine, 2);
    CHECK_TEXT(take(), "loaded p\nupdate 0 0 0\n");
    CHECK_RESULT(frames_banner_place_free(place), FRAMES_OK);

    ft_section("BN-15 BN-04", "vertical list: updated reports the full content height");
    a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    a.has_max_banners_count = false;
    place = new_place(engine, "p", &a, &r);
    CHECK_RESULT(frames_banner_place_attach(place, 3), FRAMES_OK);
    bs_pump(engine, 3);
    /* 100 + 10 + 50 + 10 + 200 + 10 + 100 */
    CHECK_TEXT(take(), "loaded p\nupdate 1 4 480\nrender 0 b0\nrender 1 b5\nrender 2 b6\nrender 3 b7\n");
    CHECK_RESULT(frames_banner_place_set_container(place, 200, false, 4), FRAMES_OK);
    CHECK_TEXT(take(), "update 1 4 930\n");
    CHECK_RESULT(frames_banner_place_set_container(place, 200, false, 4), FRAMES_OK);
    CHECK_TEXT(take(), ""); /* nothing changed */
    CHECK_RESULT(frames_banner_place_refresh(place, 5), FRAMES_OK);
    bs_pump(engine, 5);
    CHECK_TEXT(take(), "loaded p\nupdate 1 4 930\nrender 0 b0\nrender 1 b5\nrender 2 b6\nrender 3 b7\n");
    CHECK_RESULT(frames_banner_place_free(place), FRAMES_OK);

    ft_section("BN-15 BN-05", "tiles: updated reports the full grid height");
    a = appearance_of(FRAMES_LAYOUT_TYPE_TILES);
    place = new_place(engine, "p", &a, &r);
    CHECK_RESULT(frames_banner_place_set_hidden(place, true, 6), FRAMES_OK); /* keep BN-12 out of it */
    CHECK_RESULT(frames_banner_place_attach(place, 6), FRAMES_OK);
    bs_pump(engine, 6);
    /* cells 45 wide: rows max(45, 23) and max(90, 45), 10 apart */
    CHECK_TEXT(take(), "loaded p\nupdate 1 4 145\nrender 0 b0\nrender 1 b5\nrender 2 b6\nrender 3 b7\n");
    n = get_rows(place, 6, rows, 8);
    CHECK_INT(n, 4);
    CHECK_RECT(rows[1].rect, 55, 0, 45, 23);
    CHECK_RECT(rows[3].rect, 55, 55, 45, 45);
    CHECK_RESULT(frames_banner_place_free(place), FRAMES_OK);

    ft_section("BN-15 BN-06 BN-02", "carousel: the tallest banner; max_banners_count ignored");
    a = appearance_of(FRAMES_LAYOUT_TYPE_CAROUSEL);
    a.max_banners_count = 1;
    place = new_place(engine, "p", &a, &r);
    CHECK_RESULT(frames_banner_place_pause(place, 7), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_attach(place, 7), FRAMES_OK);
    bs_pump(engine, 7);
    /* "p" is preloaded: every row is drawn at once; paused, nothing plays, and
     * the first page is on screen all the same (BN-13) */
    CHECK_TEXT(take(), "loaded p\nupdate 1 4 200\nrender 0 b0\nrender 1 b5\nrender 2 b6\nrender 3 b7\nshow 0 b0\n");

    free_engine(engine);
}

/* ------------------------------------------------------------------------ */
/* BN-16 a failed row keeps its space and is retried alone                   */
/* ------------------------------------------------------------------------ */

static void test_failed_row(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false};
    frames_banner_place *place;
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    frames_banner_row rows[4];
    bs_banner *bad;
    size_t n;

    ft_section("BN-16", "a 404 row gets row_failed, keeps its rect, and retry_row loads it alone");
    bs_reset();
    bs_add("p", "a", "1", 5000);
    bad = bs_add("p", "b", "2", 5000);
    bs_add("p", "c", "1", 5000);
    bad->failing = true;
    engine = new_engine();
    place = new_place(engine, "p", &a, &r);
    viewport(place, 0, 400, 0);
    CHECK_RESULT(frames_banner_place_attach(place, 0), FRAMES_OK);
    bs_pump(engine, 0);
    CHECK_TEXT(take(), "loaded p\nupdate 1 3 270\n"
                       "render 0 a\nplay 0\nshow 0 a\n"
                       "failed 1 downloadingFailed 404\n"
                       "render 2 c\nplay 2\nshow 2 c\n");
    n = get_rows(place, 0, rows, 4);
    CHECK_INT(n, 3);
    CHECK_INT(rows[1].state, FRAMES_ROW_STATE_FAILED);
    CHECK_RECT(rows[1].rect, 0, 110, 100, 50);
    CHECK(!rows[1].playing);
    CHECK(rows[1].share_known);
    CHECK_DOUBLE(rows[1].share, 1.0); /* visible, but it has no content to play */
    CHECK_INT(rows[0].state, FRAMES_ROW_STATE_READY);
    CHECK_RECT(rows[2].rect, 0, 170, 100, 100);
    CHECK_INT(view_count, 2);

    CHECK_RESULT(frames_banner_place_retry_row(place, 0, 1), FRAMES_ERR_INVALID_STATE);
    CHECK_RESULT(frames_banner_place_retry_row(place, 3, 1), FRAMES_ERR_OUT_OF_RANGE);
    bad->failing = false;
    banner_server.content_requests = 0;
    banner_server.list_requests = 0;
    CHECK_RESULT(frames_banner_place_retry_row(place, 1, 2), FRAMES_OK);
    n = get_rows(place, 2, rows, 4);
    CHECK_INT(rows[1].state, FRAMES_ROW_STATE_LOADING);
    CHECK_INT(bs_pump(engine, 3), 1);
    CHECK_INT(banner_server.content_requests, 1);
    CHECK_INT(banner_server.list_requests, 0);
    CHECK_STR(banner_server.last_content_url, "https://cdn.test/banners/b.html");
    CHECK_TEXT(take(), "render 1 b\nplay 1\nshow 1 b\n");
    n = get_rows(place, 3, rows, 4);
    CHECK_INT(rows[1].state, FRAMES_ROW_STATE_READY);
    CHECK_INT(rows[0].state, FRAMES_ROW_STATE_READY);
    CHECK_INT(view_count, 3);

    ft_section("BN-16", "get_rows buffer contract");
    CHECK_RESULT(frames_banner_place_get_rows(place, 3, rows, 2, &n), FRAMES_ERR_BUFFER_TOO_SMALL);
    CHECK_INT(n, 3);
    CHECK_RESULT(frames_banner_place_get_rows(place, 3, rows, 4, NULL), FRAMES_ERR_NULL_POINTER);

    ft_section("BN-15", "action_triggered, widget_reported and their records; clicks count below the threshold");
    viewport(place, 1000, 100, 4); /* nothing visible: every banner pauses */
    CHECK_TEXT(take(), "pause 0\npause 1\npause 2\n");
    CHECK_RESULT(frames_banner_place_report_action(place, 2, "https://example.test/x", 5), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_report_widget_event(place, 0, "poll", "{\"a\":1}", 5), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_report_widget_event(place, 1, "vote", NULL, 5), FRAMES_OK);
    CHECK_TEXT(take(), "action https://example.test/x\nwidget 0 a poll {\"a\":1}\nwidget 1 b vote -\n");
    CHECK_INT(click_count, 1);
    CHECK_RESULT(frames_banner_place_report_action(place, 3, "x", 5), FRAMES_ERR_OUT_OF_RANGE);

    free_engine(engine);
    CHECK_INT(r.frees, 1);
}

/* ------------------------------------------------------------------------ */
/* BN-10 the 75 % rule, BN-13 views                                          */
/* ------------------------------------------------------------------------ */

/* A vertical list: A (100 high at y 0) and B (200 high at y 110). */
static frames_banner_place *list_ab(frames_engine *engine, recorder *r, frames_layout_type layout) {
    frames_appearance a = appearance_of(layout);
    frames_banner_place *place = new_place(engine, "p", &a, r);
    CHECK_RESULT(frames_banner_place_attach(place, 0), FRAMES_OK);
    bs_pump(engine, 0);
    return place;
}

static void test_threshold(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false};
    frames_banner_place *place;
    frames_banner_row rows[2];

    ft_section("BN-10", "a banner at exactly 75 % pauses, at 75 % + 1 point plays");
    bs_reset();
    bs_add("p", "A", "1", 10000);
    bs_add("p", "B", "0.5", 10000);
    engine = new_engine();
    place = list_ab(engine, &r, FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    /* No viewport yet: a vertical list plays nothing (BN-12 is tiles only). */
    CHECK_TEXT(take(), "loaded p\nupdate 1 2 310\nrender 0 A\nrender 1 B\n");
    CHECK_INT(view_count, 0);
    get_rows(place, 0, rows, 2);
    CHECK(!rows[0].share_known);

    viewport(place, 25, 100, 100); /* A: 75 of 100 visible */
    CHECK_TEXT(take(), "");
    get_rows(place, 100, rows, 2);
    CHECK(rows[0].share_known);
    CHECK_DOUBLE(rows[0].share, 0.75);
    CHECK_DOUBLE(rows[1].share, 0.15); /* B: 15 of the viewport's 100 */
    CHECK(!rows[0].playing);

    viewport(place, 24, 100, 200); /* A: 76 of 100 */
    CHECK_TEXT(take(), "play 0\nshow 0 A\n");
    get_rows(place, 200, rows, 2);
    CHECK_DOUBLE(rows[0].share, 0.76);
    CHECK(rows[0].playing);
    CHECK(rows[0].viewed);
    CHECK_INT(view_count, 1);

    viewport(place, 25, 100, 1200); /* back to exactly 75 %: pauses after 1000 ms */
    CHECK_TEXT(take(), "pause 0\n");
    get_rows(place, 5000, rows, 2);
    CHECK_INT(rows[0].position_ms, 1000);
    viewport(place, 24, 100, 1300); /* resumes where it paused: context alive */
    CHECK_TEXT(take(), "resume 0\n");
    get_rows(place, 1400, rows, 2);
    CHECK_INT(rows[0].position_ms, 1100);
    CHECK_INT(view_count, 1);

    ft_section("BN-10", "context reset: the next play starts from the beginning");
    CHECK_RESULT(frames_banner_place_report_web_context_reset(place, 0, 1400), FRAMES_ERR_INVALID_STATE);
    viewport(place, 25, 100, 1500);
    CHECK_TEXT(take(), "pause 0\n");
    CHECK_RESULT(frames_banner_place_report_web_context_reset(place, 0, 1500), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_report_web_context_reset(place, 2, 1500), FRAMES_ERR_OUT_OF_RANGE);
    viewport(place, 24, 100, 1600);
    CHECK_TEXT(take(), "play 0\n");
    CHECK_INT(view_count, 1);

    ft_section("BN-10", "a banner taller than the viewport: the share of the viewport's height it fills");
    viewport(place, 85, 100, 1700); /* B fills 110..185: 75 of 100 */
    CHECK_TEXT(take(), "pause 0\n");
    get_rows(place, 1700, rows, 2);
    CHECK_DOUBLE(rows[0].share, 0.15);
    CHECK_DOUBLE(rows[1].share, 0.75);
    viewport(place, 86, 100, 1800); /* 76 of 100 */
    CHECK_TEXT(take(), "play 1\nshow 1 B\n");
    get_rows(place, 1800, rows, 2);
    CHECK_DOUBLE(rows[1].share, 0.76);
    viewport(place, 160, 100, 1900); /* inside B: its area share is 1/2, the rule says 100 % */
    CHECK_TEXT(take(), "");
    get_rows(place, 1900, rows, 2);
    CHECK_DOUBLE(rows[1].share, 1.0);
    CHECK(rows[1].playing);
    viewport(place, 0, 400, 2000); /* both fully visible: both play, muted, together */
    CHECK_TEXT(take(), "resume 0\n");
    get_rows(place, 2000, rows, 2);
    CHECK(rows[0].playing && rows[1].playing);
    CHECK_INT(view_count, 2);

    ft_section("BN-10 BN-13", "a finished banner repeats without another view");
    {
        int64_t deadline = 0;
        bool has = false;
        CHECK_RESULT(frames_engine_get_next_deadline(engine, &deadline, &has), FRAMES_OK);
        CHECK(has);
        /* B started at 1800: ends at 11800; A (from the start at 1600,
         * paused at 1700 after 100 ms, resumed at 2000) at 11900. */
        CHECK_INT(deadline, 11800);
        CHECK_RESULT(frames_engine_on_timeout(engine, 11800), FRAMES_OK);
        CHECK_TEXT(take(), "play 1\n");
        CHECK_RESULT(frames_engine_get_next_deadline(engine, &deadline, &has), FRAMES_OK);
        CHECK_INT(deadline, 11900);
        CHECK_RESULT(frames_engine_on_timeout(engine, 11900), FRAMES_OK);
        CHECK_TEXT(take(), "play 0\n");
        CHECK_INT(view_count, 2);
        CHECK_STR(view_log, "A B ");
    }

    ft_section("BN-13", "a refresh is a new load: views count again");
    CHECK_RESULT(frames_banner_place_refresh(place, 12000), FRAMES_OK);
    bs_pump(engine, 12000);
    CHECK_TEXT(take(), "pause 0\npause 1\nloaded p\nupdate 1 2 310\nrender 0 A\nplay 0\nshow 0 A\n"
                       "render 1 B\nplay 1\nshow 1 B\n");
    CHECK_INT(view_count, 4);
    CHECK_STR(view_log, "A B A B ");

    free_engine(engine);
    CHECK_INT(r.frees, 1);
}

/* ------------------------------------------------------------------------ */
/* BN-11 background/foreground with and without a manual pause               */
/* ------------------------------------------------------------------------ */

static void app_state(frames_engine *engine, frames_app_state s, int64_t now) {
    CHECK_RESULT(frames_engine_set_app_state(engine, s, now), FRAMES_OK);
}

static void test_background(frames_layout_type layout, const char *name) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false};
    frames_banner_place *place;
    char what[128];

    snprintf(what, sizeof what, "%s: background pauses, foreground resumes", name);
    ft_section("BN-11 BN-09", what);
    bs_reset();
    bs_add("p", "A", "1", 10000);
    bs_add("p", "B", "0.5", 10000);
    engine = new_engine();
    {
        frames_appearance a = appearance_of(layout);
        /* A plays alone: a list shows 0..100 (A, not B at 110); tiles show
         * the left column (A at x 0, B at x 55). */
        frames_rect v = {0, 0, 100, 100};
        if (layout == FRAMES_LAYOUT_TYPE_TILES) v.width = 50;
        place = new_place(engine, "p", &a, &r);
        if (layout != FRAMES_LAYOUT_TYPE_CAROUSEL) CHECK_RESULT(frames_banner_place_set_viewport(place, &v, 0), FRAMES_OK);
        CHECK_RESULT(frames_banner_place_attach(place, 0), FRAMES_OK);
        bs_pump(engine, 0);
    }
    take();
    {
        frames_banner_row rows[2];
        get_rows(place, 0, rows, 2);
        CHECK(rows[0].playing && !rows[1].playing);
    }
    app_state(engine, FRAMES_APP_STATE_BACKGROUND, 100);
    CHECK_TEXT(take(), "pause 0\n");
    if (layout == FRAMES_LAYOUT_TYPE_VERTICAL_LIST) viewport(place, 1, 100, 150); /* scrolling in background */
    CHECK_TEXT(take(), "");
    app_state(engine, FRAMES_APP_STATE_ACTIVE, 200);
    CHECK_TEXT(take(), "resume 0\n");

    snprintf(what, sizeof what, "%s: a manual pause through background/foreground", name);
    ft_section("BN-11 BN-09", what);
    CHECK_RESULT(frames_banner_place_pause(place, 300), FRAMES_OK);
    CHECK_TEXT(take(), "pause 0\n");
    if (layout == FRAMES_LAYOUT_TYPE_VERTICAL_LIST) {
        viewport(place, 0, 100, 350); /* scrolling keeps a list's manual pause */
        CHECK_TEXT(take(), "");
    }
    app_state(engine, FRAMES_APP_STATE_BACKGROUND, 400);
    CHECK_TEXT(take(), "");
    app_state(engine, FRAMES_APP_STATE_ACTIVE, 500);
    if (layout == FRAMES_LAYOUT_TYPE_CAROUSEL) {
        /* BN-09: the carousel resumes automatically on foreground. */
        CHECK_TEXT(take(), "resume 0\n");
        CHECK_RESULT(frames_banner_place_pause(place, 600), FRAMES_OK);
        CHECK_TEXT(take(), "pause 0\n");
        /* ... and at the next user interaction, which restarts the
         * countdown (frames.h: "a carousel's countdown restarts"): the
         * content resumes, the page gets its full 10000 ms from now. */
        CHECK_RESULT(frames_banner_place_report_user_interaction(place, 700), FRAMES_OK);
        CHECK_TEXT(take(), "resume 0\n");
        CHECK_INT(next_deadline(engine), 700 + 10000);
    } else {
        /* BN-11: a list stays paused until resume. */
        CHECK_TEXT(take(), "");
        CHECK_RESULT(frames_banner_place_report_user_interaction(place, 550), FRAMES_OK);
        CHECK_TEXT(take(), "");
        CHECK_RESULT(frames_banner_place_resume(place, 600), FRAMES_OK);
        CHECK_TEXT(take(), "resume 0\n");
    }

    snprintf(what, sizeof what, "%s: another reader and a hidden place pause it", name);
    ft_section("BN-11", what);
    CHECK_RESULT(frames_banner_place_set_reader_shown(place, true, 800), FRAMES_OK);
    CHECK_TEXT(take(), "pause 0\n");
    CHECK_RESULT(frames_banner_place_set_reader_shown(place, false, 900), FRAMES_OK);
    CHECK_TEXT(take(), "resume 0\n");
    CHECK_RESULT(frames_banner_place_set_hidden(place, true, 1000), FRAMES_OK);
    CHECK_TEXT(take(), "pause 0\n");
    CHECK_RESULT(frames_banner_place_set_hidden(place, false, 1100), FRAMES_OK);
    CHECK_TEXT(take(), "resume 0\n");
    CHECK_INT(view_count, 1);

    free_engine(engine);
}

/* ------------------------------------------------------------------------ */
/* BN-09 carousel timer, BN-08 navigation                                    */
/* ------------------------------------------------------------------------ */

static frames_banner_place *carousel3(frames_engine *engine, recorder *r, bool loop, int64_t now) {
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_CAROUSEL);
    frames_banner_place *place;
    a.should_loop = loop;
    a.side_inset = 10;
    a.inter_item_spacing = 8;
    place = new_place(engine, "c", &a, r);
    CHECK_RESULT(frames_banner_place_attach(place, now), FRAMES_OK);
    bs_pump(engine, now);
    return place;
}

static void test_carousel_timer(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false};
    frames_banner_place *place;
    size_t index = 99;

    ft_section("BN-09 BN-08", "the carousel advances after each banner's duration");
    bs_reset();
    bs_add("c", "c0", "2", 1000);
    bs_add("c", "c1", "2", 2000);
    bs_add("c", "c2", "2", 3000);
    engine = new_engine();
    place = carousel3(engine, &r, true, 0);
    CHECK_TEXT(take(), "loaded c\nupdate 1 3 40\nrender 0 c0\nplay 0\nshow 0 c0\nrender 1 c1\nrender 2 c2\n");
    CHECK_INT(next_deadline(engine), 1000);
    CHECK_RESULT(frames_engine_on_timeout(engine, 999), FRAMES_OK);
    CHECK_TEXT(take(), "");
    CHECK_RESULT(frames_engine_on_timeout(engine, 1000), FRAMES_OK);
    CHECK_TEXT(take(), "scroll 1\npause 0\nplay 1\nshow 1 c1\n");
    CHECK_RESULT(frames_banner_place_get_current_index(place, &index), FRAMES_OK);
    CHECK_INT(index, 1);
    CHECK_INT(next_deadline(engine), 3000);

    ft_section("BN-09", "a user interaction restarts the countdown (not the content)");
    CHECK_RESULT(frames_banner_place_report_user_interaction(place, 1500), FRAMES_OK);
    CHECK_TEXT(take(), "");
    CHECK_INT(next_deadline(engine), 3500);
    CHECK_RESULT(frames_engine_on_timeout(engine, 3000), FRAMES_OK);
    CHECK_TEXT(take(), "");
    CHECK_RESULT(frames_engine_on_timeout(engine, 3500), FRAMES_OK);
    CHECK_TEXT(take(), "scroll 2\npause 1\nplay 2\nshow 2 c2\n");
    CHECK_INT(next_deadline(engine), 6500);

    ft_section("BN-09", "pause stops the timer, resume starts it again; looping wraps to page 0");
    CHECK_RESULT(frames_banner_place_pause(place, 4500), FRAMES_OK);
    CHECK_TEXT(take(), "pause 2\n");
    CHECK_INT(next_deadline(engine), -1);
    CHECK_RESULT(frames_engine_on_timeout(engine, 9000), FRAMES_OK);
    CHECK_TEXT(take(), "");
    CHECK_RESULT(frames_banner_place_resume(place, 10000), FRAMES_OK);
    CHECK_TEXT(take(), "resume 2\n");
    CHECK_INT(next_deadline(engine), 12000); /* 1000 ms played, 2000 left */
    CHECK_RESULT(frames_engine_on_timeout(engine, 12000), FRAMES_OK);
    CHECK_TEXT(take(), "scroll 0\npause 2\nplay 0\n");
    CHECK_INT(view_count, 3);

    ft_section("BN-08", "report_user_scrolled is an interaction and fires scrolled");
    CHECK_RESULT(frames_banner_place_report_user_scrolled(place, 2, 12100), FRAMES_OK);
    CHECK_TEXT(take(), "scroll 2\npause 0\nplay 2\n");
    CHECK_RESULT(frames_banner_place_report_user_scrolled(place, 3, 12100), FRAMES_ERR_OUT_OF_RANGE);
    CHECK_RESULT(frames_banner_place_report_user_scrolled(place, 2, 12200), FRAMES_OK);
    CHECK_TEXT(take(), ""); /* same index: no scrolled */

    free_engine(engine);
}

static void check_nav(frames_navigation nav, size_t index, bool moved, double x, double y) {
    CHECK_INT(nav.index, index);
    CHECK_INT(nav.moved, moved);
    if (moved) {
        CHECK_DOUBLE(nav.offset.x, x);
        CHECK_DOUBLE(nav.offset.y, y);
    }
}

static void test_navigation(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false}, r2 = {0, true, NULL, 0, false};
    frames_banner_place *place, *once;
    frames_navigation nav;
    frames_appearance a;

    bs_reset();
    bs_add("c", "c0", "2", 1000);
    bs_add("c", "c1", "2", 2000);
    bs_add("c", "c2", "2", 3000);
    engine = new_engine();

    ft_section("BN-08", "carousel: show_banner jumps, show_next at the last page wraps when it loops");
    place = carousel3(engine, &r, true, 0);
    take();
    /* pages 80 wide, 8 apart, first at the leading inset 10: offsets 0, 88, 176 */
    CHECK_RESULT(frames_banner_place_show_banner(place, 2, 10, &nav), FRAMES_OK);
    check_nav(nav, 2, true, 176, 0);
    CHECK_TEXT(take(), "scroll 2\npause 0\nplay 2\nshow 2 c2\n");
    CHECK_RESULT(frames_banner_place_show_next(place, 20, &nav), FRAMES_OK);
    check_nav(nav, 0, true, 0, 0);
    /* page 0 played 10 ms and its context lives: it resumes */
    CHECK_TEXT(take(), "scroll 0\npause 2\nresume 0\n");
    CHECK_RESULT(frames_banner_place_show_previous(place, 30, &nav), FRAMES_OK);
    check_nav(nav, 2, true, 176, 0);
    CHECK_TEXT(take(), "scroll 2\npause 0\nresume 2\n");
    CHECK_RESULT(frames_banner_place_show_banner(place, 3, 30, &nav), FRAMES_ERR_OUT_OF_RANGE);
    CHECK_RESULT(frames_banner_place_show_next(place, 30, NULL), FRAMES_ERR_NULL_POINTER);

    ft_section("BN-08", "carousel without loop: show_next at the last page and show_previous at the first do nothing");
    once = carousel3(engine, &r2, false, 40);
    take();
    CHECK_RESULT(frames_banner_place_show_previous(once, 40, &nav), FRAMES_OK);
    check_nav(nav, 0, false, 0, 0);
    CHECK_RESULT(frames_banner_place_show_next(once, 40, &nav), FRAMES_OK);
    check_nav(nav, 1, true, 88, 0);
    CHECK_RESULT(frames_banner_place_show_next(once, 50, &nav), FRAMES_OK);
    check_nav(nav, 2, true, 176, 0);
    CHECK_TEXT(take(), "scroll 1\npause 0\nplay 1\nshow 1 c1\nscroll 2\npause 1\nplay 2\nshow 2 c2\n");
    CHECK_RESULT(frames_banner_place_show_next(once, 60, &nav), FRAMES_OK);
    check_nav(nav, 2, false, 0, 0);
    CHECK_TEXT(take(), "");
    ft_section("BN-09", "without loop the last page repeats when its time is up");
    CHECK_RESULT(frames_banner_place_free(place), FRAMES_OK);
    CHECK_INT(next_deadline(engine), 50 + 3000);
    CHECK_RESULT(frames_engine_on_timeout(engine, 50 + 3000), FRAMES_OK);
    CHECK_TEXT(take(), "play 2\n");
    CHECK_RESULT(frames_banner_place_free(once), FRAMES_OK);

    ft_section("BN-08", "vertical list: next/previous do not move; show_banner offsets are clamped by the viewport");
    bs_reset();
    bs_add("v", "v0", "1", 10000);
    bs_add("v", "v1", "1", 10000);
    bs_add("v", "v2", "1", 10000);
    a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    place = new_place(engine, "v", &a, &r);
    viewport(place, 0, 200, 4000);
    CHECK_RESULT(frames_banner_place_attach(place, 4000), FRAMES_OK);
    bs_pump(engine, 4000);
    take();
    CHECK_RESULT(frames_banner_place_show_next(place, 4100, &nav), FRAMES_OK);
    check_nav(nav, 0, false, 0, 0);
    CHECK_RESULT(frames_banner_place_show_previous(place, 4100, &nav), FRAMES_OK);
    check_nav(nav, 0, false, 0, 0);
    CHECK_TEXT(take(), "");
    CHECK_RESULT(frames_banner_place_show_banner(place, 1, 4100, &nav), FRAMES_OK);
    check_nav(nav, 1, true, 0, 110);
    CHECK_RESULT(frames_banner_place_show_banner(place, 2, 4100, &nav), FRAMES_OK);
    /* row 2's top is 220; the content is 320 high, the viewport 200 */
    check_nav(nav, 2, true, 0, 120);
    CHECK_TEXT(take(), "scroll 1\nscroll 2\n");
    CHECK_RESULT(frames_banner_place_free(place), FRAMES_OK);

    ft_section("BN-08", "tiles: nothing moves");
    a = appearance_of(FRAMES_LAYOUT_TYPE_TILES);
    place = new_place(engine, "v", &a, &r);
    CHECK_RESULT(frames_banner_place_attach(place, 4200), FRAMES_OK);
    bs_pump(engine, 4200);
    take();
    CHECK_RESULT(frames_banner_place_show_next(place, 4210, &nav), FRAMES_OK);
    check_nav(nav, 0, false, 0, 0);
    CHECK_RESULT(frames_banner_place_show_previous(place, 4210, &nav), FRAMES_OK);
    check_nav(nav, 0, false, 0, 0);
    CHECK_RESULT(frames_banner_place_show_banner(place, 2, 4210, &nav), FRAMES_OK);
    check_nav(nav, 0, false, 0, 0);
    CHECK_RESULT(frames_banner_place_show_banner(place, 3, 4210, &nav), FRAMES_ERR_OUT_OF_RANGE);
    CHECK_TEXT(take(), "");

    free_engine(engine);
}

/* ------------------------------------------------------------------------ */
/* BN-12 tiles with an unknown viewport                                      */
/* ------------------------------------------------------------------------ */

static void test_tiles_unknown_viewport(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false};
    frames_banner_place *place;
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_TILES);
    frames_banner_row rows[3];

    ft_section("BN-12 BN-13", "tiles with an unknown viewport play every banner and count it viewed");
    bs_reset();
    bs_add("t", "t0", "1", 10000);
    bs_add("t", "t1", "1", 10000);
    bs_add("t", "t2", "1", 10000);
    engine = new_engine();
    place = new_place(engine, "t", &a, &r);
    CHECK_RESULT(frames_banner_place_set_viewport(place, NULL, 0), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_attach(place, 0), FRAMES_OK);
    bs_pump(engine, 0);
    CHECK_TEXT(take(), "loaded t\nupdate 1 3 100\nrender 0 t0\nplay 0\nshow 0 t0\nrender 1 t1\nplay 1\nshow 1 t1\n"
                       "render 2 t2\nplay 2\nshow 2 t2\n");
    CHECK_INT(view_count, 3);
    CHECK_STR(view_log, "t0 t1 t2 ");
    get_rows(place, 0, rows, 3);
    CHECK(!rows[2].share_known && rows[2].playing && rows[2].viewed);

    ft_section("BN-12", "a known viewport applies the 75 % rule again; NULL falls back");
    viewport(place, 0, 50, 10); /* first row (45 high) visible, second (y 55) not */
    CHECK_TEXT(take(), "pause 2\n");
    CHECK_RESULT(frames_banner_place_set_viewport(place, NULL, 20), FRAMES_OK);
    CHECK_TEXT(take(), "resume 2\n");

    ft_section("BN-12", "banners known to be hidden do not fall back");
    CHECK_RESULT(frames_banner_place_set_hidden(place, true, 30), FRAMES_OK);
    CHECK_TEXT(take(), "pause 0\npause 1\npause 2\n");
    CHECK_INT(view_count, 3);

    ft_section("BN-12", "a vertical list with an unknown viewport plays nothing");
    bs_add("l", "l0", "1", 10000);
    a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    CHECK_RESULT(frames_banner_place_free(place), FRAMES_OK);
    place = new_place(engine, "l", &a, &r);
    CHECK_RESULT(frames_banner_place_attach(place, 40), FRAMES_OK);
    bs_pump(engine, 40);
    CHECK_TEXT(take(), "loaded l\nupdate 1 1 100\nrender 0 l0\n");
    CHECK_INT(view_count, 3);

    free_engine(engine);
}

/* ------------------------------------------------------------------------ */
/* BN-17 input                                                               */
/* ------------------------------------------------------------------------ */

static void test_input(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false};
    frames_banner_place *place;

    ft_section("BN-17", "report_input_requested pauses a list until report_input_finished");
    bs_reset();
    bs_add("p", "A", "1", 10000);
    bs_add("p", "B", "0.5", 10000);
    engine = new_engine();
    place = list_ab(engine, &r, FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    viewport(place, 0, 100, 0);
    take();
    CHECK_RESULT(frames_banner_place_report_input_requested(place, 0, FRAMES_INPUT_KIND_EMAIL, "Your e-mail", 100),
                 FRAMES_OK);
    CHECK_TEXT(take(), "pause 0\ninput 0 1 Your e-mail\n");
    CHECK_RESULT(frames_banner_place_report_input_requested(place, 0, FRAMES_INPUT_KIND_TEXT, "again", 150),
                 FRAMES_ERR_INVALID_STATE);
    viewport(place, 1, 100, 200); /* scrolling while the dialog is shown */
    CHECK_TEXT(take(), "");
    CHECK_RESULT(frames_banner_place_report_input_finished(place, 300), FRAMES_OK);
    CHECK_TEXT(take(), "resume 0\n");
    CHECK_RESULT(frames_banner_place_report_input_finished(place, 300), FRAMES_OK); /* harmless */
    CHECK_TEXT(take(), "");
    CHECK_RESULT(frames_banner_place_report_input_requested(place, 0, 7, "x", 300), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_banner_place_report_input_requested(place, 2, FRAMES_INPUT_KIND_TEXT, "x", 300), FRAMES_ERR_OUT_OF_RANGE);

    ft_section("BN-17", "input_requested returning false resumes at once");
    r.presents_input = false;
    CHECK_RESULT(frames_banner_place_report_input_requested(place, 0, FRAMES_INPUT_KIND_TELEPHONE, "Phone", 400),
                 FRAMES_OK);
    CHECK_TEXT(take(), "pause 0\ninput 0 2 Phone\nresume 0\n");
    CHECK_RESULT(frames_banner_place_report_input_requested(place, 0, FRAMES_INPUT_KIND_TEXT, "", 500), FRAMES_OK);
    CHECK_TEXT(take(), "pause 0\ninput 0 0 \nresume 0\n");

    ft_section("BN-17", "without a delegate the request is declined at once");
    CHECK_RESULT(frames_banner_place_set_delegate(place, NULL), FRAMES_OK);
    CHECK_INT(r.frees, 1);
    CHECK_RESULT(frames_banner_place_report_input_requested(place, 0, FRAMES_INPUT_KIND_TEXT, "x", 600), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_report_input_requested(place, 0, FRAMES_INPUT_KIND_TEXT, "y", 700), FRAMES_OK);
    {
        frames_banner_row rows[2];
        get_rows(place, 700, rows, 2);
        CHECK(rows[0].playing);
    }
    free_engine(engine);
    CHECK_INT(r.frees, 1);
}

/* ------------------------------------------------------------------------ */
/* frames_layout_visibility                                                  */
/* ------------------------------------------------------------------------ */

static void test_visibility_function(void) {
    frames_rect v = {0, 0, 100, 100};
    frames_rect rects[8] = {
        {0, 25, 100, 100},  /* exactly 75 % visible */
        {0, 24, 100, 100},  /* 76 % */
        {0, -50, 100, 300}, /* taller, fills the viewport */
        {0, 25, 100, 300},  /* taller, fills 75 % of the viewport height */
        {0, 0, 0, 0},       /* empty */
        {0, 100, 100, 50},  /* touches the bottom edge only */
        {50, 0, 100, 100},  /* half its width visible */
        {-20, 0, 100, 100}, /* 80 % of its width */
    };
    double shares[8];
    bool eligible[8];
    frames_rect bad[3] = {{0, 0, 10, 10}, {0, 0, 10, 10}, {0, 0, 10, 10}};
    frames_rect empty_view = {0, 0, 0, 100};
    size_t i;

    ft_section("BN-10", "frames_layout_visibility: edge values");
    CHECK_RESULT(frames_layout_visibility(rects, 8, &v, shares, eligible), FRAMES_OK);
    CHECK_DOUBLE(shares[0], 0.75);
    CHECK(!eligible[0]);
    CHECK_DOUBLE(shares[1], 0.76);
    CHECK(eligible[1]);
    CHECK_DOUBLE(shares[2], 1.0);
    CHECK(eligible[2]);
    CHECK_DOUBLE(shares[3], 0.75);
    CHECK(!eligible[3]);
    CHECK_DOUBLE(shares[4], 0.0);
    CHECK(!eligible[4]);
    CHECK_DOUBLE(shares[5], 0.0);
    CHECK_DOUBLE(shares[6], 0.5);
    CHECK_DOUBLE(shares[7], 0.8);
    CHECK(eligible[7]);
    CHECK_RESULT(frames_layout_visibility(rects, 8, &empty_view, shares, eligible), FRAMES_OK);
    for (i = 0; i < 8; i++) CHECK_DOUBLE(shares[i], 0.0);
    CHECK_RESULT(frames_layout_visibility(NULL, 0, &v, NULL, NULL), FRAMES_OK);

    ft_section("BN-10", "frames_layout_visibility: errors name the argument and index");
    frames_error_clear();
    CHECK_RESULT(frames_layout_visibility(rects, 8, NULL, shares, eligible), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("viewport");
    bad[2].y = NAN;
    shares[0] = -1;
    CHECK_RESULT(frames_layout_visibility(bad, 3, &v, shares, eligible), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("rects[2]");
    CHECK_DOUBLE(shares[0], -1); /* nothing written */
    bad[2].y = 0;
    bad[1].height = -1;
    CHECK_RESULT(frames_layout_visibility(bad, 3, &v, shares, eligible), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("rects[1]");
    bad[1].height = 10;
    bad[0].width = INFINITY;
    CHECK_RESULT(frames_layout_visibility(bad, 3, &v, shares, eligible), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("rects[0]");
    bad[0].width = 10;
    v.height = NAN;
    CHECK_RESULT(frames_layout_visibility(bad, 3, &v, shares, eligible), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("viewport");
    v.height = -5;
    CHECK_RESULT(frames_layout_visibility(bad, 3, &v, shares, eligible), FRAMES_ERR_INVALID_ARGUMENT);
    v.height = 100;
    CHECK_RESULT(frames_layout_visibility(NULL, 3, &v, shares, eligible), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("rects");
    CHECK_RESULT(frames_layout_visibility(bad, 3, &v, NULL, eligible), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("out_shares");
    CHECK_RESULT(frames_layout_visibility(bad, 3, &v, shares, NULL), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("out_eligible");
}

/* ------------------------------------------------------------------------ */
/* Handles and frees                                                         */
/* ------------------------------------------------------------------------ */

static void test_handles(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false}, r2 = {0, true, NULL, 0, false};
    frames_banner_place *place, *freed, *second;
    frames_frame *frame = NULL;
    frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    frames_banner_place_delegate d;
    frames_navigation nav;
    size_t index, count;
    frames_rect v = {0, 0, 100, 100};

    ft_section("XC-07 BN-01", "NULL, freed and wrong-kind place handles are invalid");
    bs_reset();
    bs_add("p", "A", "1", 10000);
    engine = new_engine();
    host_frees = 0;
    CHECK_RESULT(frames_banner_place_new(engine, "p", &a, NULL), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_banner_place_new(engine, NULL, &a, &place), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_banner_place_new(engine, "", &a, &place), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_banner_place_new(engine, "p", NULL, &place), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_banner_place_new(NULL, "p", &a, &place), FRAMES_ERR_INVALID_HANDLE);
    a.side_inset = -1;
    CHECK_RESULT(frames_banner_place_new(engine, "p", &a, &place), FRAMES_ERR_INVALID_ARGUMENT);
    a.side_inset = 0;
    a.version = 99;
    CHECK_RESULT(frames_banner_place_new(engine, "p", &a, &place), FRAMES_ERR_VERSION);
    a.version = FRAMES_APPEARANCE_VERSION;

    CHECK_RESULT(frames_banner_place_attach(NULL, 0), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banner_place_set_viewport(NULL, &v, 0), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banner_place_get_current_index(NULL, &index), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banner_place_free(NULL), FRAMES_OK);

    freed = new_place(engine, "p", &a, &r2);
    CHECK_RESULT(frames_banner_place_free(freed), FRAMES_OK);
    CHECK_INT(r2.frees, 1);
    CHECK_RESULT(frames_banner_place_attach(freed, 0), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banner_place_set_viewport(freed, &v, 0), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banner_place_show_next(freed, 0, &nav), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banner_place_get_rows(freed, 0, NULL, 0, &count), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banner_place_set_delegate(freed, NULL), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banner_place_free(freed), FRAMES_ERR_INVALID_HANDLE);
    CHECK_INT(r2.frees, 1);

    CHECK_RESULT(frames_frame_new(engine, &frame), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_attach((frames_banner_place *)(void *)frame, 0), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banner_place_free((frames_banner_place *)(void *)frame), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banner_place_attach((frames_banner_place *)(void *)engine, 0), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_frame_get_status(frame, NULL), FRAMES_ERR_NULL_POINTER); /* the frame still lives */

    ft_section("XC-07", "a place handle is not a frame or an engine handle");
    place = new_place(engine, "p", &a, &r);
    CHECK_RESULT(frames_frame_attach((frames_frame *)(void *)place, 0), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_engine_on_timeout((frames_engine *)(void *)place, 0), FRAMES_ERR_INVALID_HANDLE);

    ft_section("BN-15", "replacing the delegate runs the previous free_user_data once");
    d = bh_delegate_for(&r2);
    CHECK_RESULT(frames_banner_place_set_delegate(place, &d), FRAMES_OK);
    CHECK_INT(r.frees, 1);
    d = bh_delegate_for(&r);
    d.version = 7;
    CHECK_RESULT(frames_banner_place_set_delegate(place, &d), FRAMES_ERR_VERSION);
    CHECK_INT(r2.frees, 1); /* a rejected delegate changes nothing */
    d.version = FRAMES_BANNER_PLACE_DELEGATE_VERSION;
    r.frees = 0;
    CHECK_RESULT(frames_banner_place_set_delegate(place, &d), FRAMES_OK);
    CHECK_INT(r2.frees, 2);
    CHECK_RESULT(frames_banner_place_set_container(place, NAN, false, 0), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_banner_place_set_container(place, -1, false, 0), FRAMES_ERR_INVALID_ARGUMENT);
    v.width = INFINITY;
    CHECK_RESULT(frames_banner_place_set_viewport(place, &v, 0), FRAMES_ERR_INVALID_ARGUMENT);
    v.width = 100;

    ft_section("XC-07 BN-15", "freeing the engine frees its places and runs free_user_data once");
    CHECK_RESULT(frames_banner_place_attach(place, 0), FRAMES_OK);
    bs_pump(engine, 0);
    second = new_place(engine, "p", &a, &r2);
    r2.frees = 0;
    free_engine(engine);
    CHECK_INT(r.frees, 1);
    CHECK_INT(r2.frees, 1);
    CHECK_INT(host_frees, 1);
    CHECK_RESULT(frames_banner_place_attach(place, 0), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banner_place_free(second), FRAMES_ERR_INVALID_HANDLE);
    CHECK_INT(r2.frees, 1);
}

static void free_inside(const char *where, const char *expected) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false};
    frames_banner_place *place;
    char what[96];
    size_t index;

    snprintf(what, sizeof what, "a place freed inside its own %s callback", where);
    ft_section("XC-03 BN-15", what);
    bs_reset();
    bs_add("p", "A", "1", 10000);
    bs_add("p", "B", "1", 10000);
    engine = new_engine();
    {
        frames_appearance a = appearance_of(FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
        place = new_place(engine, "p", &a, &r);
    }
    r.free_in = where;
    viewport(place, 0, 300, 0);
    CHECK_RESULT(frames_banner_place_attach(place, 0), FRAMES_OK);
    bs_pump(engine, 0);
    bs_pump(engine, 1);
    CHECK_TEXT(take(), expected);
    CHECK(r.freed);
    CHECK_INT(r.callbacks_after_free, 0);
    CHECK_INT(r.frees, 1);
    CHECK_RESULT(frames_banner_place_get_current_index(place, &index), FRAMES_ERR_INVALID_HANDLE);
    CHECK_INT(next_deadline(engine), -1);
    free_engine(engine);
    CHECK_INT(r.frees, 1);
}

int main(void) {
    test_preload_cache();
    test_availability_and_heights();
    test_failed_row();
    test_threshold();
    test_background(FRAMES_LAYOUT_TYPE_VERTICAL_LIST, "vertical list");
    test_background(FRAMES_LAYOUT_TYPE_TILES, "tiles");
    test_background(FRAMES_LAYOUT_TYPE_CAROUSEL, "carousel");
    test_carousel_timer();
    test_navigation();
    test_tiles_unknown_viewport();
    test_input();
    test_visibility_function();
    test_handles();
    free_inside("update", "loaded p\nupdate 1 2 210\nfree in update -> ok\n");
    free_inside("play", "loaded p\nupdate 1 2 210\nrender 0 A\nplay 0\nfree in play -> ok\n");
    return ft_finish("test_banner_places");
}
