/*
 * inline_harness.h — what the inline message C tests share (IL-01..IL-10):
 * a scripted campaigns backend on top of fake_backend.c, and a recording
 * host — the global inline delegate and one view delegate per view — that
 * writes every callback to one transcript, order included.
 *
 * Campaigns (ih_campaign) are published as one document at IH_INLINE_URL;
 * each campaign's content document is served at
 * https://cdn.test/inline/<id>.json with the SHA-256 the document names, as
 * a backend computes it. Transcript lines:
 *
 *   <view> processing | loaded <campaign> | updated <campaign>
 *   <view> failed <campaign or -> <error code>
 *   <view> size <w>x<h> | remove <campaign> | render <campaign> ctx=<json>
 *   <view> reply <json>
 *   available <key> <campaign> -> <view>
 *   context <view> <campaign>
 *   open <view> <url> | deeplink <view> <url> | refused <view> <url>
 *   action <view> <name> <params> | method <view> <name> <params> call=<id>
 *   analytics <name> <view id> <campaign> [<key>=<value>...]
 *   state_changed
 *
 * Views are named by the test ("a", "b"); views the engine makes for event
 * triggers are named "ev1", "ev2"... in the order `available` delivers
 * them. Nothing here runs a CHECK (frames_test.h counts per program file).
 */
#ifndef INLINE_HARNESS_H
#define INLINE_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fake_backend.h"
#include "frames.h"
#include "recording_buffer.h"

#define IH_INLINE_URL "https://api.test/v1/inline"
#define IH_MAX_VIEWS 16
#define IH_MAX_CAMPAIGNS 12

typedef struct ih_view {
    char name[16];
    frames_inline_view *view;
    /* free_user_data of its delegate ran (must be exactly once). */
    int delegate_frees;
    struct ih_world *world;
} ih_view;

typedef struct ih_world {
    fb_backend backend;
    fb_transcript t;
    frames_engine *engine;
    int64_t now;
    /* The campaigns document being built (ih_campaign). */
    char document[8192];
    size_t campaign_count;
    /* What context_required answers; "" answers NULL. */
    char context[256];
    /* Behaviour of the recording host. */
    bool show_on_render;         /* report_content_shown inside render (XC-03) */
    bool attach_available;       /* attach views handed to available */
    bool resolve_in_callback;    /* resolve customMethod calls at once */
    /* What `remove` does with the view: nothing, detach it (as an iOS host
     * does) or free it (as an Android host releases it). */
    enum { IH_REMOVE_KEEP, IH_REMOVE_DETACH, IH_REMOVE_FREE } on_remove;
    ih_view views[IH_MAX_VIEWS];
    size_t view_count;
    int available_count;
    uint64_t last_call_id;
    frames_result last_resolve;
    int host_frees, inline_delegate_frees;
    /* The engine's recording (XC-12): the test replays it once ih_free has
     * freed the engine (recording_check.h), which also frees it. */
    ft_recording recording;
} ih_world;

/* An engine with inline_url = IH_INLINE_URL, `schemes` as
 * inline_url_schemes (may be NULL), call timeout `call_timeout_ms`, the
 * recording host and global inline delegate, recorded into w->recording. */
void ih_init(ih_world *w, const char *schemes, int64_t call_timeout_ms);
/* Sets the global inline delegate again, with or without `available`
 * (without it the engine makes no view for an event, IL-02). */
void ih_set_takes_views(ih_world *w, bool takes_views);
/* Frees the engine (if any) and the backend; w->recording stays. */
void ih_free(ih_world *w);

/* Adds a campaign to the document: trigger "automatic", "on_demand" or
 * "event" (then `event` names it), max_displays 0 for no capping,
 * period_ms < 0 for a lifetime cap. Publish with ih_publish. */
void ih_campaign(ih_world *w, const char *id, const char *key, const char *trigger, const char *event, int priority,
                 int max_displays, int64_t period_ms);
void ih_publish(ih_world *w);

/* A view for `key` named `name`, with the recording delegate. */
ih_view *ih_view_new(ih_world *w, const char *name, const char *key);
/* The recording slot of a view handle (NULL if unknown). */
ih_view *ih_find(ih_world *w, frames_inline_view *view);

/* Answers every request at w->now. */
size_t ih_pump(ih_world *w);
/* Sends a bridge message (its strlen) from the content of `v`. */
frames_result ih_send(ih_world *w, ih_view *v, const char *message);

#endif /* INLINE_HARNESS_H */
