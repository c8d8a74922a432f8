/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.results;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.runner.Comparisons;

/**
 * What the results comparison checks before it compares: two results of different experiments are compared only cell
 * by cell where their labels agree, with a warning; results that share no cell are refused; metrics recorded by only
 * one of them are named.
 */
public final class CompareCheck {

    private CompareCheck() {
    }

    /** @return why the two cannot be compared (they share no cell), or null when they can */
    public static String refusal(ExperimentResult first, ExperimentResult second) {
        Set<String> shared = labels(first);
        shared.retainAll(labels(second));
        if (!shared.isEmpty()) {
            return null;
        }
        return "Not compared: " + first.getName() + " and " + second.getName() + " share no cell (first: "
                + String.join(", ", labels(first)) + "; second: " + String.join(", ", labels(second)) + ").";
    }

    /** @return the warnings: different experiments, metrics or cells in only one of them */
    public static List<String> warnings(ExperimentResult first, ExperimentResult second) {
        List<String> out = new ArrayList<>();
        if (!first.getName().equals(second.getName())) {
            out.add("Different experiments (" + first.getName() + " and " + second.getName()
                    + "): cells are compared where their labels agree.");
        }
        List<String> onlyFirst = minus(first.getMetricNames(), second.getMetricNames());
        List<String> onlySecond = minus(second.getMetricNames(), first.getMetricNames());
        if (!onlyFirst.isEmpty() || !onlySecond.isEmpty()) {
            out.add("Different metrics: only in the first " + list(onlyFirst) + ", only in the second "
                    + list(onlySecond) + "; each is shown where it was recorded.");
        }
        List<String> cellsFirst = minus(List.copyOf(labels(first)), List.copyOf(labels(second)));
        List<String> cellsSecond = minus(List.copyOf(labels(second)), List.copyOf(labels(first)));
        if (!cellsFirst.isEmpty() || !cellsSecond.isEmpty()) {
            out.add("Different cells: only in the first " + list(cellsFirst) + ", only in the second "
                    + list(cellsSecond) + ".");
        }
        return out;
    }

    /** @return the metrics of both, the first's order then the second's own */
    public static List<String> metricUnion(ExperimentResult first, ExperimentResult second) {
        Set<String> out = new LinkedHashSet<>(first.getMetricNames());
        out.addAll(second.getMetricNames());
        return List.copyOf(out);
    }

    /** @return the cell labels of both, the first's order then the second's own */
    public static List<String> cellUnion(ExperimentResult first, ExperimentResult second) {
        Set<String> out = labels(first);
        out.addAll(labels(second));
        return List.copyOf(out);
    }

    private static Set<String> labels(ExperimentResult r) {
        Set<String> out = new LinkedHashSet<>();
        for (Cell c : r.getCells()) {
            out.add(Comparisons.cellLabel(c));
        }
        return out;
    }

    private static List<String> minus(List<String> a, List<String> b) {
        return a.stream().filter(x -> !b.contains(x)).toList();
    }

    private static String list(List<String> names) {
        return names.isEmpty() ? "(none)" : String.join(", ", names);
    }
}
