/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.schedlab.runner.DeltaTable;

/**
 * An aligned text table: a header and rows of cells, two spaces between columns, number columns right-aligned.
 * The printing and number formatting of every published-versus-simulated table of the command line.
 */
final class AlignedTable {

    private final String[] header;
    private final Set<Integer> numberColumns;
    private final List<String[]> rows = new ArrayList<>();

    /** @param numberColumns indices of the columns to right-align */
    AlignedTable(Set<Integer> numberColumns, String... header) {
        this.header = header;
        this.numberColumns = numberColumns;
    }

    void add(String... cells) {
        if (cells.length != header.length) {
            throw new IllegalArgumentException("a row of " + cells.length + " cells in a table of " + header.length);
        }
        rows.add(cells);
    }

    void print(PrintStream out) {
        List<String[]> lines = new ArrayList<>();
        lines.add(header);
        lines.addAll(rows);
        int[] width = new int[header.length];
        for (String[] line : lines) {
            for (int i = 0; i < line.length; i++) {
                width[i] = Math.max(width[i], line[i].length());
            }
        }
        for (String[] line : lines) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < line.length; i++) {
                b.append(pad(line[i], width[i], numberColumns.contains(i))).append(i + 1 < line.length ? "  " : "");
            }
            out.println(b.toString().stripTrailing());
        }
    }

    /** @return {@code v} with its unit: {@code +34.8 %} for a percentage, {@code 11022 messages/s}, or n/a */
    static String value(double v, String unit) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if ("%".equals(unit)) {
            return String.format(Locale.ROOT, "%+.1f %%", v);
        }
        return DeltaTable.formatValue(v) + (unit == null || unit.isEmpty() ? "" : " " + unit);
    }

    /** @return a band {@code low .. high}, {@code >= low}, {@code <= high} or {@code none} */
    static String band(double low, double high, String unit) {
        boolean hasLow = !Double.isInfinite(low);
        boolean hasHigh = !Double.isInfinite(high);
        if (hasLow && hasHigh) {
            return value(low, unit) + " .. " + value(high, unit);
        }
        if (hasLow) {
            return ">= " + value(low, unit);
        }
        if (hasHigh) {
            return "<= " + value(high, unit);
        }
        return "none";
    }

    private static String pad(String s, int width, boolean right) {
        String fill = " ".repeat(Math.max(0, width - s.length()));
        return right ? fill + s : s + fill;
    }
}
