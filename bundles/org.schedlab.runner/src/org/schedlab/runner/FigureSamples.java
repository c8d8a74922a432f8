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
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.Run;

/**
 * The per-seed samples of one published change: seed i of the patched cell paired with seed i of the baseline
 * cell gives one change in %; the patched runs' {@code patched_paths_total} says whether the patch ever ran.
 * Samples accumulate seed by seed as {@link FigureRun} receives them.
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

    /**
     * Adds one pair: seed i of the patched cell against seed i of the baseline, each run measuring the duration
     * given (a run that ended sooner ended with its workload).
     */
    void add(Run patched, Run base, long patchedDurationNs, long baseDurationNs) {
        wholeDuration &= patched.getElapsedNs() >= patchedDurationNs && base.getElapsedNs() >= baseDurationNs;
        changes.put(patched.getSeed(), Comparisons.percentDelta(value(patched, figure.metric()),
                value(base, figure.metric())));
        double paths = value(patched, Reproduction.PATCHED_PATHS_TOTAL);
        if (Double.isNaN(paths)) {
            pathsKnown = false;
        } else {
            patchedPaths += (long) paths;
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

    int repeats() {
        return changes.size();
    }

    /** @return true when every patched run reported patched_paths and all were 0 */
    boolean unaffected() {
        return pathsKnown && !changes.isEmpty() && patchedPaths == 0;
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
