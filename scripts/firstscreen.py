"""From ptybench.py's --timeline and --raw-out: when the first frame holding TEXT reached the
terminal (ms from the start), and how long after it the first screenful of thumbnails was drawn
(to the last read before the first key that draws picture cells, half blocks). Prints the two
numbers.  Usage: firstscreen.py TIMELINE RAW TEXT

ptybench's own first paint ends at 150 ms of quiet, so it also holds what comes later before
any key: a library's walk counting on the title, say. The frame itself is the read holding TEXT
(and the rest of that frame's reads, which follow within a few tenths of a millisecond)."""
import json, sys

data = json.load(open(sys.argv[1]))
first_key = min((k.get("t_sent_ms", k.get("t", 1e18)) if isinstance(k, dict) else k[0] for k in data.get("keys", [])), default=1e18)
raw = open(sys.argv[2], "rb").read()
text = sys.argv[3].encode()
offset, start, last = 0, None, None
for t, n in data["reads"]:
    chunk = raw[offset:offset + n]
    offset += n
    if t >= first_key:
        break
    if start is None and text in raw[:offset]:
        start = last = t
    elif start is not None and (b"\xe2\x96\x80" in chunk or b"\xe2\x96\x84" in chunk):
        last = t
print(f"{start:.0f} {last - start:.0f}" if start is not None else "nan nan")
