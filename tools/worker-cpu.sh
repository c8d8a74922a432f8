#!/bin/sh
# Mean CPU time of a forked worker (ms): cpu-clock samples at 10 kHz per pid, the busiest pid (the parent) left out.
# usage: worker-cpu.sh COMMAND...
d=$(mktemp -d)
perf record -q -e cpu-clock -F 10000 -o "$d/p.data" -- "$@" >/dev/null 2>&1
perf report -i "$d/p.data" --sort pid --stdio -F sample,pid 2>/dev/null | grep -v '^#' | grep -v '^$' |
  awk '{ n++; s[n] = $1 } END { t = 0; for (i = 2; i <= n; i++) t += s[i]; printf "%d workers, %.3f ms\n", n - 1, t / (n - 1) / 10 }'
rm -rf "$d"
