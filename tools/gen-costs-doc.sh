#!/usr/bin/env bash
# Regenerates the per-profile tables of docs/costs.md from the simulation kernel's built-in profiles
# (the text above the marker line is kept).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tools/jdk.sh"
out=$(mktemp -d)
"$jdk/bin/javac" --release 21 -nowarn -d "$out" $(find "$root/bundles/org.schedlab.sim/src" -name '*.java') \
  "$root/tools/CostsDoc.java"
doc="$root/docs/costs.md"
marker='<!-- generated below by tools/gen-costs-doc.sh -->'
{ awk -v m="$marker" '{print} $0 == m {exit}' "$doc"; echo; "$jdk/bin/java" -cp "$out" CostsDoc; } > "$out/costs.md"
mv "$out/costs.md" "$doc"
rm -rf "$out"
