/* arc4random_buf for the Embedded Swift standard library, which seeds its
   hashing with it: glibc has it only since 2.36, and this definition
   (hidden, linked into libframes.so alone) keeps the library loadable on
   glibc 2.34 and 2.35 — Ubuntu 22.04 among them — which the Python wheel's
   manylinux tag then says (docs/decisions.md, "Embedded Swift").
   scripts/build_embedded.sh compiles it; the standard build's runtime
   needs none. */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/random.h>
#include <time.h>

__attribute__((visibility("hidden"))) void arc4random_buf(void *buffer, size_t length);

void arc4random_buf(void *buffer, size_t length) {
    unsigned char *p = buffer;
    while (length > 0) {
        ssize_t got = getrandom(p, length, 0);
        if (got > 0) {
            p += got;
            length -= (size_t)got;
            continue;
        }
        if (got < 0 && errno == EINTR) continue;
        /* No getrandom (a kernel before 3.17): hashing needs a seed, not a
           secret, so the clock and an address are stirred instead of
           failing — there is nothing to fail to. */
        {
            struct timespec now;
            uint64_t state;
            clock_gettime(CLOCK_MONOTONIC, &now);
            state = (uint64_t)now.tv_nsec ^ ((uint64_t)now.tv_sec << 32) ^ (uint64_t)(uintptr_t)buffer;
            while (length > 0) {
                uint64_t z = (state += 0x9E3779B97F4A7C15ull);
                z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
                z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
                *p++ = (unsigned char)(z ^ (z >> 31));
                length--;
            }
        }
    }
}
