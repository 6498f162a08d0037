/*
 * thread_stress.c — 8 threads against one owner thread ( * XC-02, XC-03, XC-07, XC-08).
 *
 * The owner (main) thread runs, round after round, a full App Frames load
 * with a banner place over the scripted in-memory transport (fake_backend.c):
 * two frames resolve, download, render (the frame delegate's render callback
 * re-enters the engine: report_rendered, set_laid_out_size), a template
 * action, a dismissal whose dismiss_requested frees the frame, a banner
 * place that loads, renders and is freed from its own scrolled callback,
 * and last a template failure whose failed frees the whole engine from
 * inside the callback.
 *
 * Meanwhile 8 intruder threads loop over
 *   - every thread-safe function (versions, result strings, last error,
 *     appearance and layout functions, struct initializers, status and
 *     error-code helpers, banner visibility), checking their results;
 *   - the wrong-thread path of every owner-thread function (engine, frame,
 *     banner place) on the owner's live handles: each must return
 *     FRAMES_ERR_WRONG_THREAD (or FRAMES_ERR_INVALID_HANDLE once the owner
 *     freed the handle), write no output, and leave the calling thread's
 *     last error saying so;
 *   - and now and then an engine of their own (created, used and freed on
 *     that thread), so several owners run at once.
 * "Changes nothing" is checked by the owner: every round's callback
 * transcript and request log equal those of a round run before any intruder
 * started, and the owner's last error stays its own.
 *
 *   thread_stress [rounds]        (default 200; CI runs it under TSan too)
 *
 * Prints "thread_stress: N checks, M failed" and the number of wrong-thread
 * and stale-handle answers per function; exits non-zero on any failure or
 * when some function's wrong-thread path was never reached.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_backend.h"
#include "frames.h"

#define INTRUDERS 8
#define PLACEMENTS_URL FB_HOME_PLACEMENTS_URL
#define BANNERS_URL "https://api.test/v1/banners"
#define BANNER_URL_FMT "https://cdn.test/banners/b%d.html"
#define BANNER_COUNT 3

static const char enabled_config[] = "{\"Insider\": {\"App Frames Enabled\": true}}";

/* --- checks shared by every thread (atomic counters) ---------------------- */

static atomic_long checks;
static atomic_long failures;

static void fail_at(int line, const char *what, long got) {
    atomic_fetch_add(&failures, 1);
    /* Failures are rare; stdio's own lock keeps the lines whole. */
    printf("  FAIL thread_stress.c:%d: %s (got %ld)\n", line, what, got);
    fflush(stdout);
}

#define CHECK(cond) \
    do { atomic_fetch_add(&checks, 1); if (!(cond)) fail_at(__LINE__, #cond, 0); } while (0)
#define CHECK_EQ(a, b) \
    do { long ts_a_ = (long)(a), ts_b_ = (long)(b); atomic_fetch_add(&checks, 1); \
         if (ts_a_ != ts_b_) fail_at(__LINE__, #a " == " #b, ts_a_); } while (0)

/* --- the owner's handles, published for the intruders --------------------- */

static _Atomic(frames_engine *) pub_engine;
static _Atomic(frames_frame *) pub_top;
static _Atomic(frames_frame *) pub_bottom;
static _Atomic(frames_banner_place *) pub_place;
static _Atomic(frames_inline_view *) pub_view;
static atomic_bool stop;
static atomic_long passes;

/* --- per-function tallies of the wrong-thread sweep ----------------------- */

enum { MAX_FUNCS = 96 };
static const char *func_names[MAX_FUNCS];
static atomic_long func_wrong_thread[MAX_FUNCS];
static atomic_long func_stale[MAX_FUNCS];
static int func_count;

static int func_id(const char *name) {
    int i;
    for (i = 0; i < func_count; i++)
        if (strcmp(func_names[i], name) == 0) return i;
    return -1;
}

/* Registered before any thread starts, so func_names is read-only after. */
static void register_func(const char *name) {
    if (func_id(name) < 0 && func_count < MAX_FUNCS) func_names[func_count++] = name;
}

/* The answer to a call made from a thread that does not own the handle.
 * `stale_ok`: the handle may already be freed by the owner (or not published
 * yet): INVALID_HANDLE is then the documented answer. */
static void expect_wrong_thread(int line, const char *name, frames_result r, bool stale_ok) {
    int id = func_id(name);
    atomic_fetch_add(&checks, 1);
    if (r == FRAMES_ERR_WRONG_THREAD) {
        if (id >= 0) atomic_fetch_add(&func_wrong_thread[id], 1);
        /* XC-08: the failure is this thread's last error. */
        atomic_fetch_add(&checks, 1);
        if (frames_error_last_code() != FRAMES_ERR_WRONG_THREAD) fail_at(line, "last code is WRONG_THREAD", frames_error_last_code());
        atomic_fetch_add(&checks, 1);
        if (strstr(frames_error_last_message(), "thread") == NULL) fail_at(line, "message mentions thread", 0);
    } else if (r == FRAMES_ERR_INVALID_HANDLE && stale_ok) {
        if (id >= 0) atomic_fetch_add(&func_stale[id], 1);
    } else {
        char what[160];
        snprintf(what, sizeof what, "%s from a non-owner thread returned %d (%s)", name, (int)r, frames_result_str(r));
        fail_at(line, what, r);
    }
}

#define WRONG(name, call) expect_wrong_thread(__LINE__, #name, (call), true)

/* --- the owner's host: one transcript per round --------------------------- */

static fb_transcript transcript;
static int64_t now_ms;

typedef struct slot {
    const char *name;
    frames_frame *frame;
    int freed;
} slot;

static slot top_slot, bottom_slot;
static int host_freed;
static int place_freed;
static bool free_engine_on_fail;

static void host_analytics(const frames_analytics_record *r, void *u) {
    (void)u;
    fb_line(&transcript, "analytics %s %s %s t=%lld", r->name, r->placement_id ? r->placement_id : "-",
            r->view_id ? r->view_id : "-", (long long)r->time_ms);
}

static void d_render(frames_frame *frame, const frames_content *content, void *u) {
    double h = strcmp(content->placement_id, "home_top_banner") == 0 ? 120.0 : 80.0;
    (void)u;
    fb_line(&transcript, "render %s assets=%u actions=%u", content->placement_id, (unsigned)content->asset_count,
            (unsigned)content->action_count);
    /* XC-03: re-entry from a callback. */
    CHECK_EQ(frames_frame_report_rendered(frame, h, now_ms), FRAMES_OK);
    CHECK_EQ(frames_frame_set_laid_out_size(frame, 375, h, now_ms), FRAMES_OK);
}

static bool host_open_url(const char *url, void *u) {
    (void)u;
    fb_line(&transcript, "open %s", url);
    return true;
}

static void host_free(void *u) {
    (void)u;
    host_freed++;
    fb_line(&transcript, "host freed");
}

static void d_status(frames_frame *f, frames_frame_status s, frames_frame_status prev, void *u) {
    slot *sl = (slot *)u;
    (void)f;
    fb_line(&transcript, "%s: %s -> %s", sl->name, frames_frame_status_str(prev), frames_frame_status_str(s));
}

static void d_fail(frames_frame *f, const frames_frame_error *e, void *u) {
    slot *sl = (slot *)u;
    fb_line(&transcript, "%s: failed %s", sl->name, frames_frame_error_code_str(e->code));
    if (free_engine_on_fail) {
        /* XC-03: the engine freed from inside a callback of one of its
         * frames; nothing more is delivered afterwards. */
        frames_engine *engine = atomic_exchange(&pub_engine, NULL);
        atomic_store(&pub_top, NULL);
        atomic_store(&pub_bottom, NULL);
        (void)f;
        CHECK_EQ(frames_engine_free(engine), FRAMES_OK);
        fb_line(&transcript, "%s: engine freed in failed", sl->name);
    }
}

static void d_height(frames_frame *f, double h, void *u) {
    (void)f;
    fb_line(&transcript, "%s: height %g", ((slot *)u)->name, h);
}

static void d_dismiss(frames_frame *f, void *u) {
    slot *sl = (slot *)u;
    fb_line(&transcript, "%s: dismiss", sl->name);
    /* AF-20, XC-03: the frame freed inside its own callback. */
    atomic_store(&pub_top, NULL);
    sl->frame = NULL;
    CHECK_EQ(frames_frame_free(f), FRAMES_OK);
}

static void d_action(frames_frame *f, const char *json, void *u) {
    (void)f;
    fb_line(&transcript, "%s: action %s", ((slot *)u)->name, json);
    /* Re-entry into the engine from a frame callback. */
    CHECK_EQ(frames_engine_start_session(atomic_load(&pub_engine), "session-2", now_ms), FRAMES_OK);
}

static void d_free(void *u) {
    slot *sl = (slot *)u;
    sl->freed++;
    fb_line(&transcript, "%s: delegate freed", sl->name);
}

/* The banner place's delegate. */
static void p_update(frames_banner_place *p, bool is_content, size_t count, double h, void *u) {
    size_t index = 99;
    (void)u;
    fb_line(&transcript, "place: update %d %u %g", (int)is_content, (unsigned)count, h);
    CHECK_EQ(frames_banner_place_get_current_index(p, &index), FRAMES_OK);
}
static void p_loaded(frames_banner_place *p, const char *id, void *u) {
    (void)p;
    (void)u;
    fb_line(&transcript, "place: loaded %s", id);
}
static void p_render(frames_banner_place *p, size_t i, const frames_banner_info *b, const uint8_t *c, size_t n,
                     void *u) {
    frames_banner_row rows[BANNER_COUNT];
    size_t count = 0;
    (void)c;
    (void)u;
    fb_line(&transcript, "place: render %u %s %u bytes", (unsigned)i, b->id, (unsigned)n);
    CHECK_EQ(frames_banner_place_get_rows(p, now_ms, rows, BANNER_COUNT, &count), FRAMES_OK);
}
static void p_show(frames_banner_place *p, size_t i, const frames_banner_info *b, void *u) {
    (void)p;
    (void)u;
    fb_line(&transcript, "place: show %u %s", (unsigned)i, b->id);
}
static void p_playback(frames_banner_place *p, size_t i, bool playing, bool from_start, void *u) {
    (void)p;
    (void)u;
    fb_line(&transcript, "place: %s %u", playing ? (from_start ? "play" : "resume") : "pause", (unsigned)i);
}
static void p_scroll(frames_banner_place *p, size_t i, void *u) {
    (void)u;
    fb_line(&transcript, "place: scroll %u", (unsigned)i);
    if (i == 1) {
        /* The place freed inside its own callback. */
        atomic_store(&pub_place, NULL);
        CHECK_EQ(frames_banner_place_free(p), FRAMES_OK);
        fb_line(&transcript, "place: freed in scrolled");
    }
}
static void p_free(void *u) {
    (void)u;
    place_freed++;
    fb_line(&transcript, "place: delegate freed");
}

/* --- the backend ----------------------------------------------------------- */

static const char top_content[] =
    "{\"template\":{\"html\":\"<a data-action=\\\"shop_now\\\">Sale</a>\"},"
    "\"actions\":[{\"id\":\"shop_now\",\"deep_link\":\"app://shop\",\"custom_data\":{\"coupon\":\"X\"}}]}";

static void script_backend(fb_backend *b) {
    char list[2048], url[128], html[64], sha[65];
    size_t len = 0;
    int i;
    fb_script_home_screen(b, top_content);

    len += (size_t)snprintf(list + len, sizeof list - len, "{\"banners\":[");
    for (i = 0; i < BANNER_COUNT; i++) {
        snprintf(url, sizeof url, BANNER_URL_FMT, i);
        snprintf(html, sizeof html, "<div>banner %d</div>", i);
        fb_sha256_hex(html, strlen(html), sha);
        fb_set_text(b, url, 200, html);
        len += (size_t)snprintf(list + len, sizeof list - len,
                                "%s{\"id\":\"b%d\",\"ratio\":2.5,\"duration_ms\":5000,\"available\":true,"
                                "\"content\":{\"url\":\"%s\",\"sha256\":\"%s\"}}",
                                i ? "," : "", i, url, sha);
    }
    snprintf(list + len, sizeof list - len, "]}");
    fb_set_text(b, BANNERS_URL, 200, list);
}

/* --- one round of the owner --------------------------------------------------- */

static void add_frame(frames_engine *engine, slot *s, const char *placement) {
    frames_frame_delegate d = FRAMES_FRAME_DELEGATE_INIT;
    s->name = placement;
    s->freed = 0;
    s->frame = NULL;
    CHECK_EQ(frames_frame_new(engine, &s->frame), FRAMES_OK);
    d.render = d_render;
    d.status_changed = d_status;
    d.failed = d_fail;
    d.height_requested = d_height;
    d.dismiss_requested = d_dismiss;
    d.action_triggered = d_action;
    d.user_data = s;
    d.free_user_data = d_free;
    CHECK_EQ(frames_frame_set_delegate(s->frame, &d), FRAMES_OK);
    CHECK_EQ(frames_frame_set_placement(s->frame, placement, now_ms), FRAMES_OK);
}

/* Runs the scenario; the transcript and request log are left for comparison.
 * `wait_passes`: after the handles are published, wait until the intruders
 * made that many more passes, so the rounds and the intruders interleave
 * however the scheduler runs them (on 2 cores and 9 threads the owner could
 * otherwise finish its rounds before an intruder is scheduled). */
static void owner_round(fb_backend *backend, char *log, size_t log_cap, long wait_passes) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_banner_place_delegate pd = FRAMES_BANNER_PLACE_DELEGATE_INIT;
    frames_appearance appearance = FRAMES_APPEARANCE_INIT;
    frames_engine *engine = NULL;
    frames_banner_place *place = NULL;
    frames_inline_view *view = NULL;
    frames_navigation nav;
    frames_rect viewport = { 0, 0, 375, 150 };

    fb_transcript_clear(&transcript);
    fb_init(backend);
    script_backend(backend);
    now_ms = 0;
    host_freed = 0;
    place_freed = 0;
    free_engine_on_fail = false;
    frames_error_clear();

    options.placements_url = PLACEMENTS_URL;
    options.banners_url = BANNERS_URL;
    options.device_id = "device-1";
    host.analytics = host_analytics;
    host.open_url = host_open_url;
    host.free_user_data = host_free;
    CHECK_EQ(frames_engine_new(&options, (const uint8_t *)enabled_config, strlen(enabled_config), &host, &engine), FRAMES_OK);
    if (!engine) return;
    add_frame(engine, &top_slot, "home_top_banner");
    add_frame(engine, &bottom_slot, "home_bottom_banner");
    CHECK_EQ(frames_banner_place_new(engine, "home_banners", &appearance, &place), FRAMES_OK);
    pd.updated = p_update;
    pd.loaded = p_loaded;
    pd.render = p_render;
    pd.shown = p_show;
    pd.playback_changed = p_playback;
    pd.scrolled = p_scroll;
    pd.free_user_data = p_free;
    CHECK_EQ(frames_banner_place_set_delegate(place, &pd), FRAMES_OK);
    /* An inline view the intruders aim at (IL-10); freed with the engine. */
    CHECK_EQ(frames_inline_view_new(engine, "home_inline", &view), FRAMES_OK);
    CHECK_EQ(frames_inline_view_set_size(view, 375, 120, now_ms), FRAMES_OK);

    atomic_store(&pub_engine, engine);
    atomic_store(&pub_view, view);
    atomic_store(&pub_top, top_slot.frame);
    atomic_store(&pub_bottom, bottom_slot.frame);
    atomic_store(&pub_place, place);
    if (wait_passes > 0) {
        long target = atomic_load(&passes) + wait_passes;
        while (atomic_load(&passes) < target) sched_yield();
    }

    /* The load: attach, pump every request (placements, content, asset,
     * banner list and contents), render callbacks re-enter the engine. */
    CHECK_EQ(frames_frame_attach(top_slot.frame, now_ms), FRAMES_OK);
    CHECK_EQ(frames_frame_attach(bottom_slot.frame, now_ms), FRAMES_OK);
    CHECK_EQ(frames_banner_place_set_container(place, 375, false, now_ms), FRAMES_OK);
    CHECK_EQ(frames_banner_place_set_viewport(place, &viewport, now_ms), FRAMES_OK);
    CHECK_EQ(frames_banner_place_attach(place, now_ms), FRAMES_OK);
    now_ms = 100;
    CHECK_EQ(fb_pump(backend, engine, now_ms), 4 + 1 + BANNER_COUNT);
    CHECK_EQ(backend->last_answer_result, FRAMES_OK);

    /* Banner navigation: scrolled to index 1 frees the place. */
    now_ms = 1000;
    CHECK_EQ(frames_banner_place_show_next(place, now_ms, &nav), FRAMES_OK);
    CHECK_EQ(place_freed, 1);

    /* An action (its action_triggered starts a session), then the
     * dismissal that frees the top frame inside dismiss_requested. */
    now_ms = 2000;
    CHECK_EQ(frames_frame_report_action(top_slot.frame, "shop_now", now_ms), FRAMES_OK);
    fb_pump(backend, engine, now_ms); /* the new session may re-resolve */
    now_ms = 3000;
    CHECK_EQ(frames_frame_report_dismissed(top_slot.frame, now_ms), FRAMES_OK);
    CHECK_EQ(top_slot.freed, 1);
    CHECK(top_slot.frame == NULL);

    /* The bottom template fails; failed frees the engine. */
    now_ms = 4000;
    free_engine_on_fail = true;
    CHECK_EQ(frames_frame_report_render_failed(bottom_slot.frame, "web view crashed", now_ms), FRAMES_OK);
    CHECK(atomic_load(&pub_engine) == NULL);
    CHECK_EQ(bottom_slot.freed, 1);
    CHECK_EQ(host_freed, 1);
    /* The owner's last error is its own: no call of this round failed. */
    CHECK_EQ(frames_error_last_code(), FRAMES_OK);
    fb_log_text(backend, log, log_cap);
    fb_free(backend);
}

/* --- the intruders ---------------------------------------------------------- */

static void thread_safe_pass(void) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    frames_layout_metrics m = FRAMES_LAYOUT_METRICS_INIT;
    frames_engine_options o;
    const double ratios[3] = { 2.5, 1.0, 2.0 };
    frames_rect rects[3];
    frames_point offset;
    size_t count = 0;
    double height = 0, shares[3];
    bool eligible[3];
    frames_rect viewport = { 0, 0, 375, 200 };

    CHECK_EQ(frames_version_number(), FRAMES_VERSION_NUMBER);
    CHECK(strcmp(frames_version_string(), FRAMES_VERSION_STRING) == 0);
    CHECK(strcmp(frames_result_str(FRAMES_OK), frames_result_str(FRAMES_ERR_WRONG_THREAD)) != 0);
    CHECK(strcmp(frames_result_str(12345), "unknown result code") == 0);
    CHECK(frames_result_str(FRAMES_ERR_INTERNAL)[0] != '\0');

    /* Per-thread last error: a failure here, then clear. */
    CHECK_EQ(frames_appearance_init(&a, 999), FRAMES_ERR_VERSION);
    CHECK_EQ(frames_error_last_code(), FRAMES_ERR_VERSION);
    CHECK(frames_error_last_message()[0] != '\0');
    frames_error_clear();
    CHECK_EQ(frames_error_last_code(), FRAMES_OK);
    CHECK(frames_error_last_message()[0] == '\0');

    CHECK_EQ(frames_appearance_init(&a, FRAMES_APPEARANCE_VERSION), FRAMES_OK);
    CHECK_EQ(frames_appearance_validate(&a), FRAMES_OK);
    CHECK_EQ(frames_layout_banners(&a, 375, ratios, 3, false, rects, 3, &count, &height), FRAMES_OK);
    CHECK_EQ(count, 3);
    CHECK(height == 375.0); /* the tallest: round(375 / 1.0) */
    CHECK_EQ(frames_layout_measure(&a, 375, 3, &m), FRAMES_OK);
    CHECK_EQ(m.laid_out_count, 3);
    {
        /* The same carousel at two widths in one call. */
        const double widths[2] = { 375, 300 };
        const size_t lengths[1] = { 3 };
        size_t ends[2] = { 0, 0 };
        double heights[2] = { 0, 0 };
        frames_rect batch_rects[6];
        frames_layout_batch batch = FRAMES_LAYOUT_BATCH_INIT;
        batch.container_widths = widths;
        batch.width_count = 2;
        batch.ratios = ratios;
        batch.ratio_count = 3;
        batch.list_lengths = lengths;
        batch.list_count = 1;
        batch.out_rects = batch_rects;
        batch.rects_capacity = 6;
        batch.out_rect_ends = ends;
        batch.out_content_heights = heights;
        batch.layouts_capacity = 2;
        CHECK_EQ(frames_layout_banners_batch(&a, &batch), FRAMES_OK);
        CHECK_EQ(batch.out_rect_count, 6);
        CHECK_EQ(ends[1], 6);
        CHECK(heights[0] == height && heights[1] == 300.0);
    }
    a.layout_type = FRAMES_LAYOUT_TYPE_VERTICAL_LIST;
    CHECK_EQ(frames_layout_scroll_offset(&a, 375, 200, ratios, 3, false, 1, &offset), FRAMES_OK);
    a.layout_type = 42;
    CHECK_EQ(frames_appearance_validate(&a), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_EQ(frames_error_last_code(), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_EQ(frames_engine_options_init(&o, FRAMES_ENGINE_OPTIONS_VERSION), FRAMES_OK);
    CHECK_EQ(o.retry_max_attempts, 4);
    {
        /* XC-13: a replay makes and frees its own engine on the calling
         * thread; its report is this thread's. */
        static const char recording[] = "{\"frames_recording\":1,\"library\":\"1.1.0\",\"redacted\":[]}\n";
        frames_replay_options ro;
        const char *report = NULL;
        size_t report_len = 0;
        CHECK_EQ(frames_replay_options_init(&ro, FRAMES_REPLAY_OPTIONS_VERSION), FRAMES_OK);
        CHECK_EQ(frames_replay((const uint8_t *)recording, sizeof recording - 1, &ro, &report, &report_len), FRAMES_OK);
        CHECK(report != NULL && strstr(report, "\"identical\"") != NULL);
    }
    {
        /* Every versioned struct's init, from any thread. */
        frames_layout_metrics lm;
        frames_layout_batch lb;
        frames_host_callbacks hc;
        frames_frame_delegate fd;
        frames_banner_place_delegate bpd;
        frames_banners_delegate bsd;
        frames_inline_view_delegate ivd;
        frames_inline_delegate ild;
        frames_messages_delegate md;
        CHECK_EQ(frames_layout_metrics_init(&lm, FRAMES_LAYOUT_METRICS_VERSION), FRAMES_OK);
        CHECK_EQ(lm.version, FRAMES_LAYOUT_METRICS_VERSION);
        CHECK_EQ(frames_layout_batch_init(&lb, FRAMES_LAYOUT_BATCH_VERSION), FRAMES_OK);
        CHECK_EQ(lb.version, FRAMES_LAYOUT_BATCH_VERSION);
        CHECK_EQ(frames_host_callbacks_init(&hc, FRAMES_HOST_CALLBACKS_VERSION), FRAMES_OK);
        CHECK_EQ(hc.version, FRAMES_HOST_CALLBACKS_VERSION);
        CHECK_EQ(frames_frame_delegate_init(&fd, FRAMES_FRAME_DELEGATE_VERSION), FRAMES_OK);
        CHECK_EQ(fd.version, FRAMES_FRAME_DELEGATE_VERSION);
        CHECK_EQ(frames_banner_place_delegate_init(&bpd, FRAMES_BANNER_PLACE_DELEGATE_VERSION), FRAMES_OK);
        CHECK_EQ(bpd.version, FRAMES_BANNER_PLACE_DELEGATE_VERSION);
        CHECK_EQ(frames_banners_delegate_init(&bsd, FRAMES_BANNERS_DELEGATE_VERSION), FRAMES_OK);
        CHECK_EQ(bsd.version, FRAMES_BANNERS_DELEGATE_VERSION);
        CHECK_EQ(frames_inline_view_delegate_init(&ivd, FRAMES_INLINE_VIEW_DELEGATE_VERSION), FRAMES_OK);
        CHECK_EQ(ivd.version, FRAMES_INLINE_VIEW_DELEGATE_VERSION);
        CHECK_EQ(frames_inline_delegate_init(&ild, FRAMES_INLINE_DELEGATE_VERSION), FRAMES_OK);
        CHECK_EQ(ild.version, FRAMES_INLINE_DELEGATE_VERSION);
        CHECK_EQ(frames_messages_delegate_init(&md, FRAMES_MESSAGES_DELEGATE_VERSION), FRAMES_OK);
        CHECK_EQ(md.version, FRAMES_MESSAGES_DELEGATE_VERSION);
    }
    CHECK(strcmp(frames_frame_status_str(FRAMES_FRAME_STATUS_ERROR_RENDERING), "errorRendering") == 0);
    CHECK(frames_frame_status_is_loading(FRAMES_FRAME_STATUS_DOWNLOADING));
    CHECK(!frames_frame_status_is_loading(FRAMES_FRAME_STATUS_READY));
    CHECK(frames_frame_status_is_error(FRAMES_FRAME_STATUS_ERROR_RESOLVING));
    CHECK(strcmp(frames_frame_error_code_str(FRAMES_FRAME_ERROR_CODE_RENDERING_FAILED), "renderingFailed") == 0);
    CHECK(strcmp(frames_inline_trigger_str(FRAMES_INLINE_TRIGGER_ON_DEMAND), "on_demand") == 0);
    CHECK(strcmp(frames_inline_trigger_str(42), "unknown") == 0);
    CHECK(strcmp(frames_inline_view_status_str(FRAMES_INLINE_VIEW_STATUS_SHOWN), "shown") == 0);
    rects[0] = (frames_rect){ 0, 0, 375, 150 };
    rects[1] = (frames_rect){ 0, 158, 375, 375 };
    rects[2] = (frames_rect){ 0, 541, 375, 187.5 };
    CHECK_EQ(frames_layout_visibility(rects, 3, &viewport, shares, eligible), FRAMES_OK);
    CHECK(eligible[0] && !eligible[2]);
    /* IM-01: the one engine call allowed from any thread, on the owner's
     * engine; a push that is no in-app message changes nothing there. */
    {
        static const char push[] = "{\"aps\":{\"content-available\":1},\"sync\":\"orders\"}";
        frames_notification_result result = -1;
        frames_result r = frames_messages_handle_notification(atomic_load(&pub_engine), (const uint8_t *)push,
                                                              sizeof push - 1, 50, &result);
        CHECK(r == FRAMES_OK || r == FRAMES_ERR_INVALID_HANDLE);
        if (r == FRAMES_OK) CHECK_EQ(result, FRAMES_NOTIFICATION_RESULT_NOT_A_MESSAGE);
        CHECK(strcmp(frames_notification_result_str(FRAMES_NOTIFICATION_RESULT_HANDLED), "handled") == 0);
    }
    frames_error_clear();
}

/* Every owner-thread function on the owner's handles. Outputs are filled
 * with a sentinel and must be untouched. */
static void wrong_thread_pass(void) {
    frames_engine *engine = atomic_load(&pub_engine);
    frames_frame *frame = atomic_load(&pub_bottom);
    frames_frame *top = atomic_load(&pub_top);
    frames_banner_place *place = atomic_load(&pub_place);
    frames_inline_view *view = atomic_load(&pub_view);
    frames_inline_view *new_view = (frames_inline_view *)0x77;
    frames_inline_view_status view_status = 99;
    frames_inline_delegate id = FRAMES_INLINE_DELEGATE_INIT;
    frames_inline_view_delegate ivd = FRAMES_INLINE_VIEW_DELEGATE_INIT;
    const char *explained = "untouched";
    frames_frame_delegate fd = FRAMES_FRAME_DELEGATE_INIT;
    frames_banner_place_delegate bd = FRAMES_BANNER_PLACE_DELEGATE_INIT;
    frames_banners_delegate bsd = FRAMES_BANNERS_DELEGATE_INIT;
    frames_messages_delegate md = FRAMES_MESSAGES_DELEGATE_INIT;
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    frames_request request;
    frames_frame_error error = { 77, 77, "untouched" };
    frames_navigation nav;
    frames_banner_row rows[2];
    frames_rect viewport = { 0, 0, 10, 10 };
    frames_frame *new_frame = (frames_frame *)0x77;
    frames_banner_place *new_place = (frames_banner_place *)0x77;
    frames_frame_status status = 99;
    bool flag = true;
    int64_t deadline = 55;
    double height = -3;
    size_t index = 4242, count = 4242, length = 4242;
    char text[8] = "";
    const uint8_t *blob = NULL;
    const char *names[1] = { "Retry-After" }, *values[1] = { "1" };

    if (frame == NULL) frame = top; /* after the engine is gone: stale */

    memset(&request, 0xcd, sizeof request);
    memset(&nav, 0xcd, sizeof nav);
    memset(rows, 0xcd, sizeof rows);

    /* Engine. */
    WRONG(frames_app_frames_get_enabled, frames_app_frames_get_enabled(engine, &flag));
    WRONG(frames_engine_poll_request, frames_engine_poll_request(engine, &request, &flag));
    WRONG(frames_engine_complete_request,
          frames_engine_complete_request(engine, 1, 200, names, values, 1, (const uint8_t *)"{}", 2, 50));
    WRONG(frames_engine_fail_request, frames_engine_fail_request(engine, 1, "dns", 50));
    WRONG(frames_engine_get_next_deadline, frames_engine_get_next_deadline(engine, &deadline, &flag));
    WRONG(frames_engine_on_timeout, frames_engine_on_timeout(engine, 999999));
    WRONG(frames_engine_start_session, frames_engine_start_session(engine, "intruder", 50));
    WRONG(frames_engine_set_user, frames_engine_set_user(engine, "intruder", 50));
    WRONG(frames_engine_set_app_state, frames_engine_set_app_state(engine, FRAMES_APP_STATE_BACKGROUND, 50));
    WRONG(frames_engine_set_consent, frames_engine_set_consent(engine, false, 50));
    WRONG(frames_banners_preload, frames_banners_preload(engine, "home_banners", 50));
    WRONG(frames_banners_set_delegate, frames_banners_set_delegate(engine, &bsd));
    WRONG(frames_banners_set_delegate, frames_banners_set_delegate(engine, NULL));
    WRONG(frames_frame_new, frames_frame_new(engine, &new_frame));
    WRONG(frames_banner_place_new, frames_banner_place_new(engine, "intruder", &a, &new_place));
    /* NULL (nothing published yet) is the documented no-op: skipped. */
    if (engine) WRONG(frames_engine_free, frames_engine_free(engine));
    CHECK(flag);
    CHECK_EQ(request.id, 0xcdcdcdcdcdcdcdcdULL);
    CHECK_EQ(deadline, 55);
    CHECK(new_frame == (frames_frame *)0x77);
    CHECK(new_place == (frames_banner_place *)0x77);

    /* Frame. */
    WRONG(frames_frame_set_delegate, frames_frame_set_delegate(frame, &fd));
    WRONG(frames_frame_set_delegate, frames_frame_set_delegate(frame, NULL));
    WRONG(frames_frame_set_placement, frames_frame_set_placement(frame, "other", 50));
    WRONG(frames_frame_set_placement, frames_frame_set_placement(frame, NULL, 50));
    WRONG(frames_frame_attach, frames_frame_attach(frame, 50));
    WRONG(frames_frame_detach, frames_frame_detach(frame));
    WRONG(frames_frame_set_hidden, frames_frame_set_hidden(frame, true, 50));
    WRONG(frames_frame_set_laid_out_size, frames_frame_set_laid_out_size(frame, 1, 1, 50));
    WRONG(frames_frame_set_height_mode, frames_frame_set_height_mode(frame, FRAMES_HEIGHT_MODE_FIXED, 10));
    WRONG(frames_frame_get_status, frames_frame_get_status(frame, &status));
    WRONG(frames_engine_set_trace_level, frames_engine_set_trace_level(engine, FRAMES_TRACE_LEVEL_DEBUG));
    WRONG(frames_engine_export_state, frames_engine_export_state(engine, 50, 50, &blob, &length));
    WRONG(frames_engine_import_state, frames_engine_import_state(engine, (const uint8_t *)"FRST", 4, 50, 50));
    WRONG(frames_message_report_displayed, frames_message_report_displayed(engine, "m1", 50));
    WRONG(frames_message_report_button_tapped, frames_message_report_button_tapped(engine, "m1", 0, 50));
    WRONG(frames_message_report_dismissed, frames_message_report_dismissed(engine, "m1", 50));
    WRONG(frames_messages_set_delegate, frames_messages_set_delegate(engine, &md));
    WRONG(frames_messages_set_delegate, frames_messages_set_delegate(engine, NULL));
    WRONG(frames_frame_get_placement_id, frames_frame_get_placement_id(frame, text, sizeof text, &length));
    WRONG(frames_frame_get_error, frames_frame_get_error(frame, &error, &flag));
    WRONG(frames_frame_get_intrinsic_height, frames_frame_get_intrinsic_height(frame, &height));
    WRONG(frames_frame_report_rendered, frames_frame_report_rendered(frame, 10, 50));
    WRONG(frames_frame_report_render_failed, frames_frame_report_render_failed(frame, "x", 50));
    WRONG(frames_frame_report_dismissed, frames_frame_report_dismissed(frame, 50));
    WRONG(frames_frame_report_action, frames_frame_report_action(frame, "shop_now", 50));
    if (frame) WRONG(frames_frame_free, frames_frame_free(frame));
    CHECK_EQ(status, 99);
    CHECK(strcmp(error.message, "untouched") == 0 && error.code == 77);
    CHECK(height == -3);
    CHECK(flag);

    /* Banner place. */
    WRONG(frames_banner_place_set_delegate, frames_banner_place_set_delegate(place, &bd));
    WRONG(frames_banner_place_set_delegate, frames_banner_place_set_delegate(place, NULL));
    WRONG(frames_banner_place_attach, frames_banner_place_attach(place, 50));
    WRONG(frames_banner_place_refresh, frames_banner_place_refresh(place, 50));
    WRONG(frames_banner_place_set_container, frames_banner_place_set_container(place, 100, true, 50));
    WRONG(frames_banner_place_set_viewport, frames_banner_place_set_viewport(place, &viewport, 50));
    WRONG(frames_banner_place_set_viewport, frames_banner_place_set_viewport(place, NULL, 50));
    WRONG(frames_banner_place_set_hidden, frames_banner_place_set_hidden(place, true, 50));
    WRONG(frames_banner_place_set_reader_shown, frames_banner_place_set_reader_shown(place, true, 50));
    WRONG(frames_banner_place_pause, frames_banner_place_pause(place, 50));
    WRONG(frames_banner_place_resume, frames_banner_place_resume(place, 50));
    WRONG(frames_banner_place_report_user_interaction, frames_banner_place_report_user_interaction(place, 50));
    WRONG(frames_banner_place_report_user_scrolled, frames_banner_place_report_user_scrolled(place, 2, 50));
    WRONG(frames_banner_place_report_web_context_reset, frames_banner_place_report_web_context_reset(place, 0, 50));
    WRONG(frames_banner_place_retry_row, frames_banner_place_retry_row(place, 0, 50));
    WRONG(frames_banner_place_show_next, frames_banner_place_show_next(place, 50, &nav));
    WRONG(frames_banner_place_show_previous, frames_banner_place_show_previous(place, 50, &nav));
    WRONG(frames_banner_place_show_banner, frames_banner_place_show_banner(place, 2, 50, &nav));
    WRONG(frames_banner_place_report_action, frames_banner_place_report_action(place, 0, "app://x", 50));
    WRONG(frames_banner_place_report_widget_event,
          frames_banner_place_report_widget_event(place, 0, "tap", "{}", 50));
    WRONG(frames_banner_place_report_input_requested,
          frames_banner_place_report_input_requested(place, 0, FRAMES_INPUT_KIND_EMAIL, "mail?", 50));
    WRONG(frames_banner_place_report_input_finished, frames_banner_place_report_input_finished(place, 50));
    WRONG(frames_banner_place_get_rows, frames_banner_place_get_rows(place, 50, rows, 2, &count));
    WRONG(frames_banner_place_get_current_index, frames_banner_place_get_current_index(place, &index));
    WRONG(frames_banner_place_get_banner_id, frames_banner_place_get_banner_id(place, 0, text, sizeof text, &length));
    if (place) WRONG(frames_banner_place_free, frames_banner_place_free(place));
    CHECK_EQ(index, 4242);
    CHECK_EQ(count, 4242);
    CHECK_EQ(nav.index, (size_t)0xcdcdcdcdcdcdcdcdULL);

    /* Inline messages. */
    WRONG(frames_inline_set_delegate, frames_inline_set_delegate(engine, &id));
    WRONG(frames_inline_set_delegate, frames_inline_set_delegate(engine, NULL));
    WRONG(frames_inline_view_new, frames_inline_view_new(engine, "intruder", &new_view));
    WRONG(frames_inline_track_event, frames_inline_track_event(engine, "intruder", "{}", 50));
    WRONG(frames_inline_call_resolve, frames_inline_call_resolve(engine, 1, true, "null", 50));
    WRONG(frames_inline_explain, frames_inline_explain(engine, "home_inline", 50, &explained, &length));
    /* Explain (XC-11). */
    WRONG(frames_frame_explain, frames_frame_explain(top, 50, &explained, &length));
    WRONG(frames_banner_place_explain, frames_banner_place_explain(place, 50, &explained, &length));
    WRONG(frames_message_explain, frames_message_explain(engine, "m1", 50, &explained, &length));
    WRONG(frames_engine_explain, frames_engine_explain(engine, 50, &explained, &length));
    WRONG(frames_inline_view_set_delegate, frames_inline_view_set_delegate(view, &ivd));
    WRONG(frames_inline_view_set_delegate, frames_inline_view_set_delegate(view, NULL));
    WRONG(frames_inline_view_attach, frames_inline_view_attach(view, 50));
    WRONG(frames_inline_view_detach, frames_inline_view_detach(view));
    WRONG(frames_inline_view_render, frames_inline_view_render(view, 50));
    WRONG(frames_inline_view_set_size, frames_inline_view_set_size(view, 1, 1, 50));
    WRONG(frames_inline_view_report_content_shown, frames_inline_view_report_content_shown(view, 50));
    WRONG(frames_inline_view_report_render_failed, frames_inline_view_report_render_failed(view, "x", 50));
    WRONG(frames_inline_view_report_bridge_message,
          frames_inline_view_report_bridge_message(view, "{\"v\":1,\"method\":\"close\"}", 25, 50));
    WRONG(frames_inline_view_get_status, frames_inline_view_get_status(view, &view_status));
    if (view) WRONG(frames_inline_view_free, frames_inline_view_free(view));
    CHECK(new_view == (frames_inline_view *)0x77);
    CHECK_EQ(view_status, 99);
    CHECK(strcmp(explained, "untouched") == 0);
}

/* An engine owned by this intruder: several owners at once. */
static void own_engine_pass(void) {
    frames_engine *engine = NULL;
    frames_frame *frame = NULL;
    frames_banner_place *place = NULL;
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    frames_frame_status status = -1;
    frames_request request;
    bool available = false;
    CHECK_EQ(frames_engine_new(NULL, (const uint8_t *)enabled_config, strlen(enabled_config), NULL, &engine), FRAMES_OK);
    CHECK_EQ(frames_frame_new(engine, &frame), FRAMES_OK);
    CHECK_EQ(frames_frame_set_placement(frame, "mine", 0), FRAMES_OK);
    CHECK_EQ(frames_frame_attach(frame, 0), FRAMES_OK);
    CHECK_EQ(frames_frame_get_status(frame, &status), FRAMES_OK);
    CHECK_EQ(status, FRAMES_FRAME_STATUS_RESOLVING);
    CHECK_EQ(frames_engine_poll_request(engine, &request, &available), FRAMES_OK);
    CHECK(available);
    CHECK_EQ(frames_banner_place_new(engine, "mine", &a, &place), FRAMES_OK);
    CHECK_EQ(frames_banner_place_free(place), FRAMES_OK);
    if (available) CHECK_EQ(frames_engine_fail_request(engine, request.id, "offline", 1), FRAMES_OK);
    CHECK_EQ(frames_frame_free(frame), FRAMES_OK);
    CHECK_EQ(frames_engine_free(engine), FRAMES_OK);
}

static void *intruder(void *arg) {
    long n = 0;
    (void)arg;
    /* XC-08: a new thread starts without a last error. */
    CHECK_EQ(frames_error_last_code(), FRAMES_OK);
    while (!atomic_load(&stop)) {
        thread_safe_pass();
        wrong_thread_pass();
        if (++n % 16 == 0) own_engine_pass();
        atomic_fetch_add(&passes, 1);
        sched_yield();
    }
    return NULL;
}

static void register_funcs(void) {
    static const char *const names[] = {
        "frames_app_frames_get_enabled", "frames_engine_poll_request", "frames_engine_complete_request",
        "frames_engine_fail_request", "frames_engine_get_next_deadline", "frames_engine_on_timeout",
        "frames_engine_start_session", "frames_engine_set_user", "frames_engine_set_app_state",
        "frames_engine_set_consent", "frames_engine_set_trace_level", "frames_engine_export_state",
        "frames_engine_import_state", "frames_message_report_displayed", "frames_message_report_button_tapped",
        "frames_message_report_dismissed", "frames_messages_set_delegate", "frames_banners_preload",
        "frames_banners_set_delegate", "frames_frame_new", "frames_banner_place_new",
        "frames_engine_free", "frames_frame_set_delegate", "frames_frame_set_placement", "frames_frame_attach",
        "frames_frame_detach", "frames_frame_set_hidden", "frames_frame_set_laid_out_size",
        "frames_frame_set_height_mode", "frames_frame_get_status", "frames_frame_get_placement_id", "frames_frame_get_error",
        "frames_frame_get_intrinsic_height", "frames_frame_report_rendered", "frames_frame_report_render_failed",
        "frames_frame_report_dismissed", "frames_frame_report_action", "frames_frame_free",
        "frames_banner_place_set_delegate", "frames_banner_place_attach", "frames_banner_place_refresh",
        "frames_banner_place_set_container", "frames_banner_place_set_viewport", "frames_banner_place_set_hidden",
        "frames_banner_place_set_reader_shown", "frames_banner_place_pause", "frames_banner_place_resume",
        "frames_banner_place_report_user_interaction", "frames_banner_place_report_user_scrolled",
        "frames_banner_place_report_web_context_reset", "frames_banner_place_retry_row",
        "frames_banner_place_show_next", "frames_banner_place_show_previous", "frames_banner_place_show_banner",
        "frames_banner_place_report_action", "frames_banner_place_report_widget_event",
        "frames_banner_place_report_input_requested", "frames_banner_place_report_input_finished",
        "frames_banner_place_get_rows", "frames_banner_place_get_current_index", "frames_banner_place_get_banner_id",
        "frames_banner_place_free", "frames_inline_set_delegate", "frames_inline_view_new",
        "frames_inline_track_event", "frames_inline_call_resolve", "frames_inline_explain",
        "frames_inline_view_set_delegate", "frames_inline_view_attach", "frames_inline_view_detach",
        "frames_inline_view_render", "frames_inline_view_set_size", "frames_inline_view_report_content_shown",
        "frames_inline_view_report_render_failed", "frames_inline_view_report_bridge_message",
        "frames_inline_view_get_status", "frames_inline_view_free", "frames_frame_explain",
        "frames_banner_place_explain", "frames_message_explain", "frames_engine_explain",
    };
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) register_func(names[i]);
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 200;
    static fb_backend backend;
    static char baseline_text[sizeof transcript.text], baseline_log[4096], log[4096];
    pthread_t threads[INTRUDERS];
    int i, r, mismatches = 0, missing = 0;

    register_funcs();

    /* The reference round: no intruder yet. */
    owner_round(&backend, baseline_log, sizeof baseline_log, 0);
    memcpy(baseline_text, transcript.text, sizeof baseline_text);
    CHECK(!transcript.overflow);
    printf("reference round: %u transcript bytes, %u request-log bytes\n", (unsigned)strlen(baseline_text),
           (unsigned)strlen(baseline_log));

    for (i = 0; i < INTRUDERS; i++) CHECK_EQ(pthread_create(&threads[i], NULL, intruder, NULL), 0);

    for (r = 0; r < rounds; r++) {
        /* The first rounds wait until every intruder made passes with the
         * handles live; later ones for one pass each. */
        owner_round(&backend, log, sizeof log, r < 2 ? 2 * INTRUDERS : 1);
        if (strcmp(transcript.text, baseline_text) != 0 || strcmp(log, baseline_log) != 0) {
            if (mismatches++ == 0) {
                printf("  round %d differs from the reference round\n--- reference\n%s%s--- round %d\n%s%s", r,
                       baseline_text, baseline_log, r, transcript.text, log);
            }
        }
    }
    atomic_store(&stop, true);
    for (i = 0; i < INTRUDERS; i++) CHECK_EQ(pthread_join(threads[i], NULL), 0);
    CHECK_EQ(mismatches, 0);

    printf("%d owner rounds, %ld intruder passes (%d threads)\n", rounds, atomic_load(&passes), INTRUDERS);
    printf("  %-42s %12s %12s\n", "owner-thread function", "wrong thread", "stale handle");
    for (i = 0; i < func_count; i++) {
        long w = atomic_load(&func_wrong_thread[i]), s = atomic_load(&func_stale[i]);
        printf("  %-42s %12ld %12ld\n", func_names[i], w, s);
        if (w == 0) missing++;
    }
    if (missing) printf("  FAIL %d function(s) never met a live handle from another thread\n", missing);
    printf("thread_stress: %ld checks, %ld failed\n", atomic_load(&checks), atomic_load(&failures) + missing);
    return atomic_load(&failures) == 0 && missing == 0 ? 0 : 1;
}
