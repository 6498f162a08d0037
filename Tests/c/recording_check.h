/*
 * Record an engine and replay it (XC-12, XC-13): a test turns recording on
 * in its options with ft_record_into, runs its scenario as usual, and ends
 * with ft_check_replay, which replays the recording on a fresh engine and
 * fails unless the replay is identical line for line.
 */
#ifndef RECORDING_CHECK_H
#define RECORDING_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frames.h"
#include "frames_test.h"

typedef struct ft_recording {
    char *bytes;
    size_t len;
    size_t cap;
    size_t lines;
} ft_recording;

static void ft_record_write(const char *bytes, size_t len, void *user_data) {
    ft_recording *r = (ft_recording *)user_data;
    if (r->len + len > r->cap) {
        size_t cap = r->cap ? r->cap : 4096;
        while (cap < r->len + len) cap *= 2;
        char *grown = (char *)realloc(r->bytes, cap);
        if (!grown) abort();
        r->bytes = grown;
        r->cap = cap;
    }
    memcpy(r->bytes + r->len, bytes, len);
    r->len += len;
    r->lines++;
}

static inline void ft_record_into(frames_engine_options *options, ft_recording *r) {
    memset(r, 0, sizeof *r);
    options->record_write = ft_record_write;
    options->record_user_data = r;
}

/* Replays `r` and checks that the replay wrote every line the recording
 * holds, in order, and nothing else. */
static inline void ft_check_replay(ft_recording *r, const char *what) {
    const char *report = NULL;
    size_t len = 0;
    const char *dump = getenv("FT_DUMP_RECORDING"); /* a path: keep the recording to read */
    ft_section("XC-12 XC-13 a recorded run replays identically", what);
    if (dump) {
        FILE *f = fopen(dump, "ab");
        if (f) {
            fwrite(r->bytes, 1, r->len, f);
            fclose(f);
        }
    }
    CHECK(r->lines > 2);
    CHECK_RESULT(frames_replay((const uint8_t *)r->bytes, r->len, NULL, &report, &len), FRAMES_OK);
    CHECK(report != NULL && strstr(report, "\"result\":\"identical\"") != NULL);
    if (report && !strstr(report, "\"result\":\"identical\"")) fprintf(stderr, "replay report: %s\n", report);
    free(r->bytes);
    memset(r, 0, sizeof *r);
}

#endif
