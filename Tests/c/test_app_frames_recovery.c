/*
 * App Frames after things went wrong, and the selection rules users rely on,
 * through the C API with a virtual clock and the scripted backend.
 *
 * Proves: AF-17 (consent granted again and a remote "SDK disabled" keep every
 * frame disabled until the next session start: new frames, attaching, a
 * foreground, a login and a placement change request nothing), AF-11 and
 * AF-16 (errorDownloading, errorResolving and errorRendering recover at the
 * next foreground once the backend answers, with no identity change; a
 * foreground while it is still down goes through downloading and reports
 * the failure again, failed first, AF-09), AF-14 and AF-10 (an asset swapped for other bytes of the same size:
 * errorDownloading with placementUntrusted, never rendered or ready), AF-13
 * (same priority: the most recently created campaign wins; a campaign with 9
 * variants is dropped, 8 are fine), AF-22 (no impression while the frame is
 * hidden; one once it shows), AF-03 (frames_frame_get_placement_id: the
 * caller-buffer contract, read back inside callbacks as the mobile SDK's example
 * logs view.placementId).
 *
 * The delegate logs "<placement id read back from the frame>: <previous> ->
 * <status>" and "<placement>: fail <code>"; the host logs renders and
 * analytics records; tests compare whole transcripts.
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
#define CDN "https://cdn.test/content/"
#define ASSET_URL "https://cdn.test/assets/hero.png"

static const char enabled_config[] = "{\"Insider\": {\"App Frames Enabled\": true}}";

static fb_transcript transcript;
static int impressions;

/* --- the host and the delegate ------------------------------------------- */

/* The frame's placement id read back through the getter, as the mobile SDK's
 * example does in every callback (AF-03); "(none)" without one. */
static const char *placement_of(frames_frame *frame, char *buffer, size_t capacity) {
    size_t length = 0;
    if (frames_frame_get_placement_id(frame, buffer, capacity, &length) != FRAMES_OK) return "(getter failed)";
    return length ? buffer : "(none)";
}

static void on_status(frames_frame *frame, frames_frame_status status, frames_frame_status previous, void *ud) {
    char id[300];
    (void)ud;
    fb_line(&transcript, "%s: %s -> %s", placement_of(frame, id, sizeof id), frames_frame_status_str(previous),
            frames_frame_status_str(status));
}

static void on_fail(frames_frame *frame, const frames_frame_error *error, void *ud) {
    char id[300];
    (void)ud;
    fb_line(&transcript, "%s: fail %s", placement_of(frame, id, sizeof id), frames_frame_error_code_str(error->code));
}

static void on_render(frames_frame *frame, const frames_content *content, void *ud) {
    (void)frame;
    (void)ud;
    fb_line(&transcript, "render %s %s/%s", content->placement_id, content->campaign_id, content->variant_id);
}

static void on_analytics(const frames_analytics_record *r, void *ud) {
    (void)ud;
    if (strcmp(r->name, "appFrames.impression") == 0) impressions++;
    fb_line(&transcript, "analytics %s %s", r->name, r->campaign_id ? r->campaign_id : "-");
}

/* Every engine is recorded; free_engine replays its recording (XC-12, XC-13). */
static ft_recording recording;

static frames_engine *new_engine(const frames_engine_options *given) {
    frames_engine_options options = *given;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_engine *engine = NULL;
    host.analytics = on_analytics;
    ft_record_into(&options, &recording);
    CHECK_RESULT(frames_engine_new(&options, (const uint8_t *)enabled_config, strlen(enabled_config), &host, &engine), FRAMES_OK);
    fb_transcript_clear(&transcript);
    impressions = 0;
    return engine;
}

static void free_engine(frames_engine *engine) {
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    ft_section("XC-12 XC-13", "the engine's recording replays identically");
    ft_check_replay(&recording, "an App Frames recovery engine");
}

static frames_engine_options base_options(void) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    options.placements_url = PLACEMENTS_URL;
    options.retry_jitter = 0;
    return options;
}

/* A frame with the recording delegate, bound to `placement` and attached. */
static frames_frame *show(frames_engine *engine, const char *placement, int64_t now) {
    frames_frame *frame = NULL;
    frames_frame_delegate delegate = FRAMES_FRAME_DELEGATE_INIT;
    CHECK_RESULT(frames_frame_new(engine, &frame), FRAMES_OK);
    delegate.render = on_render;
    delegate.status_changed = on_status;
    delegate.failed = on_fail;
    CHECK_RESULT(frames_frame_set_delegate(frame, &delegate), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_placement(frame, placement, now), FRAMES_OK);
    CHECK_RESULT(frames_frame_attach(frame, now), FRAMES_OK);
    return frame;
}

static frames_frame_status status_of(frames_frame *frame) {
    frames_frame_status status = -1;
    CHECK_RESULT(frames_frame_get_status(frame, &status), FRAMES_OK);
    return status;
}

static frames_frame_error_code error_code_of(frames_frame *frame) {
    frames_frame_error error;
    bool has = false;
    memset(&error, 0, sizeof error);
    CHECK_RESULT(frames_frame_get_error(frame, &error, &has), FRAMES_OK);
    return has ? error.code : 0;
}

static void foreground(frames_engine *engine, int64_t now) {
    CHECK_RESULT(frames_engine_set_app_state(engine, FRAMES_APP_STATE_BACKGROUND, now), FRAMES_OK);
    CHECK_RESULT(frames_engine_set_app_state(engine, FRAMES_APP_STATE_ACTIVE, now), FRAMES_OK);
}

static int placements_fetches(const fb_backend *b) {
    int n = 0;
    size_t i;
    for (i = 0; i < b->log_count; i++) n += strcmp(b->log[i].url, PLACEMENTS_URL) == 0;
    return n;
}

/* --- the backend: campaigns, each with its own content document ------------ */

typedef struct campaign_spec {
    const char *placement;
    const char *id;
    const char *priority;
    long long created_at;
    int variants;
} campaign_spec;

static void content_doc_of(const char *campaign, char *out, size_t cap) {
    snprintf(out, cap, "{\"template\":{\"html\":\"<p>%s</p>\"}}", campaign);
}

/* Answers the placements fetch with `specs` (grouped by placement in the
 * order given) and each campaign's content document at CDN<id>.json; every
 * variant of a campaign ("v1".."vN", weight 1) shares that document. */
static void script_campaigns(fb_backend *b, const campaign_spec *specs, size_t n, bool sdk_disabled) {
    char body[8192], doc[256], sha[65], url[128];
    size_t len = 0, i;
    int v;
    const char *open_placement = NULL;
    len += (size_t)snprintf(body + len, sizeof body - len, "{\"placements\":{");
    for (i = 0; i < n; i++) {
        const campaign_spec *c = &specs[i];
        if (open_placement == NULL || strcmp(open_placement, c->placement) != 0) {
            len += (size_t)snprintf(body + len, sizeof body - len, "%s\"%s\":{\"campaigns\":[",
                                    open_placement ? "]}," : "", c->placement);
            open_placement = c->placement;
        } else {
            len += (size_t)snprintf(body + len, sizeof body - len, ",");
        }
        content_doc_of(c->id, doc, sizeof doc);
        fb_sha256_hex(doc, strlen(doc), sha);
        snprintf(url, sizeof url, CDN "%s.json", c->id);
        fb_set_text(b, url, 200, doc);
        len += (size_t)snprintf(body + len, sizeof body - len,
                                "{\"id\":\"%s\",\"priority\":\"%s\",\"created_at\":%lld,\"variants\":[", c->id,
                                c->priority, c->created_at);
        for (v = 1; v <= c->variants; v++)
            len += (size_t)snprintf(body + len, sizeof body - len,
                                    "%s{\"id\":\"v%d\",\"weight\":1,\"content\":{\"url\":\"%s\",\"sha256\":\"%s\"}}",
                                    v > 1 ? "," : "", v, url, sha);
        len += (size_t)snprintf(body + len, sizeof body - len, "]}");
    }
    len += (size_t)snprintf(body + len, sizeof body - len, "%s},\"sdk_disabled\":%s}", open_placement ? "]}" : "",
                            sdk_disabled ? "true" : "false");
    if (len >= sizeof body) abort();
    fb_set_text(b, PLACEMENTS_URL, 200, body);
}

static void script_one(fb_backend *b, const char *placement, const char *campaign) {
    campaign_spec spec;
    spec.placement = placement;
    spec.id = campaign;
    spec.priority = "high";
    spec.created_at = 1000;
    spec.variants = 1;
    script_campaigns(b, &spec, 1, false);
}

/* --- AF-17 ------------------------------------------------------------------ */

/* What must not bring frames back before a session starts: a foreground, a
 * new frame attached, a login, a placement change. Returns the new frame. */
static frames_frame *everything_but_a_session(frames_engine *engine, fb_backend *b, frames_frame *frame, int64_t now) {
    frames_frame *second;
    foreground(engine, now);
    second = show(engine, "home", now + 1);
    CHECK_INT(status_of(second), FRAMES_FRAME_STATUS_DISABLED);
    CHECK_RESULT(frames_engine_set_user(engine, "ada", now + 2), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_placement(frame, "other", now + 3), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_placement(frame, "home", now + 4), FRAMES_OK);
    CHECK_RESULT(frames_frame_detach(frame), FRAMES_OK);
    CHECK_RESULT(frames_frame_attach(frame, now + 5), FRAMES_OK);
    CHECK_RESULT(frames_engine_on_timeout(engine, now + 60000), FRAMES_OK);
    CHECK_INT(fb_pump(b, engine, now + 60000), 0); /* nothing was requested */
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_DISABLED);
    CHECK_INT(status_of(second), FRAMES_FRAME_STATUS_DISABLED);
    return second;
}

static void test_consent_waits_for_the_session(void) {
    frames_engine_options options = base_options();
    frames_engine *engine;
    frames_frame *frame, *second;
    fb_backend b;

    ft_section("AF-17 XC-04", "consent granted again: frames stay disabled whatever happens until start_session");
    fb_init(&b);
    script_one(&b, "home", "spring");
    engine = new_engine(&options);
    frame = show(engine, "home", 0);
    CHECK_INT(fb_pump(&b, engine, 1), 2);
    CHECK_RESULT(frames_frame_report_rendered(frame, 50, 2), FRAMES_OK);
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_READY);
    fb_transcript_clear(&transcript);
    CHECK_RESULT(frames_engine_set_consent(engine, false, 10), FRAMES_OK);
    CHECK_RESULT(frames_engine_set_consent(engine, true, 11), FRAMES_OK);
    CHECK_TEXT(transcript.text, "home: ready -> disabled\n");
    fb_transcript_clear(&transcript);
    second = everything_but_a_session(engine, &b, frame, 20);
    /* Not one transition: the new frame was created disabled and stayed. */
    CHECK_TEXT(transcript.text, "");

    ft_section("AF-17", "the next session start resolves every frame again");
    fb_transcript_clear(&transcript);
    CHECK_RESULT(frames_engine_start_session(engine, "session-2", 70000), FRAMES_OK);
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_RESOLVING);
    CHECK_INT(status_of(second), FRAMES_FRAME_STATUS_RESOLVING);
    fb_pump(&b, engine, 70001);
    CHECK_INT(placements_fetches(&b), 2); /* the first load, then one for both frames (AF-12) */
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_RENDERING);
    CHECK_INT(status_of(second), FRAMES_FRAME_STATUS_RENDERING);
    free_engine(engine);
    fb_free(&b);
}

static void test_remote_disable_waits_for_the_session(void) {
    frames_engine_options options = base_options();
    frames_engine *engine;
    frames_frame *frame;
    fb_backend b;

    ft_section("AF-17 XC-04", "a remote sdk_disabled: frames stay disabled whatever happens until start_session");
    fb_init(&b);
    {
        campaign_spec spec = { "home", "spring", "high", 1000, 1 };
        script_campaigns(&b, &spec, 1, true);
        engine = new_engine(&options);
        frame = show(engine, "home", 0);
        CHECK_INT(fb_pump(&b, engine, 1), 1);
        CHECK_TEXT(transcript.text, "home: noPlacement -> resolving\nhome: resolving -> disabled\n");
        /* The backend lifts the switch: nothing notices before a session. */
        script_campaigns(&b, &spec, 1, false);
    }
    fb_transcript_clear(&transcript);
    everything_but_a_session(engine, &b, frame, 10);
    CHECK_TEXT(transcript.text, "");
    fb_transcript_clear(&transcript);
    CHECK_RESULT(frames_engine_start_session(engine, NULL, 70000), FRAMES_OK);
    fb_pump(&b, engine, 70001);
    CHECK_INT(placements_fetches(&b), 2);
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_RENDERING);
    CHECK(strstr(transcript.text, "home: disabled -> resolving\n") != NULL);
    free_engine(engine);
    fb_free(&b);
}

/* --- AF-11, AF-16 ------------------------------------------------------------ */

static void test_error_statuses_recover_at_the_next_foreground(void) {
    frames_engine_options options = base_options();
    frames_engine *engine;
    frames_frame *frame;
    fb_backend b;

    ft_section("AF-11 AF-16 XC-06", "errorDownloading while the backend is down recovers at the next foreground");
    options.retry_max_attempts = 2;
    fb_init(&b);
    script_one(&b, "home", "spring");
    fb_set_text(&b, CDN "spring.json", 503, "");
    engine = new_engine(&options);
    frame = show(engine, "home", 0);
    CHECK_INT(fb_pump(&b, engine, 0), 2);
    CHECK_RESULT(frames_engine_on_timeout(engine, 1000), FRAMES_OK); /* the retry (XC-06) */
    CHECK_INT(fb_pump(&b, engine, 1000), 1);
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_ERROR_DOWNLOADING);
    CHECK_INT(error_code_of(frame), FRAMES_FRAME_ERROR_CODE_DOWNLOADING_FAILED);
    CHECK_TEXT(transcript.text,
               "home: noPlacement -> resolving\n"
               "home: resolving -> downloading\n"
               "home: fail downloadingFailed\n"
               "home: downloading -> errorDownloading\n");

    ft_section("AF-11 AF-09", "still down at the first foreground: downloaded again, failed again");
    fb_transcript_clear(&transcript);
    foreground(engine, 2000);
    CHECK_INT(fb_pump(&b, engine, 2000), 2); /* placements again, then the content */
    CHECK_RESULT(frames_engine_on_timeout(engine, 3000), FRAMES_OK);
    CHECK_INT(fb_pump(&b, engine, 3000), 1);
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_ERROR_DOWNLOADING);
    /* It left the error status to try: the failure is reported again. */
    CHECK_TEXT(transcript.text,
               "home: errorDownloading -> downloading\n"
               "home: fail downloadingFailed\n"
               "home: downloading -> errorDownloading\n");

    ft_section("AF-11 AF-16", "the backend is back: the next foreground downloads again and reaches ready");
    fb_transcript_clear(&transcript);
    script_one(&b, "home", "spring");
    foreground(engine, 10000);
    CHECK_INT(fb_pump(&b, engine, 10000), 2);
    CHECK_RESULT(frames_frame_report_rendered(frame, 40, 10001), FRAMES_OK);
    CHECK_TEXT(transcript.text,
               "home: errorDownloading -> downloading\n"
               "home: downloading -> rendering\n"
               "render home spring/v1\n"
               "home: rendering -> ready\n");
    CHECK_INT(error_code_of(frame), 0);
    free_engine(engine);
    fb_free(&b);

    ft_section("AF-11 AF-16", "errorResolving recovers at the next foreground");
    options = base_options();
    options.retry_max_attempts = 1;
    fb_init(&b);
    script_one(&b, "home", "spring");
    fb_set_text(&b, PLACEMENTS_URL, 500, "");
    engine = new_engine(&options);
    frame = show(engine, "home", 0);
    CHECK_INT(fb_pump(&b, engine, 0), 1);
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_ERROR_RESOLVING);
    script_one(&b, "home", "spring");
    fb_transcript_clear(&transcript);
    foreground(engine, 10);
    CHECK_INT(fb_pump(&b, engine, 10), 2);
    CHECK_TEXT(transcript.text,
               "home: errorResolving -> downloading\n"
               "home: downloading -> rendering\n"
               "render home spring/v1\n");

    ft_section("AF-11 AF-16", "errorRendering recovers at the next foreground: the content is rendered again");
    CHECK_RESULT(frames_frame_report_render_failed(frame, "web view crashed", 20), FRAMES_OK);
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_ERROR_RENDERING);
    fb_transcript_clear(&transcript);
    foreground(engine, 30);
    fb_pump(&b, engine, 30);
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_RENDERING);
    CHECK(strstr(transcript.text, "render home spring/v1\n") != NULL);
    CHECK_RESULT(frames_frame_report_rendered(frame, 10, 40), FRAMES_OK);
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_READY);
    free_engine(engine);
    fb_free(&b);
}

/* --- AF-14 ------------------------------------------------------------------ */

static void test_tampered_asset(void) {
    static const uint8_t genuine[] = "genuine asset bytes";
    static const uint8_t forgery[] = "forgery asset bytes"; /* the same size */
    frames_engine_options options = base_options();
    frames_engine *engine;
    frames_frame *frame;
    fb_backend b;
    char doc[512], asset_sha[65], doc_sha[65], placements[1024];
    frames_frame_error error;
    bool has = false;

    ft_section("AF-14 AF-10", "an asset swapped for other bytes of the same size: placementUntrusted, never ready");
    CHECK_INT(sizeof genuine, sizeof forgery);
    fb_init(&b);
    fb_sha256_hex(genuine, sizeof genuine - 1, asset_sha);
    snprintf(doc, sizeof doc,
             "{\"template\":{\"html\":\"<img src=\\\"" ASSET_URL "\\\">\"},"
             "\"assets\":[{\"url\":\"" ASSET_URL "\",\"size\":%u,\"sha256\":\"%s\"}]}",
             (unsigned)(sizeof genuine - 1), asset_sha);
    fb_sha256_hex(doc, strlen(doc), doc_sha);
    snprintf(placements, sizeof placements,
             "{\"placements\":{\"home\":{\"campaigns\":[{\"id\":\"spring\",\"priority\":\"high\",\"created_at\":1,"
             "\"variants\":[{\"id\":\"A\",\"weight\":1,\"content\":{\"url\":\"" CDN "spring.json\",\"sha256\":\"%s\"}}]}]}}}",
             doc_sha);
    fb_set_text(&b, PLACEMENTS_URL, 200, placements);
    fb_set_text(&b, CDN "spring.json", 200, doc);
    fb_set(&b, ASSET_URL, 200, forgery, sizeof forgery - 1);
    engine = new_engine(&options);
    frame = show(engine, "home", 0);
    CHECK_INT(fb_pump(&b, engine, 1), 3); /* placements, content, asset */
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_ERROR_DOWNLOADING);
    memset(&error, 0, sizeof error);
    CHECK_RESULT(frames_frame_get_error(frame, &error, &has), FRAMES_OK);
    CHECK(has);
    CHECK_INT(error.code, FRAMES_FRAME_ERROR_CODE_PLACEMENT_UNTRUSTED);
    CHECK_TEXT(transcript.text,
               "home: noPlacement -> resolving\n"
               "home: resolving -> downloading\n"
               "home: fail placementUntrusted\n"
               "home: downloading -> errorDownloading\n"); /* never rendered */
    CHECK_RESULT(frames_frame_report_rendered(frame, 10, 2), FRAMES_ERR_INVALID_STATE);
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_ERROR_DOWNLOADING);

    ft_section("AF-14", "the genuine bytes at the same URL render (the check is on the bytes, not the size)");
    fb_set(&b, ASSET_URL, 200, genuine, sizeof genuine - 1);
    fb_transcript_clear(&transcript);
    foreground(engine, 10);
    fb_pump(&b, engine, 10);
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_RENDERING);
    CHECK(strstr(transcript.text, "render home spring/A\n") != NULL);
    free_engine(engine);
    fb_free(&b);
}

/* --- AF-13 ------------------------------------------------------------------ */

/* The campaign a fresh frame of `placement` renders with these campaigns,
 * into `out` ("campaign/variant"; "unavailable" when it is). */
static void winner(const campaign_spec *specs, size_t n, const char *placement, char *out, size_t cap) {
    frames_engine_options options = base_options();
    frames_engine *engine;
    frames_frame *frame;
    fb_backend b;
    const char *line;
    fb_init(&b);
    script_campaigns(&b, specs, n, false);
    engine = new_engine(&options);
    frame = show(engine, placement, 0);
    fb_pump(&b, engine, 1);
    line = strstr(transcript.text, "render ");
    if (status_of(frame) == FRAMES_FRAME_STATUS_UNAVAILABLE) {
        snprintf(out, cap, "unavailable");
    } else if (line != NULL) {
        const char *slash = strchr(line + 7, ' ');
        size_t len = strcspn(slash ? slash + 1 : line, "\n");
        snprintf(out, cap, "%.*s", (int)len, slash ? slash + 1 : line);
    } else {
        snprintf(out, cap, "status %s", frames_frame_status_str(status_of(frame)));
    }
    free_engine(engine);
    fb_free(&b);
}

static void test_selection(void) {
    char got[128];

    ft_section("AF-13", "same priority: the most recently created campaign wins, wherever it is listed");
    {
        /* Listed first, with the lower id: the older one loses all the same. */
        const campaign_spec specs[3] = {
            { "home", "a_old", "medium", 1714000000000LL, 1 },
            { "home", "z_new", "medium", 1714550400000LL, 1 },
            { "home", "m_low", "low", 1715000000000LL, 1 },
        };
        winner(specs, 3, "home", got, sizeof got);
        CHECK_STR(got, "z_new/v1");
    }
    {
        const campaign_spec specs[2] = {
            { "home", "z_new", "medium", 1714550400000LL, 1 },
            { "home", "a_old", "medium", 1714000000000LL, 1 },
        };
        winner(specs, 2, "home", got, sizeof got);
        CHECK_STR(got, "z_new/v1");
    }
    ft_section("AF-13", "priority comes before age; an exact tie goes to the lowest id");
    {
        const campaign_spec specs[2] = {
            { "home", "newer_medium", "medium", 1715000000000LL, 1 },
            { "home", "older_high", "high", 1700000000000LL, 1 },
        };
        winner(specs, 2, "home", got, sizeof got);
        CHECK_STR(got, "older_high/v1");
    }
    {
        const campaign_spec specs[2] = {
            { "home", "b_twin", "low", 1714000000000LL, 1 },
            { "home", "a_twin", "low", 1714000000000LL, 1 },
        };
        winner(specs, 2, "home", got, sizeof got);
        CHECK_STR(got, "a_twin/v1");
    }

    ft_section("AF-13", "a campaign with 9 variants is dropped: the next one wins, or the frame is unavailable");
    {
        const campaign_spec specs[2] = {
            { "home", "nine", "high", 1715000000000LL, 9 },
            { "home", "fallback", "low", 1700000000000LL, 1 },
        };
        winner(specs, 2, "home", got, sizeof got);
        CHECK_STR(got, "fallback/v1");
    }
    {
        const campaign_spec specs[1] = { { "home", "nine", "high", 1715000000000LL, 9 } };
        winner(specs, 1, "home", got, sizeof got);
        CHECK_STR(got, "unavailable");
    }
    {
        /* 8 is the most a campaign may have: it still wins. */
        const campaign_spec specs[2] = {
            { "home", "eight", "high", 1715000000000LL, 8 },
            { "home", "fallback", "low", 1700000000000LL, 1 },
        };
        winner(specs, 2, "home", got, sizeof got);
        CHECK(strncmp(got, "eight/v", 7) == 0);
    }
}

/* --- AF-22 ------------------------------------------------------------------ */

static void test_no_impression_while_hidden(void) {
    frames_engine_options options = base_options();
    frames_engine *engine;
    frames_frame *frame;
    fb_backend b;

    ft_section("AF-22", "a hidden frame that is ready and laid out records no impression until it shows");
    fb_init(&b);
    script_one(&b, "home", "spring");
    engine = new_engine(&options);
    frame = show(engine, "home", 0);
    CHECK_RESULT(frames_frame_set_hidden(frame, true, 0), FRAMES_OK);
    CHECK_RESULT(frames_frame_set_laid_out_size(frame, 320, 100, 0), FRAMES_OK);
    fb_pump(&b, engine, 1);
    CHECK_RESULT(frames_frame_report_rendered(frame, 100, 2), FRAMES_OK);
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_READY);
    CHECK_INT(impressions, 0);
    CHECK_RESULT(frames_engine_start_session(engine, "session-2", 3), FRAMES_OK); /* still hidden */
    CHECK_RESULT(frames_frame_set_laid_out_size(frame, 320, 120, 4), FRAMES_OK);
    CHECK_INT(impressions, 0);
    CHECK_RESULT(frames_frame_set_hidden(frame, false, 5), FRAMES_OK);
    CHECK_INT(impressions, 1);
    CHECK(strstr(transcript.text, "analytics appFrames.impression spring\n") != NULL);

    ft_section("AF-22", "hidden again, a new session records nothing; shown again in it, one more");
    CHECK_RESULT(frames_frame_set_hidden(frame, true, 6), FRAMES_OK);
    CHECK_RESULT(frames_engine_start_session(engine, "session-3", 7), FRAMES_OK);
    CHECK_INT(impressions, 1);
    CHECK_RESULT(frames_frame_set_hidden(frame, false, 8), FRAMES_OK);
    CHECK_INT(impressions, 2);
    free_engine(engine);
    fb_free(&b);
}

/* --- AF-03 ------------------------------------------------------------------ */

static void test_placement_id_getter(void) {
    frames_engine_options options = base_options();
    frames_engine *engine;
    frames_frame *frame = NULL;
    char buffer[300], long_id[257];
    size_t length = 99;

    ft_section("AF-03", "frames_frame_get_placement_id: no placement is length 0");
    engine = new_engine(&options);
    CHECK_RESULT(frames_frame_new(engine, &frame), FRAMES_OK);
    memset(buffer, 'x', sizeof buffer);
    CHECK_RESULT(frames_frame_get_placement_id(frame, buffer, sizeof buffer, &length), FRAMES_OK);
    CHECK_INT(length, 0);
    CHECK_STR(buffer, "");
    length = 99;
    CHECK_RESULT(frames_frame_get_placement_id(frame, buffer, 1, &length), FRAMES_OK);
    CHECK_INT(length, 0);
    length = 99;
    /* Even the empty id needs its NUL: capacity 0 asks the size. */
    CHECK_RESULT(frames_frame_get_placement_id(frame, NULL, 0, &length), FRAMES_ERR_BUFFER_TOO_SMALL);
    CHECK_INT(length, 0);

    ft_section("AF-03", "the id is copied with its NUL; a short buffer is BUFFER_TOO_SMALL with the length, untouched");
    CHECK_RESULT(frames_frame_set_placement(frame, "home_top_banner", 0), FRAMES_OK);
    memset(buffer, 'x', sizeof buffer);
    CHECK_RESULT(frames_frame_get_placement_id(frame, buffer, 15, &length), FRAMES_ERR_BUFFER_TOO_SMALL);
    CHECK_INT(length, 15);
    CHECK_MESSAGE_MENTIONS("16");
    CHECK(buffer[0] == 'x' && buffer[14] == 'x');
    length = 0;
    CHECK_RESULT(frames_frame_get_placement_id(frame, NULL, 0, &length), FRAMES_ERR_BUFFER_TOO_SMALL);
    CHECK_INT(length, 15);
    CHECK_RESULT(frames_frame_get_placement_id(frame, buffer, 16, &length), FRAMES_OK);
    CHECK_STR(buffer, "home_top_banner");
    CHECK_INT(length, 15);

    ft_section("AF-03 XC-07", "the getter's own errors");
    CHECK_RESULT(frames_frame_get_placement_id(frame, buffer, sizeof buffer, NULL), FRAMES_ERR_NULL_POINTER);
    CHECK_MESSAGE_MENTIONS("out_length");
    CHECK_RESULT(frames_frame_get_placement_id(frame, NULL, 16, &length), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_frame_get_placement_id(NULL, buffer, sizeof buffer, &length), FRAMES_ERR_INVALID_HANDLE);

    ft_section("AF-03", "a 256-byte id and a decomposed \"cafe\\u0301\" come back byte for byte; NULL clears it");
    memset(long_id, 'p', 256);
    long_id[256] = '\0';
    CHECK_RESULT(frames_frame_set_placement(frame, long_id, 0), FRAMES_OK);
    CHECK_RESULT(frames_frame_get_placement_id(frame, buffer, 256, &length), FRAMES_ERR_BUFFER_TOO_SMALL);
    CHECK_INT(length, 256);
    CHECK_RESULT(frames_frame_get_placement_id(frame, buffer, 257, &length), FRAMES_OK);
    CHECK(strcmp(buffer, long_id) == 0);
    CHECK_RESULT(frames_frame_set_placement(frame, "cafe\xcc\x81", 0), FRAMES_OK);
    CHECK_RESULT(frames_frame_get_placement_id(frame, buffer, sizeof buffer, &length), FRAMES_OK);
    CHECK_INT(length, 6);
    CHECK(memcmp(buffer, "cafe\xcc\x81", 7) == 0);
    CHECK_RESULT(frames_frame_set_placement(frame, NULL, 0), FRAMES_OK);
    CHECK_RESULT(frames_frame_get_placement_id(frame, buffer, sizeof buffer, &length), FRAMES_OK);
    CHECK_INT(length, 0);
    CHECK_INT(status_of(frame), FRAMES_FRAME_STATUS_NO_PLACEMENT);

    ft_section("AF-03", "a freed frame's handle");
    CHECK_RESULT(frames_frame_free(frame), FRAMES_OK);
    CHECK_RESULT(frames_frame_get_placement_id(frame, buffer, sizeof buffer, &length), FRAMES_ERR_INVALID_HANDLE);
    free_engine(engine);
}

int main(void) {
    test_placement_id_getter();
    test_consent_waits_for_the_session();
    test_remote_disable_waits_for_the_session();
    test_error_statuses_recover_at_the_next_foreground();
    test_tampered_asset();
    test_selection();
    test_no_impression_while_hidden();
    return ft_finish("test_app_frames_recovery");
}
