# Sourced by the tools: sets `jdk` to a JDK (javac included) of Java 21 or later: JAVA_HOME if it is one, else the
# newest under /usr/lib/jvm. Stops the script with one line when there is none.
java_spec() { "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p'; }
jdk=
if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ] && [ "$(java_spec "$JAVA_HOME" || echo 0)" -ge 21 ] 2>/dev/null; then
  jdk=$JAVA_HOME
else
  best=0
  for j in /usr/lib/jvm/*; do
    [ -x "$j/bin/javac" ] || continue
    v=$(java_spec "$j" || echo 0)
    if [ "${v:-0}" -ge 21 ] 2>/dev/null && [ "$v" -gt "$best" ]; then jdk=$j; best=$v; fi
  done
fi
if [ -z "$jdk" ]; then
  echo "$(basename "$0"): needs a JDK of Java 21 or newer (set JAVA_HOME, or install one under /usr/lib/jvm)" >&2
  exit 3
fi
