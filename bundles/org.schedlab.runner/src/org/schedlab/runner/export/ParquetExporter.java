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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.Parameter;
import org.schedlab.model.results.Run;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.ParameterValues;
import org.schedlab.runner.export.ParquetWriter.Column;
import org.schedlab.runner.export.ParquetWriter.Type;

/**
 * A result as an Apache Parquet table, one row per run: {@code experiment}, {@code cell}, {@code machine},
 * {@code variant}, one column per sweep parameter, {@code seed}, {@code status}, one column per metric. A parameter
 * whose every value is a number with the same unit ({@code 150 cycles}) is a DOUBLE column named with its unit
 * ({@code cost.ipi_send_cycles}, {@code work_ns}; plain counts keep their name), else text. Metrics are DOUBLE in
 * the metric's unit; a run without a metric (failed, cancelled) has null there.
 */
public final class ParquetExporter {

    private ParquetExporter() {
    }

    public static void write(ExperimentResult result, OutputStream out) throws IOException {
        ParquetWriter.write(columns(result), out);
    }

    /** @return the table's columns */
    public static List<Column> columns(ExperimentResult result) {
        Set<String> params = new TreeSet<>();
        Set<String> metrics = new LinkedHashSet<>(result.getMetricNames());
        for (Cell c : result.getCells()) {
            c.getParameters().forEach(p -> params.add(p.getKey()));
            c.getRuns().forEach(r -> r.getMetrics().forEach(m -> metrics.add(m.getName())));
        }
        Map<String, List<Object>> text = new LinkedHashMap<>();
        for (String k : List.of("experiment", "cell", "machine", "variant")) {
            text.put(k, new ArrayList<>());
        }
        Map<String, List<String>> paramValues = new LinkedHashMap<>();
        params.forEach(p -> paramValues.put(p, new ArrayList<>()));
        List<Object> seeds = new ArrayList<>();
        List<Object> status = new ArrayList<>();
        Map<String, List<Object>> metricValues = new LinkedHashMap<>();
        metrics.forEach(m -> metricValues.put(m, new ArrayList<>()));
        for (Cell c : result.getCells()) {
            Map<String, String> cp = new LinkedHashMap<>();
            for (Parameter p : c.getParameters()) {
                cp.put(p.getKey(), p.getValue());
            }
            for (Run r : c.getRuns()) {
                text.get("experiment").add(result.getName());
                text.get("cell").add(Comparisons.cellLabel(c));
                text.get("machine").add(c.getMachine());
                text.get("variant").add(c.getVariant());
                params.forEach(p -> paramValues.get(p).add(cp.get(p)));
                seeds.add(r.getSeed());
                status.add(r.getStatus().getLiteral());
                Map<String, Double> rm = new LinkedHashMap<>();
                for (Metric m : r.getMetrics()) {
                    rm.put(m.getName(), m.getValue());
                }
                metrics.forEach(m -> metricValues.get(m).add(rm.get(m)));
            }
        }
        List<Column> out = new ArrayList<>();
        text.forEach((k, v) -> out.add(new Column(k, Type.STRING, v)));
        paramValues.forEach((k, v) -> out.add(parameter(k, v)));
        out.add(new Column("seed", Type.INT64, seeds));
        out.add(new Column("status", Type.STRING, status));
        metricValues.forEach((k, v) -> out.add(new Column(k, Type.DOUBLE, v)));
        return out;
    }

    /** @return a DOUBLE column when every value is a number with one unit, else a text column */
    static Column parameter(String name, List<String> values) {
        return ParameterValues.numbers(values)
                .map(n -> new Column(n.unit().isEmpty() ? name : name + "_" + n.unit(), Type.DOUBLE, n.values()))
                .orElseGet(() -> new Column(name, Type.STRING, values));
    }
}
