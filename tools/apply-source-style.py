#!/usr/bin/env python3
"""Applies the project's source conventions to every Java file under bundles/ and tools/ (idempotent):
the EPL-2.0 header, and indentation with spaces (a leading tab is 4 columns). Also writes each bundle's
.settings (JDT compiler level and the formatter profile of releng/formatter/schedlab-formatter.xml, UTF-8).
Usage: tools/apply-source-style.py [--check]   (--check: list what does not conform, exit 1 if anything)"""
import os, re, sys, xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER = ("/*\n * Copyright (c) 2026 SchedLab contributors.\n *\n"
          " * This program and the accompanying materials are made available under the terms of the Eclipse Public\n"
          " * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).\n *\n"
          " * SPDX-License-Identifier: EPL-2.0\n */\n")
check = "--check" in sys.argv
bad = []

def java_files():
    for top in ("bundles", "tools", "fuzz", "examples"):
        for d, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [x for x in dirs if x not in ("target", "bin", "src-gen", "xtend-gen", ".git")]
            for f in files:
                if f.endswith(".java"):
                    yield os.path.join(d, f)

def expand(line):
    m = re.match(r"[ \t]*", line)
    lead = m.group(0)
    if "\t" not in lead:
        return line
    col = 0
    for ch in lead:
        col = (col // 4 + 1) * 4 if ch == "\t" else col + 1
    return " " * col + line[len(lead):]

def expand_outside_text_blocks(lines):
    """Expands leading tabs except inside text blocks (their whitespace is content; a test may count columns)."""
    inside = False
    for line in lines:
        opens = line.count('"""') % 2 == 1
        if inside:
            yield line
            if opens:
                inside = False
        else:
            yield expand(line)
            if opens:
                inside = True

for path in java_files():
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    new = text
    if "SPDX-License-Identifier" not in new[:600]:
        new = HEADER + new
    new = "\n".join(expand_outside_text_blocks(new.split("\n")))
    if new != text:
        rel = os.path.relpath(path, ROOT)
        if check:
            bad.append(rel)
        else:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(new)

# .settings of every bundle: compiler level 21 and the formatter profile's settings
profile = os.path.join(ROOT, "releng", "formatter", "schedlab-formatter.xml")
settings = {s.get("id"): s.get("value") for s in ET.parse(profile).getroot().iter("setting")}
jdt = {"eclipse.preferences.version": "1",
       "org.eclipse.jdt.core.compiler.codegen.targetPlatform": "21",
       "org.eclipse.jdt.core.compiler.compliance": "21",
       "org.eclipse.jdt.core.compiler.source": "21",
       "org.eclipse.jdt.core.compiler.release": "enabled",
       "org.eclipse.jdt.core.compiler.problem.unusedImport": "warning",
       "org.eclipse.jdt.core.compiler.problem.rawTypeReference": "warning"}
jdt.update(settings)
want_core = "".join(f"{k}={v}\n" for k, v in sorted(jdt.items()))
want_res = "eclipse.preferences.version=1\nencoding/<project>=UTF-8\n"
want_ui = "eclipse.preferences.version=1\nformatter_profile=_SchedLab\nformatter_settings_version=23\n"
for b in sorted(os.listdir(os.path.join(ROOT, "bundles"))):
    bd = os.path.join(ROOT, "bundles", b)
    if not os.path.isfile(os.path.join(bd, "META-INF", "MANIFEST.MF")):
        continue
    sd = os.path.join(bd, ".settings")
    for name, want in (("org.eclipse.jdt.core.prefs", want_core), ("org.eclipse.core.resources.prefs", want_res),
                       ("org.eclipse.jdt.ui.prefs", want_ui)):
        p = os.path.join(sd, name)
        have = open(p, encoding="utf-8").read() if os.path.exists(p) else None
        if have != want:
            if check:
                bad.append(os.path.relpath(p, ROOT))
            else:
                os.makedirs(sd, exist_ok=True)
                with open(p, "w", encoding="utf-8") as fh:
                    fh.write(want)

if check and bad:
    print("apply-source-style: %d files do not follow the conventions (run tools/apply-source-style.py):" % len(bad))
    for b in bad[:50]:
        print("  " + b)
    sys.exit(1)
