#!/usr/bin/env python3
"""A test photo for pictures drawn in text, and the judge of a screenshot showing it.

    edgephoto.py make PATH.png
    edgephoto.py judge SHOT.ppm --cols 100 --rows 30 [--stripes]

The photo (1200 × 800) holds two colours of the 256-colour cube, light yellow and dark blue, so
256 colours show them exactly and nothing of the interface looks like them. Its left 60 % is a
sharp diagonal edge: yellow left of the line from (120, 0) to (600, 800), blue right of it. Its
right 40 % is fine detail: vertical stripes 24 px wide, yellow first, about a cell and a half
wide in griddemo's viewer in a 100 × 30 window (a blur of yellow and blue in a small tile).

`judge` finds the picture in the screenshot (every half cell, in the cells' grid, whose pixels
lie between the two colours), maps the photo onto it and prints one JSON object:

    rect_px, rect_cells  the picture's pixels [x0, y0, x1, y1) and its size in cells
    colours              the mean colour away from the edge on each side, and its RGB distance
                         from the photo's
    edge                 for each pixel row of the diagonal part, where yellow turns blue (the
                         first pixel more blue than yellow) against where the photo's line is, in
                         cells: mean and 90th percentile of the distance, and the fraction of rows
                         where the turn lies inside a cell (a fifth of a cell from its sides at
                         least), which a picture in half blocks never shows
    off_palette_colours  how many colours in the picture are not in the 256-colour palette (16-255):
                         none in 256 colours, many in direct colour
    stripes              (with --stripes) along three pixel rows through the stripes, the turns
                         seen against the photo's: how many, and each one's distance from the
                         nearest seen, in cells
    cells                the picture's cells by shape, each cell seen as 2 × 6 areas (the grid
                         half blocks, quadrants and sextants all fall on): `flat` (one colour),
                         `half` (top and bottom differ), `quadrant` (left and right differ, split
                         at half height only), `sextant` (split at a third or two thirds of its
                         height) and `unclean` (an area of two colours: not a block element, such
                         as a substitute glyph)
"""
import json, struct, sys, zlib

W, H = 1200, 800
YELLOW, BLUE = (255, 255, 175), (0, 0, 135)
SPLIT = 720                   # the stripes start here
STRIPE = 24


def edge_x(y):
    """Where the photo's diagonal edge crosses row y (photo pixels, fractional)."""
    return 120 + 480 * y / H


def photo_pixel(x, y):
    if x < SPLIT:
        return YELLOW if x + 0.5 < edge_x(y + 0.5) else BLUE
    return YELLOW if (x - SPLIT) // STRIPE % 2 == 0 else BLUE


def make(path):
    rows = []
    for y in range(H):
        line = bytearray([0])
        for x in range(W):
            line += bytes(photo_pixel(x, y))
        rows.append(bytes(line))
    raw = zlib.compress(b"".join(rows), 6)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


def read_ppm(path):
    # realterm.py's reader, which takes the screenshots (and is beside this file).
    sys.dont_write_bytecode = True   # no __pycache__ in the test target (SwiftPM warns of unhandled files)
    from realterm import parse_ppm
    with open(path, "rb") as f:
        return parse_ppm(f.read())


class Shot:
    """A screenshot's pixels as t, how far each is along the way from yellow (0) to blue (1),
    and how far off that line (RGB distance)."""

    def __init__(self, path):
        self.w, self.h, self.px = read_ppm(path)
        self.setup()

    def setup(self):
        axis = [b - a for a, b in zip(YELLOW, BLUE)]
        self.axis, self.norm2 = axis, sum(c * c for c in axis)
        self.cache = {}

    def rgb(self, x, y):
        o = (y * self.w + x) * 3
        return self.px[o], self.px[o + 1], self.px[o + 2]

    def at(self, x, y):
        """(t, distance off the yellow-blue line) of a pixel."""
        key = self.px[(y * self.w + x) * 3:(y * self.w + x) * 3 + 3]
        v = self.cache.get(key)
        if v is None:
            d = [key[i] - YELLOW[i] for i in range(3)]
            t = sum(d[i] * self.axis[i] for i in range(3)) / self.norm2
            tc = min(1.0, max(0.0, t))
            off = sum((d[i] - tc * self.axis[i]) ** 2 for i in range(3)) ** 0.5
            v = self.cache[key] = (t, off)
        return v


def picture_rect(shot, cw, ch, cols, rows):
    """The half cells whose pixels all lie near the yellow-blue line, as the bounding box of the
    largest block of them: (x0, y0, x1, y1) in pixels, or None."""
    hh = ch // 2
    halves = set()
    for r in range(rows):
        for half in (0, 1):
            y0 = r * ch + half * hh
            y1 = y0 + hh if half == 0 else (r + 1) * ch
            for c in range(cols):
                ok = True
                for y in range(y0, y1, 2):
                    for x in range(c * cw, (c + 1) * cw, 2):
                        if shot.at(x, y)[1] > 45:
                            ok = False
                            break
                    if not ok:
                        break
                if ok:
                    halves.add((c, 2 * r + half))
    if not halves:
        return None
    # The widest run of picture half cells in a half row, grown up and down while the half rows
    # below and above hold it whole.
    best = None
    for hr in sorted(set(h for _, h in halves)):
        cs = sorted(c for c, h in halves if h == hr)
        start = cs[0]
        for a, b in zip(cs, cs[1:] + [None]):
            if b != a + 1:
                if best is None or a + 1 - start > best[1] - best[0]:
                    best = (start, a + 1, hr)
                start = b
    c0, c1, hr = best
    top = hr
    while all((c, top - 1) in halves for c in range(c0, c1)):
        top -= 1
    bottom = hr
    while all((c, bottom + 1) in halves for c in range(c0, c1)):
        bottom += 1

    def half_y(h):
        return (h // 2) * ch + (h % 2) * hh
    return c0 * cw, half_y(top), c1 * cw, half_y(bottom + 1)


def picture_width_cells(shot, cols, rows):
    """How many cells wide the photo's picture is in a screenshot realterm.py took
    (width, height, RGB bytes); 0 where there is none."""
    s = Shot.__new__(Shot)
    s.w, s.h, s.px = shot
    s.setup()
    cw, ch = s.w // cols, s.h // rows
    rect = picture_rect(s, cw, ch, cols, rows)
    return (rect[2] - rect[0]) // cw if rect else 0


def percentile(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(p * len(s)))] if s else None


def judge(path, cols, rows, stripes):
    shot = Shot(path)
    cw, ch = shot.w // cols, shot.h // rows
    out = {"window": [shot.w, shot.h], "cell": [cw, ch]}
    rect = picture_rect(shot, cw, ch, cols, rows)
    if rect is None:
        out["error"] = "no picture in the photo's colours"
        return out
    x0, y0, x1, y1 = rect
    out["rect_px"] = list(rect)
    out["rect_cells"] = [(x1 - x0) / cw, (y1 - y0) / ch]
    sx, sy = (x1 - x0) / W, (y1 - y0) / H

    def screen_x(px):
        return x0 + px * sx

    # The edge, row by row, in the diagonal part (a cell short of its top and bottom, where the
    # picture meets the matte).
    errors, inside = [], 0
    end = int(screen_x(SPLIT)) - cw
    for y in range(y0 + ch, y1 - ch):
        truth = screen_x(edge_x((y + 0.5 - y0) / sy))
        seen = next((x for x in range(x0, end) if shot.at(x, y)[0] > 0.5), None)
        if seen is None:
            errors.append(99.0)
            continue
        errors.append(abs(seen - truth) / cw)
        into = (seen - x0) % cw
        if cw / 5 <= into <= cw - cw / 5:
            inside += 1
    out["edge"] = {"rows": len(errors), "mean_cells": round(sum(errors) / max(1, len(errors)), 3),
                   "p90_cells": round(percentile(errors, 0.9) or 99, 3), "max_cells": round(max(errors or [99]), 3),
                   "inside_cell_fraction": round(inside / max(1, len(errors)), 3)}

    # The colours on each side of the edge, two cells away from it at least.
    sums = {"yellow": [0, 0, 0, 0], "blue": [0, 0, 0, 0]}
    for y in range(y0 + ch, y1 - ch, 3):
        truth = screen_x(edge_x((y + 0.5 - y0) / sy))
        for x in range(x0 + 1, end, 3):
            if abs(x - truth) < 2 * cw:
                continue
            side = sums["yellow" if x < truth else "blue"]
            r, g, b = shot.rgb(x, y)
            side[0] += r
            side[1] += g
            side[2] += b
            side[3] += 1
    colours = {}
    for name, want in (("yellow", YELLOW), ("blue", BLUE)):
        s = sums[name]
        mean = [round(v / s[3]) for v in s[:3]] if s[3] else None
        colours[name] = {"mean": mean, "want": list(want),
                         "distance": round(sum((a - b) ** 2 for a, b in zip(mean, want)) ** 0.5, 1) if mean else None}
    out["colours"] = colours

    if stripes:
        truths = [screen_x(x) for x in range(SPLIT + STRIPE, W, STRIPE)]
        lines = []
        for y in (y0 + (y1 - y0) // 4, (y0 + y1) // 2, y0 + 3 * (y1 - y0) // 4):
            seen, last = [], shot.at(int(screen_x(SPLIT)) + cw, y)[0] > 0.5
            for x in range(int(screen_x(SPLIT)) + cw, x1 - 1):
                now = shot.at(x, y)[0] > 0.5
                if now != last:
                    seen.append(x)
                last = now
            misses = [min((abs(s - t) for s in seen), default=99 * cw) / cw for t in truths if t < x1 - cw]
            lines.append({"y": y, "turns": len(seen), "want": len(misses), "mean_cells": round(sum(misses) / max(1, len(misses)), 3),
                          "max_cells": round(max(misses or [99]), 3)})
        out["stripes"] = lines

    # Colours no 256-colour terminal shows: entries 16-255 of xterm's palette are the 6 × 6 × 6
    # cube and 24 greys; anything else on screen came in direct colour.
    levels = (0, 95, 135, 175, 215, 255)
    palette = {(r, g, b) for r in levels for g in levels for b in levels} | {(8 + 10 * i,) * 3 for i in range(24)}
    seen = set()
    for y in range(y0, y1):
        row = shot.px[(y * shot.w + x0) * 3:(y * shot.w + x1) * 3]
        seen.update(row[i:i + 3] for i in range(0, len(row), 3))
    out["off_palette_colours"] = sum(1 for c in seen if tuple(c) not in palette)

    # Cell shapes.
    kinds = {"flat": 0, "half": 0, "quadrant": 0, "sextant": 0, "unclean": 0}
    unclean = []
    for r in range(y0 // ch, (y1 + ch - 1) // ch):
        if r * ch < y0 or (r + 1) * ch > y1:
            continue
        for c in range(x0 // cw, x1 // cw):
            areas = []
            clean = True
            for ar in range(6):
                ya, yb = r * ch + (ar * ch) // 6, r * ch + ((ar + 1) * ch) // 6
                row = []
                for ac in range(2):
                    xa, xb = c * cw + ac * cw // 2, c * cw + (ac + 1) * cw // 2
                    # An area's middle (a pixel in from its sides where it has room), where a block
                    # element is one colour whatever the anti-aliasing at its edges.
                    ys = range(ya + 1, yb - 1) if yb - ya > 2 else range(ya, yb)
                    xs = range(xa + 1, xb - 1) if xb - xa > 2 else range(xa, xb)
                    ts = [shot.at(x, y)[0] for y in ys for x in xs]
                    if max(ts) - min(ts) > 0.35:
                        clean = False
                    row.append(sum(ts) / len(ts))
                areas.append(row)
            if not clean:
                kinds["unclean"] += 1
                if len(unclean) < 8:
                    unclean.append([c, r])
                continue

            def differ(a, b):
                return abs(a - b) > 0.3
            left_right = any(differ(areas[ar][0], areas[ar][1]) for ar in range(6))
            thirds = any(differ(areas[1][ac], areas[2][ac]) or differ(areas[3][ac], areas[4][ac]) for ac in range(2))
            top_bottom = any(differ(areas[2][ac], areas[3][ac]) for ac in range(2))
            kind = "sextant" if thirds else "quadrant" if left_right else "half" if top_bottom else "flat"
            kinds[kind] += 1
    out["cells"] = kinds
    out["unclean_cells"] = unclean
    return out


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "make":
        make(sys.argv[2])
        return
    if len(sys.argv) >= 3 and sys.argv[1] == "judge":
        args = sys.argv[3:]
        cols = int(args[args.index("--cols") + 1]) if "--cols" in args else 100
        rows = int(args[args.index("--rows") + 1]) if "--rows" in args else 30
        print(json.dumps(judge(sys.argv[2], cols, rows, "--stripes" in args)))
        return
    sys.exit(__doc__)


if __name__ == "__main__":
    main()
