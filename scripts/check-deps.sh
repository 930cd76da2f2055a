#!/usr/bin/env bash
# Checks for what building and testing GridKit needs; installs it with apt-get when running as
# root, otherwise prints the exact command and fails.
set -u
missing=()
command -v swift >/dev/null 2>&1 || { echo "check-deps: the Swift toolchain (swift) is not on PATH; install Swift 6.0 or later" >&2; exit 1; }
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
if command -v pkg-config >/dev/null 2>&1; then
  pkg-config --exists ncursesw || missing+=(libncurses-dev)
  pkg-config --exists libpng || missing+=(libpng-dev)
  pkg-config --exists libjpeg || missing+=(libjpeg-dev)
  pkg-config --exists zlib || missing+=(zlib1g-dev)
else
  missing+=(libncurses-dev libpng-dev libjpeg-dev zlib1g-dev)
fi
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
# The graphics end-to-end tests run griddemo in a pseudo-terminal through a small Python script.
command -v python3 >/dev/null 2>&1 || missing+=(python3)
[ -e /lib/terminfo/t/tmux-256color ] || [ -e /usr/share/terminfo/t/tmux-256color ] || missing+=(ncurses-base)
# xterm-direct (24-bit colour) is in ncurses-term; the end-to-end tests run under it.
[ -e /usr/share/terminfo/x/xterm-direct ] || [ -e /lib/terminfo/x/xterm-direct ] || missing+=(ncurses-term)
# The locale tests make a Latin-1 locale with localedef from Debian's locale sources.
command -v localedef >/dev/null 2>&1 && [ -e /usr/share/i18n/locales/en_US ] && [ -e /usr/share/i18n/charmaps/ISO-8859-1.gz ] || missing+=(locales)
# The real-terminal tests run xterm (sixel) and kitty on a virtual X server, send keys with
# xdotool and take screenshots with ImageMagick's import.
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
command -v xterm >/dev/null 2>&1 || missing+=(xterm)
command -v kitty >/dev/null 2>&1 || missing+=(kitty)
command -v import >/dev/null 2>&1 && command -v convert >/dev/null 2>&1 || missing+=(imagemagick)
command -v xdotool >/dev/null 2>&1 || missing+=(xdotool)

[ ${#missing[@]} -eq 0 ] && { echo "check-deps: ok"; exit 0; }
line="apt-get install -y ${missing[*]}"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "check-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null || { echo "check-deps: '$line' failed" >&2; exit 1; }
  echo "check-deps: ok"
else
  echo "check-deps: missing ${missing[*]}. Install them with:" >&2
  echo "  sudo $line" >&2
  exit 1
fi
