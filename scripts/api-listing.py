"""Turns swift-api-digester's JSON dump of a module (stdin) into a sorted, readable list of its
public declarations: one line each, with its kind, its path, its type (return type first, then
the parameters'), and the protocols a type conforms to. What `make api` compares."""
import json
import sys

root = json.load(sys.stdin)["ABIRoot"]
lines = []


def types(node):
    return [c.get("printedName", "") for c in node.get("children", []) if c.get("kind", "").startswith("Type")]


def walk(node, path):
    kind = node.get("kind")
    if kind in ("Import", None) or kind.startswith("Type") and kind != "TypeDecl" and kind != "TypeAlias":
        return
    if node.get("isInternal"):  # package access: for this package's own targets, not the API
        return
    name = node.get("printedName", "")
    here = f"{path}.{name}" if path else name
    decl = node.get("declKind", kind)
    extra = ""
    if kind == "TypeDecl":
        conformances = sorted(c.get("printedName", "") for c in node.get("conformances", []))
        extra = (" : " + ", ".join(conformances)) if conformances else ""
    else:
        sig = types(node)
        if sig:
            extra = " -> " + sig[0] + (" (" + ", ".join(sig[1:]) + ")" if len(sig) > 1 else "")
    flags = [f for f in ("static", "isOpen", "isLet", "mutating", "throwing") if node.get(f)]
    attributes = sorted(a for a in node.get("declAttributes", []) if a in ("MainActor", "Final", "Dynamic", "Inlinable", "DiscardableResult"))
    lines.append(f"{decl} {here}{extra}" + (" [" + " ".join(flags + attributes) + "]" if flags or attributes else ""))
    for c in node.get("children", []):
        if not c.get("kind", "").startswith("Type") or c.get("kind") in ("TypeDecl", "TypeAlias"):
            walk(c, here)


for child in root.get("children", []):
    walk(child, "")
print("\n".join(sorted(set(lines))))
