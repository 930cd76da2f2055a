#ifndef CZLIB_H
#define CZLIB_H
#include <stddef.h>
#include <stdint.h>

/// The most bytes gk_zlib_compress can write for `count` input bytes.
size_t gk_zlib_bound(size_t count);

/// Compresses `count` bytes into a zlib stream (RFC 1950: what kitty's o=z and PNG's IDAT
/// take) at `level` (1 fastest … 9 smallest). `*out_count` holds the room in `out` and gets the
/// length written. Returns 0, or -1 when it failed.
int gk_zlib_compress(const uint8_t *bytes, size_t count, uint8_t *out, size_t *out_count, int level);

/// The CRC-32 of `count` bytes, continuing from `crc` (0 to start): PNG's chunk checksum.
uint32_t gk_crc32(uint32_t crc, const uint8_t *bytes, size_t count);

#endif
