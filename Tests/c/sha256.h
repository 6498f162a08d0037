/*
 * sha256.h — SHA-256 for the C tests, benchmarks and fuzz harnesses.
 */
#ifndef FRAMES_TEST_SHA256_H
#define FRAMES_TEST_SHA256_H

#include <stddef.h>
#include <stdint.h>

/* The 32-byte digest of `len` bytes. */
void sha256_digest(const void *data, size_t len, uint8_t out[32]);
/* The digest as 64 lowercase hex digits plus NUL. */
void sha256_hex(const void *data, size_t len, char out[65]);

#endif
