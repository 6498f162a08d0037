/*
 * fuzz_state_blob — the persisted-state blob (XC-10, XC-07): the input is
 * imported into an engine. It is accepted, or refused with
 * FRAMES_ERR_INVALID_ARGUMENT / FRAMES_ERR_VERSION and the engine starts
 * fresh (its export is then the empty blob). An accepted blob exports a
 * canonical blob that imports again to the same bytes. Then the imported
 * capping ledgers meet campaigns whose ids the seeds use, and explain reads
 * them.
 */
#include "fuzz_inline.h"

static const char campaigns[] =
    "{\"campaigns\":["
    "{\"id\":\"daily\",\"placement_key\":\"home\",\"trigger\":\"automatic\",\"priority\":1,"
    "\"capping\":{\"max_displays\":2,\"period_ms\":86400000},"
    "\"content\":{\"url\":\"https://cdn.invalid/daily.json\",\"sha256\":\"" "HASH" "\"}},"
    "{\"id\":\"once\",\"placement_key\":\"home\",\"trigger\":\"automatic\",\"priority\":2,"
    "\"capping\":{\"max_displays\":1,\"period_ms\":null},"
    "\"content\":{\"url\":\"https://cdn.invalid/once.json\",\"sha256\":\"" "HASH" "\"}}]}";

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    fz_init_environment();
    return 0;
}

/* The engine's export at the clock pair that makes times pass unchanged. */
static uint8_t *export_state(fzi_world *w, size_t *len) {
    const uint8_t *blob = NULL;
    fz_expect(frames_engine_export_state(w->engine, 1000000, 1000000, &blob, len), FRAMES_OK);
    fz_assert(*len >= 16 && memcmp(blob, "FRST", 4) == 0, "an export is not a state blob");
    return fz_copy(blob, *len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fzi_world w, again;
    frames_inline_view *view;
    fz_buf doc = { 0 };
    char hash[65];
    const char *p;
    uint8_t *input = fz_copy(data, size), *first, *second, *empty;
    size_t first_len, second_len, empty_len;
    frames_result r;

    fz_sha256_hex(FZI_CONTENT, strlen(FZI_CONTENT), hash);
    for (p = campaigns; *p;) {
        const char *at = strstr(p, "HASH");
        if (!at) { fz_buf_add(&doc, p, strlen(p)); break; }
        fz_buf_add(&doc, p, (size_t)(at - p));
        fz_buf_add(&doc, hash, 64);
        p = at + 4;
    }

    fzi_init(&again, NULL);
    empty = export_state(&again, &empty_len);
    fz_expect(frames_engine_free(again.engine), FRAMES_OK);

    fzi_init(&w, NULL);
    w.now = 1000000;
    r = fz_check(frames_engine_import_state(w.engine, input, size, 1000000, 1000000));
    fz_assert(r == FRAMES_OK || r == FRAMES_ERR_INVALID_ARGUMENT || r == FRAMES_ERR_VERSION, "import returned %d", (int)r);
    first = export_state(&w, &first_len);
    if (r != FRAMES_OK) {
        /* Refused: nothing half-imported. */
        fz_assert(first_len == empty_len && memcmp(first, empty, empty_len) == 0, "a refused import left state");
    } else {
        /* Canonical: import(export(x)) exports the same bytes. */
        fzi_init(&again, NULL);
        fz_expect(frames_engine_import_state(again.engine, first, first_len, 1000000, 1000000), FRAMES_OK);
        second = export_state(&again, &second_len);
        fz_assert(second_len == first_len && memcmp(first, second, first_len) == 0, "export is not canonical");
        free(second);
        fz_expect(frames_engine_free(again.engine), FRAMES_OK);
    }

    /* The ledgers meet campaigns. */
    w.campaigns = (const uint8_t *)doc.p;
    w.campaigns_len = doc.len;
    view = fzi_view(&w, "home");
    fz_expect(frames_inline_view_attach(view, w.now), FRAMES_OK);
    fz_settle(w.engine, &w.now, fzi_answer, &w, 6);
    fzi_touch(&w, "home");
    fz_expect(frames_engine_set_user(w.engine, "ada", w.now), FRAMES_OK);
    fz_settle(w.engine, &w.now, fzi_answer, &w, 6);
    fzi_touch(&w, "home");

    fz_expect(frames_engine_free(w.engine), FRAMES_OK);
    free(first);
    free(empty);
    free(input);
    fz_buf_free(&doc);
    frames_error_clear();
    return 0;
}
