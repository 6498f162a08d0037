/*
 * Record an engine and replay it (XC-12, XC-13): a test turns recording on
 * in its options with ft_record_into, runs its scenario as usual, and ends
 * with ft_check_replay, which replays the recording on a fresh engine and
 * fails unless the replay is identical line for line. Each test names its
 * own section ("XC-12 XC-13 …") before the check, so docs/spec.md's index
 * counts it in that test's file (scripts/spec_index.py).
 */
#ifndef RECORDING_CHECK_H
#define RECORDING_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frames.h"
#include "frames_test.h"
#include "recording_buffer.h"

/* Replays `r` and checks that the replay wrote every line the recording
 * holds, in order, and nothing else. */
static inline void ft_check_replay(ft_recording *r, const char *what) {
    const char *report = NULL;
    size_t len = 0;
    const char *dump = getenv("FT_DUMP_RECORDING"); /* a path: keep the recording to read */
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
    if (report && !strstr(report, "\"result\":\"identical\"")) fprintf(stderr, "replay of %s: %s\n", what, report);
    ft_recording_free(r);
}

#endif
