"""Prints one line from ptybench.py's JSON summary (read on stdin). With ptybench's per-key file
(argv[1]), also the median time to a key's first byte: the rest of a key's latency is the pty
carrying the frame (compare the floor run with the same bytes)."""
import json
import statistics
import sys

d = json.loads(sys.stdin.read().strip().splitlines()[-1])
k = d["keys"]
segs = {s["spec"]: s for s in d["segments"]}
first_down = next((v for k, v in segs.items() if k.startswith("down")), {})
down = first_down.get("bytes", {}).get("median", float("nan"))
# Keys along a row (Albums): bytes per Right too, where a row scrolls sideways.
first_right = next((v for k, v in segs.items() if k.startswith("right")), None)
right = f", per right {first_right['bytes']['median']:.0f}" if first_right else ""
first_byte = ""
if len(sys.argv) > 1:
    firsts = [key["first_byte_ms"] for key in json.load(open(sys.argv[1])) if key.get("first_byte_ms") is not None]
    if firsts:
        first_byte = f" (first byte {statistics.median(firsts):.3f})"
label = d["label"] or " ".join(d["cmd"][:2])
if k["latency_ms"]["median"] is None:
    sys.exit(print(f"{label:<22} no figures: {'; '.join(d.get('errors') or ['no keys answered'])}"))
print(f"{label:<22} first paint {d['first_paint']['ms']:7.2f} ms | key median {k['latency_ms']['median']:.3f}{first_byte}"
      f" p95 {k['latency_ms']['p95']:.3f} ms | bytes per down median {down:.0f}{right} | peak {d['peak_rss_kb'] / 1024:.1f} MB")
