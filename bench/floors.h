/*
 * floors.h — the floors the benchmarks set the library's figures beside:
 * what the same bytes cost through a kept C library doing the least the
 * engine's work must also do. Compiled from bench/floors.c by bench_cc
 * (bench/lib.sh), linked with -lcjson -lcrypto -lz.
 */
#ifndef FRAMES_BENCH_FLOORS_H
#define FRAMES_BENCH_FLOORS_H

#include <stddef.h>
#include <stdint.h>

/* cJSON parses the document and frees the tree; returns the number of
 * members or elements at its top (0 when it is not JSON), so the parse
 * cannot be optimised away. The floor of every load and payload figure. */
int floor_cjson_parse(const char *bytes, size_t len);

/* SHA-256 of the bytes (OpenSSL); the floor where content is hashed. */
void floor_sha256(const void *bytes, size_t len, uint8_t out[32]);

/* Copies the bytes into `to` and returns their CRC-32 (zlib): the floor of
 * a state blob written out and read back. */
unsigned long floor_copy_crc(void *to, const void *bytes, size_t len);

#endif
