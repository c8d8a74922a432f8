/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.util.List;

/**
 * A measured machine: its settings in the order of a {@code machine} block, each with where its value came from.
 *
 * @param name     the machine's name in the block
 * @param date     when it was measured (ISO date and time, UTC)
 * @param kernel   {@code uname -r}
 * @param model    the CPU model
 * @param settings the block's lines
 * @param notes    what was not measured, and why (written as comments)
 */
public record HostProfile(String name, String date, String kernel, String model, List<Setting> settings,
        List<String> notes) {

    /**
     * One line of the block.
     *
     * @param text       the setting as .sched writes it ({@code cpus 2}, {@code cost syscall = 3258 cycles})
     * @param provenance the command or file it was read from and the arithmetic
     */
    public record Setting(String text, String provenance) {
    }

    public HostProfile {
        settings = List.copyOf(settings);
        notes = List.copyOf(notes);
    }

    /** @return the value text of the first setting that starts with {@code prefix}, or null */
    public String value(String prefix) {
        for (Setting s : settings) {
            if (s.text().startsWith(prefix + " ")) {
                return s.text().substring(prefix.length()).replaceFirst("^\\s*=?\\s*", "");
            }
        }
        return null;
    }

    /**
     * @param text a .sched text whose first {@code machine} block is a profile (as {@link #render()} writes it)
     * @return that block's settings, one a line, without comments or blank lines
     */
    public static List<String> blockLines(String text) {
        List<String> out = new java.util.ArrayList<>();
        boolean in = false;
        for (String raw : text.split("\n")) {
            String l = raw.replaceFirst("//.*$", "").strip();
            if (!in) {
                in = l.startsWith("machine ") && l.endsWith("{");
            } else if (l.equals("}")) {
                break;
            } else if (!l.isEmpty()) {
                out.add(l);
            }
        }
        return out;
    }

    /** @return the {@code machine} block with a provenance comment above every value */
    public String render() {
        StringBuilder b = new StringBuilder();
        b.append("// This machine, measured by `schedlab profile-host` on ").append(date).append(":\n");
        b.append("// kernel ").append(kernel).append(" (uname -r), CPU ").append(model)
                .append(" (/proc/cpuinfo model name).\n");
        b.append("// Cost keys not listed keep the defaults of a machine without a profile (the piii-700 table,\n");
        b.append("// docs/costs.md); every value below is this machine's, with the command that measured it.\n");
        b.append("machine ").append(name).append(" {\n");
        String stamp = date.substring(0, Math.min(10, date.length())) + ", " + kernel + ", " + model + ": ";
        for (Setting s : settings) {
            b.append("\t// ").append(stamp).append(s.provenance()).append('\n');
            b.append('\t').append(s.text()).append('\n');
        }
        for (String n : notes) {
            b.append("\t// not measured: ").append(n).append('\n');
        }
        b.append("}\n");
        return b.toString();
    }
}
