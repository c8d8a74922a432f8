/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.results;

import org.schedlab.model.results.ExperimentResult;

/**
 * What the results editor has selected, for the chart views to follow: a result, one of its metrics and (when a row
 * of one variant is selected) that variant, and (when a machine's column or a cell's row is selected) that machine.
 *
 * @param result  the experiment result
 * @param metric  the selected metric (a name of {@link ExperimentResult#getMetricNames()})
 * @param variant the selected variant, or null
 * @param machine the selected machine column ({@code Comparisons.columnLabel}: the machine, with its sweep point if
 *                any), or null
 */
public record ResultSelection(ExperimentResult result, String metric, String variant, String machine) {

    /** A selection of a metric and (or not) a variant, on no machine in particular. */
    public ResultSelection(ExperimentResult result, String metric, String variant) {
        this(result, metric, variant, null);
    }
}
