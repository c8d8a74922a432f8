/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

/**
 * One row of the validate-host table.
 *
 * @param caseId    the case
 * @param metric    the figure
 * @param unit      its unit
 * @param median    measured median over the repetitions (NaN: not measured)
 * @param min       smallest measured
 * @param max       largest measured
 * @param runs      repetitions measured
 * @param simulated the simulated figure (NaN: the model has none)
 * @param verdict   ok, OUTSIDE, no model, not measured (with the reason), or the tool that was missing
 */
public record ValidationRow(String caseId, String metric, String unit, double median, double min, double max,
        int runs, double simulated, String verdict) {

    /** @return simulated over measured median, NaN when either is missing or the median is 0 */
    public double ratio() {
        return Double.isNaN(median) || Double.isNaN(simulated) || median == 0 ? Double.NaN : simulated / median;
    }
}
