/*
 * curl_transport.h — the transport half of curl_host.c: libcurl's multi
 * interface performing libframes' requests concurrently on the engine's
 * owner thread (XC-01, XC-02). curl_host.c is the loop and the App Frames
 * host; this is what any C host with libcurl can take as it is.
 */
#ifndef CURL_TRANSPORT_H
#define CURL_TRANSPORT_H

#include <curl/curl.h>
#include <stdbool.h>
#include <stdint.h>

#include "frames.h"

typedef struct transfer transfer;

/* The requests of one engine: in flight in curl, and waiting for a free
 * slot (at most max_parallel run at once). */
typedef struct host {
    frames_engine *engine;
    CURLM *multi;
    int max_parallel;
    int running;
    transfer *waiting_head, *waiting_tail;
    transfer *running_list;
} host;

/* The host's monotonic clock, in ms: the engine's `now_ms`. */
int64_t now_ms(void);

/* Step 1: every request the engine has goes to curl, or waits for a free
 * slot in the order the engine issued it. Whether any was taken. */
bool take_requests(host *h);

/* Starts waiting transfers while slots are free (a transfer whose deadline
 * passed while waiting is dropped: the engine times it out itself). */
void start_waiting(host *h);

/* Step 2: answers the engine for every transfer curl has finished: the
 * status, headers and body, or the transport failure. Whether any did. */
bool finish_transfers(host *h);

/* Frees every transfer still waiting or running. */
void host_drop_transfers(host *h);

#endif /* CURL_TRANSPORT_H */
