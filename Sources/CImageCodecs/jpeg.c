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

/* Reads 16 and 32-bit TIFF integers in the file's byte order. Callers check bounds first. */
static unsigned tiff_u16(const uint8_t *p, int le) {
    return le ? (unsigned)p[0] | (unsigned)p[1] << 8 : (unsigned)p[0] << 8 | (unsigned)p[1];
}
static uint32_t tiff_u32(const uint8_t *p, int le) {
    return le ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24
              : (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/* Every offset in an EXIF block comes from the file, so each one is checked against the block's
   length before it is used, with all arithmetic in size_t and written as "len - offset" so that
   no sum can wrap (an offset of 0xFFFFFFFE once sent a read 4 GB past the buffer). */

/* The TIFF data of an EXIF block: `n` bytes at `t` in byte order `le`, header already checked. */
typedef struct {
    const uint8_t *t;
    size_t n;
    int le;
} tiff_block;

/* Finds the TIFF header after "Exif\0\0"; 0 when the block is not EXIF or the header is bad. */
static int tiff_open(const uint8_t *app1, size_t len, tiff_block *b) {
    if (!app1 || len < 6 + 8 || memcmp(app1, "Exif\0\0", 6) != 0) return 0;
    b->t = app1 + 6;
    b->n = len - 6;
    if (b->t[0] == 'I' && b->t[1] == 'I') b->le = 1;
    else if (b->t[0] == 'M' && b->t[1] == 'M') b->le = 0;
    else return 0;
    return tiff_u16(b->t + 2, b->le) == 42;
}

static size_t tiff_ifd0(const tiff_block *b) { return tiff_u32(b->t + 4, b->le); }

/* The entry count an IFD declares; 0 when its two count bytes are not inside the block. */
static int ifd_count(const tiff_block *b, size_t ifd, size_t *count) {
    if (ifd > b->n || b->n - ifd < 2) return 0;
    *count = tiff_u16(b->t + ifd, b->le);
    return 1;
}

/* The first entry with `tag` among those that really fit in the block (a count may claim up to
   65,535), or NULL. An entry is 12 bytes: tag, type, count, value. */
static const uint8_t *ifd_find(const tiff_block *b, size_t ifd, unsigned tag) {
    size_t count;
    if (!ifd_count(b, ifd, &count)) return NULL;
    size_t fit = (b->n - ifd - 2) / 12;
    if (count > fit) count = fit;
    for (size_t i = 0; i < count; i++) {
        const uint8_t *e = b->t + ifd + 2 + 12 * i;
        if (tiff_u16(e, b->le) == tag) return e;
    }
    return NULL;
}

/* The orientation in IFD0: a SHORT with one value, stored in the first two bytes of the value field. */
static int tiff_orientation(const tiff_block *b) {
    const uint8_t *e = ifd_find(b, tiff_ifd0(b), 0x0112);
    if (!e || tiff_u16(e + 2, b->le) != 3) return 1;
    unsigned v = tiff_u16(e + 8, b->le);
    return v >= 1 && v <= 8 ? (int)v : 1;
}

int gk_exif_orientation(const uint8_t *app1, size_t len) {
    tiff_block b;
    return tiff_open(app1, len, &b) ? tiff_orientation(&b) : 1;
}

/* A SHORT or LONG entry holding one value, which then sits in the entry's value field. */
static int entry_uint(const tiff_block *b, const uint8_t *e, uint32_t *v) {
    if (!e || tiff_u32(e + 4, b->le) != 1) return 0;
    switch (tiff_u16(e + 2, b->le)) {
    case 3: *v = tiff_u16(e + 8, b->le); return 1;
    case 4: *v = tiff_u32(e + 8, b->le); return 1;
    default: return 0;
    }
}

/* Whether the IFD at `ifd` holds every entry it declares and the link to the next IFD after them. */
static int ifd_whole(const tiff_block *b, size_t ifd) {
    size_t count;
    if (!ifd_count(b, ifd, &count)) return 0;
    return b->n - ifd >= 2 + 12 * count + 4; /* count <= 65,535: no overflow */
}

/* The offset of the IFD after the one at `ifd` (0 for none). The link sits after all the
   entries the IFD declares, so an IFD claiming more entries than the block holds has none. */
static size_t ifd_next(const tiff_block *b, size_t ifd) {
    if (!ifd_whole(b, ifd)) return 0;
    size_t count = tiff_u16(b->t + ifd, b->le);
    return tiff_u32(b->t + ifd + 2 + 12 * count, b->le);
}

/* What the walk over a JPEG's header segments found. */
typedef struct {
    const uint8_t *exif; /* payload of the first "Exif\0\0" APP1, NULL when none */
    size_t exif_len;
    int has_frame;
    unsigned width, height; /* from the first SOF */
} jpeg_headers;

/* SOF0..SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
static int is_sof(unsigned m) { return m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC; }

/* Walks the segments after SOI until SOS, stopping early at anything that is not a marker
   segment wholly inside the buffer: what lies beyond is compressed data or damage. */
static void jpeg_scan(const uint8_t *d, size_t len, jpeg_headers *h) {
    memset(h, 0, sizeof *h);
    if (!d || len < 2 || d[0] != 0xFF || d[1] != 0xD8) return;
    size_t pos = 2;
    while (len - pos >= 4 && d[pos] == 0xFF) {
        unsigned m = d[pos + 1];
        if (m == 0xFF) { pos++; continue; } /* fill byte before a marker */
        /* SOS ends the headers; 00, TEM, RSTn, SOI and EOI have no place among them. */
        if (m < 0xC0 || (m >= 0xD0 && m <= 0xDA)) return;
        size_t seg = (size_t)d[pos + 2] << 8 | d[pos + 3]; /* counts its own two bytes */
        if (seg < 2 || seg > len - pos - 2) return;
        const uint8_t *p = d + pos + 4;
        size_t plen = seg - 2;
        if (m == 0xE1 && !h->exif && plen >= 6 && memcmp(p, "Exif\0\0", 6) == 0) {
            h->exif = p;
            h->exif_len = plen;
        }
        if (is_sof(m) && !h->has_frame && plen >= 5) { /* precision, height, width */
            h->has_frame = 1;
            h->height = (unsigned)p[1] << 8 | p[2];
            h->width = (unsigned)p[3] << 8 | p[4];
        }
        if (h->exif && h->has_frame) return;
        pos += 2 + seg;
    }
}

int gk_exif_thumbnail(const uint8_t *jpeg, size_t len, gk_exif_thumbnail_info *out) {
    memset(out, 0, sizeof *out);
    out->orientation = 1;
    jpeg_headers h;
    jpeg_scan(jpeg, len, &h);
    out->width = (int)h.width;
    out->height = (int)h.height;
    tiff_block b;
    if (!h.exif || !tiff_open(h.exif, h.exif_len, &b)) return 1;
    out->orientation = tiff_orientation(&b);
    /* IFD1 must be whole: unlike the orientation, its values point into the block, and a count
       that does not fit says they cannot be trusted. */
    size_t ifd1 = ifd_next(&b, tiff_ifd0(&b));
    uint32_t at, n;
    if (!ifd1 || !ifd_whole(&b, ifd1) || !entry_uint(&b, ifd_find(&b, ifd1, 0x0201), &at) || !entry_uint(&b, ifd_find(&b, ifd1, 0x0202), &n)) return 1;
    /* After the 8-byte TIFF header (before it are the APP1 header and the file's own markers)
       and inside the TIFF data, which the walk found wholly inside both the segment and the file.
       Four bytes at least: SOI and the start of a marker. */
    if (at < 8 || at > b.n || n < 4 || b.n - at < n) return 1;
    const uint8_t *thumb = b.t + at;
    if (thumb[0] != 0xFF || thumb[1] != 0xD8 || thumb[2] != 0xFF) return 1;
    /* A JPEG without a frame header cannot be decoded; its size also lets callers skip the
       decode of a thumbnail too small for them. */
    jpeg_headers th;
    jpeg_scan(thumb, n, &th);
    if (!th.has_frame || th.width == 0 || th.height == 0) return 1;
    out->offset = (size_t)(thumb - jpeg);
    out->length = n;
    out->thumb_width = (int)th.width;
    out->thumb_height = (int)th.height;
    return 0;
}

/* EXIF orientation (1-8) from the first EXIF APP1 marker, 1 when there is none. */
static int exif_orientation(j_decompress_ptr cinfo) {
    for (jpeg_saved_marker_ptr m = cinfo->marker_list; m; m = m->next) {
        if (m->marker != JPEG_APP0 + 1 || m->data_length < 6 || memcmp(m->data, "Exif\0\0", 6) != 0) continue;
        return gk_exif_orientation(m->data, m->data_length);
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
    /* The photo's size as shown too: a portrait photo is taller than wide wherever its size is
       told (the waterfall's shapes, the viewer, the thumbnail cache). */
    if (swap) { int sw = img->source_width; img->source_width = img->source_height; img->source_height = sw; }
    return 0;
}

int gk_decode_jpeg(const uint8_t *data, size_t size, int min_width, int min_height, long max_pixels, gk_image *out) {
    return gk_decode_jpeg_oriented(data, size, min_width, min_height, max_pixels, 0, out);
}

int gk_decode_jpeg_oriented(const uint8_t *data, size_t size, int min_width, int min_height, long max_pixels, int orientation, gk_image *out) {
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
    /* Anything but 1-8 would make apply_orientation swap the axes of an unrotated copy. */
    if (orientation < 1 || orientation > 8) orientation = exif_orientation(&cinfo);
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
