#!/usr/bin/env python3
"""How much work and how much code a key costs griddemo, counted rather than timed.

Between two key presses the caches go cold, so a key's latency on a shared machine follows the
code and memory it touches more than its instruction count. Wall-clock figures here move by
tens of percent from run to run; these do not: callgrind counts the same instructions for the
same binary and input whatever else the machine does.

    scripts/keyfootprint.py [--keys SCRIPT] [--gap MS] [--main-thread] [--save PATH] PATH/TO/griddemo [ARGS...]
        (default: numbers --count 1000000 --layout list, keys down*100,pgdn*10,up*50,end,home)

--gap sets the pause after each key in ms (50): longer for a program whose other threads
should finish a key's work before the next (under valgrind they are slow). --keys takes a
script of down, up, pgdn, pgup, end and home, each NAME or NAME*COUNT, separated by commas.
--main-thread counts the thread that answers keys alone (callgrind's --separate-threads):
where other threads work after a key (the photo grid's decode threads), what stands between a
key and its answer. --save PATH keeps the callgrind dump of the counted keys (what
scripts/link-order.py reads).

Runs griddemo under `valgrind --tool=callgrind` in a 120x40 pseudo-terminal, sends the key
script once to warm up (first-use work: lazy metadata, caches), zeroes the counters, sends it
again, and reports per key: instructions (split at the moment the frame is out: what stands
between the key and its answer, and what it leaves for after, making the cells the next key
will show), and the distinct 64-byte code lines and 4 KB code pages executed over the whole
script, split by binary. Needs valgrind; skips with a message
when it is missing.
"""
import collections
import fcntl
import os
import pty
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import time

from callgrind_dump import records

KEY_BYTES = {
    "down": b"\x1b[B", "up": b"\x1b[A", "pgdn": b"\x1b[6~", "pgup": b"\x1b[5~", "end": b"\x1b[F", "home": b"\x1b[H",
}
SCRIPT = "down*100,pgdn*10,up*50,end,home"


def parse_keys(script):
    keys = []
    for token in script.split(","):
        name, _, count = token.strip().partition("*")
        if name not in KEY_BYTES or not (count or "1").isdigit():
            sys.exit("keyfootprint: %r is not a key of %s (NAME or NAME*COUNT)" % (token, ", ".join(KEY_BYTES)))
        keys += [KEY_BYTES[name]] * int(count or 1)
    return keys


KEYS = parse_keys(SCRIPT)


def drain(fd, seconds):
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                if not os.read(fd, 65536):
                    return
            except OSError:
                return


def quit_program(fd, pid, wait):
    """Sends q, lets the program answer for `wait` seconds, then ends it whatever it did."""
    os.write(fd, b"q")
    drain(fd, wait)
    try:
        os.kill(pid, 9)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)


def run(binary, args, out, threads=False, gap=0.05):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        # Names as linked (not demangled): scripts/link-order.py reads them from a saved dump.
        argv = ["valgrind", "--tool=callgrind", "--dump-instr=yes", "--demangle=no", "--callgrind-out-file=" + out]
        argv += ["--separate-threads=yes"] if threads else []
        argv += [binary] + args
        os.execvp(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    drain(fd, 20)  # start-up under valgrind is slow

    def script():
        for key in KEYS:
            os.write(fd, key)
            drain(fd, gap)

    script()
    subprocess.run(["callgrind_control", "-z", str(pid)], capture_output=True)
    drain(fd, 0.5)
    script()
    subprocess.run(["callgrind_control", "-d", str(pid)], capture_output=True)
    drain(fd, 1)
    quit_program(fd, pid, 3)


# What the controller calls once a frame is out (mangled name): its inclusive cost, counted
# where something else calls it (not a copy of it calling another), is the work a key leaves
# for after its answer. The rest is the key and its frame, and any other work the thread did.
AFTER_FRAME = "18prefetchAfterFrame"


def footprint(path):
    """Instructions, and the code lines and pages executed, from a callgrind dump with --dump-instr."""
    obj, addr = None, 0
    skip_cost = False
    lines, pages = set(), set()
    by_object = collections.defaultdict(set)
    instructions = after_frame = 0
    fn = callee = None
    for record in records(path):
        if record[0] == "ob":
            obj = record[1]
        elif record[0] == "fn":
            fn = record[1]
        elif record[0] == "cfn":
            callee = record[1]
        elif record[0] == "calls":
            skip_cost = True  # the next line is the call's inclusive cost
        elif record[0] == "cost":
            _, token, cost = record
            if token.startswith("0x"):
                addr = int(token, 16)
            elif token.startswith("+"):
                addr += int(token[1:])
            elif token.startswith("-"):
                addr -= int(token[1:])
            elif token != "*":
                continue
            if not skip_cost and cost is not None:
                instructions += cost
            elif skip_cost and cost is not None and AFTER_FRAME in (callee or "") and AFTER_FRAME not in (fn or ""):
                after_frame += cost
            skip_cost = False
            lines.add(addr >> 6)
            pages.add(addr >> 12)
            by_object[os.path.basename(obj or "?")].add(addr >> 6)
    return instructions, after_frame, lines, pages, by_object


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    if not shutil.which("valgrind") or not shutil.which("callgrind_control"):
        print("keyfootprint: valgrind not found; skipping (apt-get install valgrind)")
        # Asked for a dump (link-order.sh), having none is a failure.
        sys.exit(1 if "--save" in sys.argv else 0)
    global KEYS
    argv = sys.argv[1:]
    script, main_thread, gap, save = SCRIPT, False, 0.05, None
    while argv and argv[0].startswith("--"):
        option = argv.pop(0)
        if option in ("--keys", "--gap", "--save") and not argv:
            sys.exit(__doc__)
        if option == "--keys":
            script = argv.pop(0)
        elif option == "--gap":
            gap = float(argv.pop(0)) / 1000
        elif option == "--main-thread":
            main_thread = True
        elif option == "--save":
            save = argv.pop(0)
        else:
            sys.exit(__doc__)
    if not argv:
        sys.exit(__doc__)
    KEYS = parse_keys(script)
    binary = os.path.abspath(argv[0])
    args = argv[1:] or ["numbers", "--count", "1000000", "--layout", "list"]
    with tempfile.TemporaryDirectory() as tmp:
        # Valgrind cannot read the debug information of some Swift binaries: a stripped copy.
        copy = os.path.join(tmp, "griddemo")
        shutil.copy(binary, copy)
        subprocess.run(["strip", "--strip-debug", copy], capture_output=True)
        out = os.path.join(tmp, "callgrind.out")
        run(copy, args, out, threads=main_thread, gap=gap)
        # Valgrind numbers threads from 1, the main thread first; the dump asked for (-d) has a
        # part number (.1), the one written at exit none, and the exit's counts are not the keys'.
        dumps = sorted(p for p in os.listdir(tmp) if p.startswith("callgrind.out.") and (not main_thread or p.endswith("-01")))
        if not dumps:
            print("keyfootprint: no profile was written (did griddemo start?)")
            sys.exit(1)
        instructions, after_frame, lines, pages, by_object = footprint(os.path.join(tmp, dumps[-1]))
        if save:
            shutil.copy(os.path.join(tmp, dumps[-1]), save)
    n = len(KEYS)
    print("keys %s%s (counted by callgrind, the same on any machine load):" % (script, ", main thread" if main_thread else ""))
    print("  instructions per key  %d" % (instructions // n))
    print("    before the frame is out  %d" % ((instructions - after_frame) // n))
    print("    after it (GridView.prefetchAfterFrame: cells and prefetching for the next key)  %d" % (after_frame // n))
    print("  code touched by the script  %d lines of 64 B (%d KB) on %d pages of 4 KB" % (len(lines), len(lines) * 64 // 1024, len(pages)))
    for obj, s in sorted(by_object.items(), key=lambda kv: -len(kv[1])):
        print("    %5d lines  %s" % (len(s), obj))


if __name__ == "__main__":
    main()
