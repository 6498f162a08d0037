/*
 * bench_stats.h — what every C benchmark shares: clocks, the statistics of
 * its repetitions, the interleaving of a figure with its floor, the one
 * line that reports them, and the marks callgrind counts instructions by.
 *
 * The line (bench_stats.py and bench/lib.sh print the same):
 *
 *   FIGURE <name> | <min> <unit> min, <median> median | floor <floor>: <min> min, <median> median
 *          | ratio <min/min> min, <median/median> median | target <text>: met|MISSED
 *
 * on one line, fields separated by " | ". <name> is dotted and stable
 * (docs/performance.md quotes it); <floor> names the floor (cJSON_Parse,
 * plain C shares, recording off, ...). An instruction count has a single
 * value: "<value> Ir" and "ratio <r>", no min/median. The target field is
 * "target none" when there is none. A verdict is judged on the minima
 * (the least disturbed sample of each side), never on the medians.
 *
 * Interleaving: repetition r measures the figure first when r is even and
 * the floor first when it is odd, so that a change in the machine's load
 * falls on both sides alike.
 *
 * Instruction counts: bench_ir_begin()/bench_ir_end() around the counted
 * calls (bench_ir_pause()/bench_ir_resume() leave untimed work out of a
 * region); run under bench_callgrind (bench/lib.sh), which starts callgrind
 * with collection off and reads one dump per region,
 * "<figure>|<side>|<ops>|<ratio limit>", where <side> is "figure" or
 * "floor:<floor name>" and the limit (a ratio target, or empty) is judged
 * on instructions too. Natively the marks are a few instructions each.
 */
#ifndef FRAMES_BENCH_STATS_H
#define FRAMES_BENCH_STATS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <valgrind/callgrind.h>

#define BENCH_MAX_REPS 32

/* --- clocks -------------------------------------------------------------- */

/* The calling thread's CPU time: on a shared machine a preempted call is
 * not a slow call. */
static inline double bench_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Wall time: where waiting is the point (threads, latency). */
static inline double bench_wall_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* --- statistics -------------------------------------------------------------- */

static inline int bench_cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The p-quantile (0..1, nearest rank) of n values; sorts v in place. */
static inline double bench_percentile(double *v, size_t n, double p) {
    size_t i;
    qsort(v, n, sizeof *v, bench_cmp_double);
    i = (size_t)(p * (double)(n - 1) + 0.5);
    return v[i < n ? i : n - 1];
}

/* The repetitions of one side: per operation, in ns. */
typedef struct bench_series {
    double v[BENCH_MAX_REPS];
    int n;
} bench_series;

static inline void bench_add(bench_series *s, double value) {
    if (s->n < BENCH_MAX_REPS) s->v[s->n++] = value;
}

static inline double bench_min(const bench_series *s) {
    double m = s->v[0];
    int i;
    for (i = 1; i < s->n; i++)
        if (s->v[i] < m) m = s->v[i];
    return m;
}

static inline double bench_median(const bench_series *s) {
    double tmp[BENCH_MAX_REPS];
    int n = s->n;
    memcpy(tmp, s->v, sizeof(double) * (size_t)n);
    qsort(tmp, (size_t)n, sizeof tmp[0], bench_cmp_double);
    return n % 2 ? tmp[n / 2] : (tmp[n / 2 - 1] + tmp[n / 2]) / 2;
}

/* --- interleaving ---------------------------------------------------------------- */

/* One sample of one side: performs the work and returns ns per operation. */
typedef double (*bench_sample_fn)(void *ctx);

static inline void bench_interleave(int reps, bench_sample_fn figure, void *figure_ctx, bench_series *f,
                                    bench_sample_fn floor, void *floor_ctx, bench_series *l) {
    int r;
    for (r = 0; r < reps; r++) {
        if (r % 2 == 0) {
            bench_add(f, figure(figure_ctx));
            bench_add(l, floor(floor_ctx));
        } else {
            bench_add(l, floor(floor_ctx));
            bench_add(f, figure(figure_ctx));
        }
    }
}

/* --- the line ----------------------------------------------------------------------- */

typedef enum bench_target_kind {
    BENCH_NO_TARGET,
    BENCH_FIGURE_BELOW,    /* figure < limit (in the line's unit) */
    BENCH_RATIO_AT_MOST,   /* figure / floor <= limit */
    BENCH_EXCESS_AT_MOST   /* figure - floor <= limit (in the line's unit) */
} bench_target_kind;

typedef struct bench_target {
    bench_target_kind kind;
    double limit;
} bench_target;

#define BENCH_NONE ((bench_target){ BENCH_NO_TARGET, 0 })

/* Numbers as the line writes them: 3 significant digits or whole. */
static inline const char *bench_fmt(char *buf, size_t size, double v) {
    double a = v < 0 ? -v : v;
    snprintf(buf, size, a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f", v);
    return buf;
}

/* Prints the FIGURE line of a figure and its floor (ns per operation),
 * shown in unit "ns", "us" or "ms". Returns 1 when the target is missed. */
static inline int bench_report(const char *name, const char *unit, const bench_series *figure, const char *floor_name,
                               const bench_series *floor, bench_target target) {
    double scale = strcmp(unit, "ms") == 0 ? 1e6 : strcmp(unit, "us") == 0 ? 1e3 : 1.0;
    double fmin = bench_min(figure) / scale, fmed = bench_median(figure) / scale;
    double lmin = bench_min(floor) / scale, lmed = bench_median(floor) / scale;
    char a[32], b[32], c[32], d[32], t[32];
    int missed = 0;
    printf("FIGURE %s | %s %s min, %s median | floor %s: %s min, %s median | ", name, bench_fmt(a, sizeof a, fmin),
           unit, bench_fmt(b, sizeof b, fmed), floor_name, bench_fmt(c, sizeof c, lmin), bench_fmt(d, sizeof d, lmed));
    /* A floor below the clock's resolution has no ratio: say so rather than
     * print inf, and never count a ratio target as met on it. */
    int has_ratio = lmin > 0 && lmed > 0;
    if (has_ratio)
        printf("ratio %.3f min, %.3f median | ", fmin / lmin, fmed / lmed);
    else
        printf("ratio not measured | ");
    bench_fmt(t, sizeof t, target.limit);
    switch (target.kind) {
    case BENCH_NO_TARGET: printf("target none\n"); return 0;
    case BENCH_FIGURE_BELOW: missed = !(fmin < target.limit); printf("target < %s %s", t, unit); break;
    case BENCH_RATIO_AT_MOST: missed = !has_ratio || !(fmin / lmin <= target.limit); printf("target ratio <= %.2f", target.limit); break;
    case BENCH_EXCESS_AT_MOST: missed = !(fmin - lmin <= target.limit); printf("target figure - floor <= %s %s", t, unit); break;
    }
    printf(": %s\n", missed ? "MISSED" : "met");
    return missed;
}

/* --- instruction counts --------------------------------------------------------------- */

/* True under valgrind: a benchmark then runs one short repetition. */
static inline int bench_under_callgrind(void) { return RUNNING_ON_VALGRIND ? 1 : 0; }

static inline void bench_ir_begin(void) { CALLGRIND_TOGGLE_COLLECT; }
static inline void bench_ir_pause(void) { CALLGRIND_TOGGLE_COLLECT; }
static inline void bench_ir_resume(void) { CALLGRIND_TOGGLE_COLLECT; }

/* Ends a region of `ops` operations of one side ("figure" or
 * "floor:<name>") of figure `name`; a ratio target is checked on the
 * instruction counts as well (the others are times). */
static inline void bench_ir_end(const char *name, const char *side, long ops, bench_target target) {
    char label[256], limit[32] = "";
    CALLGRIND_TOGGLE_COLLECT;
    if (!RUNNING_ON_VALGRIND) return;
    if (target.kind == BENCH_RATIO_AT_MOST) snprintf(limit, sizeof limit, "%.2f", target.limit);
    snprintf(label, sizeof label, "%s|%s|%ld|%s", name, side, ops, limit);
    CALLGRIND_DUMP_STATS_AT(label);
}

#endif
