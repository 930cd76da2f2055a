#include "czlib.h"
#include <zlib.h>

size_t gk_zlib_bound(size_t count) { return (size_t)compressBound((uLong)count); }

int gk_zlib_compress(const uint8_t *bytes, size_t count, uint8_t *out, size_t *out_count, int level) {
    uLongf room = (uLongf)*out_count;
    if (compress2(out, &room, bytes, (uLong)count, level) != Z_OK) return -1;
    *out_count = (size_t)room;
    return 0;
}

uint32_t gk_crc32(uint32_t crc, const uint8_t *bytes, size_t count) {
    return (uint32_t)crc32((uLong)crc, bytes, (uInt)count);
}
