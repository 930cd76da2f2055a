#include "imagecodecs.h"
#include <stdio.h> /* jpeglib.h needs FILE */
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* libjpeg reports fatal errors by calling error_exit, which must not return: we longjmp back
   to gk_decode_jpeg, still inside C, and hand the message to Swift as a value. */
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    int truncated;
} error_mgr;

static void on_error(j_common_ptr cinfo) {
    error_mgr *err = (error_mgr *)cinfo->err;
    longjmp(err->jump, 1);
}

static void on_message(j_common_ptr cinfo, int level) {
    error_mgr *err = (error_mgr *)cinfo->err;
    /* A premature end of data is only a warning to libjpeg, which fills the rest with grey. */
    if (level == -1 && cinfo->err->msg_code == JWRN_JPEG_EOF) err->truncated = 1;
}

/* EXIF orientation (1-8) from an APP1 marker, 1 when there is none. */
static int exif_orientation(j_decompress_ptr cinfo) {
    for (jpeg_saved_marker_ptr m = cinfo->marker_list; m; m = m->next) {
        if (m->marker != JPEG_APP0 + 1 || m->data_length < 14 || memcmp(m->data, "Exif\0\0", 6) != 0) continue;
        const uint8_t *t = m->data + 6;
        size_t len = m->data_length - 6;
        int le = t[0] == 'I';
        #define U16(p) (le ? (unsigned)((p)[0] | (p)[1] << 8) : (unsigned)((p)[0] << 8 | (p)[1]))
        #define U32(p) (le ? (unsigned)((p)[0] | (p)[1] << 8 | (p)[2] << 16 | (unsigned)(p)[3] << 24) \
                           : (unsigned)((unsigned)(p)[0] << 24 | (p)[1] << 16 | (p)[2] << 8 | (p)[3]))
        unsigned ifd = U32(t + 4);
        if (ifd + 2 > len) return 1;
        unsigned count = U16(t + ifd);
        for (unsigned i = 0; i < count; i++) {
            size_t e = ifd + 2 + 12 * i;
            if (e + 12 > len) break;
            if (U16(t + e) == 0x0112) {
                unsigned v = U16(t + e + 8);
                return v >= 1 && v <= 8 ? (int)v : 1;
            }
        }
        #undef U16
        #undef U32
    }
    return 1;
}

/* Rewrites an RGBA buffer so that EXIF orientation `o` becomes upright. */
static int apply_orientation(gk_image *img, int o) {
    if (o == 1) return 0;
    int w = img->width, h = img->height;
    int swap = o >= 5;
    int nw = swap ? h : w, nh = swap ? w : h;
    uint32_t *src = (uint32_t *)img->pixels;
    uint32_t *dst = malloc((size_t)w * h * 4);
    if (!dst) return 1;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int nx, ny;
            switch (o) {
            case 2: nx = w - 1 - x; ny = y; break;
            case 3: nx = w - 1 - x; ny = h - 1 - y; break;
            case 4: nx = x; ny = h - 1 - y; break;
            case 5: nx = y; ny = x; break;
            case 6: nx = h - 1 - y; ny = x; break;
            case 7: nx = h - 1 - y; ny = w - 1 - x; break;
            case 8: nx = y; ny = w - 1 - x; break;
            default: nx = x; ny = y;
            }
            dst[(size_t)ny * nw + nx] = src[(size_t)y * w + x];
        }
    }
    free(img->pixels);
    img->pixels = (uint8_t *)dst;
    img->width = nw;
    img->height = nh;
    return 0;
}

int gk_decode_jpeg(const uint8_t *data, size_t size, int min_width, int min_height, long max_pixels, gk_image *out) {
    memset(out, 0, sizeof *out);
    struct jpeg_decompress_struct cinfo;
    error_mgr err;
    JSAMPARRAY row = NULL;
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = on_error;
    err.pub.emit_message = on_message;
    err.truncated = 0;
    if (setjmp(err.jump)) {
        char msg[JMSG_LENGTH_MAX];
        err.pub.format_message((j_common_ptr)&cinfo, msg);
        snprintf(out->error, sizeof out->error, "bad JPEG: %s", msg);
        jpeg_destroy_decompress(&cinfo);
        gk_image_free(out);
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);
    if ((long)cinfo.image_width * (long)cinfo.image_height > max_pixels) {
        snprintf(out->error, sizeof out->error, "image too large (%ux%u)", cinfo.image_width, cinfo.image_height);
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    int orientation = exif_orientation(&cinfo);
    /* The target is upright; a rotated source has its axes swapped. */
    int tw = orientation >= 5 ? min_height : min_width, th = orientation >= 5 ? min_width : min_height;
    int denom = 1;
    if (tw > 0 && th > 0) {
        while (denom < 8 && cinfo.image_width / (unsigned)(denom * 2) >= (unsigned)tw &&
               cinfo.image_height / (unsigned)(denom * 2) >= (unsigned)th) denom *= 2;
    }
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned)denom;
    if (denom > 1) {
        /* Shrinking anyway: the fast integer DCT and plain upsampling cost less and the
           difference does not survive the downscale. */
        cinfo.dct_method = JDCT_IFAST;
        cinfo.do_fancy_upsampling = FALSE;
    }
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_start_decompress(&cinfo);
    int w = (int)cinfo.output_width, h = (int)cinfo.output_height, comps = cinfo.output_components;
    out->pixels = malloc((size_t)w * h * 4);
    row = (*cinfo.mem->alloc_sarray)((j_common_ptr)&cinfo, JPOOL_IMAGE, (JDIMENSION)(w * comps), 1);
    if (!out->pixels) { snprintf(out->error, sizeof out->error, "out of memory"); jpeg_destroy_decompress(&cinfo); return 1; }
    /* Adobe writes CMYK inverted; that is what nearly every CMYK JPEG out there is. */
    int inverted = cmyk && cinfo.saw_Adobe_marker;
    while (cinfo.output_scanline < cinfo.output_height) {
        int y = (int)cinfo.output_scanline;
        jpeg_read_scanlines(&cinfo, row, 1);
        uint8_t *dst = out->pixels + (size_t)y * w * 4;
        const uint8_t *src = row[0];
        for (int x = 0; x < w; x++, dst += 4) {
            if (cmyk) {
                int c = src[x * 4], m = src[x * 4 + 1], yy = src[x * 4 + 2], k = src[x * 4 + 3];
                if (!inverted) { c = 255 - c; m = 255 - m; yy = 255 - yy; k = 255 - k; }
                dst[0] = (uint8_t)(c * k / 255); dst[1] = (uint8_t)(m * k / 255); dst[2] = (uint8_t)(yy * k / 255);
            } else {
                dst[0] = src[x * 3]; dst[1] = src[x * 3 + 1]; dst[2] = src[x * 3 + 2];
            }
            dst[3] = 255;
        }
    }
    out->source_width = (int)cinfo.image_width;
    out->source_height = (int)cinfo.image_height;
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    out->width = w;
    out->height = h;
    if (err.truncated) {
        snprintf(out->error, sizeof out->error, "truncated JPEG (premature end of data)");
        gk_image_free(out);
        return 1;
    }
    if (apply_orientation(out, orientation)) {
        snprintf(out->error, sizeof out->error, "out of memory");
        gk_image_free(out);
        return 1;
    }
    return 0;
}

int gk_encode_jpeg(const uint8_t *rgb, int width, int height, int quality, uint8_t **out, unsigned long *out_size) {
    struct jpeg_compress_struct cinfo;
    error_mgr err;
    *out = NULL;
    *out_size = 0;
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = on_error;
    if (setjmp(err.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(*out);
        *out = NULL;
        return 1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, out, out_size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)cinfo.next_scanline * width * 3);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    return 0;
}

void gk_free(void *p) { free(p); }
