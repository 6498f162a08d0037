/*
 * replay_example.c — runs a recording again with frames_replay (XC-13): a
 * recording any host wrote (XC-12) — a C host's record_write, a Python
 * host's Engine(record=...), `frames demo --record FILE`.
 *
 *   replay_example [--quiet] FILE
 *
 * Prints every line the replay writes (its transcript; --quiet: none), then
 * the report, one JSON object (docs/wire-format.md §12).
 *
 * Exit status: 0 the replay is identical; 1 it diverged (the report says at
 * which line, and what was recorded and written there); 2 the recording
 * cannot be read or replayed (the library's message names the line), or bad
 * usage. The same as `frames replay`.
 */
#include <frames.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The transcript: one whole line per call, newline included. */
static void print_line(const char *bytes, size_t len, void *user_data) {
    fwrite(bytes, 1, len, (FILE *)user_data);
}

/* The whole file in memory; NULL with errno set when it cannot be read. */
static unsigned char *read_file(const char *path, size_t *out_len) {
    FILE *f = fopen(path, "rb");
    unsigned char *bytes = NULL, *grown;
    size_t len = 0, cap = 0, got;
    int saved;

    if (!f) return NULL;
    do {
        if (len == cap) {
            cap = cap ? cap * 2 : 65536;
            if (!(grown = (unsigned char *)realloc(bytes, cap))) {
                free(bytes);
                fclose(f);
                errno = ENOMEM;
                return NULL;
            }
            bytes = grown;
        }
        got = fread(bytes + len, 1, cap - len, f);
        len += got;
    } while (got > 0);
    saved = ferror(f) ? EIO : 0;
    fclose(f);
    if (saved) {
        free(bytes);
        errno = saved;
        return NULL;
    }
    *out_len = len;
    return bytes;
}

int main(int argc, char **argv) {
    frames_replay_options options = FRAMES_REPLAY_OPTIONS_INIT;
    const char *path = NULL, *report = NULL;
    unsigned char *recording;
    size_t len = 0, report_len = 0;
    frames_result result;
    int i, quiet = 0;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quiet") == 0) quiet = 1;
        else if (!path && argv[i][0] != '-') path = argv[i];
        else path = NULL, i = argc;
    }
    if (!path) {
        fprintf(stderr, "usage: replay_example [--quiet] FILE\n");
        return 2;
    }
    if (!(recording = read_file(path, &len))) {
        fprintf(stderr, "replay_example: cannot read %s: %s\n", path, strerror(errno));
        return 2;
    }
    if (!quiet) {
        options.transcript = print_line;
        options.transcript_user_data = stdout;
    }
    /* The engine the recording creates lives and dies inside this call. */
    result = frames_replay(recording, len, &options, &report, &report_len);
    free(recording);
    if (result != FRAMES_OK) {
        fprintf(stderr, "replay_example: %s: %s (%s)\n", path, frames_error_last_message(), frames_result_str(result));
        return 2;
    }
    printf("%s\n", report); /* borrowed until this thread's next frames_replay */
    return strstr(report, "\"result\":\"identical\"") ? 0 : 1;
}
