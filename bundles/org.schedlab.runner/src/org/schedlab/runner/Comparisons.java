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
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.Published;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.Comparison;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.Parameter;
import org.schedlab.model.results.ResultsFactory;
import org.schedlab.model.results.RunStatus;

/**
 * Reads comparisons out of a result as plain objects: deltas against the baseline variant
 * ({@link DeltaTable}) and published figures against simulated ones ({@link PublishedRow}).
 */
public final class Comparisons {
    private Comparisons() {
    }

    /** @return one delta table per metric of the result, in the result's metric order */
    public static List<DeltaTable> deltaTables(ExperimentResult result) {
        List<DeltaTable> tables = new ArrayList<>();
        for (String metric : result.getMetricNames()) {
            tables.add(deltaTable(result, metric));
        }
        return tables;
    }

    /** @return the delta table of one metric: rows per variant, columns per machine (and sweep point) */
    public static DeltaTable deltaTable(ExperimentResult result, String metric) {
        Set<String> columns = new LinkedHashSet<>();
        Set<String> variants = new LinkedHashSet<>();
        Map<String, Map<String, Double>> values = new LinkedHashMap<>();
        String unit = "";
        for (Cell cell : result.getCells()) {
            String column = columnLabel(cell);
            columns.add(column);
            variants.add(cell.getVariant());
            Metric m = metric(cell, metric);
            if (m != null) {
                unit = m.getUnit();
            }
            values.computeIfAbsent(cell.getVariant(), k -> new LinkedHashMap<>()).put(column,
                    m == null ? Double.NaN : m.getMean());
        }
        String baseline = result.getBaselineVariant() != null && variants.contains(result.getBaselineVariant())
                ? result.getBaselineVariant() : variants.iterator().next();
        List<String> cols = List.copyOf(columns);
        List<DeltaTable.Row> rows = new ArrayList<>();
        List<DeltaTable.Row> deltas = new ArrayList<>();
        for (String variant : variants) {
            List<Double> row = new ArrayList<>();
            List<Double> delta = new ArrayList<>();
            for (String c : cols) {
                double v = values.get(variant).getOrDefault(c, Double.NaN);
                double base = values.get(baseline).getOrDefault(c, Double.NaN);
                row.add(v);
                delta.add(percentDelta(v, base));
            }
            rows.add(new DeltaTable.Row(variant, row));
            if (!variant.equals(baseline)) {
                deltas.add(new DeltaTable.Row(variant, delta));
            }
        }
        return new DeltaTable(metric, unit, baseline, cols, rows, deltas);
    }

    /** @return (value - base) / base * 100; NaN when either is missing or base is 0 */
    public static double percentDelta(double value, double base) {
        if (Double.isNaN(value) || Double.isNaN(base) || base == 0) {
            return Double.NaN;
        }
        return (value - base) / Math.abs(base) * 100;
    }

    /** @return the published-versus-simulated rows stored in the result */
    public static List<PublishedRow> published(ExperimentResult result) {
        List<PublishedRow> rows = new ArrayList<>();
        for (Comparison c : result.getComparisons()) {
            rows.add(new PublishedRow(c.getId(), result.getName(), c.getCell(), c.getMetric(), c.getUnit(),
                    c.getPublished(), c.getSimulated(), c.getBandLow(), c.getBandHigh(), c.isOk()));
        }
        return rows;
    }

    /** @return one line per cell that did not complete: {@code label: failed|cancelled: message} */
    public static List<String> problems(ExperimentResult result) {
        List<String> out = new ArrayList<>();
        for (Cell cell : result.getCells()) {
            if (cell.getStatus() != RunStatus.OK) {
                out.add(cellLabel(cell) + ": " + cell.getStatus().getLiteral()
                        + (cell.getMessage() == null ? "" : ": " + cell.getMessage()));
            }
        }
        return out;
    }

    /** @return true when every published figure of the result lies in its band */
    public static boolean allWithinBands(ExperimentResult result) {
        return result.getComparisons().stream().allMatch(Comparison::isOk);
    }

    /** @return {@code machine/variant} or {@code machine/variant[k=v,...]}, as {@link CellSpec#label()} */
    public static String cellLabel(Cell cell) {
        return CellSpec.label(cell.getMachine(), cell.getVariant(), params(cell));
    }

    /** @return the cell's sweep point as {@code k=v,k=v} (empty without a sweep) */
    public static String paramsLabel(Cell cell) {
        return CellSpec.paramsLabel(params(cell));
    }

    /** @return the column a cell goes in: its machine, with its sweep point if any */
    public static String columnLabel(Cell cell) {
        String p = CellSpec.paramsLabel(params(cell));
        return p.isEmpty() ? cell.getMachine() : cell.getMachine() + "[" + p + "]";
    }

    /** @return the cell's metric by name, or null (also when the cell did not complete) */
    public static Metric metric(Cell cell, String name) {
        if (cell.getStatus() != RunStatus.OK) {
            return null;
        }
        for (Metric m : cell.getMetrics()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        return null;
    }

    /** @return the comparisons of {@code published} against the cells of {@code result}, in order */
    static List<Comparison> against(List<Published> published, ExperimentResult result) {
        List<Comparison> out = new ArrayList<>();
        for (Published p : published) {
            Comparison c = ResultsFactory.eINSTANCE.createComparison();
            c.setId(p.id());
            c.setCell(p.cellLabel());
            c.setMetric(p.metric());
            c.setUnit(p.unit());
            c.setPublished(p.value());
            c.setBandLow(p.bandLow());
            c.setBandHigh(p.bandHigh());
            double simulated = Double.NaN;
            for (Cell cell : result.getCells()) {
                Metric m = cellLabel(cell).equals(p.cellLabel()) ? metric(cell, p.metric()) : null;
                if (m != null) {
                    simulated = m.getMean();
                    if (p.unit().isEmpty()) {
                        c.setUnit(m.getUnit()); // a figure published without a unit is in the metric's unit
                    }
                }
            }
            if (p.isChange()) {
                simulated = percentDelta(simulated, meanOf(result, p.baselineLabel(), p.metric()));
                c.setCell(p.cellLabel() + " vs " + p.against());
            } else if (p.isRatio()) {
                simulated /= meanOf(result, p.overLabel(), p.metric());
                c.setCell(p.cellLabel() + " / " + CellSpec.paramsLabel(p.over()));
                c.setUnit("x");
            }
            c.setSimulated(simulated);
            c.setOk(p.accepts(simulated));
            out.add(c);
        }
        return out;
    }

    private static double meanOf(ExperimentResult result, String label, String metric) {
        for (Cell cell : result.getCells()) {
            Metric m = cellLabel(cell).equals(label) ? metric(cell, metric) : null;
            if (m != null) {
                return m.getMean();
            }
        }
        return Double.NaN;
    }

    private static Map<String, String> params(Cell cell) {
        Map<String, String> m = new TreeMap<>();
        for (Parameter p : cell.getParameters()) {
            m.put(p.getKey(), p.getValue());
        }
        return m;
    }
}
