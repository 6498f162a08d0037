/*
 * test_recording_cuts.c — a recording cut at any byte gives a clear error,
 * never a crash (XC-13, XC-07): the deterministic companion of the fuzz
 * target fuzz_recording.
 *
 * A short real recording — an engine whose every module is called: a
 * modal message pushed and presented, a frame whose placements request
 * fails, a banner place in a viewport, an inline view and an event, the
 * state exported — is replayed cut after every byte count from 0 to its
 * length (or, when it is long, at every line boundary, one byte either side
 * of it, and every STRIDE bytes in between: valgrind runs this too):
 *   - cut inside a line: FRAMES_ERR_INVALID_ARGUMENT, the message naming
 *     that line ("recording line N is cut short");
 *   - cut at a line boundary: FRAMES_OK with a report — "identical" when
 *     no call is left waiting for its answer, "diverged" otherwise — and at
 *     0 bytes the error naming line 1;
 *   - whole: identical.
 */
#include <stdio.h>
#include <string.h>

#include "frames_test.h"
#include "recording_check.h"

/* Cuts at most every STRIDE bytes inside a line, once it is long. */
#define STRIDE 7
#define NOW 1000

static const char config[] = "{\"Insider\":{\"App Frames Enabled\":true}}";
static const char push[] =
    "{\"frames_message\":{\"id\":\"m1\",\"sent_at\":1714550400000,\"content\":{\"title\":{\"text\":\"Hi\"}}}}";

/* The host shows it at once: a call from inside the callback. */
static void on_present(const frames_message *m, void *user_data) {
    frames_message_report_displayed(*(frames_engine **)user_data, m->message_id, NOW);
}

static void on_status(frames_frame *frame, frames_frame_status status, frames_frame_status previous, void *ud) {
    (void)frame;
    (void)status;
    (void)previous;
    (void)ud;
}

/* The story the recording holds. */
static void record(ft_recording *recording) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_messages_delegate messages = FRAMES_MESSAGES_DELEGATE_INIT;
    frames_frame_delegate frame_delegate = FRAMES_FRAME_DELEGATE_INIT;
    frames_appearance appearance = FRAMES_APPEARANCE_INIT;
    frames_rect viewport = { 0, 0, 100, 400 };
    frames_engine *engine = NULL;
    frames_frame *frame = NULL;
    frames_banner_place *place = NULL;
    frames_inline_view *view = NULL;
    frames_notification_result result = -1;
    frames_request request;
    bool available = false;
    const uint8_t *blob = NULL;
    size_t blob_len = 0;

    options.placements_url = "https://api.test/v1/placements";
    options.banners_url = "https://api.test/v1/banners";
    options.inline_url = "https://api.test/v1/inline";
    ft_record_into(&options, recording);
    CHECK_RESULT(frames_engine_new(&options, (const uint8_t *)config, strlen(config), NULL, &engine), FRAMES_OK);
    messages.present = on_present;
    messages.user_data = &engine;
    CHECK_RESULT(frames_messages_set_delegate(engine, &messages), FRAMES_OK);
    CHECK_RESULT(frames_messages_handle_notification(engine, (const uint8_t *)push, strlen(push), NOW, &result), FRAMES_OK);
    CHECK_RESULT(frames_engine_on_timeout(engine, NOW), FRAMES_OK);

    CHECK_RESULT(frames_frame_new(engine, &frame), FRAMES_OK);
    frame_delegate.status_changed = on_status;
    CHECK_RESULT(frames_frame_set_delegate(frame, &frame_delegate), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_placement(frame, "home", NOW), FRAMES_OK);
    CHECK_RESULT(frames_frame_attach(frame, NOW), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_laid_out_size(frame, 320, 0, NOW), FRAMES_OK);

    CHECK_RESULT(frames_banner_place_new(engine, "carousel", &appearance, &place), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_set_container(place, 100, false, NOW), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_attach(place, NOW), FRAMES_OK);
    CHECK_RESULT(frames_banner_place_set_viewport(place, &viewport, NOW), FRAMES_OK);

    CHECK_RESULT(frames_inline_view_new(engine, "hero", &view), FRAMES_OK);
    CHECK_RESULT(frames_inline_view_attach(view, NOW), FRAMES_OK);
    CHECK_RESULT(frames_inline_track_event(engine, "cart_viewed", "{\"items\":3}", NOW), FRAMES_OK);

    /* Every request fails: errors and retries are recorded too. */
    for (;;) {
        memset(&request, 0, sizeof request);
        CHECK_RESULT(frames_engine_poll_request(engine, &request, &available), FRAMES_OK);
        if (!available) break;
        CHECK_RESULT(frames_engine_complete_request(engine, request.id, 404, NULL, NULL, 0, NULL, 0, NOW + 1), FRAMES_OK);
    }
    CHECK_RESULT(frames_engine_export_state(engine, NOW + 2, 1714550402000LL, &blob, &blob_len), FRAMES_OK);
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
}

/* Replays the first `cut` bytes and checks the outcome; returns whether the
 * replay was identical. */
static bool replay_cut(const ft_recording *r, size_t cut, size_t complete_lines) {
    const char *report = NULL;
    size_t len = 0;
    frames_result rc = frames_replay((const uint8_t *)r->bytes, cut, NULL, &report, &len);
    bool at_boundary = cut == 0 || r->bytes[cut - 1] == '\n';
    char expected[64];
    if (cut == 0) {
        CHECK_RESULT(rc, FRAMES_ERR_INVALID_ARGUMENT);
        CHECK_MESSAGE_MENTIONS("recording line 1 is missing");
        return false;
    }
    if (!at_boundary) {
        snprintf(expected, sizeof expected, "recording line %zu is cut short", complete_lines + 1);
        CHECK_RESULT(rc, FRAMES_ERR_INVALID_ARGUMENT);
        CHECK(strstr(frames_error_last_message(), expected) != NULL);
        if (rc == FRAMES_OK || !strstr(frames_error_last_message(), expected))
            printf("  cut at %zu: %s\n", cut, rc == FRAMES_OK ? report : frames_error_last_message());
        return false;
    }
    CHECK_RESULT(rc, FRAMES_OK);
    CHECK(report != NULL && strlen(report) == len);
    if (rc != FRAMES_OK || report == NULL) {
        printf("  cut at line boundary %zu: %s\n", cut, frames_error_last_message());
        return false;
    }
    CHECK(strstr(report, "\"result\":\"identical\"") != NULL || strstr(report, "\"result\":\"diverged\"") != NULL);
    return strstr(report, "\"result\":\"identical\"") != NULL;
}

int main(void) {
    ft_recording r;
    size_t cut, lines = 0, cuts = 0, boundaries = 0, identical = 0, since_boundary = 0;

    ft_section("XC-12", "a short story through every module, recorded");
    record(&r);
    CHECK(r.lines > 20);
    printf("  the recording: %zu lines, %zu bytes\n", r.lines, r.len);

    ft_section("XC-13 XC-07", "cut inside a line: an error naming the line; at a boundary: a report");
    for (cut = 0; cut <= r.len; cut++) {
        bool boundary = cut == 0 || r.bytes[cut - 1] == '\n';
        bool next_is_boundary = cut < r.len && r.bytes[cut] == '\n';
        /* Every boundary and its neighbours; in between, every STRIDE-th byte. */
        if (boundary || next_is_boundary || since_boundary == 1 || since_boundary % STRIDE == 0 || cut == r.len) {
            identical += replay_cut(&r, cut, lines);
            cuts++;
            boundaries += boundary;
        }
        if (cut < r.len && r.bytes[cut] == '\n') {
            lines++;
            since_boundary = 0;
        } else {
            since_boundary++;
        }
    }
    printf("  %zu cuts, %zu at line boundaries (%zu lines), %zu replays identical\n", cuts, boundaries, lines, identical);
    CHECK_INT(boundaries, lines + 1);
    CHECK(identical >= 2);

    ft_section("XC-12 XC-13", "the whole recording replays identically");
    ft_check_replay(&r, "the cut story");
    return ft_finish("test_recording_cuts");
}
