/* The harness's floor for key latency: a program that reads a key and answers with 65 bytes
   (or as many as its argument says), doing nothing else. scripts/ptybench.sh runs it beside
   griddemo, so a key's latency can be read as this floor plus what griddemo itself does; run
   with the bytes griddemo sends per key, it is what any program pays the pty for them.
   With a file as second argument the answer is that file's bytes (repeated to the size): the
   harness reads its output through regular expressions whose time grows with the escape
   sequences in it (0.12 ms per 4 KB of griddemo's frames against 0.007 ms of letters, in
   ptybench's own scan), so a floor of letters is faster than any frame of the same size.
   A third argument, a file of one number per line, gives each key in turn its own size (the
   bytes griddemo answered the same key with): the floor then plays griddemo's key script.
   KEYFLOOR_SPIN_US=n makes it work n µs before each answer, reading and writing KEYFLOOR_SPIN_KB
   (64 unless given) of memory a line at a time, and KEYFLOOR_AFTER_US=n as long after it: a
   program that works as long as griddemo does, to tell what work costs a key from what the
   pty does (Performance article). */
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

/* Touches `memory` a cache line at a time, strided so the prefetcher cannot run ahead, for `us`. */
static void spin(unsigned char *memory, size_t size, long us) {
    if (us <= 0 || memory == NULL) return;
    double start = now_us();
    unsigned sum = 0;
    size_t i = 0;
    while (now_us() - start < us) {
        for (size_t k = 0; k < 64; k++) {
            i = (i + 4160 + k * 64) % size;
            sum += memory[i];
            memory[i] = (unsigned char)sum;
        }
    }
    memory[0] ^= (unsigned char)sum; /* the sum is kept, so the reads stay */
}

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
    static size_t sizes[4096];
    size_t count = 0, key = 0;
    if (argc > 3) {
        FILE *f = fopen(argv[3], "r");
        if (f == NULL) return 4;
        long v;
        while (count < sizeof sizes / sizeof sizes[0] && fscanf(f, "%ld", &v) == 1) {
            if (v < 0 || v > (long)sizeof out) return 4;
            sizes[count++] = (size_t)v;
        }
        fclose(f);
        if (count == 0) return 4;
    }
    memset(out, 'x', sizeof out);
    if (argc > 2) {
        static char file[1 << 20];
        int fd = open(argv[2], O_RDONLY);
        if (fd < 0) return 3;
        ssize_t n = read(fd, file, sizeof file);
        close(fd);
        if (n <= 0) return 3;
        for (size_t i = 0; i < sizeof out; i++) out[i] = file[i % (size_t)n];
    }
    long spin_us = getenv("KEYFLOOR_SPIN_US") ? atol(getenv("KEYFLOOR_SPIN_US")) : 0;
    long after_us = getenv("KEYFLOOR_AFTER_US") ? atol(getenv("KEYFLOOR_AFTER_US")) : 0;
    long spin_kb = getenv("KEYFLOOR_SPIN_KB") ? atol(getenv("KEYFLOOR_SPIN_KB")) : 64;
    size_t spin_size = (size_t)(spin_kb > 0 ? spin_kb : 64) * 1024;
    unsigned char *memory = NULL;
    if (spin_us > 0 || after_us > 0) {
        memory = malloc(spin_size);
        if (memory == NULL) return 5;
        memset(memory, 1, spin_size);
    }
    char in[256];
    for (;;) {
        struct pollfd p = { 0, POLLIN, 0 };
        if (poll(&p, 1, -1) < 0) continue;
        ssize_t n = read(0, in, sizeof in);
        if (n <= 0 || in[0] == 'q') return 0;
        if (count > 0) size = sizes[key++ % count];
        spin(memory, spin_size, spin_us);
        /* One write, all of it ready: griddemo writes a frame of text in chunks while it makes
           it, the first going out before the last is made. The pty may take it in parts. */
        for (size_t done = 0; done < size;) {
            ssize_t w = write(1, out + done, size - done);
            if (w < 0) return 1;
            done += (size_t)w;
        }
        spin(memory, spin_size, after_us);
    }
}
