/*
 * fake_backend.h — a scripted in-memory transport for the engine C tests
 * (XC-01: the engine is sans-IO; the host performs its requests).
 *
 * The backend is a table URL -> (status, headers, body) written by the test.
 * It computes nothing about the engine's protocol: it answers each polled
 * request with the row for its URL (404 when there is none) and logs the
 * request. The only computation offered is fb_sha256_hex(), a small FIPS
 * 180-4 SHA-256 the tests use to write content checksums into placements
 * responses (checked against known vectors and `sha256sum` of a wire
 * fixture in test_app_frames_example.c).
 *
 * A transcript (fb_transcript) collects one line per callback so a test
 * compares whole transcripts, order included.
 */
#ifndef FAKE_BACKEND_H
#define FAKE_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frames.h"

#define FB_MAX_RESPONSES 32
#define FB_MAX_HEADERS 4
#define FB_MAX_LOG 64
#define FB_TEXT 256

typedef struct fb_response {
    char url[FB_TEXT];
    int32_t status;
    size_t header_count;
    char header_names[FB_MAX_HEADERS][64];
    char header_values[FB_MAX_HEADERS][64];
    uint8_t *body; /* malloc'd copy */
    size_t body_len;
    /* When true the request is polled and logged but never answered (a
     * stalled server: the request times out). */
    bool stall;
    /* When non-empty the request fails with this transport message. */
    char transport_error[FB_TEXT];
} fb_response;

/* One polled request, as the engine handed it out. */
typedef struct fb_logged_request {
    uint64_t id;
    char method[8];
    char url[FB_TEXT];
    int64_t polled_at;
    int64_t deadline_ms;
    size_t body_len;
    size_t header_count;
} fb_logged_request;

typedef struct fb_backend {
    fb_response responses[FB_MAX_RESPONSES];
    size_t response_count;
    fb_logged_request log[FB_MAX_LOG];
    size_t log_count;
    /* Result of the last complete/fail call made by fb_pump. */
    frames_result last_answer_result;
} fb_backend;

void fb_init(fb_backend *backend);
void fb_free(fb_backend *backend);

/* Sets (or replaces, headers and faults included) the answer for `url`;
 * body is copied (len bytes). */
fb_response *fb_set(fb_backend *backend, const char *url, int32_t status, const void *body, size_t len);
/* The same with a NUL-terminated text body. */
fb_response *fb_set_text(fb_backend *backend, const char *url, int32_t status, const char *body);
/* Adds a response header to the row of `url` (which must exist). */
void fb_add_header(fb_backend *backend, const char *url, const char *name, const char *value);
/* Makes the row of `url` stall (never answered) or fail at transport level. */
void fb_set_stall(fb_backend *backend, const char *url, bool stall);
void fb_set_transport_error(fb_backend *backend, const char *url, const char *message);

/*
 * Polls every request the engine has (also the ones answers cause) and
 * answers each from the table at time `now`. Returns how many were polled.
 * Stalled rows are polled and logged but not answered.
 */
size_t fb_pump(fb_backend *backend, frames_engine *engine, int64_t now);

/* Polls one request without answering it; false when none waits. */
bool fb_poll_one(fb_backend *backend, frames_engine *engine, int64_t now, fb_logged_request *out);

/* The log rendered as "METHOD URL" lines, one per request, into buf. */
void fb_log_text(const fb_backend *backend, char *buf, size_t cap);

/* SHA-256 of `len` bytes as 64 lowercase hex digits plus NUL. */
void fb_sha256_hex(const void *data, size_t len, char out[65]);

/* A growing text of callback lines. */
typedef struct fb_transcript {
    char text[16384];
    size_t len;
    bool overflow;
} fb_transcript;

void fb_transcript_clear(fb_transcript *t);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void fb_line(fb_transcript *t, const char *fmt, ...);

/* Reads a whole file into a malloc'd buffer (NUL-terminated); NULL on error. */
char *fb_read_file(const char *path, size_t *out_len);

/* Prints both texts line by line when they differ; returns 1 when equal. */
int fb_same_text(const char *what, const char *actual, const char *expected);

/* A check that two multi-line texts are equal, printing both when not. */
#define CHECK_TEXT(actual, expected) CHECK(fb_same_text(#actual, (actual), (expected)))


/* The App Frames home screen (the App Frames "Full example"): two placements,
 * home_top_banner (campaign spring_sale, variant A, `top_content` as its
 * content document) and home_bottom_banner (campaign free_shipping, variant
 * only, a content document with one PNG asset), answered at these URLs with
 * the checksums a backend computes. */
#define FB_HOME_PLACEMENTS_URL "https://api.test/v1/placements"
#define FB_HOME_TOP_CONTENT_URL "https://cdn.test/content/home_top_banner.json"
#define FB_HOME_BOTTOM_CONTENT_URL "https://cdn.test/content/home_bottom_banner.json"
#define FB_HOME_BOTTOM_ASSET_URL "https://cdn.test/assets/free-shipping.png"
void fb_script_home_screen(fb_backend *b, const char *top_content);

#endif /* FAKE_BACKEND_H */
