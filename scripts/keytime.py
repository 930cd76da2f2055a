#!/usr/bin/env python3
"""A key's own time in griddemo: from the moment its thread has read the key to the moment it
begins the frame's last write, read off `perf trace` (the read and write system calls of the thread
that answers keys, with their times), whatever the pty and the harness do around them.

    python3 scripts/keytime.py TRACE [LABEL]

TRACE is what `perf trace -e read,write -o TRACE griddemo …` wrote while ptybench sent keys.
The thread that answers keys is griddemo's first (its process id); a key is a read of 3 to 8
bytes from standard input, and its frame the writes to standard output that follow it, up to
the first one shorter than 2,048 bytes (a frame of text goes out in chunks of at least that
while it is made, the last one mostly shorter) or until the thread reads again; the own time
runs to the start of the last of them, less the time inside the earlier ones (the pty's
work, which the floor's one write pays too). Keys whose frame came to 1,000 bytes or less (a
focus move on the same screen) are left out.

Beside ptybench's key median against the floor's, this is the figure that does not move with
the harness: the two medians each carry the machine's wake-ups and the harness's reading, which
move by more from run to run (0.3 to 0.7 ms on one machine in one hour) than griddemo's work
does; this is griddemo's work alone (the last write itself and the wake-up before the read are
not in it, and the floor pays them too). It covers the keys that wrote a frame, where ptybench's
median covers every key.
"""
import re
import statistics
import sys

# FrameStream's chunk: every write of a frame but its last is at least this long.
CHUNK = 2048

CALL = re.compile(r"\s*([\d.]+) \(\s*([\d.]+) ms\): \S+/(\d+) (read|write)\((.*?)\)\s+= (\d+)")
# A call another thread's interrupted is printed in two parts: its start (no result), then
# "... [continued]: write()) = N". The start is all a write needs (its time and its count).
BEGUN = re.compile(r"\s*([\d.]+) \(\s*\): \S+/(\d+) (read|write)\((.*?)\)\s+\.\.\.\s*$")


def key_times(path):
    """Microseconds from each key's read (its end) to the start of the write of its frame."""
    calls, main = [], None
    with open(path) as f:
        for line in f:
            m = CALL.match(line)
            if m:
                start, took, tid, call, args, result = m.groups()
                took, result = float(took), int(result)
            else:
                m = BEGUN.match(line)
                if not m or m.group(3) != "write":
                    continue
                # A write begun: its size is what it was asked to write.
                start, tid, call, args = m.groups()
                count = re.search(r"count: (\w+)", args)
                took, result = 0.0, int(count.group(1), 0) if count else 0
            main = main or tid
            if tid == main:
                calls.append((float(start), took, call, args, result))
    # A frame of text goes out in chunks as it is made (FrameStream), each chunk but the last
    # at least CHUNK bytes: its writes are those that follow the key up to the first shorter one
    # (a frame of work posted meanwhile, drawn right after, is not the key's), or until the
    # thread reads again. The key's work ends where the last starts; the time inside the
    # earlier ones is the pty's (the floor's one write pays it).
    times, read_end, frame_bytes, writes = [], None, 0, []

    def close_frame():
        if read_end is not None and frame_bytes > 1000:
            last = writes[-1][0]
            times.append((last - read_end - sum(took for _, took in writes[:-1])) * 1000)

    for start, took, call, args, result in calls:
        # perf trace leaves out arguments that are zero: a read with no fd is of fd 0.
        fd = re.search(r"fd: (\w+)", args)
        fd = int(fd.group(1), 0) if fd else 0
        if call == "read" and fd == 0:
            close_frame()
            frame_bytes, writes = 0, []
            # A key is 3 to 8 bytes; a read of more holds several, and times none of them.
            read_end = start + took if 3 <= result <= 8 else None
        elif call == "read" and writes:
            # Another read (the wake-up pipe) after the frame began: the frame is done.
            close_frame()
            read_end = None
        elif call == "write" and fd == 1 and read_end is not None:
            frame_bytes += result
            writes.append((start, took))
            if result < CHUNK:
                close_frame()
                read_end = None
    close_frame()
    return times


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    times = sorted(key_times(sys.argv[1]))
    label = sys.argv[2] if len(sys.argv) > 2 else "griddemo's own time a key"
    if not times:
        print(f"{label:<22} no keys found in the trace")
        sys.exit(1)
    print(f"{label:<22} read to write: median {statistics.median(times):.0f} µs, "
          f"p90 {times[9 * len(times) // 10]:.0f} µs over {len(times)} keys")


if __name__ == "__main__":
    main()
