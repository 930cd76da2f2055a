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
