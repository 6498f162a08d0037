/*
 * inline_example.c — a C host of inline in-app messages (SPEC IL-01..IL-10):
 * a home screen with one view for the placement key "home_hero".
 *
 *   1. Attaching the view fetches the inline campaigns and shows the
 *      automatic campaign "welcome_back" (capped: once a day).
 *   2. The host draws content in a web view with frames-inline-bridge.js
 *      injected; here a small "web view" plays what the content's script
 *      would post: SRInApp.getComponentSize() and
 *      SRInApp.customMethod("getCoupon", {...}). The host forwards each
 *      message to frames_inline_view_report_bridge_message and passes every
 *      reply back (SRInApp._receive in a real web view).
 *   3. The app tracks "cart_viewed": the event campaign "cart_reminder"
 *      (higher priority) replaces welcome_back; its content opens a deep
 *      link (allowed: the host named the scheme "shopapp") and tries a
 *      javascript: URL (always refused), then closes itself.
 *   4. The host saves the engine's state, "restarts" (a new engine with the
 *      state imported) and attaches the view again: welcome_back stays
 *      capped, and frames_inline_explain says why.
 *
 * Requests are answered from an in-memory table and the clock is virtual,
 * so it runs anywhere; a real host uses its HTTP client and event loop. The
 * sha256 values are those of the content documents below
 * (printf '%s' '<document>' | sha256sum).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frames.h"

/* --- the "backend" ------------------------------------------------------------- */

static const char welcome_content[] =
    "{\"template\":{\"html\":\"<h1>Welcome back, {{first_name}}</h1>"
    "<button onclick=\\\"SRInApp.close()\\\">x</button>\"}}";
static const char cart_content[] =
    "{\"template\":{\"html\":\"<p>Your cart misses you</p>"
    "<a onclick=\\\"SRInApp.openDeeplink(\\u0027shopapp://cart\\u0027)\\\">Open cart</a>\"}}";
static const char campaigns[] =
    "{\"server_time\":1714600000000,\"campaigns\":["
    "{\"id\":\"welcome_back\",\"placement_key\":\"home_hero\",\"trigger\":\"automatic\",\"priority\":10,"
    "\"capping\":{\"max_displays\":1,\"period_ms\":86400000},"
    "\"content\":{\"url\":\"https://cdn.example.com/inline/welcome.json\","
    "\"sha256\":\"692b5edbe4b1fbccacccc9b44823dea51e866fe5d8c8f6ed622f6f6e964104a0\"}},"
    "{\"id\":\"cart_reminder\",\"placement_key\":\"home_hero\",\"trigger\":\"event\",\"event\":\"cart_viewed\","
    "\"priority\":1,\"content\":{\"url\":\"https://cdn.example.com/inline/cart.json\","
    "\"sha256\":\"179b6bf6199dac807fe9c7bd272c6b234ae3712f17dea8c7b8c8504ede8b178f\"}}]}";

static const struct {
    const char *url;
    const char *body;
} routes[] = {
    { "https://api.example.com/v1/inline", campaigns },
    { "https://cdn.example.com/inline/welcome.json", welcome_content },
    { "https://cdn.example.com/inline/cart.json", cart_content },
};

static int64_t now_ms;
static frames_engine *engine;
/* What the example checks it saw (the exit status). */
static int loaded, replies, deep_links, refusals, removals;
static uint64_t pending_call;

static void run_until_idle(void) {
    for (;;) {
        frames_request request;
        bool available = false, has_deadline = false;
        int64_t deadline = 0;
        if (frames_engine_poll_request(engine, &request, &available) != FRAMES_OK) return;
        if (available) {
            const char *body = NULL;
            size_t i;
            for (i = 0; i < sizeof routes / sizeof routes[0]; i++)
                if (strcmp(routes[i].url, request.url) == 0) body = routes[i].body;
            printf("[%5lld ms] %s %s -> %d\n", (long long)now_ms, request.method, request.url, body ? 200 : 404);
            now_ms += 20;
            frames_engine_complete_request(engine, request.id, body ? 200 : 404, NULL, NULL, 0,
                                           (const uint8_t *)body, body ? strlen(body) : 0, now_ms);
            continue;
        }
        if (frames_engine_get_next_deadline(engine, &deadline, &has_deadline) != FRAMES_OK || !has_deadline) return;
        if (deadline > now_ms + 60000) return; /* only near timers matter here */
        if (deadline > now_ms) now_ms = deadline;
        frames_engine_on_timeout(engine, now_ms);
    }
}

/* The content's script posting a message through the bridge. */
static void content_posts(frames_inline_view *view, const char *message) {
    frames_result r;
    printf("[%5lld ms]   web view -> engine: %s\n", (long long)now_ms, message);
    r = frames_inline_view_report_bridge_message(view, message, strlen(message), now_ms);
    if (r != FRAMES_OK) printf("[%5lld ms]   refused: %s\n", (long long)now_ms, frames_error_last_message());
}

/* --- the view's delegate (IL-06) ------------------------------------------------- */

static void on_processing(frames_inline_view *view, void *user_data) {
    (void)view;
    (void)user_data;
    printf("[%5lld ms] view: processing a campaign\n", (long long)now_ms);
}

static void on_render(frames_inline_view *view, const frames_inline_content *c, void *user_data) {
    (void)user_data;
    /* A real host loads template_html into its web view with
     * frames-inline-bridge.js injected, pinned to the view's edges, and
     * reports the content shown when the page is on screen. */
    printf("[%5lld ms] view: render %s (context %s): %.40s...\n", (long long)now_ms, c->message->campaign_id,
           c->context_json, c->template_html);
    frames_inline_view_report_content_shown(view, now_ms);
}

static void on_loaded(frames_inline_view *view, const frames_inline_message *m, void *user_data) {
    (void)view;
    (void)user_data;
    loaded++;
    printf("[%5lld ms] view: loaded %s\n", (long long)now_ms, m->campaign_id);
}

static void on_updated(frames_inline_view *view, const frames_inline_message *m, void *user_data) {
    (void)view;
    (void)user_data;
    printf("[%5lld ms] view: updated to %s\n", (long long)now_ms, m->campaign_id);
}

static void on_failed(frames_inline_view *view, const frames_inline_message *m, const frames_frame_error *e,
                      void *user_data) {
    (void)view;
    (void)user_data;
    printf("[%5lld ms] view: failed %s: %s\n", (long long)now_ms, m ? m->campaign_id : "(campaigns)", e->message);
}

static void on_size(frames_inline_view *view, const frames_inline_message *m, double w, double h, void *user_data) {
    (void)m;
    (void)user_data;
    printf("[%5lld ms] view: content asks for %gx%g; the host lays it out\n", (long long)now_ms, w, h);
    frames_inline_view_set_size(view, w, h, now_ms);
}

static void on_remove(frames_inline_view *view, const frames_inline_message *m, void *user_data) {
    (void)view;
    (void)user_data;
    removals++;
    printf("[%5lld ms] view: remove %s\n", (long long)now_ms, m->campaign_id);
}

static void on_reply(frames_inline_view *view, const char *json, size_t len, void *user_data) {
    (void)view;
    (void)user_data;
    replies++;
    /* A real host: webView.evaluate("SRInApp._receive(" + JSON-quoted text + ")"). */
    printf("[%5lld ms]   engine -> web view: %.*s\n", (long long)now_ms, (int)len, json);
}

/* --- the global inline delegate (IL-07) -------------------------------------------- */

static const char *on_context(frames_inline_view *view, const frames_inline_message *m, void *user_data) {
    (void)view;
    (void)m;
    (void)user_data;
    return "{\"first_name\":\"Ada\"}"; /* static: outlives the return */
}

static void on_method(frames_inline_view *view, const frames_inline_message *m, const char *name, const char *params,
                      uint64_t call_id, void *user_data) {
    (void)view;
    (void)m;
    (void)user_data;
    printf("[%5lld ms] host: customMethod %s(%s) is call %llu; answered later\n", (long long)now_ms, name, params,
           (unsigned long long)call_id);
    pending_call = call_id;
}

static void on_deep_link(frames_inline_view *view, const frames_inline_message *m, const char *link, void *user_data) {
    (void)view;
    (void)m;
    (void)user_data;
    deep_links++;
    printf("[%5lld ms] host: open deep link %s\n", (long long)now_ms, link);
}

static void on_refused(frames_inline_view *view, const frames_inline_message *m, const char *url, bool deep_link,
                       const char *reason, void *user_data) {
    (void)view;
    (void)m;
    (void)deep_link;
    (void)user_data;
    refusals++;
    printf("[%5lld ms] host: refused %s (%s)\n", (long long)now_ms, url, reason);
}

static void on_state_changed(void *user_data) {
    (void)user_data;
    printf("[%5lld ms] host: the durable state changed (a real host saves it now)\n", (long long)now_ms);
}

static frames_engine *new_engine(void) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_inline_delegate inline_delegate = FRAMES_INLINE_DELEGATE_INIT;
    frames_engine *e = NULL;
    options.inline_url = "https://api.example.com/v1/inline";
    options.inline_url_schemes = "shopapp";
    host.state_changed = on_state_changed;
    if (frames_engine_new(&options, NULL, 0, &host, &e) != FRAMES_OK) {
        fprintf(stderr, "frames_engine_new: %s\n", frames_error_last_message());
        exit(1);
    }
    inline_delegate.context_required = on_context;
    inline_delegate.custom_method = on_method;
    inline_delegate.open_deep_link = on_deep_link;
    inline_delegate.url_refused = on_refused;
    frames_inline_set_delegate(e, &inline_delegate);
    return e;
}

static frames_inline_view *new_view(void) {
    frames_inline_view_delegate d = FRAMES_INLINE_VIEW_DELEGATE_INIT;
    frames_inline_view *view = NULL;
    d.processing_started = on_processing;
    d.render = on_render;
    d.loaded = on_loaded;
    d.updated = on_updated;
    d.failed = on_failed;
    d.size_requested = on_size;
    d.remove = on_remove;
    d.reply = on_reply;
    frames_inline_view_new(engine, "home_hero", &view);
    frames_inline_view_set_delegate(view, &d);
    frames_inline_view_set_size(view, 343, 180, now_ms); /* no default size (IL-10) */
    return view;
}

int main(void) {
    static uint8_t saved[4096];
    const uint8_t *blob = NULL;
    const char *explain = NULL;
    size_t blob_len = 0, saved_len = 0, explain_len = 0;
    frames_inline_view *view;
    bool capped;

    engine = new_engine();
    view = new_view();
    printf("== 1. the view is attached: the automatic campaign shows\n");
    frames_inline_view_attach(view, now_ms);
    run_until_idle();

    printf("== 2. the content talks to the host through the bridge\n");
    now_ms = 1000;
    content_posts(view, "{\"v\":1,\"id\":1,\"method\":\"getComponentSize\"}");
    content_posts(view, "{\"v\":1,\"method\":\"setComponentSize\",\"args\":{\"width\":343,\"height\":220}}");
    content_posts(view, "{\"v\":1,\"id\":2,\"method\":\"customMethod\",\"args\":{\"name\":\"getCoupon\",\"params\":{\"cart\":\"c-42\"}}}");
    now_ms = 1200;
    frames_inline_call_resolve(engine, pending_call, true, "{\"code\":\"SPRING24\"}", now_ms);
    if (frames_inline_call_resolve(engine, pending_call, true, "{}", now_ms) == FRAMES_ERR_ALREADY_RESOLVED)
        printf("[%5lld ms] host: a second answer is refused: %s\n", (long long)now_ms, frames_error_last_message());

    printf("== 3. the app tracks cart_viewed: the event campaign replaces it\n");
    now_ms = 2000;
    frames_inline_track_event(engine, "cart_viewed", "{\"items\":3}", now_ms);
    run_until_idle();
    content_posts(view, "{\"v\":1,\"method\":\"openDeeplink\",\"args\":{\"url\":\"shopapp://cart\"}}");
    content_posts(view, "{\"v\":1,\"id\":3,\"method\":\"openUrl\",\"args\":{\"url\":\"javascript:alert(1)\"}}");
    content_posts(view, "{\"v\":1,\"method\":\"close\"}");

    printf("== 4. the host saves the state and the process restarts\n");
    now_ms = 3000;
    frames_engine_export_state(engine, now_ms, 1714600003000LL, &blob, &blob_len);
    if (blob_len <= sizeof saved) {
        memcpy(saved, blob, blob_len);
        saved_len = blob_len;
    }
    frames_engine_free(engine);
    now_ms = 0; /* a new process: a new monotonic clock */
    engine = new_engine();
    if (frames_engine_import_state(engine, saved, saved_len, now_ms, 1714600600000LL) != FRAMES_OK)
        printf("import refused: %s\n", frames_error_last_message());
    view = new_view();
    frames_inline_view_attach(view, now_ms);
    run_until_idle();
    frames_inline_explain(engine, "home_hero", now_ms, &explain, &explain_len);
    printf("explain: %s\n", explain);
    capped = explain && strstr(explain, "\"id\":\"welcome_back\"") && strstr(explain, "\"code\":\"capped\"");
    frames_engine_free(engine);

    if (loaded != 1 || replies < 3 || deep_links != 1 || refusals != 1 || removals != 1 || !capped) {
        fprintf(stderr, "unexpected: loaded %d, replies %d, deep links %d, refusals %d, removals %d, capped %d\n",
                loaded, replies, deep_links, refusals, removals, capped);
        return 1;
    }
    printf("welcome_back stays capped after the restart\n");
    return 0;
}
