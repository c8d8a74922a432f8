#!/usr/bin/env bash
# Starts the workbench (./schedlab with no arguments) under a private Xvfb, waits, takes a screenshot.
#   tools/screenshot.sh [seconds] [out.png]
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
wait_s=${1:-25}; out=${2:-$root/target/screenshots/workbench.png}
mkdir -p "$(dirname "$out")"
disp=:$((90 + RANDOM % 100))
Xvfb "$disp" -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 & xpid=$!
sleep 2
ws=$(mktemp -d)
DISPLAY=$disp SCHEDLAB_WORKSPACE=$ws "$root/schedlab" > "${out%.png}.log" 2>&1 & jpid=$!
sleep "$wait_s"
DISPLAY=$disp import -window root "$out"
kill $jpid 2>/dev/null; sleep 2; kill -9 $jpid 2>/dev/null; kill $xpid 2>/dev/null
echo "screenshot: $out"
