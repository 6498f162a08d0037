/*
 * An engine's recording kept in memory (XC-12): ft_record_into points the
 * options' record_write at a growing buffer, one whole line per call. No
 * CHECK here (frames_test.h counts checks per program file), so harnesses
 * (inline_harness.c), the benchmark (bench/bench_recording.c) and the tests
 * share it; recording_check.h replays what it holds.
 */
#ifndef RECORDING_BUFFER_H
#define RECORDING_BUFFER_H

#include <stdlib.h>
#include <string.h>

#include "frames.h"

typedef struct ft_recording {
    char *bytes;
    size_t len;
    size_t cap;
    size_t lines;
} ft_recording;

static inline void ft_record_write(const char *bytes, size_t len, void *user_data) {
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

/* Starts an empty recording of the engine these options will create. */
static inline void ft_record_into(frames_engine_options *options, ft_recording *r) {
    memset(r, 0, sizeof *r);
    options->record_write = ft_record_write;
    options->record_user_data = r;
}

/* Forgets what `r` holds. */
static inline void ft_recording_free(ft_recording *r) {
    free(r->bytes);
    memset(r, 0, sizeof *r);
}

#endif
