/* Keyboard and mouse input read in bulk and decoded here, not by curses: curses reads one byte
   per read() with a poll() before each, six system calls for an arrow key, where this reads
   whatever is waiting in one. Sequences terminfo names (kcuu1, kf1, …) and the ANSI forms of the
   navigation keys become keys, as curses' keypad mode made them; xterm mouse reports (SGR and
   X10) become mouse events; anything else is handed over byte by byte (UTF-8 decoded) for the
   Swift decoder to parse CSI and SS3. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include "cncurses.h"
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define IN_CAP 4096
/* How long the rest of a sequence may take to arrive after its first bytes (curses' ESCDELAY). */
#define SEQUENCE_WAIT_MS 25

static unsigned char in_buf[IN_CAP];
static size_t in_head, in_len;
static int in_fd = 0;

typedef struct { unsigned char seq[24]; size_t len; int kind; uint32_t ch; } keydef;
static keydef keys[64];
static int nkeys;

void gk_input_reset(int fd) {
    in_fd = fd;
    in_head = in_len = 0;
    nkeys = 0;
}

int gk_input_add_key(const char *seq, int kind, uint32_t ch) {
    size_t n = strlen(seq);
    if (n == 0 || n >= sizeof keys[0].seq || nkeys == (int)(sizeof keys / sizeof keys[0])) return -1;
    for (int i = 0; i < nkeys; i++) if (keys[i].len == n && memcmp(keys[i].seq, seq, n) == 0) return 0;
    memcpy(keys[nkeys].seq, seq, n);
    keys[nkeys].len = n;
    keys[nkeys].kind = kind;
    keys[nkeys].ch = ch;
    nkeys++;
    return 0;
}

static void add_cap(const char *cap, int kind, uint32_t ch) {
    const char *s = gk_string_cap(cap);
    /* Only escape sequences: single bytes (kbs as ^H or ^?) are decoded below. */
    if (s == NULL || s[0] != 27 || s[1] == 0) return;
    gk_input_add_key(s, kind, ch);
}

void gk_input_load_terminfo(void) {
    add_cap("kcuu1", GK_UP, 0); add_cap("kcud1", GK_DOWN, 0);
    add_cap("kcub1", GK_LEFT, 0); add_cap("kcuf1", GK_RIGHT, 0);
    add_cap("kpp", GK_PGUP, 0); add_cap("knp", GK_PGDN, 0);
    add_cap("khome", GK_HOME, 0); add_cap("ka1", GK_HOME, 0);
    add_cap("kend", GK_END, 0); add_cap("kc1", GK_END, 0);
    add_cap("kent", GK_ENTER, 0); add_cap("kdch1", GK_DELETE, 0); add_cap("kcbt", GK_BACKTAB, 0);
    char name[8];
    for (int n = 1; n <= 24; n++) { snprintf(name, sizeof name, "kf%d", n); add_cap(name, GK_FUNCTION, (uint32_t)n); }
    gk_input_add_ansi_keys();
}

/* Terminfo gives the keys as sent in keypad-transmit mode, which nothing turns on now that
   curses does not read the keys; out of it, terminals send the ANSI forms. The Swift decoder
   knows them too (with modifiers), but these are most of what a user types: decoded here,
   a key costs no trip through it. */
void gk_input_add_ansi_keys(void) {
    static const struct { const char *seq; int kind; } plain[] = {
        { "\033[A", GK_UP }, { "\033[B", GK_DOWN }, { "\033[C", GK_RIGHT }, { "\033[D", GK_LEFT },
        { "\033[H", GK_HOME }, { "\033[F", GK_END }, { "\033[1~", GK_HOME }, { "\033[4~", GK_END },
        { "\033[7~", GK_HOME }, { "\033[8~", GK_END }, { "\033[5~", GK_PGUP }, { "\033[6~", GK_PGDN },
        { "\033[3~", GK_DELETE },
    };
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) gk_input_add_key(plain[i].seq, plain[i].kind, 0);
}

/* Reads what is waiting into the buffer: at once when the caller knows input is there
   (timeout_ms < -1), else after waiting up to timeout_ms for it. Returns the bytes read,
   0 when none came, -1 at end of input or on error. */
int gk_input_fill(int timeout_ms) {
    if (in_head == in_len) in_head = in_len = 0;
    if (in_head > 0 && in_len == IN_CAP) {
        memmove(in_buf, in_buf + in_head, in_len - in_head);
        in_len -= in_head;
        in_head = 0;
    }
    if (in_len == IN_CAP) return 0;
    if (timeout_ms >= -1) {
        struct pollfd p = { in_fd, POLLIN, 0 };
        int r = poll(&p, 1, timeout_ms);
        if (r < 0) return errno == EINTR ? 0 : -1;
        if (r == 0) return 0;
        if (!(p.revents & POLLIN)) return (p.revents & (POLLHUP | POLLERR)) ? -1 : 0;
    }
    ssize_t n = read(in_fd, in_buf + in_len, IN_CAP - in_len);
    if (n > 0) { in_len += (size_t)n; return (int)n; }
    if (n == 0) return -1;
    return (errno == EINTR || errno == EAGAIN) ? 0 : -1;
}

/* 1 when the waiting bytes are the whole of seq, 0 when they could become it, -1 when not. */
static int compare(const unsigned char *seq, size_t len) {
    size_t have = in_len - in_head;
    size_t n = have < len ? have : len;
    if (memcmp(in_buf + in_head, seq, n) != 0) return -1;
    return have >= len ? 1 : 0;
}

/* An SGR report, ESC [ < b ; x ; y M|m: 1 decoded, 0 incomplete, -1 not one. */
static int sgr_mouse(gk_event *e) {
    static const unsigned char prefix[] = { 27, '[', '<' };
    int c = compare(prefix, 3);
    if (c <= 0) return c;
    long v[3] = { 0, 0, 0 };
    int field = 0;
    for (size_t i = in_head + 3; i < in_len; i++) {
        unsigned char b = in_buf[i];
        if (b >= '0' && b <= '9') { if (v[field] < 100000) v[field] = v[field] * 10 + (b - '0'); continue; }
        if (b == ';' && field < 2) { field++; continue; }
        if ((b == 'M' || b == 'm') && field == 2) {
            in_head = i + 1;
            e->kind = GK_MOUSE;
            e->x = (int)v[1] - 1;
            e->y = (int)v[2] - 1;
            long button = v[0];
            if (button & 64) e->mouse_action = (button & 1) ? GK_MOUSE_WHEEL_DOWN : GK_MOUSE_WHEEL_UP;
            else if (button & 32) e->kind = GK_OTHER; /* motion */
            else if ((button & 3) == 3) e->kind = GK_OTHER;
            else {
                e->mouse_action = b == 'M' ? GK_MOUSE_PRESS : GK_MOUSE_RELEASE;
                e->mouse_button = (int)(button & 3) + 1;
            }
            return 1;
        }
        return -1;
    }
    return 0;
}

/* An X10 report, ESC [ M and three bytes each offset by 32. */
static int x10_mouse(gk_event *e) {
    static const unsigned char prefix[] = { 27, '[', 'M' };
    int c = compare(prefix, 3);
    if (c <= 0) return c;
    if (in_len - in_head < 6) return 0;
    int button = in_buf[in_head + 3] - 32;
    e->x = in_buf[in_head + 4] - 33;
    e->y = in_buf[in_head + 5] - 33;
    in_head += 6;
    e->kind = GK_MOUSE;
    if (button & 64) e->mouse_action = (button & 1) ? GK_MOUSE_WHEEL_DOWN : GK_MOUSE_WHEEL_UP;
    else if (button & 32) e->kind = GK_OTHER;
    else if ((button & 3) == 3) { e->mouse_action = GK_MOUSE_RELEASE; e->mouse_button = 1; }
    else { e->mouse_action = GK_MOUSE_PRESS; e->mouse_button = (button & 3) + 1; }
    return 1;
}

/* Decodes what starts at the head: 1 with *e set, 0 when it may be the start of something longer. */
static int decode(gk_event *e, int final) {
    unsigned char b = in_buf[in_head];
    if (b == 27) {
        int pending = 0;
        int r = sgr_mouse(e);
        if (r == 1) return 1;
        if (r == 0) pending = 1;
        r = x10_mouse(e);
        if (r == 1) return 1;
        if (r == 0) pending = 1;
        const keydef *best = NULL;
        for (int i = 0; i < nkeys; i++) {
            int c = compare(keys[i].seq, keys[i].len);
            if (c == 1 && (best == NULL || keys[i].len > best->len)) best = &keys[i];
            if (c == 0) pending = 1;
        }
        if (best && !(pending && !final)) {
            in_head += best->len;
            e->kind = best->kind;
            e->ch = best->ch;
            return 1;
        }
        /* A lone ESC may be the start of a sequence still on its way. */
        if (!final && (pending || in_len - in_head == 1)) return 0;
        in_head++;
        e->kind = GK_CHAR;
        e->ch = 27;
        return 1;
    }
    if (b == '\r' || b == '\n') { in_head++; e->kind = GK_ENTER; return 1; }
    if (b == 127 || b == 8) { in_head++; e->kind = GK_BACKSPACE; return 1; }
    if (b < 0x80) { in_head++; e->kind = GK_CHAR; e->ch = b; return 1; }
    size_t need = b >= 0xF0 && b < 0xF8 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
    if (need > 1 && in_len - in_head < need) {
        if (!final) return 0;
        need = 1;
    }
    uint32_t cp = need == 4 ? b & 7u : need == 3 ? b & 15u : need == 2 ? b & 31u : 0xFFFD;
    for (size_t i = 1; i < need; i++) {
        unsigned char c = in_buf[in_head + i];
        if ((c & 0xC0) != 0x80) { need = 1; cp = 0xFFFD; break; }
        cp = cp << 6 | (c & 63u);
    }
    in_head += need;
    e->kind = GK_CHAR;
    e->ch = cp;
    return 1;
}

gk_event gk_input_next(void) {
    gk_event e;
    memset(&e, 0, sizeof e);
    if (in_head == in_len) return e;
    if (decode(&e, 0)) return e;
    /* The rest of a sequence is on its way: wait for it a little, then take what there is. */
    if (gk_input_fill(SEQUENCE_WAIT_MS) > 0 && decode(&e, 0)) return e;
    memset(&e, 0, sizeof e);
    decode(&e, 1);
    return e;
}
