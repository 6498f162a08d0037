/* floors.c — see floors.h. */
#include "floors.h"

#include <cjson/cJSON.h>
#include <openssl/sha.h>
#include <string.h>
#include <zlib.h>

int floor_cjson_parse(const char *bytes, size_t len) {
    cJSON *root = cJSON_ParseWithLength(bytes, len);
    int size;
    if (!root) return 0;
    size = cJSON_GetArraySize(root);
    cJSON_Delete(root);
    return size;
}

void floor_sha256(const void *bytes, size_t len, uint8_t out[32]) {
    SHA256(bytes, len, out);
}

unsigned long floor_copy_crc(void *to, const void *bytes, size_t len) {
    memcpy(to, bytes, len);
    /* zlib takes uInt lengths: feed a large blob in pieces. */
    unsigned long crc = crc32(0L, Z_NULL, 0);
    const unsigned char *p = to;
    while (len > 0) {
        uInt piece = len > 0x40000000u ? 0x40000000u : (uInt)len;
        crc = crc32(crc, p, piece);
        p += piece;
        len -= piece;
    }
    return crc;
}
