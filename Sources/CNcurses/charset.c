/* Conversions for terminals whose locale is not UTF-8 (ISO-8859-1, KOI8-R, the C locale's
   ASCII). GridKit draws in Unicode; the frame writer asks here how a character is written in
   the terminal's codeset. iconv knows every codeset glibc does, and transliterates letters
   ("é" to "e") when the codeset lacks them. */
#include "cncurses.h"
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

struct gk_charset {
    iconv_t exact, translit, decode;
};

void gk_charset_close(struct gk_charset *cs) {
    if (cs == NULL) return;
    if (cs->exact != (iconv_t)-1) iconv_close(cs->exact);
    if (cs->translit != (iconv_t)-1) iconv_close(cs->translit);
    if (cs->decode != (iconv_t)-1) iconv_close(cs->decode);
    free(cs);
}

struct gk_charset *gk_charset_open(const char *codeset) {
    struct gk_charset *cs = malloc(sizeof *cs);
    if (cs == NULL) return NULL;
    char with[96];
    snprintf(with, sizeof with, "%s//TRANSLIT", codeset);
    cs->exact = iconv_open(codeset, "UTF-32LE");
    cs->translit = iconv_open(with, "UTF-32LE");
    cs->decode = iconv_open("UTF-32LE", codeset);
    if (cs->exact == (iconv_t)-1 || cs->translit == (iconv_t)-1 || cs->decode == (iconv_t)-1) {
        gk_charset_close(cs);
        return NULL;
    }
    return cs;
}

int gk_charset_encode(struct gk_charset *cs, uint32_t scalar, int use_translit, unsigned char *out, int capacity) {
    iconv_t cd = use_translit ? cs->translit : cs->exact;
    if (capacity <= 0) return -1;
    unsigned char in[4] = {scalar & 0xFF, (scalar >> 8) & 0xFF, (scalar >> 16) & 0xFF, scalar >> 24};
    char *ip = (char *)in, *op = (char *)out;
    size_t il = sizeof in, ol = (size_t)capacity;
    iconv(cd, NULL, NULL, NULL, NULL);
    if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1) return -1;
    /* A stateful codeset may need its shift state closed. */
    if (iconv(cd, NULL, NULL, &op, &ol) == (size_t)-1) return -1;
    int n = (int)(op - (char *)out);
    /* glibc's transliteration writes '?' for what it has no rule for. */
    if (use_translit && n == 1 && out[0] == '?' && scalar != '?') return -1;
    return n;
}

int gk_charset_decode(struct gk_charset *cs, const unsigned char *in, int len, uint32_t *scalar) {
    unsigned char out[8];
    char *ip = (char *)in, *op = (char *)out;
    size_t il = (size_t)len, ol = 4;
    iconv(cs->decode, NULL, NULL, NULL, NULL);
    /* Room for one character only: iconv stops after it (E2BIG) with `ip` past its bytes. */
    size_t r = iconv(cs->decode, &ip, &il, &op, &ol);
    if (op - (char *)out == 4) {
        *scalar = (uint32_t)out[0] | (uint32_t)out[1] << 8 | (uint32_t)out[2] << 16 | (uint32_t)out[3] << 24;
        return (int)(ip - (const char *)in);
    }
    if (r == (size_t)-1 && errno == EINVAL) return 0;
    return -1;
}

uint32_t gk_charset_decode_byte(struct gk_charset *cs, unsigned char b) {
    unsigned char out[8];
    char *ip = (char *)&b, *op = (char *)out;
    size_t il = 1, ol = sizeof out;
    iconv(cs->decode, NULL, NULL, NULL, NULL);
    if (iconv(cs->decode, &ip, &il, &op, &ol) == (size_t)-1 || op - (char *)out != 4) return 0xFFFD;
    return (uint32_t)out[0] | (uint32_t)out[1] << 8 | (uint32_t)out[2] << 16 | (uint32_t)out[3] << 24;
}
