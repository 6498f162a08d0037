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
 *
 * Also: a header whose reserved field is not 0 is refused; a refused import
 * changes nothing (the export is the same bytes, the ledger still holds);
 * a push handed in from another thread after a restart but before the
 * import is not presented again (IM-03), though the engine starts active.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "frames_test.h"
#include "recording_check.h"

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

/* Every engine is recorded; free_engine replays its recording (XC-12,
 * XC-13): imports, refused ones included, and a push from another thread. */
static ft_recording recording;

static frames_engine *new_engine(void) {
    frames_engine_options options = FRAMES_ENGINE_OPTIONS_INIT;
    frames_host_callbacks host = FRAMES_HOST_CALLBACKS_INIT;
    frames_messages_delegate messages = FRAMES_MESSAGES_DELEGATE_INIT;
    frames_engine *engine = NULL;
    messages.present = on_present;
    ft_record_into(&options, &recording);
    CHECK_RESULT(frames_engine_new(&options, NULL, 0, &host, &engine), FRAMES_OK);
    CHECK_RESULT(frames_messages_set_delegate(engine, &messages), FRAMES_OK);
    return engine;
}

static void free_engine(frames_engine *engine) {
    CHECK_RESULT(frames_engine_free(engine), FRAMES_OK);
    ft_section("XC-12 XC-13", "the engine's recording replays identically");
    ft_check_replay(&recording, "a state blob engine");
}

static void hand_in(frames_engine *engine, int64_t now) {
    frames_notification_result result = -1;
    CHECK_RESULT(frames_messages_handle_notification(engine, (const uint8_t *)push, strlen(push), now, &result), FRAMES_OK);
    CHECK_RESULT(frames_engine_on_timeout(engine, now), FRAMES_OK);
}

/* Where `needle` starts in the payload of `blob`; 0 if it is not there. */
static size_t find_in_payload(const uint8_t *blob, size_t len, const char *needle) {
    size_t n = strlen(needle), i;
    for (i = HEADER_BYTES; i + n <= len; i++)
        if (memcmp(blob + i, needle, n) == 0) return i;
    return 0;
}

/* A copy of the engine's export at (now, WALL0 + now). */
static uint8_t *export_copy(frames_engine *engine, int64_t now, size_t *len) {
    const uint8_t *borrowed = NULL;
    uint8_t *copy;
    CHECK_RESULT(frames_engine_export_state(engine, now, WALL0 + now, &borrowed, len), FRAMES_OK);
    copy = malloc(*len ? *len : 1);
    if (copy && *len) memcpy(copy, borrowed, *len);
    return copy;
}

static void *hand_in_from_thread(void *engine) {
    frames_notification_result result = -1;
    frames_messages_handle_notification(engine, (const uint8_t *)push, strlen(push), 5, &result);
    return NULL;
}

static void test_refusals_change_nothing(const uint8_t *good, size_t good_len) {
    frames_engine *engine = new_engine();
    uint8_t *bad = malloc(good_len), *before, *after;
    size_t before_len = 0, after_len = 0;
    if (!bad) return;
    CHECK_RESULT(frames_engine_import_state(engine, good, good_len, 0, WALL0), FRAMES_OK);

    ft_section("XC-10", "a header whose reserved field is not 0 is refused");
    memcpy(bad, good, good_len);
    bad[6] = 0xFF;
    bad[7] = 0xFF;
    CHECK_RESULT(frames_engine_import_state(engine, bad, good_len, 1, WALL0 + 1), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("reserved");

    ft_section("XC-10 IM-03", "a refused import changes nothing: the same export, and the ledger still holds");
    before = export_copy(engine, 2, &before_len);
    memcpy(bad, good, good_len);
    bad[good_len - 1] ^= 0x55;
    CHECK_RESULT(frames_engine_import_state(engine, bad, good_len, 2, WALL0 + 2), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("kept its state");
    CHECK_RESULT(frames_engine_import_state(engine, bad, 10, 2, WALL0 + 2), FRAMES_ERR_INVALID_ARGUMENT);
    after = export_copy(engine, 2, &after_len);
    CHECK(before && after && before_len == after_len && memcmp(before, after, before_len) == 0);
    presented = 0;
    hand_in(engine, 3);
    CHECK_INT(presented, 0);
    free(before);
    free(after);
    free(bad);
    free_engine(engine);
}

static void test_push_before_import(const uint8_t *good, size_t good_len) {
    frames_engine *engine = new_engine();
    pthread_t thread;
    ft_section("IM-03 IM-01 XC-10", "after a restart a push from another thread before the import is not shown again");
    presented = 0;
    CHECK_INT(pthread_create(&thread, NULL, hand_in_from_thread, engine), 0);
    CHECK_INT(pthread_join(thread, NULL), 0);
    CHECK_RESULT(frames_engine_import_state(engine, good, good_len, 10, WALL0 + 10), FRAMES_OK);
    CHECK_RESULT(frames_engine_on_timeout(engine, 11), FRAMES_OK);
    CHECK_INT(presented, 0);
    free_engine(engine);
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
    free_engine(first);
    at = find_in_payload(blob, len, "ledger-entry-7");
    CHECK(at > 0);

    ft_section("XC-10 XC-07", "one payload byte changed after export, checksum left as is: refused, naming the checksum");
    second = new_engine();
    blob[at] = 'L'; /* "Ledger-entry-7": still a valid id, so only the CRC-32 can notice */
    CHECK_RESULT(frames_engine_import_state(second, blob, len, 0, WALL0 + 100), FRAMES_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_MENTIONS("checksum");
    free_engine(second);

    /* The same blob unchanged imports, and its ledger holds: the refusal
     * above was about the changed byte, not the blob. */
    ft_section("XC-10 IM-03", "the unchanged blob imports, and the message it remembers is not presented again");
    second = new_engine();
    blob[at] = 'l';
    CHECK_RESULT(frames_engine_import_state(second, blob, len, 0, WALL0 + 100), FRAMES_OK);
    hand_in(second, 10);
    CHECK_INT(presented, 1);
    free_engine(second);

    test_refusals_change_nothing(blob, len);
    test_push_before_import(blob, len);
    free(blob);
    return ft_finish("test_state_blob");
}
