/* The distinct memory a key touches, from valgrind lackey's trace on standard input
   (`--trace-mem=yes`): for each stretch of the trace from an instruction at START to the next
   at END (hex addresses, as the process runs), one line with the instructions and data
   accesses it ran and the distinct 64-byte lines of code and of data among them (the stack's
   apart). scripts/keylines.py runs it with START the controller's handling of an input event
   and END what the controller calls once the frame is out: what a key touches to answer it.

   Between keys a shared machine's caches lose the program's code and data; the key then
   fetches each line it touches again, so a key's own time follows these counts more closely
   than its instructions. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define BITS 22
#define SLOTS (1u << BITS)

static uint32_t *stamp; /* generation a slot was filled in: a new key clears the set in O(1) */
static uint64_t *lines;
static uint32_t generation = 1;

/* Adds a line to this key's set; 1 when it was not in it. Code and data lines are kept apart
   by a high bit. */
static int insert(uint64_t line) {
    uint64_t h = (line * 0x9E3779B97F4A7C15ull) >> (64 - BITS);
    for (;;) {
        if (stamp[h] != generation) {
            stamp[h] = generation;
            lines[h] = line;
            return 1;
        }
        if (lines[h] == line) return 0;
        h = (h + 1) & (SLOTS - 1);
    }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: keylines START END < lackey-trace\n");
        return 2;
    }
    uint64_t start = strtoull(argv[1], 0, 16), end = strtoull(argv[2], 0, 16);
    stamp = calloc(SLOTS, sizeof *stamp);
    lines = calloc(SLOTS, sizeof *lines);
    if (!stamp || !lines) return 1;
    char text[256];
    int active = 0;
    long instructions = 0, accesses = 0, code = 0, data = 0, stack = 0, keys = 0, filled = 0;
    while (fgets(text, sizeof text, stdin)) {
        if (text[0] == 'I') {
            uint64_t a = strtoull(text + 3, 0, 16);
            if (a == start && !active) {
                active = 1;
                generation++;
                instructions = accesses = code = data = stack = filled = 0;
            }
            if (active && a == end) {
                printf("instructions %ld data accesses %ld | code lines %ld data lines %ld (stack %ld)\n",
                       instructions, accesses, code, data, stack);
                fflush(stdout);
                active = 0;
                keys++;
            }
            if (active) {
                instructions++;
                if (insert(a >> 6)) code++, filled++;
            }
        } else if (text[0] == ' ' && active) {
            /* " L addr,size", " S ...", " M ..." */
            uint64_t a = strtoull(text + 3, 0, 16);
            accesses++;
            if (insert((a >> 6) | (1ull << 62))) {
                data++, filled++;
                /* the main thread's stack, where valgrind puts it on x86_64 */
                if (a > 0x1000000000ull) stack++;
            }
        }
        /* A set this full would slow every insert: nothing a key does comes near it. */
        if (filled > (long)(SLOTS / 2)) {
            fprintf(stderr, "keylines: more than %u lines in one stretch; is END ever reached?\n", SLOTS / 2);
            return 1;
        }
    }
    fprintf(stderr, "keylines: %ld stretches\n", keys);
    return keys > 0 ? 0 : 1;
}
