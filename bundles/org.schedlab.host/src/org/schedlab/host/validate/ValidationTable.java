/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.schedlab.host.ProfileComparison;

/** The validate-host table: {@code case  metric  measured (min..max)  simulated  ratio  verdict}, aligned. */
public final class ValidationTable {

    private ValidationTable() {
    }

    /** @return the table, a header and one line per row */
    public static String format(List<ValidationRow> rows) {
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] { "case", "metric", "measured (min..max)", "simulated", "ratio", "verdict" });
        for (ValidationRow r : rows) {
            String unit = r.unit().isEmpty() ? "" : " " + r.unit();
            String measured = Double.isNaN(r.median()) ? "-"
                    : num(r.median()) + unit + " (" + num(r.min()) + ".." + num(r.max()) + ")";
            lines.add(new String[] { r.caseId(), r.metric(), measured,
                    Double.isNaN(r.simulated()) ? "-" : num(r.simulated()) + unit,
                    Double.isNaN(r.ratio()) ? "-" : String.format(Locale.ROOT, "%.2f", r.ratio()), r.verdict() });
        }
        return aligned(lines, 2, 4);
    }

    /**
     * @return the change table: {@code case  change  metric  measured change (min..max)  simulated change  verdict},
     *         changes with their sign ({@code +12.3 %}, {@code -4.1 points})
     */
    public static String formatChanges(List<ChangeRow> rows) {
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] { "case", "change", "metric", "measured change (min..max)", "simulated change",
                "verdict" });
        for (ChangeRow r : rows) {
            String unit = r.points() ? " points" : " %";
            String measured = Double.isNaN(r.measured()) ? "-" : signed(r.measured()) + unit + " (" + signed(r.min())
                    + ".." + signed(r.max()) + ")";
            lines.add(new String[] { r.caseId(), r.change(), r.metric(), measured,
                    Double.isNaN(r.simulated()) ? "-" : signed(r.simulated()) + unit, r.verdict() });
        }
        return aligned(lines, 3, 4);
    }

    /**
     * @param states  per case, the drifting cost keys it was simulated with ({@code cost KEY = VALUE UNIT})
     * @param profile the profile's machine block lines
     * @return the host's state table: the profile's line first, then one per case, a column per key (its unit in the
     *         header), then the workload arguments measured before a case ({@code param} lines) one a line; empty
     *         when no case has a state
     */
    public static String formatStates(Map<String, List<String>> states, List<String> profile) {
        String base = String.join("\n", profile);
        Map<String, String> units = new LinkedHashMap<>();
        Map<String, Long> theProfile = new LinkedHashMap<>();
        Map<String, Map<String, Long>> cases = new LinkedHashMap<>();
        states.forEach((id, ls) -> {
            Map<String, Long> row = new LinkedHashMap<>();
            for (ProfileComparison c : ProfileComparison.compare(String.join("\n", ls), base)) {
                units.putIfAbsent(c.key(), c.unit());
                theProfile.put(c.key(), c.other());
                row.put(c.key(), c.now());
            }
            cases.put(id, row);
        });
        StringBuilder params = new StringBuilder();
        states.forEach((id, ls) -> ls.stream().filter(l -> l.startsWith(CaseSimulation.PARAM)).forEach(l -> params
                .append(id).append(": ").append(l.substring(CaseSimulation.PARAM.length())).append('\n')));
        String measured = params.isEmpty() ? "" : "workload arguments measured before the case's runs\n" + params;
        if (units.isEmpty()) {
            return measured;
        }
        List<String[]> lines = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of("host state"));
        units.forEach((k, u) -> head.add(k + " (" + u + ")"));
        lines.add(head.toArray(String[]::new));
        lines.add(stateLine("the profile", theProfile, units));
        cases.forEach((id, row) -> lines.add(stateLine(id, row, units)));
        return aligned(lines, 1, head.size() - 1) + (measured.isEmpty() ? "" : "\n" + measured);
    }

    private static String[] stateLine(String name, Map<String, Long> values, Map<String, String> units) {
        List<String> out = new ArrayList<>(List.of(name));
        units.keySet().forEach(k -> out.add(values.containsKey(k) ? Long.toString(values.get(k)) : "-"));
        return out.toArray(String[]::new);
    }

    /** @return {@code v} with its sign and one decimal ({@code +12.3}, {@code -0.4}) */
    static String signed(double v) {
        return String.format(Locale.ROOT, "%+.1f", v);
    }

    /** @return the lines in columns, the last one unpadded, columns first..last right-aligned */
    private static String aligned(List<String[]> lines, int first, int last) {
        int cols = lines.get(0).length;
        int[] w = new int[cols];
        for (String[] l : lines) {
            for (int i = 0; i < cols; i++) {
                w[i] = Math.max(w[i], l[i].length());
            }
        }
        StringBuilder b = new StringBuilder();
        for (String[] l : lines) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < cols; i++) {
                line.append(i == cols - 1 ? l[i] : pad(l[i], w[i] + 2, i >= first && i <= last));
            }
            b.append(line.toString().stripTrailing()).append('\n');
        }
        return b.toString();
    }

    private static String pad(String s, int width, boolean right) {
        String fill = " ".repeat(Math.max(0, width - 2 - s.length()));
        return (right ? fill + s : s + fill) + "  ";
    }

    /** @return a figure with three significant digits, thousands grouped */
    static String num(double v) {
        double a = Math.abs(v);
        if (a == 0) {
            return "0";
        }
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 0.01) {
            return String.format(Locale.ROOT, "%.3f", v);
        }
        return String.format(Locale.ROOT, "%.2e", v);
    }
}
