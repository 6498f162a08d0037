/*
 * fuzz_content — the content document (AF-14, AF-21): a frame attached to
 * "fz", the placements request answered with a fixed valid response whose
 * variant's content sha256 is the SHA-256 of the input, so the checksum
 * passes and ContentDocument.decode sees the fuzzed bytes; the content
 * request answered with the input; every asset request answered 200 with
 * FZ_ASSET_BODY (the seeds declare its size and sha256, so they render).
 * When the content renders the host signals rendered, lays the frame out,
 * triggers each action id the document declared (deep links go to
 * open_url, custom data to action_triggered), an unknown id, and the
 * template's dismiss.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

#define CONTENT_URL "https://cdn.test/content/fz.json"
#define FZ_ASSET_BODY "fuzz-asset"

typedef struct ctx {
    const uint8_t *body;
    size_t len;
    char placements[1024];
    int rendered;
} ctx;

static ctx c;

static void answer(frames_engine *engine, const frames_request *request, int64_t now, void *user) {
    ctx *x = (ctx *)user;
    if (strcmp(request->url, FZ_PLACEMENTS_URL) == 0) {
        fz_check(frames_engine_complete_request(engine, request->id, 200, NULL, NULL, 0,
                                                (const uint8_t *)x->placements, strlen(x->placements), now));
    } else if (strcmp(request->url, CONTENT_URL) == 0) {
        fz_check(frames_engine_complete_request(engine, request->id, 200, NULL, NULL, 0, x->body, x->len, now));
    } else {
        fz_check(frames_engine_complete_request(engine, request->id, 200, NULL, NULL, 0,
                                                (const uint8_t *)FZ_ASSET_BODY, strlen(FZ_ASSET_BODY), now));
    }
}

static bool host_open_url(const char *url, void *user_data) {
    (void)user_data;
    return strlen(url) % 2 == 0;
}

static void render(frames_frame *frame, const frames_content *content, void *user_data) {
    size_t i;
    (void)user_data;
    c.rendered++;
    fz_trace("render %s: %zu assets, %zu actions", content->placement_id, content->asset_count, content->action_count);
    fz_assert(content->template_html && content->placement_id && content->campaign_id && content->variant_id,
              "content strings");
    (void)strlen(content->template_html);
    for (i = 0; i < content->asset_count; i++) {
        size_t k;
        volatile unsigned sum = 0;
        (void)strlen(content->assets[i].url);
        for (k = 0; k < content->assets[i].size; k++) sum += content->assets[i].bytes[k];
    }
    fz_expect(frames_frame_report_rendered(frame, 120.0, 2000), FRAMES_OK);
    fz_expect(frames_frame_set_laid_out_size(frame, 375.0, 120.0, 2000), FRAMES_OK);
    fz_check(frames_frame_report_rendered(frame, 80.0, 2001));
    /* The ids are borrowed for the callback: copy before calling in. */
    {
        size_t n = content->action_count;
        char **ids = (char **)calloc(n ? n : 1, sizeof *ids);
        if (ids == NULL) abort();
        for (i = 0; i < n; i++) {
            ids[i] = strdup(content->action_ids[i]);
            if (ids[i] == NULL) abort();
        }
        for (i = 0; i < n; i++) fz_check(frames_frame_report_action(frame, ids[i], 2002));
        fz_expect(frames_frame_report_action(frame, "\x01no such action", 2003), FRAMES_ERR_INVALID_ARGUMENT);
        for (i = 0; i < n; i++) free(ids[i]);
        free(ids);
    }
    fz_check(frames_frame_report_dismissed(frame, 2004));
}

static void action_triggered(frames_frame *frame, const char *custom_data_json, void *user_data) {
    (void)frame;
    (void)user_data;
    fz_assert(custom_data_json && custom_data_json[0] == '{', "custom data %s",
              custom_data_json ? custom_data_json : "(null)");
}

static void failed(frames_frame *frame, const frames_frame_error *error, void *user_data) {
    (void)frame;
    (void)user_data;
    (void)strlen(error->message);
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
    frames_frame *frame = NULL;
    int64_t now = 1000;
    char sha[65];
    uint8_t *body = fz_copy(data, size);

    memset(&c, 0, sizeof c);
    c.body = body;
    c.len = size;
    fz_sha256_hex(body, size, sha);
    snprintf(c.placements, sizeof c.placements,
             "{\"placements\":{\"fz\":{\"campaigns\":[{\"id\":\"c\",\"priority\":\"high\",\"created_at\":1,"
             "\"variants\":[{\"id\":\"v\",\"weight\":1,\"content\":{\"url\":\"%s\",\"sha256\":\"%s\"}}]}]}}}",
             CONTENT_URL, sha);

    host.open_url = host_open_url;
    engine = fz_engine_new(&host);
    fz_expect(frames_frame_new(engine, &frame), FRAMES_OK);
    delegate.render = render;
    delegate.action_triggered = action_triggered;
    delegate.failed = failed;
    fz_expect(frames_frame_set_delegate(frame, &delegate), FRAMES_OK);
    fz_expect(frames_frame_set_placement(frame, "fz", now), FRAMES_OK);
    fz_expect(frames_frame_attach(frame, now), FRAMES_OK);
    fz_settle(engine, &now, answer, &c, 12);
    fz_touch_frame(frame);
    {
        frames_frame_status status = -1;
        fz_check(frames_frame_get_status(frame, &status));
        fz_trace("final status %s", frames_frame_status_str(status));
    }
    fz_expect(frames_engine_free(engine), FRAMES_OK);
    free(body);
    frames_error_clear();
    return 0;
}
