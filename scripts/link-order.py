#!/usr/bin/env python3
"""The order in which griddemo's release build lays out the functions a key runs.

    python3 scripts/link-order.py [--map LINK.map] DUMP... > scripts/griddemo.order

Each DUMP is a callgrind dump of keys (`scripts/keyfootprint.py --save DUMP`). Prints the
functions of griddemo (not of the shared libraries) that ran, callers before their callees: a
walk of each dump's call graph from its roots, the costlier callee first; a later dump adds the
functions the earlier ones did not run. `scripts/link-order.sh` runs it all.

Why: between two keys a shared machine's other work empties the processor's caches, and the
next key fetches its code again, line by line, from wherever the linker put it: about 2,500
lines of 64 bytes spread over some 280 pages of a 16 MB text. Laid out together, in roughly the
order they run, the same functions take about 130 pages and their lines come in runs (the
photo grid's own time a key went from 296 to 266 µs in interleaved runs on a 2-core EPYC
virtual machine; see the Performance article).

--map takes the linker's map of a build with functions in sections of their own (`-Map`): a
function that shares its section with others (the Swift standard library's main text is one
1.5 MB section) is left out, as placing it would drag the whole section into the hot run. The
linker places every symbol of a name, so a name is judged by its largest section: a local name
such as Optional's value witnesses (`$sSqwxx`) has a section of its own in our objects and a
place in the standard library's big ones too.
"""
import collections
import re
import sys

from callgrind_dump import records

BIGGEST_SECTION = 64 * 1024


def symbol(name):
    """The linked name of a callgrind function: without the '2 it adds to a recursive call's."""
    return re.sub(r"'\d+$", "", name)


def read_dump(path, binary="griddemo"):
    """(functions of the binary with their own cost, calls as caller -> callee -> inclusive cost)."""
    objects = {}
    own = collections.Counter()
    calls = collections.defaultdict(collections.Counter)
    obj = current = callee = callee_obj = None
    call_next = False
    for record in records(path):
        key = record[0]
        if key == "ob":
            obj = record[1]
        elif key == "cob":
            callee_obj = record[1]
        elif key == "fn":
            current, callee_obj = symbol(record[1]), None
            objects[current] = obj
        elif key == "cfn":
            callee = symbol(record[1])
            objects.setdefault(callee, callee_obj or obj)
            callee_obj = None  # a cob= names the object of the one call after it
        elif key == "calls":
            call_next = True
        elif key == "cost" and current:
            cost = record[2] or 0
            if call_next:
                calls[current][callee] += cost
                call_next = False
            else:
                own[current] += cost
    ours = {f for f, o in objects.items() if o and o.rsplit("/", 1)[-1].startswith(binary)}
    return ours, own, calls


def walk(own, calls):
    """Every function reached, depth first from the roots, the costliest callee first."""
    funcs = set(own) | set(calls) | {c for cs in calls.values() for c in cs}
    called = {c for cs in calls.values() for c in cs}
    inclusive = {f: own[f] + sum(calls[f].values()) for f in funcs}
    order, seen = [], set()
    for root in sorted(funcs - called, key=lambda f: -inclusive[f]) + sorted(funcs, key=lambda f: -inclusive[f]):
        stack = [root]
        while stack:
            f = stack.pop()
            if f in seen:
                continue
            seen.add(f)
            order.append(f)
            stack.extend(sorted(calls[f], key=lambda c: calls[f][c]))
    return order


def section_sizes(path):
    """Symbol -> size of the largest input section holding that name, from an ld.lld map."""
    sizes, size = {}, None
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 5 and ":(" in parts[4]:
                size = int(parts[2], 16)
            elif len(parts) == 5 and size is not None and not parts[4].startswith("."):
                sizes[parts[4]] = max(size, sizes.get(parts[4], 0))
    return sizes


def main():
    argv = sys.argv[1:]
    sizes = {}
    if argv[:1] == ["--map"] and len(argv) > 1:
        sizes = section_sizes(argv[1])
        argv = argv[2:]
    if not argv:
        sys.exit(__doc__)
    printed = set()
    for dump in argv:
        ours, own, calls = read_dump(dump)
        for f in walk(own, calls):
            # Valgrind's own names ("(below main)") and bare addresses (code without a
            # symbol) are no symbols.
            named = " " not in f and not re.fullmatch(r"0x[0-9a-fA-F]+", f)
            if f in ours and f not in printed and named and sizes.get(f, 0) <= BIGGEST_SECTION:
                printed.add(f)
                print(f)


if __name__ == "__main__":
    main()
