"""Cuts a stretch of griddemo's output (ptybench's --raw-out, argv[1]) into a file (argv[2]) for the
floor program to answer keys with: bytes of the same kind as a frame's, for the harness to read.
Taken from the middle (frames of keys, not the start's queries), from an escape on, with every
sequence that asks the terminal something or sets a mode removed: the harness would answer or
follow those, and the floor would read the answers as keys."""
import re
import sys

raw = open(sys.argv[1], "rb").read()
middle = raw[len(raw) // 3 : len(raw) // 3 + 262144]
start = middle.find(b"\x1b[")
cut = middle[max(0, start) :]
# Device queries (DA, DSR/CPR, XTVERSION, window sizes) and private modes (ESC [ ? … h/l).
cut = re.sub(rb"\x1b\[[?>=]?[0-9;]*[cnthl]", b"", cut)
cut = re.sub(rb"\x1b[P\]_][^\x1b\x07]*(\x1b\\\\|\x07)?", b"", cut)
if len(cut) < 4096:
    sys.exit("framebytes: too little output to cut from")
open(sys.argv[2], "wb").write(cut)
