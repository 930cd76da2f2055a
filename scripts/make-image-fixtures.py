"""Writes the image fixtures under Tests/DemosTests/Fixtures/images (needs Pillow).

Each image is a known pattern, so tests can check pixels after decoding: the left half red,
the right half blue, 64x32 (wider than tall, so a rotation is visible)."""
import io
import os
import struct
import zlib

from PIL import Image

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "DemosTests", "Fixtures", "images")
os.makedirs(OUT, exist_ok=True)


def pattern(mode="RGB", w=64, h=32):
    img = Image.new("RGB", (w, h))
    for y in range(h):
        for x in range(w):
            img.putpixel((x, y), (220, 30, 30) if x < w // 2 else (30, 30, 220))
    return img.convert(mode) if mode != "RGB" else img


def save(name, img, **kw):
    img.save(os.path.join(OUT, name), **kw)


save("rgb.png", pattern())
save("grey.png", pattern("L"))
save("palette.png", pattern("P"))
rgba = pattern("RGBA")
rgba.putalpha(128)
save("alpha.png", rgba)
save("interlaced.png", pattern(), interlace=1)
save("rgb.jpg", pattern(), quality=92)
save("progressive.jpg", pattern(), quality=92, progressive=True)
save("grey.jpg", pattern("L"), quality=92)
save("cmyk.jpg", pattern("CMYK"), quality=92)
save("large.jpg", pattern(w=1920, h=1080), quality=85)

# 16-bit RGB PNG written by hand (Pillow writes 16-bit only for greyscale).
w, h = 64, 32
rows = b""
for y in range(h):
    rows += b"\x00" + b"".join(struct.pack(">HHH", *((56000, 7000, 7000) if x < w // 2 else (7000, 7000, 56000))) for x in range(w))
def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
png16 = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 16, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
open(os.path.join(OUT, "rgb16.png"), "wb").write(png16)

# EXIF orientation 6 (rotate 90° clockwise to view): stored 64x32, shown 32x64 with red on top.
exif = Image.Exif()
exif[0x0112] = 6
save("exif-rotated.jpg", pattern(), quality=92, exif=exif.tobytes())

good_jpeg = open(os.path.join(OUT, "rgb.jpg"), "rb").read()
open(os.path.join(OUT, "truncated-header.jpg"), "wb").write(good_jpeg[: len(good_jpeg) // 3])
large = open(os.path.join(OUT, "large.jpg"), "rb").read()
open(os.path.join(OUT, "truncated.jpg"), "wb").write(large[: len(large) * 6 // 10])
good_png = open(os.path.join(OUT, "rgb.png"), "rb").read()
open(os.path.join(OUT, "truncated.png"), "wb").write(good_png[: len(good_png) - 30])
open(os.path.join(OUT, "garbage.jpg"), "wb").write(bytes((i * 37 + 11) % 256 for i in range(3000)))
open(os.path.join(OUT, "not-an-image.png"), "wb").write(b"hello, I am text\n")
