#!/usr/bin/env bash
# Measures griddemo from outside with scripts/ptybench.py: first paint, per-key latency and
# bytes, peak memory, in a 120×40 pty. `less` on a million lines and a program that only answers
# keys (keyfloor.c) run beside it in the same minutes, for scale: this machine's noise moves every
# figure, so compare figures from one run of this script only.
set -u
bin=${1:?usage: ptybench.sh PATH/TO/griddemo [PATH/TO/gridbench]}
bench=${2:-$(dirname "$bin")/gridbench}
tool=$(dirname "$0")/ptybench.py
if ! command -v python3 >/dev/null; then
  echo "ptybench: python3 not found; skipping the outside measurement"
  exit 0
fi
run() {
  local label=$1; shift
  python3 "$tool" --quiet --label "$label" --cols 120 --rows 40 --keys 'down*100,pgdn*10,up*50,end,home' "$@" |
    python3 "$(dirname "$0")/ptysummary.py"
}
echo ""
echo "ptybench (outside, 120×40 pty, keys down*100,pgdn*10,up*50,end,home):"
floor=$(mktemp /tmp/gridkit-keyfloor-XXXXXX)
trap 'rm -f "$floor"' EXIT
if cc -O2 -o "$floor" "$(dirname "$0")/keyfloor.c" 2>/dev/null; then
  run "floor (read key, write 65 B)" --ready-regex 'Item' -- "$floor"
else
  floor=
fi
run "numbers 1M list" --ready-regex 'Item' -- "$bin" numbers --count 1000000 --layout list
# The reference: less on a million numbered lines, the same keys (no history file, no options).
if command -v less >/dev/null; then
  lines=$(mktemp /tmp/gridkit-lines-XXXXXX)
  seq 1000000 >"$lines"
  run "less, 1M lines" --env LESS= --env LESSHISTFILE=- --env LESSOPEN= --ready-regex '39' -- less "$lines"
  rm -f "$lines"
fi
run "numbers 1M grid" --ready-regex 'Section' -- "$bin" numbers --count 1000000 --layout grid
# The same tiles placed by CompositionalLayout: the goal is within 1.5× of the flow grid above.
run "numbers 1M composed" --ready-regex 'Section' -- "$bin" numbers --count 1000000 --layout compositional

contacts=$(mktemp /tmp/gridkit-contacts-XXXXXX.vcf)
"$bench" write-contacts "$contacts" 100000
run "contacts 100k, screen" --ready-regex 'Reading contacts' -- "$bin" contacts "$contacts"
# The count in the title: what changed in it is written, the space before the dot maybe skipped.
run "contacts 100k, list" --ready-regex '100,000.{1,3}· list' -- "$bin" contacts "$contacts"
rm -f "$contacts"

vdir=$(mktemp -d /tmp/gridkit-vdir-XXXXXX)
"$bench" write-vdir "$vdir" 20000
run "contacts 20k-file vdir" --ready-regex '20,000.{1,3}· list' -- "$bin" contacts "$vdir"
rm -rf "$vdir"

photos=$("$bench" write-jpegs 200)
# With a thumbnail cache of its own: the first visit decodes the 1080p JPEGs while the keys
# come (their thumbnails land in the keys' answers), the second reads the cache as a visit
# after the first does. Then the floor program answers the same keys with the second visit's
# own frames, each key as many bytes as griddemo sent for it: the difference of the medians is
# griddemo's own work (the goal: within 0.15 ms). Each visit once as the keys come in the other
# rows, 30 ms apart, and once 3 ms apart: a key that comes after 30 ms of nothing finds what it
# needs gone from the processor's caches (on a shared machine most of all), one 3 ms after the
# last finds most of it still there; the floor touches too little to mind. At 3 ms a thumbnail
# that lands inside an answer's quiet is counted in it (its bytes per Down show it): read the
# 30 ms rows for a key alone.
cache1080=$(mktemp -d /tmp/gridkit-xdg-XXXXXX)
cachedirect=$(mktemp -d /tmp/gridkit-xdg-XXXXXX)
raw=$(mktemp /tmp/gridkit-raw-XXXXXX.bin)
perkey=$(mktemp /tmp/gridkit-perkey-XXXXXX.json)
frames=$(mktemp /tmp/gridkit-frames-XXXXXX.bin)
sizes=$(mktemp /tmp/gridkit-sizes-XXXXXX.txt)
steps=$(mktemp /tmp/gridkit-steps-XXXXXX.tsv)
# griddemo's own time a key, from reading it to writing its frame, read off the system calls of
# the thread that answers keys (scripts/keytime.py) where `perf trace` works: what the floor rows
# estimate from outside, through wake-ups and a harness that move more from run to run.
trace=
if command -v perf >/dev/null && perf trace -e read -o /dev/null -- true >/dev/null 2>&1; then
  trace=$(mktemp /tmp/gridkit-trace-XXXXXX.txt)
fi
# The rows in 256 colours (as the pty's TERM has it), then in direct colour (goal: at most
# 1.5× the bytes per Down of 256 colours), each with a cache of its own.
for colors in 256 direct; do
  cache=$cache1080 name="photos 200×1080p" envs=()
  [ "$colors" = direct ] && cache=$cachedirect name="photos 200×1080p direct" envs=(--env GRIDKIT_COLORS=direct)
  for visit in "first visit" "second visit" "third visit, keys 3 ms apart"; do
    quiet=30
    [ "$visit" = "third visit, keys 3 ms apart" ] && quiet=3
    # The second visit also times the steps of each key's frame in the process (FrameSteps).
    stepsenv=()
    [ "$visit" = "second visit" ] && stepsenv=(--env "GRIDKIT_FRAME_STEPS=$steps") && : >"$steps"
    python3 "$tool" --quiet --label "$name, $visit" --cols 120 --rows 40 --keys 'down*30,pgdn*5,up*30' \
      --key-quiet "$quiet" --env "XDG_CACHE_HOME=$cache" "${envs[@]}" "${stepsenv[@]}" --ready-regex 'Photos' \
      --raw-out "$raw" --per-key "$perkey" -- "$bin" photos --view grid "$photos" |
      python3 "$(dirname "$0")/ptysummary.py" "$perkey"
    [ "$visit" = "second visit" ] && [ -s "$steps" ] &&
      python3 "$(dirname "$0")/framesteps.py" "$steps" "  its frames' steps"
    [ "$visit" = "first visit" ] || [ -z "$floor" ] && continue
    python3 -c 'import json, sys; print("\n".join(str(k["bytes"]) for k in json.load(open(sys.argv[1]))))' "$perkey" >"$sizes"
    python3 "$(dirname "$0")/framebytes.py" "$raw" "$frames" &&
      python3 "$tool" --quiet --label "  floor, same bytes" --cols 120 --rows 40 --keys 'down*30,pgdn*5,up*30' \
        --key-quiet "$quiet" --ready-regex 'Item' --per-key "$perkey" -- "$floor" 1 "$frames" "$sizes" |
      python3 "$(dirname "$0")/ptysummary.py" "$perkey"
  done
  # A fourth visit, keys 30 ms apart again, traced.
  [ -n "$trace" ] || continue
  python3 "$tool" --quiet --label "$name, traced" --cols 120 --rows 40 --keys 'down*30,pgdn*5,up*30' \
    --key-quiet 30 --env "XDG_CACHE_HOME=$cache" "${envs[@]}" --ready-regex 'Photos' -- \
    perf trace -e read,write -o "$trace" "$bin" photos --view grid "$photos" >/dev/null &&
    python3 "$(dirname "$0")/keytime.py" "$trace" "$name, fourth visit: own time, perf trace"
done
rm -rf "$cachedirect" "$raw" "$perkey" "$frames" "$sizes" "$steps" $trace

# A library the size of a real one, without and with the desktop's shared thumbnail cache (a
# cache folder of its own, checked against the standard afterwards). First paint is the first
# frame with a photo's tile; then how long until that screenful of thumbnails is drawn.
echo ""
echo "a photo library (20 folders × 1,000 JPEGs of 800×600, 120×40, half blocks, keys down*60,pgdn*10,up*20,end,home):"
library=$("$bench" write-library 20 1000)
cachehome=$(mktemp -d /tmp/gridkit-xdg-XXXXXX)
timeline=$(mktemp /tmp/gridkit-timeline-XXXXXX.json)
raw=$(mktemp /tmp/gridkit-raw-XXXXXX.bin)
perkey=$(mktemp /tmp/gridkit-perkey-XXXXXX.json)
summary=$(mktemp /tmp/gridkit-summary-XXXXXX.json)
before=$(find "$library" -type f | wc -l)
for visit in "no shared cache" "first visit" "second visit"; do
  nocache=()
  [ "$visit" = "no shared cache" ] && nocache=(--env GRIDKIT_NO_THUMBNAIL_CACHE=1)
  python3 "$tool" --quiet --label "$visit" --cols 120 --rows 40 --env GRIDKIT_GRAPHICS=blocks --env "XDG_CACHE_HOME=$cachehome" \
    "${nocache[@]}" --keys 'down*60,pgdn*10,up*20,end,home' --ready-regex 'IMG_0000' --timeline "$timeline" --raw-out "$raw" \
    --per-key "$perkey" -- "$bin" photos --view grid "$library" >"$summary"
  python3 "$(dirname "$0")/ptysummary.py" "$perkey" <"$summary"
  read -r frame screenful < <(python3 "$(dirname "$0")/firstscreen.py" "$timeline" "$raw" IMG_0000)
  echo "                       the first frame with a photo at $frame ms (first paint above: until 150 ms of quiet, the walk's last count on the title in it); a screenful of thumbnails drawn $screenful ms after it"
done
# What the pty alone costs for a key that sends as many bytes as the last run's Downs: the floor
# program writing that many. The difference to the library's median is griddemo's own work. The
# harness reads escape sequences slower than letters (its scan for queries), so the floor also
# answers with bytes cut from the last run's frames: for the Downs' size, a Page Down's, and
# each key as many as griddemo answered it with in the last run (its median and p95 are what
# any program sending those frames would read here).
segment_bytes() {
  python3 -c 'import json, sys; d = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1]); print(int(next(s for s in d["segments"] if s["spec"].startswith(sys.argv[2]))["bytes"]["median"]))' "$summary" "$1"
}
bytes=$(segment_bytes down)
pagebytes=$(segment_bytes pgdn)
frames=$(mktemp /tmp/gridkit-frames-XXXXXX.bin)
sizes=$(mktemp /tmp/gridkit-sizes-XXXXXX.txt)
python3 -c 'import json, sys; print("\n".join(str(k["bytes"]) for k in json.load(open(sys.argv[1]))))' "$perkey" >"$sizes"
if [ -n "$floor" ] && [ -n "$bytes" ]; then
  python3 "$tool" --quiet --label "floor, $bytes B a key" --cols 120 --rows 40 --keys 'down*60,pgdn*10,up*20,end,home' \
    --ready-regex 'Item' --per-key "$perkey" -- "$floor" "$bytes" | python3 "$(dirname "$0")/ptysummary.py" "$perkey"
  if python3 "$(dirname "$0")/framebytes.py" "$raw" "$frames"; then
    for n in $bytes $pagebytes; do
      python3 "$tool" --quiet --label "floor, $n B of frames" --cols 120 --rows 40 --keys 'down*60,pgdn*10,up*20,end,home' \
        --ready-regex 'Item' --per-key "$perkey" -- "$floor" "$n" "$frames" | python3 "$(dirname "$0")/ptysummary.py" "$perkey"
    done
    python3 "$tool" --quiet --label "floor, each key's bytes" --cols 120 --rows 40 --keys 'down*60,pgdn*10,up*20,end,home' \
      --ready-regex 'Item' --per-key "$perkey" -- "$floor" 1 "$frames" "$sizes" | python3 "$(dirname "$0")/ptysummary.py" "$perkey"
  fi
fi
rm -f "$perkey" "$summary"
# Albums on the same library, cache warm: along a row (each key scrolls it sideways), down
# through the rows, and into all photos at the end.
python3 "$tool" --quiet --label "albums (warm)" --cols 120 --rows 40 --env GRIDKIT_GRAPHICS=blocks --env "XDG_CACHE_HOME=$cachehome" \
  --keys 'right*40,down*15,left*20,end,home' --ready-regex 'IMG_0000' -- "$bin" photos "$library" | python3 "$(dirname "$0")/ptysummary.py"
python3 "$(dirname "$0")/thumbcheck.py" "$cachehome" "$library" "$before"
rm -rf "$cachehome" "$timeline" "$raw" "$frames" "$sizes"

# Pictures per graphics mode on the same folder: thumbnails are all decoded (sleep) before the
# Downs, so each key's bytes are what a scroll sends. At 120×40 (10×20-pixel cells) the first
# screen shows 4 rows of 6 tiles; the goal is at most one row of pictures per one-row scroll.
echo ""
echo "pictures (120×40, 200×1080p folder, 24 tiles a screen, keys sleep:3000,down*20):"
perkey=$(mktemp /tmp/gridkit-perkey-XXXXXX.json)
# A visit in a pixel mode first: those read the cache's large thumbnails, which the half-block
# visits above did not make.
python3 "$tool" --quiet --cols 120 --rows 40 --env GRIDKIT_GRAPHICS=kitty --keys 'sleep:3000,down*20' \
  --env "XDG_CACHE_HOME=$cache1080" --ready-regex 'Photos' -- "$bin" photos --view grid "$photos" >/dev/null
for mode in blocks sixel kitty kitty-direct iterm; do
  python3 "$tool" --quiet --label "$mode" --cols 120 --rows 40 --env GRIDKIT_GRAPHICS=$mode --keys 'sleep:3000,down*20' \
    --env "XDG_CACHE_HOME=$cache1080" --ready-regex 'Photos' --per-key "$perkey" -- "$bin" photos --view grid "$photos" |
    python3 "$(dirname "$0")/picturesummary.py" "$perkey" 4
done
rm -f "$perkey"
rm -rf "$cache1080"
