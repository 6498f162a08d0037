/*
 * curl_transport.c — libcurl performs libframes' requests (see
 * curl_transport.h and curl_host.c for the loop around it).
 */
#define _POSIX_C_SOURCE 200809L

#include "curl_transport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Bodies larger than this are refused: the engine's own asset limit is
 * 500 KB (AF-14), so anything near this is not content. */
#define MAX_BODY_BYTES (16u * 1024u * 1024u)
#define MAX_HEADERS 64

int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* --- one request, as curl performs it ------------------------------------ */

struct transfer {
    uint64_t id;
    int64_t deadline_ms;
    char *url;
    CURL *easy;
    struct curl_slist *request_headers;
    unsigned char *body;
    size_t body_len;
    bool body_too_large;
    size_t header_count;
    char *header_names[MAX_HEADERS];
    char *header_values[MAX_HEADERS];
    char error[CURL_ERROR_SIZE];
    /* In the host's waiting queue, then in its list of running transfers. */
    struct transfer *next;
};

static char *copy_text(const char *text, size_t len) {
    char *copy = malloc(len + 1);
    if (copy) {
        memcpy(copy, text, len);
        copy[len] = '\0';
    }
    return copy;
}

static void clear_headers(transfer *t) {
    size_t i;
    for (i = 0; i < t->header_count; i++) {
        free(t->header_names[i]);
        free(t->header_values[i]);
    }
    t->header_count = 0;
}

static void transfer_free(transfer *t) {
    if (!t) return;
    if (t->easy) curl_easy_cleanup(t->easy);
    curl_slist_free_all(t->request_headers);
    clear_headers(t);
    free(t->body);
    free(t->url);
    free(t);
}

static size_t on_body(char *data, size_t size, size_t count, void *user_data) {
    transfer *t = user_data;
    size_t len = size * count;
    unsigned char *grown;
    if (len > MAX_BODY_BYTES - t->body_len) {
        t->body_too_large = true;
        return 0; /* curl stops with CURLE_WRITE_ERROR */
    }
    grown = realloc(t->body, t->body_len + len + 1);
    if (!grown) return 0;
    memcpy(grown + t->body_len, data, len);
    t->body = grown;
    t->body_len += len;
    return len;
}

/* Collects the response's headers for the engine. A new status line (a
 * 1xx before the real answer) starts over. Only printable ASCII is passed
 * on: the engine refuses headers that are not UTF-8. */
static size_t on_header(char *data, size_t size, size_t count, void *user_data) {
    transfer *t = user_data;
    size_t len = size * count, name_len, i;
    const char *colon, *value, *end = data + len;
    if (len >= 5 && memcmp(data, "HTTP/", 5) == 0) {
        clear_headers(t);
        return len;
    }
    while (end > data && (end[-1] == '\r' || end[-1] == '\n')) end--;
    colon = memchr(data, ':', (size_t)(end - data));
    if (!colon || colon == data || t->header_count == MAX_HEADERS) return len;
    for (i = 0; data + i < end; i++)
        if ((unsigned char)data[i] < 0x20 || (unsigned char)data[i] > 0x7e) return len;
    name_len = (size_t)(colon - data);
    value = colon + 1;
    while (value < end && (*value == ' ' || *value == '\t')) value++;
    t->header_names[t->header_count] = copy_text(data, name_len);
    t->header_values[t->header_count] = copy_text(value, (size_t)(end - value));
    if (!t->header_names[t->header_count] || !t->header_values[t->header_count]) {
        free(t->header_names[t->header_count]);
        free(t->header_values[t->header_count]);
        return 0;
    }
    t->header_count++;
    return len;
}

/* Copies a polled request into a configured curl handle: the request's
 * strings and body are borrowed only until the next call on the engine. */
static transfer *transfer_new(const frames_request *request) {
    transfer *t = calloc(1, sizeof *t);
    size_t i;
    if (!t) return NULL;
    t->id = request->id;
    t->deadline_ms = request->deadline_ms;
    t->url = copy_text(request->url, strlen(request->url));
    t->easy = curl_easy_init();
    if (!t->url || !t->easy) goto fail;
    for (i = 0; i < request->header_count; i++) {
        size_t n = strlen(request->header_names[i]) + strlen(request->header_values[i]) + 3;
        char *line = malloc(n);
        struct curl_slist *grown;
        if (!line) goto fail;
        snprintf(line, n, "%s: %s", request->header_names[i], request->header_values[i]);
        grown = curl_slist_append(t->request_headers, line);
        free(line);
        if (!grown) goto fail;
        t->request_headers = grown;
    }
    {
        /* No "Expect: 100-continue" round trip before a POST body. */
        struct curl_slist *grown = curl_slist_append(t->request_headers, "Expect:");
        if (!grown) goto fail;
        t->request_headers = grown;
    }
    curl_easy_setopt(t->easy, CURLOPT_URL, t->url);
    curl_easy_setopt(t->easy, CURLOPT_PRIVATE, t);
    curl_easy_setopt(t->easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(t->easy, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(t->easy, CURLOPT_HTTPHEADER, t->request_headers);
    curl_easy_setopt(t->easy, CURLOPT_ERRORBUFFER, t->error);
    curl_easy_setopt(t->easy, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(t->easy, CURLOPT_WRITEDATA, t);
    curl_easy_setopt(t->easy, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(t->easy, CURLOPT_HEADERDATA, t);
    if (strcmp(request->method, "POST") == 0) {
        curl_easy_setopt(t->easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_len);
        curl_easy_setopt(t->easy, CURLOPT_COPYPOSTFIELDS, request->body_len ? (const char *)request->body : "");
    } else if (strcmp(request->method, "GET") != 0) {
        curl_easy_setopt(t->easy, CURLOPT_CUSTOMREQUEST, request->method);
    }
    return t;
fail:
    transfer_free(t);
    return NULL;
}

/* --- the host: transfers in flight and waiting --------------------------- */

static transfer *transfer_of(CURL *easy) {
    void *t = NULL;
    curl_easy_getinfo(easy, CURLINFO_PRIVATE, &t);
    return t;
}

static void answer_engine_error(const char *what, frames_result rc) {
    /* NOT_FOUND: the engine no longer waits for this answer (it timed the
     * request out, or a login or revoked consent dropped it). Not a bug. */
    if (rc != FRAMES_OK && rc != FRAMES_ERR_NOT_FOUND)
        fprintf(stderr, "curl_host: %s: %s\n", what, frames_error_last_message());
}

/* Step 1: every request the engine has goes to curl, or waits for a free
 * slot in the order the engine issued it. */
bool take_requests(host *h) {
    bool took = false;
    for (;;) {
        frames_request request;
        bool available = false;
        transfer *t;
        if (frames_engine_poll_request(h->engine, &request, &available) != FRAMES_OK || !available) return took;
        took = true;
        t = transfer_new(&request);
        if (!t) {
            answer_engine_error("fail_request",
                                frames_engine_fail_request(h->engine, request.id, "out of memory", now_ms()));
            continue;
        }
        printf("request %llu %s %s\n", (unsigned long long)t->id, request.method, t->url);
        if (h->waiting_tail) h->waiting_tail->next = t;
        else h->waiting_head = t;
        h->waiting_tail = t;
    }
}

void start_waiting(host *h) {
    while (h->waiting_head && h->running < h->max_parallel) {
        transfer *t = h->waiting_head;
        int64_t left = t->deadline_ms - now_ms();
        h->waiting_head = t->next;
        if (!h->waiting_head) h->waiting_tail = NULL;
        t->next = NULL;
        if (left <= 0) { /* timed out while waiting: the engine knows */
            transfer_free(t);
            continue;
        }
        curl_easy_setopt(t->easy, CURLOPT_TIMEOUT_MS, (long)left);
        if (curl_multi_add_handle(h->multi, t->easy) != CURLM_OK) {
            answer_engine_error("fail_request", frames_engine_fail_request(h->engine, t->id, "curl_multi_add_handle failed", now_ms()));
            transfer_free(t);
            continue;
        }
        t->next = h->running_list;
        h->running_list = t;
        h->running++;
    }
}

static void forget_running(host *h, transfer *t) {
    transfer **link = &h->running_list;
    while (*link && *link != t) link = &(*link)->next;
    if (*link) *link = t->next;
    curl_multi_remove_handle(h->multi, t->easy);
    h->running--;
}

/* Step 2: answers the engine for every transfer curl has finished. */
bool finish_transfers(host *h) {
    bool finished = false;
    CURLMsg *msg;
    int left;
    while ((msg = curl_multi_info_read(h->multi, &left)) != NULL) {
        transfer *t;
        CURLcode result;
        if (msg->msg != CURLMSG_DONE) continue;
        result = msg->data.result;
        t = transfer_of(msg->easy_handle);
        forget_running(h, t);
        finished = true;
        if (result == CURLE_OK) {
            long status = 0;
            curl_easy_getinfo(t->easy, CURLINFO_RESPONSE_CODE, &status);
            printf("answer %llu %ld %s (%zu bytes)\n", (unsigned long long)t->id, status, t->url, t->body_len);
            answer_engine_error("complete_request",
                                frames_engine_complete_request(h->engine, t->id, (int32_t)status,
                                                               (const char *const *)t->header_names,
                                                               (const char *const *)t->header_values, t->header_count,
                                                               t->body, t->body_len, now_ms()));
        } else if (result == CURLE_OPERATION_TIMEDOUT) {
            /* The request's deadline has passed: the engine times it out
             * itself (step 3), with its own message. */
            printf("timeout %llu %s\n", (unsigned long long)t->id, t->url);
        } else {
            char message[CURL_ERROR_SIZE + 64];
            snprintf(message, sizeof message, "%s", t->body_too_large ? "response body over 16 MiB"
                                                    : t->error[0]     ? t->error
                                                                      : curl_easy_strerror(result));
            printf("failed %llu %s: %s\n", (unsigned long long)t->id, t->url, message);
            answer_engine_error("fail_request", frames_engine_fail_request(h->engine, t->id, message, now_ms()));
        }
        transfer_free(t);
    }
    return finished;
}

void host_drop_transfers(host *h) {
    while (h->waiting_head) {
        transfer *t = h->waiting_head;
        h->waiting_head = t->next;
        transfer_free(t);
    }
    h->waiting_tail = NULL;
    while (h->running_list) {
        transfer *t = h->running_list;
        forget_running(h, t);
        transfer_free(t);
    }
}
