/*
 * fuzz_recording — the recording reader and replay (XC-12, XC-13, XC-07).
 *
 * The input is a recording: frames_replay reads it and runs it on a fresh
 * engine. Whatever the bytes — a real recording (the seeds are recordings
 * of the C tests, fuzz/make_recording_seeds.py), cut, edited, spliced —
 * the answer is documented:
 *   - FRAMES_OK with a report: one JSON object of strlen out_len, result
 *     "identical" or "diverged"; a divergence names a line of the input.
 *     When the replay was identical, it runs again with a transcript and an
 *     explain (XC-11) asked for: the transcript is exactly the recording
 *     after its header line (a replay writes every line it compares, and
 *     explaining writes none), and the report says identical again;
 *   - FRAMES_ERR_INVALID_ARGUMENT or FRAMES_ERR_VERSION with a message
 *     naming the line ("recording line N ...").
 * Never a crash, a trap, a leak or a timeout (the engine the replay made is
 * freed inside the call).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

typedef struct transcript {
    fz_buf bytes;
} transcript;

static void on_line(const char *bytes, size_t len, void *user_data) {
    if (len == 0 || bytes[len - 1] != '\n') fz_fail("transcript", "a line of %zu bytes without its newline", len);
    fz_buf_add(&((transcript *)user_data)->bytes, bytes, len);
}

/* The report's shape; returns whether it says identical. */
static bool check_report(const char *report, size_t len, size_t input_lines) {
    const char *line;
    fz_assert(report != NULL, "FRAMES_OK without a report");
    fz_assert(strlen(report) == len, "report of strlen %zu, out_len %zu", strlen(report), len);
    fz_assert(strncmp(report, "{\"replay\":1,\"result\":", 21) == 0, "report starts %.40s", report);
    if (strncmp(report + 21, "\"identical\"", 11) == 0) {
        fz_assert(strstr(report, "\"divergence\":null") != NULL, "identical with a divergence: %s", report);
        return true;
    }
    fz_assert(strncmp(report + 21, "\"diverged\"", 10) == 0, "result neither identical nor diverged: %s", report);
    line = strstr(report, "\"divergence\":{\"line\":");
    fz_assert(line != NULL, "diverged without a divergence line: %s", report);
    {
        long n = strtol(line + 21, NULL, 10);
        /* Past the last line when the replay wrote more than was recorded. */
        fz_assert(n >= 2 && (size_t)n <= input_lines + 1, "divergence at line %ld of %zu: %s", n, input_lines, report);
    }
    return false;
}

/* LLVMFuzzerInitialize: fuzz_common.c's. */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* A copy of exactly `size` bytes so ASan sees any read past the end. */
    uint8_t *recording = fz_copy(data, size);
    const char *report = NULL;
    size_t len = 0, lines = 0, i;
    frames_result rc;

    for (i = 0; i < size; i++) lines += recording[i] == '\n';
    rc = fz_check(frames_replay(size ? recording : NULL, size, NULL, &report, &len));
    if (rc != FRAMES_OK) {
        const char *message = frames_error_last_message();
        fz_assert(rc == FRAMES_ERR_INVALID_ARGUMENT || rc == FRAMES_ERR_VERSION, "refused with %d (%s): %s", (int)rc,
                  frames_result_str(rc), message);
        fz_assert(strstr(message, "recording line ") != NULL, "a refusal that names no line: %s", message);
    } else if (check_report(report, len, lines)) {
        /* Identical: again with a transcript and an explain. */
        frames_replay_options options = FRAMES_REPLAY_OPTIONS_INIT;
        transcript t = { { NULL, 0, 0 } };
        const uint8_t *body = memchr(recording, '\n', size);
        size_t body_len = body ? size - (size_t)(body + 1 - recording) : 0;
        options.transcript = on_line;
        options.transcript_user_data = &t;
        options.explain_object = "inline:home";
        options.explain_at_ms = 0;
        fz_expect(frames_replay(recording, size, &options, &report, &len), FRAMES_OK);
        fz_assert(check_report(report, len, lines), "identical once, then not: %s", report);
        fz_assert(body != NULL && t.bytes.len == body_len && (body_len == 0 || memcmp(t.bytes.p, body + 1, body_len) == 0),
                  "the transcript (%zu bytes) is not the recording after its header (%zu bytes)", t.bytes.len,
                  body_len);
        fz_buf_free(&t.bytes);
    }
    free(recording);
    return 0;
}
