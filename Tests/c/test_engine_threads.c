/*
 * One owner thread per engine (XC-02).
 *
 * Proves: XC-02 (every engine and frame function called from a second
 * pthread returns FRAMES_ERR_WRONG_THREAD with a message and changes nothing:
 * status, next deadline and the queued request are as before; an engine
 * created on another thread is owned by that thread; the functions marked
 * thread-safe work from any thread), XC-08 (each thread has its own last
 * error).
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fake_backend.h"
#include "frames.h"
#include "frames_test.h"

#define PLACEMENTS_URL "https://api.test/v1/placements"

static const char enabled_config[] = "{\"Insider\": {\"App Frames Enabled\": true}}";

/* The checks of the second thread are counted by the same counters; the main
 * thread only reads them after pthread_join, so there is no race. */
static frames_engine *shared_engine;
static frames_frame *shared_frame;
static int delegate_calls;
static int freed_count;

static void on_status(frames_frame *frame, frames_frame_status status, frames_frame_status previous, void *user_data) {
    (void)frame;
    (void)status;
    (void)previous;
    (void)user_data;
    delegate_calls++;
}

static void on_free(void *user_data) {
    (void)user_data;
    freed_count++;
}

#define CHECK_WRONG_THREAD(call)                                              \
    do {                                                                      \
        CHECK_RESULT(call, FRAMES_ERR_WRONG_THREAD);                          \
        CHECK_INT(frames_error_last_code(), FRAMES_ERR_WRONG_THREAD);         \
        CHECK_MESSAGE_MENTIONS("thread");                                     \
    } while (0)

static void *intruder(void *arg) {
    frames_engine *engine = shared_engine;
    frames_frame *frame = shared_frame, *new_frame = (frames_frame *)0x77;
    frames_request request;
    frames_frame_status status = 99;
    frames_frame_error error;
    frames_frame_delegate delegate = FRAMES_FRAME_DELEGATE_INIT;
    bool flag = true;
    int64_t deadline = 55;
    double height = -3;
    (void)arg;

    ft_section("XC-08", "a new thread starts without a last error");
    CHECK_INT(frames_error_last_code(), FRAMES_OK);
    CHECK_STR(frames_error_last_message(), "");

    ft_section("XC-02", "every engine function from a second thread: WRONG_THREAD, outputs untouched");
    memset(&request, 0xcd, sizeof request);
    CHECK_WRONG_THREAD(frames_app_frames_get_enabled(engine, &flag));
    CHECK(flag);
    CHECK_WRONG_THREAD(frames_engine_poll_request(engine, &request, &flag));
    CHECK_INT(request.id, 0xcdcdcdcdcdcdcdcdULL);
    CHECK_WRONG_THREAD(frames_engine_complete_request(engine, 1, 200, NULL, NULL, 0, NULL, 0, 50));
    CHECK_WRONG_THREAD(frames_engine_fail_request(engine, 1, "dns", 50));
    CHECK_WRONG_THREAD(frames_engine_get_next_deadline(engine, &deadline, &flag));
    CHECK_INT(deadline, 55);
    CHECK_WRONG_THREAD(frames_engine_on_timeout(engine, 20000));
    CHECK_WRONG_THREAD(frames_engine_start_session(engine, "session-9", 50));
    CHECK_WRONG_THREAD(frames_engine_set_user(engine, "user-1", 50));
    CHECK_WRONG_THREAD(frames_engine_set_app_state(engine, FRAMES_APP_STATE_BACKGROUND, 50));
    CHECK_WRONG_THREAD(frames_engine_set_consent(engine, false, 50));
    CHECK_WRONG_THREAD(frames_frame_new(engine, &new_frame));
    CHECK(new_frame == (frames_frame *)0x77);
    CHECK_WRONG_THREAD(frames_engine_free(engine));

    ft_section("XC-02", "every frame function from a second thread: WRONG_THREAD, outputs untouched");
    delegate.status_changed = on_status;
    delegate.free_user_data = on_free;
    error.code = 5;
    error.http_status = 5;
    error.message = "untouched";
    CHECK_WRONG_THREAD(frames_frame_set_delegate(frame, &delegate));
    CHECK_WRONG_THREAD(frames_frame_set_delegate(frame, NULL));
    CHECK_WRONG_THREAD(frames_frame_set_placement(frame, "other", 50));
    CHECK_WRONG_THREAD(frames_frame_set_placement(frame, NULL, 50));
    CHECK_WRONG_THREAD(frames_frame_attach(frame, 50));
    CHECK_WRONG_THREAD(frames_frame_detach(frame));
    CHECK_WRONG_THREAD(frames_frame_set_hidden(frame, true, 50));
    CHECK_WRONG_THREAD(frames_frame_set_laid_out_size(frame, 1, 1, 50));
    CHECK_WRONG_THREAD(frames_frame_set_height_mode(frame, FRAMES_HEIGHT_MODE_FIXED, 10));
    CHECK_WRONG_THREAD(frames_frame_get_status(frame, &status));
    CHECK_INT(status, 99);
    CHECK_WRONG_THREAD(frames_frame_get_error(frame, &error, &flag));
    CHECK_STR(error.message, "untouched");
    CHECK_WRONG_THREAD(frames_frame_get_intrinsic_height(frame, &height));
    CHECK_DOUBLE(height, -3);
    CHECK_WRONG_THREAD(frames_frame_report_rendered(frame, 10, 50));
    CHECK_WRONG_THREAD(frames_frame_report_render_failed(frame, "x", 50));
    CHECK_WRONG_THREAD(frames_frame_report_dismissed(frame, 50));
    CHECK_WRONG_THREAD(frames_frame_report_action(frame, "a", 50));
    CHECK_WRONG_THREAD(frames_frame_free(frame));
    /* Handle checks come before the thread check only for handles that are
     * not live: a bad handle is INVALID_HANDLE on any thread. */
    CHECK_RESULT(frames_frame_free((frames_frame *)0x1234), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_engine_free(NULL), FRAMES_OK);

    ft_section("XC-02", "thread-safe functions work from the second thread");
    CHECK_INT(frames_version_number(), FRAMES_VERSION_NUMBER);
    CHECK_STR(frames_version_string(), FRAMES_VERSION_STRING);
    CHECK_STR(frames_result_str(FRAMES_ERR_WRONG_THREAD), frames_result_str(FRAMES_ERR_WRONG_THREAD));
    CHECK(strcmp(frames_result_str(FRAMES_ERR_WRONG_THREAD), "unknown result code") != 0);
    CHECK_STR(frames_frame_status_str(FRAMES_FRAME_STATUS_RESOLVING), "resolving");
    CHECK_STR(frames_frame_status_str(FRAMES_FRAME_STATUS_ERROR_DOWNLOADING), "errorDownloading");
    CHECK(frames_frame_status_is_loading(FRAMES_FRAME_STATUS_RENDERING));
    CHECK(frames_frame_status_is_error(FRAMES_FRAME_STATUS_ERROR_RENDERING));
    {
        frames_appearance appearance = FRAMES_APPEARANCE_INIT;
        frames_engine_options options;
        const double ratios[1] = { 2.5 };
        frames_rect rect;
        size_t count = 0;
        double content_height = 0;
        CHECK_RESULT(frames_layout_banners(&appearance, 375, ratios, 1, false, &rect, 1, &count, &content_height),
                     FRAMES_OK);
        CHECK_INT(count, 1);
        CHECK_DOUBLE(content_height, 150); /* BN-06: round(375 / 2.5) */
        CHECK_RESULT(frames_engine_options_init(&options, FRAMES_ENGINE_OPTIONS_VERSION), FRAMES_OK);
    }

    ft_section("XC-08", "the second thread's last error is its own");
    CHECK_RESULT(frames_app_frames_get_enabled(engine, &flag), FRAMES_ERR_WRONG_THREAD);
    CHECK_INT(frames_error_last_code(), FRAMES_ERR_WRONG_THREAD);
    CHECK_MESSAGE_MENTIONS("thread");
    frames_error_clear();
    CHECK_INT(frames_error_last_code(), FRAMES_OK);
    CHECK_RESULT(frames_app_frames_get_enabled(engine, &flag), FRAMES_ERR_WRONG_THREAD);
    return NULL;
}

/* A thread that owns its own engine while the main thread tries it. */
static pthread_barrier_t barrier;
static frames_engine *thread_engine;
static frames_result thread_results[4];

static void *owner(void *arg) {
    frames_frame *frame = NULL;
    bool enabled = false;
    (void)arg;
    thread_results[0] = frames_engine_new(NULL, (const uint8_t *)enabled_config, strlen(enabled_config), NULL, &thread_engine);
    thread_results[1] = frames_frame_new(thread_engine, &frame);
    pthread_barrier_wait(&barrier); /* main thread tries the engine now */
    pthread_barrier_wait(&barrier);
    thread_results[2] = frames_app_frames_get_enabled(thread_engine, &enabled);
    thread_results[3] = frames_engine_free(thread_engine);
    return NULL;
}

int main(void) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_frame_delegate delegate = FRAMES_FRAME_DELEGATE_INIT;
    frames_frame_status status = -1;
    frames_request request;
    bool available = false, has_deadline = false, flag = false;
    int64_t deadline = 0;
    pthread_t thread;
    char main_message[512];

    options.placements_url = PLACEMENTS_URL;
    CHECK_RESULT(frames_engine_new(&options, (const uint8_t *)enabled_config, strlen(enabled_config), NULL, &shared_engine), FRAMES_OK);
    CHECK_RESULT(frames_frame_new(shared_engine, &shared_frame), FRAMES_OK);
    delegate.status_changed = on_status;
    delegate.free_user_data = on_free;
    CHECK_RESULT(frames_frame_set_delegate(shared_frame, &delegate), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_placement(shared_frame, "home_top_banner", 0), FRAMES_OK);
    CHECK_RESULT(frames_frame_attach(shared_frame, 0), FRAMES_OK);
    CHECK_INT(delegate_calls, 1); /* noPlacement -> resolving */
    CHECK_RESULT(frames_engine_get_next_deadline(shared_engine, &deadline, &has_deadline), FRAMES_OK);
    CHECK(has_deadline);
    CHECK_INT(deadline, 10000);

    /* The main thread's own last error, set before the other thread runs. */
    CHECK_RESULT(frames_engine_set_app_state(shared_engine, 42, 0), FRAMES_ERR_INVALID_ARGUMENT);
    snprintf(main_message, sizeof main_message, "%s", frames_error_last_message());
    CHECK(main_message[0] != '\0');

    {
        /* Checked after the join: the check counter is not shared safely. */
        int created = pthread_create(&thread, NULL, intruder, NULL);
        CHECK_INT(created == 0 ? pthread_join(thread, NULL) : 0, 0);
        CHECK_INT(created, 0);
    }

    ft_section("XC-08", "the main thread's last error is unchanged by the other thread's failures");
    CHECK_INT(frames_error_last_code(), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_TEXT(frames_error_last_message(), main_message);

    ft_section("XC-02", "nothing changed: status, deadline, delegate, the queued request");
    CHECK_RESULT(frames_frame_get_status(shared_frame, &status), FRAMES_OK);
    CHECK_INT(status, FRAMES_FRAME_STATUS_RESOLVING);
    CHECK_RESULT(frames_engine_get_next_deadline(shared_engine, &deadline, &has_deadline), FRAMES_OK);
    CHECK(has_deadline);
    CHECK_INT(deadline, 10000);
    CHECK_INT(delegate_calls, 1);
    CHECK_INT(freed_count, 0); /* the delegate was neither replaced nor cleared */
    CHECK_RESULT(frames_app_frames_get_enabled(shared_engine, &flag), FRAMES_OK);
    CHECK(flag);
    CHECK_RESULT(frames_engine_poll_request(shared_engine, &request, &available), FRAMES_OK);
    CHECK(available);
    if (available) {
        CHECK_STR(request.method, "POST");
        CHECK_STR(request.url, PLACEMENTS_URL);
        CHECK_INT(request.deadline_ms, 10000);
    }
    CHECK_RESULT(frames_engine_poll_request(shared_engine, &request, &available), FRAMES_OK);
    CHECK(!available);

    ft_section("XC-02", "an engine created on another thread belongs to that thread");
    CHECK_INT(pthread_barrier_init(&barrier, NULL, 2), 0);
    CHECK_INT(pthread_create(&thread, NULL, owner, NULL), 0);
    pthread_barrier_wait(&barrier);
    CHECK_RESULT(thread_results[0], FRAMES_OK);
    CHECK_RESULT(thread_results[1], FRAMES_OK);
    CHECK_RESULT(frames_app_frames_get_enabled(thread_engine, &flag), FRAMES_ERR_WRONG_THREAD);
    CHECK_RESULT(frames_engine_free(thread_engine), FRAMES_ERR_WRONG_THREAD);
    pthread_barrier_wait(&barrier);
    CHECK_INT(pthread_join(thread, NULL), 0);
    pthread_barrier_destroy(&barrier);
    CHECK_RESULT(thread_results[2], FRAMES_OK);
    CHECK_RESULT(thread_results[3], FRAMES_OK);
    /* Once freed it is just a stale handle, on any thread. */
    CHECK_RESULT(frames_engine_free(thread_engine), FRAMES_ERR_INVALID_HANDLE);

    CHECK_RESULT(frames_engine_free(shared_engine), FRAMES_OK);
    CHECK_INT(freed_count, 1);
    return ft_finish("test_engine_threads");
}
