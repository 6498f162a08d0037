/* inline_harness.c — see inline_harness.h. */
#include "inline_harness.h"

#include <stdio.h>
#include <string.h>

/* --- the recording host ------------------------------------------------------ */

static const char *name_of(ih_world *w, frames_inline_view *view) {
    ih_view *v = ih_find(w, view);
    return v ? v->name : "?";
}

static void on_analytics(const frames_analytics_record *r, void *user_data) {
    ih_world *w = (ih_world *)user_data;
    char fields[512] = "";
    size_t i, len = 0;
    for (i = 0; i < r->field_count && len < sizeof fields; i++) {
        int n = snprintf(fields + len, sizeof fields - len, " %s=%s", r->fields[i].key, r->fields[i].value);
        if (n < 0) break;
        len += (size_t)n;
    }
    fb_line(&w->t, "analytics %s %s %s%s", r->name, r->view_id ? r->view_id : "-",
            r->campaign_id ? r->campaign_id : "-", fields);
}

static void on_state_changed(void *user_data) {
    fb_line(&((ih_world *)user_data)->t, "state_changed");
}

static void on_host_free(void *user_data) {
    ((ih_world *)user_data)->host_frees++;
}

/* --- the view delegate --------------------------------------------------------- */

static void v_processing(frames_inline_view *view, void *user_data) {
    (void)view;
    fb_line(&((ih_view *)user_data)->world->t, "%s processing", ((ih_view *)user_data)->name);
}

static void v_loaded(frames_inline_view *view, const frames_inline_message *m, void *user_data) {
    ih_view *v = (ih_view *)user_data;
    (void)view;
    fb_line(&v->world->t, "%s loaded %s", v->name, m->campaign_id);
}

static void v_updated(frames_inline_view *view, const frames_inline_message *m, void *user_data) {
    ih_view *v = (ih_view *)user_data;
    (void)view;
    fb_line(&v->world->t, "%s updated %s", v->name, m->campaign_id);
}

static void v_failed(frames_inline_view *view, const frames_inline_message *m, const frames_frame_error *e,
                     void *user_data) {
    ih_view *v = (ih_view *)user_data;
    (void)view;
    fb_line(&v->world->t, "%s failed %s %s", v->name, m ? m->campaign_id : "-", frames_frame_error_code_str(e->code));
}

static void v_size(frames_inline_view *view, const frames_inline_message *m, double width, double height,
                   void *user_data) {
    ih_view *v = (ih_view *)user_data;
    (void)view;
    (void)m;
    fb_line(&v->world->t, "%s size %gx%g", v->name, width, height);
}

static void v_remove(frames_inline_view *view, const frames_inline_message *m, void *user_data) {
    ih_view *v = (ih_view *)user_data;
    (void)view;
    fb_line(&v->world->t, "%s remove %s", v->name, m->campaign_id);
    if (v->world->on_remove == IH_REMOVE_DETACH) frames_inline_view_detach(view);
    if (v->world->on_remove == IH_REMOVE_FREE) frames_inline_view_free(view);
}

static void v_render(frames_inline_view *view, const frames_inline_content *c, void *user_data) {
    ih_view *v = (ih_view *)user_data;
    fb_line(&v->world->t, "%s render %s ctx=%s", v->name, c->message->campaign_id, c->context_json);
    if (v->world->show_on_render) frames_inline_view_report_content_shown(view, v->world->now);
}

static void v_reply(frames_inline_view *view, const char *json, size_t len, void *user_data) {
    ih_view *v = (ih_view *)user_data;
    (void)view;
    fb_line(&v->world->t, "%s reply %.*s", v->name, (int)len, json);
}

static void v_free(void *user_data) {
    ((ih_view *)user_data)->delegate_frees++;
}

static void set_delegate(ih_view *v) {
    frames_inline_view_delegate d = FRAMES_INLINE_VIEW_DELEGATE_INIT;
    d.processing_started = v_processing;
    d.loaded = v_loaded;
    d.updated = v_updated;
    d.failed = v_failed;
    d.size_requested = v_size;
    d.remove = v_remove;
    d.render = v_render;
    d.reply = v_reply;
    d.user_data = v;
    d.free_user_data = v_free;
    frames_inline_view_set_delegate(v->view, &d);
}

/* --- the global inline delegate --------------------------------------------- */

static void g_available(frames_inline_view *view, const frames_inline_message *m, void *user_data) {
    ih_world *w = (ih_world *)user_data;
    ih_view *v;
    if (w->view_count >= IH_MAX_VIEWS) return;
    v = &w->views[w->view_count++];
    memset(v, 0, sizeof *v);
    snprintf(v->name, sizeof v->name, "ev%d", ++w->available_count);
    v->view = view;
    v->world = w;
    fb_line(&w->t, "available %s %s -> %s", m->placement_id, m->campaign_id, v->name);
    set_delegate(v);
    if (w->attach_available) frames_inline_view_attach(view, w->now);
}

static const char *g_context(frames_inline_view *view, const frames_inline_message *m, void *user_data) {
    ih_world *w = (ih_world *)user_data;
    fb_line(&w->t, "context %s %s", name_of(w, view), m->campaign_id);
    return w->context[0] ? w->context : NULL;
}

static void g_url(frames_inline_view *view, const frames_inline_message *m, const char *url, void *user_data) {
    (void)m;
    fb_line(&((ih_world *)user_data)->t, "open %s %s", name_of((ih_world *)user_data, view), url);
}

static void g_deeplink(frames_inline_view *view, const frames_inline_message *m, const char *url, void *user_data) {
    (void)m;
    fb_line(&((ih_world *)user_data)->t, "deeplink %s %s", name_of((ih_world *)user_data, view), url);
}

static void g_action(frames_inline_view *view, const frames_inline_message *m, const char *name, const char *params,
                     void *user_data) {
    (void)m;
    fb_line(&((ih_world *)user_data)->t, "action %s %s %s", name_of((ih_world *)user_data, view), name, params);
}

static void g_method(frames_inline_view *view, const frames_inline_message *m, const char *name, const char *params,
                     uint64_t call_id, void *user_data) {
    ih_world *w = (ih_world *)user_data;
    (void)m;
    fb_line(&w->t, "method %s %s %s call=%llu", name_of(w, view), name, params, (unsigned long long)call_id);
    w->last_call_id = call_id;
    if (w->resolve_in_callback) {
        w->last_resolve = frames_inline_call_resolve(w->engine, call_id, true, "{\"ok\":1}", w->now);
        fb_line(&w->t, "method callback returns");
    }
}

static void g_refused(frames_inline_view *view, const frames_inline_message *m, const char *url, bool deep_link,
                      const char *reason, void *user_data) {
    (void)m;
    (void)deep_link;
    (void)reason;
    fb_line(&((ih_world *)user_data)->t, "refused %s %s", name_of((ih_world *)user_data, view), url);
}

static void g_free(void *user_data) {
    ((ih_world *)user_data)->inline_delegate_frees++;
}

/* --- set-up ------------------------------------------------------------------- */

void ih_init(ih_world *w, const char *schemes, int64_t call_timeout_ms) {
    frames_engine_options o = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks h = FRAMES_HOST_CALLBACKS_INIT;
    memset(w, 0, sizeof *w);
    fb_init(&w->backend);
    fb_transcript_clear(&w->t);
    o.inline_url = IH_INLINE_URL;
    o.inline_url_schemes = schemes;
    o.inline_call_timeout_ms = call_timeout_ms;
    o.device_id = "device-1";
    o.retry_max_attempts = 1;
    o.render_timeout_ms = 5000;
    ft_record_into(&o, &w->recording);
    h.analytics = on_analytics;
    h.state_changed = on_state_changed;
    h.user_data = w;
    h.free_user_data = on_host_free;
    if (frames_engine_new(&o, NULL, 0, &h, &w->engine) != FRAMES_OK) return;
    ih_set_takes_views(w, true);
    strcpy(w->document, "{\"server_time\":1700000000000,\"campaigns\":[");
}

void ih_set_takes_views(ih_world *w, bool takes_views) {
    frames_inline_delegate d = FRAMES_INLINE_DELEGATE_INIT;
    d.available = takes_views ? g_available : NULL;
    d.context_required = g_context;
    d.open_url = g_url;
    d.open_deep_link = g_deeplink;
    d.custom_action = g_action;
    d.custom_method = g_method;
    d.url_refused = g_refused;
    d.user_data = w;
    d.free_user_data = g_free;
    frames_inline_set_delegate(w->engine, &d);
}

void ih_free(ih_world *w) {
    if (w->engine) frames_engine_free(w->engine);
    w->engine = NULL;
    fb_free(&w->backend);
}

void ih_campaign(ih_world *w, const char *id, const char *key, const char *trigger, const char *event, int priority,
                 int max_displays, int64_t period_ms) {
    char url[128], body[256], sha[65], item[1024], extra[160] = "";
    size_t len = strlen(w->document);
    snprintf(url, sizeof url, "https://cdn.test/inline/%s.json", id);
    snprintf(body, sizeof body, "{\"template\":{\"html\":\"<p>%s</p>\"}}", id);
    fb_set_text(&w->backend, url, 200, body);
    fb_sha256_hex(body, strlen(body), sha);
    if (event) snprintf(extra, sizeof extra, ",\"event\":\"%s\"", event);
    if (max_displays > 0) {
        size_t e = strlen(extra);
        if (period_ms < 0)
            snprintf(extra + e, sizeof extra - e, ",\"capping\":{\"max_displays\":%d,\"period_ms\":null}", max_displays);
        else
            snprintf(extra + e, sizeof extra - e, ",\"capping\":{\"max_displays\":%d,\"period_ms\":%lld}", max_displays,
                     (long long)period_ms);
    }
    snprintf(item, sizeof item,
             "%s{\"id\":\"%s\",\"placement_key\":\"%s\",\"trigger\":\"%s\",\"priority\":%d%s,"
             "\"content\":{\"url\":\"%s\",\"sha256\":\"%s\"}}",
             w->campaign_count ? "," : "", id, key, trigger, priority, extra, url, sha);
    if (len + strlen(item) + 4 < sizeof w->document) memcpy(w->document + len, item, strlen(item) + 1);
    w->campaign_count++;
}

void ih_publish(ih_world *w) {
    char doc[sizeof w->document + 8];
    snprintf(doc, sizeof doc, "%s]}", w->document);
    fb_set_text(&w->backend, IH_INLINE_URL, 200, doc);
}

ih_view *ih_view_new(ih_world *w, const char *name, const char *key) {
    ih_view *v;
    if (w->view_count >= IH_MAX_VIEWS) return NULL;
    v = &w->views[w->view_count++];
    memset(v, 0, sizeof *v);
    snprintf(v->name, sizeof v->name, "%s", name);
    v->world = w;
    if (frames_inline_view_new(w->engine, key, &v->view) != FRAMES_OK) return v;
    set_delegate(v);
    return v;
}

ih_view *ih_find(ih_world *w, frames_inline_view *view) {
    size_t i;
    for (i = 0; i < w->view_count; i++)
        if (w->views[i].view == view) return &w->views[i];
    return NULL;
}

size_t ih_pump(ih_world *w) {
    return fb_pump(&w->backend, w->engine, w->now);
}

frames_result ih_send(ih_world *w, ih_view *v, const char *message) {
    return frames_inline_view_report_bridge_message(v->view, message, strlen(message), w->now);
}
