/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * A recorded and a simulated trace side by side: switch rate, utilisation per CPU, CPU time per task (grouped by
 * comm, {@link TraceSummary#key(String)}), each with the ratio simulated / real.
 *
 * @param rows {what, real, simulated, ratio} in print order
 */
public record TraceComparison(List<String[]> rows) {

    /** @return the comparison of {@code real} and {@code sim}, tasks with the most real CPU time first */
    public static TraceComparison of(TraceSummary real, TraceSummary sim) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] { "what", "real", "simulated", "sim/real" });
        rows.add(row("span (s)", real.spanNs() / 1e9, sim.spanNs() / 1e9, "%.3f"));
        rows.add(row("switches/s", real.switchRate(), sim.switchRate(), "%.0f"));
        TreeSet<Integer> cpus = new TreeSet<>(real.utilisation().keySet());
        cpus.addAll(sim.utilisation().keySet());
        for (int c : cpus) {
            rows.add(row("CPU" + c + " busy (%)", real.utilisation().getOrDefault(c, 0.0),
                    sim.utilisation().getOrDefault(c, 0.0), "%.1f"));
        }
        Map<String, long[]> r = real.cpuByTask();
        Map<String, long[]> s = sim.cpuByTask();
        List<String> keys = new ArrayList<>(r.keySet());
        keys.sort((a, b) -> Long.compare(r.get(b)[1], r.get(a)[1]));
        s.keySet().stream().filter(k -> !r.containsKey(k)).sorted().forEach(keys::add);
        int shown = 0;
        for (String k : keys) {
            if (shown++ == 12) {
                rows.add(new String[] { "(" + (keys.size() - 12) + " more comms)", "", "", "" });
                break;
            }
            long[] a = r.getOrDefault(k, new long[2]);
            long[] b = s.getOrDefault(k, new long[2]);
            String[] x = row(k + " CPU ms/s (" + a[0] + "/" + b[0] + " tasks)", a[1] / 1e6 / (real.spanNs() / 1e9),
                    b[1] / 1e6 / (sim.spanNs() / 1e9), "%.1f");
            rows.add(x);
        }
        return new TraceComparison(rows);
    }

    private static String[] row(String what, double real, double sim, String fmt) {
        return new String[] { what, String.format(Locale.ROOT, fmt, real), String.format(Locale.ROOT, fmt, sim),
                real == 0 ? "-" : String.format(Locale.ROOT, "%.2f", sim / real) };
    }

    /** @return the ratio sim/real of the row whose first column is {@code what}, NaN when absent or real is 0 */
    public double ratio(String what) {
        for (String[] r : rows) {
            if (r[0].equals(what)) {
                return r[3].equals("-") ? Double.NaN : Double.parseDouble(r[3]);
            }
        }
        return Double.NaN;
    }

    /** @return the rows as an aligned table */
    public String table() {
        int[] w = new int[4];
        for (String[] r : rows) {
            for (int i = 0; i < 4; i++) {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        StringBuilder b = new StringBuilder();
        for (String[] r : rows) {
            b.append(String.format(Locale.ROOT, "%-" + w[0] + "s  %" + w[1] + "s  %" + w[2] + "s  %" + w[3] + "s",
                    (Object[]) r).stripTrailing()).append('\n');
        }
        return b.toString();
    }
}
