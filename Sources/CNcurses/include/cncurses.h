#ifndef GRIDKIT_CNCURSES_H
#define GRIDKIT_CNCURSES_H
/* The only interface between Swift and ncurses. Swift never sees curses.h: every macro and
   attribute bit is translated here into the small vocabulary below. Keys are not: curses reads
   none, input arrives as bytes (gk_read_input) and GridKitTerminal's InputDecoder decodes them,
   with the terminal's key strings from gk_string_cap. */
#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

/* 1 when TERM names a terminal terminfo knows and a grid can use; 0 unknown; -1 no terminfo
   database; -2 it cannot place the cursor (no cup, or hardcopy/overstriking: dumb). */
int gk_check_terminal(const char *term);
/* Makes TERM's terminfo entry the current one without opening a screen, so what GridKit
   reads from terminfo can be checked for a given terminal (tests); 1 when loaded.
   gk_unload_terminfo lets it go. */
int gk_load_terminfo(const char *term);
void gk_unload_terminfo(void);
/* Switches LC_CTYPE to a UTF-8 locale if the environment's is not (widths are asked of the C
   library in Unicode); returns 1 when UTF-8. The environment's own codeset is kept: see
   gk_environment_codeset. */
int gk_use_utf8_locale(void);
/* The codeset of the locale the environment asks for ("UTF-8", "ISO-8859-1",
   "ANSI_X3.4-1968" for an explicit C/POSIX), found once (it calls setlocale(LC_ALL, ""): call it
   first on the main thread). No locale variable at all, or one naming UTF-8 that this C library
   cannot load, counts as UTF-8; another that it cannot load, as the codeset in its name. */
const char *gk_environment_codeset(void);
/* Text for a terminal whose locale is not UTF-8 (charset.c, with iconv). gk_charset_open
   prepares conversions to and from `codeset`, NULL when there are none; one thread at a time
   uses a charset. */
struct gk_charset;
struct gk_charset *gk_charset_open(const char *codeset);
void gk_charset_close(struct gk_charset *cs);
/* The bytes of `scalar` in the codeset, exactly (translit 0) or transliterated by the C library
   (translit 1, "é" to "e" in ASCII); their count, or -1 when it has none. */
int gk_charset_encode(struct gk_charset *cs, uint32_t scalar, int translit, unsigned char *out, int capacity);
/* The first character of `in` (len bytes) in the codeset: its byte count, with the scalar in
   `scalar`; 0 when its last bytes have not come yet; -1 when the bytes are no character. */
int gk_charset_decode(struct gk_charset *cs, const unsigned char *in, int len, uint32_t *scalar);
/* The scalar that byte `b` (0x80 or more) stands for in the codeset, or 0xFFFD. */
uint32_t gk_charset_decode_byte(struct gk_charset *cs, unsigned char b);
/* Opens the screen on stdin/stdout with newterm. Returns 0 on success. */
int gk_open(void);
void gk_close(void);
/* Restores the tty from any context (signal handler, fatal error). Idempotent. */
void gk_emergency_restore(void);
/* Bytes the restore (gk_close and gk_emergency_restore) also sends: a mode turned on after
   gk_open. Call after gk_open. */
void gk_restore_also(const char *bytes);
/* SIGINT/SIGTERM/SIGHUP, SIGWINCH, SIGTSTP and SIGCONT write their number to fd; crash signals
   and the others whose default ends the process (QUIT, USR1, ALRM, …) restore the tty and
   re-raise. A termination signal during a blocked write resumes output (Ctrl-S); a second one
   restores and exits. Every signal that ends the program drops the keys typed and not read
   yet (gk_close after SIGINT/SIGTERM/SIGHUP too), so they never reach the shell; terminfo
   strings go out without their padding. */
void gk_install_signal_handlers(int fd);
/* Job control: gives the terminal back (normal screen, cursor, modes) and stops the process as
   SIGTSTP would; returns once it is continued. */
int gk_suspend(void);
/* After gk_suspend or a SIGCONT: back in the program's modes, the screen cleared for a repaint. */
void gk_resume(void);

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
/* A terminfo number capability (colors, cols…), or -1 when absent; no curses screen needed. */
int gk_number_cap(const char *name);
/* A capability with up to 9 numeric parameters applied (tiparm); a static buffer, copy it. */
const char *gk_tparm(const char *cap, long p1, long p2, long p3, long p4, long p5, long p6, long p7, long p8, long p9);
int gk_wcwidth(uint32_t ch);

/* Reads what is waiting on fd in one read() (input.c): at once when the caller knows input is
   there (timeout_ms < -1), else after waiting up to timeout_ms for it (-1: for as long as it
   takes). Returns the bytes read, 0 when none came in time, -1 at end of input or on error. */
int gk_read_input(int fd, uint8_t *buffer, size_t size, int timeout_ms);
/* Takes the tty's size after SIGWINCH and tells curses; returns 1 when it could. */
int gk_resize(void);

/* Bytes straight to the terminal (pictures, queries), after what curses has buffered.
   Returns 0, or -1 when the terminal is gone. */
int gk_write_raw(const uint8_t *bytes, size_t count);
/* The window's size in pixels from the tty (0 when the terminal does not say). */
void gk_window_pixels(int *width, int *height);
/* Raw mode for asking the terminal questions before curses starts: 1 on, 0 back as it was. */
int gk_query_mode(int on);
/* The answers are read with gk_read_input on stdin. */

#endif
