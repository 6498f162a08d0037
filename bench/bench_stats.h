/*
 * bench_stats.h — the statistics the C benchmarks print over their
 * repetitions: median, minimum and maximum of up to BENCH_MAX_REPS values.
 */
#ifndef FRAMES_BENCH_STATS_H
#define FRAMES_BENCH_STATS_H

#include <stdlib.h>
#include <string.h>

#define BENCH_MAX_REPS 32

static int bench_cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static inline double median(const double *v, int n) {
    double tmp[BENCH_MAX_REPS];
    memcpy(tmp, v, sizeof(double) * (size_t)n);
    qsort(tmp, (size_t)n, sizeof tmp[0], bench_cmp_double);
    return n % 2 ? tmp[n / 2] : (tmp[n / 2 - 1] + tmp[n / 2]) / 2;
}

static inline double minimum(const double *v, int n) {
    double m = v[0];
    int i;
    for (i = 1; i < n; i++)
        if (v[i] < m) m = v[i];
    return m;
}

static inline double maximum(const double *v, int n) {
    double m = v[0];
    int i;
    for (i = 1; i < n; i++)
        if (v[i] > m) m = v[i];
    return m;
}

#endif
