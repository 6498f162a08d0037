/*
 * The sans-IO transport, retries and the failure statuses of App Frames,
 * through the C API with a virtual clock and the scripted backend.
 *
 * Proves: XC-01 (requests polled and answered by the host; time only from
 * the host), XC-06 (exact retry schedule with jitter 0, cap, Retry-After and
 * its cap, request timeout, transport errors, 404 and malformed payloads not
 * retried), AF-06 (status helpers), AF-08 (no campaign -> unavailable, no
 * error), AF-09 (failed before status_changed; a repeated failure on the
 * same status fires nothing), AF-10 (frames_frame_get_error: code, HTTP
 * status, message, exactly while in an error status; render timeout), AF-11
 * (errors are not latched), AF-12 (errorResolving after the retries), AF-14
 * (checksum and origin -> placementUntrusted, oversized asset ->
 * downloadingFailed), AF-17 (consent revoked -> disabled, in-flight answer ->
 * NOT_FOUND, back on the next session start).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_backend.h"
#include "frames.h"
#include "frames_test.h"
#include "recording_check.h"

#define PLACEMENTS_URL "https://api.test/v1/placements"
#define CONTENT_URL "https://cdn.test/content/home.json"
#define ASSET_URL "https://cdn.test/assets/big.png"

static const char enabled_config[] = "{\"Insider\": {\"App Frames Enabled\": true}}";
static const char content_doc[] = "{\"template\":{\"html\":\"<p>hello</p>\"}}";

static fb_transcript transcript;

static void on_status(frames_frame *frame, frames_frame_status status, frames_frame_status previous, void *ud) {
    (void)frame;
    (void)ud;
    fb_line(&transcript, "%s -> %s", frames_frame_status_str(previous), frames_frame_status_str(status));
}

static void on_fail(frames_frame *frame, const frames_frame_error *error, void *ud) {
    frames_frame_status status = -1;
    (void)ud;
    /* AF-09: failed comes before the status changes... but the state change
     * is complete (XC-03): the frame is already in the error status. */
    frames_frame_get_status(frame, &status);
    fb_line(&transcript, "fail code=%d http=%d (status now %s)", (int)error->code, (int)error->http_status,
            frames_frame_status_str(status));
}

static void on_render(frames_frame *frame, const frames_content *content, void *ud) {
    (void)frame;
    (void)ud;
    fb_line(&transcript, "render %s/%s", content->campaign_id, content->variant_id);
}

static void on_analytics(const frames_analytics_record *r, void *ud) {
    (void)ud;
    fb_line(&transcript, "analytics %s", r->name);
}

typedef struct rig {
    frames_engine *engine;
    frames_frame *frame;
    fb_backend backend;
    /* The engine's recording, replayed by rig_down (XC-12, XC-13). */
    ft_recording recording;
} rig;

static frames_engine_options base_options(void) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    options.placements_url = PLACEMENTS_URL;
    options.retry_jitter = 0;
    return options;
}

/* An engine with one frame on "home", attached at t=0 (its placements
 * request is queued, not yet polled). */
static void rig_up(rig *r, const frames_engine_options *given, bool with_render) {
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_frame_delegate delegate = FRAMES_FRAME_DELEGATE_INIT;
    frames_engine_options options = *given;
    memset(r, 0, sizeof *r);
    ft_record_into(&options, &r->recording);
    fb_init(&r->backend);
    fb_transcript_clear(&transcript);
    host.analytics = on_analytics;
    CHECK_RESULT(frames_engine_new(&options, (const uint8_t *)enabled_config, strlen(enabled_config), &host, &r->engine), FRAMES_OK);
    CHECK_RESULT(frames_frame_new(r->engine, &r->frame), FRAMES_OK);
    if (with_render) delegate.render = on_render;
    delegate.status_changed = on_status;
    delegate.failed = on_fail;
    CHECK_RESULT(frames_frame_set_delegate(r->frame, &delegate), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_placement(r->frame, "home", 0), FRAMES_OK);
    CHECK_RESULT(frames_frame_attach(r->frame, 0), FRAMES_OK);
}

static void rig_down(rig *r) {
    CHECK_RESULT(frames_engine_free(r->engine), FRAMES_OK);
    fb_free(&r->backend);
    ft_section("XC-12 XC-13", "the engine's recording replays identically");
    ft_check_replay(&r->recording, "a transport engine");
}

static frames_frame_status status_of(frames_frame *frame) {
    frames_frame_status status = -1;
    CHECK_RESULT(frames_frame_get_status(frame, &status), FRAMES_OK);
    return status;
}

static int64_t deadline_of(frames_engine *engine) {
    int64_t deadline = -1;
    bool has = false;
    CHECK_RESULT(frames_engine_get_next_deadline(engine, &deadline, &has), FRAMES_OK);
    return has ? deadline : -1;
}

/* The placements response for "home": one campaign whose content is at
 * content_url with digest sha (NULL: the digest of content_doc), or no
 * campaign at all when content_url is NULL. */
static void set_placements(fb_backend *b, const char *content_url, const char *sha) {
    char body[1024], digest[65];
    if (content_url == NULL) {
        fb_set_text(b, PLACEMENTS_URL, 200, "{\"placements\":{\"home\":{\"campaigns\":[]}}}");
        return;
    }
    if (sha == NULL) {
        fb_sha256_hex(content_doc, strlen(content_doc), digest);
        sha = digest;
    }
    snprintf(body, sizeof body,
             "{\"placements\":{\"home\":{\"campaigns\":[{\"id\":\"c1\",\"priority\":\"high\",\"created_at\":1,"
             "\"variants\":[{\"id\":\"A\",\"weight\":1,\"content\":{\"url\":\"%s\",\"sha256\":\"%s\"}}]}]}}}",
             content_url, sha);
    fb_set_text(b, PLACEMENTS_URL, 200, body);
}

/* The frame's error; has_error must match `expected_has`. */
static void check_error(frames_frame *frame, bool expected_has, frames_frame_error_code code, int32_t http,
                        const char *mention) {
    frames_frame_error error;
    bool has = !expected_has;
    memset(&error, 0, sizeof error);
    CHECK_RESULT(frames_frame_get_error(frame, &error, &has), FRAMES_OK);
    CHECK(has == expected_has);
    if (!has || !expected_has) return;
    CHECK_INT(error.code, code);
    CHECK_INT(error.http_status, http);
    CHECK(error.message != NULL && error.message[0] != '\0');
    if (mention && error.message && !ft_mentions(error.message, mention)) {
        printf("  error message \"%s\" does not mention \"%s\"\n", error.message, mention);
        CHECK(0);
    }
    printf("  error: code %d, http %d, \"%s\"\n", (int)error.code, (int)error.http_status,
           error.message ? error.message : "(null)");
}

/* --- XC-06 ---------------------------------------------------------------- */

static void test_retry_schedule(void) {
    frames_engine_options options = base_options();
    rig r;
    int64_t clock = 0, sent[8], deadlines[8];
    int n = 0, i;
    fb_logged_request request;
    const int64_t expected_sent[5] = { 0, 1050, 3100, 6150, 9200 };
    /* After each 503 (answered 50 ms after polling): base, base*2, then the cap. */
    const int64_t expected_deadline[5] = { 1050, 3100, 6150, 9200, -1 };

    ft_section("XC-06 AF-12 AF-09 AF-10", "exact retry schedule with jitter 0: 1000, 2000, cap 3000, 3000; then errorResolving");
    options.retry_max_attempts = 5;
    options.retry_base_delay_ms = 1000;
    options.retry_factor = 2;
    options.retry_max_delay_ms = 3000;
    rig_up(&r, &options, true);
    while (n < 8) {
        if (fb_poll_one(&r.backend, r.engine, clock, &request)) {
            sent[n] = clock;
            CHECK_STR(request.url, PLACEMENTS_URL);
            CHECK_INT(request.deadline_ms, clock + 10000);
            clock += 50;
            CHECK_RESULT(frames_engine_complete_request(r.engine, request.id, 503, NULL, NULL, 0, NULL, 0, clock),
                         FRAMES_OK);
            deadlines[n] = deadline_of(r.engine);
            /* Early on_timeout calls are harmless: nothing is sent early. */
            if (deadlines[n] > 0) CHECK_RESULT(frames_engine_on_timeout(r.engine, deadlines[n] - 1), FRAMES_OK);
            n++;
        } else if (deadline_of(r.engine) >= 0) {
            clock = deadline_of(r.engine);
            CHECK_RESULT(frames_engine_on_timeout(r.engine, clock), FRAMES_OK);
        } else {
            break;
        }
    }
    CHECK_INT(n, 5);
    for (i = 0; i < n && i < 5; i++) {
        CHECK_INT(sent[i], expected_sent[i]);
        CHECK_INT(deadlines[i], expected_deadline[i]);
    }
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_ERROR_RESOLVING);
    /* One transition to resolving, then failed before the status change. */
    CHECK_TEXT(transcript.text,
               "noPlacement -> resolving\n"
               "fail code=1 http=503 (status now errorResolving)\n"
               "resolving -> errorResolving\n");
    check_error(r.frame, true, FRAMES_FRAME_ERROR_CODE_RESOLUTION_FAILED, 503, "5 attempts");
    check_error(r.frame, true, FRAMES_FRAME_ERROR_CODE_RESOLUTION_FAILED, 503, "503");
    rig_down(&r);
}

static void test_retry_after(void) {
    frames_engine_options options = base_options();
    rig r;

    ft_section("XC-06", "Retry-After (delta-seconds) replaces the backoff, capped at retry_max_retry_after_ms");
    options.retry_max_attempts = 6;
    options.retry_max_retry_after_ms = 60000;
    rig_up(&r, &options, true);
    fb_set_text(&r.backend, PLACEMENTS_URL, 503, "");
    fb_add_header(&r.backend, PLACEMENTS_URL, "Retry-After", "7");
    CHECK_INT(fb_pump(&r.backend, r.engine, 100), 1);
    CHECK_INT(deadline_of(r.engine), 7100);
    CHECK_RESULT(frames_engine_on_timeout(r.engine, 7100), FRAMES_OK);

    fb_set_text(&r.backend, PLACEMENTS_URL, 429, "");
    fb_add_header(&r.backend, PLACEMENTS_URL, "retry-after", " 120 "); /* any case, spaces trimmed */
    CHECK_INT(fb_pump(&r.backend, r.engine, 7200), 1);
    CHECK_INT(deadline_of(r.engine), 7200 + 60000); /* capped */
    CHECK_RESULT(frames_engine_on_timeout(r.engine, 67200), FRAMES_OK);

    /* Without the header the exponential backoff applies: attempt 3 -> 4000. */
    fb_set_text(&r.backend, PLACEMENTS_URL, 408, "");
    CHECK_INT(fb_pump(&r.backend, r.engine, 67300), 1);
    CHECK_INT(deadline_of(r.engine), 67300 + 4000);
    CHECK_RESULT(frames_engine_on_timeout(r.engine, 71300), FRAMES_OK);

    /* A Retry-After of 0 retries at once (at the same time). */
    fb_set_text(&r.backend, PLACEMENTS_URL, 503, "");
    fb_add_header(&r.backend, PLACEMENTS_URL, "Retry-After", "0");
    CHECK_INT(fb_pump(&r.backend, r.engine, 71400), 1);
    CHECK_INT(deadline_of(r.engine), 71400);
    CHECK_RESULT(frames_engine_on_timeout(r.engine, 71400), FRAMES_OK);

    set_placements(&r.backend, NULL, NULL);
    CHECK_INT(fb_pump(&r.backend, r.engine, 71500), 1);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_UNAVAILABLE);
    CHECK_INT(r.backend.log_count, 5);
    CHECK_TEXT(transcript.text, "noPlacement -> resolving\nresolving -> unavailable\n");
    rig_down(&r);
}

static void test_request_timeout(void) {
    frames_engine_options options = base_options();
    rig r;
    fb_logged_request stalled, retry;

    ft_section("XC-06 XC-01", "a request unanswered until its deadline times out and is retried; its late answer is NOT_FOUND");
    options.request_timeout_ms = 3000;
    rig_up(&r, &options, true);
    CHECK_INT(deadline_of(r.engine), 3000); /* the queued request's deadline */
    CHECK(fb_poll_one(&r.backend, r.engine, 0, &stalled));
    CHECK_INT(stalled.deadline_ms, 3000);
    CHECK_RESULT(frames_engine_on_timeout(r.engine, 2999), FRAMES_OK);
    CHECK_INT(deadline_of(r.engine), 3000);
    CHECK_RESULT(frames_engine_on_timeout(r.engine, 3000), FRAMES_OK);
    CHECK_INT(deadline_of(r.engine), 4000); /* retry after base 1000 */
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_RESOLVING);
    CHECK_RESULT(frames_engine_complete_request(r.engine, stalled.id, 200, NULL, NULL, 0,
                                                (const uint8_t *)"{\"placements\":{}}", 17, 3500),
                 FRAMES_ERR_NOT_FOUND);
    CHECK_MESSAGE_MENTIONS("not in flight");
    CHECK_RESULT(frames_engine_fail_request(r.engine, stalled.id, "late", 3500), FRAMES_ERR_NOT_FOUND);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_RESOLVING);
    CHECK_INT(deadline_of(r.engine), 4000);
    CHECK(!fb_poll_one(&r.backend, r.engine, 3500, &retry)); /* nothing sent before the retry time */
    CHECK_RESULT(frames_engine_on_timeout(r.engine, 4000), FRAMES_OK);
    CHECK(fb_poll_one(&r.backend, r.engine, 4000, &retry));
    CHECK(retry.id != stalled.id);
    CHECK_INT(retry.deadline_ms, 7000);
    set_placements(&r.backend, NULL, NULL);
    CHECK_RESULT(frames_engine_complete_request(r.engine, retry.id, 200, NULL, NULL, 0, r.backend.responses[0].body,
                                                r.backend.responses[0].body_len, 4100),
                 FRAMES_OK);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_UNAVAILABLE);
    CHECK_INT(deadline_of(r.engine), -1);
    rig_down(&r);

    ft_section("XC-06 AF-10", "timeouts on every attempt: errorResolving saying it timed out");
    options.retry_max_attempts = 2;
    rig_up(&r, &options, true);
    fb_set_stall(&r.backend, PLACEMENTS_URL, true);
    CHECK_INT(fb_pump(&r.backend, r.engine, 0), 1);
    CHECK_RESULT(frames_engine_on_timeout(r.engine, 3000), FRAMES_OK);
    CHECK_RESULT(frames_engine_on_timeout(r.engine, 4000), FRAMES_OK);
    CHECK_INT(fb_pump(&r.backend, r.engine, 4000), 1);
    CHECK_INT(deadline_of(r.engine), 7000);
    CHECK_RESULT(frames_engine_on_timeout(r.engine, 7000), FRAMES_OK);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_ERROR_RESOLVING);
    check_error(r.frame, true, FRAMES_FRAME_ERROR_CODE_RESOLUTION_FAILED, 0, "timed out");
    CHECK_INT(deadline_of(r.engine), -1);
    rig_down(&r);
}

static void test_transport_error_and_permanent(void) {
    frames_engine_options options = base_options();
    rig r;

    ft_section("XC-06 AF-10", "fail_request (transport error) is retried; the message travels with the error");
    options.retry_max_attempts = 2;
    rig_up(&r, &options, true);
    fb_set_transport_error(&r.backend, PLACEMENTS_URL, "connection refused");
    CHECK_INT(fb_pump(&r.backend, r.engine, 10), 1);
    CHECK_RESULT(r.backend.last_answer_result, FRAMES_OK);
    CHECK_INT(deadline_of(r.engine), 1010);
    CHECK_RESULT(frames_engine_on_timeout(r.engine, 1010), FRAMES_OK);
    CHECK_INT(fb_pump(&r.backend, r.engine, 1020), 1);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_ERROR_RESOLVING);
    check_error(r.frame, true, FRAMES_FRAME_ERROR_CODE_RESOLUTION_FAILED, 0, "connection refused");
    CHECK_INT(deadline_of(r.engine), -1);
    rig_down(&r);

    ft_section("XC-06 AF-10", "404 is not retried: errorResolving at once with http_status 404");
    options = base_options();
    rig_up(&r, &options, true);
    fb_set_text(&r.backend, PLACEMENTS_URL, 404, "not here");
    CHECK_INT(fb_pump(&r.backend, r.engine, 10), 1);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_ERROR_RESOLVING);
    CHECK_INT(deadline_of(r.engine), -1);
    CHECK_INT(r.backend.log_count, 1);
    check_error(r.frame, true, FRAMES_FRAME_ERROR_CODE_RESOLUTION_FAILED, 404, "1 attempt");

    ft_section("AF-09 AF-11", "a further failure on the same error status updates the error and fires nothing");
    fb_transcript_clear(&transcript);
    CHECK_RESULT(frames_engine_set_app_state(r.engine, FRAMES_APP_STATE_BACKGROUND, 20), FRAMES_OK);
    CHECK_RESULT(frames_engine_set_app_state(r.engine, FRAMES_APP_STATE_ACTIVE, 30), FRAMES_OK); /* AF-16 refresh */
    fb_set_text(&r.backend, PLACEMENTS_URL, 400, "bad request");
    CHECK_INT(fb_pump(&r.backend, r.engine, 40), 1);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_ERROR_RESOLVING);
    check_error(r.frame, true, FRAMES_FRAME_ERROR_CODE_RESOLUTION_FAILED, 400, "400");
    CHECK_TEXT(transcript.text, "");
    /* Fresh placements move the frame forward again (not latched). */
    CHECK_RESULT(frames_engine_set_app_state(r.engine, FRAMES_APP_STATE_BACKGROUND, 50), FRAMES_OK);
    CHECK_RESULT(frames_engine_set_app_state(r.engine, FRAMES_APP_STATE_ACTIVE, 60), FRAMES_OK);
    set_placements(&r.backend, NULL, NULL);
    CHECK_INT(fb_pump(&r.backend, r.engine, 70), 1);
    CHECK_TEXT(transcript.text, "errorResolving -> unavailable\n");
    check_error(r.frame, false, 0, 0, NULL);
    rig_down(&r);

    ft_section("XC-06 AF-10", "a malformed placements payload is not retried");
    rig_up(&r, &options, true);
    fb_set_text(&r.backend, PLACEMENTS_URL, 200, "{\"placements\":");
    CHECK_INT(fb_pump(&r.backend, r.engine, 10), 1);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_ERROR_RESOLVING);
    CHECK_INT(deadline_of(r.engine), -1);
    check_error(r.frame, true, FRAMES_FRAME_ERROR_CODE_RESOLUTION_FAILED, 0, "malformed");
    rig_down(&r);
}

/* --- AF-08, AF-14 ------------------------------------------------------------ */

static void test_unavailable_and_content(void) {
    frames_engine_options options = base_options();
    rig r;
    char digest[65], doc[512];
    static const char wrong[] = "0000000000000000000000000000000000000000000000000000000000000000";

    ft_section("AF-08", "no campaign for the placement: unavailable, never an error");
    rig_up(&r, &options, true);
    set_placements(&r.backend, NULL, NULL);
    CHECK_INT(fb_pump(&r.backend, r.engine, 10), 1);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_UNAVAILABLE);
    CHECK_TEXT(transcript.text, "noPlacement -> resolving\nresolving -> unavailable\n");
    check_error(r.frame, false, 0, 0, NULL);
    rig_down(&r);

    ft_section("AF-08", "a placement absent from the response: unavailable too");
    rig_up(&r, &options, true);
    fb_set_text(&r.backend, PLACEMENTS_URL, 200, "{\"placements\":{\"elsewhere\":{\"campaigns\":[]}}}");
    CHECK_INT(fb_pump(&r.backend, r.engine, 10), 1);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_UNAVAILABLE);
    check_error(r.frame, false, 0, 0, NULL);
    rig_down(&r);

    ft_section("AF-06 AF-14", "the happy path: resolving -> downloading -> rendering -> ready");
    rig_up(&r, &options, true);
    set_placements(&r.backend, CONTENT_URL, NULL);
    fb_set_text(&r.backend, CONTENT_URL, 200, content_doc);
    CHECK_INT(fb_pump(&r.backend, r.engine, 10), 2);
    CHECK_RESULT(frames_frame_report_rendered(r.frame, 90, 20), FRAMES_OK);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_READY);
    CHECK_TEXT(transcript.text,
               "noPlacement -> resolving\n"
               "resolving -> downloading\n"
               "downloading -> rendering\n"
               "render c1/A\n"
               "rendering -> ready\n");
    rig_down(&r);

    ft_section("AF-14 AF-09 AF-10", "a checksum mismatch: errorDownloading with placementUntrusted, not retried");
    rig_up(&r, &options, true);
    set_placements(&r.backend, CONTENT_URL, wrong);
    fb_set_text(&r.backend, CONTENT_URL, 200, content_doc);
    CHECK_INT(fb_pump(&r.backend, r.engine, 10), 2);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_ERROR_DOWNLOADING);
    CHECK_TEXT(transcript.text,
               "noPlacement -> resolving\n"
               "resolving -> downloading\n"
               "fail code=3 http=0 (status now errorDownloading)\n"
               "downloading -> errorDownloading\n");
    check_error(r.frame, true, FRAMES_FRAME_ERROR_CODE_PLACEMENT_UNTRUSTED, 0, NULL);
    CHECK_INT(deadline_of(r.engine), -1);
    rig_down(&r);

    ft_section("AF-14", "a plain http:// content URL: placementUntrusted without a request");
    rig_up(&r, &options, true);
    set_placements(&r.backend, "http://cdn.test/content/home.json", NULL);
    CHECK_INT(fb_pump(&r.backend, r.engine, 10), 1);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_ERROR_DOWNLOADING);
    check_error(r.frame, true, FRAMES_FRAME_ERROR_CODE_PLACEMENT_UNTRUSTED, 0, NULL);
    rig_down(&r);

    ft_section("AF-14 AF-10", "content 404: errorDownloading with downloadingFailed and http_status 404");
    rig_up(&r, &options, true);
    set_placements(&r.backend, CONTENT_URL, NULL);
    CHECK_INT(fb_pump(&r.backend, r.engine, 10), 2); /* no row for the content: 404 */
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_ERROR_DOWNLOADING);
    check_error(r.frame, true, FRAMES_FRAME_ERROR_CODE_DOWNLOADING_FAILED, 404, "404");
    rig_down(&r);

    ft_section("AF-14", "an asset reported over 512,000 bytes: downloadingFailed, the asset is never requested");
    rig_up(&r, &options, true);
    snprintf(doc, sizeof doc,
             "{\"template\":{\"html\":\"<img>\"},\"assets\":[{\"url\":\"" ASSET_URL "\",\"size\":512001,"
             "\"sha256\":\"%s\"}]}",
             wrong);
    fb_set_text(&r.backend, CONTENT_URL, 200, doc);
    fb_sha256_hex(doc, strlen(doc), digest);
    set_placements(&r.backend, CONTENT_URL, digest);
    CHECK_INT(fb_pump(&r.backend, r.engine, 10), 2);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_ERROR_DOWNLOADING);
    check_error(r.frame, true, FRAMES_FRAME_ERROR_CODE_DOWNLOADING_FAILED, 0, "512");
    rig_down(&r);

    ft_section("AF-10", "the template does not signal within render_timeout_ms: errorRendering");
    options.render_timeout_ms = 2000;
    rig_up(&r, &options, true);
    set_placements(&r.backend, CONTENT_URL, NULL);
    fb_set_text(&r.backend, CONTENT_URL, 200, content_doc);
    CHECK_INT(fb_pump(&r.backend, r.engine, 10), 2);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_RENDERING);
    CHECK_INT(deadline_of(r.engine), 2010);
    CHECK_RESULT(frames_engine_on_timeout(r.engine, 2010), FRAMES_OK);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_ERROR_RENDERING);
    check_error(r.frame, true, FRAMES_FRAME_ERROR_CODE_RENDERING_FAILED, 0, "2000");
    CHECK_RESULT(frames_frame_report_rendered(r.frame, 10, 2100), FRAMES_ERR_INVALID_STATE);
    rig_down(&r);

    ft_section("AF-10", "frames_frame_report_render_failed: errorRendering carrying the host's message");
    rig_up(&r, &options, true);
    set_placements(&r.backend, CONTENT_URL, NULL);
    fb_set_text(&r.backend, CONTENT_URL, 200, content_doc);
    CHECK_INT(fb_pump(&r.backend, r.engine, 10), 2);
    CHECK_RESULT(frames_frame_report_render_failed(r.frame, "web view crashed", 20), FRAMES_OK);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_ERROR_RENDERING);
    check_error(r.frame, true, FRAMES_FRAME_ERROR_CODE_RENDERING_FAILED, 0, "web view crashed");
    CHECK_INT(deadline_of(r.engine), -1); /* the render timeout was cancelled */
    rig_down(&r);
}

/* --- AF-17 ------------------------------------------------------------------ */

static void test_consent(void) {
    frames_engine_options options = base_options();
    rig r;
    fb_logged_request placements, content;
    bool available = true;
    frames_request request;

    ft_section("AF-17 XC-04", "consent revoked: disabled at once, in-flight answers are NOT_FOUND");
    rig_up(&r, &options, true);
    set_placements(&r.backend, CONTENT_URL, NULL);
    fb_set_text(&r.backend, CONTENT_URL, 200, content_doc);
    CHECK(fb_poll_one(&r.backend, r.engine, 10, &placements));
    CHECK_RESULT(frames_engine_complete_request(r.engine, placements.id, 200, NULL, NULL, 0,
                                                r.backend.responses[0].body, r.backend.responses[0].body_len, 20),
                 FRAMES_OK);
    CHECK(fb_poll_one(&r.backend, r.engine, 20, &content));
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_DOWNLOADING);
    CHECK_RESULT(frames_engine_set_consent(r.engine, false, 30), FRAMES_OK);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_DISABLED);
    CHECK_TEXT(transcript.text,
               "noPlacement -> resolving\n"
               "resolving -> downloading\n"
               "downloading -> disabled\n"); /* no failed */
    check_error(r.frame, false, 0, 0, NULL);
    CHECK_RESULT(frames_engine_complete_request(r.engine, content.id, 200, NULL, NULL, 0,
                                                (const uint8_t *)content_doc, strlen(content_doc), 40),
                 FRAMES_ERR_NOT_FOUND);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_DISABLED);
    CHECK_INT(deadline_of(r.engine), -1);
    CHECK_RESULT(frames_engine_poll_request(r.engine, &request, &available), FRAMES_OK);
    CHECK(!available);

    ft_section("AF-17", "consent granted again: nothing at once; the next session start re-resolves");
    fb_transcript_clear(&transcript);
    CHECK_RESULT(frames_engine_set_consent(r.engine, true, 50), FRAMES_OK);
    CHECK_INT(status_of(r.frame), FRAMES_FRAME_STATUS_DISABLED);
    CHECK_INT(fb_pump(&r.backend, r.engine, 60), 0);
    CHECK_TEXT(transcript.text, "");
    CHECK_RESULT(frames_engine_start_session(r.engine, "session-2", 70), FRAMES_OK);
    CHECK_INT(fb_pump(&r.backend, r.engine, 80), 2);
    CHECK_TEXT(transcript.text,
               "disabled -> resolving\n"
               "resolving -> downloading\n"
               "downloading -> rendering\n"
               "render c1/A\n");
    rig_down(&r);
}

/* --- AF-06 ------------------------------------------------------------------ */

static void test_status_helpers(void) {
    static const char *const names[11] = { "noPlacement", "disabled", "resolving", "downloading",
                                           "rendering", "ready", "unavailable", "dismissed",
                                           "errorResolving", "errorDownloading", "errorRendering" };
    static const frames_frame_status unknown[5] = { -1, 11, 12, 1000, INT32_MIN };
    int i;

    ft_section("AF-06", "frames_frame_status_str, is_loading, is_error for all eleven statuses and unknown ones");
    CHECK_INT(FRAMES_FRAME_STATUS_NO_PLACEMENT, 0);
    CHECK_INT(FRAMES_FRAME_STATUS_ERROR_RENDERING, 10);
    for (i = 0; i < 11; i++) {
        bool loading = i == FRAMES_FRAME_STATUS_RESOLVING || i == FRAMES_FRAME_STATUS_DOWNLOADING ||
                       i == FRAMES_FRAME_STATUS_RENDERING;
        bool error = i == FRAMES_FRAME_STATUS_ERROR_RESOLVING || i == FRAMES_FRAME_STATUS_ERROR_DOWNLOADING ||
                     i == FRAMES_FRAME_STATUS_ERROR_RENDERING;
        CHECK_STR(frames_frame_status_str(i), names[i]);
        CHECK(frames_frame_status_str(i) == frames_frame_status_str(i)); /* static */
        CHECK(frames_frame_status_is_loading(i) == loading);
        CHECK(frames_frame_status_is_error(i) == error);
    }
    for (i = 0; i < 5; i++) {
        CHECK_STR(frames_frame_status_str(unknown[i]), "unknown");
        CHECK(!frames_frame_status_is_loading(unknown[i]));
        CHECK(!frames_frame_status_is_error(unknown[i]));
    }
}

int main(void) {
    test_status_helpers();
    test_retry_schedule();
    test_retry_after();
    test_request_timeout();
    test_transport_error_and_permanent();
    test_unavailable_and_content();
    test_consent();
    return ft_finish("test_engine_transport");
}
