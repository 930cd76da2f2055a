/* The harness's floor for key latency: a program that reads a key and answers with 65 bytes
   (or as many as its argument says), doing nothing else. scripts/ptybench.sh runs it beside
   griddemo, so a key's latency can be read as this floor plus what griddemo itself does; run
   with the bytes griddemo sends per key, it is what any program pays the pty for them. */
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

int main(int argc, char **argv) {
    struct termios t;
    if (tcgetattr(0, &t) == 0) { cfmakeraw(&t); tcsetattr(0, TCSANOW, &t); }
    static const char ready[] = "Item ready\r\n";
    if (write(1, ready, sizeof ready - 1) < 0) return 1;
    static char out[1 << 20];
    size_t size = 65;
    if (argc > 1) {
        long n = strtol(argv[1], NULL, 10);
        if (n < 1 || n > (long)sizeof out) return 2;
        size = (size_t)n;
    }
    memset(out, 'x', size);
    char in[256];
    for (;;) {
        struct pollfd p = { 0, POLLIN, 0 };
        if (poll(&p, 1, -1) < 0) continue;
        ssize_t n = read(0, in, sizeof in);
        if (n <= 0 || in[0] == 'q') return 0;
        /* One write, as griddemo writes a frame; the pty may take it in parts. */
        for (size_t done = 0; done < size;) {
            ssize_t w = write(1, out + done, size - done);
            if (w < 0) return 1;
            done += (size_t)w;
        }
    }
}
