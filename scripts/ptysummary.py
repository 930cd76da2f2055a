"""Prints one line from ptybench.py's JSON summary (read on stdin)."""
import json
import sys

d = json.loads(sys.stdin.read().strip().splitlines()[-1])
k = d["keys"]
segs = {s["spec"]: s for s in d["segments"]}
first_down = next((v for k, v in segs.items() if k.startswith("down")), {})
down = first_down.get("bytes", {}).get("median", float("nan"))
print(f"{d['label']:<22} first paint {d['first_paint']['ms']:7.2f} ms | key median {k['latency_ms']['median']:.3f}"
      f" p95 {k['latency_ms']['p95']:.3f} ms | bytes per down median {down:.0f} | peak {d['peak_rss_kb'] / 1024:.1f} MB")
