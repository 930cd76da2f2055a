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

