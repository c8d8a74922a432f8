/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One metric of an experiment laid out as the seeds print it: a row per variant, a column per machine (and
 * sweep point), then one row per non-baseline variant with its change against the baseline in percent.
 * A missing value (the cell failed or was cancelled) is {@link Double#NaN}.
 *
 * @param metric   metric name
 * @param unit     metric unit
 * @param baseline the variant deltas are against
 * @param columns  column headings: machine, or machine[k=v,...] with a sweep
 * @param rows     one row per variant, values in unit (the mean over repeats)
 * @param deltas   one row per variant but the baseline: (value - baseline) / baseline * 100
 */
public record DeltaTable(String metric, String unit, String baseline, List<String> columns, List<Row> rows,
                         List<Row> deltas) {
    public DeltaTable {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        deltas = List.copyOf(deltas);
    }

    /**
     * One row.
     *
     * @param variant variant name
     * @param values  one value per column
     */
    public record Row(String variant, List<Double> values) {
        public Row {
            values = List.copyOf(values);
        }
    }

    /** @return the value of {@code variant} in column {@code column} ({@code NaN} when absent) */
    public double value(String variant, String column) {
        return find(rows, variant, column);
    }

    /** @return the % delta of {@code variant} against the baseline in {@code column} ({@code NaN} when absent) */
    public double delta(String variant, String column) {
        return find(deltas, variant, column);
    }

    private double find(List<Row> in, String variant, String column) {
        int c = columns.indexOf(column);
        for (Row r : in) {
            if (r.variant().equals(variant) && c >= 0) {
                return r.values().get(c);
            }
        }
        return Double.NaN;
    }

    /**
     * @return the table as fixed-width text: a title naming metric, unit and baseline, a heading line, the
     *         value rows, then the delta rows ({@code -} for a missing figure)
     */
    public String render() {
        int first = "% vs ".length() + 1;
        for (Row r : rows) {
            first = Math.max(first, r.variant().length() + 6);
        }
        first = Math.max(first, ("% vs " + baseline).length() + 6);
        List<Integer> widths = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            int w = Math.max(10, columns.get(c).length());
            for (Row r : rows) {
                w = Math.max(w, formatValue(r.values().get(c)).length());
            }
            widths.add(w);
        }
        StringBuilder sb = new StringBuilder();
        sb.append(metric).append(" (").append(unit).append("), deltas against ").append(baseline).append('\n');
        line(sb, first, "", columns, widths);
        for (Row r : rows) {
            line(sb, first, r.variant(), r.values().stream().map(DeltaTable::formatValue).toList(), widths);
        }
        for (Row r : deltas) {
            line(sb, first, r.variant() + " %", r.values().stream().map(DeltaTable::formatDelta).toList(), widths);
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, int first, String head, List<String> cells, List<Integer> widths) {
        sb.append(String.format(Locale.ROOT, "%-" + first + "s", head));
        for (int c = 0; c < cells.size(); c++) {
            sb.append("  ").append(String.format(Locale.ROOT, "%" + widths.get(c) + "s", cells.get(c)));
        }
        sb.append('\n');
    }

    /**
     * @return a value with up to 4 significant decimals and thousands separators ({@code 12,500}), as the charts'
     *         ticks, {@code -} for NaN
     */
    public static String formatValue(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (Math.abs(v) >= 1000 || v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%,.0f", v == 0 ? 0.0 : v);
        }
        return String.format(Locale.ROOT, "%.4g", v);
    }

    /** @return a signed percentage with one decimal, {@code -} for NaN */
    public static String formatDelta(double d) {
        return Double.isNaN(d) ? "-" : String.format(Locale.ROOT, "%+.1f%%", d);
    }
}
