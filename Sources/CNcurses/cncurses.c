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
#include <fcntl.h>
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
/* Set by the first termination signal: a second one, while the first is still being handled
   (a write stuck on a terminal that reads nothing), restores and ends the process at once. */
static volatile sig_atomic_t quit_pending;
/* Without an alternate screen the shell's prompt would land on our last line: clear it. */
static int has_alternate_screen = 1;
static volatile sig_atomic_t restored = 1;
static int signal_fd = -1;
/* Restore strings are taken from terminfo at open time so a signal handler only has to write(). */
static char restore_seq[256];
static size_t restore_len;
/* el and clear, for leaving the screen, also taken at open time without their padding. */
static char el_seq[32], clear_seq[64];
static size_t el_len, clear_len;

/* Copies a terminfo string without its padding (`$<5>`, `$<2/>`, `$<3.5*>`): delays for
   hardware terminals that curses' tputs turns into waits and that a terminal shows as text
   when written as they are (vt100's el is `\E[K$<3>`). A `$<` not closed as padding is text.
   Returns the length copied, or 0 when it does not fit. */
static size_t copy_without_padding(const char *s, char *out, size_t capacity) {
    size_t n = 0;
    while (*s) {
        if (s[0] == '$' && s[1] == '<') {
            const char *p = s + 2;
            while ((*p >= '0' && *p <= '9') || *p == '.' || *p == '*' || *p == '/') p++;
            if (*p == '>') { s = p + 1; continue; }
        }
        if (n + 1 >= capacity) return 0;
        out[n++] = *s++;
    }
    return n;
}

/* A string capability without its padding into `out`; its length, 0 when absent. */
static size_t cap_without_padding(const char *name, char *out, size_t capacity) {
    char *s = tigetstr((char *)name);
    if (s == NULL || s == (char *)-1) return 0;
    return copy_without_padding(s, out, capacity);
}

/* Drops what was typed and not read yet: keys meant for the program must not reach the
   shell once it is gone (a fatal signal ends it before its reader has them). tcflush is
   async-signal-safe. */
static void discard_typeahead(void) { (void)tcflush(STDIN_FILENO, TCIFLUSH); }

int gk_check_terminal(const char *term) {
    int err = 0;
    if (setupterm(term, STDOUT_FILENO, &err) != OK) return err == -1 ? -1 : 0;
    /* A grid needs the cursor placed anywhere: no cup, a hardcopy terminal or one that
       overstrikes (dumb, printers) cannot show one. */
    char *cup = tigetstr("cup");
    int usable = cup != NULL && cup != (char *)-1 && tigetflag("hc") <= 0 && tigetflag("os") <= 0;
    del_curterm(cur_term);
    return usable ? 1 : -2;
}

int gk_load_terminfo(const char *term) {
    int err = 0;
    return setupterm(term, STDOUT_FILENO, &err) == OK ? 1 : 0;
}

void gk_unload_terminfo(void) {
    if (cur_term != NULL) del_curterm(cur_term);
}

static char environment_codeset[64];

/* True when a locale name says UTF-8 ("en_US.UTF-8", "C.utf8", "UTF-8"), any case. */
static int names_utf8(const char *s) {
    for (; *s; s++) {
        if ((s[0] | 0x20) != 'u' || (s[1] | 0x20) != 't' || (s[2] | 0x20) != 'f') continue;
        if (s[3] == '8' || (s[3] == '-' && s[4] == '8')) return 1;
    }
    return 0;
}

const char *gk_environment_codeset(void) {
    if (environment_codeset[0]) return environment_codeset;
    const char *name = NULL;
    const char *vars[] = {"LC_ALL", "LC_CTYPE", "LANG"};
    for (int i = 0; i < 3 && name == NULL; i++) {
        const char *v = getenv(vars[i]);
        if (v != NULL && v[0] != '\0') name = v;
    }
    const char *set = setlocale(LC_ALL, "");
    const char *codeset = nl_langinfo(CODESET);
    if (name == NULL || names_utf8(name)) {
        /* Nothing said (a container, cron), or UTF-8 said in a form this C library cannot load
           (`LC_CTYPE=UTF-8` from a Mac over ssh, a locale not generated here): UTF-8, as
           nearly every terminal is today. */
        codeset = "UTF-8";
    } else if (set == NULL) {
        /* A locale that is not installed: the codeset its name gives (`xx_YY.KOI8-R`), else the
           C locale's ASCII. */
        const char *dot = strchr(name, '.');
        static char named[64];
        if (dot != NULL) {
            snprintf(named, sizeof named, "%s", dot + 1);
            char *at = strchr(named, '@');
            if (at != NULL) *at = '\0';
            codeset = named;
        }
    }
    snprintf(environment_codeset, sizeof environment_codeset, "%s", codeset);
    return environment_codeset;
}

int gk_use_utf8_locale(void) {
    gk_environment_codeset();
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

/* What gk_close sends before endwin (endwin restores what curses itself set). */
static char close_seq[64];
static size_t close_len;

static void append_bytes_close(const char *s) {
    size_t n = strlen(s);
    if (close_len + n >= sizeof close_seq) return;
    memcpy(close_seq + close_len, s, n);
    close_len += n;
}

static void append_cap(const char *name) {
    char stripped[128];
    size_t n = cap_without_padding(name, stripped, sizeof stripped);
    if (n == 0 || restore_len + n >= sizeof restore_seq) return;
    memcpy(restore_seq + restore_len, stripped, n);
    restore_len += n;
}

int gk_open(void) {
    if (tcgetattr(STDIN_FILENO, &saved_tty) == 0) have_saved_tty = 1;
    screen = newterm(NULL, stdout, stdin);
    if (screen == NULL) return -1;
    set_term(screen);
    restore_len = 0;
    close_len = 0;
    el_len = cap_without_padding("el", el_seq, sizeof el_seq);
    clear_len = cap_without_padding("clear", clear_seq, sizeof clear_seq);
    append_cap("sgr0"); append_cap("cnorm");
    /* mousemask below has ncurses turn xterm mouse reporting on where terminfo has kmous; every
       mode it may have used (normal, button, any-event, SGR) goes off again, or a crashed app
       leaves the shell receiving mouse sequences as typed text. */
    char *kmous = tigetstr("kmous");
    if (kmous != NULL && kmous != (char *)-1) append_bytes("\033[?1006l\033[?1003l\033[?1002l\033[?1000l");
    char *smcup = tigetstr("smcup");
    has_alternate_screen = smcup != NULL && smcup != (char *)-1;
    /* The alternate screen is left blank: xterm keeps sixel pictures drawn there, and shows
       them for a moment when the next program switches to it. */
    if (has_alternate_screen) append_cap("clear");
    append_cap("rmcup");
    restored = 0;
    /* The tty's modes for our own reader (input.c): bytes as they come, not echoed, CR as CR.
       Curses reads no keys, so none of its key reader's settings (keypad, which would also put
       the terminal in keypad-transmit mode, nodelay, the escape delay, the click interval). */
    cbreak();
    noecho();
    nonl();
    /* Output goes to the terminal as written. With OPOST on (ONLCR is off already, nonl) the
       kernel still walks every byte of a frame for what it might translate, which for a
       screenful of pictures took three times as long as the write of the same bytes without
       it. Saved as the program's mode, so a resume after a suspend puts it back; leaving
       restores the shell's modes. */
    struct termios out_modes;
    if (tcgetattr(STDOUT_FILENO, &out_modes) == 0 && (out_modes.c_oflag & OPOST)) {
        out_modes.c_oflag &= ~(tcflag_t)OPOST;
        if (tcsetattr(STDOUT_FILENO, TCSANOW, &out_modes) == 0) def_prog_mode();
    }
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

/* Without an alternate screen, endwin leaves the cursor on the last line, over our hint line:
   clear that line, so the prompt comes on a clean one (as less does). */
static void clear_last_line(void) {
    if (has_alternate_screen) return;
    ssize_t w = write(STDOUT_FILENO, "\r", 1); (void)w;
    if (el_len) { w = write(STDOUT_FILENO, el_seq, el_len); (void)w; }
}

void gk_restore_also(const char *bytes) {
    /* First in the restore: written once from a signal handler, a write cut short loses the
       tail, and these bytes (a held frame's release) matter most. */
    size_t n = strlen(bytes);
    if (restore_len + n < sizeof restore_seq) {
        memmove(restore_seq + n, restore_seq, restore_len);
        memcpy(restore_seq, bytes, n);
        restore_len += n;
    }
    append_bytes_close(bytes);
}

/* As in the restore above: nothing of ours stays on the alternate screen when we leave it. */
static void clear_alternate_screen(void) {
    if (has_alternate_screen && clear_len) (void)gk_write_raw((const uint8_t *)clear_seq, clear_len);
}

void gk_close(void) {
    if (restored) return;
    if (close_len) (void)gk_write_raw((const uint8_t *)close_seq, close_len);
    clear_alternate_screen();
    endwin();
    clear_last_line();
    /* Ended by SIGINT, SIGTERM or SIGHUP: what was typed for the program goes with it, as
       after every other signal that ends it. A quit by key keeps the shell's typeahead. */
    if (quit_pending) discard_typeahead();
    restored = 1;
    if (screen) { delscreen(screen); screen = NULL; }
}

int gk_suspend(void) {
    if (restored) return -1;
    clear_alternate_screen(); /* the next program (less, vim) would show our sixels for a moment */
    endwin();
    clear_last_line();
    fflush(stdout);
    /* Stop as the default action would; the handler comes back once we are continued. */
    struct sigaction dfl, ours;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, &ours);
    sigset_t tstp, old;
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &tstp, &old);
    kill(getpid(), SIGTSTP);
    sigprocmask(SIG_SETMASK, &old, NULL);
    sigaction(SIGTSTP, &ours, NULL);
    return 0;
}

void gk_resume(void) {
    if (restored) return;
    /* Back in the program's modes and the alternate screen; mouse reporting on again. */
    reset_prog_mode();
    mousemask(ALL_MOUSE_EVENTS, NULL);
    curs_set(0);
    gk_clear();
}

void gk_emergency_restore(void) {
    if (restored) return;
    restored = 1;
    if (restore_len) { ssize_t w = write(STDOUT_FILENO, restore_seq, restore_len); (void)w; }
    if (have_saved_tty) tcsetattr(STDIN_FILENO, TCSANOW, &saved_tty);
}

/* Lets output flow again if the user stopped it with Ctrl-S: IXON off restarts it (TCOON only
   undoes TCOOFF); the saved modes put IXON back as the terminal is restored. */
static void release_output(void) {
    struct termios t;
    if (tcgetattr(STDOUT_FILENO, &t) == 0 && (t.c_iflag & IXON)) {
        t.c_iflag &= ~(tcflag_t)IXON;
        tcsetattr(STDOUT_FILENO, TCSANOW, &t);
    }
    tcflow(STDOUT_FILENO, TCOON);
}

/* Restores without ever waiting on the terminal (a dying process must not hang on a terminal
   that reads nothing): non-blocking writes, output released first. */
static void restore_now(void) {
    release_output();
    int flags = fcntl(STDOUT_FILENO, F_GETFL);
    if (flags >= 0) fcntl(STDOUT_FILENO, F_SETFL, flags | O_NONBLOCK);
    gk_emergency_restore();
    /* Every signal that comes here ends the process; also after a restore already done (a
       crash after a failure closed the screen). */
    discard_typeahead();
    /* The open file is the shell's too: give it back blocking. */
    if (flags >= 0) fcntl(STDOUT_FILENO, F_SETFL, flags);
}

static void on_quit_signal(int sig) {
    int saved_errno = errno;
    unsigned char b = (unsigned char)sig;
    if (signal_fd >= 0) { ssize_t w = write(signal_fd, &b, 1); (void)w; }
    if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
        /* The run loop ends and restores the terminal, which needs output to flow (it may be
           stopped with Ctrl-S); if it is still not done by a second signal (a terminal that
           reads nothing), restore what can be restored without waiting, and end here. */
        if (quit_pending) { restore_now(); _exit(128 + sig); }
        quit_pending = 1;
        release_output();
    }
    errno = saved_errno;
}

/* Signals whose default action ends the process: the terminal is restored first, then the
   signal is delivered again with its default action (SIGQUIT still dumps core where the user
   allows it, and no runtime prints a crash report over the screen). */
static void on_fatal_signal(int sig) {
    restore_now();
    signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
}

static void on_crash_signal(int sig) {
    restore_now();
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
    /* Installed before newterm, so curses leaves SIGWINCH (and SIGTSTP) to us: input is not read
       through it, and suspending is done by the run loop (gk_suspend) where it is safe. */
    sigaction(SIGWINCH, &sa, NULL);
    sigaction(SIGTSTP, &sa, NULL);
    sigaction(SIGCONT, &sa, NULL);
    sa.sa_handler = on_fatal_signal;
    int fatal[] = { SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS };
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        struct sigaction old;
        /* An app that ignores one (griddemo ignores SIGPIPE) keeps it ignored. */
        if (sigaction(fatal[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(fatal[i], &sa, NULL);
    }
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
int gk_number_cap(const char *name) {
    int n = tigetnum((char *)name);
    return n < 0 ? -1 : n;
}

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
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return -1;
        }
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

