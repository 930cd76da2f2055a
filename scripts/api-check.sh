#!/usr/bin/env bash
# The public API of the library products, checked against the baseline in api/: any change,
# added or removed, fails until it is recorded on purpose with `make api-baseline`.
#   scripts/api-check.sh          compare (make api, run by make test)
#   scripts/api-check.sh update   record the current API as the baseline
set -euo pipefail
cd "$(dirname "$0")/.."
modules="GridKit GridKitTerminal GridKitTesting"
digester=$(dirname "$(readlink -f "$(command -v swift)")")/swift-api-digester
[ -x "$digester" ] || { echo "api: swift-api-digester not found next to swift ($digester)" >&2; exit 1; }
for m in $modules; do swift build --target "$m" >/dev/null; done
bin=$(swift build --show-bin-path)
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
maps=()
for c in CNcurses CZlib CImageCodecs; do maps+=(-Xcc "-fmodule-map-file=$bin/$c.build/module.modulemap"); done
out=.build/api
mkdir -p "$out"
status=0
for m in $modules; do
  "$digester" -dump-sdk -module "$m" -I "$bin/Modules" -I "$bin" -target "$triple" -avoid-location -avoid-tool-args \
    "${maps[@]}" -o "$out/$m.json"
  python3 scripts/api-listing.py < "$out/$m.json" > "$out/$m.txt"
  if [ "${1:-}" = update ]; then
    cp "$out/$m.txt" "api/$m.txt"
  elif ! diff -u "api/$m.txt" "$out/$m.txt" > "$out/$m.diff"; then
    echo "api: the public API of $m changed (- baseline, + now):" >&2
    grep '^[-+][^-+]' "$out/$m.diff" | head -40 >&2
    status=1
  fi
done
[ $status = 0 ] || echo "api: if the change is intended, record it with 'make api-baseline' and commit api/" >&2
[ "${1:-}" = update ] && echo "api: baseline recorded in api/" || [ $status = 0 ] && echo "api: ok"
exit $status
