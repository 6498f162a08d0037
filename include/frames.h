/*
 * frames.h — the one stable C interface of libframes.
 *
 * libframes is a portable engine for marketer-managed in-app content. It
 * decides what to show, when, where and how big; the host draws. This header
 * is the specification of the ABI: every function declared here is exported
 * by libframes.so.0 and nothing else is.
 *
 * Conventions that hold for every declaration unless its comment says
 * otherwise:
 *
 * - Results. Every fallible function returns a frames_result: FRAMES_OK (0)
 *   on success, a negative FRAMES_ERR_* code on failure. Codes are stable
 *   numbers; new codes may be added in later versions, so treat an unknown
 *   negative value as a failure. On failure no output parameter is written
 *   unless the function says so, and a message saying what was wrong is
 *   stored for the calling thread (frames_error_last_message()).
 * - Ownership. Input buffers are read during the call only; the library keeps
 *   no pointer to them. Output buffers are provided by the caller. Strings
 *   returned by the library are static or thread-local and must never be
 *   passed to free().
 * - Threads. Functions marked "thread-safe" may be called from any thread at
 *   any time. Later sections (engines and their objects) are bound to the
 *   thread that created them.
 * - Numbers. Lengths are in points (double). NaN and infinities are rejected
 *   wherever a length is read, unless the comment says they are clamped.
 */
#ifndef FRAMES_H
#define FRAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/** @name Versions                                                          */
/* ------------------------------------------------------------------------ */

/** Major version: incremented on an incompatible ABI change; it is the
 *  soname suffix (libframes.so.0). */
#define FRAMES_VERSION_MAJOR 0
/** Minor version: incremented when declarations are added. */
#define FRAMES_VERSION_MINOR 1
/** Patch version: incremented for fixes that change no declaration. */
#define FRAMES_VERSION_PATCH 0
/** The version as text, "MAJOR.MINOR.PATCH". */
#define FRAMES_VERSION_STRING "0.1.0"
/** The version as one comparable number: MAJOR * 1000000 + MINOR * 1000 +
 *  PATCH (the sqlite scheme), so 0.1.0 is 1000. */
#define FRAMES_VERSION_NUMBER \
    (FRAMES_VERSION_MAJOR * 1000000 + FRAMES_VERSION_MINOR * 1000 + FRAMES_VERSION_PATCH)

/**
 * The version number of the library actually loaded, in the form of
 * FRAMES_VERSION_NUMBER. A host compares it with the header's macro to detect
 * a header/library mismatch: the major parts must be equal, and the library's
 * number must be at least the header's.
 *
 * Thread-safe. Never fails.
 */
uint32_t frames_version_number(void);

/**
 * The version of the library actually loaded as "MAJOR.MINOR.PATCH".
 *
 * Returns a static string owned by the library; never NULL, never freed.
 * Thread-safe. Never fails.
 */
const char *frames_version_string(void);

/* ------------------------------------------------------------------------ */
/** @name Results and errors                                                */
/* ------------------------------------------------------------------------ */

/** The result of every fallible function: FRAMES_OK or a FRAMES_ERR_* code. */
typedef int32_t frames_result;

/** Success. */
#define FRAMES_OK 0
/** An argument is out of its domain: a NaN or infinite length, a negative
 *  length, a banner ratio that is not a positive finite number, an unknown
 *  enumeration value. The message names the argument and, for arrays, the
 *  index. */
#define FRAMES_ERR_INVALID_ARGUMENT (-1)
/** A required pointer argument is NULL. The message names the argument. */
#define FRAMES_ERR_NULL_POINTER (-2)
/** A caller-provided output buffer is too small. Functions that return this
 *  code also report the capacity they need (see each function). */
#define FRAMES_ERR_BUFFER_TOO_SMALL (-3)
/** An options struct carries a version this library does not know. */
#define FRAMES_ERR_VERSION (-4)
/** An index is past the end of the items it refers to. */
#define FRAMES_ERR_OUT_OF_RANGE (-5)
/** The operation does not apply in this configuration (for example a scroll
 *  offset in a layout that does not scroll). Nothing was changed. */
#define FRAMES_ERR_UNSUPPORTED (-6)
/** Memory could not be allocated. Nothing was changed. */
#define FRAMES_ERR_OUT_OF_MEMORY (-7)
/** A result is not representable: a computed length or count overflows. */
#define FRAMES_ERR_OVERFLOW (-8)
/** A handle is NULL, already freed, or of another kind or engine. Nothing
 *  was changed (XC-07). */
#define FRAMES_ERR_INVALID_HANDLE (-9)
/** An engine (or an object made from it) was called from a thread other
 *  than the one that created the engine. Nothing was changed (XC-02). */
#define FRAMES_ERR_WRONG_THREAD (-10)
/** The call does not fit the object's current state, e.g. a template report
 *  for a frame that is not rendering. Nothing was changed. */
#define FRAMES_ERR_INVALID_STATE (-11)
/** The thing named does not exist (any more), e.g. a request id that is not
 *  in flight because it timed out. Nothing was changed. */
#define FRAMES_ERR_NOT_FOUND (-12)
/** A bug in libframes: an internal invariant did not hold. Please report it
 *  with the message. The library stays usable. */
#define FRAMES_ERR_INTERNAL (-99)

/**
 * A short static description of a result code, e.g. "invalid argument".
 * Unknown codes give "unknown result code".
 *
 * Returns a static string; never NULL, never freed. Thread-safe.
 */
const char *frames_result_str(frames_result code);

/**
 * The code of the most recent failure of a frames_* call on the calling
 * thread, or FRAMES_OK if none failed since the thread started or since
 * frames_error_clear().
 *
 * Successful calls do not reset it (as with libgit2's git_error_last), so
 * read it right after the call that failed. Thread-safe (per-thread state).
 */
frames_result frames_error_last_code(void);

/**
 * The message of the most recent failure of a frames_* call on the calling
 * thread: what was wrong, in one English sentence, e.g.
 * "ratios[3] is -1.5; a banner ratio must be a positive finite number".
 * Returns "" when there was none.
 *
 * The string is owned by the library and valid on this thread until the next
 * failing frames_* call on it or frames_error_clear(); copy it to keep it.
 * Never NULL, never freed by the caller. Thread-safe (per-thread state).
 */
const char *frames_error_last_message(void);

/**
 * Forgets the calling thread's last failure: afterwards
 * frames_error_last_code() is FRAMES_OK and the message is "". Frees the
 * thread's stored message. Thread-safe (per-thread state). Never fails.
 */
void frames_error_clear(void);

/* ------------------------------------------------------------------------ */
/** @name Banner appearance (SPEC BN-01..BN-03)                             */
/* ------------------------------------------------------------------------ */

/** How a banner place arranges its banners (BN-01). Values are stable. */
typedef int32_t frames_layout_type;
/** A horizontal carousel of pages, one banner per page; the default. */
#define FRAMES_LAYOUT_CAROUSEL 0
/** One column, scrolling vertically inside the place's own viewport. */
#define FRAMES_LAYOUT_VERTICAL_LIST 1
/** A two-column grid that expands to its full height inside the host's
 *  scroll container. */
#define FRAMES_LAYOUT_TILES 2

/** The version of frames_appearance this header describes. */
#define FRAMES_APPEARANCE_VERSION 1

/**
 * The appearance of a banner place (BN-01..BN-03). Immutable once a place is
 * created from it.
 *
 * Always initialize it with FRAMES_APPEARANCE_INIT or frames_appearance_init()
 * and then set fields: later versions only add fields at the end, and the
 * version field tells the library which fields the caller knows.
 *
 * Optional values have a has_* flag; while the flag is false the value field
 * is ignored and the documented fallback applies.
 */
typedef struct frames_appearance {
    /** Must be FRAMES_APPEARANCE_VERSION (set by the initializers). */
    uint32_t version;
    /** FRAMES_LAYOUT_*; default FRAMES_LAYOUT_CAROUSEL. */
    frames_layout_type layout_type;
    /** Lists and tiles only; the carousel ignores it. When false every banner
     *  is laid out ("all"). Default true. */
    bool has_max_banners_count;
    /** The carousel loops past its ends (carousel only). Default true. */
    bool should_loop;
    /** The first banners kept, in input (backend) order, when
     *  has_max_banners_count is true: 0 keeps none, a negative value counts
     *  as 0. Default 20. */
    int64_t max_banners_count;
    /** Horizontal inset on both sides unless leading/trailing are set;
     *  finite and >= 0. Default 0. */
    double side_inset;
    /** Inset on the leading side (left in LTR, right in RTL); finite and
     *  >= 0. Used only when has_leading_inset; else side_inset. */
    double leading_inset;
    /** Inset on the trailing side (right in LTR, left in RTL); finite and
     *  >= 0. Used only when has_trailing_inset; else side_inset. */
    double trailing_inset;
    /** Gap between carousel pages and between list rows, and the fallback of
     *  the tiles' gaps; finite and >= 0. Default 8. */
    double inter_item_spacing;
    /** Tiles only: gap between the two columns. Used only when
     *  has_column_spacing; else inter_item_spacing. A negative or non-finite
     *  value counts as 0 (never an error). */
    double column_spacing;
    /** Tiles only: gap between rows. Used only when has_row_spacing; else
     *  inter_item_spacing. A negative or non-finite value counts as 0. */
    double row_spacing;
    /** Corner radius of each banner; finite and >= 0. Default 16. The layout
     *  reports it; the host draws it. */
    double corner_radius;
    /** See leading_inset. Default false. */
    bool has_leading_inset;
    /** See trailing_inset. Default false. */
    bool has_trailing_inset;
    /** See column_spacing. Default false. */
    bool has_column_spacing;
    /** See row_spacing. Default false. */
    bool has_row_spacing;
} frames_appearance;

/**
 * Static initializer giving the BN-03 defaults: carousel, max 20 banners,
 * looping, side inset 0, spacing 8, corner radius 16, no explicit
 * leading/trailing insets or tile gaps.
 */
#define FRAMES_APPEARANCE_INIT \
    { FRAMES_APPEARANCE_VERSION, FRAMES_LAYOUT_CAROUSEL, true, true, 20, \
      0.0, 0.0, 0.0, 8.0, 0.0, 0.0, 16.0, false, false, false, false }

/**
 * Fills *appearance with the defaults of FRAMES_APPEARANCE_INIT for the given
 * struct version (pass FRAMES_APPEARANCE_VERSION).
 *
 * Errors: FRAMES_ERR_NULL_POINTER if appearance is NULL;
 * FRAMES_ERR_VERSION if version is not one this library knows (the struct is
 * then left untouched). Thread-safe.
 */
frames_result frames_appearance_init(frames_appearance *appearance, uint32_t version);

/**
 * Checks an appearance without laying anything out: the same checks every
 * layout function makes. Useful to report a configuration mistake early.
 *
 * Errors: FRAMES_ERR_NULL_POINTER; FRAMES_ERR_VERSION;
 * FRAMES_ERR_INVALID_ARGUMENT for an unknown layout type or a negative or
 * non-finite side/leading/trailing inset, inter-item spacing or corner
 * radius (the message names the field and its value). Thread-safe.
 */
frames_result frames_appearance_validate(const frames_appearance *appearance);

/* ------------------------------------------------------------------------ */
/** @name Banner layout geometry (SPEC BN-04..BN-07)                        */
/* ------------------------------------------------------------------------ */

/** A rectangle in points. x grows to the right, y grows downwards; the
 *  origin is the top-left corner of the place's content. */
typedef struct frames_rect {
    double x;
    double y;
    double width;
    double height;
} frames_rect;

/** A point in points, e.g. a scroll offset. */
typedef struct frames_point {
    double x;
    double y;
} frames_point;

/**
 * Lays out banners for a container width: one rect per banner laid out, in
 * input order, and the height the place reports (BN-04..BN-07).
 *
 * - Which banners: the carousel lays out all of them; the vertical list and
 *   tiles lay out the first max_banners_count (BN-02).
 * - Heights: width / ratio rounded to the nearest point, halves away from
 *   zero; ratio = width / height.
 * - Vertical list (BN-04): rows at x = leading inset, width = container width
 *   minus both insets (clamped at 0), interItemSpacing apart. Reported height:
 *   the full content height.
 * - Tiles (BN-05): two columns of width (container - insets - column gap) / 2
 *   (not rounded, clamped at 0); a row is as tall as its tallest cell, cells
 *   are top-aligned, rows are row_spacing apart; an odd last banner takes the
 *   first column. Reported height: the full grid height.
 * - Carousel (BN-06): pages of width container - insets (clamped at 0),
 *   interItemSpacing apart, the first page at the leading inset so that
 *   neighbours peek into the insets; rects are in the scrollable content's
 *   coordinates (its width is insets + pages + gaps), each banner vertically
 *   centred in the reported height, which is the tallest banner's height.
 * - RTL mirrors every layout horizontally within its content width: the
 *   leading inset is on the right, the first tile column is on the right,
 *   the first carousel page is at the right end.
 *
 * @param appearance   the place's appearance; read during the call only.
 * @param container_width  the place's width; finite and >= 0.
 * @param ratios       count banner ratios (width / height); each must be a
 *                     positive finite number. May be NULL only if count is 0.
 * @param count        number of ratios; any size_t, a million is fine.
 * @param rtl          true for a right-to-left layout direction.
 * @param out_rects    receives the rects; may be NULL only if rects_capacity
 *                     is 0.
 * @param rects_capacity  number of frames_rect that out_rects can hold.
 * @param out_laid_out_count  receives the number of rects laid out; also
 *                     written, with the capacity needed, when the result is
 *                     FRAMES_ERR_BUFFER_TOO_SMALL. Required.
 * @param out_content_height  receives the reported height. Required.
 *
 * Errors: FRAMES_ERR_NULL_POINTER (the message names the parameter);
 * FRAMES_ERR_VERSION; FRAMES_ERR_INVALID_ARGUMENT for a bad appearance,
 * container width or ratio (the message names the index);
 * FRAMES_ERR_BUFFER_TOO_SMALL when rects_capacity is below the count laid
 * out (only *out_laid_out_count is written); FRAMES_ERR_OVERFLOW when a
 * height or the content size is not finite (e.g. a ratio of 1e-320).
 * Thread-safe (a pure function); out_rects must not overlap ratios.
 */
frames_result frames_layout_banners(const frames_appearance *appearance,
                                    double container_width,
                                    const double *ratios,
                                    size_t count,
                                    bool rtl,
                                    frames_rect *out_rects,
                                    size_t rects_capacity,
                                    size_t *out_laid_out_count,
                                    double *out_content_height);

/** The version of frames_layout_metrics this header describes. */
#define FRAMES_LAYOUT_METRICS_VERSION 1

/**
 * What a layout derives before placing anything (BN-02..BN-06): the numbers a
 * host needs to size its scroll content, and a picture needs for its labels.
 * An output struct: the caller sets `version` (FRAMES_LAYOUT_METRICS_INIT) and
 * the library fills the fields that version has; later versions only add
 * fields at the end.
 */
typedef struct frames_layout_metrics {
    /** Set by the caller to FRAMES_LAYOUT_METRICS_VERSION. */
    uint32_t version;
    /** Banners laid out of the count given (BN-02). */
    size_t laid_out_count;
    /** Carousel page, list row or tile cell width. */
    double item_width;
    /** Leading inset after the side_inset fallback (BN-03). */
    double leading_inset;
    /** Trailing inset after the side_inset fallback (BN-03). */
    double trailing_inset;
    /** Gap between carousel pages or list rows. */
    double inter_item_spacing;
    /** Gap between tile columns after the fallback and the clamp (BN-03). */
    double column_spacing;
    /** Gap between tile rows after the fallback and the clamp (BN-03). */
    double row_spacing;
    /** Scrollable content width: both insets, the pages and the gaps between
     *  them for the carousel (the container width when it is empty); the
     *  container width for lists and tiles. */
    double content_width;
} frames_layout_metrics;

/** Static initializer: sets the version, zeroes the rest. */
#define FRAMES_LAYOUT_METRICS_INIT { FRAMES_LAYOUT_METRICS_VERSION, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 }

/**
 * Measures a layout of `count` banners without their ratios: how many are
 * laid out, their width, the insets and gaps in effect and the content width.
 * Costs O(1) whatever the count.
 *
 * @param appearance       the place's appearance; read during the call only.
 * @param container_width  the place's width; finite and >= 0.
 * @param count            number of banners available.
 * @param out_metrics      receives the metrics; its version must be set.
 *
 * Errors: FRAMES_ERR_NULL_POINTER; FRAMES_ERR_VERSION (of the appearance or
 * of out_metrics); FRAMES_ERR_INVALID_ARGUMENT for a bad appearance or
 * container width; FRAMES_ERR_OVERFLOW when the content width is not finite.
 * Thread-safe (a pure function).
 */
frames_result frames_layout_measure(const frames_appearance *appearance,
                                    double container_width,
                                    size_t count,
                                    frames_layout_metrics *out_metrics);

/**
 * The scroll offset that brings banner `index` into view, in the same
 * content coordinates as frames_layout_banners() — what showBannerWith(index)
 * scrolls to (BN-08).
 *
 * - Carousel: the offset whose viewport (the container) shows the page at the
 *   leading inset: {x, 0}. The first page gives 0 in LTR and the largest
 *   offset in RTL. Every page's offset lies within [0, content width -
 *   container width].
 * - Vertical list: {0, y} with y the row's top, clamped to
 *   [0, content height - viewport_height] when viewport_height > 0 so the
 *   list never scrolls past its end; with viewport_height 0 the row's top.
 * - Tiles: they have no internal scrolling: FRAMES_ERR_UNSUPPORTED (scroll
 *   the host's container to the rect from frames_layout_banners() instead).
 *
 * @param viewport_height  the vertical list's visible height; finite and
 *                     >= 0 in every layout (checked even where unused); the
 *                     carousel does not use it.
 * @param index        a banner laid out by frames_layout_banners() with the
 *                     same arguments (so below max_banners_count for lists).
 * @param out_offset   receives the offset. Required.
 *
 * Other parameters and errors as frames_layout_banners(), plus
 * FRAMES_ERR_OUT_OF_RANGE for an index that is not laid out and
 * FRAMES_ERR_UNSUPPORTED for tiles. Thread-safe (a pure function).
 */
frames_result frames_layout_scroll_offset(const frames_appearance *appearance,
                                          double container_width,
                                          double viewport_height,
                                          const double *ratios,
                                          size_t count,
                                          bool rtl,
                                          size_t index,
                                          frames_point *out_offset);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* FRAMES_H */
