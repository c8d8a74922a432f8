#!/usr/bin/env bash
# Fast inner loop for the plain-Java bundles (no Tycho, no OSGi): compiles the
# given bundles and their *.tests bundles with javac and runs the JUnit 5 tests
# with the console launcher. The Tycho build (./mvnw verify) stays the reference.
#
#   tools/fasttest.sh                       # sim + every engine bundle
#   tools/fasttest.sh org.schedlab.sim      # one bundle (its .tests run too)
#   FASTTEST_ARGS="--select-class=org.schedlab.sim.tests.KernelTest" tools/fasttest.sh org.schedlab.sim
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tools/jdk.sh"
junit=$(ls ~/.m2/repository/org/junit/platform/junit-platform-console-standalone/1.14.4/*.jar 2>/dev/null | head -1 || true)
if [ -z "$junit" ]; then
  "$root/mvnw" -q dependency:get -Dartifact=org.junit.platform:junit-platform-console-standalone:1.14.4 >/dev/null
  junit=$(ls ~/.m2/repository/org/junit/platform/junit-platform-console-standalone/1.14.4/*.jar | head -1)
fi
if [ $# -eq 0 ]; then
  set -- org.schedlab.sim $(cd "$root/bundles" && ls -d org.schedlab.engine.* 2>/dev/null | grep -v '\.tests$' || true)
fi
# every plain-Java bundle a listed bundle may depend on
mains=(org.schedlab.sim org.schedlab.sim.testing "$@")
out=${FASTTEST_OUT:-/tmp/schedlab-fasttest}
rm -rf "$out"; mkdir -p "$out/main" "$out/test"
srcs=(); cp="$out/main"
declare -A seen=()
for b in "${mains[@]}"; do
  [ -n "${seen[$b]:-}" ] && continue; seen[$b]=1
  d="$root/bundles/$b"; [ -d "$d/src" ] || continue
  while IFS= read -r f; do srcs+=("$f"); done < <(find "$d/src" -name '*.java')
  cp="$cp:$d"   # bundle root: META-INF/services for ServiceLoader
done
"$jdk/bin/javac" --release 21 -nowarn -encoding UTF-8 -d "$out/main" -cp "$junit" "${srcs[@]}"
tsrcs=()
for b in "$@"; do
  d="$root/bundles/$b.tests"; [ -d "$d/src" ] || continue
  while IFS= read -r f; do tsrcs+=("$f"); done < <(find "$d/src" -name '*.java')
  [ -d "$d/resources" ] && cp="$cp:$d/resources"
done
if [ ${#tsrcs[@]} -eq 0 ]; then echo "no tests found"; exit 0; fi
"$jdk/bin/javac" --release 21 -nowarn -encoding UTF-8 -d "$out/test" -cp "$cp:$junit" "${tsrcs[@]}"
"$jdk/bin/java" -ea -jar "$junit" execute --disable-banner --details=summary \
  -cp "$cp:$out/test" ${FASTTEST_ARGS:---scan-classpath "$out/test"}
