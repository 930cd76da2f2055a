#!/usr/bin/env python3
"""Runs a program in a pseudo-terminal that answers no queries (but those given with --answer),
records every byte it writes.

    ptycapture.py OUT --cols N --rows N [--wait TEXT] [--keys K1,K2,...] [--answer QUERY REPLY]... -- PROGRAM ARGS...

Waits until TEXT has been written and the output has then been quiet for 0.3 s, then sends each
key (names: q, esc, enter, right, left, down, up, pgdn, pgup, ctrl-l, or one character) once the
program has taken the one before: it wrote something after that key (every key the tests send
draws something, Ctrl-L the whole screen) and was then quiet for 0.3 s. Then it waits for the
program to exit. A key `await:TEXT` sends nothing and waits until TEXT was written. Each wait has
30 s: one that runs out ends the program and this script with status 2, naming what it waited
for on stderr. Writes the bytes to OUT and prints one line: the exit status and the seconds from
start until TEXT appeared. Each --answer writes REPLY once every time the program has written
QUERY (`\\e` stands for ESC in both), in the order the queries were written, as a terminal
answers them.
"""
import argparse, atexit, fcntl, os, pty, select, shutil, struct, sys, tempfile, termios, time

KEYS = {"q": b"q", "esc": b"\x1b", "enter": b"\r", "right": b"\x1b[C", "left": b"\x1b[D", "down": b"\x1b[B", "up": b"\x1b[A",
        "pgdn": b"\x1b[6~", "pgup": b"\x1b[5~", "ctrl-l": b"\x0c"}

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--cols", type=int, default=100)
    ap.add_argument("--rows", type=int, default=30)
    ap.add_argument("--wait", default="", help="text to wait for; \\e stands for ESC")
    ap.add_argument("--wait-count", type=int, default=1, help="how many times TEXT must have been written")
    ap.add_argument("--keys", default="q")
    ap.add_argument("--answer", action="append", nargs=2, default=[], metavar=("QUERY", "REPLY"))
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    a = ap.parse_args(argv[:split])
    cmd = argv[split + 1:]
    # The program's thumbnail cache, unless the caller gives one: a folder of this run's,
    # removed at the end, never the user's.
    cache = tempfile.mkdtemp(prefix="gk-ptycapture-cache-")
    atexit.register(shutil.rmtree, cache, True)
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.setdefault("TERM", "xterm-256color")
        os.environ.setdefault("XDG_CACHE_HOME", cache)
        os.environ.pop("NO_COLOR", None)
        os.execvp(cmd[0], cmd) if cmd else os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", a.rows, a.cols, a.cols * 10, a.rows * 20))
    start = time.monotonic()
    data = bytearray()
    seen_at = None
    answers = [tuple(x.replace("\\e", "\x1b").encode() for x in pair) for pair in a.answer]
    # Per query, where its next occurrence is looked for: only the new output is searched.
    searched = [0] * len(answers)
    def pump(timeout):
        r, _, _ = select.select([fd], [], [], timeout)
        if not r:
            return False
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            raise EOFError
        if not chunk:
            raise EOFError
        data.extend(chunk)
        # New queries are answered in the order they were written, as a terminal does.
        due = []
        for i, (query, reply) in enumerate(answers):
            at = data.find(query, searched[i])
            while at >= 0:
                due.append((at, reply))
                searched[i] = at + len(query)
                at = data.find(query, searched[i])
            searched[i] = max(searched[i], len(data) - len(query) + 1)
        for _, reply in sorted(due):
            os.write(fd, reply)
        return True
    def wait_for(what, condition, timeout=30):
        """Reads output until `condition()` holds; after `timeout` seconds, a TimedOut naming `what`."""
        end = time.monotonic() + timeout
        while not condition():
            left = end - time.monotonic()
            if left <= 0:
                raise TimedOut(f"timed out after {timeout} s waiting for {what}")
            pump(min(0.05, left))

    def quiet(what, timeout=30):
        """Reads output until none has come for 0.3 s: the program has drawn what it had to."""
        last = [time.monotonic()]

        def quiet_long_enough():
            return time.monotonic() - last[0] >= 0.3

        end = time.monotonic() + timeout
        while not quiet_long_enough():
            if time.monotonic() > end:
                raise TimedOut(f"timed out after {timeout} s waiting for the output to be quiet for 0.3 s {what}")
            if pump(0.05):
                last[0] = time.monotonic()

    failure = None
    try:
        wait = a.wait.replace("\\e", "\x1b").encode()
        if wait:
            shown = a.wait if a.wait_count == 1 else f"{a.wait} written {a.wait_count} times"
            wait_for(repr(shown), lambda: data.count(wait) >= a.wait_count)
            seen_at = time.monotonic() - start
        quiet("before the first key")
        for k in [k for k in a.keys.split(",") if k]:
            if k.startswith("await:"):
                # Wait until this text has been written (a picture, a screen) before the next key.
                text = k[6:].replace("\\e", "\x1b").encode()
                wait_for(repr(k[6:]), lambda: text in data)
                continue
            written = len(data)
            os.write(fd, KEYS.get(k, k.encode()))
            # Taken: the program answered the key with output (or ended), then went quiet.
            wait_for(f"output after the key {k}", lambda: len(data) > written)
            quiet(f"after the key {k}")
        wait_for("the program to exit after the keys", lambda: False)
    except EOFError:
        pass
    except TimedOut as e:
        failure = str(e)
        os.kill(pid, 9)
    _, st = os.waitpid(pid, 0)
    status = os.waitstatus_to_exitcode(st)
    with open(a.out, "wb") as f:
        f.write(bytes(data))
    if failure:
        print(f"ptycapture: {failure} (the program was killed; {len(data)} bytes written)", file=sys.stderr)
        sys.exit(2)
    print(f"{status} {seen_at if seen_at is not None else -1:.3f}")


class TimedOut(Exception):
    pass


main()
