#!/usr/bin/env bash
# The host's state over time, as validate-host's watch reads it (HostRing): every few seconds, the ring of two
# threads pinned to CPU 0 yielding to each other (hostprobe yield 2 20000 threads, ns per yield), once pinned to
# each CPU, and threads.c with 4 threads for 2 s (work/s), with the time and the load average. On a quiet machine
# it shows whether the host moves between states and how far (docs/validation.md, 6 December 2026, eighth session).
#
#   tools/host-ring.sh [SECONDS]      # default 300; one line per round, about 3 s a round
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-300}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
gcc -O2 -pthread -o "$dir/hostprobe" "$root/bundles/org.schedlab.host/helpers/hostprobe.c"
# threads.c as validate-host patches it (CHelpers.patchThreadsC): 4 threads, 2 s, the x86_64 sched_yield
sed -e 's/#define[[:space:]]*MAXTHREADS[[:space:]]*[0-9]*/#define MAXTHREADS 4/' \
    -e 's/#define[[:space:]]*MEASURE_TIME[[:space:]]*[0-9]*/#define MEASURE_TIME 2/' \
    -e 's/syscall(158)/syscall(SYS_sched_yield)/' \
    -e 's/actthreads++;/__sync_fetch_and_add(\&actthreads, 1);/' \
    -e 's/actthreads--;/__sync_fetch_and_sub(\&actthreads, 1);/' \
    "$root/bundles/org.schedlab.host/helpers/threads.c" | { printf '#include <sys/syscall.h>\n#include <stdlib.h>\n'; cat; } > "$dir/t4.c"
gcc -O2 -std=gnu89 -w -pthread -o "$dir/t4" "$dir/t4.c"
echo "time      load  ring_cpu0_ns  ring_cpu1_ns  threads_c4_work/s"
end=$(( $(date +%s) + secs ))
while [ "$(date +%s)" -lt "$end" ]; do
  r0=$(taskset -c 0 "$dir/hostprobe" yield 2 20000 threads | awk '$1 == "yield_ns" {print $2}')
  r1=$(taskset -c 1 "$dir/hostprobe" yield 2 20000 threads | awk '$1 == "yield_ns" {print $2}')
  w=$("$dir/t4" 2>/dev/null | awk -F'\t+' 'NF >= 4 && $1 == 4 {print $2}' | tail -1)
  printf '%s  %s  %12s  %12s  %17s\n' "$(date +%H:%M:%S)" "$(cut -d' ' -f1 /proc/loadavg)" "$r0" "$r1" "$w"
done
