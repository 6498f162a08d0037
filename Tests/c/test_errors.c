/*
 * Results and errors: frames_result_str, the per-thread last error
 * (frames_error_last_code / _message / _clear), and that the library stays
 * usable after failures.
 *
 * Proves: the "Results and errors" section of frames.h, which every rule's
 * error path relies on (BN-03 and BN-07 messages in particular).
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frames.h"
#include "frames_test.h"

static void test_result_str(void) {
    const frames_result codes[15] = {
        FRAMES_OK, FRAMES_ERR_INVALID_ARGUMENT, FRAMES_ERR_NULL_POINTER, FRAMES_ERR_BUFFER_TOO_SMALL,
        FRAMES_ERR_VERSION, FRAMES_ERR_OUT_OF_RANGE, FRAMES_ERR_UNSUPPORTED, FRAMES_ERR_OUT_OF_MEMORY,
        FRAMES_ERR_OVERFLOW, FRAMES_ERR_INVALID_HANDLE, FRAMES_ERR_WRONG_THREAD,
        FRAMES_ERR_INVALID_STATE, FRAMES_ERR_NOT_FOUND, FRAMES_ERR_ALREADY_RESOLVED, FRAMES_ERR_INTERNAL
    };
    const frames_result unknown[7] = { 1, -14, -15, -98, -100, INT32_MAX, INT32_MIN };
    int i, j;

    ft_section("errors", "the stable code numbers of frames.h");
    CHECK_INT(FRAMES_OK, 0);
    CHECK_INT(FRAMES_ERR_INVALID_ARGUMENT, -1);
    CHECK_INT(FRAMES_ERR_NULL_POINTER, -2);
    CHECK_INT(FRAMES_ERR_BUFFER_TOO_SMALL, -3);
    CHECK_INT(FRAMES_ERR_VERSION, -4);
    CHECK_INT(FRAMES_ERR_OUT_OF_RANGE, -5);
    CHECK_INT(FRAMES_ERR_UNSUPPORTED, -6);
    CHECK_INT(FRAMES_ERR_OUT_OF_MEMORY, -7);
    CHECK_INT(FRAMES_ERR_OVERFLOW, -8);
    CHECK_INT(FRAMES_ERR_INVALID_HANDLE, -9);
    CHECK_INT(FRAMES_ERR_WRONG_THREAD, -10);
    CHECK_INT(FRAMES_ERR_INVALID_STATE, -11);
    CHECK_INT(FRAMES_ERR_NOT_FOUND, -12);
    CHECK_INT(FRAMES_ERR_ALREADY_RESOLVED, -13);
    CHECK_INT(FRAMES_ERR_INTERNAL, -99);

    ft_section("errors", "frames_result_str: a distinct static text for every code");
    for (i = 0; i < 15; i++) {
        const char *text = frames_result_str(codes[i]);
        CHECK(text != NULL);
        if (text == NULL) continue;
        CHECK(text[0] != '\0');
        CHECK(strcmp(text, "unknown result code") != 0);
        CHECK(frames_result_str(codes[i]) == text); /* static: the same pointer every time */
        for (j = 0; j < i; j++) CHECK(strcmp(text, frames_result_str(codes[j])) != 0);
        printf("  %4d %s\n", (int)codes[i], text);
    }
    CHECK_STR(frames_result_str(FRAMES_ERR_INVALID_ARGUMENT), "invalid argument"); /* the header's example */

    ft_section("errors", "frames_result_str: unknown codes");
    for (i = 0; i < 7; i++) CHECK_STR(frames_result_str(unknown[i]), "unknown result code");
}

static frames_result fail_with_bad_ratio(void) {
    const frames_appearance a = FRAMES_APPEARANCE_INIT;
    const double ratios[4] = { 1.0, 1.0, 1.0, -1.5 };
    frames_rect rects[4];
    size_t n;
    double h;
    return frames_layout_banners(&a, 375, ratios, 4, false, rects, 4, &n, &h);
}

static frames_result succeed(void) {
    const frames_appearance a = FRAMES_APPEARANCE_INIT;
    const double ratios[2] = { 2.0, 1.0 };
    frames_rect rects[2];
    size_t n = 0;
    double h = 0;
    frames_result r = frames_layout_banners(&a, 375, ratios, 2, false, rects, 2, &n, &h);
    if (r == FRAMES_OK && (n != 2 || h != 375 || rects[0].height != 188)) return FRAMES_ERR_INTERNAL;
    return r;
}

static void test_last_error(void) {
    const char *message;
    char copy[256];

    ft_section("errors", "last code/message: empty after clear, set by a failure");
    frames_error_clear();
    CHECK_INT(frames_error_last_code(), FRAMES_OK);
    CHECK_STR(frames_error_last_message(), "");

    CHECK_RESULT(fail_with_bad_ratio(), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_INT(frames_error_last_code(), FRAMES_ERR_INVALID_ARGUMENT);
    message = frames_error_last_message();
    CHECK(message != NULL && message[0] != '\0');
    CHECK_MESSAGE_MENTIONS("ratios[3]");  /* BN-07: the index */
    CHECK_MESSAGE_MENTIONS("-1.5");
    printf("  message: %s\n", message);
    snprintf(copy, sizeof copy, "%s", message);

    ft_section("errors", "a successful call does not reset the last error (libgit2 semantics)");
    CHECK_RESULT(succeed(), FRAMES_OK);
    CHECK_INT(frames_error_last_code(), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_STR(frames_error_last_message(), copy);

    ft_section("errors", "the next failure replaces it");
    CHECK_RESULT(frames_appearance_validate(NULL), FRAMES_ERR_NULL_POINTER);
    CHECK_INT(frames_error_last_code(), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("appearance");
    CHECK(strcmp(frames_error_last_message(), copy) != 0);

    ft_section("errors", "frames_error_clear forgets it (twice is fine)");
    frames_error_clear();
    CHECK_INT(frames_error_last_code(), FRAMES_OK);
    CHECK_STR(frames_error_last_message(), "");
    frames_error_clear();
    CHECK_INT(frames_error_last_code(), FRAMES_OK);
    CHECK_STR(frames_error_last_message(), "");
}

static void test_usable_after_errors(void) {
    int i;
    ft_section("errors", "the library stays usable after many failures of every kind");
    for (i = 0; i < 1000; i++) {
        frames_appearance a = FRAMES_APPEARANCE_INIT;
        const double tiny = 1e-320;
        frames_rect r;
        size_t n;
        double h;
        frames_point p;
        if (fail_with_bad_ratio() != FRAMES_ERR_INVALID_ARGUMENT) break;
        if (frames_layout_banners(&a, 100, &tiny, 1, false, &r, 1, &n, &h) != FRAMES_ERR_OVERFLOW) break;
        if (frames_layout_banners(&a, 100, &tiny, 1, false, NULL, 0, &n, &h) != FRAMES_ERR_BUFFER_TOO_SMALL) break;
        a.layout_type = FRAMES_LAYOUT_TYPE_TILES;
        if (frames_layout_scroll_offset(&a, 100, 0, &tiny, 0, false, 0, &p) != FRAMES_ERR_OUT_OF_RANGE) break;
        a.version = 99;
        if (frames_appearance_validate(&a) != FRAMES_ERR_VERSION) break;
    }
    CHECK_INT(i, 1000);
    CHECK_RESULT(succeed(), FRAMES_OK);
    frames_error_clear();
}

/* --- Per-thread messages ---------------------------------------------------- */

typedef struct worker {
    int which;
    frames_result returned;
    frames_result last_code;
    char message[256];
    frames_result code_after_clear;
} worker;

static pthread_barrier_t both_failed;
static pthread_barrier_t both_read;

static void *run_worker(void *arg) {
    worker *w = arg;
    if (w->which == 0) {
        w->returned = fail_with_bad_ratio();
    } else {
        w->returned = frames_appearance_validate(NULL);
    }
    /* Both threads have failed before either reads its last error. */
    pthread_barrier_wait(&both_failed);
    w->last_code = frames_error_last_code();
    snprintf(w->message, sizeof w->message, "%s", frames_error_last_message());
    pthread_barrier_wait(&both_read);
    if (w->which == 0) frames_error_clear(); /* clears this thread only */
    w->code_after_clear = frames_error_last_code();
    return NULL;
}

static void *run_bystander(void *arg) {
    worker *w = arg;
    w->last_code = frames_error_last_code();
    snprintf(w->message, sizeof w->message, "%s", frames_error_last_message());
    return NULL;
}

static void test_per_thread(void) {
    pthread_t threads[2], bystander_thread;
    worker workers[2];
    worker bystander;
    int i;

    ft_section("errors", "each thread sees its own last error");
    memset(workers, 0, sizeof workers);
    memset(&bystander, 0, sizeof bystander);
    frames_error_clear();
    CHECK_RESULT(frames_appearance_init(NULL, FRAMES_APPEARANCE_VERSION), FRAMES_ERR_NULL_POINTER);

    pthread_barrier_init(&both_failed, NULL, 2);
    pthread_barrier_init(&both_read, NULL, 2);
    for (i = 0; i < 2; i++) {
        workers[i].which = i;
        CHECK_INT(pthread_create(&threads[i], NULL, run_worker, &workers[i]), 0);
    }
    for (i = 0; i < 2; i++) CHECK_INT(pthread_join(threads[i], NULL), 0);
    pthread_barrier_destroy(&both_failed);
    pthread_barrier_destroy(&both_read);

    CHECK_INT(workers[0].returned, FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_INT(workers[0].last_code, FRAMES_ERR_INVALID_ARGUMENT);
    CHECK(ft_mentions(workers[0].message, "ratios[3]"));
    CHECK_INT(workers[0].code_after_clear, FRAMES_OK);
    CHECK_INT(workers[1].returned, FRAMES_ERR_NULL_POINTER);
    CHECK_INT(workers[1].last_code, FRAMES_ERR_NULL_POINTER);
    CHECK(ft_mentions(workers[1].message, "appearance is NULL"));
    CHECK_INT(workers[1].code_after_clear, FRAMES_ERR_NULL_POINTER); /* the other thread's clear did not touch it */
    printf("  thread 0: %s\n  thread 1: %s\n", workers[0].message, workers[1].message);

    /* The main thread still has its own failure. */
    CHECK_INT(frames_error_last_code(), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("appearance is NULL");

    ft_section("errors", "a thread that never failed sees FRAMES_OK and \"\"");
    bystander.last_code = 12345;
    CHECK_INT(pthread_create(&bystander_thread, NULL, run_bystander, &bystander), 0);
    CHECK_INT(pthread_join(bystander_thread, NULL), 0);
    CHECK_INT(bystander.last_code, FRAMES_OK);
    CHECK_STR(bystander.message, "");
    frames_error_clear();
}

int main(void) {
    test_result_str();
    test_last_error();
    test_usable_after_errors();
    test_per_thread();
    return ft_finish("test_errors");
}
