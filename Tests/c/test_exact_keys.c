/*
 * Keys and ids are compared by their exact code points, never by Unicode
 * canonical equivalence (XC-07, RFC 8259 section 8.3), through the C API.
 *
 * "café" has two spellings that Unicode calls canonically equivalent: the
 * precomposed U+00E9 (UTF-8 c3 a9) and "e" followed by the combining acute
 * U+0301 (UTF-8 65 cc 81). To the engine they are two different keys:
 *
 * Proves: XC-07 and AF-01 (a JSON or property-list configuration may hold
 * both spellings as two keys; the same code points twice — spelled as an
 * escape, a character reference or raw UTF-8 — is a repeated key, refused),
 * AF-12 and AF-03 (two placements that differ only in normalization are two
 * placements; a frame gets the one whose id has its exact bytes, and none
 * when only the other exists), BN-14 (a preload of one spelling is not the
 * cache of a place with the other).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "banner_harness.h"
#include "fake_backend.h"
#include "frames.h"
#include "frames_test.h"

#define PLACEMENTS_URL "https://api.test/v1/placements"
#define NFC "caf\xc3\xa9"  /* café, precomposed */
#define NFD "cafe\xcc\x81" /* café, decomposed */

static fb_transcript transcript;

/* --- configuration documents (AF-01) ------------------------------------- */

/* frames_engine_new's result for a configuration; *enabled receives whether
 * App Frames came out enabled when it succeeded. */
static frames_result engine_for(const char *config, bool *enabled) {
    frames_engine *engine = NULL;
    frames_result result = frames_engine_new(NULL, (const uint8_t *)config, strlen(config), NULL, &engine);
    *enabled = false;
    if (result == FRAMES_OK) {
        CHECK_RESULT(frames_app_frames_get_enabled(engine, enabled), FRAMES_OK);
        CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    }
    return result;
}

static void test_configuration_keys(void) {
    bool enabled = false;

    ft_section("XC-07 AF-01", "JSON: \"\\u00e9\" and \"e\\u0301\" are two keys of one object");
    CHECK_RESULT(engine_for("{\"Insider\":{\"App Frames Enabled\":true},\"caf\\u00e9\":1,\"cafe\\u0301\":2}", &enabled),
                 FRAMES_OK);
    CHECK(enabled);
    /* The same two spellings as raw UTF-8. */
    CHECK_RESULT(engine_for("{\"Insider\":{\"App Frames Enabled\":true},\"" NFC "\":1,\"" NFD "\":2}", &enabled),
                 FRAMES_OK);
    CHECK(enabled);

    ft_section("XC-07 AF-01", "JSON: the same code points twice are a repeated key, however spelled");
    CHECK_RESULT(engine_for("{\"Insider\":{\"App Frames Enabled\":true},\"caf\\u00e9\":1,\"caf\\u00e9\":2}", &enabled),
                 FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("duplicate");
    CHECK_RESULT(engine_for("{\"Insider\":{\"App Frames Enabled\":true},\"" NFC "\":1,\"caf\\u00e9\":2}", &enabled),
                 FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("duplicate");
    CHECK_RESULT(engine_for("{\"Insider\":{\"App Frames Enabled\":true},\"" NFD "\":1,\"cafe\\u0301\":2}", &enabled),
                 FRAMES_ERR_INVALID_ARGUMENT);

    ft_section("XC-07 AF-01", "property list: both spellings are two keys; the same code points twice are refused");
    CHECK_RESULT(engine_for("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict>"
                            "<key>Insider</key><dict><key>App Frames Enabled</key><true/></dict>"
                            "<key>" NFC "</key><integer>1</integer><key>" NFD "</key><integer>2</integer>"
                            "</dict></plist>",
                            &enabled),
                 FRAMES_OK);
    CHECK(enabled);
    CHECK_RESULT(engine_for("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict>"
                            "<key>Insider</key><dict><key>App Frames Enabled</key><true/></dict>"
                            "<key>" NFC "</key><integer>1</integer><key>caf&#233;</key><integer>2</integer>"
                            "</dict></plist>",
                            &enabled),
                 FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("duplicate");
    CHECK_RESULT(engine_for("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict>"
                            "<key>Insider</key><dict><key>App Frames Enabled</key><true/>"
                            "<key>App Frames Enabled</key><false/></dict></dict></plist>",
                            &enabled),
                 FRAMES_ERR_INVALID_ARGUMENT);
}

/* --- placement ids (AF-12, AF-03) ------------------------------------------ */

static void on_render(frames_frame *frame, const frames_content *content, void *ud) {
    char id[64];
    size_t length = 0;
    (void)ud;
    CHECK_RESULT(frames_frame_get_placement_id(frame, id, sizeof id, &length), FRAMES_OK);
    /* The content's placement id is the frame's, byte for byte. */
    CHECK(strcmp(id, content->placement_id) == 0);
    fb_line(&transcript, "render %s %s", strcmp(content->placement_id, NFC) == 0 ? "NFC" : "NFD", content->campaign_id);
}

static const char enabled_config[] = "{\"Insider\": {\"App Frames Enabled\": true}}";

static frames_frame *attached(frames_engine *engine, const char *placement) {
    frames_frame *frame = NULL;
    frames_frame_delegate delegate = FRAMES_FRAME_DELEGATE_INIT;
    delegate.render = on_render;
    CHECK_RESULT(frames_frame_new(engine, &frame), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_delegate(frame, &delegate), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_placement(frame, placement, 0), FRAMES_OK);
    CHECK_RESULT(frames_frame_attach(frame, 0), FRAMES_OK);
    return frame;
}

static frames_frame_status status_of(frames_frame *frame) {
    frames_frame_status status = -1;
    CHECK_RESULT(frames_frame_get_status(frame, &status), FRAMES_OK);
    return status;
}

/* A placements response: `keys[i]` (JSON text of the key) -> one campaign
 * `ids[i]` whose content is the same small document. */
static void script_placements(fb_backend *b, const char *const *keys, const char *const *ids, size_t n) {
    static const char doc[] = "{\"template\":{\"html\":\"<p>caf\\u00e9</p>\"}}";
    char body[4096], sha[65];
    size_t len = 0, i;
    fb_sha256_hex(doc, strlen(doc), sha);
    fb_set_text(b, "https://cdn.test/cafe.json", 200, doc);
    len += (size_t)snprintf(body + len, sizeof body - len, "{\"placements\":{");
    for (i = 0; i < n; i++)
        len += (size_t)snprintf(body + len, sizeof body - len,
                                "%s\"%s\":{\"campaigns\":[{\"id\":\"%s\",\"priority\":\"high\",\"created_at\":1,"
                                "\"variants\":[{\"id\":\"A\",\"weight\":1,\"content\":{\"url\":"
                                "\"https://cdn.test/cafe.json\",\"sha256\":\"%s\"}}]}]}",
                                i ? "," : "", keys[i], ids[i], sha);
    len += (size_t)snprintf(body + len, sizeof body - len, "}}");
    if (len >= sizeof body) abort();
    fb_set_text(b, PLACEMENTS_URL, 200, body);
}

static void test_placement_ids(void) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_engine *engine = NULL;
    frames_frame *nfc, *nfd;
    fb_backend b;

    options.placements_url = PLACEMENTS_URL;

    ft_section("XC-07 AF-12 AF-03", "placements \"caf\\u00e9\" and \"cafe\\u0301\": each frame gets its own campaign");
    {
        const char *const keys[2] = { "caf\\u00e9", "cafe\\u0301" };
        const char *const ids[2] = { "precomposed", "decomposed" };
        fb_init(&b);
        fb_transcript_clear(&transcript);
        script_placements(&b, keys, ids, 2);
        CHECK_RESULT(frames_engine_new(&options, (const uint8_t *)enabled_config, strlen(enabled_config), &host, &engine), FRAMES_OK);
        nfd = attached(engine, NFD);
        nfc = attached(engine, NFC);
        fb_pump(&b, engine, 1);
        CHECK_INT(status_of(nfc), FRAMES_FRAME_STATUS_RENDERING);
        CHECK_INT(status_of(nfd), FRAMES_FRAME_STATUS_RENDERING);
        CHECK(strstr(transcript.text, "render NFC precomposed\n") != NULL);
        CHECK(strstr(transcript.text, "render NFD decomposed\n") != NULL);
        CHECK(strstr(transcript.text, "render NFC decomposed") == NULL);
        CHECK(strstr(transcript.text, "render NFD precomposed") == NULL);
        CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
        fb_free(&b);
    }

    ft_section("XC-07 AF-12 AF-08", "only the precomposed placement exists: the decomposed frame is unavailable");
    {
        const char *const keys[1] = { NFC };
        const char *const ids[1] = { "precomposed" };
        fb_init(&b);
        fb_transcript_clear(&transcript);
        script_placements(&b, keys, ids, 1);
        CHECK_RESULT(frames_engine_new(&options, (const uint8_t *)enabled_config, strlen(enabled_config), &host, &engine), FRAMES_OK);
        nfd = attached(engine, NFD);
        nfc = attached(engine, NFC);
        fb_pump(&b, engine, 1);
        CHECK_INT(status_of(nfc), FRAMES_FRAME_STATUS_RENDERING);
        CHECK_INT(status_of(nfd), FRAMES_FRAME_STATUS_UNAVAILABLE);
        CHECK_TEXT(transcript.text, "render NFC precomposed\n");
        CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
        fb_free(&b);
    }
}

/* --- banner place ids (BN-14) ------------------------------------------------ */

static void test_place_ids(void) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = bh_recording_host();
    frames_banners_delegate banners = bh_recording_banners();
    frames_appearance list = FRAMES_APPEARANCE_INIT;
    frames_engine *engine = NULL;
    frames_banner_place *same = NULL, *other = NULL;

    ft_section("XC-07 BN-14", "a preload of \"caf\\u00e9\" is not the cache of a place \"cafe\\u0301\"");
    bs_reset();
    bs_add(NFC, "b0", "1", 1000);
    options.banners_url = BH_LIST_URL;
    list.layout_type = FRAMES_LAYOUT_TYPE_VERTICAL_LIST;
    CHECK_RESULT(frames_engine_new(&options, NULL, 0, &host, &engine), FRAMES_OK);
    CHECK_RESULT(frames_banners_set_delegate(engine, &banners), FRAMES_OK);
    bh_clear_logs();
    CHECK_RESULT(frames_banners_preload(engine, NFC, 0), FRAMES_OK);
    bs_pump(engine, 0);
    CHECK_INT(banner_server.list_requests, 1);
    CHECK_RESULT(frames_banner_place_new(engine, NFC, &list, &same), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_new(engine, NFD, &list, &other), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_attach(same, 1), FRAMES_OK);
    CHECK_INT(bs_pump(engine, 1), 0); /* the preloaded id: from the cache */
    CHECK_RESULT(frames_banner_place_attach(other, 2), FRAMES_OK);
    CHECK_INT(bs_pump(engine, 2) > 0, 1); /* the other spelling: fetched */
    CHECK_INT(banner_server.list_requests, 2);
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
}

int main(void) {
    test_configuration_keys();
    test_placement_ids();
    test_place_ids();
    return ft_finish("test_exact_keys");
}
