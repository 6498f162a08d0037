/*
 * fuzz_common.c — see fuzz_common.h.
 */
#include "fuzz_common.h"
#include "sha256.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void fz_fail(const char *where, const char *fmt, ...) {
    va_list ap;
    fprintf(stderr, "\n==fuzz harness== %s: ", where);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n==fuzz harness== last library message: \"%s\"\n", frames_error_last_message());
    abort();
}

frames_result fz_check_at(frames_result rc, const char *expr, const char *file, int line) {
    char where[512];
    snprintf(where, sizeof where, "%s:%d: %s", file, line, expr);
    switch (rc) {
    case FRAMES_OK:
        return rc;
    case FRAMES_ERR_INVALID_ARGUMENT:
    case FRAMES_ERR_NULL_POINTER:
    case FRAMES_ERR_BUFFER_TOO_SMALL:
    case FRAMES_ERR_VERSION:
    case FRAMES_ERR_OUT_OF_RANGE:
    case FRAMES_ERR_UNSUPPORTED:
    case FRAMES_ERR_OUT_OF_MEMORY:
    case FRAMES_ERR_OVERFLOW:
    case FRAMES_ERR_INVALID_HANDLE:
    case FRAMES_ERR_INVALID_STATE:
    case FRAMES_ERR_NOT_FOUND:
    case FRAMES_ERR_ALREADY_RESOLVED:
        break;
    case FRAMES_ERR_WRONG_THREAD:
        fz_fail(where, "FRAMES_ERR_WRONG_THREAD on the owner thread");
    case FRAMES_ERR_INTERNAL:
        fz_fail(where, "FRAMES_ERR_INTERNAL (a broken invariant of the library)");
    default:
        fz_fail(where, "undocumented result code %d", (int)rc);
    }
    /* The header's "Results" convention: the failure is the thread's last. */
    if (frames_error_last_code() != rc)
        fz_fail(where, "returned %d but frames_error_last_code() is %d", (int)rc, (int)frames_error_last_code());
    if (frames_error_last_message()[0] == '\0') fz_fail(where, "returned %d with an empty message", (int)rc);
    return rc;
}

bool fz_known(const char *id) {
    const char *list = getenv("FRAMES_FUZZ_KNOWN");
    size_t n = strlen(id);
    while (list && *list) {
        const char *end = strchr(list, ',');
        size_t len = end ? (size_t)(end - list) : strlen(list);
        if (len == n && memcmp(list, id, n) == 0) return true;
        list = end ? end + 1 : NULL;
    }
    return false;
}

/* --- byte reader ---------------------------------------------------------- */

uint8_t fz_u8(fz_data *d) {
    uint8_t v;
    if (d->n == 0) return 0;
    v = d->p[0];
    d->p++;
    d->n--;
    return v;
}

uint16_t fz_u16(fz_data *d) {
    uint16_t v = fz_u8(d);
    return (uint16_t)(v | (uint16_t)fz_u8(d) << 8);
}

uint32_t fz_u32(fz_data *d) {
    uint32_t v = fz_u16(d);
    return v | (uint32_t)fz_u16(d) << 16;
}

uint64_t fz_u64(fz_data *d) {
    uint64_t v = fz_u32(d);
    return v | (uint64_t)fz_u32(d) << 32;
}

bool fz_bool(fz_data *d) { return fz_u8(d) & 1; }

uint32_t fz_range(fz_data *d, uint32_t n) {
    if (n == 0) return 0;
    if (n <= 256) return fz_u8(d) % n;
    if (n <= 65536) return fz_u16(d) % n;
    return fz_u32(d) % n;
}

double fz_double(fz_data *d) {
    static const double table[] = {
        0.0, -0.0, 1.0, 2.0, 0.5, 375.0, 320.0, 1024.0, 16.0, 8.0, 100.0, 1.7777777777777777, 0.25, 3.0,
        -1.0, -0.5, -1e-9, 1e-9, 1e-300, 1e-320, 4.9e-324, DBL_MIN, DBL_MAX, -DBL_MAX, 1e300, 1e15, 1e16,
        9007199254740993.0, 4294967296.0, 0.1, 0.75, 0.7500000000000001, 1.5, 2.5, -2.5, 12345.678,
        (double)INFINITY, -(double)INFINITY, (double)NAN, -(double)NAN,
    };
    uint8_t tag = fz_u8(d);
    if (tag < 224) return table[tag % (sizeof table / sizeof table[0])];
    {
        uint64_t bits = fz_u64(d);
        double v;
        memcpy(&v, &bits, sizeof v);
        return v;
    }
}

const uint8_t *fz_bytes(fz_data *d, size_t max, size_t *len) {
    const uint8_t *p = d->p;
    size_t n = max < d->n ? max : d->n;
    d->p += n;
    d->n -= n;
    *len = n;
    return p;
}

const char *fz_string(fz_data *d, char *buf, size_t cap, const char *const *table, size_t count) {
    uint8_t tag = fz_u8(d);
    if (count && tag < 200) {
        const char *s = table[tag % count];
        size_t n = strlen(s);
        if (n >= cap) n = cap - 1;
        memcpy(buf, s, n);
        buf[n] = '\0';
    } else {
        size_t want = fz_u8(d), n, i;
        const uint8_t *p;
        if (want >= cap) want = cap - 1;
        p = fz_bytes(d, want, &n);
        for (i = 0; i < n; i++) buf[i] = p[i] ? (char)p[i] : 'x';
        buf[n] = '\0';
    }
    return buf;
}

/* --- buffers -------------------------------------------------------------- */

void fz_buf_add(fz_buf *b, const void *data, size_t len) {
    if (b->len + len + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + len + 1) cap *= 2;
        b->p = (char *)realloc(b->p, cap);
        if (b->p == NULL) abort();
        b->cap = cap;
    }
    if (len) memcpy(b->p + b->len, data, len);
    b->len += len;
    b->p[b->len] = '\0';
}

void fz_buf_printf(fz_buf *b, const char *fmt, ...) {
    char small[1024];
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) abort();
    if ((size_t)n < sizeof small) {
        fz_buf_add(b, small, (size_t)n);
    } else {
        char *big = (char *)malloc((size_t)n + 1);
        if (big == NULL) abort();
        va_start(ap, fmt);
        vsnprintf(big, (size_t)n + 1, fmt, ap);
        va_end(ap);
        fz_buf_add(b, big, (size_t)n);
        free(big);
    }
}

void fz_buf_free(fz_buf *b) {
    free(b->p);
    memset(b, 0, sizeof *b);
}

/* --- engine --------------------------------------------------------------- */

const char fz_config_enabled[] = "{\"Insider\":{\"Partner Name\":\"fuzz\",\"App Frames Enabled\":true}}";

frames_engine *fz_engine_new(const frames_host_callbacks *host) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_engine *engine = NULL;
    options.retry_max_attempts = 2;
    options.random_seed = 7;
    fz_expect(frames_engine_new(&options, (const uint8_t *)fz_config_enabled, strlen(fz_config_enabled), host, &engine), FRAMES_OK);
    fz_assert(engine != NULL, "frames_engine_new gave no engine");
    return engine;
}

size_t fz_pump(frames_engine *engine, int64_t now, fz_answer_fn answer, void *ctx, size_t max) {
    size_t polled = 0;
    while (polled < max) {
        frames_request request;
        bool available = false;
        size_t i;
        volatile size_t sink = 0;
        memset(&request, 0, sizeof request);
        if (fz_check(frames_engine_poll_request(engine, &request, &available)) != FRAMES_OK || !available) break;
        polled++;
        fz_assert(request.id != 0, "request id 0");
        fz_assert(request.method && (strcmp(request.method, "GET") == 0 || strcmp(request.method, "POST") == 0),
                  "method %s", request.method ? request.method : "(null)");
        fz_assert(request.url != NULL, "request without a URL");
        fz_assert(request.header_count == 0 || (request.header_names && request.header_values), "header arrays");
        for (i = 0; i < request.header_count; i++) sink += strlen(request.header_names[i]) + strlen(request.header_values[i]);
        fz_assert(request.body_len == 0 || request.body != NULL, "body_len %zu without a body", request.body_len);
        for (i = 0; i < request.body_len; i++) sink += request.body[i];
        (void)sink;
        fz_trace("request %s %s", request.method, request.url);
        answer(engine, &request, now, ctx);
    }
    return polled;
}

void fz_settle(frames_engine *engine, int64_t *now, fz_answer_fn answer, void *ctx, int rounds) {
    int r;
    for (r = 0; r < rounds; r++) {
        int64_t deadline = 0;
        bool has_deadline = false;
        size_t polled = fz_pump(engine, *now, answer, ctx, 64);
        fz_expect(frames_engine_get_next_deadline(engine, &deadline, &has_deadline), FRAMES_OK);
        if (!has_deadline && polled == 0) break;
        if (has_deadline && deadline > *now) *now = deadline;
        fz_expect(frames_engine_on_timeout(engine, *now), FRAMES_OK);
    }
}

void fz_touch_frame(frames_frame *frame) {
    frames_frame_status status = -1;
    frames_frame_error error;
    bool has_error = false;
    double height = -1;
    if (fz_check(frames_frame_get_status(frame, &status)) == FRAMES_OK) {
        fz_assert(status >= 0 && status <= 10, "status %d", (int)status);
        fz_assert(strlen(frames_frame_status_str(status)) > 0, "status name");
    }
    memset(&error, 0, sizeof error);
    if (fz_check(frames_frame_get_error(frame, &error, &has_error)) == FRAMES_OK && has_error) {
        fz_assert(error.message != NULL, "error without a message");
        fz_assert(frames_frame_status_is_error(status), "an error in status %d", (int)status);
        (void)strlen(error.message);
        (void)frames_frame_error_code_str(error.code);
    }
    if (fz_check(frames_frame_get_intrinsic_height(frame, &height)) == FRAMES_OK)
        fz_assert(height >= 0 && height == height, "intrinsic height %g", height);
}

void fz_trace(const char *fmt, ...) {
    static int on = -1;
    va_list ap;
    if (on < 0) on = getenv("FRAMES_FUZZ_TRACE") != NULL;
    if (!on) return;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void fz_init_environment(void) {
    /* The run scripts set it; a bare run of a harness binary gets it too. */
    setenv("SWIFT_BACKTRACE", "enable=no", 0);
}

/* The initializer of a harness that needs nothing more than the
 * environment; a harness that defines its own replaces this weak one. */
__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    fz_init_environment();
    return 0;
}

uint8_t *fz_copy(const uint8_t *data, size_t size) {
    uint8_t *copy = (uint8_t *)malloc(size ? size : 1);
    if (copy == NULL) abort();
    if (size) memcpy(copy, data, size);
    return copy;
}

/* --- modal messages -------------------------------------------------------- */

static bool has_quoted_key(const uint8_t *p, size_t n) {
    static const char key[] = "\"frames_message\"";
    size_t k = sizeof key - 1, i;
    for (i = 0; i + k <= n; i++)
        if (memcmp(p + i, key, k) == 0) return true;
    return false;
}

static int hex_digit(uint8_t ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

bool fz_claims_message(const uint8_t *p, size_t n, bool escapes) {
    uint8_t *out;
    size_t i, o = 0;
    bool found;
    if (has_quoted_key(p, n)) return true;
    if (!escapes) return false;
    out = (uint8_t *)malloc(n ? n : 1);
    if (out == NULL) abort();
    for (i = 0; i < n; i++) {
        if (p[i] == '\\' && i + 5 < n && p[i + 1] == 'u' && p[i + 2] == '0' && p[i + 3] == '0' &&
            hex_digit(p[i + 4]) >= 0 && hex_digit(p[i + 4]) < 8 && hex_digit(p[i + 5]) >= 0) {
            out[o++] = (uint8_t)(hex_digit(p[i + 4]) * 16 + hex_digit(p[i + 5]));
            i += 5;
        } else {
            out[o++] = p[i];
        }
    }
    found = has_quoted_key(out, o);
    free(out);
    return found;
}

/* --- CRC-32 ---------------------------------------------------------------- */

uint32_t fz_crc32(const void *data, size_t len) {
    static uint32_t table[256];
    static bool ready;
    const uint8_t *p = (const uint8_t *)data;
    uint32_t crc = 0xFFFFFFFFu;
    size_t i;
    if (!ready) {
        uint32_t n, k, c;
        for (n = 0; n < 256; n++) {
            c = n;
            for (k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            table[n] = c;
        }
        ready = true;
    }
    for (i = 0; i < len; i++) crc = table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
    return crc ^ 0xFFFFFFFFu;
}

/* --- SHA-256: Tests/c/sha256.c ------------------------------------------- */

void fz_sha256_hex(const void *data, size_t len, char out[65]) {
    sha256_hex(data, len, out);
}

/* AF-14: an https origin; the scheme is case-insensitive (RFC 3986). */
static bool fz_is_https(const char *url) {
    const char *scheme = "https://";
    size_t i;
    for (i = 0; scheme[i]; i++) {
        char ch = url[i];
        if (ch >= 'A' && ch <= 'Z') ch = (char)(ch + 32);
        if (ch != scheme[i]) return false;
    }
    return true;
}

static void fz_read_text(const frames_message_text *t, const void *host_font) {
    fz_assert(t->text != NULL && t->text[0] != '\0', "a text without text");
    (void)strlen(t->text);
    if (t->font_name) (void)strlen(t->font_name);
    fz_assert(t->font_size >= 1 && t->font_size <= 200, "font size %g", t->font_size);
    if (t->font_source == FRAMES_MESSAGE_FONT_SOURCE_RESOLVED)
        fz_assert(t->host_font == host_font && t->font_name != NULL, "a resolved font that is not the host's");
    else
        fz_assert(t->font_source == FRAMES_MESSAGE_FONT_SOURCE_SYSTEM && t->host_font == NULL, "font source %d",
                  (int)t->font_source);
}

void fz_read_message(const frames_message *m, const void *host_font) {
    size_t i;
    fz_assert(m->message_id && strlen(m->message_id) >= 1 && strlen(m->message_id) <= 256, "message id");
    fz_assert(m->view_id != NULL, "view id");
    fz_assert(m->title || m->body || m->image_url, "a message with nothing to show");
    if (m->campaign_id) (void)strlen(m->campaign_id);
    if (m->variant_id) (void)strlen(m->variant_id);
    if (m->image_url) fz_assert(fz_is_https(m->image_url), "image %s", m->image_url);
    if (m->image_alt) (void)strlen(m->image_alt);
    if (m->title) fz_read_text(m->title, host_font);
    if (m->body) fz_read_text(m->body, host_font);
    fz_assert(m->button_count <= 4 && (m->button_count == 0 || m->buttons != NULL), "%zu buttons", m->button_count);
    for (i = 0; i < m->button_count; i++) {
        fz_read_text(&m->buttons[i].label, host_font);
        if (m->buttons[i].url) (void)strlen(m->buttons[i].url);
    }
}

void fz_check_notification(frames_result rc, frames_notification_result result, const uint8_t *payload, size_t len,
                           bool engine_freed) {
    switch (rc) {
    case FRAMES_OK:
        fz_assert(result == FRAMES_NOTIFICATION_RESULT_HANDLED || result == FRAMES_NOTIFICATION_RESULT_NOT_A_MESSAGE,
                  "FRAMES_OK with result %d", (int)result);
        break;
    case FRAMES_ERR_INVALID_ARGUMENT:
        fz_assert(result == FRAMES_NOTIFICATION_RESULT_MALFORMED || result == FRAMES_NOTIFICATION_RESULT_TOO_LARGE,
                  "invalid argument with result %d", (int)result);
        fz_assert(fz_claims_message(payload, len, result == FRAMES_NOTIFICATION_RESULT_MALFORMED),
                  "IM-01: %s without \"frames_message\" in its %zu bytes", frames_notification_result_str(result), len);
        break;
    case FRAMES_ERR_VERSION:
        fz_assert(result == FRAMES_NOTIFICATION_RESULT_NEEDS_NEWER_ENGINE, "version error with result %d", (int)result);
        break;
    case FRAMES_ERR_INVALID_STATE:
        fz_assert(result == FRAMES_NOTIFICATION_RESULT_INBOX_FULL, "invalid state with result %d", (int)result);
        break;
    case FRAMES_ERR_INVALID_HANDLE:
        fz_assert(engine_freed, "invalid handle on a live engine");
        return; /* nothing was written */
    default:
        fz_fail("handle_notification", "returned %d", (int)rc);
    }
    (void)strlen(frames_notification_result_str(result));
}
