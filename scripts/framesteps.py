#!/usr/bin/env python3
"""Where a key's time goes inside griddemo: the medians of the steps GridKit marks in each
frame that answers an input event (`FrameSteps`), from the file `GRIDKIT_FRAME_STEPS` names.

    GRIDKIT_FRAME_STEPS=steps.tsv griddemo …   (then)   python3 scripts/framesteps.py steps.tsv [LABEL]

The file holds a line of names, then a line a frame: its whole time from the event read to the
last write, the time from the read until its first write began ("first": a frame of text goes
out in chunks as it is made, and what reads the terminal starts at the first), and each step's,
in microseconds ("-" for a step the frame did not pass). Frames
whose whole time is under --least µs (default 0) are left out: with --least, the frames that
only moved the focus can be set apart from those that scrolled.
"""
import argparse
import math
import statistics


def read(path):
    """(names, rows): a row a frame, None where the frame did not pass the step."""
    with open(path) as f:
        names = f.readline().split()
        rows = [[None if v == "-" else float(v) for v in line.split()] for line in f if line.strip()]
    return names, rows


def summary(names, rows, label):
    """Lines of each step's median and 90th percentile, over the frames that passed it."""
    lines = [f"{label:22} {len(rows)} frames; µs, median / p90"]
    for i, name in enumerate(names):
        values = sorted(r[i] for r in rows if r[i] is not None)
        if not values:
            continue
        p90 = values[max(0, math.ceil(len(values) * 0.9) - 1)]
        lines.append(f"  {name:10} {statistics.median(values):8.1f} / {p90:8.1f}")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("label", nargs="?", default="frame steps")
    parser.add_argument("--least", type=float, default=0.0, help="leave out frames shorter than this (µs)")
    args = parser.parse_args()
    names, rows = read(args.file)
    rows = [r for r in rows if r and r[0] is not None and r[0] >= args.least]
    print("\n".join(summary(names, rows, args.label)))


if __name__ == "__main__":
    main()
