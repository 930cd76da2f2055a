#!/usr/bin/env bash
# Makes scripts/griddemo.order again: the functions a key runs in griddemo, in the order the
# release build lays them out (`make link-order`; see scripts/link-order.py for why). Counts the
# keys with callgrind on the two paths the goals name: the photo grid of 200 1080p JPEGs (a
# thumbnail cache filled first) and the million-item list. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${APP_FLAGS:?run it as make link-order, which passes the build flags of make demo}"
swift=${SWIFT:-swift}
if ! command -v valgrind >/dev/null || ! command -v callgrind_control >/dev/null; then
  echo "link-order: valgrind not found (apt-get install valgrind)" >&2
  exit 1
fi
read -r -a flags <<<"$APP_FLAGS"
tmp=$(mktemp -d /tmp/gridkit-order-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
# The build as `make demo` makes it, with the linker's map (names as linked): which functions
# share a section.
$swift build "${flags[@]}" --product griddemo -Xlinker "-Map=$tmp/griddemo.map" -Xlinker --no-demangle
bin=$($swift build "${flags[@]}" --show-bin-path)/griddemo
$swift build -c release --product gridbench
photos=$("$($swift build -c release --show-bin-path)/gridbench" write-jpegs 200)
export XDG_CACHE_HOME="$tmp/cache"
keys='down*30,pgdn*5,up*30'
python3 scripts/ptybench.py --quiet --cols 120 --rows 40 --keys "$keys" --ready-regex Photos -- \
  "$bin" photos --view grid "$photos" >/dev/null
python3 scripts/keyfootprint.py --keys "$keys" --gap 150 --main-thread --save "$tmp/photos.out" \
  "$bin" photos --view grid "$photos"
python3 scripts/keyfootprint.py --main-thread --save "$tmp/list.out" "$bin"
python3 scripts/link-order.py --map "$tmp/griddemo.map" "$tmp/photos.out" "$tmp/list.out" >"$tmp/order"
# Only a whole order replaces the old one; the binary laid out by the old one goes.
mv "$tmp/order" scripts/griddemo.order
rm -f "$bin"
echo "link-order: $(wc -l <scripts/griddemo.order) functions in scripts/griddemo.order; make demo links by it"
