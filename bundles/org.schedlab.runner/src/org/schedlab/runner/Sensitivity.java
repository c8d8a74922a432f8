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
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.plan.Published;
import org.schedlab.dsl.translate.UncertainValues;
import org.schedlab.dsl.translate.UncertainValues.End;
import org.schedlab.dsl.translate.UncertainValues.Uncertain;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.RunStatus;
import org.schedlab.sim.SimConfig;

/**
 * How far each published change moves when one uncertain value moves across its plausible range
 * ({@code schedlab sensitivity}). For each figure, its patched and baseline cells run at the nominal values and, one
 * uncertain value at a time, at the low and the high end of its range, every other value at its default, each
 * with the same seeds; a change is the mean over seeds of seed i's % change against seed i of the baseline, as
 * {@code schedlab reproduce} computes it. Every (cell, end, seed) is one job of one plan, so all cores work.
 */
public final class Sensitivity {
    /** The cell parameter that tells the shifted copies of a cell apart. */
    public static final String SHIFTED = "~sensitivity";

    /** Seeds per cell unless told otherwise (the command line's {@code --repeats}, the workbench's dialog). */
    public static final int DEFAULT_REPEATS = 2;

    private static final java.util.regex.Pattern DURATION = java.util.regex.Pattern
            .compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(ns|us|ms|s)\\s*");

    /**
     * How figures are run.
     *
     * @param repeats    seeds per cell (the plan's seeds, the same at every end)
     * @param durationNs measured simulated time per run; 0: the experiment's own
     */
    public record Settings(int repeats, long durationNs) {
        public Settings {
            if (repeats < 1) {
                throw new IllegalArgumentException("repeats must be at least 1, not " + repeats);
            }
            if (durationNs < 0) {
                throw new IllegalArgumentException("the duration must not be negative");
            }
        }
    }

    /**
     * One uncertain value's effect on one figure.
     *
     * @param figure    figure id
     * @param parameter the uncertain value's name
     * @param low       low end of its range, as text
     * @param high      high end
     * @param nominal   the figure's simulated change at the defaults, %
     * @param noise     the standard deviation of the per-seed changes at the defaults, percentage points (NaN
     *                  with one seed): swings of this order are the seeds' doing as much as the value's
     * @param atLow     its change with the value at the low end, %
     * @param atHigh    its change at the high end, %
     * @param reason    why the range is plausible
     */
    public record Row(String figure, String parameter, String low, String high, double nominal, double noise,
                      double atLow, double atHigh, String reason) {
        /** @return how far the change moves across the range, percentage points */
        public double swing() {
            return Math.abs(atHigh - atLow);
        }
    }

    private Sensitivity() {
    }

    /**
     * @return nanoseconds of a measured time per run as the user writes it ({@code 2s}, {@code 500 ms}); 0 for null
     *         (the experiment's own duration)
     * @throws IllegalArgumentException saying what is wrong, to follow "the duration ..." or an option's name
     */
    public static long durationNs(String text) {
        if (text == null) {
            return 0;
        }
        java.util.regex.Matcher m = DURATION.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("needs a time such as 2s or 500ms, not '" + text + "'");
        }
        double factor = switch (m.group(2)) {
            case "ns" -> 1;
            case "us" -> 1e3;
            case "ms" -> 1e6;
            default -> 1e9;
        };
        long ns = Math.round(Double.parseDouble(m.group(1)) * factor);
        if (ns <= 0) {
            throw new IllegalArgumentException("must be positive, not '" + text + "'");
        }
        return ns;
    }

    /**
     * @return per figure of {@code plan} whose id is in {@code only} (every published change when empty), one row
     *         per uncertain value, the figures in plan order and each figure's rows by swing, largest first
     */
    public static List<Row> run(ExperimentPlan plan, List<Uncertain> uncertain, Set<String> only, Settings settings,
                                Function<ExperimentPlan, ExperimentResult> run) {
        List<Published> figures = figures(plan, only);
        if (figures.isEmpty()) {
            return List.of();
        }
        ExperimentPlan jobs = plan(plan, figures, uncertain, settings);
        return rows(figures, uncertain, run.apply(jobs));
    }

    /** @return the published changes of {@code plan} that {@code only} selects (every one when empty) */
    public static List<Published> figures(ExperimentPlan plan, Set<String> only) {
        return plan.published().stream().filter(p -> p.isChange() && (only.isEmpty() || only.contains(p.id())))
                .toList();
    }

    /**
     * @return the rows of {@code figures} from the result of their {@link #plan}: per figure, one row per uncertain
     *         value, each figure's rows by swing, largest first
     */
    public static List<Row> rows(List<Published> figures, List<Uncertain> uncertain, ExperimentResult result) {
        Map<String, Map<Long, Map<String, Double>>> values = values(result);
        List<Row> rows = new ArrayList<>();
        for (Published f : figures) {
            double nominal = change(values, f, Map.of());
            List<Double> atDefaults = changes(values, f, Map.of());
            double noise = atDefaults.size() < 2 ? Double.NaN : Stats.of(atDefaults).stddev();
            List<Row> mine = new ArrayList<>();
            for (Uncertain u : uncertain) {
                mine.add(new Row(f.id(), u.name(), u.low(), u.high(), nominal, noise,
                        change(values, f, shifted(u, End.LOW)), change(values, f, shifted(u, End.HIGH)), u.reason()));
            }
            mine.sort(Comparator.comparingDouble((Row r) -> Double.isNaN(r.swing()) ? -1 : r.swing()).reversed());
            rows.addAll(mine);
        }
        return rows;
    }

    /**
     * @return the plan of every run: each figure's two cells at the defaults and, per uncertain value and end, a
     *         copy of them with the value at that end (cell parameter {@value #SHIFTED} = {@code NAME@low});
     *         the plan's first {@code repeats} seeds; the figures' metrics
     */
    public static ExperimentPlan plan(ExperimentPlan plan, List<Published> figures, List<Uncertain> uncertain,
                                      Settings settings) {
        return plan(plan, figures, uncertain, settings, c -> settings.durationNs());
    }

    /**
     * As above, each cell and its shifted copies measuring {@code durationOf} of the cell (ns; 0: the experiment's
     * own), so that a shortened job shortens every end of a cell alike.
     */
    public static ExperimentPlan plan(ExperimentPlan plan, List<Published> figures, List<Uncertain> uncertain,
                                      Settings settings, java.util.function.ToLongFunction<CellSpec> durationOf) {
        Set<String> ids = new LinkedHashSet<>();
        Set<String> metrics = new LinkedHashSet<>();
        figures.forEach(f -> {
            ids.add(f.id());
            metrics.add(f.metric());
        });
        ExperimentPlan only = plan.onlyFigures(ids);
        List<CellSpec> cells = new ArrayList<>();
        for (CellSpec c : only.cells()) {
            cells.add(copy(c, c.config(), Map.of(), durationOf.applyAsLong(c)));
        }
        for (Uncertain u : uncertain) {
            for (End end : End.values()) {
                for (CellSpec c : only.cells()) {
                    cells.add(copy(c, u.shift().at(c, end), shifted(u, end), durationOf.applyAsLong(c)));
                }
            }
        }
        CellSpec first = plan.cells().get(0);
        List<Long> seeds = IntStream.range(0, settings.repeats()).mapToObj(r -> plan.seed(first, r)).toList();
        return new ExperimentPlan(plan.name(), cells, plan.baselineVariant(), settings.repeats(),
                List.copyOf(metrics), only.published(), plan.source(), plan.sourceHash(), seeds);
    }

    private static Map<String, String> shifted(Uncertain u, End end) {
        return Map.of(SHIFTED, u.name() + "@" + end.name().toLowerCase(java.util.Locale.ROOT));
    }

    private static CellSpec copy(CellSpec c, SimConfig config, Map<String, String> marker, long durationNs) {
        Map<String, String> params = new TreeMap<>(c.params());
        params.putAll(marker);
        SimConfig x = durationNs == 0 ? config : new SimConfig(config.machine(), config.engine(),
                config.scheduler(), config.workload(), durationNs, config.seed(), config.checkInvariants(),
                config.traceLimit(), config.warmupNs());
        return new CellSpec(c.experiment(), c.machineName(), c.variantName(), params, x);
    }

    /** @return per cell label, per seed, the metrics of the completed runs by name */
    private static Map<String, Map<Long, Map<String, Double>>> values(ExperimentResult result) {
        Map<String, Map<Long, Map<String, Double>>> out = new HashMap<>();
        for (Cell cell : result.getCells()) {
            Map<Long, Map<String, Double>> bySeed = new TreeMap<>();
            for (Run run : cell.getRuns()) {
                if (run.getStatus() == RunStatus.OK) {
                    Map<String, Double> metrics = new HashMap<>();
                    for (Metric m : run.getMetrics()) {
                        metrics.put(m.getName(), m.getValue());
                    }
                    bySeed.put(run.getSeed(), metrics);
                }
            }
            out.put(Comparisons.cellLabel(cell), bySeed);
        }
        return out;
    }

    /** @return the mean over seeds of the per-seed % change of figure {@code f} with {@code marker}; NaN without pairs */
    static double change(Map<String, Map<Long, Map<String, Double>>> values, Published f, Map<String, String> marker) {
        List<Double> changes = changes(values, f, marker);
        return changes.isEmpty() ? Double.NaN : changes.stream().mapToDouble(Double::doubleValue).sum()
                / changes.size();
    }

    /** @return the per-seed % changes of figure {@code f} with {@code marker}, in seed order */
    static List<Double> changes(Map<String, Map<Long, Map<String, Double>>> values, Published f,
                                Map<String, String> marker) {
        Map<String, String> params = new TreeMap<>(f.params());
        params.putAll(marker);
        Map<Long, Map<String, Double>> patched = values.get(CellSpec.label(f.machineName(), f.variantName(), params));
        Map<Long, Map<String, Double>> base = values.get(CellSpec.label(f.machineName(), f.against(), params));
        List<Double> out = new ArrayList<>();
        if (patched == null || base == null) {
            return out;
        }
        for (Map.Entry<Long, Map<String, Double>> e : patched.entrySet()) {
            Map<String, Double> b = base.get(e.getKey());
            Double p = e.getValue().get(f.metric());
            if (b != null && p != null && b.get(f.metric()) != null) {
                out.add(Comparisons.percentDelta(p, b.get(f.metric())));
            }
        }
        return out;
    }
}
