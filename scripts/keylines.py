#!/usr/bin/env python3
"""The distinct code and data a key touches in griddemo, counted under valgrind's lackey.

Between two keys a shared machine's caches lose the program's code and data, and the key then
fetches again every 64-byte line it touches: its own time follows the distinct lines more than
its instructions (`scripts/keyfootprint.py` counts those). This counts them per key, from the
moment the controller takes the key (`ScreenController.dispatch`) to the moment the frame is
out (`GridView.prefetchAfterFrame`, which the controller calls once the host has presented it;
a frame of text goes out in several writes as it is made). Lackey's trace
does not tell threads apart: measure where other threads are idle meanwhile (the photo grid on
a thumbnail cache the same keys filled first, in `XDG_CACHE_HOME`).

    scripts/keylines.py [--warm SCRIPT] [--keys SCRIPT] [--gap MS] PATH/TO/griddemo [ARGS...]
        (default: numbers --count 1000000 --layout list; warm and keys down*6)

Keys are down, up, pgdn, pgup, end, home, each NAME or NAME*COUNT, separated by commas: --warm
is sent first and not reported (first-use work), --keys after it, each followed by --gap ms of
quiet (1000: under lackey a key takes a hundred times as long). Prints one line per key
answered: instructions, data accesses, distinct code lines, distinct data lines (the stack's
among them), then the medians. A key that came while the last was still being answered is
answered with it, in one line. Needs valgrind; skips with a message when it is missing.
"""
import os
import pty
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import fcntl

from keyfootprint import drain, parse_keys, quit_program

# Where valgrind loads a position-independent executable on x86_64 Linux: symbol addresses
# from `nm` are offsets from it.
LOAD_ADDRESS = 0x108000


def symbol(binary, test):
    out = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True).stdout
    found = [int(p[0], 16) for p in (line.split() for line in out.splitlines()) if len(p) == 3 and test(p[2])]
    return found[0] if len(found) == 1 else None


def main():
    argv = sys.argv[1:]
    warm, keys, gap = "down*6", "down*6", 1.0
    while argv and argv[0].startswith("--"):
        option = argv.pop(0)
        if not argv:
            sys.exit(__doc__)
        value = argv.pop(0)
        if option == "--warm":
            warm = value
        elif option == "--keys":
            keys = value
        elif option == "--gap":
            gap = float(value) / 1000
        else:
            sys.exit(__doc__)
    if not argv:
        sys.exit(__doc__)
    if not shutil.which("valgrind") or not shutil.which("cc"):
        print("keylines: valgrind or cc not found; skipping (apt-get install valgrind gcc)")
        return
    here = os.path.dirname(os.path.abspath(__file__))
    args = argv[1:] or ["numbers", "--count", "1000000", "--layout", "list"]
    with tempfile.TemporaryDirectory() as tmp:
        counter_bin = os.path.join(tmp, "keylines")
        subprocess.run(["cc", "-O2", "-o", counter_bin, os.path.join(here, "keylines.c")], check=True)
        # Valgrind cannot read the debug information of some Swift binaries: a stripped copy.
        copy = os.path.join(tmp, "griddemo")
        shutil.copy(argv[0], copy)
        subprocess.run(["strip", "--strip-debug", copy], capture_output=True)
        start = symbol(copy, lambda s: "16ScreenControllerC8dispatch" in s)
        end = symbol(copy, lambda s: "18prefetchAfterFrame" in s)
        if start is None or end is None:
            sys.exit("keylines: %s has no ScreenController.dispatch or GridView.prefetchAfterFrame symbol" % argv[0])
        fifo = os.path.join(tmp, "trace")
        os.mkfifo(fifo)
        report = os.path.join(tmp, "report")
        with open(report, "w") as out, open(os.devnull, "w") as quiet:
            counter = subprocess.Popen(
                "exec %s %x %x < %s" % (counter_bin, LOAD_ADDRESS + start, LOAD_ADDRESS + end, fifo),
                shell=True, stdout=out, stderr=quiet)
            pid, fd = pty.fork()
            if pid == 0:
                os.environ["TERM"] = "xterm-256color"
                os.dup2(os.open(fifo, os.O_WRONLY), 3)
                os.execvp("valgrind", ["valgrind", "--tool=lackey", "--trace-mem=yes", "--log-fd=3", copy] + args)
            fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
            drain(fd, 60)  # start-up under lackey is slow
            for key in parse_keys(warm):
                os.write(fd, key)
                drain(fd, gap)
            # Keys answered while the trace crawls: wait until the warm keys' answers are all out.
            count = -1
            while True:
                drain(fd, max(2, 2 * gap))
                with open(report) as r:
                    warmed = len(r.readlines())
                if warmed == count:
                    break
                count = warmed
            for key in parse_keys(keys):
                os.write(fd, key)
                drain(fd, gap)
            drain(fd, 2)
            quit_program(fd, pid, 10)
            counter.wait()
        with open(report) as r:
            rows = r.readlines()[warmed:]
    if not rows:
        sys.exit("keylines: no key was answered (is valgrind's load address still %#x?)" % LOAD_ADDRESS)
    print("keys %s after %s (lackey, all threads; from taking the key to writing):" % (keys, warm))
    for row in rows:
        print("  " + row.rstrip())
    code = [int(r.split("code lines ")[1].split()[0]) for r in rows]
    data = [int(r.split("data lines ")[1].split()[0]) for r in rows]
    print("  median: %d code lines, %d data lines (%d KB in all)" % (
        statistics.median(code), statistics.median(data), (statistics.median(code) + statistics.median(data)) * 64 // 1024))


if __name__ == "__main__":
    main()
