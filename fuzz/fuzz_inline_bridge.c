/*
 * fuzz_inline_bridge — bridge messages from untrusted content (IL-07..IL-09,
 * XC-07): a view shows a campaign; the input, split at newlines, is a
 * sequence of messages the content posts. After each one the harness
 * answers the customMethod calls made so far — alternately with a result,
 * a failure and a result that is not JSON — and checks that a second
 * answer is FRAMES_ERR_ALREADY_RESOLVED; content that closed itself is
 * rendered again; the time moves so call deadlines pass too.
 */
#include "fuzz_inline.h"

static const char campaigns[] =
    "{\"campaigns\":["
    "{\"id\":\"hero\",\"placement_key\":\"home\",\"trigger\":\"automatic\",\"priority\":5,"
    "\"content\":{\"url\":\"https://cdn.invalid/hero.json\","
    "\"sha256\":\"" "HASH" "\"}},"
    "{\"id\":\"after\",\"placement_key\":\"home\",\"trigger\":\"event\",\"event\":\"tapped\",\"priority\":1,"
    "\"content\":{\"url\":\"https://cdn.invalid/after.json\",\"sha256\":\"" "HASH" "\"}}]}";

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    fz_init_environment();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fzi_world w;
    frames_inline_view *view;
    fz_buf doc = { 0 };
    char hash[65];
    const char *p;
    uint8_t *copy = fz_copy(data, size);
    size_t start = 0, i;
    int answered = 0, round = 0;

    /* The campaigns, with FZI_CONTENT's real checksum. */
    fz_sha256_hex(FZI_CONTENT, strlen(FZI_CONTENT), hash);
    for (p = campaigns; *p;) {
        const char *at = strstr(p, "HASH");
        if (!at) { fz_buf_add(&doc, p, strlen(p)); break; }
        fz_buf_add(&doc, p, (size_t)(at - p));
        fz_buf_add(&doc, hash, 64);
        p = at + 4;
    }
    fzi_init(&w, "myapp,mailto");
    w.campaigns = (const uint8_t *)doc.p;
    w.campaigns_len = doc.len;
    view = fzi_view(&w, "home");
    fz_expect(frames_inline_view_attach(view, w.now), FRAMES_OK);
    fz_settle(w.engine, &w.now, fzi_answer, &w, 6);

    for (i = 0; i <= size; i++) {
        frames_inline_view_status status = -1;
        if (i < size && copy[i] != '\n') continue;
        /* One message: bytes start..i (a copy of its own, so ASan sees its end). */
        {
            uint8_t *message = fz_copy(copy + start, i - start);
            frames_result r = fz_check(frames_inline_view_report_bridge_message(view, (const char *)message, i - start, w.now));
            fz_assert(r == FRAMES_OK || r == FRAMES_ERR_INVALID_ARGUMENT || r == FRAMES_ERR_VERSION ||
                      r == FRAMES_ERR_INVALID_STATE, "report_bridge_message returned %d", (int)r);
            free(message);
        }
        start = i + 1;
        /* The host answers the calls so far, each exactly once. */
        while (answered < w.call_count) {
            uint64_t id = w.calls[answered];
            frames_result r;
            switch ((answered + round) % 3) {
            case 0: r = frames_inline_call_resolve(w.engine, id, true, "{\"code\":\"SPRING24\"}", w.now); break;
            case 1: r = frames_inline_call_resolve(w.engine, id, false, "no coupon", w.now); break;
            default:
                fz_expect(frames_inline_call_resolve(w.engine, id, true, "{not json", w.now), FRAMES_ERR_INVALID_ARGUMENT);
                r = frames_inline_call_resolve(w.engine, id, true, NULL, w.now);
                break;
            }
            fz_check(r);
            /* OK, or its deadline already failed it. */
            fz_assert(r == FRAMES_OK || r == FRAMES_ERR_ALREADY_RESOLVED, "resolve returned %d", (int)r);
            fz_expect(frames_inline_call_resolve(w.engine, id, true, "1", w.now), FRAMES_ERR_ALREADY_RESOLVED);
            answered++;
        }
        fz_expect(frames_inline_call_resolve(w.engine, 0, true, NULL, w.now), FRAMES_ERR_NOT_FOUND);
        round++;
        w.now += 700 * (round % 9);
        fz_expect(frames_engine_on_timeout(w.engine, w.now), FRAMES_OK);
        fz_settle(w.engine, &w.now, fzi_answer, &w, 4);
        if (fz_check(frames_inline_view_get_status(view, &status)) == FRAMES_OK && status == FRAMES_INLINE_VIEW_STATUS_IDLE) {
            fz_expect(frames_inline_view_render(view, w.now), FRAMES_OK);
            fz_settle(w.engine, &w.now, fzi_answer, &w, 4);
        }
        if (round > 256) break;
    }
    fzi_touch(&w, "home");
    fz_expect(frames_engine_free(w.engine), FRAMES_OK);
    fz_buf_free(&doc);
    free(copy);
    frames_error_clear();
    return 0;
}
