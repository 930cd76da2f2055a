#ifndef GRIDKIT_CNCURSES_H
#define GRIDKIT_CNCURSES_H
/* The only interface between Swift and ncurses. Swift never sees curses.h: every macro,
   attribute bit and key code is translated here into the small vocabulary below. */
#include <stdint.h>
#include <wchar.h>

/* What gk_input_next returns. */
enum {
    GK_NONE = 0, GK_CHAR, GK_UP, GK_DOWN, GK_LEFT, GK_RIGHT, GK_PGUP, GK_PGDN, GK_HOME, GK_END,
    GK_ENTER, GK_BACKSPACE, GK_DELETE, GK_BACKTAB, GK_RESIZE, GK_MOUSE, GK_FUNCTION, GK_OTHER
};
/* Mouse actions for GK_MOUSE. */
enum { GK_MOUSE_PRESS = 1, GK_MOUSE_RELEASE, GK_MOUSE_WHEEL_UP, GK_MOUSE_WHEEL_DOWN };

typedef struct {
    int kind;          /* GK_* above */
    uint32_t ch;       /* GK_CHAR: the code point; GK_FUNCTION: n of F(n) */
    int mouse_action;  /* GK_MOUSE_* */
    int mouse_button;  /* 1..3 */
    int x, y;
} gk_event;

/* 1 when TERM names a terminal terminfo knows; 0 unknown; -1 no terminfo database. */
int gk_check_terminal(const char *term);
/* Switches LC_CTYPE to a UTF-8 locale if the environment's is not; returns 1 when UTF-8. */
int gk_use_utf8_locale(void);
/* Opens the screen on stdin/stdout with newterm. Returns 0 on success. */
int gk_open(void);
void gk_close(void);
/* Restores the tty from any context (signal handler, fatal error). Idempotent. */
void gk_emergency_restore(void);
/* SIGINT/SIGTERM/SIGHUP and SIGWINCH write their number to fd; crash signals restore the tty
   and re-raise. */
void gk_install_signal_handlers(int fd);

int gk_rows(void);
int gk_cols(void);
int gk_colors(void);
int gk_has_direct_color(void);

/* Clears the screen through curses, which then believes it blank and untouched: frames are
   written by GridKit's own writer, so curses never repaints over them. */
void gk_clear(void);
/* A terminfo string capability, or NULL when the terminal has none. */
const char *gk_string_cap(const char *name);
/* A terminfo boolean capability: 1, or 0 when absent. */
int gk_flag_cap(const char *name);
/* A capability with up to 9 numeric parameters applied (tiparm); a static buffer, copy it. */
const char *gk_tparm(const char *cap, long p1, long p2, long p3, long p4, long p5, long p6, long p7, long p8, long p9);
int gk_wcwidth(uint32_t ch);

/* Input, read in bulk and decoded without curses (input.c). gk_input_reset sets the fd and
   forgets keys; gk_input_load_terminfo learns the terminal's key sequences (kcuu1, kf1, …);
   gk_input_add_key adds one (tests). gk_input_fill reads what is waiting (timeout_ms < -1:
   at once, input is known to be there; else poll that long first) and returns the bytes read,
   0, or -1 at end of input. gk_input_next decodes the next event from what was read (kind
   GK_NONE when nothing is left), waiting briefly only for the rest of a sequence begun. */
void gk_input_reset(int fd);
void gk_input_load_terminfo(void);
int gk_input_add_key(const char *seq, int kind, uint32_t ch);
/* The ANSI (keypad-transmit off) forms of the cursor, Home/End, PgUp/PgDn and Delete keys. */
void gk_input_add_ansi_keys(void);
int gk_input_fill(int timeout_ms);
gk_event gk_input_next(void);
/* Takes the tty's size after SIGWINCH and tells curses; returns 1 when it could. */
int gk_resize(void);

/* Bytes straight to the terminal (pictures, queries), after what curses has buffered.
   Returns 0, or -1 when the terminal is gone. */
int gk_write_raw(const uint8_t *bytes, size_t count);
/* The window's size in pixels from the tty (0 when the terminal does not say). */
void gk_window_pixels(int *width, int *height);
/* Raw mode for asking the terminal questions before curses starts: 1 on, 0 back as it was. */
int gk_query_mode(int on);
/* Reads what the terminal answered, waiting at most `timeout_ms`; returns bytes read (0 on
   timeout, -1 on error). */
int gk_read_reply(uint8_t *buffer, size_t size, int timeout_ms);

#endif
