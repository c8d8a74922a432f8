#!/usr/bin/env bash
# The inner loop for the headless commands without a product build: compiles the plain-Java sources of the
# bundles that change most (the simulation kernel, the engines, dsl, runner, host, cli) with javac against the
# built product's plugin jars, then runs the `schedlab` command line on them (org.schedlab.cli.Main, outside
# OSGi; the engines come from ServiceLoader). The product (./mvnw -B verify -DskipTests) must have been built
# once: its jars supply Xtext, EMF, Gson and the parser Tycho generated into the dsl bundle.
#
#   tools/dev.sh run examples/hello.sched --no-charts
#   tools/dev.sh validate-host --quick
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tools/jdk.sh"
product=$root/releng/org.schedlab.product/target/products/org.schedlab.product/linux/gtk/x86_64
[ -d "$product/plugins" ] || { echo "dev.sh: build the product once: ./mvnw -B verify -DskipTests" >&2; exit 3; }
out=${DEV_OUT:-/tmp/schedlab-dev}
jars=$(find "$product/plugins" -name '*.jar' ! -name 'org.schedlab.*' | tr '\n' ':')
# the dsl's generated parser and EMF code, and the model bundle, from the product (they are not in src/)
gen=$(find "$product/plugins" -name 'org.schedlab.dsl_*.jar' -o -name 'org.schedlab.dsl.ide_*.jar' -o -name 'org.schedlab.model_*.jar' | tr '\n' ':')
bundles=(org.schedlab.sim org.schedlab.engine.goodness org.schedlab.engine.o1 org.schedlab.engine.cfs
  org.schedlab.engine.eevdf org.schedlab.dsl org.schedlab.runner org.schedlab.host org.schedlab.cli)
srcs=(); roots=""
for b in "${bundles[@]}"; do
  while IFS= read -r f; do srcs+=("$f"); done < <(find "$root/bundles/$b/src" -name '*.java' ! -name 'SchedlabApplication.java')
  roots="$roots:$root/bundles/$b"
done
stamp=$out/.stamp
if [ ! -f "$stamp" ] || [ -n "$(find "${bundles[@]/#/$root/bundles/}" -newer "$stamp" -name '*.java' -print -quit)" ]; then
  rm -rf "$out"; mkdir -p "$out"
  "$jdk/bin/javac" --release 21 -nowarn -encoding UTF-8 -d "$out" -cp "$gen$jars" "${srcs[@]}"
  touch "$stamp"
fi
exec "$jdk/bin/java" -Xmx2g -Djava.awt.headless=true -Dschedlab.home="$root" -Dschedlab.stderr.terminal=false \
  -cp "$out$roots:$gen$jars" org.schedlab.cli.Main "$@"
