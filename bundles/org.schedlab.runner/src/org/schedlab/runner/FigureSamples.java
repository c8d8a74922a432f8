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
import java.util.Map;
import java.util.TreeMap;
import org.schedlab.dsl.plan.Published;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.RunStatus;

/**
 * The per-seed samples of one published change: seed i of the patched cell paired with seed i of the baseline
 * cell gives one change in %; the patched runs' {@code patched_paths_total} says whether the patch ever ran.
 * Samples accumulate over the rounds of {@link Reproduction} (each round runs new seeds).
 */
final class FigureSamples {
    private final Published figure;
    private final Map<Long, Double> changes = new TreeMap<>();
    private boolean pathsKnown = true;
    private long patchedPaths;
    private boolean wholeDuration = true;

    FigureSamples(Published figure) {
        this.figure = figure;
    }

    Published figure() {
        return figure;
    }

    /** Adds the pairs of seeds that completed in both cells of {@code result}. */
    void add(ExperimentResult result) {
        Map<Long, Run> patched = runs(result, figure.cellLabel());
        Map<Long, Run> base = runs(result, figure.baselineLabel());
        long patchedDuration = durationNs(result, figure.cellLabel());
        long baseDuration = durationNs(result, figure.baselineLabel());
        for (Map.Entry<Long, Run> e : patched.entrySet()) {
            Run b = base.get(e.getKey());
            if (b == null) {
                continue;
            }
            wholeDuration &= e.getValue().getElapsedNs() >= patchedDuration && b.getElapsedNs() >= baseDuration;
            changes.put(e.getKey(), Comparisons.percentDelta(value(e.getValue(), figure.metric()),
                    value(b, figure.metric())));
            double paths = value(e.getValue(), Reproduction.PATCHED_PATHS_TOTAL);
            if (Double.isNaN(paths)) {
                pathsKnown = false;
            } else {
                patchedPaths += (long) paths;
            }
        }
    }

    /** @return the statistics of the per-seed changes, or null with fewer than two completed pairs */
    Stats change() {
        List<Double> v = new ArrayList<>(changes.values());
        return v.size() < 2 || v.stream().anyMatch(d -> Double.isNaN(d)) ? null : Stats.of(v);
    }

    /** @return true when every run of both cells measured the experiment's whole duration (none ended early) */
    boolean ranWholeDuration() {
        return wholeDuration && !changes.isEmpty();
    }

    /** @return the measured duration of the cell {@code label} of {@code result} (max when it has no provenance) */
    private static long durationNs(ExperimentResult result, String label) {
        for (Cell cell : result.getCells()) {
            if (Comparisons.cellLabel(cell).equals(label) && cell.getProvenance() != null) {
                return cell.getProvenance().getDurationNs();
            }
        }
        return Long.MAX_VALUE;
    }

    int repeats() {
        return changes.size();
    }

    /** @return true when every patched run reported patched_paths and all were 0 */
    boolean unaffected() {
        return pathsKnown && !changes.isEmpty() && patchedPaths == 0;
    }

    private static Map<Long, Run> runs(ExperimentResult result, String label) {
        Map<Long, Run> out = new TreeMap<>();
        for (Cell cell : result.getCells()) {
            if (Comparisons.cellLabel(cell).equals(label)) {
                for (Run run : cell.getRuns()) {
                    if (run.getStatus() == RunStatus.OK) {
                        out.put(run.getSeed(), run);
                    }
                }
            }
        }
        return out;
    }

    private static double value(Run run, String metric) {
        for (Metric m : run.getMetrics()) {
            if (m.getName().equals(metric)) {
                return m.getValue();
            }
        }
        return Double.NaN;
    }
}
