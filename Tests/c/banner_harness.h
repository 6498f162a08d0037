/*
 * banner_harness.h — what the banner place C tests share: a scripted banner
 * backend and a recording host and delegate (BN-14..BN-16, XC-01).
 *
 * The backend (bs_*) answers a POST to BH_LIST_URL with the list of the place
 * id named in the JSON body ({"banners":[{"id","ratio","duration_ms",
 * "available","content":{"url","sha256"}}]}) and a GET of a banner's content
 * URL with its bytes. Per banner it can answer 404 (failing), never answer
 * (stalled: the request stays in flight until its deadline), or answer other
 * bytes of the same size than the ones its SHA-256 names (tampered).
 *
 * The recording delegate writes every callback to `log_text`, one line each,
 * so tests compare whole transcripts, order included:
 *
 *   update <is_content> <count> <list_height>   updated
 *   loaded <placement_id>                       loaded
 *   render <index> <banner id>                  render
 *   failed <index> <error code> <http status>   row_failed
 *   show <index> <banner id>                    shown
 *   play|resume|pause <index>                   playback_changed (play = from_start)
 *   scroll <index>                              scrolled
 *   action <target> / widget <index> <name>     action_triggered / widget_reported
 *   input <index> <kind> <prompt>               input_requested
 *
 * The recording host counts "banners.view" records per banner id (BN-13) and
 * "banners.click" records; the recording banners delegate writes each
 * `preloaded` completion to `preload_text` ("preload <id> <count>
 * <b0>,<b1>!<error code>,..." or "preload <id> failed <error code> <http
 * status>").
 *
 * Nothing here runs a CHECK: frames_test.h counts checks per program file,
 * so the tests check what these helpers return.
 */
#ifndef BANNER_HARNESS_H
#define BANNER_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fake_backend.h"
#include "frames.h"
#include "recording_buffer.h"

#define BH_LIST_URL "https://api.test/v1/banners"
#define BS_MAX_BANNERS 16
#define BS_MAX_PLACE_IDS 4

/* ------------------------------------------------------------------------ */
/* Scripted banner backend                                                   */
/* ------------------------------------------------------------------------ */

typedef struct bs_banner {
    char id[32];
    /* Written into the JSON as is, so a bad ratio can be any JSON text. */
    char ratio[32];
    int64_t duration_ms;
    bool available;
    char content[64];
    /* The content URL answers 404 while true. */
    bool failing;
    /* The content request is polled but never answered while true. */
    bool stalled;
    /* The content URL answers bytes of the same size that differ from the
     * ones the list's SHA-256 names, while true. */
    bool tampered;
} bs_banner;

typedef struct bs_place {
    char place_id[32];
    bs_banner banners[BS_MAX_BANNERS];
    size_t count;
    /* The list request answers this status (with an empty body) when not 0. */
    int32_t list_status;
} bs_place;

typedef struct bs_server {
    bs_place places[BS_MAX_PLACE_IDS];
    size_t place_count;
    int list_requests;
    int content_requests;
    char last_content_url[128];
} bs_server;

/* The one backend of a test program. */
extern bs_server banner_server;

/* Forgets every place, banner and count. */
void bs_reset(void);
/* The place with this id, added empty when it is new. */
bs_place *bs_place_for(const char *place_id);
/* Adds a banner to a place's list; its content is "<div>banner ID</div>". */
bs_banner *bs_add(const char *place_id, const char *id, const char *ratio, int64_t duration_ms);
/* Answers every request the engine has, those the answers cause included,
 * at `now`; returns how many were polled (stalled ones included). */
size_t bs_pump(frames_engine *engine, int64_t now);

/* ------------------------------------------------------------------------ */
/* Recording host and delegate                                               */
/* ------------------------------------------------------------------------ */

/* The transcripts and counters the recording host and delegate write. */
extern fb_transcript log_text;
extern fb_transcript preload_text;
/* The banner ids of every "banners.view" record, each followed by a space. */
extern char view_log[200];
extern int view_count;
extern int click_count;
/* Calls of the host's free_user_data. */
extern int host_frees;

/* A place delegate's user_data: what it did and what it should do. */
typedef struct recorder {
    int frees;
    /* What input_requested answers. */
    bool presents_input;
    /* Frees the place inside the named callback ("update", "play", "render"). */
    const char *free_in;
    int callbacks_after_free;
    bool freed;
} recorder;

/* Host callbacks with analytics and free_user_data recording. */
frames_host_callbacks bh_recording_host(void);
/* The banners delegate whose preloaded writes preload_text; set it with
 * frames_banners_set_delegate once the engine exists. */
frames_banners_delegate bh_recording_banners(void);
/* A delegate with every member recording into log_text, user_data `r`. */
frames_banner_place_delegate bh_delegate_for(recorder *r);
/* Clears log_text, preload_text, view_log and the view and click counts
 * (host_frees is kept). */
void bh_clear_logs(void);

/* Checks for the test programs (they count in the program's own frames_test.h
 * counters, so these are inline here rather than in banner_harness.c). */
#ifdef FRAMES_TEST_H
#include <string.h>

/* Takes the transcript and clears it. */
static inline const char *take(void) {
    static char copy[sizeof log_text.text];
    memcpy(copy, log_text.text, log_text.len + 1);
    CHECK(!log_text.overflow);
    fb_transcript_clear(&log_text);
    return copy;
}

/* An engine with banners_url = BH_LIST_URL, the recording host and banners
 * delegate, recorded into `recording` (XC-12), the logs cleared. */
static inline frames_engine *bh_new_engine(ft_recording *recording) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = bh_recording_host();
    frames_banners_delegate banners = bh_recording_banners();
    frames_engine *engine = NULL;
    options.banners_url = BH_LIST_URL;
    ft_record_into(&options, recording);
    CHECK_RESULT(frames_engine_new(&options, NULL, 0, &host, &engine), FRAMES_OK);
    CHECK_RESULT(frames_banners_set_delegate(engine, &banners), FRAMES_OK);
    bh_clear_logs();
    return engine;
}

/* The engine's next deadline, -1 when nothing is timed. */
static inline int64_t next_deadline(frames_engine *engine) {
    int64_t deadline = -1;
    bool has = false;
    CHECK_RESULT(frames_engine_get_next_deadline(engine, &deadline, &has), FRAMES_OK);
    return has ? deadline : -1;
}
#endif

#endif /* BANNER_HARNESS_H */
