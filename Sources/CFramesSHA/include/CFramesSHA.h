/* SHA-256 block compression with the CPU's SHA instructions (x86-64 SHA-NI),
   for FramesCore's Support/SHA256.swift (AF-13, AF-14). Internal to
   libframes.so: hidden visibility, and outside the frames_* names that
   Sources/FramesCABI/frames.map exports. No libc beyond <stddef.h> and
   <stdint.h>, so the module also builds for Embedded Swift. */
#ifndef CFRAMES_SHA_H
#define CFRAMES_SHA_H

#include <stddef.h>
#include <stdint.h>

#define CFRAMES_SHA_INTERNAL __attribute__((visibility("hidden")))

/* Nonzero when this CPU has the SHA extensions and the SSSE3/SSE4.1 ones
   the kernel also uses. Asked of CPUID once and remembered; thread-safe.
   Always 0 on a CPU or compiler the kernel is not written for. */
CFRAMES_SHA_INTERNAL int cframes_sha256_cpu_available(void);

/* Compresses `count` consecutive 64-byte blocks at `blocks` (any alignment)
   into `state` (the eight FIPS 180-4 working words H0..H7, native order).
   Call only when cframes_sha256_cpu_available() returned nonzero; otherwise
   it leaves `state` unchanged. */
CFRAMES_SHA_INTERNAL void cframes_sha256_cpu_compress(uint32_t state[8], const uint8_t *blocks, size_t count);

#endif
