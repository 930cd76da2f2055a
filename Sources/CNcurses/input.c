/* Keyboard and mouse input, read in bulk and not through curses: curses reads one byte per read()
   with a poll() before each, six system calls for an arrow key, where this reads whatever is
   waiting in one. What the bytes mean (keys, characters, mouse reports, replies to swallow, the
   escape delay) is decided in Swift, by GridKitTerminal's InputDecoder. */
#define _XOPEN_SOURCE 700
#include "cncurses.h"
#include <errno.h>
#include <poll.h>
#include <unistd.h>

int gk_read_input(int fd, uint8_t *buffer, size_t size, int timeout_ms) {
    if (size == 0) return 0;
    if (timeout_ms >= -1) {
        struct pollfd p = { fd, POLLIN, 0 };
        int r = poll(&p, 1, timeout_ms);
        if (r < 0) return errno == EINTR ? 0 : -1;
        if (r == 0) return 0;
        if (!(p.revents & POLLIN)) return (p.revents & (POLLHUP | POLLERR)) ? -1 : 0;
    }
    ssize_t n = read(fd, buffer, size);
    if (n > 0) return (int)n;
    if (n == 0) return -1;
    return (errno == EINTR || errno == EAGAIN) ? 0 : -1;
}
