#!/usr/bin/env bash
# Builds the DocC catalog (Sources/GridKit/GridKit.docc) offline with the toolchain's own docc,
# and fails on any warning: a symbol link that does not resolve, an article that does not exist.
#
#   1. build the GridKit module (debug, as `swift build` does: nothing is rebuilt when it is current)
#   2. extract its public symbol graph from the built module (swift symbolgraph-extract)
#   3. docc convert the catalog with that symbol graph, --warnings-as-errors
#
# It also checks what docc cannot: no link in the catalog leaves the repository, and Getting
# Started shows the same program as Examples/FruitGrid (the README's).
# No SwiftPM plugin and no network: everything comes from the toolchain next to `swift`.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
catalog=Sources/GridKit/GridKit.docc
out=.build/docs
graphs=$out/symbol-graphs

# docc ships next to swift in the toolchain (there is no xcrun on Linux).
docc=${DOCC:-}
if [ -z "$docc" ]; then
  swift_path=$(command -v "$SWIFT" || true)
  if [ -n "$swift_path" ] && [ -x "$(dirname "$(readlink -f "$swift_path")")/docc" ]; then
    docc="$(dirname "$(readlink -f "$swift_path")")/docc"
  else
    docc=$(command -v docc || true)
  fi
fi
[ -n "$docc" ] && [ -x "$docc" ] || { echo "docs: docc not found next to $SWIFT nor on PATH (set DOCC=/path/to/docc)" >&2; exit 1; }

# Links that leave the repository: none, in the catalog.
if grep -rnE 'https?://' "$catalog"; then
  echo "docs: the catalog links outside the repository (above); link to an article or a symbol instead" >&2
  exit 1
fi

# Getting Started's program is the README's, character for character.
program=$(awk '/^```swift$/ { inside = 1; next } inside && /^```$/ { exit } inside { print }' "$catalog/GettingStarted.md")
if [ "$program" != "$(cat Examples/FruitGrid/Sources/FruitGrid/main.swift)" ]; then
  echo "docs: the first swift block of $catalog/GettingStarted.md differs from Examples/FruitGrid/Sources/FruitGrid/main.swift" >&2
  exit 1
fi

"$SWIFT" build --target GridKit
bin=$("$SWIFT" build --show-bin-path)
triple=$("$SWIFT" -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
rm -rf "$graphs"
mkdir -p "$graphs"
"$SWIFT" symbolgraph-extract -module-name GridKit -target "$triple" -I "$bin/Modules" -I "$bin" \
  -minimum-access-level public -output-dir "$graphs"
"$docc" convert "$catalog" --additional-symbol-graph-dir "$graphs" --output-path "$out/GridKit.doccarchive" \
  --fallback-display-name GridKit --fallback-bundle-identifier gridkit.GridKit --warnings-as-errors
echo "docs: $out/GridKit.doccarchive"

# GridKitTesting's symbol pages, from its own small catalog.
"$SWIFT" build --target GridKitTesting
testing_graphs=$out/testing-symbol-graphs
rm -rf "$testing_graphs"
mkdir -p "$testing_graphs"
"$SWIFT" symbolgraph-extract -module-name GridKitTesting -target "$triple" -I "$bin/Modules" -I "$bin" \
  -minimum-access-level public -output-dir "$testing_graphs"
"$docc" convert Sources/GridKitTesting/GridKitTesting.docc --additional-symbol-graph-dir "$testing_graphs" \
  --output-path "$out/GridKitTesting.doccarchive" --fallback-display-name GridKitTesting \
  --fallback-bundle-identifier gridkit.GridKitTesting --warnings-as-errors
echo "docs: $out/GridKitTesting.doccarchive"
