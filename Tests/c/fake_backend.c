/*
 * fake_backend.c — see fake_backend.h.
 */
#include "fake_backend.h"

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

/* --- SHA-256 (FIPS 180-4), compact ------------------------------------- */

static const uint32_t sha_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void sha_block(uint32_t h[8], const uint8_t *p) {
    uint32_t w[64], a, b, c, d, e, f, g, hh;
    int i;
    for (i = 0; i < 16; i++)
        w[i] = ((uint32_t)p[4 * i] << 24) | ((uint32_t)p[4 * i + 1] << 16) | ((uint32_t)p[4 * i + 2] << 8) |
               (uint32_t)p[4 * i + 3];
    for (i = 16; i < 64; i++) {
        uint32_t s0 = ROTR(w[i - 15], 7) ^ ROTR(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ROTR(w[i - 2], 17) ^ ROTR(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    a = h[0]; b = h[1]; c = h[2]; d = h[3]; e = h[4]; f = h[5]; g = h[6]; hh = h[7];
    for (i = 0; i < 64; i++) {
        uint32_t t1 = hh + (ROTR(e, 6) ^ ROTR(e, 11) ^ ROTR(e, 25)) + ((e & f) ^ (~e & g)) + sha_k[i] + w[i];
        uint32_t t2 = (ROTR(a, 2) ^ ROTR(a, 13) ^ ROTR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

void fb_sha256_hex(const void *data, size_t len, char out[65]) {
    static const char hex[] = "0123456789abcdef";
    uint32_t h[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
    const uint8_t *p = (const uint8_t *)data;
    uint8_t tail[128];
    size_t full = len / 64 * 64, rest = len - full, tail_len, i;
    uint64_t bits = (uint64_t)len * 8;
    for (i = 0; i < full; i += 64) sha_block(h, p + i);
    memset(tail, 0, sizeof tail);
    if (rest) memcpy(tail, p + full, rest);
    tail[rest] = 0x80;
    tail_len = rest + 1 + 8 <= 64 ? 64 : 128;
    for (i = 0; i < 8; i++) tail[tail_len - 1 - i] = (uint8_t)(bits >> (8 * i));
    sha_block(h, tail);
    if (tail_len == 128) sha_block(h, tail + 64);
    for (i = 0; i < 32; i++) {
        uint8_t byte = (uint8_t)(h[i / 4] >> (24 - 8 * (i % 4)));
        out[2 * i] = hex[byte >> 4];
        out[2 * i + 1] = hex[byte & 15];
    }
    out[64] = '\0';
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
