/*
 * fuzz_api — structure-aware: the input is a program of C API calls on one
 * engine (the whole of include/frames.h that needs an engine). A header
 * (config document, options, the host's render and present behaviour) is
 * followed by operations, one selector byte each plus its operands:
 *
 * - App Frames and banner places: create/free frames and places, placement,
 *   attach/detach, hidden, sizes, height mode, template reports, banner
 *   navigation/viewport/pause/input/reports/rows, the id getters and their
 *   BUFFER_TOO_SMALL protocol;
 * - requests and time: poll, complete (any status, Retry-After and other
 *   headers, a valid document for the URL, the input's bytes, or nothing),
 *   fail, unknown ids, time advance and on_timeout;
 * - session: user, consent, app state, session start, trace level;
 * - inline messages (IL-01..IL-10): views new/free/delegate (kept or
 *   cleared), attach/detach/render, size, content shown, render failed,
 *   status, bridge messages (every method, or the input's bytes),
 *   customMethod calls resolved with JSON from the input, the global
 *   delegate (its `available` views kept or freed; context_required
 *   answering valid, invalid, oversized or input text), events with
 *   properties from the input, explain (every kind, XC-11);
 * - modal messages (IM-01..IM-07): notifications (a valid message built from
 *   operands — with a user, a content_ref, a newer min_engine_version, 0-4
 *   buttons — or the input's bytes), confirm/tap/dismiss of the one on
 *   screen or of any id;
 * - durable state (XC-10): export, import of the exported bytes, of them
 *   with a byte changed (under a rewritten CRC-32 or not), as version 2,
 *   truncated, of the input's bytes, of NULL; a refused import must leave
 *   the export byte for byte as it was;
 * - stale handles (freed frames, places and views, everything after the
 *   engine is freed) and handles of the wrong kind (an inline view where a
 *   frame, place or engine is expected and the reverse) must give
 *   FRAMES_ERR_INVALID_HANDLE exactly.
 *
 * Callbacks re-enter the engine (XC-03) as hosts do: frame and place
 * delegates free their frame or place, detach, start a session, navigate;
 * inline view delegates report content shown or failed from `render`, post
 * a bridge message, free their view from `render`, `loaded` or `remove`,
 * detach, report sizes; the global inline delegate answers a customMethod
 * call inside the callback; the messages delegate's present confirms, taps
 * or dismisses; state_changed exports the state; message_wakeup hands in
 * another push. Any of a frame's render and status_changed, custom_method
 * and present may free the engine instead.
 *
 * Every result must be a documented code (fz_check); each delegate's
 * user_data must be freed exactly once (counted at the end). The program's
 * encoding is what fuzz/make_seeds.py writes (Program, api_seeds);
 * FRAMES_FUZZ_TRACE=1 prints the operations and what they reached.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

#define MAX_FRAMES 6
#define MAX_PLACES 3
#define MAX_PENDING 12
#define MAX_STALE 32
#define MAX_OPS 400
#define MAX_VIEWS 4
#define MAX_CALLS 16
#define NOPS 55

#define WALL_OFFSET 1700000000000LL /* wall clock = monotonic + this */

#define CONTENT_URL "https://cdn.test/c/doc.json"
#define ASSET_URL "https://cdn.test/a/pic.png"
#define ASSET_BODY "fuzz-asset"
#define BANNER_BODY "<div>banner</div>"
#define INLINE_URL "https://frames.invalid/v1/inline" /* the default inline_url */
#define INLINE_CONTENT_PREFIX "https://cdn.test/i/"
#define INLINE_CONTENT "{\"template\":{\"html\":\"<p>inline</p>\"}}"
#define MESSAGE_CONTENT_URL "https://cdn.test/m/content.json"

typedef struct pending {
    uint64_t id;
    char url[160];
} pending;

typedef struct ud {
    int slot;
    uint8_t mode;
    int kind; /* 0 frame delegate, 1 place delegate, 2 host, 3 inline view delegate, 4 inline delegate,
                 5 banners delegate, 6 messages delegate */
} ud;

static struct {
    frames_engine *engine;
    bool engine_freed;
    frames_frame *frames[MAX_FRAMES];
    frames_banner_place *places[MAX_PLACES];
    void *stale[MAX_STALE];
    int stale_kind[MAX_STALE]; /* 0 frame, 1 place, 2 inline view */
    size_t nstale;
    pending pend[MAX_PENDING];
    size_t npend;
    int64_t now;
    int live_ud;
    uint8_t render_mode;
    fz_buf placements[3];
    fz_buf content;
    fz_buf banners;
    int depth;
    /* inline messages */
    frames_inline_view *views[MAX_VIEWS];
    uint64_t calls[MAX_CALLS]; /* customMethod calls not answered yet */
    size_t ncalls;
    uint8_t context_mode;      /* what context_required answers */
    char context_raw[256];
    fz_buf inline_docs[2];
    /* modal messages */
    char shown[300];           /* the message on screen, "" for none */
    size_t shown_buttons;
    uint8_t modal_mode;        /* what the messages delegate's present does */
    int font;
    fz_buf message_content;
    /* durable state: the last blob exported (the host's stored copy) */
    uint8_t *saved;
    size_t saved_len;
} S;

static const char *const ids[] = {"home_top_banner", "home_bottom_banner", "fz", "", "\xff\xfe", "home"};
static const char *const users[] = {"user-1", "user-2", "", "u\xc3\x28", "user-1"};
static const char *const actions[] = {"shop_now", "close", "learn_more", "nope", ""};
static const char *const texts[] = {"app://x", "https://example.com/", "", "{\"a\":1}", "[1,2]", "\xff", "{"};
static const char *const keys[] = {"home", "promo", "footer", "home", "", "\xc3\x28"};
static const char *const events[] = {"cart_viewed", "purchase", "tapped", "", "cart_viewed"};
static const char *const jsons[] = {"{}", "{\"sku\":\"A1\",\"n\":[1,2.5,null]}", "[1]", "\"s\"", "null", "{not json",
                                    "{\"a\":\"\\ud800\"}", "1e999", "{\"code\":\"SPRING24\"}"};
static const char *const message_ids[] = {"m-1", "m-2", "m-3", "m-4", "", "m-1"};

/* Messages the bridge script posts (IL-08, IL-09): every method once. */
static const char *const bridge[] = {
    "{\"v\":1,\"method\":\"ready\"}",
    "{\"v\":1,\"id\":1,\"method\":\"getComponentSize\"}",
    "{\"v\":1,\"method\":\"setComponentSize\",\"args\":{\"width\":343,\"height\":200.5}}",
    "{\"v\":1,\"method\":\"openUrl\",\"args\":{\"url\":\"https://shop.test/spring\"}}",
    "{\"v\":1,\"id\":2,\"method\":\"openDeeplink\",\"args\":{\"url\":\"javascript:alert(1)\"}}",
    "{\"v\":1,\"method\":\"openDeeplink\",\"args\":{\"url\":\"myapp://cart\"}}",
    "{\"v\":1,\"method\":\"handleCustomAction\",\"args\":{\"name\":\"share\",\"params\":{\"to\":\"friends\"}}}",
    "{\"v\":1,\"id\":3,\"method\":\"customMethod\",\"args\":{\"name\":\"getCoupon\",\"params\":{\"cart\":\"c-42\"}}}",
    "{\"v\":1,\"method\":\"closeAndTrigger\",\"args\":{\"action\":\"purchase\",\"params\":{\"sku\":\"A1\"},\"label\":\"hero\"}}",
    "{\"v\":1,\"method\":\"close\"}",
    "{\"v\":2,\"id\":5,\"method\":\"close\"}",
};

/* --- documents the "valid" answers send ------------------------------------ */

static void build_documents(void) {
    char content_sha[65], asset_sha[65], banner_sha[65];
    int i;
    for (i = 0; i < 3; i++) fz_buf_free(&S.placements[i]);
    fz_buf_free(&S.content);
    fz_buf_free(&S.banners);
    fz_sha256_hex(ASSET_BODY, strlen(ASSET_BODY), asset_sha);
    fz_buf_printf(&S.content,
                  "{\"template\":{\"html\":\"<a data-action=\\\"shop_now\\\">x</a>\"},"
                  "\"assets\":[{\"url\":\"%s\",\"size\":%u,\"sha256\":\"%s\"}],"
                  "\"actions\":[{\"id\":\"shop_now\",\"deep_link\":\"app://shop\",\"custom_data\":{\"coupon\":\"X\"}},"
                  "{\"id\":\"close\"},{\"id\":\"learn_more\",\"deep_link\":null,\"custom_data\":{}}]}",
                  ASSET_URL, (unsigned)strlen(ASSET_BODY), asset_sha);
    fz_sha256_hex(S.content.p, S.content.len, content_sha);
    fz_buf_printf(&S.placements[0], "{\"placements\":{");
    for (i = 0; i < 3; i++)
        fz_buf_printf(&S.placements[0],
                      "%s\"%s\":{\"campaigns\":[{\"id\":\"c%d\",\"priority\":\"high\",\"created_at\":%d,"
                      "\"variants\":[{\"id\":\"A\",\"weight\":70,\"content\":{\"url\":\"%s\",\"sha256\":\"%s\"}},"
                      "{\"id\":\"B\",\"weight\":30,\"content\":{\"url\":\"%s\",\"sha256\":\"%s\"}}]}]}",
                      i ? "," : "", ids[i], i, 100 + i, CONTENT_URL, content_sha, CONTENT_URL, content_sha);
    fz_buf_printf(&S.placements[0], "},\"sdk_disabled\":false}");
    fz_buf_printf(&S.placements[1], "{\"sdk_disabled\":true}");
    fz_buf_printf(&S.placements[2], "{\"placements\":{\"home_top_banner\":{\"campaigns\":[]},"
                                    "\"fz\":{\"campaigns\":[]}}}");
    fz_sha256_hex(BANNER_BODY, strlen(BANNER_BODY), banner_sha);
    fz_buf_printf(&S.banners, "{\"banners\":[");
    for (i = 0; i < 4; i++)
        fz_buf_printf(&S.banners,
                      "%s{\"id\":\"b%d\",\"ratio\":%s,\"duration_ms\":%d,\"available\":%s,"
                      "\"content\":{\"url\":\"https://cdn.test/b/%d.html\",\"sha256\":\"%s\"}}",
                      i ? "," : "", i, i == 1 ? "0.5" : "1.7777", 1000 * (i + 1), i == 3 ? "false" : "true", i,
                      banner_sha);
    fz_buf_printf(&S.banners, "]}");

    /* Inline campaigns (IL-01..IL-05) of every trigger, on a key the seeds
     * make views for ("home") and one only an event reaches ("promo"). */
    fz_buf_free(&S.inline_docs[0]);
    fz_buf_free(&S.inline_docs[1]);
    fz_buf_free(&S.message_content);
    fz_sha256_hex(INLINE_CONTENT, strlen(INLINE_CONTENT), content_sha);
    fz_buf_printf(&S.inline_docs[0], "{\"campaigns\":[");
    {
        static const char *const camps[][5] = {
            {"hero", "home", "automatic", NULL, "5"},
            {"tile", "home", "on_demand", NULL, "7"},
            {"flash", "home", "event", "cart_viewed", "1"},
            {"promo", "promo", "event", "purchase", "2"},
        };
        for (i = 0; i < 4; i++) {
            fz_buf_printf(&S.inline_docs[0], "%s{\"id\":\"%s\",\"placement_key\":\"%s\",\"trigger\":\"%s\",",
                          i ? "," : "", camps[i][0], camps[i][1], camps[i][2]);
            if (camps[i][3]) fz_buf_printf(&S.inline_docs[0], "\"event\":\"%s\",", camps[i][3]);
            if (i == 0) fz_buf_printf(&S.inline_docs[0], "\"capping\":{\"max_displays\":2,\"period_ms\":60000},");
            fz_buf_printf(&S.inline_docs[0], "\"priority\":%s,\"content\":{\"url\":\"" INLINE_CONTENT_PREFIX "%s.json\","
                          "\"sha256\":\"%s\"}}", camps[i][4], camps[i][0], content_sha);
        }
    }
    fz_buf_printf(&S.inline_docs[0], "]}");
    fz_buf_printf(&S.inline_docs[1], "{\"sdk_disabled\":true}");
    /* The content a message's content_ref names (IM-05). */
    fz_buf_printf(&S.message_content,
                  "{\"title\":{\"text\":\"Shipped\",\"font\":{\"name\":\"Even\",\"size\":20}},\"body\":{\"text\":\"b\"},"
                  "\"buttons\":[{\"label\":{\"text\":\"Track\"},\"url\":\"app://orders\"},{\"label\":{\"text\":\"Later\"}}]}");
}

/* --- bookkeeping ------------------------------------------------------------ */

static void make_stale(void *handle, int kind) {
    size_t i;
    if (handle == NULL) return;
    if (S.nstale == MAX_STALE) {
        for (i = 1; i < MAX_STALE; i++) {
            S.stale[i - 1] = S.stale[i];
            S.stale_kind[i - 1] = S.stale_kind[i];
        }
        S.nstale--;
    }
    S.stale[S.nstale] = handle;
    S.stale_kind[S.nstale] = kind;
    S.nstale++;
}

static void forget_frame(frames_frame *frame) {
    int i;
    for (i = 0; i < MAX_FRAMES; i++)
        if (S.frames[i] == frame) S.frames[i] = NULL;
    make_stale(frame, 0);
}

static void forget_place(frames_banner_place *place) {
    int i;
    for (i = 0; i < MAX_PLACES; i++)
        if (S.places[i] == place) S.places[i] = NULL;
    make_stale(place, 1);
}

static void forget_view(frames_inline_view *view) {
    int i;
    for (i = 0; i < MAX_VIEWS; i++)
        if (S.views[i] == view) S.views[i] = NULL;
    make_stale(view, 2);
}

static void engine_gone(void) {
    int i;
    S.engine_freed = true;
    for (i = 0; i < MAX_FRAMES; i++)
        if (S.frames[i]) forget_frame(S.frames[i]);
    for (i = 0; i < MAX_PLACES; i++)
        if (S.places[i]) forget_place(S.places[i]);
    for (i = 0; i < MAX_VIEWS; i++)
        if (S.views[i]) forget_view(S.views[i]);
    S.npend = 0;
    S.ncalls = 0;
    S.shown[0] = '\0';
}

/* A call during which one of its callbacks freed the engine (XC-03) must
 * not hand out a new handle or memory borrowed from that engine: the
 * handle would keep the freed engine alive, the memory is freed as the call
 * returns. Such a call returns FRAMES_ERR_INVALID_HANDLE (include/frames.h,
 * "Callbacks"); one that returned FRAMES_OK fails here, unless an open
 * finding "engine-freed-in-call" is listed in fuzz/known-issues.txt. Returns
 * whether the call's outputs may be used. */
static bool outputs_usable(const char *call, bool freed_before) {
    if (freed_before || !S.engine_freed) return true;
    if (!fz_known("engine-freed-in-call"))
        fz_fail(call, "returned FRAMES_OK with outputs after a callback of this call freed the engine");
    return false;
}

/* Frees the engine from inside one of its callbacks (XC-03). */
static void free_engine_inside(void) {
    if (S.engine_freed) return;
    fz_expect(frames_engine_free(S.engine), FRAMES_OK);
    engine_gone();
}

static ud *new_ud(int kind, int slot, uint8_t mode) {
    ud *u = (ud *)malloc(sizeof *u);
    if (u == NULL) abort();
    u->kind = kind;
    u->slot = slot;
    u->mode = mode;
    S.live_ud++;
    return u;
}

static void free_ud(void *user_data) {
    ud *u = (ud *)user_data;
    fz_assert(u != NULL, "free_user_data(NULL)");
    u->slot = -12345; /* a second call would be a use after free (ASan) */
    free(u);
    S.live_ud--;
}

/* --- host and delegate callbacks (they re-enter) ---------------------------- */

static void host_analytics(const frames_analytics_record *r, void *user_data) {
    size_t i;
    (void)user_data;
    fz_assert(r->name && r->session_id && r->module, "record strings");
    (void)strlen(r->name);
    if (r->user_id) (void)strlen(r->user_id);
    if (r->placement_id) (void)strlen(r->placement_id);
    if (r->campaign_id) (void)strlen(r->campaign_id);
    if (r->variant_id) (void)strlen(r->variant_id);
    if (r->view_id) (void)strlen(r->view_id);
    for (i = 0; i < r->field_count; i++) {
        (void)strlen(r->fields[i].key);
        (void)strlen(r->fields[i].value);
    }
}

static void frame_render(frames_frame *frame, const frames_content *content, void *user_data) {
    (void)user_data;
    (void)strlen(content->template_html);
    fz_trace("render %s", content->placement_id);
    switch (S.render_mode % 6) {
    case 0: break; /* the template never signals: render timeout */
    case 1: fz_check(frames_frame_report_rendered(frame, 120.0, S.now)); break;
    case 2: fz_check(frames_frame_report_render_failed(frame, "boom", S.now)); break;
    case 3:
        fz_check(frames_frame_report_rendered(frame, 90.0, S.now));
        fz_check(frames_frame_set_laid_out_size(frame, 375.0, 90.0, S.now));
        fz_check(frames_frame_report_action(frame, "shop_now", S.now));
        break;
    case 4:
        fz_check(frames_frame_free(frame));
        forget_frame(frame);
        break;
    case 5:
        fz_check(frames_frame_report_rendered(frame, 0.0, S.now));
        fz_check(frames_frame_report_dismissed(frame, S.now));
        break;
    }
}

static bool host_open_url(const char *url, void *user_data) {
    (void)user_data;
    return url[0] == 'a';
}

static void banners_preloaded(const char *placement_id, const frames_banner_info *banners, size_t count,
                              const frames_frame_error *const *banner_errors, const frames_frame_error *error,
                              void *user_data) {
    size_t i;
    (void)user_data;
    (void)strlen(placement_id);
    if (error) (void)strlen(error->message);
    for (i = 0; i < count; i++)
        if (banner_errors[i]) (void)strlen(banner_errors[i]->message);
    for (i = 0; i < count; i++) (void)strlen(banners[i].content_url);
}

static void frame_status(frames_frame *frame, frames_frame_status status, frames_frame_status previous,
                         void *user_data) {
    ud *u = (ud *)user_data;
    fz_assert(status != previous, "status_changed without a change (%d)", (int)status);
    fz_trace("frame %s -> %s", frames_frame_status_str(previous), frames_frame_status_str(status));
    fz_assert(status >= 0 && status <= 10 && previous >= 0 && previous <= 10, "statuses %d %d", (int)status,
              (int)previous);
    if (S.depth > 4) return;
    S.depth++;
    if ((u->mode & 7) == 1 && frames_frame_status_is_error(status)) {
        fz_check(frames_frame_free(frame));
        forget_frame(frame);
    } else if ((u->mode & 7) == 2) {
        fz_touch_frame(frame);
    } else if ((u->mode & 7) == 3 && status == FRAMES_FRAME_STATUS_READY) {
        fz_check(frames_frame_detach(frame));
    } else if ((u->mode & 15) == 4 && status == FRAMES_FRAME_STATUS_READY && !S.engine_freed) {
        fz_check(frames_engine_free(S.engine));
        engine_gone();
    } else if ((u->mode & 7) == 5) {
        fz_check(frames_engine_start_session(S.engine, NULL, S.now));
    }
    S.depth--;
}

static void frame_fail(frames_frame *frame, const frames_frame_error *error, void *user_data) {
    (void)frame;
    (void)user_data;
    fz_assert(error && error->message, "failed without an error");
    (void)strlen(error->message);
}

static void frame_height(frames_frame *frame, double height, void *user_data) {
    (void)frame;
    (void)user_data;
    fz_assert(height >= 0 && isfinite(height), "optimal height %g", height);
}

static void frame_dismiss(frames_frame *frame, void *user_data) {
    ud *u = (ud *)user_data;
    if (u->mode & 8) {
        fz_check(frames_frame_free(frame));
        forget_frame(frame);
    }
}

static void frame_action(frames_frame *frame, const char *json, void *user_data) {
    (void)frame;
    (void)user_data;
    (void)strlen(json);
}

static void place_update(frames_banner_place *p, bool is_content, size_t count, double h, void *user_data) {
    (void)p;
    (void)is_content;
    (void)count;
    (void)user_data;
    fz_assert(h >= 0, "list height %g", h);
}

static void place_loaded(frames_banner_place *p, const char *placement_id, void *user_data) {
    (void)p;
    (void)user_data;
    (void)strlen(placement_id);
}

static void place_render(frames_banner_place *p, size_t index, const frames_banner_info *b, const uint8_t *content,
                         size_t len, void *user_data) {
    ud *u = (ud *)user_data;
    volatile unsigned sum = 0;
    size_t i;
    (void)index;
    (void)strlen(b->id);
    for (i = 0; i < len; i++) sum += content[i];
    fz_trace("banner render %zu %s", index, b->id);
    if ((u->mode & 7) == 1 && S.depth < 4) {
        frames_navigation nav;
        S.depth++;
        fz_check(frames_banner_place_show_next(p, S.now, &nav));
        S.depth--;
    } else if ((u->mode & 7) == 2) {
        fz_check(frames_banner_place_free(p));
        forget_place(p);
    }
}

static void place_failed(frames_banner_place *p, size_t index, const frames_frame_error *e, void *user_data) {
    (void)p;
    (void)index;
    (void)user_data;
    (void)strlen(e->message);
}

static void place_show(frames_banner_place *p, size_t index, const frames_banner_info *b, void *user_data) {
    (void)p;
    (void)index;
    (void)user_data;
    (void)strlen(b->content_url);
}

static void place_playback(frames_banner_place *p, size_t index, bool playing, bool from_start, void *user_data) {
    (void)p;
    (void)index;
    (void)playing;
    (void)from_start;
    (void)user_data;
}

static void place_scroll(frames_banner_place *p, size_t index, void *user_data) {
    (void)p;
    (void)index;
    (void)user_data;
}

static void place_action(frames_banner_place *p, const char *target, void *user_data) {
    (void)p;
    (void)user_data;
    (void)strlen(target);
}

static void place_widget(frames_banner_place *p, size_t index, const frames_banner_info *b, const char *name,
                         const char *data_json, void *user_data) {
    (void)p;
    (void)index;
    (void)user_data;
    (void)strlen(b->id);
    (void)strlen(name);
    if (data_json) (void)strlen(data_json);
}

static bool place_input(frames_banner_place *p, size_t index, frames_input_kind kind, const char *prompt,
                        void *user_data) {
    ud *u = (ud *)user_data;
    (void)p;
    (void)index;
    (void)kind;
    if (prompt) (void)strlen(prompt);
    return (u->mode & 16) != 0;
}

/* --- inline views (IL-06..IL-10) ------------------------------------------- */

static void inline_message(const frames_inline_message *m) {
    fz_assert(m != NULL && m->placement_id && m->campaign_id && m->view_id, "an inline message without its strings");
    (void)strlen(m->placement_id);
    (void)strlen(m->campaign_id);
    (void)strlen(m->view_id);
    fz_assert(m->trigger >= 0 && m->trigger <= 2, "trigger %d", (int)m->trigger);
    fz_assert(strcmp(frames_inline_trigger_str(m->trigger), "unknown") != 0, "trigger %d has no name", (int)m->trigger);
    fz_assert((m->trigger == FRAMES_INLINE_TRIGGER_EVENT) == (m->event_name != NULL), "event name and trigger disagree");
    if (m->event_name) (void)strlen(m->event_name);
}

static void view_processing(frames_inline_view *view, void *user_data) {
    (void)view;
    (void)user_data;
}

/* loaded / updated: mode 1 frees the view from inside (IL-10). */
static void view_on_screen(frames_inline_view *view, const frames_inline_message *m, void *user_data) {
    ud *u = (ud *)user_data;
    inline_message(m);
    if ((u->mode & 7) == 1) {
        fz_expect(frames_inline_view_free(view), FRAMES_OK);
        forget_view(view);
    }
}

static void view_failed(frames_inline_view *view, const frames_inline_message *m, const frames_frame_error *e,
                        void *user_data) {
    (void)view;
    (void)user_data;
    if (m) inline_message(m);
    fz_assert(e && e->message, "failed without an error");
    (void)strlen(e->message);
}

static void view_size(frames_inline_view *view, const frames_inline_message *m, double w, double h, void *user_data) {
    ud *u = (ud *)user_data;
    inline_message(m);
    fz_assert(w > 0 && h > 0 && w <= 100000 && h <= 100000, "size %g x %g", w, h);
    if (u->mode & 8) fz_check(frames_inline_view_set_size(view, w, h, S.now));
}

/* remove: mode 2 frees the view, mode 3 detaches it. */
static void view_remove(frames_inline_view *view, const frames_inline_message *m, void *user_data) {
    ud *u = (ud *)user_data;
    inline_message(m);
    if ((u->mode & 7) == 2) {
        fz_expect(frames_inline_view_free(view), FRAMES_OK);
        forget_view(view);
    } else if ((u->mode & 7) == 3) {
        fz_check(frames_inline_view_detach(view));
    }
}

/* render: the host reports it shown, or failed, or never (the render
 * timeout), posts "ready" first, frees the view, or frees the engine. */
static void view_render(frames_inline_view *view, const frames_inline_content *c, void *user_data) {
    ud *u = (ud *)user_data;
    size_t i;
    inline_message(c->message);
    fz_assert(c->template_html && c->context_json && c->context_json[0] == '{', "render without html or context");
    (void)strlen(c->template_html);
    (void)strlen(c->context_json);
    fz_assert(c->asset_count == 0 || c->assets != NULL, "assets");
    for (i = 0; i < c->asset_count; i++) (void)strlen(c->assets[i].url);
    fz_trace("inline render %s in %s (context %.20s)", c->message->campaign_id, c->message->view_id, c->context_json);
    if (S.depth > 4) return;
    S.depth++;
    switch ((u->mode >> 4) & 7) {
    case 0:
    case 1:
    case 2: fz_check(frames_inline_view_report_content_shown(view, S.now)); break;
    case 3:
        fz_check(frames_inline_view_report_render_failed(view, (u->mode & 8) ? NULL : "\xff no web view", S.now));
        break;
    case 4: break;
    case 5:
        fz_check(frames_inline_view_report_bridge_message(view, bridge[0], strlen(bridge[0]), S.now));
        fz_check(frames_inline_view_report_content_shown(view, S.now));
        break;
    case 6:
        fz_expect(frames_inline_view_free(view), FRAMES_OK);
        forget_view(view);
        break;
    case 7: free_engine_inside(); break;
    }
    S.depth--;
}

static void view_reply(frames_inline_view *view, const char *json, size_t len, void *user_data) {
    (void)view;
    (void)user_data;
    fz_assert(json && strlen(json) == len, "reply length");
    fz_assert(strncmp(json, "{\"v\":1,\"id\":", 12) == 0, "reply %s", json);
    fz_trace("reply %s", json);
}

static void set_view_delegate(frames_inline_view *view, int slot, uint8_t mode) {
    frames_inline_view_delegate del = FRAMES_INLINE_VIEW_DELEGATE_INIT;
    del.processing_started = view_processing;
    del.loaded = view_on_screen;
    del.updated = view_on_screen;
    del.failed = view_failed;
    del.size_requested = view_size;
    del.remove = view_remove;
    del.render = view_render;
    del.reply = view_reply;
    del.user_data = new_ud(3, slot, mode);
    del.free_user_data = free_ud;
    if (mode == 255) del.version = 99; /* FRAMES_ERR_VERSION; user_data then stays ours */
    if (fz_check(frames_inline_view_set_delegate(view, &del)) != FRAMES_OK) free_ud(del.user_data);
}

/* --- the global inline delegate (IL-02, IL-07, IL-08) ---------------------- */

/* available: the engine made a view for an event; the host keeps it (a
 * delegate, attached) in a free slot, or frees it. */
static void inline_available(frames_inline_view *view, const frames_inline_message *m, void *user_data) {
    ud *u = (ud *)user_data;
    int i;
    inline_message(m);
    for (i = 0; i < MAX_VIEWS; i++)
        if (S.views[i] == NULL) break;
    if (i == MAX_VIEWS || (u->mode & 1)) {
        fz_expect(frames_inline_view_free(view), FRAMES_OK);
        make_stale(view, 2);
        return;
    }
    fz_trace("available: %s in slot %d", m->view_id, i);
    S.views[i] = view;
    set_view_delegate(view, i, (uint8_t)(u->mode & 0xF8));
    fz_check(frames_inline_view_attach(view, S.now));
}

/* context_required: text the host keeps (static), valid or not (IL-07). */
static const char *inline_context(frames_inline_view *view, const frames_inline_message *m, void *user_data) {
    static char big[70000];
    (void)view;
    (void)user_data;
    inline_message(m);
    switch (S.context_mode % 8) {
    case 0: return NULL;
    case 1: return "{}";
    case 2: return "{\"first_name\":\"Ada\",\"points\":[1,2]}";
    case 3: return "[1]";
    case 4: return "not json";
    case 5: return S.context_raw;
    case 6:
        if (big[0] == '\0') { /* an object over 64 KiB */
            memset(big, ' ', sizeof big - 1);
            memcpy(big, "{\"k\":\"", 6);
            memcpy(big + sizeof big - 3, "\"}", 2);
            big[sizeof big - 1] = '\0';
        }
        return big;
    default: return "{\"first_name\":\"\\u00e9\"}";
    }
}

static void inline_url(frames_inline_view *view, const frames_inline_message *m, const char *url, void *user_data) {
    (void)view;
    (void)user_data;
    inline_message(m);
    fz_assert(strncmp(url, "javascript:", 11) != 0 && strncmp(url, "file:", 5) != 0 && strncmp(url, "data:", 5) != 0,
              "IL-08: allowed %s", url);
}

static void inline_action(frames_inline_view *view, const frames_inline_message *m, const char *name,
                          const char *params, void *user_data) {
    (void)view;
    (void)user_data;
    inline_message(m);
    fz_assert(strlen(name) > 0 && params[0] == '{', "custom action");
}

/* custom_method: the call is answered later (an operation), at once from
 * inside the callback, or the engine is freed instead. */
static void inline_method(frames_inline_view *view, const frames_inline_message *m, const char *name,
                          const char *params, uint64_t call_id, void *user_data) {
    ud *u = (ud *)user_data;
    (void)view;
    inline_message(m);
    fz_assert(strlen(name) > 0 && params[0] == '{' && call_id > 0, "custom method");
    fz_trace("customMethod %s: call %llu", name, (unsigned long long)call_id);
    if ((u->mode & 6) == 2) {
        fz_expect(frames_inline_call_resolve(S.engine, call_id, true, "{\"code\":\"NOW\"}", S.now), FRAMES_OK);
        if (!S.engine_freed)
            fz_expect(frames_inline_call_resolve(S.engine, call_id, false, NULL, S.now), FRAMES_ERR_ALREADY_RESOLVED);
    } else if ((u->mode & 6) == 4 && (u->mode & 0x80)) {
        free_engine_inside();
    } else if (S.ncalls < MAX_CALLS) {
        S.calls[S.ncalls++] = call_id;
    }
}

static void inline_refused(frames_inline_view *view, const frames_inline_message *m, const char *url, bool deep_link,
                           const char *reason, void *user_data) {
    (void)view;
    (void)deep_link;
    (void)user_data;
    inline_message(m);
    (void)strlen(url);
    fz_assert(strlen(reason) > 0, "refused without a reason");
}

/* --- modal messages (the messages delegate) and durable state (host) ------- */

static void close_shown(bool confirm, size_t button) {
    char id[300];
    frames_result r;
    if (!S.shown[0] || S.engine_freed) return;
    snprintf(id, sizeof id, "%s", S.shown);
    S.shown[0] = '\0';
    fz_trace("host closes %s (%s)", id, button < S.shown_buttons ? "tap" : "dismiss");
    if (confirm) fz_expect(frames_message_report_displayed(S.engine, id, S.now), FRAMES_OK);
    if (button < S.shown_buttons) {
        fz_expect(frames_message_report_button_tapped(S.engine, id, S.shown_buttons, S.now), FRAMES_ERR_OUT_OF_RANGE);
        r = fz_check(frames_message_report_button_tapped(S.engine, id, button, S.now));
    } else {
        r = fz_check(frames_message_report_dismissed(S.engine, id, S.now));
    }
    /* IM-05, IM-06: the message is on screen until tapped or dismissed. */
    fz_assert(r == FRAMES_OK || (S.engine_freed && r == FRAMES_ERR_INVALID_HANDLE), "closing %s: %d", id, (int)r);
}

static void messages_present(const frames_message *m, void *user_data) {
    (void)user_data;
    fz_assert(S.shown[0] == '\0', "IM-04: %s presented while %s is on screen", m->message_id, S.shown);
    fz_read_message(m, &S.font);
    fz_trace("present %s", m->message_id);
    snprintf(S.shown, sizeof S.shown, "%s", m->message_id);
    S.shown_buttons = m->button_count;
    if (S.depth > 4) return;
    S.depth++;
    switch (S.modal_mode % 8) {
    case 1: fz_expect(frames_message_report_displayed(S.engine, m->message_id, S.now), FRAMES_OK); break;
    case 2: close_shown(false, 99); break;
    case 3: close_shown(false, 0); break;
    case 4: free_engine_inside(); break;
    case 5: close_shown(true, 99); break;
    default: break; /* an operation closes it */
    }
    S.depth--;
}

static void messages_close(const char *message_id, void *user_data) {
    (void)user_data;
    fz_assert(strcmp(message_id, S.shown) == 0, "closed %s while %s is on screen", message_id, S.shown);
    fz_trace("close %s", message_id);
    S.shown[0] = '\0';
}

static bool messages_link_tapped(const char *url, const char *message_id, void *user_data) {
    (void)user_data;
    (void)strlen(message_id);
    return strlen(url) % 2 == 0;
}

static bool host_can_open(const char *url, void *user_data) {
    (void)user_data;
    return url[0] == 'h';
}

static void *host_font(const char *name, double size, void *user_data) {
    (void)user_data;
    fz_assert(size >= 1 && size <= 200, "font size %g", size);
    return strlen(name) % 2 == 0 ? &S.font : NULL;
}

/* XC-10: the host stores the blob when told, from inside the callback. */
static void host_state_changed(void *user_data) {
    const uint8_t *blob = NULL;
    size_t len = 0;
    (void)user_data;
    bool freed = S.engine_freed;
    if (fz_check(frames_engine_export_state(S.engine, S.now, S.now + WALL_OFFSET, &blob, &len)) != FRAMES_OK ||
        !outputs_usable("frames_engine_export_state", freed))
        return;
    fz_assert(len >= 16 && memcmp(blob, "FRST", 4) == 0, "an export is not a state blob");
    free(S.saved);
    S.saved = fz_copy(blob, len);
    S.saved_len = len;
}

static void host_trace(frames_trace_level level, const char *line, void *user_data) {
    (void)user_data;
    fz_assert(level >= FRAMES_TRACE_LEVEL_ERROR && level <= FRAMES_TRACE_LEVEL_DEBUG, "trace level %d", (int)level);
    (void)strlen(line);
}

/* Runs on the notifying thread (here the owner's): it may hand in another
 * push, never free the engine. */
static void host_wakeup(void *user_data) {
    frames_notification_result result = -1;
    (void)user_data;
    fz_expect(frames_messages_handle_notification(S.engine, (const uint8_t *)"{}", 2, S.now, &result), FRAMES_OK);
    fz_assert(result == FRAMES_NOTIFICATION_RESULT_NOT_A_MESSAGE, "{} is not a message");
}

/* --- operands ------------------------------------------------------------- */

static frames_frame *pick_frame(fz_data *d, int *slot) {
    int i = (int)fz_range(d, MAX_FRAMES);
    if (slot) *slot = i;
    return S.frames[i];
}

static frames_banner_place *pick_place(fz_data *d, int *slot) {
    int i = (int)fz_range(d, MAX_PLACES);
    if (slot) *slot = i;
    return S.places[i];
}

static const char *pick_id(fz_data *d, char *buf, size_t cap) {
    uint8_t t = fz_u8(d);
    if (t < 16) return NULL;
    if (t < 24) { /* 257 bytes: one over the limit */
        memset(buf, 'x', 257);
        buf[257] = '\0';
        return buf;
    }
    return fz_string(d, buf, cap, ids, sizeof ids / sizeof ids[0]);
}

static size_t pick_index(fz_data *d) {
    uint8_t t = fz_u8(d);
    if (t == 255) return (size_t)-1;
    if (t == 254) return (size_t)fz_u64(d);
    return t % 6;
}

static int64_t pick_delta(fz_data *d) {
    static const int64_t table[] = {0, 1, 10, 100, 999, 1000, 2500, 5000, 9999, 10000, 10001, 30000, 60000, 300000};
    uint8_t t = fz_u8(d);
    if (t < 240) return table[t % (sizeof table / sizeof table[0])];
    return (int64_t)(fz_u32(d) % 100000000u);
}

static frames_inline_view *pick_view(fz_data *d, int *slot) {
    int i = (int)fz_range(d, MAX_VIEWS);
    if (slot) *slot = i;
    return S.views[i];
}

/* A string from `table`, 257 bytes (one over the id limit), or raw bytes. */
static const char *pick_text(fz_data *d, char *buf, size_t cap, const char *const *table, size_t count) {
    uint8_t t = fz_u8(d);
    if (t >= 8 && t < 16 && cap > 257) {
        memset(buf, 'x', 257);
        buf[257] = '\0';
        return buf;
    }
    return fz_string(d, buf, cap, table, count);
}

/* JSON text for properties, results and the like: NULL, one of `jsons`, or
 * input bytes (NUL-terminated, any content). */
static const char *pick_json(fz_data *d, char *buf, size_t cap) {
    uint8_t t = fz_u8(d);
    if (t < 24) return NULL;
    if (t < 200) return jsons[t % (sizeof jsons / sizeof jsons[0])];
    return fz_string(d, buf, cap, NULL, 0);
}

static void forget_pending(size_t i) {
    S.pend[i] = S.pend[--S.npend];
}

static void answer(fz_data *d) {
    static const int32_t statuses[] = {200, 200, 200, 200, 201, 204, 304, 400, 404, 408, 429, 500, 503, 100, 999, 0, 1000, -1};
    static const char *const names[] = {"Retry-After", "Content-Type", "retry-after", "X"};
    static const char *const values[] = {"0", "1", "2", "120", "999999999999", "-5", "abc", "", "1.5", " 3"};
    const char *hn[3], *hv[3];
    char nbuf[3][64], vbuf[3][64];
    size_t i, nh, len = 0;
    const uint8_t *body = NULL;
    pending p;
    int32_t status;
    uint8_t kind;
    if (S.npend == 0) return;
    i = fz_range(d, (uint32_t)S.npend);
    p = S.pend[i];
    forget_pending(i);
    status = statuses[fz_range(d, sizeof statuses / sizeof statuses[0])];
    if (status == -1) status = (int32_t)fz_u32(d);
    nh = fz_range(d, 4);
    for (i = 0; i < nh; i++) {
        hn[i] = fz_string(d, nbuf[i], sizeof nbuf[i], names, sizeof names / sizeof names[0]);
        hv[i] = fz_string(d, vbuf[i], sizeof vbuf[i], values, sizeof values / sizeof values[0]);
    }
    kind = fz_u8(d) % 8;
    if (kind <= 3) { /* the valid document for the URL */
        const fz_buf *doc = NULL;
        if (strcmp(p.url, FZ_PLACEMENTS_URL) == 0) doc = &S.placements[kind % 3];
        else if (strcmp(p.url, CONTENT_URL) == 0) doc = &S.content;
        else if (strcmp(p.url, FZ_BANNERS_URL) == 0) doc = &S.banners;
        else if (strcmp(p.url, INLINE_URL) == 0) doc = &S.inline_docs[kind == 3];
        else if (strcmp(p.url, MESSAGE_CONTENT_URL) == 0) doc = &S.message_content;
        if (strncmp(p.url, INLINE_CONTENT_PREFIX, strlen(INLINE_CONTENT_PREFIX)) == 0) {
            body = (const uint8_t *)INLINE_CONTENT;
            len = strlen(INLINE_CONTENT);
        } else if (doc) {
            body = (const uint8_t *)doc->p;
            len = doc->len;
        } else if (strcmp(p.url, ASSET_URL) == 0) {
            body = (const uint8_t *)ASSET_BODY;
            len = strlen(ASSET_BODY);
        } else {
            body = (const uint8_t *)BANNER_BODY;
            len = strlen(BANNER_BODY);
        }
    } else if (kind <= 5) { /* the input's bytes */
        body = fz_bytes(d, fz_u16(d) % 2048, &len);
    }
    fz_check(frames_engine_complete_request(S.engine, p.id, status, nh ? hn : NULL, nh ? hv : NULL, nh, body, len,
                                            S.now));
}

static void appearance_from(fz_data *d, frames_appearance *a) {
    uint8_t t = fz_u8(d);
    a->layout_type = t % 3;
    if (t >= 250) a->layout_type = (frames_layout_type)fz_u32(d);
    a->should_loop = fz_bool(d);
    a->has_max_banners_count = fz_bool(d);
    a->max_banners_count = (int8_t)fz_u8(d);
    if (fz_u8(d) > 200) {
        a->side_inset = fz_double(d);
        a->inter_item_spacing = fz_double(d);
    }
}

/* --- inline, modal and durable-state operations --------------------------- */

/* A notification: a valid message (IM-01..IM-07) built from operands, or
 * input bytes. The result must match the return code and be written. */
static void notify(fz_data *d) {
    static const char *const buttons[] = {
        "{\"label\":{\"text\":\"Shop\",\"font\":{\"name\":\"Odd\",\"size\":17}},\"url\":\"https://shop.test/x\"}",
        "{\"label\":{\"text\":\"Open\"},\"url\":\"app://offers\",\"background_color\":\"#2E7D32\"}",
        "{\"label\":{\"text\":\"Later\"}}",
        "{\"label\":{\"text\":\"Call\"},\"url\":\"tel:1\"}",
    };
    fz_buf b = {0};
    uint8_t *copy;
    const uint8_t *raw = NULL;
    size_t len;
    frames_notification_result result = -7;
    frames_result rc;
    uint8_t sub = fz_u8(d), flags;
    if (sub < 200) {
        char sha[65];
        const char *id = message_ids[fz_range(d, sizeof message_ids / sizeof message_ids[0])];
        long long sent_at = 1714550400000LL + 1000LL * fz_u8(d);
        size_t nb, i;
        flags = fz_u8(d);
        nb = (flags >> 4) % 5;
        fz_buf_printf(&b, "{\"aps\":{\"content-available\":1},\"frames_message\":{\"id\":\"%s\",\"sent_at\":%lld", id, sent_at);
        if (flags & 1) fz_buf_printf(&b, ",\"user_id\":\"%s\"", users[(flags >> 1) & 1]);
        if (flags & 4) fz_buf_printf(&b, ",\"min_engine_version\":\"99.0.0\"");
        if (flags & 8) {
            fz_sha256_hex(S.message_content.p, S.message_content.len, sha);
            fz_buf_printf(&b, ",\"content_ref\":{\"url\":\"%s\",\"sha256\":\"%s\"}}}", MESSAGE_CONTENT_URL, sha);
        } else {
            fz_buf_printf(&b, ",\"content\":{\"title\":{\"text\":\"Spring\",\"font\":{\"name\":\"Even\",\"size\":22}},"
                              "\"image\":{\"url\":\"https://cdn.test/i.png\",\"alt\":\"a\"},\"buttons\":[");
            for (i = 0; i < nb; i++) fz_buf_printf(&b, "%s%s", i ? "," : "", buttons[i]);
            fz_buf_printf(&b, "]}}}");
        }
        raw = (const uint8_t *)b.p;
        len = b.len;
    } else {
        raw = fz_bytes(d, fz_u16(d) % 4096, &len);
    }
    copy = fz_copy(raw, len);
    rc = fz_check(frames_messages_handle_notification(S.engine, copy, len, S.now, &result));
    fz_check_notification(rc, result, copy, len, S.engine_freed);
    fz_assert(rc != FRAMES_ERR_INVALID_HANDLE || result == -7, "a refused call wrote a result");
    fz_trace("notification: %s", frames_notification_result_str(result));
    free(copy);
    fz_buf_free(&b);
}

/* XC-10: a blob to import: the stored export, the stored export with a
 * byte changed (its CRC-32 rewritten or not), truncated, input bytes, or
 * none. Returns a heap copy (NULL for none), *len its length. */
static uint8_t *import_source(fz_data *d, size_t *len) {
    uint8_t sub = fz_u8(d) % 7;
    uint8_t *blob;
    if (sub == 5) {
        const uint8_t *raw = fz_bytes(d, fz_u16(d) % 2048, len);
        return fz_copy(raw, *len);
    }
    if (sub == 6) {
        *len = fz_u8(d) & 1; /* NULL with 1: FRAMES_ERR_NULL_POINTER */
        return NULL;
    }
    if (S.saved == NULL) {
        *len = 0;
        return fz_copy(NULL, 0);
    }
    blob = fz_copy(S.saved, S.saved_len);
    *len = S.saved_len;
    if (sub == 0) return blob;
    if (sub <= 2) {
        size_t at = fz_range(d, (uint32_t)*len);
        blob[at] ^= (uint8_t)(fz_u8(d) | 1);
        if (sub == 2 && *len > 16) { /* past the checksum: the decoder and the modules see it */
            uint32_t crc = fz_crc32(blob + 16, *len - 16);
            int i;
            for (i = 0; i < 4; i++) blob[12 + i] = (uint8_t)(crc >> (8 * i));
        }
    } else if (sub == 3) {
        *len = fz_range(d, (uint32_t)*len);
    } else {
        /* The same payload under a header claiming version 2 (XC-09). */
        if (*len > 5) blob[4] = 2;
    }
    return blob;
}

/* All or nothing (XC-10): a refused import exports what was there before. */
static void import_state(fz_data *d) {
    const uint8_t *out = NULL;
    uint8_t *blob, *before;
    size_t len = 0, before_len = 0, after_len = 0;
    frames_result r;
    blob = import_source(d, &len);
    if (fz_check(frames_engine_export_state(S.engine, S.now, S.now + WALL_OFFSET, &out, &before_len)) != FRAMES_OK ||
        !outputs_usable("frames_engine_export_state", false) || S.engine_freed) {
        free(blob);
        return;
    }
    before = fz_copy(out, before_len);
    r = fz_check(frames_engine_import_state(S.engine, blob, len, S.now, S.now + WALL_OFFSET));
    fz_trace("import of %zu bytes: %s", len, frames_result_str(r));
    if (blob == NULL && len > 0) fz_assert(r == FRAMES_ERR_NULL_POINTER, "import of NULL returned %d", (int)r);
    if ((r == FRAMES_ERR_INVALID_ARGUMENT || r == FRAMES_ERR_VERSION) && !S.engine_freed) {
        fz_assert(strstr(frames_error_last_message(), "nothing was imported") != NULL, "a refused import's message");
        fz_expect(frames_engine_export_state(S.engine, S.now, S.now + WALL_OFFSET, &out, &after_len), FRAMES_OK);
        fz_assert(after_len == before_len && memcmp(out, before, before_len) == 0,
                  "XC-10: a refused import changed the state (%zu bytes before, %zu after)", before_len, after_len);
    } else {
        fz_assert(r == FRAMES_OK || r == FRAMES_ERR_NULL_POINTER || (r == FRAMES_ERR_INVALID_HANDLE && S.engine_freed),
                  "import returned %d", (int)r);
    }
    free(before);
    free(blob);
}

static void step_more(fz_data *d, uint8_t op) {
    char buf[300], buf2[300];
    int slot;
    frames_inline_view *v;
    switch (op) {
    case 36:
        v = pick_view(d, &slot);
        if (v == NULL && fz_check(frames_inline_view_new(S.engine, pick_text(d, buf, sizeof buf, keys, 6), &v)) == FRAMES_OK) {
            fz_assert(v != NULL, "no view");
            if (outputs_usable("frames_inline_view_new", false)) S.views[slot] = v;
            else fz_expect(frames_inline_view_free(v), FRAMES_ERR_INVALID_HANDLE);
        }
        break;
    case 37:
        v = pick_view(d, NULL);
        if (v) {
            fz_expect(frames_inline_view_free(v), FRAMES_OK);
            forget_view(v);
        }
        break;
    case 38:
        v = pick_view(d, &slot);
        if (v) {
            uint8_t mode = fz_u8(d);
            if (mode == 0) fz_check(frames_inline_view_set_delegate(v, NULL));
            else set_view_delegate(v, slot, mode);
        }
        break;
    case 39: {
        uint8_t sub;
        v = pick_view(d, NULL);
        sub = fz_u8(d) % 3;
        if (v == NULL) break;
        if (sub == 0) fz_check(frames_inline_view_attach(v, S.now));
        else if (sub == 1) fz_check(frames_inline_view_detach(v));
        else fz_check(frames_inline_view_render(v, S.now));
        break;
    }
    case 40: {
        double w, h;
        v = pick_view(d, NULL);
        w = fz_double(d);
        h = fz_double(d);
        if (v) fz_check(frames_inline_view_set_size(v, w, h, S.now));
        break;
    }
    case 41: {
        uint8_t sub;
        frames_inline_view_status st = -1;
        v = pick_view(d, NULL);
        sub = fz_u8(d) % 4;
        if (v == NULL) break;
        if (sub == 0) fz_check(frames_inline_view_report_content_shown(v, S.now));
        else if (sub == 1) fz_check(frames_inline_view_report_render_failed(v, NULL, S.now));
        else if (sub == 2) fz_check(frames_inline_view_report_render_failed(v, fz_string(d, buf, sizeof buf, texts, 7), S.now));
        else if (fz_check(frames_inline_view_get_status(v, &st)) == FRAMES_OK)
            fz_assert(st >= 0 && st <= 4 && strcmp(frames_inline_view_status_str(st), "unknown") != 0, "status %d", (int)st);
        break;
    }
    case 42: { /* a bridge message (IL-08, IL-09) */
        uint8_t sub;
        const uint8_t *raw;
        uint8_t *copy;
        size_t len;
        frames_result r;
        v = pick_view(d, NULL);
        sub = fz_u8(d);
        if (sub < 200) {
            raw = (const uint8_t *)bridge[sub % (sizeof bridge / sizeof bridge[0])];
            len = strlen((const char *)raw);
        } else {
            raw = fz_bytes(d, fz_u8(d), &len);
        }
        if (v == NULL) break;
        copy = fz_copy(raw, len);
        r = fz_check(frames_inline_view_report_bridge_message(v, (const char *)copy, len, S.now));
        fz_trace("bridge message: %s", frames_result_str(r));
        fz_assert(r == FRAMES_OK || r == FRAMES_ERR_INVALID_ARGUMENT || r == FRAMES_ERR_VERSION ||
                  r == FRAMES_ERR_INVALID_STATE || (r == FRAMES_ERR_INVALID_HANDLE && S.engine_freed),
                  "report_bridge_message returned %d", (int)r);
        free(copy);
        break;
    }
    case 43: { /* answer a customMethod call (IL-07) */
        uint8_t sub = fz_u8(d);
        bool success = fz_bool(d);
        const char *json = pick_json(d, buf, sizeof buf);
        frames_result r;
        if (sub < 200 && S.ncalls) {
            size_t i = sub % S.ncalls;
            uint64_t id = S.calls[i];
            r = fz_check(frames_inline_call_resolve(S.engine, id, success, json, S.now));
            fz_assert(r == FRAMES_OK || r == FRAMES_ERR_ALREADY_RESOLVED || r == FRAMES_ERR_INVALID_ARGUMENT ||
                      (r == FRAMES_ERR_INVALID_HANDLE && S.engine_freed), "resolve returned %d", (int)r);
            if (r == FRAMES_ERR_INVALID_ARGUMENT) break; /* still pending */
            S.calls[i] = S.calls[--S.ncalls];
            if (!S.engine_freed)
                fz_expect(frames_inline_call_resolve(S.engine, id, true, "1", S.now), FRAMES_ERR_ALREADY_RESOLVED);
        } else if (sub < 230) {
            /* Never issued; the result is checked first (the header orders neither). */
            r = fz_check(frames_inline_call_resolve(S.engine, 0, success, json, S.now));
            fz_assert(r == FRAMES_ERR_NOT_FOUND || r == FRAMES_ERR_INVALID_ARGUMENT, "resolve(0) returned %d", (int)r);
        } else {
            fz_check(frames_inline_call_resolve(S.engine, fz_u64(d), success, json, S.now));
        }
        break;
    }
    case 44: {
        uint8_t mode = fz_u8(d);
        frames_inline_delegate del = FRAMES_INLINE_DELEGATE_INIT;
        if (mode == 0) {
            fz_check(frames_inline_set_delegate(S.engine, NULL));
            break;
        }
        del.available = inline_available;
        del.context_required = inline_context;
        del.open_url = inline_url;
        del.open_deep_link = inline_url;
        del.custom_action = inline_action;
        del.custom_method = inline_method;
        del.url_refused = inline_refused;
        del.user_data = new_ud(4, 0, mode);
        del.free_user_data = free_ud;
        if (mode == 255) del.version = 99;
        if (fz_check(frames_inline_set_delegate(S.engine, &del)) != FRAMES_OK) free_ud(del.user_data);
        break;
    }
    case 45: { /* IL-02 */
        const char *name = fz_u8(d) < 8 ? NULL : pick_text(d, buf, sizeof buf, events, 5);
        const char *props = pick_json(d, buf2, sizeof buf2);
        frames_result r = fz_check(frames_inline_track_event(S.engine, name, props, S.now));
        if (name == NULL && !S.engine_freed) fz_assert(r == FRAMES_ERR_NULL_POINTER, "track_event(NULL) returned %d", (int)r);
        break;
    }
    case 46: { /* XC-11: every object's explanation, one shape */
        const char *json = NULL;
        size_t len = 0;
        frames_result r;
        switch (fz_u8(d) % 5) {
        case 0: r = frames_inline_explain(S.engine, pick_text(d, buf, sizeof buf, keys, 6), S.now, &json, &len); break;
        case 1: r = frames_frame_explain(pick_frame(d, NULL), S.now, &json, &len); break;
        case 2: r = frames_banner_place_explain(pick_place(d, NULL), S.now, &json, &len); break;
        case 3:
            r = frames_message_explain(S.engine, pick_text(d, buf, sizeof buf, message_ids, 6), S.now, &json, &len);
            break;
        default: r = frames_engine_explain(S.engine, S.now, &json, &len); break;
        }
        if (fz_check(r) == FRAMES_OK && outputs_usable("explain", false))
            fz_assert(json && strlen(json) == len && strncmp(json, "{\"explain\":1,", 12) == 0 && json[len - 1] == '}',
                      "explain");
        break;
    }
    case 47: /* what context_required answers next (IL-07) */
        S.context_mode = fz_u8(d);
        if (S.context_mode % 8 == 5) fz_string(d, S.context_raw, sizeof S.context_raw, jsons, sizeof jsons / sizeof jsons[0]);
        break;
    case 48:
        notify(d);
        break;
    case 49: { /* the host's answer to a message (IM-05, IM-06) */
        uint8_t sub = fz_u8(d) % 4;
        bool on_screen = fz_u8(d) < 200 && S.shown[0];
        const char *id = on_screen ? S.shown : pick_text(d, buf, sizeof buf, message_ids, 6);
        size_t index = pick_index(d);
        fz_trace("message op %d on %s", (int)sub, on_screen ? "the one on screen" : id);
        if (on_screen && sub != 0) {
            close_shown(fz_bool(d), sub == 1 ? index : 99);
        } else if (sub == 0) {
            fz_check(frames_message_report_displayed(S.engine, id, S.now));
        } else if (sub <= 2) {
            /* The id may be the one on screen: then the host no longer shows
             * it once the call succeeds (and the next one may be presented
             * inside the call). */
            bool shown = strcmp(id, S.shown) == 0;
            frames_result r;
            snprintf(buf2, sizeof buf2, "%s", id);
            if (shown) S.shown[0] = '\0';
            r = fz_check(sub == 1 ? frames_message_report_button_tapped(S.engine, buf2, index, S.now)
                                  : frames_message_report_dismissed(S.engine, buf2, S.now));
            if (shown && r != FRAMES_OK && !S.engine_freed && S.shown[0] == '\0') snprintf(S.shown, sizeof S.shown, "%s", buf2);
        } else {
            fz_check(frames_message_report_displayed(S.engine, NULL, S.now));
        }
        break;
    }
    case 50: { /* XC-10: export */
        const uint8_t *blob = NULL;
        size_t len = 0;
        if (fz_check(frames_engine_export_state(S.engine, S.now, S.now + WALL_OFFSET, &blob, &len)) == FRAMES_OK &&
            outputs_usable("frames_engine_export_state", false)) {
            fz_assert(len >= 16 && memcmp(blob, "FRST", 4) == 0, "an export is not a state blob");
            free(S.saved);
            S.saved = fz_copy(blob, len);
            S.saved_len = len;
        }
        break;
    }
    case 51:
        import_state(d);
        break;
    case 52: {
        uint8_t t = fz_u8(d);
        frames_trace_level level = t < 250 ? (frames_trace_level)(t % 6) : (frames_trace_level)fz_u32(d);
        frames_result r = fz_check(frames_engine_set_trace_level(S.engine, level));
        if (!S.engine_freed)
            fz_assert((r == FRAMES_OK) == (level >= FRAMES_TRACE_LEVEL_OFF && level <= FRAMES_TRACE_LEVEL_DEBUG),
                      "trace level %d gave %d", (int)level, (int)r);
        break;
    }
    case 53: { /* XC-07: inline view handles where others are expected, and the reverse */
        frames_frame *ff = pick_frame(d, NULL);
        frames_banner_place *pp = pick_place(d, NULL);
        v = pick_view(d, NULL);
        if (v) {
            fz_expect(frames_frame_attach((frames_frame *)v, S.now), FRAMES_ERR_INVALID_HANDLE);
            fz_expect(frames_frame_free((frames_frame *)v), FRAMES_ERR_INVALID_HANDLE);
            fz_expect(frames_banner_place_pause((frames_banner_place *)v, S.now), FRAMES_ERR_INVALID_HANDLE);
            fz_expect(frames_engine_on_timeout((frames_engine *)v, S.now), FRAMES_ERR_INVALID_HANDLE);
        }
        if (ff) {
            fz_expect(frames_inline_view_attach((frames_inline_view *)ff, S.now), FRAMES_ERR_INVALID_HANDLE);
            fz_expect(frames_inline_view_free((frames_inline_view *)ff), FRAMES_ERR_INVALID_HANDLE);
        }
        if (pp) fz_expect(frames_inline_view_detach((frames_inline_view *)pp), FRAMES_ERR_INVALID_HANDLE);
        fz_expect(frames_inline_view_render((frames_inline_view *)S.engine, S.now), FRAMES_ERR_INVALID_HANDLE);
        fz_expect(frames_inline_view_attach(NULL, S.now), FRAMES_ERR_INVALID_HANDLE);
        fz_expect(frames_inline_view_free(NULL), FRAMES_OK);
        break;
    }
    default: { /* queries: the BUFFER_TOO_SMALL protocol of the id getters, names */
        frames_frame *ff = pick_frame(d, NULL);
        frames_banner_place *pp = pick_place(d, NULL);
        size_t index = pick_index(d), n = 12345, n2 = 0;
        int32_t k = (int32_t)(int8_t)fz_u8(d);
        if (ff && fz_check(frames_frame_get_placement_id(ff, NULL, 0, &n)) == FRAMES_ERR_BUFFER_TOO_SMALL) {
            fz_assert(n <= 256, "placement id of %zu bytes", n);
            memset(buf, 0x7f, sizeof buf);
            fz_expect(frames_frame_get_placement_id(ff, buf, n + 1, &n2), FRAMES_OK);
            fz_assert(n2 == n && strlen(buf) == n, "placement id length %zu, then %zu (%zu)", n, n2, strlen(buf));
        }
        if (pp && fz_check(frames_banner_place_get_banner_id(pp, index, NULL, 0, &n)) == FRAMES_ERR_BUFFER_TOO_SMALL) {
            fz_assert(n >= 1 && n <= 256, "banner id of %zu bytes", n);
            fz_expect(frames_banner_place_get_banner_id(pp, index, buf, n, &n2), FRAMES_ERR_BUFFER_TOO_SMALL);
            memset(buf, 0x7f, sizeof buf);
            fz_expect(frames_banner_place_get_banner_id(pp, index, buf, n + 1, &n2), FRAMES_OK);
            fz_assert(n2 == n && strlen(buf) == n, "banner id length %zu, then %zu", n, n2);
        }
        fz_assert(frames_frame_status_is_loading(k) == (k >= FRAMES_FRAME_STATUS_RESOLVING && k <= FRAMES_FRAME_STATUS_RENDERING),
                  "is_loading(%d)", (int)k);
        (void)strlen(frames_inline_trigger_str(k));
        (void)strlen(frames_inline_view_status_str(k));
        (void)strlen(frames_notification_result_str(k));
        (void)strlen(frames_frame_status_str(k));
        break;
    }
    }
}

/* --- one operation ---------------------------------------------------------- */

static void step(fz_data *d) {
    char buf[300], buf2[300];
    int slot;
    frames_frame *f;
    frames_banner_place *pl;
    uint8_t op = fz_u8(d) % NOPS;
    fz_trace("op %d", (int)op);
    if (op >= 36) {
        step_more(d, op);
        return;
    }
    switch (op) {
    case 0: {
        bool freed = S.engine_freed;
        f = pick_frame(d, &slot);
        if (f == NULL && fz_check(frames_frame_new(S.engine, &f)) == FRAMES_OK) {
            if (outputs_usable("frames_frame_new", freed)) S.frames[slot] = f;
            else fz_expect(frames_frame_free(f), FRAMES_ERR_INVALID_HANDLE);
        }
        break;
    }
    case 1:
        f = pick_frame(d, NULL);
        if (f) {
            fz_expect(frames_frame_free(f), FRAMES_OK);
            forget_frame(f);
        }
        break;
    case 2:
        f = pick_frame(d, &slot);
        if (f) {
            uint8_t mode = fz_u8(d);
            if (mode == 0) {
                fz_check(frames_frame_set_delegate(f, NULL));
            } else {
                frames_frame_delegate del = FRAMES_FRAME_DELEGATE_INIT;
                del.render = frame_render;
                del.status_changed = frame_status;
                del.failed = frame_fail;
                del.height_requested = frame_height;
                del.dismiss_requested = frame_dismiss;
                del.action_triggered = frame_action;
                del.user_data = new_ud(0, slot, mode);
                del.free_user_data = free_ud;
                if (mode == 255) del.version = 99; /* FRAMES_ERR_VERSION; user_data then stays ours */
                if (fz_check(frames_frame_set_delegate(f, &del)) != FRAMES_OK) free_ud(del.user_data);
            }
        }
        break;
    case 3:
        f = pick_frame(d, NULL);
        if (f) fz_check(frames_frame_set_placement(f, pick_id(d, buf, sizeof buf), S.now));
        break;
    case 4:
        f = pick_frame(d, NULL);
        if (f) fz_check(frames_frame_attach(f, S.now));
        break;
    case 5:
        f = pick_frame(d, NULL);
        if (f) fz_check(frames_frame_detach(f));
        break;
    case 6:
        f = pick_frame(d, NULL);
        if (f) fz_check(frames_frame_set_hidden(f, fz_bool(d), S.now));
        break;
    case 7: {
        double w, h;
        f = pick_frame(d, NULL);
        w = fz_double(d);
        h = fz_double(d);
        if (f) fz_check(frames_frame_set_laid_out_size(f, w, h, S.now));
        break;
    }
    case 8: {
        frames_height_mode m;
        double h;
        f = pick_frame(d, NULL);
        m = (frames_height_mode)(fz_u8(d) % 3);
        h = fz_double(d);
        if (f) fz_check(frames_frame_set_height_mode(f, m, h));
        break;
    }
    case 9:
        f = pick_frame(d, NULL);
        if (f) fz_touch_frame(f);
        break;
    case 10: {
        uint8_t sub;
        f = pick_frame(d, NULL);
        sub = fz_u8(d) % 4;
        if (f == NULL) break;
        if (sub == 0) fz_check(frames_frame_report_rendered(f, fz_double(d), S.now));
        else if (sub == 1) fz_check(frames_frame_report_render_failed(f, fz_bool(d) ? NULL : "\xff broken", S.now));
        else if (sub == 2) fz_check(frames_frame_report_dismissed(f, S.now));
        else fz_check(frames_frame_report_action(f, fz_string(d, buf, sizeof buf, actions, 5), S.now));
        break;
    }
    case 11: {
        frames_request r;
        bool available = false;
        memset(&r, 0, sizeof r);
        if (fz_check(frames_engine_poll_request(S.engine, &r, &available)) == FRAMES_OK && available &&
            outputs_usable("frames_engine_poll_request", false)) {
            fz_assert(r.id != 0 && r.url != NULL && r.method != NULL, "request shape");
            fz_trace("request %s %s", r.method, r.url);
            if (S.npend == MAX_PENDING) forget_pending(0);
            S.pend[S.npend].id = r.id;
            snprintf(S.pend[S.npend].url, sizeof S.pend[0].url, "%s", r.url);
            S.npend++;
        }
        break;
    }
    case 12:
        answer(d);
        break;
    case 13:
        if (S.npend) {
            size_t i = fz_range(d, (uint32_t)S.npend);
            uint64_t id = S.pend[i].id;
            forget_pending(i);
            fz_check(frames_engine_fail_request(S.engine, id, fz_bool(d) ? NULL : "connection reset", S.now));
        }
        break;
    case 14:
        fz_check(frames_engine_complete_request(S.engine, fz_u64(d), 200, NULL, NULL, 0, NULL, 0, S.now));
        break;
    case 15:
        S.now += pick_delta(d);
        fz_check(frames_engine_on_timeout(S.engine, S.now));
        break;
    case 16: {
        int64_t deadline = 0;
        bool has = false;
        if (fz_check(frames_engine_get_next_deadline(S.engine, &deadline, &has)) == FRAMES_OK && has) {
            if (deadline > S.now) S.now = deadline;
            fz_check(frames_engine_on_timeout(S.engine, S.now));
        }
        break;
    }
    case 17:
        fz_check(frames_engine_set_user(S.engine, fz_u8(d) < 40 ? NULL : fz_string(d, buf, sizeof buf, users, 5), S.now));
        break;
    case 18:
        fz_check(frames_engine_set_consent(S.engine, fz_bool(d), S.now));
        break;
    case 19: {
        uint8_t t = fz_u8(d);
        fz_check(frames_engine_set_app_state(S.engine, t < 250 ? (frames_app_state)(t % 4) : (frames_app_state)fz_u32(d), S.now));
        break;
    }
    case 20:
        fz_check(frames_engine_start_session(S.engine, fz_bool(d) ? NULL : fz_string(d, buf, sizeof buf, users, 5), S.now));
        break;
    case 21: {
        frames_appearance a = FRAMES_APPEARANCE_INIT;
        pl = pick_place(d, &slot);
        appearance_from(d, &a);
        if (pl == NULL && fz_check(frames_banner_place_new(S.engine, pick_id(d, buf, sizeof buf), &a, &pl)) == FRAMES_OK) {
            if (outputs_usable("frames_banner_place_new", false)) S.places[slot] = pl;
            else fz_expect(frames_banner_place_free(pl), FRAMES_ERR_INVALID_HANDLE);
        }
        break;
    }
    case 22:
        pl = pick_place(d, NULL);
        if (pl) {
            fz_expect(frames_banner_place_free(pl), FRAMES_OK);
            forget_place(pl);
        }
        break;
    case 23:
        pl = pick_place(d, &slot);
        if (pl) {
            uint8_t mode = fz_u8(d);
            if (mode == 0) {
                fz_check(frames_banner_place_set_delegate(pl, NULL));
            } else {
                frames_banner_place_delegate del = FRAMES_BANNER_PLACE_DELEGATE_INIT;
                del.updated = place_update;
                del.loaded = place_loaded;
                del.render = place_render;
                del.row_failed = place_failed;
                del.shown = place_show;
                del.playback_changed = place_playback;
                del.scrolled = place_scroll;
                del.action_triggered = place_action;
                del.widget_reported = place_widget;
                del.input_requested = place_input;
                del.user_data = new_ud(1, slot, mode);
                del.free_user_data = free_ud;
                if (fz_check(frames_banner_place_set_delegate(pl, &del)) != FRAMES_OK) free_ud(del.user_data);
            }
        }
        break;
    case 24:
        pl = pick_place(d, NULL);
        if (pl) {
            if (fz_bool(d)) fz_check(frames_banner_place_attach(pl, S.now));
            else fz_check(frames_banner_place_refresh(pl, S.now));
        }
        break;
    case 25:
        fz_check(frames_banners_preload(S.engine, pick_id(d, buf, sizeof buf), S.now));
        break;
    case 26: {
        double w;
        bool rtl;
        pl = pick_place(d, NULL);
        w = fz_double(d);
        rtl = fz_bool(d);
        if (pl) fz_check(frames_banner_place_set_container(pl, w, rtl, S.now));
        break;
    }
    case 27: {
        frames_rect r;
        bool null_rect;
        pl = pick_place(d, NULL);
        null_rect = fz_u8(d) < 40;
        r.x = fz_double(d);
        r.y = fz_double(d);
        r.width = fz_double(d);
        r.height = fz_double(d);
        if (pl) fz_check(frames_banner_place_set_viewport(pl, null_rect ? NULL : &r, S.now));
        break;
    }
    case 28: {
        uint8_t sub;
        bool flag;
        pl = pick_place(d, NULL);
        sub = fz_u8(d) % 5;
        flag = fz_bool(d);
        if (pl == NULL) break;
        if (sub == 0) fz_check(frames_banner_place_set_hidden(pl, flag, S.now));
        else if (sub == 1) fz_check(frames_banner_place_set_reader_shown(pl, flag, S.now));
        else if (sub == 2) fz_check(frames_banner_place_pause(pl, S.now));
        else if (sub == 3) fz_check(frames_banner_place_resume(pl, S.now));
        else fz_check(frames_banner_place_report_user_interaction(pl, S.now));
        break;
    }
    case 29: {
        uint8_t sub;
        size_t index;
        frames_navigation nav;
        pl = pick_place(d, NULL);
        sub = fz_u8(d) % 4;
        index = pick_index(d);
        if (pl == NULL) break;
        if (sub == 0) fz_check(frames_banner_place_report_user_scrolled(pl, index, S.now));
        else if (sub == 1) fz_check(frames_banner_place_report_web_context_reset(pl, index, S.now));
        else if (sub == 2) fz_check(frames_banner_place_retry_row(pl, index, S.now));
        else if (fz_check(frames_banner_place_show_banner(pl, index, S.now, &nav)) == FRAMES_OK)
            fz_assert(isfinite(nav.offset.x) && isfinite(nav.offset.y), "navigation offset");
        break;
    }
    case 30: {
        frames_navigation nav;
        frames_result rc;
        pl = pick_place(d, NULL);
        if (pl == NULL) break;
        rc = fz_bool(d) ? fz_check(frames_banner_place_show_next(pl, S.now, &nav))
                        : fz_check(frames_banner_place_show_previous(pl, S.now, &nav));
        if (rc == FRAMES_OK) fz_assert(isfinite(nav.offset.x) && isfinite(nav.offset.y), "navigation offset");
        break;
    }
    case 31: {
        uint8_t sub;
        size_t index;
        pl = pick_place(d, NULL);
        sub = fz_u8(d) % 4;
        index = pick_index(d);
        if (pl == NULL) break;
        if (sub == 0) {
            fz_check(frames_banner_place_report_action(pl, index, fz_u8(d) < 20 ? NULL : fz_string(d, buf, sizeof buf, texts, 7), S.now));
        } else if (sub == 1) {
            const char *name = fz_u8(d) < 20 ? NULL : fz_string(d, buf, sizeof buf, texts, 7);
            const char *json = fz_u8(d) < 60 ? NULL : fz_string(d, buf2, sizeof buf2, texts, 7);
            fz_check(frames_banner_place_report_widget_event(pl, index, name, json, S.now));
        } else if (sub == 2) {
            uint8_t k = fz_u8(d);
            fz_check(frames_banner_place_report_input_requested(
                pl, index, k < 250 ? k % 4 : (frames_input_kind)fz_u32(d),
                fz_u8(d) < 30 ? NULL : fz_string(d, buf, sizeof buf, texts, 7), S.now));
        } else {
            fz_check(frames_banner_place_report_input_finished(pl, S.now));
        }
        break;
    }
    case 32: {
        frames_banner_row rows[8];
        size_t cap, count = 0, index = 0, i;
        pl = pick_place(d, NULL);
        cap = fz_range(d, 9);
        if (pl == NULL) break;
        if (fz_check(frames_banner_place_get_rows(pl, S.now, cap ? rows : NULL, cap, &count)) == FRAMES_OK)
            for (i = 0; i < count && i < cap; i++) {
                fz_assert(rows[i].state >= 0 && rows[i].state <= 2, "row state %d", (int)rows[i].state);
                fz_assert(isfinite(rows[i].rect.x) && isfinite(rows[i].rect.height), "row rect");
            }
        fz_check(frames_banner_place_get_current_index(pl, &index));
        break;
    }
    case 33:
        if (S.nstale) {
            size_t i = fz_range(d, (uint32_t)S.nstale);
            if (S.stale_kind[i] == 0) {
                fz_expect(frames_frame_attach((frames_frame *)S.stale[i], S.now), FRAMES_ERR_INVALID_HANDLE);
                fz_check(frames_frame_free((frames_frame *)S.stale[i]));
            } else if (S.stale_kind[i] == 2) {
                fz_expect(frames_inline_view_attach((frames_inline_view *)S.stale[i], S.now), FRAMES_ERR_INVALID_HANDLE);
                fz_expect(frames_inline_view_report_bridge_message((frames_inline_view *)S.stale[i], bridge[0], strlen(bridge[0]), S.now),
                          FRAMES_ERR_INVALID_HANDLE);
                fz_check(frames_inline_view_free((frames_inline_view *)S.stale[i]));
            } else {
                fz_expect(frames_banner_place_pause((frames_banner_place *)S.stale[i], S.now), FRAMES_ERR_INVALID_HANDLE);
                fz_check(frames_banner_place_free((frames_banner_place *)S.stale[i]));
            }
        }
        break;
    case 34: {
        frames_frame *ff = pick_frame(d, NULL);
        frames_banner_place *pp = pick_place(d, NULL);
        if (ff) fz_expect(frames_banner_place_resume((frames_banner_place *)ff, S.now), FRAMES_ERR_INVALID_HANDLE);
        if (pp) fz_expect(frames_frame_detach((frames_frame *)pp), FRAMES_ERR_INVALID_HANDLE);
        fz_expect(frames_frame_detach((frames_frame *)S.engine), FRAMES_ERR_INVALID_HANDLE);
        if (ff) fz_expect(frames_engine_on_timeout((frames_engine *)ff, S.now), FRAMES_ERR_INVALID_HANDLE);
        break;
    }
    default: {
        bool enabled;
        fz_check(frames_app_frames_get_enabled(S.engine, &enabled));
        break;
    }
    }
}

/* --- the program -------------------------------------------------------------- */

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    char text[32];
    uint32_t v = frames_version_number();
    (void)argc;
    (void)argv;
    fz_init_environment();
    /* The loaded library is the header's (the harness links the one it was built with). */
    snprintf(text, sizeof text, "%u.%u.%u", v / 1000000, v / 1000 % 1000, v % 1000);
    fz_assert(v == FRAMES_VERSION_NUMBER && strcmp(frames_version_string(), text) == 0, "version %u, \"%s\"", v,
              frames_version_string());
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const char disabled[] = "{\"Insider\":{\"App Frames Enabled\":false}}";
    static const char plist[] =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict><key>Insider</key><dict>"
        "<key>App Frames Enabled</key><true/></dict></dict></plist>";
    fz_data d = {data, size};
    frames_engine_options options;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_banners_delegate banners = FRAMES_BANNERS_DELEGATE_INIT;
    frames_messages_delegate messages = FRAMES_MESSAGES_DELEGATE_INIT;
    const char *config;
    uint8_t header;
    int ops, i;

    memset(&S, 0, sizeof S);
    build_documents();
    S.now = 1000;

    header = fz_u8(&d);
    fz_expect(frames_engine_options_init(&options, FRAMES_ENGINE_OPTIONS_VERSION + (header >> 7)),
              header >> 7 ? FRAMES_ERR_VERSION : FRAMES_OK);
    fz_expect(frames_engine_options_init(&options, FRAMES_ENGINE_OPTIONS_VERSION), FRAMES_OK);
    config = (header & 3) == 0 ? disabled : (header & 3) == 1 ? plist : fz_config_enabled;
    options.retry_max_attempts = 1 + fz_range(&d, 4);
    options.allow_insecure_http = (header & 4) != 0;
    options.request_timeout_ms = (header & 8) ? 500 : 10000;
    options.render_timeout_ms = (header & 16) ? 300 : 10000;
    if (header & 32) options.inline_url_schemes = "myapp,mailto";
    if (header & 64) options.inline_call_timeout_ms = 500;
    options.random_seed = fz_u8(&d);
    S.render_mode = fz_u8(&d);
    S.modal_mode = (uint8_t)(S.render_mode >> 3);
    host.analytics = host_analytics;
    host.open_url = host_open_url;
    host.state_changed = host_state_changed;
    host.trace = host_trace;
    host.message_wakeup = host_wakeup;
    host.can_open_url = host_can_open;
    host.resolve_font = host_font;
    host.user_data = new_ud(2, 0, 0);
    host.free_user_data = free_ud;
    fz_expect(frames_engine_new(&options, (const uint8_t *)config, strlen(config), &host, &S.engine), FRAMES_OK);
    banners.preloaded = banners_preloaded;
    banners.user_data = new_ud(5, 0, 0);
    banners.free_user_data = free_ud;
    fz_expect(frames_banners_set_delegate(S.engine, &banners), FRAMES_OK);
    messages.present = messages_present;
    messages.close = messages_close;
    messages.link_tapped = messages_link_tapped;
    messages.user_data = new_ud(6, 0, 0);
    messages.free_user_data = free_ud;
    fz_expect(frames_messages_set_delegate(S.engine, &messages), FRAMES_OK);

    for (ops = 0; ops < MAX_OPS && d.n > 0 && !S.engine_freed; ops++) step(&d);

    if (!S.engine_freed) {
        /* Free some things one by one, then the engine takes the rest. */
        /* Each free may pick up a message whose presentation frees the engine. */
        for (i = 0; i < MAX_FRAMES && !S.engine_freed; i += 2)
            if (S.frames[i]) {
                fz_expect(frames_frame_free(S.frames[i]), FRAMES_OK);
                forget_frame(S.frames[i]);
            }
        if (S.places[0] && !S.engine_freed) {
            fz_expect(frames_banner_place_free(S.places[0]), FRAMES_OK);
            forget_place(S.places[0]);
        }
        for (i = 0; i < MAX_VIEWS && !S.engine_freed; i += 2)
            if (S.views[i]) {
                fz_expect(frames_inline_view_free(S.views[i]), FRAMES_OK);
                forget_view(S.views[i]);
            }
        if (!S.engine_freed) {
            fz_expect(frames_engine_free(S.engine), FRAMES_OK);
            engine_gone();
        }
    }
    /* Every handle is stale now. */
    for (i = 0; i < (int)S.nstale; i++) {
        if (S.stale_kind[i] == 0) fz_expect(frames_frame_detach((frames_frame *)S.stale[i]), FRAMES_ERR_INVALID_HANDLE);
        else if (S.stale_kind[i] == 2)
            fz_expect(frames_inline_view_detach((frames_inline_view *)S.stale[i]), FRAMES_ERR_INVALID_HANDLE);
        else fz_expect(frames_banner_place_pause((frames_banner_place *)S.stale[i], 0), FRAMES_ERR_INVALID_HANDLE);
    }
    fz_expect(frames_engine_on_timeout(S.engine, S.now), FRAMES_ERR_INVALID_HANDLE);
    fz_assert(S.live_ud == 0, "%d delegate/host user_data not freed", S.live_ud);
    for (i = 0; i < 3; i++) fz_buf_free(&S.placements[i]);
    fz_buf_free(&S.content);
    fz_buf_free(&S.banners);
    fz_buf_free(&S.inline_docs[0]);
    fz_buf_free(&S.inline_docs[1]);
    fz_buf_free(&S.message_content);
    free(S.saved);
    frames_error_clear();
    return 0;
}
