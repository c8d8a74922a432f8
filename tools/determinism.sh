#!/usr/bin/env bash
# The determinism harness (tools/determinism/Determinism.java): compiles the simulation kernel and the engines
# rr, goodness, o1, cfs and eevdf with javac and compares every run's metric digest with tools/determinism/expected.txt.
#
#   tools/determinism.sh            # check (exit 1 when a digest differs)
#   tools/determinism.sh --record   # re-record the expected digests (a change that legitimately alters the model)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tools/jdk.sh"
out=${DETERMINISM_OUT:-/tmp/schedlab-determinism}
rm -rf "$out"; mkdir -p "$out"
cp="$out"; srcs=()
for b in org.schedlab.sim org.schedlab.engine.goodness org.schedlab.engine.o1 org.schedlab.engine.cfs org.schedlab.engine.eevdf; do
  while IFS= read -r f; do srcs+=("$f"); done < <(find "$root/bundles/$b/src" -name '*.java')
  cp="$cp:$root/bundles/$b"
done
"$jdk/bin/javac" --release 21 -nowarn -encoding UTF-8 -d "$out" "${srcs[@]}"
mode=--check
[ "${1:-}" = "--record" ] && mode=--record
exec "$jdk/bin/java" -cp "$cp" "$root/tools/determinism/Determinism.java" $mode "$root/tools/determinism/expected.txt"
