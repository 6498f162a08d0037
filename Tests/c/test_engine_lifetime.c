/*
 * How long engines, handles and time last, through the C API.
 *
 * Proves: XC-02 (an engine whose owner thread has ended takes one call more,
 * frames_engine_free, from any thread — every other call on it, its frames
 * and places is WRONG_THREAD saying the owner ended; a thread started later
 * never becomes the owner, even when it gets the ended thread's pthread_t;
 * free_user_data then runs on the freeing thread; two threads freeing the
 * same orphaned engine: exactly one succeeds), XC-07 (handle values: a
 * neighbour of a live handle — ±1, ±16, ±4096 — a made-up integer or a stale
 * handle is INVALID_HANDLE; handles are never reused, whatever the kind),
 * XC-01 (a now_ms earlier than the latest the engine saw is taken as that
 * latest: not an error, deadlines, retries, record times and carousel timers
 * never move back; the extremes of int64 neither trap nor wrap), XC-03
 * (a callback that frees its engine: the call that ran it hands back no
 * handle and no borrowed memory — FRAMES_ERR_INVALID_HANDLE, nothing
 * written — and the host's user_data is freed once).
 *
 * Threads: every thread this program starts is joined; checks run only on one
 * thread at a time (a concurrent thread stores its results for the main
 * thread to check after the join), so the program is clean under TSan.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "banner_harness.h"
#include "fake_backend.h"
#include "frames.h"
#include "frames_test.h"

#define PLACEMENTS_URL "https://api.test/v1/placements"
#define CONTENT_URL "https://cdn.test/content/home.json"

static const char enabled_config[] = "{\"Insider\": {\"App Frames Enabled\": true}}";
static const char content_doc[] = "{\"template\":{\"html\":\"<p>hello</p>\"}}";

/* ------------------------------------------------------------------------ */
/* XC-02: the owner thread ends                                              */
/* ------------------------------------------------------------------------ */

/* What the engine of an ended thread reports; written by one thread at a
 * time (the owner, then the freeing thread after a join). */
typedef struct orphan {
    frames_engine *engine;
    frames_frame *frame;
    frames_banner_place *place;
    pthread_t owner;
    frames_result created[3];
    int host_frees;
    int frame_frees;
    int place_frees;
    int callbacks;
    /* The thread free_user_data ran on. */
    pthread_t freed_on;
} orphan;

static void orphan_host_free(void *user_data) {
    orphan *o = (orphan *)user_data;
    o->host_frees++;
    o->freed_on = pthread_self();
}

static void orphan_frame_free(void *user_data) {
    ((orphan *)user_data)->frame_frees++;
}

static void orphan_place_free(void *user_data) {
    ((orphan *)user_data)->place_frees++;
}

static void orphan_status(frames_frame *frame, frames_frame_status status, frames_frame_status previous, void *ud) {
    (void)frame;
    (void)status;
    (void)previous;
    ((orphan *)ud)->callbacks++;
}

/* The owner: makes an engine with a frame (its placements request queued)
 * and a banner place, then ends without freeing anything. */
static void *owner_main(void *arg) {
    orphan *o = (orphan *)arg;
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_frame_delegate frame_delegate = FRAMES_FRAME_DELEGATE_INIT;
    frames_banner_place_delegate place_delegate = FRAMES_BANNER_PLACE_DELEGATE_INIT;
    frames_appearance appearance = FRAMES_APPEARANCE_INIT;

    o->owner = pthread_self();
    options.placements_url = PLACEMENTS_URL;
    host.free_user_data = orphan_host_free;
    host.user_data = o;
    o->created[0] = frames_engine_new(&options, (const uint8_t *)enabled_config, strlen(enabled_config), &host, &o->engine);
    o->created[1] = frames_frame_new(o->engine, &o->frame);
    frame_delegate.status_changed = orphan_status;
    frame_delegate.free_user_data = orphan_frame_free;
    frame_delegate.user_data = o;
    frames_frame_set_delegate(o->frame, &frame_delegate);
    frames_frame_set_placement(o->frame, "home", 0);
    frames_frame_attach(o->frame, 0);
    o->created[2] = frames_banner_place_new(o->engine, "home", &appearance, &o->place);
    place_delegate.free_user_data = orphan_place_free;
    place_delegate.user_data = o;
    frames_banner_place_set_delegate(o->place, &place_delegate);
    return NULL;
}

/* Every kind of call but frames_engine_free on an orphan, from the calling
 * thread: the results, in a fixed order, for a check on the main thread. */
#define ORPHAN_CALLS 10
static void call_everything_but_free(orphan *o, frames_result out[ORPHAN_CALLS]) {
    frames_request request;
    frames_frame_status status = -1;
    bool flag = false;
    size_t index = 0;
    int64_t deadline = 0;
    out[0] = frames_engine_poll_request(o->engine, &request, &flag);
    out[1] = frames_engine_on_timeout(o->engine, 100);
    out[2] = frames_engine_get_next_deadline(o->engine, &deadline, &flag);
    out[3] = frames_engine_set_consent(o->engine, false, 100);
    out[4] = frames_engine_start_session(o->engine, NULL, 100);
    out[5] = frames_frame_get_status(o->frame, &status);
    out[6] = frames_frame_free(o->frame);
    out[7] = frames_banner_place_get_current_index(o->place, &index);
    out[8] = frames_banner_place_free(o->place);
    out[9] = frames_frame_new(o->engine, &o->frame);
}

/* A later thread: tries everything but the free, and reports whether the
 * system gave it the ended owner's pthread_t. */
typedef struct newcomer {
    orphan *o;
    bool same_id;
    frames_result results[ORPHAN_CALLS];
} newcomer;

static void *newcomer_main(void *arg) {
    newcomer *n = (newcomer *)arg;
    n->same_id = pthread_equal(pthread_self(), n->o->owner) != 0;
    call_everything_but_free(n->o, n->results);
    return NULL;
}

static void check_all_wrong_thread(const frames_result results[ORPHAN_CALLS]) {
    int i;
    for (i = 0; i < ORPHAN_CALLS; i++) CHECK_RESULT(results[i], FRAMES_ERR_WRONG_THREAD);
}

static void start_orphan(orphan *o) {
    pthread_t thread;
    memset(o, 0, sizeof *o);
    CHECK_INT(pthread_create(&thread, NULL, owner_main, o), 0);
    CHECK_INT(pthread_join(thread, NULL), 0);
    CHECK_RESULT(o->created[0], FRAMES_OK);
    CHECK_RESULT(o->created[1], FRAMES_OK);
    CHECK_RESULT(o->created[2], FRAMES_OK);
}

static void test_owner_thread_ends(void) {
    orphan o;
    frames_result results[ORPHAN_CALLS];
    int round, reused = 0;
    size_t index = 0;

    ft_section("XC-02", "the owner thread ended: every call but frames_engine_free is WRONG_THREAD, saying so");
    start_orphan(&o);
    call_everything_but_free(&o, results);
    check_all_wrong_thread(results);
    CHECK_RESULT(frames_engine_on_timeout(o.engine, 100), FRAMES_ERR_WRONG_THREAD);
    CHECK_MESSAGE_MENTIONS("ended");
    CHECK_MESSAGE_MENTIONS("frames_engine_free");
    CHECK_INT(o.callbacks, 1); /* noPlacement -> resolving, on the owner; nothing since */
    CHECK_INT(o.host_frees + o.frame_frees + o.place_frees, 0);

    ft_section("XC-02", "a thread started later never becomes the owner, even with the ended owner's pthread_t");
    for (round = 0; round < 8; round++) {
        pthread_t thread;
        newcomer n;
        memset(&n, 0, sizeof n);
        n.o = &o;
        CHECK_INT(pthread_create(&thread, NULL, newcomer_main, &n), 0);
        CHECK_INT(pthread_join(thread, NULL), 0);
        check_all_wrong_thread(n.results);
        reused += n.same_id;
    }
    /* glibc caches thread stacks, so a new thread usually gets the same
     * pthread_t; the rule holds either way, this only says what was tried. */
    printf("  %d of 8 later threads had the ended owner's pthread_t\n", reused);
    CHECK_INT(o.host_frees + o.frame_frees + o.place_frees, 0);

    ft_section("XC-02", "frames_engine_free from another thread: everything freed, free_user_data on that thread");
    CHECK_RESULT(frames_engine_free(o.engine), FRAMES_OK);
    CHECK_INT(o.host_frees, 1);
    CHECK_INT(o.frame_frees, 1);
    CHECK_INT(o.place_frees, 1);
    CHECK(pthread_equal(o.freed_on, pthread_self()));
    CHECK_INT(o.callbacks, 1);

    ft_section("XC-02 XC-07", "afterwards its handles are stale, like any freed handle");
    CHECK_RESULT(frames_engine_free(o.engine), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_frame_free(o.frame), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banner_place_get_current_index(o.place, &index), FRAMES_ERR_INVALID_HANDLE);
    CHECK_INT(o.host_frees, 1);
}

/* Two threads free the same orphan at once: the registry hands it to one. */
typedef struct racer {
    orphan *o;
    pthread_barrier_t *start;
    frames_result result;
} racer;

static void *racer_main(void *arg) {
    racer *r = (racer *)arg;
    pthread_barrier_wait(r->start);
    r->result = frames_engine_free(r->o->engine);
    return NULL;
}

static void test_orphan_freed_by_two_threads(void) {
    int round;

    ft_section("XC-02", "two threads free the same orphaned engine at once: one OK, one INVALID_HANDLE, one free");
    for (round = 0; round < 20; round++) {
        orphan o;
        pthread_barrier_t start;
        pthread_t threads[2];
        racer racers[2];
        int i, ok = 0, invalid = 0;
        start_orphan(&o);
        CHECK_INT(pthread_barrier_init(&start, NULL, 2), 0);
        for (i = 0; i < 2; i++) {
            racers[i].o = &o;
            racers[i].start = &start;
            racers[i].result = 1;
            CHECK_INT(pthread_create(&threads[i], NULL, racer_main, &racers[i]), 0);
        }
        for (i = 0; i < 2; i++) CHECK_INT(pthread_join(threads[i], NULL), 0);
        pthread_barrier_destroy(&start);
        for (i = 0; i < 2; i++) {
            ok += racers[i].result == FRAMES_OK;
            invalid += racers[i].result == FRAMES_ERR_INVALID_HANDLE;
        }
        CHECK_INT(ok, 1);
        CHECK_INT(invalid, 1);
        CHECK_INT(o.host_frees, 1);
        CHECK_INT(o.frame_frees, 1);
        CHECK_INT(o.place_frees, 1);
    }
}

/* ------------------------------------------------------------------------ */
/* XC-07: handle values                                                      */
/* ------------------------------------------------------------------------ */

#define FRAMES_N 100

static void *offset(const void *handle, long long delta) {
    return (void *)(uintptr_t)((uintptr_t)handle + (uintptr_t)delta);
}

static void test_handle_values(void) {
    static const long long deltas[6] = { 1, -1, 16, -16, 4096, -4096 };
    static frames_frame *frames[FRAMES_N];
    frames_engine *engine = NULL, *stale_engine = NULL, *engines[10];
    frames_banner_place *place = NULL;
    frames_frame *stale = NULL, *fresh = NULL;
    frames_appearance appearance = FRAMES_APPEARANCE_INIT;
    frames_frame_status status;
    size_t index;
    bool flag;
    int i, j, neighbour_hits = 0, made_up_hits = 0, reuses = 0;

    ft_section("XC-07", "a neighbour of a live handle (+-1, +-16, +-4096) is INVALID_HANDLE, for every kind");
    CHECK_RESULT(frames_engine_new(NULL, (const uint8_t *)enabled_config, strlen(enabled_config), NULL, &engine), FRAMES_OK);
    for (i = 0; i < FRAMES_N; i++) CHECK_RESULT(frames_frame_new(engine, &frames[i]), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_new(engine, "home", &appearance, &place), FRAMES_OK);
    for (j = 0; j < 6; j++) {
        neighbour_hits += frames_app_frames_get_enabled((frames_engine *)offset(engine, deltas[j]), &flag) !=
                          FRAMES_ERR_INVALID_HANDLE;
        neighbour_hits += frames_banner_place_get_current_index((frames_banner_place *)offset(place, deltas[j]),
                                                                &index) != FRAMES_ERR_INVALID_HANDLE;
        for (i = 0; i < FRAMES_N; i++)
            neighbour_hits += frames_frame_get_status((frames_frame *)offset(frames[i], deltas[j]), &status) !=
                              FRAMES_ERR_INVALID_HANDLE;
    }
    CHECK_INT(neighbour_hits, 0);
    CHECK_RESULT(frames_frame_get_status((frames_frame *)offset(frames[0], 1), &status), FRAMES_ERR_INVALID_HANDLE);
    CHECK_MESSAGE_MENTIONS("not a live frame");
    /* The live handles themselves still work. */
    CHECK_RESULT(frames_frame_get_status(frames[FRAMES_N - 1], &status), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_get_current_index(place, &index), FRAMES_OK);

    ft_section("XC-07", "made-up integers are INVALID_HANDLE (sequential ids would have made 1, 2, 3 live)");
    for (i = 1; i <= 4096; i++) {
        void *made_up = (void *)(uintptr_t)i;
        made_up_hits += frames_app_frames_get_enabled((frames_engine *)made_up, &flag) != FRAMES_ERR_INVALID_HANDLE;
        made_up_hits += frames_frame_get_status((frames_frame *)made_up, &status) != FRAMES_ERR_INVALID_HANDLE;
        made_up_hits += frames_banner_place_get_current_index((frames_banner_place *)made_up, &index) !=
                        FRAMES_ERR_INVALID_HANDLE;
    }
    made_up_hits += frames_frame_get_status((frames_frame *)(uintptr_t)UINTPTR_MAX, &status) != FRAMES_ERR_INVALID_HANDLE;
    made_up_hits += frames_frame_get_status((frames_frame *)(uintptr_t)0xdeadbeefu, &status) != FRAMES_ERR_INVALID_HANDLE;
    CHECK_INT(made_up_hits, 0);

    ft_section("XC-07", "a stale handle stays invalid and is never given out again");
    stale = frames[0];
    CHECK_RESULT(frames_frame_free(stale), FRAMES_OK);
    for (i = 1; i < FRAMES_N; i++) CHECK_RESULT(frames_frame_free(frames[i]), FRAMES_OK);
    for (i = 0; i < 1000; i++) {
        CHECK_RESULT(frames_frame_new(engine, &fresh), FRAMES_OK);
        for (j = 0; j < FRAMES_N; j++) reuses += fresh == frames[j];
        reuses += (void *)fresh == (void *)engine || (void *)fresh == (void *)place;
        CHECK_RESULT(frames_frame_free(fresh), FRAMES_OK);
    }
    CHECK_INT(reuses, 0);
    CHECK_RESULT(frames_frame_get_status(stale, &status), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_frame_free(stale), FRAMES_ERR_INVALID_HANDLE);
    stale_engine = engine;
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    for (i = 0; i < 10; i++) {
        CHECK_RESULT(frames_engine_new(NULL, NULL, 0, NULL, &engines[i]), FRAMES_OK);
        CHECK(engines[i] != stale_engine);
    }
    CHECK_RESULT(frames_app_frames_get_enabled(stale_engine, &flag), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banner_place_get_current_index(place, &index), FRAMES_ERR_INVALID_HANDLE);
    for (i = 0; i < 10; i++) CHECK_RESULT(frames_engine_free(engines[i]), FRAMES_OK);
}

/* ------------------------------------------------------------------------ */
/* XC-01: time never runs backwards                                          */
/* ------------------------------------------------------------------------ */

static int64_t impression_time;
static int impressions;

static void on_analytics(const frames_analytics_record *r, void *ud) {
    (void)ud;
    if (strcmp(r->name, "appFrames.impression") == 0) {
        impressions++;
        impression_time = r->time_ms;
    }
}

static int64_t deadline_of(frames_engine *engine) {
    int64_t deadline = -1;
    bool has = false;
    CHECK_RESULT(frames_engine_get_next_deadline(engine, &deadline, &has), FRAMES_OK);
    return has ? deadline : -1;
}

static frames_frame_status status_of(frames_frame *frame) {
    frames_frame_status status = -1;
    CHECK_RESULT(frames_frame_get_status(frame, &status), FRAMES_OK);
    return status;
}

static void script_home(fb_backend *b) {
    char body[512], sha[65];
    fb_sha256_hex(content_doc, strlen(content_doc), sha);
    snprintf(body, sizeof body,
             "{\"placements\":{\"home\":{\"campaigns\":[{\"id\":\"c1\",\"priority\":\"high\",\"created_at\":1,"
             "\"variants\":[{\"id\":\"A\",\"weight\":1,\"content\":{\"url\":\"" CONTENT_URL "\",\"sha256\":\"%s\"}}]}]}}}",
             sha);
    fb_set_text(b, PLACEMENTS_URL, 200, body);
    fb_set_text(b, CONTENT_URL, 200, content_doc);
}

static frames_engine *time_engine(int64_t render_timeout) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_engine *engine = NULL;
    options.placements_url = PLACEMENTS_URL;
    options.render_timeout_ms = render_timeout;
    options.retry_jitter = 0;
    host.analytics = on_analytics;
    CHECK_RESULT(frames_engine_new(&options, (const uint8_t *)enabled_config, strlen(enabled_config), &host, &engine), FRAMES_OK);
    impressions = 0;
    impression_time = -1;
    return engine;
}

static frames_frame *attached(frames_engine *engine, int64_t now) {
    frames_frame *frame = NULL;
    CHECK_RESULT(frames_frame_new(engine, &frame), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_placement(frame, "home", now), FRAMES_OK);
    CHECK_RESULT(frames_frame_attach(frame, now), FRAMES_OK);
    return frame;
}

static void test_time_never_runs_backwards(void) {
    frames_engine *engine;
    frames_frame *frame;
    fb_backend b;
    fb_logged_request request;

    ft_section("XC-01", "an answer given an earlier time is taken at the latest: the render timeout counts from there");
    fb_init(&b);
    script_home(&b);
    engine = time_engine(1000);
    frame = attached(engine, 5000);
    CHECK_INT(fb_pump(&b, engine, 100), 2); /* the host's clock stepped back to 100 */
    CHECK_RESULT(b.last_answer_result, FRAMES_OK); /* not an error */
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_RENDERING);
    CHECK_INT(deadline_of(engine), 6000); /* 5000 + 1000, not 100 + 1000 */
    CHECK_RESULT(frames_engine_on_timeout(engine, 5999), FRAMES_OK);
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_RENDERING);
    CHECK_RESULT(frames_engine_on_timeout(engine, 200), FRAMES_OK); /* back again: still 5999 inside */
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_RENDERING);
    CHECK_RESULT(frames_engine_on_timeout(engine, 6000), FRAMES_OK);
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_ERROR_RENDERING);
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    fb_free(&b);

    ft_section("XC-01 AF-22 XC-05", "a record made at an earlier time carries the latest time");
    fb_init(&b);
    script_home(&b);
    engine = time_engine(10000);
    frame = attached(engine, 0);
    CHECK_RESULT(frames_frame_set_laid_out_size(frame, 320, 100, 7000), FRAMES_OK);
    fb_pump(&b, engine, 10);
    CHECK_RESULT(frames_frame_report_rendered(frame, 100, 20), FRAMES_OK);
    CHECK_INT(impressions, 1);
    CHECK_INT(impression_time, 7000);
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    fb_free(&b);

    ft_section("XC-01 XC-06", "a retry after a failure answered at an earlier time is scheduled from the latest");
    fb_init(&b);
    fb_set_text(&b, PLACEMENTS_URL, 503, "");
    engine = time_engine(10000);
    frame = attached(engine, 0);
    CHECK(fb_poll_one(&b, engine, 0, &request));
    CHECK_INT(request.deadline_ms, 10000);
    CHECK_RESULT(frames_engine_on_timeout(engine, 5000), FRAMES_OK);
    CHECK_RESULT(frames_engine_complete_request(engine, request.id, 503, NULL, NULL, 0, NULL, 0, 300), FRAMES_OK);
    CHECK_INT(deadline_of(engine), 6000); /* 5000 + the base delay 1000 */
    CHECK_RESULT(frames_engine_on_timeout(engine, 5999), FRAMES_OK);
    CHECK(!fb_poll_one(&b, engine, 5999, &request));
    CHECK_RESULT(frames_engine_on_timeout(engine, 6000), FRAMES_OK);
    CHECK(fb_poll_one(&b, engine, 6000, &request));
    CHECK_INT(request.deadline_ms, 16000);
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    fb_free(&b);

    ft_section("XC-01", "the extremes of int64: no trap, no wrap");
    fb_init(&b);
    engine = time_engine(10000);
    CHECK_RESULT(frames_engine_on_timeout(engine, INT64_MIN), FRAMES_OK);
    CHECK_RESULT(frames_engine_on_timeout(engine, INT64_MAX), FRAMES_OK);
    frame = attached(engine, 0); /* taken at INT64_MAX */
    CHECK(fb_poll_one(&b, engine, 0, &request));
    CHECK_INT(request.deadline_ms, INT64_MAX); /* INT64_MAX + 10000, clamped */
    CHECK_RESULT(frames_engine_on_timeout(engine, INT64_MIN), FRAMES_OK);
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_RESOLVING);
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    fb_free(&b);
}

static void test_carousel_time_never_runs_backwards(void) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = bh_recording_host();
    frames_appearance carousel = FRAMES_APPEARANCE_INIT;
    frames_banner_place *place = NULL;
    frames_engine *engine = NULL;
    size_t index = 9;

    ft_section("XC-01 BN-09", "a carousel loaded at an earlier time plays from the latest: its timer never moves back");
    bs_reset();
    bs_add("c", "c0", "1", 1000);
    bs_add("c", "c1", "1", 1000);
    options.banners_url = BH_LIST_URL;
    CHECK_RESULT(frames_engine_new(&options, NULL, 0, &host, &engine), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_new(engine, "c", &carousel, &place), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_set_container(place, 100, false, 10000), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_attach(place, 10000), FRAMES_OK);
    bs_pump(engine, 0); /* answered "at 0" */
    CHECK_INT(deadline_of(engine), 11000);
    CHECK_RESULT(frames_engine_on_timeout(engine, 10999), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_get_current_index(place, &index), FRAMES_OK);
    CHECK_INT(index, 0);
    CHECK_RESULT(frames_engine_on_timeout(engine, 11000), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_get_current_index(place, &index), FRAMES_OK);
    CHECK_INT(index, 1);
    /* A touch given an earlier time restarts the countdown from the latest. */
    CHECK_RESULT(frames_engine_on_timeout(engine, 11500), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_report_user_interaction(place, 500), FRAMES_OK);
    CHECK_INT(deadline_of(engine), 12500);
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
}

/* --- XC-03: a callback frees the engine of the call that ran it ----------- */

static frames_engine *freed_by_present;
static int present_frees;

static void present_and_free(const frames_message *m, void *user_data) {
    (void)m;
    (void)user_data;
    present_frees++;
    CHECK_RESULT(frames_engine_free(freed_by_present), FRAMES_OK);
}

/* An engine with a message waiting in its inbox: the next owner-thread call
 * picks it up and presents it, and the presenter frees the engine. */
static frames_engine *engine_freed_at_next_call(void) {
    static const char push[] =
        "{\"frames_message\":{\"id\":\"m1\",\"sent_at\":1,\"content\":{\"title\":{\"text\":\"Hi\"}}}}";
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_messages_delegate messages = FRAMES_MESSAGES_DELEGATE_INIT;
    frames_notification_result result;
    messages.present = present_and_free;
    freed_by_present = NULL;
    CHECK_RESULT(frames_engine_new(NULL, NULL, 0, &host, &freed_by_present), FRAMES_OK);
    /* Before the push: setting the delegate is an owner-thread call, which
     * would pick the message up and free the engine too early. */
    CHECK_RESULT(frames_messages_set_delegate(freed_by_present, &messages), FRAMES_OK);
    CHECK_RESULT(frames_messages_handle_notification(freed_by_present, (const uint8_t *)push, sizeof push - 1, 0, &result),
                 FRAMES_OK);
    return freed_by_present;
}

static void test_freed_inside_a_call(void) {
    frames_engine *engine;
    frames_frame *frame = (frames_frame *)&present_frees;
    frames_banner_place *place = (frames_banner_place *)&present_frees;
    frames_inline_view *view = (frames_inline_view *)&present_frees;
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    frames_request request;
    const uint8_t *blob = NULL;
    int frees_before;
    const char *json = NULL;
    size_t len = 0;
    bool available = true;

    ft_section("XC-03 XC-07", "a callback frees the engine: a call that creates an object hands back no handle");
    present_frees = 0;
    engine = engine_freed_at_next_call();
    CHECK_RESULT(frames_frame_new(engine, &frame), FRAMES_ERR_INVALID_HANDLE);
    CHECK_MESSAGE_MENTIONS("freed by a callback during this call");
    CHECK(frame == (frames_frame *)&present_frees); /* nothing written */
    engine = engine_freed_at_next_call();
    CHECK_RESULT(frames_banner_place_new(engine, "home", &a, &place), FRAMES_ERR_INVALID_HANDLE);
    CHECK(place == (frames_banner_place *)&present_frees);
    engine = engine_freed_at_next_call();
    CHECK_RESULT(frames_inline_view_new(engine, "home", &view), FRAMES_ERR_INVALID_HANDLE);
    CHECK(view == (frames_inline_view *)&present_frees);

    ft_section("XC-03 XC-07", "a callback frees the engine: a call that lends memory hands back none");
    engine = engine_freed_at_next_call();
    CHECK_RESULT(frames_engine_export_state(engine, 1, 1, &blob, &len), FRAMES_ERR_INVALID_HANDLE);
    CHECK(blob == NULL);
    engine = engine_freed_at_next_call();
    CHECK_RESULT(frames_engine_poll_request(engine, &request, &available), FRAMES_OK); /* nothing to hand back */
    CHECK(!available);

    ft_section("XC-11 XC-03", "explaining picks nothing up and runs no callback: the engine a pick-up would free lives on");
    engine = engine_freed_at_next_call();
    frees_before = present_frees;
    CHECK_RESULT(frames_inline_explain(engine, "home", 1, &json, &len), FRAMES_OK);
    CHECK(json != NULL && strlen(json) == len);
    CHECK_RESULT(frames_message_explain(engine, "m1", 1, &json, &len), FRAMES_OK);
    CHECK(json != NULL && strstr(json, "\"code\":\"handed_in\"") != NULL);
    CHECK_RESULT(frames_engine_explain(engine, 1, &json, &len), FRAMES_OK);
    CHECK(present_frees == frees_before);
    CHECK_RESULT(frames_engine_poll_request(engine, &request, &available), FRAMES_OK); /* the pick-up frees it */
    CHECK(!available);

    ft_section("XC-03", "a call that hands nothing back returns OK; the engine is gone either way");
    engine = engine_freed_at_next_call();
    CHECK_RESULT(frames_engine_set_app_state(engine, FRAMES_APP_STATE_ACTIVE, 1), FRAMES_OK);
    CHECK_RESULT(frames_engine_on_timeout(engine, 2), FRAMES_ERR_INVALID_HANDLE);
    CHECK_INT(present_frees, 7);
}

int main(void) {
    test_freed_inside_a_call();
    test_owner_thread_ends();
    test_orphan_freed_by_two_threads();
    test_handle_values();
    test_time_never_runs_backwards();
    test_carousel_time_never_runs_backwards();
    return ft_finish("test_engine_lifetime");
}
