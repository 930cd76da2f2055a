"""Prints one line per graphics mode from ptybench.py's JSON summary (stdin) and its per-key
file (argv[1]): the first screen's bytes, and the bytes a Down key sends once the grid scrolls,
as a count of picture rows (argv[2]: rows of tiles on the first screen)."""
import json
import statistics
import sys

summary = json.loads(sys.stdin.read().strip().splitlines()[-1])
keys = json.load(open(sys.argv[1]))
rows_on_screen = int(sys.argv[2])
first = summary["first_paint"]["bytes"]
# Keys that only move the focus send a caption or two; those that scroll send pictures.
scrolls = [k["bytes"] for k in keys if k["key"] == "down" and k["bytes"] > 2000]
per_down = statistics.median(scrolls) if scrolls else 0
row = first / rows_on_screen
print(f"{summary['label']:<14} first screen {first / 1024:8.1f} KB | bytes per scrolling Down median {per_down / 1024:7.1f} KB"
      f" = {per_down / row:4.2f} rows of pictures ({len(scrolls)} scrolls) | key median {summary['keys']['latency_ms']['median']:.2f} ms")
