#!/usr/bin/env bash
# Installs a third-party engine's feature (by default the lottery example) from the built p2 update site
# into a COPY of the built product with the p2 director, offline, and checks with the product's own
# `schedlab engines` that the engine is listed afterwards and was not before. The built product and site
# are left untouched. Run after the build:
#
#   ./mvnw -B verify -DskipTests && tools/check-engine-install.sh
#   tools/check-engine-install.sh PRODUCT_DIR SITE_DIR        # other locations
#   ENGINE_ID=lottery ENGINE_IU=org.example.schedlab.lottery.feature.feature.group \
#     ENGINE_BUNDLE=org.example.schedlab.engine.lottery tools/check-engine-install.sh
#
# The p2 director: the product's own org.eclipse.equinox.p2.director application when the product contains
# it; the SchedLab product does not (no p2 director bundles in its features), so otherwise Tycho's
# `director` goal (tycho-p2-director-plugin, from the local Maven repository, offline) runs the same
# p2 director operation against the copy's profile (DefaultProfile).
# Exit status: 0 when every check passes, 1 when a check fails, 3 when the product or site is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
product=${1:-$root/releng/org.schedlab.product/target/products/org.schedlab.product/linux/gtk/x86_64}
site=${2:-$root/releng/org.schedlab.repository/target/repository}
engine_id=${ENGINE_ID:-lottery}
iu=${ENGINE_IU:-org.example.schedlab.lottery.feature.feature.group}
bundle=${ENGINE_BUNDLE:-org.example.schedlab.engine.lottery}
sched=${ENGINE_SCHED:-$root/examples/org.example.schedlab.engine.lottery/lottery.sched}
tycho_version=$(sed -n 's:.*<tycho.version>\(.*\)</tycho.version>.*:\1:p' "$root/pom.xml")

[ -d "$product/plugins" ] || { echo "check-engine-install: no product at $product (build it first)" >&2; exit 3; }
[ -f "$site/content.jar" ] || [ -f "$site/content.xml" ] || [ -f "$site/content.xml.xz" ] \
  || { echo "check-engine-install: no p2 repository at $site (build it first)" >&2; exit 3; }
site=$(cd "$site" && pwd)

work=$(mktemp -d /tmp/check-engine-install.XXXXXX)
echo "check-engine-install: working in $work"
cp -a "$product" "$work/product"
fails=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

engines() { # $1: label
  SCHEDLAB_PRODUCT="$work/product" SCHEDLAB_STATE="$work/state-$1" "$root/schedlab" engines >"$work/engines-$1.txt" 2>&1 || true
}
check_sched() { # $1: label; prints schedlab check's output, returns its exit status
  (cd "$(dirname "$sched")" && SCHEDLAB_PRODUCT="$work/product" SCHEDLAB_STATE="$work/state-$1" \
    "$root/schedlab" check "$(basename "$sched")")
}

engines before
if grep -q "^$engine_id  " "$work/engines-before.txt"; then
  fail "'$engine_id' is listed before the install (is it part of the product?)"
else
  pass "'$engine_id' is not listed before the install ($(grep -c '^[a-z0-9]' "$work/engines-before.txt") engines are)"
fi

if out=$(check_sched before 2>&1); then
  fail "$(basename "$sched") validates without the engine"
elif echo "$out" | grep -qE "^$(basename "$sched"):[0-9]+:[0-9]+: error: .*'$engine_id'.*installed engines: "; then
  pass "without the engine, a located error lists the installed engines: $(echo "$out" | grep -m1 error)"
else
  fail "without the engine, schedlab check says: $out"
fi

director=$(ls "$work/product"/plugins/org.eclipse.equinox.p2.director.app_*.jar 2>/dev/null | head -1 || true)
if [ -n "$director" ]; then
  echo "check-engine-install: installing $iu with the product's p2 director application"
  java -jar "$work/product"/plugins/org.eclipse.equinox.launcher_*.jar -nosplash \
    -application org.eclipse.equinox.p2.director -repository "file:$site" -installIU "$iu" \
    -destination "$work/product" -profile DefaultProfile >"$work/director.log" 2>&1 || true
else
  echo "check-engine-install: the product has no org.eclipse.equinox.p2.director.app;" \
    "installing $iu with Tycho's p2 director goal (offline)"
  # outside the reactor (the goal needs no project), with the wrapper and the Maven Central settings
  mkdir -p "$work/mvn" && cp -a "$root/mvnw" "$root/.mvn" "$work/mvn/"
  (cd "$work/mvn" && ./mvnw -B -o "org.eclipse.tycho:tycho-p2-director-plugin:$tycho_version:director" \
    -Ddestination="$work/product" -Dprofile=DefaultProfile -Drepositories="file:$site" \
    -DinstallIUs="$iu") >"$work/director.log" 2>&1 || true
fi
bundles_info="$work/product/configuration/org.eclipse.equinox.simpleconfigurator/bundles.info"
if grep -q "^$bundle," "$bundles_info" && ls "$work/product/plugins/${bundle}_"* >/dev/null 2>&1; then
  pass "the director installed $bundle into the copy: $(grep "^$bundle," "$bundles_info")"
else
  fail "the director did not install $iu (log: $work/director.log)"
  tail -20 "$work/director.log"
fi

engines after
if grep -q "^$engine_id  " "$work/engines-after.txt"; then
  pass "'$engine_id' is listed by schedlab engines after the install:"
  sed -n "/^$engine_id  /,/^\$/p" "$work/engines-after.txt"
else
  fail "'$engine_id' is not listed after the install (output: $work/engines-after.txt)"
  cat "$work/engines-after.txt"
fi

if out=$(check_sched after 2>&1); then
  pass "$(basename "$sched") validates with the engine installed"
else
  fail "with the engine installed, schedlab check still says: $out"
fi

if [ "$fails" -eq 0 ]; then
  echo "check-engine-install: all checks passed"
  rm -rf "$work"
  exit 0
fi
echo "check-engine-install: $fails check(s) failed; files kept in $work"
exit 1
