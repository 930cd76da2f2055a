#ifndef GRIDKIT_IMAGECODECS_H
#define GRIDKIT_IMAGECODECS_H
/* PNG and JPEG decoding into RGBA for Swift. Errors come back as values with a message:
   libjpeg's longjmp never leaves the C function that set it. */
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int width, height;            /* of `pixels` (after scaling and orientation) */
    int source_width, source_height; /* of the picture as shown (after orientation) */
    uint8_t *pixels;              /* width * height * 4 bytes, RGBA; free with gk_image_free */
    char error[200];              /* set when a call returns non-zero */
} gk_image;

/* Decodes a PNG (any colour type, bit depth, interlace) to RGBA. Images over max_pixels are refused. */
int gk_decode_png(const uint8_t *data, size_t size, long max_pixels, gk_image *out);

/* Decodes a JPEG to RGBA, letting libjpeg scale by 1/2, 1/4 or 1/8 while staying at least
   min_width x min_height (0 for full size), and applying the EXIF orientation. */
int gk_decode_jpeg(const uint8_t *data, size_t size, int min_width, int min_height, long max_pixels, gk_image *out);

/* gk_decode_jpeg, but applying `orientation` (1-8) instead of the file's own EXIF one; any
   other value reads it from the file. For an EXIF thumbnail, which carries none of its own and
   is stored as the main image is. */
int gk_decode_jpeg_oriented(const uint8_t *data, size_t size, int min_width, int min_height, long max_pixels, int orientation, gk_image *out);

void gk_image_free(gk_image *img);

/// Inflates the zlib stream `data` into `out` (at most `room` bytes). Returns the length, or -1
/// when the stream is damaged, incomplete or unpacks to more than `room`.
long gk_inflate(const uint8_t *data, size_t size, uint8_t *out, size_t room);

/* The EXIF orientation (1-8) in an APP1 payload that starts with "Exif\0\0"; 1 when the block is
   not EXIF, is damaged, or has no valid orientation. Reads only within app1[0..<len]. */
int gk_exif_orientation(const uint8_t *app1, size_t len);

typedef struct {
    size_t offset, length;        /* of the thumbnail JPEG within the file */
    int thumb_width, thumb_height; /* the thumbnail's stored size, from its SOF */
    int orientation;              /* the main image's EXIF orientation (1-8), 1 without one */
    int width, height;            /* the main image's stored size from its SOF, 0 when not found */
} gk_exif_thumbnail_info;

/* Finds the thumbnail in IFD1 of a JPEG's first EXIF APP1 segment (tags 0x0201 offset and
   0x0202 length). Returns 0 and fills `out` when one lies inside that segment and starts like a
   JPEG with a frame header; otherwise non-zero, with whatever of orientation and main size was
   found. Reads only within jpeg[0..<len]. */
int gk_exif_thumbnail(const uint8_t *jpeg, size_t len, gk_exif_thumbnail_info *out);

/* Encodes RGB (3 bytes a pixel) as a baseline JPEG into a malloc'd buffer (free with free()).
   Used to make benchmark and test images. Returns 0 on success. */
int gk_encode_jpeg(const uint8_t *rgb, int width, int height, int quality, uint8_t **out, unsigned long *out_size);
void gk_free(void *p);
/* An 8-bit RGBA PNG of `rgba` (width*height*4 bytes) with `count` (at most 16) tEXt chunks
   keys[i] = values[i] (Latin-1 text, as PNG wants); *out is freed with gk_free. 0 on success. */
int gk_encode_png(const uint8_t *rgba, int width, int height, const char *const *keys, const char *const *values, int count,
                  uint8_t **out, unsigned long *out_size);

#endif
