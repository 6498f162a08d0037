/*
 * fuzz_api — structure-aware: the input is a program of C API calls on one
 * engine. A header (config document, options, host
 * behaviour) is followed by operations, one selector byte each plus its
 * operands: create/free frames and banner places, set placement,
 * attach/detach, hidden, sizes, height mode, template reports, poll requests
 * and complete them with an arbitrary status, headers and body (a valid
 * document for the URL, the input's bytes, or nothing) or fail them, advance
 * time and fire timers, set user/consent/app state, start sessions, banner
 * navigation/viewport/pause/input/reports, stale and wrong-kind handles.
 * Delegates re-enter the engine from their callbacks (and may free their
 * frame, or the whole engine). At the end everything is freed and every
 * delegate's user_data must have been freed exactly once.
 *
 * Every result must be a documented code (fz_check); a stale or wrong-kind
 * handle must give FRAMES_ERR_INVALID_HANDLE exactly.
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

#define CONTENT_URL "https://cdn.test/c/doc.json"
#define ASSET_URL "https://cdn.test/a/pic.png"
#define ASSET_BODY "fuzz-asset"
#define BANNER_BODY "<div>banner</div>"

typedef struct pending {
    uint64_t id;
    char url[160];
} pending;

typedef struct ud {
    int slot;
    uint8_t mode;
    int kind; /* 0 frame delegate, 1 place delegate, 2 host */
} ud;

static struct {
    frames_engine *engine;
    bool engine_freed;
    frames_frame *frames[MAX_FRAMES];
    frames_banner_place *places[MAX_PLACES];
    void *stale[MAX_STALE];
    int stale_kind[MAX_STALE]; /* 0 frame, 1 place */
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
} S;

static const char *const ids[] = {"home_top_banner", "home_bottom_banner", "fz", "", "\xff\xfe", "home"};
static const char *const users[] = {"user-1", "user-2", "", "u\xc3\x28", "user-1"};
static const char *const actions[] = {"shop_now", "close", "learn_more", "nope", ""};
static const char *const texts[] = {"app://x", "https://example.com/", "", "{\"a\":1}", "[1,2]", "\xff", "{"};

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

static void engine_gone(void) {
    int i;
    S.engine_freed = true;
    for (i = 0; i < MAX_FRAMES; i++)
        if (S.frames[i]) forget_frame(S.frames[i]);
    for (i = 0; i < MAX_PLACES; i++)
        if (S.places[i]) forget_place(S.places[i]);
    S.npend = 0;
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

static void host_render(frames_frame *frame, const frames_content *content, void *user_data) {
    (void)user_data;
    (void)strlen(content->template_html);
    fz_trace("render %s", content->placement_id);
    switch (S.render_mode % 6) {
    case 0: break; /* the template never signals: render timeout */
    case 1: fz_check(frames_frame_template_rendered(frame, 120.0, S.now)); break;
    case 2: fz_check(frames_frame_template_failed(frame, "boom", S.now)); break;
    case 3:
        fz_check(frames_frame_template_rendered(frame, 90.0, S.now));
        fz_check(frames_frame_set_laid_out_size(frame, 375.0, 90.0, S.now));
        fz_check(frames_frame_template_action(frame, "shop_now", S.now));
        break;
    case 4:
        fz_check(frames_frame_free(frame));
        forget_frame(frame);
        break;
    case 5:
        fz_check(frames_frame_template_rendered(frame, 0.0, S.now));
        fz_check(frames_frame_template_dismissed(frame, S.now));
        break;
    }
}

static bool host_open_url(const char *url, void *user_data) {
    (void)user_data;
    return url[0] == 'a';
}

static void host_preloaded(const char *place_id, const frames_banner_info *banners, size_t count,
                           const frames_frame_error *const *banner_errors, const frames_frame_error *error,
                           void *user_data) {
    size_t i;
    (void)user_data;
    (void)strlen(place_id);
    if (error) (void)strlen(error->message);
    for (i = 0; i < count; i++)
        if (banner_errors[i]) (void)strlen(banner_errors[i]->message);
    for (i = 0; i < count; i++) (void)strlen(banners[i].content_url);
}

static void frame_status(frames_frame *frame, frames_frame_status status, frames_frame_status previous,
                         void *user_data) {
    ud *u = (ud *)user_data;
    fz_assert(status != previous, "did_change_status without a change (%d)", (int)status);
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
    fz_assert(error && error->message, "did_fail without an error");
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

static void place_loaded(frames_banner_place *p, const char *place_id, void *user_data) {
    (void)p;
    (void)user_data;
    (void)strlen(place_id);
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
        if (doc) {
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

/* --- one operation ---------------------------------------------------------- */

static void step(fz_data *d) {
    char buf[300], buf2[300];
    int slot;
    frames_frame *f;
    frames_banner_place *pl;
    uint8_t op = fz_u8(d) % 36;
    fz_trace("op %d", (int)op);
    switch (op) {
    case 0:
        f = pick_frame(d, &slot);
        if (f == NULL && fz_check(frames_frame_new(S.engine, &f)) == FRAMES_OK) S.frames[slot] = f;
        break;
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
                del.did_change_status = frame_status;
                del.did_fail = frame_fail;
                del.did_request_height_change = frame_height;
                del.did_request_dismiss = frame_dismiss;
                del.did_trigger_action = frame_action;
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
        if (sub == 0) fz_check(frames_frame_template_rendered(f, fz_double(d), S.now));
        else if (sub == 1) fz_check(frames_frame_template_failed(f, fz_bool(d) ? NULL : "\xff broken", S.now));
        else if (sub == 2) fz_check(frames_frame_template_dismissed(f, S.now));
        else fz_check(frames_frame_template_action(f, fz_string(d, buf, sizeof buf, actions, 5), S.now));
        break;
    }
    case 11: {
        frames_request r;
        bool available = false;
        memset(&r, 0, sizeof r);
        if (fz_check(frames_engine_poll_request(S.engine, &r, &available)) == FRAMES_OK && available) {
            fz_assert(r.id != 0 && r.url != NULL && r.method != NULL, "request shape");
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
        if (pl == NULL && fz_check(frames_banner_place_new(S.engine, pick_id(d, buf, sizeof buf), &a, &pl)) == FRAMES_OK)
            S.places[slot] = pl;
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
                frames_banner_delegate del = FRAMES_BANNER_DELEGATE_INIT;
                del.did_update = place_update;
                del.banners_loaded = place_loaded;
                del.render = place_render;
                del.row_failed = place_failed;
                del.show = place_show;
                del.playback = place_playback;
                del.did_scroll = place_scroll;
                del.on_action = place_action;
                del.widget_event = place_widget;
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
            if (fz_bool(d)) fz_check(frames_banner_place_create(pl, S.now));
            else fz_check(frames_banner_place_refresh(pl, S.now));
        }
        break;
    case 25:
        fz_check(frames_engine_preload_banners(S.engine, pick_id(d, buf, sizeof buf), S.now));
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
        else fz_check(frames_banner_place_user_interacted(pl, S.now));
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
        if (sub == 0) fz_check(frames_banner_place_user_scrolled(pl, index, S.now));
        else if (sub == 1) fz_check(frames_banner_place_context_reset(pl, index, S.now));
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
            fz_check(frames_banner_place_request_input(pl, index, k < 250 ? k % 4 : (frames_input_kind)fz_u32(d),
                                                      fz_u8(d) < 30 ? NULL : fz_string(d, buf, sizeof buf, texts, 7), S.now));
        } else {
            fz_check(frames_banner_place_input_finished(pl, S.now));
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
        fz_check(frames_engine_get_app_frames_enabled(S.engine, &enabled));
        break;
    }
    }
}

/* --- the program -------------------------------------------------------------- */

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    fz_init_environment();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const char disabled[] = "{\"Insider\":{\"App Frames Enabled\":false}}";
    static const char plist[] =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict><key>Insider</key><dict>"
        "<key>App Frames Enabled</key><true/></dict></dict></plist>";
    fz_data d = {data, size};
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    const char *config;
    uint8_t header;
    int ops, i;

    memset(&S, 0, sizeof S);
    build_documents();
    S.now = 1000;

    header = fz_u8(&d);
    config = (header & 3) == 0 ? disabled : (header & 3) == 1 ? plist : fz_config_enabled;
    options.retry_max_attempts = 1 + fz_range(&d, 4);
    options.allow_insecure_http = (header & 4) != 0;
    options.request_timeout_ms = (header & 8) ? 500 : 10000;
    options.render_timeout_ms = (header & 16) ? 300 : 10000;
    options.random_seed = fz_u8(&d);
    S.render_mode = fz_u8(&d);
    host.analytics = host_analytics;
    host.render = host_render;
    host.open_url = host_open_url;
    host.preloaded = host_preloaded;
    host.user_data = new_ud(2, 0, 0);
    host.free_user_data = free_ud;
    fz_expect(frames_engine_new(&options, (const uint8_t *)config, strlen(config), &host, &S.engine), FRAMES_OK);

    for (ops = 0; ops < MAX_OPS && d.n > 0 && !S.engine_freed; ops++) step(&d);

    if (!S.engine_freed) {
        /* Free some things one by one, then the engine takes the rest. */
        for (i = 0; i < MAX_FRAMES; i += 2)
            if (S.frames[i]) {
                fz_expect(frames_frame_free(S.frames[i]), FRAMES_OK);
                forget_frame(S.frames[i]);
            }
        if (S.places[0]) {
            fz_expect(frames_banner_place_free(S.places[0]), FRAMES_OK);
            forget_place(S.places[0]);
        }
        fz_expect(frames_engine_free(S.engine), FRAMES_OK);
        engine_gone();
    }
    /* Every handle is stale now. */
    for (i = 0; i < (int)S.nstale; i++) {
        if (S.stale_kind[i] == 0) fz_expect(frames_frame_detach((frames_frame *)S.stale[i]), FRAMES_ERR_INVALID_HANDLE);
        else fz_expect(frames_banner_place_pause((frames_banner_place *)S.stale[i], 0), FRAMES_ERR_INVALID_HANDLE);
    }
    fz_expect(frames_engine_on_timeout(S.engine, S.now), FRAMES_ERR_INVALID_HANDLE);
    fz_assert(S.live_ud == 0, "%d delegate/host user_data not freed", S.live_ud);
    for (i = 0; i < 3; i++) fz_buf_free(&S.placements[i]);
    fz_buf_free(&S.content);
    fz_buf_free(&S.banners);
    frames_error_clear();
    return 0;
}
