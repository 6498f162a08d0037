/*
 * bench_ratios.h — the benchmarks' banner ratios: a splitmix64 mix in
 * [0.5, 3], with exactly 2.0 and 0.8 every 16 banners so that exact halves
 * occur and the rounding is exercised. bench_layout.py computes the same
 * doubles with numpy, bit for bit.
 */
#ifndef FRAMES_BENCH_RATIOS_H
#define FRAMES_BENCH_RATIOS_H

#include <stddef.h>
#include <stdint.h>

static inline uint64_t bench_splitmix64(uint64_t i)
{
    uint64_t z = 0x2545F4914F6CDD1DULL + (i + 1) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline void bench_fill_ratios(double *r, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i % 16 == 0)
            r[i] = 2.0;
        else if (i % 16 == 8)
            r[i] = 0.8;
        else
            r[i] = 0.5 + 2.5 * ((double)(bench_splitmix64(i) >> 11) * 0x1.0p-53);
    }
}

#endif
