/*
 * test_explain.c — every explain call of frames.h (XC-11) through the C API:
 * a frame of the App Frames home screen, a banner place, an inline
 * placement, a modal message by id and the engine's snapshot, each in the
 * one shape of docs/wire-format.md §9; the text is borrowed until the next
 * call on the engine; explaining picks nothing up and runs no callback; and
 * bad inputs — NULL, a freed handle, a handle of another kind, a bad id, a
 * call from another thread — get an error and write nothing.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_backend.h"
#include "frames_test.h"

#define CONFIG "{\"Insider\": {\"App Frames Enabled\": true}}"
#define TOP_CONTENT "{\"template\":{\"html\":\"<h1>Spring</h1>\"}}"

static int callbacks;

static void on_present(const frames_message *message, void *user_data) {
    (void)message;
    (void)user_data;
    callbacks++;
}

static void on_status(frames_frame *frame, frames_frame_status status, frames_frame_status previous, void *user_data) {
    (void)frame;
    (void)status;
    (void)previous;
    (void)user_data;
    callbacks++;
}

/* The text `json` holds `needle`. */
static int has(const char *json, const char *needle) {
    return json != NULL && strstr(json, needle) != NULL;
}

/* Every explanation has the eleven members, in order. */
static int shaped(const char *json, size_t len, const char *kind, const char *object) {
    static const char *members[] = {"\"explain\":1,", "\"kind\":", "\"object\":", "\"placement_id\":", "\"now_ms\":",
                                    "\"user_id\":", "\"state\":", "\"facts\":", "\"showing\":", "\"reason\":{\"code\":",
                                    "\"candidates\":"};
    char expected[256];
    const char *at = json;
    size_t i;
    if (json == NULL || strlen(json) != len || json[0] != '{' || json[len - 1] != '}') return 0;
    for (i = 0; i < sizeof members / sizeof members[0]; i++) {
        const char *found = strstr(at, members[i]);
        if (found == NULL) return 0;
        at = found;
    }
    /* The object's name, or its prefix ("frame-"). */
    snprintf(expected, sizeof expected, "\"kind\":\"%s\",\"object\":\"%s", kind, object);
    return has(json, expected);
}

static frames_engine *new_engine(frames_host_callbacks *host) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_engine *engine = NULL;
    options.placements_url = FB_HOME_PLACEMENTS_URL;
    options.banners_url = "https://api.test/v1/banners";
    options.inline_url = "https://api.test/v1/inline";
    options.device_id = "device-1";
    CHECK_RESULT(frames_engine_new(&options, (const uint8_t *)CONFIG, strlen(CONFIG), host, &engine), FRAMES_OK);
    return engine;
}

static frames_engine *shared_engine;
static frames_frame *shared_frame;
static frames_banner_place *shared_place;

static void *intruder(void *arg) {
    const char *json = "untouched";
    size_t len = 7;
    (void)arg;
    CHECK_RESULT(frames_frame_explain(shared_frame, 1, &json, &len), FRAMES_ERR_WRONG_THREAD);
    CHECK_RESULT(frames_banner_place_explain(shared_place, 1, &json, &len), FRAMES_ERR_WRONG_THREAD);
    CHECK_RESULT(frames_inline_explain(shared_engine, "home", 1, &json, &len), FRAMES_ERR_WRONG_THREAD);
    CHECK_RESULT(frames_message_explain(shared_engine, "m1", 1, &json, &len), FRAMES_ERR_WRONG_THREAD);
    CHECK_RESULT(frames_engine_explain(shared_engine, 1, &json, &len), FRAMES_ERR_WRONG_THREAD);
    CHECK_MESSAGE_MENTIONS("thread");
    CHECK(strcmp(json, "untouched") == 0 && len == 7);
    return NULL;
}

static void test_every_kind(void) {
    fb_backend backend;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_frame_delegate fd = FRAMES_FRAME_DELEGATE_INIT;
    frames_messages_delegate md = FRAMES_MESSAGES_DELEGATE_INIT;
    frames_appearance appearance = FRAMES_APPEARANCE_INIT;
    frames_engine *engine;
    frames_frame *frame = NULL;
    frames_banner_place *place = NULL;
    frames_notification_result result;
    const char *json = NULL, *first = NULL;
    char object[64];
    size_t len = 0;
    static const char push[] =
        "{\"frames_message\":{\"id\":\"m1\",\"sent_at\":1,\"content\":{\"title\":{\"text\":\"Hi\"}}}}";

    ft_section("XC-11", "a frame explains itself: fetching, then shown with its campaign, variant and the candidates");
    fb_init(&backend);
    fb_script_home_screen(&backend, TOP_CONTENT);
    engine = new_engine(&host);
    fd.status_changed = on_status;
    md.present = on_present;
    CHECK_RESULT(frames_messages_set_delegate(engine, &md), FRAMES_OK);
    CHECK_RESULT(frames_frame_new(engine, &frame), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_delegate(frame, &fd), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_placement(frame, "home_top_banner", 0), FRAMES_OK);
    CHECK_RESULT(frames_frame_attach(frame, 0), FRAMES_OK);
    CHECK_RESULT(frames_frame_explain(frame, 0, &json, &len), FRAMES_OK);
    CHECK(has(json, "\"object\":\"frame-") && has(json, "\"placement_id\":\"home_top_banner\""));
    CHECK(has(json, "\"reason\":{\"code\":\"fetching\""));
    CHECK(shaped(json, len, "frame", "frame-"));
    fb_pump(&backend, engine, 10);
    CHECK_RESULT(frames_frame_report_rendered(frame, 120, 20), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_laid_out_size(frame, 320, 120, 20), FRAMES_OK);
    CHECK_RESULT(frames_frame_explain(frame, 21, &json, &len), FRAMES_OK);
    CHECK(has(json, "\"showing\":[{\"id\":\"spring_sale\",\"variant_id\":\"A\",\"where\":null,\"status\":\"ready\"}]"));
    CHECK(has(json, "\"reason\":{\"code\":\"shown\"") && has(json, "\"at_ms\":20}"));
    CHECK(has(json, "{\"id\":\"spring_sale\",\"facts\":{\"priority\":\"high\"") && has(json, "\"code\":\"chosen\""));
    /* The object's name matches the snapshot's. */
    CHECK(sscanf(strstr(json, "\"object\":\"") + 10, "%63[^\"]", object) == 1);

    ft_section("XC-11", "a banner place, an inline placement, a message and the engine: one shape each");
    CHECK_RESULT(frames_banner_place_new(engine, "hero", &appearance, &place), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_explain(place, 22, &json, &len), FRAMES_OK);
    CHECK(shaped(json, len, "banner_place", "banner_place-") && has(json, "\"state\":\"idle\"") &&
          has(json, "\"code\":\"not_loaded\"") && has(json, "\"placement_id\":\"hero\""));
    CHECK_RESULT(frames_inline_explain(engine, "home", 23, &json, &len), FRAMES_OK);
    CHECK(shaped(json, len, "inline_placement", "inline:home") && has(json, "\"code\":\"not_fetched\""));
    CHECK_RESULT(frames_message_explain(engine, "m1", 24, &json, &len), FRAMES_OK);
    CHECK(shaped(json, len, "message", "message:m1") && has(json, "\"code\":\"unknown\""));
    CHECK_RESULT(frames_messages_handle_notification(engine, (const uint8_t *)push, sizeof push - 1, 25, &result),
                 FRAMES_OK);
    callbacks = 0;
    CHECK_RESULT(frames_message_explain(engine, "m1", 26, &json, &len), FRAMES_OK);
    CHECK(has(json, "\"code\":\"handed_in\"") && has(json, "\"at_ms\":25"));
    CHECK_RESULT(frames_engine_explain(engine, 27, &json, &len), FRAMES_OK);
    CHECK(shaped(json, len, "engine", "engine") && has(json, "\"code\":\"content_allowed\""));
    CHECK(has(json, "\"objects\":[{\"explain\":1,\"kind\":\"frame\",\"object\":\"") && has(json, object));
    CHECK(has(json, "\"object\":\"message:m1\""));
    CHECK_INT(callbacks, 0); /* explaining picked the push up nowhere */

    ft_section("XC-11", "the text is borrowed until the next call on the engine: a second explanation replaces it");
    CHECK_RESULT(frames_inline_explain(engine, "home", 28, &first, &len), FRAMES_OK);
    CHECK(has(first, "inline:home"));
    CHECK_RESULT(frames_message_explain(engine, "m1", 28, &json, &len), FRAMES_OK);
    CHECK(has(json, "message:m1") && strlen(json) == len);
    CHECK_RESULT(frames_engine_on_timeout(engine, 30), FRAMES_OK); /* now the push is picked up and presented */
    CHECK_INT(callbacks, 1);
    CHECK_RESULT(frames_message_explain(engine, "m1", 31, &json, &len), FRAMES_OK);
    CHECK(has(json, "\"state\":\"on_screen\"") && has(json, "\"code\":\"presented\""));

    ft_section("XC-11 XC-02", "every explain call from another thread: WRONG_THREAD, outputs untouched");
    {
        pthread_t thread;
        shared_engine = engine;
        shared_frame = frame;
        shared_place = place;
        CHECK(pthread_create(&thread, NULL, intruder, NULL) == 0);
        pthread_join(thread, NULL);
    }

    ft_section("XC-11 XC-07 XC-08", "bad inputs: NULL outputs and handles, bad ids, wrong kinds, freed handles");
    json = "untouched";
    len = 7;
    CHECK_RESULT(frames_frame_explain(frame, 1, NULL, &len), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_frame_explain(frame, 1, &json, NULL), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_frame_explain(NULL, 1, &json, &len), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_frame_explain((frames_frame *)place, 1, &json, &len), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banner_place_explain((frames_banner_place *)frame, 1, &json, &len), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banner_place_explain(place, 1, NULL, NULL), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_inline_explain(engine, NULL, 1, &json, &len), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_inline_explain(engine, "\xff", 1, &json, &len), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_message_explain(engine, "", 1, &json, &len), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("message id");
    CHECK_RESULT(frames_message_explain(engine, NULL, 1, &json, &len), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_message_explain((frames_engine *)frame, "m1", 1, &json, &len), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_engine_explain(NULL, 1, &json, &len), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_engine_explain(engine, 1, &json, NULL), FRAMES_ERR_NULL_POINTER);
    CHECK(strcmp(json, "untouched") == 0 && len == 7);
    CHECK_RESULT(frames_frame_free(frame), FRAMES_OK);
    CHECK_RESULT(frames_frame_explain(frame, 1, &json, &len), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banner_place_free(place), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_explain(place, 1, &json, &len), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    CHECK_RESULT(frames_engine_explain(engine, 1, &json, &len), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_message_explain(engine, "m1", 1, &json, &len), FRAMES_ERR_INVALID_HANDLE);
    CHECK(strcmp(json, "untouched") == 0 && len == 7);
    fb_free(&backend);
}

int main(void) {
    test_every_kind();
    return ft_finish("test_explain");
}
