#!/usr/bin/env python3
"""Measures a terminal program from outside, as a terminal sees it: through a pseudo-terminal.

    ptybench.py [options] -- COMMAND [ARGS...]
    ptybench.py --keys 'down*100,pgdn*10,up*50,end,home' --ready-regex Item -- griddemo numbers

It starts COMMAND on a new pty of --cols x --rows and waits for its first screen: output that
matched --ready-regex (when given) and then stayed quiet for --first-quiet ms. Then it sends the
key script one key at a time. A key's latency runs from just before the key is written to the
last byte of its answer, the answer being everything read until the output has been quiet for
--key-quiet ms (the quiet itself is not counted); its bytes are that answer's size. At the end it
sends q, waits for the program to exit (then SIGTERM, then SIGKILL), and reads its peak memory
(VmHWM, from /proc while it runs) and CPU time.

The last line of stdout is a JSON summary (first_paint, keys, segments: one per token of the key
script, peak_rss_kb, ...); a line for people goes to stderr unless --quiet. --per-key, --raw-out
and --timeline write every key's record, every byte, and every read's time and size.

It behaves as a small terminal would, no more: arrows follow the program's cursor-key mode
(DECCKM, ESC [ ? 1 h), and it answers the questions programs ask at start (primary and secondary
device attributes, status and cursor position reports) so that nothing waits for a reply. It
keeps no screen; a program that needs more (pictures, a size in pixels) gets what it asks of the
pty's window size: --cell-px sets the pixels of a cell.

Key script: tokens separated by commas, each NAME or NAME*COUNT. Names: up down left right home
end pgup pgdn enter esc tab space bs del, f1-f12, ctrl+X, a single character, text:STRING (one
write), hex:HEX (raw bytes), sleep:MS (a pause, nothing measured). 'comma' is a comma.

Python 3 standard library only; used by scripts/ptybench.sh (`make bench`).
"""

import argparse
import fcntl
import json
import os
import re
import select
import signal
import struct
import sys
import termios
import time

# Cursor keys: (normal mode, application mode), as xterm sends them.
CURSOR = {"up": "A", "down": "B", "right": "C", "left": "D", "home": "H", "end": "F"}
FIXED = {
    "pgup": b"\x1b[5~", "pgdn": b"\x1b[6~", "ins": b"\x1b[2~", "del": b"\x1b[3~",
    "enter": b"\r", "esc": b"\x1b", "tab": b"\t", "space": b" ", "bs": b"\x7f", "comma": b",",
    "f1": b"\x1bOP", "f2": b"\x1bOQ", "f3": b"\x1bOR", "f4": b"\x1bOS", "f5": b"\x1b[15~",
    "f6": b"\x1b[17~", "f7": b"\x1b[18~", "f8": b"\x1b[19~", "f9": b"\x1b[20~", "f10": b"\x1b[21~",
    "f11": b"\x1b[23~", "f12": b"\x1b[24~",
}
# Questions a program may ask the terminal at start, and a plain VT220-ish terminal's answers:
# primary and secondary device attributes, device status, cursor position.
QUESTIONS = re.compile(rb"\x1b\[(>0?c|0?c|5n|6n)")
ANSWERS = {b">c": b"\x1b[>0;0;0c", b">0c": b"\x1b[>0;0;0c", b"c": b"\x1b[?62;22c", b"0c": b"\x1b[?62;22c",
           b"5n": b"\x1b[0n", b"6n": b"\x1b[1;1R"}
CURSOR_MODE = re.compile(rb"\x1b\[\?([0-9;]+)([hl])")


def parse_keys(script):
    """The key script as a list of (segment index, name, bytes or a cursor letter or a pause)."""
    keys, segments = [], []
    for index, token in enumerate(t.strip() for t in script.split(",") if script):
        name, _, count = token.rpartition("*") if re.search(r"\*\d+$", token) else (token, "", "1")
        segments.append(token)
        keys += [(index, name, key_value(name))] * int(count)
    return keys, segments


def key_value(name):
    low = name.lower()
    if low in CURSOR:
        return ("cursor", CURSOR[low])
    if low in FIXED:
        return ("bytes", FIXED[low])
    if low.startswith("sleep:"):
        return ("sleep", float(name[6:]) / 1000)
    if low.startswith("text:"):
        return ("bytes", name[5:].encode())
    if low.startswith("hex:"):
        return ("bytes", bytes.fromhex(name[4:]))
    control = re.fullmatch(r"(?:ctrl\+|c-)(.)", low)
    if control:
        return ("bytes", bytes([ord(control.group(1).upper()) & 0x1F]))
    if len(name) == 1:
        return ("bytes", name.encode())
    raise SystemExit(f"ptybench: unknown key {name!r}")


class Program:
    """COMMAND on a pty: what it wrote, when, and how it ended."""

    def __init__(self, argv, env, cols, rows, cell, raw_out):
        self.start = time.monotonic()
        self.application_cursor = False
        self.tail = b""  # the end of the last read, for sequences split across reads
        self.reads = []  # (ms since start, bytes) per read
        self.raw_out = raw_out
        self.ended = False
        self.status = None
        self.peak_kb = None
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, cols * cell[0], rows * cell[1]))
        self.pid = os.fork()
        if self.pid == 0:
            try:
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                for fd in (0, 1, 2):
                    os.dup2(slave, fd)
                os.closerange(3, 256)
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        os.close(slave)
        os.set_blocking(master, False)
        self.fd = master

    def ms(self, t):
        return round((t - self.start) * 1000, 3)

    def send(self, data):
        while data:
            try:
                data = data[os.write(self.fd, data):]
            except BlockingIOError:
                select.select([], [self.fd], [], 0.05)
            except OSError:  # the program has gone (EIO)
                return

    def read(self, timeout):
        """One read of what is there, waiting up to `timeout` s: (bytes, time), b"" when nothing
        came, None at the end."""
        if self.ended:
            return None, time.monotonic()
        ready, _, _ = select.select([self.fd], [], [], max(0, timeout))
        if not ready:
            return b"", time.monotonic()
        try:
            data = os.read(self.fd, 1 << 16)
        except BlockingIOError:
            return b"", time.monotonic()
        except OSError:
            data = b""
        now = time.monotonic()
        if not data:
            self.ended = True
            return None, now
        self.reads.append((self.ms(now), len(data)))
        if self.raw_out:
            self.raw_out.write(data)
        self.answer(data)
        return data, now

    def answer(self, data):
        seen = self.tail + data
        fresh = len(self.tail)  # only sequences that end in the new bytes: none answered twice
        for mode in CURSOR_MODE.finditer(seen):
            if b"1" in mode.group(1).split(b";"):
                self.application_cursor = mode.group(2) == b"h"
        for question in QUESTIONS.finditer(seen):
            if question.end() > fresh:
                self.send(ANSWERS[question.group(1)])
        self.tail = seen[-16:]

    def until_quiet(self, since, quiet, first_wait, longest, ready=None):
        """Reads until the output has been quiet for `quiet` s (after `ready` matched, if given).
        Gives up when nothing came within `first_wait` s or it went on for `longest` s."""
        count, first, last, seen = 0, None, None, b""
        while True:
            now = time.monotonic()
            settled = ready is None or ready.search(seen)
            if count and settled and now >= last + quiet:
                return count, first, last, "quiet"
            if not count and now >= since + first_wait:
                return count, first, last, "no answer"
            if now >= since + longest:
                return count, first, last, "too long"
            wake = since + (first_wait if not count else longest)
            if count and settled:
                wake = min(wake, last + quiet)
            data, at = self.read(wake - now)
            if data is None:
                return count, first, last, "ended"
            if data:
                count += len(data)
                first = first or at
                last = at
                if ready is not None and not settled:
                    seen = (seen + data)[-(1 << 18):]

    def note_peak(self):
        try:
            with open(f"/proc/{self.pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        self.peak_kb = max(self.peak_kb or 0, int(line.split()[1]))
        except (OSError, ValueError):
            pass

    def cpu_seconds(self):
        try:
            with open(f"/proc/{self.pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return None

    def finish(self, quit_key):
        """Asks the program to quit, then signals its process group; returns how it ended."""
        self.note_peak()
        steps = [("quit key", None, 3.0), ("SIGTERM", signal.SIGTERM, 2.0), ("SIGKILL", signal.SIGKILL, 5.0)]
        for how, sig, wait in steps:
            if sig is None:
                self.send(quit_key)
            else:
                try:
                    os.killpg(self.pid, sig)
                except ProcessLookupError:
                    pass
            end = time.monotonic() + wait
            while time.monotonic() < end:
                self.read(0.02)  # keep the pty drained, or the program blocks writing
                pid, status = os.waitpid(self.pid, os.WNOHANG)
                if pid:
                    self.status = status
                    return how
        return "did not end"


def percentile(values, p):
    """Nearest rank: the smallest value with at least p % of the values at or below it."""
    ordered = sorted(values)
    if not ordered:
        return None
    rank = max(1, -(-len(ordered) * p // 100))
    return round(ordered[int(rank) - 1], 3)


def median(values):
    ordered = sorted(values)
    n = len(ordered)
    if not n:
        return None
    middle = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
    return round(middle, 3)


def summary(records):
    latencies = [r["latency_ms"] for r in records if r["latency_ms"] is not None]
    firsts = [r["first_byte_ms"] for r in records if r["first_byte_ms"] is not None]
    sizes = [r["bytes"] for r in records]
    return {
        "count": len(records),
        "unanswered": sum(1 for r in records if not r["bytes"]),
        "latency_ms": {"median": median(latencies), "p90": percentile(latencies, 90),
                       "p95": percentile(latencies, 95), "max": max(latencies, default=None)},
        "first_byte_ms": {"median": median(firsts)},
        "bytes": {"median": median(sizes), "total": sum(sizes)},
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog=__doc__.split("\n\n", 2)[2], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cols", type=int, default=120)
    parser.add_argument("--rows", type=int, default=40)
    parser.add_argument("--cell-px", default="10x20", help="a cell's pixels for the window size (10x20)")
    parser.add_argument("--term", default="xterm-256color")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE", help="NAME= unsets")
    parser.add_argument("--keys", default="")
    parser.add_argument("--ready-regex", help="the first screen is not complete before this matches its bytes")
    parser.add_argument("--first-quiet", type=float, default=150, help="ms of quiet that end the first screen")
    parser.add_argument("--first-timeout", type=float, default=60, help="s to wait for the first screen")
    parser.add_argument("--key-quiet", type=float, default=30, help="ms of quiet that end a key's answer")
    parser.add_argument("--key-wait", type=float, default=1000, help="ms to wait for a key's first byte")
    parser.add_argument("--key-longest", type=float, default=5000, help="ms one key's answer may last")
    parser.add_argument("--quit-key", default="q")
    parser.add_argument("--label")
    parser.add_argument("--per-key", metavar="FILE")
    parser.add_argument("--raw-out", metavar="FILE")
    parser.add_argument("--timeline", metavar="FILE")
    parser.add_argument("--quiet", action="store_true", help="no line for people on stderr")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    argv = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not argv:
        parser.error("no command (put it after --)")
    keys, segments = parse_keys(args.keys)
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env["TERM"] = args.term
    for item in args.env:
        name, _, value = item.partition("=")
        if value:
            env[name] = value
        else:
            env.pop(name, None)
    cell = tuple(int(v) for v in args.cell_px.split("x"))
    raw_out = open(args.raw_out, "wb") if args.raw_out else None
    ready = re.compile(args.ready_regex.encode()) if args.ready_regex else None

    program = Program(argv, env, args.cols, args.rows, cell, raw_out)
    errors, records = [], []
    try:
        size, first, last, status = program.until_quiet(program.start, args.first_quiet / 1000, args.first_timeout,
                                                        args.first_timeout, ready)
        first_paint = {"ms": program.ms(last) if last else None, "first_byte_ms": program.ms(first) if first else None,
                       "bytes": size, "status": status}
        if status != "quiet":
            errors.append(f"first screen: {status}")
        for segment, name, (kind, value) in keys if status == "quiet" else []:
            if kind == "sleep":
                time.sleep(value)
                continue
            if program.ended:
                errors.append("the program ended during the keys")
                break
            # Anything that came after the last key's quiet belongs to that key.
            while records:
                late, _ = program.read(0)
                if not late:
                    break
                records[-1]["late_bytes"] += len(late)
            data = value if kind == "bytes" else ("\x1b" + ("O" if program.application_cursor else "[") + value).encode()
            sent = time.monotonic()
            program.send(data)
            size, first, last, status = program.until_quiet(sent, args.key_quiet / 1000, args.key_wait / 1000,
                                                            args.key_longest / 1000)
            records.append({"i": len(records), "key": name.lower(), "seg": segment, "t_sent_ms": program.ms(sent),
                            "latency_ms": round((last - sent) * 1000, 3) if last else None,
                            "first_byte_ms": round((first - sent) * 1000, 3) if first else None,
                            "bytes": size, "late_bytes": 0, "status": status})
        # Peak memory and CPU time before quitting: /proc forgets them once the program ends.
        cpu = program.cpu_seconds()
        quit_key = b"" if args.quit_key == "none" else b"".join(
            v if k == "bytes" else v.encode() for _, _, (k, v) in parse_keys(args.quit_key)[0])
        ended = program.finish(quit_key)
    finally:
        if program.status is None:
            try:
                os.killpg(program.pid, signal.SIGKILL)
                _, program.status = os.waitpid(program.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        os.close(program.fd)
        if raw_out:
            raw_out.close()

    result = {
        "label": args.label, "cmd": argv, "cols": args.cols, "rows": args.rows, "term": args.term,
        "keys_script": args.keys, "first_paint": first_paint, "keys": summary(records),
        "segments": [dict(summary([r for r in records if r["seg"] == i]), spec=spec) for i, spec in enumerate(segments)
                     if any(r["seg"] == i for r in records)],
        "peak_rss_kb": program.peak_kb, "cpu_s": cpu, "ended_by": ended,
        "exit_status": os.waitstatus_to_exitcode(program.status) if program.status is not None else None,
        "errors": errors,
    }
    result["ok"] = not errors and ended in ("quit key", "SIGTERM")
    if args.per_key:
        with open(args.per_key, "w") as f:
            json.dump(records, f)
    if args.timeline:
        with open(args.timeline, "w") as f:
            json.dump({"reads": program.reads, "keys": [[r["t_sent_ms"], r["key"]] for r in records]}, f)
    if not args.quiet:
        k = result["keys"]
        print(f"first screen {first_paint['ms']} ms, {first_paint['bytes']} B | {k['count']} keys: median "
              f"{k['latency_ms']['median']} p90 {k['latency_ms']['p90']} p95 {k['latency_ms']['p95']} ms, "
              f"{k['bytes']['median']} B | peak {program.peak_kb} KB | {ended} | errors: {errors or 'none'}",
              file=sys.stderr)
    print(json.dumps(result, separators=(",", ":")), flush=True)
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
