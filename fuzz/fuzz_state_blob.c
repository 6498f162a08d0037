/*
 * fuzz_state_blob — the persisted-state blob (XC-10, XC-07).
 *
 * The first input byte chooses how the rest becomes a blob. In 7 of 8 inputs
 * the rest is the payload and the harness writes the 16-byte header
 * (Sources/FramesCore/Core/StateBlob.swift) in front of it: "FRST",
 * version 1, reserved 0, the payload's length and CRC-32 — so the payload
 * decoder and the modules' section checks (inline.caps, messages.shown,
 * messages.horizon) see the fuzzed bytes instead of a checksum refusal. The
 * byte's upper bits spoil one header field in 6 of 32 of those inputs (magic,
 * version 2, version 0, reserved, length, CRC), so each header check keeps
 * being reached with an otherwise valid blob. In 1 of 8 inputs the rest is
 * the blob as it is.
 *
 * Every engine first imports a known good blob, made once in
 * LLVMFuzzerInitialize by the library itself: capping ledgers for nobody and
 * for "ada" (an inline campaign shown and counted for each), a shown-once
 * ledger of modal messages (two presented) with a horizon. Then the fuzzed
 * blob is imported:
 *   - refused (FRAMES_ERR_INVALID_ARGUMENT or FRAMES_ERR_VERSION): the
 *     message says nothing was imported, and the export is byte for byte
 *     the one before the import (all or nothing, XC-10);
 *   - accepted: the export is canonical (imported into a new engine, it
 *     exports the same bytes).
 * Then capped campaigns whose ids the seeds use meet the ledgers, before and
 * after a login, and explain reads them.
 *
 * FRAMES_FUZZ_STATS=1 prints at exit how many imports stopped at the header,
 * at the checksum, in the decoder, in a module's checks, or were accepted:
 * "reach decoder" counts the last three (docs/reliability.md).
 */
#include <stdio.h>

#include "fuzz_inline.h"

#define NOW 1000000
#define WALL 1000000 /* NOW: times pass through the blob unchanged */

static const char campaigns[] =
    "{\"campaigns\":["
    "{\"id\":\"daily\",\"placement_key\":\"home\",\"trigger\":\"automatic\",\"priority\":1,"
    "\"capping\":{\"max_displays\":2,\"period_ms\":86400000},"
    "\"content\":{\"url\":\"https://cdn.invalid/daily.json\",\"sha256\":\"" "HASH" "\"}},"
    "{\"id\":\"once\",\"placement_key\":\"home\",\"trigger\":\"automatic\",\"priority\":2,"
    "\"capping\":{\"max_displays\":1,\"period_ms\":null},"
    "\"content\":{\"url\":\"https://cdn.invalid/once.json\",\"sha256\":\"" "HASH" "\"}}]}";

static fz_buf doc;        /* campaigns with FZI_CONTENT's checksum */
static uint8_t *good;     /* the known good blob */
static size_t good_len;

/* Where the imports stopped (FRAMES_FUZZ_STATS). */
static unsigned long n_imports, n_header, n_checksum, n_decoder, n_module, n_accepted;

static void print_stats(void) {
    fprintf(stderr,
            "fuzz_state_blob: %lu imports: header %lu, checksum %lu, decoder %lu, module checks %lu, accepted %lu; "
            "reach decoder %lu (%.1f %%)\n",
            n_imports, n_header, n_checksum, n_decoder, n_module, n_accepted, n_decoder + n_module + n_accepted,
            n_imports ? 100.0 * (double)(n_decoder + n_module + n_accepted) / (double)n_imports : 0.0);
}

/* By the words of StateBlob.decode's and the modules' messages. */
static void count_import(frames_result r) {
    const char *m = frames_error_last_message();
    n_imports++;
    if (r == FRAMES_OK) n_accepted++;
    else if (strstr(m, "checksum mismatch")) n_checksum++;
    else if (strstr(m, "shorter than") || strstr(m, "does not start") || strstr(m, "format version") ||
             strstr(m, "reserved header") || strstr(m, "payload bytes") || strstr(m, "bytes exceeds the limit"))
        n_header++;
    else if (strstr(m, " at byte ")) n_decoder++;
    else n_module++;
}

/* --- the known good blob, made by the library ------------------------------ */

static char shown[300];

static void present(const frames_message *m, void *user_data) {
    (void)user_data;
    snprintf(shown, sizeof shown, "%s", m->message_id);
}

static void message(fzi_world *w, const char *id, long long sent_at) {
    char payload[400];
    frames_notification_result result = -1;
    snprintf(payload, sizeof payload,
             "{\"frames_message\":{\"id\":\"%s\",\"sent_at\":%lld,\"content\":{\"title\":{\"text\":\"T\"}}}}", id,
             sent_at);
    shown[0] = '\0';
    fz_expect(frames_messages_handle_notification(w->engine, (const uint8_t *)payload, strlen(payload), w->now,
                                                  &result),
              FRAMES_OK);
    fz_expect(frames_engine_on_timeout(w->engine, w->now), FRAMES_OK);
    fz_assert(strcmp(shown, id) == 0, "message %s was not presented", id);
    fz_expect(frames_message_report_displayed(w->engine, id, w->now), FRAMES_OK);
    fz_expect(frames_message_report_dismissed(w->engine, id, w->now), FRAMES_OK);
}

/* The blob written in front of the payload (StateBlob.swift's header). */
static uint8_t *frame_blob(const uint8_t *payload, size_t len, uint8_t spoil, size_t *out_len) {
    uint8_t *blob = (uint8_t *)malloc(16 + (len ? len : 1));
    uint32_t length = (uint32_t)len, crc = fz_crc32(payload, len);
    uint16_t version = 1, reserved = 0;
    int i;
    if (blob == NULL) abort();
    memcpy(blob, "FRST", 4);
    switch (spoil) {
    case 31: blob[3] = 'U'; break;
    case 30: version = 2; break;  /* FRAMES_ERR_VERSION */
    case 29: version = 0; break;
    case 28: reserved = (uint16_t)(1 + (len & 0xFF)); break;
    case 27: length += (len & 1) ? 1 : (uint32_t)-1; break;
    case 26: crc ^= 1u << (len & 31); break;
    default: break;
    }
    blob[4] = (uint8_t)version;
    blob[5] = (uint8_t)(version >> 8);
    blob[6] = (uint8_t)reserved;
    blob[7] = (uint8_t)(reserved >> 8);
    for (i = 0; i < 4; i++) blob[8 + i] = (uint8_t)(length >> (8 * i));
    for (i = 0; i < 4; i++) blob[12 + i] = (uint8_t)(crc >> (8 * i));
    if (len) memcpy(blob + 16, payload, len);
    *out_len = 16 + len;
    return blob;
}

/* The engine's export at the clock pair that makes times pass unchanged. */
static uint8_t *export_state(fzi_world *w, size_t *len) {
    const uint8_t *blob = NULL;
    fz_expect(frames_engine_export_state(w->engine, NOW, WALL, &blob, len), FRAMES_OK);
    fz_assert(*len >= 16 && memcmp(blob, "FRST", 4) == 0, "an export is not a state blob");
    return fz_copy(blob, *len);
}

static bool contains(const uint8_t *p, size_t n, const char *s, size_t k) {
    size_t i;
    for (i = 0; i + k <= n; i++)
        if (memcmp(p + i, s, k) == 0) return true;
    return false;
}

static void world(fzi_world *w) {
    frames_messages_delegate messages = FRAMES_MESSAGES_DELEGATE_INIT;
    messages.present = present;
    fzi_init(w, NULL);
    fz_expect(frames_messages_set_delegate(w->engine, &messages), FRAMES_OK);
    w->campaigns = (const uint8_t *)doc.p;
    w->campaigns_len = doc.len;
}

/* A shown-once horizon needs 1,000 presentations; the library accepts one
 * from a blob, and exports it again with the rest. */
static void make_good_blob(void) {
    static const uint8_t horizon_payload[] = {
        1, 16, 'm', 'e', 's', 's', 'a', 'g', 'e', 's', '.', 'h', 'o', 'r', 'i', 'z', 'o', 'n', 0,
        1, 5, 'm', '-', 'o', 'l', 'd', 1, 0xd0, 0x0f, /* sent_at 1000 */
    };
    fzi_world w;
    frames_inline_view *view;
    uint8_t *horizon;
    size_t horizon_len, again_len;
    uint8_t *again;

    world(&w);
    w.now = NOW;
    horizon = frame_blob(horizon_payload, sizeof horizon_payload, 0, &horizon_len);
    fz_expect(frames_engine_import_state(w.engine, horizon, horizon_len, NOW, WALL), FRAMES_OK);
    free(horizon);
    view = fzi_view(&w, "home");
    fz_expect(frames_inline_view_attach(view, w.now), FRAMES_OK);
    fz_settle(w.engine, &w.now, fzi_answer, &w, 6);
    message(&w, "m-1", 1714550400000LL);
    fz_expect(frames_engine_set_user(w.engine, "ada", w.now), FRAMES_OK);
    fz_settle(w.engine, &w.now, fzi_answer, &w, 6);
    message(&w, "m-2", 1714550400001LL);
    {
        const uint8_t *blob = NULL;
        fz_expect(frames_engine_export_state(w.engine, w.now, w.now, &blob, &good_len), FRAMES_OK);
        good = fz_copy(blob, good_len);
    }
    fz_expect(frames_engine_free(w.engine), FRAMES_OK);
#define HAS(s) contains(good, good_len, s, sizeof s - 1)
    fz_assert(HAS("\x0binline.caps\x00") && HAS("\x0binline.caps\x01\x03" "ada") && HAS("\x0emessages.shown\x00") &&
                  HAS("\x10messages.horizon\x00"),
              "the known good blob lacks a section (%zu bytes)", good_len);
#undef HAS

    /* Exported by the library, so it must import and export unchanged. */
    world(&w);
    fz_expect(frames_engine_import_state(w.engine, good, good_len, NOW, WALL), FRAMES_OK);
    again = export_state(&w, &again_len);
    fz_assert(again_len == good_len && memcmp(again, good, good_len) == 0, "the known good blob is not canonical");
    free(again);
    fz_expect(frames_engine_free(w.engine), FRAMES_OK);
    frames_error_clear();
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    char hash[65];
    const char *p;
    (void)argc;
    (void)argv;
    fz_init_environment();
    fz_sha256_hex(FZI_CONTENT, strlen(FZI_CONTENT), hash);
    for (p = campaigns; *p;) {
        const char *at = strstr(p, "HASH");
        if (!at) { fz_buf_add(&doc, p, strlen(p)); break; }
        fz_buf_add(&doc, p, (size_t)(at - p));
        fz_buf_add(&doc, hash, 64);
        p = at + 4;
    }
    make_good_blob();
    if (getenv("FRAMES_FUZZ_STATS")) atexit(print_stats);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fzi_world w, again;
    frames_inline_view *view;
    uint8_t mode = size ? data[0] : 0;
    uint8_t *blob, *before, *first, *second;
    size_t blob_len, before_len, first_len, second_len;
    frames_result r;

    if ((mode & 7) == 0) {
        blob_len = size ? size - 1 : 0;
        blob = fz_copy(data + (size ? 1 : 0), blob_len);
    } else {
        blob = frame_blob(data + 1, size - 1, (uint8_t)(mode >> 3), &blob_len);
    }

    world(&w);
    w.now = NOW;
    fz_expect(frames_engine_import_state(w.engine, good, good_len, NOW, WALL), FRAMES_OK);
    before = export_state(&w, &before_len);
    fz_assert(before_len == good_len && memcmp(before, good, good_len) == 0, "the known good blob did not round-trip");

    r = fz_check(frames_engine_import_state(w.engine, blob, blob_len, NOW, WALL));
    count_import(r);
    fz_assert(r == FRAMES_OK || r == FRAMES_ERR_INVALID_ARGUMENT || r == FRAMES_ERR_VERSION, "import returned %d", (int)r);
    if (r != FRAMES_OK)
        fz_assert(strstr(frames_error_last_message(), "nothing was imported") != NULL,
                  "a refused import does not say that nothing was imported");
    first = export_state(&w, &first_len);
    if (r != FRAMES_OK) {
        /* XC-10: refused, so nothing changed. */
        fz_assert(first_len == before_len && memcmp(first, before, before_len) == 0,
                  "a refused import changed the state (%zu bytes exported before, %zu after)", before_len, first_len);
    } else {
        /* Canonical: import(export(x)) exports the same bytes. */
        world(&again);
        fz_expect(frames_engine_import_state(again.engine, first, first_len, NOW, WALL), FRAMES_OK);
        second = export_state(&again, &second_len);
        fz_assert(second_len == first_len && memcmp(first, second, first_len) == 0, "export is not canonical");
        free(second);
        fz_expect(frames_engine_free(again.engine), FRAMES_OK);
    }

    /* The ledgers meet campaigns. */
    view = fzi_view(&w, "home");
    fz_expect(frames_inline_view_attach(view, w.now), FRAMES_OK);
    fz_settle(w.engine, &w.now, fzi_answer, &w, 6);
    fzi_touch(&w, "home");
    fz_expect(frames_engine_set_user(w.engine, "ada", w.now), FRAMES_OK);
    fz_settle(w.engine, &w.now, fzi_answer, &w, 6);
    fzi_touch(&w, "home");

    fz_expect(frames_engine_free(w.engine), FRAMES_OK);
    free(first);
    free(before);
    free(blob);
    frames_error_clear();
    return 0;
}
