/*
 * banner_harness.c — see banner_harness.h.
 */
#include "banner_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bs_server banner_server;

fb_transcript log_text;
fb_transcript preload_text;
char view_log[200];
int view_count;
int click_count;
int host_frees;

/* ------------------------------------------------------------------------ */
/* Scripted banner backend                                                   */
/* ------------------------------------------------------------------------ */

bs_place *bs_place_for(const char *place_id) {
    size_t i;
    for (i = 0; i < banner_server.place_count; i++)
        if (strcmp(banner_server.places[i].place_id, place_id) == 0) return &banner_server.places[i];
    if (banner_server.place_count == BS_MAX_PLACE_IDS) abort();
    memset(&banner_server.places[banner_server.place_count], 0, sizeof banner_server.places[0]);
    snprintf(banner_server.places[banner_server.place_count].place_id, sizeof banner_server.places[0].place_id, "%s",
             place_id);
    return &banner_server.places[banner_server.place_count++];
}

void bs_reset(void) {
    memset(&banner_server, 0, sizeof banner_server);
}

bs_banner *bs_add(const char *place_id, const char *id, const char *ratio, int64_t duration_ms) {
    bs_place *place = bs_place_for(place_id);
    bs_banner *b;
    if (place->count == BS_MAX_BANNERS) abort();
    b = &place->banners[place->count++];
    memset(b, 0, sizeof *b);
    snprintf(b->id, sizeof b->id, "%s", id);
    snprintf(b->ratio, sizeof b->ratio, "%s", ratio);
    b->duration_ms = duration_ms;
    b->available = true;
    snprintf(b->content, sizeof b->content, "<div>banner %s</div>", id);
    return b;
}

static void content_url(const bs_banner *b, char *out, size_t cap) {
    snprintf(out, cap, "https://cdn.test/banners/%s.html", b->id);
}

static bs_banner *bs_find_content(const char *url) {
    size_t p, i;
    char u[128];
    for (p = 0; p < banner_server.place_count; p++)
        for (i = 0; i < banner_server.places[p].count; i++) {
            content_url(&banner_server.places[p].banners[i], u, sizeof u);
            if (strcmp(u, url) == 0) return &banner_server.places[p].banners[i];
        }
    return NULL;
}

static size_t bs_list_body(const bs_place *place, char *out, size_t cap) {
    size_t len = 0, i;
    len += (size_t)snprintf(out + len, cap - len, "{\"banners\":[");
    for (i = 0; place && i < place->count; i++) {
        const bs_banner *b = &place->banners[i];
        char sha[65], url[128];
        fb_sha256_hex(b->content, strlen(b->content), sha);
        content_url(b, url, sizeof url);
        len += (size_t)snprintf(out + len, cap - len,
                                "%s{\"id\":\"%s\",\"ratio\":%s,\"duration_ms\":%lld,\"available\":%s,"
                                "\"content\":{\"url\":\"%s\",\"sha256\":\"%s\"}}",
                                i ? "," : "", b->id, b->ratio, (long long)b->duration_ms,
                                b->available ? "true" : "false", url, sha);
    }
    len += (size_t)snprintf(out + len, cap - len, "]}");
    return len;
}

size_t bs_pump(frames_engine *engine, int64_t now) {
    size_t polled = 0;
    for (;;) {
        frames_request request;
        bool available = false;
        memset(&request, 0, sizeof request);
        if (frames_engine_poll_request(engine, &request, &available) != FRAMES_OK || !available) break;
        polled++;
        if (strcmp(request.url, BH_LIST_URL) == 0) {
            char body[8192], text[1024], key[64];
            const bs_place *place = NULL;
            size_t i, n = request.body_len < sizeof text - 1 ? request.body_len : sizeof text - 1;
            banner_server.list_requests++;
            memcpy(text, request.body, n);
            text[n] = '\0';
            for (i = 0; i < banner_server.place_count; i++) {
                snprintf(key, sizeof key, "\"place_id\":\"%s\"", banner_server.places[i].place_id);
                if (strstr(text, key)) place = &banner_server.places[i];
            }
            if (place && place->list_status) {
                frames_engine_complete_request(engine, request.id, place->list_status, NULL, NULL, 0, NULL, 0, now);
            } else {
                size_t len = bs_list_body(place, body, sizeof body);
                frames_engine_complete_request(engine, request.id, 200, NULL, NULL, 0, (const uint8_t *)body, len,
                                               now);
            }
        } else {
            const bs_banner *b = bs_find_content(request.url);
            banner_server.content_requests++;
            snprintf(banner_server.last_content_url, sizeof banner_server.last_content_url, "%s", request.url);
            if (b != NULL && b->stalled) continue;
            if (b == NULL || b->failing) {
                frames_engine_complete_request(engine, request.id, 404, NULL, NULL, 0, NULL, 0, now);
            } else {
                char served[64];
                size_t len = strlen(b->content);
                memcpy(served, b->content, len + 1);
                if (b->tampered) served[0] = '[';
                frames_engine_complete_request(engine, request.id, 200, NULL, NULL, 0, (const uint8_t *)served, len,
                                               now);
            }
        }
    }
    return polled;
}

/* ------------------------------------------------------------------------ */
/* Recording host and delegate                                               */
/* ------------------------------------------------------------------------ */

static void on_analytics(const frames_analytics_record *record, void *user_data) {
    size_t i;
    (void)user_data;
    if (strcmp(record->name, "banners.view") == 0) {
        const char *id = "?";
        for (i = 0; i < record->field_count; i++)
            if (strcmp(record->fields[i].key, "banner_id") == 0) id = record->fields[i].value;
        view_count++;
        if (strlen(view_log) + strlen(id) + 2 < sizeof view_log) {
            strcat(view_log, id);
            strcat(view_log, " ");
        }
    } else if (strcmp(record->name, "banners.click") == 0) {
        click_count++;
    }
}

static void on_preloaded(const char *placement_id, const frames_banner_info *banners, size_t count,
                         const frames_frame_error *const *banner_errors, const frames_frame_error *error,
                         void *user_data) {
    size_t i;
    char ids[256] = "";
    (void)user_data;
    for (i = 0; i < count; i++) {
        if (i) strcat(ids, ",");
        strncat(ids, banners[i].id, 20);
        if (banner_errors[i]) {
            strcat(ids, "!");
            strncat(ids, frames_frame_error_code_str(banner_errors[i]->code), 40);
        }
    }
    if (error)
        fb_line(&preload_text, "preload %s failed %s %d", placement_id, frames_frame_error_code_str(error->code),
                (int)error->http_status);
    else
        fb_line(&preload_text, "preload %s %zu %s", placement_id, count, ids);
}

static void on_host_free(void *user_data) {
    (void)user_data;
    host_frees++;
}

frames_host_callbacks bh_recording_host(void) {
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    host.analytics = on_analytics;
    host.free_user_data = on_host_free;
    return host;
}

frames_banners_delegate bh_recording_banners(void) {
    frames_banners_delegate banners = FRAMES_BANNERS_DELEGATE_INIT;
    banners.preloaded = on_preloaded;
    return banners;
}

void bh_clear_logs(void) {
    fb_transcript_clear(&log_text);
    fb_transcript_clear(&preload_text);
    view_log[0] = '\0';
    view_count = 0;
    click_count = 0;
}

static bool maybe_free(frames_banner_place *place, recorder *r, const char *where) {
    if (r->freed) {
        r->callbacks_after_free++;
        return true;
    }
    if (r->free_in && strcmp(r->free_in, where) == 0) {
        r->freed = true;
        fb_line(&log_text, "free in %s -> %s", where, frames_result_str(frames_banner_place_free(place)));
        return true;
    }
    return false;
}

static void d_update(frames_banner_place *p, bool is_content, size_t count, double h, void *u) {
    fb_line(&log_text, "update %d %zu %g", (int)is_content, count, h);
    maybe_free(p, (recorder *)u, "update");
}
static void d_loaded(frames_banner_place *p, const char *placement_id, void *u) {
    fb_line(&log_text, "loaded %s", placement_id);
    maybe_free(p, (recorder *)u, "loaded");
}
static void d_render(frames_banner_place *p, size_t index, const frames_banner_info *b, const uint8_t *content,
                     size_t len, void *u) {
    char expected[64];
    snprintf(expected, sizeof expected, "<div>banner %s</div>", b->id);
    fb_line(&log_text, "render %zu %s%s", index, b->id,
            (len == strlen(expected) && memcmp(content, expected, len) == 0) ? "" : " (wrong content)");
    maybe_free(p, (recorder *)u, "render");
}
static void d_failed(frames_banner_place *p, size_t index, const frames_frame_error *e, void *u) {
    fb_line(&log_text, "failed %zu %s %d", index, frames_frame_error_code_str(e->code), (int)e->http_status);
    maybe_free(p, (recorder *)u, "failed");
}
static void d_show(frames_banner_place *p, size_t index, const frames_banner_info *b, void *u) {
    fb_line(&log_text, "show %zu %s", index, b->id);
    maybe_free(p, (recorder *)u, "show");
}
static void d_playback(frames_banner_place *p, size_t index, bool playing, bool from_start, void *u) {
    fb_line(&log_text, "%s %zu", playing ? (from_start ? "play" : "resume") : "pause", index);
    maybe_free(p, (recorder *)u, "play");
}
static void d_scroll(frames_banner_place *p, size_t index, void *u) {
    fb_line(&log_text, "scroll %zu", index);
    maybe_free(p, (recorder *)u, "scroll");
}
static void d_action(frames_banner_place *p, const char *target, void *u) {
    fb_line(&log_text, "action %s", target);
    maybe_free(p, (recorder *)u, "action");
}
static void d_widget(frames_banner_place *p, size_t index, const frames_banner_info *b, const char *name,
                     const char *data, void *u) {
    fb_line(&log_text, "widget %zu %s %s %s", index, b->id, name, data ? data : "-");
    maybe_free(p, (recorder *)u, "widget");
}
static bool d_input(frames_banner_place *p, size_t index, frames_input_kind kind, const char *prompt, void *u) {
    recorder *r = (recorder *)u;
    fb_line(&log_text, "input %zu %d %s", index, (int)kind, prompt);
    maybe_free(p, r, "input");
    return r->presents_input;
}
static void d_free(void *u) {
    ((recorder *)u)->frees++;
}

frames_banner_place_delegate bh_delegate_for(recorder *r) {
    frames_banner_place_delegate d = FRAMES_BANNER_PLACE_DELEGATE_INIT;
    d.updated = d_update;
    d.loaded = d_loaded;
    d.render = d_render;
    d.row_failed = d_failed;
    d.shown = d_show;
    d.playback_changed = d_playback;
    d.scrolled = d_scroll;
    d.action_triggered = d_action;
    d.widget_reported = d_widget;
    d.input_requested = d_input;
    d.user_data = r;
    d.free_user_data = d_free;
    return d;
}
