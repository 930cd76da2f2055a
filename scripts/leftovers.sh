#!/usr/bin/env bash
# After the tests: fails when a process the end-to-end tests start (their tmux servers, the
# griddemo or FruitGrid they run, the Xvfb and terminals of the real-terminal tests) is still alive.
# With RUN (what `make test` put in GRIDKIT_TEST_RUN for this run), only processes that carry it
# count: another run's, or a real-terminal session of someone else on the machine, are not ours.
# With NAMES (what `--record NAMES` listed just before the tests), also fails when a `gridkit-*`
# or `gk-*` file or folder not in that list is in the temporary folder: tests clean up what they
# make (a real-terminal test keeps its screenshots only when it fails, and then the run has
# failed already). Something else making such names meanwhile (a `make bench`) fails it too.
set -u
ours() { find "${TMPDIR:-/tmp}" -maxdepth 1 \( -name 'gridkit-*' -o -name 'gk-*' \) 2>/dev/null | sort; }
if [ "${1:-}" = --record ]; then
  ours >"$2"
  exit
fi
run=${1:-}
names=${2:-}
sleep 1 # the last test's cleanup may still be reaping
left=$(ps -eo pid=,args= | grep -E "tmux -L gridkit-e2e-|Xvfb .*-displayfd|gridkit-realterm" | grep -v grep)
if [ -n "$run" ] && [ -n "$left" ]; then
  ours=""
  while read -r pid rest; do
    if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx "GRIDKIT_TEST_RUN=$run"; then
      ours+="$pid $rest"$'\n'
    fi
  done <<<"$left"
  left=${ours%$'\n'}
fi
if [ -n "$left" ]; then
  echo "leftovers: the tests left these running:" >&2
  echo "$left" >&2
  exit 1
fi
if [ -n "$names" ]; then
  files=$(ours | comm -13 "$names" -)
  if [ -n "$files" ]; then
    echo "leftovers: the tests left these in ${TMPDIR:-/tmp}:" >&2
    echo "$files" >&2
    exit 1
  fi
fi
echo "leftovers: none"
