/*
 * fuzz_config — the host configuration document (AF-01): the input bytes
 * are the `config` of frames_engine_new, JSON or an XML property list (the
 * first non-blank byte decides). A document that parses gives an engine
 * whose App Frames flag is read, a frame made and everything freed; one that
 * does not must give FRAMES_ERR_INVALID_ARGUMENT with no engine and must
 * still free the host callbacks' user_data exactly once.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

static int freed;

static void free_user_data(void *user_data) {
    (void)user_data;
    freed++;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    fz_init_environment();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_engine *engine = NULL;
    frames_result rc;
    /* A copy of exactly `size` bytes so ASan sees any read past the end. */
    char *config = (char *)fz_copy(data, size);

    freed = 0;
    host.free_user_data = free_user_data;
    host.user_data = &freed;
    rc = fz_check(frames_engine_new(NULL, (const uint8_t *)(size ? config : NULL), size, &host, &engine));
    if (rc == FRAMES_OK) {
        bool enabled = false;
        frames_frame *frame = NULL;
        frames_frame_status status = -1;
        fz_assert(engine != NULL, "FRAMES_OK without an engine");
        fz_expect(frames_app_frames_get_enabled(engine, &enabled), FRAMES_OK);
        fz_expect(frames_frame_new(engine, &frame), FRAMES_OK);
        fz_expect(frames_frame_get_status(frame, &status), FRAMES_OK);
        fz_assert(status == (enabled ? FRAMES_FRAME_STATUS_NO_PLACEMENT : FRAMES_FRAME_STATUS_DISABLED),
                  "a new frame is %d with App Frames %s", (int)status, enabled ? "on" : "off");
        fz_expect(frames_engine_free(engine), FRAMES_OK);
    } else {
        fz_assert(rc == FRAMES_ERR_INVALID_ARGUMENT, "a bad document gave %d", (int)rc);
        fz_assert(engine == NULL, "an engine was written on failure");
    }
    fz_assert(freed == 1, "free_user_data ran %d times", freed);
    free(config);
    frames_error_clear();
    return 0;
}
