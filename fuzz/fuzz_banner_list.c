/*
 * fuzz_banner_list — the banner list (BN-07, BN-14): the list request of a
 * banner place answered 200 with the input bytes, every banner content
 * request answered 200 with FZ_BANNER_CONTENT (the seeds' sha256 match it,
 * so their banners render). A carousel place loads from the server; then
 * the same list is preloaded and a vertical list and a tiles place read it
 * from the cache. Every place gets a width, a viewport, navigation calls,
 * rows and a few seconds of playback timers, then everything is freed.
 * What the decoder accepted thus reaches the layout (ratios), the playback
 * clock (durations) and the delegate callbacks.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

#define FZ_BANNER_CONTENT "<div>banner</div>"
#define PLACE_ID "home"

typedef struct ctx {
    const uint8_t *body;
    size_t len;
    int lists;
} ctx;

static void answer(frames_engine *engine, const frames_request *request, int64_t now, void *user) {
    ctx *c = (ctx *)user;
    if (strcmp(request->url, FZ_BANNERS_URL) == 0) {
        c->lists++;
        fz_check(frames_engine_complete_request(engine, request->id, 200, NULL, NULL, 0, c->body, c->len, now));
    } else {
        fz_check(frames_engine_complete_request(engine, request->id, 200, NULL, NULL, 0,
                                                (const uint8_t *)FZ_BANNER_CONTENT, strlen(FZ_BANNER_CONTENT), now));
    }
}

static void on_render(frames_banner_place *place, size_t index, const frames_banner_info *banner,
                      const uint8_t *content, size_t content_len, void *user_data) {
    volatile unsigned sum = 0;
    size_t i;
    (void)place;
    (void)index;
    (void)user_data;
    fz_assert(banner->id && banner->content_url, "banner strings");
    (void)strlen(banner->id);
    (void)strlen(banner->content_url);
    fz_assert(banner->ratio > 0 && banner->duration_ms >= 1, "banner ratio %g duration %lld", banner->ratio,
              (long long)banner->duration_ms);
    for (i = 0; i < content_len; i++) sum += content[i];
    fz_trace("render banner %zu %s", index, banner->id);
}

static void on_update(frames_banner_place *place, bool is_content, size_t count, double list_height,
                      void *user_data) {
    (void)place;
    (void)is_content;
    (void)count;
    (void)user_data;
    fz_assert(list_height >= 0, "list height %g", list_height);
}

static void on_preloaded(const char *placement_id, const frames_banner_info *banners, size_t count,
                         const frames_frame_error *const *banner_errors, const frames_frame_error *error,
                         void *user_data) {
    size_t i;
    (void)user_data;
    (void)strlen(placement_id);
    if (error) (void)strlen(error->message);
    for (i = 0; i < count; i++)
        if (banner_errors[i]) (void)strlen(banner_errors[i]->message);
    for (i = 0; i < count; i++) (void)strlen(banners[i].id);
}

static void exercise(frames_engine *engine, frames_banner_place *place, int64_t *now, ctx *c) {
    frames_rect viewport = {0, 0, 375, 300};
    frames_navigation nav;
    frames_banner_row rows[8];
    size_t count = 0, index = 0;
    int i;
    fz_check(frames_banner_place_set_container(place, 375.0, false, *now));
    fz_check(frames_banner_place_set_viewport(place, &viewport, *now));
    fz_settle(engine, now, answer, c, 4);
    fz_check(frames_banner_place_show_next(place, *now, &nav));
    fz_check(frames_banner_place_show_banner(place, 1, *now, &nav));
    fz_check(frames_banner_place_show_previous(place, *now, &nav));
    fz_check(frames_banner_place_get_rows(place, *now, rows, 8, &count));
    fz_check(frames_banner_place_get_current_index(place, &index));
    viewport.y = 150;
    fz_check(frames_banner_place_set_viewport(place, &viewport, *now));
    fz_check(frames_banner_place_set_container(place, 320.0, true, *now));
    for (i = 0; i < 3; i++) {
        *now += 2500;
        fz_check(frames_engine_on_timeout(engine, *now));
    }
    fz_check(frames_banner_place_report_action(place, 0, "app://x", *now));
    fz_check(frames_banner_place_report_widget_event(place, 0, "w", "{\"a\":1}", *now));
    fz_settle(engine, now, answer, c, 4);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    fz_init_environment();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_banners_delegate banners = FRAMES_BANNERS_DELEGATE_INIT;
    frames_banner_place_delegate delegate = FRAMES_BANNER_PLACE_DELEGATE_INIT;
    frames_appearance appearance = FRAMES_APPEARANCE_INIT;
    frames_engine *engine;
    frames_banner_place *carousel = NULL, *list = NULL, *tiles = NULL;
    int64_t now = 1000;
    ctx c;
    uint8_t *body = fz_copy(data, size);
    c.body = body;
    c.len = size;
    c.lists = 0;

    banners.preloaded = on_preloaded;
    engine = fz_engine_new(&host);
    fz_expect(frames_banners_set_delegate(engine, &banners), FRAMES_OK);
    delegate.render = on_render;
    delegate.updated = on_update;

    fz_expect(frames_banner_place_new(engine, PLACE_ID, &appearance, &carousel), FRAMES_OK);
    fz_expect(frames_banner_place_set_delegate(carousel, &delegate), FRAMES_OK);
    fz_expect(frames_banner_place_attach(carousel, now), FRAMES_OK);
    exercise(engine, carousel, &now, &c);
    fz_assert(c.lists >= 1, "no list request");

    fz_check(frames_banners_preload(engine, PLACE_ID, now));
    fz_settle(engine, &now, answer, &c, 4);
    appearance.layout_type = FRAMES_LAYOUT_TYPE_VERTICAL_LIST;
    fz_expect(frames_banner_place_new(engine, PLACE_ID, &appearance, &list), FRAMES_OK);
    fz_expect(frames_banner_place_set_delegate(list, &delegate), FRAMES_OK);
    fz_expect(frames_banner_place_attach(list, now), FRAMES_OK);
    exercise(engine, list, &now, &c);
    appearance.layout_type = FRAMES_LAYOUT_TYPE_TILES;
    appearance.max_banners_count = 5;
    fz_expect(frames_banner_place_new(engine, PLACE_ID, &appearance, &tiles), FRAMES_OK);
    fz_expect(frames_banner_place_set_delegate(tiles, &delegate), FRAMES_OK);
    fz_expect(frames_banner_place_attach(tiles, now), FRAMES_OK);
    exercise(engine, tiles, &now, &c);

    fz_check(frames_banner_place_refresh(carousel, now));
    fz_settle(engine, &now, answer, &c, 4);
    fz_expect(frames_banner_place_free(list), FRAMES_OK);
    fz_expect(frames_engine_free(engine), FRAMES_OK);
    free(body);
    frames_error_clear();
    return 0;
}
