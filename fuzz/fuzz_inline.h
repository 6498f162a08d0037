/*
 * fuzz_inline.h — what the inline harnesses share (IL-01..IL-10): an engine
 * with inline_url FZI_INLINE_URL and a recording global and view delegate
 * that read every string the library lends (ASan checks them), check what
 * the header promises of each callback, and re-enter the engine the way
 * hosts do (attach views handed to `available`, report content shown from
 * `render`, remember customMethod calls).
 */
#ifndef FUZZ_INLINE_H
#define FUZZ_INLINE_H

#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

#define FZI_INLINE_URL "https://frames.invalid/v1/inline"
/* Every content document is answered with this body; seeds carry its SHA-256. */
#define FZI_CONTENT "{\"template\":{\"html\":\"<p>inline</p>\"}}"
#define FZI_MAX_VIEWS 16
#define FZI_MAX_CALLS 64

typedef struct fzi_world {
    frames_engine *engine;
    int64_t now;
    frames_inline_view *views[FZI_MAX_VIEWS];
    int view_count;
    uint64_t calls[FZI_MAX_CALLS];
    int call_count;
    int replies;
    int delegate_frees;
    const uint8_t *campaigns;
    size_t campaigns_len;
    int campaigns_answered;
} fzi_world;

static void fzi_message(const frames_inline_message *m) {
    fz_assert(m != NULL && m->placement_id && m->campaign_id && m->view_id, "a message without its strings");
    (void)strlen(m->placement_id);
    (void)strlen(m->campaign_id);
    (void)strlen(m->view_id);
    fz_assert(m->trigger >= 0 && m->trigger <= 2, "trigger %d", (int)m->trigger);
    fz_assert((m->trigger == FRAMES_INLINE_TRIGGER_EVENT) == (m->event_name != NULL), "event name and trigger disagree");
    if (m->event_name) (void)strlen(m->event_name);
}

static void fzi_processing(frames_inline_view *view, void *user_data) {
    (void)view;
    (void)user_data;
}

static void fzi_with_message(frames_inline_view *view, const frames_inline_message *m, void *user_data) {
    (void)view;
    (void)user_data;
    fzi_message(m);
}

static void fzi_failed(frames_inline_view *view, const frames_inline_message *m, const frames_frame_error *e,
                       void *user_data) {
    (void)view;
    (void)user_data;
    if (m) fzi_message(m);
    fz_assert(e && e->message, "failed without an error");
    (void)strlen(e->message);
}

static void fzi_size(frames_inline_view *view, const frames_inline_message *m, double w, double h, void *user_data) {
    fzi_world *w_ = (fzi_world *)user_data;
    fzi_message(m);
    fz_assert(w > 0 && h > 0 && w <= 100000 && h <= 100000, "size %g x %g", w, h);
    fz_check(frames_inline_view_set_size(view, w, h, w_->now));
}

static void fzi_render(frames_inline_view *view, const frames_inline_content *c, void *user_data) {
    fzi_world *w = (fzi_world *)user_data;
    size_t i;
    fzi_message(c->message);
    fz_assert(c->template_html && c->context_json, "render without html or context");
    (void)strlen(c->template_html);
    fz_assert(c->context_json[0] == '{', "context %s", c->context_json);
    for (i = 0; i < c->asset_count; i++) (void)strlen(c->assets[i].url);
    fz_trace("render %s in %s", c->message->campaign_id, c->message->view_id);
    fz_check(frames_inline_view_report_content_shown(view, w->now));
}

static void fzi_reply(frames_inline_view *view, const char *json, size_t len, void *user_data) {
    fzi_world *w = (fzi_world *)user_data;
    (void)view;
    fz_assert(json && strlen(json) == len, "reply length");
    fz_assert(strncmp(json, "{\"v\":1,\"id\":", 12) == 0, "reply %s", json);
    fz_trace("reply %s", json);
    w->replies++;
}

static void fzi_view_free(void *user_data) {
    ((fzi_world *)user_data)->delegate_frees++;
}

static void fzi_set_delegate(fzi_world *w, frames_inline_view *view) {
    frames_inline_view_delegate d = FRAMES_INLINE_VIEW_DELEGATE_INIT;
    d.processing_started = fzi_processing;
    d.loaded = fzi_with_message;
    d.updated = fzi_with_message;
    d.failed = fzi_failed;
    d.size_requested = fzi_size;
    d.remove = fzi_with_message;
    d.render = fzi_render;
    d.reply = fzi_reply;
    d.user_data = w;
    d.free_user_data = fzi_view_free;
    fz_expect(frames_inline_view_set_delegate(view, &d), FRAMES_OK);
}

static void fzi_available(frames_inline_view *view, const frames_inline_message *m, void *user_data) {
    fzi_world *w = (fzi_world *)user_data;
    fzi_message(m);
    if (w->view_count < FZI_MAX_VIEWS) {
        w->views[w->view_count++] = view;
        fzi_set_delegate(w, view);
        fz_check(frames_inline_view_attach(view, w->now));
    } else {
        fz_check(frames_inline_view_free(view));
    }
}

static const char *fzi_context(frames_inline_view *view, const frames_inline_message *m, void *user_data) {
    (void)view;
    (void)user_data;
    fzi_message(m);
    return m->priority % 2 ? "{\"first_name\":\"Ada\"}" : NULL;
}

static void fzi_url(frames_inline_view *view, const frames_inline_message *m, const char *url, void *user_data) {
    (void)view;
    (void)user_data;
    fzi_message(m);
    (void)strlen(url);
    fz_assert(strncmp(url, "javascript:", 11) != 0 && strncmp(url, "file:", 5) != 0 && strncmp(url, "data:", 5) != 0,
              "allowed %s", url);
}

static void fzi_action(frames_inline_view *view, const frames_inline_message *m, const char *name, const char *params,
                       void *user_data) {
    (void)view;
    (void)user_data;
    fzi_message(m);
    fz_assert(strlen(name) > 0 && params[0] == '{', "custom action");
}

static void fzi_method(frames_inline_view *view, const frames_inline_message *m, const char *name, const char *params,
                       uint64_t call_id, void *user_data) {
    fzi_world *w = (fzi_world *)user_data;
    (void)view;
    fzi_message(m);
    fz_assert(strlen(name) > 0 && params[0] == '{' && call_id > 0, "custom method");
    fz_trace("customMethod %s: call %llu", name, (unsigned long long)call_id);
    if (w->call_count < FZI_MAX_CALLS) w->calls[w->call_count++] = call_id;
}

static void fzi_refused(frames_inline_view *view, const frames_inline_message *m, const char *url, bool deep_link,
                        const char *reason, void *user_data) {
    (void)view;
    (void)deep_link;
    (void)user_data;
    fzi_message(m);
    (void)strlen(url);
    fz_assert(strlen(reason) > 0, "refused without a reason");
}

/* An engine with the recording inline delegate and the host callbacks
 * `host` (NULL for none). */
static void fzi_init_host(fzi_world *w, const char *schemes, const frames_host_callbacks *host) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_inline_delegate d = FRAMES_INLINE_DELEGATE_INIT;
    memset(w, 0, sizeof *w);
    w->now = 1000;
    options.retry_max_attempts = 2;
    options.random_seed = 7;
    options.inline_url = FZI_INLINE_URL;
    options.inline_url_schemes = schemes;
    options.inline_call_timeout_ms = 5000;
    fz_expect(frames_engine_new(&options, NULL, 0, host, &w->engine), FRAMES_OK);
    d.available = fzi_available;
    d.context_required = fzi_context;
    d.open_url = fzi_url;
    d.open_deep_link = fzi_url;
    d.custom_action = fzi_action;
    d.custom_method = fzi_method;
    d.url_refused = fzi_refused;
    d.user_data = w;
    fz_expect(frames_inline_set_delegate(w->engine, &d), FRAMES_OK);
}

static inline void fzi_init(fzi_world *w, const char *schemes) { fzi_init_host(w, schemes, NULL); }

static frames_inline_view *fzi_view(fzi_world *w, const char *key) {
    frames_inline_view *view = NULL;
    if (w->view_count >= FZI_MAX_VIEWS) return NULL;
    fz_expect(frames_inline_view_new(w->engine, key, &view), FRAMES_OK);
    w->views[w->view_count++] = view;
    fzi_set_delegate(w, view);
    fz_expect(frames_inline_view_set_size(view, 343, 120, w->now), FRAMES_OK);
    return view;
}

/* Answers the campaigns POST with w->campaigns, every other request with FZI_CONTENT. */
static void fzi_answer(frames_engine *engine, const frames_request *request, int64_t now, void *user) {
    fzi_world *w = (fzi_world *)user;
    if (strcmp(request->url, FZI_INLINE_URL) == 0) {
        fz_assert(strcmp(request->method, "POST") == 0, "the campaigns fetch is a POST");
        w->campaigns_answered++;
        fz_check(frames_engine_complete_request(engine, request->id, 200, NULL, NULL, 0, w->campaigns, w->campaigns_len,
                                                now));
        return;
    }
    fz_check(frames_engine_complete_request(engine, request->id, 200, NULL, NULL, 0, (const uint8_t *)FZI_CONTENT,
                                            strlen(FZI_CONTENT), now));
}

/* Every view's status is one of the five; explain of `key` is one JSON
 * object of the length it says. */
static void fzi_touch(fzi_world *w, const char *key) {
    int i;
    const char *json = NULL;
    size_t len = 0;
    for (i = 0; i < w->view_count; i++) {
        frames_inline_view_status s = -1;
        if (fz_check(frames_inline_view_get_status(w->views[i], &s)) == FRAMES_OK)
            fz_assert(s >= 0 && s <= 4 && strlen(frames_inline_view_status_str(s)) > 0, "status %d", (int)s);
    }
    if (fz_check(frames_inline_explain(w->engine, key, w->now, &json, &len)) == FRAMES_OK) {
        fz_assert(json && strlen(json) == len && json[0] == '{' && json[len - 1] == '}', "explain");
    }
}

#endif /* FUZZ_INLINE_H */
