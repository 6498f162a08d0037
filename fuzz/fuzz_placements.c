/*
 * fuzz_placements — the placements response (AF-12, AF-13, XC-04, XC-09):
 * an engine with App Frames on, two frames attached (home_top_banner and
 * home_bottom_banner, the placement ids of the fixtures), the placements
 * request answered 200 with the input bytes; then every later request
 * (content documents, assets, retries) answered with an empty 200 while
 * timers are fired, the frames' statuses and errors read, and everything
 * freed. Selection, bucketing and the content checks run on whatever the
 * decoder accepted.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

typedef struct ctx {
    const uint8_t *body;
    size_t len;
    int placements_answered;
} ctx;

static void answer(frames_engine *engine, const frames_request *request, int64_t now, void *user) {
    ctx *c = (ctx *)user;
    if (strcmp(request->url, FZ_PLACEMENTS_URL) == 0 && c->placements_answered == 0) {
        c->placements_answered++;
        fz_check(frames_engine_complete_request(engine, request->id, 200, NULL, NULL, 0, c->body, c->len, now));
    } else {
        fz_check(frames_engine_complete_request(engine, request->id, 200, NULL, NULL, 0, NULL, 0, now));
    }
}

static void render(frames_frame *frame, const frames_content *content, void *user_data) {
    (void)user_data;
    (void)strlen(content->template_html);
    fz_trace("render %s", content->placement_id);
    fz_check(frames_frame_report_rendered(frame, 50.0, 0));
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    fz_init_environment();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_frame_delegate delegate = FRAMES_FRAME_DELEGATE_INIT;
    frames_engine *engine;
    frames_frame *top = NULL, *bottom = NULL;
    int64_t now = 1000;
    ctx c;
    uint8_t *body = fz_copy(data, size);
    c.body = body;
    c.len = size;
    c.placements_answered = 0;

    delegate.render = render;
    engine = fz_engine_new(&host);
    fz_expect(frames_frame_new(engine, &top), FRAMES_OK);
    fz_expect(frames_frame_new(engine, &bottom), FRAMES_OK);
    fz_expect(frames_frame_set_delegate(top, &delegate), FRAMES_OK);
    fz_expect(frames_frame_set_delegate(bottom, &delegate), FRAMES_OK);
    fz_expect(frames_frame_set_placement(top, "home_top_banner", now), FRAMES_OK);
    fz_expect(frames_frame_set_placement(bottom, "home_bottom_banner", now), FRAMES_OK);
    fz_expect(frames_frame_set_laid_out_size(top, 375, 100, now), FRAMES_OK);
    fz_expect(frames_frame_attach(top, now), FRAMES_OK);
    fz_expect(frames_frame_attach(bottom, now), FRAMES_OK);

    fz_settle(engine, &now, answer, &c, 12);
    fz_assert(c.placements_answered == 1, "the placements request was not made");
    fz_touch_frame(top);
    fz_touch_frame(bottom);

    fz_expect(frames_frame_free(bottom), FRAMES_OK);
    fz_expect(frames_engine_free(engine), FRAMES_OK);
    free(body);
    frames_error_clear();
    return 0;
}
