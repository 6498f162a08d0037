/*
 * The App Frames "Full example" driven through the C API: a home
 * screen with two placements, home_top_banner and home_bottom_banner, in a
 * vertical stack with spacing 16; a delegate that logs every status change
 * and removes the view on dismiss. The transport is the scripted in-memory
 * backend of fake_backend.c; the exact callback transcript is compared.
 *
 * Proves: AF-01 (JSON and a real Info.plist read from disk; misplaced key and
 * string "YES" are off), AF-02, AF-04, AF-06, AF-07, AF-12 (one placements fetch for both frames), AF-14 (content
 * and an asset with checksums), AF-18, AF-19, AF-20 (dismiss order, frame
 * freed inside dismiss_requested), AF-21, AF-22 (impression after the
 * template signalled and the frame was laid out), XC-01, XC-03 (re-entry from
 * callbacks), XC-05 (analytics records), XC-07 (the freed frame's handle).
 *
 * The fixtures directory comes from CMake (FRAMES_FIXTURES_DIR) or argv[1].
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

#ifndef FRAMES_FIXTURES_DIR
#define FRAMES_FIXTURES_DIR "Tests/fixtures/wire"
#endif

#define PLACEMENTS_URL FB_HOME_PLACEMENTS_URL
#define TOP_CONTENT_URL FB_HOME_TOP_CONTENT_URL
#define BOTTOM_CONTENT_URL FB_HOME_BOTTOM_CONTENT_URL
#define BOTTOM_ASSET_URL FB_HOME_BOTTOM_ASSET_URL

#define SCREEN_WIDTH 375.0
#define STACK_SPACING 16.0
#define OWN_CONTENT_HEIGHT 240.0 /* "… your own content in between …" */

static const char *fixtures_dir = FRAMES_FIXTURES_DIR;

/* --- the host: one transcript for every callback ------------------------- */

static fb_transcript transcript;
static int64_t now_ms; /* the host's monotonic clock, read by callbacks */

typedef struct host_state {
    int freed;
} host_state;

/* What each placement's template measures when the host renders it. */
static double template_height(const char *placement_id) {
    if (strcmp(placement_id, "home_top_banner") == 0) return 120.0;
    if (strcmp(placement_id, "home_bottom_banner") == 0) return 80.0;
    return 50.0;
}

static void host_analytics(const frames_analytics_record *r, void *user_data) {
    size_t i;
    char fields[256] = "";
    size_t len = 0;
    (void)user_data;
    for (i = 0; i < r->field_count && len < sizeof fields; i++) {
        int n = snprintf(fields + len, sizeof fields - len, " %s=%s", r->fields[i].key, r->fields[i].value);
        if (n < 0) break;
        len += (size_t)n;
    }
    fb_line(&transcript, "analytics %s %s %s/%s %s %s t=%lld%s", r->name, r->placement_id ? r->placement_id : "-",
            r->campaign_id ? r->campaign_id : "-", r->variant_id ? r->variant_id : "-",
            r->view_id ? r->view_id : "-", r->session_id ? r->session_id : "-", (long long)r->time_ms, fields);
}

static void frame_render(frames_frame *frame, const frames_content *content, void *user_data) {
    double h = template_height(content->placement_id);
    size_t i;
    (void)user_data;
    fb_line(&transcript, "render %s %s/%s assets=%u actions=%u html=%u", content->placement_id, content->campaign_id,
            content->variant_id, (unsigned)content->asset_count, (unsigned)content->action_count,
            (unsigned)strlen(content->template_html));
    for (i = 0; i < content->asset_count; i++)
        fb_line(&transcript, "  asset %s %u bytes", content->assets[i].url, (unsigned)content->assets[i].size);
    for (i = 0; i < content->action_count; i++) fb_line(&transcript, "  action %s", content->action_ids[i]);
    /* The "web view" loads at once and reports its height; the stack lays
     * the frame out at that height (XC-03: re-entry from a callback). */
    CHECK_RESULT(frames_frame_report_rendered(frame, h, now_ms), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_laid_out_size(frame, SCREEN_WIDTH, h, now_ms), FRAMES_OK);
}

static bool host_open_url(const char *url, void *user_data) {
    (void)user_data;
    fb_line(&transcript, "open %s", url);
    return true;
}

static void host_free(void *user_data) {
    ((host_state *)user_data)->freed++;
    fb_line(&transcript, "host user_data freed");
}

/* --- the delegate (the mobile SDK's HomeViewController) ------------------------ */

typedef struct slot {
    const char *placement_id;
    frames_frame *frame;  /* NULL once removed from the stack */
    int freed;            /* free_user_data runs */
} slot;

static void status_changed(frames_frame *frame, frames_frame_status status, frames_frame_status previous,
                           void *user_data) {
    slot *s = (slot *)user_data;
    CHECK(frame == s->frame);
    /* The mobile SDK's example: NSLog(@"%@: %@ -> %@", placementId, previous, status). */
    fb_line(&transcript, "%s: %s -> %s", s->placement_id, frames_frame_status_str(previous),
            frames_frame_status_str(status));
}

static void failed(frames_frame *frame, const frames_frame_error *error, void *user_data) {
    slot *s = (slot *)user_data;
    (void)frame;
    fb_line(&transcript, "%s: failed code=%d http=%d %s", s->placement_id, (int)error->code, (int)error->http_status,
            error->message);
}

static void height_requested(frames_frame *frame, double height, void *user_data) {
    slot *s = (slot *)user_data;
    (void)frame;
    fb_line(&transcript, "%s: height %g", s->placement_id, height);
}

static void dismiss_requested(frames_frame *frame, void *user_data) {
    slot *s = (slot *)user_data;
    frames_frame_status status = -1;
    fb_line(&transcript, "%s: dismiss", s->placement_id);
    /* AF-20: the status is already dismissed when this runs. */
    CHECK_RESULT(frames_frame_get_status(frame, &status), FRAMES_OK);
    CHECK_INT(status, FRAMES_FRAME_STATUS_DISMISSED);
    /* The mobile SDK's example: [view removeFromSuperview]. Here: free the frame inside its
     * own callback (XC-03). s is freed by free_user_data only logically. */
    s->frame = NULL;
    CHECK_RESULT(frames_frame_free(frame), FRAMES_OK);
    fb_line(&transcript, "%s: removed from the stack", s->placement_id);
}

static void action_triggered(frames_frame *frame, const char *custom_data_json, void *user_data) {
    slot *s = (slot *)user_data;
    (void)frame;
    fb_line(&transcript, "%s: action %s", s->placement_id, custom_data_json);
}

static void delegate_free(void *user_data) {
    slot *s = (slot *)user_data;
    s->freed++;
    fb_line(&transcript, "%s: delegate freed", s->placement_id);
}

static void add_frame(frames_engine *engine, slot *s, const char *placement_id) {
    frames_frame_delegate delegate = FRAMES_FRAME_DELEGATE_INIT;
    s->placement_id = placement_id;
    s->frame = NULL;
    s->freed = 0;
    CHECK_RESULT(frames_frame_new(engine, &s->frame), FRAMES_OK);
    delegate.render = frame_render;
    delegate.status_changed = status_changed;
    delegate.failed = failed;
    delegate.height_requested = height_requested;
    delegate.dismiss_requested = dismiss_requested;
    delegate.action_triggered = action_triggered;
    delegate.user_data = s;
    delegate.free_user_data = delegate_free;
    CHECK_RESULT(frames_frame_set_delegate(s->frame, &delegate), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_placement(s->frame, placement_id, now_ms), FRAMES_OK);
    /* addArrangedSubview: the frame is in the visible hierarchy (AF-04). */
    CHECK_RESULT(frames_frame_attach(s->frame, now_ms), FRAMES_OK);
}

/* The vertical stack: collapsed (zero-height) views take no space and no
 * spacing, as UIStackView does for them. Prints a picture-like summary. */
static double stack_height(slot *top, slot *bottom, bool print) {
    const char *names[3] = { "home_top_banner", "(own content)", "home_bottom_banner" };
    double heights[3] = { 0, OWN_CONTENT_HEIGHT, 0 };
    double total = 0;
    int i, shown = 0;
    if (top->frame) CHECK_RESULT(frames_frame_get_intrinsic_height(top->frame, &heights[0]), FRAMES_OK);
    if (bottom->frame) CHECK_RESULT(frames_frame_get_intrinsic_height(bottom->frame, &heights[2]), FRAMES_OK);
    if (print) printf("  +----------- %3.0f pt wide ----------+\n", SCREEN_WIDTH);
    for (i = 0; i < 3; i++) {
        if (heights[i] <= 0) {
            if (print) printf("  | %-20s (collapsed) |\n", names[i]);
            continue;
        }
        if (shown++ > 0) {
            total += STACK_SPACING;
            if (print) printf("  |   spacing %2.0f                     |\n", STACK_SPACING);
        }
        if (print) printf("  | %-20s y=%3.0f h=%3.0f |\n", names[i], total, heights[i]);
        total += heights[i];
    }
    if (print) printf("  +-------- stack height %3.0f pt -----+\n", total);
    return total;
}

/* --- the backend ----------------------------------------------------------- */

static const char top_content[] =
    "{\"template\":{\"html\":\"<div class=\\\"spring\\\"><a data-action=\\\"shop_now\\\">Spring sale</a>"
    "<button data-action=\\\"close\\\">x</button></div>\"},"
    "\"actions\":[{\"id\":\"shop_now\",\"deep_link\":\"app://shop/spring-sale\","
    "\"custom_data\":{\"coupon\":\"SPRING24\"}},{\"id\":\"learn_more\"}]}";

static void script_backend(fb_backend *b) {
    fb_script_home_screen(b, top_content);
}

static void test_sha256(void) {
    char hex[65];
    char *fixture;
    size_t len = 0;
    char path[1024];
    static char thousand[1000];
    ft_section("AF-14", "the test helper's SHA-256 (known vectors and sha256sum of a wire fixture)");
    fb_sha256_hex("", 0, hex);
    CHECK_STR(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    fb_sha256_hex("abc", 3, hex);
    CHECK_STR(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    memset(thousand, 'a', sizeof thousand);
    fb_sha256_hex(thousand, sizeof thousand, hex); /* python3 -c "print('a'*1000,end='')" | sha256sum */
    CHECK_STR(hex, "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
    snprintf(path, sizeof path, "%s/content/home_top_banner_a.json", fixtures_dir);
    fixture = fb_read_file(path, &len);
    CHECK(fixture != NULL);
    if (fixture) {
        /* The digest docs/wire-format.md lists for this fixture. */
        fb_sha256_hex(fixture, len, hex);
        CHECK_STR(hex, "896fd109191a7de61e3676720560e8201e9d391f75d2138ec5a423ca118a4e56");
        free(fixture);
    }
}

/* --- the scenario ---------------------------------------------------------- */

static const char expected_load[] =
    /* attach(top), attach(bottom) at t=0 */
    "home_top_banner: noPlacement -> resolving\n"
    "home_bottom_banner: noPlacement -> resolving\n"
    /* t=100: one placements fetch resolves both (AF-12) */
    "home_top_banner: resolving -> downloading\n"
    "home_bottom_banner: resolving -> downloading\n"
    "home_top_banner: downloading -> rendering\n"
    "render home_top_banner spring_sale/A assets=0 actions=2 html=105\n"
    "  action shop_now\n"
    "  action learn_more\n"
    "home_top_banner: rendering -> ready\n"
    "home_top_banner: height 120\n"
    "analytics appFrames.impression home_top_banner spring_sale/A frame-1 session-1 t=100\n"
    "home_bottom_banner: downloading -> rendering\n"
    "render home_bottom_banner free_shipping/only assets=1 actions=0 html=53\n"
    "  asset https://cdn.test/assets/free-shipping.png 16 bytes\n"
    "home_bottom_banner: rendering -> ready\n"
    "home_bottom_banner: height 80\n"
    "analytics appFrames.impression home_bottom_banner free_shipping/only frame-2 session-1 t=100\n";

static const char expected_requests[] =
    "POST " PLACEMENTS_URL "\n"
    "GET " TOP_CONTENT_URL "\n"
    "GET " BOTTOM_CONTENT_URL "\n"
    "GET " BOTTOM_ASSET_URL "\n";

static const char expected_action[] =
    "open app://shop/spring-sale\n"
    "analytics appFrames.click home_top_banner spring_sale/A frame-1 session-1 t=2000 action_id=shop_now "
    "deep_link=app://shop/spring-sale\n"
    "home_top_banner: action {\"coupon\":\"SPRING24\"}\n"
    /* learn_more has neither a link nor custom data: only the click */
    "analytics appFrames.click home_top_banner spring_sale/A frame-1 session-1 t=2500 action_id=learn_more\n";

static const char expected_dismiss[] =
    "home_top_banner: ready -> dismissed\n"
    "home_top_banner: dismiss\n"
    "home_top_banner: delegate freed\n"
    "home_top_banner: removed from the stack\n"
    "analytics appFrames.dismiss home_top_banner spring_sale/A frame-1 session-1 t=5000\n";

/* Each engine is recorded, and its recording replayed once it is freed. */
static ft_recording recording;

static void run_home_screen(const char *config_name, const char *config, size_t config_len) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    host_state state = { 0 };
    frames_engine *engine = NULL;
    fb_backend backend;
    slot top, bottom;
    bool enabled = false, has_deadline = true;
    frames_frame_status status = -1;
    double height = -1;
    int64_t deadline = 0;
    char log[2048];
    char title[128];

    snprintf(title, sizeof title, "the App Frames full example, configuration from %s", config_name);
    ft_section("AF-01 AF-04 AF-06 AF-07 AF-12 AF-14 AF-18 AF-19 AF-22 XC-01 XC-03 XC-05", title);
    fb_transcript_clear(&transcript);
    fb_init(&backend);
    script_backend(&backend);
    now_ms = 0;

    options.placements_url = PLACEMENTS_URL;
    options.device_id = "device-1";
    ft_record_into(&options, &recording);
    host.analytics = host_analytics;
    host.open_url = host_open_url;
    host.user_data = &state;
    host.free_user_data = host_free;
    CHECK_RESULT(frames_engine_new(&options, (const uint8_t *)config, config_len, &host, &engine), FRAMES_OK);
    if (engine == NULL) {
        ft_recording_free(&recording);
        fb_free(&backend);
        return;
    }
    CHECK_RESULT(frames_app_frames_get_enabled(engine, &enabled), FRAMES_OK);
    CHECK(enabled);

    /* viewDidLoad */
    add_frame(engine, &top, "home_top_banner");
    add_frame(engine, &bottom, "home_bottom_banner");
    CHECK_INT(backend.log_count, 0);
    CHECK_DOUBLE(stack_height(&top, &bottom, false), OWN_CONTENT_HEIGHT); /* both collapsed while loading */

    /* The run loop: perform every request at t=100. */
    now_ms = 100;
    CHECK_INT(fb_pump(&backend, engine, now_ms), 4);
    CHECK_RESULT(backend.last_answer_result, FRAMES_OK);
    CHECK(fb_same_text("load transcript", transcript.text, expected_load));
    CHECK(!transcript.overflow);
    fb_log_text(&backend, log, sizeof log);
    CHECK(fb_same_text("request log", log, expected_requests));
    CHECK_STR(backend.log[0].method, "POST");
    CHECK(backend.log[0].body_len > 0);
    CHECK_INT(backend.log[0].deadline_ms, 10000); /* request_timeout_ms default, from t=0 */

    CHECK_RESULT(frames_frame_get_status(top.frame, &status), FRAMES_OK);
    CHECK_INT(status, FRAMES_FRAME_STATUS_READY);
    CHECK_RESULT(frames_frame_get_intrinsic_height(top.frame, &height), FRAMES_OK);
    CHECK_DOUBLE(height, 120);
    CHECK_RESULT(frames_frame_get_intrinsic_height(bottom.frame, &height), FRAMES_OK);
    CHECK_DOUBLE(height, 80);
    /* Nothing timed: render timeouts were cancelled, nothing in flight. */
    CHECK_RESULT(frames_engine_get_next_deadline(engine, &deadline, &has_deadline), FRAMES_OK);
    CHECK(!has_deadline);
    printf("  the home screen, loaded:\n");
    CHECK_DOUBLE(stack_height(&top, &bottom, true), 120 + 16 + OWN_CONTENT_HEIGHT + 16 + 80);

    /* AF-19: the same height again is not a change; a new one is. */
    fb_transcript_clear(&transcript);
    CHECK_RESULT(frames_frame_report_rendered(bottom.frame, 80, 1000), FRAMES_OK);
    CHECK_TEXT(transcript.text, "");
    CHECK_RESULT(frames_frame_report_rendered(bottom.frame, 96, 1000), FRAMES_OK);
    CHECK_TEXT(transcript.text, "home_bottom_banner: height 96\n");
    CHECK_RESULT(frames_frame_set_laid_out_size(bottom.frame, SCREEN_WIDTH, 96, 1000), FRAMES_OK);
    CHECK_TEXT(transcript.text, "home_bottom_banner: height 96\n"); /* no second impression (AF-22) */

    /* AF-21: navigation first, then the click, then the custom data. */
    ft_section("AF-21 XC-05", "actions from the top template");
    fb_transcript_clear(&transcript);
    now_ms = 2000;
    CHECK_RESULT(frames_frame_report_action(top.frame, "shop_now", now_ms), FRAMES_OK);
    now_ms = 2500;
    CHECK_RESULT(frames_frame_report_action(top.frame, "learn_more", now_ms), FRAMES_OK);
    CHECK_RESULT(frames_frame_report_action(top.frame, "no_such_action", now_ms), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK(fb_same_text("action transcript", transcript.text, expected_action));

    /* AF-20: dismissal from the top template; the delegate frees the frame
     * inside dismiss_requested. */
    ft_section("AF-20 AF-18 XC-03 XC-07", "dismiss from the top template; the delegate frees the frame in the callback");
    fb_transcript_clear(&transcript);
    now_ms = 5000;
    {
        frames_frame *dismissed = top.frame;
        CHECK_RESULT(frames_frame_report_dismissed(dismissed, now_ms), FRAMES_OK);
        CHECK(fb_same_text("dismiss transcript", transcript.text, expected_dismiss));
        CHECK_INT(top.freed, 1);
        CHECK(top.frame == NULL);
        CHECK_RESULT(frames_frame_get_status(dismissed, &status), FRAMES_ERR_INVALID_HANDLE);
        CHECK_MESSAGE_MENTIONS("frame");
        CHECK_RESULT(frames_frame_report_dismissed(dismissed, now_ms), FRAMES_ERR_INVALID_HANDLE);
        CHECK_RESULT(frames_frame_free(dismissed), FRAMES_ERR_INVALID_HANDLE);
        CHECK_INT(top.freed, 1);
    }
    /* The bottom frame is unaffected. */
    CHECK_RESULT(frames_frame_get_status(bottom.frame, &status), FRAMES_OK);
    CHECK_INT(status, FRAMES_FRAME_STATUS_READY);
    CHECK_RESULT(frames_frame_get_intrinsic_height(bottom.frame, &height), FRAMES_OK);
    CHECK_DOUBLE(height, 96);
    CHECK_INT(bottom.freed, 0);
    CHECK_INT(backend.log_count, 4); /* nothing new was requested */
    printf("  after the dismissal (the top frame left the stack, the gap closed):\n");
    CHECK_DOUBLE(stack_height(&top, &bottom, true), OWN_CONTENT_HEIGHT + 16 + 96);

    /* Freeing the engine frees the remaining frame's delegate, then the host. */
    fb_transcript_clear(&transcript);
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    CHECK_TEXT(transcript.text, "home_bottom_banner: delegate freed\nhost user_data freed\n");
    CHECK_INT(bottom.freed, 1);
    CHECK_INT(top.freed, 1);
    CHECK_INT(state.freed, 1);
    CHECK_RESULT(frames_frame_get_status(bottom.frame, &status), FRAMES_ERR_INVALID_HANDLE);
    fb_free(&backend);
    ft_section("XC-12 XC-13", "the home screen's recording replays identically");
    ft_check_replay(&recording, title);
}

/* AF-01/AF-02: a configuration that does not opt in leaves every frame
 * disabled, silently, and requests nothing. */
static void run_opted_out(const char *config_name, const char *config, size_t config_len) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_engine *engine = NULL;
    fb_backend backend;
    slot s;
    bool enabled = true, has_deadline = true;
    frames_frame_status status = -1;
    int64_t deadline = 0;
    char title[128];

    snprintf(title, sizeof title, "%s: App Frames stay off, frames rest in disabled, nothing requested", config_name);
    ft_section("AF-01 AF-02", title);
    fb_transcript_clear(&transcript);
    fb_init(&backend);
    script_backend(&backend);
    options.placements_url = PLACEMENTS_URL;
    ft_record_into(&options, &recording);
    CHECK_RESULT(frames_engine_new(&options, (const uint8_t *)config, config_len, NULL, &engine), FRAMES_OK);
    if (engine == NULL) {
        ft_recording_free(&recording);
        fb_free(&backend);
        return;
    }
    CHECK_RESULT(frames_app_frames_get_enabled(engine, &enabled), FRAMES_OK);
    CHECK(!enabled);
    add_frame(engine, &s, "home_top_banner");
    CHECK_RESULT(frames_frame_get_status(s.frame, &status), FRAMES_OK);
    CHECK_INT(status, FRAMES_FRAME_STATUS_DISABLED);
    CHECK_INT(fb_pump(&backend, engine, 100), 0);
    CHECK_RESULT(frames_engine_get_next_deadline(engine, &deadline, &has_deadline), FRAMES_OK);
    CHECK(!has_deadline);
    CHECK_RESULT(frames_engine_start_session(engine, NULL, 200), FRAMES_OK);
    CHECK_INT(fb_pump(&backend, engine, 200), 0);
    CHECK_TEXT(transcript.text, ""); /* no status change, no error callback */
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    CHECK_INT(s.freed, 1);
    fb_free(&backend);
    ft_section("XC-12 XC-13", "an opted-out engine's recording replays identically");
    ft_check_replay(&recording, title);
}

static void run_plist(const char *file, bool enabled) {
    char path[1024];
    size_t len = 0;
    char *plist;
    snprintf(path, sizeof path, "%s/config/%s", fixtures_dir, file);
    plist = fb_read_file(path, &len);
    CHECK(plist != NULL);
    if (plist == NULL) {
        printf("  cannot read %s\n", path);
        return;
    }
    if (enabled)
        run_home_screen(file, plist, len);
    else
        run_opted_out(file, plist, len);
    free(plist);
}

int main(int argc, char **argv) {
    static const char json_config[] = "{\"Insider\": {\"Partner Name\": \"shopandgo\", \"App Frames Enabled\": true}}";
    static const char json_yes[] = "{\"Insider\": {\"App Frames Enabled\": \"YES\"}}";
    if (argc > 1) fixtures_dir = argv[1];
    test_sha256();
    run_home_screen("a JSON document", json_config, strlen(json_config));
    run_plist("Info-enabled.plist", true);
    run_plist("Info-misplaced-top-level.plist", false);
    run_plist("Info-string-yes.plist", false);
    run_opted_out("JSON with the string \"YES\"", json_yes, strlen(json_yes));
    return ft_finish("test_app_frames_example");
}
