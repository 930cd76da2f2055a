#include "imagecodecs.h"
#include <zlib.h>

// PNG's compressed text (zTXt, iTXt) is a zlib stream. The output is capped: a thumbnail's text
// is a URI and a few numbers, and a small chunk must not unpack into gigabytes.
long gk_inflate(const uint8_t *data, size_t size, uint8_t *out, size_t room) {
    z_stream z = {0};
    if (inflateInit(&z) != Z_OK) return -1;
    z.next_in = (Bytef *)data;
    z.avail_in = (uInt)(size > 0xFFFFFFFFu ? 0xFFFFFFFFu : size);
    z.next_out = out;
    z.avail_out = (uInt)(room > 0xFFFFFFFFu ? 0xFFFFFFFFu : room);
    int status = inflate(&z, Z_FINISH);
    long written = (long)z.total_out;
    inflateEnd(&z);
    return status == Z_STREAM_END ? written : -1;
}

// PNG's chunk checksum (over the chunk's type and data): a text chunk that fails it is damaged
// and is not read, as libpng drops an ancillary chunk whose CRC is wrong.
uint32_t gk_chunk_crc(const uint8_t *data, size_t size) {
    uLong crc = crc32(0L, Z_NULL, 0);
    while (size > 0) {
        uInt n = size > 0x40000000u ? 0x40000000u : (uInt)size;
        crc = crc32(crc, data, n);
        data += n;
        size -= n;
    }
    return (uint32_t)crc;
}
