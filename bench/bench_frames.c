/*
 * bench_frames.c — App Frames engine benchmark (AF-12..AF-22): 10,000
 * frames over 1,000 placements, from attach to ready, through the C API of
 * the real shared library (loaded with dlopen) with an in-memory transport.
 *
 * Not a test: run it with `bash bench/run_frames.sh` (see docs/performance.md).
 *
 *   bench_frames [--reps R] [--placements P] [--per-placement F] [--no-assets]
 *                [--no-warmup] [LIBRARY]
 *
 * LIBRARY defaults to $FRAMES_LIBRARY. After one untimed warm-up at a tenth
 * of the size, R samples (default 7) of the engine and of its floor,
 * interleaved (bench/bench_stats.h), each engine sample on a fresh engine:
 *
 *   A1  create P*F frames, set each one's delegate and placement
 *       (frame i -> placement i % P), not attached: the idle frames; their
 *       heap is read here (mallinfo2().uordblks).
 *   A2  attach every frame (the first attach queues the placements POST).
 *   B   pump the in-memory transport until idle: poll a request, look its
 *       URL up in a hash map, complete it with status 200 and the body. This
 *       covers the placements response (P placements, one campaign, one
 *       variant each), P content documents (~1 KB, SHA-256 checked by the
 *       engine) and P assets (2 KB, SHA-256 checked), and every render: the
 *       frame delegate's render callback calls
 *       frames_frame_report_rendered(frame, 120) and
 *       frames_frame_set_laid_out_size(frame, 390, 120) at once, so every
 *       frame reaches ready and records its impression.
 *
 * The figure, frames.load, is the engine's CPU time of A2 + B per frame
 * minus the host's own share, measured by replaying the host side alone
 * (the same URL lookups and callback bodies, as often as the engine called
 * them). The render callback's two engine calls are engine time.
 *
 * The floor, same run, same data (`ref_run`): what any engine must at
 * least do from attach to ready, with no state machine — a status callback
 * per frame, cJSON parsing the bytes the engine reads (the placements
 * response once, each content document once; floor_cjson_parse in
 * bench/floors.h), SHA-256 of every content document and asset (OpenSSL,
 * floor_sha256) compared with the expected digest, a copy of each, and the
 * same render/status/height/analytics callbacks as often as the engine
 * calls them. Its records (malloc + strdup
 * of the placement id + hash insert) are the floor of A1. The same floor
 * with the portable C SHA-256 (Tests/c/sha256.c) is printed beside it.
 *
 * Output: FIGURE lines (frames.load with a ratio target, frames.idle_heap
 * with a bytes target, and two without), then a comment line with counts.
 * Under bench_callgrind (bench/lib.sh): two samples, no warm-up; regions
 * frames.load (A2 + B, the host replay left out) and its floor.
 * Exit status: 0; 3 when a target is missed; 1 if a frame did not reach
 * ready, a count is wrong or an engine call failed; 2 for a usage or
 * loading error.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "bench_stats.h"
#include "floors.h"
#include "frames.h"
#include "sha256.h"

/* Targets: a frame from attach to ready within LOAD_RATIO x its floor (by
 * time and by instructions); an idle frame under IDLE_BYTES of heap. */
#define LOAD_RATIO 5.0
#define IDLE_BYTES 2048.0

/* ------------------------------------------------------------------------ */
/* The library, through dlopen                                               */
/* ------------------------------------------------------------------------ */

#define LIB_FUNCTIONS(X)                 \
    X(frames_version_number)             \
    X(frames_error_last_message)         \
    X(frames_engine_new)                 \
    X(frames_engine_free)                \
    X(frames_app_frames_get_enabled)     \
    X(frames_engine_poll_request)        \
    X(frames_engine_complete_request)    \
    X(frames_engine_get_next_deadline)   \
    X(frames_frame_new)                  \
    X(frames_frame_set_delegate)         \
    X(frames_frame_set_placement)        \
    X(frames_frame_attach)               \
    X(frames_frame_set_laid_out_size)    \
    X(frames_frame_report_rendered)      \
    X(frames_frame_get_status)

#define DECLARE(name) static __typeof__(name) *p_##name;
LIB_FUNCTIONS(DECLARE)
#undef DECLARE

static int load_library(const char *path)
{
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "bench_frames: %s\n", dlerror());
        return -1;
    }
#define LOAD(name)                                                                 \
    p_##name = (__typeof__(name) *)dlsym(lib, #name);                              \
    if (!p_##name) {                                                               \
        fprintf(stderr, "bench_frames: %s lacks %s\n", path, #name);               \
        return -1;                                                                 \
    }
    LIB_FUNCTIONS(LOAD)
#undef LOAD
    return 0;
}

static int failures;

static void check_rc(frames_result rc, const char *what)
{
    if (rc != FRAMES_OK) {
        if (failures++ < 10)
            fprintf(stderr, "bench_frames: %s failed (%d): %s\n", what, rc, p_frames_error_last_message());
    }
}

/* ------------------------------------------------------------------------ */
/* SHA-256: Tests/c/sha256.c, used to build the data and by the plain C      */
/* reference.                                                                */
/* ------------------------------------------------------------------------ */

static void sha256(const uint8_t *data, size_t len, uint8_t out[32])
{
    sha256_digest(data, len, out);
}

static void hex32(const uint8_t d[32], char out[65])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < 32; i++) {
        out[2 * i] = digits[d[i] >> 4];
        out[2 * i + 1] = digits[d[i] & 15];
    }
    out[64] = 0;
}

static int sha256_self_test(void)
{
    /* FIPS 180-2 examples. */
    uint8_t d[32];
    char hx[65];
    sha256((const uint8_t *)"abc", 3, d);
    hex32(d, hx);
    if (strcmp(hx, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") != 0)
        return -1;
    const char *m = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    sha256((const uint8_t *)m, strlen(m), d);
    hex32(d, hx);
    return strcmp(hx, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1") == 0 ? 0 : -1;
}

/* ------------------------------------------------------------------------ */
/* Clocks and memory                                                          */
/* ------------------------------------------------------------------------ */

typedef struct stamp {
    double cpu, wall; /* seconds */
} stamp;

static stamp now_stamp(void)
{
    struct timespec c, w;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c);
    clock_gettime(CLOCK_MONOTONIC, &w);
    return (stamp){c.tv_sec + c.tv_nsec * 1e-9, w.tv_sec + w.tv_nsec * 1e-9};
}

static stamp since(stamp a)
{
    stamp b = now_stamp();
    return (stamp){b.cpu - a.cpu, b.wall - a.wall};
}

/* Bytes malloc'd and not freed (main arena + mmap'd chunks). glibc counts
 * chunks parked in the per-thread cache (tcache) as in use, so a delta is
 * exact only to a few kB: fine per 10,000 frames, meaningless for one small
 * object (the empty engine reads 0; RESULT lines keep it for information). */
static long heap_in_use(void)
{
    struct mallinfo2 mi = mallinfo2();
    return (long)(mi.uordblks + mi.hblkhd);
}

static long status_kb(const char *key) /* VmRSS / VmHWM from /proc/self/status, kB */
{
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        return -1;
    char line[256];
    long v = -1;
    size_t n = strlen(key);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, n) == 0 && line[n] == ':') {
            v = strtol(line + n + 1, NULL, 10);
            break;
        }
    fclose(f);
    return v;
}

/* ------------------------------------------------------------------------ */
/* The data: placements response, content documents, assets                  */
/* ------------------------------------------------------------------------ */

#define PLACEMENTS_URL "https://bench.invalid/v1/placements"
#define ASSET_BYTES 2048

typedef struct response {
    const char *url;
    const uint8_t *body;
    size_t len;
} response;

typedef struct data {
    int placements, per, frames;
    int assets; /* 0 or 1 asset per content */
    char **placement_ids;
    char **content_urls, **asset_urls;
    uint8_t **contents, **asset_bytes;
    size_t *content_len;
    uint8_t (*content_digest)[32], (*asset_digest)[32];
    char *placements_json;
    size_t placements_len;
    /* The in-memory transport: URL -> response, open addressing. */
    response *table;
    size_t table_mask;
} data;

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 0x100000001b3ULL;
    return h;
}

static void map_put(data *d, const char *url, const uint8_t *body, size_t len)
{
    size_t i = fnv1a(url) & d->table_mask;
    while (d->table[i].url)
        i = (i + 1) & d->table_mask;
    d->table[i] = (response){url, body, len};
}

/* The host's transport: find the response for a URL. */
__attribute__((noinline)) static const response *map_get(const data *d, const char *url)
{
    size_t i = fnv1a(url) & d->table_mask;
    while (d->table[i].url) {
        if (strcmp(d->table[i].url, url) == 0)
            return &d->table[i];
        i = (i + 1) & d->table_mask;
    }
    return NULL;
}

static char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static char *xasprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0)
        abort();
    va_end(ap);
    return s;
}

static void build_data(data *d, int placements, int per, int assets)
{
    memset(d, 0, sizeof *d);
    d->placements = placements;
    d->per = per;
    d->frames = placements * per;
    d->assets = assets;
    int P = placements;
    d->placement_ids = calloc(P, sizeof(char *));
    d->content_urls = calloc(P, sizeof(char *));
    d->asset_urls = calloc(P, sizeof(char *));
    d->contents = calloc(P, sizeof(uint8_t *));
    d->asset_bytes = calloc(P, sizeof(uint8_t *));
    d->content_len = calloc(P, sizeof(size_t));
    d->content_digest = calloc(P, 32);
    d->asset_digest = calloc(P, 32);
    size_t cap = 16;
    while (cap < (size_t)(2 * P + 1) * 2)
        cap *= 2;
    d->table = calloc(cap, sizeof(response));
    d->table_mask = cap - 1;

    size_t json_cap = 1024 + (size_t)P * 400, json_len = 0;
    char *json = malloc(json_cap);
    json_len += (size_t)snprintf(json + json_len, json_cap - json_len, "{\"placements\":{");
    for (int p = 0; p < P; p++) {
        d->placement_ids[p] = xasprintf("home_slot_%04d", p);
        d->content_urls[p] = xasprintf("https://cdn.bench.invalid/content/home_slot_%04d_a.json", p);
        d->asset_urls[p] = xasprintf("https://cdn.bench.invalid/frames/banner_%04d.png", p);
        /* The asset: ASSET_BYTES deterministic bytes. */
        uint8_t *a = malloc(ASSET_BYTES);
        uint64_t x = 0x9E3779B97F4A7C15ULL * (uint64_t)(p + 1);
        for (int i = 0; i < ASSET_BYTES; i++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            a[i] = (uint8_t)x;
        }
        d->asset_bytes[p] = a;
        sha256(a, ASSET_BYTES, d->asset_digest[p]);
        char asset_hex[65];
        hex32(d->asset_digest[p], asset_hex);
        /* The content document: a ~700-byte template, one asset, two actions. */
        char *assets_json = assets ? xasprintf("[{\"url\":\"%s\",\"size\":%d,\"sha256\":\"%s\"}]", d->asset_urls[p],
                                               ASSET_BYTES, asset_hex)
                                   : xasprintf("[]");
        char *doc = xasprintf(
            "{\n  \"template\": {\n    \"html\": \"<!doctype html><html><head><meta name=\\\"viewport\\\" "
            "content=\\\"width=device-width\\\"><style>body{margin:0;font-family:sans-serif}.b{display:flex;"
            "align-items:center;padding:12px;background:#f4f1ea;border-radius:12px}.t{font-size:17px;"
            "font-weight:600}.s{font-size:13px;color:#555}</style></head><body><a class=\\\"b\\\" "
            "data-action=\\\"shop_now\\\"><img src=\\\"%s\\\" alt=\\\"Offer %04d\\\" width=\\\"64\\\" "
            "height=\\\"64\\\"><div><div class=\\\"t\\\">Offer number %04d for you</div><div class=\\\"s\\\">"
            "Tap to see what is new this week in slot %04d; terms apply.</div></div></a><button "
            "data-action=\\\"close\\\">\\u00d7</button></body></html>\"\n  },\n  \"assets\": %s,\n"
            "  \"actions\": [\n    {\"id\": \"shop_now\", \"deep_link\": \"app://shop/offer-%04d\", "
            "\"custom_data\": {\"coupon\": \"OFFER%04d\", \"discount_percent\": 20}},\n"
            "    {\"id\": \"learn_more\", \"deep_link\": \"https://example.com/offers/%04d\"}\n  ]\n}\n",
            d->asset_urls[p], p, p, p, assets_json, p, p, p);
        free(assets_json);
        d->contents[p] = (uint8_t *)doc;
        d->content_len[p] = strlen(doc);
        sha256(d->contents[p], d->content_len[p], d->content_digest[p]);
        char content_hex[65];
        hex32(d->content_digest[p], content_hex);
        if (json_len + 600 > json_cap) {
            json_cap *= 2;
            json = realloc(json, json_cap);
        }
        json_len += (size_t)snprintf(
            json + json_len, json_cap - json_len,
            "%s\"%s\":{\"campaigns\":[{\"id\":\"campaign_%04d\",\"priority\":\"%s\",\"created_at\":%lld,"
            "\"variants\":[{\"id\":\"A\",\"weight\":100,\"content\":{\"url\":\"%s\",\"sha256\":\"%s\"}}]}]}",
            p ? "," : "", d->placement_ids[p], p, p % 3 == 0 ? "high" : p % 3 == 1 ? "medium" : "low",
            1714550400000LL + p, d->content_urls[p], content_hex);
        map_put(d, d->content_urls[p], d->contents[p], d->content_len[p]);
        if (assets)
            map_put(d, d->asset_urls[p], d->asset_bytes[p], ASSET_BYTES);
    }
    json_len += (size_t)snprintf(json + json_len, json_cap - json_len,
                                 "},\"sdk_disabled\":false,\"server_time\":1714600000123}");
    d->placements_json = json;
    d->placements_len = json_len;
    map_put(d, PLACEMENTS_URL, (const uint8_t *)json, json_len);
}

/* ------------------------------------------------------------------------ */
/* The host: callbacks                                                        */
/* ------------------------------------------------------------------------ */

typedef struct counts {
    uint64_t status, ready, fail, height, dismiss, action, render, analytics, impression, bytes_seen;
} counts;

static counts cnt;
static int64_t now_ms = 1000;
static const double TEMPLATE_HEIGHT = 120.0;

static void on_status(frames_frame *frame, frames_frame_status status, frames_frame_status previous, void *ud)
{
    (void)frame; (void)previous; (void)ud;
    cnt.status++;
    cnt.ready += status == FRAMES_FRAME_STATUS_READY;
}

static void on_fail(frames_frame *frame, const frames_frame_error *error, void *ud)
{
    (void)frame; (void)ud;
    if (cnt.fail++ < 5)
        fprintf(stderr, "bench_frames: failed %d: %s\n", error ? error->code : 0, error ? error->message : "?");
}

static void on_height(frames_frame *frame, double h, void *ud)
{
    (void)frame; (void)ud;
    cnt.height += h == TEMPLATE_HEIGHT;
}

static void on_analytics(const frames_analytics_record *r, void *ud)
{
    (void)ud;
    cnt.analytics++;
    /* "appFrames.impression": look at the name as a real sink would. */
    cnt.impression += r->name && r->name[10] == 'i';
}

/* The render callback's host part: what a host does with the content
 * besides reporting back (here: look at it). */
__attribute__((noinline)) static void render_host_part(const frames_content *content)
{
    cnt.render++;
    if (content && content->template_html)
        cnt.bytes_seen += (uint8_t)content->template_html[0] + content->asset_count;
}

static void on_render(frames_frame *frame, const frames_content *content, void *ud)
{
    (void)ud;
    render_host_part(content);
    /* The template is "on screen" at once; the host lays it out at its height. */
    check_rc(p_frames_frame_report_rendered(frame, TEMPLATE_HEIGHT, now_ms), "frames_frame_report_rendered");
    check_rc(p_frames_frame_set_laid_out_size(frame, 390.0, TEMPLATE_HEIGHT, now_ms),
             "frames_frame_set_laid_out_size");
}

static uint64_t callbacks_total(const counts *c)
{
    return c->status + c->fail + c->height + c->dismiss + c->action + c->render + c->analytics;
}

/* ------------------------------------------------------------------------ */
/* One scenario through the engine                                            */
/* ------------------------------------------------------------------------ */

typedef struct result {
    stamp create, attach, pump;   /* A1, A2, B */
    double host_attach, host_pump; /* host-only replay CPU seconds */
    uint64_t cb_attach, cb_pump;  /* callbacks delivered in A2, B */
    uint64_t requests;
    long heap_engine;             /* heap bytes of the engine with no frame */
    long heap_idle;               /* heap bytes added by the idle frames */
    long heap_loaded;             /* heap bytes added at the end of the load (over the empty engine) */
    long heap_after_free;         /* heap bytes left after frames_engine_free (over before creation) */
    long rss_idle_kb, rss_loaded_kb, hwm_kb;
    int not_ready;
} result;

static const char CONFIG[] = "{\"CFBundleIdentifier\":\"com.example.bench\","
                             "\"Insider\":{\"Partner Name\":\"bench\",\"App Frames Enabled\":true}}";

/* Host-only replays: the same host work, without the engine. The callbacks
 * are called through volatile function pointers so the compiler keeps them. */
__attribute__((noinline)) static double replay_attach_host(frames_frame **frames, int n, uint64_t status_calls)
{
    void (*volatile status_cb)(frames_frame *, frames_frame_status, frames_frame_status, void *) = on_status;
    counts saved = cnt;
    stamp t = now_stamp();
    for (int i = 0; i < n; i++)
        __asm__ volatile("" ::"r"(frames[i]) : "memory"); /* the loop over the handles */
    for (uint64_t i = 0; i < status_calls; i++)
        status_cb(NULL, FRAMES_FRAME_STATUS_RESOLVING, FRAMES_FRAME_STATUS_NO_PLACEMENT, NULL);
    double s = since(t).cpu;
    cnt = saved;
    return s;
}

__attribute__((noinline)) static double replay_pump_host(const data *d, const counts *c)
{
    void (*volatile status_cb)(frames_frame *, frames_frame_status, frames_frame_status, void *) = on_status;
    void (*volatile height_cb)(frames_frame *, double, void *) = on_height;
    void (*volatile render_cb)(const frames_content *) = render_host_part;
    void (*volatile analytics_cb)(const frames_analytics_record *, void *) = on_analytics;
    static const char html[] = "<!doctype html>";
    frames_content content = {"p", "c", "A", html, 1, NULL, 2, NULL};
    frames_analytics_record record = {.name = "appFrames.impression"};
    counts saved = cnt;
    stamp t = now_stamp();
    /* The transport: one lookup per request the engine made. */
    const response *sink = map_get(d, PLACEMENTS_URL);
    for (int p = 0; p < d->placements; p++) {
        sink = map_get(d, d->content_urls[p]);
        if (d->assets)
            sink = map_get(d, d->asset_urls[p]);
    }
    __asm__ volatile("" ::"r"(sink) : "memory");
    for (uint64_t i = 0; i < c->status; i++)
        status_cb(NULL, (frames_frame_status)(i & 7), 0, NULL);
    for (uint64_t i = 0; i < c->height; i++)
        height_cb(NULL, TEMPLATE_HEIGHT, NULL);
    for (uint64_t i = 0; i < c->render; i++)
        render_cb(&content);
    for (uint64_t i = 0; i < c->analytics; i++)
        analytics_cb(&record, NULL);
    double s = since(t).cpu;
    cnt = saved;
    return s;
}

__attribute__((noinline)) static void phase_create(frames_engine *engine, const data *d, frames_frame **frames)
{
    frames_frame_delegate delegate = FRAMES_FRAME_DELEGATE_INIT;
    delegate.render = on_render;
    delegate.status_changed = on_status;
    delegate.failed = on_fail;
    delegate.height_requested = on_height;
    for (int i = 0; i < d->frames; i++) {
        check_rc(p_frames_frame_new(engine, &frames[i]), "frames_frame_new");
        check_rc(p_frames_frame_set_delegate(frames[i], &delegate), "frames_frame_set_delegate");
        check_rc(p_frames_frame_set_placement(frames[i], d->placement_ids[i % d->placements], now_ms),
                 "frames_frame_set_placement");
    }
}

__attribute__((noinline)) static void phase_attach(const data *d, frames_frame **frames)
{
    for (int i = 0; i < d->frames; i++)
        check_rc(p_frames_frame_attach(frames[i], now_ms), "frames_frame_attach");
}

__attribute__((noinline)) static uint64_t phase_pump(frames_engine *engine, const data *d)
{
    uint64_t requests = 0;
    for (;;) {
        frames_request req;
        bool available = false;
        check_rc(p_frames_engine_poll_request(engine, &req, &available), "frames_engine_poll_request");
        if (!available)
            break;
        requests++;
        const response *r = map_get(d, req.url);
        if (!r) {
            fprintf(stderr, "bench_frames: no response for %s\n", req.url);
            failures++;
            check_rc(p_frames_engine_complete_request(engine, req.id, 404, NULL, NULL, 0, NULL, 0, now_ms),
                     "frames_engine_complete_request");
            continue;
        }
        check_rc(p_frames_engine_complete_request(engine, req.id, 200, NULL, NULL, 0, r->body, r->len, now_ms),
                 "frames_engine_complete_request");
    }
    return requests;
}

static void run_engine(const data *d, result *res)
{
    memset(res, 0, sizeof *res);
    frames_frame **frames = calloc((size_t)d->frames, sizeof *frames);
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    host.analytics = on_analytics;
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    options.placements_url = PLACEMENTS_URL;
    options.device_id = "bench-device";

    long h0 = heap_in_use();
    frames_engine *engine = NULL;
    check_rc(p_frames_engine_new(&options, (const uint8_t *)CONFIG, sizeof CONFIG - 1, &host, &engine), "frames_engine_new");
    if (!engine)
        exit(1);
    bool enabled = false;
    p_frames_app_frames_get_enabled(engine, &enabled);
    if (!enabled) {
        fprintf(stderr, "bench_frames: App Frames are not enabled by the configuration\n");
        exit(1);
    }
    long h1 = heap_in_use();
    res->heap_engine = h1 - h0;

    /* A1: idle frames. */
    stamp t = now_stamp();
    phase_create(engine, d, frames);
    res->create = since(t);
    res->heap_idle = heap_in_use() - h1;
    res->rss_idle_kb = status_kb("VmRSS");

    /* A2: attach. */
    counts c0 = cnt;
    bench_ir_begin();
    t = now_stamp();
    phase_attach(d, frames);
    res->attach = since(t);
    bench_ir_pause();
    res->cb_attach = callbacks_total(&cnt) - callbacks_total(&c0);
    res->host_attach = replay_attach_host(frames, d->frames, cnt.status - c0.status);

    /* B: pump. */
    counts c1 = cnt;
    bench_ir_resume();
    t = now_stamp();
    res->requests = phase_pump(engine, d);
    res->pump = since(t);
    bench_ir_end("frames.load", "figure", d->frames, (bench_target){ BENCH_RATIO_AT_MOST, LOAD_RATIO });
    counts db = {cnt.status - c1.status, cnt.ready - c1.ready, cnt.fail - c1.fail, cnt.height - c1.height,
                 cnt.dismiss - c1.dismiss, cnt.action - c1.action, cnt.render - c1.render,
                 cnt.analytics - c1.analytics, cnt.impression - c1.impression, 0};
    res->cb_pump = callbacks_total(&db);
    res->host_pump = replay_pump_host(d, &db);

    res->heap_loaded = heap_in_use() - h1;
    res->rss_loaded_kb = status_kb("VmRSS");
    res->hwm_kb = status_kb("VmHWM");

    /* Verify: every frame ready, one render, height change and impression
     * each, no failure, nothing left timed. */
    for (int i = 0; i < d->frames; i++) {
        frames_frame_status s = -1;
        check_rc(p_frames_frame_get_status(frames[i], &s), "frames_frame_get_status");
        res->not_ready += s != FRAMES_FRAME_STATUS_READY;
    }
    uint64_t expect_requests = 1 + (uint64_t)d->placements * (1 + (uint64_t)d->assets);
    if (res->not_ready || db.render != (uint64_t)d->frames || db.ready != (uint64_t)d->frames ||
        db.impression != (uint64_t)d->frames || db.height != (uint64_t)d->frames || db.fail ||
        res->requests != expect_requests) {
        fprintf(stderr,
                "bench_frames: unexpected outcome: %d not ready, %llu renders, %llu ready, %llu impressions, "
                "%llu height changes, %llu failures, %llu requests (expected %llu)\n",
                res->not_ready, (unsigned long long)db.render, (unsigned long long)db.ready,
                (unsigned long long)db.impression, (unsigned long long)db.height, (unsigned long long)db.fail,
                (unsigned long long)res->requests, (unsigned long long)expect_requests);
        failures++;
    }
    int64_t deadline = 0;
    bool has_deadline = true;
    check_rc(p_frames_engine_get_next_deadline(engine, &deadline, &has_deadline), "frames_engine_get_next_deadline");
    if (has_deadline) {
        fprintf(stderr, "bench_frames: the engine still has a deadline at %lld after the load\n", (long long)deadline);
        failures++;
    }

    check_rc(p_frames_engine_free(engine), "frames_engine_free");
    free(frames);
    res->heap_after_free = heap_in_use() - h0;
}

/* ------------------------------------------------------------------------ */
/* The plain C floor (reference)                                              */
/* ------------------------------------------------------------------------ */

typedef struct ref_frame {
    uint64_t id;
    char *placement_id;
    int32_t status;
    int32_t placement;
    double height;
    const uint8_t *content;
} ref_frame;

typedef struct ref_result {
    double create_cpu, load_cpu; /* seconds: the records; attach -> ready */
    long heap_idle;
} ref_result;

/* The floor's hash: OpenSSL's SHA-256 (floor_sha256, bench/floors.h), or
 * with `portable` the plain C one the data is built with (Tests/c/sha256.c). */
static void ref_sha256(int portable, const uint8_t *data, size_t len, uint8_t out[32])
{
    if (portable)
        sha256(data, len, out);
    else
        floor_sha256(data, len, out);
}

__attribute__((noinline)) static void ref_run(const data *d, ref_result *out, int portable)
{
    void (*volatile status_cb)(frames_frame *, frames_frame_status, frames_frame_status, void *) = on_status;
    void (*volatile height_cb)(frames_frame *, double, void *) = on_height;
    void (*volatile render_cb)(const frames_content *) = render_host_part;
    void (*volatile analytics_cb)(const frames_analytics_record *, void *) = on_analytics;
    counts saved = cnt;
    int n = d->frames, P = d->placements;

    long h0 = heap_in_use();
    stamp t = now_stamp();
    /* Frames: records, a copy of the placement id, an id -> frame index. */
    size_t cap = 16;
    while (cap < (size_t)n * 2)
        cap *= 2;
    ref_frame **index = calloc(cap, sizeof *index);
    ref_frame **list = malloc((size_t)n * sizeof *list);
    for (int i = 0; i < n; i++) {
        ref_frame *f = calloc(1, sizeof *f);
        f->id = (uint64_t)i + 1;
        f->placement_id = strdup(d->placement_ids[i % P]);
        f->placement = i % P;
        size_t h = (f->id * 0x9E3779B97F4A7C15ULL) & (cap - 1);
        while (index[h])
            h = (h + 1) & (cap - 1);
        index[h] = f;
        list[i] = f;
    }
    long heap_idle = heap_in_use() - h0;
    out->create_cpu = since(t).cpu;
    /* Attach -> ready: what a frame load's figure is set beside. */
    if (!portable)
        bench_ir_begin();
    t = now_stamp();
    /* Attach: one status callback each. */
    for (int i = 0; i < n; i++) {
        list[i]->status = FRAMES_FRAME_STATUS_RESOLVING;
        status_cb(NULL, FRAMES_FRAME_STATUS_RESOLVING, FRAMES_FRAME_STATUS_NO_PLACEMENT, NULL);
    }
    /* The placements response, parsed once (cJSON, floor_cjson_parse). */
    if (floor_cjson_parse(d->placements_json, d->placements_len) != 3)
        abort();
    /* Downloads: hash, parse and keep every document; hash and keep every
     * asset. */
    uint8_t **kept = calloc((size_t)P * 2, sizeof *kept);
    for (int p = 0; p < P; p++) {
        uint8_t digest[32];
        ref_sha256(portable, d->contents[p], d->content_len[p], digest);
        if (memcmp(digest, d->content_digest[p], 32) != 0)
            abort();
        if (floor_cjson_parse((const char *)d->contents[p], d->content_len[p]) != 3)
            abort();
        kept[2 * p] = malloc(d->content_len[p]);
        memcpy(kept[2 * p], d->contents[p], d->content_len[p]);
        if (d->assets) {
            ref_sha256(portable, d->asset_bytes[p], ASSET_BYTES, digest);
            if (memcmp(digest, d->asset_digest[p], 32) != 0)
                abort();
            kept[2 * p + 1] = malloc(ASSET_BYTES);
            memcpy(kept[2 * p + 1], d->asset_bytes[p], ASSET_BYTES);
        }
    }
    /* Every frame: downloading, rendering, render, ready, height, impression. */
    static const char html[] = "<!doctype html>";
    frames_content content = {"p", "c", "A", html, 1, NULL, 2, NULL};
    frames_analytics_record record = {.name = "appFrames.impression"};
    for (int i = 0; i < n; i++) {
        ref_frame *f = list[i];
        status_cb(NULL, FRAMES_FRAME_STATUS_DOWNLOADING, FRAMES_FRAME_STATUS_RESOLVING, NULL);
        f->content = kept[2 * f->placement];
        status_cb(NULL, FRAMES_FRAME_STATUS_RENDERING, FRAMES_FRAME_STATUS_DOWNLOADING, NULL);
        render_cb(&content);
        f->height = TEMPLATE_HEIGHT;
        f->status = FRAMES_FRAME_STATUS_READY;
        status_cb(NULL, FRAMES_FRAME_STATUS_READY, FRAMES_FRAME_STATUS_RENDERING, NULL);
        height_cb(NULL, f->height, NULL);
        analytics_cb(&record, NULL);
    }
    out->load_cpu = since(t).cpu;
    if (!portable)
        bench_ir_end("frames.load", "floor:plain C, cJSON, OpenSSL SHA-256", n, BENCH_NONE);
    for (int p = 0; p < 2 * P; p++)
        free(kept[p]);
    free(kept);
    for (int i = 0; i < n; i++) {
        free(list[i]->placement_id);
        free(list[i]);
    }
    free(list);
    free(index);
    out->heap_idle = heap_idle;
    cnt = saved;
}

/* ------------------------------------------------------------------------ */
/* Main                                                                       */
/* ------------------------------------------------------------------------ */

/* ------------------------------------------------------------------------ */
/* Main: the engine and its floor, interleaved                                */
/* ------------------------------------------------------------------------ */

typedef struct run {
    const data *d;
    bench_series create, idle, portable, floor_create, floor_idle;
    result last;
    long hwm_first_kb;
} run;

/* One engine load: engine ns per frame, attach -> ready. */
static double sample_engine(void *ctx)
{
    run *r = ctx;
    result res;
    run_engine(r->d, &res);
    if (!r->hwm_first_kb)
        r->hwm_first_kb = res.hwm_kb;
    bench_add(&r->create, 1e9 * res.create.cpu / r->d->frames);
    bench_add(&r->idle, (double)res.heap_idle / r->d->frames);
    r->last = res;
    return 1e9 * (res.attach.cpu - res.host_attach + res.pump.cpu - res.host_pump) / r->d->frames;
}

/* The floor: ns per frame, attach -> ready, OpenSSL's SHA-256; the same with
 * the portable C SHA-256 beside it (recorded, not the floor). */
static double sample_floor(void *ctx)
{
    run *r = ctx;
    ref_result ref, portable;
    ref_run(r->d, &portable, 1);
    ref_run(r->d, &ref, 0);
    bench_add(&r->portable, 1e9 * portable.load_cpu / r->d->frames);
    bench_add(&r->floor_create, 1e9 * ref.create_cpu / r->d->frames);
    bench_add(&r->floor_idle, (double)ref.heap_idle / r->d->frames);
    return 1e9 * ref.load_cpu / r->d->frames;
}

int main(int argc, char **argv)
{
    int reps = 7, placements = 1000, per = 10, assets = 1, warmup = 1, missed = 0;
    const char *lib_path = getenv("FRAMES_LIBRARY");
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--placements") && i + 1 < argc)
            placements = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--per-placement") && i + 1 < argc)
            per = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--no-assets"))
            assets = 0;
        else if (!strcmp(argv[i], "--no-warmup"))
            warmup = 0;
        else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: bench_frames [--reps R] [--placements P] [--per-placement F] [--no-assets] "
                            "[--no-warmup] [LIBRARY]\n");
            return 2;
        } else
            lib_path = argv[i];
    }
    if (bench_under_callgrind()) {
        reps = 2; /* the smaller of two regions per side */
        warmup = 0;
    }
    if (reps < 1 || reps > BENCH_MAX_REPS || placements < 1 || placements > 9999 || per < 1) {
        fprintf(stderr, "bench_frames: bad sizes\n");
        return 2;
    }
    if (!lib_path) {
        fprintf(stderr, "bench_frames: no library (pass a path or set FRAMES_LIBRARY)\n");
        return 2;
    }
    if (sha256_self_test() != 0) {
        fprintf(stderr, "bench_frames: SHA-256 self-test failed\n");
        return 2;
    }
    if (load_library(lib_path) != 0)
        return 2;

    data d;
    build_data(&d, placements, per, assets);
    size_t content_total = 0;
    for (int p = 0; p < placements; p++)
        content_total += d.content_len[p];
    if (!bench_under_callgrind())
        printf("# %d frames over %d placements (%d each), 1 campaign/variant per placement; placements response "
               "%zu bytes, content documents %zu bytes on average, %s; library version %u\n",
               d.frames, placements, per, d.placements_len, content_total / (size_t)placements,
               assets ? "1 asset of 2048 bytes each" : "no assets", p_frames_version_number());

    long hwm_base_kb = 0;
    if (warmup) {
        data w;
        build_data(&w, placements / 10 > 0 ? placements / 10 : 1, per, assets);
        run wr = {.d = &w};
        sample_engine(&wr);
        sample_floor(&wr);
        hwm_base_kb = status_kb("VmHWM");
    }

    run r = {.d = &d};
    bench_series figure = {0}, floor = {0};
    bench_interleave(reps, sample_engine, &r, &figure, sample_floor, &r, &floor);
    if (failures) {
        fprintf(stderr, "bench_frames: FAILED (%d error(s))\n", failures);
        return 1;
    }
    if (bench_under_callgrind())
        return 0;

    bench_series whole = {0}, whole_floor = {0};
    for (int i = 0; i < figure.n; i++) {
        bench_add(&whole, figure.v[i] + r.create.v[i]);
        bench_add(&whole_floor, floor.v[i] + r.floor_create.v[i]);
    }
    missed |= bench_report("frames.load", "us", &figure, "plain C, cJSON, OpenSSL SHA-256", &floor,
                           (bench_target){ BENCH_RATIO_AT_MOST, LOAD_RATIO });
    bench_report("frames.load_portable_sha", "us", &figure, "plain C, cJSON, portable C SHA-256", &r.portable, BENCH_NONE);
    bench_report("frames.create_to_ready", "us", &whole, "plain C, cJSON, OpenSSL SHA-256", &whole_floor, BENCH_NONE);
    missed |= bench_report("frames.idle_heap", "B", &r.idle, "C records", &r.floor_idle,
                           (bench_target){ BENCH_FIGURE_BELOW, IDLE_BYTES });
    const result *last = &r.last;
    printf("# per load: %llu callbacks, %llu requests; heap per frame after the load %.0f B; host work replayed "
           "and subtracted %.2f us per frame; peak RSS +%ld kB over the warm-up's\n",
           (unsigned long long)(last->cb_attach + last->cb_pump), (unsigned long long)last->requests,
           (double)last->heap_loaded / d.frames, 1e6 * (last->host_attach + last->host_pump) / d.frames,
           r.hwm_first_kb - hwm_base_kb);
    return missed ? 3 : 0;
}
