#!/usr/bin/env python3
"""Checks a thumbnail cache against the freedesktop.org Thumbnail Managing Standard, and that a
run wrote nowhere else.

    thumbcheck.py CACHE_HOME PHOTO_ROOT PHOTOS_BEFORE

CACHE_HOME is the run's $XDG_CACHE_HOME; PHOTO_ROOT the folder the photos were shown from, and
PHOTOS_BEFORE how many files it held before the run. Prints one line: the thumbnails found per
flavour and `standard ok`, or what is wrong (and exits 1).
"""
import hashlib, os, struct, sys, urllib.parse

SIZES = {"normal": 128, "large": 256, "x-large": 512, "xx-large": 1024}

def chunks(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    i, text, size = 8, {}, None
    while i + 12 <= len(data):
        n = struct.unpack(">I", data[i:i + 4])[0]
        kind, body = data[i + 4:i + 8], data[i + 8:i + 8 + n]
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        elif kind == b"tEXt":
            k, _, v = body.partition(b"\0")
            text[k.decode("latin-1")] = v.decode("latin-1")
        i += 12 + n
    return size, text

def main():
    cache, root, before = sys.argv[1], sys.argv[2], int(sys.argv[3])
    problems, counts = [], {}
    outside = [d for d in os.listdir(cache) if d != "thumbnails"]
    if outside:
        problems.append(f"written outside thumbnails/: {outside}")
    after = sum(len(f) for _, _, f in os.walk(root))
    if after != before:
        problems.append(f"the photo folder changed: {before} files before, {after} after")
    for dirpath, _, files in os.walk(os.path.join(cache, "thumbnails")):
        flavour = os.path.relpath(dirpath, os.path.join(cache, "thumbnails"))
        for name in files:
            path = os.path.join(dirpath, name)
            if flavour not in SIZES and flavour != "fail/gridkit-1":
                problems.append(f"{path}: not in a flavour folder")
                continue
            if os.stat(path).st_mode & 0o777 != 0o600:
                problems.append(f"{path}: mode {oct(os.stat(path).st_mode & 0o777)}, not 0600")
            (w, h), text = chunks(open(path, "rb").read())
            uri = text.get("Thumb::URI", "")
            if name != hashlib.md5(uri.encode()).hexdigest() + ".png":
                problems.append(f"{path}: name is not the MD5 of {uri!r}")
            original = urllib.parse.unquote_to_bytes(uri[len("file://"):]) if uri.startswith("file://") else None
            # The URI must be the one GLib (and so file managers) writes for that path, or the
            # cache is not shared: its escaping keeps letters, digits and !$&'()*+,-./:=@_~.
            if original is not None and uri != "file://" + urllib.parse.quote(original, safe="/!$&'()*+,-.:=@_~"):
                problems.append(f"{path}: {uri!r} is not escaped as GLib escapes it")
            if original is None or not os.path.exists(original):
                problems.append(f"{path}: Thumb::URI {uri!r} names no file")
                continue
            if text.get("Thumb::MTime") != str(int(os.stat(original).st_mtime)):
                problems.append(f"{path}: Thumb::MTime is not the file's")
            if "Thumb::Size" in text and text["Thumb::Size"] != str(os.stat(original).st_size):
                problems.append(f"{path}: Thumb::Size is not the file's")
            if flavour in SIZES and max(w, h) > SIZES[flavour]:
                problems.append(f"{path}: {w}×{h} is larger than {flavour}")
            counts[flavour] = counts.get(flavour, 0) + 1
    found = ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "none"
    if problems:
        print(f"thumbnails: {found}; {len(problems)} problems:")
        for p in problems[:10]:
            print("  " + p)
        sys.exit(1)
    print(f"thumbnails: {found}; standard ok, nothing written outside $XDG_CACHE_HOME/thumbnails or into the photos")

main()
