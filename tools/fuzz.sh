#!/usr/bin/env bash
# Coverage-guided fuzzing (Jazzer's JUnit integration) of the .sched loader and the rt-app importer, outside the
# Tycho test phase: plain javac + the JUnit console launcher on the bundles' classes.
#
#   tools/fuzz.sh                 # fuzz both, 100,000 inputs each (fuzz/src/.../FuzzRuns.java); exit 1 on a finding
#   tools/fuzz.sh --regression    # only the seed corpus and the kept findings, once each (seconds)
#   tools/fuzz.sh SchedLoaderFuzzTest      # one fuzz test class (one @FuzzTest each)
#
# Seeds: fuzz/corpus/sched/ and fuzz/corpus/rtapp/. A finding is printed with the file Jazzer saved its input to
# (the logs stay in the work folder, $FUZZ_OUT, default /tmp/schedlab-fuzz); keep the input in the corpus with a
# regression test beside the code it broke. Needs the dsl bundle built once by Tycho (its parser is generated):
# the script runs `./mvnw -B verify -DskipTests -pl bundles/org.schedlab.sim,bundles/org.schedlab.dsl` if not.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. "$root/tools/jdk.sh"
out=${FUZZ_OUT:-/tmp/schedlab-fuzz}
mode=fuzz
tests=()
for a in "$@"; do
  case "$a" in
    --regression) mode=regression ;;
    *) tests+=("$a") ;;
  esac
done
[ ${#tests[@]} -gt 0 ] || tests=(SchedLoaderFuzzTest RtAppImportFuzzTest)

# Maven under $MVN_LOCK when set (a shared machine: MVN_LOCK=/tmp/schedlab-mvn.lock), extra arguments in $MVN_ARGS
mvn() { if [ -n "${MVN_LOCK:-}" ]; then flock "$MVN_LOCK" ./mvnw ${MVN_ARGS:-} "$@"; else ./mvnw ${MVN_ARGS:-} "$@"; fi; }
dsl=bundles/org.schedlab.dsl/target/classes
if [ ! -d "$dsl/org/schedlab/dsl/parser/antlr" ] || [ ! -d bundles/org.schedlab.dsl/src-gen ]; then
  mvn -B verify -DskipTests -pl bundles/org.schedlab.sim,bundles/org.schedlab.dsl
fi
junit=$(ls ~/.m2/repository/org/junit/platform/junit-platform-console-standalone/1.14.4/*.jar 2>/dev/null | head -1 || true)
if [ -z "$junit" ]; then
  mvn -q dependency:get -Dartifact=org.junit.platform:junit-platform-console-standalone:1.14.4 >/dev/null
  junit=$(ls ~/.m2/repository/org/junit/platform/junit-platform-console-standalone/1.14.4/*.jar | head -1)
fi
rm -rf "$out"; mkdir -p "$out/main" "$out/fuzz" "$out/res/org/schedlab/fuzz"
# the third-party class path, kept beside the work folder while fuzz/pom.xml is unchanged
cpfile="$out.classpath"
if [ ! -s "$cpfile" ] || [ fuzz/pom.xml -nt "$cpfile" ]; then
  mvn -q -f fuzz/pom.xml dependency:build-classpath -Dmdep.outputFile="$cpfile" >/dev/null
fi
deps=$(cat "$cpfile")

# the simulation kernel and the engines from source (plain Java), their bundle roots for META-INF/services;
srcs=(); roots=""
for b in bundles/org.schedlab.sim $(ls -d bundles/org.schedlab.engine.* | grep -v '\.tests$'); do
  while IFS= read -r f; do srcs+=("$f"); done < <(find "$b/src" -name '*.java')
  roots="$roots:$root/$b"
done
# the dsl bundle from source too (src and the parser Tycho generated into src-gen); its resources from its build
while IFS= read -r f; do srcs+=("$f"); done < <(find bundles/org.schedlab.dsl/src bundles/org.schedlab.dsl/src-gen -name '*.java')
"$jdk/bin/javac" --release 21 -nowarn -encoding UTF-8 -d "$out/main" -cp "$deps" "${srcs[@]}"
cp="$out/main:$root/$dsl:$root/bundles/org.schedlab.dsl$roots:$deps"
"$jdk/bin/javac" --release 21 -nowarn -encoding UTF-8 -d "$out/fuzz" -cp "$cp:$junit" $(find fuzz/src -name '*.java')

# the seed corpus where Jazzer looks for a fuzz test's inputs: <package>/<Class>Inputs/<method>/
seed() { mkdir -p "$out/res/org/schedlab/fuzz/$1Inputs"; cp -r "$root/fuzz/corpus/$3" "$out/res/org/schedlab/fuzz/$1Inputs/$2"; }
seed SchedLoaderFuzzTest load sched
seed RtAppImportFuzzTest importJson rtapp

status=0
for t in "${tests[@]}"; do
  start=$(date +%s)
  env_fuzz=()
  [ "$mode" = fuzz ] && env_fuzz=(JAZZER_FUZZ=1)
  mkdir -p "$out/run/$t"
  set +e
  (cd "$out/run/$t" && env "${env_fuzz[@]}" "$jdk/bin/java" -Xss8m -XX:+IgnoreUnrecognizedVMOptions \
      -Djazzer.instrumentation_includes='org.schedlab.**' -Djazzer.custom_hook_includes='org.schedlab.**' \
      -cp "$out/fuzz:$out/res:$cp:$junit" org.junit.platform.console.ConsoleLauncher execute \
      --disable-banner --fail-if-no-tests --details=tree --select-class "org.schedlab.fuzz.$t") \
      > "$out/run/$t.log" 2>&1
  rc=$?
  set -e
  # libFuzzer's status lines (#N ... cov: ... exec/s) and JUnit's summary; the whole log stays in the work folder
  grep -aE '^#[0-9]+.*(INITED|DONE|pulse)|^==|^Stack|Done [0-9]+ runs|tests (successful|failed)' "$out/run/$t.log" || true
  [ "$rc" -eq 0 ] || grep -aE -A30 '^Failures|FuzzerSecurityIssue|Exception' "$out/run/$t.log" | grep -v 'Unsupported class file|^WARN|^INFO' | head -60
  runs=$(grep -aoE 'Done [0-9]+ runs' "$out/run/$t.log" | tail -1 | grep -oE '[0-9]+' || true)
  echo "fuzz: $t: $mode, ${runs:-corpus} inputs, $(( $(date +%s) - start )) s, exit $rc (log: $out/run/$t.log)"
  [ "$rc" -eq 0 ] || status=1
done
exit $status
