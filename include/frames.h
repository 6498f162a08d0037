/*
 * frames.h — the one stable C interface of libframes.
 *
 * libframes is a portable engine for marketer-managed in-app content. It
 * decides what to show, when, where and how big; the host draws. This header
 * is the specification of the ABI: every function declared here is exported
 * by libframes.so.1 and nothing else is. From 1.0 it only grows: what 1.x
 * promises is in docs/abi-policy.md.
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
 * - Threads. Every function says on which thread it may be called. Pure
 *   functions may be called from any thread at any time; an engine and the
 *   objects made from it are bound to the thread that created the engine.
 * - Comments. Each function's comment says first what it does, with the
 *   rules it serves (AF-04, XC-10, ...) or "(no rule: ...)", then
 *   "Thread:", "Pointers:" (who owns each pointer parameter besides the
 *   handle, and for how long) and "Errors:" (or "Never fails."). "Handle and
 *   thread errors" stands for FRAMES_ERR_INVALID_HANDLE (a NULL, freed or
 *   foreign handle, XC-07) and FRAMES_ERR_WRONG_THREAD (XC-02).
 * - Numbers. Lengths are in points (double). NaN and infinities are rejected
 *   wherever a length is read, unless the comment says they are clamped.
 * - Names. The grammar is docs/api-conventions.md: frames_engine_<verb> for
 *   the engine and what all modules share, frames_<module>_<verb> for a
 *   module called on the engine (app_frames, banners, inline, messages),
 *   frames_<object>_<verb> for an object (frame, banner_place, inline_view,
 *   inline_call, message), _report_<event> for what the host tells the
 *   engine happened; functions that turn a code into text end in _str; a
 *   constant of an enumeration typedef frames_<type> is
 *   FRAMES_<TYPE>_<VALUE> (frames_row_state: FRAMES_ROW_STATE_READY), except
 *   the result codes FRAMES_OK and FRAMES_ERR_*; the slot every module
 *   chooses content for is a `placement_id`.
 * - Structs. Every struct says what it is: a versioned struct starts with a
 *   `uint32_t version`, comes with FRAMES_<NAME>_VERSION, the static
 *   initializer FRAMES_<NAME>_INIT and frames_<name>_init(), and grows only
 *   at its end; a fixed record never changes its layout within a major
 *   version, and new information comes through new functions or callbacks
 *   instead.
 * - Callbacks. Engine-wide services are the host callbacks; the events of an
 *   object are its delegate's (frames_frame_delegate,
 *   frames_banner_place_delegate, frames_inline_view_delegate); the events
 *   of a module with no object are the module's delegate, set on the engine
 *   (frames_banners_delegate, frames_inline_delegate,
 *   frames_messages_delegate). Every delegate is copied when set, and its
 *   free_user_data runs exactly once: when it is replaced or cleared, or
 *   its owner is freed.
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

/** Major version: incremented on an incompatible ABI change, announced
 *  ahead (docs/abi-policy.md); it is the soname suffix (libframes.so.1). */
#define FRAMES_VERSION_MAJOR 1
/** Minor version: incremented when declarations are added; nothing is
 *  removed or changed within a major version. */
#define FRAMES_VERSION_MINOR 1
/** Patch version: incremented for fixes that change no declaration. */
#define FRAMES_VERSION_PATCH 0
/** The version as text, "MAJOR.MINOR.PATCH". */
#define FRAMES_VERSION_STRING "1.1.0"
/** The version as one comparable number: MAJOR * 1000000 + MINOR * 1000 +
 *  PATCH (the sqlite scheme), so 1.0.0 is 1000000. */
#define FRAMES_VERSION_NUMBER \
    (FRAMES_VERSION_MAJOR * 1000000 + FRAMES_VERSION_MINOR * 1000 + FRAMES_VERSION_PATCH)

/**
 * The version number of the library actually loaded, in the form of
 * FRAMES_VERSION_NUMBER (XC-09). A host compares it with the header's macro
 * to detect a header/library mismatch: the major parts must be equal, and
 * the library's number must be at least the header's.
 *
 * Thread: any thread.
 * Never fails.
 */
uint32_t frames_version_number(void);

/**
 * The version of the library actually loaded as "MAJOR.MINOR.PATCH" (XC-09).
 * Returns a static string owned by the library; never NULL, never freed.
 *
 * Thread: any thread.
 * Never fails.
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
/** A versioned struct carries a version this library does not know. */
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
/** Something that completes exactly once was already completed, e.g. a
 *  customMethod call of inline content resolved a second time (IL-07), or
 *  after its deadline failed it. Nothing was changed. */
#define FRAMES_ERR_ALREADY_RESOLVED (-13)
/** A bug in libframes: an internal invariant did not hold. Please report it
 *  with the message. The library stays usable. */
#define FRAMES_ERR_INTERNAL (-99)

/**
 * A short static description of a result code, e.g. "invalid argument"
 * (XC-08); unknown codes give "unknown result code".
 * Returns a static string; never NULL, never freed.
 *
 * Thread: any thread.
 * Never fails.
 */
const char *frames_result_str(frames_result code);

/**
 * The code of the most recent failure of a frames_* call on the calling
 * thread (XC-08), or FRAMES_OK if none failed since the thread started or
 * since frames_error_clear().
 *
 * Successful calls do not reset it (as with libgit2's git_error_last), so
 * read it right after the call that failed.
 *
 * Thread: any thread (per-thread state).
 * Never fails.
 */
frames_result frames_error_last_code(void);

/**
 * The message of the most recent failure of a frames_* call on the calling
 * thread (XC-08): what was wrong, in one English sentence, e.g.
 * "ratios[3] is -1.5; a banner ratio must be a positive finite number".
 * Returns "" when there was none.
 *
 * The string is owned by the library and valid on this thread until the next
 * failing frames_* call on it or frames_error_clear(); copy it to keep it.
 * Never NULL, never freed by the caller.
 *
 * Thread: any thread (per-thread state).
 * Never fails.
 */
const char *frames_error_last_message(void);

/**
 * Forgets the calling thread's last failure (XC-08): afterwards
 * frames_error_last_code() is FRAMES_OK and the message is "". Frees the
 * thread's stored message.
 *
 * Thread: any thread (per-thread state).
 * Never fails.
 */
void frames_error_clear(void);

/* ------------------------------------------------------------------------ */
/** @name Banner appearance (BN-01..BN-03)                                  */
/* ------------------------------------------------------------------------ */

/** How a banner place arranges its banners (BN-01). Values are stable. */
typedef int32_t frames_layout_type;
/** A horizontal carousel of pages, one banner per page; the default. */
#define FRAMES_LAYOUT_TYPE_CAROUSEL 0
/** One column, scrolling vertically inside the place's own viewport. */
#define FRAMES_LAYOUT_TYPE_VERTICAL_LIST 1
/** A two-column grid that expands to its full height inside the host's
 *  scroll container. */
#define FRAMES_LAYOUT_TYPE_TILES 2

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
 * Versioned struct: starts with `uint32_t version`, grows only at its end.
 */
typedef struct frames_appearance {
    /** Must be FRAMES_APPEARANCE_VERSION (set by the initializers). */
    uint32_t version;
    /** FRAMES_LAYOUT_TYPE_*; default FRAMES_LAYOUT_TYPE_CAROUSEL. */
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
    { FRAMES_APPEARANCE_VERSION, FRAMES_LAYOUT_TYPE_CAROUSEL, true, true, 20, \
      0.0, 0.0, 0.0, 8.0, 0.0, 0.0, 16.0, false, false, false, false }

/**
 * Fills *appearance with the BN-03 defaults of FRAMES_APPEARANCE_INIT for
 * the given struct version (pass FRAMES_APPEARANCE_VERSION).
 *
 * Thread: any thread.
 * Pointers: appearance is written.
 * Errors: FRAMES_ERR_NULL_POINTER if appearance is NULL; FRAMES_ERR_VERSION
 * if version is not one this library knows (the struct is then left
 * untouched).
 */
frames_result frames_appearance_init(frames_appearance *appearance, uint32_t version);

/**
 * Checks an appearance without laying anything out (BN-01..BN-03): the same
 * checks every layout function makes. Useful to report a configuration
 * mistake early.
 *
 * Thread: any thread.
 * Pointers: appearance is read during the call.
 * Errors: FRAMES_ERR_NULL_POINTER; FRAMES_ERR_VERSION;
 * FRAMES_ERR_INVALID_ARGUMENT for an unknown layout type or a negative or
 * non-finite side/leading/trailing inset, inter-item spacing or corner
 * radius (the message names the field and its value).
 */
frames_result frames_appearance_validate(const frames_appearance *appearance);

/* ------------------------------------------------------------------------ */
/** @name Banner layout geometry (BN-04..BN-07)                             */
/* ------------------------------------------------------------------------ */

/** A rectangle in points. x grows to the right, y grows downwards; the
 *  origin is the top-left corner of the place's content.
 *  Fixed record: its layout never changes within a major version; new
 *  information comes through new functions or callbacks. */
typedef struct frames_rect {
    double x;
    double y;
    double width;
    double height;
} frames_rect;

/** A point in points, e.g. a scroll offset.
 *  Fixed record: its layout never changes within a major version; new
 *  information comes through new functions or callbacks. */
typedef struct frames_point {
    double x;
    double y;
} frames_point;

/**
 * Lays out banners for a container width (BN-04..BN-07): one rect per banner
 * laid out, in input order, and the height the place reports.
 *
 * - Which banners: the carousel lays out all of them (it ignores
 *   max_banners_count); the vertical list and tiles lay out the first
 *   max_banners_count (BN-02).
 * - Room: the banners laid out must get a width above 0. Insets (and, for
 *   tiles, the column spacing) that take the whole container width are
 *   refused with FRAMES_ERR_INVALID_ARGUMENT naming the widths, never laid
 *   out as zero-width rects; with no banner to lay out no room is needed.
 *   (Banner places at run time lay out at any width: a width of 0 before
 *   the host has measured one is normal there.)
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
 * @param appearance   the place's appearance.
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
 * Thread: any thread (a pure function).
 * Pointers: appearance and ratios are read during the call; out_rects,
 * out_laid_out_count and out_content_height are written; out_rects must not
 * overlap ratios.
 * Errors: FRAMES_ERR_NULL_POINTER (the message names the parameter);
 * FRAMES_ERR_VERSION; FRAMES_ERR_INVALID_ARGUMENT for a bad appearance,
 * container width or ratio (the message names the index), or insets that
 * leave no room for a banner (the message names the widths);
 * FRAMES_ERR_BUFFER_TOO_SMALL when rects_capacity is below the count laid
 * out (only *out_laid_out_count is written); FRAMES_ERR_OVERFLOW when a
 * position, a height or the content size would not be finite (a ratio of
 * 1e-320, insets and gaps adding up past the largest double) — every rect
 * written on success is finite; after FRAMES_ERR_OVERFLOW the rects may be
 * partly written.
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
 * An output struct: the caller sets `version` (FRAMES_LAYOUT_METRICS_INIT or
 * frames_layout_metrics_init()) and the library fills the fields that
 * version has; later versions only add fields at the end.
 * Versioned struct: starts with `uint32_t version`, grows only at its end.
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
 * Fills *metrics as FRAMES_LAYOUT_METRICS_INIT does for the given struct
 * version (pass FRAMES_LAYOUT_METRICS_VERSION): the version set, every other
 * field 0 (no rule: a helper of frames_layout_measure).
 *
 * Thread: any thread.
 * Pointers: metrics is written.
 * Errors: FRAMES_ERR_NULL_POINTER if metrics is NULL; FRAMES_ERR_VERSION if
 * version is not one this library knows (the struct is then left untouched).
 */
frames_result frames_layout_metrics_init(frames_layout_metrics *metrics, uint32_t version);

/**
 * Measures a layout of `count` banners without their ratios (BN-02..BN-06):
 * how many are laid out, their width, the insets and gaps in effect and the
 * content width. Costs O(1) whatever the count.
 *
 * @param appearance       the place's appearance.
 * @param container_width  the place's width; finite and >= 0.
 * @param count            number of banners available.
 * @param out_metrics      receives the metrics; its version must be set.
 *
 * Thread: any thread (a pure function).
 * Pointers: appearance is read during the call; out_metrics is read (its
 * version) and written.
 * Errors: FRAMES_ERR_NULL_POINTER; FRAMES_ERR_VERSION (of the appearance or
 * of out_metrics); FRAMES_ERR_INVALID_ARGUMENT for a bad appearance or
 * container width; FRAMES_ERR_OVERFLOW when the content width is not finite.
 */
frames_result frames_layout_measure(const frames_appearance *appearance,
                                    double container_width,
                                    size_t count,
                                    frames_layout_metrics *out_metrics);

/**
 * The scroll offset that brings banner `index` into view (BN-08), in the
 * same content coordinates as frames_layout_banners() — what
 * showBannerWith(index) scrolls to.
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
 * Other parameters as frames_layout_banners().
 *
 * Thread: any thread (a pure function).
 * Pointers: appearance and ratios are read during the call; out_offset is
 * written.
 * Errors: as frames_layout_banners(), plus FRAMES_ERR_OUT_OF_RANGE for an
 * index that is not laid out and FRAMES_ERR_UNSUPPORTED for tiles.
 */
frames_result frames_layout_scroll_offset(const frames_appearance *appearance,
                                          double container_width,
                                          double viewport_height,
                                          const double *ratios,
                                          size_t count,
                                          bool rtl,
                                          size_t index,
                                          frames_point *out_offset);

/** The version of frames_layout_batch this header describes. */
#define FRAMES_LAYOUT_BATCH_VERSION 1

/**
 * Many layouts of one appearance in one call, for
 * frames_layout_banners_batch(): the inputs, the caller's output buffers and
 * what the library writes back.
 *
 * A versioned struct: the caller starts from FRAMES_LAYOUT_BATCH_INIT or
 * frames_layout_batch_init() (which set `version` and zero the rest), then
 * sets the fields; later versions only add fields at the end. One struct
 * instead of fourteen parameters, so that counts and buffers are named where
 * they are set.
 *
 * - Shape: the ratio lists are given flat — list i is the next
 *   list_lengths[i] ratios, and the lengths add up to ratio_count (one list
 *   is list_lengths = &n, list_count = 1; an empty list is a length of 0 and
 *   lays out nothing, content height 0). width_count and list_count
 *   broadcast as numpy shapes do: if one of them is 1 its width or list is
 *   used for every layout, otherwise they must be equal. The batch makes
 *   max(width_count, list_count) layouts, none when either count is 0.
 * - Output: the rects of all layouts in one flat buffer, layout after
 *   layout. out_rect_ends[i] is the index one past layout i's last rect, so
 *   layout i is out_rects[i == 0 ? 0 : out_rect_ends[i - 1] ..
 *   out_rect_ends[i]); for offsets with a leading 0 (n + 1 entries, CSR
 *   style) set offsets[0] = 0 and pass offsets + 1 as out_rect_ends.
 *   out_content_heights[i] is layout i's reported height.
 *
 * Pointers are borrowed during the call only. A pointer may be NULL only
 * when its count or capacity is 0.
 * Versioned struct: starts with `uint32_t version`, grows only at its end.
 */
typedef struct frames_layout_batch {
    /** Set by FRAMES_LAYOUT_BATCH_INIT to FRAMES_LAYOUT_BATCH_VERSION. */
    uint32_t version;
    /** true for a right-to-left layout direction (every layout). */
    bool rtl;
    /** width_count container widths, each finite and >= 0. */
    const double *container_widths;
    /** Number of container widths. */
    size_t width_count;
    /** ratio_count banner ratios (width / height), every list one after the
     *  other; each a positive finite number, even past max_banners_count
     *  (BN-07). */
    const double *ratios;
    /** Number of ratios, all lists together. */
    size_t ratio_count;
    /** list_count list lengths, adding up to ratio_count. */
    const size_t *list_lengths;
    /** Number of ratio lists. */
    size_t list_count;
    /** Receives the rects of every layout. */
    frames_rect *out_rects;
    /** Number of frames_rect out_rects can hold. */
    size_t rects_capacity;
    /** Receives one end index per layout. */
    size_t *out_rect_ends;
    /** Receives one reported height per layout. */
    double *out_content_heights;
    /** Number of entries out_rect_ends and out_content_heights can each
     *  hold. */
    size_t layouts_capacity;
    /** Written by the library: the number of rects written; with
     *  FRAMES_ERR_BUFFER_TOO_SMALL, the number of rects needed. */
    size_t out_rect_count;
} frames_layout_batch;

/** Static initializer: sets the version, zeroes the rest (no widths, no
 *  lists: an empty batch). */
#define FRAMES_LAYOUT_BATCH_INIT \
    { FRAMES_LAYOUT_BATCH_VERSION, false, NULL, 0, NULL, 0, NULL, 0, NULL, 0, NULL, NULL, 0, 0 }

/**
 * Fills *batch as FRAMES_LAYOUT_BATCH_INIT does for the given struct version
 * (pass FRAMES_LAYOUT_BATCH_VERSION): the version set, every other field
 * zero, an empty batch (no rule: a helper of frames_layout_banners_batch).
 *
 * Thread: any thread.
 * Pointers: batch is written.
 * Errors: FRAMES_ERR_NULL_POINTER if batch is NULL; FRAMES_ERR_VERSION if
 * version is not one this library knows (the struct is then left untouched).
 */
frames_result frames_layout_batch_init(frames_layout_batch *batch, uint32_t version);

/**
 * Lays out many layouts of one appearance in one call (BN-04..BN-07): the
 * same ratios at many container widths (a sweep over device widths), many
 * ratio lists at one width, or width i with list i, as *batch describes.
 * Layout i is exactly what frames_layout_banners() gives for its width and
 * list; the appearance is read and checked once and every ratio once, so a
 * batch costs less per layout than a loop of single calls.
 *
 * @param appearance  as frames_layout_banners().
 * @param batch       the inputs and output buffers; the library writes the
 *                    outputs and batch->out_rect_count. Required.
 *
 * Thread: any thread (a pure function).
 * Pointers: appearance and the batch's inputs are read during the call; the
 * batch's output buffers and batch->out_rect_count are written; the output
 * buffers must not overlap the inputs, each other or *batch.
 * Errors: FRAMES_ERR_NULL_POINTER (the message names the argument or
 * field); FRAMES_ERR_VERSION (of the appearance or of the batch);
 * FRAMES_ERR_INVALID_ARGUMENT for a bad appearance, a bad width or ratio
 * (the message names its index), a width whose insets leave no room for
 * the banners of its layout (as frames_layout_banners(); named by its
 * index), lengths that do not add up to
 * ratio_count, or counts that do not broadcast;
 * FRAMES_ERR_BUFFER_TOO_SMALL when rects_capacity is below the rects needed
 * or layouts_capacity below the layouts made (only batch->out_rect_count is
 * written); FRAMES_ERR_OVERFLOW as frames_layout_banners(), naming the
 * layout — the layouts before it are written. Every input is checked before
 * anything is written.
 */
frames_result frames_layout_banners_batch(const frames_appearance *appearance, frames_layout_batch *batch);

/* ------------------------------------------------------------------------ */
/** @name Engine (XC-01..XC-10)                                             */
/* ------------------------------------------------------------------------ */

/*
 * An engine is the shared state of one app: host I/O, time, session,
 * identity, consent, analytics, and the frames, banner places and inline
 * views made from it.
 *
 * - Sans-IO (XC-01): the engine owns no thread, socket or clock. The host
 *   polls requests (frames_engine_poll_request), performs them and answers
 *   (frames_engine_complete_request / frames_engine_fail_request), and
 *   calls frames_engine_on_timeout when frames_engine_get_next_deadline says so.
 *   Every call that needs the time takes the host's monotonic milliseconds
 *   (`now_ms`). Time never runs backwards inside the engine: a `now_ms`
 *   earlier than the latest one the engine was given is taken as that latest
 *   time (not an error), so a clock that steps back cannot reorder deadlines
 *   or shorten a wait.
 * - One owner thread (XC-02): an engine and its frames, banner places and
 *   inline views are used from the thread that created the engine. Any call
 *   from another thread returns FRAMES_ERR_WRONG_THREAD and changes nothing.
 *   A thread that starts later never becomes the owner, even if the system
 *   reuses the ended owner's thread id. Once the owner thread has ended, the
 *   engine takes one call more, from any thread: frames_engine_free (every
 *   other call still returns FRAMES_ERR_WRONG_THREAD), so an engine never
 *   outlives its owner as a leak. The one exception is
 *   frames_messages_handle_notification, callable from any thread.
 * - Callbacks (XC-03) run synchronously on the owner thread inside the call
 *   that caused them, after the state change is complete, in order. A
 *   callback may call back into the engine, including freeing the object it
 *   is told about or the engine itself; callbacks still queued for a freed
 *   object are dropped. Pointers passed to a callback are valid only during
 *   it. When a callback frees the engine, the call that ran it still
 *   returns: FRAMES_OK for a call that hands nothing back, but
 *   FRAMES_ERR_INVALID_HANDLE, with nothing written, for one that would hand
 *   back a new handle or memory borrowed from the engine
 *   (frames_frame_new, frames_banner_place_new, frames_inline_view_new,
 *   frames_engine_poll_request, frames_engine_export_state): the engine
 *   they belong to is gone. The explain calls (XC-11) run no callback.
 * - Handles (XC-07) are looked up in a registry: NULL, freed or foreign
 *   handles and handles of the wrong kind return FRAMES_ERR_INVALID_HANDLE.
 *   Handle values are never reused and are mixed with a per-process random
 *   key, so a stale or made-up value is refused except with negligible
 *   probability; do not compute with them.
 */

/** An engine; opaque. Created by frames_engine_new, freed by
 *  frames_engine_free. */
typedef struct frames_engine frames_engine;

/** The version of frames_engine_options this header describes: 2 adds the
 *  recording fields (record_write, record_user_data, record_redact). A
 *  struct of version 1 is still accepted. */
#define FRAMES_ENGINE_OPTIONS_VERSION 2

/**
 * Receives bytes the library writes for the host: one whole line of a
 * recording or of a replay's transcript (docs/wire-format.md, "Recording"),
 * `len` bytes ending with a newline, not NUL-terminated. The bytes are valid
 * only during the call. Called on the thread of the call that wrote it.
 */
typedef void (*frames_recording_write_fn)(const char *bytes, size_t len, void *user_data);

/** What a recording hides (XC-12): bits of frames_engine_options.record_redact. */
typedef uint32_t frames_record_redact;
/** Nothing hidden: the recording replays exactly. */
#define FRAMES_RECORD_REDACT_NONE 0u
/** User ids become pseudonyms (user-1, user-2 …), also inside request bodies
 *  and URLs. The recording still replays, identically unless a variant was
 *  chosen by the user id's bucket (AF-13): the pseudonym has a bucket of its
 *  own, and the replay reports the divergence there. */
#define FRAMES_RECORD_REDACT_USER_IDS 1u
/** Backend answers, request bodies, pushes and content handed to the host
 *  are replaced by their length; a replay diverges where they matter. */
#define FRAMES_RECORD_REDACT_BODIES 2u

/**
 * How an engine is set up. Initialize with FRAMES_ENGINE_OPTIONS_INIT or
 * frames_engine_options_init(); later versions only add fields at the end.
 * Strings are copied by frames_engine_new; NULL means the default.
 *
 * The retry fields define XC-06: after attempt n fails transiently
 * (transport error, timeout, HTTP 408, 429 or 5xx) the next starts after
 * min(retry_max_delay_ms, retry_base_delay_ms * retry_factor^(n-1)) scaled
 * by a factor drawn uniformly from [1 - retry_jitter, 1 + retry_jitter),
 * rounded to milliseconds; a Retry-After header (delta-seconds) replaces that
 * delay, capped at retry_max_retry_after_ms, and draws no random number.
 * Other 4xx and malformed payloads are not retried. The jitter draws one
 * number per computed delay from SplitMix64 seeded with random_seed (the top
 * 53 bits of an output over 2^53), so a seed gives one exact schedule on
 * every platform.
 * Versioned struct: starts with `uint32_t version`, grows only at its end.
 */
typedef struct frames_engine_options {
    /** Must be FRAMES_ENGINE_OPTIONS_VERSION. */
    uint32_t version;
    /** Total attempts per request, the first included; 1...100. Default 4. */
    uint32_t retry_max_attempts;
    /** Placements endpoint (AF-12), POSTed a JSON body. https:// unless
     *  allow_insecure_http. Default "https://frames.invalid/v1/placements". */
    const char *placements_url;
    /** Bucketing id while no user is logged in (AF-13): a stable per-install
     *  id the host keeps. 1...256 bytes. Default "anonymous-device". */
    const char *device_id;
    /** The first session's id (later ones: frames_engine_start_session).
     *  Default "session-1". */
    const char *session_id;
    /** Delay after the first failed attempt, ms; >= 0. Default 1000. */
    int64_t retry_base_delay_ms;
    /** Growth per attempt; 1...100. Default 2. */
    double retry_factor;
    /** Cap of the computed delay, ms; >= retry_base_delay_ms. Default 30000. */
    int64_t retry_max_delay_ms;
    /** Random fraction of the delay, 0...1. Default 0.2. */
    double retry_jitter;
    /** Longest Retry-After honoured, ms. Default 300000. */
    int64_t retry_max_retry_after_ms;
    /** A request unanswered this long has timed out, ms; > 0. Default 10000. */
    int64_t request_timeout_ms;
    /** A template that has not signalled this long after the render request
     *  has failed (AF-10), ms; > 0. Default 10000. */
    int64_t render_timeout_ms;
    /** Seeds the retry jitter. Default 0. */
    uint64_t random_seed;
    /** Accept plain http:// for the placements URL and content (AF-14);
     *  for loopback tests only. Default false. */
    bool allow_insecure_http;
    /** Banner lists endpoint (BN-14), POSTed a JSON body with the placement
     *  id. https:// unless allow_insecure_http.
     *  Default "https://frames.invalid/v1/banners". */
    const char *banners_url;
    /** Inline campaigns endpoint (IL-01), POSTed a JSON body saying who asks.
     *  https:// unless allow_insecure_http.
     *  Default "https://frames.invalid/v1/inline". */
    const char *inline_url;
    /** Schemes inline content may open besides https (IL-08), comma-separated,
     *  e.g. "myapp,mailto"; NULL or "" for none. "javascript", "file" and
     *  "data" are refused with FRAMES_ERR_INVALID_ARGUMENT: content may
     *  never open them. At most 32 schemes. */
    const char *inline_url_schemes;
    /** A customMethod call not resolved this long after it was made fails
     *  by itself (IL-07), ms; >= 0, 0 for no deadline. Default 30000. */
    int64_t inline_call_timeout_ms;
    /** Coming back to the foreground refetches the inline campaigns only when
     *  the last fetch started at least this long ago, ms; >= 0.
     *  Default 300000. */
    int64_t inline_refresh_interval_ms;
    /** Version 2. Turns on recording (XC-12): every line of the engine's
     *  recording goes here as it is written, from frames_engine_new on —
     *  the options and configuration, every call that may change state with
     *  its arguments, what it handed back, every callback and the host's
     *  answer, every push as the owner thread takes it in. The library
     *  writes nothing anywhere else. NULL (default): nothing is recorded. */
    frames_recording_write_fn record_write;
    /** Version 2. Passed to record_write. Not freed by the library. */
    void *record_user_data;
    /** Version 2. FRAMES_RECORD_REDACT_* bits. Default
     *  FRAMES_RECORD_REDACT_NONE. */
    frames_record_redact record_redact;
} frames_engine_options;

/** Static initializer with every default. */
#define FRAMES_ENGINE_OPTIONS_INIT \
    { FRAMES_ENGINE_OPTIONS_VERSION, 4, NULL, NULL, NULL, 1000, 2.0, 30000, 0.2, 300000, \
      10000, 10000, 0, false, NULL, NULL, NULL, 30000, 300000, NULL, NULL, FRAMES_RECORD_REDACT_NONE }

/**
 * Fills *options with the defaults of FRAMES_ENGINE_OPTIONS_INIT for the
 * given struct version (pass FRAMES_ENGINE_OPTIONS_VERSION), among them the
 * XC-06 retry schedule.
 *
 * Thread: any thread.
 * Pointers: options is written.
 * Errors: FRAMES_ERR_NULL_POINTER if options is NULL; FRAMES_ERR_VERSION if
 * version is not one this library knows (the struct is then left untouched).
 */
frames_result frames_engine_options_init(frames_engine_options *options, uint32_t version);

/** One key/value pair of an analytics record.
 *  Fixed record: its layout never changes within a major version; new
 *  information comes through new functions or callbacks. */
typedef struct frames_analytics_field {
    const char *key;
    const char *value;
} frames_analytics_field;

/**
 * An analytics record (XC-05), borrowed for the duration of the callback.
 * Optional strings are NULL when the event has none.
 * Fixed record: its layout never changes within a major version; new
 * information comes through new functions or callbacks.
 */
typedef struct frames_analytics_record {
    /** "<module>.<event>", e.g. "appFrames.impression", "appFrames.click",
     *  "appFrames.dismiss", "inApp.show", "inApp.discard". */
    const char *name;
    /** The host's monotonic time of the event, ms. */
    int64_t time_ms;
    const char *session_id;
    /** NULL while logged out. */
    const char *user_id;
    /** "appFrames", "banners", "inline" or "messages". */
    const char *module;
    const char *placement_id;
    const char *campaign_id;
    const char *variant_id;
    /** The frame or view, e.g. "frame-3", "inline-4". */
    const char *view_id;
    size_t field_count;
    /** Event-specific fields, e.g. "action_id" of a click. */
    const frames_analytics_field *fields;
} frames_analytics_record;

/** How much the engine traces (frames_engine_set_trace_level). Values are
 *  stable; each level includes the ones before it. */
typedef int32_t frames_trace_level;
/** No trace (the default): no line is even formatted. */
#define FRAMES_TRACE_LEVEL_OFF 0
/** Failures that reach the host as errors. */
#define FRAMES_TRACE_LEVEL_ERROR 1
/** Failures the engine absorbs: a failed attempt with no retry left, a
 *  rejected content, a frame entering an error status. */
#define FRAMES_TRACE_LEVEL_WARNING 2
/** Decisions: campaigns chosen or skipped and why, retries scheduled,
 *  lists loaded. */
#define FRAMES_TRACE_LEVEL_INFO 3
/** Every request sent and answered, every status change. */
#define FRAMES_TRACE_LEVEL_DEBUG 4

/** The version of frames_host_callbacks this header describes. */
#define FRAMES_HOST_CALLBACKS_VERSION 1

/**
 * The services every module of the engine asks of its host, besides
 * requests (which the host polls, XC-01). What one object or one module
 * tells its host is in that object's or module's delegate. Every member may
 * be NULL. Called on the owner thread after the state change (XC-03),
 * except message_wakeup.
 * Versioned struct: starts with `uint32_t version`, grows only at its end.
 */
typedef struct frames_host_callbacks {
    /** Must be FRAMES_HOST_CALLBACKS_VERSION. */
    uint32_t version;
    /** XC-05: every analytics record of every module; there is nothing for
     *  the app to record. `record` is borrowed for the call. */
    void (*analytics)(const frames_analytics_record *record, void *user_data);
    /** AF-21, IM-06: open `url` — an App Frames action's navigation, or a
     *  message button's link that can_open_url accepted; return whether it
     *  opened. */
    bool (*open_url)(const char *url, void *user_data);
    /** IM-06: whether the host can open `url` (canOpenURL). True: the engine
     *  opens it through open_url. False, or no callback: it is not opened. */
    bool (*can_open_url)(const char *url, void *user_data);
    /** IM-07: the host's font for a message panel's font name and size
     *  (points), asked once per name and size before the messages
     *  delegate's `present`: any non-NULL value the host recognises (a font
     *  object), handed back as frames_message_text.host_font. NULL, or no
     *  callback: the system font. */
    void *(*resolve_font)(const char *name, double size, void *user_data);
    /** XC-10: the engine's durable state changed (a capping or shown-once
     *  ledger): export it with frames_engine_export_state and store it. Once
     *  per engine call at most, after that call's other callbacks. */
    void (*state_changed)(void *user_data);
    /** One line of the engine's trace (frames_engine_set_trace_level):
     *  requests sent and answered, retries scheduled, campaigns chosen or
     *  skipped and why, status changes. `line` is borrowed for the call. */
    void (*trace)(frames_trace_level level, const char *line, void *user_data);
    /** IM-01: frames_messages_handle_notification queued a message while
     *  none was waiting: call into the engine from the owner thread soon
     *  (frames_engine_on_timeout). The one callback that runs on the
     *  notifying thread, inside frames_messages_handle_notification, on any
     *  thread and possibly on several at once: post a wake-up to the owner's
     *  loop and return. It may call frames_messages_handle_notification; it
     *  must not free the engine (FRAMES_ERR_INVALID_STATE). Never called
     *  once frames_engine_free has begun: free waits for calls under way. */
    void (*message_wakeup)(void *user_data);
    void *user_data;
    /** Called exactly once with user_data when the engine is freed (also if
     *  frames_engine_new fails after taking the callbacks). May be NULL. */
    void (*free_user_data)(void *user_data);
} frames_host_callbacks;

/** Static initializer: the version set, every member NULL. */
#define FRAMES_HOST_CALLBACKS_INIT \
    { FRAMES_HOST_CALLBACKS_VERSION, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL }

/**
 * Fills *callbacks as FRAMES_HOST_CALLBACKS_INIT does for the given struct
 * version (pass FRAMES_HOST_CALLBACKS_VERSION): the version set, every
 * member NULL (no rule: a helper of frames_engine_new).
 *
 * Thread: any thread.
 * Pointers: callbacks is written.
 * Errors: FRAMES_ERR_NULL_POINTER if callbacks is NULL; FRAMES_ERR_VERSION
 * if version is not one this library knows (the struct is then left
 * untouched).
 */
frames_result frames_host_callbacks_init(frames_host_callbacks *callbacks, uint32_t version);

/**
 * Creates an engine owned by the calling thread (XC-01, XC-02), reading the
 * host configuration document that decides whether App Frames run (AF-01).
 *
 * @param options     NULL for every default.
 * @param config      the host configuration document (AF-01): JSON or an XML
 *                    property list (an Info.plist). App Frames run only if
 *                    it holds a dictionary "Insider" with the Boolean
 *                    "App Frames Enabled" true; read once, latched for the
 *                    engine's life. May be NULL only if config_len is 0
 *                    (App Frames stay off).
 * @param config_len  bytes in config.
 * @param host        the host callbacks; NULL for none.
 * @param out_engine  receives the engine. Required.
 *
 * Thread: any thread; the calling thread becomes the engine's owner thread.
 * Pointers: options (and its strings) and config are read during the call;
 * host is copied, and its user_data is the engine's until free_user_data;
 * out_engine is written.
 * Errors: FRAMES_ERR_NULL_POINTER; FRAMES_ERR_VERSION;
 * FRAMES_ERR_INVALID_ARGUMENT for a bad option (named) or a configuration
 * document that is neither well-formed JSON nor a property list (the
 * message says where). On error free_user_data has been called — except
 * when `host` has a version this library does not know
 * (FRAMES_ERR_VERSION): then the library cannot know where free_user_data
 * is, reads nothing past the version field, and the caller keeps ownership
 * of user_data.
 */
frames_result frames_engine_new(const frames_engine_options *options,
                                const uint8_t *config,
                                size_t config_len,
                                const frames_host_callbacks *host,
                                frames_engine **out_engine);

/**
 * Frees an engine with every frame, banner place and inline view made from
 * it (XC-02, XC-03, XC-07): their handles become invalid and their
 * delegates' free_user_data run; then the inline, banners and messages
 * delegates' free_user_data run, and last the host callbacks'. NULL is a
 * no-op returning FRAMES_OK. Callable from inside a callback of this
 * engine (except message_wakeup): nothing more is delivered afterwards.
 *
 * Thread: owner thread, or any thread once the owner thread has ended; the
 * free_user_data callbacks then run on the calling thread.
 * Errors: FRAMES_ERR_INVALID_STATE from inside message_wakeup; handle and
 * thread errors.
 */
frames_result frames_engine_free(frames_engine *engine);

/** A request for the host to perform; its strings and body are borrowed:
 *  valid until the next call on this engine. The host allocates the struct,
 *  so it never grows within a major version: a later minor version that
 *  needs more adds a function instead.
 *  Fixed record: its layout never changes within a major version; new
 *  information comes through new functions or callbacks. */
typedef struct frames_request {
    /** Answer with this id. Never 0. */
    uint64_t id;
    /** "GET" or "POST". */
    const char *method;
    const char *url;
    size_t header_count;
    const char *const *header_names;
    const char *const *header_values;
    const uint8_t *body;
    size_t body_len;
    /** The engine treats the request as timed out at this time (ms). */
    int64_t deadline_ms;
} frames_request;

/**
 * Takes the next request the engine wants performed (XC-01). *out_available
 * is false (and *out_request untouched) when none waits. The request is in
 * flight until answered or until its deadline passes.
 *
 * Thread: owner thread.
 * Pointers: out_request and out_available are written; the request's
 * strings and body are borrowed until the next call on this engine.
 * Errors: FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_engine_poll_request(frames_engine *engine, frames_request *out_request, bool *out_available);

/**
 * Answers request `request_id` with an HTTP response (XC-01, XC-06): 2xx are
 * successes; other statuses are failures retried per XC-06. Headers are
 * name/value arrays of header_count entries (Retry-After is read).
 *
 * Thread: owner thread.
 * Pointers: header_names, header_values and body are read during the call
 * (the body is copied); each may be NULL only when its count is 0.
 * Errors: FRAMES_ERR_NOT_FOUND when the request is not in flight (already
 * answered, timed out, or dropped by an identity or consent change — its
 * answer is ignored, which is not a host bug); FRAMES_ERR_INVALID_ARGUMENT
 * for a status outside 100...999 or a header that is not UTF-8;
 * FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_engine_complete_request(frames_engine *engine,
                                             uint64_t request_id,
                                             int32_t http_status,
                                             const char *const *header_names,
                                             const char *const *header_values,
                                             size_t header_count,
                                             const uint8_t *body,
                                             size_t body_len,
                                             int64_t now_ms);

/**
 * Reports that request `request_id` could not be performed (DNS,
 * connection, TLS...): a transient failure, retried per XC-06. `message`
 * (UTF-8, may be NULL) travels with the resulting error.
 *
 * Thread: owner thread.
 * Pointers: message is read during the call.
 * Errors: as frames_engine_complete_request.
 */
frames_result frames_engine_fail_request(frames_engine *engine,
                                         uint64_t request_id,
                                         const char *message,
                                         int64_t now_ms);

/**
 * When the host must call frames_engine_on_timeout next (XC-01):
 * *out_has_deadline is false when nothing is timed. Changes after every
 * call on the engine.
 *
 * Thread: owner thread.
 * Pointers: out_deadline_ms and out_has_deadline are written.
 * Errors: FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_engine_get_next_deadline(frames_engine *engine,
                                              int64_t *out_deadline_ms,
                                              bool *out_has_deadline);

/**
 * Fires every timer and request timeout due at now_ms (XC-01, XC-06: retries,
 * render timeouts, message expiry) and picks up waiting notifications
 * (IM-01). Calling it early is harmless.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_engine_on_timeout(frames_engine *engine, int64_t now_ms);

/**
 * Starts a new session (XC-04): `session_id` NULL generates "session-N".
 * Frames on screen record another impression (AF-22); after consent came
 * back or a remote disable, App Frames re-resolve now (AF-17); the inline
 * campaigns are fetched again (IL-01).
 *
 * Thread: owner thread.
 * Pointers: session_id is copied.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for a bad id (not UTF-8); handle and
 * thread errors.
 */
frames_result frames_engine_start_session(frames_engine *engine, const char *session_id, int64_t now_ms);

/**
 * Login (a user id, 1...256 bytes of UTF-8) or logout (NULL) (XC-04, AF-16):
 * drops the previous user's cache and every answer still due for them, then
 * re-resolves. Frames on screen stay until the new selection; a waiting or
 * shown modal message of another user is discarded or withdrawn (IM-03).
 *
 * Thread: owner thread.
 * Pointers: user_id is copied.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for a bad id; handle and thread
 * errors.
 */
frames_result frames_engine_set_user(frames_engine *engine, const char *user_id, int64_t now_ms);

/** The application's state (XC-04). */
typedef int32_t frames_app_state;
/** In the foreground and receiving input. */
#define FRAMES_APP_STATE_ACTIVE 0
/** In the foreground without input (a system alert); not a background. */
#define FRAMES_APP_STATE_INACTIVE 1
/** In the background: banners pause; coming back refreshes App Frames. */
#define FRAMES_APP_STATE_BACKGROUND 2

/**
 * Tells the engine the app's state (XC-04); background -> active refreshes
 * App Frames (AF-16). An engine starts in FRAMES_APP_STATE_ACTIVE: a host
 * that starts in the background says so before anything else (a modal
 * message is presented only while active, IM-02, IM-03).
 *
 * Thread: owner thread.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for an unknown state; handle and
 * thread errors.
 */
frames_result frames_engine_set_app_state(frames_engine *engine, frames_app_state state, int64_t now_ms);

/**
 * Grants or revokes consent (XC-04, AF-17). Revoking moves every frame to
 * disabled at once, cancels in-flight work and drops selection and cache.
 * Granting again does not bring frames back: until the next
 * frames_engine_start_session every frame stays disabled — new frames are
 * created disabled, and attaching, a foreground, a login or any other call
 * requests nothing — exactly as after a remote "SDK disabled". The next
 * session start resolves placements again.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_engine_set_consent(frames_engine *engine, bool granted, int64_t now_ms);

/**
 * Sets how much the engine reports through the host's `trace` callback (no
 * rule: a diagnostic; FRAMES_TRACE_LEVEL_OFF by default: nothing is
 * formatted, nothing is called). Lines are delivered like every callback,
 * after the state change that caused them.
 *
 * Thread: owner thread.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for a level outside
 * FRAMES_TRACE_LEVEL_OFF...FRAMES_TRACE_LEVEL_DEBUG; handle and thread
 * errors.
 */
frames_result frames_engine_set_trace_level(frames_engine *engine, frames_trace_level level);

/**
 * Exports the engine's durable state (XC-10) — what must outlive the
 * process, such as capping and shown-once ledgers, per user — as one blob
 * for the host to store (the engine writes no file). The blob is versioned
 * and checksummed; hand it to frames_engine_import_state after a restart.
 *
 * Times in the blob are wall-clock times, because the monotonic `now_ms`
 * does not survive a restart: `wall_clock_ms` is the host's wall clock (ms
 * since the Unix epoch) read together with `now_ms`, and every time is
 * converted with their difference.
 *
 * @param out_blob  receives the blob. Required.
 * @param out_len   receives its length in bytes. Required.
 *
 * Thread: owner thread.
 * Pointers: out_blob and out_len are written; the blob is borrowed until the
 * next call on this engine.
 * Errors: FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_engine_export_state(frames_engine *engine, int64_t now_ms, int64_t wall_clock_ms,
                                         const uint8_t **out_blob, size_t *out_len);

/**
 * Replaces the engine's durable state (XC-10) with a blob that
 * frames_engine_export_state wrote (in this process or an earlier one).
 * `now_ms` and `wall_clock_ms` are read together, as for the export.
 *
 * All or nothing: a refused blob changes nothing — the engine keeps the
 * durable state it had (its capping and shown-once ledgers still hold), and
 * the error message says so. An accepted blob replaces the capping ledgers;
 * the shown-once ledger of modal messages becomes the blob's joined with
 * the one the engine has — what it presented since it was created and what
 * earlier imports brought: a shown message is never forgotten (IM-03).
 *
 * The safe order: make this the owner thread's first call after
 * frames_engine_new, before handing the engine to the threads that call
 * frames_messages_handle_notification. A push handed in before the import
 * is checked against the imported ledger all the same (the import reads the
 * blob before it picks up waiting pushes), but the engine starts in
 * FRAMES_APP_STATE_ACTIVE, so any earlier owner-thread call — an
 * on_timeout after message_wakeup, say — would present it at once.
 *
 * Thread: owner thread.
 * Pointers: blob is copied; it may be NULL only when blob_len is 0.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for a blob that is corrupted,
 * truncated, of another kind or over a limit (the message says which);
 * FRAMES_ERR_VERSION for a blob of a newer format;
 * FRAMES_ERR_NULL_POINTER when blob is NULL and blob_len is not 0; handle and
 * thread errors.
 */
frames_result frames_engine_import_state(frames_engine *engine, const uint8_t *blob, size_t blob_len, int64_t now_ms,
                                         int64_t wall_clock_ms);

/* ------------------------------------------------------------------------ */
/** @name App Frames (AF-01..AF-23)                                         */
/* ------------------------------------------------------------------------ */

/*
 * A frame is a slot in the host's layout bound to a placement id. The engine
 * resolves which campaign the placement shows, downloads and checks its
 * content, and asks the frame's delegate to `render` it; the host draws the
 * template and reports what it did with the frames_frame_report_* calls.
 */

/** An App Frame; opaque. Created by frames_frame_new, freed by
 *  frames_frame_free or with its engine. */
typedef struct frames_frame frames_frame;

/**
 * Whether the configuration document given to frames_engine_new enabled App
 * Frames (AF-01).
 *
 * Thread: owner thread.
 * Pointers: out_enabled is written.
 * Errors: FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_app_frames_get_enabled(frames_engine *engine, bool *out_enabled);

/** The eleven statuses of a frame (AF-06). Values are stable. */
typedef int32_t frames_frame_status;
/** No placement id (or detached with a new one): "noPlacement". */
#define FRAMES_FRAME_STATUS_NO_PLACEMENT 0
/** App Frames not running: not opted in, consent revoked or SDK disabled: "disabled". */
#define FRAMES_FRAME_STATUS_DISABLED 1
/** Waiting for the placements fetch: "resolving". */
#define FRAMES_FRAME_STATUS_RESOLVING 2
/** Downloading the chosen content: "downloading". */
#define FRAMES_FRAME_STATUS_DOWNLOADING 3
/** The host was asked to render: "rendering". */
#define FRAMES_FRAME_STATUS_RENDERING 4
/** Content on screen, the only status with height: "ready". */
#define FRAMES_FRAME_STATUS_READY 5
/** No campaign for this user and placement, not an error: "unavailable". */
#define FRAMES_FRAME_STATUS_UNAVAILABLE 6
/** The user closed the content: "dismissed". */
#define FRAMES_FRAME_STATUS_DISMISSED 7
/** The placements fetch failed: "errorResolving". */
#define FRAMES_FRAME_STATUS_ERROR_RESOLVING 8
/** Content or an asset failed to download or its checks: "errorDownloading". */
#define FRAMES_FRAME_STATUS_ERROR_DOWNLOADING 9
/** The template failed or timed out: "errorRendering". */
#define FRAMES_FRAME_STATUS_ERROR_RENDERING 10

/**
 * The lowerCamelCase name of a status (AF-06), e.g. "errorResolving", or
 * "unknown". Returns a static string; never NULL, never freed.
 *
 * Thread: any thread.
 * Never fails.
 */
const char *frames_frame_status_str(frames_frame_status status);

/**
 * Whether a status is a loading one (AF-06): true for resolving, downloading
 * and rendering.
 *
 * Thread: any thread.
 * Never fails.
 */
bool frames_frame_status_is_loading(frames_frame_status status);

/**
 * Whether a status is an error one (AF-06, AF-10): true for the three error
 * statuses.
 *
 * Thread: any thread.
 * Never fails.
 */
bool frames_frame_status_is_error(frames_frame_status status);

/** Why a frame is in an error status (AF-10). */
typedef int32_t frames_frame_error_code;
/** The placements fetch failed (after its retries). */
#define FRAMES_FRAME_ERROR_CODE_RESOLUTION_FAILED 1
/** The content document or an asset could not be downloaded. */
#define FRAMES_FRAME_ERROR_CODE_DOWNLOADING_FAILED 2
/** Content failed its checksum or origin check. */
#define FRAMES_FRAME_ERROR_CODE_PLACEMENT_UNTRUSTED 3
/** The host reported a render failure, or the render timeout passed. */
#define FRAMES_FRAME_ERROR_CODE_RENDERING_FAILED 4

/**
 * The lowerCamelCase name of an error code (AF-10), e.g.
 * "resolutionFailed", or "unknown". Returns a static string; never NULL,
 * never freed.
 *
 * Thread: any thread.
 * Never fails.
 */
const char *frames_frame_error_code_str(frames_frame_error_code code);

/** A frame's, a banner row's or an inline view's error, borrowed: valid
 *  during the callback that carries it, or until the next call on the
 *  engine when read with frames_frame_get_error.
 *  Fixed record: its layout never changes within a major version; new
 *  information comes through new functions or callbacks. */
typedef struct frames_frame_error {
    frames_frame_error_code code;
    /** The HTTP status behind the failure, 0 when there was none. */
    int32_t http_status;
    /** What went wrong, e.g. "the placements fetch failed after 4 attempts:
     *  HTTP status 503". */
    const char *message;
} frames_frame_error;

/** One downloaded asset of content to render; borrowed during the callback.
 *  Fixed record: its layout never changes within a major version; new
 *  information comes through new functions or callbacks. */
typedef struct frames_asset {
    const char *url;
    const uint8_t *bytes;
    size_t size;
} frames_asset;

/**
 * Content the host is asked to render in a frame (AF-14), borrowed for the
 * duration of the callback: copy what you keep. Its checksums and sizes are
 * verified.
 * Fixed record: its layout never changes within a major version; new
 * information comes through new functions or callbacks.
 */
typedef struct frames_content {
    const char *placement_id;
    const char *campaign_id;
    const char *variant_id;
    /** The template's HTML. */
    const char *template_html;
    size_t asset_count;
    const frames_asset *assets;
    size_t action_count;
    /** Ids of the actions the template may trigger
     *  (frames_frame_report_action). */
    const char *const *action_ids;
} frames_content;

/** The version of frames_frame_delegate this header describes. */
#define FRAMES_FRAME_DELEGATE_VERSION 1

/**
 * What a frame asks of its host and tells it (AF-07..AF-10, AF-19..AF-21).
 * Every member may be NULL. Called on the owner thread after the state
 * change (XC-03); pointers are borrowed for the call.
 * Versioned struct: starts with `uint32_t version`, grows only at its end.
 */
typedef struct frames_frame_delegate {
    /** Must be FRAMES_FRAME_DELEGATE_VERSION. */
    uint32_t version;
    /** AF-10, AF-14: draw `content` in `frame`, then report through the
     *  frames_frame_report_* calls. A template that does not signal within
     *  render_timeout_ms fails rendering — also when the frame has no
     *  delegate or this member is NULL, since nothing draws it. */
    void (*render)(frames_frame *frame, const frames_content *content, void *user_data);
    /** AF-07: on every transition and only on a transition. */
    void (*status_changed)(frames_frame *frame, frames_frame_status status, frames_frame_status previous,
                           void *user_data);
    /** AF-09: on entering an error status, before status_changed. */
    void (*failed)(frames_frame *frame, const frames_frame_error *error, void *user_data);
    /** AF-19: the template reported a new optimal height. Never on collapse. */
    void (*height_requested)(frames_frame *frame, double optimal_height, void *user_data);
    /** AF-20: the user closed the content; the status is already dismissed.
     *  The engine changes nothing of the host's layout. */
    void (*dismiss_requested)(frames_frame *frame, void *user_data);
    /** AF-21: an action with non-empty custom data, as JSON object text,
     *  after the engine performed its navigation and recorded the click. */
    void (*action_triggered)(frames_frame *frame, const char *custom_data_json, void *user_data);
    void *user_data;
    /** Called exactly once with user_data when the delegate is replaced or
     *  cleared, or its frame or engine is freed. May be NULL. */
    void (*free_user_data)(void *user_data);
} frames_frame_delegate;

/** Static initializer: the version set, every member NULL. */
#define FRAMES_FRAME_DELEGATE_INIT { FRAMES_FRAME_DELEGATE_VERSION, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL }

/**
 * Fills *delegate as FRAMES_FRAME_DELEGATE_INIT does for the given struct
 * version (pass FRAMES_FRAME_DELEGATE_VERSION): the version set, every
 * member NULL (no rule: a helper of frames_frame_set_delegate).
 *
 * Thread: any thread.
 * Pointers: delegate is written.
 * Errors: FRAMES_ERR_NULL_POINTER if delegate is NULL; FRAMES_ERR_VERSION if
 * version is not one this library knows (the struct is then left untouched).
 */
frames_result frames_frame_delegate_init(frames_frame_delegate *delegate, uint32_t version);

/**
 * Creates a frame in `engine` (AF-02, AF-03): status noPlacement, or
 * disabled while App Frames cannot run; detached, visible, size 0,
 * intrinsic height mode, no delegate.
 *
 * Thread: owner thread.
 * Pointers: out_frame is written.
 * Errors: FRAMES_ERR_NULL_POINTER; handle and thread errors (also
 * FRAMES_ERR_INVALID_HANDLE when a callback of this call freed the engine).
 */
frames_result frames_frame_new(frames_engine *engine, frames_frame **out_frame);

/**
 * Frees a frame (AF-23, XC-07): its handle becomes invalid, callbacks still
 * queued for it are dropped, and its delegate's free_user_data runs. NULL is
 * a no-op returning FRAMES_OK. Callable inside a callback about this frame.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_frame_free(frames_frame *frame);

/**
 * Sets (copies) or clears (NULL) the frame's delegate (AF-07, AF-23): the
 * previous delegate's free_user_data runs, and nothing is called on it
 * afterwards.
 *
 * Thread: owner thread.
 * Pointers: delegate is copied; its user_data is the frame's until
 * free_user_data.
 * Errors: FRAMES_ERR_VERSION for a delegate of a version this library does
 * not know (then nothing is changed and its free_user_data is not called);
 * handle and thread errors.
 */
frames_result frames_frame_set_delegate(frames_frame *frame, const frames_frame_delegate *delegate);

/**
 * Binds the frame to a placement id (1...256 bytes of UTF-8) or to none
 * (NULL: status noPlacement) (AF-03). An attached frame starts loading; a
 * detached one waits in noPlacement until attached.
 *
 * Thread: owner thread.
 * Pointers: placement_id is copied.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for a bad id; handle and thread
 * errors.
 */
frames_result frames_frame_set_placement(frames_frame *frame, const char *placement_id, int64_t now_ms);

/**
 * The frame enters the host's visible hierarchy and follows its placement
 * (AF-04); there is no load call. Attaching twice is harmless.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_frame_attach(frames_frame *frame, int64_t now_ms);

/**
 * The frame leaves the host's visible hierarchy (AF-04): it keeps its status
 * and content but follows no updates until attached again.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_frame_detach(frames_frame *frame);

/**
 * Hides or shows the frame (AF-04, AF-22): hiding does not stop loading; it
 * blocks impressions.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_frame_set_hidden(frames_frame *frame, bool hidden, int64_t now_ms);

/**
 * The size the host laid the frame out at, finite and >= 0 (AF-22): an
 * impression needs a non-zero height.
 *
 * Thread: owner thread.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for a negative or non-finite length;
 * handle and thread errors.
 */
frames_result frames_frame_set_laid_out_size(frames_frame *frame, double width, double height, int64_t now_ms);

/** How a frame's height is decided (AF-18). */
typedef int32_t frames_height_mode;
/** The template's height while ready, 0 otherwise (the default). */
#define FRAMES_HEIGHT_MODE_INTRINSIC 0
/** Pinned by the host at fixed_height; the engine never changes it. */
#define FRAMES_HEIGHT_MODE_FIXED 1

/**
 * Sets how the frame's height is decided (AF-18); fixed_height (finite,
 * >= 0) is used in fixed mode.
 *
 * Thread: owner thread.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for an unknown mode or a negative or
 * non-finite fixed height; handle and thread errors.
 */
frames_result frames_frame_set_height_mode(frames_frame *frame, frames_height_mode mode, double fixed_height);

/**
 * The frame's status (AF-06).
 *
 * Thread: owner thread.
 * Pointers: out_status is written.
 * Errors: FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_frame_get_status(frames_frame *frame, frames_frame_status *out_status);

/**
 * Copies the frame's placement id into `buffer` as a NUL-terminated UTF-8
 * string (AF-03). *out_length receives the id's length in bytes without the
 * NUL — 0 when the frame has no placement, which no real id can be (ids are
 * 1...256 bytes) — so the buffer needs *out_length + 1 bytes.
 *
 * @param buffer      receives the id; may be NULL when capacity is 0.
 * @param capacity    bytes in buffer.
 * @param out_length  receives the id's length. Required.
 *
 * Thread: owner thread.
 * Pointers: buffer and out_length are written.
 * Errors: FRAMES_ERR_BUFFER_TOO_SMALL when capacity < *out_length + 1: the
 * length is written, the buffer is not (call with capacity 0 to ask the
 * size); FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_frame_get_placement_id(frames_frame *frame, char *buffer, size_t capacity, size_t *out_length);

/**
 * The frame's error (AF-10): *out_has_error is true exactly while the status
 * is an error status, and *out_error is written only then.
 *
 * Thread: owner thread.
 * Pointers: out_error and out_has_error are written; the error's message is
 * borrowed until the next call on this engine.
 * Errors: FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_frame_get_error(frames_frame *frame, frames_frame_error *out_error, bool *out_has_error);

/**
 * The height the host should give the frame (AF-18): the template's height
 * while ready and 0 otherwise in intrinsic mode; the fixed height in fixed
 * mode.
 *
 * Thread: owner thread.
 * Pointers: out_height is written.
 * Errors: FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_frame_get_intrinsic_height(frames_frame *frame, double *out_height);

/**
 * The template signalled its content is on screen with this optimal height
 * (rendering -> ready), or reports a new optimal height while ready (AF-10,
 * AF-19).
 *
 * Thread: owner thread.
 * Errors: FRAMES_ERR_INVALID_STATE in any other status;
 * FRAMES_ERR_INVALID_ARGUMENT for a negative or non-finite height; handle
 * and thread errors.
 */
frames_result frames_frame_report_rendered(frames_frame *frame, double height, int64_t now_ms);

/**
 * The host could not render the template: errorRendering (AF-10). `message`
 * (UTF-8, may be NULL) travels with the error.
 *
 * Thread: owner thread.
 * Pointers: message is copied.
 * Errors: FRAMES_ERR_INVALID_STATE unless rendering or ready;
 * FRAMES_ERR_INVALID_ARGUMENT for a message that is not UTF-8; handle and
 * thread errors.
 */
frames_result frames_frame_report_render_failed(frames_frame *frame, const char *message, int64_t now_ms);

/**
 * The user closed the content from inside the template (AF-20).
 *
 * Thread: owner thread.
 * Errors: FRAMES_ERR_INVALID_STATE unless ready; handle and thread errors.
 */
frames_result frames_frame_report_dismissed(frames_frame *frame, int64_t now_ms);

/**
 * The user triggered action `action_id` of the content (AF-21): the engine
 * records the click, performs the navigation through the host's open_url and
 * calls the delegate's action_triggered for custom data.
 *
 * Thread: owner thread.
 * Pointers: action_id is read during the call.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for an id the content does not have;
 * FRAMES_ERR_INVALID_STATE unless ready; FRAMES_ERR_NULL_POINTER; handle and
 * thread errors.
 */
frames_result frames_frame_report_action(frames_frame *frame, const char *action_id, int64_t now_ms);

/* ------------------------------------------------------------------------ */
/** @name Banner places (BN-01..BN-17)                                      */
/* ------------------------------------------------------------------------ */

/*
 * A banner place shows the banners of a placement id in one of the three
 * layouts of frames_appearance. It belongs to an engine and follows its
 * rules (owner thread, callbacks after the state change, handles in a
 * registry). The host tells it its width, what is visible (the viewport)
 * and what the user does; the place tells the host what to draw, what
 * plays, what to count and where to scroll. What concerns no place — a
 * preload finishing — goes to the engine's banners delegate.
 */

/** A banner place; opaque. Created by frames_banner_place_new, freed by
 *  frames_banner_place_free or with its engine. */
typedef struct frames_banner_place frames_banner_place;

/** A banner as the place shows it, borrowed for the duration of a callback.
 *  Fixed record: its layout never changes within a major version; new
 *  information comes through new functions or callbacks. */
typedef struct frames_banner_info {
    const char *id;
    /** Width / height. */
    double ratio;
    /** One play lasts this long (BN-09, BN-10). */
    int64_t duration_ms;
    const char *content_url;
} frames_banner_info;

/** What banner content asks the user to type (BN-17). */
typedef int32_t frames_input_kind;
/** Free text. */
#define FRAMES_INPUT_KIND_TEXT 0
/** An e-mail address. */
#define FRAMES_INPUT_KIND_EMAIL 1
/** A telephone number. */
#define FRAMES_INPUT_KIND_TELEPHONE 2

/** The version of frames_banner_place_delegate this header describes. */
#define FRAMES_BANNER_PLACE_DELEGATE_VERSION 1

/**
 * What a banner place asks of its host and tells it. Every member may be
 * NULL; indexes are positions in the place's list (backend order, after
 * availability and max_banners_count). Called on the owner thread after the
 * state change (XC-03); pointers are borrowed for the call.
 * Versioned struct: starts with `uint32_t version`, grows only at its end.
 */
typedef struct frames_banner_place_delegate {
    /** Must be FRAMES_BANNER_PLACE_DELEGATE_VERSION. */
    uint32_t version;
    /** BN-15: on every list update (load, refresh, new width, failure):
     *  whether there is content, the banners laid out and the height the
     *  place reports (BN-04..BN-06: the full content for lists, the tallest
     *  banner for the carousel). */
    void (*updated)(frames_banner_place *place, bool is_content, size_t count, double list_height,
                    void *user_data);
    /** BN-15: the list of `placement_id` loaded (every load and refresh). */
    void (*loaded)(frames_banner_place *place, const char *placement_id, void *user_data);
    /** BN-16: banner `index`'s content is downloaded and checked: draw it.
     *  `content` is borrowed for the callback. */
    void (*render)(frames_banner_place *place, size_t index, const frames_banner_info *banner,
                   const uint8_t *content, size_t content_len, void *user_data);
    /** BN-16: banner `index`'s content failed after its retries; the row
     *  keeps its space; frames_banner_place_retry_row retries it alone. */
    void (*row_failed)(frames_banner_place *place, size_t index, const frames_frame_error *error, void *user_data);
    /** BN-13, BN-15: banner `index` is displayed: its first play in this
     *  load (the view statistic is recorded with it). */
    void (*shown)(frames_banner_place *place, size_t index, const frames_banner_info *banner, void *user_data);
    /** BN-09, BN-10: start (from the beginning when `from_start`, else
     *  resume) or pause banner `index`. Lists play muted. */
    void (*playback_changed)(frames_banner_place *place, size_t index, bool playing, bool from_start,
                             void *user_data);
    /** BN-08: the current index changed (swipe, timer or call). */
    void (*scrolled)(frames_banner_place *place, size_t index, void *user_data);
    /** BN-15: a link inside a banner was tapped. */
    void (*action_triggered)(frames_banner_place *place, const char *target, void *user_data);
    /** BN-15: a widget inside banner `index` reported `name` with optional
     *  JSON data (NULL when none). */
    void (*widget_reported)(frames_banner_place *place, size_t index, const frames_banner_info *banner,
                            const char *name, const char *data_json, void *user_data);
    /** BN-17: banner `index` asks for input. Return true when the host
     *  presents a dialog (the place pauses until
     *  frames_banner_place_report_input_finished), false (or no callback) to
     *  decline at once. */
    bool (*input_requested)(frames_banner_place *place, size_t index, frames_input_kind kind, const char *prompt,
                            void *user_data);
    void *user_data;
    /** Called exactly once with user_data when the delegate is replaced or
     *  cleared, or the place or its engine is freed. May be NULL. */
    void (*free_user_data)(void *user_data);
} frames_banner_place_delegate;

/** Static initializer: the version set, every member NULL. */
#define FRAMES_BANNER_PLACE_DELEGATE_INIT \
    { FRAMES_BANNER_PLACE_DELEGATE_VERSION, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL }

/**
 * Fills *delegate as FRAMES_BANNER_PLACE_DELEGATE_INIT does for the given
 * struct version (pass FRAMES_BANNER_PLACE_DELEGATE_VERSION): the version
 * set, every member NULL (no rule: a helper of
 * frames_banner_place_set_delegate).
 *
 * Thread: any thread.
 * Pointers: delegate is written.
 * Errors: FRAMES_ERR_NULL_POINTER if delegate is NULL; FRAMES_ERR_VERSION if
 * version is not one this library knows (the struct is then left untouched).
 */
frames_result frames_banner_place_delegate_init(frames_banner_place_delegate *delegate, uint32_t version);

/** The version of frames_banners_delegate this header describes. */
#define FRAMES_BANNERS_DELEGATE_VERSION 1

/**
 * What the banners module tells its host about no place in particular
 * (BN-14, BN-15), set on the engine with frames_banners_set_delegate. Every
 * member may be NULL. Called on the owner thread after the state change
 * (XC-03); pointers are borrowed for the call.
 * Versioned struct: starts with `uint32_t version`, grows only at its end.
 */
typedef struct frames_banners_delegate {
    /** Must be FRAMES_BANNERS_DELEGATE_VERSION. */
    uint32_t version;
    /** BN-14, BN-15: frames_banners_preload of `placement_id` finished. On
     *  success `error` is NULL, `banners` lists the `count` banners now
     *  cached with their content, and `banner_errors[i]` is NULL when banner
     *  i's content loaded or says why it did not (that row shows as failed
     *  in a place and can be retried). On failure of the list `count` is 0,
     *  `banners` and `banner_errors` are NULL and `error` says why. */
    void (*preloaded)(const char *placement_id, const frames_banner_info *banners, size_t count,
                      const frames_frame_error *const *banner_errors, const frames_frame_error *error,
                      void *user_data);
    void *user_data;
    /** Called exactly once with user_data when the delegate is replaced or
     *  cleared, or the engine is freed. May be NULL. */
    void (*free_user_data)(void *user_data);
} frames_banners_delegate;

/** Static initializer: the version set, every member NULL. */
#define FRAMES_BANNERS_DELEGATE_INIT { FRAMES_BANNERS_DELEGATE_VERSION, NULL, NULL, NULL }

/**
 * Fills *delegate as FRAMES_BANNERS_DELEGATE_INIT does for the given struct
 * version (pass FRAMES_BANNERS_DELEGATE_VERSION): the version set, every
 * member NULL (no rule: a helper of frames_banners_set_delegate).
 *
 * Thread: any thread.
 * Pointers: delegate is written.
 * Errors: FRAMES_ERR_NULL_POINTER if delegate is NULL; FRAMES_ERR_VERSION if
 * version is not one this library knows (the struct is then left untouched).
 */
frames_result frames_banners_delegate_init(frames_banners_delegate *delegate, uint32_t version);

/**
 * Sets (copies) or clears (NULL) the engine's banners delegate (BN-14,
 * BN-15): the previous delegate's free_user_data runs, and nothing is
 * called on it afterwards. Without a delegate a finished preload still
 * fills the cache; nobody is told.
 *
 * Thread: owner thread.
 * Pointers: delegate is copied; its user_data is the engine's until
 * free_user_data.
 * Errors: FRAMES_ERR_VERSION for a delegate of a version this library does
 * not know (then nothing is changed and its free_user_data is not called);
 * handle and thread errors.
 */
frames_result frames_banners_set_delegate(frames_engine *engine, const frames_banners_delegate *delegate);

/**
 * Fetches the list of `placement_id` (1...256 bytes of UTF-8) and then
 * every banner's content (checked like a place's, AF-14 sizes included) into
 * the cache that every place with that id reads until a refresh or another
 * preload (BN-14); completes through the banners delegate's `preloaded` once
 * every content has loaded or failed. A place attached for the id afterwards
 * shows its banners with no request: loaded rows are drawn at once, failed
 * ones report row_failed and can be retried. Places with other ids are
 * unaffected.
 *
 * Thread: owner thread.
 * Pointers: placement_id is copied.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for a bad id; FRAMES_ERR_NULL_POINTER;
 * handle and thread errors.
 */
frames_result frames_banners_preload(frames_engine *engine, const char *placement_id, int64_t now_ms);

/**
 * Creates a banner place for `placement_id` (1...256 bytes of UTF-8) with an
 * appearance that is checked now and fixed for the place's life
 * (BN-01..BN-03). Nothing loads until frames_banner_place_attach. Width 0,
 * viewport unknown, no delegate.
 *
 * Thread: owner thread.
 * Pointers: placement_id is copied; appearance is read during the call;
 * out_place is written.
 * Errors: FRAMES_ERR_NULL_POINTER; FRAMES_ERR_VERSION and
 * FRAMES_ERR_INVALID_ARGUMENT for the appearance or id; handle and thread
 * errors (also FRAMES_ERR_INVALID_HANDLE when a callback of this call freed
 * the engine).
 */
frames_result frames_banner_place_new(frames_engine *engine, const char *placement_id,
                                      const frames_appearance *appearance, frames_banner_place **out_place);

/**
 * Frees a place (XC-07): its handle becomes invalid, callbacks still queued
 * for it are dropped, and its delegate's free_user_data runs. NULL is a
 * no-op returning FRAMES_OK. Callable inside its own callbacks.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_banner_place_free(frames_banner_place *place);

/**
 * Sets (copies) or clears (NULL) the place's delegate (BN-15): the previous
 * delegate's free_user_data runs, and nothing is called on it afterwards.
 *
 * Thread: owner thread.
 * Pointers: delegate is copied; its user_data is the place's until
 * free_user_data.
 * Errors: FRAMES_ERR_VERSION for a delegate of a version this library does
 * not know (then nothing is changed and its free_user_data is not called);
 * handle and thread errors.
 */
frames_result frames_banner_place_set_delegate(frames_banner_place *place,
                                               const frames_banner_place_delegate *delegate);

/**
 * The place enters the host's hierarchy and starts loading its placement's
 * list (BN-14): from the preload cache when the placement id was preloaded,
 * else from the server. Attaching again loads again.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_banner_place_attach(frames_banner_place *place, int64_t now_ms);

/**
 * Loads the list again from the server (BN-13, BN-14): a new load.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_banner_place_refresh(frames_banner_place *place, int64_t now_ms);

/**
 * The place's width (finite, >= 0) and direction (BN-04..BN-07): the
 * geometry follows, and the delegate's `updated` fires when a list is
 * loaded.
 *
 * Thread: owner thread.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for a negative or non-finite width;
 * handle and thread errors.
 */
frames_result frames_banner_place_set_container(frames_banner_place *place, double width, bool rtl, int64_t now_ms);

/**
 * What the user sees of the place (BN-10, BN-12), in its content coordinates
 * (those of frames_layout_banners): for a vertical list its scroll offset and
 * visible size, for tiles the visible part of the grid inside the host's
 * scroll view. NULL: unknown — tiles then play every banner, a vertical list
 * none. A carousel pages by itself, so for it the viewport is the visible
 * part of the place's own bounds (0, 0, container width, list height): a
 * viewport that shares no area with them (an empty one included) means the
 * carousel is off screen — as if hidden, it plays nothing, its timer stops
 * and it counts no views; any visible part counts as on screen. NULL: on
 * screen.
 *
 * Thread: owner thread.
 * Pointers: viewport is read during the call; NULL for unknown.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for a viewport that is not finite or
 * has a negative size; handle and thread errors.
 */
frames_result frames_banner_place_set_viewport(frames_banner_place *place, const frames_rect *viewport, int64_t now_ms);

/**
 * The host hid (true) or showed the whole place (BN-11): nothing plays while
 * hidden.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_banner_place_set_hidden(frames_banner_place *place, bool hidden, int64_t now_ms);

/**
 * Another reader covers the place, or stops covering it (BN-11); it pauses
 * meanwhile.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_banner_place_set_reader_shown(frames_banner_place *place, bool shown, int64_t now_ms);

/**
 * Pauses the place by hand (BN-09, BN-11). Lists keep the pause through
 * scrolling and background/foreground until resume; a carousel drops it at
 * the next user interaction or foreground.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_banner_place_pause(frames_banner_place *place, int64_t now_ms);

/**
 * Clears the manual pause and checks visibility again (BN-09, BN-11).
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_banner_place_resume(frames_banner_place *place, int64_t now_ms);

/**
 * The user touched the place (BN-09): a carousel's countdown restarts.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_banner_place_report_user_interaction(frames_banner_place *place, int64_t now_ms);

/**
 * The user swiped the carousel to `index` (BN-08), which counts as an
 * interaction.
 *
 * Thread: owner thread.
 * Errors: FRAMES_ERR_OUT_OF_RANGE for an index past the list; handle and
 * thread errors.
 */
frames_result frames_banner_place_report_user_scrolled(frames_banner_place *place, size_t index, int64_t now_ms);

/**
 * Banner `index`'s web context was reset or released, e.g. by cell reuse
 * (BN-10): it plays from the start next time.
 *
 * Thread: owner thread.
 * Errors: FRAMES_ERR_INVALID_STATE while it plays; FRAMES_ERR_OUT_OF_RANGE
 * for an index past the list; handle and thread errors.
 */
frames_result frames_banner_place_report_web_context_reset(frames_banner_place *place, size_t index, int64_t now_ms);

/**
 * Downloads a failed row's content again, on its own (BN-16).
 *
 * Thread: owner thread.
 * Errors: FRAMES_ERR_INVALID_STATE unless the row failed;
 * FRAMES_ERR_OUT_OF_RANGE for an index past the list; handle and thread
 * errors.
 */
frames_result frames_banner_place_retry_row(frames_banner_place *place, size_t index, int64_t now_ms);

/** Where a navigation call left the place (BN-08).
 *  Fixed record: its layout never changes within a major version; new
 *  information comes through new functions or callbacks. */
typedef struct frames_navigation {
    /** The current index afterwards. */
    size_t index;
    /** Whether the host must scroll (false for the calls that do nothing). */
    bool moved;
    /** The content offset to scroll to when `moved`
     *  (frames_layout_scroll_offset). */
    frames_point offset;
} frames_navigation;

/**
 * Moves a carousel one page on, wrapping only when it loops (BN-08); lists
 * and tiles: nothing moves.
 *
 * Thread: owner thread.
 * Pointers: out is written.
 * Errors: FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_banner_place_show_next(frames_banner_place *place, int64_t now_ms, frames_navigation *out);

/**
 * Moves a carousel one page back, wrapping only when it loops (BN-08); lists
 * and tiles: nothing moves.
 *
 * Thread: owner thread.
 * Pointers: out is written.
 * Errors: FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_banner_place_show_previous(frames_banner_place *place, int64_t now_ms, frames_navigation *out);

/**
 * Shows banner `index` (BN-08): a carousel jumps to the page, a vertical list
 * scrolls to the row (clamped by the viewport height), tiles: nothing moves.
 *
 * Thread: owner thread.
 * Pointers: out is written.
 * Errors: FRAMES_ERR_OUT_OF_RANGE for an index past the list;
 * FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_banner_place_show_banner(frames_banner_place *place, size_t index, int64_t now_ms,
                                              frames_navigation *out);

/**
 * A link inside banner `index` was tapped (BN-15, BN-11): the delegate's
 * action_triggered and a click record. Clicks count below the playback
 * threshold.
 *
 * Thread: owner thread.
 * Pointers: target is read during the call.
 * Errors: FRAMES_ERR_OUT_OF_RANGE for an index past the list;
 * FRAMES_ERR_NULL_POINTER; FRAMES_ERR_INVALID_ARGUMENT for a target that is
 * not UTF-8; handle and thread errors.
 */
frames_result frames_banner_place_report_action(frames_banner_place *place, size_t index, const char *target,
                                                int64_t now_ms);

/**
 * A widget inside banner `index` reported an event (BN-15): the delegate's
 * widget_reported and an analytics record.
 *
 * Thread: owner thread.
 * Pointers: name and data_json (may be NULL) are read during the call.
 * Errors: FRAMES_ERR_OUT_OF_RANGE for an index past the list;
 * FRAMES_ERR_NULL_POINTER for name; FRAMES_ERR_INVALID_ARGUMENT for text that
 * is not UTF-8; handle and thread errors.
 */
frames_result frames_banner_place_report_widget_event(frames_banner_place *place, size_t index, const char *name,
                                                      const char *data_json, int64_t now_ms);

/**
 * Banner `index` asks for input (BN-17): the delegate's input_requested is
 * asked, and the place pauses until frames_banner_place_report_input_finished.
 *
 * Thread: owner thread.
 * Pointers: prompt (may be NULL) is read during the call.
 * Errors: FRAMES_ERR_INVALID_STATE while a dialog is already shown;
 * FRAMES_ERR_INVALID_ARGUMENT for an unknown kind or a prompt that is not
 * UTF-8; FRAMES_ERR_OUT_OF_RANGE for an index past the list; handle and
 * thread errors.
 */
frames_result frames_banner_place_report_input_requested(frames_banner_place *place, size_t index,
                                                         frames_input_kind kind, const char *prompt, int64_t now_ms);

/**
 * The input dialog closed (BN-17); playback is checked again.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_banner_place_report_input_finished(frames_banner_place *place, int64_t now_ms);

/** A banner row's content state (BN-16). */
typedef int32_t frames_row_state;
/** The banner's content is downloading. */
#define FRAMES_ROW_STATE_LOADING 0
/** Downloaded and checked; the host was asked to render it. */
#define FRAMES_ROW_STATE_READY 1
/** Failed after its retries; it keeps its space (BN-16). */
#define FRAMES_ROW_STATE_FAILED 2

/** One banner's state in frames_banner_place_get_rows.
 *  Fixed record: its layout never changes within a major version; new
 *  information comes through new functions or callbacks. */
typedef struct frames_banner_row {
    /** Where the banner is laid out (frames_layout_banners). */
    frames_rect rect;
    frames_row_state state;
    /** Whether `share` is known (the viewport is known). */
    bool share_known;
    bool playing;
    /** Counted as viewed in this load (BN-13). */
    bool viewed;
    /** The share the 75 % rule compares (BN-10). */
    double share;
    /** Played time of the current run at now_ms. */
    int64_t position_ms;
} frames_banner_row;

/**
 * The place's rows at now_ms (BN-10, BN-13, BN-16): one per banner laid out,
 * in list order. Writes min(capacity, count) rows and the count.
 *
 * Thread: owner thread.
 * Pointers: out_rows and out_count are written; out_rows may be NULL when
 * capacity is 0.
 * Errors: FRAMES_ERR_BUFFER_TOO_SMALL when capacity < count (the count is
 * still written); FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_banner_place_get_rows(frames_banner_place *place, int64_t now_ms, frames_banner_row *out_rows,
                                           size_t capacity, size_t *out_count);

/**
 * The carousel's current page, or the row a list last scrolled to (BN-08).
 *
 * Thread: owner thread.
 * Pointers: out_index is written.
 * Errors: FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_banner_place_get_current_index(frames_banner_place *place, size_t *out_index);

/**
 * Copies the id of the banner in row `index` of the place's current list
 * into `buffer` (BN-16), whatever the row's state (loading, ready or failed)
 * — row_failed names only the index. The id is a NUL-terminated UTF-8
 * string; *out_length receives its length in bytes without the NUL (ids are
 * 1...256 bytes), so the buffer needs *out_length + 1 bytes.
 *
 * @param index       a row of the current list (frames_banner_place_get_rows).
 * @param buffer      receives the id; may be NULL when capacity is 0.
 * @param capacity    bytes in buffer.
 * @param out_length  receives the id's length. Required.
 *
 * Thread: owner thread.
 * Pointers: buffer and out_length are written.
 * Errors: FRAMES_ERR_OUT_OF_RANGE when `index` is not a row of the current
 * list (none before the list arrived or after it failed);
 * FRAMES_ERR_BUFFER_TOO_SMALL when capacity < *out_length + 1: the length is
 * written, the buffer is not (call with capacity 0 to ask the size);
 * FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_banner_place_get_banner_id(frames_banner_place *place, size_t index, char *buffer,
                                                size_t capacity, size_t *out_length);

/**
 * Computes the shares of the 75 % rule (BN-10) for `count` banners laid out
 * at `rects` seen through `viewport` (all in content coordinates): the
 * visible part of each banner's area, or for a banner taller than the
 * viewport the part of the viewport's height it fills; `out_eligible[i]` is
 * true when the share is strictly above 0.75. A pure function for pictures
 * and tests; places apply it themselves.
 *
 * Thread: any thread (a pure function).
 * Pointers: rects (count entries) and viewport are read during the call;
 * out_shares and out_eligible (count entries each) are written; the arrays
 * may be NULL only when count is 0.
 * Errors: FRAMES_ERR_NULL_POINTER; FRAMES_ERR_INVALID_ARGUMENT for a count no
 * buffer can hold, or a rect or viewport that is not finite or has a negative
 * size.
 */
frames_result frames_layout_visibility(const frames_rect *rects, size_t count, const frames_rect *viewport,
                                       double *out_shares, bool *out_eligible);

/* ------------------------------------------------------------------------ */
/** @name Inline messages (IL-01..IL-10)                                    */
/* ------------------------------------------------------------------------ */

/*
 * An inline view shows inline in-app messages for a placement id inside the
 * host's layout. The host embeds the view and draws what the engine asks;
 * the engine decides which campaign it shows and when, and what the
 * content's JavaScript may do:
 *
 * - Campaigns come from `inline_url` (frames_engine_options): fetched at the
 *   first need (a view attached, frames_inline_view_render,
 *   frames_inline_track_event), at every session start, after a login or
 *   logout, and on coming back to the foreground at most once per
 *   inline_refresh_interval_ms. docs/wire-format.md has the document.
 * - Triggers (IL-01, IL-02): automatic campaigns are requested when a view
 *   of their placement is attached; on-demand ones when the host calls
 *   frames_inline_view_render; event ones when the host tracks their event
 *   (frames_inline_track_event): every attached view of the placement is
 *   offered the campaign, or — with none attached — the engine makes a view
 *   and hands it to the inline delegate's `available`.
 * - Choice (IL-04, IL-05): lower priority number wins; a view showing a
 *   campaign takes another only of strictly higher priority. A campaign that
 *   reached its capping (displays per period, per user) is not chosen;
 *   views of one placement showing the same campaign count one display.
 *   Capping ledgers are durable state (frames_engine_export_state).
 * - Rendering (IL-06): the view's delegate gets `render` with the checked
 *   content and the context the inline delegate's `context_required` gave;
 *   the host draws it in a web view with the bridge script injected
 *   (frames-inline-bridge.js, installed with this header) and reports
 *   frames_inline_view_report_content_shown, which records "inApp.show".
 * - The JS bridge (IL-08, IL-09): the host forwards every message the bridge
 *   script posts to frames_inline_view_report_bridge_message and passes
 *   every `reply` back into the web view (the script's SRInApp._receive).
 * - Consent (XC-04): while consent is revoked or the SDK is disabled
 *   remotely nothing is fetched, chosen, shown or recorded, and views drop
 *   their content (`remove`). A login or logout drops the previous user's
 *   campaigns and content the same way, then fetches the new user's.
 *
 * Views belong to their engine's owner thread (XC-02) and follow the
 * engine's callback rules (XC-03).
 */

/** An inline view; opaque. Created by frames_inline_view_new or by the
 *  engine for an event trigger (the inline delegate's `available`); freed by
 *  frames_inline_view_free or with its engine. */
typedef struct frames_inline_view frames_inline_view;

/** When a campaign's content is requested (IL-01). Values are stable. */
typedef int32_t frames_inline_trigger;
/** When a view of its placement is attached: "automatic". */
#define FRAMES_INLINE_TRIGGER_AUTOMATIC 0
/** When the host calls frames_inline_view_render: "on_demand". */
#define FRAMES_INLINE_TRIGGER_ON_DEMAND 1
/** When the host tracks its event: "event". */
#define FRAMES_INLINE_TRIGGER_EVENT 2

/**
 * The wire name of a trigger (IL-01), e.g. "on_demand", or "unknown".
 * Returns a static string; never NULL, never freed.
 *
 * Thread: any thread.
 * Never fails.
 */
const char *frames_inline_trigger_str(frames_inline_trigger trigger);

/** Where a view is with its content (IL-06). Values are stable. */
typedef int32_t frames_inline_view_status;
/** No content: "idle". */
#define FRAMES_INLINE_VIEW_STATUS_IDLE 0
/** A campaign was chosen; its content is downloading: "processing". */
#define FRAMES_INLINE_VIEW_STATUS_PROCESSING 1
/** The host was asked to draw it: "rendering". */
#define FRAMES_INLINE_VIEW_STATUS_RENDERING 2
/** The host reported it on screen: "shown". */
#define FRAMES_INLINE_VIEW_STATUS_SHOWN 3
/** The content could not be fetched, downloaded or drawn: "failed". */
#define FRAMES_INLINE_VIEW_STATUS_FAILED 4

/**
 * The name of a view status (IL-06), e.g. "shown", or "unknown". Returns a
 * static string; never NULL, never freed.
 *
 * Thread: any thread.
 * Never fails.
 */
const char *frames_inline_view_status_str(frames_inline_view_status status);

/**
 * The campaign a callback is about, borrowed for the duration of the
 * callback.
 * Fixed record: its layout never changes within a major version; new
 * information comes through new functions or callbacks.
 */
typedef struct frames_inline_message {
    const char *placement_id;
    const char *campaign_id;
    /** The campaign's trigger mode. */
    frames_inline_trigger trigger;
    /** Lower number = higher priority (IL-04). */
    int32_t priority;
    /** The event that triggers it, NULL unless trigger is EVENT. */
    const char *event_name;
    /** The view's analytics id, e.g. "inline-4" (XC-05). */
    const char *view_id;
} frames_inline_message;

/**
 * What the host is asked to draw in a view (IL-06, IL-07), borrowed for the
 * duration of the callback: copy what you keep. The content passed the App
 * Frames checks (AF-14: SHA-256, https origins, asset sizes).
 * Fixed record: its layout never changes within a major version; new
 * information comes through new functions or callbacks.
 */
typedef struct frames_inline_content {
    const frames_inline_message *message;
    /** The content's HTML; inject the bridge script into its page. */
    const char *template_html;
    size_t asset_count;
    const frames_asset *assets;
    /** The per-message context as a JSON object ("{}" when none), what the
     *  inline delegate's context_required gave (IL-07). */
    const char *context_json;
} frames_inline_content;

/** The version of frames_inline_view_delegate this header describes. */
#define FRAMES_INLINE_VIEW_DELEGATE_VERSION 1

/**
 * What a view asks of its host (render, reply) and tells it (IL-06). Every
 * member may be NULL. Called on the owner thread after the state change
 * (XC-03); pointers are borrowed for the call.
 * Versioned struct: starts with `uint32_t version`, grows only at its end.
 */
typedef struct frames_inline_view_delegate {
    /** Must be FRAMES_INLINE_VIEW_DELEGATE_VERSION. */
    uint32_t version;
    /** The engine started processing a campaign for this view. */
    void (*processing_started)(frames_inline_view *view, void *user_data);
    /** The view's first content is on screen. */
    void (*loaded)(frames_inline_view *view, const frames_inline_message *message, void *user_data);
    /** Another campaign's content is on screen. */
    void (*updated)(frames_inline_view *view, const frames_inline_message *message, void *user_data);
    /** The content could not be fetched, downloaded or drawn; `message` is
     *  NULL when the campaigns themselves could not be fetched. */
    void (*failed)(frames_inline_view *view, const frames_inline_message *message, const frames_frame_error *error,
                   void *user_data);
    /** IL-10: content asked for this size (points) with
     *  SRInApp.setComponentSize; the host owns the layout and reports the
     *  size it chooses with frames_inline_view_set_size. */
    void (*size_requested)(frames_inline_view *view, const frames_inline_message *message, double width,
                           double height, void *user_data);
    /** Content asked to be removed (close, closeAndTrigger), or the engine
     *  withdrew it (consent revoked, another user): take the content (or the
     *  view) off screen. */
    void (*remove)(frames_inline_view *view, const frames_inline_message *message, void *user_data);
    /** Draw this content, pinned to all the view's edges (IL-10), then call
     *  frames_inline_view_report_content_shown or
     *  frames_inline_view_report_render_failed; without either within
     *  render_timeout_ms the view fails. */
    void (*render)(frames_inline_view *view, const frames_inline_content *content, void *user_data);
    /** Pass this JSON text (reply_len bytes, NUL-terminated) to the bridge
     *  script in the view's web view: SRInApp._receive(text). */
    void (*reply)(frames_inline_view *view, const char *reply_json, size_t reply_len, void *user_data);
    void *user_data;
    /** Called exactly once with user_data when the delegate is replaced or
     *  cleared, or its view or engine is freed. May be NULL. */
    void (*free_user_data)(void *user_data);
} frames_inline_view_delegate;

/** Static initializer: the version set, every member NULL. */
#define FRAMES_INLINE_VIEW_DELEGATE_INIT \
    { FRAMES_INLINE_VIEW_DELEGATE_VERSION, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL }

/**
 * Fills *delegate as FRAMES_INLINE_VIEW_DELEGATE_INIT does for the given
 * struct version (pass FRAMES_INLINE_VIEW_DELEGATE_VERSION): the version
 * set, every member NULL (no rule: a helper of
 * frames_inline_view_set_delegate).
 *
 * Thread: any thread.
 * Pointers: delegate is written.
 * Errors: FRAMES_ERR_NULL_POINTER if delegate is NULL; FRAMES_ERR_VERSION if
 * version is not one this library knows (the struct is then left untouched).
 */
frames_result frames_inline_view_delegate_init(frames_inline_view_delegate *delegate, uint32_t version);

/** The version of frames_inline_delegate this header describes. */
#define FRAMES_INLINE_DELEGATE_VERSION 1

/**
 * What the inline module asks of its host and tells it about no view in
 * particular (IL-02, IL-07, IL-08), set on the engine with
 * frames_inline_set_delegate. Every member may be NULL. Called on the owner
 * thread after the state change (XC-03); pointers are borrowed for the call.
 * Versioned struct: starts with `uint32_t version`, grows only at its end.
 */
typedef struct frames_inline_delegate {
    /** Must be FRAMES_INLINE_DELEGATE_VERSION. */
    uint32_t version;
    /** IL-02: an event triggered a campaign for a placement with no attached
     *  view: the engine made `view` (detached, no delegate). It is the
     *  host's: set its delegate, attach it where the placement belongs, or
     *  free it. While this member is NULL, no view is made. */
    void (*available)(frames_inline_view *view, const frames_inline_message *message, void *user_data);
    /** IL-07: per-message values for rendering, as JSON object text, or NULL
     *  for none. The host keeps ownership of the text; the engine copies it
     *  as soon as the callback returns, so it must outlive the return (a
     *  static or host-owned buffer). Text that is not a JSON object of at
     *  most 64 KiB fails the render (`failed`, renderingFailed). */
    const char *(*context_required)(frames_inline_view *view, const frames_inline_message *message, void *user_data);
    /** IL-08: content asked to open `url`, which passed the scheme allow-list
     *  (https plus inline_url_schemes): open it. */
    void (*open_url)(frames_inline_view *view, const frames_inline_message *message, const char *url, void *user_data);
    /** IL-08: content asked to open the deep link `deep_link`, which passed
     *  the allow-list: open it. */
    void (*open_deep_link)(frames_inline_view *view, const frames_inline_message *message, const char *deep_link,
                           void *user_data);
    /** IL-07: SRInApp.handleCustomAction(name, params); params_json is a
     *  JSON object. */
    void (*custom_action)(frames_inline_view *view, const frames_inline_message *message, const char *name,
                          const char *params_json, void *user_data);
    /** IL-07: SRInApp.customMethod(name, params): answer call `call_id`
     *  exactly once with frames_inline_call_resolve — inside this callback
     *  or later. */
    void (*custom_method)(frames_inline_view *view, const frames_inline_message *message, const char *name,
                          const char *params_json, uint64_t call_id, void *user_data);
    /** IL-08: content asked to open `url` (a deep link when `deep_link`) and
     *  the allow-list refused it, for `reason`; it was not opened. */
    void (*url_refused)(frames_inline_view *view, const frames_inline_message *message, const char *url, bool deep_link,
                        const char *reason, void *user_data);
    void *user_data;
    /** Called exactly once with user_data when the delegate is replaced or
     *  cleared, or the engine is freed. May be NULL. */
    void (*free_user_data)(void *user_data);
} frames_inline_delegate;

/** Static initializer: the version set, every member NULL. */
#define FRAMES_INLINE_DELEGATE_INIT \
    { FRAMES_INLINE_DELEGATE_VERSION, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL }

/**
 * Fills *delegate as FRAMES_INLINE_DELEGATE_INIT does for the given struct
 * version (pass FRAMES_INLINE_DELEGATE_VERSION): the version set, every
 * member NULL (no rule: a helper of frames_inline_set_delegate).
 *
 * Thread: any thread.
 * Pointers: delegate is written.
 * Errors: FRAMES_ERR_NULL_POINTER if delegate is NULL; FRAMES_ERR_VERSION if
 * version is not one this library knows (the struct is then left untouched).
 */
frames_result frames_inline_delegate_init(frames_inline_delegate *delegate, uint32_t version);

/**
 * Sets (copies) or clears (NULL) the engine's inline delegate (IL-02, IL-07,
 * IL-08): the previous delegate's free_user_data runs, and nothing is called
 * on it afterwards.
 *
 * Thread: owner thread.
 * Pointers: delegate is copied; its user_data is the engine's until
 * free_user_data.
 * Errors: FRAMES_ERR_VERSION for a delegate of a version this library does
 * not know (then nothing is changed and its free_user_data is not called);
 * handle and thread errors.
 */
frames_result frames_inline_set_delegate(frames_engine *engine, const frames_inline_delegate *delegate);

/**
 * Creates a view for `placement_id` (1...256 bytes of UTF-8, compared by its
 * exact bytes) (IL-03, IL-10): detached, size 0 x 0 (no default size),
 * status idle, no delegate. Several views may share a placement id.
 *
 * Thread: owner thread.
 * Pointers: placement_id is copied; out_view is written.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for a bad id; FRAMES_ERR_NULL_POINTER;
 * handle and thread errors (also FRAMES_ERR_INVALID_HANDLE when a callback
 * of this call freed the engine).
 */
frames_result frames_inline_view_new(frames_engine *engine, const char *placement_id, frames_inline_view **out_view);

/**
 * Releases a view (IL-10): it is unregistered and nothing reaches it
 * afterwards, not even callbacks already queued; its delegate's
 * free_user_data runs. A customMethod call it made may still be resolved
 * (that succeeds and does nothing). NULL is a no-op returning FRAMES_OK.
 * Callable inside a callback about this view.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_inline_view_free(frames_inline_view *view);

/**
 * Sets (copies) or clears (NULL) the view's delegate (IL-06): the previous
 * delegate's free_user_data runs, and nothing is called on it afterwards.
 *
 * Thread: owner thread.
 * Pointers: delegate is copied; its user_data is the view's until
 * free_user_data.
 * Errors: FRAMES_ERR_VERSION for a delegate of a version this library does
 * not know (then nothing is changed and its free_user_data is not called);
 * handle and thread errors.
 */
frames_result frames_inline_view_set_delegate(frames_inline_view *view, const frames_inline_view_delegate *delegate);

/**
 * The view enters the host's hierarchy (IL-01): its placement's automatic
 * campaigns are requested now (the campaigns are fetched first if needed).
 * Attaching twice is harmless.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_inline_view_attach(frames_inline_view *view, int64_t now_ms);

/**
 * The view leaves the hierarchy (IL-02): it keeps its content, but events no
 * longer update it.
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_inline_view_detach(frames_inline_view *view);

/**
 * The on-demand trigger (IL-01): the view takes the best campaign of its
 * placement that does not wait for an event (on-demand or automatic).
 *
 * Thread: owner thread.
 * Errors: handle and thread errors.
 */
frames_result frames_inline_view_render(frames_inline_view *view, int64_t now_ms);

/**
 * Sets the view's laid-out size in points, finite and >= 0 (IL-10): what
 * SRInApp.getComponentSize answers.
 *
 * Thread: owner thread.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for a negative or non-finite length;
 * handle and thread errors.
 */
frames_result frames_inline_view_set_size(frames_inline_view *view, double width, double height, int64_t now_ms);

/**
 * The content the engine asked to render is on screen (IL-03, IL-05, IL-06):
 * `loaded` (the view's first content) or `updated`, "inApp.show" recorded
 * for this view, and — when no other view of the placement shows the
 * campaign — one display counted towards its capping (`state_changed`
 * follows). Reporting it again while shown is harmless.
 *
 * Thread: owner thread.
 * Errors: FRAMES_ERR_INVALID_STATE unless rendering or shown; handle and
 * thread errors.
 */
frames_result frames_inline_view_report_content_shown(frames_inline_view *view, int64_t now_ms);

/**
 * The host could not draw the content (IL-06): `failed` with
 * renderingFailed; `message` (UTF-8, may be NULL) travels with the error.
 *
 * Thread: owner thread.
 * Pointers: message is copied.
 * Errors: FRAMES_ERR_INVALID_STATE unless rendering or shown;
 * FRAMES_ERR_INVALID_ARGUMENT for a message that is not UTF-8; handle and
 * thread errors.
 */
frames_result frames_inline_view_report_render_failed(frames_inline_view *view, const char *message, int64_t now_ms);

/**
 * Hands the engine one message the bridge script in the view's web view
 * posted, as its JSON text (IL-08, IL-09). The engine acts on it — replies
 * come through the view delegate's `reply`, requests through the inline
 * delegate, analytics through the host — after this call returns its
 * result.
 *
 * Thread: owner thread.
 * Pointers: message (`message_len` bytes, at most 65,536) is copied; it may
 * be NULL only when message_len is 0.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for a message that is not UTF-8, not
 * JSON, over its limits, of an unknown method, or whose envelope or
 * arguments break the method's schema (the message says what; nothing is
 * changed, and when the envelope had a call id the content gets an error
 * reply so its promise settles); FRAMES_ERR_VERSION for an envelope version
 * newer than 1; FRAMES_ERR_INVALID_STATE when the view has no content being
 * rendered or shown; FRAMES_ERR_NULL_POINTER when message is NULL and
 * message_len is not 0; handle and thread errors.
 */
frames_result frames_inline_view_report_bridge_message(frames_inline_view *view, const char *message,
                                                       size_t message_len, int64_t now_ms);

/**
 * The view's status (IL-06).
 *
 * Thread: owner thread.
 * Pointers: out_status is written.
 * Errors: FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_inline_view_get_status(frames_inline_view *view, frames_inline_view_status *out_status);

/**
 * The app tracked event `name` (1...256 bytes of UTF-8) with
 * `properties_json` (a JSON object of at most 64 KiB, or NULL; checked, not
 * used by the choice) (IL-02). Event campaigns of that name are offered to
 * every attached view of their placement, or handed to `available` in a new
 * view. Events tracked before the campaigns arrived wait for them (at most
 * 32).
 *
 * Thread: owner thread.
 * Pointers: name and properties_json are read during the call.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for a bad name or properties;
 * FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_inline_track_event(frames_engine *engine, const char *name, const char *properties_json,
                                        int64_t now_ms);

/**
 * Answers customMethod call `call_id` (from the inline delegate's
 * custom_method) exactly once (IL-07): `success` with `result_json` (any
 * JSON text of at most 64 KiB; NULL is null), or failure with `result_json`
 * as the message (UTF-8, at most 64 KiB; NULL: "failed"). The content gets
 * the reply after the current call or callback returns (XC-03). Resolving a
 * call whose view was freed or no longer shows that content succeeds and
 * does nothing.
 *
 * Thread: owner thread.
 * Pointers: result_json is copied.
 * Errors: FRAMES_ERR_ALREADY_RESOLVED when the call was already resolved or
 * failed at its deadline (inline_call_timeout_ms); nothing changes.
 * FRAMES_ERR_NOT_FOUND for an id this engine never issued;
 * FRAMES_ERR_INVALID_ARGUMENT for a result that is not JSON or too long (the
 * call stays pending); handle and thread errors.
 */
frames_result frames_inline_call_resolve(frames_engine *engine, uint64_t call_id, bool success, const char *result_json,
                                         int64_t now_ms);

/**
 * Explains the inline placement `placement_id` (XC-11, IL-01..IL-05): the
 * campaigns its views show, and every campaign the engine knows for it
 * with why it is or is not shown at now_ms, as one JSON object of the
 * shape every explain call answers (docs/wire-format.md §9, "explain";
 * the reason codes: docs/spec.md, XC-11) — object "inline:<placement_id>".
 * A reading: it enters no time, picks nothing up, runs no callback and
 * records nothing (XC-11).
 *
 * @param out_json  receives the text, NUL-terminated. Required.
 * @param out_len   receives its length in bytes without the NUL. Required.
 *
 * Thread: owner thread.
 * Pointers: placement_id is read during the call; out_json and out_len are
 * written; the text is borrowed until the next call on this engine.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for an id that is not 1...256 bytes
 * of UTF-8; FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_inline_explain(frames_engine *engine, const char *placement_id, int64_t now_ms,
                                    const char **out_json, size_t *out_len);

/* ------------------------------------------------------------------------ */
/** @name Modal messages (IM-01..IM-07)                                     */
/* ------------------------------------------------------------------------ */

/*
 * Modal in-app messages arrive as silent (data-only) pushes. The host
 * forwards every push it receives to frames_messages_handle_notification —
 * the one engine call allowed from any thread at any time — and the engine
 * decides whether and when the message is shown, what the messages
 * delegate's `present` draws, and what a button tap does.
 *
 * - The hand-off (IM-01). handle_notification checks the payload whole (a
 *   pure function; docs/wire-format.md, "Modal message notification") and
 *   drops it into the engine's inbox, a locked queue; the owner thread builds
 *   the message when it picks it up. It touches nothing else, so it is safe
 *   concurrently with the owner thread, with itself and with
 *   frames_engine_free (then it returns FRAMES_ERR_INVALID_HANDLE).
 *   The owner thread picks the inbox up at the start of its next call that
 *   changes state — every call except the pure queries — before that call
 *   does anything else: a logout after the push sees the message and
 *   discards it. Two signals tell the host to call in: the host's
 *   message_wakeup callback, invoked on the notifying thread when the inbox
 *   stops being empty, and frames_engine_get_next_deadline, which is due
 *   (the earliest arrival, never later than the latest time the engine
 *   knows) while the inbox holds anything. A host whose loop sleeps until
 *   the next deadline posts a wake-up and calls frames_engine_on_timeout.
 * - Time (IM-03). `now_ms` of handle_notification is the arrival time, read
 *   on the notifying thread from the same monotonic clock as every other
 *   `now_ms`: a message counts as arriving when the push came, not when the
 *   owner thread next ran — which may be hours later for a host whose loop
 *   sleeps in the background. Use a clock that keeps counting while the
 *   device sleeps (CLOCK_BOOTTIME) if the 6 hours must be wall hours.
 * - When it is shown (IM-02..IM-04). App active, nothing on screen →
 *   presented at once. Background or inactive, or another message on
 *   screen → the newest (later sent_at; for the same sent_at, later
 *   arrival) waits, and is presented at the next activation or when the
 *   one on screen closes, if it arrived less than 6 hours earlier (exactly
 *   6 hours is too old; an expiry timer discards it then). Each message id
 *   is presented at most once on this device, across restarts: the
 *   shown-once ledger is durable state (frames_engine_export_state). A
 *   login, logout or another user discards the waiting message and
 *   withdraws one on screen (the messages delegate's `close`), unless the
 *   message names the new user in its "user_id". Revoked consent does the
 *   same (XC-04). Every message ends presented or recorded as
 *   "messages.discard" with a `reason`: superseded, expired, already_shown,
 *   duplicate, logout, user_changed, other_user, consent, content_failed.
 * - Presenting (IM-05, IM-07). `present` gets the texts with their colours
 *   and fonts, the image reference and the buttons with their links. Fonts:
 *   the host's resolve_font is asked for each panel font name and size; no
 *   callback, no name or a NULL answer → FRAMES_MESSAGE_FONT_SOURCE_SYSTEM.
 *   "messages.displayed" is recorded when the host calls
 *   frames_message_report_displayed (or reports a button tap before it),
 *   once. A message dismissed without either is not counted as displayed,
 *   and is not shown again. Until the host reports a tap or a dismissal or
 *   the engine withdraws it, a presented message is on screen and the next
 *   one waits: a host that cannot draw a message dismisses it. Without a
 *   messages delegate (or its `present`) nothing is drawn, so a presented
 *   message stays on screen until the host dismisses it.
 * - Taps (IM-06). frames_message_report_button_tapped records
 *   "messages.click" and closes the message; with a link, then the
 *   delegate's link_tapped (true: handled), else the host's can_open_url,
 *   and open_url only if that said true.
 *   frames_message_report_dismissed records "messages.dismiss" (field
 *   `displayed`).
 * Analytics records of this module have module "messages" and the field
 * "message_id"; view_id is the presentation's "message-N".
 */

/** What frames_messages_handle_notification made of a payload (IM-01).
 *  Values are stable. */
typedef int32_t frames_notification_result;
/** An in-app message: queued for the owner thread. */
#define FRAMES_NOTIFICATION_RESULT_HANDLED 0
/** Another push: anything that does not claim to be an in-app message —
 *  a JSON object without a "frames_message" member, JSON that is not an
 *  object, and bytes that are not JSON at all (empty, invalid UTF-8, broken
 *  syntax, any size) unless they contain the string "frames_message".
 *  Ignored and untouched. The call returns FRAMES_OK. */
#define FRAMES_NOTIFICATION_RESULT_NOT_A_MESSAGE 1
/** It claims to be an in-app message — a "frames_message" member, or, in
 *  bytes that are not a readable JSON object, the string "frames_message"
 *  — but is unusable (bad JSON, a missing or bad field, over a field
 *  limit). */
#define FRAMES_NOTIFICATION_RESULT_MALFORMED 2
/** Over 16,384 bytes and containing the string "frames_message": not read
 *  further. (A larger push without it is FRAMES_NOTIFICATION_RESULT_NOT_A_MESSAGE.) */
#define FRAMES_NOTIFICATION_RESULT_TOO_LARGE 3
/** XC-09: its min_engine_version is newer than this library. */
#define FRAMES_NOTIFICATION_RESULT_NEEDS_NEWER_ENGINE 4
/** 1,000 messages already wait for the owner thread to call in. */
#define FRAMES_NOTIFICATION_RESULT_INBOX_FULL 5

/**
 * A short static description of a notification result (IM-01), e.g.
 * "handled", "not an in-app message"; unknown values give "unknown
 * notification result". Returns a static string; never NULL, never freed.
 *
 * Thread: any thread.
 * Never fails.
 */
const char *frames_notification_result_str(frames_notification_result result);

/**
 * Hands a silent push's data to the engine, from any thread, at any time
 * (IM-01). `payload` is the push's data as a JSON object; an in-app message
 * is its member "frames_message" (an object, or a string holding one).
 * `now_ms` is the arrival time on the host's monotonic clock (see the
 * section comment). Never counts a click; never calls anything but
 * message_wakeup.
 *
 * @param out_result  receives what the payload was: always written when
 *                    the payload was read — on FRAMES_OK and on the payload
 *                    errors below. Required.
 *
 * Returns FRAMES_OK for FRAMES_NOTIFICATION_RESULT_HANDLED and
 * FRAMES_NOTIFICATION_RESULT_NOT_A_MESSAGE (any other push: not an error).
 *
 * Thread: any thread, at any time — the only engine function that is.
 * Pointers: payload (payload_len bytes) is copied during the call; it may be
 * NULL only when payload_len is 0; out_result is written.
 * Errors: a payload that was an in-app message but cannot be taken returns
 * an error with the reason as the message: FRAMES_ERR_INVALID_ARGUMENT
 * (_MALFORMED, _TOO_LARGE), FRAMES_ERR_VERSION (_NEEDS_NEWER_ENGINE),
 * FRAMES_ERR_INVALID_STATE (_INBOX_FULL). Other errors write nothing:
 * FRAMES_ERR_NULL_POINTER (out_result, or payload with payload_len > 0);
 * FRAMES_ERR_INVALID_HANDLE (also for an engine freed meanwhile).
 */
frames_result frames_messages_handle_notification(frames_engine *engine, const uint8_t *payload, size_t payload_len,
                                                  int64_t now_ms, frames_notification_result *out_result);

/** Which font a message text is drawn with (IM-07). Values are stable. */
typedef int32_t frames_message_font_source;
/** The system font: no resolve_font callback, no panel font name, or the
 *  resolver answered NULL. host_font is NULL. */
#define FRAMES_MESSAGE_FONT_SOURCE_SYSTEM 0
/** The host's font: host_font is what resolve_font returned. */
#define FRAMES_MESSAGE_FONT_SOURCE_RESOLVED 1

/**
 * A text of a message, borrowed during `present`. Colours are 0xRRGGBBAA.
 * Fixed record: its layout never changes within a major version; new
 * information comes through new functions or callbacks.
 */
typedef struct frames_message_text {
    /** UTF-8, 1...4096 bytes. */
    const char *text;
    uint32_t color_rgba;
    /** The panel's font name; NULL when it set none. */
    const char *font_name;
    /** Points: the panel's, or the default (title 20, body 16, button 17). */
    double font_size;
    frames_message_font_source font_source;
    /** resolve_font's answer with FRAMES_MESSAGE_FONT_SOURCE_RESOLVED; else NULL. */
    void *host_font;
} frames_message_text;

/**
 * A button of a message (IM-06), borrowed during `present`. Report a tap
 * with frames_message_report_button_tapped and the button's index.
 * Fixed record: its layout never changes within a major version; new
 * information comes through new functions or callbacks.
 */
typedef struct frames_message_button {
    frames_message_text label;
    /** The link (any scheme, e.g. https:// or myapp://); NULL: the button
     *  only closes the message. */
    const char *url;
    uint32_t background_rgba;
} frames_message_button;

/**
 * A message to draw (IM-05), borrowed during `present`: copy what you keep.
 * Optional strings and texts are NULL when the message has none; it has at
 * least a title, a body or an image.
 * Fixed record: its layout never changes within a major version; new
 * information comes through new functions or callbacks.
 */
typedef struct frames_message {
    /** Name it in every report about the message. */
    const char *message_id;
    const char *campaign_id;
    const char *variant_id;
    /** The analytics view id of this presentation, e.g. "message-3". */
    const char *view_id;
    /** When the backend sent it: wall-clock ms since the Unix epoch. */
    int64_t sent_at_ms;
    /** When it arrived: the now_ms given to frames_messages_handle_notification. */
    int64_t arrived_at_ms;
    uint32_t background_rgba;
    /** An https image for the host to load, and its alt text. */
    const char *image_url;
    const char *image_alt;
    const frames_message_text *title;
    const frames_message_text *body;
    size_t button_count;
    const frames_message_button *buttons;
} frames_message;

/** The version of frames_messages_delegate this header describes. */
#define FRAMES_MESSAGES_DELEGATE_VERSION 1

/**
 * What the modal messages module asks of its host and tells it
 * (IM-02..IM-06), set on the engine with frames_messages_set_delegate.
 * Every member may be NULL. Called on the owner thread after the state
 * change (XC-03); pointers are borrowed for the call.
 * Versioned struct: starts with `uint32_t version`, grows only at its end.
 */
typedef struct frames_messages_delegate {
    /** Must be FRAMES_MESSAGES_DELEGATE_VERSION. */
    uint32_t version;
    /** IM-02, IM-05: draw `message` now (copy what you keep), then report it
     *  with frames_message_report_displayed once it is on screen, or
     *  dismiss it if it cannot be drawn. */
    void (*present)(const frames_message *message, void *user_data);
    /** The engine withdrew the message on screen (logout, another user,
     *  consent revoked): remove it; no report is expected. */
    void (*close)(const char *message_id, void *user_data);
    /** IM-06: the link of a tapped button, before the engine does anything
     *  with it (the click is already recorded and the message closed).
     *  Return true when the host handled it: nothing more happens. False, or
     *  no callback: the engine asks the host's can_open_url. */
    bool (*link_tapped)(const char *url, const char *message_id, void *user_data);
    void *user_data;
    /** Called exactly once with user_data when the delegate is replaced or
     *  cleared, or the engine is freed. May be NULL. */
    void (*free_user_data)(void *user_data);
} frames_messages_delegate;

/** Static initializer: the version set, every member NULL. */
#define FRAMES_MESSAGES_DELEGATE_INIT { FRAMES_MESSAGES_DELEGATE_VERSION, NULL, NULL, NULL, NULL, NULL }

/**
 * Fills *delegate as FRAMES_MESSAGES_DELEGATE_INIT does for the given struct
 * version (pass FRAMES_MESSAGES_DELEGATE_VERSION): the version set, every
 * member NULL (no rule: a helper of frames_messages_set_delegate).
 *
 * Thread: any thread.
 * Pointers: delegate is written.
 * Errors: FRAMES_ERR_NULL_POINTER if delegate is NULL; FRAMES_ERR_VERSION if
 * version is not one this library knows (the struct is then left untouched).
 */
frames_result frames_messages_delegate_init(frames_messages_delegate *delegate, uint32_t version);

/**
 * Sets (copies) or clears (NULL) the engine's messages delegate
 * (IM-02..IM-06): the previous delegate's free_user_data runs, and nothing
 * is called on it afterwards.
 *
 * Thread: owner thread.
 * Pointers: delegate is copied; its user_data is the engine's until
 * free_user_data.
 * Errors: FRAMES_ERR_VERSION for a delegate of a version this library does
 * not know (then nothing is changed and its free_user_data is not called);
 * handle and thread errors.
 */
frames_result frames_messages_set_delegate(frames_engine *engine, const frames_messages_delegate *delegate);

/**
 * The host reports that message `message_id` is on screen (IM-05):
 * "messages.displayed" is recorded the first time; later calls change
 * nothing.
 *
 * Thread: owner thread.
 * Pointers: message_id is read during the call.
 * Errors: FRAMES_ERR_NOT_FOUND when that message is not on screen (closed,
 * withdrawn, or another one); FRAMES_ERR_INVALID_ARGUMENT for an id that is
 * not 1...256 bytes of UTF-8; FRAMES_ERR_NULL_POINTER; handle and thread
 * errors.
 */
frames_result frames_message_report_displayed(frames_engine *engine, const char *message_id, int64_t now_ms);

/**
 * The host reports that the user tapped button `button_index` of message
 * `message_id` (IM-05, IM-06). A tap always counts: it records
 * "messages.click" (fields button_index, url) and closes the message — if
 * the host had not reported the message displayed yet, the tap proves it
 * was on screen, so "messages.displayed" is recorded first, once. Then, for
 * a button with a link: the messages delegate's link_tapped, else the
 * host's can_open_url and open_url. A message waiting meanwhile is
 * presented next. Nothing changes on error.
 *
 * Thread: owner thread.
 * Pointers: message_id is read during the call.
 * Errors: FRAMES_ERR_OUT_OF_RANGE for an index past its buttons; as
 * frames_message_report_displayed otherwise.
 */
frames_result frames_message_report_button_tapped(frames_engine *engine, const char *message_id, size_t button_index,
                                                  int64_t now_ms);

/**
 * The host reports that the message was closed without a button (IM-05,
 * IM-06): its close icon, a swipe, or the host could not draw it. Records
 * "messages.dismiss" with displayed true/false; an undisplayed message is
 * not counted as displayed and is not shown again. A message waiting
 * meanwhile is presented next.
 *
 * Thread: owner thread.
 * Pointers: message_id is read during the call.
 * Errors: as frames_message_report_displayed.
 */
frames_result frames_message_report_dismissed(frames_engine *engine, const char *message_id, int64_t now_ms);

/* ------------------------------------------------------------------------ */
/** @name Recording and replay (XC-12, XC-13)                              */
/* ------------------------------------------------------------------------ */

/*
 * An engine created with frames_engine_options.record_write set writes its
 * recording (XC-12): a versioned, line-oriented JSON document
 * (docs/wire-format.md, "Recording") holding everything that decides what
 * the engine does — the options and configuration, every call that may
 * change state with its arguments and now_ms, the backend's answers and
 * transport failures (they are calls too), imported state, every push as the
 * owner thread takes it in, every callback with its arguments and the
 * host's answer — so frames_replay can run it again on a fresh engine and
 * report the first line where the library behaves differently (XC-13).
 * Pure queries (frames_*_get_*, frames_engine_get_next_deadline, explain,
 * layout) change nothing and are not recorded.
 */

/** The version of frames_replay_options this header describes. */
#define FRAMES_REPLAY_OPTIONS_VERSION 1

/**
 * How frames_replay runs a recording.
 * Versioned struct: starts with `uint32_t version`, grows only at its end.
 */
typedef struct frames_replay_options {
    /** Must be FRAMES_REPLAY_OPTIONS_VERSION. */
    uint32_t version;
    /** Receives every line the replay writes, as it writes it — the
     *  transcript, in the recording's format. NULL: none. */
    frames_recording_write_fn transcript;
    /** Passed to transcript. */
    void *transcript_user_data;
    /** Options that replace the recorded ones (their record_* fields are
     *  ignored): replaying under other options shows where a rule's outcome
     *  changes. NULL: the recorded options. Read during the call. */
    const frames_engine_options *engine_options;
    /** An object to explain during the replay (XC-11), named as explain
     *  names it: "engine", "frame-3", "banner_place-2", "inline:home",
     *  "message:m1". NULL: none. */
    const char *explain_object;
    /** When to explain it: just before the first call recorded later than
     *  this (now_ms), or at the end of the recording. */
    int64_t explain_at_ms;
} frames_replay_options;

/** Static initializer: no transcript, the recorded options, no explain. */
#define FRAMES_REPLAY_OPTIONS_INIT { FRAMES_REPLAY_OPTIONS_VERSION, NULL, NULL, NULL, NULL, 0 }

/**
 * Fills *options with FRAMES_REPLAY_OPTIONS_INIT for the given struct
 * version (pass FRAMES_REPLAY_OPTIONS_VERSION) (no rule: a helper).
 *
 * Thread: any thread.
 * Pointers: options is written.
 * Errors: FRAMES_ERR_NULL_POINTER if options is NULL; FRAMES_ERR_VERSION if
 * version is not one this library knows (the struct is then left untouched).
 */
frames_result frames_replay_options_init(frames_replay_options *options, uint32_t version);

/**
 * Replays a recording (XC-13): creates a fresh engine from its first call,
 * issues every recorded call with its recorded arguments and time, delivers
 * each push before the call that took it in, answers every callback from
 * the recording (the calls the host made from inside a callback are issued
 * from inside it), and compares every line the engine writes with the
 * recorded one, byte for byte. Stops at the first difference. The engine is
 * freed before the call returns; nothing outside the call is touched.
 *
 * The report is one JSON object (docs/wire-format.md, "Replay report"):
 * `result` "identical" or "diverged", `divergence` {line, expected, got}
 * (line numbers of the recording, 1-based; expected null when the replay
 * wrote more, got null when it wrote less), `lines`, `matched`, and
 * `explain`, the explanation asked for (or null).
 *
 * @param recording      the recording's bytes. Required unless recording_len is 0.
 * @param recording_len  their length.
 * @param options        NULL for FRAMES_REPLAY_OPTIONS_INIT.
 * @param out_report     receives the report, NUL-terminated. Required.
 * @param out_len        receives its length in bytes. Required.
 *
 * Thread: any thread; the replay's engine lives and dies on it.
 * Pointers: recording and options are read during the call; out_report and
 * out_len are written; the report is borrowed until the next frames_replay
 * on this thread.
 * Errors: FRAMES_OK when the replay ran, identical or not (read the
 * report). FRAMES_ERR_INVALID_ARGUMENT when the recording cannot be
 * replayed — not a recording, cut short, a line that is not JSON, a call
 * this library does not know, a missing argument — with a message naming
 * the line; FRAMES_ERR_VERSION for a recording format or options version
 * this library does not know; FRAMES_ERR_NULL_POINTER.
 */
frames_result frames_replay(const uint8_t *recording, size_t recording_len, const frames_replay_options *options,
                            const char **out_report, size_t *out_len);

/* ------------------------------------------------------------------------ */
/** @name Explain (XC-11)                                                   */
/* ------------------------------------------------------------------------ */

/*
 * Every object answers "what are you showing and why; if nothing, why not"
 * in one JSON shape (docs/wire-format.md §9): its kind and name ("frame-3",
 * "banner_place-2", "inline:home", "message:m1", "engine"), its state and
 * facts, what it shows, one reason (a stable code, one English sentence,
 * and the other party under fixed names: than, until_ms, at_ms, user_id,
 * superseded_by, error, min_engine_version) and the candidates that could
 * have shown instead, each with its own reason. docs/spec.md (XC-11) lists
 * every code of every kind. frames_inline_explain (section "Inline
 * messages") answers in the same shape.
 *
 * An explanation is a reading: it enters no time (a now_ms earlier than
 * the engine's latest describes the latest), picks up no notification
 * handed in on another thread (it reports it as handed in), runs no
 * callback and records nothing; the engine is exactly as it was.
 */

/**
 * Explains a frame (XC-11, AF-02..AF-22): the campaign and variant it shows
 * or why none — App Frames off, consent, no placement, detached, the
 * placements fetch, no campaign, the download, the render, what keeps its
 * impression back — and the campaigns the placements response offered its
 * placement, each ranked (chosen, lower_priority, needs_newer_engine,
 * malformed). Object "frame-<id>".
 *
 * @param out_json  receives the text, NUL-terminated. Required.
 * @param out_len   receives its length in bytes without the NUL. Required.
 *
 * Thread: owner thread.
 * Pointers: out_json and out_len are written; the text is borrowed until
 * the next call on this engine.
 * Errors: FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_frame_explain(frames_frame *frame, int64_t now_ms, const char **out_json, size_t *out_len);

/**
 * Explains a banner place (XC-11, BN-02..BN-17): its list (not loaded,
 * loading, failed, empty), each laid-out banner's row with its content and
 * why it plays or not (hidden, background, another reader, input
 * requested, paused by the host, off screen, not the current page, no
 * viewport, 75 % not visible), and the banners of the list it does not lay
 * out. Object "banner_place-<id>".
 *
 * @param out_json  receives the text, NUL-terminated. Required.
 * @param out_len   receives its length in bytes without the NUL. Required.
 *
 * Thread: owner thread.
 * Pointers: out_json and out_len are written; the text is borrowed until
 * the next call on this engine.
 * Errors: FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_banner_place_explain(frames_banner_place *place, int64_t now_ms, const char **out_json,
                                          size_t *out_len);

/**
 * Explains the modal message `message_id` (XC-11, IM-01..IM-05): on screen,
 * waiting and why (the app is not active, another message is on screen,
 * its content is loading), handed in and not picked up yet, shown before,
 * discarded with its reason (superseded by which message, expired, already
 * shown, too old, duplicate, logout, another user, consent, content
 * failed), refused at hand-in (needs a newer engine, malformed), or
 * unknown. The engine remembers the last 128 outcomes besides the ledger
 * (docs/decisions.md, XC-11). Object "message:<message_id>".
 *
 * @param out_json  receives the text, NUL-terminated. Required.
 * @param out_len   receives its length in bytes without the NUL. Required.
 *
 * Thread: owner thread.
 * Pointers: message_id is read during the call; out_json and out_len are
 * written; the text is borrowed until the next call on this engine.
 * Errors: FRAMES_ERR_INVALID_ARGUMENT for an id that is not 1...256 bytes
 * of UTF-8; FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_message_explain(frames_engine *engine, const char *message_id, int64_t now_ms,
                                     const char **out_json, size_t *out_len);

/**
 * Explains the whole engine (XC-11): the session, user, app state and
 * consent, and under "objects" the explanation of every frame, every
 * banner place, every inline placement with a view or a campaign, and
 * every message the engine knows, in that order. Object "engine".
 *
 * @param out_json  receives the text, NUL-terminated. Required.
 * @param out_len   receives its length in bytes without the NUL. Required.
 *
 * Thread: owner thread.
 * Pointers: out_json and out_len are written; the text is borrowed until
 * the next call on this engine.
 * Errors: FRAMES_ERR_NULL_POINTER; handle and thread errors.
 */
frames_result frames_engine_explain(frames_engine *engine, int64_t now_ms, const char **out_json, size_t *out_len);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* FRAMES_H */
