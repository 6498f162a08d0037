/*
 * fuzz_common.h — shared pieces of the libFuzzer harnesses of libframes
 * (XC-07).
 *
 * - fz_check(): every frames_result a harness gets must be a documented code.
 *   FRAMES_ERR_WRONG_THREAD (a harness is single-threaded) and
 *   FRAMES_ERR_INTERNAL (an invariant of the library broke) are findings too.
 *   A failure must also be the thread's frames_error_last_code() with a
 *   non-empty message (the header's "Results" convention). Any violation
 *   abort()s so libFuzzer records a crash and writes the input.
 * - fz_data: a byte reader for structure-aware harnesses; reading past the
 *   end gives zeros, never fails.
 * - fz_sha256_hex(): FIPS 180-4 SHA-256, to write checksums that let the
 *   fuzzed bytes past the library's integrity checks.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frames.h"

/* Reports and aborts: "<what>: <detail>" plus the library's last message. */
void fz_fail(const char *where, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3), noreturn))
#endif
    ;

/* The result must be documented; see above. Returns rc. */
frames_result fz_check_at(frames_result rc, const char *expr, const char *file, int line);
#define fz_check(call) fz_check_at((call), #call, __FILE__, __LINE__)

/* The result must be exactly `want`. */
#define fz_expect(call, want)                                                                         \
    do {                                                                                              \
        frames_result fz_rc_ = fz_check(call);                                                        \
        if (fz_rc_ != (want)) fz_fail(#call, "returned %d (%s), expected %d", (int)fz_rc_,            \
                                      frames_result_str(fz_rc_), (int)(want));                        \
    } while (0)

/* Aborts with a message unless cond holds. */
#define fz_assert(cond, ...)                              \
    do {                                                  \
        if (!(cond)) fz_fail(#cond, __VA_ARGS__);         \
    } while (0)

typedef struct fz_data {
    const uint8_t *p;
    size_t n;
} fz_data;

uint8_t fz_u8(fz_data *d);
uint16_t fz_u16(fz_data *d);
uint32_t fz_u32(fz_data *d);
uint64_t fz_u64(fz_data *d);
bool fz_bool(fz_data *d);
/* A number in [0, n) (0 when n is 0). */
uint32_t fz_range(fz_data *d, uint32_t n);
/* A double: mostly one of the interesting values (0, -0, 1, 375, -1, NaN,
 * +-inf, DBL_MAX, denormals, 1e-320, huge and tiny ratios...), sometimes 8
 * raw bytes. */
double fz_double(fz_data *d);
/* Up to max bytes taken from the input (borrowed); *len receives the count. */
const uint8_t *fz_bytes(fz_data *d, size_t max, size_t *len);
/* A NUL-terminated string copied into buf (cap >= 1): one of `table`
 * (count entries) or raw input bytes (possibly not UTF-8). */
const char *fz_string(fz_data *d, char *buf, size_t cap, const char *const *table, size_t count);

/* Whether the open finding `id` is tolerated in this run: the run script
 * sets FRAMES_FUZZ_KNOWN to the ids of fuzz/known-issues.txt so that a
 * reported, not yet fixed bug does not stop every fuzzing run; replay.sh
 * runs the reproducers under fuzz/regressions/<target>/known/ without it
 * and expects them to fail until the library is fixed. */
bool fz_known(const char *id);

/* A heap copy of the fuzz input of exactly `size` bytes (one byte for an
 * empty input), so ASan sees any read past its end; free() it. Aborts when
 * out of memory. */
uint8_t *fz_copy(const uint8_t *data, size_t size);

/* SHA-256 of len bytes as 64 lowercase hex digits plus NUL. */
void fz_sha256_hex(const void *data, size_t len, char out[65]);

/* CRC-32 (zlib/IEEE, reflected 0xEDB88320) of len bytes: the checksum of
 * the persisted-state blob (Sources/FramesCore/Core/StateBlob.swift), so a
 * harness can write blobs whose payload reaches the decoder. */
uint32_t fz_crc32(const void *data, size_t len);

/* IM-01: whether a notification payload claims to be a modal message, the
 * only kind that may be _MALFORMED or _TOO_LARGE: its bytes contain
 * "frames_message" with the quotes. With `escapes`, also when they do once
 * every \u00XX escape of an ASCII character is decoded: a JSON member may
 * spell its name so ("frames\u005fmessage") and the reader compares
 * decoded names; a too large payload is not read, so only its bytes count. */
bool fz_claims_message(const uint8_t *payload, size_t len, bool escapes);

/* IM-05, IM-07: every pointer of a presented message is read and its rules
 * checked: ids 1...256 bytes, something to show, an https image, texts with
 * text and a font size of 1...200 pt, a resolved font only ever the host's
 * own (`host_font`), at most 4 buttons. */
void fz_read_message(const frames_message *m, const void *host_font);

/* IM-01: what frames_messages_handle_notification answered is documented: each
 * code with its result, _MALFORMED / _TOO_LARGE only for a payload that
 * claims to be a message (fz_claims_message), FRAMES_ERR_INVALID_HANDLE only
 * once the engine was freed. */
void fz_check_notification(frames_result rc, frames_notification_result result, const uint8_t *payload, size_t len,
                           bool engine_freed);

/* Growable byte buffer for building documents. */
typedef struct fz_buf {
    char *p;
    size_t len, cap;
} fz_buf;
void fz_buf_add(fz_buf *b, const void *data, size_t len);
void fz_buf_printf(fz_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void fz_buf_free(fz_buf *b);

/* Engine set-up shared by the engine harnesses: App Frames enabled (JSON
 * config), every default option except 2 attempts and a seed. */
extern const char fz_config_enabled[];
frames_engine *fz_engine_new(const frames_host_callbacks *host);

#define FZ_PLACEMENTS_URL "https://frames.invalid/v1/placements"
#define FZ_BANNERS_URL "https://frames.invalid/v1/banners"

/* Answers one polled request (complete or fail it, or leave it in flight). */
typedef void (*fz_answer_fn)(frames_engine *engine, const frames_request *request, int64_t now, void *ctx);

/* Polls every waiting request (at most max) and hands each to answer after
 * checking its shape (id, method, URL, headers and body readable). Returns
 * how many were polled. */
size_t fz_pump(frames_engine *engine, int64_t now, fz_answer_fn answer, void *ctx, size_t max);

/* Pumps and fires timers until nothing is waiting or `rounds` rounds have
 * passed, moving *now to each next deadline (never backwards). */
void fz_settle(frames_engine *engine, int64_t *now, fz_answer_fn answer, void *ctx, int rounds);

/* Reads every string of a frame's status and error (ASan checks them). */
void fz_touch_frame(frames_frame *frame);

/* printf to stderr when FRAMES_FUZZ_TRACE is set (to check what a seed
 * reaches: FRAMES_FUZZ_TRACE=1 build-fuzz/bin/fuzz_content seed). */
void fz_trace(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* The body of every harness's LLVMFuzzerInitialize: backtracer off.
 * fuzz_common.c defines a weak LLVMFuzzerInitialize that only calls it. */
void fz_init_environment(void);

#endif /* FUZZ_COMMON_H */
