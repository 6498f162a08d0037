/*
 * test_inline_bridge.c — the JS bridge from C: messages the content posts,
 * replies, the URL allow-list (schemes in any case), customMethod calls
 * resolved exactly once, close and closeAndTrigger (IL-07, IL-08, IL-09,
 * XC-03, XC-07).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frames_test.h"
#include "inline_harness.h"
#include "recording_check.h"

/* Frees the world and replays its engine's recording (XC-12, XC-13). */
static void end_world(ih_world *w) {
    ih_free(w);
    ft_section("XC-12 XC-13", "the engine's recording replays identically");
    ft_check_replay(&w->recording, "test_inline_bridge");
}

/* A world with one view "v" showing campaign "hero" on key "home", sized
 * 343 x 120, `schemes` as inline_url_schemes, and the transcript cleared. */
static ih_view *setup_with_schemes(ih_world *w, const char *schemes, int64_t call_timeout_ms) {
    ih_view *v;
    ih_init(w, schemes, call_timeout_ms);
    w->show_on_render = true;
    ih_campaign(w, "hero", "home", "automatic", NULL, 5, 0, 0);
    ih_campaign(w, "after", "footer", "event", "tapped", 1, 0, 0);
    ih_publish(w);
    v = ih_view_new(w, "v", "home");
    frames_inline_view_set_size(v->view, 343, 120, 0);
    frames_inline_view_attach(v->view, 0);
    ih_pump(w);
    fb_transcript_clear(&w->t);
    w->now = 10;
    return v;
}

static ih_view *setup(ih_world *w, int64_t call_timeout_ms) {
    return setup_with_schemes(w, "myapp", call_timeout_ms);
}

static void test_sizes_and_urls(void) {
    ih_world w;
    ih_view *v = setup(&w, 0);
    ft_section("IL-08 IL-10", "getComponentSize answers the reported size; setComponentSize asks the host; URLs pass the allow-list");
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"id\":1,\"method\":\"getComponentSize\"}"), FRAMES_OK);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"setComponentSize\",\"args\":{\"width\":343,\"height\":200.5}}"), FRAMES_OK);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"openUrl\",\"args\":{\"url\":\"https://shop.test/spring\"}}"), FRAMES_OK);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"openDeeplink\",\"args\":{\"url\":\"myapp://cart\"}}"), FRAMES_OK);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"id\":2,\"method\":\"openUrl\",\"args\":{\"url\":\"javascript:alert(1)\"}}"), FRAMES_OK);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"openDeeplink\",\"args\":{\"url\":\"file:///etc/passwd\"}}"), FRAMES_OK);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"openUrl\",\"args\":{\"url\":\"data:text/html,x\"}}"), FRAMES_OK);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"openDeeplink\",\"args\":{\"url\":\"otherapp://x\"}}"), FRAMES_OK);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"handleCustomAction\",\"args\":{\"name\":\"share\",\"params\":{\"to\":\"friends\"}}}"), FRAMES_OK);
    CHECK_TEXT(w.t.text,
               "v reply {\"v\":1,\"id\":1,\"ok\":true,\"result\":{\"width\":343,\"height\":120}}\n"
               "v size 343x200.5\n"
               "open v https://shop.test/spring\n"
               "deeplink v myapp://cart\n"
               "refused v javascript:alert(1)\n"
               "v reply {\"v\":1,\"id\":2,\"ok\":false,\"error\":{\"code\":\"refused\",\"message\":\"URL \\\"javascript:alert(1)\\\" refused: the scheme \\\"javascript:\\\" is always refused\"}}\n"
               "refused v file:///etc/passwd\n"
               "refused v data:text/html,x\n"
               "refused v otherapp://x\n"
               "action v share {\"to\":\"friends\"}\n");
    end_world(&w);
}

/* RFC 3986 makes schemes case-insensitive, and the allow-list
 * (Sources/FramesCore/Inline/URLAllowList.swift) lowercases both sides
 * before comparing. Were it not to, "HTTPS:" links from content and a
 * scheme the host spelled "MyApp" would be refused by mistake. */
static void test_scheme_case_allowed(void) {
    ih_world w;
    ih_view *v = setup_with_schemes(&w, "MyApp", 0);
    ft_section("IL-08", "https and a host scheme spelled \"MyApp\" pass the allow-list in any case");
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"openUrl\",\"args\":{\"url\":\"HTTPS://example.com/x\"}}"), FRAMES_OK);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"openDeeplink\",\"args\":{\"url\":\"myapp://x\"}}"), FRAMES_OK);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"openDeeplink\",\"args\":{\"url\":\"MYAPP://x\"}}"), FRAMES_OK);
    CHECK_TEXT(w.t.text,
               "open v HTTPS://example.com/x\n"
               "deeplink v myapp://x\n"
               "deeplink v MYAPP://x\n");
    end_world(&w);
}

/* The schemes that run code or read local data must not slip through by
 * being spelled in capitals: each is refused as "always refused", not merely
 * as "not allowed" (Sources/FramesCore/Inline/URLAllowList.swift). */
static void test_scheme_case_always_refused(void) {
    ih_world w;
    ih_view *v = setup(&w, 0);
    ft_section("IL-08", "javascript:, file: and data: are always refused whatever their case; the content gets the reason");
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"id\":1,\"method\":\"openUrl\",\"args\":{\"url\":\"JavaScript:alert(1)\"}}"), FRAMES_OK);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"id\":2,\"method\":\"openUrl\",\"args\":{\"url\":\"JAVASCRIPT:alert(1)\"}}"), FRAMES_OK);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"id\":3,\"method\":\"openDeeplink\",\"args\":{\"url\":\"File:///etc/passwd\"}}"), FRAMES_OK);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"id\":4,\"method\":\"openUrl\",\"args\":{\"url\":\"DaTa:text/html,x\"}}"), FRAMES_OK);
    CHECK_TEXT(w.t.text,
               "refused v JavaScript:alert(1)\n"
               "v reply {\"v\":1,\"id\":1,\"ok\":false,\"error\":{\"code\":\"refused\",\"message\":\"URL \\\"JavaScript:alert(1)\\\" refused: the scheme \\\"javascript:\\\" is always refused\"}}\n"
               "refused v JAVASCRIPT:alert(1)\n"
               "v reply {\"v\":1,\"id\":2,\"ok\":false,\"error\":{\"code\":\"refused\",\"message\":\"URL \\\"JAVASCRIPT:alert(1)\\\" refused: the scheme \\\"javascript:\\\" is always refused\"}}\n"
               "refused v File:///etc/passwd\n"
               "v reply {\"v\":1,\"id\":3,\"ok\":false,\"error\":{\"code\":\"refused\",\"message\":\"deep link \\\"File:///etc/passwd\\\" refused: the scheme \\\"file:\\\" is always refused\"}}\n"
               "refused v DaTa:text/html,x\n"
               "v reply {\"v\":1,\"id\":4,\"ok\":false,\"error\":{\"code\":\"refused\",\"message\":\"URL \\\"DaTa:text/html,x\\\" refused: the scheme \\\"data:\\\" is always refused\"}}\n");
    end_world(&w);
}

/* A host that names "JavaScript" must get the same configuration error as
 * one that names "javascript": compared case-sensitively it would be
 * accepted, and content could then open javascript: URLs spelled that way. */
static void test_scheme_case_configuration(void) {
    static const char *const refused[] = {"JavaScript", "JAVASCRIPT", "myapp,File", "dAtA"};
    frames_engine_options o = FRAMES_ENGINE_OPTIONS_INIT;
    size_t i;
    ft_section("IL-08 XC-07", "configuring javascript, file or data in any case fails engine creation");
    o.inline_url = IH_INLINE_URL;
    for (i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        frames_engine *e = NULL;
        o.inline_url_schemes = refused[i];
        CHECK_RESULT(frames_engine_new(&o, NULL, 0, NULL, &e), FRAMES_ERR_INVALID_ARGUMENT);
        CHECK_MESSAGE_MENTIONS("always refused");
        CHECK(e == NULL);
        if (e) frames_engine_free(e);
    }
}

static void test_custom_method(void) {
    ih_world w;
    ih_view *v = setup(&w, 0);
    ft_section("IL-07", "customMethod: resolved exactly once; a second resolution is refused and sends nothing");
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"id\":7,\"method\":\"customMethod\",\"args\":{\"name\":\"getCoupon\",\"params\":{\"cart\":\"c-42\"}}}"), FRAMES_OK);
    CHECK_TEXT(w.t.text, "method v getCoupon {\"cart\":\"c-42\"} call=1\n");
    fb_transcript_clear(&w.t);
    CHECK_RESULT(frames_inline_call_resolve(w.engine, 1, true, "{\"code\":\"SPRING24\"}", 11), FRAMES_OK);
    CHECK_TEXT(w.t.text, "v reply {\"v\":1,\"id\":7,\"ok\":true,\"result\":{\"code\":\"SPRING24\"}}\n");
    fb_transcript_clear(&w.t);
    CHECK_RESULT(frames_inline_call_resolve(w.engine, 1, false, "late", 12), FRAMES_ERR_ALREADY_RESOLVED);
    CHECK_MESSAGE_MENTIONS("exactly once");
    CHECK_RESULT(frames_inline_call_resolve(w.engine, 99, true, NULL, 12), FRAMES_ERR_NOT_FOUND);
    CHECK_RESULT(frames_inline_call_resolve(w.engine, 0, true, NULL, 12), FRAMES_ERR_NOT_FOUND);
    CHECK_TEXT(w.t.text, "");

    ft_section("IL-07 XC-03", "resolving inside the customMethod callback: the reply comes after the callback returns");
    w.resolve_in_callback = true;
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"id\":8,\"method\":\"customMethod\",\"args\":{\"name\":\"now\"}}"), FRAMES_OK);
    CHECK_RESULT(w.last_resolve, FRAMES_OK);
    CHECK_TEXT(w.t.text, "method v now {} call=2\nmethod callback returns\nv reply {\"v\":1,\"id\":8,\"ok\":true,\"result\":{\"ok\":1}}\n");
    w.resolve_in_callback = false;

    ft_section("IL-07", "a bad answer is refused and the call stays pending; after the view is released a resolution succeeds and sends nothing");
    fb_transcript_clear(&w.t);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"id\":9,\"method\":\"customMethod\",\"args\":{\"name\":\"m\"}}"), FRAMES_OK);
    CHECK_RESULT(frames_inline_call_resolve(w.engine, 3, true, "{not json", 13), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_inline_call_resolve(w.engine, 3, true, "\xff", 13), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_inline_view_free(v->view), FRAMES_OK);
    fb_transcript_clear(&w.t);
    CHECK_RESULT(frames_inline_call_resolve(w.engine, 3, true, "42", 14), FRAMES_OK);
    CHECK_TEXT(w.t.text, "");
    CHECK_RESULT(frames_inline_call_resolve(w.engine, 3, true, "42", 15), FRAMES_ERR_ALREADY_RESOLVED);
    end_world(&w);
}

static void test_deadline(void) {
    ih_world w;
    ih_view *v = setup(&w, 1000);
    int64_t deadline = 0;
    bool has = false;
    ft_section("IL-07", "a call not resolved by its deadline fails by itself; resolving later is refused");
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"id\":5,\"method\":\"customMethod\",\"args\":{\"name\":\"slow\"}}"), FRAMES_OK);
    CHECK_RESULT(frames_engine_get_next_deadline(w.engine, &deadline, &has), FRAMES_OK);
    CHECK(has);
    CHECK_INT(deadline, 1010);
    fb_transcript_clear(&w.t);
    CHECK_RESULT(frames_engine_on_timeout(w.engine, 1010), FRAMES_OK);
    CHECK_TEXT(w.t.text, "v reply {\"v\":1,\"id\":5,\"ok\":false,\"error\":{\"code\":\"timeout\",\"message\":\"the host did not answer within 1000 ms\"}}\n");
    CHECK_RESULT(frames_inline_call_resolve(w.engine, 1, true, NULL, 1100), FRAMES_ERR_ALREADY_RESOLVED);
    end_world(&w);
}

static void test_malformed(void) {
    ih_world w;
    ih_view *v = setup(&w, 0);
    frames_inline_view_status s = -1;
    char *big;
    ft_section("IL-08 XC-07", "malformed, unknown or oversized messages: an error, nothing changes; with a call id an error reply");
    CHECK_RESULT(ih_send(&w, v, "not json"), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("bridge message");
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"close\",\"args\":{\"now\":true}}"), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("takes no arguments");
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"setComponentSize\",\"args\":{\"width\":-1,\"height\":1}}"), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"setComponentSize\",\"args\":{\"width\":1e999,\"height\":1}}"), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"customMethod\",\"args\":{\"name\":\"no id\"}}"), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":2,\"method\":\"close\"}"), FRAMES_ERR_VERSION);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"openUrl\",\"args\":{\"url\":\"\xff\"}}"), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_inline_view_report_bridge_message(v->view, "{\"v\":1,\"method\":\"close\"}\0junk", 30, w.now), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_RESULT(frames_inline_view_report_bridge_message(v->view, NULL, 3, w.now), FRAMES_ERR_NULL_POINTER);
    CHECK_RESULT(frames_inline_view_report_bridge_message(v->view, NULL, 0, w.now), FRAMES_ERR_INVALID_ARGUMENT);
    big = (char *)malloc(65537);
    if (big) {
        memset(big, ' ', 65537);
        memcpy(big + 65537 - 2, "{}", 2);
        CHECK_RESULT(frames_inline_view_report_bridge_message(v->view, big, 65537, w.now), FRAMES_ERR_INVALID_ARGUMENT);
        CHECK_MESSAGE_MENTIONS("65536");
        CHECK_RESULT(frames_inline_view_report_bridge_message(v->view, big, (size_t)-1, w.now),
                     FRAMES_ERR_INVALID_ARGUMENT);
        free(big);
    }
    CHECK_TEXT(w.t.text, "");
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"id\":4,\"method\":\"launchRockets\"}"), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_TEXT(w.t.text, "v reply {\"v\":1,\"id\":4,\"ok\":false,\"error\":{\"code\":\"invalid\",\"message\":\"bridge message: unknown method \\\"launchRockets\\\"\"}}\n");
    CHECK_RESULT(frames_inline_view_get_status(v->view, &s), FRAMES_OK);
    CHECK_INT(s, FRAMES_INLINE_VIEW_STATUS_SHOWN);
    end_world(&w);
}

static void test_close(void) {
    ih_world w;
    ih_view *v = setup(&w, 0);
    frames_inline_view_status s = -1;
    ft_section("IL-09", "close(): inApp.discard with closedBy=user, then the removal request; messages afterwards are refused");
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"close\"}"), FRAMES_OK);
    CHECK_TEXT(w.t.text, "analytics inApp.discard inline-1 hero closedBy=user\nv remove hero\n");
    CHECK_RESULT(frames_inline_view_get_status(v->view, &s), FRAMES_OK);
    CHECK_INT(s, FRAMES_INLINE_VIEW_STATUS_IDLE);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"close\"}"), FRAMES_ERR_INVALID_STATE);
    end_world(&w);

    ft_section("IL-09", "closeAndTrigger: the custom event first, then the discard, then removal; the event triggers like a tracked one");
    v = setup(&w, 0);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"closeAndTrigger\",\"args\":{\"action\":\"tapped\",\"params\":{\"sku\":\"A1\"},\"label\":\"hero\"}}"), FRAMES_OK);
    CHECK_TEXT(w.t.text,
               "analytics inline.customEvent inline-1 hero action=tapped label=hero params={\"sku\":\"A1\"}\n"
               "analytics inApp.discard inline-1 hero closedBy=user\n"
               "v remove hero\n"
               "available footer after -> ev1\n"
               "ev1 processing\n");
    end_world(&w);
}

/* One view "v" of "home" showing "hero"; the event "tapped" triggers "after"
 * on the same key; `other` adds a second attached view "o" of the key. */
static ih_view *same_key(ih_world *w, int on_remove, bool other) {
    ih_view *v;
    ih_init(w, NULL, 0);
    w->show_on_render = true;
    w->on_remove = on_remove;
    ih_campaign(w, "hero", "home", "automatic", NULL, 5, 0, 0);
    ih_campaign(w, "after", "home", "event", "tapped", 1, 0, 0);
    ih_publish(w);
    v = ih_view_new(w, "v", "home");
    frames_inline_view_attach(v->view, 0);
    ih_pump(w);
    if (other) {
        ih_view *o = ih_view_new(w, "o", "home");
        frames_inline_view_attach(o->view, 0);
        ih_pump(w);
    }
    fb_transcript_clear(&w->t);
    w->now = 10;
    return v;
}

/* Whether the transcript has a line for view `name` other than its removal. */
static bool more_for(const char *text, const char *name, const char *removal) {
    const char *line = text;
    size_t n = strlen(name);
    while (line && *line) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (len > n && strncmp(line, name, n) == 0 && line[n] == ' '
            && !(len == strlen(removal) && strncmp(line, removal, len) == 0))
            return true;
        line = end ? end + 1 : NULL;
    }
    return false;
}

static void test_close_and_trigger_on_the_same_key(void) {
    static const char *const handling[] = { "kept", "detached", "freed" };
    int h;
    for (h = IH_REMOVE_KEEP; h <= IH_REMOVE_FREE; h++) {
        ih_world w;
        ih_view *v = same_key(&w, h, false);
        ft_section("IL-09 IL-02", "closeAndTrigger on its own key, no other view: the closed view gets nothing more, "
                   "available gets a new one");
        printf("  (the host's remove: the view is %s)\n", handling[h]);
        CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"closeAndTrigger\",\"args\":{\"action\":\"tapped\"}}"), FRAMES_OK);
        ih_pump(&w);
        CHECK(strstr(w.t.text, "v remove hero\navailable home after -> ev1\nev1 processing\n") != NULL);
        CHECK(strstr(w.t.text, "ev1 render after") != NULL);
        CHECK(!more_for(w.t.text, "v", "v remove hero"));
        if (h == IH_REMOVE_KEEP) {
            fb_transcript_clear(&w.t);
            CHECK_RESULT(frames_inline_track_event(w.engine, "tapped", NULL, 11), FRAMES_OK);
            ih_pump(&w);
            CHECK(!more_for(w.t.text, "v", ""));
        }
        end_world(&w);

        v = same_key(&w, h, true);
        ft_section("IL-09 IL-02", "closeAndTrigger on its own key with another embedded view: that view shows it");
        CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"closeAndTrigger\",\"args\":{\"action\":\"tapped\"}}"), FRAMES_OK);
        ih_pump(&w);
        CHECK(strstr(w.t.text, "o updated after") != NULL);
        CHECK(strstr(w.t.text, "available") == NULL);
        CHECK(!more_for(w.t.text, "v", "v remove hero"));
        end_world(&w);
    }
}

static void test_call_after_close(void) {
    ih_world w;
    ih_view *v = setup(&w, 0);
    ft_section("IL-08 IL-09", "a call with an id sent after close() gets an error reply, so the content's promise settles");
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"close\"}"), FRAMES_OK);
    fb_transcript_clear(&w.t);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"id\":4,\"method\":\"getComponentSize\"}"), FRAMES_ERR_INVALID_STATE);
    CHECK_MESSAGE_MENTIONS("closed itself");
    CHECK(strstr(w.t.text, "v reply {\"v\":1,\"id\":4,\"ok\":false,\"error\":{\"code\":\"invalid\"") != NULL);
    fb_transcript_clear(&w.t);
    CHECK_RESULT(ih_send(&w, v, "{\"v\":1,\"method\":\"close\"}"), FRAMES_ERR_INVALID_STATE);
    CHECK_TEXT(w.t.text, ""); /* no id: nobody waits for a reply */
    end_world(&w);
}

int main(void) {
    test_sizes_and_urls();
    test_scheme_case_allowed();
    test_scheme_case_always_refused();
    test_scheme_case_configuration();
    test_custom_method();
    test_deadline();
    test_malformed();
    test_close();
    test_close_and_trigger_on_the_same_key();
    test_call_after_close();
    return ft_finish("test_inline_bridge");
}
