/*
 * app_frames_example.c — a C host of App Frames, the App Frames "Full example":
 * a home screen with two placements (home_top_banner, home_bottom_banner)
 * in a vertical stack with spacing 16, a delegate that logs status changes
 * and removes the frame when the user dismisses it.
 *
 * libframes is sans-IO: it owns no thread, socket or clock. The host
 *   1. polls the requests the engine wants (frames_engine_poll_request),
 *      performs them and answers (frames_engine_complete_request or
 *      frames_engine_fail_request);
 *   2. calls frames_engine_on_timeout when frames_engine_get_next_deadline
 *      says so;
 *   3. draws what each frame delegate's render callback hands it and
 *      reports back through the frames_frame_report_* calls.
 * Here "performing a request" is a lookup in a small in-memory table and the
 * clock is virtual, so the example runs anywhere; a real host would use its
 * HTTP client and its event loop's monotonic clock instead.
 *
 * The sha256 values in the placements response are the SHA-256 of the
 * content documents below, computed once with
 *   printf '%s' '<document>' | sha256sum
 * as a campaign backend would when it publishes content.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "frames.h"

/* --- the "backend": URL -> body ------------------------------------------- */

static const char top_content[] =
    "{\"template\":{\"html\":\"<a data-action=\\\"shop\\\">Spring sale: 20% off</a>\"},"
    "\"actions\":[{\"id\":\"shop\",\"deep_link\":\"app://shop/spring\",\"custom_data\":{\"coupon\":\"SPRING24\"}}]}";
static const char bottom_content[] = "{\"template\":{\"html\":\"<p>Free shipping over $50</p>\"}}";
static const char placements[] =
    "{\"placements\":{"
    "\"home_top_banner\":{\"campaigns\":[{\"id\":\"spring_sale\",\"priority\":\"high\",\"created_at\":1714550400000,"
    "\"variants\":[{\"id\":\"A\",\"weight\":1,\"content\":{\"url\":\"https://cdn.example.com/top.json\","
    "\"sha256\":\"285074a2980b4a789b9dbaf250f7935ef16dc3023e835d0e62981a79deb6a246\"}}]}]},"
    "\"home_bottom_banner\":{\"campaigns\":[{\"id\":\"free_shipping\",\"priority\":\"low\",\"created_at\":1714000000000,"
    "\"variants\":[{\"id\":\"only\",\"weight\":1,\"content\":{\"url\":\"https://cdn.example.com/bottom.json\","
    "\"sha256\":\"1ce15ee75d2745599176999ad3de8064bb0615d206f4f5a2a237a4c4ddeb9b7d\"}}]}]}}}";

static const struct {
    const char *url;
    const char *body;
} routes[] = {
    { "https://api.example.com/v1/placements", placements },
    { "https://cdn.example.com/top.json", top_content },
    { "https://cdn.example.com/bottom.json", bottom_content },
};

/* The host's monotonic clock, in milliseconds (virtual here). */
static int64_t now_ms;

/* Performs every request the engine has, then fires due timers, until the
 * engine has nothing left to do. */
static void run_until_idle(frames_engine *engine) {
    for (;;) {
        frames_request request;
        bool available = false, has_deadline = false;
        int64_t deadline = 0;
        if (frames_engine_poll_request(engine, &request, &available) != FRAMES_OK) return;
        if (available) {
            /* request.url, method, headers and body are valid until the next
             * call on the engine: a real host copies what it sends. */
            const char *body = NULL;
            size_t i;
            for (i = 0; i < sizeof routes / sizeof routes[0]; i++)
                if (strcmp(routes[i].url, request.url) == 0) body = routes[i].body;
            printf("[%5lld ms] %s %s -> %d\n", (long long)now_ms, request.method, request.url, body ? 200 : 404);
            now_ms += 20; /* the network */
            frames_engine_complete_request(engine, request.id, body ? 200 : 404, NULL, NULL, 0,
                                           (const uint8_t *)body, body ? strlen(body) : 0, now_ms);
            continue;
        }
        if (frames_engine_get_next_deadline(engine, &deadline, &has_deadline) != FRAMES_OK || !has_deadline) return;
        if (deadline > now_ms) now_ms = deadline; /* a real loop sleeps until then */
        frames_engine_on_timeout(engine, now_ms);
    }
}

/* --- host callbacks ---------------------------------------------------------- */

static void analytics(const frames_analytics_record *record, void *user_data) {
    (void)user_data;
    printf("[%5lld ms]   analytics %s placement=%s campaign=%s view=%s\n", (long long)record->time_ms, record->name,
           record->placement_id ? record->placement_id : "-", record->campaign_id ? record->campaign_id : "-",
           record->view_id ? record->view_id : "-");
}

static bool open_url(const char *url, void *user_data) {
    (void)user_data;
    printf("[%5lld ms]   open %s\n", (long long)now_ms, url);
    return true;
}

/* --- the view controller: one slot per placement ------------------------- */

typedef struct slot {
    const char *placement_id;
    frames_frame *frame; /* NULL once removed from the stack */
} slot;

static void render(frames_frame *frame, const frames_content *content, void *user_data) {
    /* A real host loads content->template_html into a web view and reports
     * when it is on screen; this one "measures" it at once. */
    double height = strcmp(content->placement_id, "home_top_banner") == 0 ? 120 : 64;
    (void)user_data;
    printf("[%5lld ms]   render %s (%s/%s): %s\n", (long long)now_ms, content->placement_id, content->campaign_id,
           content->variant_id, content->template_html);
    frames_frame_report_rendered(frame, height, now_ms);
    frames_frame_set_laid_out_size(frame, 375, height, now_ms); /* the stack laid it out */
}

static void status_changed(frames_frame *frame, frames_frame_status status, frames_frame_status previous,
                           void *user_data) {
    const slot *s = (const slot *)user_data;
    (void)frame;
    /* Ready is the only visible status; everything else collapses silently. */
    printf("[%5lld ms]   %s: %s -> %s\n", (long long)now_ms, s->placement_id, frames_frame_status_str(previous),
           frames_frame_status_str(status));
}

static void failed(frames_frame *frame, const frames_frame_error *error, void *user_data) {
    const slot *s = (const slot *)user_data;
    (void)frame;
    /* Fail silently: the frame has already collapsed. Log for diagnostics. */
    printf("[%5lld ms]   %s failed: %s\n", (long long)now_ms, s->placement_id, error->message);
}

static void height_requested(frames_frame *frame, double height, void *user_data) {
    const slot *s = (const slot *)user_data;
    (void)frame;
    printf("[%5lld ms]   %s: height %.0f\n", (long long)now_ms, s->placement_id, height);
}

static void dismiss_requested(frames_frame *frame, void *user_data) {
    slot *s = (slot *)user_data;
    /* [view removeFromSuperview]: freeing the frame inside its callback is
     * allowed; nothing more is delivered for it. */
    printf("[%5lld ms]   %s: dismissed, removing it from the stack\n", (long long)now_ms, s->placement_id);
    s->frame = NULL;
    frames_frame_free(frame);
}

static void action_triggered(frames_frame *frame, const char *custom_data_json, void *user_data) {
    const slot *s = (const slot *)user_data;
    (void)frame;
    /* The engine already opened the action's link; this is the custom data. */
    printf("[%5lld ms]   %s: action %s\n", (long long)now_ms, s->placement_id, custom_data_json);
}

static int add_frame(frames_engine *engine, slot *s) {
    frames_frame_delegate delegate = FRAMES_FRAME_DELEGATE_INIT;
    delegate.render = render;
    delegate.status_changed = status_changed;
    delegate.failed = failed;
    delegate.height_requested = height_requested;
    delegate.dismiss_requested = dismiss_requested;
    delegate.action_triggered = action_triggered;
    delegate.user_data = s; /* owned by the host; no free_user_data needed */
    if (frames_frame_new(engine, &s->frame) != FRAMES_OK || frames_frame_set_delegate(s->frame, &delegate) != FRAMES_OK ||
        frames_frame_set_placement(s->frame, s->placement_id, now_ms) != FRAMES_OK ||
        frames_frame_attach(s->frame, now_ms) != FRAMES_OK) {
        fprintf(stderr, "%s: %s\n", s->placement_id, frames_error_last_message());
        return -1;
    }
    return 0;
}

/* The stack: a frame's intrinsic height is 0 unless ready, and a collapsed
 * view takes no space and no spacing (as UIStackView). */
static double print_stack(slot *slots, size_t count) {
    double y = 0;
    size_t i;
    int shown = 0;
    for (i = 0; i < count; i++) {
        double h = 0;
        if (slots[i].frame) frames_frame_get_intrinsic_height(slots[i].frame, &h);
        if (h <= 0) {
            printf("    %-20s collapsed\n", slots[i].placement_id);
            continue;
        }
        if (shown++) y += 16;
        printf("    %-20s y=%3.0f height=%3.0f\n", slots[i].placement_id, y, h);
        y += h;
    }
    printf("    stack height %.0f\n", y);
    return y;
}

int main(void) {
    static const char config[] = "{\"Insider\": {\"Partner Name\": \"shopandgo\", \"App Frames Enabled\": true}}";
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_engine *engine = NULL;
    slot slots[2] = { { "home_top_banner", NULL }, { "home_bottom_banner", NULL } };
    frames_frame_status bottom_status = -1;
    double before, after;

    if (frames_version_number() / 1000000 != FRAMES_VERSION_MAJOR || frames_version_number() < FRAMES_VERSION_NUMBER) {
        fprintf(stderr, "libframes %s does not match frames.h %s\n", frames_version_string(), FRAMES_VERSION_STRING);
        return 1;
    }
    options.placements_url = "https://api.example.com/v1/placements";
    options.device_id = "install-7f3a";
    host.analytics = analytics;
    host.open_url = open_url;
    if (frames_engine_new(&options, (const uint8_t *)config, strlen(config), &host, &engine) != FRAMES_OK) {
        fprintf(stderr, "frames_engine_new: %s\n", frames_error_last_message());
        return 1;
    }

    /* viewDidLoad */
    if (add_frame(engine, &slots[0]) != 0 || add_frame(engine, &slots[1]) != 0) return 1;
    run_until_idle(engine);
    printf("the home screen:\n");
    before = print_stack(slots, 2);

    /* The user taps the top banner, then closes it. */
    now_ms += 3000;
    frames_frame_report_action(slots[0].frame, "shop", now_ms);
    now_ms += 2000;
    frames_frame_report_dismissed(slots[0].frame, now_ms);
    run_until_idle(engine);
    printf("after the dismissal:\n");
    after = print_stack(slots, 2);

    frames_frame_get_status(slots[1].frame, &bottom_status);
    frames_engine_free(engine); /* frees the remaining frame too */

    /* The example doubles as a smoke test: the expected end state. */
    if (before != 120 + 16 + 64 || after != 64 || slots[0].frame != NULL || bottom_status != FRAMES_FRAME_STATUS_READY) {
        fprintf(stderr, "unexpected end state\n");
        return 1;
    }
    return 0;
}
