/*
 * test_state_blob.c — the durable-state blob's checksum through the C API
 * (SPEC XC-10, XC-07): a blob that frames_engine_export_state wrote, with
 * one payload byte changed afterwards and its CRC-32 left as it was, is
 * refused by frames_engine_import_state with FRAMES_ERR_INVALID_ARGUMENT
 * and a message naming the checksum (the check in StateBlob.decode,
 * Sources/FramesCore/Core/StateBlob.swift).
 *
 * The changed byte is inside a message id of the shown-once ledger, so the
 * payload still reads as a well-formed blob: the checksum is the only thing
 * that can tell. Imported, it would quietly replace the ledger's entry.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "frames_test.h"

#define WALL0 1714550400000LL
#define HEADER_BYTES 16

static int presented;

static void on_present(const frames_message *m, void *user_data) {
    (void)m;
    (void)user_data;
    presented++;
}

static const char push[] =
    "{\"frames_message\":{\"id\":\"ledger-entry-7\",\"sent_at\":1714550400000,"
    "\"content\":{\"title\":{\"text\":\"Hi\"}}}}";

static frames_engine *new_engine(void) {
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_engine *engine = NULL;
    host.present_message = on_present;
    CHECK_RESULT(frames_engine_new(NULL, NULL, 0, &host, &engine), FRAMES_OK);
    return engine;
}

static void hand_in(frames_engine *engine, int64_t now) {
    frames_notification_result result = -1;
    CHECK_RESULT(frames_engine_handle_notification(engine, (const uint8_t *)push, strlen(push), now, &result), FRAMES_OK);
    CHECK_RESULT(frames_engine_on_timeout(engine, now), FRAMES_OK);
}

/* Where `needle` starts in the payload of `blob`; 0 if it is not there. */
static size_t find_in_payload(const uint8_t *blob, size_t len, const char *needle) {
    size_t n = strlen(needle), i;
    for (i = HEADER_BYTES; i + n <= len; i++)
        if (memcmp(blob + i, needle, n) == 0) return i;
    return 0;
}

int main(void) {
    frames_engine *first = new_engine(), *second;
    const uint8_t *borrowed = NULL;
    uint8_t *blob;
    size_t len = 0, at;

    /* An exported blob whose ledger holds ledger-entry-7. */
    hand_in(first, 10);
    CHECK_INT(presented, 1);
    CHECK_RESULT(frames_engine_export_state(first, 20, WALL0 + 20, &borrowed, &len), FRAMES_OK);
    blob = malloc(len);
    if (!blob) return 1;
    memcpy(blob, borrowed, len);
    frames_engine_free(first);
    at = find_in_payload(blob, len, "ledger-entry-7");
    CHECK(at > 0);

    ft_section("XC-10 XC-07", "one payload byte changed after export, checksum left as is: refused, naming the checksum");
    second = new_engine();
    blob[at] = 'L'; /* "Ledger-entry-7": still a valid id, so only the CRC-32 can notice */
    CHECK_RESULT(frames_engine_import_state(second, blob, len, 0, WALL0 + 100), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("checksum");
    frames_engine_free(second);

    /* The same blob unchanged imports, and its ledger holds: the refusal
     * above was about the changed byte, not the blob. */
    ft_section("XC-10 IM-03", "the unchanged blob imports, and the message it remembers is not presented again");
    second = new_engine();
    blob[at] = 'l';
    CHECK_RESULT(frames_engine_import_state(second, blob, len, 0, WALL0 + 100), FRAMES_OK);
    hand_in(second, 10);
    CHECK_INT(presented, 1);
    frames_engine_free(second);
    free(blob);
    return ft_finish("test_state_blob");
}
