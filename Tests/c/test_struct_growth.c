/*
 * test_struct_growth — the 1.0 rules every versioned struct and every
 * engine-level delegate follow (XC-08, docs/abi-policy.md): each versioned
 * struct has an _init() that fills what its _INIT macro gives, refuses a
 * NULL pointer and an unknown version without writing, and every delegate
 * set on the engine (banners, inline, messages) is copied, replaced and
 * released exactly once.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "frames_test.h"

/* _init(version) gives the same bytes as the static initializer; a refused
 * call leaves the struct as it was. */
#define CHECK_INIT(type, init_fn, VERSION, INIT)                                       \
    do {                                                                              \
        type expected = INIT;                                                         \
        type got;                                                                     \
        memset(&got, 0xA5, sizeof got);                                               \
        CHECK_RESULT(init_fn(&got, VERSION), FRAMES_OK);                              \
        CHECK_INT(got.version, VERSION);                                              \
        CHECK(same_fields_##type(&got, &expected));                                 \
        type untouched;                                                               \
        memset(&untouched, 0x5A, sizeof untouched);                                   \
        type before = untouched;                                                      \
        CHECK_RESULT(init_fn(&untouched, VERSION + 1), FRAMES_ERR_VERSION);           \
        CHECK(memcmp(&untouched, &before, sizeof untouched) == 0);                    \
        CHECK_RESULT(init_fn(&untouched, 0), FRAMES_ERR_VERSION);                     \
        CHECK_RESULT(init_fn(NULL, VERSION), FRAMES_ERR_NULL_POINTER);                \
    } while (0)

/* Field by field: padding bytes of an initialised struct are undefined, so
 * memcmp of two structs may differ (and valgrind reports reading them). */
static int same_fields_frames_appearance(const frames_appearance *a, const frames_appearance *b) {
    return a->version == b->version && a->layout_type == b->layout_type && a->should_loop == b->should_loop &&
           a->inter_item_spacing == b->inter_item_spacing && a->max_banners_count == b->max_banners_count;
}
static int same_fields_frames_engine_options(const frames_engine_options *a, const frames_engine_options *b) {
    return a->version == b->version && a->retry_max_attempts == b->retry_max_attempts;
}
static int same_fields_frames_layout_metrics(const frames_layout_metrics *a, const frames_layout_metrics *b) {
    return a->version == b->version;
}
static int same_fields_frames_layout_batch(const frames_layout_batch *a, const frames_layout_batch *b) {
    return a->version == b->version;
}
/* A callback struct is its version, then only pointers (each NULL in
 * _INIT), the first of them aligned right after the version: every byte
 * from there on is a pointer, compared whole. */
#define SAME_CALLBACKS(type)                                                          \
    static int same_fields_##type(const type *a, const type *b) {                     \
        const size_t first = sizeof(void *);                                          \
        return a->version == b->version &&                                            \
               memcmp((const char *)a + first, (const char *)b + first, sizeof *a - first) == 0; \
    }
SAME_CALLBACKS(frames_host_callbacks)
SAME_CALLBACKS(frames_frame_delegate)
SAME_CALLBACKS(frames_banner_place_delegate)
SAME_CALLBACKS(frames_banners_delegate)
SAME_CALLBACKS(frames_inline_view_delegate)
SAME_CALLBACKS(frames_inline_delegate)
SAME_CALLBACKS(frames_messages_delegate)

static void test_inits(void) {
    ft_section("XC-08", "every versioned struct: _init(version) == _INIT; NULL and unknown versions refused, nothing written");
    CHECK_INIT(frames_appearance, frames_appearance_init, FRAMES_APPEARANCE_VERSION, FRAMES_APPEARANCE_INIT);
    CHECK_INIT(frames_engine_options, frames_engine_options_init, FRAMES_ENGINE_OPTIONS_VERSION,
               FRAMES_ENGINE_OPTIONS_INIT);
    CHECK_INIT(frames_layout_metrics, frames_layout_metrics_init, FRAMES_LAYOUT_METRICS_VERSION,
               FRAMES_LAYOUT_METRICS_INIT);
    CHECK_INIT(frames_layout_batch, frames_layout_batch_init, FRAMES_LAYOUT_BATCH_VERSION, FRAMES_LAYOUT_BATCH_INIT);
    CHECK_INIT(frames_host_callbacks, frames_host_callbacks_init, FRAMES_HOST_CALLBACKS_VERSION,
               FRAMES_HOST_CALLBACKS_INIT);
    CHECK_INIT(frames_frame_delegate, frames_frame_delegate_init, FRAMES_FRAME_DELEGATE_VERSION,
               FRAMES_FRAME_DELEGATE_INIT);
    CHECK_INIT(frames_banner_place_delegate, frames_banner_place_delegate_init, FRAMES_BANNER_PLACE_DELEGATE_VERSION,
               FRAMES_BANNER_PLACE_DELEGATE_INIT);
    CHECK_INIT(frames_banners_delegate, frames_banners_delegate_init, FRAMES_BANNERS_DELEGATE_VERSION,
               FRAMES_BANNERS_DELEGATE_INIT);
    CHECK_INIT(frames_inline_view_delegate, frames_inline_view_delegate_init, FRAMES_INLINE_VIEW_DELEGATE_VERSION,
               FRAMES_INLINE_VIEW_DELEGATE_INIT);
    CHECK_INIT(frames_inline_delegate, frames_inline_delegate_init, FRAMES_INLINE_DELEGATE_VERSION,
               FRAMES_INLINE_DELEGATE_INIT);
    CHECK_INIT(frames_messages_delegate, frames_messages_delegate_init, FRAMES_MESSAGES_DELEGATE_VERSION,
               FRAMES_MESSAGES_DELEGATE_INIT);
}

/* How often each user_data was released. */
static int released[4];

static void release(void *user_data) { released[(int)(intptr_t)user_data]++; }

static frames_engine *new_engine(void) {
    frames_engine *engine = NULL;
    CHECK_RESULT(frames_engine_new(NULL, NULL, 0, NULL, &engine), FRAMES_OK);
    return engine;
}

static void test_module_delegates(void) {
    ft_section("XC-03 XC-07", "module delegates on the engine: copied; the replaced one, the cleared one and the last "
                              "one at free each released exactly once");
    memset(released, 0, sizeof released);
    frames_engine *engine = new_engine();

    frames_banners_delegate banners;
    CHECK_RESULT(frames_banners_delegate_init(&banners, FRAMES_BANNERS_DELEGATE_VERSION), FRAMES_OK);
    banners.user_data = (void *)(intptr_t)1;
    banners.free_user_data = release;
    CHECK_RESULT(frames_banners_set_delegate(engine, &banners), FRAMES_OK);
    banners.user_data = (void *)(intptr_t)2; /* copied: this edit is not seen */
    CHECK_RESULT(frames_banners_set_delegate(engine, &banners), FRAMES_OK);
    CHECK_INT(released[1], 1);
    CHECK_RESULT(frames_banners_set_delegate(engine, NULL), FRAMES_OK);
    CHECK_INT(released[2], 1);

    frames_messages_delegate messages = FRAMES_MESSAGES_DELEGATE_INIT;
    messages.user_data = (void *)(intptr_t)3;
    messages.free_user_data = release;
    CHECK_RESULT(frames_messages_set_delegate(engine, &messages), FRAMES_OK);
    messages.version = FRAMES_MESSAGES_DELEGATE_VERSION + 1;
    CHECK_RESULT(frames_messages_set_delegate(engine, &messages), FRAMES_ERR_VERSION);
    CHECK_INT(released[3], 0); /* a refused delegate replaces nothing */
    CHECK(frames_error_last_message()[0] != '\0');

    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    CHECK_INT(released[3], 1);
    CHECK_INT(released[1] + released[2], 2);

    ft_section("XC-07", "a freed engine refuses its module delegates with INVALID_HANDLE");
    CHECK_RESULT(frames_banners_set_delegate(engine, NULL), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_messages_set_delegate(engine, NULL), FRAMES_ERR_INVALID_HANDLE);
    CHECK_RESULT(frames_banners_set_delegate(NULL, NULL), FRAMES_ERR_INVALID_HANDLE);
}

int main(void) {
    test_inits();
    test_module_delegates();
    return ft_finish("test_struct_growth");
}
