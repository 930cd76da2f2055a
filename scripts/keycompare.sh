#!/usr/bin/env bash
# Compares the photo grid's keys of this work tree's griddemo with those of older builds,
# interleaved: round after round, each build walks the 200×1080p folder (second visit, keys
# 30 ms apart, as the "photos 200×1080p, second visit" row of scripts/ptybench.sh) and the floor
# program then answers the same keys with that build's own frames. What it prints is each
# build's key median less its floor's, per round and as the median of the rounds.
#
#   scripts/keycompare.sh [-n ROUNDS] [-c 256|direct] REV [REV ...]
#
# On a shared machine the same binary's difference moves by a tenth of a millisecond from one
# quarter hour to the next; builds measured in one run of this script, taking turns, are the ones
# to compare (Performance article, "Method"). Each REV is built in a git worktree of its own
# with its own Makefile (`make demo`), and removed after.
set -eu
rounds=5 colors=256
while getopts n:c: opt; do
  case $opt in
    n) rounds=$OPTARG ;;
    c) colors=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: scripts/keycompare.sh [-n ROUNDS] [-c 256|direct] REV [REV ...]" >&2; exit 2; }
case $colors in 256 | direct) ;; *) echo "keycompare: -c takes 256 or direct, not $colors" >&2; exit 2 ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
scripts=$root/scripts
swift=${SWIFT:-swift}

work=$(mktemp -d /tmp/gridkit-keycompare-XXXXXX)
trees=()
cleanup() {
  for t in "${trees[@]}"; do git -C "$root" worktree remove --force "$t" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT

cc -O2 -o "$work/floor" "$scripts/keyfloor.c"
echo "building this work tree's griddemo and gridbench"
make -s -C "$root" demo ARGS=--version >"$work/build.log" 2>&1 || { tail -20 "$work/build.log"; exit 1; }
(cd "$root" && $swift build -c release --product gridbench) >>"$work/build.log" 2>&1 || { tail -20 "$work/build.log"; exit 1; }
photos=$("$(cd "$root" && $swift build -c release --show-bin-path)/gridbench" write-jpegs 200)

labels=("this tree") bins=("$root/.build/app/release/griddemo")
for rev in "$@"; do
  commit=$(git -C "$root" rev-parse --short "$rev^{commit}") || exit 2
  tree=$work/tree-$commit
  echo "building $rev ($commit)"
  git -C "$root" worktree add --detach "$tree" "$commit" >/dev/null 2>&1
  trees+=("$tree")
  make -s -C "$tree" demo ARGS=--version >"$work/build-$commit.log" 2>&1 || { tail -20 "$work/build-$commit.log"; exit 1; }
  labels+=("$rev") bins+=("$tree/.build/app/release/griddemo")
done

envs=()
[ "$colors" = direct ] && envs=(--env GRIDKIT_COLORS=direct)
median() { python3 -c 'import json, sys; print(json.loads(sys.stdin.read().strip().splitlines()[-1])["keys"]["latency_ms"]["median"])'; }
walk() { # BUILD-INDEX: one visit of that build; prints its key median, leaves its frames in $work
  local i=$1
  python3 "$scripts/ptybench.py" --quiet --cols 120 --rows 40 --keys 'down*30,pgdn*5,up*30' --key-quiet 30 \
    --env "XDG_CACHE_HOME=$work/cache-$i" "${envs[@]}" --ready-regex 'Photos' --raw-out "$work/raw.bin" \
    --per-key "$work/perkey.json" -- "${bins[$i]}" photos --view grid "$photos" | median
}
floor() { # the floor answering the last walk's keys with its frames; prints its key median
  python3 -c 'import json, sys; print("\n".join(str(k["bytes"]) for k in json.load(open(sys.argv[1]))))' \
    "$work/perkey.json" >"$work/sizes.txt"
  python3 "$scripts/framebytes.py" "$work/raw.bin" "$work/frames.bin"
  python3 "$scripts/ptybench.py" --quiet --cols 120 --rows 40 --keys 'down*30,pgdn*5,up*30' --key-quiet 30 \
    --ready-regex 'Item' -- "$work/floor" 1 "$work/frames.bin" "$work/sizes.txt" | median
}

# A first visit each, which fills its thumbnail cache: the rounds are second visits.
for i in "${!bins[@]}"; do walk "$i" >/dev/null; done
echo ""
mode="256 colours"
[ "$colors" = direct ] && mode="direct colour (GRIDKIT_COLORS=direct; a build older than the setting draws in its own)"
echo "photos 200×1080p, $mode, second visit, keys 30 ms apart: key median − the floor's with the same bytes"
for r in $(seq "$rounds"); do
  for i in "${!bins[@]}"; do
    key=$(walk "$i") base=$(floor)
    echo "$i $key $base" >>"$work/results.txt"
    printf '  round %d  %-22s key median %.3f ms  floor %.3f ms  difference %+.3f ms\n' "$r" "${labels[$i]}" "$key" "$base" \
      "$(python3 -c "print($key - $base)")"
  done
done
echo ""
printf '%s\n' "${labels[@]}" >"$work/labels.txt"
python3 - "$work/results.txt" "$work/labels.txt" <<'EOF'
import statistics, sys
labels = open(sys.argv[2]).read().splitlines()
rows = [line.split() for line in open(sys.argv[1])]
for i, label in enumerate(labels):
    mine = [(float(k), float(f)) for j, k, f in rows if int(j) == i]
    diffs = sorted(k - f for k, f in mine)
    print(f"  {label:<22} difference median {statistics.median(diffs):+.3f} ms (rounds {diffs[0]:+.3f} to {diffs[-1]:+.3f}),"
          f" key median {statistics.median(k for k, _ in mine):.3f}, floor {statistics.median(f for _, f in mine):.3f} ms")
EOF
