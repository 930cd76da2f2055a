#!/usr/bin/env python3
"""Runs a program in a real terminal emulator (xterm in VT340 mode, or kitty) on a virtual X server
of its own, sends it keys, takes screenshots at named checkpoints and measures their pixels.

    realterm.py --terminal xterm|kitty --out DIR [--photos six|many|greys] [--cols 100 --rows 30]
                [--env NAME=VALUE ...] [--term-name NAME] [--xterm-plain] [--timeout 60]
                [--deadline 400] --steps STEPS -- PROGRAM ARGS...

An argument `{photos}` in ARGS stands for the folders of test photos made by --photos (`six`: one
folder, `0-pink.jpg` … `5-plum.jpg`; `many`: folders alpha and beta of 30 each, `00-pink.jpg` …,
the colours cycling). Each is one solid colour far from the interface's, so every pixel of such a
colour on screen belongs to a photo, and the file name says which colour its tile should show.
`greys`: one folder, `0-white.jpg`, `1-black.jpg` and `2-gradient.jpg` (white at the top to black
at the bottom), for terminals that show pictures as a grey ramp of shade characters. `plasma`: one
folder of 40 plasma fractals, `00-plasma.jpg` …, the same each run (seeded): pictures with
texture and gradients, where a picture drawn in parts can differ from the same picture drawn
whole (compare a screenshot with one taken after a repaint). `edge`: one folder, `0-edge.png`, a
sharp diagonal edge and fine stripes in two colours (edgephoto.py makes it and judges shots of it).

xterm runs as a VT340 (sixel) unless --xterm-plain: then as it starts by default (no sixel, black
text on white).

STEPS, separated by commas: `key:KEYSYM` (xdotool key names: Return, Escape, Next, Prior, Down,
q…; `key:Down*3` sends three), `exit` (wait until the program has ended), `shot:NAME` (wait
until the screen has not changed for --quiet seconds, then take a screenshot called NAME) and
`await:NAME:CELLS` (with --photos edge: the same, and again until the photo's picture shows at
least CELLS wide; a photo still decoding leaves the screen quiet too). After each key the next
step waits until the program has taken it, as the kernel tells (see `press`): its main thread
has read since the key and sleeps with nothing due, no typed byte is left unread in its
terminal, and two screenshots in a row are the same. Every wait has --timeout seconds and fails
the run naming what it waited for; nothing sleeps a fixed time.

The same program and keys also run in tmux with GRIDKIT_GRAPHICS=blocks and GRIDKIT_COLORS=256
at the same size: its text at each checkpoint gives the layout in cells, which does not depend
on how pictures are drawn: the text rows (title, captions, section headers, viewer lines, hint
line), each tile's columns and rows and the file its caption names, and the picture's size in
cells.

Everything it starts (Xvfb with -displayfd, so runs never share a display; the terminal; the
program; tmux) is stopped at the end, also on errors, timeouts, signals and when its parent dies.
DIR gets NAME.png (to look at), NAME.ppm (what was measured), NAME.reference.txt (the half-block
layout) and terminal.log. Prints one JSON line: for each checkpoint the measurements, a `summary`
and `checks`, all booleans:

    all_present    each of the six colours covers 30% of a tile's picture area at least
    compact        each colour seen fits in one tile's picture area
    own_tiles      each colour seen is centred in the tile whose caption names it
    reading_order  the colours seen are in reading order (rows top to bottom, then left to right)
    text_clean     no test colour in a text row, and no picture's padding bars either
    row1_clean     no test colour in row 1 (the pinned section header)
    no_gutter      no test colour outside the tiles' columns (text rows aside)
    no_mixed       no tile holds two colours
    no_wrong       no tile holds a colour its caption does not name (or any, where none belongs)
    tiles_filled   every fully visible tile shows its colour on 30% of its picture area at least
    none           no test colour anywhere
    viewer         one colour covers 25% of the window at least
    title_readable the title bar's text stands out from the bar: their mean luminances are 60
                   apart at least (`title` holds both)

and, with --photos greys only, measured in each grey tile's picture (the cells the reference
drew, in pixels) as mean luminance (0.299 R + 0.587 G + 0.114 B, 0 to 255), under `greys`:

    white_light    the white picture's mean is above 170
    black_dark     the black picture's mean is below 85
    gradient_falls the gradient's top third is lighter than its bottom third

or, when the run itself failed, `ok: false` and `error` saying why.
"""
import argparse, array, ctypes, fcntl, json, os, re, select, shutil, signal, subprocess, sys, tempfile, termios, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))   # edgephoto.py beside this
sys.dont_write_bytecode = True   # no __pycache__ in the test target (SwiftPM warns of unhandled files)

# Test colours: points of the 256-colour cube (so half blocks in 256 colours show them exactly),
# each at least 65 (RGB distance) from the interface's colours in xterm and kitty, from their 16
# ANSI colours and from any blend of those with black or white (anti-aliased text), and at least
# 110 from each other.
COLOURS = [("pink", (255, 0, 135)), ("lime", (135, 255, 0)), ("orange", (255, 135, 0)),
           ("spring", (0, 255, 135)), ("olive", (175, 175, 95)), ("plum", (175, 95, 175))]
NAMES = [n for n, _ in COLOURS]
# The greys photos: name, what `convert` makes it from.
GREYS = [("white", "xc:white"), ("black", "xc:black"), ("gradient", "gradient:white-black")]
GREY_NAMES = [n for n, _ in GREYS]
# What the grey pictures' mean luminance must be above (white) and below (black).
LIGHT, DARK = 170, 85
# A pixel within this distance of a test colour is that colour.
MATCH = 40
# tmux's names for the xdotool key names the steps use.
TMUX_KEYS = {"Return": "Enter", "Escape": "Escape", "Next": "NPage", "Prior": "PPage", "Page_Down": "NPage",
             "Page_Up": "PPage", "Down": "Down", "Up": "Up", "Left": "Left", "Right": "Right", "space": "Space",
             "Home": "Home", "End": "End", "Tab": "Tab", "plus": "+", "minus": "-", "ctrl+l": "C-l"}
APT = {"Xvfb": "xvfb", "xterm": "xterm", "kitty": "kitty", "import": "imagemagick", "convert": "imagemagick",
       "xdotool": "xdotool", "tmux": "tmux"}


class Failure(Exception):
    pass


def log(msg):
    print(f"realterm: {msg}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# Processes

class Processes:
    """Everything started, to be stopped at the end whatever happens."""

    def __init__(self):
        self.popen = []          # (name, Popen), stopped in reverse order
        self.groups = []         # process group ids to kill
        self.tmux_sockets = []

    def start(self, name, args, **kw):
        p = subprocess.Popen(args, **kw)
        self.popen.append((name, p))
        return p

    def stop_all(self):
        """Stops everything; returns the pids of processes still there after 10 s (none, unless
        one is stuck in the kernel)."""
        for sock in self.tmux_sockets:
            subprocess.run(["tmux", "-L", sock, "kill-server"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for pg in self.groups:
            try:
                os.killpg(pg, signal.SIGKILL)
            except OSError:
                pass
        for name, p in reversed(self.popen):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(3)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
        # As the children's subreaper, whatever they left behind (the program after its terminal
        # died, tmux's server) is now ours: end it and reap it.
        return end_children(10)


def children():
    return children_of(os.getpid())


def reap():
    """Reaps every child that has ended, without waiting."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def end_children(timeout):
    """SIGKILLs and reaps this process's children until none is left, waking as each one ends
    (a pidfd becomes readable then); returns the pids still there after `timeout` seconds."""
    end = time.monotonic() + timeout
    while True:
        reap()
        kids = children()
        left = end - time.monotonic()
        if not kids or left <= 0:
            return kids
        fds = []
        for pid in kids:
            try:
                fds.append(os.pidfd_open(pid))
                os.kill(pid, signal.SIGKILL)
            except OSError:      # gone meanwhile
                pass
        try:
            if fds:
                select.select(fds, [], [], left)
        finally:
            for fd in fds:
                os.close(fd)


def become_subreaper():
    """What the terminal leaves behind when it dies is reparented to this process, not init."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)   # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        pass


def watch_parent():
    """Stops (and so cleans up) when whoever started this script has gone away: a pidfd of the
    parent becomes readable when it ends."""
    parent = os.getppid()
    try:
        fd = os.pidfd_open(parent)
    except OSError:          # no pidfds (Linux before 5.3): the kernel signals a parent thread's end
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM, 0, 0, 0)   # PR_SET_PDEATHSIG
        fd = None
    if os.getppid() != parent:
        os.kill(os.getpid(), signal.SIGTERM)   # it went before the watch began

    def watch():
        select.select([fd], [], [])
        os.kill(os.getpid(), signal.SIGTERM)
    if fd is not None:
        threading.Thread(target=watch, daemon=True).start()


def run(args, timeout=20, env=None):
    r = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout, env=env)
    return r.returncode, r.stdout


# ---------------------------------------------------------------------------------------------
# Test pictures

def make_photos(kind, root, size):
    if kind == "greys":
        d = os.path.join(root, "greys")
        os.makedirs(d)
        for i, (name, source) in enumerate(GREYS):
            subprocess.run(["convert", "-size", size, source, os.path.join(d, f"{i}-{name}.jpg")], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
        return [d]
    if kind == "edge":
        # A diagonal edge and fine stripes in two colours: edgephoto.py makes it and judges it.
        d = os.path.join(root, "edge")
        os.makedirs(d)
        import edgephoto
        edgephoto.make(os.path.join(d, "0-edge.png"))
        return [d]
    if kind == "plasma":
        d = os.path.join(root, "plasma")
        os.makedirs(d)
        for i in range(40):
            subprocess.run(["convert", "-size", size, "-seed", str(1000 + i), "plasma:fractal", os.path.join(d, f"{i:02d}-plasma.jpg")],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
        return [d]
    def picture(path, index):
        name, (r, g, b) = COLOURS[index % len(COLOURS)]
        subprocess.run(["convert", "-size", size, f"xc:#{r:02x}{g:02x}{b:02x}", path], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
    masters = os.path.join(root, "masters")
    os.makedirs(masters)
    for i, (name, _) in enumerate(COLOURS):
        picture(os.path.join(masters, f"{name}.jpg"), i)
    folders = []
    if kind == "six":
        d = os.path.join(root, "six")
        os.makedirs(d)
        for i, (name, _) in enumerate(COLOURS):
            shutil.copy(os.path.join(masters, f"{name}.jpg"), os.path.join(d, f"{i}-{name}.jpg"))
        folders.append(d)
    elif kind == "many":
        for folder in ("alpha", "beta"):
            d = os.path.join(root, folder)
            os.makedirs(d)
            for i in range(30):
                name = NAMES[i % len(NAMES)]
                shutil.copy(os.path.join(masters, f"{name}.jpg"), os.path.join(d, f"{i:02d}-{name}.jpg"))
            folders.append(d)
    else:
        raise Failure(f"unknown --photos {kind}")
    return folders


def colour_of_file(name):
    m = re.match(r"^\d+-([a-z]+)\.jpg$", name)
    return m.group(1) if m and m.group(1) in NAMES else None


def grey_of_file(name):
    m = re.match(r"^\d+-([a-z]+)\.jpg$", name)
    return m.group(1) if m and m.group(1) in GREY_NAMES else None


# ---------------------------------------------------------------------------------------------
# Steps

# Checkpoints taken with `await:NAME:CELLS`: the cells wide the edge photo's picture must be.
awaits = {}


def parse_steps(text):
    steps = []
    for part in [p for p in text.split(",") if p]:
        kind, _, arg = part.partition(":")
        if kind == "key":
            key, _, times = arg.partition("*")
            steps += [("key", key)] * (int(times) if times else 1)
        elif kind in ("shot", "exit"):
            steps.append((kind, arg))
        elif kind == "await":
            name, _, width = arg.partition(":")
            steps.append(("shot", name))
            awaits[name] = int(width or 1)
        else:
            raise Failure(f"unknown step {part!r}")
    return steps


# ---------------------------------------------------------------------------------------------
# The reference layout: the same program in tmux, pictures in half blocks

BLOCKS = set(chr(c) for c in range(0x2580, 0x25A0))


def reference_layout(args, env_extra, cols, rows, steps, timeout, procs, work):
    sock = f"gk-realterm-{os.getpid()}-{int(time.time() * 1000) % 100000}"
    procs.tmux_sockets.append(sock)
    status_file = os.path.join(work, "ref-status")
    shell_pid_file = os.path.join(work, "ref-shell.pid")
    script = os.path.join(work, "ref.sh")
    with open(script, "w") as f:
        f.write(f'echo $$ > {quote(shell_pid_file)}\n"$@"\necho $? > {quote(status_file)}\necho EXITED\nexec sleep 600\n')
    env_args = []
    # Half blocks in colour whatever the terminal's run is given: the layout is read from the
    # blocks, which 8 colours or none draw as shades.
    extra = [("GRIDKIT_GRAPHICS", "blocks"), ("GRIDKIT_COLORS", "256"), ("LANG", "C.UTF-8"), ("LC_ALL", "C.UTF-8")]
    for k, v in list(env_extra.items()) + extra:
        env_args += ["-e", f"{k}={v}"]
    env = clean_environment()
    env.pop("DISPLAY", None)
    # A thumbnail cache of the reference's own: none in the user's, and none shared with the
    # terminal's run, whose pictures would otherwise come from whichever run made them first.
    env["XDG_CACHE_HOME"] = os.path.join(work, "cache-reference")
    subprocess.run(["tmux", "-L", sock, "-f", "/dev/null", "new-session", "-d", "-x", str(cols), "-y", str(rows)]
                   + env_args + ["sh", script] + args, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=20, check=True)

    def capture(*flags):
        code, out = run(["tmux", "-L", sock, "capture-pane", "-p", *flags, "-t", "0"])
        return out.decode("utf-8", "replace") if code == 0 else ""

    def look():
        # The text and, for telling screens apart, its colours and attributes too (a focus
        # shown only in colour changes no character).
        return capture(), capture("-e")

    def loading(text):
        # A thumbnail not drawn yet shows "…" in its picture area, the viewer "decoding…" (a
        # caption or header cut short has "…" inside a word).
        return [r for r, line in enumerate(text.split("\n")) if {"…", "decoding…"} & set(line.split())]

    def settle(what):
        """tmux's text and colours once four looks 0.25 s apart are the same, with something on
        screen, the folder walked and no thumbnail still loading."""
        state = {"screen": None, "same": 0}

        def settled():
            screen = look()
            state["same"] = state["same"] + 1 if screen == state["screen"] else 0
            state["screen"] = screen
            text = screen[0]
            # A folder still being walked ("Looking for photos…") is quiet too, and has no tiles.
            walking = "looking…" in text or "Looking for photos" in text
            return state["same"] >= 3 and text.strip() and not walking and not loading(text)

        def how():
            text = state["screen"][0] if state["screen"] else ""
            if not text.strip():
                return f"tmux reference: anything on screen at {what}"
            if "looking…" in text or "Looking for photos" in text:
                return f"tmux reference: the photos to be found at {what}"
            if loading(text):
                return f"tmux reference: the thumbnails at {what} (still loading in rows {loading(text)})"
            return f"tmux reference: the screen to settle at {what} (still changing)"
        wait_until(how, timeout, settled, 0.25)
        return state["screen"]

    layouts = {}
    program = None
    try:
        for kind, arg in steps:
            if kind == "key":
                if program is None:
                    program = Program(shell_pid_file, args[0], timeout, "tmux reference")
                key = TMUX_KEYS.get(arg, arg)
                literal = ["-l"] if len(key) == 1 else []

                def send():
                    subprocess.run(["tmux", "-L", sock, "send-keys", "-t", "0", *literal, key], timeout=20)
                press(arg, send, look, program, timeout, "tmux reference")
            elif kind == "exit":
                wait_for_file(status_file, timeout, "the program to exit (tmux reference)")
            elif kind == "shot":
                t0 = time.monotonic()
                screen = settle(arg)
                log(f"tmux reference: {arg} settled in {time.monotonic() - t0:.1f} s")
                lines = screen[0].split("\n")[:rows]
                layouts[arg] = layout_from_text(lines + [""] * (rows - len(lines)), cols, rows)
                layouts[arg]["text"] = lines
    finally:
        if program:
            program.close()
    subprocess.run(["tmux", "-L", sock, "kill-server"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return layouts


def layout_from_text(lines, cols, rows):
    """Text rows, tiles (caption, column band, row band) in cells, from a half-block screen."""
    text_rows = [r for r, line in enumerate(lines) if any(ch.isalnum() for ch in line)]
    tiles = []
    for r in text_rows:
        line = lines[r]
        # A caption row holds file names only (the scroll bar aside); the viewer's lines that
        # name the file say more.
        rest = re.sub(r"▶?\d+-[a-z]+\.jpg", "", line)
        if r in (0, rows - 1) or any(not (ch.isspace() or 0x2500 <= ord(ch) < 0x2580) for ch in rest):
            continue
        for m in re.finditer(r"(▶?)(\d+-[a-z]+\.jpg)", line):
            colour, grey = colour_of_file(m.group(2)), grey_of_file(m.group(2))
            if colour is None and grey is None:
                continue
            left = m.start()     # the focus mark, when there is one, stands in the tile's first column
            above = [x for x in text_rows if x < r]
            top = (above[-1] + 1) if above else 0
            tiles.append({"name": m.group(2), "colour": colour, "grey": grey, "caption_row": r, "left": left,
                          "band": [top, r], "has_blocks": False, "blocks_box": None})
    # The picture: the runs of half blocks above the caption. Its first column is the tile's (the
    # caption's, when no blocks are drawn); the longest run is the pictures' width. The cells the
    # blocks cover, [left, top, right, bottom) without bars, are the picture itself.
    width = 0
    for t in tiles:
        runs, block_rows = [], []
        for r in range(t["band"][0], t["band"][1]):
            for m in re.finditer("[" + "".join(sorted(BLOCKS)) + "]+", lines[r]):
                if m.start() - 3 <= t["left"] < m.end():
                    runs.append((m.start(), m.end() - m.start()))
                    block_rows.append(r)
        if runs:
            t["has_blocks"] = True
            t["blocks_box"] = [min(s for s, _ in runs), min(block_rows), max(s + n for s, n in runs), max(block_rows) + 1]
            t["left"] = max(set(s for s, _ in runs), key=[s for s, _ in runs].count)
            width = max(width, max(n for _, n in runs))
    # The picture's height: a full band (caption to caption) less the gap row above the picture.
    heights = sorted(t["band"][1] - t["band"][0] for t in tiles)
    height = max(1, heights[-1] - 1) if heights else 0
    return {"text_rows": text_rows, "tiles": tiles, "picture_cells": [width, height]}


# ---------------------------------------------------------------------------------------------
# X server, terminal, screenshots

def clean_environment():
    env = dict(os.environ)
    for k in ["TMUX", "TMUX_PANE", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "COLORTERM", "NO_COLOR", "WINDOWID",
              "VTE_VERSION", "WAYLAND_DISPLAY", "STY", "KONSOLE_VERSION", "WT_SESSION", "GRIDKIT_GRAPHICS"]:
        env.pop(k, None)
    for k in list(env):
        if k.startswith("KITTY_"):
            env.pop(k)
    env["LANG"] = env["LC_ALL"] = "C.UTF-8"
    return env


def quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


def start_xvfb(procs, timeout):
    r, w = os.pipe()
    procs.start("Xvfb", ["Xvfb", "-displayfd", str(w), "-screen", "0", "1600x1200x24", "-nolisten", "tcp",
                         "-noreset"], pass_fds=(w,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, start_new_session=True)
    os.close(w)
    data, end = b"", time.monotonic() + timeout
    while not data.endswith(b"\n"):
        left = end - time.monotonic()
        if left <= 0:
            raise Failure(f"Xvfb did not report its display within {timeout} s")
        ready, _, _ = select.select([r], [], [], left)
        if ready:
            chunk = os.read(r, 64)
            if not chunk:
                raise Failure("Xvfb exited before reporting its display")
            data += chunk
    os.close(r)
    return ":" + data.decode().strip()


def start_terminal(a, procs, display, program, work):
    status_file = os.path.join(work, "status")
    shell_pid_file = os.path.join(work, "shell.pid")
    script = os.path.join(work, "run.sh")
    with open(script, "w") as f:
        # The program's shell records itself (to kill its group at the end) and the exit status,
        # then keeps the window open.
        f.write(f'echo $$ > {quote(shell_pid_file)}\n"$@"\necho $? > {quote(status_file)}\necho EXITED\nexec sleep 600\n')
    env = clean_environment()
    env["XDG_CACHE_HOME"] = os.path.join(work, "cache-terminal")
    env.update(a.env)
    env["DISPLAY"] = display
    if a.terminal == "xterm":
        args = ["xterm"] + ([] if a.xterm_plain else ["-ti", "vt340"]) + ["-b", "0", "-geometry", f"{a.cols}x{a.rows}+0+0", "+bc"]
        if a.term_name:
            args += ["-tn", a.term_name]
        args += ["-e", "sh", script] + program
    else:
        env["LIBGL_ALWAYS_SOFTWARE"] = "1"
        args = ["kitty", "--config", "NONE", "-o", "remember_window_size=no",
                "-o", f"initial_window_width={a.cols}c", "-o", f"initial_window_height={a.rows}c",
                "-o", "window_padding_width=0", "-o", "cursor_blink_interval=0", "-o", "enable_audio_bell=no",
                "-o", "update_check_interval=0", "-o", "linux_display_server=x11",
                "sh", script] + program
    logf = open(os.path.join(a.out, "terminal.log"), "wb")
    p = procs.start(a.terminal, args, env=env, stdin=subprocess.DEVNULL, stdout=logf, stderr=logf, cwd=work)
    logf.close()
    return p, status_file, shell_pid_file


def find_window(pid, display, timeout, proc):
    env = dict(os.environ, DISPLAY=display)

    def window():
        if proc.poll() is not None:
            raise Failure(f"the terminal exited (status {proc.returncode}) before showing a window")
        code, out = run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)], env=env)
        best = None
        for wid in out.split():
            size = window_size(wid.decode(), display)
            if size and (best is None or size[0] * size[1] > best[1][0] * best[1][1]):
                best = (wid.decode(), size)
        return best[0] if best and best[1][0] > 50 else None
    return wait_until("a window of the terminal", timeout, window, 0.1)


def window_size(wid, display):
    code, out = run(["xdotool", "getwindowgeometry", wid], env=dict(os.environ, DISPLAY=display))
    m = re.search(rb"Geometry: (\d+)x(\d+)", out)
    return (int(m.group(1)), int(m.group(2))) if code == 0 and m else None


def screenshot(wid, display):
    """The window's pixels now: (width, height, RGB bytes)."""
    code, out = run(["import", "-silent", "-window", wid, "-depth", "8", "ppm:-"], timeout=30, env=dict(os.environ, DISPLAY=display))
    if code != 0 or not out.startswith(b"P6"):
        raise Failure(f"import -window {wid} failed (status {code})")
    return parse_ppm(out)


def parse_ppm(data):
    fields, i = [], 2
    while len(fields) < 3:
        while data[i:i + 1].isspace():
            i += 1
        if data[i:i + 1] == b"#":
            while data[i:i + 1] != b"\n":
                i += 1
            continue
        j = i
        while not data[j:j + 1].isspace():
            j += 1
        fields.append(int(data[i:j]))
        i = j
    w, h, maxval = fields
    if maxval != 255:
        raise Failure(f"unexpected PPM maxval {maxval}")
    pixels = data[i + 1:i + 1 + w * h * 3]
    return w, h, pixels


def write_ppm(path, shot):
    w, h, pixels = shot
    with open(path, "wb") as f:
        f.write(b"P6\n%d %d\n255\n" % (w, h) + pixels)


def settle(wid, display, timeout, what, quiet, interval=0.3):
    """Screenshots until the screen has not changed for `quiet` seconds (over three shots at
    least) and is not blank; the last one, and how long that took."""
    start = time.monotonic()
    end = start + timeout
    last, same, changes, since = None, 0, 0, start
    while True:
        shot = screenshot(wid, display)
        now = time.monotonic()
        if last is not None and shot == last:
            same += 1
        else:
            same, since = 0, now
            changes += last is not None
        last = shot
        if same >= 2 and now - since >= quiet and not uniform(shot):
            return shot, now - start
        if now > end:
            state = "blank" if uniform(shot) else f"still changing ({changes} changes)"
            raise Failure(f"the screen did not settle within {timeout:g} s at checkpoint {what!r}: {state}")
        time.sleep(interval)


def await_picture(shot, took, wid, display, a, what):
    """Settles again until the edge photo's picture shows at least awaits[what] cells wide (a
    photo still decoding, with the screen quiet meanwhile, is not yet the checkpoint)."""
    import edgephoto
    start = time.monotonic() - took
    while True:
        width = edgephoto.picture_width_cells(shot, a.cols, a.rows)
        if width >= awaits[what]:
            return shot, time.monotonic() - start
        left = a.timeout - (time.monotonic() - start)
        if left <= 0:
            write_ppm(os.path.join(a.out, what + ".ppm"), shot)
            subprocess.run(["convert", os.path.join(a.out, what + ".ppm"), os.path.join(a.out, what + ".png")], timeout=60)
            raise Failure(f"no picture of the edge photo {awaits[what]} cells wide within {a.timeout:g} s at"
                          f" checkpoint {what!r} (widest: {width})")
        shot, _ = settle(wid, display, left, what, a.quiet)


def uniform(shot):
    px = shot[2]
    return px[:3] * (len(px) // 3) == px


def wait_until(what, timeout, condition, interval=0.05):
    """Polls `condition` until it gives a true value and returns that; after `timeout` seconds,
    fails naming `what` it waited for (a callable: the message can say how things stand then)."""
    end = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            raise Failure(f"timed out after {timeout:g} s waiting for {what() if callable(what) else what}")
        time.sleep(interval)


def wait_for_file(path, timeout, what):
    """The file's text once the shell has written it (the wrapper writes each in one line)."""
    def text():
        try:
            with open(path) as f:
                t = f.read()
        except OSError:
            return None
        return t if t.endswith("\n") else None
    return wait_until(what, timeout, text, 0.02).strip()


# ---------------------------------------------------------------------------------------------
# Keys, and knowing the program has taken each

# The system call a thread waits in, by number, on the machines the tests run on: poll(fds, n,
# timeout in ms) and ppoll(fds, n, timespec *timeout, ...).
POLL = {"x86_64": 7}.get(os.uname().machine)
PPOLL = {"x86_64": 271, "aarch64": 73}.get(os.uname().machine)


class Program:
    """The program under test as the kernel sees it, found as the child of the shell that runs
    it (the wrapper script writes that shell's pid). Its main thread reads the keys and writes
    the frames, and sleeps in poll() between: with no timeout when it has nothing left to do,
    with one while an ESC waits to be told from the start of a sequence."""

    def __init__(self, shell_pid_file, exe, timeout, where):
        self.where = where
        shell = int(wait_for_file(shell_pid_file, timeout, f"{where}: the wrapper shell to write its pid"))
        exe = os.path.realpath(shutil.which(exe) or exe)

        def child():
            for pid in children_of(shell):
                try:
                    if os.path.realpath(f"/proc/{pid}/exe") == exe:
                        return pid
                except OSError:
                    pass
            return None
        self.pid = wait_until(f"{where}: {exe} to run as a child of its shell ({shell})", timeout, child, 0.02)
        tty = os.readlink(f"/proc/{self.pid}/fd/0")
        if not tty.startswith("/dev/pts/"):
            raise Failure(f"{where}: the program's input is {tty}, not a terminal")
        self.tty = os.open(tty, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)

    def proc(self, name):
        """The main thread's /proc file `name`, or None once the program has ended."""
        try:
            with open(f"/proc/{self.pid}/task/{self.pid}/{name}") as f:
                return f.read()
        except (FileNotFoundError, ProcessLookupError):
            return None
        except PermissionError as e:
            raise Failure(f"{self.where}: cannot read the program's /proc/…/{name}: {e}")

    def reads(self):
        """The read calls its main thread has made, or None once it has ended."""
        text = self.proc("io")
        return None if text is None else int(re.search(r"^syscr: (\d+)", text, re.M).group(1))

    def idle(self):
        """True when its main thread sleeps in poll() with no timeout (or it has ended): every
        byte it read has been acted on, its frame written, nothing is due."""
        text = self.proc("syscall")
        if text is None:
            return True
        fields = text.split()
        if not fields or fields[0] == "running" or not fields[0].isdigit():
            return False
        nr, args = int(fields[0]), [int(x, 16) for x in fields[1:4]]
        if nr == POLL:
            return args[2] & 0xFFFFFFFF == 0xFFFFFFFF      # timeout -1
        if nr == PPOLL:
            return args[2] == 0                              # no timespec
        return False

    def unread_input(self):
        """Typed bytes waiting in its terminal for it to read."""
        n = array.array("i", [0])
        fcntl.ioctl(self.tty, termios.FIONREAD, n)
        return n[0]

    def close(self):
        os.close(self.tty)


def children_of(parent):
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    stat = f.read()
                if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
                    out.append(int(d))
            except (OSError, ValueError, IndexError):
                pass
    return out


def press(key, send, look, program, timeout, where):
    """Sends `key` and waits until the program has taken it: its main thread has read since
    the key, no typed byte is left unread in its terminal, the thread sleeps with nothing due
    (so an Escape has been told from a sequence, and its frame is written), and two looks in
    a row at the screen are the same. Pictures may still be coming: a checkpoint waits for
    them. The screen need not change: Ctrl-L draws the same screen again, and a Down on the
    last row moves nothing. `look()` gives the screen: a screenshot, or tmux's text."""
    if not POLL and not PPOLL:
        raise Failure(f"cannot tell when the program is idle on {os.uname().machine}")
    reads = program.reads()
    if reads is None:
        raise Failure(f"{where}: the program had ended before the key {key}")
    send()
    state = {"screen": None, "same": False, "read": False, "unread": None, "idle": False}

    def taken():
        screen = look()
        state["same"], state["screen"] = screen == state["screen"], screen
        now = program.reads()
        state["read"] = now is None or now > reads
        state["unread"] = program.unread_input()
        state["idle"] = program.idle()
        # Looked at again after the screen: still idle, and not woken in between.
        return (state["same"] and state["read"] and state["unread"] == 0 and state["idle"]
                and program.reads() == now)

    def how():
        return (f"{where}: the program to take the key {key} (read since: {state['read']}; typed bytes unread:"
                f" {state['unread']}; idle: {state['idle']}; the screen the same in two looks in a row: {state['same']})")
    wait_until(how, timeout, taken, 0.02)


# ---------------------------------------------------------------------------------------------
# Measuring

def classify_table():
    cache = {}

    def classify(key):
        r, g, b = key[0], key[1], key[2]
        best, bestd = None, MATCH * MATCH + 1
        for i, (_, (cr, cg, cb)) in enumerate(COLOURS):
            d = (r - cr) ** 2 + (g - cg) ** 2 + (b - cb) ** 2
            if d < bestd:
                best, bestd = i, d
        return best
    return cache, classify


def colour_box(shot, target, x0, y0, x1, y1):
    """The bounding box of the pixels within MATCH of `target` in [x0, x1) × [y0, y1), or None."""
    w, h, px = shot
    tr, tg, tb = target
    bx0 = by0 = 1 << 30
    bx1 = by1 = -1
    for y in range(max(0, y0), min(h, y1)):
        row = px[(y * w + max(0, x0)) * 3:(y * w + min(w, x1)) * 3]
        for i in range(0, len(row), 3):
            r, g, b = row[i], row[i + 1], row[i + 2]
            if (r - tr) ** 2 + (g - tg) ** 2 + (b - tb) ** 2 <= MATCH * MATCH:
                x = max(0, x0) + i // 3
                bx0, by0, bx1, by1 = min(bx0, x), min(by0, y), max(bx1, x), max(by1, y)
    return (bx0, by0, bx1, by1) if bx1 >= 0 else None


def letterbox(shot, box):
    """How far the picture around the colour patch `box` reaches up and down: the bars the
    program pads a picture with are one colour, not the background's, right above and below the
    patch. Returns the picture's top and bottom pixel rows."""
    w, h, px = shot
    x0, y0, x1, y1 = box
    xs = [x0 + (x1 - x0) // 4, (x0 + x1) // 2, x1 - (x1 - x0) // 4]

    def at(x, y):
        return px[(y * w + x) * 3:(y * w + x) * 3 + 3]

    def reach(y, step):
        start = y + step
        if not 0 <= start < h:
            return y
        bar = at(xs[1], start)
        # Not a bar: the background beside the picture at that height, or in the window's
        # bottom right corner (the end of the hint line), whichever is there.
        beside = [at(x, start) for x in (x0 - 2, x1 + 2) if 0 <= x < w] + [at(w - 1, h - 1)]
        if bar in beside or any(at(x, start) != bar for x in xs):
            return y
        while 0 <= start + step < h and all(at(x, start + step) == bar for x in xs):
            start += step
        return start
    return reach(y0, -1), reach(y1, 1)


def mean_luminance(shot, x0, y0, x1, y1):
    """The mean of 0.299 R + 0.587 G + 0.114 B over the pixels [x0, x1) × [y0, y1), or None."""
    w, h, px = shot
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    total, n = 0, 0
    for y in range(y0, y1):
        row = px[(y * w + x0) * 3:(y * w + x1) * 3]
        total += 299 * sum(row[0::3]) + 587 * sum(row[1::3]) + 114 * sum(row[2::3])
        n += len(row) // 3
    return round(total / 1000 / n, 1) if n else None


def title_luminance(shot, ch):
    """The top row: the mean luminance of its most common colour (the bar) and of the rest (the
    title's text, anti-aliasing and all), or None where there is no text."""
    w, h, px = shot
    counts = {}
    for y in range(min(ch, h)):
        row = px[y * w * 3:(y + 1) * w * 3]
        for x in range(0, len(row), 3):
            key = row[x:x + 3]
            counts[key] = counts.get(key, 0) + 1
    bar = max(counts, key=counts.get)

    def luma(c):
        return (299 * c[0] + 587 * c[1] + 114 * c[2]) / 1000
    text = sum(luma(c) * k for c, k in counts.items() if c != bar)
    n = sum(k for c, k in counts.items() if c != bar)
    return {"bar": round(luma(bar), 1), "text": round(text / n, 1) if n else None}


def measure_greys(shot, tiles, cw, ch):
    """For each grey photo, its tile and the mean luminance of its picture (the cells the
    reference drew blocks in), and of the picture's top and bottom thirds."""
    out = {}
    for grey in GREY_NAMES:
        t = next((t for t in tiles if t.get("grey") == grey and t.get("blocks_box")), None)
        if t is None:
            out[grey] = {"tile": None}
            continue
        c0, r0, c1, r1 = t["blocks_box"]
        x0, y0, x1, y1 = c0 * cw, r0 * ch, c1 * cw, r1 * ch
        third = (y1 - y0) // 3
        out[grey] = {"tile": t["name"], "box_cells": t["blocks_box"], "box_px": [x0, y0, x1, y1],
                     "mean": mean_luminance(shot, x0, y0, x1, y1),
                     "top_third": mean_luminance(shot, x0, y0, x1, y0 + third),
                     "bottom_third": mean_luminance(shot, x0, y1 - third, x1, y1)}
    return out


def analyse(shot, lay, cols, rows, name, photos="none"):
    w, h, px = shot
    cw, ch = w // cols, h // rows
    cache, classify = classify_table()
    n = len(COLOURS)
    count = [0] * n
    sx, sy = [0] * n, [0] * n
    box = [[w, h, -1, -1] for _ in range(n)]
    cells = {}   # (col, row) -> [count per colour]
    stride = w * 3
    for y in range(h):
        row = px[y * stride:(y + 1) * stride]
        cy = min(y // ch, rows - 1)
        for x in range(0, stride, 3):
            key = row[x:x + 3]
            c = cache.get(key, -2)
            if c == -2:
                c = cache[key] = classify(key)
            if c is None:
                continue
            xx = x // 3
            count[c] += 1
            sx[c] += xx
            sy[c] += y
            b = box[c]
            if xx < b[0]: b[0] = xx
            if y < b[1]: b[1] = y
            if xx > b[2]: b[2] = xx
            if y > b[3]: b[3] = y
            cell = (min(xx // cw, cols - 1), cy)
            v = cells.get(cell)
            if v is None:
                v = cells[cell] = [0] * n
            v[c] += 1

    out = {"png": None, "window": [w, h], "cell": [cw, ch], "total_px": sum(count)}
    pw, ph = lay["picture_cells"] if lay else (0, 0)
    pic_area = pw * ph * cw * ch
    out["picture_cells"] = [pw, ph]
    out["picture_area_px"] = pic_area
    tiles = lay["tiles"] if lay else []
    text_rows = lay["text_rows"] if lay else []

    def tile_at(x, y):
        col, row = x // cw, y // ch
        for t in tiles:
            if t["left"] <= col < t["left"] + max(pw, 1) and t["band"][0] <= row < t["band"][1]:
                return t
        return None

    colours = {}
    for i, (cname, _) in enumerate(COLOURS):
        c = {"px": count[i]}
        if count[i]:
            cx, cy = sx[i] / count[i], sy[i] / count[i]
            b = box[i]
            t = tile_at(int(cx), int(cy))
            c.update({"bbox": b, "centroid": [round(cx, 1), round(cy, 1)], "tile": t["name"] if t else None,
                      "compact": (b[2] - b[0] + 1) <= pw * cw and (b[3] - b[1] + 1) <= ph * ch})
        colours[cname] = c
    out["colours"] = colours

    # Text rows: title, hint, captions, section headers (pinned or not), the viewer's lines.
    text_px = {}
    for (col, row), v in cells.items():
        if row in text_rows and sum(v):
            text_px[str(row)] = text_px.get(str(row), 0) + sum(v)
    out["text_rows"] = text_rows
    out["text_row_px"] = text_px
    out["row1_px"] = sum(sum(v) for (col, row), v in cells.items() if row == 1)

    # Slots: every band between two text rows, in every tile column; what each should hold.
    lefts = sorted(set(t["left"] for t in tiles))
    bands = []
    bounds = sorted(set(text_rows))
    for a, b in zip(bounds, bounds[1:]):
        if b - a > 1:
            bands.append((a + 1, b))
    slots = []
    for top, bottom in bands:
        for left in lefts:
            cap = next((t for t in tiles if t["left"] == left and t["band"] == [top, bottom]), None)
            if cap:
                expected, visible_rows = cap["colour"], min(ph, bottom - top)
            elif bottom == rows - 1 or bottom == max(bounds):
                expected, visible_rows = "any", 0     # cut off by the hint line: caption not visible
            else:
                expected, visible_rows = None, 0
            seen = [0] * n
            for (col, row), v in cells.items():
                if left <= col < left + max(pw, 1) and top <= row < bottom:
                    for i in range(n):
                        seen[i] += v[i]
            slots.append({"rows": [top, bottom], "cols": [left, left + pw], "caption": cap["name"] if cap else None,
                          "expected": expected, "full": bool(cap) and bottom - top >= ph,
                          "visible_area_px": pw * visible_rows * cw * ch,
                          "seen": {NAMES[i]: seen[i] for i in range(n) if seen[i]}})
    out["slots"] = slots
    # Coloured pixels outside every tile column (gutters, margins) and outside text rows.
    in_band = set()
    for left in lefts:
        in_band.update(range(left, left + pw))
    out["gutter_px"] = sum(sum(v) for (col, row), v in cells.items() if col not in in_band and row not in text_rows) if tiles else 0

    # A colour counts as present in a slot from this many pixels on (stray dithering aside).
    floor = max(8, pic_area // 200)
    mixed, wrong, empty = [], [], []
    for s in slots:
        present = [k for k, v in s["seen"].items() if v >= floor]
        label = s["caption"] or f"rows {s['rows'][0]}-{s['rows'][1] - 1} cols {s['cols'][0]}-{s['cols'][1] - 1}"
        if len(present) > 1:
            mixed.append(f"{label}: " + ", ".join(f"{k} {s['seen'][k]} px" for k in present))
        if s["expected"] not in ("any",) and any(k != s["expected"] for k in present):
            exp = s["expected"] or "no picture"
            wrong.append(f"{label} (expected {exp}): " + ", ".join(f"{k} {s['seen'][k]} px" for k in present if k != s["expected"]))
        if s["full"] and s["expected"] and s["seen"].get(s["expected"], 0) < 0.3 * s["visible_area_px"]:
            empty.append(f"{s['caption']}: {s['expected']} {s['seen'].get(s['expected'], 0)} px of {s['visible_area_px']}")
    out["mixed_slots"], out["wrong_slots"], out["empty_tiles"] = mixed, wrong, empty

    # Whole pictures, bars included: a picture drawn too low or too tall covers the caption
    # below it with its bar, which is not a test colour. Found around each tile's colour patch
    # (or each colour's, with no tiles, as in the viewer), and checked against the text rows.
    patches = []
    for s in slots:
        for k, v in s["seen"].items():
            if v >= floor:
                box = colour_box(shot, COLOURS[NAMES.index(k)][1], s["cols"][0] * cw, s["rows"][0] * ch,
                                 s["cols"][1] * cw, s["rows"][1] * ch)
                if box:
                    patches.append((s["caption"] or k, box))
    if not tiles:
        patches += [(k, colours[k]["bbox"]) for k in NAMES if colours[k]["px"] >= 0.01 * w * h]
    over = {}
    pictures = []
    for label, box in patches:
        top, bottom = letterbox(shot, box)
        pictures.append({"of": label, "colour_box": list(box), "rows_px": [top, bottom]})
        for row in text_rows:
            a, b = max(top, row * ch), min(bottom, row * ch + ch - 1)
            if a <= b and not (box[1] <= a and b <= box[3]):      # the colour itself is counted above
                over[str(row)] = over.get(str(row), 0) + (b - a + 1) * (box[2] - box[0] + 1)
    out["pictures"] = pictures
    out["bars_over_text_px"] = over

    # The six-picture checks: present (30% of a tile's picture area), compact, in its own tile,
    # in reading order.
    threshold = 0.3 * pic_area
    present = [k for k in NAMES if colours[k]["px"] >= threshold and pic_area > 0]
    own = [k for k in NAMES if colours[k].get("tile") and colour_of_file(colours[k]["tile"]) == k]
    order = [k for k in NAMES if colours[k]["px"]]
    band_index = {tuple(b): i for i, b in enumerate(bands)}

    def reading_key(k):
        t = tile_at(int(colours[k]["centroid"][0]), int(colours[k]["centroid"][1]))
        return (band_index.get(tuple(t["band"]), 99) if t else 99, colours[k]["centroid"][0])
    in_order = all(reading_key(a) < reading_key(b) for a, b in zip(order, order[1:]))

    title = out["title"] = title_luminance(shot, ch)

    largest = max(range(n), key=lambda i: count[i])
    out["largest"] = {"colour": NAMES[largest], "px": count[largest], "fraction": round(count[largest] / (w * h), 4)}
    out["checks"] = {
        # Presence is all_present's to judge: the next three look only at the colours seen.
        "all_present": len(present) == n,
        "compact": all(colours[k].get("compact") for k in order),
        "own_tiles": len(own) == len(order),
        "reading_order": in_order,
        "text_clean": not text_px and not over,
        "row1_clean": out["row1_px"] == 0,
        "no_mixed": not mixed,
        "no_gutter": out["gutter_px"] == 0,
        "no_wrong": not wrong,
        "tiles_filled": not empty and any(s["full"] for s in slots),
        "none": sum(count) == 0,
        "viewer": count[largest] >= 0.25 * w * h,
        "title_readable": title["text"] is not None and abs(title["text"] - title["bar"]) >= 60,
    }
    parts = []
    for k in NAMES:
        c = colours[k]
        if c["px"]:
            parts.append(f"{k} {c['px']} px at {c['bbox'][0]},{c['bbox'][1]}-{c['bbox'][2]},{c['bbox'][3]}"
                         f" in {c['tile'] or 'no tile'}")
        else:
            parts.append(f"{k} 0 px")
    out["summary"] = f"{name}: " + "; ".join(parts) + f" (tile picture area {pic_area} px, {pw}x{ph} cells of {cw}x{ch})"

    if photos == "greys":
        greys = out["greys"] = measure_greys(shot, tiles, cw, ch)
        white, black, gradient = greys["white"], greys["black"], greys["gradient"]
        out["checks"].update({
            "white_light": white.get("mean") is not None and white["mean"] > LIGHT,
            "black_dark": black.get("mean") is not None and black["mean"] < DARK,
            "gradient_falls": gradient.get("top_third") is not None and gradient.get("bottom_third") is not None
                              and gradient["top_third"] > gradient["bottom_third"],
        })

        def said(g):
            v = greys[g]
            if v["tile"] is None:
                return f"{g}: no tile in the reference"
            return (f"{g} ({v['tile']}, cells {v['box_cells']}): mean {v['mean']}, top third {v['top_third']},"
                    f" bottom third {v['bottom_third']}")
        out["summary"] = (f"{name}: mean luminance (0-255) of each grey picture: " + "; ".join(said(g) for g in GREY_NAMES)
                          + f" (cells of {cw}x{ch} px)")
    return out


# ---------------------------------------------------------------------------------------------

def main():
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    ap = argparse.ArgumentParser()
    ap.add_argument("--terminal", choices=["xterm", "kitty"], required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--photos", choices=["six", "many", "greys", "plasma", "edge", "none"], default="none")
    ap.add_argument("--photo-size", default="1920x1080")
    ap.add_argument("--cols", type=int, default=100)
    ap.add_argument("--rows", type=int, default=30)
    ap.add_argument("--env", action="append", default=[], help="NAME=VALUE for the program")
    ap.add_argument("--term-name", default="", help="xterm's TERM (-tn); default: what xterm sets")
    ap.add_argument("--xterm-plain", action="store_true", help="xterm as it starts by default, not as a VT340 (no sixel)")
    ap.add_argument("--timeout", type=float, default=60, help="seconds for each wait")
    ap.add_argument("--deadline", type=float, default=400, help="seconds for everything")
    ap.add_argument("--quiet", type=float, default=1.5, help="seconds without change that mean the screen has settled")
    ap.add_argument("--no-reference", action="store_true")
    ap.add_argument("--steps", required=True)
    a = ap.parse_args(argv[:split])
    program = argv[split + 1:]
    a.env = dict(e.split("=", 1) for e in a.env)
    result = {"ok": False, "terminal": a.terminal, "out": os.path.abspath(a.out), "checkpoints": {}}
    procs = Processes()
    work = tempfile.mkdtemp(prefix="gk-realterm-")
    started = time.monotonic()

    def on_signal(sig, frame):
        raise Failure(f"stopped by signal {sig}" if sig != signal.SIGALRM else f"the whole run took more than {a.deadline} s")
    for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGALRM):
        signal.signal(s, on_signal)
    signal.alarm(int(a.deadline))
    become_subreaper()
    watch_parent()
    try:
        missing = [f"{t} (apt package {APT[t]})" for t in ["Xvfb", a.terminal, "import", "convert", "xdotool", "tmux"]
                   if shutil.which(t) is None]
        if missing:
            raise Failure("missing: " + ", ".join(missing))
        if not program:
            raise Failure("no program given after --")
        os.makedirs(a.out, exist_ok=True)
        steps = parse_steps(a.steps)
        folders = make_photos(a.photos, work, a.photo_size) if a.photos != "none" else []
        args = []
        for x in program:
            args += folders if x == "{photos}" else [x]

        ref, ref_error = {}, []

        def reference():
            try:
                ref.update(reference_layout(args, a.env, a.cols, a.rows, steps, a.timeout, procs, work))
            except Exception as e:     # reported with the results
                ref_error.append(f"{type(e).__name__}: {e}")
        thread = None
        if not a.no_reference:
            thread = threading.Thread(target=reference, daemon=True)
            thread.start()

        display = start_xvfb(procs, a.timeout)
        result["display"] = display
        term, status_file, shell_pid_file = start_terminal(a, procs, display, args, work)
        wid = find_window(term.pid, display, a.timeout, term)
        result["startup_s"] = round(time.monotonic() - started, 1)
        xenv = dict(os.environ, DISPLAY=display)
        run(["xdotool", "windowfocus", "--sync", wid], env=xenv)
        shots = {}
        # The shell's process group is killed at the end: the program in it outlives its terminal.
        procs.groups.append(int(wait_for_file(shell_pid_file, a.timeout, "the wrapper shell to write its pid")))
        program = None

        def look():
            return screenshot(wid, display)
        try:
            for kind, arg in steps:
                if kind == "key":
                    if program is None:
                        program = Program(shell_pid_file, args[0], a.timeout, a.terminal)
                    t0 = time.monotonic()
                    press(arg, lambda: run(["xdotool", "key", "--clearmodifiers", arg], env=xenv), look, program,
                          a.timeout, a.terminal)
                    log(f"{a.terminal}: key {arg} taken in {time.monotonic() - t0:.2f} s")
                elif kind == "exit":
                    status = wait_for_file(status_file, a.timeout, "the program to exit")
                    result["exit_status"] = int(status or -1)
                elif kind == "shot":
                    shot, took = settle(wid, display, a.timeout, arg, a.quiet)
                    if arg in awaits:
                        shot, took = await_picture(shot, took, wid, display, a, arg)
                    base = os.path.join(a.out, arg)
                    write_ppm(base + ".ppm", shot)
                    subprocess.run(["convert", base + ".ppm", base + ".png"], timeout=60)
                    shots[arg] = (shot, round(took, 1))
                    log(f"{a.terminal}: {arg} settled in {took:.1f} s")
        finally:
            if program:
                program.close()
        if thread:
            log("waiting for the tmux reference")
            thread.join(max(1, a.deadline - (time.monotonic() - started)))
            if thread.is_alive():
                raise Failure(f"the tmux reference had not finished when the run's {a.deadline:g} s were over")
        if ref_error:
            raise Failure("the tmux reference failed: " + ref_error[0])
        for name, (shot, took) in shots.items():
            lay = ref.get(name)
            cp = analyse(shot, lay, a.cols, a.rows, name, a.photos)
            cp["png"] = os.path.join(result["out"], name + ".png")
            cp["settled_s"] = took
            if lay:
                cp["reference_text"] = lay["text"]
                with open(os.path.join(a.out, name + ".reference.txt"), "w") as f:
                    f.write("\n".join(lay["text"]) + "\n")
            result["checkpoints"][name] = cp
        result["ok"] = True
        result["error"] = None
    except Failure as e:
        result["error"] = str(e)
    except Exception as e:
        result["error"] = f"{type(e).__name__}: {e}"
    finally:
        signal.alarm(0)
        for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(s, signal.SIG_IGN)
        left = procs.stop_all()
        shutil.rmtree(work, ignore_errors=True)
        if left:
            result["ok"] = False
            result["error"] = (result["error"] + "; " if result.get("error") else "") + \
                f"processes left behind, still there 10 s after SIGKILL: {left}"
    try:
        with open(os.path.join(a.out, "terminal.log"), "rb") as f:
            lines = f.read().decode("utf-8", "replace").splitlines()
        result["terminal_log"] = lines[:3] + ([f"... {len(lines) - 6} more lines"] if len(lines) > 6 else []) + lines[max(3, len(lines) - 3):]
    except OSError:
        pass
    result["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(result), flush=True)
    sys.exit(0 if result["ok"] else 1)


if __name__ == "__main__":
    main()
