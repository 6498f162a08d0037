/*
 * Engine and frame handles under misuse (XC-07), ownership of user_data, and
 * argument checks of the Engine and App Frames sections of frames.h.
 *
 * Proves: XC-07 (NULL, freed, never-created and wrong-kind handles for every
 * engine and frame function -> FRAMES_ERR_INVALID_HANDLE with a message,
 * never a crash; frees of NULL are FRAMES_OK, double frees are
 * INVALID_HANDLE; invalid UTF-8 -> INVALID_ARGUMENT; malformed configuration
 * -> INVALID_ARGUMENT without a leak), XC-03 (freeing the engine inside a
 * callback stops further callbacks; the call returns normally), XC-08
 * (messages), AF-01 (configuration NULL/0 means off), AF-23 (the host owns
 * the delegate: free_user_data runs exactly once).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_backend.h"
#include "frames.h"
#include "frames_test.h"

#define PLACEMENTS_URL "https://api.test/v1/placements"
#define CONTENT_URL "https://cdn.test/content/a.json"

static const char enabled_config[] = "{\"Insider\": {\"App Frames Enabled\": true}}";

static fb_transcript transcript;

/* --- counting user_data ---------------------------------------------------- */

typedef struct counter {
    const char *name;
    int freed;
} counter;

static void count_free(void *user_data) {
    counter *c = (counter *)user_data;
    c->freed++;
    fb_line(&transcript, "%s freed", c->name);
}

static frames_engine *new_engine(frames_host_callbacks *host) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_engine *engine = NULL;
    options.placements_url = PLACEMENTS_URL;
    options.retry_jitter = 0;
    CHECK_RESULT(frames_engine_new(&options, (const uint8_t *)enabled_config, strlen(enabled_config), host, &engine), FRAMES_OK);
    return engine;
}

static frames_frame *new_frame(frames_engine *engine, counter *c) {
    frames_frame *frame = NULL;
    frames_frame_delegate delegate = FRAMES_FRAME_DELEGATE_INIT;
    CHECK_RESULT(frames_frame_new(engine, &frame), FRAMES_OK);
    if (c) {
        delegate.user_data = c;
        delegate.free_user_data = count_free;
        CHECK_RESULT(frames_frame_set_delegate(frame, &delegate), FRAMES_OK);
    }
    return frame;
}

/* The last error is INVALID_HANDLE with a non-empty message. */
#define CHECK_HANDLE_ERROR(call)                                              \
    do {                                                                      \
        frames_error_clear();                                                 \
        CHECK_RESULT(call, FRAMES_ERR_INVALID_HANDLE);                        \
        CHECK_INT(frames_error_last_code(), FRAMES_ERR_INVALID_HANDLE);       \
        CHECK(frames_error_last_message()[0] != '\0');                        \
    } while (0)

/* Every function that takes an engine, with a bad engine handle and valid
 * other arguments: INVALID_HANDLE, outputs untouched. */
static void every_engine_function(frames_engine *bad, const char *what) {
    bool flag = true;
    frames_request request;
    int64_t deadline = 77;
    frames_frame *frame = (frames_frame *)0x5678;
    const char *names[1] = { "Retry-After" };
    const char *values[1] = { "1" };
    char title[160];

    snprintf(title, sizeof title, "every engine function with %s", what);
    ft_section("XC-07", title);
    memset(&request, 0xab, sizeof request);
    CHECK_HANDLE_ERROR(frames_app_frames_get_enabled(bad, &flag));
    CHECK_MESSAGE_MENTIONS("engine");
    CHECK(flag);
    CHECK_HANDLE_ERROR(frames_engine_poll_request(bad, &request, &flag));
    CHECK(flag);
    CHECK_INT(request.id, 0xababababababababULL);
    CHECK_HANDLE_ERROR(frames_engine_complete_request(bad, 1, 200, names, values, 1, (const uint8_t *)"{}", 2, 0));
    CHECK_HANDLE_ERROR(frames_engine_fail_request(bad, 1, "boom", 0));
    CHECK_HANDLE_ERROR(frames_engine_get_next_deadline(bad, &deadline, &flag));
    CHECK_INT(deadline, 77);
    CHECK(flag);
    CHECK_HANDLE_ERROR(frames_engine_on_timeout(bad, 0));
    CHECK_HANDLE_ERROR(frames_engine_start_session(bad, "session-2", 0));
    CHECK_HANDLE_ERROR(frames_engine_set_user(bad, "user-1", 0));
    CHECK_HANDLE_ERROR(frames_engine_set_user(bad, NULL, 0));
    CHECK_HANDLE_ERROR(frames_engine_set_app_state(bad, FRAMES_APP_STATE_ACTIVE, 0));
    CHECK_HANDLE_ERROR(frames_engine_set_consent(bad, false, 0));
    CHECK_HANDLE_ERROR(frames_frame_new(bad, &frame));
    CHECK(frame == (frames_frame *)0x5678);
}

/* Every function that takes a frame (but free), with a bad frame handle. */
static void every_frame_function(frames_frame *bad, const char *what) {
    frames_frame_delegate delegate = FRAMES_FRAME_DELEGATE_INIT;
    frames_frame_status status = 99;
    frames_frame_error error;
    bool has_error = true;
    double height = -7;
    char title[160];
    counter c = { "rejected delegate", 0 };

    snprintf(title, sizeof title, "every frame function with %s", what);
    ft_section("XC-07", title);
    delegate.user_data = &c;
    delegate.free_user_data = count_free;
    error.code = 42;
    error.http_status = 42;
    error.message = "untouched";
    CHECK_HANDLE_ERROR(frames_frame_set_delegate(bad, &delegate));
    CHECK_MESSAGE_MENTIONS("frame");
    CHECK_HANDLE_ERROR(frames_frame_set_delegate(bad, NULL));
    CHECK_HANDLE_ERROR(frames_frame_set_placement(bad, "home_top_banner", 0));
    CHECK_HANDLE_ERROR(frames_frame_set_placement(bad, NULL, 0));
    CHECK_HANDLE_ERROR(frames_frame_attach(bad, 0));
    CHECK_HANDLE_ERROR(frames_frame_detach(bad));
    CHECK_HANDLE_ERROR(frames_frame_set_hidden(bad, true, 0));
    CHECK_HANDLE_ERROR(frames_frame_set_laid_out_size(bad, 375, 120, 0));
    CHECK_HANDLE_ERROR(frames_frame_set_height_mode(bad, FRAMES_HEIGHT_MODE_FIXED, 50));
    CHECK_HANDLE_ERROR(frames_frame_get_status(bad, &status));
    CHECK_INT(status, 99);
    CHECK_HANDLE_ERROR(frames_frame_get_error(bad, &error, &has_error));
    CHECK_INT(error.code, 42);
    CHECK_STR(error.message, "untouched");
    CHECK(has_error);
    CHECK_HANDLE_ERROR(frames_frame_get_intrinsic_height(bad, &height));
    CHECK_DOUBLE(height, -7);
    CHECK_HANDLE_ERROR(frames_frame_report_rendered(bad, 100, 0));
    CHECK_HANDLE_ERROR(frames_frame_report_render_failed(bad, "oops", 0));
    CHECK_HANDLE_ERROR(frames_frame_report_dismissed(bad, 0));
    CHECK_HANDLE_ERROR(frames_frame_report_action(bad, "shop_now", 0));
    /* A delegate the library refused is not the library's: not freed. */
    CHECK_INT(c.freed, 0);
}

static void test_bad_handles(void) {
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    counter host_counter = { "host", 0 }, d1 = { "d1", 0 };
    frames_engine *engine, *freed_engine;
    frames_frame *frame, *freed_frame, *orphan;
    frames_frame_status status = -1;

    fb_transcript_clear(&transcript);
    host.user_data = &host_counter;
    host.free_user_data = count_free;
    engine = new_engine(&host);
    frame = new_frame(engine, &d1);

    freed_engine = new_engine(NULL);
    orphan = new_frame(freed_engine, NULL);
    CHECK_RESULT(frames_engine_free(freed_engine), FRAMES_OK);
    freed_frame = new_frame(engine, NULL);
    CHECK_RESULT(frames_frame_free(freed_frame), FRAMES_OK);

    every_engine_function(NULL, "a NULL engine");
    CHECK_MESSAGE_MENTIONS("NULL");
    every_engine_function(freed_engine, "a freed engine");
    every_engine_function((frames_engine *)0x1234, "a never-created engine (0x1234)");
    every_engine_function((frames_engine *)(uintptr_t)0xdeadbeef0ULL, "a never-created engine (0xdeadbeef0)");
    every_engine_function((frames_engine *)frame, "a frame passed as an engine");
    every_frame_function(NULL, "a NULL frame");
    every_frame_function(freed_frame, "a freed frame");
    every_frame_function(orphan, "a frame whose engine was freed");
    every_frame_function((frames_frame *)0x1234, "a never-created frame (0x1234)");
    every_frame_function((frames_frame *)engine, "an engine passed as a frame");

    ft_section("XC-07", "frees: NULL is a no-op, double and foreign frees are INVALID_HANDLE");
    CHECK_RESULT(frames_engine_free(NULL), FRAMES_OK);
    CHECK_RESULT(frames_frame_free(NULL), FRAMES_OK);
    CHECK_HANDLE_ERROR(frames_engine_free(freed_engine));
    CHECK_HANDLE_ERROR(frames_frame_free(freed_frame));
    CHECK_HANDLE_ERROR(frames_frame_free(orphan));
    CHECK_HANDLE_ERROR(frames_engine_free((frames_engine *)0x1234));
    CHECK_HANDLE_ERROR(frames_frame_free((frames_frame *)0x1234));
    CHECK_HANDLE_ERROR(frames_engine_free((frames_engine *)frame));
    CHECK_HANDLE_ERROR(frames_frame_free((frames_frame *)engine));

    ft_section("XC-07", "after all that the engine and its frame are intact and usable");
    CHECK_RESULT(frames_frame_get_status(frame, &status), FRAMES_OK);
    CHECK_INT(status, FRAMES_FRAME_STATUS_NO_PLACEMENT);
    CHECK_INT(d1.freed, 0);
    CHECK_INT(host_counter.freed, 0);
    CHECK_RESULT(frames_frame_set_placement(frame, "home_top_banner", 0), FRAMES_OK);
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    CHECK_INT(d1.freed, 1);
    CHECK_INT(host_counter.freed, 1);
    CHECK_HANDLE_ERROR(frames_engine_free(engine));
    CHECK_HANDLE_ERROR(frames_frame_free(frame));
    CHECK_INT(d1.freed, 1);
    CHECK_INT(host_counter.freed, 1);
}

/* --- ownership ------------------------------------------------------------- */

static void test_engine_free_frees_everything(void) {
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    counter h = { "host", 0 }, a = { "delegate a", 0 }, b = { "delegate b", 0 }, c = { "delegate c", 0 },
            replaced = { "delegate replaced", 0 };
    frames_engine *engine;
    frames_frame *fa, *fb, *fc, *fd;
    frames_frame_status status;
    frames_frame_delegate bad = FRAMES_FRAME_DELEGATE_INIT;

    ft_section("XC-07 AF-23", "freeing the engine frees every frame and runs each free_user_data exactly once");
    fb_transcript_clear(&transcript);
    host.user_data = &h;
    host.free_user_data = count_free;
    engine = new_engine(&host);
    fa = new_frame(engine, &replaced);
    /* Replacing the delegate frees the previous user_data at once. */
    {
        frames_frame_delegate d = FRAMES_FRAME_DELEGATE_INIT;
        d.user_data = &a;
        d.free_user_data = count_free;
        CHECK_RESULT(frames_frame_set_delegate(fa, &d), FRAMES_OK);
        CHECK_INT(replaced.freed, 1);
        CHECK_INT(a.freed, 0);
    }
    fb = new_frame(engine, &b);
    fc = new_frame(engine, &c);
    /* Clearing frees too; a cleared frame frees nothing later. */
    CHECK_RESULT(frames_frame_set_delegate(fc, NULL), FRAMES_OK);
    CHECK_INT(c.freed, 1);
    CHECK_RESULT(frames_frame_set_delegate(fc, NULL), FRAMES_OK);
    CHECK_INT(c.freed, 1);
    fd = new_frame(engine, NULL);

    ft_section("XC-07", "a delegate of an unknown version is refused; the current one is kept");
    bad.version = FRAMES_FRAME_DELEGATE_VERSION + 1;
    bad.user_data = &c;
    bad.free_user_data = count_free;
    CHECK_RESULT(frames_frame_set_delegate(fb, &bad), FRAMES_ERR_VERSION);
    CHECK_MESSAGE_MENTIONS("version");
    bad.version = 0;
    CHECK_RESULT(frames_frame_set_delegate(fb, &bad), FRAMES_ERR_VERSION);
    CHECK_INT(b.freed, 0);
    CHECK_INT(c.freed, 1);

    CHECK_TEXT(transcript.text, "delegate replaced freed\ndelegate c freed\n");
    fb_transcript_clear(&transcript);
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    CHECK_INT(a.freed, 1);
    CHECK_INT(b.freed, 1);
    CHECK_INT(c.freed, 1);
    CHECK_INT(replaced.freed, 1);
    CHECK_INT(h.freed, 1);
    /* The frames' delegates first, the host last (header: "and then"). */
    CHECK(strstr(transcript.text, "host freed\n") != NULL &&
          strcmp(strstr(transcript.text, "host freed\n"), "host freed\n") == 0);
    CHECK_RESULT(frames_frame_get_status(fa, &status), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_frame_get_status(fb, &status), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_frame_get_status(fc, &status), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_frame_get_status(fd, &status), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_frame_free(fa), FRAMES_ERR_INVALID_HANDLE);
    CHECK_INT(a.freed, 1);
}

/* --- freeing the engine from inside a callback (XC-03) ------------------- */

static frames_engine *callback_engine;
static int status_calls, fail_calls, analytics_calls, render_calls;
static frames_result inner_free_result = 1;

static void free_engine_on_status(frames_frame *frame, frames_frame_status status, frames_frame_status previous,
                                  void *user_data) {
    counter *c = (counter *)user_data;
    (void)frame;
    status_calls++;
    fb_line(&transcript, "%s: %s -> %s", c->name, frames_frame_status_str(previous),
            frames_frame_status_str(status));
    if (status == FRAMES_FRAME_STATUS_DOWNLOADING && callback_engine) {
        frames_engine *engine = callback_engine;
        callback_engine = NULL;
        inner_free_result = frames_engine_free(engine);
        fb_line(&transcript, "engine freed inside the callback");
    }
}

static void count_fail(frames_frame *frame, const frames_frame_error *error, void *user_data) {
    (void)frame;
    (void)error;
    (void)user_data;
    fail_calls++;
}

static void count_analytics(const frames_analytics_record *record, void *user_data) {
    (void)record;
    (void)user_data;
    analytics_calls++;
}

static void count_render(frames_frame *frame, const frames_content *content, void *user_data) {
    (void)frame;
    (void)content;
    (void)user_data;
    render_calls++;
}

static void test_engine_free_in_callback(void) {
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    counter h = { "host", 0 }, a = { "a", 0 }, b = { "b", 0 };
    frames_engine *engine;
    frames_frame *fa, *fb;
    frames_frame_delegate d = FRAMES_FRAME_DELEGATE_INIT;
    fb_backend backend;
    fb_logged_request placements;
    char body[512];
    bool available = true;
    frames_request request;

    ft_section("XC-03 XC-07", "frames_engine_free inside status_changed: no callback afterwards, the call returns");
    fb_transcript_clear(&transcript);
    host.user_data = &h;
    host.free_user_data = count_free;
    host.analytics = count_analytics;
    engine = new_engine(&host);
    d.render = count_render;
    d.status_changed = free_engine_on_status;
    d.failed = count_fail;
    d.free_user_data = count_free;
    CHECK_RESULT(frames_frame_new(engine, &fa), FRAMES_OK);
    d.user_data = &a;
    CHECK_RESULT(frames_frame_set_delegate(fa, &d), FRAMES_OK);
    CHECK_RESULT(frames_frame_new(engine, &fb), FRAMES_OK);
    d.user_data = &b;
    CHECK_RESULT(frames_frame_set_delegate(fb, &d), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_placement(fa, "home_top_banner", 0), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_placement(fb, "home_bottom_banner", 0), FRAMES_OK);
    CHECK_RESULT(frames_frame_attach(fa, 0), FRAMES_OK);
    CHECK_RESULT(frames_frame_attach(fb, 0), FRAMES_OK);

    fb_init(&backend);
    CHECK(fb_poll_one(&backend, engine, 10, &placements));
    snprintf(body, sizeof body,
             "{\"placements\":{"
             "\"home_top_banner\":{\"campaigns\":[{\"id\":\"c1\",\"priority\":\"high\",\"created_at\":1,"
             "\"variants\":[{\"id\":\"A\",\"weight\":1,\"content\":{\"url\":\"" CONTENT_URL "\",\"sha256\":\"%064d\"}}]}]},"
             "\"home_bottom_banner\":{\"campaigns\":[{\"id\":\"c1\",\"priority\":\"high\",\"created_at\":1,"
             "\"variants\":[{\"id\":\"A\",\"weight\":1,\"content\":{\"url\":\"" CONTENT_URL "\",\"sha256\":\"%064d\"}}]}]}}}",
             0, 0);
    callback_engine = engine;
    /* This answer moves both frames to downloading; a's callback frees the
     * engine, so b's callback must never come. */
    CHECK_RESULT(frames_engine_complete_request(engine, placements.id, 200, NULL, NULL, 0, (const uint8_t *)body,
                                                strlen(body), 20),
                 FRAMES_OK);
    CHECK_RESULT(inner_free_result, FRAMES_OK);
    /* The two delegates are freed in no promised order, the host last. */
    {
        static const char head[] = "a: noPlacement -> resolving\n"
                                   "b: noPlacement -> resolving\n"
                                   "a: resolving -> downloading\n";
        static const char tail[] = "host freed\n"
                                   "engine freed inside the callback\n";
        const char *t = transcript.text;
        size_t n = strlen(t);
        CHECK(strncmp(t, head, strlen(head)) == 0);
        CHECK(n >= strlen(tail) && strcmp(t + n - strlen(tail), tail) == 0);
        CHECK(strstr(t, "\na freed\n") != NULL && strstr(t, "\nb freed\n") != NULL);
        CHECK_INT(n, strlen(head) + strlen("a freed\nb freed\n") + strlen(tail));
        if (n != strlen(head) + strlen("a freed\nb freed\n") + strlen(tail)) printf("%s", t);
    }
    CHECK_INT(status_calls, 3);
    CHECK_INT(fail_calls, 0);
    CHECK_INT(analytics_calls, 0);
    CHECK_INT(render_calls, 0);
    CHECK_INT(a.freed, 1);
    CHECK_INT(b.freed, 1);
    CHECK_INT(h.freed, 1);
    CHECK_RESULT(frames_engine_poll_request(engine, &request, &available), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_frame_attach(fb, 30), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_engine_free(engine), FRAMES_ERR_INVALID_HANDLE);
    CHECK_INT(h.freed, 1);
    fb_free(&backend);
}

/* --- versions and creation failures --------------------------------------- */

static void test_versions_and_creation(void) {
    frames_engine_options options;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    counter h = { "host", 0 };
    frames_engine *engine = (frames_engine *)0x9999;

    ft_section("XC-07 XC-08", "frames_engine_options_init");
    CHECK_RESULT(frames_engine_options_init(NULL, FRAMES_ENGINE_OPTIONS_VERSION), FRAMES_ERR_NULL_POINTER);
    memset(&options, 0x5a, sizeof options);
    CHECK_RESULT(frames_engine_options_init(&options, FRAMES_ENGINE_OPTIONS_VERSION + 1), FRAMES_ERR_VERSION);
    CHECK_MESSAGE_MENTIONS("version");
    CHECK_INT(options.version, 0x5a5a5a5a); /* untouched */
    CHECK_RESULT(frames_engine_options_init(&options, 0), FRAMES_ERR_VERSION);
    CHECK_RESULT(frames_engine_options_init(&options, FRAMES_ENGINE_OPTIONS_VERSION), FRAMES_OK);
    {
        frames_engine_options init = FRAMES_ENGINE_OPTIONS_INIT;
        CHECK_INT(options.version, init.version);
        CHECK_INT(options.retry_max_attempts, init.retry_max_attempts);
        CHECK(options.placements_url == NULL && options.device_id == NULL && options.session_id == NULL);
        CHECK_INT(options.retry_base_delay_ms, init.retry_base_delay_ms);
        CHECK_DOUBLE(options.retry_factor, init.retry_factor);
        CHECK_INT(options.retry_max_delay_ms, init.retry_max_delay_ms);
        CHECK_DOUBLE(options.retry_jitter, init.retry_jitter);
        CHECK_INT(options.retry_max_retry_after_ms, init.retry_max_retry_after_ms);
        CHECK_INT(options.request_timeout_ms, init.request_timeout_ms);
        CHECK_INT(options.render_timeout_ms, init.render_timeout_ms);
        CHECK_INT(options.random_seed, init.random_seed);
        CHECK(options.allow_insecure_http == init.allow_insecure_http);
    }

    host.user_data = &h;
    host.free_user_data = count_free;

#define CHECK_NEW_FAILS(opts, cfg, len, expected, mention)                               \
    do {                                                                                 \
        int before_ = h.freed;                                                           \
        engine = (frames_engine *)0x9999;                                                \
        CHECK_RESULT(frames_engine_new((opts), (const uint8_t *)(cfg), (len), &host, &engine), (expected)); \
        CHECK_MESSAGE_MENTIONS(mention);                                                 \
        CHECK(engine == (frames_engine *)0x9999);                                        \
        CHECK_INT(h.freed, before_ + 1); /* free_user_data ran exactly once */          \
    } while (0)

    ft_section("XC-07 XC-08", "frames_engine_new failures: an error, out_engine untouched, host user_data freed once");
    frames_engine_options_init(&options, FRAMES_ENGINE_OPTIONS_VERSION);
    options.version = FRAMES_ENGINE_OPTIONS_VERSION + 1;
    CHECK_NEW_FAILS(&options, enabled_config, strlen(enabled_config), FRAMES_ERR_VERSION, "version");
    options.version = 0;
    CHECK_NEW_FAILS(&options, enabled_config, strlen(enabled_config), FRAMES_ERR_VERSION, "version");
    frames_engine_options_init(&options, FRAMES_ENGINE_OPTIONS_VERSION);
    options.retry_max_attempts = 0;
    CHECK_NEW_FAILS(&options, enabled_config, strlen(enabled_config), FRAMES_ERR_INVALID_ARGUMENT, "attempts");
    frames_engine_options_init(&options, FRAMES_ENGINE_OPTIONS_VERSION);
    options.retry_jitter = 1.5;
    CHECK_NEW_FAILS(&options, enabled_config, strlen(enabled_config), FRAMES_ERR_INVALID_ARGUMENT, "jitter");
    frames_engine_options_init(&options, FRAMES_ENGINE_OPTIONS_VERSION);
    options.request_timeout_ms = 0;
    CHECK_NEW_FAILS(&options, enabled_config, strlen(enabled_config), FRAMES_ERR_INVALID_ARGUMENT, "timeout");
    frames_engine_options_init(&options, FRAMES_ENGINE_OPTIONS_VERSION);
    options.placements_url = "https://api.test/\xff\xfe";
    CHECK_NEW_FAILS(&options, enabled_config, strlen(enabled_config), FRAMES_ERR_INVALID_ARGUMENT, "placements_url");
    frames_engine_options_init(&options, FRAMES_ENGINE_OPTIONS_VERSION);
    options.device_id = "\xc3";
    CHECK_NEW_FAILS(&options, enabled_config, strlen(enabled_config), FRAMES_ERR_INVALID_ARGUMENT, "device_id");
    CHECK_NEW_FAILS(NULL, NULL, 5, FRAMES_ERR_NULL_POINTER, "config");

    ft_section("XC-07 AF-01", "a malformed configuration document: INVALID_ARGUMENT saying where; nothing leaks");
    CHECK_NEW_FAILS(NULL, "{\"Insider\": {\"App Frames Enabled\": tru}}", 38, FRAMES_ERR_INVALID_ARGUMENT,
                    "configuration");
    CHECK_NEW_FAILS(NULL, "{\"Insider\": ", 12, FRAMES_ERR_INVALID_ARGUMENT, "configuration");
    CHECK_NEW_FAILS(NULL, "<plist><dict><key>Insider</key></plist>", 39, FRAMES_ERR_INVALID_ARGUMENT,
                    "configuration");
    CHECK_NEW_FAILS(NULL, "{\"a\":\"\xff\"}", 9, FRAMES_ERR_INVALID_ARGUMENT, "configuration");
    {
        /* A length that covers bytes beyond the NUL: read as given, not as a
         * C string; the embedded NUL makes it malformed. */
        static const char with_nul[] = "{\"Insider\": {}}\0garbage";
        CHECK_NEW_FAILS(NULL, with_nul, sizeof with_nul - 1, FRAMES_ERR_INVALID_ARGUMENT, "configuration");
    }
    {
        /* Many failed creations: each runs free_user_data once and the
         * process does not grow (a cheap leak check: RSS before/after). */
        int i, before = h.freed;
        long rss_before = 0, rss_after = 0, pages = 0;
        FILE *statm = fopen("/proc/self/statm", "r");
        if (statm) {
            if (fscanf(statm, "%ld %ld", &pages, &rss_before) != 2) rss_before = 0;
            fclose(statm);
        }
        for (i = 0; i < 5000; i++) {
            engine = NULL;
            if (frames_engine_new(NULL, (const uint8_t *)"{\"Insider\": [1, 2,", 18, &host, &engine) != FRAMES_ERR_INVALID_ARGUMENT)
                break;
        }
        CHECK_INT(i, 5000);
        CHECK_INT(h.freed, before + 5000);
        statm = fopen("/proc/self/statm", "r");
        if (statm) {
            if (fscanf(statm, "%ld %ld", &pages, &rss_after) != 2) rss_after = 0;
            fclose(statm);
        }
        printf("  RSS pages before %ld, after 5000 failed creations %ld\n", rss_before, rss_after);
        CHECK(rss_after - rss_before < 1024); /* < 4 MiB with 4 KiB pages */
    }

    ft_section("XC-07", "host callbacks of an unknown version are refused");
    {
        frames_host_callbacks bad = FRAMES_HOST_CALLBACKS_INIT;
        counter hb = { "host of a bad version", 0 };
        bad.version = FRAMES_HOST_CALLBACKS_VERSION + 1;
        bad.user_data = &hb;
        bad.free_user_data = count_free;
        engine = (frames_engine *)0x9999;
        CHECK_RESULT(frames_engine_new(NULL, (const uint8_t *)enabled_config, strlen(enabled_config), &bad, &engine),
                     FRAMES_ERR_VERSION);
        CHECK_MESSAGE_MENTIONS("frames_host_callbacks");
        CHECK(engine == (frames_engine *)0x9999);
        /* Whether a struct of unknown layout counts as "taken" is open; it
         * must at least not run twice. */
        printf("  free_user_data of the bad-version host ran %d time(s)\n", hb.freed);
        CHECK(hb.freed <= 1);
        bad.version = 0;
        CHECK_RESULT(frames_engine_new(NULL, (const uint8_t *)enabled_config, strlen(enabled_config), &bad, &engine),
                     FRAMES_ERR_VERSION);
        CHECK(hb.freed <= 2);
    }
    CHECK_RESULT(frames_engine_new(NULL, (const uint8_t *)enabled_config, strlen(enabled_config), &host, NULL),
                 FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("out_engine");

    ft_section("AF-01 AF-02", "no configuration (NULL, 0): the engine is created with App Frames off");
    {
        bool enabled = true;
        frames_frame *frame = NULL;
        frames_frame_status status = -1;
        int before = h.freed;
        engine = NULL;
        /* frames.h: "May be NULL only if config_len is 0 (App Frames stay off)". */
        CHECK_RESULT(frames_engine_new(NULL, NULL, 0, &host, &engine), FRAMES_OK);
        if (engine) {
            CHECK_RESULT(frames_app_frames_get_enabled(engine, &enabled), FRAMES_OK);
            CHECK(!enabled);
            CHECK_RESULT(frames_frame_new(engine, &frame), FRAMES_OK);
            CHECK_RESULT(frames_frame_get_status(frame, &status), FRAMES_OK);
            CHECK_INT(status, FRAMES_FRAME_STATUS_DISABLED);
            CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
        }
        CHECK_INT(h.freed, before + 1);
    }
#undef CHECK_NEW_FAILS
}

/* --- arguments ------------------------------------------------------------- */

static void test_arguments(void) {
    frames_engine *engine = new_engine(NULL);
    frames_frame *frame = new_frame(engine, NULL);
    frames_frame_status status = -1;
    fb_backend backend;
    fb_logged_request request;
    char long_id[300];
    const char *names[1] = { "X-Bad" };
    const char *values[1] = { "\xff" };
    const char *good_names[1] = { "Retry-After" };
    const char *bad_name[1] = { "Retry\xc0-After" };
    bool has = false;
    int64_t deadline = 0;

    ft_section("XC-07", "invalid UTF-8 ids are INVALID_ARGUMENT and change nothing");
    CHECK_RESULT(frames_frame_set_placement(frame, "home\xff", 0), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("placement_id");
    CHECK_MESSAGE_MENTIONS("UTF-8");
    CHECK_RESULT(frames_frame_set_placement(frame, "\xed\xa0\x80", 0), FRAMES_ERR_INVALID_ARGUMENT); /* surrogate */
    CHECK_RESULT(frames_frame_set_placement(frame, "\xc0\xaf", 0), FRAMES_ERR_INVALID_ARGUMENT);     /* overlong */
    CHECK_RESULT(frames_engine_set_user(engine, "user\xe2\x82", 0), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("user_id");
    CHECK_RESULT(frames_engine_start_session(engine, "s\xf8", 0), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("session_id");
    CHECK_RESULT(frames_frame_get_status(frame, &status), FRAMES_OK);
    CHECK_INT(status, FRAMES_FRAME_STATUS_NO_PLACEMENT);

    ft_section("XC-07", "ids of 0 or more than 256 bytes are INVALID_ARGUMENT");
    memset(long_id, 'p', 257);
    long_id[257] = '\0';
    CHECK_RESULT(frames_frame_set_placement(frame, "", 0), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_frame_set_placement(frame, long_id, 0), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_engine_set_user(engine, "", 0), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_engine_set_user(engine, long_id, 0), FRAMES_ERR_INVALID_ARGUMENT);
    long_id[256] = '\0';
    CHECK_RESULT(frames_frame_set_placement(frame, long_id, 0), FRAMES_OK);
    CHECK_RESULT(frames_engine_set_app_state(engine, 3, 0), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_engine_set_app_state(engine, -1, 0), FRAMES_ERR_INVALID_ARGUMENT);

    ft_section("XC-07", "NULL outputs are NULL_POINTER");
    CHECK_RESULT(frames_frame_new(engine, NULL), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_frame_get_status(frame, NULL), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_frame_get_intrinsic_height(frame, NULL), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_engine_get_next_deadline(engine, NULL, &has), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_app_frames_get_enabled(engine, NULL), FRAMES_ERR_NULL_POINTER);

    ft_section("XC-07", "bad answers to a request in flight are refused; the request stays in flight");
    CHECK_RESULT(frames_frame_set_placement(frame, "home_top_banner", 0), FRAMES_OK);
    CHECK_RESULT(frames_frame_attach(frame, 0), FRAMES_OK);
    fb_init(&backend);
    CHECK(fb_poll_one(&backend, engine, 0, &request));
    CHECK_RESULT(frames_engine_complete_request(engine, request.id, 99, NULL, NULL, 0, NULL, 0, 1),
                 FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_engine_complete_request(engine, request.id, 1000, NULL, NULL, 0, NULL, 0, 1),
                 FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_engine_complete_request(engine, request.id, 503, names, values, 1, NULL, 0, 1),
                 FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_engine_complete_request(engine, request.id, 503, bad_name, values, 1, NULL, 0, 1),
                 FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_engine_complete_request(engine, request.id, 503, NULL, NULL, 1, NULL, 0, 1),
                 FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_engine_complete_request(engine, request.id, 200, NULL, NULL, 0, NULL, 10, 1),
                 FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_engine_fail_request(engine, request.id, "dns \xff", 1), FRAMES_ERR_INVALID_ARGUMENT);
    (void)good_names;
    CHECK_RESULT(frames_engine_get_next_deadline(engine, &deadline, &has), FRAMES_OK);
    CHECK(has);
    CHECK_INT(deadline, 10000); /* still the request's own timeout: nothing retried */
    CHECK_RESULT(frames_frame_get_status(frame, &status), FRAMES_OK);
    CHECK_INT(status, FRAMES_FRAME_STATUS_RESOLVING);
    /* A well-formed answer is still accepted: it was in flight all along. */
    CHECK_RESULT(frames_engine_complete_request(engine, request.id, 200, NULL, NULL, 0,
                                                (const uint8_t *)"{\"placements\":{}}", 17, 2),
                 FRAMES_OK);
    CHECK_RESULT(frames_frame_get_status(frame, &status), FRAMES_OK);
    CHECK_INT(status, FRAMES_FRAME_STATUS_UNAVAILABLE);
    CHECK_RESULT(frames_engine_complete_request(engine, request.id, 200, NULL, NULL, 0, NULL, 0, 3),
                 FRAMES_ERR_NOT_FOUND);
    CHECK_RESULT(frames_engine_complete_request(engine, 0, 200, NULL, NULL, 0, NULL, 0, 3), FRAMES_ERR_NOT_FOUND);
    CHECK_RESULT(frames_engine_fail_request(engine, 987654321, NULL, 3), FRAMES_ERR_NOT_FOUND);

    ft_section("XC-07", "lengths: NaN, infinities and negatives are INVALID_ARGUMENT");
    CHECK_RESULT(frames_frame_set_laid_out_size(frame, NAN, 10, 4), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_frame_set_laid_out_size(frame, 10, INFINITY, 4), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_frame_set_laid_out_size(frame, -1, 10, 4), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_frame_set_height_mode(frame, FRAMES_HEIGHT_MODE_FIXED, -5), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_frame_set_height_mode(frame, FRAMES_HEIGHT_MODE_FIXED, NAN), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_frame_set_height_mode(frame, 7, 0), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_frame_report_rendered(frame, NAN, 4), FRAMES_ERR_INVALID_ARGUMENT);
    /* In the wrong status the template calls are INVALID_STATE. */
    CHECK_RESULT(frames_frame_report_rendered(frame, 100, 4), FRAMES_ERR_INVALID_STATE);
    CHECK_RESULT(frames_frame_report_render_failed(frame, NULL, 4), FRAMES_ERR_INVALID_STATE);
    CHECK_RESULT(frames_frame_report_dismissed(frame, 4), FRAMES_ERR_INVALID_STATE);
    CHECK_RESULT(frames_frame_report_action(frame, "shop_now", 4), FRAMES_ERR_INVALID_STATE);
    CHECK_RESULT(frames_frame_get_status(frame, &status), FRAMES_OK);
    CHECK_INT(status, FRAMES_FRAME_STATUS_UNAVAILABLE);

    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    fb_free(&backend);
}

int main(void) {
    test_bad_handles();
    test_engine_free_frees_everything();
    test_engine_free_in_callback();
    test_versions_and_creation();
    test_arguments();
    return ft_finish("test_engine_handles");
}
