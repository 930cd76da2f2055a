"""Reading a callgrind dump, for the scripts that do (keyfootprint.py, link-order.py).

Callgrind compresses names: "(12) name" gives a name its number the first time, "(12)" alone
refers to it after, numbered apart for each kind (ob= and cob= share one, fn= and cfn= another).
A cost line starts with as many positions as the "positions:" line names (an instruction
address, a source line), each absolute (0x…), relative (+n, -n) or the same as before (*), and
then the costs, the first event (Ir) first; the cost line after a calls= line is the call's
inclusive cost."""
import re

_REF = re.compile(r"\((\d+)\)(?: (.*))?")
_NAMED = {"ob": "ob", "cob": "ob", "fn": "fn", "cfn": "fn"}


def records(path):
    """Yields (key, name) for ob=, cob=, fn= and cfn= lines with the name uncompressed,
    ("calls", None) for a calls= line, and ("cost", first position, first cost or None) for a
    cost line."""
    names, npos = {}, 1
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("positions:"):
                npos = len(line.split()) - 1
                continue
            key, eq, value = line.partition("=")
            if eq and key in _NAMED:
                m = _REF.match(value)
                if m:
                    if m.group(2):
                        names[(_NAMED[key], m.group(1))] = m.group(2)
                    value = names.get((_NAMED[key], m.group(1)), value)
                yield key, value
            elif eq and key == "calls":
                yield "calls", None
            elif line and line[0] in "0123456789+-*":
                parts = line.split()
                yield "cost", parts[0], int(parts[npos]) if len(parts) > npos else None
