#!/usr/bin/env bash
# Before/after speed of one bench row in one JVM (tools/speed/SpeedPair.java): the simulation kernel and engines of
# commit BEFORE against the working tree, each in its own class loader, in alternating runs; prints each pair and
# the median of the paired ratios after/before (switches per second of the thread's CPU time).
#
#   tools/speed-pair.sh BEFORE ROUNDS ENGINE N yield|cpu SIMULATED_S [off] [cpus=C] [version=V]
#   tools/speed-pair.sh f5eeac8 10 cfs 512 yield 200
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tools/jdk.sh"
before=$1; shift
out=${SPEED_OUT:-/tmp/schedlab-speed}
rm -rf "$out"; mkdir -p "$out/before-src" "$out/before" "$out/after" "$out/pair"
bundles=(org.schedlab.sim org.schedlab.engine.cfs org.schedlab.engine.goodness org.schedlab.engine.o1 org.schedlab.engine.eevdf)
git -C "$root" archive "$before" "${bundles[@]/#/bundles/}" | tar -x -C "$out/before-src"
classpath() { # class dir, source root
  local cp=$1; for b in "${bundles[@]}"; do cp=$cp:$2/bundles/$b; done; echo "$cp"
}
for side in before after; do
  src=$root; [ $side = before ] && src=$out/before-src
  "$jdk/bin/javac" --release 21 -nowarn -encoding UTF-8 -d "$out/$side" \
    $(for b in "${bundles[@]}"; do find "$src/bundles/$b/src" -name '*.java'; done) "$root/tools/speed/SpeedRun.java"
done
"$jdk/bin/javac" --release 21 -nowarn -d "$out/pair" "$root/tools/speed/SpeedPair.java"
exec "$jdk/bin/java" -Xmx3g -cp "$out/pair" SpeedPair "$(classpath "$out/before" "$out/before-src")" \
  "$(classpath "$out/after" "$root")" "$@"
