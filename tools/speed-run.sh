#!/usr/bin/env bash
# One bench row of commit COMMIT (or of the working tree: .) in a JVM of its own (tools/speed/SpeedRun.java):
# compiles that commit's simulation kernel and engines with javac, runs the row ROUNDS times and prints the median
# context switches per second of the thread's CPU time (the first two rounds warm the JIT up and are not counted).
# Separate JVMs alternated by hand (A, B, A, B, ...) compare absolute figures, which tools/speed-pair.sh's two class
# loaders in one JVM do not give (both sides run slower there).
#
#   tools/speed-run.sh COMMIT|. ROUNDS ENGINE N yield|cpu SIMULATED_S [off] [cpus=C] [version=V]
#   tools/speed-run.sh 25ad237 6 cfs 512 yield 400
#   tools/speed-run.sh . 6 cfs 8 yield 400 off
#   SPEED_JVM_OPTS="-XX:+UnlockExperimentalVMOptions -XX:+UseGraalJIT" tools/speed-run.sh . 6 cfs 512 yield 400
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tools/jdk.sh"
commit=$1; shift
out=${SPEED_OUT:-/tmp/schedlab-speed-run}/$commit
bundles=(org.schedlab.sim org.schedlab.engine.cfs org.schedlab.engine.goodness org.schedlab.engine.o1 org.schedlab.engine.eevdf)
src=$root
if [ "$commit" != . ]; then
  src=$out/src
  rm -rf "$src"; mkdir -p "$src"
  git -C "$root" archive "$commit" "${bundles[@]/#/bundles/}" | tar -x -C "$src"
fi
rm -rf "$out/classes"; mkdir -p "$out/classes"
"$jdk/bin/javac" --release 21 -nowarn -encoding UTF-8 -d "$out/classes" \
  $(for b in "${bundles[@]}"; do find "$src/bundles/$b/src" -name '*.java'; done) "$root/tools/speed/SpeedRun.java"
cp=$out/classes
for b in "${bundles[@]}"; do cp=$cp:$src/bundles/$b; done
# SPEED_JVM_OPTS: extra options for the JVM under test (a collector, a JIT)
exec "$jdk/bin/java" -Xmx2g ${SPEED_JVM_OPTS:-} -cp "$cp" SpeedRun "$@"
