#!/usr/bin/env bash
# Sweep benchmarks (docs/sweeps.md): cells per second on 1 and 2 workers, and the heap of a large plan.
#   tools/sweep-bench.sh 2000 2,1,2,1        # a 2,000-cell sweep, 2 then 1 workers, twice (the first round warms up)
#   MS=100 tools/sweep-bench.sh 2000 1,2     # 100 simulated ms per cell
#   tools/sweep-bench.sh 1000000 plan        # heap of a 1,000,000-cell plan
# Compiles the plain-Java sources of sim, dsl, model and runner against the built product's third-party jars
# (build the product first: ./mvnw -B verify -DskipTests).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tools/jdk.sh"
product=${SCHEDLAB_PRODUCT:-$root/releng/org.schedlab.product/target/products/org.schedlab.product/linux/gtk/x86_64}
cp=$(ls "$product"/plugins/*.jar | grep -v '/plugins/org\.schedlab\.' | tr '\n' ':')
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
srcs=$(find "$root"/bundles/org.schedlab.sim/src "$root"/bundles/org.schedlab.dsl/src "$root"/bundles/org.schedlab.dsl/src-gen \
  "$root"/bundles/org.schedlab.model/src "$root"/bundles/org.schedlab.model/src-gen "$root"/bundles/org.schedlab.runner/src \
  -name '*.java')
"$jdk/bin/javac" --release 21 -nowarn -encoding UTF-8 -proc:none -d "$out" -cp "$cp" $srcs "$root/tools/SweepBench.java"
exec "$jdk/bin/java" -Xmx6g -Dms="${MS:-20}" -cp "$out:$cp" SweepBench "${1:-2000}" "${2:-2,1,2,1}"
