/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.export;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Metric;
import org.schedlab.runner.Comparisons;

/**
 * Writes a result as CSV (RFC 4180: comma separated, CRLF line ends, fields with commas, quotes or line
 * breaks quoted): one row per cell and metric with its statistics over the repeats. A cell that did not
 * complete has one row with its status and message and empty figures. Numbers are plain decimals; a
 * missing number is an empty field.
 */
public final class CsvExporter {
    /** The heading row. */
    public static final List<String> HEADER = List.of("experiment", "cell", "machine", "variant", "params",
            "status", "metric", "unit", "samples", "mean", "stddev", "min", "max", "ci95_low", "ci95_high",
            "message");

    private CsvExporter() {
    }

    /** Writes {@code result} as UTF-8 CSV to {@code out} (which stays open). */
    public static void write(ExperimentResult result, OutputStream out) throws IOException {
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        row(w, HEADER);
        for (Cell cell : result.getCells()) {
            String params = Comparisons.paramsLabel(cell);
            String status = cell.getStatus().getLiteral();
            if (cell.getMetrics().isEmpty()) {
                row(w, List.of(result.getName(), Comparisons.cellLabel(cell), cell.getMachine(), cell.getVariant(),
                        params, status, "", "", "", "", "", "", "", "", "", nz(cell.getMessage())));
            }
            for (Metric m : cell.getMetrics()) {
                row(w, List.of(result.getName(), Comparisons.cellLabel(cell), cell.getMachine(), cell.getVariant(),
                        params, status, m.getName(), nz(m.getUnit()), Integer.toString(m.getSamples()),
                        num(m.getMean()), num(m.getStddev()), num(m.getMin()), num(m.getMax()),
                        num(m.getCi95Low()), num(m.getCi95High()), nz(cell.getMessage())));
            }
        }
        w.flush();
    }

    /** @return {@code v} as a plain decimal ({@code 1234.5}, never {@code 1.2345E3}); empty for NaN */
    public static String num(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return BigDecimal.valueOf(v).toPlainString();
    }

    /** @return the field quoted when it must be */
    public static String field(String s) {
        if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }

    private static void row(Writer w, List<String> fields) throws IOException {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                w.write(',');
            }
            w.write(field(fields.get(i)));
        }
        w.write("\r\n");
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
