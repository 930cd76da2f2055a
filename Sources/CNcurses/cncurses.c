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
#include <poll.h>
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
    append_cap("sgr0"); append_cap("cnorm"); append_cap("rmkx");
    /* ncurses turns xterm mouse reporting on where terminfo has kmous; every mode it may have
       used (normal, button, any-event, SGR) goes off again, or a crashed app leaves the shell
       receiving mouse sequences as typed text. */
    char *kmous = tigetstr("kmous");
    if (kmous != NULL && kmous != (char *)-1) append_bytes("\033[?1006l\033[?1003l\033[?1002l\033[?1000l");
    append_cap("rmcup");
    restored = 0;
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    nodelay(stdscr, TRUE);
    idlok(stdscr, TRUE);
    scrollok(stdscr, FALSE);
    set_escdelay(25);
    typeahead(-1);
    curs_set(0);
    mouseinterval(0);
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

gk_event gk_read(void) {
    gk_event e;
    memset(&e, 0, sizeof e);
    wint_t ch;
    int r = wget_wch(stdscr, &ch);
    if (r == ERR) return e;
    if (r == OK) {
        if (ch == '\r' || ch == '\n') e.kind = GK_ENTER;
        else if (ch == 127 || ch == 8) e.kind = GK_BACKSPACE;
        else { e.kind = GK_CHAR; e.ch = (uint32_t)ch; }
        return e;
    }
    switch (ch) {
    case KEY_UP: e.kind = GK_UP; break;
    case KEY_DOWN: e.kind = GK_DOWN; break;
    case KEY_LEFT: e.kind = GK_LEFT; break;
    case KEY_RIGHT: e.kind = GK_RIGHT; break;
    case KEY_PPAGE: e.kind = GK_PGUP; break;
    case KEY_NPAGE: e.kind = GK_PGDN; break;
    case KEY_HOME: case KEY_A1: e.kind = GK_HOME; break;
    case KEY_END: case KEY_C1: e.kind = GK_END; break;
    case KEY_ENTER: e.kind = GK_ENTER; break;
    case KEY_BACKSPACE: e.kind = GK_BACKSPACE; break;
    case KEY_DC: e.kind = GK_DELETE; break;
    case KEY_BTAB: e.kind = GK_BACKTAB; break;
    case KEY_RESIZE: e.kind = GK_RESIZE; break;
    case KEY_MOUSE: {
        MEVENT m;
        if (getmouse(&m) != OK) { e.kind = GK_OTHER; break; }
        e.kind = GK_MOUSE; e.x = m.x; e.y = m.y;
        mmask_t b = m.bstate;
        if (b & BUTTON4_PRESSED) e.mouse_action = GK_MOUSE_WHEEL_UP;
#ifdef BUTTON5_PRESSED
        else if (b & BUTTON5_PRESSED) e.mouse_action = GK_MOUSE_WHEEL_DOWN;
#endif
        else if (b & (BUTTON1_PRESSED | BUTTON2_PRESSED | BUTTON3_PRESSED)) {
            e.mouse_action = GK_MOUSE_PRESS;
            e.mouse_button = (b & BUTTON1_PRESSED) ? 1 : (b & BUTTON2_PRESSED) ? 2 : 3;
        } else if (b & (BUTTON1_RELEASED | BUTTON2_RELEASED | BUTTON3_RELEASED)) {
            e.mouse_action = GK_MOUSE_RELEASE;
            e.mouse_button = (b & BUTTON1_RELEASED) ? 1 : (b & BUTTON2_RELEASED) ? 2 : 3;
        } else if (b & (BUTTON1_CLICKED)) {
            e.mouse_action = GK_MOUSE_PRESS; e.mouse_button = 1;
        } else e.kind = GK_OTHER;
        break;
    }
    default:
        if (ch >= KEY_F0 && ch <= KEY_F(63)) { e.kind = GK_FUNCTION; e.ch = (uint32_t)(ch - KEY_F0); }
        else e.kind = GK_OTHER;
    }
    return e;
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

int gk_read_reply(uint8_t *buffer, size_t size, int timeout_ms) {
    struct pollfd p = { STDIN_FILENO, POLLIN, 0 };
    int r = poll(&p, 1, timeout_ms);
    if (r <= 0) return r < 0 && errno != EINTR ? -1 : 0;
    ssize_t n = read(STDIN_FILENO, buffer, size);
    return n < 0 ? (errno == EINTR || errno == EAGAIN ? 0 : -1) : (int)n;
}
