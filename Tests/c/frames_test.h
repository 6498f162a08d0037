/*
 * frames_test.h — a tiny assertion helper for the C tests of libframes.
 *
 * No framework: CHECK* macros print a line for every failed check (file, line,
 * the expression, the values and the library's last error message) and count
 * it; ft_section() prints which SPEC rules a group of checks proves;
 * ft_finish() prints a summary and returns the exit status for main().
 *
 * Doubles are compared exactly: every expected value in these tests is
 * computed by hand from the SPEC formulas and is exactly representable.
 */
#ifndef FRAMES_TEST_H
#define FRAMES_TEST_H

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "frames.h"

static int ft_checks;
static int ft_failures;

static inline void ft_section(const char *rules, const char *what) {
    printf("[%s] %s\n", rules, what);
    fflush(stdout);
}

static inline void ft_fail(const char *file, int line, const char *expr, const char *detail) {
    ft_failures++;
    printf("  FAIL %s:%d: %s%s%s\n", file, line, expr, detail[0] ? " -- " : "", detail);
    printf("       last error: %d (%s) \"%s\"\n", (int)frames_error_last_code(),
           frames_result_str(frames_error_last_code()), frames_error_last_message());
    fflush(stdout);
}

/* Equal doubles, with NaN equal to NaN. */
static inline int ft_same_double(double a, double b) {
    return (a != a && b != b) || a == b;
}

/* "side_inset", "sideInset" and "side inset" all match: the needle matches
 * ignoring case, underscores and spaces. */
static inline int ft_mentions(const char *haystack, const char *needle) {
    char h[1024], n[128];
    size_t hi = 0, ni = 0;
    for (; *haystack && hi + 1 < sizeof h; haystack++)
        if (*haystack != '_' && *haystack != ' ') h[hi++] = (char)tolower((unsigned char)*haystack);
    for (; *needle && ni + 1 < sizeof n; needle++)
        if (*needle != '_' && *needle != ' ') n[ni++] = (char)tolower((unsigned char)*needle);
    h[hi] = '\0';
    n[ni] = '\0';
    return strstr(h, n) != NULL;
}

#define CHECK(cond)                                                           \
    do {                                                                      \
        ft_checks++;                                                          \
        if (!(cond)) ft_fail(__FILE__, __LINE__, #cond, "");                  \
    } while (0)

#define CHECK_INT(actual, expected)                                           \
    do {                                                                      \
        long long ft_a_ = (long long)(actual), ft_e_ = (long long)(expected); \
        ft_checks++;                                                          \
        if (ft_a_ != ft_e_) {                                                 \
            char ft_d_[128];                                                  \
            snprintf(ft_d_, sizeof ft_d_, "got %lld, expected %lld", ft_a_, ft_e_); \
            ft_fail(__FILE__, __LINE__, #actual " == " #expected, ft_d_);     \
        }                                                                     \
    } while (0)

#define CHECK_DOUBLE(actual, expected)                                        \
    do {                                                                      \
        double ft_a_ = (actual), ft_e_ = (expected);                          \
        ft_checks++;                                                          \
        if (!ft_same_double(ft_a_, ft_e_)) {                                  \
            char ft_d_[128];                                                  \
            snprintf(ft_d_, sizeof ft_d_, "got %.17g, expected %.17g", ft_a_, ft_e_); \
            ft_fail(__FILE__, __LINE__, #actual " == " #expected, ft_d_);     \
        }                                                                     \
    } while (0)

#define CHECK_STR(actual, expected)                                           \
    do {                                                                      \
        const char *ft_a_ = (actual), *ft_e_ = (expected);                    \
        ft_checks++;                                                          \
        if (ft_a_ == NULL || strcmp(ft_a_, ft_e_) != 0) {                     \
            char ft_d_[512];                                                  \
            snprintf(ft_d_, sizeof ft_d_, "got \"%s\", expected \"%s\"",      \
                     ft_a_ ? ft_a_ : "(NULL)", ft_e_);                        \
            ft_fail(__FILE__, __LINE__, #actual " == " #expected, ft_d_);     \
        }                                                                     \
    } while (0)

/* A call's result code; the name of the code is printed on failure. */
#define CHECK_RESULT(call, expected)                                          \
    do {                                                                      \
        frames_result ft_r_ = (call);                                         \
        frames_result ft_e_ = (expected);                                     \
        ft_checks++;                                                          \
        if (ft_r_ != ft_e_) {                                                 \
            char ft_d_[256];                                                  \
            snprintf(ft_d_, sizeof ft_d_, "returned %d (%s), expected %d (%s)", \
                     (int)ft_r_, frames_result_str(ft_r_), (int)ft_e_,        \
                     frames_result_str(ft_e_));                               \
            ft_fail(__FILE__, __LINE__, #call, ft_d_);                        \
        }                                                                     \
    } while (0)

/* The calling thread's last error message mentions `needle` (see
 * ft_mentions). */
#define CHECK_MESSAGE_MENTIONS(needle)                                        \
    do {                                                                      \
        const char *ft_m_ = frames_error_last_message();                      \
        ft_checks++;                                                          \
        if (!ft_mentions(ft_m_, (needle))) {                                  \
            char ft_d_[512];                                                  \
            snprintf(ft_d_, sizeof ft_d_, "message \"%s\" does not mention \"%s\"", \
                     ft_m_, (needle));                                        \
            ft_fail(__FILE__, __LINE__, "last message mentions " #needle, ft_d_); \
        }                                                                     \
    } while (0)

#define CHECK_RECT(r, ex, ey, ew, eh)                                         \
    do {                                                                      \
        frames_rect ft_r_ = (r);                                              \
        ft_checks++;                                                          \
        if (!ft_same_double(ft_r_.x, (ex)) || !ft_same_double(ft_r_.y, (ey)) || \
            !ft_same_double(ft_r_.width, (ew)) || !ft_same_double(ft_r_.height, (eh))) { \
            char ft_d_[256];                                                  \
            snprintf(ft_d_, sizeof ft_d_,                                     \
                     "got {%.17g, %.17g, %.17g, %.17g}, expected {%.17g, %.17g, %.17g, %.17g}", \
                     ft_r_.x, ft_r_.y, ft_r_.width, ft_r_.height,             \
                     (double)(ex), (double)(ey), (double)(ew), (double)(eh)); \
            ft_fail(__FILE__, __LINE__, #r, ft_d_);                           \
        }                                                                     \
    } while (0)

static inline int ft_finish(const char *program) {
    printf("%s: %d checks, %d failed\n", program, ft_checks, ft_failures);
    return ft_failures == 0 ? 0 : 1;
}

#endif /* FRAMES_TEST_H */
