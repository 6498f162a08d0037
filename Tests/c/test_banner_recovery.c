/*
 * test_banner_recovery.c — a carousel never freezes, every index change is
 * reported, the viewport decides what a carousel plays and counts, and a
 * preload is ready to show — through the C API, over the scripted banner
 * backend and recording delegate of banner_harness.h (transcript lines as
 * described there).
 *
 * Proves: BN-09 and BN-16 (a page whose banner failed or is still loading
 * stays for that banner's duration, then the carousel moves on; a touch
 * restarts that countdown; it pauses in background; a row retried
 * successfully plays when its turn comes), BN-08 and BN-15 (a refresh or a
 * failed reload that puts the carousel back on its first page fires
 * scrolled(0), and only when the index changes), BN-10, BN-12 and BN-13 (a
 * carousel whose viewport shares no area with its bounds plays nothing,
 * advances nothing and counts no views; a page reached by show_banner while
 * paused counts its view; a hidden tiles place counts none), BN-14 (preload
 * fetches the list and every content, reports per-banner failures —
 * a 404 and content whose bytes were swapped — and a place created afterwards
 * shows its banners with no request; failed rows can be retried), BN-16
 * (frames_banner_place_get_banner_id names the banner of a loading, ready or
 * failed row; its caller-buffer protocol and errors).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_backend.h"
#include "frames_test.h"
#include "banner_harness.h"
#include "recording_check.h"

/* --- checked helpers ------------------------------------------------------ */

/* Every engine is recorded; free_engine replays its recording (XC-12, XC-13). */
static ft_recording recording;

static frames_engine *new_engine(void) {
    return bh_new_engine(&recording);
}

static void free_engine(frames_engine *engine) {
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    ft_section("XC-12 XC-13", "the engine's recording replays identically");
    ft_check_replay(&recording, "a banner recovery engine");
}

/* A place of `placement_id` with the recording delegate, width 100. */
static frames_banner_place *new_place(frames_engine *engine, const char *placement_id, frames_layout_type layout,
                                      recorder *r) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    frames_banner_place *place = NULL;
    frames_banner_place_delegate d = bh_delegate_for(r);
    a.layout_type = layout;
    a.inter_item_spacing = 10;
    CHECK_RESULT(frames_banner_place_new(engine, placement_id, &a, &place), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_set_delegate(place, &d), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_set_container(place, 100, false, 0), FRAMES_OK);
    return place;
}

static void set_viewport(frames_banner_place *place, double x, double y, double w, double h, int64_t now) {
    frames_rect v;
    v.x = x;
    v.y = y;
    v.width = w;
    v.height = h;
    CHECK_RESULT(frames_banner_place_set_viewport(place, &v, now), FRAMES_OK);
}

static size_t current_index(frames_banner_place *place) {
    size_t index = 99;
    CHECK_RESULT(frames_banner_place_get_current_index(place, &index), FRAMES_OK);
    return index;
}

static void timeout(frames_engine *engine, int64_t now) {
    CHECK_RESULT(frames_engine_on_timeout(engine, now), FRAMES_OK);
}

static void app_state(frames_engine *engine, frames_app_state state, int64_t now) {
    CHECK_RESULT(frames_engine_set_app_state(engine, state, now), FRAMES_OK);
}

/* A carousel over "c": b0..b(count-1), ratio 1, 1000 ms each, on a 100-wide
 * container (pages 100 x 100), loaded at time 0 with the transcript taken. */
static frames_banner_place *carousel(frames_engine *engine, recorder *r, size_t count, const char *failing) {
    static const char *const ids[4] = { "b0", "b1", "b2", "b3" };
    frames_banner_place *place;
    size_t i;
    bs_reset();
    for (i = 0; i < count && i < 4; i++) bs_add("c", ids[i], "1", 1000)->failing = failing && strcmp(failing, ids[i]) == 0;
    place = new_place(engine, "c", FRAMES_LAYOUT_TYPE_CAROUSEL, r);
    CHECK_RESULT(frames_banner_place_attach(place, 0), FRAMES_OK);
    bs_pump(engine, 0);
    return place;
}

/* --- BN-09, BN-16: the carousel never freezes -------------------------------- */

static void test_failed_page_advances(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false};
    frames_banner_place *place;

    ft_section("BN-09 BN-16", "a failed banner's page stays for its duration, then the carousel moves on");
    engine = new_engine();
    place = carousel(engine, &r, 3, "b1");
    CHECK_TEXT(take(), "loaded c\nupdate 1 3 100\nrender 0 b0\nplay 0\nshow 0 b0\nfailed 1 downloadingFailed 404\n"
                       "render 2 b2\n");
    CHECK_INT(next_deadline(engine), 1000);
    timeout(engine, 1000);
    CHECK_TEXT(take(), "scroll 1\npause 0\n"); /* b1 cannot play: nothing starts, nothing is counted */
    CHECK_INT(current_index(place), 1);
    CHECK_INT(next_deadline(engine), 2000); /* its duration, counted from arriving */
    timeout(engine, 1999);
    CHECK_TEXT(take(), "");
    timeout(engine, 2000);
    CHECK_TEXT(take(), "scroll 2\nplay 2\nshow 2 b2\n");
    CHECK_STR(view_log, "b0 b2 ");
    timeout(engine, 3000); /* and round again, past the failed page */
    timeout(engine, 4000);
    CHECK_TEXT(take(), "scroll 0\npause 2\nplay 0\nscroll 1\npause 0\n");
    CHECK_INT(current_index(place), 1);
    free_engine(engine);

    ft_section("BN-09", "a touch restarts the countdown of a page that cannot play");
    engine = new_engine();
    place = carousel(engine, &r, 3, "b1");
    timeout(engine, 1000);
    take();
    CHECK_RESULT(frames_banner_place_report_user_interaction(place, 1700), FRAMES_OK);
    CHECK_INT(next_deadline(engine), 2700);
    timeout(engine, 2000);
    CHECK_INT(current_index(place), 1);
    CHECK_TEXT(take(), "");
    timeout(engine, 2700);
    CHECK_INT(current_index(place), 2);
    free_engine(engine);

    ft_section("BN-09 BN-11", "the countdown of a page that cannot play pauses in background, the rest is kept");
    engine = new_engine();
    place = carousel(engine, &r, 3, "b1");
    timeout(engine, 1000);
    app_state(engine, FRAMES_APP_STATE_BACKGROUND, 1400);
    CHECK_INT(next_deadline(engine), -1);
    timeout(engine, 4000);
    CHECK_INT(current_index(place), 1);
    app_state(engine, FRAMES_APP_STATE_ACTIVE, 5000);
    CHECK_INT(next_deadline(engine), 5600); /* 600 ms were left */
    timeout(engine, 5600);
    CHECK_INT(current_index(place), 2);
    free_engine(engine);

    ft_section("BN-09 BN-11", "a manual pause stops it too; resume gives back what was left");
    engine = new_engine();
    place = carousel(engine, &r, 3, "b1");
    timeout(engine, 1000);
    CHECK_RESULT(frames_banner_place_pause(place, 1300), FRAMES_OK);
    CHECK_INT(next_deadline(engine), -1);
    CHECK_RESULT(frames_banner_place_resume(place, 9000), FRAMES_OK);
    CHECK_INT(next_deadline(engine), 9700);
    free_engine(engine);
}

static void test_retried_row_plays_on_its_turn(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false};
    frames_banner_place *place;
    frames_banner_row rows[2];
    size_t count = 0;

    ft_section("BN-16 BN-09", "a row retried successfully plays when its turn comes, not before");
    engine = new_engine();
    place = carousel(engine, &r, 2, "b1");
    take();
    bs_place_for("c")->banners[1].failing = false;
    CHECK_RESULT(frames_banner_place_retry_row(place, 1, 100), FRAMES_OK);
    CHECK_INT(bs_pump(engine, 100), 1);
    CHECK_TEXT(take(), "render 1 b1\n");
    CHECK_RESULT(frames_banner_place_get_rows(place, 100, rows, 2, &count), FRAMES_OK);
    CHECK_INT(rows[1].state, FRAMES_ROW_STATE_READY);
    CHECK(!rows[1].playing);
    CHECK(rows[0].playing);
    timeout(engine, 1000);
    CHECK_TEXT(take(), "scroll 1\npause 0\nplay 1\nshow 1 b1\n");
    free_engine(engine);

    ft_section("BN-16 BN-09", "retried while its page is on: it starts at once");
    engine = new_engine();
    place = carousel(engine, &r, 2, "b1");
    timeout(engine, 1000);
    take();
    bs_place_for("c")->banners[1].failing = false;
    CHECK_RESULT(frames_banner_place_retry_row(place, 1, 1200), FRAMES_OK);
    bs_pump(engine, 1200);
    CHECK_TEXT(take(), "render 1 b1\nplay 1\nshow 1 b1\n");
    CHECK_INT(current_index(place), 1);
    free_engine(engine);
}

static void test_loading_page_advances(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false};
    frames_banner_place *place;

    ft_section("BN-09 BN-16", "a banner still loading when its page comes does not stall the carousel");
    engine = new_engine();
    bs_reset();
    bs_add("c", "b0", "1", 1000)->stalled = true;
    bs_add("c", "b1", "1", 1000)->stalled = true;
    place = new_place(engine, "c", FRAMES_LAYOUT_TYPE_CAROUSEL, &r);
    CHECK_RESULT(frames_banner_place_attach(place, 0), FRAMES_OK);
    CHECK_INT(bs_pump(engine, 0), 3); /* the list, then two contents that never come */
    CHECK_TEXT(take(), "loaded c\nupdate 1 2 100\n");
    CHECK_INT(next_deadline(engine), 1000);
    timeout(engine, 1000);
    CHECK_INT(current_index(place), 1);
    CHECK_TEXT(take(), "scroll 1\n");
    free_engine(engine);
}

/* --- BN-16: which banner a row is --------------------------------------------- */

static void test_banner_id_of_a_row(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false};
    frames_banner_place *place;
    char buffer[64];
    size_t length = 99;

    ft_section("BN-16", "frames_banner_place_get_banner_id: no row before the list arrives");
    engine = new_engine();
    bs_reset();
    bs_add("deals", "a", "1", 1000);
    bs_add("deals", "loyalty_club", "1", 1000)->failing = true;
    bs_add("deals", "c", "1", 1000)->stalled = true;
    place = new_place(engine, "deals", FRAMES_LAYOUT_TYPE_VERTICAL_LIST, &r);
    CHECK_RESULT(frames_banner_place_get_banner_id(place, 0, buffer, sizeof buffer, &length), FRAMES_ERR_OUT_OF_RANGE);
    CHECK_MESSAGE_MENTIONS("index 0 is not a banner of the place; it has 0");

    ft_section("BN-16", "a failed, a ready and a still loading row name their banners");
    CHECK_RESULT(frames_banner_place_attach(place, 0), FRAMES_OK);
    bs_pump(engine, 0);
    CHECK(strstr(take(), "failed 1 ") != NULL); /* row_failed names the index only */
    memset(buffer, 'x', sizeof buffer);
    CHECK_RESULT(frames_banner_place_get_banner_id(place, 1, buffer, sizeof buffer, &length), FRAMES_OK);
    CHECK_STR(buffer, "loyalty_club");
    CHECK_INT(length, 12);
    CHECK_RESULT(frames_banner_place_get_banner_id(place, 0, buffer, sizeof buffer, &length), FRAMES_OK);
    CHECK_STR(buffer, "a");
    CHECK_INT(length, 1);
    {
        frames_banner_row rows[3];
        size_t count = 0;
        CHECK_RESULT(frames_banner_place_get_rows(place, 0, rows, 3, &count), FRAMES_OK);
        CHECK_INT(count, 3);
        CHECK_INT(rows[0].state, FRAMES_ROW_STATE_READY);
        CHECK_INT(rows[1].state, FRAMES_ROW_STATE_FAILED);
        CHECK_INT(rows[2].state, FRAMES_ROW_STATE_LOADING);
    }
    CHECK_RESULT(frames_banner_place_get_banner_id(place, 2, buffer, sizeof buffer, &length), FRAMES_OK);
    CHECK_STR(buffer, "c");
    CHECK_INT(length, 1);

    ft_section("BN-16", "a short buffer is BUFFER_TOO_SMALL with the length, untouched; capacity 0 asks the size");
    memset(buffer, 'x', sizeof buffer);
    length = 0;
    CHECK_RESULT(frames_banner_place_get_banner_id(place, 1, NULL, 0, &length), FRAMES_ERR_BUFFER_TOO_SMALL);
    CHECK_INT(length, 12);
    length = 0;
    CHECK_RESULT(frames_banner_place_get_banner_id(place, 1, buffer, 12, &length), FRAMES_ERR_BUFFER_TOO_SMALL);
    CHECK_INT(length, 12);
    CHECK_MESSAGE_MENTIONS("13");
    CHECK(buffer[0] == 'x' && buffer[11] == 'x');
    CHECK_RESULT(frames_banner_place_get_banner_id(place, 1, buffer, 13, &length), FRAMES_OK);
    CHECK_STR(buffer, "loyalty_club");

    ft_section("BN-16 XC-07", "the getter's own errors");
    CHECK_RESULT(frames_banner_place_get_banner_id(place, 3, buffer, sizeof buffer, &length), FRAMES_ERR_OUT_OF_RANGE);
    CHECK_MESSAGE_MENTIONS("index 3 is not a banner of the place; it has 3");
    CHECK_RESULT(frames_banner_place_get_banner_id(place, SIZE_MAX, buffer, sizeof buffer, &length),
                 FRAMES_ERR_OUT_OF_RANGE);
    CHECK_RESULT(frames_banner_place_get_banner_id(place, 0, buffer, sizeof buffer, NULL), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("out_length");
    CHECK_RESULT(frames_banner_place_get_banner_id(place, 0, NULL, 16, &length), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_banner_place_get_banner_id(NULL, 0, buffer, sizeof buffer, &length), FRAMES_ERR_INVALID_HANDLE);

    ft_section("BN-16", "a failed reload leaves no rows; a freed place's handle is stale");
    bs_place_for("deals")->list_status = 404;
    CHECK_RESULT(frames_banner_place_refresh(place, 10), FRAMES_OK);
    bs_pump(engine, 10);
    CHECK(strstr(take(), "update 0 0 0\n") != NULL);
    CHECK_RESULT(frames_banner_place_get_banner_id(place, 0, buffer, sizeof buffer, &length), FRAMES_ERR_OUT_OF_RANGE);
    CHECK_RESULT(frames_banner_place_free(place), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_get_banner_id(place, 0, buffer, sizeof buffer, &length), FRAMES_ERR_INVALID_HANDLE);
    free_engine(engine);
}

/* --- BN-08, BN-15: every index change is reported -------------------------- */

static void test_reset_to_first_page_is_reported(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false};
    frames_banner_place *place;
    frames_navigation nav;
    const char *log;

    ft_section("BN-08 BN-15", "a refresh that puts the carousel back on its first page fires scrolled(0)");
    engine = new_engine();
    place = carousel(engine, &r, 3, NULL);
    CHECK_RESULT(frames_banner_place_show_banner(place, 2, 10, &nav), FRAMES_OK);
    take();
    CHECK_RESULT(frames_banner_place_refresh(place, 20), FRAMES_OK);
    bs_pump(engine, 20);
    log = take();
    CHECK(strstr(log, "scroll 0\n") != NULL);
    CHECK_INT(current_index(place), 0);

    ft_section("BN-08 BN-15", "a refresh on the first page already: no scrolled");
    CHECK_RESULT(frames_banner_place_refresh(place, 30), FRAMES_OK);
    bs_pump(engine, 30);
    CHECK(strstr(take(), "scroll") == NULL);

    ft_section("BN-08 BN-15", "a failed reload resets the index too, and says so after the update");
    CHECK_RESULT(frames_banner_place_show_banner(place, 1, 40, &nav), FRAMES_OK);
    take();
    bs_place_for("c")->list_status = 404;
    CHECK_RESULT(frames_banner_place_refresh(place, 50), FRAMES_OK);
    bs_pump(engine, 50);
    CHECK_TEXT(take(), "pause 1\nupdate 0 0 0\nscroll 0\n");
    CHECK_INT(current_index(place), 0);
    free_engine(engine);
}

/* --- BN-10, BN-12, BN-13: the viewport -------------------------------------- */

static void test_offscreen_carousel(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false};
    frames_banner_place *place;
    frames_banner_row rows[3];
    frames_navigation nav;
    size_t count = 0;

    ft_section("BN-10 BN-12 BN-13", "a carousel entirely outside the viewport plays nothing, advances nothing, counts nothing");
    engine = new_engine();
    bs_reset();
    bs_add("c", "b0", "1", 1000);
    bs_add("c", "b1", "1", 1000);
    bs_add("c", "b2", "1", 1000);
    place = new_place(engine, "c", FRAMES_LAYOUT_TYPE_CAROUSEL, &r);
    set_viewport(place, 0, 500, 100, 400, 0); /* the carousel is 0..100 high */
    CHECK_RESULT(frames_banner_place_attach(place, 0), FRAMES_OK);
    bs_pump(engine, 0);
    CHECK_TEXT(take(), "loaded c\nupdate 1 3 100\nrender 0 b0\nrender 1 b1\nrender 2 b2\n");
    CHECK_RESULT(frames_banner_place_get_rows(place, 0, rows, 3, &count), FRAMES_OK);
    CHECK(!rows[0].playing && !rows[1].playing && !rows[2].playing);
    CHECK(!rows[0].viewed);
    CHECK_INT(view_count, 0);
    CHECK_INT(next_deadline(engine), -1);
    timeout(engine, 5000);
    CHECK_INT(current_index(place), 0);

    ft_section("BN-10 BN-13", "a viewport touching only its bottom edge is still off screen; one point of overlap is on");
    set_viewport(place, 0, 100, 100, 400, 5500);
    CHECK_TEXT(take(), "");
    set_viewport(place, 0, 99, 100, 400, 6000);
    CHECK_TEXT(take(), "play 0\nshow 0 b0\n");
    CHECK_INT(next_deadline(engine), 7000);
    CHECK_STR(view_log, "b0 ");

    ft_section("BN-10", "an empty viewport is off screen: it pauses and its timer stops");
    set_viewport(place, 0, 0, 0, 0, 6500);
    CHECK_TEXT(take(), "pause 0\n");
    CHECK_INT(next_deadline(engine), -1);

    ft_section("BN-13", "show_banner while off screen moves the page but counts no view");
    CHECK_RESULT(frames_banner_place_show_banner(place, 2, 6600, &nav), FRAMES_OK);
    CHECK_TEXT(take(), "scroll 2\n");
    CHECK_INT(view_count, 1);
    CHECK_RESULT(frames_banner_place_set_viewport(place, NULL, 6700), FRAMES_OK); /* NULL: on screen */
    CHECK_TEXT(take(), "play 2\nshow 2 b2\n");
    CHECK_STR(view_log, "b0 b2 ");
    free_engine(engine);
}

static void test_paused_page_counts_its_view(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false};
    frames_banner_place *place;
    frames_banner_row rows[4];
    frames_navigation nav;
    size_t count = 0;

    ft_section("BN-13", "a carousel page reached by show_banner while paused is on screen: it counts its view");
    engine = new_engine();
    place = carousel(engine, &r, 4, NULL);
    CHECK_RESULT(frames_banner_place_pause(place, 10), FRAMES_OK);
    take();
    CHECK_RESULT(frames_banner_place_show_banner(place, 2, 20, &nav), FRAMES_OK);
    CHECK_TEXT(take(), "scroll 2\nshow 2 b2\n");
    CHECK_RESULT(frames_banner_place_get_rows(place, 20, rows, 4, &count), FRAMES_OK);
    CHECK(!rows[2].playing);
    CHECK(rows[2].viewed);
    CHECK_STR(view_log, "b0 b2 ");
    CHECK_RESULT(frames_banner_place_show_banner(place, 2, 25, &nav), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_show_banner(place, 0, 26, &nav), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_show_banner(place, 2, 27, &nav), FRAMES_OK);
    CHECK_STR(view_log, "b0 b2 "); /* once per banner per load */

    ft_section("BN-13", "hidden, or in background, a page reached is not on screen: no view");
    CHECK_RESULT(frames_banner_place_set_hidden(place, true, 30), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_show_banner(place, 1, 40, &nav), FRAMES_OK);
    CHECK_STR(view_log, "b0 b2 ");
    /* Shown again, still paused: the page now on screen counts. */
    CHECK_RESULT(frames_banner_place_set_hidden(place, false, 50), FRAMES_OK);
    CHECK_STR(view_log, "b0 b2 b1 ");
    app_state(engine, FRAMES_APP_STATE_BACKGROUND, 60);
    CHECK_RESULT(frames_banner_place_show_banner(place, 3, 70, &nav), FRAMES_OK);
    CHECK_STR(view_log, "b0 b2 b1 ");
    free_engine(engine);
}

static void test_hidden_tiles_count_nothing(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false};
    frames_banner_place *place;

    ft_section("BN-12 BN-13", "a hidden tiles place counts no views until it is shown");
    engine = new_engine();
    bs_reset();
    bs_add("t", "t0", "1", 1000);
    bs_add("t", "t1", "1", 1000);
    place = new_place(engine, "t", FRAMES_LAYOUT_TYPE_TILES, &r);
    CHECK_RESULT(frames_banner_place_set_hidden(place, true, 0), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_attach(place, 0), FRAMES_OK);
    bs_pump(engine, 0);
    CHECK_INT(view_count, 0);
    CHECK_RESULT(frames_banner_place_set_hidden(place, false, 10), FRAMES_OK);
    CHECK_STR(view_log, "t0 t1 ");
    free_engine(engine);
}

/* --- BN-14: preload means ready to show -------------------------------------- */

static void test_preload_ready_to_show(void) {
    frames_engine *engine;
    recorder r = {0, true, NULL, 0, false}, ro = {0, true, NULL, 0, false};
    frames_banner_place *place, *other;
    frames_banner_row rows[4];
    size_t count = 0;

    ft_section("BN-14 BN-15 BN-16", "preload reports each banner's failure: a 404 and content whose bytes were swapped");
    engine = new_engine();
    bs_reset();
    bs_add("home", "h0", "1", 1000);
    bs_add("home", "h1", "1", 1000)->failing = true;
    bs_add("home", "h2", "1", 1000);
    bs_add("home", "h3", "1", 1000)->tampered = true;
    bs_add("other", "o0", "1", 1000);
    CHECK_RESULT(frames_banners_preload(engine, "home", 0), FRAMES_OK);
    CHECK_INT(bs_pump(engine, 0), 5); /* the list and all four contents */
    CHECK_TEXT(preload_text.text, "preload home 4 h0,h1!downloadingFailed,h2,h3!placementUntrusted\n");

    ft_section("BN-14 BN-16", "a place created afterwards shows its banners with no request; failed rows say so");
    banner_server.list_requests = 0;
    banner_server.content_requests = 0;
    place = new_place(engine, "home", FRAMES_LAYOUT_TYPE_VERTICAL_LIST, &r);
    CHECK_RESULT(frames_banner_place_attach(place, 1), FRAMES_OK);
    CHECK_TEXT(take(), "loaded home\nupdate 1 4 430\nrender 0 h0\nfailed 1 downloadingFailed 404\nrender 2 h2\n"
                       "failed 3 placementUntrusted 0\n");
    CHECK_INT(bs_pump(engine, 1), 0);
    CHECK_RESULT(frames_banner_place_get_rows(place, 1, rows, 4, &count), FRAMES_OK);
    CHECK_INT(count, 4);
    CHECK_INT(rows[0].state, FRAMES_ROW_STATE_READY);
    CHECK_INT(rows[1].state, FRAMES_ROW_STATE_FAILED);
    CHECK_INT(rows[2].state, FRAMES_ROW_STATE_READY);
    CHECK_INT(rows[3].state, FRAMES_ROW_STATE_FAILED);

    ft_section("BN-16 BN-14", "a failed row of a preloaded place is retried on its own");
    bs_place_for("home")->banners[1].failing = false;
    CHECK_RESULT(frames_banner_place_retry_row(place, 1, 2), FRAMES_OK);
    CHECK_INT(bs_pump(engine, 2), 1);
    CHECK_INT(banner_server.list_requests, 0);
    CHECK_STR(banner_server.last_content_url, "https://cdn.test/banners/h1.html");
    CHECK_TEXT(take(), "render 1 h1\n");

    ft_section("BN-14", "a place with another id is not affected: it fetches");
    other = new_place(engine, "other", FRAMES_LAYOUT_TYPE_VERTICAL_LIST, &ro);
    CHECK_RESULT(frames_banner_place_attach(other, 3), FRAMES_OK);
    CHECK_TEXT(take(), "");
    CHECK_INT(bs_pump(engine, 3), 2);
    CHECK_INT(banner_server.list_requests, 1);
    CHECK_TEXT(take(), "loaded other\nupdate 1 1 100\nrender 0 o0\n");
    free_engine(engine);
}

int main(void) {
    test_failed_page_advances();
    test_retried_row_plays_on_its_turn();
    test_loading_page_advances();
    test_banner_id_of_a_row();
    test_reset_to_first_page_is_reported();
    test_offscreen_carousel();
    test_paused_page_counts_its_view();
    test_hidden_tiles_count_nothing();
    test_preload_ready_to_show();
    return ft_finish("test_banner_recovery");
}
