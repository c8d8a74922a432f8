#!/usr/bin/env bash
# The simulation kernel's benchmark (org.schedlab.sim.bench.SimBench): compiles the plain-Java
# bundles with javac (as tools/fasttest.sh does) and runs the bench with a 2 GB heap. Its last line is
# "context switches per second: N" (N = 512 yielding tasks on 4 CPUs, round-robin engine).
#
#   tools/bench.sh              # full run (about two minutes)
#   tools/bench.sh --quick      # shorter simulated durations
#   tools/bench.sh cfs          # another engine (its bundle is compiled too when it exists)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tools/jdk.sh"
junit=$(ls ~/.m2/repository/org/junit/platform/junit-platform-console-standalone/1.14.4/*.jar 2>/dev/null | head -1 || true)
if [ -z "$junit" ]; then
  "$root/mvnw" -q dependency:get -Dartifact=org.junit.platform:junit-platform-console-standalone:1.14.4 >/dev/null
  junit=$(ls ~/.m2/repository/org/junit/platform/junit-platform-console-standalone/1.14.4/*.jar | head -1)
fi
out=${BENCH_OUT:-/tmp/schedlab-bench}
rm -rf "$out"; mkdir -p "$out"
bundles=(org.schedlab.sim org.schedlab.sim.testing)
cp="$out"
for a in "$@"; do
  case "$a" in --*) ;; *) [ -d "$root/bundles/org.schedlab.engine.$a/src" ] && bundles+=("org.schedlab.engine.$a") ;; esac
done
srcs=()
for b in "${bundles[@]}"; do
  while IFS= read -r f; do srcs+=("$f"); done < <(find "$root/bundles/$b/src" -name '*.java')
  cp="$cp:$root/bundles/$b"
done
"$jdk/bin/javac" --release 21 -nowarn -encoding UTF-8 -d "$out" -cp "$junit" "${srcs[@]}"
exec "$jdk/bin/java" -Xmx2g -cp "$cp:$junit" org.schedlab.sim.bench.SimBench "$@"
