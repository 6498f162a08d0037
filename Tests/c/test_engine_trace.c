/*
 * test_engine_trace.c — the engine's trace through the C API (XC-05): off by
 * default, then the lines a host sees at each level while the home screen
 * loads: requests queued and answered, campaigns chosen, status changes,
 * a failure with its reason; an unknown level is refused.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fake_backend.h"
#include "frames.h"
#include "frames_test.h"

static int lines_at[5];
static fb_transcript trace_text;

static void on_trace(frames_trace_level level, const char *line, void *user_data) {
    (void)user_data;
    if (level >= 0 && level <= 4) lines_at[level]++;
    fb_line(&trace_text, "%d %s", (int)level, line);
}

static frames_engine *home_screen(fb_backend *backend, frames_trace_level level, frames_frame **top) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_engine *engine = NULL;
    static const char config[] = "{\"Insider\": {\"App Frames Enabled\": true}}";
    options.placements_url = FB_HOME_PLACEMENTS_URL;
    options.retry_max_attempts = 1;
    host.trace = on_trace;
    CHECK_RESULT(frames_engine_new(&options, (const uint8_t *)config, sizeof config - 1, &host, &engine), FRAMES_OK);
    if (level != FRAMES_TRACE_LEVEL_OFF) CHECK_RESULT(frames_engine_set_trace_level(engine, level), FRAMES_OK);
    CHECK_RESULT(frames_frame_new(engine, top), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_placement(*top, "home_top_banner", 0), FRAMES_OK);
    CHECK_RESULT(frames_frame_attach(*top, 0), FRAMES_OK);
    fb_pump(backend, engine, 10);
    return engine;
}

static void reset(void) {
    memset(lines_at, 0, sizeof lines_at);
    fb_transcript_clear(&trace_text);
}

int main(void) {
    fb_backend backend;
    frames_engine *engine;
    frames_frame *top = NULL;

    ft_section("XC-05", "the trace is off by default: the hook is never called");
    fb_init(&backend);
    fb_script_home_screen(&backend, "{\"template\":{\"html\":\"<p>spring</p>\"}}");
    reset();
    engine = home_screen(&backend, FRAMES_TRACE_LEVEL_OFF, &top);
    CHECK_INT(lines_at[1] + lines_at[2] + lines_at[3] + lines_at[4], 0);
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);

    ft_section("XC-05", "INFO: the campaign chosen, without requests or status changes");
    reset();
    engine = home_screen(&backend, FRAMES_TRACE_LEVEL_INFO, &top);
    CHECK(strstr(trace_text.text, "3 placement home_top_banner: campaign spring_sale, variant A (AF-13)") != NULL);
    CHECK_INT(lines_at[FRAMES_TRACE_LEVEL_DEBUG], 0);
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);

    ft_section("XC-05", "DEBUG: every request queued and answered, every status change");
    reset();
    engine = home_screen(&backend, FRAMES_TRACE_LEVEL_DEBUG, &top);
    CHECK(strstr(trace_text.text, "POST " FB_HOME_PLACEMENTS_URL " queued") != NULL);
    CHECK(strstr(trace_text.text, ": HTTP 200, ") != NULL);
    CHECK(strstr(trace_text.text, "4 frame ") != NULL && strstr(trace_text.text, ": resolving -> downloading") != NULL);
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);

    ft_section("XC-05 XC-06", "WARNING: a failure with no retry left, and the frame's error status");
    fb_set_text(&backend, FB_HOME_TOP_CONTENT_URL, 503, "");
    reset();
    engine = home_screen(&backend, FRAMES_TRACE_LEVEL_WARNING, &top);
    CHECK(strstr(trace_text.text, "2 HTTP status 503: attempt 1 of 1 failed, no retry left") != NULL);
    CHECK(strstr(trace_text.text, "-> errorDownloading: downloading " FB_HOME_TOP_CONTENT_URL) != NULL);
    CHECK_INT(lines_at[FRAMES_TRACE_LEVEL_INFO] + lines_at[FRAMES_TRACE_LEVEL_DEBUG], 0);

    ft_section("XC-07", "an unknown level is refused and changes nothing");
    CHECK_RESULT(frames_engine_set_trace_level(engine, 5), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_engine_set_trace_level(engine, -1), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK(strstr(frames_error_last_message(), "FRAMES_TRACE_LEVEL_OFF (0)") != NULL);
    CHECK_RESULT(frames_engine_set_trace_level(NULL, FRAMES_TRACE_LEVEL_INFO), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);

    fb_free(&backend);
    return ft_finish("test_engine_trace");
}
