#!/usr/bin/env python3
"""How close griddemo's text pictures come to the photo, beside chafa's (issue 50).

For each photograph, colour mode and symbol set: griddemo's photo viewer runs in tmux (120x40,
COLORTERM=truecolor TERM=xterm-256color, pictures forced to text with GRIDKIT_GRAPHICS=blocks,
colours with GRIDKIT_COLORS, symbols with GRIDKIT_SYMBOLS); the viewer's picture cells are read
back with `capture-pane -p -N -e`, drawn to pixels at 12x24 a cell (block elements are geometric,
so half blocks, quadrants and sextants are drawn exactly, in the SGR's colours) and compared
with the photo scaled to the same pixels: mean CIE76 delta E, as drawn and after a Gaussian blur
of 3 pixels (roughly the eye at reading distance). Bytes per cell are what griddemo wrote while
the viewer drew the picture (tmux pipe-pane), over the picture's cells.

Where chafa is installed, it draws the same photo into the same cells (`-f symbols`, `--stretch`,
`-w 9`) and its output is measured the same way; its bytes are its whole output.

The photographs are scikit-image's sample data (astronaut, chelsea, coffee, rocket), taken
from its wheel (`pip download scikit-image --no-deps`) into a cache outside the repository
($XDG_CACHE_HOME/gridkit-bench, else ~/.cache/gridkit-bench): they are never committed. With
--generated N, the first N pictures of gridbench's generated 1080p folder are measured too.

Needs tmux, ImageMagick's convert (to decode and scale the reference), numpy (installed into a
venv in the cache when missing) and pip (for the wheel). Usage:
  picture-quality.py PATH/TO/griddemo [--gridbench PATH] [--generated N] [--photos a,b]
                     [--colors direct,256] [--symbols half,quadrant,sextant] [--no-chafa]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

CACHE = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "gridkit-bench")
PHOTOS = {"astronaut": "astronaut.png", "chelsea": "chelsea.png", "coffee": "coffee.png", "rocket": "rocket.jpg"}
CELL_W, CELL_H = 12, 24
COLS, ROWS = 120, 40


def fail(message):
    print(f"picture-quality: {message}", file=sys.stderr)
    sys.exit(2)


def ensure_numpy():
    """numpy, or a venv in the cache that has it (the script runs itself again there)."""
    try:
        import numpy  # noqa: F401
        return
    except ImportError:
        pass
    venv = os.path.join(CACHE, "venv")
    py = os.path.join(venv, "bin", "python3")
    if os.environ.get("GRIDKIT_BENCH_IN_VENV"):
        fail(f"numpy is missing even in {venv}; remove that folder and try again")
    if not os.path.exists(py):
        print(f"picture-quality: numpy is not installed; installing it into {venv}", file=sys.stderr)
        if subprocess.call([sys.executable, "-m", "venv", venv]) != 0:
            fail("could not make a venv (Debian: apt-get install python3-venv), or install numpy (pip install numpy)")
    if subprocess.call([py, "-c", "import numpy"], stderr=subprocess.DEVNULL) != 0:
        if subprocess.call([py, "-m", "pip", "install", "--quiet", "numpy"]) != 0:
            fail(f"could not pip install numpy into {venv} (no network?); install numpy and run again")
    os.environ["GRIDKIT_BENCH_IN_VENV"] = "1"
    os.execv(py, [py] + sys.argv)


def fetch_photos(names):
    """The sample photographs from scikit-image's wheel, unpacked into the cache once."""
    out = os.path.join(CACHE, "photos")
    os.makedirs(out, exist_ok=True)
    paths = {n: os.path.join(out, PHOTOS[n]) for n in names}
    if all(os.path.exists(p) for p in paths.values()):
        return paths
    wheels = os.path.join(CACHE, "wheel")
    os.makedirs(wheels, exist_ok=True)
    found = [f for f in os.listdir(wheels) if f.startswith("scikit_image") and f.endswith(".whl")]
    if not found:
        print("picture-quality: fetching scikit-image's wheel for its sample photographs", file=sys.stderr)
        r = subprocess.call([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:",
                             "-d", wheels, "scikit-image"])
        found = [f for f in os.listdir(wheels) if f.startswith("scikit_image") and f.endswith(".whl")]
        if r != 0 or not found:
            fail("pip download scikit-image failed (no pip or no network?); the photographs come from its wheel")
    with zipfile.ZipFile(os.path.join(wheels, sorted(found)[-1])) as z:
        for n, p in paths.items():
            with z.open("skimage/data/" + PHOTOS[n]) as src, open(p, "wb") as dst:
                shutil.copyfileobj(src, dst)
    return paths


# --- the picture from SGR text -------------------------------------------------------------------

def palette256():
    base = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
            (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)]
    steps = [0, 95, 135, 175, 215, 255]
    cube = [(steps[i // 36], steps[i // 6 % 6], steps[i % 6]) for i in range(216)]
    grey = [(8 + 10 * i,) * 3 for i in range(24)]
    return base + cube + grey


PALETTE = palette256()
DEFAULT_FG, DEFAULT_BG = (229, 229, 229), (0, 0, 0)
SGR = re.compile(r"\x1b\[([0-9;:]*)m")
OTHER_ESC = re.compile(r"\x1b(\[[0-9;?]*[A-Za-ln-z]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][A-Z0-9]|[=>])")


def glyph_masks():
    """Each block element as a 24x12 mask of foreground pixels."""
    import numpy as np
    masks = {}

    def rect(x0, y0, x1, y1):
        m = np.zeros((CELL_H, CELL_W), bool)
        m[y0:y1, x0:x1] = True
        return m
    h, w = CELL_H, CELL_W
    masks[" "] = rect(0, 0, 0, 0)
    masks["\u2588"] = rect(0, 0, w, h)
    masks["\u2580"] = rect(0, 0, w, h // 2)
    masks["\u2584"] = rect(0, h // 2, w, h)
    masks["\u258c"] = rect(0, 0, w // 2, h)
    masks["\u2590"] = rect(w // 2, 0, w, h)
    ul, ur, ll, lr = rect(0, 0, w // 2, h // 2), rect(w // 2, 0, w, h // 2), rect(0, h // 2, w // 2, h), rect(w // 2, h // 2, w, h)
    quads = {0x2596: [ll], 0x2597: [lr], 0x2598: [ul], 0x2599: [ul, ll, lr], 0x259A: [ul, lr], 0x259B: [ul, ur, ll],
             0x259C: [ul, ur, lr], 0x259D: [ur], 0x259E: [ur, ll], 0x259F: [ur, ll, lr]}
    for cp, parts in quads.items():
        masks[chr(cp)] = np.logical_or.reduce(parts)
    # Sextants: 6-bit patterns 1..62 but for 21 and 42 (the left and right halves); bit 0 is
    # the top left, bit 1 the top right, then the middle and bottom rows.
    cp = 0x1FB00
    for n in range(1, 63):
        if n in (21, 42):
            continue
        m = np.zeros((h, w), bool)
        for bit in range(6):
            if n >> bit & 1:
                r, c = bit // 2, bit % 2
                m[r * h // 3:(r + 1) * h // 3, c * w // 2:(c + 1) * w // 2] = True
        masks[chr(cp)] = m
        cp += 1
    return masks


def parse_cells(text):
    """Rows of (char, fg, bg) from SGR text (capture-pane -e, or chafa's output)."""
    rows = []
    for line in text.split("\n"):
        fg, bg, reverse = DEFAULT_FG, DEFAULT_BG, False
        row = []
        pos = 0
        line = OTHER_ESC.sub("", line)
        for m in list(SGR.finditer(line)) + [None]:
            end = m.start() if m else len(line)
            for ch in line[pos:end]:
                if ch in "\r":
                    continue
                row.append((ch, bg, fg) if reverse else (ch, fg, bg))
            if not m:
                break
            pos = m.end()
            params = [int(p) if p else 0 for p in re.split("[;:]", m.group(1))] if m.group(1) else [0]
            i = 0
            while i < len(params):
                p = params[i]
                if p == 0:
                    fg, bg, reverse = DEFAULT_FG, DEFAULT_BG, False
                elif p == 7:
                    reverse = True
                elif p == 27:
                    reverse = False
                elif p in (38, 48) and i + 1 < len(params):
                    if params[i + 1] == 5 and i + 2 < len(params):
                        c = PALETTE[params[i + 2] & 255]
                        i += 2
                    elif params[i + 1] == 2 and i + 4 < len(params):
                        c = tuple(params[i + 2:i + 5])
                        i += 4
                    else:
                        c = None
                    if c is not None:
                        if p == 38:
                            fg = c
                        else:
                            bg = c
                elif 30 <= p <= 37:
                    fg = PALETTE[p - 30]
                elif 90 <= p <= 97:
                    fg = PALETTE[p - 90 + 8]
                elif 40 <= p <= 47:
                    bg = PALETTE[p - 40]
                elif 100 <= p <= 107:
                    bg = PALETTE[p - 100 + 8]
                elif p == 39:
                    fg = DEFAULT_FG
                elif p == 49:
                    bg = DEFAULT_BG
                i += 1
        rows.append(row)
    return rows


def picture_box(rows, masks):
    """The bounding box (x, y, w, h) of the cells drawn in block elements (not spaces)."""
    xs, ys = [], []
    for y, row in enumerate(rows):
        for x, (ch, _, _) in enumerate(row):
            if ch in masks and ch != " ":
                xs.append(x)
                ys.append(y)
    if not xs:
        return None
    return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def render(rows, box, masks):
    """The cells of `box` drawn at 12x24 pixels each (float RGB), and how many were unknown."""
    import numpy as np
    x0, y0, w, h = box
    out = np.zeros((h * CELL_H, w * CELL_W, 3), np.float64)
    unknown = 0
    for y in range(h):
        row = rows[y0 + y] if y0 + y < len(rows) else []
        for x in range(w):
            ch, fg, bg = row[x0 + x] if x0 + x < len(row) else (" ", DEFAULT_FG, DEFAULT_BG)
            m = masks.get(ch)
            if m is None:
                unknown += 1
                m = masks[" "]
            cell = out[y * CELL_H:(y + 1) * CELL_H, x * CELL_W:(x + 1) * CELL_W]
            cell[:] = bg
            cell[m] = fg
    return out, unknown


def reference(path, width, height):
    """The photo scaled to exactly width x height pixels (ImageMagick), float RGB."""
    import numpy as np
    ppm = subprocess.run(["convert", path, "-strip", "-colorspace", "sRGB", "-alpha", "off", "-resize", f"{width}x{height}!",
                          "-depth", "8", "ppm:-"], capture_output=True, check=True).stdout
    header = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", ppm)
    w, h = int(header.group(1)), int(header.group(2))
    return np.frombuffer(ppm[header.end():], np.uint8)[:w * h * 3].reshape(h, w, 3).astype(np.float64)


def trim_matte(img):
    """`img` less the half rows (12 px) and columns at its edges that are one colour throughout."""
    def flat(a):
        return float(a.reshape(-1, 3).std(0).max()) < 0.5
    top, bottom, left, right = 0, img.shape[0], 0, img.shape[1]
    while bottom - top > 2 * CELL_H and flat(img[top:top + CELL_H // 2, left:right]):
        top += CELL_H // 2
    while bottom - top > 2 * CELL_H and flat(img[bottom - CELL_H // 2:bottom, left:right]):
        bottom -= CELL_H // 2
    while right - left > 2 * CELL_W and flat(img[top:bottom, left:left + CELL_W]):
        left += CELL_W
    while right - left > 2 * CELL_W and flat(img[top:bottom, right - CELL_W:right]):
        right -= CELL_W
    return img[top:bottom, left:right]


def to_lab(rgb):
    import numpy as np
    c = rgb / 255.0
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]])
    xyz = lin @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)


def blur(img, sigma=3.0):
    import numpy as np
    r = int(3 * sigma)
    k = np.exp(-np.arange(-r, r + 1) ** 2 / (2 * sigma * sigma))
    k /= k.sum()
    pad = np.pad(img, ((r, r), (r, r), (0, 0)), mode="edge")
    tmp = sum(k[i] * pad[:, i:i + img.shape[1]] for i in range(2 * r + 1))
    return sum(k[i] * tmp[i:i + img.shape[0]] for i in range(2 * r + 1))


def delta_e(a, b):
    import numpy as np
    return float(np.sqrt(((to_lab(a) - to_lab(b)) ** 2).sum(-1)).mean()), \
        float(np.sqrt(((to_lab(blur(a)) - to_lab(blur(b))) ** 2).sum(-1)).mean())


# --- griddemo in tmux ----------------------------------------------------------------------------

class Tmux:
    runs = 0

    def __init__(self, tmp):
        # A socket for each run: a server just killed may still be going away.
        Tmux.runs += 1
        self.socket = f"gk-pq-{os.getpid()}-{Tmux.runs}"
        self.tmp = tmp

    def __call__(self, *args, check=True):
        r = subprocess.run(["tmux", "-L", self.socket] + list(args), capture_output=True, text=True)
        if check and r.returncode != 0:
            raise RuntimeError(f"tmux {' '.join(args[:3])}: {r.stderr.strip()}")
        return r.stdout

    def capture(self):
        return subprocess.run(["tmux", "-L", self.socket, "capture-pane", "-p", "-N", "-e", "-t", "pq"],
                              capture_output=True, check=True).stdout.decode("utf-8", "replace")

    def kill(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def wait_for(predicate, deadline, what):
    end = time.time() + deadline
    while time.time() < end:
        v = predicate()
        if v:
            return v
        time.sleep(0.1)
    raise TimeoutError(what)


def griddemo_cells(griddemo, photo, colors, symbols, masks, tmp):
    """The viewer's screen (parsed cells) and the bytes griddemo wrote while drawing it."""
    tmux = Tmux(tmp)
    log = os.path.join(tmp, "pipe.bin")
    env = {"TERM": "xterm-256color", "COLORTERM": "truecolor", "GRIDKIT_GRAPHICS": "blocks", "GRIDKIT_COLORS": colors,
           "GRIDKIT_SYMBOLS": symbols, "GRIDKIT_NO_THUMBNAIL_CACHE": "1", "XDG_CACHE_HOME": tmp, "LANG": "C.UTF-8"}
    cmd = ["env"] + [f"{k}={v}" for k, v in env.items()] + [griddemo, "photos", "--view", "grid", photo]
    try:
        tmux("-f", "/dev/null", "new-session", "-d", "-s", "pq", "-x", str(COLS), "-y", str(ROWS), *cmd)
        tmux("set-option", "-g", "status", "off", check=False)
        wait_for(lambda: "Photos" in tmux.capture() or None, 30, "griddemo's photo grid")
        time.sleep(0.5)
        if os.path.exists(log):
            os.remove(log)
        tmux("pipe-pane", "-o", "-t", "pq", f"cat > {log}")
        tmux("send-keys", "-t", "pq", "Enter")

        def settled():
            a = tmux.capture()
            box = picture_box(parse_cells(a), masks)
            if not box or box[2] < 10:
                return None
            time.sleep(0.4)
            return a if tmux.capture() == a else None
        screen = wait_for(settled, 30, "the photo viewer's picture")
        time.sleep(0.3)
        tmux("pipe-pane", "-t", "pq")
        size = os.path.getsize(log) if os.path.exists(log) else 0
        return parse_cells(screen), size
    finally:
        tmux.kill()


def chafa_cells(photo, symbols, colors, box):
    classes = {"half": "space+solid+half", "quadrant": "space+solid+half+quad", "sextant": "space+solid+half+quad+sextant"}[symbols]
    out = subprocess.run(["chafa", "-f", "symbols", "--symbols", classes, "-c", "full" if colors == "direct" else "256",
                          "--size", f"{box[2]}x{box[3]}", "--stretch", "-w", "9", "--animate", "off", "--polite", "on", photo],
                         capture_output=True, check=True).stdout
    return parse_cells(out.decode("utf-8", "replace")), len(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("griddemo")
    ap.add_argument("--gridbench", default=None, help="gridbench, for --generated (default: beside griddemo)")
    ap.add_argument("--generated", type=int, default=0, help="also the first N of gridbench's 1080p folder")
    ap.add_argument("--photos", default=",".join(PHOTOS))
    ap.add_argument("--colors", default="direct,256")
    ap.add_argument("--symbols", default="half,quadrant,sextant")
    ap.add_argument("--no-chafa", action="store_true")
    args = ap.parse_args()
    args.griddemo = os.path.abspath(args.griddemo)
    if not os.access(args.griddemo, os.X_OK):
        fail(f"{args.griddemo} is not an executable griddemo (build it first: swift build --product griddemo)")
    for tool in ("tmux", "convert"):
        if not shutil.which(tool):
            fail(f"{tool} is not installed (Debian: apt-get install {'imagemagick' if tool == 'convert' else tool})")
    ensure_numpy()
    chafa = not args.no_chafa and shutil.which("chafa")
    if not args.no_chafa and not chafa:
        print("picture-quality: chafa is not installed (Debian: apt-get install chafa); GridKit's figures only")
    photos = [(n, p) for n, p in fetch_photos([n for n in args.photos.split(",") if n]).items()]
    if args.generated:
        bench = args.gridbench or os.path.join(os.path.dirname(args.griddemo), "gridbench")
        folder = subprocess.run([bench, "write-jpegs", "200"], capture_output=True, text=True, check=True).stdout.strip()
        files = sorted(f for f in os.listdir(folder) if f.lower().endswith((".jpg", ".jpeg", ".png")))[:args.generated]
        photos += [("1080p " + os.path.splitext(f)[0], os.path.join(folder, f)) for f in files]
    masks = glyph_masks()
    colors, symbols = args.colors.split(","), args.symbols.split(",")
    print(f"\npicture quality (viewer at {COLS}x{ROWS} in tmux, text pictures, {CELL_W}x{CELL_H} px a cell; "
          "mean CIE76 dE, blurred sigma 3 px / as drawn; bytes a picture cell):")
    print(f"  {'photo (cells)':<24} {'drawn by':<30} {'dE blur':>8} {'dE':>7} {'B/cell':>7}")
    totals = {}
    with tempfile.TemporaryDirectory(prefix="gk-pq-") as tmp:
        for name, path in photos:
            results = []
            for c in colors:
                for s in symbols:
                    rows, size = griddemo_cells(args.griddemo, path, c, s, masks, tmp)
                    results.append((f"GridKit {c} {s}", rows, size))
            # The picture's cells: every run's (a row of one colour is written as spaces, which
            # one run's box alone would leave out).
            boxes = [picture_box(rows, masks) for _, rows, _ in results]
            x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
            box = (x0, y0, max(b[0] + b[2] for b in boxes) - x0, max(b[1] + b[3] for b in boxes) - y0)
            if chafa:
                for c in colors:
                    for s in symbols:
                        crows, csize = chafa_cells(path, s, c, box)
                        results.append((f"chafa {c} {s}", [[("", 0, 0)] * box[0] + r for r in [[]] * box[1] + crows], csize))
            label = f"{name} ({box[2]}x{box[3]})"
            for who, rows, size in sorted(results, key=lambda r: (r[0].split()[1:], r[0])):
                img, unknown = render(rows, box, masks)
                # GridKit places a picture by half rows inside its cells: a half row (or column)
                # of one colour at an edge is the matte, not the picture, and is left out of both.
                # chafa stretches the picture over the whole box.
                img = trim_matte(img)
                raw, blurred = delta_e(img, reference(path, img.shape[1], img.shape[0]))
                per = size / (box[2] * box[3])
                note = f"  ({unknown} cells not block elements)" if unknown else ""
                print(f"  {label:<24} {who:<30} {blurred:8.3f} {raw:7.3f} {per:7.1f}{note}")
                t = totals.setdefault(who, [0, 0, 0, 0])
                t[0] += blurred; t[1] += raw; t[2] += per; t[3] += 1
                label = ""
    if len(photos) > 1:
        for who, (b, r, p, n) in totals.items():
            print(f"  {'mean of ' + str(n):<24} {who:<30} {b / n:8.3f} {r / n:7.3f} {p / n:7.1f}")


if __name__ == "__main__":
    main()
