#ifndef GRIDKIT_CNCURSES_H
#define GRIDKIT_CNCURSES_H
/* The only interface between Swift and ncurses. Swift never sees curses.h: every macro,
   attribute bit and key code is translated here into the small vocabulary below. */
#include <stdint.h>
#include <wchar.h>

/* Our own attribute bits (GridKit's TextAttributes raw values). */
enum { GK_BOLD = 1, GK_DIM = 2, GK_ITALIC = 4, GK_UNDERLINE = 8, GK_REVERSE = 16 };

/* What gk_read returns. */
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
/* SIGINT/SIGTERM/SIGHUP write their number to fd; crash signals restore the tty and re-raise. */
void gk_install_signal_handlers(int fd);

int gk_rows(void);
int gk_cols(void);
int gk_colors(void);
int gk_has_direct_color(void);
int gk_color_pairs(void);
/* Colour pair for fg/bg (-1 = terminal default). Recycles least recently used pairs when full. */
int gk_pair(int fg, int bg);

/* Writes one cell: up to 5 code points (base + combining), our attribute bits, a pair. */
void gk_put(int y, int x, const uint32_t *chars, int count, unsigned attrs, int pair);
void gk_refresh(void);
/* Where the (hidden) cursor rests after the next refresh: screen readers and braille displays
   follow it. -1, -1 leaves it wherever drawing ended. */
void gk_set_cursor(int y, int x);
/* Marks the physical screen as garbage so the next refresh repaints it all. */
void gk_invalidate(void);
int gk_wcwidth(uint32_t ch);

/* Non-blocking read of one input event; kind GK_NONE when nothing is pending. */
gk_event gk_read(void);

/* Bytes straight to the terminal (pictures, queries), after what curses has buffered.
   Returns 0, or -1 when the terminal is gone. */
int gk_write_raw(const uint8_t *bytes, size_t count);
/* Marks screen lines as garbled so the next refresh repaints them whole (a picture drawn
   over them by the terminal is gone then). */
void gk_redraw_lines(int y, int count);
/* The window's size in pixels from the tty (0 when the terminal does not say). */
void gk_window_pixels(int *width, int *height);
/* Raw mode for asking the terminal questions before curses starts: 1 on, 0 back as it was. */
int gk_query_mode(int on);
/* Reads what the terminal answered, waiting at most `timeout_ms`; returns bytes read (0 on
   timeout, -1 on error). */
int gk_read_reply(uint8_t *buffer, size_t size, int timeout_ms);

#endif
