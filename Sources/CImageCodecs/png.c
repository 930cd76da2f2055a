#include "imagecodecs.h"
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gk_image_free(gk_image *img) {
    free(img->pixels);
    img->pixels = NULL;
}

int gk_decode_png(const uint8_t *data, size_t size, long max_pixels, gk_image *out) {
    memset(out, 0, sizeof *out);
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        snprintf(out->error, sizeof out->error, "bad PNG: %s", image.message);
        return 1;
    }
    if ((long)image.width * (long)image.height > max_pixels) {
        snprintf(out->error, sizeof out->error, "image too large (%ux%u)", image.width, image.height);
        png_image_free(&image);
        return 1;
    }
    /* 16-bit files without gAMA/sRGB would otherwise be taken as linear light and come out
       washed out; the files people have are sRGB. */
    image.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
    image.format = PNG_FORMAT_RGBA;
    /* Sizes in size_t rather than PNG_IMAGE_SIZE, whose 32-bit arithmetic could wrap for a
       header that claims a huge width; the stride must also fit libpng's signed 32-bit int. */
    size_t stride = (size_t)image.width * 4;
    if (stride > INT32_MAX) {
        snprintf(out->error, sizeof out->error, "image too large (%ux%u)", image.width, image.height);
        png_image_free(&image);
        return 1;
    }
    size_t bytes = stride * image.height;
    out->pixels = malloc(bytes);
    if (!out->pixels) {
        snprintf(out->error, sizeof out->error, "out of memory");
        png_image_free(&image);
        return 1;
    }
    if (!png_image_finish_read(&image, NULL, out->pixels, (png_int_32)stride, NULL)) {
        snprintf(out->error, sizeof out->error, "bad PNG: %s", image.message);
        gk_image_free(out);
        return 1;
    }
    out->width = out->source_width = (int)image.width;
    out->height = out->source_height = (int)image.height;
    return 0;
}

/* Growing memory the encoder writes into. */
struct png_sink {
    uint8_t *data;
    size_t size, capacity;
    int failed;
};

static void sink_write(png_structp png, png_bytep bytes, png_size_t n) {
    struct png_sink *s = png_get_io_ptr(png);
    if (s->failed) return;
    if (s->capacity - s->size < n) {
        size_t want = s->capacity * 2 + n + 4096;
        uint8_t *grown = realloc(s->data, want);
        if (grown == NULL) { s->failed = 1; png_error(png, "out of memory"); }
        s->data = grown;
        s->capacity = want;
    }
    memcpy(s->data + s->size, bytes, n);
    s->size += n;
}

static void sink_flush(png_structp png) { (void)png; }

int gk_encode_png(const uint8_t *rgba, int width, int height, const char *const *keys, const char *const *values, int count,
                  uint8_t **out, unsigned long *out_size) {
    *out = NULL;
    *out_size = 0;
    if (width <= 0 || height <= 0 || count < 0 || count > 16) return 1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (png == NULL) return 1;
    png_infop info = png_create_info_struct(png);
    /* On the heap, reached through pointers set before setjmp: nothing read after a longjmp
       lives in a register that the jump could have left stale. */
    struct png_sink *volatile sink = calloc(1, sizeof *sink);
    png_bytep *volatile rows = NULL;
    if (info == NULL || sink == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(rows);
        if (sink != NULL) free(sink->data);
        free(sink);
        return 1;
    }
    png_set_write_fn(png, sink, sink_write, sink_flush);
    /* Thumbnails are written while the user scrolls: a fast zlib level and one filter (Sub, good
       for photographs) cost a fraction of libpng's default of trying every filter per row. */
    png_set_compression_level(png, 3);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_text text[16];
    for (int i = 0; i < count; i++) {
        memset(&text[i], 0, sizeof text[i]);
        text[i].compression = PNG_TEXT_COMPRESSION_NONE;
        text[i].key = (png_charp)keys[i];
        text[i].text = (png_charp)values[i];
    }
    if (count > 0) png_set_text(png, info, text, count);
    rows = malloc(sizeof *rows * (size_t)height);
    if (rows == NULL) longjmp(png_jmpbuf(png), 1);
    for (int y = 0; y < height; y++) rows[y] = (png_bytep)(rgba + (size_t)y * (size_t)width * 4);
    png_set_rows(png, info, rows);
    png_write_png(png, info, PNG_TRANSFORM_IDENTITY, NULL);
    png_destroy_write_struct(&png, &info);
    free(rows);
    int failed = sink->failed;
    if (failed) free(sink->data);
    else {
        *out = sink->data;
        *out_size = (unsigned long)sink->size;
    }
    free(sink);
    return failed ? 1 : 0;
}
