/*
 * ffi_sweep — the libffi ABI sweep (XC-07).
 *
 * Reads Tests/abi/functions.json (every function of frames.h with its
 * parameter and return types, generated from the header and checked against
 * it by check_functions.sh), dlopens libframes.so.1 and calls every function
 * through libffi's ffi_call with edge values for every parameter, each call
 * in a fork()ed child. A call passes when the child exits normally (no
 * signal, no timeout) and a frames_result function returned a code the
 * header documents (FRAMES_OK or a FRAMES_ERR_*, read from functions.json's
 * "results"); functions returning const char * must return a readable
 * non-NULL string (the header says "never NULL").
 *
 * Combinations (bounded): for each function
 *   1 benign call (every parameter at its benign value),
 *   + for each parameter, each of its edge values with the others benign,
 *   + --random N seeded random combinations (every parameter drawn from its
 *     edge set; default 16, seed --seed, default 1).
 *
 * Edge values by parameter type (see edges_for()):
 *   handles (pointer to an opaque frames_* struct): NULL, a live handle
 *     (benign), a freed handle of the same kind, a live handle of each other
 *     kind, a never-created value (0x1234), a pointer to a zeroed 4 KiB buffer;
 *   other pointers: NULL, a zeroed 4 KiB buffer, a 4 KiB buffer of 0xff bytes
 *     (not for pointer arrays, nor for the callback structs: garbage pointers
 *     are a caller lie; callback members are always NULL), and
 *     per struct type hand-written edge structs (NaN/inf/huge fields, bad
 *     versions, unknown enumerations, non-UTF-8 and 1 MiB strings);
 *   integers: 0, 1, -1, INT_MAX/INT_MIN, INT64_MAX/INT64_MIN, UINT32_MAX,
 *     SIZE_MAX and SIZE_MAX/8+1, SIZE_MAX/32+1 (multiplication overflow),
 *     2^31, as the type allows;
 *   doubles: 0, -0, -1, NaN, +inf, -inf, 1e308, 5e-324;
 *   bools: false, true;
 *   strings: NULL, "", "\xff\xfe" (not UTF-8), "\xc0\xaf" (overlong),
 *     control characters, 257 bytes (one past the 256-byte ids), 1 MiB.
 *
 * Caller contract (what the sweep never generates): every non-NULL pointer
 * points to at least 4 KiB (or to a NUL-terminated string), which covers
 * every struct of frames.h (checked: they are all smaller). A pointer that
 * points to an ARRAY is described by a size parameter; those pairs are the
 * contract table below (contracts[]). After the arguments of a call are
 * chosen, repair() makes the call honest: when a count exceeds what a
 * non-NULL buffer it describes holds, either the buffer becomes NULL (always
 * when the count itself is the edge being tried: SIZE_MAX, INT64_MAX... are
 * passed with NULL buffers) or the count is clamped to the buffer. So huge
 * counts are covered, with NULL buffers, and a real 4 KiB buffer never comes
 * with a count that claims more than 4 KiB. A size_t parameter that is not in
 * the table must be listed as a plain number (pure_sizes[] or named index),
 * and a pointer-array type must be in the table: otherwise the sweep refuses
 * to run (so a new function cannot be swept dishonestly by accident).
 *
 * The canary (--canary lib): a separate shared library built from
 * Tests/abi/canary/canary.swift with one function that traps (fatalError ->
 * ud2 -> SIGILL) and one that returns an undocumented positive code. The
 * sweep calls them through the same child machinery and requires both to be
 * reported as failures; if either is NOT caught the sweep fails.
 *
 * usage: ffi_sweep --functions functions.json --library libframes.so.1
 *                  [--canary libabi_canary.so] [--random N] [--seed S]
 *                  [--only frames_name] [--verbose] [--callback-garbage]
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <ffi.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "frames.h"
#include "minijson.h"

#define BUF 4096
#define HUGE_STRING (1024 * 1024)
#define MAX_PARAMS 16
#define MAX_EDGES 64
#define CHILD_TIMEOUT_S 20

/* ------------------------------------------------------------------------ */
/* Types                                                                     */
/* ------------------------------------------------------------------------ */

typedef enum { T_VOID, T_RESULT, T_BOOL, T_I32, T_U32, T_I64, T_U64, T_SIZE, T_DOUBLE, T_STR, T_HANDLE, T_PTR } ptype;

/* How an edge value is made in the child. */
typedef enum {
    E_INT, E_UINT, E_DBL, E_BOOL, /* scalars: the value in the edge */
    E_REQ_ID,                     /* the fixture's in-flight request id */
    E_SIZE_FIT,                   /* a count that exactly fills its buffers */
    E_H_NULL, E_H_LIVE, E_H_FREED, E_H_WRONG, E_H_BOGUS, E_H_ZERO,
    E_NULL,                       /* any pointer */
    E_STR,                        /* a string literal (edge.s) */
    E_STR_REPEAT,                 /* edge.s[0] repeated edge.u times, NUL-terminated */
    E_ZERO, E_FF,                 /* 4 KiB of 0x00 / 0xff */
    E_FILL                        /* 4 KiB zeroed, then edge.fill() */
} etag;

struct fixture;
typedef void (*fill_fn)(void *buf, const struct fixture *fx);

typedef struct {
    const char *label;
    etag tag;
    int64_t i;
    uint64_t u;
    double d;
    const char *s;
    fill_fn fill;
    int handle_kind; /* E_H_WRONG: the kind to pass */
} edge;

typedef struct {
    char *name;
    char *type;
    const char *canonical;
    ptype t;
    int handle_kind;          /* T_HANDLE: index in opaque[] */
    ffi_type *ffi;
    edge edges[MAX_EDGES];    /* edges[0] is the benign value */
    int n_edges;
    /* Contract: a size param lists the buffers it describes; a buffer names
     * its element size. */
    int describes[4];
    int n_describes;
    size_t elem_size;         /* > 0: this pointer is an array */
    bool bytes;               /* a byte buffer (its count is its length) */
} param;

typedef struct {
    char *name;
    ptype ret;
    char *ret_type;
    param params[MAX_PARAMS];
    int n;
    void *fn;
    bool canary;
    const char *library;      /* dlopen in the child (canary) or NULL */
    ffi_cif cif;
    ffi_type *ffi_args[MAX_PARAMS];
    ffi_type *ffi_ret;
} function;

/* ------------------------------------------------------------------------ */
/* The library and the fixture (created in every child)                      */
/* ------------------------------------------------------------------------ */

static const char *opaque[8];
/* --callback-garbage: also pass 4 KiB of 0xff as the callback structs
 * (version 0xffffffff, every member garbage). A caller lie by the brief's
 * rule (callback members stay NULL), so off by default; it replays a fixed
 * finding of docs/reliability.md (frames_engine_new called free_user_data of
 * a frames_host_callbacks whose version it rejected). */
static bool callback_garbage;
static int n_opaque;
static int documented[64];
static int n_documented;

static struct {
    frames_result (*engine_new)(const frames_engine_options *, const char *, size_t, const frames_host_callbacks *,
                                frames_engine **);
    frames_result (*engine_free)(frames_engine *);
    frames_result (*frame_new)(frames_engine *, frames_frame **);
    frames_result (*frame_free)(frames_frame *);
    frames_result (*frame_set_placement)(frames_frame *, const char *, int64_t);
    frames_result (*frame_attach)(frames_frame *, int64_t);
    frames_result (*place_new)(frames_engine *, const char *, const frames_appearance *, frames_banner_place **);
    frames_result (*place_free)(frames_banner_place *);
    frames_result (*poll_request)(frames_engine *, frames_request *, bool *);
    frames_result (*last_code)(void);
    frames_result (*inline_view_new)(frames_engine *, const char *, frames_inline_view **);
    frames_result (*inline_view_free)(frames_inline_view *);
} lib;

typedef struct fixture {
    void *live[8];
    void *freed[8];
    uint64_t request_id;
} fixture;

static const char enabled_config[] = "{\"Insider\": {\"App Frames Enabled\": true}}";

static int handle_kind_of(const char *name) {
    int i;
    for (i = 0; i < n_opaque; i++)
        if (strcmp(opaque[i], name) == 0) return i;
    return -1;
}

static void fixture_fail(int out, const char *what, frames_result r) {
    dprintf(out, "F fixture: %s returned %d\n", what, r);
    _exit(3);
}

/* An engine with App Frames on, one attached frame with a placement (so a
 * request is in flight), one banner place; and one freed of each kind. */
static void fixture_setup(fixture *fx, int out) {
    frames_engine *engine, *dead_engine;
    frames_frame *frame, *dead_frame;
    frames_banner_place *place, *dead_place;
    frames_inline_view *view, *dead_view;
    frames_appearance appearance = FRAMES_APPEARANCE_INIT;
    frames_request request;
    bool available = false;
    frames_result r;
    int k;
    memset(fx, 0, sizeof *fx);
    if ((r = lib.engine_new(NULL, enabled_config, strlen(enabled_config), NULL, &engine)) != FRAMES_OK)
        fixture_fail(out, "frames_engine_new", r);
    if ((r = lib.engine_new(NULL, NULL, 0, NULL, &dead_engine)) != FRAMES_OK) fixture_fail(out, "frames_engine_new", r);
    if ((r = lib.frame_new(engine, &frame)) != FRAMES_OK) fixture_fail(out, "frames_frame_new", r);
    if ((r = lib.frame_new(engine, &dead_frame)) != FRAMES_OK) fixture_fail(out, "frames_frame_new", r);
    if ((r = lib.place_new(engine, "home", &appearance, &place)) != FRAMES_OK)
        fixture_fail(out, "frames_banner_place_new", r);
    if ((r = lib.place_new(engine, "home", &appearance, &dead_place)) != FRAMES_OK)
        fixture_fail(out, "frames_banner_place_new", r);
    if ((r = lib.inline_view_new(engine, "home", &view)) != FRAMES_OK) fixture_fail(out, "frames_inline_view_new", r);
    if ((r = lib.inline_view_new(engine, "home", &dead_view)) != FRAMES_OK) fixture_fail(out, "frames_inline_view_new", r);
    if ((r = lib.frame_set_placement(frame, "home", 0)) != FRAMES_OK) fixture_fail(out, "frames_frame_set_placement", r);
    if ((r = lib.frame_attach(frame, 0)) != FRAMES_OK) fixture_fail(out, "frames_frame_attach", r);
    if ((r = lib.poll_request(engine, &request, &available)) != FRAMES_OK) fixture_fail(out, "frames_engine_poll_request", r);
    fx->request_id = available ? request.id : 1;
    if ((r = lib.place_free(dead_place)) != FRAMES_OK) fixture_fail(out, "frames_banner_place_free", r);
    if ((r = lib.inline_view_free(dead_view)) != FRAMES_OK) fixture_fail(out, "frames_inline_view_free", r);
    if ((r = lib.frame_free(dead_frame)) != FRAMES_OK) fixture_fail(out, "frames_frame_free", r);
    if ((r = lib.engine_free(dead_engine)) != FRAMES_OK) fixture_fail(out, "frames_engine_free", r);
    for (k = 0; k < n_opaque; k++) {
        if (strcmp(opaque[k], "frames_engine") == 0) { fx->live[k] = engine; fx->freed[k] = dead_engine; }
        else if (strcmp(opaque[k], "frames_frame") == 0) { fx->live[k] = frame; fx->freed[k] = dead_frame; }
        else if (strcmp(opaque[k], "frames_banner_place") == 0) { fx->live[k] = place; fx->freed[k] = dead_place; }
        else if (strcmp(opaque[k], "frames_inline_view") == 0) { fx->live[k] = view; fx->freed[k] = dead_view; }
    }
}

/* ------------------------------------------------------------------------ */
/* Edge fills (4 KiB buffers, zeroed first)                                  */
/* ------------------------------------------------------------------------ */

#define FILL_ARRAY(fname, T, expr)                                   \
    static void fname(void *buf, const fixture *fx) {                \
        T *a = (T *)buf;                                             \
        size_t i;                                                    \
        (void)fx;                                                    \
        for (i = 0; i < BUF / sizeof(T); i++) a[i] = (expr);         \
    }

FILL_ARRAY(fill_ratios_benign, double, 1.5 + (double)(i % 3) * 0.25)
FILL_ARRAY(fill_doubles_nan, double, NAN)
FILL_ARRAY(fill_doubles_inf, double, INFINITY)
FILL_ARRAY(fill_doubles_neg, double, -1.0)
FILL_ARRAY(fill_doubles_tiny, double, 1e-320)
FILL_ARRAY(fill_doubles_huge, double, 1e308)
FILL_ARRAY(fill_doubles_mixed, double, i % 4 == 0 ? 1.5 : i % 4 == 1 ? NAN : i % 4 == 2 ? 1e-320 : 1e308)
FILL_ARRAY(fill_rects_benign, frames_rect, ((frames_rect){0.0, (double)i * 210.0, 320.0, 200.0}))
FILL_ARRAY(fill_rects_nan, frames_rect, ((frames_rect){NAN, NAN, NAN, NAN}))
FILL_ARRAY(fill_rects_inf, frames_rect, ((frames_rect){-INFINITY, INFINITY, INFINITY, -INFINITY}))
FILL_ARRAY(fill_rects_neg, frames_rect, ((frames_rect){-1.0, -1.0, -5.0, -5.0}))
FILL_ARRAY(fill_rects_huge, frames_rect, ((frames_rect){1e308, -1e308, 1e308, 1e308}))
FILL_ARRAY(fill_header_names, const char *, i % 2 ? "Content-Type" : "Retry-After")
FILL_ARRAY(fill_header_values, const char *, i % 2 ? "application/json" : "1")
FILL_ARRAY(fill_strs_nonutf8, const char *, "\xff\xfe")
FILL_ARRAY(fill_strs_empty, const char *, "")
FILL_ARRAY(fill_strs_bignum, const char *, "99999999999999999999999999")
FILL_ARRAY(fill_strs_negative, const char *, "-1")
FILL_ARRAY(fill_out_version, uint32_t, i == 0 ? 1u : 0u)

static void fill_deep_json(void *buf, const fixture *fx) {
    (void)fx;
    memset(buf, '[', BUF);
}

static void fill_plist_deep(void *buf, const fixture *fx) {
    char *s = (char *)buf;
    size_t n = 0;
    (void)fx;
    n += (size_t)sprintf(s, "<?xml version=\"1.0\"?><plist version=\"1.0\">");
    while (n + 8 < BUF - 1) { memcpy(s + n, "<array>", 7); n += 7; }
    s[n] = '\0';
}

#define FILL_STRUCT(fname, T, init, stmt)               \
    static void fname(void *buf, const fixture *fx) {   \
        T v = init;                                     \
        (void)fx;                                       \
        stmt;                                           \
        memcpy(buf, &v, sizeof v);                      \
    }

FILL_STRUCT(app_benign, frames_appearance, FRAMES_APPEARANCE_INIT, (void)0)
FILL_STRUCT(app_version2, frames_appearance, FRAMES_APPEARANCE_INIT, v.version = 2)
FILL_STRUCT(app_layout99, frames_appearance, FRAMES_APPEARANCE_INIT, v.layout_type = 99)
FILL_STRUCT(app_layout_neg, frames_appearance, FRAMES_APPEARANCE_INIT, v.layout_type = INT32_MIN)
FILL_STRUCT(app_side_nan, frames_appearance, FRAMES_APPEARANCE_INIT, v.side_inset = NAN)
FILL_STRUCT(app_leading_inf, frames_appearance, FRAMES_APPEARANCE_INIT, (v.has_leading_inset = true, v.leading_inset = INFINITY))
FILL_STRUCT(app_spacing_huge, frames_appearance, FRAMES_APPEARANCE_INIT, v.inter_item_spacing = 1e308)
FILL_STRUCT(app_corner_neg, frames_appearance, FRAMES_APPEARANCE_INIT, v.corner_radius = -1)
FILL_STRUCT(app_list_max, frames_appearance, FRAMES_APPEARANCE_INIT,
            (v.layout_type = FRAMES_LAYOUT_TYPE_VERTICAL_LIST, v.max_banners_count = INT64_MAX))
FILL_STRUCT(app_tiles_min, frames_appearance, FRAMES_APPEARANCE_INIT,
            (v.layout_type = FRAMES_LAYOUT_TYPE_TILES, v.max_banners_count = INT64_MIN))
FILL_STRUCT(app_tiles_gaps, frames_appearance, FRAMES_APPEARANCE_INIT,
            (v.layout_type = FRAMES_LAYOUT_TYPE_TILES, v.has_column_spacing = true, v.column_spacing = NAN,
             v.has_row_spacing = true, v.row_spacing = 1e308))
FILL_STRUCT(app_all_huge, frames_appearance, FRAMES_APPEARANCE_INIT,
            (v.layout_type = FRAMES_LAYOUT_TYPE_TILES, v.side_inset = 1e308, v.inter_item_spacing = 1e308,
             v.corner_radius = 1e308, v.has_leading_inset = true, v.leading_inset = 1e308,
             v.has_trailing_inset = true, v.trailing_inset = 1e308))
FILL_STRUCT(app_list_rtl_insets, frames_appearance, FRAMES_APPEARANCE_INIT,
            (v.layout_type = FRAMES_LAYOUT_TYPE_VERTICAL_LIST, v.side_inset = 1e300, v.inter_item_spacing = 1e300))

static char huge_a[HUGE_STRING + 1];

FILL_STRUCT(opt_benign, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT, (void)0)
FILL_STRUCT(opt_version1, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT, v.version = 1)
FILL_STRUCT(opt_version3, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT, v.version = 3)
FILL_STRUCT(opt_redact_bad, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT, v.record_redact = UINT32_MAX)
FILL_STRUCT(opt_attempts0, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT, v.retry_max_attempts = 0)
FILL_STRUCT(opt_attempts_max, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT, v.retry_max_attempts = UINT32_MAX)
FILL_STRUCT(opt_factor_nan, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT, v.retry_factor = NAN)
FILL_STRUCT(opt_factor_huge, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT, v.retry_factor = 1e308)
FILL_STRUCT(opt_delays_max, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT,
            (v.retry_base_delay_ms = INT64_MAX, v.retry_max_delay_ms = INT64_MAX, v.retry_max_retry_after_ms = INT64_MAX))
FILL_STRUCT(opt_delays_neg, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT,
            (v.retry_base_delay_ms = -1, v.retry_max_delay_ms = INT64_MIN, v.retry_max_retry_after_ms = -1))
FILL_STRUCT(opt_jitter_inf, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT, v.retry_jitter = INFINITY)
FILL_STRUCT(opt_jitter_neg, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT, v.retry_jitter = -1)
FILL_STRUCT(opt_timeouts0, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT,
            (v.request_timeout_ms = 0, v.render_timeout_ms = -1))
FILL_STRUCT(opt_timeouts_max, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT,
            (v.request_timeout_ms = INT64_MAX, v.render_timeout_ms = INT64_MAX))
FILL_STRUCT(opt_url_nonutf8, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT,
            (v.placements_url = "\xff\xfe", v.banners_url = "\xc0\xaf"))
FILL_STRUCT(opt_url_empty, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT, (v.placements_url = "", v.banners_url = ""))
FILL_STRUCT(opt_url_huge, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT, (v.placements_url = huge_a, v.banners_url = huge_a))
FILL_STRUCT(opt_url_http, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT,
            (v.placements_url = "http://127.0.0.1:1/x", v.allow_insecure_http = true))
FILL_STRUCT(opt_ids_bad, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT,
            (v.device_id = "", v.session_id = "\xff\xfe"))
FILL_STRUCT(opt_ids_huge, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT, (v.device_id = huge_a, v.session_id = huge_a))
FILL_STRUCT(opt_seed_max, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT, v.random_seed = UINT64_MAX)

/* frames_layout_batch: its pointers point at these (static, so they
 * outlive the call; every child is a fork, so writes stay there). The
 * benign batch lays out 3 ratios at 3 widths: 9 rects, 3 layouts. */
static const double batch_widths[3] = {320.0, 375.0, 390.0};
static const double batch_widths_nan[3] = {320.0, NAN, 390.0};
static const double batch_widths_inf[3] = {INFINITY, -INFINITY, -1.0};
static const double batch_ratios[3] = {1.5, 1.0, 2.0};
static const double batch_ratios_bad[3] = {1.5, -1.0, NAN};
static const double batch_ratios_tiny[3] = {1e-320, 1e-320, 1e-320};
static const size_t batch_one_list[1] = {3};
static const size_t batch_short_list[1] = {2};
static const size_t batch_lists_overflow[2] = {SIZE_MAX / 2 + 1, SIZE_MAX / 2 + 1};
static const size_t batch_three_lists[3] = {1, 0, 2};
static frames_rect batch_rects[16];
static size_t batch_ends[8];
static double batch_heights[8];
#define BATCH_BENIGN(v)                                                                    \
    (v.container_widths = batch_widths, v.width_count = 3, v.ratios = batch_ratios,         \
     v.ratio_count = 3, v.list_lengths = batch_one_list, v.list_count = 1,                  \
     v.out_rects = batch_rects, v.rects_capacity = 16, v.out_rect_ends = batch_ends,        \
     v.out_content_heights = batch_heights, v.layouts_capacity = 8)
FILL_STRUCT(batch_benign, frames_layout_batch, FRAMES_LAYOUT_BATCH_INIT, BATCH_BENIGN(v))
FILL_STRUCT(batch_empty, frames_layout_batch, FRAMES_LAYOUT_BATCH_INIT, (void)0)
FILL_STRUCT(batch_version2, frames_layout_batch, FRAMES_LAYOUT_BATCH_INIT, (BATCH_BENIGN(v), v.version = 2))
FILL_STRUCT(batch_rtl_three_lists, frames_layout_batch, FRAMES_LAYOUT_BATCH_INIT,
            (BATCH_BENIGN(v), v.rtl = true, v.list_lengths = batch_three_lists, v.list_count = 3))
FILL_STRUCT(batch_widths_nan_f, frames_layout_batch, FRAMES_LAYOUT_BATCH_INIT,
            (BATCH_BENIGN(v), v.container_widths = batch_widths_nan))
FILL_STRUCT(batch_widths_inf_f, frames_layout_batch, FRAMES_LAYOUT_BATCH_INIT,
            (BATCH_BENIGN(v), v.container_widths = batch_widths_inf))
FILL_STRUCT(batch_ratios_bad_f, frames_layout_batch, FRAMES_LAYOUT_BATCH_INIT,
            (BATCH_BENIGN(v), v.ratios = batch_ratios_bad))
FILL_STRUCT(batch_ratios_tiny_f, frames_layout_batch, FRAMES_LAYOUT_BATCH_INIT,
            (BATCH_BENIGN(v), v.ratios = batch_ratios_tiny))
FILL_STRUCT(batch_short_lengths, frames_layout_batch, FRAMES_LAYOUT_BATCH_INIT,
            (BATCH_BENIGN(v), v.list_lengths = batch_short_list))
FILL_STRUCT(batch_lengths_overflow, frames_layout_batch, FRAMES_LAYOUT_BATCH_INIT,
            (BATCH_BENIGN(v), v.list_lengths = batch_lists_overflow, v.list_count = 2))
FILL_STRUCT(batch_no_broadcast, frames_layout_batch, FRAMES_LAYOUT_BATCH_INIT,
            (BATCH_BENIGN(v), v.list_lengths = batch_lists_overflow, v.list_count = 2, v.width_count = 3))
FILL_STRUCT(batch_null_inputs, frames_layout_batch, FRAMES_LAYOUT_BATCH_INIT,
            (BATCH_BENIGN(v), v.container_widths = NULL, v.ratios = NULL, v.list_lengths = NULL))
FILL_STRUCT(batch_huge_counts, frames_layout_batch, FRAMES_LAYOUT_BATCH_INIT,
            (BATCH_BENIGN(v), v.container_widths = NULL, v.width_count = SIZE_MAX, v.ratios = NULL,
             v.ratio_count = SIZE_MAX / 8 + 1, v.list_lengths = NULL, v.list_count = SIZE_MAX / 8 + 1))
FILL_STRUCT(batch_null_outputs, frames_layout_batch, FRAMES_LAYOUT_BATCH_INIT,
            (BATCH_BENIGN(v), v.out_rects = NULL, v.out_rect_ends = NULL, v.out_content_heights = NULL))
FILL_STRUCT(batch_small_outputs, frames_layout_batch, FRAMES_LAYOUT_BATCH_INIT,
            (BATCH_BENIGN(v), v.rects_capacity = 2, v.layouts_capacity = 1))
FILL_STRUCT(batch_no_outputs, frames_layout_batch, FRAMES_LAYOUT_BATCH_INIT,
            (BATCH_BENIGN(v), v.out_rects = NULL, v.rects_capacity = 0, v.out_rect_ends = NULL,
             v.out_content_heights = NULL, v.layouts_capacity = 0))

FILL_STRUCT(replay_benign, frames_replay_options, FRAMES_REPLAY_OPTIONS_INIT, (void)0)
FILL_STRUCT(replay_version2, frames_replay_options, FRAMES_REPLAY_OPTIONS_INIT, v.version = 2)
FILL_STRUCT(replay_explain, frames_replay_options, FRAMES_REPLAY_OPTIONS_INIT, (v.explain_object = "engine", v.explain_at_ms = INT64_MIN))
FILL_STRUCT(host_benign, frames_host_callbacks, FRAMES_HOST_CALLBACKS_INIT, (void)0)
FILL_STRUCT(host_version2, frames_host_callbacks, FRAMES_HOST_CALLBACKS_INIT, v.version = 2)
FILL_STRUCT(host_version_max, frames_host_callbacks, FRAMES_HOST_CALLBACKS_INIT, v.version = UINT32_MAX)
FILL_STRUCT(fdel_version_max, frames_frame_delegate, FRAMES_FRAME_DELEGATE_INIT, v.version = UINT32_MAX)
FILL_STRUCT(bdel_version_max, frames_banner_place_delegate, FRAMES_BANNER_PLACE_DELEGATE_INIT, v.version = UINT32_MAX)
FILL_STRUCT(fdel_benign, frames_frame_delegate, FRAMES_FRAME_DELEGATE_INIT, (void)0)
FILL_STRUCT(fdel_version2, frames_frame_delegate, FRAMES_FRAME_DELEGATE_INIT, v.version = 2)
FILL_STRUCT(bdel_benign, frames_banner_place_delegate, FRAMES_BANNER_PLACE_DELEGATE_INIT, (void)0)
FILL_STRUCT(bdel_version2, frames_banner_place_delegate, FRAMES_BANNER_PLACE_DELEGATE_INIT, v.version = 2)
FILL_STRUCT(bsdel_benign, frames_banners_delegate, FRAMES_BANNERS_DELEGATE_INIT, (void)0)
FILL_STRUCT(bsdel_version2, frames_banners_delegate, FRAMES_BANNERS_DELEGATE_INIT, v.version = 2)
FILL_STRUCT(bsdel_version_max, frames_banners_delegate, FRAMES_BANNERS_DELEGATE_INIT, v.version = UINT32_MAX)
FILL_STRUCT(mdel_benign, frames_messages_delegate, FRAMES_MESSAGES_DELEGATE_INIT, (void)0)
FILL_STRUCT(mdel_version2, frames_messages_delegate, FRAMES_MESSAGES_DELEGATE_INIT, v.version = 2)
FILL_STRUCT(mdel_version_max, frames_messages_delegate, FRAMES_MESSAGES_DELEGATE_INIT, v.version = UINT32_MAX)
FILL_STRUCT(idel_benign, frames_inline_delegate, FRAMES_INLINE_DELEGATE_INIT, (void)0)
FILL_STRUCT(idel_version2, frames_inline_delegate, FRAMES_INLINE_DELEGATE_INIT, v.version = 2)
FILL_STRUCT(idel_version_max, frames_inline_delegate, FRAMES_INLINE_DELEGATE_INIT, v.version = UINT32_MAX)
FILL_STRUCT(ivdel_benign, frames_inline_view_delegate, FRAMES_INLINE_VIEW_DELEGATE_INIT, (void)0)
FILL_STRUCT(ivdel_version2, frames_inline_view_delegate, FRAMES_INLINE_VIEW_DELEGATE_INIT, v.version = 2)
FILL_STRUCT(ivdel_version_max, frames_inline_view_delegate, FRAMES_INLINE_VIEW_DELEGATE_INIT, v.version = UINT32_MAX)
FILL_STRUCT(opt_inline_bad, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT,
            (v.inline_url = "ftp://x", v.inline_url_schemes = "javascript,,\xff", v.inline_call_timeout_ms = -1,
             v.inline_refresh_interval_ms = INT64_MIN))
FILL_STRUCT(opt_inline_huge, frames_engine_options, FRAMES_ENGINE_OPTIONS_INIT,
            (v.inline_url = huge_a, v.inline_url_schemes = huge_a, v.inline_call_timeout_ms = INT64_MAX,
             v.inline_refresh_interval_ms = INT64_MAX))

FILL_STRUCT(rect_benign, frames_rect, ((frames_rect){0.0, 0.0, 320.0, 480.0}), (void)0)
FILL_STRUCT(rect_nan, frames_rect, ((frames_rect){NAN, NAN, NAN, NAN}), (void)0)
FILL_STRUCT(rect_inf, frames_rect, ((frames_rect){0.0, -INFINITY, INFINITY, INFINITY}), (void)0)
FILL_STRUCT(rect_neg, frames_rect, ((frames_rect){-10.0, -10.0, -320.0, -480.0}), (void)0)
FILL_STRUCT(rect_huge, frames_rect, ((frames_rect){-1e308, 1e308, 1e308, 1e308}), (void)0)

/* ------------------------------------------------------------------------ */
/* The contract table                                                        */
/* ------------------------------------------------------------------------ */

/* (function, size parameter, buffer parameter, element size). A buffer
 * holding `count` elements is read or written by the library. */
static const struct {
    const char *function, *size, *buffer;
    size_t elem;
} contracts[] = {
    {"frames_layout_banners", "count", "ratios", sizeof(double)},
    {"frames_layout_banners", "rects_capacity", "out_rects", sizeof(frames_rect)},
    {"frames_layout_scroll_offset", "count", "ratios", sizeof(double)},
    {"frames_engine_new", "config_len", "config", 1},
    {"frames_engine_complete_request", "header_count", "header_names", sizeof(char *)},
    {"frames_engine_complete_request", "header_count", "header_values", sizeof(char *)},
    {"frames_engine_complete_request", "body_len", "body", 1},
    {"frames_banner_place_get_rows", "capacity", "out_rows", sizeof(frames_banner_row)},
    {"frames_frame_get_placement_id", "capacity", "buffer", 1},
    {"frames_banner_place_get_banner_id", "capacity", "buffer", 1},
    {"frames_engine_import_state", "blob_len", "blob", 1},
    {"frames_replay", "recording_len", "recording", 1},
    {"frames_messages_handle_notification", "payload_len", "payload", 1},
    {"frames_layout_visibility", "count", "rects", sizeof(frames_rect)},
    {"frames_layout_visibility", "count", "out_shares", sizeof(double)},
    {"frames_layout_visibility", "count", "out_eligible", sizeof(bool)},
    {"frames_inline_view_report_bridge_message", "message_len", "message", 1},
};

/* size_t parameters that describe no buffer (besides every `index`). */
static const struct {
    const char *function, *param;
} pure_sizes[] = {
    {"frames_layout_measure", "count"}, /* O(1) whatever the count */
    {"frames_message_report_button_tapped", "button_index"}, /* an index: past the buttons is out of range */
};

/* Benign strings by parameter name (others: "abc"). */
static const char *benign_string(const char *name) {
    if (strstr(name, "placement_id")) return "home";
    if (strcmp(name, "user_id") == 0) return "user-1";
    if (strcmp(name, "session_id") == 0) return "session-2";
    if (strcmp(name, "data_json") == 0) return "{\"k\": 1}";
    if (strcmp(name, "target") == 0) return "https://example.com/";
    if (strcmp(name, "properties_json") == 0 || strcmp(name, "result_json") == 0) return "{\"k\": 1}";
    return "abc";
}

/* ------------------------------------------------------------------------ */
/* Edge sets                                                                 */
/* ------------------------------------------------------------------------ */

static void add(param *p, edge e) {
    if (p->n_edges >= MAX_EDGES) { fprintf(stderr, "too many edges for %s\n", p->name); exit(2); }
    p->edges[p->n_edges++] = e;
}
#define EINT(l, v) ((edge){.label = (l), .tag = E_INT, .i = (v)})
#define EUINT(l, v) ((edge){.label = (l), .tag = E_UINT, .u = (v)})
#define EDBL(l, v) ((edge){.label = (l), .tag = E_DBL, .d = (v)})
#define ETAG(l, t) ((edge){.label = (l), .tag = (t)})
#define ESTR(l, v) ((edge){.label = (l), .tag = E_STR, .s = (v)})
#define EFILL(l, f) ((edge){.label = (l), .tag = E_FILL, .fill = (f)})

static void string_edges(param *p) {
    add(p, ETAG("NULL", E_NULL));
    add(p, ESTR("\"\"", ""));
    add(p, ESTR("\"\\xff\\xfe\" (not UTF-8)", "\xff\xfe"));
    add(p, ESTR("\"\\xc0\\xaf\" (overlong UTF-8)", "\xc0\xaf"));
    add(p, ESTR("control characters", "a\x01\x1b\x7f\n\"'\\"));
    add(p, ((edge){.label = "257 bytes", .tag = E_STR_REPEAT, .s = "x", .u = 257}));
    add(p, ((edge){.label = "1 MiB string", .tag = E_STR_REPEAT, .s = "a", .u = HUGE_STRING}));
}

static void pointer_generic_edges(param *p, bool ff) {
    add(p, ETAG("NULL", E_NULL));
    add(p, ETAG("zeroed 4 KiB", E_ZERO));
    if (ff) add(p, ETAG("4 KiB of 0xff", E_FF));
}

static bool is_contract_buffer(const function *f, const param *p, size_t *elem) {
    size_t i;
    for (i = 0; i < sizeof contracts / sizeof contracts[0]; i++)
        if (strcmp(contracts[i].function, f->name) == 0 && strcmp(contracts[i].buffer, p->name) == 0) {
            *elem = contracts[i].elem;
            return true;
        }
    return false;
}

static bool is_contract_size(const function *f, const param *p) {
    size_t i;
    for (i = 0; i < sizeof contracts / sizeof contracts[0]; i++)
        if (strcmp(contracts[i].function, f->name) == 0 && strcmp(contracts[i].size, p->name) == 0) return true;
    return false;
}

static bool is_pure_size(const function *f, const param *p) {
    size_t i;
    if (strcmp(p->name, "index") == 0) return true;
    for (i = 0; i < sizeof pure_sizes / sizeof pure_sizes[0]; i++)
        if (strcmp(pure_sizes[i].function, f->name) == 0 && strcmp(pure_sizes[i].param, p->name) == 0) return true;
    return false;
}

static int refuse(const function *f, const param *p, const char *why) {
    fprintf(stderr, "ffi_sweep: %s parameter %s (%s): %s\n", f->name, p->name, p->type, why);
    return -1;
}

/* Fills p->t, p->ffi and p->edges. edges[0] is the benign value. */
static int edges_for(function *f, param *p) {
    const char *ty = p->type;
    size_t elem = 0;
    char base[128];
    p->n_edges = 0;
    if (is_contract_buffer(f, p, &elem)) p->elem_size = elem;

    if (strcmp(ty, "_Bool") == 0 || strcmp(ty, "bool") == 0) {
        p->t = T_BOOL; p->ffi = &ffi_type_uint8;
        add(p, EINT("false", 0)); add(p, EINT("true", 1));
        return 0;
    }
    if (strcmp(ty, "double") == 0) {
        p->t = T_DOUBLE; p->ffi = &ffi_type_double;
        add(p, EDBL("320", 320.0));
        add(p, EDBL("0", 0.0)); add(p, EDBL("-0", -0.0)); add(p, EDBL("-1", -1.0));
        add(p, EDBL("NaN", NAN)); add(p, EDBL("+inf", INFINITY)); add(p, EDBL("-inf", -INFINITY));
        add(p, EDBL("1e308", 1e308)); add(p, EDBL("5e-324", 5e-324));
        return 0;
    }
    if (strcmp(ty, "size_t") == 0) {
        p->t = T_SIZE; p->ffi = &ffi_type_uint64;
        if (!is_contract_size(f, p) && !is_pure_size(f, p))
            return refuse(f, p, "a size_t that is neither in contracts[] (it describes a buffer) nor in pure_sizes[]");
        add(p, EUINT(strcmp(p->name, "index") == 0 ? "0" : "3", strcmp(p->name, "index") == 0 ? 0 : 3));
        if (strcmp(p->name, "index") != 0) add(p, EUINT("0", 0));
        add(p, EUINT("1", 1)); add(p, EUINT("2^31", (uint64_t)1 << 31));
        add(p, EUINT("INT64_MAX", INT64_MAX)); add(p, EUINT("SIZE_MAX", SIZE_MAX));
        add(p, EUINT("SIZE_MAX/8+1", SIZE_MAX / 8 + 1)); add(p, EUINT("SIZE_MAX/32+1", SIZE_MAX / 32 + 1));
        if (is_contract_size(f, p)) add(p, ETAG("fills the buffer", E_SIZE_FIT));
        return 0;
    }
    if (strchr(ty, '*') == NULL) return 1; /* other scalars: by canonical type */
    if (strcmp(ty, "const char *") == 0 && !elem) {
        p->t = T_STR; p->ffi = &ffi_type_pointer;
        add(p, ESTR(benign_string(p->name), benign_string(p->name)));
        string_edges(p);
        return 0;
    }
    /* Pointers. */
    p->ffi = &ffi_type_pointer;
    p->t = T_PTR;
    snprintf(base, sizeof base, "%s", ty);
    {
        /* "frames_engine *" -> handle kind frames_engine */
        char name[128];
        int k;
        if (sscanf(base, "%127[a-z_] *", name) == 1 && strcmp(base + strlen(name), " *") == 0 &&
            (k = handle_kind_of(name)) >= 0) {
            p->t = T_HANDLE;
            p->handle_kind = k;
            add(p, ETAG("live handle", E_H_LIVE));
            add(p, ETAG("NULL", E_H_NULL));
            add(p, ETAG("freed handle", E_H_FREED));
            for (int o = 0; o < n_opaque; o++) {
                if (o == k) continue;
                char *label = (char *)malloc(96);
                snprintf(label, 96, "wrong kind (a live %s)", opaque[o]);
                add(p, ((edge){.label = label, .tag = E_H_WRONG, .handle_kind = o}));
            }
            add(p, ETAG("never-created 0x1234", E_H_BOGUS));
            add(p, ETAG("zeroed 4 KiB (not a handle)", E_H_ZERO));
            return 0;
        }
    }
    if (elem) {
        if (strcmp(ty, "const double *") == 0) {
            add(p, EFILL("ratios 1.5..2", fill_ratios_benign));
            pointer_generic_edges(p, true);
            add(p, EFILL("NaN each", fill_doubles_nan)); add(p, EFILL("+inf each", fill_doubles_inf));
            add(p, EFILL("-1 each", fill_doubles_neg)); add(p, EFILL("1e-320 each", fill_doubles_tiny));
            add(p, EFILL("1e308 each", fill_doubles_huge)); add(p, EFILL("mixed NaN/1e-320/1e308", fill_doubles_mixed));
        } else if (strcmp(ty, "const frames_rect *") == 0) {
            add(p, EFILL("valid rects", fill_rects_benign));
            pointer_generic_edges(p, true);
            add(p, EFILL("NaN rects", fill_rects_nan)); add(p, EFILL("inf rects", fill_rects_inf));
            add(p, EFILL("negative rects", fill_rects_neg)); add(p, EFILL("1e308 rects", fill_rects_huge));
        } else if (strcmp(ty, "const char *const *") == 0) {
            bool names = strstr(p->name, "name") != NULL;
            add(p, EFILL(names ? "header names" : "header values", names ? fill_header_names : fill_header_values));
            pointer_generic_edges(p, false); /* zeroed = NULL entries; no 0xff: garbage pointers */
            add(p, EFILL("\"\\xff\\xfe\" each", fill_strs_nonutf8)); add(p, EFILL("\"\" each", fill_strs_empty));
            add(p, EFILL("\"99999999999999999999999999\" each", fill_strs_bignum));
            add(p, EFILL("\"-1\" each", fill_strs_negative));
        } else if (strcmp(ty, "const char *") == 0 || strcmp(ty, "const uint8_t *") == 0) {
            p->bytes = true;
            if (strcmp(p->name, "config") == 0) add(p, ESTR("App Frames config JSON", enabled_config));
            else add(p, ESTR("{}", "{}"));
            pointer_generic_edges(p, true);
            add(p, ESTR("\"\"", "")); add(p, ESTR("\"\\xff\\xfe\"", "\xff\xfe"));
            add(p, ESTR("null", "null")); add(p, ESTR("truncated JSON", "{\"Insider\": {\"App Frames"));
            add(p, ESTR("plist", "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>Insider</key><dict>"
                                 "<key>App Frames Enabled</key><true/></dict></dict></plist>"));
            add(p, ESTR("JSON 1e999", "{\"Insider\": {\"App Frames Enabled\": 1e999}}"));
            add(p, EFILL("4 KiB of '[' (nesting)", fill_deep_json));
            add(p, EFILL("4 KiB plist <array> nesting", fill_plist_deep));
            add(p, ((edge){.label = "1 MiB of '['", .tag = E_STR_REPEAT, .s = "[", .u = HUGE_STRING}));
            add(p, ((edge){.label = "1 MiB of 'a'", .tag = E_STR_REPEAT, .s = "a", .u = HUGE_STRING}));
        } else if (strncmp(ty, "const ", 6) != 0) {
            /* An output array. */
            add(p, ETAG("zeroed 4 KiB", E_ZERO));
            add(p, ETAG("NULL", E_NULL));
            add(p, ETAG("4 KiB of 0xff", E_FF));
        } else {
            return refuse(f, p, "an array type the sweep has no edges for");
        }
        return 0;
    }
    if (strcmp(ty, "const double *") == 0 || strcmp(ty, "const char *const *") == 0 ||
        strcmp(ty, "const uint8_t *") == 0)
        return refuse(f, p, "looks like an array but is not in contracts[]");
    if (strcmp(ty, "const frames_appearance *") == 0) {
        add(p, EFILL("FRAMES_APPEARANCE_INIT", app_benign));
        pointer_generic_edges(p, true);
        add(p, EFILL("version 2", app_version2)); add(p, EFILL("layout_type 99", app_layout99));
        add(p, EFILL("layout_type INT32_MIN", app_layout_neg)); add(p, EFILL("side_inset NaN", app_side_nan));
        add(p, EFILL("leading_inset +inf", app_leading_inf)); add(p, EFILL("inter_item_spacing 1e308", app_spacing_huge));
        add(p, EFILL("corner_radius -1", app_corner_neg)); add(p, EFILL("list, max_banners_count INT64_MAX", app_list_max));
        add(p, EFILL("tiles, max_banners_count INT64_MIN", app_tiles_min));
        add(p, EFILL("tiles, column NaN, row 1e308", app_tiles_gaps)); add(p, EFILL("tiles, every length 1e308", app_all_huge));
        add(p, EFILL("list, insets and spacing 1e300", app_list_rtl_insets));
    } else if (strcmp(ty, "const frames_engine_options *") == 0) {
        add(p, EFILL("FRAMES_ENGINE_OPTIONS_INIT", opt_benign));
        pointer_generic_edges(p, callback_garbage); /* record_write stays NULL: no 0xff garbage */
        add(p, EFILL("version 1 (before recording)", opt_version1)); add(p, EFILL("version 3", opt_version3));
        add(p, EFILL("record_redact UINT32_MAX", opt_redact_bad)); add(p, EFILL("retry_max_attempts 0", opt_attempts0));
        add(p, EFILL("retry_max_attempts UINT32_MAX", opt_attempts_max)); add(p, EFILL("retry_factor NaN", opt_factor_nan));
        add(p, EFILL("retry_factor 1e308", opt_factor_huge)); add(p, EFILL("delays INT64_MAX", opt_delays_max));
        add(p, EFILL("delays negative", opt_delays_neg)); add(p, EFILL("retry_jitter +inf", opt_jitter_inf));
        add(p, EFILL("retry_jitter -1", opt_jitter_neg)); add(p, EFILL("timeouts 0/-1", opt_timeouts0));
        add(p, EFILL("timeouts INT64_MAX", opt_timeouts_max)); add(p, EFILL("urls not UTF-8", opt_url_nonutf8));
        add(p, EFILL("urls \"\"", opt_url_empty)); add(p, EFILL("urls 1 MiB", opt_url_huge));
        add(p, EFILL("http url, insecure allowed", opt_url_http)); add(p, EFILL("device_id \"\", session_id not UTF-8", opt_ids_bad));
        add(p, EFILL("ids 1 MiB", opt_ids_huge)); add(p, EFILL("random_seed UINT64_MAX", opt_seed_max));
        add(p, EFILL("inline: ftp url, refused schemes, negative times", opt_inline_bad));
        add(p, EFILL("inline: 1 MiB url and schemes, INT64_MAX times", opt_inline_huge));
    } else if (strcmp(ty, "const frames_replay_options *") == 0) {
        add(p, EFILL("FRAMES_REPLAY_OPTIONS_INIT", replay_benign));
        pointer_generic_edges(p, callback_garbage); /* transcript stays NULL: no 0xff garbage */
        add(p, EFILL("version 2", replay_version2));
        add(p, EFILL("explain \"engine\" at INT64_MIN", replay_explain));
    } else if (strcmp(ty, "const frames_host_callbacks *") == 0) {
        add(p, EFILL("FRAMES_HOST_CALLBACKS_INIT", host_benign));
        pointer_generic_edges(p, callback_garbage); /* callback members stay NULL: no 0xff garbage */
        add(p, EFILL("version 2", host_version2));
        add(p, EFILL("version UINT32_MAX, members NULL", host_version_max));
    } else if (strcmp(ty, "const frames_frame_delegate *") == 0) {
        add(p, EFILL("FRAMES_FRAME_DELEGATE_INIT", fdel_benign));
        pointer_generic_edges(p, callback_garbage); /* callback members stay NULL: no 0xff garbage */
        add(p, EFILL("version 2", fdel_version2));
        add(p, EFILL("version UINT32_MAX, members NULL", fdel_version_max));
    } else if (strcmp(ty, "const frames_banner_place_delegate *") == 0) {
        add(p, EFILL("FRAMES_BANNER_PLACE_DELEGATE_INIT", bdel_benign));
        pointer_generic_edges(p, callback_garbage); /* callback members stay NULL: no 0xff garbage */
        add(p, EFILL("version 2", bdel_version2));
        add(p, EFILL("version UINT32_MAX, members NULL", bdel_version_max));
    } else if (strcmp(ty, "const frames_banners_delegate *") == 0) {
        add(p, EFILL("FRAMES_BANNERS_DELEGATE_INIT", bsdel_benign));
        pointer_generic_edges(p, callback_garbage); /* callback members stay NULL: no 0xff garbage */
        add(p, EFILL("version 2", bsdel_version2));
        add(p, EFILL("version UINT32_MAX, members NULL", bsdel_version_max));
    } else if (strcmp(ty, "const frames_messages_delegate *") == 0) {
        add(p, EFILL("FRAMES_MESSAGES_DELEGATE_INIT", mdel_benign));
        pointer_generic_edges(p, callback_garbage); /* callback members stay NULL: no 0xff garbage */
        add(p, EFILL("version 2", mdel_version2));
        add(p, EFILL("version UINT32_MAX, members NULL", mdel_version_max));
    } else if (strcmp(ty, "const frames_inline_delegate *") == 0) {
        add(p, EFILL("FRAMES_INLINE_DELEGATE_INIT", idel_benign));
        pointer_generic_edges(p, callback_garbage); /* callback members stay NULL: no 0xff garbage */
        add(p, EFILL("version 2", idel_version2));
        add(p, EFILL("version UINT32_MAX, members NULL", idel_version_max));
    } else if (strcmp(ty, "const frames_inline_view_delegate *") == 0) {
        add(p, EFILL("FRAMES_INLINE_VIEW_DELEGATE_INIT", ivdel_benign));
        pointer_generic_edges(p, callback_garbage); /* callback members stay NULL: no 0xff garbage */
        add(p, EFILL("version 2", ivdel_version2));
        add(p, EFILL("version UINT32_MAX, members NULL", ivdel_version_max));
    } else if (strcmp(ty, "const frames_rect *") == 0) {
        add(p, EFILL("{0,0,320,480}", rect_benign));
        pointer_generic_edges(p, true);
        add(p, EFILL("NaN rect", rect_nan)); add(p, EFILL("inf rect", rect_inf));
        add(p, EFILL("negative rect", rect_neg)); add(p, EFILL("1e308 rect", rect_huge));
    } else if (strcmp(ty, "frames_layout_batch *") == 0) {
        /* In and out: its own pointers and counts are the edges. */
        add(p, EFILL("3 ratios at 3 widths", batch_benign));
        pointer_generic_edges(p, true);
        add(p, EFILL("FRAMES_LAYOUT_BATCH_INIT (empty)", batch_empty));
        add(p, EFILL("version 2", batch_version2));
        add(p, EFILL("RTL, lists of 1, 0, 2", batch_rtl_three_lists));
        add(p, EFILL("a NaN width", batch_widths_nan_f));
        add(p, EFILL("inf, -inf, -1 widths", batch_widths_inf_f));
        add(p, EFILL("ratios 1.5, -1, NaN", batch_ratios_bad_f));
        add(p, EFILL("ratios 1e-320", batch_ratios_tiny_f));
        add(p, EFILL("lengths add up to 2 of 3", batch_short_lengths));
        add(p, EFILL("lengths SIZE_MAX/2+1 twice", batch_lengths_overflow));
        add(p, EFILL("3 widths, 2 lists", batch_no_broadcast));
        add(p, EFILL("NULL inputs with counts", batch_null_inputs));
        add(p, EFILL("SIZE_MAX counts, NULL inputs", batch_huge_counts));
        add(p, EFILL("NULL outputs with capacities", batch_null_outputs));
        add(p, EFILL("outputs too small", batch_small_outputs));
        add(p, EFILL("no outputs (a size query)", batch_no_outputs));
    } else if (strncmp(ty, "const ", 6) == 0 && strcmp(ty + strlen(ty) - 2, "**") != 0) {
        /* (a `const T **` is an output: the library writes a pointer into it) */
        return refuse(f, p, "a const struct pointer the sweep has no edges for (add them)");
    } else {
        /* A single output object (out_*, T **, or an options struct to fill):
         * benign = 4 KiB with a version of 1 in the first 4 bytes. */
        add(p, EFILL("4 KiB (first u32 = 1)", fill_out_version));
        pointer_generic_edges(p, true);
    }
    return 0;
}

static int scalar_edges(function *f, param *p, const char *canonical) {
    if (strcmp(canonical, "int") == 0) {
        p->t = T_I32; p->ffi = &ffi_type_sint32;
        add(p, EINT(strcmp(p->name, "http_status") == 0 ? "200" : "0", strcmp(p->name, "http_status") == 0 ? 200 : 0));
        if (strcmp(p->name, "http_status") == 0) add(p, EINT("0", 0));
        add(p, EINT("1", 1)); add(p, EINT("-1", -1)); add(p, EINT("99", 99));
        add(p, EINT("INT32_MAX", INT32_MAX)); add(p, EINT("INT32_MIN", INT32_MIN));
        return 0;
    }
    if (strcmp(canonical, "unsigned int") == 0) {
        p->t = T_U32; p->ffi = &ffi_type_uint32;
        add(p, EUINT("1", 1)); add(p, EUINT("0", 0)); add(p, EUINT("2", 2));
        add(p, EUINT("2^31", (uint64_t)1 << 31)); add(p, EUINT("UINT32_MAX", UINT32_MAX));
        return 0;
    }
    if (strcmp(canonical, "long") == 0) {
        p->t = T_I64; p->ffi = &ffi_type_sint64;
        add(p, EINT("1000", 1000)); add(p, EINT("0", 0)); add(p, EINT("1", 1)); add(p, EINT("-1", -1));
        add(p, EINT("INT64_MAX", INT64_MAX)); add(p, EINT("INT64_MIN", INT64_MIN));
        add(p, EINT("INT64_MAX-1000", INT64_MAX - 1000));
        return 0;
    }
    if (strcmp(canonical, "unsigned long") == 0) {
        p->t = T_U64; p->ffi = &ffi_type_uint64;
        if (strcmp(p->name, "request_id") == 0) add(p, ETAG("the request in flight", E_REQ_ID));
        else add(p, EUINT("1", 1));
        add(p, EUINT("0", 0)); add(p, EUINT("1", 1)); add(p, EUINT("INT64_MAX", INT64_MAX));
        add(p, EUINT("UINT64_MAX", UINT64_MAX));
        return 0;
    }
    return refuse(f, p, "an unsupported scalar type");
}

/* ------------------------------------------------------------------------ */
/* One call (in the child)                                                   */
/* ------------------------------------------------------------------------ */

typedef struct {
    void *ptr;
    bool is_null;
    size_t cap; /* bytes the pointer may be read/written through; strings: strlen */
    union { int32_t i32; uint32_t u32; int64_t i64; uint64_t u64; double d; uint8_t b; void *p; } v;
    char label[160];
} arg;

static void *xalloc(size_t n) {
    void *p = calloc(1, n);
    if (!p) { fprintf(stderr, "out of memory\n"); _exit(4); }
    return p;
}

static void build_arg(const param *p, const edge *e, const fixture *fx, arg *a) {
    memset(a, 0, sizeof *a);
    snprintf(a->label, sizeof a->label, "%s", e->label);
    switch (e->tag) {
    case E_INT:
        if (p->t == T_I32) a->v.i32 = (int32_t)e->i;
        else if (p->t == T_BOOL) a->v.b = (uint8_t)e->i;
        else a->v.i64 = e->i;
        return;
    case E_UINT:
        if (p->t == T_U32) a->v.u32 = (uint32_t)e->u;
        else a->v.u64 = e->u;
        return;
    case E_DBL: a->v.d = e->d; return;
    case E_BOOL: a->v.b = (uint8_t)e->i; return;
    case E_REQ_ID:
        a->v.u64 = fx->request_id;
        snprintf(a->label, sizeof a->label, "%llu (in flight)", (unsigned long long)fx->request_id);
        return;
    case E_SIZE_FIT: a->v.u64 = UINT64_MAX; return; /* resolved by repair() */
    case E_H_NULL: a->is_null = true; a->v.p = NULL; return;
    case E_H_LIVE: a->v.p = fx->live[p->handle_kind]; a->cap = 1; return;
    case E_H_FREED: a->v.p = fx->freed[p->handle_kind]; a->cap = 1; return;
    case E_H_WRONG: a->v.p = fx->live[e->handle_kind]; a->cap = 1; return;
    case E_H_BOGUS: a->v.p = (void *)(uintptr_t)0x1234; a->cap = 1; return;
    case E_H_ZERO: a->v.p = xalloc(BUF); a->cap = BUF; return;
    case E_NULL: a->is_null = true; a->v.p = NULL; return;
    case E_STR: a->v.p = (void *)e->s; a->cap = strlen(e->s); return;
    case E_STR_REPEAT: {
        char *s = (char *)xalloc(e->u + 1);
        memset(s, e->s[0], e->u);
        a->v.p = s;
        a->cap = e->u;
        return;
    }
    case E_ZERO: a->v.p = xalloc(BUF); a->cap = BUF; return;
    case E_FF: a->v.p = xalloc(BUF); memset(a->v.p, 0xff, BUF); a->cap = BUF; return;
    case E_FILL:
        a->v.p = xalloc(BUF);
        e->fill(a->v.p, fx);
        a->cap = p->bytes ? strnlen((const char *)a->v.p, BUF) : BUF;
        if (p->bytes && a->cap == BUF) a->cap = BUF; /* no NUL: the whole buffer */
        return;
    }
}

/* Makes the call honest; see the header comment. `varied` is the parameter
 * whose edge is tried (-1: a random combination, `coins` decides). */
static void repair(const function *f, arg *args, const int *choice, int varied, uint64_t coins) {
    int s, j;
    for (s = 0; s < f->n; s++) {
        const param *sp = &f->params[s];
        uint64_t count;
        if (sp->n_describes == 0) continue;
        count = args[s].v.u64;
        if (count == UINT64_MAX && strcmp(args[s].label, "fills the buffer") == 0) {
            uint64_t fit = UINT64_MAX;
            for (j = 0; j < sp->n_describes; j++) {
                int b = sp->describes[j];
                if (!args[b].is_null) {
                    uint64_t c = args[b].cap / f->params[b].elem_size;
                    if (c < fit) fit = c;
                }
            }
            count = fit == UINT64_MAX ? 0 : fit;
        }
        for (j = 0; j < sp->n_describes; j++) {
            int b = sp->describes[j];
            const param *bp = &f->params[b];
            /* A byte buffer's benign length is its length. */
            if ((varied == b || choice[s] == 0) && bp->bytes && !args[b].is_null) count = args[b].cap;
        }
        for (j = 0; j < sp->n_describes; j++) {
            int b = sp->describes[j];
            const param *bp = &f->params[b];
            if (args[b].is_null) continue;
            if (count <= args[b].cap / bp->elem_size) continue;
            if (varied == s || (varied == -1 && ((coins >> (s * 4 + j)) & 1))) {
                args[b].v.p = NULL;
                args[b].is_null = true;
                snprintf(args[b].label, sizeof args[b].label, "NULL (count %llu > its buffer)", (unsigned long long)count);
            } else {
                count = args[b].cap / bp->elem_size;
            }
        }
        args[s].v.u64 = count;
        snprintf(args[s].label, sizeof args[s].label, "%llu", (unsigned long long)count);
    }
}

static void describe(const function *f, const arg *args, char *out, size_t n) {
    int i;
    size_t len = (size_t)snprintf(out, n, "%s(", f->name);
    for (i = 0; i < f->n && len < n; i++)
        len += (size_t)snprintf(out + len, n - len, "%s%s=%s", i ? ", " : "", f->params[i].name, args[i].label);
    if (len < n) snprintf(out + len, n - len, ")");
}

/* The child: fixture, arguments, the call; writes "D desc", then
 * "R code lastcode" / "S ok|NULL" / "V", and exits 0. */
static void child(const function *f, const int *choice, int varied, uint64_t coins, int out) {
    fixture fx;
    arg args[MAX_PARAMS];
    void *values[MAX_PARAMS];
    char desc[4096];
    void *fn = f->fn;
    ffi_arg rc = 0;
    int i;
    alarm(CHILD_TIMEOUT_S);
    if (f->library) {
        void *h = dlopen(f->library, RTLD_NOW | RTLD_LOCAL);
        if (!h || !(fn = dlsym(h, f->name))) { dprintf(out, "F dlopen %s: %s\n", f->library, dlerror()); _exit(3); }
        memset(&fx, 0, sizeof fx);
    } else {
        fixture_setup(&fx, out);
    }
    for (i = 0; i < f->n; i++) build_arg(&f->params[i], &f->params[i].edges[choice[i]], &fx, &args[i]);
    repair(f, args, choice, varied, coins);
    for (i = 0; i < f->n; i++) values[i] = &args[i].v;
    describe(f, args, desc, sizeof desc);
    dprintf(out, "D %s\n", desc);
    ffi_call((ffi_cif *)&f->cif, FFI_FN(fn), &rc, values);
    switch (f->ret) {
    case T_RESULT: {
        int32_t code = (int32_t)rc;
        int32_t last = code < 0 && lib.last_code && !f->library ? lib.last_code() : code;
        dprintf(out, "R %d %d\n", code, last);
        break;
    }
    case T_STR: {
        const char *s = (const char *)(uintptr_t)rc;
        if (s) { volatile size_t n = strlen(s); (void)n; }
        dprintf(out, "S %s\n", s ? "ok" : "NULL");
        break;
    }
    default: dprintf(out, "V\n"); break;
    }
    _exit(0);
}

typedef struct {
    bool failed;
    bool last_mismatch;
    char result[32];
    char why[160];
    char desc[4096];
} outcome;

static bool documented_code(int code) {
    int i;
    for (i = 0; i < n_documented; i++)
        if (documented[i] == code) return true;
    return false;
}

static void run_one(const function *f, const int *choice, int varied, uint64_t coins, outcome *o) {
    int fds[2], status = 0;
    pid_t pid;
    char buf[8192];
    size_t len = 0;
    ssize_t n;
    char *line;
    memset(o, 0, sizeof *o);
    if (pipe(fds) != 0) { perror("pipe"); exit(2); }
    fflush(stdout);
    fflush(stderr);
    pid = fork();
    if (pid < 0) { perror("fork"); exit(2); }
    if (pid == 0) {
        close(fds[0]);
        child(f, choice, varied, coins, fds[1]);
    }
    close(fds[1]);
    while ((n = read(fds[0], buf + len, sizeof buf - 1 - len)) > 0) len += (size_t)n;
    buf[len] = '\0';
    close(fds[0]);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    snprintf(o->desc, sizeof o->desc, "%s(<arguments not reported>)", f->name);
    for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == 'D') snprintf(o->desc, sizeof o->desc, "%s", line + 2);
        else if (line[0] == 'F') { o->failed = true; snprintf(o->why, sizeof o->why, "%s", line + 2); }
        else if (line[0] == 'R') {
            int code = 0, last = 0;
            sscanf(line + 2, "%d %d", &code, &last);
            snprintf(o->result, sizeof o->result, "-> %d", code);
            if (!documented_code(code)) {
                o->failed = true;
                snprintf(o->why, sizeof o->why, "returned %d, not a code frames.h documents", code);
            } else if (code < 0 && last != code) {
                o->last_mismatch = true;
                snprintf(o->why, sizeof o->why, "returned %d but frames_error_last_code() is %d", code, last);
            }
        } else if (line[0] == 'S' && strcmp(line + 2, "NULL") == 0) {
            o->failed = true;
            snprintf(o->why, sizeof o->why, "returned NULL (documented: never NULL)");
        }
    }
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        o->failed = true;
        snprintf(o->why, sizeof o->why, "child killed by signal %d (%s)%s", sig, strsignal(sig),
                 sig == SIGALRM ? " — timed out" : "");
    } else if (WIFEXITED(status) && WEXITSTATUS(status) != 0 && !o->failed) {
        o->failed = true;
        snprintf(o->why, sizeof o->why, "child exited with status %d", WEXITSTATUS(status));
    }
}

/* ------------------------------------------------------------------------ */
/* Loading functions.json                                                    */
/* ------------------------------------------------------------------------ */

static ptype return_type(const char *written, const char *canonical) {
    if (strcmp(written, "frames_result") == 0) return T_RESULT;
    if (strcmp(written, "void") == 0) return T_VOID;
    if (strcmp(canonical, "bool") == 0) return T_BOOL;
    if (strcmp(written, "const char *") == 0) return T_STR;
    if (strcmp(canonical, "unsigned int") == 0) return T_U32;
    if (strcmp(canonical, "int") == 0) return T_I32;
    if (strcmp(canonical, "long") == 0) return T_I64;
    if (strcmp(canonical, "unsigned long") == 0) return T_U64;
    if (strcmp(canonical, "double") == 0) return T_DOUBLE;
    return T_PTR;
}

static ffi_type *ffi_of(ptype t) {
    switch (t) {
    case T_VOID: return &ffi_type_void;
    case T_RESULT: case T_I32: return &ffi_type_sint32;
    case T_BOOL: return &ffi_type_uint8;
    case T_U32: return &ffi_type_uint32;
    case T_I64: return &ffi_type_sint64;
    case T_U64: case T_SIZE: return &ffi_type_uint64;
    case T_DOUBLE: return &ffi_type_double;
    default: return &ffi_type_pointer;
    }
}

static int prepare(function *f) {
    int i, j;
    for (i = 0; i < f->n; i++) {
        param *p = &f->params[i];
        int r = edges_for(f, p);
        if (r < 0) return -1;
        if (r == 1 && scalar_edges(f, p, p->canonical ? p->canonical : "") < 0) return -1;
        f->ffi_args[i] = p->ffi;
    }
    /* Link size parameters to the buffers they describe. */
    for (i = 0; i < f->n; i++) {
        size_t k;
        for (k = 0; k < sizeof contracts / sizeof contracts[0]; k++) {
            if (strcmp(contracts[k].function, f->name) != 0 || strcmp(contracts[k].size, f->params[i].name) != 0) continue;
            for (j = 0; j < f->n; j++)
                if (strcmp(f->params[j].name, contracts[k].buffer) == 0) f->params[i].describes[f->params[i].n_describes++] = j;
        }
    }
    f->ffi_ret = ffi_of(f->ret);
    if (ffi_prep_cif(&f->cif, FFI_DEFAULT_ABI, (unsigned)f->n, f->ffi_ret, f->ffi_args) != FFI_OK) {
        fprintf(stderr, "ffi_prep_cif failed for %s\n", f->name);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* main                                                                      */
/* ------------------------------------------------------------------------ */

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double now_s(void) {
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

static int usage(void) {
    fprintf(stderr, "usage: ffi_sweep --functions functions.json --library libframes.so.1 [--canary lib.so] "
                    "[--random N] [--seed S] [--only name] [--verbose] [--callback-garbage]\n");
    return 2;
}

int main(int argc, char **argv) {
    const char *json_path = NULL, *library = NULL, *canary = NULL, *only = NULL;
    int random_n = 16, verbose = 0, i, n_functions = 0;
    uint64_t seed = 1;
    mj_value *doc, *funcs, *results, *opq;
    void *handle;
    function *fs;
    long calls = 0, failures = 0, mismatches = 0;
    double t0 = now_s();
    int status = 0;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--functions") == 0 && i + 1 < argc) json_path = argv[++i];
        else if (strcmp(argv[i], "--library") == 0 && i + 1 < argc) library = argv[++i];
        else if (strcmp(argv[i], "--canary") == 0 && i + 1 < argc) canary = argv[++i];
        else if (strcmp(argv[i], "--random") == 0 && i + 1 < argc) random_n = atoi(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) only = argv[++i];
        else if (strcmp(argv[i], "--verbose") == 0) verbose = 1;
        else if (strcmp(argv[i], "--callback-garbage") == 0) callback_garbage = true;
        else return usage();
    }
    if (!json_path || !library) return usage();
    setenv("SWIFT_BACKTRACE", "enable=no", 1);
    memset(huge_a, 'a', HUGE_STRING);

    doc = mj_parse_file(json_path);
    funcs = mj_get(doc, "functions");
    results = mj_get(doc, "results");
    opq = mj_get(doc, "opaque");
    if (!funcs || funcs->kind != MJ_ARRAY || !results || !opq) { fprintf(stderr, "%s: not a functions.json\n", json_path); return 2; }
    for (i = 0; i < (int)results->count && n_documented < 64; i++) documented[n_documented++] = (int)results->items[i]->number;
    for (i = 0; i < (int)opq->count && n_opaque < 8; i++) opaque[n_opaque++] = opq->items[i]->string;
    {
        /* Every struct of frames.h fits the 4 KiB buffers the sweep passes. */
        _Static_assert(sizeof(frames_engine_options) < BUF && sizeof(frames_appearance) < BUF &&
                           sizeof(frames_banner_place_delegate) < BUF && sizeof(frames_request) < BUF &&
                           sizeof(frames_layout_metrics) < BUF && sizeof(frames_banner_row) < BUF &&
                           sizeof(frames_inline_delegate) < BUF && sizeof(frames_inline_view_delegate) < BUF &&
                           sizeof(frames_banners_delegate) < BUF && sizeof(frames_messages_delegate) < BUF &&
                           sizeof(frames_host_callbacks) < BUF && sizeof(frames_frame_delegate) < BUF,
                       "structs fit 4 KiB");
    }

    handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) { fprintf(stderr, "dlopen %s: %s\n", library, dlerror()); return 2; }
#define LOAD(field, name)                                                                   \
    do {                                                                                    \
        *(void **)&lib.field = dlsym(handle, name);                                         \
        if (!lib.field) { fprintf(stderr, "%s does not export %s\n", library, name); return 2; } \
    } while (0)
    LOAD(engine_new, "frames_engine_new");
    LOAD(engine_free, "frames_engine_free");
    LOAD(frame_new, "frames_frame_new");
    LOAD(frame_free, "frames_frame_free");
    LOAD(frame_set_placement, "frames_frame_set_placement");
    LOAD(frame_attach, "frames_frame_attach");
    LOAD(place_new, "frames_banner_place_new");
    LOAD(place_free, "frames_banner_place_free");
    LOAD(poll_request, "frames_engine_poll_request");
    LOAD(last_code, "frames_error_last_code");
    LOAD(inline_view_new, "frames_inline_view_new");
    LOAD(inline_view_free, "frames_inline_view_free");

    fs = (function *)calloc(funcs->count + 2, sizeof *fs);
    for (i = 0; i < (int)funcs->count; i++) {
        mj_value *fj = funcs->items[i], *ps = mj_get(fj, "params");
        function *f = &fs[n_functions];
        size_t k;
        f->name = (char *)mj_str(fj, "name");
        if (only && strcmp(only, f->name) != 0) continue;
        f->ret_type = (char *)mj_str(fj, "return");
        f->ret = return_type(f->ret_type, mj_str(fj, "return_canonical"));
        if (f->ret == T_PTR) { fprintf(stderr, "%s: unsupported return type %s\n", f->name, f->ret_type); return 2; }
        f->n = (int)ps->count;
        if (f->n > MAX_PARAMS) { fprintf(stderr, "%s: too many parameters\n", f->name); return 2; }
        for (k = 0; k < ps->count; k++) {
            f->params[k].name = (char *)mj_str(ps->items[k], "name");
            f->params[k].type = (char *)mj_str(ps->items[k], "type");
            f->params[k].canonical = mj_str(ps->items[k], "canonical");
        }
        f->fn = dlsym(handle, f->name);
        if (!f->fn) { fprintf(stderr, "FAIL: %s does not export %s\n", library, f->name); status = 1; continue; }
        if (prepare(f) != 0) return 2;
        n_functions++;
    }

    printf("ffi_sweep: %d functions from %s, library %s, %d random combinations per function, seed %llu\n",
           n_functions, json_path, library, random_n, (unsigned long long)seed);
    for (i = 0; i < n_functions; i++) {
        function *f = &fs[i];
        int choice[MAX_PARAMS] = {0};
        int p, e, r;
        long f_calls = 0, f_fail = 0;
        outcome o;
        uint64_t rng = seed ^ (0x1000193ull * (uint64_t)(i + 1));
#define RUN(varied_, coins_)                                                            \
    do {                                                                                \
        run_one(f, choice, (varied_), (coins_), &o);                                    \
        f_calls++;                                                                      \
        if (o.failed) { f_fail++; printf("  FAIL %s: %s\n", o.desc, o.why); }            \
        else if (o.last_mismatch) { mismatches++; if (verbose) printf("  note %s: %s\n", o.desc, o.why); } \
        else if (verbose) printf("  ok   %s %s\n", o.desc, o.result);                                \
    } while (0)
        RUN(-2, 0); /* benign */
        for (p = 0; p < f->n; p++) {
            for (e = 1; e < f->params[p].n_edges; e++) {
                choice[p] = e;
                RUN(p, 0);
            }
            choice[p] = 0;
        }
        for (r = 0; r < random_n && f->n > 0; r++) {
            for (p = 0; p < f->n; p++) choice[p] = (int)(splitmix(&rng) % (uint64_t)f->params[p].n_edges);
            RUN(-1, splitmix(&rng));
        }
        memset(choice, 0, sizeof choice);
        printf("%-44s %5ld calls %s\n", f->name, f_calls, f_fail ? "FAILED" : "ok");
        calls += f_calls;
        failures += f_fail;
    }

    /* The canary: the sweep must see a trap and an undocumented code. */
    if (canary) {
        static const char *names[2] = {"frames_abi_canary_trap", "frames_abi_canary_undocumented_code"};
        int caught = 0, k;
        for (k = 0; k < 2; k++) {
            function c;
            outcome o;
            int choice[MAX_PARAMS] = {0};
            memset(&c, 0, sizeof c);
            c.name = (char *)names[k];
            c.canary = true;
            c.library = canary;
            c.ret = T_RESULT;
            c.n = 1;
            c.params[0].name = "value";
            c.params[0].type = "int32_t";
            scalar_edges(&c, &c.params[0], "int");
            c.ffi_args[0] = c.params[0].ffi;
            ffi_prep_cif(&c.cif, FFI_DEFAULT_ABI, 1, &ffi_type_sint32, c.ffi_args);
            run_one(&c, choice, -2, 0, &o);
            if (o.failed) {
                caught++;
                printf("canary %s: caught: %s\n", names[k], o.why);
            } else {
                printf("FAIL: canary %s was NOT caught (the sweep cannot see %s)\n", names[k],
                       k == 0 ? "a trap" : "an undocumented result code");
            }
        }
        if (caught != 2) status = 1;
        printf("canary: %d of 2 caught\n", caught);
    }

    printf("summary: %d functions, %ld calls, %ld failures, %ld calls whose error was not stored for "
           "frames_error_last_code(), %.1f s\n",
           n_functions, calls, failures, mismatches, now_s() - t0);
    if (failures) status = 1;
    printf("%s\n", status ? "FAIL" : "PASS: no call crashed, hung or returned an undocumented code");
    return status;
}
