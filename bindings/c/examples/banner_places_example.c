/*
 * banner_places_example.c — a C host of banner places (BN-01..BN-17): one
 * banner list shown as a carousel at the top of a screen and as a vertical
 * list in a 300 x 250 pt scroll area below it.
 *
 * The host
 *   1. performs the engine's requests (the list, POSTed with the place id,
 *      then each banner's content) and fires its timers (XC-01);
 *   2. gives each place its width and, for the list, the part the user sees
 *      (frames_banner_place_set_viewport) after every scroll;
 *   3. plays and pauses each banner exactly as playback_changed says, moves
 *      the carousel's pager on `scrolled`, and prints every callback.
 * The story: the carousel pages by its timer, each page for its banner's
 * duration, past a page whose content failed (BN-09, BN-16); the list plays
 * the banners more than 75 % visible while the user scrolls, one view each
 * (BN-10, BN-13); the failed row is retried on its own once the CDN is back
 * (BN-16). The last line sums up what the callbacks said.
 *
 * As in app_frames_example.c the network is a table in memory and the
 * clock virtual, so the example runs anywhere; docs/guides/banner-places.md
 * has hosts that use HTTP. The sha256 values are those of the contents
 * below, computed as a backend does: printf '%s' '<content>' | sha256sum.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "frames.h"

/* --- the "backend" ----------------------------------------------------------- */

#define BANNERS_URL "https://api.example.com/v1/banners"

static const char banner_list[] =
    "{\"banners\":["
    "{\"id\":\"spring\",\"ratio\":2,\"duration_ms\":4000,\"content\":{\"url\":\"https://cdn.example.com/spring.html\","
    "\"sha256\":\"2596b2d936fd384938bbcea482a49b2a9e9bddb97bce7b3547bb88d7e405b00c\"}},"
    "{\"id\":\"arrivals\",\"ratio\":1.5,\"duration_ms\":6000,\"content\":{\"url\":\"https://cdn.example.com/arrivals.html\","
    "\"sha256\":\"97a787f5ddb677ed8cbe5e74d84bdca801ef7f783e71acf882af5e7ff18fe813\"}},"
    "{\"id\":\"delivery\",\"ratio\":2,\"duration_ms\":3000,\"content\":{\"url\":\"https://cdn.example.com/delivery.html\","
    "\"sha256\":\"c3ab6a44c5aff5baa95b5b7624dbdb188a44174725f95201503333b3888e7db0\"}}]}";

static const struct {
    const char *url;
    const char *body;
} routes[] = {
    { BANNERS_URL, banner_list },
    { "https://cdn.example.com/spring.html", "<p data-video=\"spring.mp4\">Spring sale: 20% off</p>" },
    { "https://cdn.example.com/arrivals.html", "<p data-video=\"arrivals.mp4\">New arrivals</p>" },
    { "https://cdn.example.com/delivery.html", "<p>Free delivery this week</p>" },
};

/* While true, delivery.html answers 404: its rows fail (BN-16). */
static bool delivery_down = true;

/* The host's monotonic clock, in ms (virtual here). */
static int64_t now_ms;

/* Answers every request at once (20 ms of "network"), then fires the timers
 * due until `until_ms`: the carousel's pages turn here (BN-09). */
static void run_until(frames_engine *engine, int64_t until_ms) {
    for (;;) {
        frames_request request;
        bool available = false, has_deadline = false;
        int64_t deadline = 0;
        if (frames_engine_poll_request(engine, &request, &available) != FRAMES_OK) return;
        if (available) {
            const char *body = NULL;
            size_t i;
            for (i = 0; i < sizeof routes / sizeof routes[0]; i++)
                if (strcmp(routes[i].url, request.url) == 0) body = routes[i].body;
            if (delivery_down && strstr(request.url, "delivery.html")) body = NULL;
            printf("[%5lld ms] %s %s -> %d\n", (long long)now_ms, request.method, request.url, body ? 200 : 404);
            now_ms += 20;
            frames_engine_complete_request(engine, request.id, body ? 200 : 404, NULL, NULL, 0,
                                           (const uint8_t *)body, body ? strlen(body) : 0, now_ms);
            continue;
        }
        if (frames_engine_get_next_deadline(engine, &deadline, &has_deadline) != FRAMES_OK || !has_deadline ||
            deadline > until_ms)
            break;
        if (deadline > now_ms) now_ms = deadline; /* a real loop sleeps until then */
        frames_engine_on_timeout(engine, now_ms);
    }
    if (now_ms < until_ms) now_ms = until_ms;
}

/* --- what the callbacks said, for the summary -------------------------------- */

static char pages_seen[64] = "0";  /* the carousel's pages, in order */
static char list_views[128] = ""; /* the list's `shown` banners, in order */
static int retried_row_state = -1;

static void append(char *log, size_t size, const char *word) {
    size_t used = strlen(log);
    snprintf(log + used, size - used, "%s%s", used ? " " : "", word);
}

/* --- the places' delegate: user_data is the place's name ---------------------- */

static void updated(frames_banner_place *place, bool is_content, size_t count, double list_height, void *user_data) {
    (void)place;
    printf("[%5lld ms]   %s: updated, %s%zu banners, %.0f pt tall\n", (long long)now_ms, (const char *)user_data,
           is_content ? "" : "no content, ", count, list_height);
}

static void render(frames_banner_place *place, size_t index, const frames_banner_info *banner,
                   const uint8_t *content, size_t content_len, void *user_data) {
    (void)place;
    /* A real host loads the content into row `index`'s web view. */
    printf("[%5lld ms]   %s: render %zu %s (%zu bytes)\n", (long long)now_ms, (const char *)user_data, index,
           banner->id, content_len);
    (void)content;
}

static void row_failed(frames_banner_place *place, size_t index, const frames_frame_error *error, void *user_data) {
    (void)place;
    printf("[%5lld ms]   %s: row %zu failed: %s\n", (long long)now_ms, (const char *)user_data, index, error->message);
}

static void shown(frames_banner_place *place, size_t index, const frames_banner_info *banner, void *user_data) {
    (void)place;
    printf("[%5lld ms]   %s: shown %zu %s (a view, BN-13)\n", (long long)now_ms, (const char *)user_data, index,
           banner->id);
    if (strcmp((const char *)user_data, "deals") == 0) append(list_views, sizeof list_views, banner->id);
}

static void playback_changed(frames_banner_place *place, size_t index, bool playing, bool from_start,
                             void *user_data) {
    (void)place;
    printf("[%5lld ms]   %s: %s %zu\n", (long long)now_ms, (const char *)user_data,
           playing ? (from_start ? "play" : "resume") : "pause", index);
}

static void scrolled(frames_banner_place *place, size_t index, void *user_data) {
    char word[24];
    (void)place;
    printf("[%5lld ms]   %s: scrolled to %zu\n", (long long)now_ms, (const char *)user_data, index);
    snprintf(word, sizeof word, "%zu", index);
    if (strcmp((const char *)user_data, "carousel") == 0) append(pages_seen, sizeof pages_seen, word);
}

static void analytics(const frames_analytics_record *record, void *user_data) {
    (void)user_data;
    printf("[%5lld ms]   analytics %s %s place=%s\n", (long long)record->time_ms, record->name,
           record->campaign_id ? record->campaign_id : "-", record->placement_id ? record->placement_id : "-");
}

/* --- the screen ---------------------------------------------------------------- */

/* The list's rows as the engine sees them: where each is, how much of it is
 * visible (the 75 % rule compares this share, BN-10) and whether it plays. */
static void print_rows(frames_banner_place *place) {
    frames_banner_row rows[8];
    size_t count = 0, i;
    static const char *const states[] = { "loading", "ready", "failed" };
    if (frames_banner_place_get_rows(place, now_ms, rows, 8, &count) != FRAMES_OK) return;
    for (i = 0; i < count; i++)
        printf("            row %zu at y %.0f..%.0f: %s, %.0f%% visible, %s\n", i, rows[i].rect.y,
               rows[i].rect.y + rows[i].rect.height, states[rows[i].state], rows[i].share * 100,
               rows[i].playing ? "playing" : "paused");
}

static void scroll_list(frames_banner_place *list, double offset) {
    frames_rect viewport;
    viewport.x = 0;
    viewport.y = offset;
    viewport.width = 300;
    viewport.height = 250;
    printf("[%5lld ms] the user scrolls the list to %.0f pt\n", (long long)now_ms, offset);
    frames_banner_place_set_viewport(list, &viewport, now_ms);
    print_rows(list);
}

static frames_banner_place *new_place(frames_engine *engine, const char *name, frames_layout_type layout) {
    frames_appearance appearance = FRAMES_APPEARANCE_INIT;
    frames_banner_place_delegate delegate = FRAMES_BANNER_PLACE_DELEGATE_INIT;
    frames_banner_place *place = NULL;
    appearance.layout_type = layout;
    delegate.updated = updated;
    delegate.render = render;
    delegate.row_failed = row_failed;
    delegate.shown = shown;
    delegate.playback_changed = playback_changed;
    delegate.scrolled = scrolled;
    delegate.user_data = (void *)name; /* a string literal: lives as long as the place */
    if (frames_banner_place_new(engine, name, &appearance, &place) != FRAMES_OK ||
        frames_banner_place_set_delegate(place, &delegate) != FRAMES_OK ||
        frames_banner_place_set_container(place, 300, false, now_ms) != FRAMES_OK) {
        fprintf(stderr, "%s: %s\n", name, frames_error_last_message());
        return NULL;
    }
    return place;
}

int main(void) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks callbacks = FRAMES_HOST_CALLBACKS_INIT;
    frames_engine *engine = NULL;
    frames_banner_place *carousel, *list;
    frames_banner_row rows[8];
    size_t count = 0;

    options.banners_url = BANNERS_URL;
    options.retry_max_attempts = 1; /* a 404 is final anyway (XC-06) */
    callbacks.analytics = analytics;
    if (frames_engine_new(&options, (const uint8_t *)"{}", 2, &callbacks, &engine) != FRAMES_OK) {
        fprintf(stderr, "%s\n", frames_error_last_message());
        return 1;
    }
    carousel = new_place(engine, "carousel", FRAMES_LAYOUT_TYPE_CAROUSEL);
    list = new_place(engine, "deals", FRAMES_LAYOUT_TYPE_VERTICAL_LIST);
    if (!carousel || !list) return 1;

    printf("[%5lld ms] the screen appears: both places attached, the list shows y 0..250\n", (long long)now_ms);
    frames_banner_place_attach(carousel, now_ms); /* loads the list (BN-14) */
    frames_banner_place_attach(list, now_ms);
    scroll_list(list, 0);
    run_until(engine, 1000);
    print_rows(list);

    printf("[%5lld ms] the carousel pages by itself (BN-09)\n", (long long)now_ms);
    run_until(engine, 14000);

    scroll_list(list, 150);
    run_until(engine, 15000);

    printf("[%5lld ms] the CDN is back: the host retries row 2 (BN-16)\n", (long long)now_ms);
    delivery_down = false;
    frames_banner_place_retry_row(list, 2, now_ms);
    run_until(engine, 16000);
    scroll_list(list, 266);
    if (frames_banner_place_get_rows(list, now_ms, rows, 8, &count) == FRAMES_OK && count == 3)
        retried_row_state = rows[2].state;

    printf("summary: carousel pages %s; list views %s; retried row %s\n", pages_seen, list_views,
           retried_row_state == FRAMES_ROW_STATE_READY ? "ready" : "not ready");
    frames_engine_free(engine); /* and both places */
    return retried_row_state == FRAMES_ROW_STATE_READY ? 0 : 1;
}
