/*
 * fake_backend.c — see fake_backend.h.
 */
#include "fake_backend.h"
#include "sha256.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void copy_text(char *dst, size_t cap, const char *src) {
    size_t n = src ? strlen(src) : 0;
    if (n >= cap) n = cap - 1;
    if (n) memcpy(dst, src, n);
    dst[n] = '\0';
}

void fb_init(fb_backend *backend) {
    memset(backend, 0, sizeof *backend);
}

void fb_free(fb_backend *backend) {
    size_t i;
    for (i = 0; i < backend->response_count; i++) free(backend->responses[i].body);
    memset(backend, 0, sizeof *backend);
}

static fb_response *find(fb_backend *backend, const char *url) {
    size_t i;
    for (i = 0; i < backend->response_count; i++)
        if (strcmp(backend->responses[i].url, url) == 0) return &backend->responses[i];
    return NULL;
}

fb_response *fb_set(fb_backend *backend, const char *url, int32_t status, const void *body, size_t len) {
    fb_response *row = find(backend, url);
    if (row == NULL) {
        if (backend->response_count == FB_MAX_RESPONSES) {
            fprintf(stderr, "fake_backend: too many responses\n");
            abort();
        }
        row = &backend->responses[backend->response_count++];
        memset(row, 0, sizeof *row);
        copy_text(row->url, sizeof row->url, url);
    }
    free(row->body);
    row->body = NULL;
    /* A new answer replaces the whole row: headers and faults too. */
    row->header_count = 0;
    row->stall = false;
    row->transport_error[0] = '\0';
    row->status = status;
    row->body_len = len;
    if (len) {
        row->body = (uint8_t *)malloc(len);
        if (row->body == NULL) abort();
        memcpy(row->body, body, len);
    }
    return row;
}

fb_response *fb_set_text(fb_backend *backend, const char *url, int32_t status, const char *body) {
    return fb_set(backend, url, status, body, body ? strlen(body) : 0);
}

void fb_add_header(fb_backend *backend, const char *url, const char *name, const char *value) {
    fb_response *row = find(backend, url);
    if (row == NULL || row->header_count == FB_MAX_HEADERS) abort();
    copy_text(row->header_names[row->header_count], 64, name);
    copy_text(row->header_values[row->header_count], 64, value);
    row->header_count++;
}

void fb_set_stall(fb_backend *backend, const char *url, bool stall) {
    fb_response *row = find(backend, url);
    if (row == NULL) row = fb_set(backend, url, 200, NULL, 0);
    row->stall = stall;
}

void fb_set_transport_error(fb_backend *backend, const char *url, const char *message) {
    fb_response *row = find(backend, url);
    if (row == NULL) row = fb_set(backend, url, 200, NULL, 0);
    copy_text(row->transport_error, sizeof row->transport_error, message ? message : "");
}

bool fb_poll_one(fb_backend *backend, frames_engine *engine, int64_t now, fb_logged_request *out) {
    frames_request request;
    bool available = false;
    fb_logged_request entry;
    memset(&request, 0, sizeof request);
    if (frames_engine_poll_request(engine, &request, &available) != FRAMES_OK || !available) return false;
    memset(&entry, 0, sizeof entry);
    entry.id = request.id;
    copy_text(entry.method, sizeof entry.method, request.method);
    copy_text(entry.url, sizeof entry.url, request.url);
    entry.polled_at = now;
    entry.deadline_ms = request.deadline_ms;
    entry.body_len = request.body_len;
    entry.header_count = request.header_count;
    if (backend->log_count < FB_MAX_LOG) backend->log[backend->log_count++] = entry;
    if (out) *out = entry;
    return true;
}

size_t fb_pump(fb_backend *backend, frames_engine *engine, int64_t now) {
    size_t polled = 0;
    fb_logged_request request;
    while (fb_poll_one(backend, engine, now, &request)) {
        const fb_response *row = find(backend, request.url);
        polled++;
        if (row == NULL) {
            backend->last_answer_result =
                frames_engine_complete_request(engine, request.id, 404, NULL, NULL, 0, NULL, 0, now);
        } else if (row->stall) {
            continue;
        } else if (row->transport_error[0]) {
            backend->last_answer_result = frames_engine_fail_request(engine, request.id, row->transport_error, now);
        } else {
            const char *names[FB_MAX_HEADERS];
            const char *values[FB_MAX_HEADERS];
            size_t i;
            for (i = 0; i < row->header_count; i++) {
                names[i] = row->header_names[i];
                values[i] = row->header_values[i];
            }
            backend->last_answer_result = frames_engine_complete_request(
                engine, request.id, row->status, row->header_count ? names : NULL,
                row->header_count ? values : NULL, row->header_count, row->body, row->body_len, now);
        }
    }
    return polled;
}

void fb_log_text(const fb_backend *backend, char *buf, size_t cap) {
    size_t i, len = 0;
    if (cap == 0) return;
    buf[0] = '\0';
    for (i = 0; i < backend->log_count && len < cap; i++) {
        int n = snprintf(buf + len, cap - len, "%s %s\n", backend->log[i].method, backend->log[i].url);
        if (n < 0) break;
        len += (size_t)n;
    }
}

/* --- SHA-256: sha256.c ---------------------------------------------------- */

void fb_sha256_hex(const void *data, size_t len, char out[65]) {
    sha256_hex(data, len, out);
}

/* --- transcripts ---------------------------------------------------------- */

void fb_transcript_clear(fb_transcript *t) {
    t->text[0] = '\0';
    t->len = 0;
    t->overflow = false;
}

void fb_line(fb_transcript *t, const char *fmt, ...) {
    va_list ap;
    int n;
    size_t room = sizeof t->text - t->len;
    va_start(ap, fmt);
    n = vsnprintf(t->text + t->len, room, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n + 2 > room) {
        t->overflow = true;
        t->text[t->len] = '\0';
        return;
    }
    t->len += (size_t)n;
    t->text[t->len++] = '\n';
    t->text[t->len] = '\0';
}

char *fb_read_file(const char *path, size_t *out_len) {
    FILE *f = fopen(path, "rb");
    char *buf;
    long size;
    if (f == NULL) return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    buf = (char *)malloc((size_t)size + 1);
    if (buf == NULL || fread(buf, 1, (size_t)size, f) != (size_t)size) {
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    buf[size] = '\0';
    if (out_len) *out_len = (size_t)size;
    return buf;
}

int fb_same_text(const char *what, const char *actual, const char *expected) {
    if (strcmp(actual, expected) == 0) return 1;
    printf("  %s differs.\n  --- expected ---\n%s  --- actual ---\n%s  ----------------\n", what, expected, actual);
    return 0;
}

/* --- the App Frames home screen ------------------------------------------------ */

static const uint8_t home_bottom_asset[] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R' };

void fb_script_home_screen(fb_backend *b, const char *top_content) {
    char bottom_content[1024], placements[2048], top_sha[65], bottom_sha[65], asset_sha[65];
    fb_sha256_hex(home_bottom_asset, sizeof home_bottom_asset, asset_sha);
    snprintf(bottom_content, sizeof bottom_content,
             "{\"template\":{\"html\":\"<img src=\\\"" FB_HOME_BOTTOM_ASSET_URL "\\\">\"},"
             "\"assets\":[{\"url\":\"" FB_HOME_BOTTOM_ASSET_URL "\",\"size\":%u,\"sha256\":\"%s\"}]}",
             (unsigned)sizeof home_bottom_asset, asset_sha);
    fb_sha256_hex(top_content, strlen(top_content), top_sha);
    fb_sha256_hex(bottom_content, strlen(bottom_content), bottom_sha);
    snprintf(placements, sizeof placements,
             "{\"placements\":{"
             "\"home_top_banner\":{\"campaigns\":[{\"id\":\"spring_sale\",\"priority\":\"high\","
             "\"created_at\":1714550400000,\"variants\":[{\"id\":\"A\",\"weight\":1,"
             "\"content\":{\"url\":\"" FB_HOME_TOP_CONTENT_URL "\",\"sha256\":\"%s\"}}]}]},"
             "\"home_bottom_banner\":{\"campaigns\":[{\"id\":\"free_shipping\",\"priority\":\"medium\","
             "\"created_at\":1714000000000,\"variants\":[{\"id\":\"only\",\"weight\":1,"
             "\"content\":{\"url\":\"" FB_HOME_BOTTOM_CONTENT_URL "\",\"sha256\":\"%s\"}}]}]}"
             "},\"sdk_disabled\":false}",
             top_sha, bottom_sha);
    fb_set_text(b, FB_HOME_PLACEMENTS_URL, 200, placements);
    fb_set_text(b, FB_HOME_TOP_CONTENT_URL, 200, top_content);
    fb_set_text(b, FB_HOME_BOTTOM_CONTENT_URL, 200, bottom_content);
    fb_set(b, FB_HOME_BOTTOM_ASSET_URL, 200, home_bottom_asset, sizeof home_bottom_asset);
}
