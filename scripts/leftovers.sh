#!/usr/bin/env bash
# After the tests: fails when a process the end-to-end tests start (their tmux servers, the
# griddemo or FruitGrid they run, the Xvfb and terminals of the real-terminal tests) is still alive.
set -u
sleep 1 # the last test's cleanup may still be reaping
left=$(ps -eo pid=,args= | grep -E "tmux -L gridkit-e2e-|Xvfb .*-displayfd|gridkit-realterm" | grep -v grep)
if [ -n "$left" ]; then
  echo "leftovers: the tests left these running:" >&2
  echo "$left" >&2
  exit 1
fi
echo "leftovers: none"
