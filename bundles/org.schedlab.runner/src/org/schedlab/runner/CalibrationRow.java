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
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.model.results.Comparison;
import org.schedlab.model.results.ExperimentResult;

/**
 * A calibration target against the simulated value ({@code schedlab calibrate}): a published ABSOLUTE value of
 * an unpatched kernel (docs/calibration.md), the simulated mean over the experiment's repeats, the error in %
 * and the verdict, {@code ok} within {@value #TOLERANCE_PERCENT} %, else {@code OUTSIDE}.
 *
 * @param id         target id ({@code cal-000-8p})
 * @param experiment experiment name
 * @param cell       cell label, or {@code cellA / cellB} for a ratio
 * @param metric     metric name
 * @param unit       unit of published and simulated ({@code x} for a ratio)
 * @param published  the published value
 * @param simulated  the simulated value (NaN when the cell has none)
 */
public record CalibrationRow(String id, String experiment, String cell, String metric, String unit,
                             double published, double simulated) {
    /** A target is met when the simulated value is within this many % of the published one. */
    public static final double TOLERANCE_PERCENT = 20;

    /** @return (simulated - published) / published in %, NaN without a simulated value */
    public double errorPercent() {
        return Comparisons.percentDelta(simulated, published);
    }

    /** @return true when the error is within the tolerance */
    public boolean ok() {
        double e = errorPercent();
        return !Double.isNaN(e) && Math.abs(e) <= TOLERANCE_PERCENT;
    }

    /** @return {@code ok} or {@code OUTSIDE} */
    public String verdict() {
        return ok() ? "ok" : "OUTSIDE";
    }

    /**
     * @return the absolute published values of {@code plan} (changes are predictions, not targets) against the
     *         simulated values of its {@code result}
     */
    public static List<CalibrationRow> of(ExperimentPlan plan, ExperimentResult result) {
        List<CalibrationRow> rows = new ArrayList<>();
        List<Comparison> comparisons = result.getComparisons();
        for (int i = 0; i < plan.published().size() && i < comparisons.size(); i++) {
            if (plan.published().get(i).isChange()) {
                continue;
            }
            Comparison c = comparisons.get(i);
            rows.add(new CalibrationRow(c.getId(), result.getName(), c.getCell(), c.getMetric(), c.getUnit(),
                    c.getPublished(), c.getSimulated()));
        }
        return rows;
    }
}
