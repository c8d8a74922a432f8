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
import java.util.List;

import org.schedlab.model.results.ExperimentResult;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.DeltaTable;

/**
 * A row of the results editor's comparison table: a variant's values of one metric per machine, or its change in
 * percent against the baseline variant.
 *
 * @param metric  metric name
 * @param unit    metric unit
 * @param variant the variant
 * @param label   what the first column shows
 * @param cells   the formatted values, one per column of the table
 * @param delta   true for a "% vs baseline" row
 */
record ComparisonRow(String metric, String unit, String variant, String label, List<String> cells, boolean delta) {

    /** @return the rows of every metric of {@code result}: values first, then deltas, metric after metric */
    static List<ComparisonRow> of(ExperimentResult result) {
        List<ComparisonRow> out = new ArrayList<>();
        if (result.getCells().isEmpty()) {
            return out;
        }
        for (DeltaTable t : Comparisons.deltaTables(result)) {
            for (DeltaTable.Row r : t.rows()) {
                out.add(new ComparisonRow(t.metric(), t.unit(), r.variant(), r.variant(),
                        r.values().stream().map(DeltaTable::formatValue).toList(), false));
            }
            for (DeltaTable.Row r : t.deltas()) {
                out.add(new ComparisonRow(t.metric(), t.unit(), r.variant(), r.variant() + "  % vs " + t.baseline(),
                        r.values().stream().map(DeltaTable::formatDelta).toList(), true));
            }
        }
        return out;
    }

    /** @return the machine columns of {@code result}'s tables */
    static List<String> columns(ExperimentResult result) {
        return result.getCells().isEmpty() || result.getMetricNames().isEmpty() ? List.of()
                : Comparisons.deltaTable(result, result.getMetricNames().get(0)).columns();
    }
}
