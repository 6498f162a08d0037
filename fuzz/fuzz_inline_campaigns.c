/*
 * fuzz_inline_campaigns — the inline campaigns document (IL-01..IL-05,
 * XC-04, XC-09): views on "home" (attached, and one asked to render) and
 * "footer", the campaigns POST answered with the input bytes, every content
 * request with FZI_CONTENT (seeds name its SHA-256, so content renders);
 * then the events the seeds use are tracked, timers fired, explain read for
 * both keys, the state exported and imported again, and everything freed.
 */
#include "fuzz_inline.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    fz_init_environment();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const char *const events[] = { "cart_viewed", "purchase", "tapped", "" };
    fzi_world w;
    frames_inline_view *home, *again, *footer;
    const uint8_t *blob = NULL;
    size_t blob_len = 0, i;
    uint8_t *body = fz_copy(data, size);
    uint8_t *saved;

    fzi_init(&w, "myapp");
    w.campaigns = body;
    w.campaigns_len = size;
    home = fzi_view(&w, "home");
    again = fzi_view(&w, "home");
    footer = fzi_view(&w, "footer");
    fz_expect(frames_inline_view_attach(home, w.now), FRAMES_OK);
    fz_expect(frames_inline_view_attach(again, w.now), FRAMES_OK);
    fz_expect(frames_inline_view_render(footer, w.now), FRAMES_OK);
    fz_settle(w.engine, &w.now, fzi_answer, &w, 8);
    fz_assert(w.campaigns_answered >= 1, "the campaigns were not fetched");
    for (i = 0; i < sizeof events / sizeof events[0]; i++) {
        frames_result r = fz_check(frames_inline_track_event(w.engine, events[i], "{}", w.now));
        fz_assert(r == (events[i][0] ? FRAMES_OK : FRAMES_ERR_INVALID_ARGUMENT), "track_event %s: %d", events[i], (int)r);
        fz_settle(w.engine, &w.now, fzi_answer, &w, 4);
    }
    w.now += 86400000;
    fz_expect(frames_inline_view_render(home, w.now), FRAMES_OK);
    fz_settle(w.engine, &w.now, fzi_answer, &w, 4);
    fzi_touch(&w, "home");
    fzi_touch(&w, "footer");

    /* XC-10: the ledgers survive an export and an import. */
    fz_expect(frames_engine_export_state(w.engine, w.now, 1700000000000LL, &blob, &blob_len), FRAMES_OK);
    saved = fz_copy(blob, blob_len);
    fz_expect(frames_engine_import_state(w.engine, saved, blob_len, w.now, 1700000000000LL), FRAMES_OK);
    free(saved);

    fz_expect(frames_inline_view_free(again), FRAMES_OK);
    fz_expect(frames_engine_free(w.engine), FRAMES_OK);
    fz_assert(w.delegate_frees == w.view_count, "%d delegates freed for %d views", w.delegate_frees, w.view_count);
    free(body);
    frames_error_clear();
    return 0;
}
