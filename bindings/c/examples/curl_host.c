/*
 * curl_host.c — a C host that performs libframes' requests over real HTTP
 * with libcurl, and shows App Frames until each is ready or has failed.
 *
 *   curl_host [options] PLACEMENTS_URL PLACEMENT_ID...
 *
 * Build it against an installed libframes (and libcurl) with
 *   cc -std=c99 curl_host.c -o curl_host $(pkg-config --cflags --libs frames libcurl)
 * or take the one `bash scripts/setup.sh` builds, build/bindings/c/examples/curl_host.
 *
 *   --help                  this list, then exit 0
 *   --allow-http            accept plain http:// (a loopback server)
 *   --max-parallel N        requests in flight at once (default 6)
 *   --request-timeout-ms N  the engine's per-request deadline (default 10000)
 *   --retry-attempts N      attempts per request, the first included (default 4)
 *   --retry-base-ms N       delay after the first failed attempt (default 1000)
 *   --retry-jitter X        random share of each delay, 0...1 (default 0.2)
 *   --run-ms N              give up after this long (default 60000)
 *   --record FILE           write the engine's recording to FILE (XC-12), for
 *                           `frames replay FILE` or frames_replay (XC-13)
 *
 * Exit status: 0 every frame is ready; 2 a frame rests in another status
 * (unavailable, an error); 3 still loading after --run-ms; 1 bad usage or
 * set-up.
 *
 * libframes is sans-IO (XC-01): it owns no thread, socket or clock. Its
 * host runs one loop, on the engine's owner thread (XC-02):
 *
 *   1. take every request the engine wants (frames_engine_poll_request) and
 *      hand it to curl, copying what the request borrows;
 *   2. let curl move every transfer (curl_multi_perform) and answer the
 *      engine for each one that ended: frames_engine_complete_request with
 *      the HTTP status, headers (Retry-After is read, XC-06) and body, or
 *      frames_engine_fail_request when no response came;
 *   3. call frames_engine_on_timeout once frames_engine_get_next_deadline
 *      has passed (retries, request and render timeouts);
 *   4. sleep in curl_multi_poll until a socket is ready or that deadline.
 *
 * curl's multi interface gives concurrency without threads, so every
 * engine call and every callback stays on the one thread. Each transfer's
 * timeout is what is left until its request's deadline; a transfer curl
 * times out is left to the engine's own timeout (step 3).
 */
#define _POSIX_C_SOURCE 200809L

#include <curl/curl.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "curl_transport.h"
#include "frames.h"

#define MAX_FRAMES 16

/* --- what the engine asks of the host ------------------------------------- */

typedef struct slot {
    const char *placement_id;
    frames_frame *frame;
} slot;

static slot slots[MAX_FRAMES];
static size_t slot_count;

static const char *placement_of(frames_frame *frame) {
    size_t i;
    for (i = 0; i < slot_count; i++)
        if (slots[i].frame == frame) return slots[i].placement_id;
    return "?";
}

/* A real host loads the template into its web view and reports when it is
 * on screen; this one "draws" it at a fixed height at once. */
static void render(frames_frame *frame, const frames_content *content, void *user_data) {
    const double height = 100;
    (void)user_data;
    printf("render %s %s/%s: %zu bytes of HTML, %zu asset(s)\n", content->placement_id, content->campaign_id,
           content->variant_id, strlen(content->template_html), content->asset_count);
    frames_frame_report_rendered(frame, height, now_ms());
    frames_frame_set_laid_out_size(frame, 390, height, now_ms());
}

static void analytics(const frames_analytics_record *record, void *user_data) {
    (void)user_data;
    printf("analytics %s %s\n", record->name, record->placement_id ? record->placement_id : "-");
}

static void status_changed(frames_frame *frame, frames_frame_status status, frames_frame_status previous,
                           void *user_data) {
    (void)user_data;
    printf("status %s %s -> %s\n", placement_of(frame), frames_frame_status_str(previous),
           frames_frame_status_str(status));
}

static void failed(frames_frame *frame, const frames_frame_error *error, void *user_data) {
    (void)user_data;
    printf("fail %s %s (HTTP %d): %s\n", placement_of(frame), frames_frame_error_code_str(error->code),
           (int)error->http_status, error->message);
}

/* The recording (XC-12): each call hands one whole line, newline included;
 * the library writes nothing anywhere else. */
static void record_line(const char *bytes, size_t len, void *user_data) {
    fwrite(bytes, 1, len, (FILE *)user_data);
}

/* --- main ----------------------------------------------------------------- */

static bool all_settled(void) {
    size_t i;
    for (i = 0; i < slot_count; i++) {
        frames_frame_status status = FRAMES_FRAME_STATUS_RESOLVING;
        frames_frame_get_status(slots[i].frame, &status);
        if (frames_frame_status_is_loading(status)) return false;
    }
    return true;
}

static void print_usage(FILE *to) {
    fputs("usage: curl_host [--allow-http] [--max-parallel N] [--request-timeout-ms N]\n"
          "                 [--retry-attempts N] [--retry-base-ms N] [--retry-jitter X] [--run-ms N]\n"
          "                 [--record FILE]\n"
          "                 PLACEMENTS_URL PLACEMENT_ID...\n", to);
}

static int usage(const char *message) {
    fprintf(stderr, "curl_host: %s\n", message);
    print_usage(stderr);
    return 1;
}

/* --help: what each option does, on stdout. */
static int help(void) {
    print_usage(stdout);
    fputs("\nShows App Frames of PLACEMENT_ID... over real HTTP until each is ready or has failed.\n"
          "  --allow-http            accept plain http:// (a loopback server)\n"
          "  --max-parallel N        requests in flight at once (default 6)\n"
          "  --request-timeout-ms N  the engine's per-request deadline (default 10000)\n"
          "  --retry-attempts N      attempts per request, the first included (default 4)\n"
          "  --retry-base-ms N       delay after the first failed attempt (default 1000)\n"
          "  --retry-jitter X        random share of each delay, 0...1 (default 0.2)\n"
          "  --run-ms N              give up after this long (default 60000)\n"
          "  --record FILE           write the engine's recording to FILE, for `frames replay FILE`\n"
          "Exit status: 0 every frame is ready; 2 a frame rests in another status; 3 still loading\n"
          "after --run-ms; 1 bad usage or set-up.\n", stdout);
    return 0;
}

static bool parse_number(const char *text, double low, double high, double *out) {
    char *end = NULL;
    double value;
    errno = 0;
    value = strtod(text, &end);
    if (errno || end == text || *end || !(value >= low && value <= high)) return false;
    *out = value;
    return true;
}

int main(int argc, char **argv) {
    static const char config[] = "{\"Insider\": {\"App Frames Enabled\": true}}";
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks callbacks = FRAMES_HOST_CALLBACKS_INIT;
    frames_frame_delegate delegate = FRAMES_FRAME_DELEGATE_INIT;
    host h = { NULL, NULL, 6, 0, NULL, NULL, NULL };
    const char *record_path = NULL;
    FILE *recording = NULL;
    int64_t run_ms = 60000, end;
    int i, exit_status = 0;
    size_t s;

    setvbuf(stdout, NULL, _IOLBF, 0);
    for (i = 1; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        double v = 0;
        if (strcmp(argv[i], "--help") == 0) return help();
        if (strcmp(argv[i], "--allow-http") == 0) {
            options.allow_insecure_http = true;
            continue;
        }
        if (i + 1 >= argc) return usage("an option needs a value");
        if (strcmp(argv[i], "--record") == 0) {
            record_path = argv[++i];
            continue;
        }
        if (strcmp(argv[i], "--max-parallel") == 0 && parse_number(argv[i + 1], 1, 256, &v)) h.max_parallel = (int)v;
        else if (strcmp(argv[i], "--request-timeout-ms") == 0 && parse_number(argv[i + 1], 1, 3600000, &v))
            options.request_timeout_ms = (int64_t)v;
        else if (strcmp(argv[i], "--retry-attempts") == 0 && parse_number(argv[i + 1], 1, 100, &v))
            options.retry_max_attempts = (uint32_t)v;
        else if (strcmp(argv[i], "--retry-base-ms") == 0 && parse_number(argv[i + 1], 0, 3600000, &v))
            options.retry_base_delay_ms = (int64_t)v;
        else if (strcmp(argv[i], "--retry-jitter") == 0 && parse_number(argv[i + 1], 0, 1, &v))
            options.retry_jitter = v;
        else if (strcmp(argv[i], "--run-ms") == 0 && parse_number(argv[i + 1], 1, 86400000, &v))
            run_ms = (int64_t)v;
        else return usage("unknown option or value out of range");
        i++;
    }
    if (argc - i < 2) return usage("a placements URL and at least one placement id are needed");
    if ((size_t)(argc - i - 1) > MAX_FRAMES) return usage("too many placements");
    options.placements_url = argv[i++];
    if (record_path) {
        if (!(recording = fopen(record_path, "wb"))) {
            fprintf(stderr, "curl_host: cannot write %s: %s\n", record_path, strerror(errno));
            return 1;
        }
        options.record_write = record_line;
        options.record_user_data = recording;
    }

    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK || !(h.multi = curl_multi_init())) {
        fprintf(stderr, "curl_host: libcurl could not start\n");
        if (recording) fclose(recording);
        return 1;
    }
    callbacks.analytics = analytics;
    if (frames_engine_new(&options, (const uint8_t *)config, strlen(config), &callbacks, &h.engine) != FRAMES_OK) {
        fprintf(stderr, "curl_host: %s\n", frames_error_last_message());
        curl_multi_cleanup(h.multi);
        curl_global_cleanup();
        if (recording) fclose(recording);
        return 1;
    }
    delegate.render = render;
    delegate.status_changed = status_changed;
    delegate.failed = failed;
    for (; i < argc; i++) {
        slot *sl = &slots[slot_count];
        sl->placement_id = argv[i];
        if (frames_frame_new(h.engine, &sl->frame) != FRAMES_OK) {
            fprintf(stderr, "curl_host: %s\n", frames_error_last_message());
            exit_status = 1;
            goto done;
        }
        slot_count++;
        /* No load call (AF-04): an attached frame with a placement loads. */
        if (frames_frame_set_delegate(sl->frame, &delegate) != FRAMES_OK ||
            frames_frame_set_placement(sl->frame, sl->placement_id, now_ms()) != FRAMES_OK ||
            frames_frame_attach(sl->frame, now_ms()) != FRAMES_OK) {
            fprintf(stderr, "curl_host: %s: %s\n", sl->placement_id, frames_error_last_message());
            exit_status = 1;
            goto done;
        }
    }

    end = now_ms() + run_ms;
    for (;;) {
        int64_t deadline = 0, wait;
        bool has_deadline = false, moved;
        int still_running = 0;

        moved = take_requests(&h);                       /* 1 */
        start_waiting(&h);
        curl_multi_perform(h.multi, &still_running);     /* 2 */
        moved = finish_transfers(&h) || moved;
        if (frames_engine_get_next_deadline(h.engine, &deadline, &has_deadline) == FRAMES_OK && has_deadline &&
            deadline <= now_ms()) {
            frames_engine_on_timeout(h.engine, now_ms()); /* 3 */
            moved = true;
        }
        if (all_settled()) break;
        if (now_ms() >= end) {
            fprintf(stderr, "curl_host: still loading after %lld ms\n", (long long)run_ms);
            exit_status = 3;
            break;
        }
        if (moved) continue; /* answers may have caused new requests */
        /* 4: sleep until a socket is ready, the next deadline or the end. */
        wait = end - now_ms();
        if (has_deadline && deadline - now_ms() < wait) wait = deadline - now_ms();
        if (wait > 1000) wait = 1000;
        if (wait > 0) curl_multi_poll(h.multi, NULL, 0, (int)wait, NULL);
    }

    for (s = 0; s < slot_count; s++) {
        frames_frame_status status = FRAMES_FRAME_STATUS_RESOLVING;
        double height = 0;
        frames_frame_get_status(slots[s].frame, &status);
        frames_frame_get_intrinsic_height(slots[s].frame, &height);
        printf("frame %s %s height %.0f\n", slots[s].placement_id, frames_frame_status_str(status), height);
        if (status != FRAMES_FRAME_STATUS_READY && exit_status == 0) exit_status = 2;
    }

done:
    frames_engine_free(h.engine); /* frees the frames too; the recording's last line */
    if (recording && fclose(recording) != 0) {
        fprintf(stderr, "curl_host: cannot write %s: %s\n", record_path, strerror(errno));
        if (exit_status == 0) exit_status = 1;
    }
    host_drop_transfers(&h);      /* still waiting or in flight: answers dropped */
    curl_multi_cleanup(h.multi);
    curl_global_cleanup();
    return exit_status;
}
