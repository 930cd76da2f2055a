/* SwiftPM drops pkg-config's -D flags, so the wide-character API must be requested here. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include "cncurses.h"
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <errno.h>
#include <stdio.h>
#include <sys/ioctl.h>

static SCREEN *screen;
static struct termios saved_tty;
static int have_saved_tty;
static volatile sig_atomic_t restored = 1;
static int signal_fd = -1;
/* Restore strings are taken from terminfo at open time so a signal handler only has to write(). */
static char restore_seq[256];
static size_t restore_len;

int gk_check_terminal(const char *term) {
    int err = 0;
    if (setupterm(term, STDOUT_FILENO, &err) != OK) return err == -1 ? -1 : 0;
    del_curterm(cur_term);
    return 1;
}

int gk_use_utf8_locale(void) {
    setlocale(LC_ALL, "");
    if (strcmp(nl_langinfo(CODESET), "UTF-8") == 0) return 1;
    if (setlocale(LC_CTYPE, "C.UTF-8") || setlocale(LC_CTYPE, "C.utf8") || setlocale(LC_CTYPE, "en_US.UTF-8"))
        return strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
    return 0;
}

static void append_bytes(const char *s) {
    size_t n = strlen(s);
    if (restore_len + n >= sizeof restore_seq) return;
    memcpy(restore_seq + restore_len, s, n);
    restore_len += n;
}

static void append_cap(const char *name) {
    char *s = tigetstr((char *)name);
    if (s == NULL || s == (char *)-1) return;
    append_bytes(s);
}

int gk_open(void) {
    if (tcgetattr(STDIN_FILENO, &saved_tty) == 0) have_saved_tty = 1;
    screen = newterm(NULL, stdout, stdin);
    if (screen == NULL) return -1;
    set_term(screen);
    restore_len = 0;
    append_cap("sgr0"); append_cap("cnorm");
    /* mousemask below has ncurses turn xterm mouse reporting on where terminfo has kmous; every
       mode it may have used (normal, button, any-event, SGR) goes off again, or a crashed app
       leaves the shell receiving mouse sequences as typed text. */
    char *kmous = tigetstr("kmous");
    if (kmous != NULL && kmous != (char *)-1) append_bytes("\033[?1006l\033[?1003l\033[?1002l\033[?1000l");
    append_cap("rmcup");
    restored = 0;
    /* The tty's modes for our own reader (input.c): bytes as they come, not echoed, CR as CR.
       Curses reads no keys, so none of its key reader's settings (keypad, which would also put
       the terminal in keypad-transmit mode, nodelay, the escape delay, the click interval). */
    cbreak();
    noecho();
    nonl();
    idlok(stdscr, TRUE);
    scrollok(stdscr, FALSE);
    typeahead(-1);
    curs_set(0);
    /* Only for the escape sequences that turn the terminal's mouse reporting on (and endwin's
       that turn it off): the reports are read as bytes. */
    mousemask(ALL_MOUSE_EVENTS, NULL);
    if (has_colors()) { start_color(); use_default_colors(); }
    /* The first read would otherwise refresh the untouched stdscr over the first frame. */
    gk_clear();
    return 0;
}

void gk_close(void) {
    if (restored) return;
    endwin();
    restored = 1;
    if (screen) { delscreen(screen); screen = NULL; }
}

void gk_emergency_restore(void) {
    if (restored) return;
    restored = 1;
    if (restore_len) { ssize_t w = write(STDOUT_FILENO, restore_seq, restore_len); (void)w; }
    if (have_saved_tty) tcsetattr(STDIN_FILENO, TCSANOW, &saved_tty);
}

static void on_quit_signal(int sig) {
    unsigned char b = (unsigned char)sig;
    if (signal_fd >= 0) { ssize_t w = write(signal_fd, &b, 1); (void)w; }
}

static void on_crash_signal(int sig) {
    gk_emergency_restore();
    signal(sig, SIG_DFL);
    raise(sig);
}

void gk_install_signal_handlers(int fd) {
    signal_fd = fd;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_quit_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    /* Installed before newterm, so curses leaves SIGWINCH to us: input is not read through it. */
    sigaction(SIGWINCH, &sa, NULL);
    sa.sa_handler = on_crash_signal;
    sa.sa_flags = SA_NODEFER;
    int crash[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
    for (size_t i = 0; i < sizeof crash / sizeof crash[0]; i++) sigaction(crash[i], &sa, NULL);
}

int gk_rows(void) { int y, x; getmaxyx(stdscr, y, x); (void)x; return y; }
int gk_cols(void) { int y, x; getmaxyx(stdscr, y, x); (void)y; return x; }
int gk_colors(void) { return has_colors() ? COLORS : 0; }
int gk_has_direct_color(void) {
    int rgb = tigetflag("RGB");
    return rgb > 0 || COLORS >= 0x1000000;
}

void gk_clear(void) {
    clearok(curscr, TRUE);
    wnoutrefresh(stdscr);
    doupdate();
}

const char *gk_string_cap(const char *name) {
    char *s = tigetstr((char *)name);
    return s == NULL || s == (char *)-1 ? NULL : s;
}

int gk_flag_cap(const char *name) { return tigetflag((char *)name) > 0; }

const char *gk_tparm(const char *cap, long p1, long p2, long p3, long p4, long p5, long p6, long p7, long p8, long p9) {
    return tiparm(cap, p1, p2, p3, p4, p5, p6, p7, p8, p9);
}

int gk_wcwidth(uint32_t ch) { return wcwidth((wchar_t)ch); }

int gk_resize(void) {
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return 0;
    resize_term(ws.ws_row, ws.ws_col);
    return 1;
}

int gk_write_raw(const uint8_t *bytes, size_t count) {
    fflush(stdout);
    while (count > 0) {
        ssize_t n = write(STDOUT_FILENO, bytes, count);
        if (n < 0) { if (errno == EINTR || errno == EAGAIN) continue; return -1; }
        bytes += n; count -= (size_t)n;
    }
    return 0;
}

void gk_window_pixels(int *width, int *height) {
    struct winsize ws;
    *width = *height = 0;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0) { *width = ws.ws_xpixel; *height = ws.ws_ypixel; }
}

static struct termios query_saved;
int gk_query_mode(int on) {
    if (on) {
        if (tcgetattr(STDIN_FILENO, &query_saved) != 0) return -1;
        struct termios raw = query_saved;
        raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
        raw.c_cc[VMIN] = 0; raw.c_cc[VTIME] = 0;
        return tcsetattr(STDIN_FILENO, TCSANOW, &raw);
    }
    return tcsetattr(STDIN_FILENO, TCSANOW, &query_saved);
}

