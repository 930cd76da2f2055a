/* The harness's floor for key latency: a program that reads a key and answers with 65 bytes,
   doing nothing else. scripts/ptybench.sh runs it beside griddemo, so a key's latency can be
   read as this floor plus what griddemo itself does. */
#include <poll.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

int main(void) {
    struct termios t;
    if (tcgetattr(0, &t) == 0) { cfmakeraw(&t); tcsetattr(0, TCSANOW, &t); }
    static const char ready[] = "Item ready\r\n";
    if (write(1, ready, sizeof ready - 1) < 0) return 1;
    char in[256], out[65];
    memset(out, 'x', sizeof out);
    for (;;) {
        struct pollfd p = { 0, POLLIN, 0 };
        if (poll(&p, 1, -1) < 0) continue;
        ssize_t n = read(0, in, sizeof in);
        if (n <= 0 || in[0] == 'q') return 0;
        if (write(1, out, sizeof out) < 0) return 1;
    }
}
